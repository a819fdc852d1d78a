"""Presentation mode, driven by keys as a speaker drives it: F5 goes full screen with the
chrome hidden, everything larger at the remembered zoom, on a high-contrast palette; Page Down
and Page Up (a clicker) step the playback, or move between the session's prepared texts; Ctrl
+ and Ctrl − zoom and are remembered; Esc puts the window back as it was."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.app.gui.presentation import DEFAULT_ZOOM, ZOOM_KEY
from bpelens.app.pictures.layers_layout import CELL

from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def test_f5_presents_large_and_plain_and_esc_restores(make_window, qtbot):
    window = make_window(text="lowest newest")
    layers = window.views["layers"]
    QTest.keyClick(window, Qt.Key.Key_F5)
    assert window.presentation.active
    qtbot.waitUntil(lambda: bool(window.windowState() & Qt.WindowState.WindowFullScreen))
    for widget in (window.menuBar(), window.statusBar(), window.top_bar, window.panes["ids"]):
        assert not widget.isVisible()
    assert layers.cell == round(CELL * DEFAULT_ZOOM)
    assert window.palette().window().color().name() == "#ffffff"
    assert window.palette().text().color().name() == "#000000"
    big = window.editor.font().pointSize()

    QTest.keyClick(window.editor, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.presentation.zoom > DEFAULT_ZOOM
    assert layers.cell == round(CELL * window.presentation.zoom)
    assert window.editor.font().pointSize() > big
    assert float(window.settings.value(ZOOM_KEY)) == window.presentation.zoom

    QTest.keyClick(window.editor, Qt.Key.Key_Escape)
    assert not window.presentation.active
    qtbot.waitUntil(lambda: not window.windowState() & Qt.WindowState.WindowFullScreen)
    for widget in (window.menuBar(), window.statusBar(), window.top_bar, window.panes["ids"]):
        assert widget.isVisible()
    assert layers.cell == CELL


def test_page_keys_step_the_playback_or_move_between_prepared_texts(make_window, qtbot):
    window = make_window(text="first slide")
    window.keep_text()
    window.editor.set_text("second slide")
    window.show_prepared_text(-1)
    assert window.editor.toPlainText() == "first slide"
    window.presentation.enter()
    QTest.keyClick(window.editor, Qt.Key.Key_PageDown)
    assert window.editor.toPlainText() == "second slide"
    QTest.keyClick(window.editor, Qt.Key.Key_PageUp)
    assert window.editor.toPlainText() == "first slide"

    window.editor.set_text("lowest newest widest")
    window.show_view("playback")
    playback = window.views["playback"]
    playback.set_order("text")
    qtbot.waitUntil(lambda: playback.playback is not None and playback.step_count() > 2)
    start = playback.position
    QTest.keyClick(playback, Qt.Key.Key_PageDown)
    QTest.keyClick(playback, Qt.Key.Key_PageDown)
    assert playback.position == start + 2
    QTest.keyClick(playback, Qt.Key.Key_PageUp)
    assert playback.position == start + 1
    assert window.editor.toPlainText() == "lowest newest widest"  # the text stayed


def test_the_zoom_is_remembered_for_the_next_talk(make_window, qtbot):
    window = make_window()
    window.presentation.enter()
    window.presentation.zoom_by(+2)
    zoom = window.presentation.zoom
    window.presentation.leave()
    window.close()
    again = make_window()
    assert again.presentation.zoom == zoom
    again.presentation.enter()
    assert again.views["layers"].cell == round(CELL * zoom)


def test_f6_shows_the_next_view_and_shift_f6_the_one_before(make_window):
    window = make_window()
    window.presentation.enter()
    first = window.tabs.currentIndex()
    QTest.keyClick(window.editor, Qt.Key.Key_F6)
    assert window.tabs.currentIndex() == (first + 1) % window.tabs.count()
    QTest.keyClick(window.editor, Qt.Key.Key_F6, Qt.KeyboardModifier.ShiftModifier)
    assert window.tabs.currentIndex() == first
    window.presentation.leave()
