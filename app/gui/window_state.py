"""The window's size, position and splitter sizes, kept across restarts (a symmetric pair:
:func:`save_window_state` on closing, :func:`restore_window_state` on opening).

With nothing saved, the window takes :func:`first_size` of the screen it opens on — the
default size on a small screen, a share of a large one, never more than the screen holds — in
the middle of it. Saved geometry that no longer fits a screen (a smaller monitor, a laptop
without its external screen) is brought back inside the screen it overlaps most.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QPoint, QRect, QSettings, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

DEFAULT_SIZE = QSize(1280, 860)
# Of a large screen's available area: room for the views without hiding everything else.
SCREEN_SHARE = (0.8, 0.88)
# What a window manager adds around the window (title bar, borders) before it says: until
# the window is shown, its frame is not known, and the whole frame must fit the screen.
FRAME_ALLOWANCE = QSize(16, 40)


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
        bring_inside(window)
        return True
    fit_to_screen(window)
    return False


def first_size(area: QSize) -> QSize:
    """The size of a first window on a screen whose available area is ``area``: the default
    size or a share of a large screen, whichever is larger, shrunk so that the window with its
    frame fits the area."""
    width = max(DEFAULT_SIZE.width(), round(area.width() * SCREEN_SHARE[0]))
    height = max(DEFAULT_SIZE.height(), round(area.height() * SCREEN_SHARE[1]))
    return QSize(min(width, area.width() - FRAME_ALLOWANCE.width()),
                 min(height, area.height() - FRAME_ALLOWANCE.height()))


def fit_to_screen(window: QWidget) -> None:
    """The first window: :func:`first_size`, in the middle of the screen it opens on."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(DEFAULT_SIZE)
        return
    area = screen.availableGeometry()
    size = first_size(area.size())
    window.resize(size)
    outer = size + FRAME_ALLOWANCE
    window.move(area.left() + max(0, (area.width() - outer.width()) // 2),
                area.top() + max(0, (area.height() - outer.height()) // 2))


def inside(frame: QRect, area: QRect) -> QRect:
    """``frame`` moved (and shrunk only where it is larger) to lie inside ``area``."""
    width, height = min(frame.width(), area.width()), min(frame.height(), area.height())
    left = min(max(frame.left(), area.left()), area.right() + 1 - width)
    top = min(max(frame.top(), area.top()), area.bottom() + 1 - height)
    return QRect(left, top, width, height)


def bring_inside(window: QWidget) -> bool:
    """Move and shrink the window so that its frame lies inside the screen it overlaps most;
    returns whether it had to. (Maximized and full-screen windows are the system's.)"""
    if window.isMaximized() or window.isFullScreen():
        return False
    frame = window.frameGeometry()
    screens = QGuiApplication.screens()
    if not screens:
        return False
    area = max((s.availableGeometry() for s in screens),
               key=lambda a: _overlap(a, frame))
    wanted = inside(frame, area)
    if wanted == frame:
        return False
    # The frame's border and title bar stay what they are: the inner size shrinks by as much
    # as the frame has to.
    border = frame.size() - window.geometry().size()
    window.resize(max(1, wanted.width() - border.width()),
                  max(1, wanted.height() - border.height()))
    window.move(QPoint(wanted.left(), wanted.top()))
    return True


def _overlap(a: QRect, b: QRect) -> int:
    common = a.intersected(b)
    return common.width() * common.height() if common.isValid() else 0


def _on_a_screen(window: QWidget) -> bool:
    return any(screen.availableGeometry().intersects(window.frameGeometry())
               for screen in QGuiApplication.screens())
