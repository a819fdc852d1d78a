"""Stable token colours: the same id gets the same colour everywhere.

The palette is Okabe–Ito's eight colours (distinguishable with the common colour-vision
deficiencies), lightened so that black text stays readable on them. Special tokens are a dark
violet with white text; byte tokens of a byte-fallback vocabulary and unknown tokens are red
(as in seed 001's demo), so they stand out from everything else.
"""

from __future__ import annotations

OKABE_ITO_LIGHT = (
    "#f5d08a",  # orange
    "#a9d8f2",  # sky blue
    "#8fd6bd",  # bluish green
    "#f7f0a0",  # yellow
    "#8fb8dc",  # blue
    "#f0b08a",  # vermillion
    "#e1b3cf",  # reddish purple
    "#d0d0d0",  # grey
)
ALTERNATING = ("#a9d8f2", "#f5d08a")
SPECIAL_COLOR = "#7a4fc9"
FALLBACK_COLOR = "#e45756"
UNKNOWN_COLOR = "#b22222"
DARK_COLORS = frozenset({SPECIAL_COLOR, FALLBACK_COLOR, UNKNOWN_COLOR})


def token_color(token_id: int) -> str:
    # Multiplicative hashing spreads consecutive ids over the palette.
    return OKABE_ITO_LIGHT[(token_id * 2654435761 >> 7) % len(OKABE_ITO_LIGHT)]


def chip_color(token_id: int, kind: str, index: int, *, alternating: bool = False) -> str:
    """The background of token ``index`` (its position) with this id and kind."""
    if kind in ("special", "added"):
        return SPECIAL_COLOR
    if kind == "byte_fallback":
        return FALLBACK_COLOR
    if kind == "unknown":
        return UNKNOWN_COLOR
    if alternating:
        return ALTERNATING[index % 2]
    return token_color(token_id)


def text_color(background: str) -> str:
    return "#ffffff" if background in DARK_COLORS else "#000000"
