"""The kit's Canonical? and Prompt end pages, driven through their widgets on the bundled
demo tokenizer: they show what the core's check_canonical, iter_jsonl_checks and
prompt_boundary give (those are tested against the libraries elsewhere), off the GUI thread."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.app.demo_data import load_demo
from bpelens.core import check_canonical, prompt_boundary

from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def kit_page(window, name):
    window.show_view("debug")
    kit = window.views["debug"]
    kit.show_page(name)
    return kit.page_widgets[name]


def test_pasted_ids_are_marked_span_by_span(make_window, qtbot):
    page = kit_page(make_window(), "canon")
    demo = load_demo("demo-multilingual-byte")
    QTest.mouseClick(page.example_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.rows.rowCount() == 1)
    ids = [i for ch in "Hello world" for i in demo.encode_ids(ch)]
    expected = check_canonical(demo, ids)
    assert not expected.is_canonical
    assert page.parsed_ids() == ids
    assert page.rows.item(0, 2).text() == str(len(expected.drifts))
    shown = page.detail.toPlainText()
    assert shown.startswith("Hello·world")
    assert shown.count("a merge the encoding applies") == sum(
        d.reason == "merge" for d in expected.drifts)
    # Canonical ids say so.
    page.ids.setText(", ".join(map(str, demo.encode_ids("Hello world"))))
    QTest.keyClick(page.ids, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: page.status.text().startswith("Canonical"))
    page.ids.setText("12, x")
    QTest.keyClick(page.ids, Qt.Key.Key_Return)
    assert "'x' is not a token id" in page.status.text()


def test_a_jsonl_file_gives_the_share_and_its_rows(make_window, qtbot, tmp_path):
    page = kit_page(make_window(), "canon")
    demo = load_demo("demo-multilingual-byte")
    split = [i for ch in "naïve" for i in demo.encode_ids(ch)]
    rows = [{"ids": demo.encode_ids("plain text")}, {"ids": split},
            {"prompt_ids": demo.encode_ids("Hi "), "completion_ids": demo.encode_ids("there")}]
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    page.check_jsonl(str(path))
    qtbot.waitUntil(lambda: "rows not canonical" in page.status.text())
    expected = [check_canonical(demo, r.get("ids") or r["prompt_ids"] + r["completion_ids"])
                for r in rows]
    bad = [line for line, c in enumerate(expected, start=1) if not c.is_canonical]
    assert f"{len(bad)} of 3 rows not canonical" in page.status.text()
    assert [page.rows.item(r, 0).text() for r in range(page.rows.rowCount())] == list(
        map(str, bad))
    path.write_text('{"ids": [1, 2]}\nnot json\n', encoding="utf-8")
    page.check_jsonl(str(path))
    qtbot.waitUntil(lambda: "line 2: not JSON" in page.status.text())


def test_the_prompt_end_shows_the_back_off_and_the_continuation(make_window, qtbot):
    page = kit_page(make_window(), "boundary")
    page.prompt.setPlainText("Hello ")
    page.continuation.setText("world")
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.result is not None, timeout=60_000)
    expected = prompt_boundary(load_demo("demo-multilingual-byte"), "Hello ",
                               continuation="world")
    assert page.result.back_off == expected.back_off >= 1
    assert page.result.changes == expected.changes
    shown = page.output.toPlainText()
    assert "Token healing: remove the last 1 token(s)" in shown
    assert f"from token {expected.continued.first_difference} on" in shown


def test_a_new_tokenizer_drops_the_rows_checked_with_the_old_one(make_window, qtbot, tmp_path):
    window = make_window()
    page = kit_page(window, "canon")
    demo = load_demo("demo-multilingual-byte")
    split = [i for ch in "naïve café" for i in demo.encode_ids(ch)]
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({"ids": split}) + "\n", encoding="utf-8")
    page.check_jsonl(str(path))
    other = load_demo("demo-english-char")
    page.set_tokenizer(other)  # as the kit does when the main view loads another
    qtbot.waitUntil(lambda: not page.runner.busy)
    assert page.rows.rowCount() == 0 and page.checks == []


def test_marks_never_cut_a_grapheme_cluster(make_window, qtbot):
    """A drift can end inside a cluster (Hindi's स्त | े, 👍 | 🏽); its mark is widened to whole
    clusters, or the vowel sign would sit on a dotted circle and the skin tone beside its
    emoji."""
    import html as html_module
    import re

    import regex

    from bpelens.app.gui.ui_theme import palette_for
    from bpelens.app.gui.views.debugging.canon_page import check_html

    window = make_window()
    page = kit_page(window, "canon")
    demo = load_demo("demo-multilingual-byte")
    text = "नमस्ते दुनिया 👍🏽 ok"
    ids = [i for ch in text for i in demo.encode_ids(ch)]
    check = check_canonical(demo, ids)
    assert any(d.byte_start is not None for d in check.drifts)
    shown = check_html(demo, check, palette_for(page))
    paragraph = re.search(r'<p style="white-space:pre-wrap;">(.*?)</p>', shown).group(1)
    pieces = re.split(r"<span[^>]*>|</span>", paragraph)
    plain = "".join(html_module.unescape(p) for p in pieces)
    bounds, at = {0}, 0
    for cluster in regex.finditer(r"\X", plain):
        at += len(cluster.group())
        bounds.add(at)
    at = 0
    for piece in pieces:
        at += len(html_module.unescape(piece))
        assert at in bounds, (piece, plain)
