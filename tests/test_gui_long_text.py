"""Long texts in the window: a paste goes in slice by slice (one undoable edit), the views
fill slice by slice, and the editor's text is mirrored change by change, never re-read whole —
and the mirror always equals what the box holds."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication, QPlainTextEdit

from bpelens.app.demo_data import load_demo
from bpelens.app.gui import text_slices
from bpelens.app.gui.editor_text import TextMirror, longest_line, raw_text
from bpelens.app.gui.input_editor import InputEditor

from shaped_checks import assert_shaped_colors
from test_gui_main_window import DEMO, press, type_text, window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


PIECES = ["a", "é", "猫", "🙂", "👩\u200d🔬", "\n", "\u00a0", "\u2028", " ", "ab\ncd",
          "🙂🙂\n🙂", "x" * 50, "\t", "\u0301"]


def test_the_mirror_follows_every_kind_of_edit(qtbot):
    editor = InputEditor()
    qtbot.addWidget(editor)
    mirror: TextMirror = editor._mirror
    rng = random.Random(7)
    editor.set_text("start 🙂 text\n")
    for step in range(400):
        doc = editor.document()
        cursor = QTextCursor(doc)
        # positions on character boundaries, as the user's cursor moves
        text = raw_text(doc)
        a, b = sorted(len(text[: rng.randint(0, len(text))].encode("utf-16-le")) // 2
                      for _ in range(2))
        action = rng.random()
        if action < 0.45:
            cursor.setPosition(a)
            cursor.insertText(rng.choice(PIECES))
        elif action < 0.7:
            cursor.setPosition(a)
            cursor.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
        elif action < 0.8:
            editor.undo()
        elif action < 0.85:
            editor.redo()
        elif action < 0.9:
            editor.setPlainText("".join(rng.choice(PIECES) for _ in range(rng.randint(0, 8))))
        elif action < 0.95:
            cursor.setPosition(a)
            cursor.setPosition(b, QTextCursor.MoveMode.KeepAnchor)
            editor.insert_at(cursor, rng.choice(PIECES) * 3)
        else:
            editor.replace_text("".join(rng.choice(PIECES) for _ in range(5)))
        assert editor.text() == raw_text(editor.document()), step
    assert mirror.resyncs < 20  # read whole only when Qt's counts do not add up


def test_the_mirror_survives_a_program_cutting_a_character_in_two(qtbot):
    editor = InputEditor()
    qtbot.addWidget(editor)
    editor.set_text("a🙂b🙂c")
    cursor = QTextCursor(editor.document())
    cursor.setPosition(2)  # inside the first 🙂
    cursor.setPosition(5, QTextCursor.MoveMode.KeepAnchor)  # inside the second
    cursor.removeSelectedText()
    assert editor.text() == raw_text(editor.document())
    editor.replace_text("whole again 🙂")
    assert editor.text() == "whole again 🙂" == raw_text(editor.document())
    cursor = editor.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    cursor.insertText("!")
    assert editor.text() == "whole again 🙂!"


def test_a_long_paste_goes_in_slices_as_one_undoable_edit(make_window, qtbot, monkeypatch):
    monkeypatch.setattr(text_slices, "SLICE_CHARS", 50_000)
    monkeypatch.setattr(text_slices, "AT_ONCE_CHARS", 60_000)
    window = make_window(text="before")
    long = "A long paste 猫🙂, line by line.\n" * 9_000  # ~280k characters
    QApplication.clipboard().setText(long)
    editor = window.editor
    editor.setFocus()
    editor.selectAll()
    encodes = window.session.encoder.generation
    editor.paste()
    assert editor.filling and editor.isReadOnly()  # the first slice only, for now
    assert len(editor.text()) < len(long)
    qtbot.waitUntil(lambda: not editor.filling)
    assert window.session.encoder.generation == encodes + 1 or window._debounce.isActive()
    assert editor.text() == long and not editor.isReadOnly()
    assert raw_text(editor.document()) == long
    qtbot.waitUntil(lambda: window.table.text == long and window.settled())
    assert window.table.ids == load_demo(DEMO).encode_ids(long)
    assert window.shaped.shown_text() == long  # the shaped view filled too
    editor.undo()  # one undo takes the whole paste back
    assert editor.text() == "before"


def test_the_shaped_view_fills_slice_by_slice(make_window, qtbot, monkeypatch):
    monkeypatch.setattr(text_slices, "AT_ONCE_CHARS", 10_000)
    monkeypatch.setattr(text_slices, "SLICE_CHARS", 8_000)
    text = "شكل النص 🙂 كاملا\n" * 2_000
    window = make_window(text="short")
    window.replace_text(text)
    qtbot.waitUntil(lambda: window.shaped.table is window.table and window.table.text == text)
    qtbot.waitUntil(window.settled)
    assert window.shaped.shown_text() == text
    assert window.shaped.colored()  # coloured where it shows
    assert_shaped_colors(window)


def test_a_plain_text_box_gets_the_mirror_too(qtbot):
    box = QPlainTextEdit()
    qtbot.addWidget(box)
    mirror = TextMirror(box.document())
    box.setPlainText("x\u00a0y\u2028z")
    assert mirror.text() == "x\u00a0y\u2028z"
    assert mirror.revision > 0


def test_a_line_too_long_to_lay_out_is_held_not_shown(make_window, qtbot):
    # Qt wraps a paragraph in time quadratic in its length: a 200,000-character line would
    # freeze the box for seconds on every paint.
    window = make_window(text="short")
    line = "abc" * 70_000
    QApplication.clipboard().setText(line)
    editor = window.editor
    editor.setFocus()
    editor.selectAll()
    editor.paste()
    qtbot.waitUntil(lambda: window.table is not None and window.table.text == line
                    and window.settled())
    assert editor.held and editor.text() == line and editor.isReadOnly()
    assert "too long for the box to show: 210,000 characters" in editor.toPlainText()
    assert window.table.ids == load_demo(DEMO).encode_ids(line)
    # the shaped view shows the start of it, and says why it stops
    shown = window.shaped.shown_text()
    assert line.startswith(shown) and len(shown) == 10_000
    assert "up to character 10,000: line 1 has 210,000" in window.shaped_title.text()
    assert window.layers.visible_chips()
    # kept for next time as it is
    window.autosave.save_soon()
    saved = window.autosave.path
    qtbot.waitUntil(lambda: saved.is_file() and saved.read_text(encoding="utf-8") == line)
    # Delete clears it; the box edits again
    press(editor, Qt.Key.Key_Delete)
    assert not editor.held and editor.text() == "" and not editor.isReadOnly()
    type_text(editor, "new")
    qtbot.waitUntil(lambda: window.table.text == "new" and window.settled())
    assert window.shaped_title.text() == "As the tokenizer cuts it"


def test_a_held_text_comes_back_held_and_a_paste_replaces_it(make_window, qtbot):
    line = "x" * 60_000
    window = make_window(text=line)
    assert window.editor.held and window.table.text == line
    QApplication.clipboard().setText("replaced")
    window.editor.setFocus()
    window.editor.paste()
    qtbot.waitUntil(lambda: window.table.text == "replaced" and window.settled())
    assert not window.editor.held and window.editor.toPlainText() == "replaced"


def test_long_lines_are_shown_unwrapped(make_window, qtbot):
    window = make_window(text="short")
    window.replace_text("y" * 20_000 + "\nnext line")
    qtbot.waitUntil(lambda: window.table.text.startswith("yyy") and window.settled())
    assert window.editor.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap
    window.replace_text("short again")
    qtbot.waitUntil(lambda: window.table.text == "short again" and window.settled())
    assert window.editor.lineWrapMode() == QPlainTextEdit.LineWrapMode.WidgetWidth


def test_closing_in_the_middle_of_a_long_paste_saves_all_of_it(make_window, qtbot,
                                                              monkeypatch):
    monkeypatch.setattr(text_slices, "SLICE_CHARS", 20_000)
    monkeypatch.setattr(text_slices, "AT_ONCE_CHARS", 30_000)
    window = make_window(text="old")
    long = "pasted, then closed at once 🙂\n" * 4_000
    window.editor.selectAll()
    window.editor.insert_at(window.editor.textCursor(), long)
    qtbot.waitUntil(lambda: window.editor.filling and window.editor.text().startswith("pasted"))
    assert len(window.editor.text()) < len(long)
    window.close()
    assert window.autosave.path.read_text(encoding="utf-8") == long


def test_a_long_text_gets_new_bands_off_the_gui_thread_when_the_view_narrows(
        make_window, qtbot, monkeypatch):
    from bpelens.app.gui.views import layers_view
    from bpelens.app.pictures.layers_layout import compute_bands

    monkeypatch.setattr(layers_view, "INLINE_LAYOUT_CHARS", 100)
    text = "a line of text to lay out in bands, again and again\n" * 50
    window = make_window(text=text)
    layers = window.layers
    before = layers.capacity()
    jobs = window.layers.layouter.generation
    window.resize(window.width() - 300, window.height())
    qtbot.waitUntil(lambda: layers.capacity() < before)
    layouter = window.layers.layouter
    qtbot.waitUntil(lambda: layouter.generation > jobs and not layouter.busy)
    table = window.table
    qtbot.waitUntil(lambda: layers.bands == compute_bands(table.model_text, table.char_bytes,
                                                          layers.capacity()))


@pytest.mark.parametrize("lines", [
    [], [""], ["abc"], ["a" * 3_000_000], ["x", "y" * 2_500_000, "z"],
    ["é" * 1_048_575, "b" * 1_048_577], ["", "", "q" * 5], ["line"] * 300_000,
])
def test_the_longest_line_is_found_across_the_slices_it_is_read_in(lines: list[str]) -> None:
    text = "\n".join(lines)
    assert longest_line(text) == max(map(len, text.split("\n")))
