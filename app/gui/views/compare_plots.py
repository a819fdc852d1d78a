"""The comparison's plots (pyqtgraph): grouped bars of any metric (languages × tokenizers), a
heatmap of the ratios to the reference, and each tokenizer's Lorenz curve with its Gini
coefficient. Hovering says the exact value (in a line under the plot, and a tooltip); clicking
a bar or a cell asks for that language's sentences (``picked(tokenizer, language)``). Each plot
exports itself as PNG or SVG."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QBuffer,
    QByteArray,
    QEvent,
    QIODevice,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QCursor, QFont, QPainter
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
    write_atomic,
)

from .. import style
from ..language_labels import language_label
from ..ui_theme import canvas_ink
from .compare_table import gini_formula, metric_label
from .plot_theme import theme_plot

# Okabe and Ito's colours, strongest first (yellow last: faint on white); with the symbols and
# dash patterns below, series stay apart without colour too.
SERIES_COLORS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#000000",
                 "#F0E442")
SYMBOLS = ("o", "s", "t", "d", "star", "h", "p", "+")
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DashDotLine,
          Qt.PenStyle.DotLine, Qt.PenStyle.DashDotDotLine, Qt.PenStyle.SolidLine,
          Qt.PenStyle.DashLine, Qt.PenStyle.DotLine)
AXIS_FONT = QFont("Noto Sans", 9)
EXPORT_SCALE = 2  # PNG exports at twice the size on screen, for slides
# Past this many languages the axis names every k-th one (hovering names each).
AXIS_LABELS = 40


def series_color(index: int) -> str:
    return SERIES_COLORS[index % len(SERIES_COLORS)]


class ComparisonPlot(QWidget):
    """A plot with a line under it saying what the pointer is on. ``picked(tokenizer,
    language)`` when a bar or cell is clicked."""

    picked = Signal(str, str)
    title = ""  # a QT_TRANSLATE_NOOP in each plot's own context: self.tr finds it there

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self.plot = pg.PlotWidget(background="w")
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.setMenuEnabled(False)
        self.plot.hideButtons()
        for side in ("bottom", "left"):
            axis = self.plot.getAxis(side)
            axis.setTickFont(AXIS_FONT)
        self._theme_plots()
        self.readout = QLabel(" ")
        style.set_tone(self.readout, "muted")
        self.readout.setTextFormat(Qt.TextFormat.PlainText)
        self.controls = QHBoxLayout()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.controls)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.readout)
        self.comparison: Comparison | None = None
        scene = self.plot.scene()
        scene.sigMouseMoved.connect(self._on_moved)
        scene.sigMouseClicked.connect(self._on_clicked)

    # -- what each plot gives (by itself, the plot stays empty) -------------------------------

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._theme_plots()

    def _theme_plots(self) -> None:
        theme_plot(self.plot, self)
    def draw(self, comparison: Comparison) -> None:
        """Put the comparison's items on the (cleared) plot."""

    def describe_at(self, x: float, y: float) -> tuple[str, str, str] | None:
        """(tokenizer, language, words) of what is at view point (x, y), or None."""
        return None

    # -- shared --------------------------------------------------------------------------------
    def show_comparison(self, comparison: Comparison | None) -> None:
        self.comparison = comparison
        self.plot.clear()
        self.readout.setText(" ")
        if comparison is not None:
            self.draw(comparison)

    def set_title(self, text: str) -> None:
        """The plot's title; in a narrow window it is cut, never the plot pushed out of the
        view (pyqtgraph makes a title's width the plot's minimum)."""
        self.plot.setTitle(text, color=canvas_ink(self).ink.name(), size="10pt")
        label = self.plot.getPlotItem().titleLabel
        label.setMinimumWidth(0)
        label._sizeHint[Qt.SizeHint.MinimumSize] = (0, label._sizeHint[
            Qt.SizeHint.MinimumSize][1])
        label.updateGeometry()

    def view_point(self, scene_pos: QPointF) -> QPointF:
        return self.plot.getPlotItem().vb.mapSceneToView(scene_pos)

    def widget_point(self, x: float, y: float) -> QPointF:
        """Where view point (x, y) is on the plot widget (for tests driving the mouse)."""
        scene = self.plot.getPlotItem().vb.mapViewToScene(QPointF(x, y))
        return QPointF(self.plot.mapFromScene(scene))

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
    def export_image(self, path: Path) -> None:
        """The plot as PNG (at twice its size on screen) or SVG (vectors), by the suffix;
        written whole or not at all."""
        import pyqtgraph.exporters as exporters

        item = self.plot.getPlotItem()
        suffix = path.suffix.lower()
        if suffix == ".svg":
            write_atomic(path, self.svg_bytes())
            return
        if suffix != ".png":
            raise ValueError(self.tr("{name}: save a plot as .png or .svg").format(name=path.name))
        exporter = exporters.ImageExporter(item)
        width = max(200, int(item.sceneBoundingRect().width()) * EXPORT_SCALE)
        exporter.parameters()["width"] = width
        image = exporter.export(toBytes=True)
        # The array is named: a temporary one would be freed while the buffer writes to it.
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        image.save(buffer, "PNG")
        buffer.close()
        write_atomic(path, bytes(data))


    def svg_bytes(self) -> bytes:
        """The plot drawn into Qt's SVG generator: shapes as paths, words as text."""
        from PySide6.QtSvg import QSvgGenerator

        item = self.plot.getPlotItem()
        source = item.sceneBoundingRect()
        width, height = int(source.width()), int(source.height())
        data = QByteArray()  # named: the buffer writes into it
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(QSize(width, height))
        generator.setViewBox(QRect(0, 0, width, height))
        generator.setTitle(self.tr("BPE Lens — {plot}").format(plot=self.tr(self.title)))
        painter = QPainter(generator)
        painter.fillRect(QRectF(0, 0, width, height), QColor("white"))
        self.plot.scene().render(painter, QRectF(0, 0, width, height), source)
        painter.end()
        buffer.close()
        return bytes(data)


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
        legend = add_legend(self.plot, columns=min(count, 4))
        self.legend = legend
        top, bottom = 0.0, 0.0
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
            color = series_color(t)
            bars = pg.BarGraphItem(x=x, height=heights, width=self.width_each * 0.92,
                                   brush=pg.mkBrush(color), pen=pg.mkPen(QColor(color).darker(
                                       130), width=0.5))
            self.plot.addItem(bars)
            legend.addItem(bars, short_name(name))
        legend.setColumnCount(min(count, 4))
        if key in ("ratio", "mean_sentence_ratio"):
            self.plot.addItem(pg.InfiniteLine(pos=0.0 if log else 1.0, angle=0, pen=pg.mkPen(
                "#444", width=1, style=Qt.PenStyle.DashLine)))
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
        # Room above the bars for the legend's row.
        span = top - bottom if top > bottom else 1.0
        self.plot.setYRange(bottom - (0.03 * span if bottom < 0 else 0), top + 0.18 * span,
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
                              "tokenizers; colour: log₂ of the ratio"))
        style.set_tone(note, "muted")
        note.setWordWrap(True)
        self.controls.addWidget(note, 1)
        self.plot.invertY(True)
        self.plot.getPlotItem().showGrid(False, False)
        self.colormap = pg.colormap.get("cividis")
        self.cells: np.ndarray = np.zeros((0, 0))
        self.languages: list[str] = []
        self.color_bar = None

    @property
    def metric(self) -> str:
        return self.which_box.currentData()

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
        # Past AXIS_LABELS columns the numbers would not fit their cells (hovering says each).
        if len(languages) <= AXIS_LABELS:
            labels = []
            for row in range(len(tokenizers)):
                for col in range(len(languages)):
                    value, log = values[row, col], logs[row, col]
                    shade = (log - low) / (high - low) if math.isfinite(log) else 0.0
                    labels.append((col, row, "–" if math.isnan(value) else f"{value:.2f}",
                                   "#000" if shade > 0.45 else "#fff"))
            self.plot.addItem(CellLabels(labels, QFont("Noto Sans", 9 if len(languages) > 20
                                                       else 10)))
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
        add_legend(self.plot, columns=1)
        self.plot.plot([0, 1], [0, 1], pen=pg.mkPen("#888", width=1,
                                                    style=Qt.PenStyle.DashLine),
                       name=self.tr("equality (Gini 0)"))
        for t, name in enumerate(comparison.tokenizers):
            curve = comparison.lorenz[name]
            color = series_color(t)
            self.plot.plot([x for _, x, _ in curve], [y for _, _, y in curve],
                           pen=pg.mkPen(color, width=2, style=DASHES[t % len(DASHES)]),
                           symbol=SYMBOLS[t % len(SYMBOLS)], symbolSize=6,
                           symbolBrush=color, symbolPen=color,
                           name=self.tr("{tokenizer} — Gini {gini:.3f}").format(
                               tokenizer=short_name(name), gini=comparison.gini[name]))
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
    every cell (a TextItem each costs a heatmap of 26 × 8 cells a tenth of a second)."""

    def __init__(self, labels: list[tuple[float, float, str, str]], font: QFont) -> None:
        super().__init__()
        self.labels = labels
        self.font = font
        xs = [x for x, _, _, _ in labels] or [0.0]
        ys = [y for _, y, _, _ in labels] or [0.0]
        self._bounds = QRectF(min(xs) - 0.5, min(ys) - 0.5, max(xs) - min(xs) + 1,
                              max(ys) - min(ys) + 1)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(self, painter: QPainter, *args) -> None:
        to_device = painter.transform()
        painter.save()
        painter.resetTransform()
        painter.setFont(self.font)
        for x, y, text, color in self.labels:
            center = to_device.map(QPointF(x, y))
            painter.setPen(QColor(color))
            painter.drawText(QRectF(center.x() - 40, center.y() - 12, 80, 24),
                             Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


def add_legend(plot: pg.PlotWidget, *, columns: int) -> pg.LegendItem:
    """A legend at the top left, on white, its names in dark text, in ``columns`` columns."""
    legend = plot.addLegend(offset=(10, 5), labelTextSize="9pt", labelTextColor="#222")
    legend.setColumnCount(columns)
    legend.setBrush(pg.mkBrush(255, 255, 255, 230))
    legend.setPen(pg.mkPen("#ccc"))
    return legend


def _or_nan(value: float | int | None) -> float:
    return math.nan if value is None else float(value)


PLOTS: tuple[type[ComparisonPlot], ...] = (BarsPlot, RatioHeatmap, LorenzPlot)
