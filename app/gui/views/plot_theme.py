"""pyqtgraph plots in the window's theme: their page, axes and titles from the palette of the
moment (the plot's own curves and bars keep their colours), set when a plot is made and again
when the theme changes."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QWidget

from ..ui_theme import canvas_ink


def theme_plot(plot: pg.PlotWidget, owner: QWidget) -> None:
    ink = canvas_ink(owner)
    plot.setBackground(ink.page)
    for side in ("bottom", "left"):
        axis = plot.getAxis(side)
        axis.setTextPen(ink.ink)
        axis.setPen(ink.muted)
        axis.picture = None  # the cached drawing holds the old colours
        axis.update()
    title = plot.getPlotItem().titleLabel
    if title.text:
        title.setText(title.text, color=ink.ink.name())
