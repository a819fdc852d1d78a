"""Rows of token chips in groups (a piece, a corpus word), wrapped to the width: what both
playbacks draw, placed and drawn by :mod:`bpelens.app.pictures.chip_rows` (the same code
draws the playback pictures and animations). Only the rows on screen are painted; a chip's
width is measured once per label and kept, so a step on a 10k-character text relays out
without measuring again."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QPaintEvent, QPixmap
from PySide6.QtWidgets import QSizePolicy, QWidget

from ...pictures.chip_rows import (
    MARGIN,
    ChipMetrics,
    RowChip,
    Segment,
    chip_body,
    chip_caption,
    place_groups,
)
from ...pictures.qt_paint import paint_shapes
from ..ui_theme import palette_for

# Pixels of a chip's label per point of the size the views ask for (the window's type at
# 96 dpi): playbacks give sizes in points, pictures in pixels.
PX_PER_POINT = 96 / 72


class ChipCanvas(QWidget):
    """``chip_clicked(group, index)``, ``chip_activated(group, index)`` (double click), and
    ``chip_menu(group, index, global_pos)`` (right click).

    Laid out by group, not by chip: a group that fits on the row is one segment placed at
    once, its chips at its cached prefix widths; only a group wider than a row is split. A
    step on a 10k-character text (thousands of groups, tens of thousands of chips) so costs
    a pass over the groups, and painting touches only the segments on screen.
    """

    chip_clicked = Signal(int, int)
    chip_activated = Signal(int, int)
    chip_menu = Signal(int, int, object)

    def __init__(self, point_size: int = 13, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.groups: list[list[RowChip]] = []
        self.selected: tuple[int, int] | None = None
        self._widths_by_size: dict[float, dict[tuple[str, str], float]] = {}
        self._widths: dict[tuple[str, str], float] = {}
        # id(group) → (group, x offset of each chip and the end): the group is kept so that
        # its id is not reused while the entry lives.
        self._prefix: dict[int, tuple[list[RowChip], list[float]]] = {}
        self._segments: list[Segment] = []
        self._segment_tops: list[float] = []
        self._segment_groups: list[int] = []
        self._laid_out_width = 0
        self._pixmaps: dict[tuple, QPixmap] = {}
        self._seen: set[tuple] = set()
        self._height = 0
        self.rows_per_group = False  # each group starts a row (a playback's states)
        self.set_point_size(point_size)

    def set_point_size(self, size: int) -> None:
        self.point_size = size
        self.metrics = ChipMetrics(round(size * PX_PER_POINT, 1))
        # Widths are kept per size: switching between two sizes measures nothing again.
        self._widths = self._widths_by_size.setdefault(self.metrics.size, {})
        self._prefix.clear()
        self.chip_h = self.metrics.chip_h
        self.caption_h = self.metrics.caption_h
        self._relayout()

    def set_groups(self, groups: list[list[RowChip]], *, same_before: int | None = None) -> None:
        """Show ``groups``; ``same_before``: the groups before this index are the ones shown
        now (same widths), so their layout is kept and only the rest is laid out again."""
        keep = same_before if same_before is not None and len(groups) == len(self.groups) \
            else 0
        self.groups = groups
        if self.selected is not None and (self.selected[0] >= len(groups) or
                                          self.selected[1] >= len(groups[self.selected[0]])):
            self.selected = None
        self._relayout(keep)

    @property
    def row_height(self) -> float:
        return self.metrics.row_height

    def chip_rect(self, group: int, index: int) -> QRectF | None:
        for y, x, g, first, end in self._segments:
            if g == group and first <= index < end:
                prefix = self._offsets(self.groups[g])
                left = x + prefix[index] - prefix[first]
                return QRectF(left, y, prefix[index + 1] - prefix[index] - 2, self.chip_h)
        return None

    # -- layout --------------------------------------------------------------------------------
    def _width_of(self, chip: RowChip) -> float:
        key = (chip.label, chip.caption)
        width = self._widths.get(key)
        if width is None:
            width = self._widths[key] = self.metrics.width(chip)
        return width

    def measure(self, labels: list[str], size: int) -> None:
        """Measure captionless chip labels at a font size (points) ahead of showing them
        (measuring text in a script the font falls back for is the slow part of a first
        layout)."""
        metrics = ChipMetrics(round(size * PX_PER_POINT, 1))
        cache = self._widths_by_size.setdefault(metrics.size, {})
        for label in labels:
            if (label, "") not in cache:
                cache[(label, "")] = metrics.width(RowChip(label, 0))

    def _offsets(self, group: list[RowChip]) -> list[float]:
        """x of each chip from the group's start (2 px apart), then the group's end."""
        found = self._prefix.get(id(group))
        if found is not None and found[0] is group:
            return found[1]
        offsets = [0.0]
        for chip in group:
            offsets.append(offsets[-1] + self._width_of(chip) + 2)
        if len(self._prefix) > 50_000:
            self._prefix.clear()
        self._prefix[id(group)] = (group, offsets)
        return offsets

    def _relayout(self, keep: int = 0) -> None:
        available = max(120, self.width() - 8)
        start = (MARGIN, MARGIN, 0)
        kept: list[Segment] = []
        if keep and available == self._laid_out_width:
            cut = bisect_left(self._segment_groups, keep)
            if cut < len(self._segments):
                kept = self._segments[:cut]
                start = (self._segments[cut][1], self._segments[cut][0], keep)
        self._laid_out_width = available
        groups = self.groups
        segments, _x, y = place_groups(lambda g: self._offsets(groups[g]), len(groups),
                                       available, self.row_height, own_row=self.rows_per_group,
                                       start=start)
        self._segments = kept + segments
        self._segment_tops = [seg[0] for seg in self._segments]
        self._segment_groups = [seg[2] for seg in self._segments]
        self._height = int(y + self.row_height + 4) if self._segments else 40
        self.setMinimumHeight(self._height)
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(600, self._height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        # Growing to the height a layout asked for changes nothing; only a new width does.
        if event.size().width() != event.oldSize().width():
            self._relayout()

    def _chips_in(self, top: float, bottom: float):
        """(rect, group, index) of the chips on rows between ``top`` and ``bottom``."""
        row_h = self.row_height
        start = bisect_left(self._segment_tops, top - row_h)
        end = bisect_right(self._segment_tops, bottom)
        for y, x, g, first, last in self._segments[start:end]:
            group = self.groups[g]
            offsets = self._offsets(group)
            base = x - offsets[first]
            for i in range(first, last):
                yield QRectF(base + offsets[i], y, offsets[i + 1] - offsets[i] - 2,
                             self.chip_h), g, i

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = event.rect()
        palette = palette_for(self)
        for rect, g, i in self._chips_in(area.top(), area.bottom()):
            chip = self.groups[g][i]
            self._paint_chip(painter, rect, chip, (g, i) == self.selected, palette)
            if chip.caption:
                paint_shapes(painter, [chip_caption(rect.x(), rect.y(), rect.width(), chip,
                                                    self.metrics, palette)])
        painter.end()

    def _paint_chip(self, painter: QPainter, rect: QRectF, chip: RowChip, selected: bool,
                    palette) -> None:
        # A chip drawn a second time is kept as a pixmap (stepping repaints the same chips);
        # the first time it is drawn directly (a scrub jump shows chips never seen).
        ratio = self.devicePixelRatioF()
        key = (chip.label, chip.mark, chip.next_pair, selected, int(rect.width()),
               self.metrics.size, ratio, palette.name)
        pixmap = self._pixmaps.get(key)
        if pixmap is None and key in self._seen:
            if len(self._pixmaps) > 20_000:
                self._pixmaps.clear()
            pixmap = QPixmap(int(rect.width() * ratio) + 1, int(rect.height() * ratio) + 1)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            chip_painter = QPainter(pixmap)
            chip_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            paint_shapes(chip_painter, chip_body(0, 0, rect.width(), rect.height(), chip,
                                                 self.metrics.size, palette,
                                                 selected=selected))
            chip_painter.end()
            self._pixmaps[key] = pixmap
        if pixmap is not None:
            painter.drawPixmap(rect.topLeft(), pixmap)
        else:
            if len(self._seen) > 200_000:
                self._seen.clear()
            self._seen.add(key)
            paint_shapes(painter, chip_body(rect.x(), rect.y(), rect.width(), rect.height(),
                                            chip, self.metrics.size, palette,
                                            selected=selected))

    # -- mouse ---------------------------------------------------------------------------------
    def hit(self, x: float, y: float) -> tuple[int, int] | None:
        for rect, g, i in self._chips_in(y, y):
            if rect.contains(x, y):
                return g, i
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        found = self.hit(event.position().x(), event.position().y())
        if found is None:
            return
        self.selected = found
        self.update()
        if event.button() == Qt.MouseButton.RightButton:
            self.chip_menu.emit(found[0], found[1], event.globalPosition().toPoint())
        else:
            self.chip_clicked.emit(*found)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        found = self.hit(event.position().x(), event.position().y())
        if found is not None:
            self.chip_activated.emit(*found)
