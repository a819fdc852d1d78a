"""One sentence under every compared tokenizer: a row of chips per tokenizer, all on the
sentence's own byte axis, wrapped into bands of the width. Each character gets a column as
wide as its glyph (at least a few pixels per byte, so a token that ends inside a character has
room to show that it does); cuts that some tokenizers make and others do not are marked with a
red line through the rows, so where two tokenizers cut differently is seen at a glance.

Characters are drawn one by one on the axis (the sentence itself, shaped, is shown above the
canvas); each chip's label is its token's text, shaped within the chip.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from bpelens.core import Tokenizer, short_name, visible

from ..status_text import kind_name
from ..token_colors import chip_color, first_color, next_color, text_color
from ..ui_theme import canvas_ink
from .chip_canvas import HEX_ERRORS

NAME_WIDTH = 150  # the tokenizers' names and counts, at least (more if a name needs it)
NAME_SHARE = 0.3  # at most this share of the width
MIN_BYTE_WIDTH = 8
CUT_COLOR = "#d0021b"
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
        self.cut_marks: list[QRectF] = []
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
                    self.chips.append(ChipPlace(row, index, QRectF(
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
                    self.chips.append(ChipPlace(row, index, QRectF(
                        a, y + 2, b - a, self.chip_row - 6), label, color))
        for offset in aligned.differing_cuts():
            band, x = self.x_of_byte(offset)
            top = self.bands[band][0]
            self.cut_marks.append(QRectF(x, top + self.char_row - 4, 0,
                                         self.chip_row * len(aligned.rows) + 4))

    @staticmethod
    def _label(tokenizer: Tokenizer | None, token) -> str:
        """The text the token stands for (no ``</w>``, ``##`` or ``▁`` spelling: the row
        above spells the sentence), bytes that are not a character as hex (<E7><8C>)."""
        if tokenizer is None:
            return str(token.token_id)
        data = tokenizer.token_bytes(token.token_id)
        return visible(data.decode("utf-8", HEX_ERRORS)) if data else "∅"

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
        color = QColor(CUT_COLOR)
        color.setAlpha(190)
        pen = QPen(color, 1.5, Qt.PenStyle.SolidLine)
        painter.setPen(pen)
        for mark in self.cut_marks:
            painter.drawLine(QPointF(mark.x(), mark.top()), QPointF(mark.x(), mark.bottom()))
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
        available = chip.rect.width() - 4
        if available < 6:
            return
        painter.setPen(QColor(text_color(chip.color)))
        big = self.metrics.horizontalAdvance(chip.label) <= available
        painter.setFont(self.font_ if big else self.small)
        metrics = self.metrics if big else self.small_metrics
        label = metrics.elidedText(chip.label, Qt.TextElideMode.ElideRight, int(available))
        if label in ("…", "") or (label != chip.label and "<" in chip.label):
            return  # a sliver of a character, hex cut short: colour and edges say it, hover more
        painter.drawText(chip.rect, Qt.AlignmentFlag.AlignCenter, label)

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
