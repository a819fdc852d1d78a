"""Two pictures that flow like text, wrapped at the picture's width:

* the shaped view: the text as typed, each token's characters on its colour (tokens that
  share a character — bytes of one character in different tokens — split its background);
* a playback frame: every piece's tokens after the first N merge steps of the whole text, the
  step's new token outlined, the step named in the title.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QTextLayout

from bpelens.core import (
    ConfigError,
    EncodingPlayback,
    SpecialMode,
    Tokenizer,
    isolated,
    token_table,
)

from ..gui.token_colors import first_color, next_color, token_colors
from .chips import BASE_SIZE, make_chip, title_text, token_text
from .layers_picture import check_length
from .picture import Box, Chip, Picture, Text
from .qt_paint import font, text_width
from .themes import SHAPED_INK, Theme

MARGIN = 16.0
TITLE = 34.0
JUST_MERGED = "#b35c00"  # the playback's own mark for a token the step made (chip_canvas)


@dataclass
class _Flow:
    """Left-to-right placement with wrapping."""

    width: float
    line_height: float
    x: float = MARGIN
    y: float = TITLE

    def place(self, w: float) -> tuple[float, float]:
        if self.x + w > self.width - MARGIN and self.x > MARGIN:
            self.newline()
        at = (self.x, self.y)
        self.x += w
        return at

    def newline(self) -> None:
        self.x = MARGIN
        self.y += self.line_height


def shaped_picture(tokenizer: Tokenizer, text: str, theme: Theme, *, width: float = 1200,
                   special: SpecialMode = "all", title: str | None = None) -> Picture:
    """The text laid out by Qt as it is drawn (shaping, right-to-left runs, line breaks at
    the width), each token's characters on its colour: where the layout puts a token's
    characters, there is its background — in an Arabic run from right to left, a Hindi
    conjunct whole."""
    check_length(text)
    table = token_table(tokenizer, text, special=special)
    colors = token_colors(table)
    chars = table.model_text
    size = BASE_SIZE * theme.font_scale * 1.5
    line_height = size * 1.9
    lines = lay_out(chars.replace("\n", LINE_SEPARATOR), size, width - 2 * MARGIN)
    picture = Picture(width, TITLE + len(lines) * line_height + MARGIN, theme.background,
                      title or f"{tokenizer.name or 'tokenizer'}: {len(table.ids):,} tokens")
    picture.shapes.append(title_text(theme, MARGIN, 22, f"{picture.title} · {len(chars):,} "
                                     "characters"))
    # Tokens grouped by the characters they touch (bytes of one character in several
    # tokens): a group's place is split between its tokens by their bytes.
    t, n = 0, len(table.ids)
    while t < n:
        first, end = t, t + 1
        c0, c1 = table.char_starts[t], table.char_ends[t]
        while end < n and table.char_starts[end] < c1:
            c1 = max(c1, table.char_ends[end])
            end += 1
        total = sum(table.byte_ends[k] - table.byte_starts[k] for k in range(first, end))
        for number, (start, length, xs) in enumerate(lines):
            a, b = max(c0, start), min(c1, start + length)
            if a >= b and not (c0 == c1 == a):
                continue
            x0, x1 = xs[a - start], xs[b - start]
            step = 1.0 if x1 >= x0 else -1.0  # a right-to-left run splits from the right
            top = TITLE + number * line_height
            at = MARGIN + x0
            for k in range(first, end):
                share = (table.byte_ends[k] - table.byte_starts[k]) / total if total else 1
                w = abs(x1 - x0) * share
                tid = table.ids[k]
                picture.shapes.append(Chip(
                    Box(at if step > 0 else at - w, top + 2, max(w, 1.0), line_height - 6,
                        theme.text_fill(colors[k])), None,
                    tid, token_text(tokenizer, tid, special=bool(table.from_special[k])),
                    kind="token" if start <= c0 else "token continued"))
                at += step * w
        t = end
    for number, (start, length, _) in enumerate(lines):
        shown = chars[start : start + length].replace("\n", "")
        picture.shapes.append(Text(MARGIN, TITLE + number * line_height + line_height * 0.62,
                                   shown, size, SHAPED_INK, anchor="start"))
    return picture


LINE_SEPARATOR = "\u2028"  # what QTextLayout breaks a line at (a "\n" is one character too)


def lay_out(text: str, size: float, width: float) -> list[tuple[int, int, list[float]]]:
    """Qt's lines of ``text``: (first character, how many, the x of every cursor position
    from the first to just after the last)."""
    layout = QTextLayout(text, font(size))
    layout.beginLayout()
    lines = []
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(width)
        lines.append(line)
    layout.endLayout()
    out = [(line.textStart(), line.textLength(),
            [line.cursorToX(i)[0] for i in range(line.textStart(),
                                                 line.textStart() + line.textLength() + 1)])
           for line in lines]
    return out or [(0, 0, [0.0])]


def playback_picture(tokenizer: Tokenizer, text: str, theme: Theme, *, step: int | None = None,
                     width: float = 1200, title: str | None = None) -> Picture:
    """The frame after ``step`` text steps (None: the last, every merge done)."""
    check_length(text)
    encoding = tokenizer.encode(text, special="none", trace=True)
    playback = EncodingPlayback(tokenizer, encoding)
    steps = len(playback.text_steps)
    if step is None:
        step = steps
    if not 0 <= step <= steps:
        raise ConfigError(f"--step {step}: this text's playback has steps 0 to {steps}")
    state = playback.text_state(step)
    made = playback.text_steps[step - 1].rule if step else None
    name = title or f"{tokenizer.name or 'tokenizer'}: merge playback"
    caption = f"step {step:,} of {steps:,}"
    if made is not None:
        caption += (f": merge rank {made.rank:,}, {isolated(token_text(tokenizer, made.left_id))}"
                    f" + {isolated(token_text(tokenizer, made.right_id))} → "
                    f"{isolated(token_text(tokenizer, made.new_id))}")
    elif steps:
        caption += ": the text's starting symbols"
    chip_h = 44 * theme.font_scale
    flow = _Flow(width, chip_h + 12)
    picture = Picture(width, 0, theme.background, name)
    picture.shapes.append(title_text(theme, MARGIN, 22, f"{name} · {caption}"))
    size = BASE_SIZE * theme.font_scale * 0.9
    for ids in state:
        left_color = None
        widths = [max(30.0, text_width(token_text(tokenizer, tid), size) + 16) for tid in ids]
        if flow.x > MARGIN and flow.x + sum(widths) > width - MARGIN:
            flow.newline()  # a piece stays on one line when it can
        for tid, w in zip(ids, widths, strict=True):
            color = next_color(first_color(tid, tokenizer.model.kind(tid)), left_color)
            left_color = color
            x, y = flow.place(w)
            mark = JUST_MERGED if made is not None and tid == made.new_id else None
            picture.shapes.append(make_chip(theme, x, y, w, chip_h, token_id=tid,
                                            text=token_text(tokenizer, tid), color=color,
                                            edge=mark))
        flow.x += 10  # a gap between pieces
    picture.height = flow.y + chip_h + 12 + MARGIN
    return picture
