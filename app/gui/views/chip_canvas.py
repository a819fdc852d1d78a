"""Rows of token chips in groups (a piece, a corpus word), wrapped to the width: what both
playbacks draw. Only the rows on screen are painted; a chip's width is measured once per
label and kept, so a step on a 10k-character text relays out without measuring again."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from bpelens.core import Tokenizer, hex_text, visible

from ..ui_theme import canvas_ink

# What a chip's mark means: just made by this step, the pair the lowest rank joins next, a
# pair no merge joins (where merging stopped).
MERGED, NEXT, STOPPED = "merged", "next", "stopped"
MERGED_FILL, MERGED_EDGE = "#f5a623", "#b35c00"  # seed 000 figure 1: just merged, in orange
NEXT_EDGE = "#1f5fbf"
STOPPED_EDGE = "#b00020"
PLAIN_FILL, PLAIN_EDGE = "#e9edf2", "#9aa5b1"


@dataclass(frozen=True, slots=True)
class Chip:
    label: str
    token_id: int
    mark: str = ""
    caption: str = ""  # under the chip: its id, a rank
    next_pair: bool = False  # part of the pair the lowest rank joins next (dashed outline)


def chip_label(tokenizer: Tokenizer, token_id: int, *, spelling: bool = False) -> str:
    """How a chip writes a token: its text with whitespace made visible; bytes that are not
    a whole character as hex (<E6>); SentencePiece's ▁ and <0xNN> as the file spells them.
    With ``spelling``, as the vocabulary spells it (ĠPy, ##ing)."""
    if spelling:
        spelled = tokenizer.id_to_token(token_id)
        if spelled is not None:
            return visible(spelled)
    label = tokenizer.token_label(token_id)
    if "\\x" in label:
        data = tokenizer.token_bytes(token_id)
        if data:
            return hex_text(data)
    return visible(label) if label else "∅"


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
        self.groups: list[list[Chip]] = []
        self.selected: tuple[int, int] | None = None
        self._widths_by_size: dict[int, dict[tuple[str, str], int]] = {}
        self._widths: dict[tuple[str, str], int] = {}
        # id(group) → (group, x offset of each chip and the end): the group is kept so that
        # its id is not reused while the entry lives.
        self._prefix: dict[int, tuple[list[Chip], list[int]]] = {}
        # Segments, in order: (y, x, group, first chip, end chip).
        self._segments: list[tuple[float, float, int, int, int]] = []
        self._segment_tops: list[float] = []
        self._segment_groups: list[int] = []
        self._laid_out_width = 0
        # (label, size) → its text shaped once: shaping text in scripts the font falls back
        # for is most of what drawing a chip costs.
        self._statics: dict[tuple[str, int], QStaticText] = {}
        self._pixmaps: dict[tuple, QPixmap] = {}
        self._seen: set[tuple] = set()
        self._height = 0
        self.rows_per_group = False  # each group starts a row (a playback's states)
        self.set_point_size(point_size)

    def set_point_size(self, size: int) -> None:
        self.font_ = QFont("Noto Sans", size)
        self.caption_font = QFont("DejaVu Sans Mono", max(7, size // 2 + 1))
        self._metrics = QFontMetrics(self.font_)
        self._caption_metrics = QFontMetrics(self.caption_font)
        # Widths are kept per size: switching between two sizes measures nothing again.
        self._widths = self._widths_by_size.setdefault(size, {})
        self._prefix.clear()
        self.chip_h = self._metrics.height() + 10
        self.caption_h = self._caption_metrics.height() + 2
        self._relayout()

    def set_groups(self, groups: list[list[Chip]], *, same_before: int | None = None) -> None:
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
    def row_height(self) -> int:
        return self.chip_h + self.caption_h + 6

    def chip_rect(self, group: int, index: int) -> QRectF | None:
        for y, x, g, first, end in self._segments:
            if g == group and first <= index < end:
                prefix = self._offsets(self.groups[g])
                left = x + prefix[index] - prefix[first]
                return QRectF(left, y, prefix[index + 1] - prefix[index] - 2, self.chip_h)
        return None

    # -- layout --------------------------------------------------------------------------------
    def _width_of(self, chip: Chip) -> int:
        key = (chip.label, chip.caption)
        width = self._widths.get(key)
        if width is None:
            width = max(18, self._metrics.horizontalAdvance(chip.label) + 14)
            if chip.caption:  # a caption wider than its chip would run into the next one
                width = max(width, self._caption_metrics.horizontalAdvance(chip.caption) + 4)
            self._widths[key] = width
        return width

    def measure(self, labels: list[str], size: int) -> None:
        """Measure captionless chip labels at a font size ahead of showing them (measuring
        text in a script the font falls back for is the slow part of a first layout)."""
        cache = self._widths_by_size.setdefault(size, {})
        font = QFont("Noto Sans", size)
        metrics = QFontMetrics(font)
        for label in labels:
            if (label, "") not in cache:
                cache[(label, "")] = max(18, metrics.horizontalAdvance(label) + 14)
            self._static_text(label, size, font)

    def _offsets(self, group: list[Chip]) -> list[int]:
        """x of each chip from the group's start (2 px apart), then the group's end."""
        found = self._prefix.get(id(group))
        if found is not None and found[0] is group:
            return found[1]
        offsets = [0]
        for chip in group:
            offsets.append(offsets[-1] + self._width_of(chip) + 2)
        if len(self._prefix) > 50_000:
            self._prefix.clear()
        self._prefix[id(group)] = (group, offsets)
        return offsets

    def _relayout(self, keep: int = 0) -> None:
        available = max(120, self.width() - 8)
        row_h = self.row_height
        segments: list[tuple[float, float, int, int, int]] = []
        x, y = 4.0, 4.0
        group_gap = 10
        if keep and available == self._laid_out_width:
            cut = bisect_left(self._segment_groups, keep)
            if cut < len(self._segments):
                segments = self._segments[:cut]
                y, x = self._segments[cut][0], self._segments[cut][1]
            else:
                keep = 0
        else:
            keep = 0
        self._laid_out_width = available
        offsets_of, append, own_row = self._offsets, segments.append, self.rows_per_group
        groups = self.groups
        for g in range(keep, len(groups)):
            group = groups[g]
            if not group:
                continue
            offsets = offsets_of(group)
            total = offsets[-1]
            if x > 4 and (own_row or x + total > available):
                x, y = 4.0, y + row_h
            if x + total <= available:
                append((y, x, g, 0, len(group)))
                x += total + group_gap
                continue
            # Wider than the row: cut it where chips stop fitting.
            first = 0
            while first < len(group):
                end = first + 1
                while end < len(group) and x + offsets[end + 1] - offsets[first] <= available:
                    end += 1
                segments.append((y, x, g, first, end))
                x += offsets[end] - offsets[first]
                first = end
                if first < len(group):
                    x, y = 4.0, y + row_h
            x += group_gap
        self._segments = segments
        self._segment_tops = [seg[0] for seg in segments]
        self._segment_groups = [seg[2] for seg in segments]
        self._height = int(y + row_h + 4) if segments else 40
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
        for rect, g, i in self._chips_in(area.top(), area.bottom()):
            self._paint_chip(painter, rect, self.groups[g][i], (g, i) == self.selected)
        painter.end()

    def _paint_chip(self, painter: QPainter, rect: QRectF, chip: Chip, selected: bool) -> None:
        # A chip drawn a second time is kept as a pixmap (stepping repaints the same chips);
        # the first time it is drawn directly (a scrub jump shows chips never seen).
        ratio = self.devicePixelRatioF()
        key = (chip.label, chip.mark, chip.next_pair, selected, int(rect.width()),
               self.font_.pointSize(), ratio)
        pixmap = self._pixmaps.get(key)
        if pixmap is None and key in self._seen:
            if len(self._pixmaps) > 20_000:
                self._pixmaps.clear()
            pixmap = QPixmap(int(rect.width() * ratio) + 1, int(rect.height() * ratio) + 1)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(Qt.GlobalColor.transparent)
            chip_painter = QPainter(pixmap)
            chip_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self._draw_chip(chip_painter, QRectF(0, 0, rect.width(), rect.height()), chip,
                            selected)
            chip_painter.end()
            self._pixmaps[key] = pixmap
        if pixmap is not None:
            painter.drawPixmap(rect.topLeft(), pixmap)
        else:
            if len(self._seen) > 200_000:
                self._seen.clear()
            self._seen.add(key)
            self._draw_chip(painter, rect, chip, selected)
        if chip.caption:
            painter.setFont(self.caption_font)
            painter.setPen(canvas_ink(self).muted)
            painter.drawText(QRectF(rect.x(), rect.bottom() + 1, max(rect.width(), 60),
                                    self.caption_h), Qt.AlignmentFlag.AlignLeft, chip.caption)

    def _static_text(self, label: str, size: int, font: QFont) -> QStaticText:
        key = (label, size)
        found = self._statics.get(key)
        if found is None:
            if len(self._statics) > 100_000:
                self._statics.clear()
            found = QStaticText(label)
            found.setTextFormat(Qt.TextFormat.PlainText)
            found.prepare(QTransform(), font)
            self._statics[key] = found
        return found

    def _draw_chip(self, painter: QPainter, rect: QRectF, chip: Chip, selected: bool) -> None:
        fill, edge, width = PLAIN_FILL, PLAIN_EDGE, 1.0
        dashed = chip.next_pair or chip.mark == NEXT
        if chip.mark == MERGED:
            fill, edge, width = MERGED_FILL, MERGED_EDGE, 2.5
        elif chip.mark == STOPPED:
            edge, width = STOPPED_EDGE, 2.0
        if dashed:
            edge, width = NEXT_EDGE, 2.5
        if selected:
            edge, width = "#000000", 3.0
        painter.setPen(QPen(QColor(edge), width,
                            Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine))
        painter.setBrush(QColor(fill))
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), 5, 5)
        painter.setPen(QColor("#000000"))
        painter.setFont(self.font_)
        static = self._static_text(chip.label, self.font_.pointSize(), self.font_)
        size = static.size()
        painter.drawStaticText(QPointF(rect.center().x() - size.width() / 2,
                                       rect.center().y() - size.height() / 2), static)

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
