"""Stable token colours: the same id gets the same colour everywhere.

The palette is Okabe–Ito's eight colours (distinguishable with the common colour-vision
deficiencies), lightened so that black text stays readable on them.
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
SPECIAL_COLOR = "#7a4fc9"
FALLBACK_COLOR = "#e45756"


def token_color(token_id: int) -> str:
    # Multiplicative hashing spreads consecutive ids over the palette.
    return OKABE_ITO_LIGHT[(token_id * 2654435761 >> 7) % len(OKABE_ITO_LIGHT)]
