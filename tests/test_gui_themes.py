"""Themes: View → Theme switches the whole window — palette and the views that paint
themselves — between light, dark and high contrast, remembers the choice, and light puts the
application's own style and palette back exactly."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication

from bpelens.app.gui.ui_theme import THEME_KEY, canvas_ink, theme_keeper
from bpelens.app.pictures.palette import contrast

from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    yield window_factory(qtbot, tmp_path)
    window_app = QApplication.instance()
    theme_keeper(window_app).apply("light")  # the next tests start as the app began


def pixel_at_canvas_corner(view) -> QColor:
    image = view.viewport().grab().toImage()
    return image.pixelColor(image.width() - 3, image.height() - 3)


def test_dark_and_contrast_themes_reach_the_painted_views_and_light_restores(make_window,
                                                                             qtbot):
    app = QApplication.instance()
    original = QPalette(app.palette())
    window = make_window(text="Hello 世界")
    layers = window.views["layers"]
    window.theme_actions["dark"].trigger()
    assert window.settings.value(THEME_KEY) == "dark"
    ink = canvas_ink(layers)
    assert ink.dark and contrast(ink.page.name(), ink.ink.name()) >= 7
    assert contrast(ink.page.name(), ink.muted.name()) >= 3
    qtbot.waitUntil(lambda: pixel_at_canvas_corner(layers).lightness() < 64)
    plot = window.compare_view.bars.plot  # pyqtgraph follows too
    assert plot.backgroundBrush().color().lightness() < 64

    window.theme_actions["contrast"].trigger()
    ink = canvas_ink(layers)
    assert (ink.page.name(), ink.ink.name(), ink.muted.name()) == ("#ffffff", "#000000",
                                                                  "#000000")
    window.theme_actions["light"].trigger()
    assert app.palette().color(QPalette.ColorRole.Base) == original.color(QPalette.ColorRole.Base)
    assert app.palette().color(QPalette.ColorRole.Text) == original.color(QPalette.ColorRole.Text)
    qtbot.waitUntil(lambda: pixel_at_canvas_corner(layers).lightness() > 200)
    assert plot.backgroundBrush().color().lightness() > 200


def test_the_theme_chosen_is_the_next_windows_theme(make_window):
    window = make_window()
    window.set_theme("dark")
    window.close()
    again = make_window()
    assert again.theme_actions["dark"].isChecked()
    assert canvas_ink(again.views["layers"]).dark
