"""Two pictures that flow like text, wrapped at the picture's width:

* the shaped view: the text as typed, each token's characters on its colour (tokens that
  share a character — bytes of one character in different tokens — split its background);
* a playback frame: every piece's tokens after the first N merge steps of the whole text, the
  step's new token outlined, the step named in the title.
"""

from __future__ import annotations

from dataclasses import dataclass

from bpelens.core import (
    ConfigError,
    EncodingPlayback,
    SpecialMode,
    Tokenizer,
    token_table,
    visible,
)

from ..gui.token_colors import first_color, next_color, token_colors
from .chips import BASE_SIZE, make_chip, title_text, token_text
from .layers_picture import check_length
from .picture import Box, Chip, Picture, Text
from .qt_paint import text_width
from .themes import Theme

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
    check_length(text)
    table = token_table(tokenizer, text, special=special)
    colors = token_colors(table)
    chars = table.model_text
    size = BASE_SIZE * theme.font_scale * 1.5
    line = size * 1.9
    flow = _Flow(width, line)
    picture = Picture(width, 0, theme.background,
                      title or f"{tokenizer.name or 'tokenizer'}: {len(table.ids):,} tokens")
    picture.shapes.append(title_text(theme, MARGIN, 22, f"{picture.title} · {len(chars):,} "
                                     "characters"))
    # Tokens grouped by the characters they touch: a group is drawn once, its background
    # split between its tokens in proportion to their bytes.
    t = 0
    n = len(table.ids)
    while t < n:
        first, end = t, t + 1
        c0, c1 = table.char_starts[t], table.char_ends[t]
        while end < n and table.char_starts[end] < c1:
            c1 = max(c1, table.char_ends[end])
            end += 1
        segment = chars[c0:c1]
        for part_index, part in enumerate(segment.split("\n")):
            if part_index:
                flow.newline()
            shown = visible(part) if part.strip() == "" else part
            if not shown:
                continue
            w = text_width(shown, size) + 2
            x, y = flow.place(w)
            total = sum(table.byte_ends[k] - table.byte_starts[k] for k in range(first, end))
            at = x
            for k in range(first, end):
                share = (table.byte_ends[k] - table.byte_starts[k]) / total if total else 1
                tid = table.ids[k]
                label = token_text(tokenizer, tid, special=bool(table.from_special[k]))
                picture.shapes.append(Chip(
                    Box(at, y + 2, w * share, line - 6, theme.fill(colors[k])), None, tid, label,
                    kind="token" if part_index == 0 else "token continued"))
                at += w * share
            ink = theme.chip_text(colors[first])
            picture.shapes.append(Text(x + 1, y + line * 0.62, shown, size, ink, anchor="start"))
        t = end
    picture.height = flow.y + line + MARGIN
    return picture


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
        caption += (f": merge rank {made.rank:,}, {token_text(tokenizer, made.left_id)} + "
                    f"{token_text(tokenizer, made.right_id)} → "
                    f"{token_text(tokenizer, made.new_id)}")
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
