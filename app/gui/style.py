"""The window's text styles. A word's colour is its *tone* (muted, warning, error, banner),
set on the widget with :func:`set_tone`; the colour comes from the theme's palette
(:mod:`bpelens.app.pictures.palette`) and is set again by :func:`retone` whenever the theme or
presentation mode changes it. (A colour written into a stylesheet would stay when the theme
changes — Qt reads it once — and a stylesheet above a widget overrides the palettes the
themes and presentation mode set, so tones are palette roles, not stylesheets.)
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QWidget

from ..pictures.palette import Palette

Tone = Literal["", "muted", "warning", "error", "banner"]
TONE_PROPERTY = "tone"
PANE_TITLE = "font-weight: bold"
EDITOR_FONT = ("Noto Sans", 13)
IDS_FONT = ("DejaVu Sans Mono", 10)


def set_tone(widget: QWidget, tone: Tone) -> None:
    """Colour ``widget``'s words by ``tone`` ("" for the palette's own text colour)."""
    widget.setProperty(TONE_PROPERTY, tone)
    _apply(widget, tone)


def retone(root: QWidget) -> None:
    """Colour every toned widget in ``root`` (and ``root``) from the palette it is in now."""
    for widget in (root, *root.findChildren(QWidget)):
        tone = widget.property(TONE_PROPERTY)
        if tone is not None:
            _apply(widget, tone)


def tone_color(palette: Palette, tone: Tone) -> str | None:
    return {"muted": palette.muted, "warning": palette.warning, "error": palette.error,
            "banner": palette.banner_ink}.get(tone)


def _apply(widget: QWidget, tone: Tone) -> None:
    from .ui_theme import palette_for

    colors = palette_for(widget)
    color = tone_color(colors, tone)
    if color is None:
        widget.setPalette(QPalette())  # nothing of its own: the window's palette again
    else:
        own = widget.palette()
        for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
            own.setColor(role, QColor(color))
        widget.setPalette(own)
    font = widget.font()
    if font.bold() != (tone == "warning"):
        font.setBold(tone == "warning")
        widget.setFont(font)
    if tone == "banner":
        widget.setStyleSheet(f"background: {colors.banner_fill}; color: {colors.banner_ink}; "
                             "padding: 6px; "
                             f"border: 1px solid {colors.banner_edge}; border-radius: 4px")
    elif widget.styleSheet().startswith("background: "):
        widget.setStyleSheet("")
