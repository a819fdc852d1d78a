"""View → Language takes effect at once: the window is built again in the new language and
everything a session holds (texts, tokenizer, view, playback step, comparison) is carried
over, so nothing the user typed or chose is lost.

Widgets read their words when they are built (Qt's ``tr``), so retranslating every label in
place would need every widget to rebuild its text; building the window again through the
same code that opens a saved session is one path for all of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from .i18n import install_language, save_language
from .session_io import apply_session, collect_session

if TYPE_CHECKING:
    from .main_window import MainWindow

# The windows built by a switch: Qt does not own a top-level window, so someone must.
_windows: list[MainWindow] = []


def switch_language(window: MainWindow, lang: str | None) -> MainWindow:
    """Remember ``lang`` (None: follow the system), install it and show a new window in it
    with ``window``'s session; ``window`` closes (saving its text as closing always does).
    Returns the new window."""
    save_language(window.settings, lang)
    saved = collect_session(window)
    app = QApplication.instance()
    install_language(app, lang, window.settings)
    new = type(window)(settings=window.settings, text=saved.text, discover=window.discover)
    _windows.append(new)
    # Paths in a session are absolute once chosen, so where it "was saved" does not matter.
    apply_session(new, saved, Path.cwd() / "language-switch.bpelens")
    new.setGeometry(window.geometry())
    new.take_layout_from(window)
    if window.isFullScreen() or window.isMaximized():
        new.setWindowState(window.windowState())
    window.close()
    if window in _windows:
        _windows.remove(window)
    window.deleteLater()
    new.show()
    new.activateWindow()
    return new
