"""Presentation mode (F5, View → Present, `--present`): the window full screen with its menu,
status bar, tokenizer bar and ids panel hidden, everything larger — the text panes, every
view, its tables and plots, the tab bar, at one zoom (Ctrl + / Ctrl − / Ctrl 0, the zoom
remembered; zoom.py has the design), a high-contrast palette for projectors, and the keyboard
in charge — a presenter's clicker sends Page Down / Page Up: they step the playback on
screen, or show the next / previous prepared text of the session elsewhere; F6 (Shift+F6)
shows the next (previous) view. Esc or F5 ends it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import QApplication

from .style import retone
from .ui_theme import contrast_palette
from .zoom import next_zoom

if TYPE_CHECKING:
    from .main_window import MainWindow

ZOOMS = (1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
DEFAULT_ZOOM = 1.5
ZOOM_KEY = "present/zoom"
PLAYBACK_TABS = ("playback", "training")


class Presentation(QObject):
    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.active = False
        self.zoom = _saved_zoom(window.settings.value(ZOOM_KEY, DEFAULT_ZOOM))
        self._was: dict[str, object] = {}

    # -- on and off ------------------------------------------------------------------------------
    def toggle(self) -> None:
        self.leave() if self.active else self.enter()

    def enter(self) -> None:
        if self.active:
            return
        window = self.window
        self.active = True
        self._was = {"maximized": window.isMaximized(), "geometry": window.saveGeometry()}
        for widget in self._chrome():
            widget.hide()
        window.show_text_area()  # without the ids
        window.setPalette(contrast_palette())
        retone(window)
        self._apply_zoom()
        QApplication.instance().installEventFilter(self)
        window.showFullScreen()

    def leave(self) -> None:
        if not self.active:
            return
        window = self.window
        self.active = False
        QApplication.instance().removeEventFilter(self)
        self._apply_zoom()
        window.setPalette(QPalette())  # back to the theme's palette
        retone(window)
        for widget in self._chrome():
            widget.show()
        window.show_text_area()
        window.showNormal()
        window.restoreGeometry(self._was["geometry"])  # type: ignore[arg-type]
        if self._was["maximized"]:
            window.showMaximized()

    def _chrome(self) -> list:
        window = self.window
        return [window.menuBar(), window.statusBar(), window.top_bar]

    # -- size ------------------------------------------------------------------------------------
    def zoom_by(self, steps: int) -> None:
        self.set_zoom(next_zoom(self.zoom, steps, ZOOMS))

    def set_zoom(self, zoom: float) -> None:
        self.zoom = zoom
        self.window.settings.setValue(ZOOM_KEY, zoom)
        if self.active:
            self._apply_zoom()

    def _apply_zoom(self) -> None:
        # On: one zoom for the text panes, every view, its tables and plots, the tab bar.
        # Off: every view back to its own zoom, the rest to 1 (see zoom.py).
        self.window.apply_zooms()

    # -- the keyboard ----------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not self.active:
            return False
        assert isinstance(event, QKeyEvent)
        return self.handle_key(event.key(), event.modifiers())

    def handle_key(self, key: int, modifiers) -> bool:
        """Whether the key was a presentation key (then it goes no further)."""
        ctrl = bool(modifiers & Qt.KeyboardModifier.ControlModifier)
        window = self.window
        if key in (Qt.Key.Key_Escape, Qt.Key.Key_F5):
            self.leave()
            return True
        if ctrl and key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_by(+1)
            return True
        if ctrl and key == Qt.Key.Key_Minus:
            self.zoom_by(-1)
            return True
        if ctrl and key == Qt.Key.Key_0:
            self.set_zoom(DEFAULT_ZOOM)
            return True
        if key == Qt.Key.Key_F6:  # the next view (Shift: the one before)
            step = -1 if modifiers & Qt.KeyboardModifier.ShiftModifier else 1
            window.tabs.setCurrentIndex((window.tabs.currentIndex() + step)
                                        % window.tabs.count())
            return True
        if key not in (Qt.Key.Key_PageDown, Qt.Key.Key_PageUp) or ctrl:
            return False
        forward = key == Qt.Key.Key_PageDown
        tab = window.tab_keys[window.tabs.currentIndex()]
        if tab in PLAYBACK_TABS:
            controls = window.views[tab].controls
            controls.forward() if forward else controls.back()
        else:
            window.show_prepared_text(+1 if forward else -1)
        return True


def _saved_zoom(value: object) -> float:
    try:
        zoom = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return DEFAULT_ZOOM
    return zoom if ZOOMS[0] <= zoom <= ZOOMS[-1] else DEFAULT_ZOOM
