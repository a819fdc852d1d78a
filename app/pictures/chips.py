"""What the pictures and the views that draw chips share: a token's text as a chip shows it,
a label fitted to its chip's width (a smaller type, then an ellipsis), and the title line."""

from __future__ import annotations

from bpelens.core import Tokenizer, hex_bytes, visible

from .palette import Palette
from .picture import Text
from .qt_paint import text_width

MIN_LABEL_SIZE = 9.0


def token_label(data: bytes, *, partial: bool = False, spelled: str | None = None,
                name: str | None = None) -> str:
    """How a chip writes a token of bytes ``data``: in hex when it ends inside a character
    (``partial``) or is not UTF-8; else as the vocabulary ``spelled`` it (View → vocabulary
    spelling), by its ``name`` (a special token), or its text with nothing invisible (· for a
    space)."""
    if partial:
        return hex_bytes(data)
    if spelled is not None:
        return visible(spelled)
    if name is not None:
        return name
    try:
        return visible(data.decode("utf-8"))
    except UnicodeDecodeError:
        return hex_bytes(data)


def token_text(tokenizer: Tokenizer, tid: int, *, special: bool = False,
               partial: bool = False) -> str:
    """A token's chip label (:func:`token_label`) from its tokenizer."""
    return token_label(tokenizer.token_bytes(tid), partial=partial,
                       name=tokenizer.token_label(tid) if special else None)


def fitted_label(text: str, width: float, size: float) -> tuple[str, float]:
    """The label and its size so that it fits ``width``: a smaller type (down to three
    quarters of ``size``, and not under MIN_LABEL_SIZE), then cut with … at the end."""
    smallest = max(MIN_LABEL_SIZE, size * 0.75)
    while size - 0.5 >= smallest and text_width(text, size) > width:
        size -= 0.5
    if text_width(text, size) <= width:
        return text, size
    while len(text) > 1 and text_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…", size


def title_text(theme: Palette, x: float, y: float, text: str) -> Text:
    return Text(x, y, text, 13 * theme.font_scale, theme.muted, anchor="start")
