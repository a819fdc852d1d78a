"""The layers view: codepoints, UTF-8 bytes, pre-token pieces and tokens, one row each, all
aligned on one byte axis (one cell per byte).

The text is laid out in bands (a line of the text, wrapped at the view's width, never inside
a character); a band draws its four rows. A token that goes on into the next band shows its
label and id again there. Only the bands on screen are painted, so a megabyte of text costs
what a screenful does. Everything drawn comes from a
:class:`~bpelens.core.results.token_table.TokenTable` and the colours computed with it, as
shapes laid out by :mod:`bpelens.app.pictures.layers_layout` — the same shapes the layers
picture (`bpelens render --view layers`, File → Export picture) is made of.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QPoint, QRect, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
)
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip, QWidget

from bpelens.core import TokenTable

from ...pictures.chips import token_label
from ...pictures.layers_layout import (
    Bands,
    LayersGeometry,
    LayersLook,
    band_shapes,
    compute_bands,
    token_spans,
)
from ...pictures.qt_paint import paint_shapes
from ...pictures.token_colors import chip_color
from ..encode_job import EncodedText, bands_for
from ..settings import ViewOptions
from ..status_text import token_lines
from ..ui_theme import canvas_ink
from .token_menu import token_menu

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

# The rows' names as drawn at their left (translated where drawn).
ROW_NAMES = (QT_TRANSLATE_NOOP("LayersView", "characters"),
             QT_TRANSLATE_NOOP("LayersView", "bytes"),
             QT_TRANSLATE_NOOP("LayersView", "pieces"),
             QT_TRANSLATE_NOOP("LayersView", "tokens"))
ROW_IDS = LayersGeometry().row_ids


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
    label: str  # before fitting to the chip's width
    first: bool  # the token starts in this band (else it goes on from the band before)


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
        self.geometry_ = geometry = LayersGeometry(zoom)
        self.cell = geometry.cell
        self.label_width = geometry.label_width
        self.row_chars, self.row_bytes, self.row_pieces, self.row_tokens, self.row_ids = (
            geometry.row_chars, geometry.row_bytes, geometry.row_pieces, geometry.row_tokens,
            geometry.row_ids)
        self.band_gap = geometry.band_gap

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
        if top is None:
            top = band * self.band_height - self.verticalScrollBar().value()
        return [ChipSpan(span.index, QRectF(span.x, span.y, span.w, span.h), span.label,
                         span.first)
                for span in token_spans(table, self.bands[band], top, self.geometry_,
                                        self._label_of(table))]

    def token_color(self, index: int) -> str:
        """The background of token ``index``'s chip."""
        number = self.colors[index] if index < len(self.colors) else 7
        if self.alternating and number < 8:
            return chip_color(number, index, alternating=True)
        return self._ink.palette.fill(number)

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
        look = LayersLook(self._ink.palette, self.colors, self._label_of(table),
                          show_ids=self.show_ids, alternating=self.alternating,
                          selected=self.selected, hovered=self.hovered,
                          row_names=tuple(self.tr(name) for name in ROW_NAMES))
        paint_shapes(painter, band_shapes(table, self.bands[band], top, self.geometry_, look))

    def _label_of(self, table: TokenTable):
        return lambda index: self._chip_label(table, index)

    def _chip_label(self, table: TokenTable, index: int) -> str:
        return token_label(table.token_bytes(index), partial=bool(table.partial[index]),
                           spelled=self.spell(table.ids[index]) if callable(self.spell)
                           else None)
