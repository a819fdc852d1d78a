"""The ids box: typing ids edits the box and nothing else; Enter or a paste decodes; the id of
the token clicked in either view is highlighted in it. Real widgets, real key events."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QTextCursor
from PySide6.QtWidgets import QApplication

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.ui_theme import palette_for
from bpelens.app.gui.views import ids_panel as ids_module
from bpelens.app.gui.views.ids_panel import format_ids, parse_ids

from test_gui_main_window import DEMO, press, type_text, window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)

def test_typing_ids_never_decodes_or_moves_the_cursor_until_enter(make_window, qtbot):
    window = make_window(text="first text")
    box = window.ids_panel.box
    ids = load_demo(DEMO).encode_ids("猫 and ids")
    typed = "[" + ", ".join(map(str, ids))  # no closing bracket yet: Enter decodes anyway
    box.setFocus()
    box.selectAll()
    for n, ch in enumerate(typed, start=1):
        type_text(box, ch)
        # each keystroke: the box holds exactly what was typed, the cursor after it
        assert box.toPlainText() == typed[:n]
        assert box.textCursor().position() == n
        assert window.editor.text() == "first text"
    assert window.session.decoder.generation == 0
    assert window.ids_panel.editing and "Enter decodes" in window.ids_panel.hint.text()
    press(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.editor.text() == "猫 and ids")
    qtbot.waitUntil(lambda: window.table.text == "猫 and ids" and window.settled())
    assert box.toPlainText() == format_ids(ids)  # the box follows the encoding again
    assert not window.ids_panel.editing
    window.editor.undo()  # the text that was replaced comes back
    qtbot.waitUntil(lambda: window.table.text == "first text" and window.settled())


def test_shift_enter_is_a_line_break_not_a_decode(make_window, qtbot):
    window = make_window(text="keep")
    box = window.ids_panel.box
    box.setFocus()
    box.selectAll()
    type_text(box, "1 2")
    press(box, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    type_text(box, "3")
    assert box.toPlainText() == "1 2\n3"
    assert window.session.decoder.generation == 0 and window.editor.text() == "keep"


def test_a_new_encoding_never_rewrites_the_box_while_the_user_types(make_window, qtbot):
    window = make_window(text="one")
    box = window.ids_panel.box
    box.setFocus()
    box.moveCursor(QTextCursor.MoveOperation.End)
    type_text(box, " 12")
    mine = box.toPlainText()
    window.replace_text("another text")  # encoded meanwhile
    qtbot.waitUntil(lambda: window.table.text == "another text"
                    and window.ids_panel.waiting is window.table.ids)
    assert box.toPlainText() == mine
    assert box.textCursor().position() == len(mine)
    press(box, Qt.Key.Key_Escape)  # Esc: back to the encoding's ids
    assert box.toPlainText() == format_ids(window.table.ids)
    assert window.settled()


def test_errors_name_the_bad_field(make_window, qtbot):
    window = make_window(text="first text")
    box = window.ids_panel.box
    box.setFocus()
    box.selectAll()
    type_text(box, "[12, 7, 1x3, 4]")
    press(box, Qt.Key.Key_Return)
    message = window.ids_panel.message.text()
    assert "not an id: '1x3' at character 8 (field 3)" in message
    assert window.editor.text() == "first text"
    box.selectAll()
    type_text(box, "[12, 99999999]")
    press(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "99999999" in window.ids_panel.message.text())
    assert "position 1" in window.ids_panel.message.text()
    assert window.editor.text() == "first text"
    assert box.toPlainText() == "[12, 99999999]"  # kept for the user to fix


def test_pasting_ids_decodes_them_at_once(make_window, qtbot):
    window = make_window(text="first text")
    ids = load_demo(DEMO).encode_ids("pasted 日本語")
    QApplication.clipboard().setText(json.dumps(ids))
    box = window.ids_panel.box
    box.setFocus()
    box.selectAll()
    box.paste()
    qtbot.waitUntil(lambda: window.table.text == "pasted 日本語" and window.settled())
    assert window.table.ids == ids


def test_a_long_paste_of_ids_is_decoded_without_filling_the_box_first(make_window, qtbot):
    window = make_window(text="x")
    text = "ids: 猫 and more text\n" * 3000
    ids = load_demo(DEMO).encode_ids(text)
    pasted = json.dumps(ids)
    assert len(pasted) > ids_module.PASTE_AT_ONCE_CHARS
    QApplication.clipboard().setText(pasted)
    box = window.ids_panel.box
    box.setFocus()
    box.paste()
    qtbot.waitUntil(lambda: window.table is not None and window.table.text == text
                    and window.settled())
    assert parse_ids(box.toPlainText()) == ids


def _highlight_shown(window) -> bool:
    """The highlighted id is on screen in the box, painted in the highlight colour."""
    box = window.ids_panel.box
    where = window.ids_panel.id_range(window.ids_panel.highlighted)
    cursor = QTextCursor(box.document())
    cursor.setPosition(where[0])
    rect = box.cursorRect(cursor)
    if not box.viewport().rect().contains(rect.center()):
        return False
    image = box.viewport().grab().toImage()
    want = QColor(palette_for(box).id_highlight)
    y = rect.center().y()
    return any(image.pixelColor(x, y) == want for x in range(rect.x(), rect.x() + 40)
               if 0 <= x < image.width())


def test_clicking_a_chip_highlights_its_id_in_both_views(make_window, qtbot):
    text = "".join(f"line {n}: Hello 世界, こんにちは\n" for n in range(60))
    window = make_window(text=text)
    table = window.table
    panel = window.ids_panel
    # layers view: a token far down the text, so the ids box has to scroll to it
    layers = window.layers
    index = next(i for i in range(len(table)) if table.char_starts[i] > len(text) // 2
                 and not table.partial[i])
    layers.ensure_visible(index)
    before = panel.box.textCursor().position()
    qtbot.mouseClick(layers.viewport(), Qt.MouseButton.LeftButton,
                     pos=layers.token_rect(index).center())
    assert window.selected == index
    assert panel.highlighted_text() == str(table.ids[index])
    assert panel.highlighted == index
    assert _highlight_shown(window)
    assert panel.box.textCursor().position() == before  # the user's cursor stays put
    # shaped view: a click on a character selects the token covering it, its id highlighted
    shaped = window.shaped
    other = next(i for i in range(5, len(table)) if table.ids[i] != table.ids[index]
                 and table.char_ends[i] > table.char_starts[i] and not table.partial[i])
    shaped.select(other)  # scrolls it into view
    cursor = shaped.textCursor()
    cursor.setPosition(shaped._map.to_utf16(table.char_starts[other]))
    point = shaped.cursorRect(cursor).center() + QPoint(2, 0)
    qtbot.mouseClick(shaped.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.selected == other
    assert window.layers.selected == other
    assert panel.highlighted_text() == str(table.ids[other])
    assert _highlight_shown(window)


def test_clicking_an_id_selects_its_token(make_window, qtbot):
    window = make_window(text="Hello 世界 hello")
    box = window.ids_panel.box
    box.setFocus()
    cursor = box.textCursor()
    start, _ = window.ids_panel.id_range(3)
    cursor.setPosition(start + 1)
    qtbot.mouseClick(box.viewport(), Qt.MouseButton.LeftButton,
                     pos=box.cursorRect(cursor).center())
    assert window.selected == 3
    assert window.layers.selected == 3 and window.shaped.selected == 3
    assert window.ids_panel.highlighted_text() == str(window.table.ids[3])
