"""Token colours: stable per id, never alike side by side, colour-blind safe.

Every id has two colours, a *first* and a *second*: the first is picked from the id alone (so
the same id looks the same everywhere), the second is its first colour's partner. A token
shows its second colour only when the token on its left shows its first colour — or one too
much like it to tell apart. So "stable" means: a token's colour is one of its id's two
colours, and which one depends only on its left neighbour's colour. Both views (layers and
shaped) read the same colours, computed once per encoding (:func:`token_colors`).

The palette is Okabe and Ito's eight hues (chosen to stay apart with the common colour-vision
deficiencies), each lightened so black text on it keeps a contrast of at least 9:1. Lightened,
some pairs come close in some vision (orange and vermilion for a protanope, sky blue and
bluish green for a tritanope): those pairs are :data:`CLOSE` and are never neighbours; each
colour's :data:`PARTNER` is far from it and from every colour close to it, so any two
neighbouring tokens differ by at least ΔE*ab 20 in normal, protan, deutan and tritan vision
(Machado et al. 2009 at full severity; tests/test_gui_token_colors.py checks it).

Special and added tokens are violet with white text; byte-fallback and unknown tokens red;
each with a darker second shade for a like neighbour.
"""

from __future__ import annotations

from typing import Protocol

PALETTE = (
    "#eaad26",  # orange
    "#5fb8ea",  # sky blue
    "#6bc7ad",  # bluish green
    "#f3ea6a",  # yellow
    "#b5d6e9",  # blue
    "#e69e65",  # vermilion
    "#dfacc8",  # reddish purple
    "#c6c6c6",  # grey
)
# Palette pairs closer than ΔE 20 in some vision (indices into PALETTE).
CLOSE = frozenset({
    (0, 3), (0, 5), (1, 2), (1, 6), (2, 4), (2, 6), (2, 7), (3, 7), (4, 6), (4, 7), (6, 7),
})
PARTNER = (1, 3, 0, 1, 0, 4, 5, 5)
SPECIAL, SPECIAL_2 = "#7a4fc9", "#5a3596"
FALLBACK, FALLBACK_2 = "#c93a39", "#a02a2a"
UNKNOWN, UNKNOWN_2 = "#7f1818", "#5e1010"
ALTERNATING = ("#b5d6e9", "#f3ea6a")

# Colour numbers: the palette, then the dark pairs, then the alternating pair.
COLORS = (*PALETTE, SPECIAL, SPECIAL_2, FALLBACK, FALLBACK_2, UNKNOWN, UNKNOWN_2, *ALTERNATING)
_DARK_FIRST = {"special": 8, "added": 8, "byte_fallback": 10, "unknown": 12}
_SECOND = {**{i: p for i, p in enumerate(PARTNER)}, 8: 9, 10: 11, 12: 13}
DARK_COLORS = frozenset(COLORS[8:14])
# Kept for readers of the old names.
SPECIAL_COLOR, FALLBACK_COLOR, UNKNOWN_COLOR = SPECIAL, FALLBACK, UNKNOWN


def _too_close(a: int, b: int) -> bool:
    return a == b or (min(a, b), max(a, b)) in CLOSE


class _Tokens(Protocol):
    ids: list[int]
    from_special: list[bool]

    def kind(self, index: int) -> str: ...


def first_color(token_id: int, kind: str = "merged") -> int:
    """The colour number an id shows unless its left neighbour looks like it."""
    dark = _DARK_FIRST.get(kind)
    if dark is not None:
        return dark
    # Multiplicative hashing spreads consecutive ids over the palette.
    return (token_id * 2654435761 >> 7) % len(PALETTE)


def second_color(first: int) -> int:
    return _SECOND[first]


def next_color(first: int, left: int | None) -> int:
    """The colour of a token whose id's first colour is ``first``, after a ``left`` one."""
    if left is not None and left < 8 and first < 8:
        return PARTNER[first] if _too_close(left, first) else first
    return _SECOND.get(first, first) if left == first else first


def token_colors(table: _Tokens) -> bytearray:
    """Colour number of every token of a table, left to right (see the module's rule)."""
    out = bytearray(len(table.ids))
    _color_run(table, out, 0)
    return out


def token_colors_after_edit(table: _Tokens, old: bytearray, start: int, old_end: int,
                            new_end: int) -> bytearray:
    """The colours of ``table``, whose tokens ``start`` to ``new_end`` replaced tokens
    ``start`` to ``old_end`` of the table ``old`` coloured (the others are the same tokens):
    a colour depends on the token and its left neighbour's colour only, so once a token
    after the edit gets its old colour again, every one after it does too."""
    delta = new_end - old_end
    out = bytearray(old[:start]) + bytearray(new_end - start) + old[old_end:]
    _color_run(table, out, start, stop=new_end, old=old, delta=delta)
    return out


def _color_run(table: _Tokens, out: bytearray, start: int, *, stop: int | None = None,
               old: bytearray | None = None, delta: int = 0) -> None:
    """Colour tokens from ``start`` on into ``out``; past ``stop``, end at the first token
    whose colour is its old one (``old[i - delta]``: ``out`` holds the old colours there)."""
    ids, from_special = table.ids, table.from_special
    firsts: tuple[dict[int, int], dict[int, int]] = ({}, {})  # by id: model / special tokens
    after = _NEXT[out[start - 1]] if start > 0 else _NEXT[-1]  # next colours after the left
    for i in range(start, len(ids)):
        token_id = ids[i]
        cache = firsts[from_special[i]]
        first = cache.get(token_id)
        if first is None:
            first = cache[token_id] = first_color(token_id, table.kind(i))
        color = after[first]
        if stop is not None and i >= stop and old is not None and old[i - delta] == color:
            return  # the same colours from here on: out holds them already
        out[i] = color
        after = _NEXT[color]


# _NEXT[left][first]: next_color for every pair of colour numbers (row -1: no left token).
_NEXT = [[next_color(first, left) for first in range(14)] for left in range(14)] + [
    list(range(14))]


def chip_color(number: int, index: int, *, alternating: bool = False) -> str:
    """The background of token ``index`` whose colour number is ``number``; alternating mode
    colours by position instead (dark kinds keep their colours)."""
    if alternating and number < 8:
        return ALTERNATING[index % 2]
    return COLORS[number]


def text_color(background: str) -> str:
    return "#ffffff" if background in DARK_COLORS else "#000000"
