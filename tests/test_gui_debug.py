"""The debugging kit's tab, driven through its widgets on the bundled demo tokenizer: the
audit runs off the GUI thread and lists exactly the core's classes, filters by class and text,
explains a token; the lookup, the cost calculator and the other algorithms show the core's
answers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.app.demo_data import load_demo
from bpelens.core import audit, embedding_cost, greedy_longest_match

from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def open_debug(window):
    window.show_view("debug")
    return window.views["debug"]


def test_the_audit_lists_the_cores_classes_and_filters_them(make_window, qtbot):
    window = make_window()
    view = open_debug(window)
    page = view.audit_page
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.audit is not None, timeout=60_000)
    expected = audit(load_demo("demo-multilingual-byte"))
    assert page.audit.counts == expected.counts
    assert page.model.rowCount() == len(expected.tokens)
    page.class_box.setCurrentIndex(page.class_box.findData("special"))
    assert page.shown_ids() == [t.id for t in expected.tokens if t.cls == "special"]
    page.filter.setText("im_end")
    assert page.shown_ids() == [t.id for t in expected.tokens
                                if t.cls == "special" and "im_end" in t.label]
    page.class_box.setCurrentIndex(page.class_box.findData(""))
    page.filter.setText("")
    page.table.selectRow(300)
    text = page.details.toPlainText()
    token = expected.tokens[300]
    assert text.startswith(f"id {token.id}: {token.label!r} — {token.cls}")
    assert "derivation:" in text


def test_lookup_cost_and_other_algorithms_show_the_cores_answers(make_window, qtbot):
    window = make_window()
    view = open_debug(window)
    tokenizer = view.tokenizer
    lookup = view.lookup_page
    lookup.query.setText("the")
    lookup.corpus.setPlainText("the cat\nno match here\nthen")
    QTest.keyClick(lookup.query, Qt.Key.Key_Return)
    assert lookup.results.rowCount() >= 1
    tid = int(lookup.results.item(0, 0).text())
    assert "the" in tokenizer.decode([tid])  # exact, else tokens containing it
    assert "used in" in lookup.details.toPlainText()
    lookup.query.setText("/(/")
    QTest.keyClick(lookup.query, Qt.Key.Key_Return)
    assert "not a valid regular expression" in lookup.problem.text()

    cost = view.cost_page
    assert cost.vocab.value() == tokenizer.vocab_size
    cost.vocab.setValue(50_000)
    cost.d_model.setValue(4096)
    expected = embedding_cost(50_000, 4096)
    assert f"{expected.parameters:,} parameters" in cost.summary.text()
    bf16 = next(cost.result.item(r, 1).text() for r in range(cost.result.rowCount())
            if cost.result.item(r, 0).text() == "bf16")
    assert bf16.startswith("409.6 MB")
    cost.untied.setChecked(True)
    bf16 = next(cost.result.item(r, 1).text() for r in range(cost.result.rowCount())
            if cost.result.item(r, 0).text() == "bf16")
    assert bf16.startswith("819.2 MB")

    contrast = view.contrast_page
    contrast.text.setText("lowest newest")
    contrast.p.setValue(0.0)
    QTest.mouseClick(contrast.run_button, Qt.MouseButton.LeftButton)
    shown = contrast.output.toPlainText()
    greedy = " | ".join(tokenizer.token_label(i, printable=True)
                        for i in greedy_longest_match(tokenizer, "lowest newest"))
    assert greedy in shown
    assert "1 distinct" in shown  # p = 0: the ordinary encoding only


def test_the_diff_page_compares_with_another_tokenizer_off_the_gui_thread(make_window, qtbot):
    window = make_window()
    view = open_debug(window)
    page = view.diff_page
    assert page.other_box.count() >= 2  # the picker's tokenizers
    page.other_box.setCurrentIndex(page.other_box.findText("demo-english-char"))
    page.text.setText("lowest newest")
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "vocabulary:" in page.output.toPlainText(), timeout=30_000)
    from bpelens.core import diff_tokenizers

    expected = diff_tokenizers(load_demo("demo-multilingual-byte"),
                               load_demo("demo-english-char"), "lowest newest")
    shown = page.output.toPlainText()
    assert f"{expected.shared_same_id:,} tokens shared with the same id" in shown
    assert f"{len(expected.only_left):,} only left" in shown
    assert "lowest newest" in shown


def test_the_conflict_page_reports_the_seeds_example_and_saves_the_fix(make_window, qtbot,
                                                                       tmp_path):
    from bpelens.core import BPEModel, Tokenizer, load_tokenizer, save_tokenizer

    model = BPEModel(level="char", alphabet=list("abcx"))
    model.merge_pair(model.char_id("a"), model.char_id("b"))
    base = tmp_path / "base.json"
    save_tokenizer(Tokenizer(model, pretokenizer=None), base)
    window = make_window(tokenizer_path=str(base), text="xabc")
    view = open_debug(window)
    qtbot.waitUntil(lambda: view.tokenizer is not None and view.tokenizer.vocab_size == 5,
                    timeout=30_000)
    page = view.conflicts_page
    page.rules.setPlainText("b + c\na + bc")
    QTest.mouseClick(page.check_button, Qt.MouseButton.LeftButton)
    report = page.report.toPlainText()
    assert "abc (id 6) never comes out: its text 'abc' encodes to ab | c" in report
    assert "merge 0 (a + b) applies first" in report
    assert "fix: add ab + c — checked: it then comes out" in report
    fixed = page.fixed_tokenizer()
    out = tmp_path / "fixed.json"
    save_tokenizer(fixed, out)
    assert load_tokenizer(out).encode_ids("abc") == [6]
    page.rules.setPlainText("b c")
    QTest.mouseClick(page.check_button, Qt.MouseButton.LeftButton)
    assert "line 1: expected LEFT + RIGHT" in page.problem.text()
