"""The comparison's plots (pyqtgraph): grouped bars of any metric (languages × tokenizers), a
heatmap of the ratios to the reference, and each tokenizer's Lorenz curve with its Gini
coefficient. Hovering says the exact value (in a line under the plot, and a tooltip); clicking
a bar or a cell asks for that language's sentences (``picked(tokenizer, language)``). Their
look (colours, dashes, fonts) comes from plot_theme and plot_parts; an export draws a fresh
instance of the same class offscreen at a slide's size (plot_export), and `bpelens render
--view compare` uses these classes too: one drawing for the window and every picture."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QPointF,
    QRectF,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QCursor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    METRICS,
    Comparison,
    format_value,
    short_name,
)

from .. import style
from ..language_labels import language_label
from .compare_table import gini_formula, metric_label
from .plot_export import ExportedPlot, export_plot
from .plot_look import PlotLook
from .plot_parts import (
    KeyEntry,
    PlotKey,
    ReadableAxis,
    key_gap,
    new_plot,
    place_key,
    set_plot_title,
    style_axis,
    style_plot,
)
from .plot_pointer import follow_pointer
from .plot_theme import (
    CELL_PX,
    HEATMAP_COLORMAP,
    LINE_WIDTH,
    SYMBOL_SIZE,
    plot_font,
    zoomed,
)

EXPORT_SCALE = 2  # "as on screen" exports at twice the size, for slides
# Past this many languages the axis names every k-th one (hovering names each).
AXIS_LABELS = 40
# A plot's drawing is never smaller than this (its data area then still shows a shape).
MIN_PLOT_HEIGHT = 160


class ComparisonPlot(PlotLook, QWidget):
    """A plot with its controls above and a line under it saying what the pointer is on.
    ``picked(tokenizer, language)`` when a bar or cell is clicked. The key, when the plot
    has one, sits right of the data area. ``set_zoom`` sizes its text and lines (presentation
    mode); the theme comes from the widget's palette."""

    picked = Signal(str, str)
    title = ""  # a QT_TRANSLATE_NOOP in each plot's own context: self.tr finds it there

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self._init_look()
        self._title_text = ""
        self.plot = new_plot(min_height=MIN_PLOT_HEIGHT)
        self.key = PlotKey()
        place_key(self.plot, self.key)
        self.readout = QLabel(" ")
        style.set_tone(self.readout, "muted")
        self.readout.setTextFormat(Qt.TextFormat.PlainText)
        self.controls_box = QWidget()
        self.controls = QHBoxLayout(self.controls_box)
        self.controls.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.controls_box)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.readout)
        self.comparison: Comparison | None = None
        scene = self.plot.scene()
        follow_pointer(self.plot, self._on_moved)
        scene.sigMouseClicked.connect(self._on_clicked)
        self._restyle()

    def _relook(self) -> None:
        self._restyle()
        self.show_comparison(self.comparison)

    def _restyle(self) -> None:
        style_plot(self.plot, self.ink, self.zoom, title=self._title_text,
                   pixel_ratio=self.pixel_ratio)
        self.key.set_look(self.ink, self.zoom)
        self.key.max_text_width = 320 * self.zoom
        key_gap(self.plot, self.zoom)

    # -- what each plot gives (by itself, the plot stays empty) -------------------------------
    def draw(self, comparison: Comparison) -> None:
        """Put the comparison's items on the (cleared) plot."""

    def describe_at(self, x: float, y: float) -> tuple[str, str, str] | None:
        """(tokenizer, language, words) of what is at view point (x, y), or None."""
        return None

    def options(self) -> dict[str, object]:
        """What the plot's controls chose (an export draws a copy with the same)."""
        return {}

    def set_options(self, options: dict[str, object]) -> None:
        """Choose as ``options`` say (keys of :meth:`options`)."""

    # -- shared --------------------------------------------------------------------------------
    def show_comparison(self, comparison: Comparison | None) -> None:
        self.comparison = comparison
        self.plot.clear()
        self.key.set_entries([])
        self.readout.setText(" ")
        if comparison is not None:
            self.draw(comparison)

    def set_title(self, text: str) -> None:
        self._title_text = text
        set_plot_title(self.plot, text, self.ink, self.zoom)

    def line_width(self, width: float = LINE_WIDTH) -> float:
        return width * self.zoom * self.pixel_ratio

    def view_point(self, scene_pos: QPointF) -> QPointF:
        return self.plot.getPlotItem().vb.mapSceneToView(scene_pos)

    def widget_point(self, x: float, y: float) -> QPointF:
        """Where view point (x, y) is on the plot widget (for tests driving the mouse)."""
        scene = self.plot.getPlotItem().vb.mapViewToScene(QPointF(x, y))
        return QPointF(self.plot.mapFromScene(scene))

    def data_rect(self) -> QRectF:
        """The data area, in the plot widget's coordinates."""
        scene = self.plot.getPlotItem().vb.sceneBoundingRect()
        return self.plot.mapFromScene(scene).boundingRect().toRectF()

    def _on_moved(self, scene_pos: QPointF) -> None:
        if self.comparison is None:
            return
        point = self.view_point(scene_pos)
        found = self.describe_at(point.x(), point.y())
        words = found[2] if found else " "
        self.readout.setText(words)
        if found:
            QToolTip.showText(QCursor.pos(), words, self.plot)
        else:
            QToolTip.hideText()

    def _on_clicked(self, event) -> None:
        if self.comparison is None:
            return
        point = self.view_point(event.scenePos())
        found = self.describe_at(point.x(), point.y())
        if found:
            self.picked.emit(found[0], found[1])

    def language_label(self, language: str) -> str:
        assert self.comparison is not None
        return language_label(self.comparison.language_names.get(language, language),
                              language)

    def set_language_axis(self, axis: pg.AxisItem, languages: list[str]) -> None:
        step = max(1, math.ceil(len(languages) / AXIS_LABELS))
        axis.setTicks([[(i, lang) for i, lang in enumerate(languages) if i % step == 0], []])

    # -- export --------------------------------------------------------------------------------
    def export_copy(self) -> ComparisonPlot:
        copy = type(self)()
        copy.set_options(self.options())
        copy.setPalette(self.palette())
        copy.set_zoom(self.zoom)
        copy.show_comparison(self.comparison)
        return copy

    def drawing(self) -> QWidget:
        return self.plot

    def plot_widgets(self) -> list[pg.PlotWidget]:
        return [self.plot]

    def set_export_mode(self, on: bool) -> None:
        self.controls_box.setVisible(not on)
        self.readout.setVisible(not on)
        self.plot.setMinimumSize(0, 0) if on else self.plot.setMinimumSize(240, MIN_PLOT_HEIGHT)

    def key_text_rects(self) -> list[QRectF]:
        """The key's words, in the drawing's coordinates."""
        return [self.plot.mapFromScene(self.key.mapToScene(r)).boundingRect().toRectF()
                for r in self.key.text_rects()]

    def export_image(self, path: Path, *, size: tuple[int, int] | None = None,
                     scale: float | None = None, theme: str | None = None) -> ExportedPlot:
        """The plot drawn again at ``size`` (None: as on screen, then at twice its size) and
        ``scale`` as PNG, or SVG (vectors), by the suffix; written whole or not at all."""
        if scale is None:
            scale = EXPORT_SCALE if size is None else 1
        return export_plot(self, Path(path), size=size, scale=scale, theme=theme)


class BarsPlot(ComparisonPlot):
    """Grouped bars: for each language, one bar per tokenizer, of the metric chosen."""

    title = QT_TRANSLATE_NOOP("BarsPlot", "Bars")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.metric_box = QComboBox()
        for metric in METRICS:
            if metric.key != "sentences":
                self.metric_box.addItem(metric_label(metric), metric.key)
        self.metric_box.setCurrentIndex(self.metric_box.findData("ratio"))
        self.order_box = QComboBox()
        self.order_box.addItem(self.tr("languages by value"), "value")
        self.order_box.addItem(self.tr("languages in corpus order"), "corpus")
        self.metric_box.currentIndexChanged.connect(lambda _: self.show_comparison(
            self.comparison))
        self.order_box.currentIndexChanged.connect(lambda _: self.show_comparison(
            self.comparison))
        self.log_box = QCheckBox(self.tr("log scale"))
        self.log_box.setToolTip(self.tr("A logarithmic value axis: ratios of 2 and ½ as far from "
                                        "1"))
        self.log_box.toggled.connect(lambda _: self.show_comparison(self.comparison))
        self.controls.addWidget(QLabel(self.tr("Metric")))
        self.controls.addWidget(self.metric_box)
        self.controls.addWidget(self.order_box)
        self.controls.addWidget(self.log_box)
        self.controls.addStretch(1)
        self.languages: list[str] = []
        self.values: dict[tuple[str, str], float | None] = {}
        self.width_each = 0.8

    @property
    def metric(self) -> str:
        return self.metric_box.currentData()

    def set_metric(self, key: str) -> None:
        self.metric_box.setCurrentIndex(self.metric_box.findData(key))

    def options(self) -> dict[str, object]:
        return {"metric": self.metric, "order": self.order_box.currentData(),
                "log": self.log_box.isChecked()}

    def set_options(self, options: dict[str, object]) -> None:
        if "metric" in options:
            self.set_metric(str(options["metric"]))
        if "order" in options:
            self.order_box.setCurrentIndex(self.order_box.findData(options["order"]))
        if "log" in options:
            self.log_box.setChecked(bool(options["log"]))

    def ordered_languages(self, comparison: Comparison) -> list[str]:
        languages = list(comparison.languages)
        if self.order_box.currentData() != "value":
            return languages
        first = comparison.tokenizers[0]
        def value(language: str) -> float:
            v = comparison.row(first, language).value(self.metric)
            return -math.inf if v is None else float(v)
        return sorted(languages, key=value)

    def draw(self, comparison: Comparison) -> None:
        key = self.metric
        metric = next(m for m in METRICS if m.key == key)
        self.languages = self.ordered_languages(comparison)
        tokenizers = comparison.tokenizers
        count = len(tokenizers)
        self.width_each = 0.8 / count
        self.values = {}
        log = self.log_box.isChecked()
        if log != self.plot.getPlotItem().ctrl.logYCheck.isChecked():
            self.plot.setYRange(0, 1, padding=0)  # a linear range read as powers overflows
            self.plot.setLogMode(x=False, y=log)
        value_axis = self.plot.getAxis("left")
        if isinstance(value_axis, ReadableAxis):
            value_axis.set_integer(metric.kind == "count")
        top, bottom = 0.0, 0.0
        entries = []
        for t, name in enumerate(tokenizers):
            heights = []
            for language in self.languages:
                value = comparison.row(name, language).value(key)
                self.values[(name, language)] = value
                height = 0.0 if value is None else float(value)
                # On a log axis a bar starts at 1 (log 0) and goes up or down to its value.
                if log:
                    height = math.log10(height) if height > 0 else 0.0
                top, bottom = max(top, height), min(bottom, height)
                heights.append(height)
            x = np.arange(len(self.languages)) + (t - (count - 1) / 2) * self.width_each
            color = self.ink.series(t).color
            # A hairline of the page between neighbouring bars keeps them apart.
            edge = QPen(self.ink.page, self.line_width(0.8))
            edge.setCosmetic(True)
            bars = pg.BarGraphItem(x=x, height=heights, width=self.width_each,
                                   brush=pg.mkBrush(color), pen=edge)
            self.plot.addItem(bars)
            entries.append(KeyEntry(short_name(name), pen=QPen(color), brush=QBrush(color)))
        self.key.set_entries(entries)
        if key in ("ratio", "mean_sentence_ratio"):
            self.plot.addItem(pg.InfiniteLine(pos=0.0 if log else 1.0, angle=0, pen=pg.mkPen(
                self.ink.rule, width=self.line_width(1.2), style=Qt.PenStyle.DashLine)))
        self.set_language_axis(self.plot.getAxis("bottom"), self.languages)
        label = metric_label(metric)
        self.plot.setLabel("left", self.tr("{metric} (log scale)").format(metric=label) if log
                           else label)
        self.plot.setLabel("bottom", self.tr("language"))
        title = (self.tr("{metric} (reference {reference}) — {corpus}") if "ratio" in key
                 else self.tr("{metric} — {corpus}"))
        self.set_title(title.format(metric=label, reference=comparison.reference,
                                    corpus=comparison.corpus))
        self.plot.setXRange(-0.6, len(self.languages) - 0.4, padding=0)
        span = top - bottom if top > bottom else 1.0
        self.plot.setYRange(bottom - (0.03 * span if bottom < 0 else 0), top + 0.05 * span,
                            padding=0)

    def bar_center(self, tokenizer: str, language: str) -> QPointF:
        """The middle of a bar, in view coordinates."""
        assert self.comparison is not None
        t = self.comparison.tokenizers.index(tokenizer)
        count = len(self.comparison.tokenizers)
        x = self.languages.index(language) + (t - (count - 1) / 2) * self.width_each
        value = self.values.get((tokenizer, language)) or 0.0
        if self.log_box.isChecked():
            return QPointF(x, math.log10(float(value)) / 2 if value > 0 else 0.0)
        return QPointF(x, float(value) / 2)

    def describe_at(self, x: float, y: float) -> tuple[str, str, str] | None:
        comparison = self.comparison
        if comparison is None or not self.languages:
            return None
        count = len(comparison.tokenizers)
        group = round(x)
        if not 0 <= group < len(self.languages):
            return None
        t = math.floor((x - group) / self.width_each + count / 2)
        if not 0 <= t < count:
            return None
        name, language = comparison.tokenizers[t], self.languages[group]
        value = self.values.get((name, language))
        if value is None:
            return None
        height = float(value)
        if self.log_box.isChecked():
            height = math.log10(height) if height > 0 else 0.0
        if y < min(0.0, height) or y > max(0.0, height):
            return None
        row = comparison.row(name, language)
        words = self.tr("{language} — {tokenizer}: {metric} {value} · {tokens:,} tokens · ratio "
                        "{ratio}").format(
            language=self.language_label(language), tokenizer=short_name(name),
            metric=self.metric_box.currentText(), value=format_value(self.metric, value),
            tokens=row.tokens, ratio=format_value("ratio", row.ratio))
        return name, language, words


class RatioHeatmap(ComparisonPlot):
    """Tokenizers × languages, each cell the ratio to the reference, with its value written
    in it (log colour scale: twice and half as costly are equally far from 1)."""

    title = QT_TRANSLATE_NOOP("RatioHeatmap", "Ratio heatmap")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.which_box = QComboBox()
        self.which_box.addItem(self.tr("corpus-level ratio T_ℓ / T_ref"), "ratio")
        self.which_box.addItem(self.tr("mean of per-sentence ratios"), "mean_sentence_ratio")
        self.which_box.currentIndexChanged.connect(lambda _: self.show_comparison(
            self.comparison))
        self.controls.addWidget(QLabel(self.tr("Cells")))
        self.controls.addWidget(self.which_box)
        note = QLabel(self.tr("languages from the cheapest to the costliest on average over the "
                              "tokenizers; colour: the ratio on a log scale (the bar on the "
                              "right)"))
        style.set_tone(note, "muted")
        note.setWordWrap(True)
        self.controls.addWidget(note, 1)
        self.plot.invertY(True)
        self.plot.getPlotItem().showGrid(False, False)
        self.colormap = pg.colormap.get(HEATMAP_COLORMAP)
        self.cells: np.ndarray = np.zeros((0, 0))
        self.languages: list[str] = []
        self.color_bar = self._make_color_bar()
        self._restyle()

    def _make_color_bar(self) -> pg.ColorBarItem:
        """The colour scale right of the cells: log₂ of the ratio inside, read as ratios."""
        bar = pg.ColorBarItem(values=(0.0, 1.0), colorMap=self.colormap, interactive=False,
                              width=18)
        axis = ReadableAxis("right")
        bar.setAxisItems({"right": axis})
        axis.unlinkFromView()
        axis.setZValue(0.5)
        bar.axis = axis
        bar.setLevels((0.0, 1.0))
        layout = self.plot.getPlotItem().layout
        layout.addItem(bar, 2, 5)
        layout.setColumnFixedWidth(4, 10)
        bar.hide()
        return bar

    def _restyle(self) -> None:
        super()._restyle()
        bar = getattr(self, "color_bar", None)
        if bar is None:
            return
        for side in ("left", "top", "bottom"):
            bar.getAxis(side).setPen(pg.mkPen(self.ink.axis, width=max(1.0, self.zoom)
                                              * self.pixel_ratio))
        style_axis(bar.axis, self.ink, self.zoom, self.pixel_ratio)
        bar.layout.setColumnFixedWidth(1, zoomed(18, self.zoom))
        self.plot.getPlotItem().layout.setColumnFixedWidth(4, zoomed(10, self.zoom))

    @property
    def metric(self) -> str:
        return self.which_box.currentData()

    def options(self) -> dict[str, object]:
        return {"cells": self.metric}

    def set_options(self, options: dict[str, object]) -> None:
        if "cells" in options:
            self.which_box.setCurrentIndex(self.which_box.findData(options["cells"]))

    def show_comparison(self, comparison: Comparison | None) -> None:
        super().show_comparison(comparison)
        if comparison is None and getattr(self, "color_bar", None) is not None:
            self.color_bar.hide()

    def draw(self, comparison: Comparison) -> None:
        tokenizers = list(comparison.tokenizers)
        languages = self.languages = self.ordered_languages(comparison)
        values = np.array([[_or_nan(comparison.row(t, lang).value(self.metric))
                            for lang in languages] for t in tokenizers], dtype=float)
        self.cells = values
        with np.errstate(divide="ignore", invalid="ignore"):
            logs = np.log2(np.where(values > 0, values, np.nan))
        finite = logs[np.isfinite(logs)]
        low = min(0.0, float(finite.min())) if finite.size else 0.0
        high = max(float(finite.max()) if finite.size else 1.0, low + 0.05)
        image = pg.ImageItem(axisOrder="row-major")
        image.setImage(np.nan_to_num(logs, nan=low), levels=(low, high))
        image.setColorMap(self.colormap)
        image.setRect(QRectF(-0.5, -0.5, len(languages), len(tokenizers)))
        self.plot.addItem(image)
        self.levels = (low, high)
        self.color_bar.setLevels((low, high))
        self.color_bar.axis.setTicks([ratio_ticks(low, high), []])
        self.color_bar.axis.setLabel(self.tr("ratio to {reference} (log scale)").format(
            reference=comparison.reference))
        self.color_bar.show()
        # Past AXIS_LABELS columns the numbers would not fit their cells (hovering says each).
        if len(languages) <= AXIS_LABELS:
            labels = []
            for row in range(len(tokenizers)):
                for col in range(len(languages)):
                    value, log = values[row, col], logs[row, col]
                    shade = (log - low) / (high - low) if math.isfinite(log) else 0.0
                    fill = self.colormap.map(np.array([shade]), mode="qcolor")[0]
                    labels.append((col, row, "–" if math.isnan(value) else f"{value:.2f}",
                                   self.ink.text_on(fill)))
            # Drawn in device pixels (the same size at any view scale): the ratio applies.
            self.plot.addItem(CellLabels(labels, plot_font(CELL_PX * self.zoom
                                                           * self.pixel_ratio)))
        self.set_language_axis(self.plot.getAxis("bottom"), languages)
        self.plot.getAxis("left").setTicks([[(i, short_name(t)) for i, t in
                                             enumerate(tokenizers)], []])
        self.plot.setXRange(-0.5, len(languages) - 0.5, padding=0)
        self.plot.setYRange(-0.5, len(tokenizers) - 0.5, padding=0)
        self.set_title(self.tr("{cells}, reference {reference}").format(
            cells=self.which_box.currentText(), reference=comparison.reference))

    def ordered_languages(self, comparison: Comparison) -> list[str]:
        """By the mean over tokenizers of the log ratio (the reference first)."""
        def mean_log(language: str) -> float:
            logs = [math.log(v) for t in comparison.tokenizers
                    for v in [comparison.row(t, language).value(self.metric)]
                    if v is not None and v > 0]
            return sum(logs) / len(logs) if logs else math.inf
        return sorted(comparison.languages, key=lambda lang: (
            lang != comparison.reference, mean_log(lang)))

    def cell_center(self, tokenizer: str, language: str) -> QPointF:
        assert self.comparison is not None
        return QPointF(self.languages.index(language),
                       self.comparison.tokenizers.index(tokenizer))

    def describe_at(self, x: float, y: float) -> tuple[str, str, str] | None:
        comparison = self.comparison
        if comparison is None:
            return None
        col, row = round(x), round(y)
        if not (0 <= col < len(self.languages) and 0 <= row < len(comparison.tokenizers)):
            return None
        name, language = comparison.tokenizers[row], self.languages[col]
        result = comparison.row(name, language)
        words = self.tr("{language} — {tokenizer}: ratio {ratio}, mean sentence ratio {mean} · "
                        "{tokens:,} tokens (reference {reference})").format(
            language=self.language_label(language), tokenizer=short_name(name),
            ratio=format_value("ratio", result.ratio),
            mean=format_value("ratio", result.mean_sentence_ratio), tokens=result.tokens,
            reference=comparison.reference)
        return name, language, words


class LorenzPlot(ComparisonPlot):
    """Each tokenizer's Lorenz curve over the languages (fewest tokens first) against the
    line of equality; the legend gives each Gini coefficient."""

    title = QT_TRANSLATE_NOOP("LorenzPlot", "Lorenz curves")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        formula = QLabel(self.tr("Gini coefficient of the per-language token totals: {formula}. "
                                 "0: every language needs as many tokens; the further a curve "
                                 "sags below the diagonal, the less equal.").format(
            formula=gini_formula()))
        formula.setWordWrap(True)
        style.set_tone(formula, "muted")
        self.controls.addWidget(formula, 1)

    def draw(self, comparison: Comparison) -> None:
        equality = pg.mkPen(self.ink.rule, width=self.line_width(1.2),
                            style=Qt.PenStyle.DashLine)
        self.plot.plot([0, 1], [0, 1], pen=equality)
        entries = [KeyEntry(self.tr("equality (Gini 0)"), pen=equality)]
        for t, name in enumerate(comparison.tokenizers):
            curve = comparison.lorenz[name]
            look = self.ink.series(t)
            pen = pg.mkPen(look.color, width=self.line_width(), style=look.dash)
            self.plot.plot([x for _, x, _ in curve], [y for _, _, y in curve], pen=pen,
                           symbol=look.symbol, symbolSize=self.line_width(SYMBOL_SIZE),
                           symbolBrush=look.color, symbolPen=look.color)
            entries.append(KeyEntry(self.tr("{tokenizer} — Gini {gini:.3f}").format(
                tokenizer=short_name(name), gini=comparison.gini[name]), pen=pen,
                symbol=look.symbol))
        self.key.set_entries(entries)
        self.plot.setLabel("bottom", self.tr("share of languages (fewest tokens first)"))
        self.plot.setLabel("left", self.tr("share of tokens"))
        self.plot.setXRange(0, 1, padding=0.02)
        self.plot.setYRange(0, 1, padding=0.02)
        self.plot.setAspectLocked(False)
        self.set_title(self.tr("Lorenz curves of token totals across {n} languages").format(
            n=len(comparison.languages)))

    def point_of(self, tokenizer: str, language: str) -> QPointF:
        assert self.comparison is not None
        for lang, x, y in self.comparison.lorenz[tokenizer]:
            if lang == language:
                return QPointF(x, y)
        raise KeyError(language)

    def describe_at(self, x: float, y: float) -> tuple[str, str, str] | None:
        comparison = self.comparison
        if comparison is None:
            return None
        box = self.plot.getPlotItem().vb.viewRect()
        near = 0.03 * max(box.width(), box.height())
        best = None
        for name in comparison.tokenizers:
            for language, px, py in comparison.lorenz[name]:
                distance = math.hypot(px - x, py - y)
                if language and distance < near and (best is None or distance < best[0]):
                    best = (distance, name, language, px, py)
        if best is None:
            return None
        _, name, language, px, py = best
        words = self.tr("{tokenizer}: up to {language}, {languages:.0%} of the languages use "
                        "{tokens:.1%} of the tokens (Gini {gini:.3f})").format(
            tokenizer=short_name(name), language=self.language_label(language), languages=px,
            tokens=py, gini=comparison.gini[name])
        return name, language, words


class CellLabels(pg.GraphicsObject):
    """Words at points of the view, drawn at their own size whatever the scale: one item for
    every cell (a TextItem each costs a heatmap of 26 × 8 cells a tenth of a second). A value
    wider or taller than its cell is left out (hovering says it): it would spill into the
    next cell or onto the axis."""

    def __init__(self, labels: list[tuple[float, float, str, QColor]], font) -> None:
        super().__init__()
        self.labels = labels
        self.font = font
        xs = [x for x, _, _, _ in labels] or [0.0]
        ys = [y for _, y, _, _ in labels] or [0.0]
        self._bounds = QRectF(min(xs) - 0.5, min(ys) - 0.5, max(xs) - min(xs) + 1,
                              max(ys) - min(ys) + 1)
        self.drawn: list[tuple[QRectF, QRectF]] = []  # (text, cell) in device pixels (tests)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *args) -> None:
        to_device = painter.transform()
        metrics = QFontMetricsF(self.font)
        painter.save()
        painter.resetTransform()
        painter.setFont(self.font)
        drawn = []
        for x, y, text, color in self.labels:
            cell = to_device.mapRect(QRectF(x - 0.5, y - 0.5, 1, 1))
            width, height = metrics.horizontalAdvance(text), metrics.height()
            if width > cell.width() - 4 or height > cell.height():
                continue
            box = QRectF(cell.center().x() - width / 2, cell.center().y() - height / 2, width,
                         height)
            painter.setPen(color)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            drawn.append((box, cell))
        self.drawn = drawn
        painter.restore()


def ratio_ticks(low: float, high: float) -> list[tuple[float, str]]:
    """Ticks of a log₂ colour scale from ``low`` to ``high``, named as ratios (0.5×, 1×, 1.5×,
    2×, 3×, 4×…)."""
    ticks = []
    for power in range(math.floor(low) - 1, math.ceil(high) + 1):
        for factor in (1.0, 1.5):
            ratio = factor * 2.0 ** power
            position = math.log2(ratio)
            if low - 1e-9 <= position <= high + 1e-9:
                ticks.append((position, f"{ratio:g}×"))
    return ticks


def _or_nan(value: float | int | None) -> float:
    return math.nan if value is None else float(value)


PLOTS: tuple[type[ComparisonPlot], ...] = (BarsPlot, RatioHeatmap, LorenzPlot)
