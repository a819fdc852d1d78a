"""Qt counts text positions in UTF-16 code units; Python counts code points. Characters
outside the Basic Multilingual Plane (emoji, rare CJK) take two units, so positions drift
after the first one. This map converts both ways in O(log n).

It is built off the GUI thread for a long text (an emoji-heavy megabyte holds a quarter of a
million such characters), and holds its positions in arrays (8 bytes each, not a Python int).
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_left, bisect_right

from .offsets import counted_from, shifted

_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


class Utf16Map:
    def __init__(self, text: str) -> None:
        self.length = len(text)
        # Code point index of each astral character, and where it ends in UTF-16 units.
        self._astral = array("q")
        self._ends16 = array("q")
        if not text.isascii() and len(text.encode("utf-16-le")) != 2 * len(text):
            self._astral.extend(m.start() for m in _ASTRAL.finditer(text))
            self._ends16.extend(a + k + 2 for k, a in enumerate(self._astral))

    def spliced(self, start: int, old_end: int, middle: str) -> Utf16Map:
        """The map of this text with characters ``start`` to ``old_end`` replaced by
        ``middle``: the astral characters outside are moved, not searched for again."""
        first = bisect_left(self._astral, start)
        last = bisect_left(self._astral, old_end)
        inner = Utf16Map(middle)
        delta = len(middle) - (old_end - start)
        out = Utf16Map("")
        out.length = self.length + delta
        out._astral = (self._astral[:first] + shifted(inner._astral, start)
                       + shifted(self._astral[last:], delta))
        out._ends16 = self._ends16[:first] + counted_from(out._astral, first, 2)
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Utf16Map):
            return NotImplemented
        return (self.length, self._astral, self._ends16) == (other.length, other._astral,
                                                             other._ends16)

    @property
    def units(self) -> int:
        """The text's length in UTF-16 units."""
        return self.length + len(self._astral)

    def to_utf16(self, index: int) -> int:
        return index + bisect_left(self._astral, index)

    def from_utf16(self, position: int) -> int:
        """The code point at (or holding) a UTF-16 position."""
        return min(self.length, position - bisect_right(self._ends16, position))

