"""Codepoints, UTF-8 bytes, and the alignment of tokens to byte and character spans.

A byte-level token can stop inside a character (猫 is three bytes, E7 8C AB); alignment maps
each token's byte span to the characters it touches and flags the tokens that start or end
inside one, so no view ever has to decode half a character.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from .errors import EncodeError

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
    try:
        text.encode("utf-8")
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
            f"lone surrogate U+{ord(text[first]):04X} at character {first} cannot be encoded "
            f"as UTF-8 ({len(offsets)} in the text); use surrogates='replace' to substitute U+FFFD"
        )
    chars = list(text)
    for i in offsets:
        chars[i] = REPLACEMENT_CHARACTER
    return "".join(chars), offsets


def char_byte_starts(text: str) -> np.ndarray:
    """UTF-8 byte offset of every character, plus the total length at the end (len+1 entries).

    ``char_byte_starts("A猫🙂") == [0, 1, 4, 8]``. The text must be encodable (see
    :func:`clean_surrogates`).
    """
    if text.isascii():
        return np.arange(len(text) + 1, dtype=np.int64)
    points = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    widths = 1 + (points >= 0x80) + (points >= 0x800) + (points >= 0x10000)
    starts = np.zeros(len(points) + 1, dtype=np.int64)
    np.cumsum(widths, out=starts[1:])
    return starts


def codepoints(text: str) -> list[Codepoint]:
    """The codepoint layer: ``codepoints("A猫")`` → A at bytes 0–1, 猫 at bytes 1–4."""
    starts = char_byte_starts(text).tolist()
    return [Codepoint(i, ch, starts[i], starts[i + 1]) for i, ch in enumerate(text)]


def utf8_bytes(text: str) -> bytes:
    return text.encode("utf-8")


def align_byte_spans(
    byte_bounds: Sequence[tuple[int, int]], starts: np.ndarray
) -> list[Span]:
    """Character spans and inside-a-character flags for byte spans over one text.

    ``starts`` comes from :func:`char_byte_starts` for that text.
    """
    if not byte_bounds:
        return []
    bounds = np.asarray(byte_bounds, dtype=np.int64).reshape(-1, 2)
    b0, b1 = bounds[:, 0], bounds[:, 1]
    # Index of the character holding the first byte; and one past the character holding
    # the last byte (an empty span sits at its start).
    c0 = np.searchsorted(starts, b0, side="right") - 1
    c1 = np.searchsorted(starts, b1, side="left")
    c1 = np.maximum(c1, c0 + (b1 > b0))
    inside_start = starts[np.minimum(c0, len(starts) - 1)] != b0
    end_char = np.searchsorted(starts, b1, side="right") - 1
    inside_end = starts[np.minimum(end_char, len(starts) - 1)] != b1
    return [
        Span(s, e, cs, ce, bool(i0), bool(i1))
        for s, e, cs, ce, i0, i1 in zip(
            b0.tolist(), b1.tolist(), c0.tolist(), c1.tolist(),
            inside_start.tolist(), inside_end.tolist(), strict=True,
        )
    ]


def spans_from_lengths(lengths: Sequence[int], starts: np.ndarray, offset: int = 0) -> list[Span]:
    """Spans of consecutive tokens whose byte lengths are given, starting at byte ``offset``."""
    ends = np.cumsum(np.asarray(lengths, dtype=np.int64)) + offset
    begins = np.concatenate(([offset], ends[:-1])) if len(ends) else ends
    return align_byte_spans(list(zip(begins.tolist(), ends.tolist(), strict=True)), starts)
