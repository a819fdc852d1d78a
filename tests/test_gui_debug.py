"""The debugging kit's tab, driven through its widgets on the bundled demo tokenizer: the
audit runs off the GUI thread and lists exactly the core's classes, filters by class and text,
explains a token; the lookup, the cost calculator and the other algorithms show the core's
answers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.app.demo_data import load_demo
from bpelens.app.pictures.chip_rows import chip_label
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
    qtbot.waitUntil(lambda: page.audit is not None)
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
    qtbot.waitUntil(lambda: "used in" in lookup.details.toPlainText())
    assert lookup.results.rowCount() >= 1
    tid = int(lookup.results.item(0, 0).text())
    assert "the" in tokenizer.decode([tid])  # exact, else tokens containing it
    assert "used in" in lookup.details.toPlainText()
    lookup.query.setText("/(/")
    QTest.keyClick(lookup.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "not a valid regular expression" in lookup.problem.text())

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
    qtbot.waitUntil(lambda: "distinct" in contrast.output.toPlainText())
    shown = contrast.output.toPlainText()
    # Tokens written as everywhere else in the window (·ne), not in the vocabulary's
    # byte-level spelling (Ġne).
    greedy = " | ".join(chip_label(tokenizer, i)
                        for i in greedy_longest_match(tokenizer, "lowest newest"))
    assert greedy in shown and "·ne" in shown
    assert "Ġ" not in shown
    assert "1 distinct" in shown  # p = 0: the ordinary encoding only


def test_the_diff_page_compares_with_another_tokenizer_off_the_gui_thread(make_window, qtbot):
    window = make_window()
    view = open_debug(window)
    page = view.diff_page
    assert page.other_box.count() >= 2  # the picker's tokenizers
    page.other_box.setCurrentIndex(page.other_box.findText("demo-english-char"))
    # A special token of the left one only: the chips, the cuts and the reasons all read it
    # in the same mode (recognised).
    text = "lowest <|im_end|> newest"
    page.text.setText(text)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "vocabulary:" in page.output.toPlainText())
    from bpelens.core import diff_tokenizers

    left = load_demo("demo-multilingual-byte")
    expected = diff_tokenizers(left, load_demo("demo-english-char"), text)
    shown = page.output.toPlainText()
    assert f"{expected.shared_same_id:,} tokens shared with the same id" in shown
    assert f"{len(expected.only_left):,} only left" in shown
    assert text in shown
    im_end = left.specials.ids["<|im_end|>"]
    assert im_end in expected.segmentation.left_ids
    assert "special tokens" in shown  # the reason: recognised on one side only
    # The cuts drawn as chips, on the text's bytes: red lines exactly where one side cuts.
    aligned = page.canvas.aligned
    seg = expected.segmentation
    assert [len(row.tokens) for row in aligned.rows] == [len(seg.left_ids), len(seg.right_ids)]
    assert [t.token_id for t in aligned.rows[0].tokens] == list(seg.left_ids)
    assert set(aligned.differing_cuts()) == set(seg.only_left_cuts) | set(seg.only_right_cuts)
    assert aligned.differing_cuts()  # the two demos do cut this text differently


def test_the_conflict_page_reports_the_seeds_example_and_saves_the_fix(make_window, qtbot,
                                                                       tmp_path):
    from bpelens.core import BPEModel, Tokenizer, load_tokenizer, save_tokenizer

    model = BPEModel(level="char", alphabet=list("abcx"))
    model.merge_pair(model.char_id("a"), model.char_id("b"))
    base = tmp_path / "base.json"
    save_tokenizer(Tokenizer(model, pretokenizer=None), base)
    window = make_window(tokenizer_path=str(base), text="xabc")
    view = open_debug(window)
    qtbot.waitUntil(lambda: view.tokenizer is not None and view.tokenizer.vocab_size == 5)
    page = view.conflicts_page
    page.rules.setPlainText("b + c\na + bc")
    QTest.mouseClick(page.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "merges added" in page.report.toPlainText())
    assert page.fix_button.isEnabled()
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


def seed_file(tmp_path):
    """The seed's conflict saved as a BPE Lens tokenizer: a + b, b + c, then a + bc."""
    from bpelens.core import BPEModel, Tokenizer, add_merges, save_tokenizer

    model = BPEModel(level="char", alphabet=list("abcx"))
    model.merge_pair(model.char_id("a"), model.char_id("b"))
    extended = add_merges(Tokenizer(model, pretokenizer=None), [(b"b", b"c"), (b"a", b"bc")])[0]
    path = tmp_path / "seed.json"
    save_tokenizer(extended, path)
    return path


def test_the_audit_lists_merges_that_never_apply_and_lookup_shows_a_tokens_class(
        make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=str(seed_file(tmp_path)), text="xabc")
    view = open_debug(window)
    qtbot.waitUntil(lambda: view.tokenizer is not None and view.tokenizer.vocab_size == 7)
    page = view.audit_page
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.audit is not None)
    assert "3 merges: 1 never apply (1 make a token no merge makes" in page.status.text()
    page.class_box.setCurrentIndex(page.class_box.findData("made by no merge"))
    assert page.shown_ids() == [6]
    page.table.selectRow(0)
    details = page.details.toPlainText()
    assert "merge 2 (a + bc) never applies: the merges make ab | c" in details
    page.class_box.setCurrentIndex(page.class_box.findData("orphan (no merge makes it)"))
    assert page.shown_ids() == []

    lookup = view.lookup_page
    lookup.query.setText("abc")
    QTest.keyClick(lookup.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: lookup.results.rowCount() > 0)
    assert lookup.results.item(0, 0).text() == "6"
    assert ("audit: unreachable — its text encodes to ab | c; merge 0 (a + b) gets there first"
            in lookup.details.toPlainText())


def test_the_other_algorithms_page_draws_a_unigram_lattice_and_hides_it_for_bpe(
        make_window, qtbot, tmp_path):
    import json

    from bpelens.core import open_tokenizer, unigram_lattice

    vocab = [["<unk>", 0.0], ["a", -2.0], ["b", -2.5], ["c", -3.0], ["ab", -2.2],
             ["bc", -2.1], ["abc", -6.0]]
    document = {"version": "1.0", "added_tokens": [], "normalizer": None,
                "pre_tokenizer": {"type": "WhitespaceSplit"}, "post_processor": None,
                "decoder": None, "model": {"type": "Unigram", "unk_id": 0, "vocab": vocab}}
    path = tmp_path / "unigram.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    window = make_window(tokenizer_path=str(path), text="abc")
    view = open_debug(window)
    qtbot.waitUntil(lambda: view.tokenizer is not None and view.tokenizer.vocab_size == 7)
    page = view.contrast_page
    assert not page.lattice_area.isVisibleTo(page)
    page.text.setText("abc cab")
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.lattice_area.isVisibleTo(page))
    expected = unigram_lattice(open_tokenizer(path), "abc cab")
    assert page.lattice.best_path_ids() == [piece.best_path for piece in expected]
    drawn = sorted((n.id, n.start, n.end) for n, _ in page.lattice.chip_rects())
    assert drawn == sorted((n.id, n.start, n.end) for p in expected for n in p.nodes)

    # A BPE tokenizer that cannot encode the space: the page says so, and draws no lattice.
    view._on_loaded(None, open_tokenizer(seed_file(tmp_path)), False)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "cannot encode" in page.output.toPlainText())
    assert "U+0020" in page.output.toPlainText()
    assert not page.lattice_area.isVisibleTo(page)


def test_merges_added_to_a_hugging_face_file_are_fixed_and_saved_as_tokenizer_json(
        make_window, qtbot, tmp_path, monkeypatch):
    import json

    from PySide6.QtWidgets import QFileDialog
    from tokenizers import Tokenizer as HFTokenizer

    document = {"version": "1.0", "added_tokens": [], "normalizer": None,
                "pre_tokenizer": None, "post_processor": None, "decoder": None,
                "model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "c": 2, "x": 3, "ab": 4},
                          "merges": ["a b"], "unk_token": None}}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    window = make_window(tokenizer_path=str(path), text="xabc")
    view = open_debug(window)
    qtbot.waitUntil(lambda: view.tokenizer is not None and view.tokenizer.vocab_size == 5)
    page = view.conflicts_page
    page.rules.setPlainText("b + c\na + bc")
    QTest.mouseClick(page.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "merges added" in page.report.toPlainText())
    assert "abc (id 6) never comes out: its text 'abc' encodes to ab | c" in (
        page.report.toPlainText())
    out = tmp_path / "fixed" / "tokenizer.json"
    out.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    QTest.mouseClick(page.fix_button, Qt.MouseButton.LeftButton)
    assert f"Saved to {out}." in page.report.toPlainText()
    theirs = HFTokenizer.from_file(str(out))
    assert theirs.encode("abc").ids == [6]
    assert theirs.encode("xab").ids == [3, 4]


def test_the_extend_page_learns_merges_and_shows_each_languages_tokens_before_and_after(
        make_window, qtbot, tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    from bpelens.app.parallel_corpora import demo_corpus

    window = make_window()
    view = open_debug(window)
    page = view.extend_page
    page.source_box.setCurrentIndex(page.source_box.findData("lang:ja"))
    page.add.setValue(60)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.outcome is not None)
    outcome = page.outcome
    assert outcome.path.is_file() and outcome.path.parent.name == "extended"
    assert len(outcome.extension.merges) == page.merges.toPlainText().count("\n") + 1
    # Before: the tokenizer in the window; after: the saved file as tokenizers reads it.
    corpus = demo_corpus()
    theirs = HFTokenizer.from_file(str(outcome.path))
    rows = {page.table.item(r, 0).text(): r for r in range(page.table.rowCount())}
    assert len(rows) == len(corpus.languages)
    for language in corpus.languages:
        texts = corpus.sentences(language)
        before = sum(len(view.tokenizer.encode_ids(t, special="none")) for t in texts)
        after = sum(len(e.ids) for e in theirs.encode_batch(texts, add_special_tokens=False))
        row = rows[f"{corpus.language_name(language)} ({language})"]
        assert page.table.item(row, 2).text() == f"{before:,}"
        assert page.table.item(row, 3).text() == f"{after:,}"
    ja = rows[f"{corpus.language_name('ja')} (ja)"]
    assert page.table.item(ja, 4).text().startswith("-")

    QTest.mouseClick(page.compare_button, Qt.MouseButton.LeftButton)
    compare = window.compare_view
    assert window.tabs.currentWidget().view is compare
    qtbot.waitUntil(lambda: compare.compare.comparison is not None and not compare.compare.busy
                    and str(outcome.path) in [c.key for c in compare.compare.tokenizers]
                    and not compare.compare.missing())
    comparison = compare.compare.comparison
    assert len(comparison.tokenizers) == 2  # after, and before (the window's tokenizer)
    totals = {change.language: (change.before, change.after) for change in outcome.changes}
    after_name = next(t for t in comparison.tokenizers if outcome.path.name.split(".")[0] in t)
    before_name = next(t for t in comparison.tokenizers if t != after_name)
    for language in ("en", "ja"):
        assert (comparison.row(before_name, language).tokens,
                comparison.row(after_name, language).tokens) == totals[language]
    window.show_view("debug")
    QTest.mouseClick(page.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.session.choice.key == str(outcome.path))


def test_an_extension_cancelled_while_reading_saves_nothing(make_window, qtbot, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("日本語の文をたくさん読みます。トークナイザー。\n" * 40_000, encoding="utf-8")
    window = make_window()
    view = open_debug(window)
    page = view.extend_page
    view.pages.setCurrentWidget(page)
    page.add_text_file(str(big))
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.cancel_button.isVisible())
    QTest.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.run_button.isEnabled())
    assert page.outcome is None
    folder = tmp_path / "bpelens-runs" / "extended"
    assert not folder.exists() or not any(folder.iterdir())


def test_merges_may_be_typed_as_byte_level_spellings_and_a_bad_token_names_its_line(
        make_window, qtbot, tmp_path):
    import json

    document = {"version": "1.0", "added_tokens": [], "normalizer": None,
                "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False,
                                  "trim_offsets": True, "use_regex": True},
                "post_processor": None,
                "decoder": {"type": "ByteLevel", "add_prefix_space": False,
                            "trim_offsets": True, "use_regex": True},
                "model": {"type": "BPE", "vocab": {"Ġ": 0, "a": 1, "b": 2, "c": 3, "Ġa": 4},
                          "merges": ["Ġ a"], "unk_token": None}}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    window = make_window(tokenizer_path=str(path), text=" ab")
    view = open_debug(window)
    qtbot.waitUntil(lambda: view.tokenizer is not None and view.tokenizer.vocab_size == 5)
    page = view.conflicts_page
    page.rules.setPlainText("Ġa + b\n␣ab + c\nabc + x")
    QTest.mouseClick(page.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.problem.text() != "")
    assert page.problem.text() == ("line 3: 'abc' is not a token of this tokenizer (nor made by "
                                   "a merge on a line above)")
    page.rules.setPlainText("Ġa + b\n␣ab + c")
    QTest.mouseClick(page.check_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "merges added" in page.report.toPlainText())
    assert "2 merges added, making ·ab, ·abc." in page.report.toPlainText()
    assert "Every added token comes out" in page.report.toPlainText()


def test_the_lookup_finds_the_sentences_of_the_comparison_corpus_that_use_a_token(
        make_window, qtbot):
    from bpelens.app.parallel_corpora import demo_corpus

    window = make_window()
    window.show_view("compare")
    compare = window.compare_view
    qtbot.waitUntil(lambda: compare.current_corpus() is not None)
    view = open_debug(window)
    lookup = view.lookup_page
    lookup.in_comparison.setChecked(True)
    lookup.query.setText("の")
    lookup.mode.setCurrentIndex(lookup.mode.findData("text"))
    QTest.keyClick(lookup.query, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "used in" in lookup.details.toPlainText())
    tid = int(lookup.results.item(0, 0).text())
    corpus = demo_corpus()
    sentences = [s for language in corpus.languages for s in corpus.sentences(language)]
    using = [s for s in sentences if tid in view.tokenizer.encode_ids(s, special="none")]
    assert using and any("の" in s for s in using)
    assert f"used in {len(using):,} of {len(sentences):,} texts:" in lookup.details.toPlainText()
