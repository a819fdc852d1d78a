"""The layers view: codepoints, UTF-8 bytes, pre-token pieces and tokens, one row each, all
aligned on one byte axis (one cell per byte).

The text is laid out in bands (a line of the text, wrapped at the view's width, never inside
a character, :mod:`.bands`); a band draws its four rows. A token that goes on into the next
band shows its label and id again there. Only the bands on screen are painted, so a
megabyte of text costs what a screenful does. Everything drawn comes from a
:class:`~bpelens.core.results.token_table.TokenTable` and the colours computed with it.
"""

from __future__ import annotations

import time
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QPoint, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip, QWidget

from bpelens.core import TokenTable, hex_bytes, invisible_name, visible

from ..bands import Bands, compute_bands
from ..encode_job import EncodedText, bands_for
from ..settings import ViewOptions
from ..status_text import token_lines
from ..token_colors import SPECIAL, chip_color, text_color
from ..ui_theme import canvas_ink
from .token_menu import token_menu

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

CELL = 32  # pixels per byte
LABEL_WIDTH = 62
ROW_CHARS = 44
ROW_BYTES = 20
ROW_PIECES = 14
ROW_TOKENS = 30
ROW_IDS = 14
BAND_GAP = 12
# The rows' names as drawn at their left (translated where drawn).
ROW_NAMES = (QT_TRANSLATE_NOOP("LayersView", "characters"),
             QT_TRANSLATE_NOOP("LayersView", "bytes"),
             QT_TRANSLATE_NOOP("LayersView", "pieces"),
             QT_TRANSLATE_NOOP("LayersView", "tokens"))


# Above this many characters, new bands for a new width are made off the GUI thread.
INLINE_LAYOUT_CHARS = 200_000
# Pictures of bands kept for drawing again (at least; three screenfuls when more).
PICTURES_KEPT = 48
# GUI-thread time one paint spends drawing new bands; the others follow in the next paints.
PAINT_BUDGET = 0.012


@dataclass(frozen=True, slots=True)
class ChipSpan:
    """What the tokens row draws of one token in one band."""

    index: int
    rect: QRectF
    label: str  # before eliding to the chip's width
    first: bool  # the token starts in this band (else it goes on from the band before)


def codepoint_label(ch: str) -> str:
    """A codepoint as shown in its cell: whitespace visible, an invisible character by its
    name (ZWJ, VS16, NBSP), a lone mark on a dotted circle."""
    name = invisible_name(ch)
    if name is not None:
        return name
    if unicodedata.category(ch) in ("Mn", "Mc", "Me"):
        return "◌" + ch
    return visible(ch)


class LayersView(QAbstractScrollArea):
    """Emits ``token_clicked(index)``; ``select(index)`` highlights a token in every row.
    ``layout_requested(capacity)``: a long text needs bands for a new width, made off the GUI
    thread (by :attr:`layouter`, once attached to a session) and handed to :meth:`set_bands`."""

    token_clicked = Signal(int)
    derivation_requested = Signal(int)  # a token index: how is it built?
    layout_requested = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table: TokenTable | None = None
        self.spell: object = None  # callable id -> vocabulary spelling, when shown
        self.info: object = None  # callable index -> hover lines
        self.show_ids = True
        self.alternating = False
        self.selected: int | None = None
        self.hovered: int | None = None
        self.bands: Bands = compute_bands("", [0], 4)
        self.colors: bytearray = bytearray()
        self._band_width = 0
        # A picture of each band drawn, by everything it was drawn from (_band_key): a band
        # that did not change is copied, not drawn again (a keystroke changes one or two).
        self._pictures: dict[tuple, QPixmap] = {}
        # Whether the last paint drew every band it shows; False: some are left for the next
        # paints (PAINT_BUDGET) — what a test grabbing the viewport waits for.
        self.drawn_whole = False
        self.zoom = 1.0
        self._set_geometry(1.0)
        self._ink = canvas_ink(self)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)

    def _set_geometry(self, zoom: float) -> None:
        """Cells, rows and type at ``zoom`` (presentation mode enlarges the whole view)."""
        self.cell = round(CELL * zoom)
        self.label_width = round(LABEL_WIDTH * zoom)
        self.row_chars, self.row_bytes, self.row_pieces, self.row_tokens, self.row_ids = (
            round(r * zoom) for r in (ROW_CHARS, ROW_BYTES, ROW_PIECES, ROW_TOKENS, ROW_IDS))
        self.band_gap = round(BAND_GAP * zoom)
        self.glyph_font = QFont("Noto Sans", round(14 * zoom))
        self.small_font = QFont("DejaVu Sans", max(7, round(7 * zoom)))
        self.mono_font = QFont("DejaVu Sans Mono", max(8, round(8 * zoom)))
        self.chip_font = QFont("Noto Sans", round(10 * zoom))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._pictures.clear()  # the band pictures hold the old page and ink
            self.viewport().update()

    def set_zoom(self, zoom: float) -> None:
        if zoom == self.zoom:
            return
        self.zoom = zoom
        self._set_geometry(zoom)
        self._pictures.clear()
        self._relayout()
        self.viewport().update()

    # -- a view of a session -------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self.session = session
        self.layouter = session.runner("layout")
        self.layouter.done.connect(lambda result: self.set_bands(*result))
        self.layout_requested.connect(self._make_bands)
        self.token_clicked.connect(session.select)
        self.derivation_requested.connect(session.show_derivation_of)
        session.selected.connect(self.select)
        session.watch_encoding(self._show)
        session.options_changed.connect(self._apply)
        session.loaded.connect(lambda *_: self._apply(session.options))
        self.info = lambda index: token_lines(session.token_info(index))
        self._apply(session.options)

    def shows(self, encoded: EncodedText) -> bool:
        return self.table is encoded.table

    def _show(self, encoded: EncodedText | None) -> None:
        if encoded is None:
            self.set_table(None)
        else:
            self.set_table(encoded.table, colors=encoded.colors, bands=encoded.bands,
                           capacity=encoded.capacity)

    def _apply(self, options: ViewOptions) -> None:
        tokenizer = self.session.tokenizer
        self.set_options(show_ids=options.ids, alternating=options.alternating,
                         spell=tokenizer.id_to_token if options.spelling and tokenizer
                         else None)

    def _make_bands(self, capacity: int) -> None:
        table = self.table
        if table is not None:
            self.layouter.submit(lambda job: bands_for(table, capacity, job))

    # -- data --------------------------------------------------------------------------------
    @property
    def band_height(self) -> int:
        return self.row_chars + self.row_bytes + self.row_pieces + self.row_tokens + (
            self.row_ids if self.show_ids else 0) + self.band_gap

    def set_table(self, table: TokenTable | None, *, colors: bytearray | None = None,
                  bands: Bands | None = None, capacity: int | None = None) -> None:
        """Show a table with its tokens' colour numbers (``bands``: its bands for
        ``capacity`` bytes a band, when made)."""
        if table is not self.table:  # the session selects nothing in a new encoding
            self.selected = None
        self.table = table
        self.colors = colors if colors is not None else bytearray(len(table or ()))
        self.hovered = None
        self._band_width = -1
        self._relayout(bands if capacity == self.capacity() else None, keep=bands)

    def set_bands(self, table: TokenTable, bands: Bands, capacity: int) -> None:
        """Bands made off the GUI thread for this width (dropped if stale)."""
        if table is self.table and capacity == self.capacity():
            self._band_width = -1
            self._relayout(bands)

    def set_options(self, *, show_ids: bool | None = None, alternating: bool | None = None,
                    spell: object = ...) -> None:
        if show_ids is not None:
            self.show_ids = show_ids
        if alternating is not None:
            self.alternating = alternating
        if spell is not ...:
            self.spell = spell
        self._relayout()

    def capacity(self) -> int:
        return max(4, (self.viewport().width() - self.label_width - 8) // self.cell)

    def _relayout(self, bands: Bands | None = None, *, keep: Bands | None = None) -> None:
        """Bands for the current width (made here for a short text, else asked for: until
        they come, ``keep`` or the old bands are drawn), then the scroll range."""
        table = self.table
        capacity = self.capacity()
        if table is None:
            self.bands = compute_bands("", [0], capacity)
            self._band_width = capacity
        elif bands is not None:
            self.bands = bands
            self._band_width = capacity
        elif capacity != self._band_width:
            if len(table.model_text) <= INLINE_LAYOUT_CHARS:
                self.bands = compute_bands(table.model_text, table.char_bytes, capacity)
                self._band_width = capacity
            else:
                if keep is not None:
                    self.bands = keep
                self._band_width = capacity
                self.layout_requested.emit(capacity)
        total = len(self.bands) * self.band_height
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, total - self.viewport().height()))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(self.band_height // 2)
        self.viewport().update()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._relayout()

    # -- geometry ----------------------------------------------------------------------------
    def band_of_byte(self, offset: int) -> int:
        return self.bands.band_of_byte(offset)

    def token_rect(self, index: int) -> QRect | None:
        """Where the token's chip starts, in viewport coordinates (its first band)."""
        if self.table is None or not 0 <= index < len(self.table):
            return None
        start = self.table.byte_starts[index]
        band = self.band_of_byte(start)
        b0, _ = self.bands[band]
        top = band * self.band_height - self.verticalScrollBar().value()
        y = top + self.row_chars + self.row_bytes + self.row_pieces
        width = max(4, (self.table.byte_ends[index] - start) * self.cell)
        return QRect(self.label_width + (start - b0) * self.cell, y, width, self.row_tokens)

    def ensure_visible(self, index: int) -> None:
        if self.table is None or not 0 <= index < len(self.table):
            return
        band = self.band_of_byte(self.table.byte_starts[index])
        top = band * self.band_height
        bar = self.verticalScrollBar()
        if top < bar.value() or top + self.band_height > bar.value() + self.viewport().height():
            bar.setValue(max(0, top - self.viewport().height() // 3))

    def hit(self, point: QPoint) -> int | None:
        """The token under a viewport point (in any row of its bytes)."""
        if self.table is None or point.x() < self.label_width:
            return None
        y = point.y() + self.verticalScrollBar().value()
        band = y // self.band_height
        if not 0 <= band < len(self.bands) or y % self.band_height >= (
                self.band_height - self.band_gap):
            return None
        b0, b1 = self.bands[band]
        offset = b0 + (point.x() - self.label_width) // self.cell
        if offset >= b1:
            return None
        return self.table.token_at_byte(offset)

    def visible_chips(self) -> list[tuple[int, str]]:
        """(token index, label) of every chip whose first band is on screen, in order — what
        the tokens row shows."""
        table = self.table
        if table is None:
            return []
        scroll = self.verticalScrollBar().value()
        first = scroll // self.band_height
        last = min(len(self.bands), (scroll + self.viewport().height()) // self.band_height + 1)
        out = []
        for band in range(first, last):
            out.extend((chip.index, chip.label) for chip in self.band_chips(band) if chip.first)
        return out

    def band_chips(self, band: int, top: int | None = None) -> list[ChipSpan]:
        """The chips of the tokens row of one band, in order: every token with bytes in the
        band (one that goes on from the band before is labelled again); ``top``: where the
        band starts (by default where it is on screen)."""
        table = self.table
        if table is None or not 0 <= band < len(self.bands):
            return []
        b0, b1 = self.bands[band]
        if top is None:
            top = band * self.band_height - self.verticalScrollBar().value()
        y = top + self.row_chars + self.row_bytes + self.row_pieces
        out = []
        for index in table.tokens_in_bytes(b0, b1):
            start, end = table.byte_starts[index], table.byte_ends[index]
            s, e = max(b0, start), min(b1, end)
            if e <= s and not (start == end == s):
                continue
            rect = QRectF(self.label_width + (s - b0) * self.cell + 1.5, y + 2,
                          max(3, (e - s) * self.cell - 3), self.row_tokens - 4)
            out.append(ChipSpan(index, rect, self._chip_label(table, index, start, end),
                                first=s == start))
        return out

    def token_color(self, index: int) -> str:
        """The background of token ``index``'s chip."""
        number = self.colors[index] if index < len(self.colors) else 7
        return chip_color(number, index, alternating=self.alternating)

    def select(self, index: int | None) -> None:
        self.selected = index
        if index is not None:
            self.ensure_visible(index)
        self.viewport().update()

    # -- events ------------------------------------------------------------------------------
    def scrollContentsBy(self, dx: int, dy: int) -> None:
        self.viewport().update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        index = self.hit(event.position().toPoint())
        if index != self.hovered:
            self.hovered = index
            self.viewport().update()
        if index is not None and callable(self.info):
            QToolTip.showText(event.globalPosition().toPoint(), "\n".join(self.info(index)),
                              self.viewport())
        else:
            QToolTip.hideText()

    def leaveEvent(self, event) -> None:
        self.hovered = None
        self.viewport().update()
        super().leaveEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.hit(event.position().toPoint())
        if index is not None and event.button() == Qt.MouseButton.LeftButton:
            self.selected = index
            self.viewport().update()
            self.token_clicked.emit(index)
        elif index is not None and event.button() == Qt.MouseButton.RightButton:
            token_menu(self, index, event.globalPosition().toPoint(),
                       self.derivation_requested.emit)

    # -- painting ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        self._ink = ink = canvas_ink(self)
        painter.fillRect(event.rect(), ink.page)
        table = self.table
        self.drawn_whole = True
        if table is None:
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        scroll = self.verticalScrollBar().value()
        height = self.band_height
        first = scroll // height
        last = min(len(self.bands), (scroll + self.viewport().height()) // height + 1)
        width = self.viewport().width()
        ratio = self.viewport().devicePixelRatioF()
        cache = self._pictures
        deadline = time.perf_counter() + PAINT_BUDGET
        drew_new = False
        for band in range(first, last):
            top = band * height - scroll
            key = self._band_key(table, band, width)
            picture = cache.pop(key, None)  # put back last: the least recently used go first
            if picture is None and drew_new and time.perf_counter() > deadline:
                # A screenful of new bands (a new text) is drawn over a few frames, not in
                # one long stall; the rest of this one stays blank until the next. Each
                # paint draws at least one, so that a busy machine still gets there.
                QTimer.singleShot(0, self.viewport().update)
                self.drawn_whole = False
                continue
            if picture is None:
                drew_new = True
                picture = QPixmap(int(width * ratio), int(height * ratio))
                picture.setDevicePixelRatio(ratio)
                picture.fill(self._ink.page)
                band_painter = QPainter(picture)
                band_painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                self._paint_band(band_painter, table, band, 0)
                band_painter.end()
            cache[key] = picture
            painter.drawPixmap(0, top, picture)
        while len(cache) > max(PICTURES_KEPT, 3 * (last - first)):
            del cache[next(iter(cache))]
        painter.end()

    def _band_key(self, table: TokenTable, band: int, width: int) -> tuple:
        """Everything a band's picture is drawn from — its bytes' text, the tokens and pieces
        in it (relative to its start), their colours and labels, the selection and hover in
        it, the options — so a band whose key is unchanged is drawn from its picture."""
        b0, b1 = self.bands[band]
        chars = table.char_bytes
        c_first = bisect_right(chars, b0) - 1
        c_last = bisect_right(chars, b1 - 1) - 1 if b1 > b0 else c_first - 1
        tokens = table.tokens_in_bytes(b0, b1)
        pieces = table.pieces_in_bytes(b0, b1)
        t0, t1 = tokens.start, tokens.stop
        p0, p1 = pieces.start, pieces.stop
        marks = tuple(index - t0 if index is not None and t0 <= index < t1 else None
                      for index in (self.hovered, self.selected))
        spelled = (tuple(map(self.spell, table.ids[t0:t1])) if callable(self.spell) else None)
        return (
            width, self.show_ids, b1 - b0, b0 - chars[c_first] if c_first >= 0 else 0,
            table.model_text[c_first : c_last + 1],
            tuple(x - b0 for x in table.byte_starts[t0:t1]),
            tuple(x - b0 for x in table.byte_ends[t0:t1]),
            tuple(table.ids[t0:t1]), tuple(self.token_color(i) for i in tokens),
            table.partial[t0:t1],
            tuple(x - b0 for x in table.piece_byte_starts[p0:p1]),
            tuple(x - b0 for x in table.piece_byte_ends[p0:p1]),
            tuple(s is not None for s in table.piece_special[p0:p1]), p0 % 2, marks, spelled,
        )

    def _paint_band(self, painter: QPainter, table: TokenTable, band: int, top: int) -> None:
        b0, b1 = self.bands[band]
        x0 = self.label_width
        painter.setFont(self.small_font)
        painter.setPen(self._ink.muted)
        rows = (self.row_chars, self.row_bytes, self.row_pieces, self.row_tokens)
        y = top
        for name, row_height in zip(ROW_NAMES, rows, strict=True):
            painter.drawText(QRect(2, y, self.label_width - 6, row_height),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             self.tr(name))
            y += row_height
        if b1 <= b0:
            return
        chars = table.char_bytes
        c_first = bisect_right(chars, b0) - 1
        c_last = bisect_right(chars, b1 - 1) - 1
        text = table.model_text[c_first : c_last + 1]
        data = text.encode("utf-8")
        base = chars[c_first]
        # Selection and hover: a translucent column over every row of the token's bytes.
        for index, shade in ((self.hovered, "#00000010"), (self.selected, "#1f4fff26")):
            if index is None or index >= len(table):
                continue
            s, e = max(b0, table.byte_starts[index]), min(b1, table.byte_ends[index])
            if s < e:
                painter.fillRect(QRect(x0 + (s - b0) * self.cell, top, (e - s) * self.cell,
                                       self.band_height - self.band_gap), QColor(shade))
        self._paint_chars(painter, table, c_first, c_last, b0, b1, top, text)
        self._paint_bytes(painter, data, base, b0, b1, chars, c_first, top + self.row_chars)
        self._paint_pieces(painter, table, b0, b1, top + self.row_chars + self.row_bytes)
        self._paint_tokens(painter, table, band, top)

    def _paint_chars(self, painter: QPainter, table: TokenTable, c_first: int, c_last: int,
                     b0: int, b1: int, top: int, text: str) -> None:
        chars = table.char_bytes
        glyph_metrics = QFontMetrics(self.glyph_font)
        small_metrics = QFontMetrics(self.small_font)
        for offset, ch in enumerate(text):
            c = c_first + offset
            s, e = max(b0, chars[c]), min(b1, chars[c + 1])
            rect = QRect(self.label_width + (s - b0) * self.cell + 1, top + 2,
                         (e - s) * self.cell - 2, self.row_chars - 4)
            painter.setPen(QPen(self._ink.rule))
            painter.setBrush(self._ink.cell)
            painter.drawRoundedRect(QRectF(rect), 3, 3)
            painter.setPen(self._ink.ink)
            painter.setFont(self.glyph_font)
            label = glyph_metrics.elidedText(codepoint_label(ch), Qt.TextElideMode.ElideRight,
                                             rect.width())
            painter.drawText(QRect(rect.x(), rect.y(), rect.width(), 26),
                             Qt.AlignmentFlag.AlignCenter, label)
            painter.setFont(self.small_font)
            painter.setPen(self._ink.muted)
            code = f"U+{ord(ch):04X}"
            if small_metrics.horizontalAdvance(code) > rect.width() - 2:
                code = code[2:]  # a one-byte cell: the hex digits alone
            painter.drawText(QRect(rect.x(), rect.y() + 25, rect.width(), 14),
                             Qt.AlignmentFlag.AlignCenter, code)

    def _paint_bytes(self, painter: QPainter, data: bytes, base: int, b0: int, b1: int,
                     chars: list[int], c_first: int, top: int) -> None:
        painter.setFont(self.mono_font)
        c = c_first
        for offset in range(b0, b1):
            while chars[c + 1] <= offset:
                c += 1
            lead = offset == chars[c]
            rect = QRect(self.label_width + (offset - b0) * self.cell + 1, top + 1,
                         self.cell - 2, self.row_bytes - 2)
            painter.fillRect(rect, self._ink.cell_lead if lead else self._ink.cell)
            painter.setPen(self._ink.ink if lead else self._ink.muted)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter,
                             f"{data[offset - base]:02X}")

    def _paint_pieces(self, painter: QPainter, table: TokenTable, b0: int, b1: int,
                      top: int) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        for index in table.pieces_in_bytes(b0, b1):
            s = max(b0, table.piece_byte_starts[index])
            e = min(b1, table.piece_byte_ends[index])
            if e <= s:
                continue
            special = table.piece_special[index] is not None
            color = SPECIAL if special else ("#9aa5b1" if index % 2 else "#c5ccd3")
            painter.setBrush(QColor(color))
            painter.drawRoundedRect(QRectF(self.label_width + (s - b0) * self.cell + 2, top + 3,
                                           (e - s) * self.cell - 4, self.row_pieces - 6), 3, 3)

    def _paint_tokens(self, painter: QPainter, table: TokenTable, band: int, top: int) -> None:
        metrics = QFontMetrics(self.chip_font)
        for chip in self.band_chips(band, top):
            index, rect = chip.index, chip.rect
            token_id = table.ids[index]
            color = QColor(self.token_color(index))
            painter.setBrush(color)
            border = QPen(QColor("#1f4fff") if index == self.selected else color.darker(135),
                          2.5 if index == self.selected else 1)
            if table.partial[index]:
                # A chip cut inside a character: a dashed edge says "the character goes on".
                border.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(border)
            painter.drawRoundedRect(rect, 5, 5)
            # On every band the token has bytes in: a token wrapped to the next row is not a
            # blank chip there.
            painter.setPen(QColor(text_color(color.name())))
            painter.setFont(self.chip_font)
            shown = metrics.elidedText(chip.label, Qt.TextElideMode.ElideRight,
                                       int(rect.width()) - 4)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, shown)
            if self.show_ids:
                painter.setFont(self.small_font)
                painter.setPen(self._ink.muted)
                painter.drawText(QRectF(rect.x(), rect.bottom() + 2, max(rect.width(), 40),
                                        self.row_ids), Qt.AlignmentFlag.AlignLeft, str(token_id))

    def _chip_label(self, table: TokenTable, index: int, start: int, end: int) -> str:
        data = table.token_bytes(index)
        if table.partial[index]:
            return hex_bytes(data)
        if callable(self.spell):
            spelled = self.spell(table.ids[index])
            if spelled is not None:
                return visible(spelled)
        try:
            return visible(data.decode("utf-8"))
        except UnicodeDecodeError:
            return hex_bytes(data)
