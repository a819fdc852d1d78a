"""The window's size, position and splitter sizes, kept across restarts (a symmetric pair:
:func:`save_window_state` on closing, :func:`restore_window_state` on opening).

With nothing saved, or saved for a screen no longer there, the window takes its default size
shrunk to fit the screen it opens on.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter

DEFAULT_SIZE = QSize(1280, 860)


def save_window_state(settings: QSettings, window: QMainWindow,
                      splitters: dict[str, QSplitter]) -> None:
    settings.setValue("window/geometry", window.saveGeometry())
    for name, splitter in splitters.items():
        settings.setValue(f"window/splitter/{name}", splitter.saveState())


def restore_window_state(settings: QSettings, window: QMainWindow,
                         splitters: dict[str, QSplitter]) -> bool:
    """Puts back what was saved; returns whether the geometry was."""
    for name, splitter in splitters.items():
        state = settings.value(f"window/splitter/{name}")
        if isinstance(state, QByteArray) and not state.isEmpty():
            splitter.restoreState(state)
    geometry = settings.value("window/geometry")
    if isinstance(geometry, QByteArray) and not geometry.isEmpty() and (
            window.restoreGeometry(geometry) and _on_a_screen(window)):
        return True
    fit_to_screen(window)
    return False


def fit_to_screen(window: QMainWindow, size: QSize = DEFAULT_SIZE) -> None:
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(size)
        return
    area = screen.availableGeometry()
    window.resize(min(size.width(), area.width()), min(size.height(), area.height()))


def _on_a_screen(window: QMainWindow) -> bool:
    return any(screen.availableGeometry().intersects(window.frameGeometry())
               for screen in QGuiApplication.screens())
