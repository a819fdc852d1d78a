"""The layers drawn as shapes, band by band: codepoints, UTF-8 bytes, pre-token pieces and
tokens (with their ids), one row each on one byte axis (one cell per byte). The window's
layers view paints the bands on screen with these shapes, and the layers picture lays every
band of the text out with the same ones — one drawing, on screen and in PNG/SVG.

A band is a run of bytes (a line of the text, wrapped at the width, never inside a character:
:func:`compute_bands`); a token that goes on into the next band is labelled there again.
"""

from __future__ import annotations

import unicodedata
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from bpelens.core import TokenTable, invisible_name, visible

from .chips import fitted_label
from .palette import Palette
from .picture import Box, Chip, Shape, Text
from .qt_paint import baseline, text_width
from .token_colors import chip_color

# Sizes at zoom 1, in pixels.
CELL = 32.0  # per byte
LABEL_WIDTH = 62.0
ROW_CHARS, ROW_BYTES, ROW_PIECES, ROW_TOKENS, ROW_IDS = 44.0, 20.0, 14.0, 30.0, 14.0
BAND_GAP = 12.0
GLYPH_SIZE, CODE_SIZE, BYTE_SIZE, CHIP_SIZE, ID_SIZE, ROW_NAME_SIZE = (
    18.5, 9.5, 10.5, 13.0, 9.5, 9.5)
ROW_NAMES = ("characters", "bytes", "pieces", "tokens")
SELECTED_OPACITY, HOVER_OPACITY = 0.16, 0.07


@dataclass(frozen=True)
class LayersGeometry:
    """Cells, rows and type of the layers at a zoom (presentation mode, a picture's scale)."""

    zoom: float = 1.0

    def __getattr__(self, name: str) -> float:
        # Cells and rows are whole pixels (the window scrolls and hits by them); type sizes
        # keep their fraction.
        base = _CELLS.get(name)
        if base is not None:
            return round(base * self.zoom)
        base = _TYPE.get(name)
        if base is None:
            raise AttributeError(name)
        return round(base * self.zoom, 2)

    def band_height(self, show_ids: bool) -> float:
        return (self.row_chars + self.row_bytes + self.row_pieces + self.row_tokens
                + (self.row_ids if show_ids else 0) + self.band_gap)

    def capacity(self, width: float) -> int:
        """Bytes a band holds in ``width`` pixels."""
        return max(4, int((width - self.label_width - 8) // self.cell))


_CELLS = {"cell": CELL, "label_width": LABEL_WIDTH, "row_chars": ROW_CHARS,
          "row_bytes": ROW_BYTES, "row_pieces": ROW_PIECES, "row_tokens": ROW_TOKENS,
          "row_ids": ROW_IDS, "band_gap": BAND_GAP}
_TYPE = {"glyph_size": GLYPH_SIZE, "code_size": CODE_SIZE, "byte_size": BYTE_SIZE,
         "chip_size": CHIP_SIZE, "id_size": ID_SIZE, "row_name_size": ROW_NAME_SIZE}


class Bands:
    """Byte ranges ``(start, end)`` of the bands, in order. Ten megabytes of text make half
    a million bands; they are kept as two arrays (16 bytes a band, not a tuple at ~110)."""

    __slots__ = ("ends", "starts")

    def __init__(self, starts: array | None = None, ends: array | None = None) -> None:
        self.starts = starts if starts is not None else array("q")
        self.ends = ends if ends is not None else array("q")

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, band: int) -> tuple[int, int]:
        return self.starts[band], self.ends[band]

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return zip(self.starts, self.ends, strict=True)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bands):
            return self.starts == other.starts and self.ends == other.ends
        if isinstance(other, list):
            return list(self) == other
        return NotImplemented

    def __repr__(self) -> str:
        return f"Bands({list(self)[:8]}{'…' if len(self) > 8 else ''})"

    def band_of_byte(self, offset: int) -> int:
        """The band holding byte ``offset`` (the last band for the end of the text)."""
        return max(0, bisect_right(self.starts, offset) - 1)


def compute_bands(text: str, char_bytes: Sequence[int], capacity: int) -> Bands:
    """Byte ranges of the bands: one per line of ``text`` (the newline ends its line), cut
    into ranges of at most ``capacity`` bytes at character boundaries (a character wider than
    the capacity gets a band of its own). An empty text has one empty band."""
    capacity = max(4, capacity)
    starts, ends = array("q"), array("q")
    n = len(text)
    pos = 0
    while pos < n:
        newline = text.find("\n", pos)
        line_end = n if newline < 0 else newline + 1
        b0, b1 = char_bytes[pos], char_bytes[line_end]
        while b1 - b0 > capacity:
            cut = bisect_right(char_bytes, b0 + capacity, pos, line_end + 1) - 1
            if cut <= pos:
                cut = pos + 1
            starts.append(b0)
            ends.append(char_bytes[cut])
            pos, b0 = cut, char_bytes[cut]
        starts.append(b0)
        ends.append(b1)
        pos = line_end
    if not starts:
        starts.append(0)
        ends.append(0)
    return Bands(starts, ends)


def codepoint_label(ch: str) -> str:
    """A codepoint as shown in its cell: whitespace visible, an invisible character by its
    name (ZWJ, VS16, NBSP), a lone mark on a dotted circle."""
    name = invisible_name(ch)
    if name is not None:
        return name
    if unicodedata.category(ch) in ("Mn", "Mc", "Me"):
        return "◌" + ch
    return visible(ch)


@dataclass(frozen=True, slots=True)
class TokenSpan:
    """What the tokens row draws of one token in one band: its chip's place."""

    index: int
    x: float
    y: float
    w: float
    h: float
    label: str  # before fitting to the chip's width
    first: bool  # the token starts in this band (else it goes on from the band before)


@dataclass(frozen=True)
class LayersLook:
    """What the layers are drawn with besides the table: the theme, the tokens' colour
    numbers, the options, the marks and the words for the rows."""

    palette: Palette
    colors: Sequence[int]
    label: Callable[[int], str]  # a token's chip label, by index
    show_ids: bool = True
    alternating: bool = False
    selected: int | None = None
    hovered: int | None = None
    row_names: Sequence[str] = ROW_NAMES

    def token_fill(self, index: int) -> str:
        number = self.colors[index] if index < len(self.colors) else 7
        if self.alternating and number < 8:
            return chip_color(number, index, alternating=True)
        return self.palette.fill(number)

    def token_ink(self, index: int) -> str:
        number = self.colors[index] if index < len(self.colors) else 7
        if self.alternating and number < 8:  # the alternating pair: light, under dark ink
            return self.palette.plain_ink
        return self.palette.chip_text(number)


def token_spans(table: TokenTable, band: tuple[int, int], top: float, geometry: LayersGeometry,
                label: Callable[[int], str], left: float = 0.0) -> list[TokenSpan]:
    """The chips of the tokens row of one band, in order: every token with bytes in the
    band (one that goes on from the band before is labelled again)."""
    b0, b1 = band
    y = top + geometry.row_chars + geometry.row_bytes + geometry.row_pieces
    x0, cell = left + geometry.label_width, geometry.cell
    out = []
    for index in table.tokens_in_bytes(b0, b1):
        start, end = table.byte_starts[index], table.byte_ends[index]
        s, e = max(b0, start), min(b1, end)
        if e <= s and not (start == end == s):
            continue
        out.append(TokenSpan(index, x0 + (s - b0) * cell + 1.5, y + 2,
                             max(3.0, (e - s) * cell - 3), geometry.row_tokens - 4,
                             label(index), first=s == start))
    return out


def band_shapes(table: TokenTable, band: tuple[int, int], top: float,
                geometry: LayersGeometry, look: LayersLook, *, left: float = 0.0
                ) -> list[Shape]:
    """The shapes of one band whose top is at ``top`` (and its row names at ``left``)."""
    palette = look.palette
    shapes: list[Shape] = []
    rows = (geometry.row_chars, geometry.row_bytes, geometry.row_pieces, geometry.row_tokens)
    y = top
    name_size = geometry.row_name_size
    for name, height in zip(look.row_names, rows, strict=True):
        shown, size = fitted_label(name, geometry.label_width - 8, name_size)
        shapes.append(Text(left + geometry.label_width - 6, baseline(y, height, size), shown,
                           size, palette.muted, anchor="end"))
        y += height
    b0, b1 = band
    if b1 <= b0:
        return shapes
    x0 = left + geometry.label_width
    cell = geometry.cell
    body = geometry.band_height(look.show_ids) - geometry.band_gap
    # Hover and selection: a translucent column over every row of the token's bytes.
    for index, shade, opacity in ((look.hovered, palette.hover_shade, HOVER_OPACITY),
                                  (look.selected, palette.selected_edge, SELECTED_OPACITY)):
        if index is None or index >= len(table):
            continue
        s, e = max(b0, table.byte_starts[index]), min(b1, table.byte_ends[index])
        if s < e:
            shapes.append(Box(x0 + (s - b0) * cell, top, (e - s) * cell, body, shade,
                              opacity=opacity))
    chars = table.char_bytes
    c_first = bisect_right(chars, b0) - 1
    c_last = bisect_right(chars, b1 - 1) - 1
    text = table.model_text[c_first : c_last + 1]
    _char_cells(shapes, text, chars, c_first, b0, b1, top, x0, geometry, palette)
    _byte_cells(shapes, text.encode("utf-8", "surrogatepass"), chars[c_first], chars, c_first,
                b0, b1, top + geometry.row_chars, x0, geometry, palette)
    _pieces(shapes, table, b0, b1, top + geometry.row_chars + geometry.row_bytes, x0, geometry,
            palette)
    for span in token_spans(table, band, top, geometry, look.label, left):
        shapes.extend(_token_chip(table, span, geometry, look))
    return shapes


def _char_cells(shapes: list[Shape], text: str, chars: Sequence[int], c_first: int, b0: int,
                b1: int, top: float, x0: float, geometry: LayersGeometry,
                palette: Palette) -> None:
    cell = geometry.cell
    glyph_size, code_size = geometry.glyph_size, geometry.code_size
    glyph_row = geometry.row_chars * 0.62
    for offset, ch in enumerate(text):
        c = c_first + offset
        s, e = max(b0, chars[c]), min(b1, chars[c + 1])
        x, w = x0 + (s - b0) * cell + 1, (e - s) * cell - 2
        shapes.append(Box(x, top + 2, w, geometry.row_chars - 4, palette.cell, palette.rule,
                          1.0, 3))
        label, size = fitted_label(codepoint_label(ch), w - 2, glyph_size)
        shapes.append(Text(x + w / 2, baseline(top + 2, glyph_row, size), label, size,
                           palette.ink))
        code = f"U+{ord(ch):04X}"
        if text_width(code, code_size) > w - 2:
            code = code[2:]  # a one-byte cell: the hex digits alone
        code, size = fitted_label(code, w - 2, code_size)
        shapes.append(Text(x + w / 2, baseline(top + glyph_row, geometry.row_chars - glyph_row
                                               - 2, size), code, size, palette.muted))


def _byte_cells(shapes: list[Shape], data: bytes, base: int, chars: Sequence[int],
                c_first: int, b0: int, b1: int, top: float, x0: float,
                geometry: LayersGeometry, palette: Palette) -> None:
    cell, size = geometry.cell, geometry.byte_size
    c = c_first
    text_y = baseline(top + 1, geometry.row_bytes - 2, size, mono=True)
    for offset in range(b0, b1):
        while chars[c + 1] <= offset:
            c += 1
        lead = offset == chars[c]
        x = x0 + (offset - b0) * cell + 1
        shapes.append(Box(x, top + 1, cell - 2, geometry.row_bytes - 2,
                          palette.cell_lead if lead else palette.cell))
        shapes.append(Text(x + (cell - 2) / 2, text_y, f"{data[offset - base]:02X}", size,
                           palette.ink if lead else palette.muted, mono=True))


def _pieces(shapes: list[Shape], table: TokenTable, b0: int, b1: int, top: float, x0: float,
            geometry: LayersGeometry, palette: Palette) -> None:
    cell = geometry.cell
    for index in table.pieces_in_bytes(b0, b1):
        s = max(b0, table.piece_byte_starts[index])
        e = min(b1, table.piece_byte_ends[index])
        if e <= s:
            continue
        special = table.piece_special[index] is not None
        color = palette.pieces[2] if special else palette.pieces[index % 2]
        shapes.append(Box(x0 + (s - b0) * cell + 2, top + 3, (e - s) * cell - 4,
                          geometry.row_pieces - 6, color, radius=3))


def _token_chip(table: TokenTable, span: TokenSpan, geometry: LayersGeometry,
                look: LayersLook) -> list[Shape]:
    palette = look.palette
    index = span.index
    fill = look.token_fill(index)
    chosen = index == look.selected
    label, size = fitted_label(span.label, span.w - 4, geometry.chip_size)
    ink = look.token_ink(index)
    id_text = None
    if look.show_ids:
        shown, id_size = fitted_label(str(table.ids[index]), max(span.w, 40) - 2,
                                      geometry.id_size)
        id_text = Text(span.x, baseline(span.y + span.h + 2, geometry.row_ids, id_size), shown,
                       id_size, palette.muted, anchor="start")
    box = Box(span.x, span.y, span.w, span.h, fill,
              palette.selected_edge if chosen else palette.chip_edge,
              2.5 if chosen else palette.chip_edge_width, 5,
              # A chip cut inside a character: a dashed edge says "the character goes on".
              dashed=bool(table.partial[index]))
    chip = Chip(box, Text(span.x + span.w / 2, baseline(span.y, span.h, size), label, size, ink),
                table.ids[index], span.label, id_text,
                "token" if span.first else "token continued")
    return [chip]

