"""The vocabulary-size sweep's plots (pyqtgraph), side by side: the trade-off curve — Gini of
the languages' token totals against the total, one curve per tokenizer, a point per size,
each point named by its size — and one measure per language against the size for one
tokenizer (tokens, the ratio to the reference, bytes per token, Rényi efficiency, words kept
whole). Lower and further left is better on the first: fewer tokens, more even languages."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QRectF, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from bpelens.core import Sweep

from .. import style
from .plot_exports import PlotExports
from .plot_look import PlotLook
from .plot_parts import (
    EndLabel,
    EndLabels,
    KeyEntry,
    PlotKey,
    new_plot,
    place_end_labels,
    place_key,
    style_plot,
)
from .plot_theme import LINE_WIDTH, THIN_LINE_WIDTH

MIN_PLOT_HEIGHT = 200
SYMBOL_SIZE = 7
# (key of SweepRow, what the axis says)
MEASURES = (("tokens", QT_TRANSLATE_NOOP("SweepPlots", "tokens")),
            ("ratio", QT_TRANSLATE_NOOP("SweepPlots", "ratio to the reference")),
            ("bytes_per_token", QT_TRANSLATE_NOOP("SweepPlots", "bytes per token")),
            ("renyi", QT_TRANSLATE_NOOP("SweepPlots", "Rényi efficiency (α 2.5)")),
            ("whole_words", QT_TRANSLATE_NOOP("SweepPlots", "share of words kept whole")))


class SweepPlots(PlotExports, PlotLook, QWidget):
    """``set_sweeps(sweeps)`` draws them; ``exported(path)`` after an export."""

    exported = Signal(str)
    EXPORT_STEM = "sweep-plots"
    PLOT_MIN_HEIGHT = MIN_PLOT_HEIGHT

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self._init_look()
        self.sweeps: list[Sweep] = []
        self.tradeoff = new_plot(integer_x=True, min_height=MIN_PLOT_HEIGHT)
        self.tradeoff.setLabel("bottom", self.tr("total tokens"))
        self.tradeoff.setLabel("left", self.tr("Gini"))
        self.by_language = new_plot(min_height=MIN_PLOT_HEIGHT)
        self.by_language.setLabel("bottom", self.tr("vocabulary size"))
        self.by_language.setLogMode(x=True)
        self.key = PlotKey()
        place_key(self.tradeoff, self.key)
        self.end_labels = EndLabels(self.by_language.getPlotItem().vb)
        place_end_labels(self.by_language, self.end_labels)
        self.curves: list[pg.PlotDataItem] = []
        self.size_labels: list[pg.TextItem] = []
        self.language_curves: list[pg.PlotDataItem] = []
        self.tokenizer_box = QComboBox()
        self.measure_box = QComboBox()
        for key, words in MEASURES:
            self.measure_box.addItem(self.tr(words), key)
        self.tokenizer_box.currentIndexChanged.connect(self._draw_languages)
        self.measure_box.currentIndexChanged.connect(self._draw_languages)
        self.readout = QLabel(" ")
        style.set_tone(self.readout, "muted")
        self.charts = QWidget()
        charts = QHBoxLayout(self.charts)
        charts.setContentsMargins(0, 0, 0, 0)
        charts.setSpacing(0)
        # The trade-off plot carries its key beside it: it gets the larger share.
        charts.addWidget(self.tradeoff, 3)
        charts.addWidget(self.by_language, 2)
        choices = QHBoxLayout()
        choices.addWidget(QLabel(self.tr("Per language:")))
        choices.addWidget(self.measure_box)
        choices.addWidget(QLabel(self.tr("of")))
        choices.addWidget(self.tokenizer_box, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(choices)
        layout.addWidget(self.charts, 1)
        layout.addWidget(self.readout)
        self._restyle()

    # -- look ----------------------------------------------------------------------------------
    def _titles(self) -> dict[pg.PlotWidget, str]:
        measure = dict(MEASURES).get(self.measure_box.currentData(), "")
        return {self.tradeoff: self.tr("Gini against total tokens (a point per size)"),
                self.by_language: self.tr("{measure} per language, by vocabulary size").format(
                    measure=self.tr(measure)).capitalize()}

    def _restyle(self) -> None:
        titles = self._titles()
        for plot in (self.tradeoff, self.by_language):
            style_plot(plot, self.ink, self.zoom, grid=True, title=titles[plot],
                       pixel_ratio=self.pixel_ratio)
        self.key.set_look(self.ink, self.zoom)
        self.end_labels.set_look(self.ink, self.zoom)
        self._draw()

    def _series(self, index: int, width: float) -> tuple[pg.QtGui.QPen, str, object]:
        look = self.ink.series(index)
        pen = pg.mkPen(look.color, width=width * self.zoom * self.pixel_ratio, style=look.dash)
        return pen, look.symbol, look.color

    # -- data ----------------------------------------------------------------------------------
    def set_sweeps(self, sweeps: list[Sweep]) -> None:
        self.sweeps = list(sweeps)
        self.tokenizer_box.blockSignals(True)
        self.tokenizer_box.clear()
        for sweep in self.sweeps:
            self.tokenizer_box.addItem(sweep.name)
        self.tokenizer_box.blockSignals(False)
        self._draw()

    def _draw(self) -> None:
        plot = self.tradeoff
        for item in (*self.curves, *self.size_labels):
            plot.removeItem(item)
        self.curves, self.size_labels = [], []
        entries = []
        for index, sweep in enumerate(self.sweeps):
            pen, symbol, color = self._series(index, LINE_WIDTH)
            xs = [p.tokens for p in sweep.points]
            ys = [p.gini for p in sweep.points]
            curve = plot.plot(xs, ys, pen=pen, symbol=symbol, symbolPen=pen,
                              symbolBrush=pg.mkBrush(color),
                              symbolSize=SYMBOL_SIZE * self.zoom * self.pixel_ratio)
            self.curves.append(curve)
            entries.append(KeyEntry(sweep.name, pen=pen, symbol=symbol))
            last = max(xs, default=0)
            for point in sweep.points:
                # Above right of its point; the rightmost (the smallest size: the most
                # tokens, at the plot's edge) below left, inside the plot.
                label = pg.TextItem(f"{point.size:,}", color=self.ink.readable(color),
                                    anchor=(1, 0) if point.tokens == last else (0, 1))
                font = label.textItem.font()
                font.setPointSizeF(8 * self.zoom)
                label.setFont(font)
                label.setPos(point.tokens, point.gini)
                plot.addItem(label)
                self.size_labels.append(label)
        self.key.set_entries(entries)
        if self.sweeps:
            plot.getViewBox().enableAutoRange()
        self._draw_languages()

    def _draw_languages(self) -> None:
        plot = self.by_language
        for item in self.language_curves:
            plot.removeItem(item)
        self.language_curves = []
        titles = self._titles()
        style_plot(plot, self.ink, self.zoom, grid=True, title=titles[plot],
                   pixel_ratio=self.pixel_ratio)
        index = self.tokenizer_box.currentIndex()
        if not 0 <= index < len(self.sweeps):
            self.end_labels.set_labels([])
            return
        sweep = self.sweeps[index]
        measure = self.measure_box.currentData()
        plot.setLabel("left", self.tr(dict(MEASURES)[measure]))
        labels = []
        for i, language in enumerate(sweep.languages):
            rows = [sweep.row(p.size, language) for p in sweep.points]
            values = [float(getattr(r, measure)) for r in rows]
            pen, _, color = self._series(i, THIN_LINE_WIDTH)
            self.language_curves.append(plot.plot([r.size for r in rows], values, pen=pen))
            labels.append(EndLabel(language, values[-1], pen, self.ink.readable(color)))
        self.end_labels.set_labels(labels)
        plot.getViewBox().enableAutoRange()

    # -- exports --------------------------------------------------------------------------
    def export_copy(self) -> SweepPlots:
        copy = SweepPlots()
        copy.setPalette(self.palette())
        copy.set_zoom(self.zoom)
        copy.measure_box.setCurrentIndex(self.measure_box.currentIndex())
        copy.set_sweeps(self.sweeps)
        copy.tokenizer_box.setCurrentIndex(self.tokenizer_box.currentIndex())
        return copy

    def drawing(self) -> QWidget:
        return self.charts

    def plot_widgets(self) -> list[pg.PlotWidget]:
        return [self.tradeoff, self.by_language]

    def key_text_rects(self) -> list[QRectF]:
        return self.text_rects_in(self.key, self.key.text_rects(), self.tradeoff)
