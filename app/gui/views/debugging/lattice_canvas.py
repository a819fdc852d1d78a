"""A Unigram lattice drawn as chips, for talks and for debugging why Unigram cut a word where
it did: each pre-tokenized piece's characters in equal columns, under them the best path (the
tokenizer's own cut, filled) and then every other vocabulary piece that matches (outlined),
each a chip spanning its characters with its score.

The layout is made once per lattice and once per width (painting only draws what it is
given); a piece wider than the canvas wraps at the best path's cuts, so a Japanese sentence
(one piece: no spaces) stays readable without scrolling sideways. A long text's lattice has
tens of thousands of candidates: past :data:`MAX_NODES` the rest is left out and the canvas
says so."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from bpelens.core import LatticeNode, PieceLattice, Tokenizer

from ....pictures.layers_layout import codepoint_label
from ....pictures.palette import LIGHT
from ....pictures.token_colors import UNKNOWN
from ... import style
from .common import label_of

MAX_NODES = 2_000

# The lattice is drawn on paper (white in every theme). The best path in Okabe and Ito's blue
# (the strongest of the plots' series colours): it stays apart from the grey candidates and
# the red unknown chips in every colour vision.
PAPER = LIGHT
BEST_FILL, BEST_EDGE, BEST_TEXT, BEST_SCORE = (PAPER.best_fill, PAPER.best_edge, PAPER.best_ink,
                                               PAPER.best_score)
CANDIDATE_FILL, CANDIDATE_EDGE = PAPER.plain_fill, PAPER.plain_edge  # the playback's plain chip
CANDIDATE_TEXT, CANDIDATE_SCORE = PAPER.candidate_ink, PAPER.candidate_score
UNKNOWN_FILL, UNKNOWN_EDGE, UNKNOWN_TEXT = UNKNOWN, PAPER.unknown_edge, PAPER.unknown_ink
HOVER_EDGE = PAPER.plain_ink
HOVER_COLUMNS = PAPER.hover_columns
CELL_FILLS = PAPER.column_fills  # alternate columns, so a column is easy to follow down
CELL_EDGE = PAPER.rule
WARNING_COLOR = PAPER.warning
MUTED_COLOR = PAPER.muted

MARGIN = 10
PIECE_GAP = 24  # between pieces on a line: wider than a column, so pieces read as words
LINE_GAP = 20
HEADER_GAP = 6  # characters → best path
BEST_GAP = 10  # best path → candidates: the path reads as its own row
ROW_GAP = 4
CHIP_INSET = 1.5  # each side: neighbouring chips on a row never touch
CELL_PAD = 6
SWATCH = 22  # a legend's sample chip


@dataclass(frozen=True, slots=True)
class LatticeChip:
    """One chip: a lattice node, or (``node`` None) characters no vocabulary piece covers,
    which the best path crosses with the unknown token(s) in ``ids``."""

    piece: int  # index into the pieces given to set_lattice
    start: int  # character columns [start, end) of the piece
    end: int
    node: LatticeNode | None
    ids: tuple[int, ...]
    label: str
    best: bool

    @property
    def score(self) -> float | None:
        return self.node.score if self.node is not None else None


@dataclass(frozen=True, slots=True)
class PlacedChip:
    """A chip as drawn. A chip crossing the place where its piece wraps is drawn once on each
    line, ``open_left``/``open_right`` on the cut side."""

    chip: LatticeChip
    rect: QRectF
    text: str  # the label, elided to the chip
    score_text: str
    open_left: bool
    open_right: bool


@dataclass(slots=True)
class _Piece:
    index: int
    text: str  # the characters drawn (the piece's start when the cap cut it)
    full_length: int
    best: list[LatticeChip]  # left to right, tiling text
    candidates: list[LatticeChip]  # shortest first, then by start: rows read like a ladder
    cuts: list[int]  # where best-path chips meet, 0 and len(text) included

    @property
    def cut_short(self) -> bool:
        return len(self.text) < self.full_length


@dataclass(frozen=True, slots=True)
class _Block:
    """Columns [start, end) of a piece, placed at (x, y) with ``rows`` candidate rows."""

    piece: int
    start: int
    end: int
    x: float
    y: float
    rows: int
    continues: bool  # the piece goes on on the next line


class LatticeCanvas(QWidget):
    """``set_lattice(tokenizer, pieces)`` shows ``unigram_lattice``'s pieces; ``clear(message)``
    shows nothing but the message. Its minimum size follows the content: put it in a
    ``QScrollArea`` with ``setWidgetResizable(True)``."""

    def __init__(self, parent: QWidget | None = None, *, point_size: int = 13,
                 max_nodes: int = MAX_NODES) -> None:
        super().__init__(parent)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMouseTracking(True)
        self.max_nodes = max_nodes
        self.message = ""
        self.note = ""  # what the cap left out; empty when everything is drawn
        self.total_nodes = 0
        self.drawn_nodes = 0
        self._pieces: list[_Piece] = []
        self._packs: dict[tuple[int, int, int], tuple[list[tuple[int, int, int, int]], int]] = {}
        self._blocks: list[_Block] = []
        self._placed: list[PlacedChip] = []
        self._placed_tops: list[float] = []
        self._top_items: list[tuple[QRectF, str, str, str]] = []
        self._hover: LatticeChip | None = None
        self._has_unknown = False
        self._content_top = float(MARGIN)
        self._height = 60
        self._laid_out_width = -1
        self._elided: dict[tuple[str, int, bool], str] = {}
        self._unbreakable = 0.0
        self.column_width = 0.0
        self.point_size = point_size
        self._set_fonts(point_size)

    def set_zoom(self, zoom: float) -> None:
        """Every font at ``zoom`` times its size, the lattice laid out again."""
        self._set_fonts(max(6, round(self.point_size * zoom)))
        self._packs.clear()
        self._elided.clear()
        if self._pieces:
            self._measure()
        self._relayout()
        self.update()

    def _set_fonts(self, size: int) -> None:
        family = style.EDITOR_FONT[0]
        self.char_font = QFont(family, size)
        self.label_font = QFont(family, max(8, size - 2))
        self.best_font = QFont(self.label_font)
        self.best_font.setBold(True)
        self.score_font = QFont(style.IDS_FONT[0], max(7, round(size * 0.6)))
        self.name_font = QFont(family, max(6, round(size * 0.5)))  # "ZWJ" in a cell
        self.note_font = QFont(family, max(8, size - 3))
        self._char_m = QFontMetricsF(self.char_font)
        self._label_m = QFontMetricsF(self.label_font)
        self._best_m = QFontMetricsF(self.best_font)
        self._score_m = QFontMetricsF(self.score_font)
        self._name_m = QFontMetricsF(self.name_font)
        self._note_m = QFontMetricsF(self.note_font)
        self.header_h = math.ceil(self._char_m.height() + 10)
        self.chip_h = math.ceil(self._best_m.height() + self._score_m.height() + 6)

    # -- content -------------------------------------------------------------------------------
    def set_lattice(self, tokenizer: Tokenizer, pieces: Sequence[PieceLattice]) -> None:
        self.message = ""
        self._hover = None
        self._packs.clear()
        self._elided.clear()
        self.total_nodes = sum(len(p.nodes) for p in pieces)
        budget = self.max_nodes
        kept: list[_Piece] = []  # kept[i] is pieces[i]: chips name their piece by index
        partial = ""
        for index, lattice in enumerate(pieces):
            cut = len(lattice.text)
            if len(lattice.nodes) > budget:
                # A piece that fits the cap on its own waits for a shorter text; only one
                # that never could (a paragraph with no spaces) is cut.
                if len(lattice.nodes) <= self.max_nodes:
                    break
                cut = _cap_cut(lattice, budget)
                if cut == 0:
                    break
                partial = self.tr("up to its character {cut:,} of {length:,}").format(
                    cut=cut, length=len(lattice.text))
            piece = _make_piece(tokenizer, index, lattice, cut)
            kept.append(piece)
            budget -= sum(1 for c in (*piece.best, *piece.candidates) if c.node is not None)
            if cut < len(lattice.text):
                break
        self._pieces = kept
        self.drawn_nodes = self.max_nodes - budget
        self.note = ""
        if self.drawn_nodes < self.total_nodes:
            whole = len(kept) - (1 if partial else 0)
            if not kept:
                shown = self.tr("none of them: the first piece alone has more")
            elif len(pieces) == 1:
                shown = self.tr("the piece {partial}").format(partial=partial)
            else:
                shown = self.tr("the first {whole:,} of {pieces:,} pieces").format(
                    whole=whole, pieces=len(pieces))
                if partial:
                    shown += self.tr(", and piece {number:,} {partial}").format(
                        number=whole + 1, partial=partial)
            self.note = self.tr("Drawn: {drawn:,} of {total:,} candidates ({most:,} at most), "
                                "{shown}. Shorten the text to see the rest.").format(
                drawn=self.drawn_nodes, total=self.total_nodes, most=self.max_nodes,
                shown=shown)
        self._has_unknown = any(c.node is None for p in kept for c in p.best)
        self._measure()
        self._laid_out_width = -1
        self._relayout()

    def clear(self, message: str = "") -> None:
        """Nothing drawn but ``message`` (why there is no lattice: not a Unigram tokenizer)."""
        self._pieces = []
        self._packs.clear()
        self._hover = None
        self.message = message
        self.note = ""
        self.total_nodes = self.drawn_nodes = 0
        self._has_unknown = False
        self._laid_out_width = -1
        self._relayout()

    # -- for callers and tests -----------------------------------------------------------------
    def placed(self) -> list[PlacedChip]:
        return list(self._placed)

    def chip_rects(self) -> list[tuple[LatticeNode, QRectF]]:
        """Each lattice node's chip as drawn (a node cut by a wrap: one rect per line)."""
        return [(p.chip.node, QRectF(p.rect)) for p in self._placed if p.chip.node is not None]

    def best_path_ids(self) -> list[tuple[int, ...]]:
        """Per piece drawn, the ids its highlighted chips stand for, left to right."""
        return [tuple(i for chip in piece.best for i in chip.ids) for piece in self._pieces]

    def piece_texts(self) -> list[str]:
        return [piece.text for piece in self._pieces]

    def column_rect(self, piece: int, column: int) -> QRectF:
        """The header cell of a drawn piece's character ``column`` (``column`` may be the
        piece's length: the cell just after its last one, to read a right edge)."""
        w = self.column_width
        for block in self._blocks:
            if block.piece == piece and block.start <= column <= block.end:
                if column == block.end and block.continues:
                    continue
                return QRectF(block.x + (column - block.start) * w, block.y, w, self.header_h)
        raise IndexError(f"column {column} of piece {piece} is not drawn")

    def glyph_rects(self) -> list[tuple[int, int, QRectF]]:
        """(piece, column, rect) of each header character as drawn: its advance, centred."""
        out = []
        for block in self._blocks:
            text = self._pieces[block.piece].text
            for column in range(block.start, block.end):
                cell = self.column_rect(block.piece, column)
                width = self._glyph_width(text[column])
                out.append((block.piece, column,
                            QRectF(cell.center().x() - width / 2, cell.y(), width, cell.height())))
        return out

    def chip_at(self, pos: QPointF) -> PlacedChip | None:
        start = bisect_left(self._placed_tops, pos.y() - self.chip_h)
        end = bisect_right(self._placed_tops, pos.y())
        for placed in self._placed[start:end]:
            if placed.rect.contains(pos):
                return placed
        return None

    def tooltip(self, chip: LatticeChip) -> str:
        text = self._pieces[chip.piece].text
        span = self.tr("characters {start}–{end} ({text})").format(
            start=chip.start, end=chip.end, text=repr(text[chip.start:chip.end]))
        if chip.node is None:
            return self.tr("{span}: no vocabulary piece covers them\n"
                           "the best path crosses them with the unknown token: {label} (id {ids})"
                           "\n(a model with byte fallback then spells them as bytes)").format(
                span=span, label=chip.label, ids=", ".join(map(str, chip.ids)))
        if chip.best:
            path = self._pieces[chip.piece].best
            total = sum(c.node.score for c in path if c.node is not None)
            where = (self.tr("on the best path: the tokenizer's cut\n(the path scores "
                             "{total:.4f} in all, its unknown tokens left out)")
                     if any(c.node is None for c in path) else
                     self.tr("on the best path: the tokenizer's cut\n(the path scores "
                             "{total:.4f} in all)")).format(total=total)
        else:
            where = self.tr("off the best path: a candidate the tokenizer did not pick")
        return self.tr("id {id}  {label}\n{span}\nscore {score:.4f} (log probability)\n"
                       "{where}").format(id=chip.node.id, label=repr(chip.label), span=span,
                                         score=chip.node.score, where=where)

    def tooltip_at(self, pos: QPointF) -> str | None:
        placed = self.chip_at(pos)
        return self.tooltip(placed.chip) if placed is not None else None

    # -- layout --------------------------------------------------------------------------------
    def _glyph_text(self, ch: str) -> tuple[str, bool]:
        """What a header cell shows, and whether in the small font (a name like ZWJ)."""
        shown = codepoint_label(ch)
        return shown, len(shown) > 2 and shown != ch

    def _glyph_width(self, ch: str) -> float:
        shown, small = self._glyph_text(ch)
        metrics = self._name_m if small else self._char_m
        # The advance and the ink both: some glyphs (italic-like, emoji) ink past the advance.
        return max(metrics.horizontalAdvance(shown), metrics.boundingRect(shown).width())

    def _measure(self) -> None:
        """One column width for the whole canvas: the widest character, a score, and a
        one-character chip's label fit it (wider labels are elided; the tooltip has them)."""
        glyph = max((self._glyph_width(ch) for ch in {c for p in self._pieces for c in p.text}),
                    default=self._char_m.horizontalAdvance("M"))
        score = self._score_m.horizontalAdvance("−10.00")
        single = max((self._best_m.horizontalAdvance(c.label) for p in self._pieces
                      for c in (*p.best, *p.candidates) if c.end - c.start == 1), default=0)
        base = max(glyph + 2 * CELL_PAD, score + 2 * CELL_PAD, 24.0)
        # A one-character label wider than the cell may widen it, but only so far: a text
        # with one <unk> must not make every column twice as wide.
        self.column_width = float(math.ceil(max(base, min(single + 2 * CELL_PAD, base * 1.4))))
        widest_tile = max((c.end - c.start for p in self._pieces for c in p.best), default=1)
        self._unbreakable = max(widest_tile, 4) * self.column_width

    def _pack(self, piece_index: int, start: int, end: int
              ) -> tuple[list[tuple[int, int, int, int]], int]:
        """Candidates over columns [start, end) of a piece, clipped to them, in rows (first
        row that is free, shortest candidates first): (candidate, row, from, to) and the
        number of rows. Kept per range: a new width only packs the ranges it has not seen."""
        key = (piece_index, start, end)
        found = self._packs.get(key)
        if found is not None:
            return found
        piece = self._pieces[piece_index]
        rows: list[bytearray] = []
        out: list[tuple[int, int, int, int]] = []
        for k, chip in enumerate(piece.candidates):
            lo, hi = max(chip.start, start), min(chip.end, end)
            if lo >= hi:
                continue
            a, b = lo - start, hi - start
            row = next((r for r, used in enumerate(rows) if not any(used[a:b])), len(rows))
            if row == len(rows):
                rows.append(bytearray(end - start))
            rows[row][a:b] = b"\x01" * (b - a)
            out.append((k, row + 1, lo, hi))
        found = (out, len(rows))
        self._packs[key] = found
        return found

    def _block_height(self, rows: int) -> float:
        height = self.header_h + HEADER_GAP + self.chip_h
        if rows:
            height += BEST_GAP + rows * (self.chip_h + ROW_GAP) - ROW_GAP
        return height

    def _row_y(self, block_y: float, row: int) -> float:
        y = block_y + self.header_h + HEADER_GAP
        if row:
            y += self.chip_h + BEST_GAP + (row - 1) * (self.chip_h + ROW_GAP)
        return y

    def _layout_top(self, available: float) -> float:
        """Place the message, the cap's note and the legend (wrapped to ``available``); the
        height they take."""
        items: list[tuple[QRectF, str, str, str]] = []  # rect, text, colour, swatch fill
        y = float(MARGIN)
        for text, color in ((self.message, MUTED_COLOR), (self.note, WARNING_COLOR)):
            if text:
                box = self._note_m.boundingRect(QRectF(0, 0, available, 10_000),
                                                Qt.TextFlag.TextWordWrap, text)
                items.append((QRectF(MARGIN, y, available, box.height() + 2), text, color, ""))
                y += box.height() + 8
        if self._pieces:
            # The legend, so a slide needs no caption.
            entries = [(BEST_FILL, self.tr("best path: the tokenizer's cut")),
                       (CANDIDATE_FILL, self.tr("other vocabulary pieces that match"))]
            if self._has_unknown:
                entries.append((UNKNOWN_FILL, self.tr("no piece covers it: the unknown token")))
            entries.append(("", self.tr("under each label: its score (a log probability; "
                                        "higher is likelier)")))
            h = self._note_m.height()
            x = 0.0
            for fill, text in entries:
                width = self._note_m.horizontalAdvance(text) + (SWATCH + 6 if fill else 0)
                if x > 0 and x + width > available:
                    x, y = 0.0, y + h + 4
                items.append((QRectF(MARGIN + x, y, width + 2, h), text, MUTED_COLOR, fill))
                x += width + 18
            y += h + 8
        self._top_items = items
        return y - MARGIN

    def _segments(self, piece: _Piece, columns: int) -> list[tuple[int, int]]:
        """A piece too wide for a line, cut at its best path's cuts into lines of at most
        ``columns`` columns (a single best-path chip wider than that is a line of its own)."""
        out = []
        start = 0
        cuts = piece.cuts
        while start < len(piece.text):
            limit = bisect_right(cuts, start + columns) - 1
            end = cuts[limit]
            if end <= start:
                end = cuts[bisect_right(cuts, start)]
            out.append((start, end))
            start = end
        return out

    def _relayout(self) -> None:
        # Never narrower than one best-path chip: wider ones cannot wrap (the area scrolls).
        least = math.ceil(self._unbreakable + 2 * MARGIN) if self._pieces else 0
        width = max(self.width(), least)
        available = max(float(width - 2 * MARGIN), self._unbreakable)
        self._laid_out_width = width
        w = self.column_width
        self._content_top = MARGIN + self._layout_top(available)
        blocks: list[_Block] = []
        x, y, line_h = 0.0, self._content_top, 0.0

        def place(piece_index: int, start: int, end: int, continues: bool) -> None:
            nonlocal x, line_h
            _, rows = self._pack(piece_index, start, end)
            blocks.append(_Block(piece_index, start, end, MARGIN + x, y, rows, continues))
            x += (end - start) * w + PIECE_GAP
            line_h = max(line_h, self._block_height(rows))

        def new_line() -> None:
            nonlocal x, y, line_h
            x, y, line_h = 0.0, y + line_h + LINE_GAP, 0.0

        for i, piece in enumerate(self._pieces):
            if not piece.text:
                continue
            span = len(piece.text) * w
            if x > 0 and x + span > available:
                new_line()
            if span <= available:
                place(i, 0, len(piece.text), False)
                continue
            # Room for the "…" that says the piece goes on.
            segments = self._segments(piece, max(1, int((available - PIECE_GAP) // w)))
            for k, (start, end) in enumerate(segments):
                last = k == len(segments) - 1
                place(i, start, end, not last)
                if not last:
                    new_line()
        self._blocks = blocks
        self._place_chips()
        self._height = math.ceil(y + line_h + MARGIN) if blocks else math.ceil(
            self._content_top + MARGIN)
        self.setMinimumWidth(least)
        self.setMinimumHeight(self._height)
        self.updateGeometry()
        self.update()

    def _place_chips(self) -> None:
        w = self.column_width
        placed: list[PlacedChip] = []
        for block in self._blocks:
            piece = self._pieces[block.piece]
            items = [(chip, 0, chip.start, chip.end) for chip in piece.best
                     if block.start <= chip.start < block.end]
            packed, _ = self._pack(block.piece, block.start, block.end)
            items += [(piece.candidates[k], row, lo, hi) for k, row, lo, hi in packed]
            for chip, row, lo, hi in items:
                rect = QRectF(block.x + (lo - block.start) * w + CHIP_INSET,
                              self._row_y(block.y, row), (hi - lo) * w - 2 * CHIP_INSET,
                              self.chip_h)
                placed.append(PlacedChip(chip, rect, self._elide(chip, rect.width()),
                                         self._score_text(chip, rect.width()),
                                         lo > chip.start, hi < chip.end))
        placed.sort(key=lambda p: p.rect.top())
        self._placed = placed
        self._placed_tops = [p.rect.top() for p in placed]

    def _elide(self, chip: LatticeChip, width: float) -> str:
        key = (chip.label, int(width), chip.best)
        found = self._elided.get(key)
        if found is None:
            metrics = self._best_m if chip.best else self._label_m
            found = metrics.elidedText(chip.label, Qt.TextElideMode.ElideRight, width - 4)
            self._elided[key] = found
        return found

    def _score_text(self, chip: LatticeChip, width: float) -> str:
        if chip.node is None:
            unknown = self.tr("unknown")
            return unknown if self._score_m.horizontalAdvance(unknown) <= width - 4 else "?"
        for digits in (2, 1, 0):
            text = f"{chip.node.score:.{digits}f}".replace("-", "−")
            if self._score_m.horizontalAdvance(text) <= width - 4:
                return text
        return ""

    def sizeHint(self) -> QSize:
        return QSize(900, self._height)

    def minimumSizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), self._height)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Growing to the height the layout asked for changes nothing; only a new width does.
        if self.width() != self._laid_out_width:
            self._relayout()

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        area = QRectF(event.rect())
        painter.fillRect(area, QColor(PAPER.page))
        self._paint_top_text(painter)
        for block in self._blocks:
            box = QRectF(block.x, block.y, (block.end - block.start) * self.column_width
                         + PIECE_GAP, self._block_height(block.rows))
            if box.intersects(area):
                self._paint_block(painter, block)
        start = bisect_left(self._placed_tops, area.top() - self.chip_h)
        end = bisect_right(self._placed_tops, area.bottom())
        for placed in self._placed[start:end]:
            if placed.rect.intersects(area):
                self._paint_chip(painter, placed)
        painter.end()

    def _paint_top_text(self, painter: QPainter) -> None:
        painter.setFont(self.note_font)
        edges = {BEST_FILL: BEST_EDGE, CANDIDATE_FILL: CANDIDATE_EDGE, UNKNOWN_FILL: UNKNOWN_EDGE}
        for rect, text, color, fill in self._top_items:
            if fill:
                painter.setPen(QPen(QColor(edges[fill]), 1))
                painter.setBrush(QColor(fill))
                painter.drawRoundedRect(QRectF(rect.x(), rect.y() + 2, SWATCH,
                                               rect.height() - 4), 3, 3)
                rect = rect.adjusted(SWATCH + 6, 0, 0, 0)
            painter.setPen(QColor(color))
            painter.drawText(rect, Qt.TextFlag.TextWordWrap, text)

    def _paint_block(self, painter: QPainter, block: _Block) -> None:
        piece = self._pieces[block.piece]
        w = self.column_width
        hover = self._hover if self._hover is not None and self._hover.piece == block.piece \
            else None
        top = block.y
        painter.setPen(Qt.PenStyle.NoPen)
        for column in range(block.start, block.end):
            fill = CELL_FILLS[column % 2]
            if hover is not None and hover.start <= column < hover.end:
                fill = HOVER_COLUMNS
            painter.setBrush(QColor(fill))
            painter.drawRect(QRectF(block.x + (column - block.start) * w, top, w, self.header_h))
        painter.setPen(QPen(QColor(CELL_EDGE), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRect(QRectF(block.x, top, (block.end - block.start) * w, self.header_h))
        # The best path's cuts through the characters: where the tokenizer cuts the text.
        painter.setPen(QPen(QColor(BEST_FILL), 2.5))
        for cut in piece.cuts:
            if block.start < cut < block.end:
                cx = block.x + (cut - block.start) * w
                painter.drawLine(QPointF(cx, top), QPointF(cx, top + self.header_h))
        painter.setPen(QColor(PAPER.plain_ink))
        for column in range(block.start, block.end):
            shown, small = self._glyph_text(piece.text[column])
            painter.setFont(self.name_font if small else self.char_font)
            painter.drawText(QRectF(block.x + (column - block.start) * w, top, w, self.header_h),
                             Qt.AlignmentFlag.AlignCenter, shown)
        end_x = block.x + (block.end - block.start) * w
        if block.continues or (piece.cut_short and block.end == len(piece.text)):
            painter.setPen(QColor(MUTED_COLOR))
            painter.setFont(self.char_font)
            painter.drawText(QRectF(end_x, top, PIECE_GAP, self.header_h),
                             Qt.AlignmentFlag.AlignCenter, "…")
        # The path as one line through its chips: the eye follows it across the gaps.
        mid = self._row_y(block.y, 0) + self.chip_h / 2
        painter.setPen(QPen(QColor(BEST_FILL), 3))
        painter.drawLine(QPointF(block.x + 6, mid), QPointF(end_x - 6, mid))  # ends hidden

    def _paint_chip(self, painter: QPainter, placed: PlacedChip) -> None:
        chip = placed.chip
        rect = placed.rect
        if chip.node is None:
            fill, edge, text, score, font = (UNKNOWN_FILL, UNKNOWN_EDGE, UNKNOWN_TEXT,
                                             BEST_SCORE, self.best_font)
        elif chip.best:
            fill, edge, text, score, font = BEST_FILL, BEST_EDGE, BEST_TEXT, BEST_SCORE, \
                self.best_font
        else:
            fill, edge, text, score, font = (CANDIDATE_FILL, CANDIDATE_EDGE, CANDIDATE_TEXT,
                                             CANDIDATE_SCORE, self.label_font)
        hovered = self._hover is not None and chip == self._hover
        pen = QPen(QColor(HOVER_EDGE if hovered else edge), 2.5 if hovered else 1.2)
        if chip.node is None:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(QColor(fill))
        shape = rect.adjusted(0.5, 0.5, -0.5, -0.5)
        # An open side (the chip goes on on the other line) is drawn past the clip: square,
        # running out of the cell, not a rounded end that would read as the chip's end.
        if placed.open_left:
            shape.setLeft(shape.left() - CHIP_INSET - 6)
        if placed.open_right:
            shape.setRight(shape.right() + CHIP_INSET + 6)
        painter.save()
        painter.setClipRect(rect.adjusted(-CHIP_INSET, -2, CHIP_INSET, 2))
        painter.drawRoundedRect(shape, 5, 5)
        painter.restore()
        label_h = self._best_m.height()
        inner = rect.adjusted(2, 3, -2, -3)
        painter.setPen(QColor(text))
        painter.setFont(font)
        painter.drawText(QRectF(inner.x(), inner.y(), inner.width(), label_h),
                         Qt.AlignmentFlag.AlignCenter, placed.text)
        if placed.score_text:
            painter.setPen(QColor(score))
            painter.setFont(self.score_font)
            painter.drawText(QRectF(inner.x(), inner.y() + label_h, inner.width(),
                                    inner.height() - label_h),
                             Qt.AlignmentFlag.AlignCenter, placed.score_text)

    # -- mouse ---------------------------------------------------------------------------------
    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        placed = self.chip_at(event.position())
        chip = placed.chip if placed is not None else None
        if chip != self._hover:
            self._hover = chip
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:
        if self._hover is not None:
            self._hover = None
            self.update()
        super().leaveEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            placed = self.chip_at(QPointF(event.pos()))
            if placed is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip(placed.chip), self,
                                  placed.rect.toAlignedRect())
            return True
        return super().event(event)


def _best_tiles(lattice: PieceLattice) -> list[tuple[int, int, LatticeNode | None,
                                                     tuple[int, ...]]]:
    """The best path as (start, end, node, ids) left to right, covering the piece. Characters
    no vocabulary piece covers have no node: the best path's ids there (the unknown token)
    come between the nodes around them, so they are matched by order."""
    ids = lattice.best_path
    on_path = sorted((n for n in lattice.nodes if n.on_best_path), key=lambda n: n.start)
    tiles: list[tuple[int, int, LatticeNode | None, tuple[int, ...]]] = []
    k = pos = 0
    for node in on_path:
        if node.start < pos:
            continue
        gap: list[int] = []
        while k < len(ids) and ids[k] != node.id:
            gap.append(ids[k])
            k += 1
        k += 1
        if node.start > pos:
            tiles.append((pos, node.start, None, tuple(gap)))
        tiles.append((node.start, node.end, node, (node.id,)))
        pos = node.end
    if pos < len(lattice.text):
        tiles.append((pos, len(lattice.text), None, tuple(ids[k:])))
    return tiles


def _cap_cut(lattice: PieceLattice, budget: int) -> int:
    """Where to cut a piece whose nodes do not all fit ``budget``: the furthest best-path cut
    with at most ``budget`` nodes ending before it (0: not even the first fits)."""
    ends = sorted(n.end for n in lattice.nodes)
    best = 0
    for _, end, _, _ in _best_tiles(lattice):
        if bisect_right(ends, end) > budget:
            break
        best = end
    return best


def _make_piece(tokenizer: Tokenizer, index: int, lattice: PieceLattice, cut: int) -> _Piece:
    def label(ids: tuple[int, ...]) -> str:
        if not ids:
            return "?"
        if len(set(ids)) == 1 and len(ids) > 1:
            return f"{label_of(tokenizer, ids[0])}×{len(ids)}"
        return " ".join(label_of(tokenizer, i) for i in ids)

    best = [LatticeChip(index, s, e, node, ids, label(ids), True)
            for s, e, node, ids in _best_tiles(lattice) if e <= cut]
    candidates = sorted((LatticeChip(index, n.start, n.end, n, (n.id,), label((n.id,)), False)
                         for n in lattice.nodes if not n.on_best_path and n.end <= cut),
                        key=lambda c: (c.end - c.start, c.start))
    cuts = [0, *(chip.end for chip in best)]
    return _Piece(index, lattice.text[:cut], len(lattice.text), best, candidates, cuts)
