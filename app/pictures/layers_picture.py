"""The layers view as a picture: characters, UTF-8 bytes and tokens, one row each, on one
byte axis, wrapped into bands at the picture's width (never inside a character; a line break
in the text starts a band). A token that goes on into the next band is drawn again there as
its continuation."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from bpelens.core import ConfigError, SpecialMode, Tokenizer, token_table, visible

from ..gui.token_colors import token_colors
from .chips import BASE_SIZE, make_chip, title_text, token_text
from .picture import Box, Line, Picture, Text
from .qt_paint import text_width
from .themes import Theme

MAX_CHARS = 5_000  # a picture for a slide; longer texts are refused with the reason
CELL = 30.0  # px per byte
LABEL_WIDTH = 84.0
MARGIN = 16.0
TITLE = 34.0
ROW_CHARS, ROW_BYTES, ROW_TOKENS = 32.0, 20.0, 46.0
BAND_GAP = 18.0


def check_length(text: str) -> None:
    if len(text) > MAX_CHARS:
        raise ConfigError(f"the text has {len(text):,} characters; a picture takes at most "
                          f"{MAX_CHARS:,}")


def layers_picture(tokenizer: Tokenizer, text: str, theme: Theme, *, width: float = 1200,
                   special: SpecialMode = "all", title: str | None = None) -> Picture:
    check_length(text)
    table = token_table(tokenizer, text, special=special)
    colors = token_colors(table)
    chars, starts = table.model_text, table.char_bytes
    cell = CELL * theme.font_scale
    row_chars, row_bytes, row_tokens = (r * theme.font_scale
                                        for r in (ROW_CHARS, ROW_BYTES, ROW_TOKENS))
    usable = max(cell * 4, width - 2 * MARGIN - LABEL_WIDTH)
    bands: list[tuple[int, int]] = []
    first, x = 0, 0.0
    for i, ch in enumerate(chars):
        w = (starts[i + 1] - starts[i]) * cell
        if x + w > usable and i > first:
            bands.append((first, i))
            first, x = i, 0.0
        x += w
        if ch == "\n":
            bands.append((first, i + 1))
            first, x = i + 1, 0.0
    if first < len(chars) or not bands:
        bands.append((first, len(chars)))
    band_height = row_chars + row_bytes + row_tokens + 10
    widest = max((starts[e] - starts[s]) * cell for s, e in bands) if chars else 0.0
    picture = Picture(
        width=max(width if len(bands) > 1 else 0, MARGIN * 2 + LABEL_WIDTH + widest, 320),
        height=TITLE + len(bands) * (band_height + BAND_GAP) + MARGIN,
        background=theme.background,
        title=title or f"{tokenizer.name or 'tokenizer'}: {len(table.ids):,} tokens")
    picture.shapes.append(title_text(
        theme, MARGIN, 22, f"{picture.title} · {len(chars):,} characters · "
        f"{table.byte_count:,} bytes"))
    ends, token_starts = list(table.byte_ends), list(table.byte_starts)
    glyph = BASE_SIZE * theme.font_scale * 1.1
    small = 11 * theme.font_scale
    for number, (s, e) in enumerate(bands):
        top = TITLE + number * (band_height + BAND_GAP)
        lo, hi = starts[s], starts[e]
        left = MARGIN + LABEL_WIDTH

        def x_of(offset: int, lo: int = lo, left: float = left) -> float:
            return left + (offset - lo) * cell

        for row, (name, height) in enumerate((("characters", row_chars), ("bytes", row_bytes),
                                              ("tokens", row_tokens))):
            y = top + (0, row_chars, row_chars + row_bytes)[row]
            picture.shapes.append(Text(MARGIN, y + height / 2 + 4, name, 11 * theme.font_scale,
                                       theme.muted, anchor="start"))
        picture.shapes.append(Line(left, top + row_chars, x_of(hi), top + row_chars, theme.rule))
        for i in range(s, e):
            a, b = x_of(starts[i]), x_of(starts[i + 1])
            shown = visible(chars[i])
            picture.shapes.append(Text((a + b) / 2, top + row_chars - 9, shown,
                                       min(glyph, _fit(shown, b - a - 2, glyph)), theme.text))
            picture.shapes.append(Line(b, top + 4, b, top + row_chars + row_bytes, theme.rule,
                                       0.6))
        data = chars[s:e].encode("utf-8", "surrogatepass")
        for k, value in enumerate(data):
            a = x_of(lo + k)
            picture.shapes.append(Text(a + cell / 2, top + row_chars + 14, f"{value:02X}",
                                       small, theme.muted, mono=True))
        y = top + row_chars + row_bytes + 4
        for t in range(bisect_right(ends, lo), bisect_left(token_starts, hi)):
            a, b = max(token_starts[t], lo), min(ends[t], hi)
            if b <= a:
                continue  # a token of no bytes (an empty special match) has no place here
            special_token = bool(table.from_special[t])
            picture.shapes.append(make_chip(
                theme, x_of(a), y, x_of(b) - x_of(a), row_tokens - 4, token_id=table.ids[t],
                text=token_text(tokenizer, table.ids[t], special=special_token),
                color=colors[t],
                kind="token" if token_starts[t] >= lo else "token continued"))
    if not chars:
        picture.shapes.append(Box(MARGIN, TITLE, 1, 1, theme.background))
    return picture


def _fit(text: str, width: float, size: float) -> float:
    while size > 8 and text_width(text, size) > width:
        size -= 1
    return size
