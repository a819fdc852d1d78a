"""The training playback's two plots (pyqtgraph), side by side: the count of the pair chosen
at each merge and the corpus length in tokens after each merge, each with a cursor at the step
on screen. Merges and counts are whole numbers: their axes never tick between them. Before a
training the axes show an empty 0–10 range, not pyqtgraph's −400…400 with "(x0.001)"."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QMessageBox,
    QPushButton,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from .plot_exports import PlotExports
from .plot_look import PlotLook
from .plot_parts import ReadableAxis, new_plot, style_plot
from .plot_pointer import follow_pointer
from .plot_theme import LINE_WIDTH

LOG_COUNTS_FROM = 50  # merges: a longer run plots its counts on a log axis
# Low enough that the playback view fits a short tab (the window's text panes take ~40 % of
# 800 px until analysis tabs get the page); the view's splitter gives the plots 3/5 of its
# height, 180 px of data or more once the view is 560 px tall.
MIN_PLOT_HEIGHT = 110
EMPTY_RANGE = 10


class TrainingPlots(PlotExports, PlotLook, QWidget):
    """``set_data(counts, lengths)`` draws a training's record; ``set_step(step)`` moves the
    cursors. ``exported(path)`` after an export was written."""

    exported = Signal(str)
    EXPORT_STEM = "training-plots"
    PLOT_MIN_HEIGHT = MIN_PLOT_HEIGHT

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self._init_look()
        self.counts: list[int] = []
        self.lengths: list[int] = []
        self.step = 0
        self.count_plot = new_plot(integer_x=True, integer_y=True, min_height=MIN_PLOT_HEIGHT)
        self.count_plot.setLabel("bottom", self.tr("merge"))
        self.count_plot.setLabel("left", self.tr("count"))
        self.length_plot = new_plot(integer_x=True, integer_y=True,
                                    min_height=MIN_PLOT_HEIGHT)
        self.length_plot.setLabel("bottom", self.tr("merges learned"))
        self.length_plot.setLabel("left", self.tr("tokens"))
        self.titles = {self.count_plot: self.tr("Count of the chosen pair, per merge"),
                       self.length_plot: self.tr("Corpus length in tokens, per merge")}
        self.count_curve = self.count_plot.plot()
        self.length_curve = self.length_plot.plot()
        self.count_cursor = pg.InfiniteLine(angle=90)
        self.length_cursor = pg.InfiniteLine(angle=90)
        self.count_plot.addItem(self.count_cursor)
        self.length_plot.addItem(self.length_cursor)
        # SuperBPE: where stage 2 begins, and the merges that made multi-word tokens.
        self.switch: int | None = None
        self.superword_steps: list[int] = []
        self.stage_lines = [pg.InfiniteLine(angle=90, movable=False, label=self.tr("stage 2"),
                                            labelOpts={"position": 0.92, "anchors": [(0, 0),
                                                                                     (0, 0)]})
                            for _ in range(2)]
        for plot, line in zip((self.count_plot, self.length_plot), self.stage_lines,
                              strict=True):
            plot.addItem(line)
            line.setVisible(False)
        # A data item, not a bare scatter: it follows the count axis into log mode.
        self.superword_marks = self.count_plot.plot(pen=None, symbol="o")
        # Picky BPE: the merges after which tokens were removed, as a rug along the bottom of
        # the length plot (hundreds of marks on the curve would hide it).
        self.removal_steps: list[int] = []
        self.removal_marks = self.length_plot.plot(pen=None, symbol="|")
        self.removal_legend = pg.LegendItem(offset=(-8, 8))
        self.removal_legend.setParentItem(self.length_plot.getPlotItem().vb)
        self.removal_legend.addItem(self.removal_marks, self.tr("a merge that removed tokens"))
        self.removal_legend.setVisible(False)
        self.hover_text = ""
        # The view places the button in its top row: a row of its own here would take the
        # height the plots need.
        self.export_button = QPushButton(self.tr("Export plots…"))
        self.export_button.setToolTip(self.tr("Save both plots as a picture for slides: PNG at "
                                              "a chosen size and scale, or SVG"))
        self.export_button.clicked.connect(self.ask_export)
        self.charts = QWidget()
        charts = QHBoxLayout(self.charts)
        charts.setContentsMargins(0, 0, 0, 0)
        charts.setSpacing(0)
        charts.addWidget(self.count_plot)
        charts.addWidget(self.length_plot)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.charts, 1)
        for plot in (self.count_plot, self.length_plot):
            follow_pointer(plot, lambda position, plot=plot: self._hover(plot, position))
        self._restyle()
        self.set_data([], [])

    # -- look ----------------------------------------------------------------------------------
    def _restyle(self) -> None:
        for plot in (self.count_plot, self.length_plot):
            style_plot(plot, self.ink, self.zoom, grid=True, title=self.titles[plot],
                       pixel_ratio=self.pixel_ratio)
        width = LINE_WIDTH * self.zoom * self.pixel_ratio
        self.count_curve.setPen(pg.mkPen(self.ink.curve("count"), width=width))
        self.length_curve.setPen(pg.mkPen(self.ink.curve("length"), width=width))
        cursor = pg.mkPen(self.ink.curve("cursor"), width=0.75 * width,
                          style=Qt.PenStyle.DashLine)
        self.count_cursor.setPen(cursor)
        self.length_cursor.setPen(cursor)
        stage = self.ink.curve("stage")
        for line in self.stage_lines:
            line.setPen(pg.mkPen(stage, width=width))
            line.label.setColor(self.ink.readable(stage))
            font = line.label.textItem.font()
            font.setPointSizeF(9 * self.zoom)
            line.label.setFont(font)
        self.superword_marks.setSymbolPen(pg.mkPen(stage, width=0.5 * width))
        self.superword_marks.setSymbolBrush(pg.mkBrush(stage))
        self.superword_marks.setSymbolSize(5 * self.zoom * self.pixel_ratio)
        self.removal_marks.setSymbolPen(pg.mkPen(stage, width=0.5 * width))
        self.removal_marks.setSymbolBrush(pg.mkBrush(stage))
        self.removal_marks.setSymbolSize(9 * self.zoom * self.pixel_ratio)
        for _sample, label in self.removal_legend.items:  # setLabelText* reach only new items
            label.setText(label.text, color=self.ink.readable(stage).name(),
                          size=f"{9 * self.zoom:.1f}pt")

    # -- data ----------------------------------------------------------------------------------
    def set_data(self, counts: list[int], lengths: list[int]) -> None:
        """The chosen pair's count at merges 1…n and the corpus length after 0…n merges."""
        self.counts, self.lengths = list(counts), list(lengths)
        # Counts fall by orders of magnitude over a long run: a log axis shows the tail.
        log = len(counts) > LOG_COUNTS_FROM and min(counts) > 0
        self.count_plot.setLogMode(y=log)
        self.count_curve.setData(list(range(1, len(counts) + 1)), counts)
        self.set_stages(None, [])
        self.set_removals([])
        self.length_curve.setData(list(range(len(lengths))), lengths)
        for plot, values in ((self.count_plot, counts), (self.length_plot, lengths)):
            box = plot.getViewBox()
            if values:
                box.enableAutoRange()
            else:
                box.disableAutoRange()
                plot.setXRange(0, EMPTY_RANGE, padding=0)
                plot.setYRange(0, EMPTY_RANGE, padding=0)
        self.hover_text = ""

    def set_stages(self, switch: int | None, superword_steps: list[int]) -> None:
        """SuperBPE's stage switch (after merge ``switch``) and the merges (1-based) that
        made superword tokens, marked on the count curve; None and [] for other trainings."""
        self.switch, self.superword_steps = switch, list(superword_steps)
        for line in self.stage_lines:
            line.setVisible(switch is not None)
            if switch is not None:
                line.setValue(switch + 0.5)
        counts = self.counts
        self.superword_marks.setData(
            [s for s in superword_steps if 1 <= s <= len(counts)],
            [counts[s - 1] for s in superword_steps if 1 <= s <= len(counts)])

    def set_removals(self, steps: list[int]) -> None:
        """Picky BPE: the merges (1-based) after which tokens were removed, marked on the
        corpus length; [] for other trainings."""
        self.removal_steps = list(steps)
        lengths = self.lengths
        shown = [s for s in steps if 0 <= s < len(lengths)]
        self.removal_marks.setData(shown, [min(lengths)] * len(shown) if shown else [])
        self.removal_legend.setVisible(bool(shown))

    def set_step(self, step: int) -> None:
        self.step = step
        self.count_cursor.setValue(step)
        self.length_cursor.setValue(step)

    def _hover(self, plot: pg.PlotWidget, position: QPointF) -> None:
        if not self.lengths:
            return
        merge = round(plot.getPlotItem().vb.mapSceneToView(position).x())
        if not 0 <= merge < len(self.lengths):
            return
        count = self.tr("; the pair merged then was seen {count:,} times").format(
            count=self.counts[merge - 1]) if 1 <= merge <= len(self.counts) else ""
        removed = self.removal_steps.count(merge)
        removal = self.tr("; tokens were removed after it") if removed else ""
        self.hover_text = self.tr("after {merge:,} merges: {tokens:,} tokens").format(
            merge=merge, tokens=self.lengths[merge]) + count + removal
        QToolTip.showText(QCursor.pos(), self.hover_text, plot)

    # -- geometry, for tests and exports -------------------------------------------------------
    def axes(self) -> list[ReadableAxis]:
        return [plot.getAxis(side) for plot in (self.count_plot, self.length_plot)
                for side in ("left", "bottom")]

    def export_copy(self) -> TrainingPlots:
        copy = TrainingPlots()
        copy.setPalette(self.palette())
        copy.set_zoom(self.zoom)
        copy.set_data(self.counts, self.lengths)
        copy.set_stages(self.switch, self.superword_steps)
        copy.set_removals(self.removal_steps)
        copy.set_step(self.step)
        return copy

    def drawing(self) -> QWidget:
        return self.charts

    def plot_widgets(self) -> list[pg.PlotWidget]:
        return [self.count_plot, self.length_plot]

    def key_text_rects(self) -> list[QRectF]:
        return []  # one curve a plot: its title names it

    def export_problem(self, message: str) -> None:
        QMessageBox.warning(self, self.tr("Export plots"), message)
