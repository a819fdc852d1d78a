"""What every pyqtgraph plot of the window is made of, so each reads at a glance at any size,
zoom and theme: axes whose tick labels never overlap and never show fractions on a count, no
SI-prefix scaling, axis titles inside the widget; a key (legend) *beside* the data area; labels
at the right end of many curves; and :func:`style_plot`, which themes and sizes a plot from its
:class:`~.plot_theme.PlotInk` and zoom (the same call on screen, in presentation mode and in
an export)."""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

import pyqtgraph as pg
from pyqtgraph.graphicsItems.ScatterPlotItem import drawSymbol
from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QSizePolicy

from .plot_theme import (
    END_LABEL_PX,
    KEY_PX,
    LABEL_PX,
    TICK_PX,
    TITLE_PX,
    PlotInk,
    plot_font,
    zoomed,
)

# 1, 2, 5 × 10ⁿ: the steps a reader adds up at a glance.
_MANTISSAS = (1.0, 2.0, 5.0)


def nice_steps_from(step: float):
    """The 1-2-5 steps from the smallest one ≥ ``step`` upwards."""
    exponent = math.floor(math.log10(step)) if step > 0 else 0
    while True:
        for mantissa in _MANTISSAS:
            value = mantissa * 10.0 ** exponent
            if value >= step * (1 - 1e-9):
                yield value
        exponent += 1


class ReadableAxis(pg.AxisItem):
    """An axis whose tick labels have room: the step between labelled ticks grows until the
    labels fit (no two overlap, at any length or zoom), an ``integer`` axis (merges, counts)
    never ticks between whole numbers, no SI-prefix scaling ("x0.001"), and its title stays
    inside the axis (shortened with … when longer than the axis)."""

    def __init__(self, orientation: str, *, integer: bool = False) -> None:
        super().__init__(orientation)
        self.integer = integer
        self.enableAutoSIPrefix(False)
        # Only the major ticks carry text: a second level of labels is where overlaps began.
        self.setStyle(maxTextLevel=0, tickFont=plot_font(TICK_PX))
        self.label.setFont(plot_font(LABEL_PX))
        self.label.document().setDocumentMargin(1)  # Qt's 4 px around a line: room lost
        self.drawn_text: list[tuple[QRectF, str]] = []  # what the last paint wrote (tests)

    def set_integer(self, integer: bool) -> None:
        self.integer = integer
        self.picture = None
        self.update()

    # -- where the ticks go ----------------------------------------------------------------------
    def _font_metrics(self) -> QFontMetricsF:
        return QFontMetricsF(self.style["tickFont"] or plot_font(TICK_PX))

    def _room(self, low: float, high: float, step: float) -> float:
        """Pixels a labelled tick needs along the axis at ``step``."""
        metrics = self._font_metrics()
        if self.orientation in ("left", "right"):
            return metrics.height() * 1.5
        first = math.ceil(low / step) * step
        samples = [first, first + step, math.floor(high / step) * step]
        strings = self.tickStrings(samples, 1.0, step)
        widest = max((metrics.horizontalAdvance(s) for s in strings), default=0.0)
        return widest + metrics.averageCharWidth() * 2

    def tickSpacing(self, minVal: float, maxVal: float, size: float):
        if self._tickSpacing is not None:
            return self._tickSpacing
        levels = super().tickSpacing(minVal, maxVal, size)
        if not levels or self.logMode or size <= 0:
            return levels
        low, high = sorted((minVal, maxVal))
        span = high - low
        major = max(levels[0][0], 1.0) if self.integer else levels[0][0]
        for step in nice_steps_from(major):
            if step / span * size >= self._room(low, high, step) or step >= span * 4:
                major = step
                break
        out = [(major, 0.0)]
        for parts in (5, 2):
            minor = major / parts
            if (not self.integer or float(minor).is_integer()) and minor / span * size >= 4:
                out.append((minor, 0.0))
                break
        return out

    def tickValues(self, minVal: float, maxVal: float, size: float):
        if self.logMode and self._tickSpacing is None:
            return self._log_ticks(minVal, maxVal, size)
        levels = super().tickValues(minVal, maxVal, size)
        if self.integer and not self.logMode:
            levels = [(spacing, [float(round(v)) for v in values if abs(v - round(v)) < 1e-6])
                      for spacing, values in levels]
        return levels

    def _log_ticks(self, low: float, high: float, size: float):
        """Decades (1, 10, 100…) labelled, as many as fit; 2…9 between them as unlabelled
        ticks; 2 and 5 labelled too when fewer than two decades show or a decade is tall."""
        low, high = sorted((low, high))
        span = max(high - low, 1e-9)
        per_decade = size / span
        room = self._room(0, 0, 1) if self.orientation in ("left", "right") else \
            self._font_metrics().horizontalAdvance("100,000") * 1.3
        every = 1
        while per_decade * every < room and every < 64:
            every *= 2
        first, last = math.floor(low), math.ceil(high)
        inside = lambda v: low - 1e-9 <= v <= high + 1e-9  # noqa: E731
        major = [float(d) for d in range(first, last + 1) if d % every == 0 and inside(d)]
        if len(major) < 2 or (every == 1 and per_decade >= 4 * room):
            # After the decades: where labels would touch, the first placed is kept.
            major += [d + math.log10(m) for d in range(first, last + 1) for m in (2, 5)
                      if inside(d + math.log10(m))]
        minor = []
        if per_decade >= 40:
            minor = [d + math.log10(m) for d in range(first, last + 1) for m in range(2, 10)
                     if inside(d + math.log10(m)) and d + math.log10(m) not in major]
        return [(None, major), (None, minor)]

    def logTickStrings(self, values, scale, spacing):
        out = []
        for v in values:
            number = 10.0 ** v * scale
            out.append(f"{round(number):,}" if number >= 1 else f"{number:.3g}")
        return out

    def tickStrings(self, values, scale, spacing):
        if self.integer and not self.logMode:
            return [f"{round(v * scale):,}" for v in values]
        return super().tickStrings(values, scale, spacing)

    def generateDrawSpecs(self, p):
        specs = super().generateDrawSpecs(p)
        if specs is None:
            return None
        axis_spec, tick_specs, text_specs = specs
        # Fixed ticks (languages, tokenizers) come as they are: drop any label that would
        # touch one already placed (hovering still names each).
        gap = self._font_metrics().averageCharWidth() if self.orientation in (
            "top", "bottom") else 1.0
        kept: list[tuple[QRectF, int, str]] = []
        for rect, flags, text in text_specs:
            grown = rect.adjusted(-gap / 2, -gap / 2, gap / 2, gap / 2)
            if all(not grown.intersects(other) for other, _, _ in kept):
                kept.append((rect, flags, text))
        return axis_spec, tick_specs, kept

    def drawPicture(self, p, axisSpec, tickSpecs, textSpecs):
        self.drawn_text = [(QRectF(rect), text) for rect, _, text in textSpecs]
        super().drawPicture(p, axisSpec, tickSpecs, textSpecs)

    # -- the title --------------------------------------------------------------------------------
    def _length(self) -> float:
        size = self.size()
        return size.height() if self.orientation in ("left", "right") else size.width()

    def labelString(self) -> str:
        text = self.labelText
        length = self._length()
        if length > 0:
            text = QFontMetricsF(self.label.font()).elidedText(
                text, Qt.TextElideMode.ElideRight, max(0.0, length - 8))
        return html.escape(text)

    def _title_height(self) -> float:
        return self.label.boundingRect().height() if self.label.isVisible() else 0.0

    def _updateHeight(self) -> None:
        if not self.isVisible():
            h = 0.0
        elif self.fixedHeight is not None:
            h = self.fixedHeight
        else:
            # pyqtgraph measures tick text at 0.8 of its line: the whole line is reserved.
            h = (self.textHeight / 0.8 if self.style["showValues"] else 0)
            h += self.style["tickTextOffset"][1] if self.style["showValues"] else 0
            h += max(0, self.style["tickLength"]) + self._title_height()
        self.setMaximumHeight(h)
        self.setMinimumHeight(h)
        self.picture = None

    def _updateWidth(self) -> None:
        if not self.isVisible():
            w = 0.0
        elif self.fixedWidth is not None:
            w = self.fixedWidth
        else:
            w = (self.textWidth if self.style["showValues"] else 0)
            w += self.style["tickTextOffset"][0] if self.style["showValues"] else 0
            w += max(0, self.style["tickLength"]) + self._title_height()
        self.setMaximumWidth(w)
        self.setMinimumWidth(w)
        self.picture = None

    def resizeEvent(self, ev=None) -> None:
        if self.label is None:
            self.picture = None
            return
        self.label.setHtml(self.labelString())  # shortened to the new length
        br = self.label.boundingRect()
        size = self.size()
        # pyqtgraph nudges the title 5 px past the axis's edge, where the widget cuts it.
        if self.orientation == "left":
            pos = QPointF(0, int(size.height() / 2 + br.width() / 2))
        elif self.orientation == "right":
            pos = QPointF(int(size.width() - br.height()),
                          int(size.height() / 2 + br.width() / 2))
        elif self.orientation == "top":
            pos = QPointF(int(size.width() / 2 - br.width() / 2), 0)
        else:
            pos = QPointF(int(size.width() / 2 - br.width() / 2),
                          int(size.height() - br.height()))
        self.label.setPos(pos)
        self.picture = None

    def title_rect(self) -> QRectF:
        """Where the title is, in scene coordinates (tests)."""
        return self.label.sceneBoundingRect() if self.label.isVisible() else QRectF()


class TitleLabel(pg.LabelItem):
    """A plot's title that never makes the plot wider: its minimum width is 0 (the title is
    shortened to the width instead, see :func:`set_plot_title`)."""

    def updateMin(self) -> None:
        super().updateMin()
        self.setMinimumWidth(0)
        height = self._sizeHint[Qt.SizeHint.MinimumSize][1]
        self._sizeHint[Qt.SizeHint.MinimumSize] = (0, height)
        self.updateGeometry()


def new_plot(*, integer_x: bool = False, integer_y: bool = False,
             min_height: int = 200) -> pg.PlotWidget:
    """A plot with readable axes; mouse zoom and menus off (the plots answer hovering)."""
    plot = pg.PlotWidget(axisItems={"bottom": ReadableAxis("bottom", integer=integer_x),
                                    "left": ReadableAxis("left", integer=integer_y)})
    item = plot.getPlotItem()
    old = item.titleLabel
    item.layout.removeItem(old)
    old.setParentItem(None)
    if old.scene() is not None:
        old.scene().removeItem(old)
    item.titleLabel = TitleLabel("", parent=item)
    item.layout.addItem(item.titleLabel, 0, 1)
    item.setTitle(None)
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.setMouseEnabled(x=False, y=False)
    plot.setMinimumSize(240, min_height)
    plot.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
    return plot


def axes_of(plot: pg.PlotWidget) -> list[ReadableAxis]:
    item = plot.getPlotItem()
    return [item.getAxis(side) for side in ("left", "bottom")
            if isinstance(item.getAxis(side), ReadableAxis)]


def style_plot(plot: pg.PlotWidget, ink: PlotInk, zoom: float, *, grid: bool = False,
               title: str = "", pixel_ratio: float = 1.0) -> None:
    """Page, axes, tick labels, axis titles and the plot's title in ``ink``'s theme, sized for
    ``zoom`` (1 on screen; presentation mode and exports more). ``pixel_ratio``: device
    pixels per logical pixel of the picture drawn (a PNG at 2×): pyqtgraph's lines are
    cosmetic (their width in device pixels), so they are widened by it."""
    plot.setBackground(ink.page)
    item = plot.getPlotItem()
    margin = zoomed(6, zoom)
    item.layout.setContentsMargins(margin, margin, margin, margin)
    for side in ("left", "bottom"):
        style_axis(item.getAxis(side), ink, zoom, pixel_ratio)
    if grid:
        item.showGrid(x=True, y=True, alpha=ink.grid_alpha)
    set_plot_title(plot, title, ink, zoom)


def style_axis(axis: pg.AxisItem, ink: PlotInk, zoom: float, pixel_ratio: float = 1.0) -> None:
    """An axis's ticks, tick labels and title in ``ink``, sized for ``zoom``."""
    axis.setTickFont(plot_font(TICK_PX * zoom))
    vertical = axis.orientation in ("left", "right")
    axis.setStyle(tickLength=zoomed(5, zoom), tickTextOffset=zoomed(5 if vertical else 3, zoom))
    axis.setTextPen(ink.text)
    axis.setPen(pg.mkPen(ink.axis, width=max(1.0, zoom) * pixel_ratio))
    axis.label.setFont(plot_font(LABEL_PX * zoom))
    axis.label.setDefaultTextColor(ink.text)
    axis.labelStyle = {}
    if axis.label.isVisible():
        axis._updateLabel()
    axis.textWidth = axis.textHeight = 0  # measured again at the new size
    axis._adjustSize()
    axis.picture = None
    axis.update()


def set_plot_title(plot: pg.PlotWidget, text: str, ink: PlotInk, zoom: float) -> None:
    """The title, shortened with … to the plot's width (never pushing the plot out of the
    view: pyqtgraph makes a title's width the plot's minimum), in a row tall enough for it."""
    item = plot.getPlotItem()
    item._full_title = (text, ink, zoom)  # what _fit_title shortens at each width
    if not getattr(item, "_title_fitted", False):
        item._title_fitted = True
        item.geometryChanged.connect(lambda: _fit_title(item))
        item.vb.sigResized.connect(lambda *_: _fit_title(item))
    _fit_title(item)


def _fit_title(item: pg.PlotItem) -> None:
    text, ink, zoom = getattr(item, "_full_title", ("", None, 1.0))
    if not text or ink is None:
        item._title_shown = None
        item.setTitle(None)
        return
    px = zoomed(TITLE_PX, zoom)
    # The title is centred over the data area's column: shortened to that width.
    room = item.vb.width() - zoomed(8, zoom)
    if room > 0:
        text = QFontMetricsF(plot_font(px)).elidedText(text, Qt.TextElideMode.ElideRight, room)
    shown = (text, px, ink.text.name())
    if getattr(item, "_title_shown", None) == shown and item.titleLabel.isVisible():
        return
    item._title_shown = shown
    item.setTitle(html.escape(text), color=ink.text.name(), size=f"{px}px")
    item.titleLabel.item.setFont(plot_font(px))
    item.titleLabel.setMaximumHeight(round(px * 1.7))
    item.layout.setRowFixedHeight(0, round(px * 1.7))


def title_text(plot: pg.PlotWidget) -> str:
    """The title as shown (maybe shortened)."""
    label = plot.getPlotItem().titleLabel
    return html.unescape(label.text) if label.isVisible() else ""


# -- the key ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class KeyEntry:
    """One line of a key: a line sample (``pen``, maybe a ``symbol``) or a bar sample
    (``brush``), and its words."""

    name: str
    pen: QPen | None = None
    brush: QBrush | None = None
    symbol: str | None = None


class PlotKey(pg.GraphicsWidget):
    """A plot's key as a list beside the data area (placed in the plot's layout, right of the
    data): it never covers a curve, and it lists every entry — in more columns when a short
    plot has no room for one (names longer than ``max_text_width`` are shortened with …, the
    rest stay whole)."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[KeyEntry] = []
        self.font = plot_font(KEY_PX)
        self.zoom = 1.0
        # The theme's colours come with set_look (plot_theme holds every colour).
        self.text_color, self.page, self.rule = QColor(), QColor(), QColor()
        self.max_text_width = 320.0
        self.room = 1e9  # the height the plot has for it
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemClipsToShape, False)

    def set_entries(self, entries: list[KeyEntry]) -> None:
        self.entries = list(entries)
        self.updateGeometry()
        self.update()

    def set_look(self, ink: PlotInk, zoom: float) -> None:
        self.zoom = zoom
        self.font = plot_font(KEY_PX * zoom)
        self.text_color, self.page, self.rule = ink.text, ink.page, ink.rule
        self.updateGeometry()
        self.update()

    def set_room(self, height: float) -> None:
        before = (self.rows(), self.columns())
        self.room = height
        if (self.rows(), self.columns()) != before:
            self.updateGeometry()
            self.update()

    def names(self) -> list[str]:
        return [entry.name for entry in self.entries]

    def _geometry(self) -> tuple[float, float, float, float]:
        """(sample width, line height, padding, text width)."""
        metrics = QFontMetricsF(self.font)
        widest = max((metrics.horizontalAdvance(e.name) for e in self.entries), default=0.0)
        return (26 * self.zoom, metrics.height() * 1.35, 6 * self.zoom,
                min(widest, self.max_text_width))

    def rows(self) -> int:
        _, line, pad, _ = self._geometry()
        fit = max(1, math.floor((self.room - 2 * pad) / line))
        return min(len(self.entries), fit) if self.entries else 0

    def columns(self) -> int:
        rows = self.rows()
        return math.ceil(len(self.entries) / rows) if rows else 0

    def _column_width(self) -> float:
        sample, _, pad, text = self._geometry()
        return pad * 3 + sample + text + pad

    def sizeHint(self, which, constraint=None) -> QSizeF:
        if not self.entries:
            return QSizeF(0, 0)
        _, line, pad, _ = self._geometry()
        return QSizeF(self._column_width() * self.columns() + pad,
                      pad * 2 + line * self.rows())

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.size().width(), self.size().height())

    def _origins(self) -> list[QPointF]:
        """Where each entry's sample starts, in the key's coordinates."""
        _, line, pad, _ = self._geometry()
        rows = max(1, self.rows())
        width = self._column_width()
        return [QPointF(pad * 2 + (i // rows) * width, pad + (i % rows) * line)
                for i in range(len(self.entries))]

    def text_rects(self) -> list[QRectF]:
        """Each entry's words, in the key's coordinates."""
        sample, line, pad, text = self._geometry()
        return [QRectF(origin.x() + sample + pad, origin.y(), text, line)
                for origin in self._origins()]

    def shown_names(self) -> list[str]:
        """The names as drawn (shortened where too long)."""
        metrics = QFontMetricsF(self.font)
        _, _, _, text = self._geometry()
        return [metrics.elidedText(e.name, Qt.TextElideMode.ElideMiddle, text + 1)
                for e in self.entries]

    def paint(self, p: QPainter, *args) -> None:
        if not self.entries:
            return
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = self.boundingRect().adjusted(0.5, 0.5, -0.5, -0.5)
        p.setPen(QPen(self.rule, max(1.0, self.zoom * 0.8)))
        p.setBrush(self.page)
        p.drawRect(box)
        sample, line, _, _ = self._geometry()
        p.setFont(self.font)
        for entry, origin, rect, shown in zip(self.entries, self._origins(), self.text_rects(),
                                              self.shown_names(), strict=True):
            middle = rect.center().y()
            left = origin.x()
            if entry.brush is not None:
                side = line * 0.6
                p.setPen(QPen(entry.pen.color() if entry.pen else entry.brush.color(), 1))
                p.setBrush(entry.brush)
                p.drawRect(QRectF(left + (sample - side) / 2, middle - side / 2, side, side))
            if entry.pen is not None and entry.brush is None:
                pen = QPen(entry.pen)
                p.setPen(pen)
                p.drawLine(QPointF(left, middle), QPointF(left + sample, middle))
                if entry.symbol:
                    p.save()
                    p.translate(left + sample / 2, middle)
                    drawSymbol(
                        p, entry.symbol, 7 * self.zoom, pg.mkPen(pen.color()),
                        pg.mkBrush(pen.color()))
                    p.restore()
            p.setPen(self.text_color)
            p.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       shown)


def place_key(plot: pg.PlotWidget, key: PlotKey) -> None:
    """``key`` in the plot's layout right of the data area, at its top."""
    item = plot.getPlotItem()
    layout = item.layout
    # Beside the data and the bottom axis's rows: a key taller than a short plot's data
    # area reaches down beside the axis instead of pushing the axis out of the widget.
    layout.addItem(key, 2, 3, 2, 1)
    layout.setAlignment(key, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    key_gap(plot, 1.0)

    def room() -> None:
        # The view's height (the plot item cannot grow past it without being cut), less
        # the title's row and the margins: more columns when a column would not fit.
        _, top, _, bottom = layout.getContentsMargins()
        title = item.titleLabel.effectiveSizeHint(Qt.SizeHint.MinimumSize).height() \
            if item.titleLabel.isVisible() else 0
        key.set_room(plot.viewport().height() - title - top - bottom)
        view = plot.mapToScene(plot.viewport().rect()).boundingRect()
        if item.geometry().height() > view.height() + 0.5:
            # The item was held taller by the key's former height: the view sets its
            # geometry only when it is resized itself.
            QTimer.singleShot(0, lambda: item.setGeometry(
                plot.mapToScene(plot.viewport().rect()).boundingRect()))

    item.geometryChanged.connect(room)


def key_gap(plot: pg.PlotWidget, zoom: float) -> None:
    """A little page between the data area and its key."""
    plot.getPlotItem().layout.setColumnSpacing(2, zoomed(10, zoom))


# -- labels at the ends of many curves -------------------------------------------------------


@dataclass(frozen=True)
class EndLabel:
    name: str
    value: float  # the curve's last y, in view coordinates
    pen: QPen
    color: QColor  # the words' colour (readable on the page)


class EndLabels(pg.GraphicsWidget):
    """The curves' names right of the data area, each at the height where its curve ends,
    pushed apart just enough not to overlap, with a leader in the curve's own colour and dash
    from the curve's end to its name."""

    def __init__(self, view: pg.ViewBox) -> None:
        super().__init__()
        self.view = view
        self.labels: list[EndLabel] = []
        self.font = plot_font(END_LABEL_PX)
        self.zoom = 1.0
        self.page = QColor()  # the theme's, with set_look
        self.emphasis: str | None = None
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        view.sigTransformChanged.connect(lambda *_: self.update())
        view.sigResized.connect(lambda *_: self.update())

    def set_labels(self, labels: list[EndLabel]) -> None:
        same_names = [label.name for label in labels] == [label.name for label in self.labels]
        self.labels = list(labels)
        columns = self.columns()
        # New values only (every redraw while training): no new layout, a repaint.
        if not same_names or columns != getattr(self, "_columns", None):
            self._columns = columns
            self.updateGeometry()
        self.update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.columns() != getattr(self, "_columns", 1):
            self._columns = self.columns()
            self.updateGeometry()  # more or fewer columns: another width

    def set_look(self, ink: PlotInk, zoom: float) -> None:
        self.zoom = zoom
        self.page = QColor(ink.page)
        self.font = plot_font(END_LABEL_PX * zoom)
        self.updateGeometry()
        self.update()

    def set_emphasis(self, name: str | None) -> None:
        if name != self.emphasis:
            self.emphasis = name
            self.update()

    def _leader(self) -> float:
        return 22 * self.zoom

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self.size().width(), self.size().height())

    def _line(self) -> float:
        return QFontMetricsF(self.font).height()

    def columns(self) -> int:
        """Columns the names need: one while they fit the height, more when they would
        crowd (each column then holds every k-th name from the top)."""
        if not self.labels:
            return 1
        height = max(1.0, self.size().height())
        return max(1, min(4, math.ceil(len(self.labels) * self._line() / height)))

    def _column_width(self) -> float:
        metrics = QFontMetricsF(plot_font(END_LABEL_PX * self.zoom, bold=True))
        return max((metrics.horizontalAdvance(label.name) for label in self.labels),
                   default=0.0) + 6 * self.zoom

    def placed(self) -> list[tuple[EndLabel, float, float, int]]:
        """(label, the curve end's y, the name's centre y, its column) in this item's
        coordinates."""
        if not self.labels:
            return []
        height = self.size().height()
        line = self._line()
        ends = []
        for label in self.labels:
            scene = self.view.mapViewToScene(QPointF(0, label.value))
            ends.append((label, self.mapFromScene(scene).y()))
        ends.sort(key=lambda pair: pair[1])
        columns = self.columns()
        out = []
        for column in range(columns):
            chosen = ends[column::columns]
            wanted = [min(max(y, line / 2), height - line / 2) for _, y in chosen]
            # Push apart downwards, then back up from the bottom edge: the least movement
            # that keeps a line of text between neighbours.
            spots: list[float] = []
            for y in wanted:
                spots.append(max(y, spots[-1] + line) if spots else y)
            if spots and spots[-1] > height - line / 2:
                spots[-1] = height - line / 2
                for i in range(len(spots) - 2, -1, -1):
                    spots[i] = min(spots[i], spots[i + 1] - line)
            out += [(label, end, spot, column)
                    for (label, end), spot in zip(chosen, spots, strict=True)]
        return out

    def sizeHint(self, which, constraint=None) -> QSizeF:
        if which == Qt.SizeHint.MaximumSize:
            return QSizeF(1e6, 1e6)
        if not self.labels:
            return QSizeF(0, 0)
        return QSizeF(self._leader() + self._column_width() * self.columns(), 0)

    def text_rects(self) -> list[tuple[str, QRectF]]:
        line = self._line()
        width = self._column_width()
        return [(label.name, QRectF(self._leader() + column * width, spot - line / 2,
                                    width, line))
                for label, _, spot, column in self.placed()]

    def paint(self, p: QPainter, *args) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        leader = self._leader()
        placed = list(zip(self.placed(), self.text_rects(), strict=True))
        # Leaders first, then each name on a patch of the page: a leader to the next column
        # never runs through a name.
        for (label, end, spot, _), (_, rect) in placed:
            pen = QPen(label.pen)
            pen.setWidthF(max(1.0, pen.widthF()) * (2 if label.name == self.emphasis else 1))
            p.setPen(pen)
            p.drawLine(QPointF(0, end), QPointF(leader * 0.45, end))
            p.drawLine(QPointF(leader * 0.45, end), QPointF(rect.left() - 3 * self.zoom,
                                                             spot))
        bold = plot_font(END_LABEL_PX * self.zoom, bold=True)
        for (label, _, _, _), (_, rect) in placed:
            strong = label.name == self.emphasis
            font = bold if strong else self.font
            width = QFontMetricsF(font).horizontalAdvance(label.name)
            p.fillRect(QRectF(rect.left() - 2 * self.zoom, rect.top(), width + 4 * self.zoom,
                              rect.height()), self.page)
            p.setFont(font)
            p.setPen(label.color)
            p.drawText(rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
                       label.name)


def place_end_labels(plot: pg.PlotWidget, labels: EndLabels) -> None:
    layout = plot.getPlotItem().layout
    layout.addItem(labels, 2, 3)
    layout.setColumnSpacing(2, 0)
