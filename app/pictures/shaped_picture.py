"""The shaped view as a picture: the text as typed, wrapped at the picture's width, each line
shaped whole and drawn as one run over its tokens' colours — placed by the same code as the
window's view (:mod:`.shaped_text`), so the picture and the window agree glyph for glyph."""

from __future__ import annotations

import unicodedata

from PySide6.QtGui import QTextLayout, QTextOption

from bpelens.core import SpecialMode, Tokenizer, token_table

from .chips import title_text, token_text
from .layers_picture import check_length
from .palette import Palette
from .picture import Box, Chip, Picture, TextRun
from .qt_paint import font, line_layout
from .shaped_text import (
    SHAPED_SIZE,
    backdrop_shapes,
    backdrops,
    grapheme_bounds,
    line_clusters,
    token_parts,
)
from .token_colors import token_colors

MARGIN = 16.0
TITLE = 34.0


def paragraph_is_rtl(text: str) -> bool:
    """Whether a paragraph reads right to left: its first strong character does (the rule Qt
    and the Unicode bidi algorithm use for a paragraph of automatic direction)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in ("R", "AL"):
            return True
    return False


def wrapped_lines(paragraph: str, size: float, width: float) -> list[tuple[int, int]]:
    """Where Qt wraps ``paragraph`` at ``width``: (first UTF-16 position, how many)."""
    layout = QTextLayout(paragraph, font(size))
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    layout.setTextOption(option)
    layout.beginLayout()
    out = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        out.append((line.textStart(), line.textLength()))
    layout.endLayout()
    return out or [(0, 0)]


def _utf16_slice(text: str, start: int, length: int) -> str:
    data = text.encode("utf-16-le", "surrogatepass")
    return data[2 * start : 2 * (start + length)].decode("utf-16-le", "surrogatepass")


def shaped_picture(tokenizer: Tokenizer, text: str, palette: Palette, *, width: float = 1200,
                   special: SpecialMode = "all", title: str | None = None) -> Picture:
    """The text laid out by Qt as it is drawn (shaping, right-to-left runs, line breaks at
    the width), each token's characters on its colour."""
    check_length(text)
    table = token_table(tokenizer, text, special=special)
    colors = token_colors(table)
    chars = table.model_text.replace("\r", "\u240d")  # as the window shows a carriage return
    size = SHAPED_SIZE * palette.font_scale
    line_height = round(size * 1.9)
    usable = width - 2 * MARGIN
    # (first character, the line's text, reads right to left)
    lines: list[tuple[int, str, bool]] = []
    c0 = 0
    for paragraph in chars.split("\n"):
        rtl = paragraph_is_rtl(paragraph)
        for start, length in wrapped_lines(paragraph, size, usable):
            piece = _utf16_slice(paragraph, start, length)
            before = _utf16_slice(paragraph, 0, start)
            lines.append((c0 + len(before), piece, rtl))
        c0 += len(paragraph) + 1
    picture = Picture(width, TITLE + len(lines) * line_height + MARGIN, palette.page,
                      title or f"{tokenizer.name or 'tokenizer'}: {len(table.ids):,} tokens")
    picture.shapes.append(title_text(palette, MARGIN, 22, f"{picture.title} · {len(chars):,} "
                                     "characters"))
    seen: set[int] = set()
    for number, (first, piece, rtl) in enumerate(lines):
        layout = line_layout(piece, size, rtl)
        line = layout.lineAt(0)
        advance = line.naturalTextWidth()
        left = width - MARGIN - advance if rtl else MARGIN
        top = TITLE + number * line_height
        parts, byte_at = token_parts(table, first, piece)
        found = backdrops(line_clusters(line, piece), parts, byte_at, grapheme_bounds(layout, line))
        shapes = backdrop_shapes(found, left, top + 2, line_height - 6,
                                 fill=lambda k: palette.text_fill(colors[k]),
                                 hatch=palette.hatch)
        for backdrop, shape in zip(found, shapes, strict=True):
            assert isinstance(shape, Box)
            tid = table.ids[backdrop.index]
            picture.shapes.append(Chip(
                shape, None, tid,
                token_text(tokenizer, tid, special=bool(table.from_special[backdrop.index])),
                kind="token continued" if backdrop.index in seen else "token"))
            seen.add(backdrop.index)
        text_top = top + (line_height - 4 - line.height()) / 2
        picture.shapes.append(TextRun(left, text_top, piece, size, palette.shaped_ink, rtl,
                                      line.ascent(), advance))
    return picture

