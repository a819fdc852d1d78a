"""One sentence under every compared tokenizer: a row of chips per tokenizer, all on the
sentence's own byte axis, wrapped into bands of the width. Each character gets a column as
wide as its glyph (at least a few pixels per byte, so a token that ends inside a character has
room to show that it does); cuts that some tokenizers make and others do not are marked with a
red line through the rows, so where two tokenizers cut differently is seen at a glance. The
line never crosses a label: in a row whose chip the cut falls inside, it is drawn only above
and below the label's text.

Characters are drawn one by one on the axis (the sentence itself, shaped, is shown above the
canvas); each chip's label is its token's text, shaped within the chip.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from PySide6.QtCore import QLineF, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from bpelens.core import Tokenizer, hex_text, short_name, visible

from ...pictures.token_colors import chip_color, first_color, next_color, text_color
from ..status_text import kind_name
from ..ui_theme import canvas_ink

NAME_WIDTH = 150  # the tokenizers' names and counts, at least (more if a name needs it)
NAME_SHARE = 0.3  # at most this share of the width
MIN_BYTE_WIDTH = 8
CHAR_ROW = 26
CHIP_ROW = 30
BAND_GAP = 14


@dataclass(frozen=True, slots=True)
class ChipPlace:
    row: int  # which tokenizer
    index: int  # which token of it
    rect: QRectF
    label: str
    color: str
    text: str = ""  # the label as drawn (elided to fit; empty: too narrow for any)
    text_rect: QRectF | None = None  # where the drawn label's glyphs are


class SentenceCanvas(QWidget):
    """``token_hovered(words)``: what the pointer is on (a tokenizer's token, its id, bytes)."""

    token_hovered = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.set_zoom(1.0)
        self.aligned = None
        self.tokenizers: tuple[Tokenizer, ...] = ()
        self.chips: list[ChipPlace] = []
        # Per cut that not every tokenizer makes, its red line, in pieces that miss labels.
        self.cut_marks: list[tuple[QLineF, ...]] = []
        self.bands: list[tuple[float, int, int]] = []  # (top, first char, end char)
        self.columns: list[tuple[float, float]] = []  # per character: (x, width) in its band
        self._height = 40

    def set_zoom(self, zoom: float) -> None:
        """Its fonts and rows at ``zoom`` times their size, the sentence laid out again."""
        self.zoom = zoom
        self.font_ = QFont("Noto Sans", max(6, round(12 * zoom)))
        self.small = QFont("Noto Sans", max(6, round(9 * zoom)))
        self.metrics = QFontMetrics(self.font_)
        self.small_metrics = QFontMetrics(self.small)
        self.char_row = round(CHAR_ROW * zoom)
        self.chip_row = round(CHIP_ROW * zoom)
        self.name_width = round(NAME_WIDTH * zoom)
        if getattr(self, "aligned", None) is not None:
            self._layout()

    def _name(self, segmentation) -> str:
        return f"{short_name(segmentation.tokenizer)}  {len(segmentation.tokens)}"

    def _fit_names(self) -> None:
        """A name column as wide as the longest name needs (up to a share of the width)."""
        least = round(NAME_WIDTH * self.zoom)
        names = [self.small_metrics.horizontalAdvance(self._name(s)) + 14
                 for s in self.aligned.rows] if self.aligned is not None else []
        self.name_width = max(least, min(max(names, default=0),
                                         round(self.width() * NAME_SHARE)))

    def show_sentence(self, aligned, tokenizers: tuple[Tokenizer, ...]) -> None:
        self.aligned, self.tokenizers = aligned, tokenizers
        self._layout()

    def clear(self) -> None:
        self.aligned, self.tokenizers = None, ()
        self._layout()

    # -- layout ------------------------------------------------------------------------------
    def _layout(self) -> None:
        self.chips, self.cut_marks, self.bands, self.columns = [], [], [], []
        aligned = self.aligned
        if aligned is None:
            self._set_height(40)
            return
        text, starts = aligned.text, aligned.char_bytes
        self._fit_names()
        available = max(200, self.width() - self.name_width - 12)
        widths = [max(self.metrics.horizontalAdvance(visible(ch)) + 8,
                      MIN_BYTE_WIDTH * (starts[i + 1] - starts[i]))
                  for i, ch in enumerate(text)]
        band_height = self.char_row + self.chip_row * len(aligned.rows) + BAND_GAP
        top, first, x = 4.0, 0, 0.0
        for i, width in enumerate(widths):
            if x + width > available and i > first:
                self.bands.append((top, first, i))
                top += band_height
                first, x = i, 0.0
            self.columns.append((self.name_width + x, width))
            x += width
        if text:
            self.bands.append((top, first, len(text)))
            top += band_height
        self._place_chips()
        self._set_height(int(top) + 4)

    def _set_height(self, height: int) -> None:
        self._height = height
        self.setMinimumHeight(height)
        self.updateGeometry()
        self.update()

    def x_of_byte(self, offset: int) -> tuple[int, float]:
        """(band, x) of a byte offset: inside a character, in proportion to its bytes."""
        starts = self.aligned.char_bytes
        char = min(bisect_right(starts, offset) - 1, len(self.columns) - 1)
        if char < 0:
            return 0, float(self.name_width)
        band = next(b for b, (_, first, end) in enumerate(self.bands) if first <= char < end)
        x, width = self.columns[char]
        size = starts[char + 1] - starts[char]
        return band, x + width * (offset - starts[char]) / size

    def _band_end_x(self, band: int) -> float:
        _, _, end = self.bands[band]
        x, width = self.columns[end - 1]
        return x + width

    def _place_chips(self) -> None:
        aligned = self.aligned
        total = aligned.byte_count
        for row, segmentation in enumerate(aligned.rows):
            tokenizer = self.tokenizers[row] if row < len(self.tokenizers) else None
            left = None
            for index, token in enumerate(segmentation.tokens):
                first = first_color(token.token_id, token.kind)
                number = next_color(first, left)
                left = number
                color = chip_color(number, index)
                label = self._label(tokenizer, token)
                start, end = min(token.byte_start, total), min(token.byte_end, total)
                if end <= start:
                    # A token of no text (an end-of-word marker, BOS): a narrow chip there.
                    band, x = self.x_of_byte(start) if start < total else (
                        len(self.bands) - 1, self._band_end_x(len(self.bands) - 1))
                    y = self.bands[band][0] + self.char_row + self.chip_row * row
                    self.chips.append(self._chip(row, index, QRectF(
                        x - 3, y + 2, 6, self.chip_row - 6), label, color))
                    continue
                band0, x0 = self.x_of_byte(start)
                band1, x1 = self.x_of_byte(end) if end < total else (
                    len(self.bands) - 1, self._band_end_x(len(self.bands) - 1))
                if end < total and x1 == self.columns[self.bands[band1][1]][0] and band1 > band0:
                    band1, x1 = band1 - 1, self._band_end_x(band1 - 1)  # ends at a band's end
                for band in range(band0, band1 + 1):
                    a = x0 if band == band0 else float(self.name_width)
                    b = x1 if band == band1 else self._band_end_x(band)
                    y = self.bands[band][0] + self.char_row + self.chip_row * row
                    self.chips.append(self._chip(row, index, QRectF(
                        a, y + 2, b - a, self.chip_row - 6), label, color))
        for offset in aligned.differing_cuts():
            band, x = self.x_of_byte(offset)
            self.cut_marks.append(self._cut_line(band, x))

    def _chip(self, row: int, index: int, rect: QRectF, label: str, color: str) -> ChipPlace:
        """A chip with its label fitted: the big font when it fits, else the small one
        elided; no text for a sliver of a character or hex cut short (colour and edges say
        it, the tooltip more)."""
        available = rect.width() - 4
        if available < 6:
            return ChipPlace(row, index, rect, label, color)
        big = self.metrics.horizontalAdvance(label) <= available
        metrics = self.metrics if big else self.small_metrics
        text = metrics.elidedText(label, Qt.TextElideMode.ElideRight, int(available))
        if text in ("…", "") or (text != label and "<" in label):
            return ChipPlace(row, index, rect, label, color)
        width, height = metrics.horizontalAdvance(text), metrics.height()
        text_rect = QRectF(rect.center().x() - width / 2, rect.center().y() - height / 2,
                           width, height)
        return ChipPlace(row, index, rect, label, color, text, text_rect)

    def _cut_line(self, band: int, x: float) -> tuple[QLineF, ...]:
        """The red line of a cut at ``x`` down the rows of a band, left out where it would
        cross a label (a row whose token goes on across the cut): there it stops above the
        label's text and starts again below it."""
        top = self.bands[band][0] + self.char_row - 1  # below the characters' row
        bottom = self.bands[band][0] + self.char_row + self.chip_row * len(self.aligned.rows)
        lines: list[QLineF] = []
        y = top
        for chip in self.chips:
            box = chip.text_rect
            if (box is None or not box.top() < bottom or not box.bottom() > top
                    or not box.left() - 2 <= x <= box.right() + 2):
                continue
            if box.top() - 1 > y:
                lines.append(QLineF(x, y, x, box.top() - 1))
            y = max(y, box.bottom() + 1)
        if bottom > y:
            lines.append(QLineF(x, y, x, bottom))
        return tuple(lines)

    @staticmethod
    def _label(tokenizer: Tokenizer | None, token) -> str:
        """The text the token stands for (no ``</w>``, ``##`` or ``▁`` spelling: the row
        above spells the sentence), bytes that are not a character as hex (<E7><8C>)."""
        if tokenizer is None:
            return str(token.token_id)
        data = tokenizer.token_bytes(token.token_id)
        return hex_text(data) if data else "∅"

    def sizeHint(self) -> QSize:
        return QSize(700, self._height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._layout()

    # -- painting ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        aligned = self.aligned
        if aligned is None:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(event.rect())
        self._paint_axis(painter, area)
        for chip in self.chips:
            if chip.rect.intersects(area):
                self._paint_chip(painter, chip)
        color = QColor(canvas_ink(self).palette.cut)
        color.setAlpha(190)
        pen = QPen(color, 1.5, Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        for lines in self.cut_marks:
            for line in lines:
                painter.drawLine(line)
        painter.end()

    def _paint_axis(self, painter: QPainter, area: QRectF) -> None:
        aligned = self.aligned
        ink = canvas_ink(self)
        for top, first, end in self.bands:
            bottom = top + self.char_row + self.chip_row * len(aligned.rows)
            if top > area.bottom() or bottom < area.top():
                continue
            painter.setFont(self.font_)
            for char in range(first, end):
                x, width = self.columns[char]
                painter.setPen(ink.rule)
                painter.drawLine(QPointF(x, top), QPointF(x, top + self.char_row - 2))
                painter.setPen(ink.ink)
                painter.drawText(QRectF(x, top, width, self.char_row - 2),
                                 Qt.AlignmentFlag.AlignCenter, visible(aligned.text[char]))
            painter.setFont(self.small)
            for row, segmentation in enumerate(aligned.rows):
                y = top + self.char_row + self.chip_row * row
                name = self.small_metrics.elidedText(
                    self._name(segmentation), Qt.TextElideMode.ElideMiddle, self.name_width - 8)
                painter.setPen(ink.ink)
                painter.drawText(QRectF(2, y, self.name_width - 6, self.chip_row - 2),
                                 Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, name)

    def _paint_chip(self, painter: QPainter, chip: ChipPlace) -> None:
        painter.setPen(QPen(canvas_ink(self).muted, 1))
        painter.setBrush(QColor(chip.color))
        painter.drawRoundedRect(chip.rect.adjusted(0.5, 0, -0.5, 0), 3, 3)
        if not chip.text:
            return
        painter.setPen(QColor(text_color(chip.color)))
        big = self.metrics.horizontalAdvance(chip.label) <= chip.rect.width() - 4
        painter.setFont(self.font_ if big else self.small)
        painter.drawText(chip.rect, Qt.AlignmentFlag.AlignCenter, chip.text)

    # -- pointer -------------------------------------------------------------------------------
    def chip_at(self, x: float, y: float) -> ChipPlace | None:
        for chip in self.chips:
            if chip.rect.contains(x, y):
                return chip
        return None

    def describe(self, chip: ChipPlace) -> str:
        segmentation = self.aligned.rows[chip.row]
        token = segmentation.tokens[chip.index]
        tokenizer = self.tokenizers[chip.row] if chip.row < len(self.tokenizers) else None
        data = tokenizer.token_bytes(token.token_id) if tokenizer is not None else b""
        inside = self.tr(" · ends or starts inside a character") if token.partial else ""
        return self.tr("{tokenizer}: token {n} of {count} · id {id} · {label} · bytes {hex} "
                       "({start}–{end}) · {kind}{inside}").format(
            tokenizer=short_name(segmentation.tokenizer), n=chip.index + 1,
            count=len(segmentation.tokens), id=token.token_id, label=repr(chip.label),
            hex=data.hex(" ").upper(), start=token.byte_start, end=token.byte_end,
            kind=kind_name(token.kind), inside=inside)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        chip = self.chip_at(event.position().x(), event.position().y())
        words = self.describe(chip) if chip is not None else ""
        self.token_hovered.emit(words)
        if words:
            QToolTip.showText(event.globalPosition().toPoint(), words, self)
        else:
            QToolTip.hideText()
