"""The window's words (issue 26): merges with right-to-left tokens keep their order, the
diff page's labels and cuts, "round trip ✗" with its reason, the Other algorithms page's
spelling, the Japanese UI's last English words."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFont, QTextLayout

from bpelens.core import BPEModel, Tokenizer, isolated, save_tokenizer
from bpelens.core.text.display import FSI, PDI

from test_gui_main_window import window_factory

ALEF, LAM = "ا", "ل"


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def arabic_file(tmp_path) -> str:
    # ا + ل → ال (ids 0, 1 → 2): the merge of the reversed title.
    model = BPEModel(level="char", alphabet=ALEF + LAM, merges=[(0, 1, 2)])
    path = tmp_path / "arabic.json"
    save_tokenizer(Tokenizer(model, pretokenizer="whitespace"), path)
    return str(path)


def laid_out(text: str) -> QTextLayout:
    layout = QTextLayout(text, QFont("Noto Sans", 12))
    layout.beginLayout()
    layout.createLine().setLineWidth(10_000)
    layout.endLayout()
    return layout


def centre_x(layout: QTextLayout, index: int, length: int = 1) -> float:
    """Where the glyphs of characters index… are drawn (the visual order, after bidi)."""
    runs = layout.glyphRuns(index, length)
    rect = runs[0].boundingRect()
    for run in runs[1:]:
        rect = rect.united(run.boundingRect())
    return rect.center().x()


def test_isolated_wraps_only_right_to_left_text():
    assert isolated("ال") == FSI + "ال" + PDI
    assert isolated("·Py") == "·Py" and isolated("猫") == "猫" and isolated("") == ""
    assert isolated("aל") == FSI + "aל" + PDI  # Hebrew too


def test_a_merge_of_arabic_tokens_keeps_its_arrow_between_them(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=arabic_file(tmp_path), text=ALEF + LAM)
    window.show_view("playback")
    view = window.views["playback"]
    qtbot.waitUntil(lambda: view.playback is not None and window.settled())
    view.controls.go(1)
    title = view.info.text().splitlines()[0]
    left, right, new = isolated(ALEF), isolated(LAM), isolated(ALEF + LAM)
    assert f"({left}, {right}) → {new}" in title
    # Drawn left to right as read: ( ا , ل ) → ال — the arrow after both parts, before the
    # token they make (without the isolates the bidi algorithm draws "ال ← (ل ,ا").
    layout = laid_out(title)
    start = title.index("(")
    x_left = centre_x(layout, title.index(ALEF, start))
    x_comma = centre_x(layout, title.index(",", start))
    x_right = centre_x(layout, title.index(LAM, start))
    x_arrow = centre_x(layout, title.index("→"))
    x_new = centre_x(layout, title.index(ALEF + LAM, title.index("→")), 2)
    assert x_left < x_comma < x_right < x_arrow < x_new, (x_left, x_comma, x_right, x_arrow,
                                                           x_new)
    # the table of merges present: "ا + ل" in that order too
    view.controls.go(0)
    cell = view.table.item(0, 1).text()
    assert cell == f"{left} + {right}"
    layout = laid_out(cell)
    assert centre_x(layout, cell.index(ALEF)) < centre_x(layout, cell.index("+")) < centre_x(
        layout, cell.index(LAM))


def test_the_diff_page_draws_cuts_beside_labels_and_bytes_as_hex(make_window, qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    window = make_window()
    window.show_view("debug")
    page = window.views["debug"].diff_page
    page.other_box.setCurrentIndex(page.other_box.findText("demo-english-char"))
    page.text.setText("नमस्ते दुनिया lowest newest")
    page.resize(900, 600)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "vocabulary:" in page.output.toPlainText())
    canvas = page.canvas
    labelled = [chip for chip in canvas.chips if chip.text_rect is not None]
    assert labelled and len(canvas.cut_marks) == len(canvas.aligned.differing_cuts())
    crossings = 0
    for lines in canvas.cut_marks:
        x = lines[0].x1()
        for chip in labelled:
            box = chip.text_rect
            if not box.left() - 1 <= x <= box.right() + 1:
                continue
            crossings += 1  # a cut through a token another tokenizer keeps whole
            for line in lines:
                assert line.x1() == line.x2() == x
                assert line.y2() <= box.top() or line.y1() >= box.bottom(), (
                    f"a cut line crosses the label {chip.text!r}")
    assert crossings  # the case of the issue is there: cuts inside labelled chips
    shown = page.output.toPlainText()
    assert "\\x" not in shown and "'" not in shown
    partial = [chip.label for chip in canvas.chips if "<" in chip.label]
    assert partial and all(chip.startswith("<") or "<" in chip for chip in partial)


def test_the_japanese_window_names_the_demo_languages_and_ties_in_japanese(qapp, qtbot):
    from test_i18n import japanese

    from bpelens.app.gui import i18n
    from bpelens.app.gui.language_labels import DEMO_LANGUAGES, corpus_label
    from bpelens.app.gui.views.debug_view import DebugView
    from bpelens.app.parallel_corpora import DEMO_NAME, demo_corpus
    from bpelens.core import localize
    from bpelens.core.messages import Message

    corpus = demo_corpus()
    assert {corpus.language_name(code) for code in corpus.languages} <= set(DEMO_LANGUAGES)
    assert i18n.install_language(qapp, "ja") == "ja"
    try:
        view = DebugView()
        qtbot.addWidget(view)
        box = view.extend_page.source_box
        shown = box.itemText(box.findData("lang:en"))
        english = japanese("Language", "English")
        assert english and english != "English"
        assert japanese("Language", "{name} ({code})").format(name=english, code="en") in shown
        assert "English" not in shown
        for code in corpus.languages:
            text = box.itemText(box.findData("lang:" + code))
            assert (f"({code})" in text or f"（{code}）" in text), text
            assert corpus.language_name(code) not in text, text
        assert corpus_label(DEMO_NAME) == japanese("CorpusChoice", DEMO_NAME) != DEMO_NAME
        ties = Message("ties go to the smallest (left id, right id)")
        assert localize(ties) == japanese("Engine", ties) != ties
    finally:
        i18n.remove_language(qapp)


def test_round_trip_cross_says_why_in_the_status_bar(make_window, qtbot, tmp_path):
    model = BPEModel(level="char", alphabet=" 1abcd", merges=[])
    path = tmp_path / "nfkc.json"
    save_tokenizer(Tokenizer(model, normalizer="nfkc", pretokenizer="whitespace"), path)
    window = make_window(tokenizer_path=str(path), text="abcd①")
    assert "round trip ✗: NFKC changes “①” to “1” at character 4" in window.stats.text()
    assert "decoded from there: “abcd1”" in window.stats.toolTip()
    window.editor.setPlainText("abcd1")
    qtbot.waitUntil(lambda: window.settled() and window.table.text == "abcd1")
    assert window.stats.text().endswith("round trip ✓")


def test_the_extend_page_says_up_front_that_a_rank_file_cannot_be_extended(make_window, qtbot):
    from conftest import SHARED_DATA

    path = SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken"
    if not path.is_file():
        pytest.skip(f"{path} is not here")
    window = make_window()
    window.show_view("debug")
    page = window.views["debug"].extend_page
    assert page.run_button.isEnabled() and not page.refusal  # the demo: a BPE trained here
    window.open_path(str(path))
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled()
                    and window.tokenizer.vocab_size > 100_000)
    qtbot.waitUntil(lambda: not page.run_button.isEnabled())
    assert "continued training needs a BPE tokenizer.json" in page.status.text()
    assert page.status.text().startswith("Not for this tokenizer:")
    page.run()  # refused without any work
    assert page.outcome is None and not page.cancel_button.isVisible()


def test_a_cut_line_of_arabic_tokens_reads_in_text_order(qapp, tmp_path):
    from bpelens.app.gui.views.debugging.common import cut_line
    from bpelens.core import open_tokenizer

    tokenizer = open_tokenizer(arabic_file(tmp_path))
    ids = tokenizer.encode_ids(ALEF + " " + LAM, special="none")
    line = cut_line(tokenizer, ids)
    assert line == f"{isolated(ALEF)} | {isolated(LAM)}"
    layout = laid_out("cuts: " + line)
    text = "cuts: " + line
    assert centre_x(layout, text.index(ALEF)) < centre_x(layout, text.index("|")) < centre_x(
        layout, text.index(LAM))
