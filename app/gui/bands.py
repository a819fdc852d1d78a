"""How the layers view cuts a text into bands: one per line, wrapped at the view's width, never
inside a character.

Ten megabytes of text make half a million bands; they are kept as two arrays of byte offsets
(16 bytes a band, not a list of tuples at ~110), computed off the GUI thread.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator

from .offsets import shifted


class Bands:
    """Byte ranges ``(start, end)`` of the bands, in order."""

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


def compute_bands(text: str, char_bytes: list[int], capacity: int) -> Bands:
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


def bands_after_edit(old: Bands, text: str, char_bytes: list[int], capacity: int, *,
                     char_start: int, new_char_end: int, byte_start: int, old_byte_end: int
                     ) -> Bands:
    """The bands of ``text`` (the edited one), from the ``old`` bands of the text before the
    edit, when characters from ``char_start`` (byte ``byte_start``) were re-encoded up to
    ``new_char_end`` (``old_byte_end`` in the old text) and both ends are line starts or the
    text's ends: the bands outside are moved, only the edited lines are cut again."""
    new_byte_end = char_bytes[new_char_end]
    first = bisect_left(old.starts, byte_start)
    last = bisect_left(old.starts, old_byte_end) if old_byte_end < old.ends[-1] else len(old)
    starts, ends = old.starts[:first], old.ends[:first]
    if new_char_end > char_start:
        middle = compute_bands(text[char_start:new_char_end],
                               [b - byte_start for b in char_bytes[char_start:new_char_end + 1]],
                               capacity)
        starts += shifted(middle.starts, byte_start)
        ends += shifted(middle.ends, byte_start)
    delta = new_byte_end - old_byte_end
    starts += shifted(old.starts[last:], delta)
    ends += shifted(old.ends[last:], delta)
    if not starts:
        starts.append(0)
        ends.append(0)
    return Bands(starts, ends)

