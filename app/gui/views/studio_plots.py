"""The training studio's live plots (pyqtgraph): each language's dev-set token total per merge,
and the Gini coefficient of those totals per merge. Rows arrive while training runs and are
appended; the plots redraw from whole arrays (26 curves × 8,000 merges draw in milliseconds).
Hovering names the language and the values at that merge."""

from __future__ import annotations

import html

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QPointF, Qt, QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGraphicsItem, QLabel, QVBoxLayout, QWidget

from .. import style
from .plot_theme import theme_plot

AXIS_FONT = QFont("Noto Sans", 9)
REDRAW_MS = 500
MAX_POINTS = 600


def language_color(index: int, count: int) -> pg.QtGui.QColor:
    """Distinct hues for up to a few dozen languages (a fixed palette runs out at 8)."""
    return pg.intColor(index, hues=max(count, 1), values=1, maxValue=210, minValue=150)


def gini_rows(rows: np.ndarray) -> np.ndarray:
    """The Gini coefficient of each row (float; the exact one is in the core's ``gini``)."""
    if rows.size == 0 or rows.shape[1] < 2:
        return np.zeros(len(rows))
    ordered = np.sort(rows.astype(np.float64), axis=1)
    n = rows.shape[1]
    k = np.arange(n, dtype=np.float64)
    half = ordered @ (2 * k - n + 1)
    totals = ordered.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = half / (n * totals)
    return np.nan_to_num(out)


class StudioPlots(QWidget):
    """Two plots over one merge axis; ``start(languages)`` clears them, ``add(rows)`` appends
    rows of per-language dev totals (the first row is before any merge)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self.languages: list[str] = []
        self._fixed: int | None = None
        self.rows = np.zeros((0, 0), dtype=np.int64)
        self._pending: list[tuple[int, ...]] = []
        self.tokens = pg.PlotWidget(background="w")
        self.tokens.setTitle(self.tr("Dev-set tokens per language, per merge"), color="#333")
        self.tokens.setLabel("left", self.tr("dev tokens"))
        self.gini = pg.PlotWidget(background="w")
        self.gini.setTitle(self.tr("Gini of the languages' dev tokens, per merge"), color="#333")
        self.gini.setLabel("bottom", self.tr("merges learned"))
        self.gini.setLabel("left", self.tr("Gini"))
        self.gini.setXLink(self.tokens)
        for plot in (self.tokens, self.gini):
            plot.setMenuEnabled(False)
            plot.hideButtons()
            plot.setMouseEnabled(x=False, y=False)
            plot.showGrid(x=True, y=True, alpha=0.15)
            for side in ("bottom", "left"):
                axis = plot.getAxis(side)
                axis.setTickFont(AXIS_FONT)
                axis.enableAutoSIPrefix(False)  # "Gini (x0.001)" reads badly
                # Drawn once into a pixmap until its ticks change: replaying the axis's text
                # at every repaint was most of a redraw (5 ms per axis).
                axis.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        # The languages' colours in a line above the plots: a legend inside would cover
        # the curves' start, where they differ most.
        self._theme_plots()
        self.legend = QLabel()
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.gini_curve = self.gini.plot(pen=pg.mkPen("#b00020", width=2))
        self.curves: list[pg.PlotDataItem] = []
        self.readout = QLabel(" ")
        style.set_tone(self.readout, "muted")
        self.readout.setTextFormat(Qt.TextFormat.PlainText)
        self.empty_note = QLabel(self.tr("Choose a corpus with a dev split (or files with dev "
                                         "sets) and press Train: each language's dev tokens "
                                         "appear here as it trains."))
        style.set_tone(self.empty_note, "muted")
        self.empty_note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty_note)
        layout.addWidget(self.legend)
        layout.addWidget(self.tokens, 3)
        layout.addWidget(self.gini, 2)
        layout.addWidget(self.readout)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REDRAW_MS)
        self._timer.timeout.connect(self.flush)
        self.tokens.scene().sigMouseMoved.connect(self._hover)
        self.gini.scene().sigMouseMoved.connect(self._hover_gini)


    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._theme_plots()

    def _theme_plots(self) -> None:
        theme_plot(self.tokens, self)
        theme_plot(self.gini, self)
    def start(self, languages: list[str], merges: int | None = None) -> None:
        """Clear the plots for a run on ``languages``. With the run's number of ``merges``
        the axes are fixed for the whole run (dev totals only fall from the first row):
        the axes then keep their drawn ticks, where re-ticking at every redraw took longer
        than drawing the curves."""
        self.languages = list(languages)
        self._fixed = merges
        for plot in (self.tokens, self.gini):
            if merges:
                plot.getViewBox().disableAutoRange(axis=pg.ViewBox.XAxis)
                plot.setXRange(0, merges, padding=0.01)
            else:
                plot.enableAutoRange()
        self.rows = np.zeros((0, len(languages)), dtype=np.int64)
        self._pending = []
        self._timer.stop()
        for curve in self.curves:
            self.tokens.removeItem(curve)
        colors = [language_color(i, len(languages)) for i in range(len(languages))]
        self.legend.setText("&nbsp; ".join(
            f'<span style="color:{c.name()}">■</span>&nbsp;{html.escape(name)}'
            for c, name in zip(colors, languages, strict=True)))
        self.curves = [self.tokens.plot(pen=pg.mkPen(c, width=1.6), antialias=False)
                       for c in colors]

        self.gini_curve.setData([], [])
        self.readout.setText(" ")

    def add(self, rows: tuple[tuple[int, ...], ...]) -> None:
        """Append rows; they are drawn within ``REDRAW_MS`` (a redraw per report would hold
        the interpreter lock long enough to slow the training it shows several times over)."""
        if not rows or not self.languages:
            return
        self._pending.extend(rows)
        if not self._timer.isActive():
            self._timer.start()

    def flush(self) -> None:
        """Draw the rows added so far now."""
        self._timer.stop()
        if self._pending:
            block = np.asarray(self._pending, dtype=np.int64).reshape(
                len(self._pending), len(self.languages))
            self._pending = []
            first = not len(self.rows)
            self.rows = np.concatenate([self.rows, block]) if len(self.rows) else block
            if first and self._fixed:
                self.tokens.getViewBox().disableAutoRange(axis=pg.ViewBox.YAxis)
                self.tokens.setYRange(0, float(self.rows[0].max()) * 1.02, padding=0)
        self.redraw()

    def show_rows(self, languages: list[str], rows: tuple[tuple[int, ...], ...]) -> None:
        """A whole run at once (an earlier run chosen in the list)."""
        self.start(languages)
        self.add(rows)
        self.flush()

    def redraw(self) -> None:
        has = len(self.rows) > 0
        self.empty_note.setVisible(not has)
        if not has:
            return
        # At most MAX_POINTS rows per curve (every k-th and the last): the plot is a few
        # hundred pixels wide, and each redraw holds the interpreter lock the training needs.
        step = max(1, -(-len(self.rows) // MAX_POINTS))
        x = np.arange(0, len(self.rows), step)
        if x[-1] != len(self.rows) - 1:
            x = np.append(x, len(self.rows) - 1)
        shown = self.rows[x]
        for i, curve in enumerate(self.curves):
            curve.setData(x, shown[:, i])
        self.gini_curve.setData(x, gini_rows(shown))

    def gini_values(self) -> np.ndarray:
        return gini_rows(self.rows)

    def describe_at(self, merge: int) -> str:
        """The values at ``merge`` (what hovering shows)."""
        if not len(self.rows):
            return ""
        merge = min(max(merge, 0), len(self.rows) - 1)
        row = self.rows[merge]
        order = np.argsort(-row, kind="stable")
        top = ", ".join(f"{self.languages[i]} {row[i]:,}" for i in order[:4])
        return self.tr("after {merge:,} merges: Gini {gini:.4f}; most tokens: {top}; fewest: "
                       "{language} {tokens:,}").format(
            merge=merge, gini=gini_rows(self.rows[merge:merge + 1])[0], top=top,
            language=self.languages[order[-1]], tokens=row[order[-1]])

    def _hover(self, position: QPointF) -> None:
        self._hover_on(self.tokens, position)

    def _hover_gini(self, position: QPointF) -> None:
        self._hover_on(self.gini, position)

    def _hover_on(self, plot: pg.PlotWidget, position: QPointF) -> None:
        if not len(self.rows):
            return
        point = plot.getPlotItem().vb.mapSceneToView(position)
        self.readout.setText(self.describe_at(round(point.x())))
