"""Codepoints, UTF-8 bytes, and the alignment of tokens to byte and character spans.

A byte-level token can stop inside a character (猫 is three bytes, E7 8C AB); alignment maps
each token's byte span to the characters it touches and flags the tokens that start or end
inside one, so no view ever has to decode half a character.
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, pairwise
from typing import Any, Literal

from bpelens.core.messages import Message

from ..errors import EncodeError
from ..fast.short_steps import column, counting, text_slices

SurrogatePolicy = Literal["replace", "error"]
REPLACEMENT_CHARACTER = "\ufffd"


@dataclass(frozen=True, slots=True)
class Codepoint:
    """One character of the text with its place in the UTF-8 byte string."""

    index: int
    char: str
    byte_start: int
    byte_end: int

    @property
    def codepoint(self) -> int:
        return ord(self.char)

    @property
    def label(self) -> str:
        """``"U+732B"``."""
        return f"U+{ord(self.char):04X}"

    @property
    def name(self) -> str:
        return unicodedata.name(self.char, "")

    @property
    def utf8(self) -> bytes:
        return self.char.encode("utf-8")


@dataclass(frozen=True, slots=True)
class Span:
    """Where one token (or piece) lies: bytes and characters, half-open.

    ``starts_inside``/``ends_inside`` say that the first/last byte boundary falls inside a
    multi-byte character; such a token's character span covers the whole character.
    """

    byte_start: int
    byte_end: int
    char_start: int
    char_end: int
    starts_inside: bool = False
    ends_inside: bool = False

    @property
    def partial(self) -> bool:
        return self.starts_inside or self.ends_inside


def find_lone_surrogates(text: str) -> list[int]:
    """Character offsets of code points U+D800–U+DFFF, which UTF-8 cannot encode."""
    # A slice never cuts a code point, so each is checked alone.
    for part in text_slices(text):
        try:
            part.encode("utf-8")
        except UnicodeEncodeError:
            return [i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udfff"]
    return []


def clean_surrogates(text: str, policy: SurrogatePolicy = "replace") -> tuple[str, list[int]]:
    """Make text UTF-8 encodable; returns the text and the offsets that were replaced.

    ``"replace"`` turns each lone surrogate into U+FFFD, one character for one, so offsets
    stay valid (tiktoken does the same). ``"error"`` raises :class:`EncodeError` naming the
    first offending offset.
    """
    offsets = find_lone_surrogates(text)
    if not offsets:
        return text, []
    if policy == "error":
        first = offsets[0]
        raise EncodeError(
            Message("lone surrogate U+{ord:04X} at character {first} cannot be encoded as UTF-8 "
                    "({offsets_count} in the text); use surrogates='replace' to substitute U+FFFD",
                    ord=ord(text[first]), first=first, offsets_count=len(offsets))
        )
    chars = list(text)
    for i in offsets:
        chars[i] = REPLACEMENT_CHARACTER
    return "".join(chars), offsets


# Above this many tokens, alignment is vectorized (numpy is imported only then: the command
# line encodes short texts and should not pay for importing it).
_VECTORIZE_ABOVE = 20_000
# Columns are built for the GUI, which has numpy loaded anyway.
_COLUMNS_VECTORIZE_ABOVE = 500


def char_byte_starts(text: str) -> list[int]:
    """UTF-8 byte offset of every character, plus the total length at the end (len+1 entries).

    ``char_byte_starts("A猫🙂") == [0, 1, 4, 8]``. The text must be encodable (see
    :func:`clean_surrogates`).
    """
    return char_byte_offsets(text).tolist()


def char_byte_offsets(text: str) -> array:
    """The offsets of :func:`char_byte_starts` as a compact ``array('q')`` (8 bytes a
    character, not an int object each): what megabyte texts keep."""
    if text.isascii():
        return counting(len(text) + 1)
    if len(text) > _VECTORIZE_ABOVE:
        import numpy as np

        points = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        starts = np.zeros(len(points) + 1, dtype=np.int64)
        np.cumsum(1 + (points >= 0x80) + (points >= 0x800) + (points >= 0x10000),
                  out=starts[1:])
        return column(starts)
    return array("q", [0, *accumulate(_utf8_width(ord(ch)) for ch in text)])


def char_class(codes: Iterable[int]) -> str:
    """A regex character class of these code points, written as ranges (valid for ``re`` and
    ``regex``); one that matches nothing when there are none."""
    ordered = sorted(set(codes))
    parts: list[str] = []
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1] == ordered[j] + 1:
            j += 1
        first, last = re.escape(chr(ordered[i])), re.escape(chr(ordered[j]))
        parts.append(first if i == j else f"{first}-{last}")
        i = j + 1
    return f"[{''.join(parts)}]" if parts else "(?!)"


def _utf8_width(point: int) -> int:
    return 1 if point < 0x80 else 2 if point < 0x800 else 3 if point < 0x10000 else 4


def codepoints(text: str) -> list[Codepoint]:
    """The codepoint layer: ``codepoints("A猫")`` → A at bytes 0–1, 猫 at bytes 1–4."""
    return list(iter_codepoints(text))


def iter_codepoints(text: str) -> Iterator[Codepoint]:
    """``codepoints`` one at a time (a long text's layer need not be held at once)."""
    at = 0
    for i, ch in enumerate(text):
        size = len(ch.encode("utf-8", "surrogatepass"))
        yield Codepoint(i, ch, at, at + size)
        at += size


def utf8_bytes(text: str) -> bytes:
    return text.encode("utf-8")


def _char_bounds(b0: int, b1: int, starts: Sequence[int], last: int
                 ) -> tuple[int, int, bool, bool]:
    """The characters byte span ``b0:b1`` touches (an empty span sits at its character's
    start), and whether it starts and ends inside a character."""
    c0 = bisect_right(starts, b0) - 1
    end_char = bisect_right(starts, b1) - 1
    c1 = end_char if starts[min(end_char, last)] == b1 else end_char + 1
    c1 = max(c1, c0 + (b1 > b0))
    return c0, c1, starts[min(c0, last)] != b0, starts[min(end_char, last)] != b1


def _char_bounds_arrays(table: Any, b0: Any, b1: Any) -> tuple[Any, Any, Any, Any]:
    """:func:`_char_bounds` for numpy arrays of spans at once."""
    import numpy as np

    last = len(table) - 1
    c0 = np.searchsorted(table, b0, side="right") - 1
    c1 = np.maximum(np.searchsorted(table, b1, side="left"), c0 + (b1 > b0))
    end_char = np.searchsorted(table, b1, side="right") - 1
    return c0, c1, table[np.minimum(c0, last)] != b0, table[np.minimum(end_char, last)] != b1


def align_byte_spans(byte_bounds: Sequence[tuple[int, int]], starts: list[int]) -> list[Span]:
    """Character spans and inside-a-character flags for byte spans over one text.

    ``starts`` comes from :func:`char_byte_starts` for that text.
    """
    if len(byte_bounds) > _VECTORIZE_ABOVE:
        return _align_vectorized(byte_bounds, starts)
    last = len(starts) - 1
    return [Span(b0, b1, *_char_bounds(b0, b1, starts, last)) for b0, b1 in byte_bounds]


def _align_vectorized(byte_bounds: Sequence[tuple[int, int]], starts: list[int]) -> list[Span]:
    import numpy as np

    table = np.asarray(starts, dtype=np.int64)
    bounds = np.asarray(byte_bounds, dtype=np.int64).reshape(-1, 2)
    b0, b1 = bounds[:, 0], bounds[:, 1]
    c0, c1, inside_start, inside_end = _char_bounds_arrays(table, b0, b1)
    return [
        Span(s, e, cs, ce, bool(i0), bool(i1))
        for s, e, cs, ce, i0, i1 in zip(
            b0.tolist(), b1.tolist(), c0.tolist(), c1.tolist(),
            inside_start.tolist(), inside_end.tolist(), strict=True,
        )
    ]


def spans_from_lengths(lengths: Sequence[int], starts: list[int], offset: int = 0) -> list[Span]:
    """Spans of consecutive tokens whose byte lengths are given, starting at byte ``offset``."""
    ends = list(accumulate(lengths, initial=offset))
    return align_byte_spans(list(pairwise(ends)), starts)


def align_columns(byte_starts: Sequence[int], byte_ends: Sequence[int], char_bytes: array
                  ) -> tuple[array, array, bytes]:
    """Character spans (the characters each byte span touches) and inside-a-character flags,
    as compact columns (``array('q')``, ``bytes``), for hundreds of thousands of spans;
    ``char_bytes`` comes from :func:`char_byte_offsets`."""
    if len(byte_starts) < _COLUMNS_VECTORIZE_ABOVE:
        c0s, c1s, flags = array("q"), array("q"), bytearray()
        last = len(char_bytes) - 1
        for b0, b1 in zip(byte_starts, byte_ends, strict=True):
            c0, c1, inside_start, inside_end = _char_bounds(b0, b1, char_bytes, last)
            c0s.append(c0)
            c1s.append(c1)
            flags.append(inside_start or inside_end)
        return c0s, c1s, bytes(flags)
    import numpy as np

    c0, c1, inside_start, inside_end = _char_bounds_arrays(
        np.frombuffer(char_bytes, dtype=np.int64), np.frombuffer(byte_starts, dtype=np.int64),
        np.frombuffer(byte_ends, dtype=np.int64))
    return column(c0), column(c1), (inside_start | inside_end).astype(np.uint8).tobytes()
