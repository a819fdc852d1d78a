"""Zoom: every view takes ``set_zoom(zoom)`` (1.0 is its normal size) and scales what it shows —
its widgets' fonts, its tables' rows, its chips, its plots.

The design (the window wires it; presentation.py is the mode):
- Outside presentation mode, Ctrl + / Ctrl − zoom the view you are on — the text panes when
  the keyboard is in them, else the tab in front — each view keeping its own zoom (remembered);
  Ctrl 0 puts that view back to 1.
- In presentation mode one zoom sizes everything on screen — the text panes, every tab's view,
  their tables and plots, the tab bar — and Ctrl + / Ctrl − / Ctrl 0 change that one zoom.
  Leaving puts every view back to its own zoom, the rest to 1.

:func:`zoom_tree` does the common part for a widget and everything in it: fonts are set from
each widget's own size at zoom 1 (remembered the first time, so zooming never compounds), and a
table's rows grow with its font. A widget inside with its own ``set_zoom`` (a canvas, a plot, a
nested view) is asked instead of walked into.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QTableView, QWidget

# The steps of Ctrl + / Ctrl − for a single view.
VIEW_ZOOMS = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
_BASE_FONT = "bpelens_zoom_base_font"
_BASE_ROWS = "bpelens_zoom_base_rows"


def next_zoom(zoom: float, steps: int, zooms: tuple[float, ...] = VIEW_ZOOMS) -> float:
    """``steps`` along ``zooms`` from the one nearest ``zoom``."""
    index = min(range(len(zooms)), key=lambda i: abs(zooms[i] - zoom))
    return zooms[max(0, min(len(zooms) - 1, index + steps))]


def scaled(font: QFont, zoom: float) -> QFont:
    out = QFont(font)
    if font.pointSizeF() > 0:
        out.setPointSizeF(font.pointSizeF() * zoom)
    elif font.pixelSize() > 0:
        out.setPixelSize(max(1, round(font.pixelSize() * zoom)))
    return out


def call_set_zoom(widget: object, zoom: float) -> bool:
    """``widget.set_zoom(zoom)`` if it has one (plots gain theirs on another branch)."""
    method = getattr(widget, "set_zoom", None)
    if callable(method):
        method(zoom)
        return True
    return False


def base_font(widget: QWidget) -> QFont:
    """The widget's font at zoom 1: remembered once zoomed; else set by its maker (at zoom
    1), or what its parent passes on at zoom 1."""
    found = widget.property(_BASE_FONT)
    if isinstance(found, QFont):
        return QFont(found)
    parent = widget.parentWidget()
    if widget.testAttribute(Qt.WidgetAttribute.WA_SetFont) or parent is None:
        return QFont(widget.font())
    return base_font(parent)


def zoom_tree(root: QWidget, zoom: float, *, skip: tuple[QWidget, ...] = ()) -> None:
    """Fonts and table rows of ``root`` and everything in it at ``zoom``; a widget inside
    with its own ``set_zoom`` is asked; those in ``skip`` are left alone."""
    walked: list[QWidget] = []
    asked: list[QWidget] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        if widget is not root and widget in skip:
            continue
        if widget is not root and callable(getattr(widget, "set_zoom", None)):
            asked.append(widget)
            continue
        walked.append(widget)
        stack.extend(_children(widget))
    # Every size at zoom 1 is taken before any font changes: a widget may pass its new font
    # on to parts of it by itself (a combo box to its list), which would then look like
    # their own.
    for widget in walked:  # parents before their children
        if widget.property(_BASE_FONT) is None:
            widget.setProperty(_BASE_FONT, base_font(widget))
        if isinstance(widget, QTableView) and widget.property(_BASE_ROWS) is None:
            widget.setProperty(_BASE_ROWS, widget.verticalHeader().defaultSectionSize())
    for widget in walked:
        widget.setFont(scaled(base_font(widget), zoom))
    # Qt keeps a table's rows as tall as they were: they grow with the font here (once the
    # fonts are set: a header may size its rows again when its font changes).
    for widget in walked:
        if isinstance(widget, QTableView):
            rows = int(widget.property(_BASE_ROWS))
            widget.verticalHeader().setDefaultSectionSize(max(1, round(rows * zoom)))
    for widget in asked:
        call_set_zoom(widget, zoom)


def _children(widget: QWidget) -> list[QWidget]:
    # (A combo box's list, a window of its own, takes the box's font from the box.)
    return [c for c in widget.children() if isinstance(c, QWidget) and not c.isWindow()]
