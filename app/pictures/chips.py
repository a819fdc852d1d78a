"""What the three pictures share: a token's text as a chip shows it, a chip fitted to its
width (a smaller type, then an ellipsis), and the title line."""

from __future__ import annotations

from bpelens.core import Tokenizer, hex_bytes, visible

from .picture import Box, Chip, Text
from .qt_paint import text_width
from .themes import Theme

BASE_SIZE = 16.0  # px, the characters' size at scale 1 (a theme may enlarge it)
MIN_LABEL_SIZE = 9.0


def token_text(tokenizer: Tokenizer, tid: int, *, special: bool = False) -> str:
    """A token's text with nothing invisible (· for a space); a special token by its name; a
    part of a character by its bytes in hex."""
    if special:
        return tokenizer.token_label(tid)
    data = tokenizer.token_bytes(tid)
    try:
        return visible(data.decode("utf-8"))
    except UnicodeDecodeError:
        return hex_bytes(data)


def fitted_label(text: str, width: float, size: float) -> tuple[str, float]:
    """The label and its size so that it fits ``width``: smaller type down to
    MIN_LABEL_SIZE, then cut with … at the end."""
    while size > MIN_LABEL_SIZE and text_width(text, size) > width:
        size -= 1
    if text_width(text, size) <= width:
        return text, size
    while len(text) > 1 and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…", size


def make_chip(theme: Theme, x: float, y: float, w: float, h: float, *, token_id: int,
              text: str, color: int, with_id: bool = True, kind: str = "token",
              edge: str | None = None) -> Chip:
    size = BASE_SIZE * theme.font_scale * 0.9
    label, size = fitted_label(text, w - 6, size)
    ink = theme.chip_text(color)
    id_size = max(8.0, 10.0 * theme.font_scale)
    label_y = y + (h * 0.48 if with_id else h * 0.5) + size * 0.35
    id_text = None
    if with_id:
        shown_id, id_font = fitted_label(str(token_id), w - 4, id_size)
        id_text = Text(x + w / 2, y + h - 5, shown_id, id_font, ink, mono=True)
    return Chip(Box(x + 1, y, max(1.0, w - 2), h, theme.fill(color), edge or theme.chip_edge,
                    theme.chip_edge_width if edge is None else 2.5, 4),
                Text(x + w / 2, label_y, label, size, ink), token_id, text, id_text, kind)


def title_text(theme: Theme, x: float, y: float, text: str) -> Text:
    return Text(x, y, text, 13 * theme.font_scale, theme.muted, anchor="start")
