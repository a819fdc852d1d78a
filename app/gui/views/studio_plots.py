"""The training studio's live plots (pyqtgraph): each language's dev-set token total per merge,
and the Gini coefficient of those totals per merge, side by side (each gets the whole height).
Rows arrive while training runs and are appended; the plots redraw from whole arrays (26 curves
× 8,000 merges draw in milliseconds). The languages' curves differ in colour and dash and are
named at their right ends; hovering names the nearest curve and the values at that merge."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QGraphicsItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from .. import style
from .plot_exports import PlotExports
from .plot_look import PlotLook
from .plot_parts import EndLabel, EndLabels, new_plot, place_end_labels, style_plot
from .plot_pointer import follow_pointer
from .plot_theme import LINE_WIDTH, THIN_LINE_WIDTH

REDRAW_MS = 500
MAX_POINTS = 600
MIN_PLOT_HEIGHT = 170
# Before any row: a range that reads as "nothing yet" (never pyqtgraph's −400…400 default).
EMPTY_MERGES = 100
EMPTY_TOKENS = 1000


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


class StudioPlots(PlotExports, PlotLook, QWidget):
    """Two plots over one merge axis; ``start(languages)`` clears them, ``add(rows)`` appends
    rows of per-language dev totals (the first row is before any merge)."""

    EXPORT_STEM = "studio-plots"
    PLOT_MIN_HEIGHT = MIN_PLOT_HEIGHT

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self._init_look()
        self.languages: list[str] = []
        self._fixed: int | None = None
        self.rows = np.zeros((0, 0), dtype=np.int64)
        self._shown_x = np.zeros(0, dtype=np.int64)
        self._pending: list[tuple[int, ...]] = []
        self._export_mode = False
        self.tokens = new_plot(integer_x=True, integer_y=True, min_height=MIN_PLOT_HEIGHT)
        self.tokens.setLabel("left", self.tr("dev tokens"))
        self.tokens.setLabel("bottom", self.tr("merges learned"))
        self.gini = new_plot(integer_x=True, min_height=MIN_PLOT_HEIGHT)
        self.gini.setLabel("left", self.tr("Gini"))
        self.gini.setLabel("bottom", self.tr("merges learned"))
        self.gini.setXLink(self.tokens)
        self.titles = {self.tokens: self.tr("Dev-set tokens per language, per merge"),
                       self.gini: self.tr("Gini of the languages' dev tokens, per merge")}
        self.end_labels = EndLabels(self.tokens.getPlotItem().vb)
        place_end_labels(self.tokens, self.end_labels)
        self.gini_curve = self.gini.plot()
        self.curves: list[pg.PlotDataItem] = []
        self.emphasis: int | None = None
        self.readout = QLabel(" ")
        style.set_tone(self.readout, "muted")
        self.readout.setTextFormat(Qt.TextFormat.PlainText)
        self.export_button = QPushButton(self.tr("Export plots…"))
        self.export_button.setToolTip(self.tr("Save both plots as a picture for slides: PNG at "
                                              "a chosen size and scale, or SVG"))
        self.export_button.clicked.connect(self.ask_export)
        self.empty_note = QLabel(self.tr("Choose a corpus with a dev split (or files with dev "
                                         "sets) and press Train: each language's dev tokens "
                                         "appear here as it trains."))
        style.set_tone(self.empty_note, "muted")
        self.empty_note.setWordWrap(True)
        self.charts = QWidget()
        charts = QHBoxLayout(self.charts)
        charts.setContentsMargins(0, 0, 0, 0)
        charts.setSpacing(0)
        # The languages' plot needs the width: its names sit right of its curves.
        charts.addWidget(self.tokens, 2)
        charts.addWidget(self.gini, 1)
        self.bottom = QWidget()
        bottom = QHBoxLayout(self.bottom)
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.addWidget(self.readout, 1)
        bottom.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.empty_note)
        layout.addWidget(self.charts, 1)
        layout.addWidget(self.bottom)
        self._cache_axes(True)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REDRAW_MS)
        self._timer.timeout.connect(self.flush)
        follow_pointer(self.tokens, self._hover)
        follow_pointer(self.gini, self._hover_gini)
        self._restyle()
        self._show_empty_range()

    def _cache_axes(self, on: bool) -> None:
        # On screen the axes are drawn once into a pixmap until their ticks change: replaying
        # their text at every repaint was most of a redraw (5 ms per axis). An export draws
        # them as vectors.
        mode = (QGraphicsItem.CacheMode.DeviceCoordinateCache if on
                else QGraphicsItem.CacheMode.NoCache)
        for plot in (self.tokens, self.gini):
            for side in ("bottom", "left"):
                plot.getAxis(side).setCacheMode(mode)

    # -- look ----------------------------------------------------------------------------------
    def _restyle(self) -> None:
        for plot in (self.tokens, self.gini):
            style_plot(plot, self.ink, self.zoom, grid=True, title=self.titles[plot],
                       pixel_ratio=self.pixel_ratio)
        self.end_labels.set_look(self.ink, self.zoom)
        self.gini_curve.setPen(pg.mkPen(self.ink.curve("gini"), width=LINE_WIDTH * self.zoom
                                        * self.pixel_ratio))
        for i, curve in enumerate(self.curves):
            curve.setPen(self._pen(i))
        self._label_ends()

    def _pen(self, index: int) -> pg.QtGui.QPen:
        look = self.ink.series(index)
        width = THIN_LINE_WIDTH * self.zoom * self.pixel_ratio * (
            2.2 if index == self.emphasis else 1)
        return pg.mkPen(look.color, width=width, style=look.dash)

    def _label_ends(self) -> None:
        if not len(self.rows) or not self.curves:
            self.end_labels.set_labels([])
            return
        last = self.rows[-1]
        self.end_labels.set_labels([
            EndLabel(name, float(last[i]), self._pen(i), self.ink.readable(
                self.ink.series(i).color)) for i, name in enumerate(self.languages)])

    def _show_empty_range(self) -> None:
        merges = self._fixed or EMPTY_MERGES
        for plot, top in ((self.tokens, EMPTY_TOKENS), (self.gini, 1.0)):
            plot.getViewBox().disableAutoRange()
            plot.setXRange(0, merges, padding=0.01)
            plot.setYRange(0, top, padding=0)

    # -- rows ----------------------------------------------------------------------------------
    def start(self, languages: list[str], merges: int | None = None) -> None:
        """Clear the plots for a run on ``languages``. With the run's number of ``merges``
        the axes are fixed for the whole run (dev totals only fall from the first row):
        the axes then keep their drawn ticks, where re-ticking at every redraw took longer
        than drawing the curves."""
        self.languages = list(languages)
        self._fixed = merges
        self.rows = np.zeros((0, len(languages)), dtype=np.int64)
        self._shown_x = np.zeros(0, dtype=np.int64)
        self._pending = []
        self._timer.stop()
        self.emphasis = None
        for curve in self.curves:
            self.tokens.removeItem(curve)
        self.curves = [self.tokens.plot(pen=self._pen(i), antialias=False)
                       for i in range(len(languages))]
        self.gini_curve.setData([], [])
        self.readout.setText(" ")
        self._label_ends()
        self._show_empty_range()

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
            if first:
                for plot in (self.tokens, self.gini):
                    if self._fixed:
                        plot.getViewBox().enableAutoRange(axis=pg.ViewBox.YAxis)
                    else:
                        plot.enableAutoRange()
                if self._fixed:
                    self.tokens.getViewBox().disableAutoRange(axis=pg.ViewBox.YAxis)
                    self.tokens.setYRange(0, float(self.rows[0].max()) * 1.02, padding=0)
        self.redraw()

    def finish(self) -> None:
        """The run is over: its rows drawn, the merge axis fitted to the merges learned (a
        run that stopped early would leave its curves' ends far from their names)."""
        self.flush()
        if len(self.rows):
            self.tokens.getViewBox().disableAutoRange(axis=pg.ViewBox.XAxis)
            self.tokens.setXRange(0, max(1, len(self.rows) - 1), padding=0.01)

    def show_rows(self, languages: list[str], rows: tuple[tuple[int, ...], ...]) -> None:
        """A whole run at once (an earlier run chosen in the list)."""
        self.start(languages)
        self.add(rows)
        self.flush()

    def redraw(self) -> None:
        has = len(self.rows) > 0
        self.empty_note.setVisible(not has and not self._export_mode)
        if not has:
            return
        # At most MAX_POINTS rows per curve (every k-th and the last): the plot is a few
        # hundred pixels wide, and each redraw holds the interpreter lock the training needs.
        step = max(1, -(-len(self.rows) // MAX_POINTS))
        x = np.arange(0, len(self.rows), step)
        if x[-1] != len(self.rows) - 1:
            x = np.append(x, len(self.rows) - 1)
        shown = self.rows[x]
        self._shown_x = x
        for i, curve in enumerate(self.curves):
            curve.setData(x, shown[:, i])
        self.gini_curve.setData(x, gini_rows(shown))
        self._label_ends()

    def gini_values(self) -> np.ndarray:
        return gini_rows(self.rows)

    # -- hovering ------------------------------------------------------------------------------
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

    def nearest_language(self, merge: int, tokens: float) -> int | None:
        """The language whose curve passes nearest ``tokens`` at ``merge``."""
        if not len(self.rows) or not self.languages:
            return None
        row = self.rows[min(max(merge, 0), len(self.rows) - 1)]
        return int(np.argmin(np.abs(row.astype(np.float64) - tokens)))

    def _hover(self, position: QPointF) -> None:
        if not len(self.rows):
            return
        point = self.tokens.getPlotItem().vb.mapSceneToView(position)
        merge = min(max(round(point.x()), 0), len(self.rows) - 1)
        nearest = self.nearest_language(merge, point.y())
        self._emphasise(nearest)
        if nearest is None:
            return
        tokens = int(self.rows[merge][nearest])
        name = self.tr("{language}: {tokens:,} dev tokens after {merge:,} merges").format(
            language=self.languages[nearest], tokens=tokens, merge=merge)
        self.readout.setText(f"{name} · {self.describe_at(merge)}")
        QToolTip.showText(QCursor.pos(), name, self.tokens)

    def _hover_gini(self, position: QPointF) -> None:
        if not len(self.rows):
            return
        point = self.gini.getPlotItem().vb.mapSceneToView(position)
        self._emphasise(None)
        self.readout.setText(self.describe_at(round(point.x())))

    def _emphasise(self, index: int | None) -> None:
        if index == self.emphasis:
            return
        before, self.emphasis = self.emphasis, index
        for i in (before, index):
            if i is not None and i < len(self.curves):
                self.curves[i].setPen(self._pen(i))
        self.end_labels.set_emphasis(self.languages[index] if index is not None else None)

    # -- exports --------------------------------------------------------------------------
    def export_copy(self) -> StudioPlots:
        copy = StudioPlots()
        copy.setPalette(self.palette())
        copy.set_zoom(self.zoom)
        copy.start(self.languages, self._fixed)
        if len(self.rows):
            copy._pending = [tuple(r) for r in self.rows.tolist()]
            copy.flush()
        return copy

    def drawing(self) -> QWidget:
        return self.charts

    def plot_widgets(self) -> list[pg.PlotWidget]:
        return [self.tokens, self.gini]

    def set_export_mode(self, on: bool) -> None:
        self._export_mode = on
        self.bottom.setVisible(not on)
        self.empty_note.setVisible(not on and not len(self.rows))
        self._cache_axes(not on)
        super().set_export_mode(on)

    def key_text_rects(self) -> list[QRectF]:
        """The curves' names, in the drawing's coordinates."""
        return self.text_rects_in(self.end_labels, [rect for _, rect in
                                                    self.end_labels.text_rects()], self.tokens)
