"""Tokens of one text as columns — what the GUI's views and the CLI's big answers read.

An :class:`~bpelens.core.results.encoding.Encoding` holds one object per token, piece and span:
exact and complete, but ~10 µs and a few hundred bytes a token. The main window re-encodes
on every keystroke and may hold megabytes of text; it paints only what is visible. So it
reads a :class:`TokenTable`: the same ids, spans and flags as compact columns (8 bytes an
offset, one a flag), from the same walk through the pipeline as ``encode`` — or, when that is
provably the same result, from the fast id path.

The fast path (``FastEncoder.record``) applies when the tokens' bytes, joined, are exactly the
text's bytes (so every token's span follows from the lengths): no normalizer change, no added
or dropped characters (``▁``, a prefix space, ``##``), no unknown tokens. It is checked on every
call, not assumed; the columns are then made here from the lengths it records.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from ..fast.encoder import Progress
from ..fast.short_steps import column, int64s, mapped
from ..models.base import TokenKind
from ..pipeline.added_tokens import SpecialMatch, SpecialMode
from ..pipeline.token_kinds import TokenKinds
from ..pipeline.tokenizer import Tokenizer
from ..pipeline.walk import Walk, walk
from ..text.aligned import ColumnSources, span_through
from ..text.units import align_columns, char_byte_offsets
from .encoding import Encoding

# Below this many tokens, columns are built in Python (numpy's import and calls cost more).
_VECTOR_TOKENS = 2000


@dataclass(frozen=True, slots=True, eq=False)
class TokenTable:
    """One text's tokens and pieces as columns. Spans are over ``model_text`` (bytes, and
    characters touched, half-open); ``partial[i]``: token ``i`` starts or ends inside a
    character."""

    text: str
    model_text: str
    ids: list[int]
    byte_starts: Sequence[int]  # array('q')
    byte_ends: Sequence[int]
    char_starts: Sequence[int]
    char_ends: Sequence[int]
    partial: bytes  # 1 where the token starts or ends inside a character
    # 1 where the token comes from an added/special token (not from the model).
    from_special: bytes
    piece_byte_starts: Sequence[int]
    piece_byte_ends: Sequence[int]
    piece_special: list[int | None]
    char_bytes: Sequence[int]  # byte offset of each model_text character, plus the total
    specials_found: tuple[SpecialMatch, ...]
    specials_recognised: tuple[SpecialMatch, ...]
    decoded: str
    replaced_surrogates: tuple[int, ...] = ()
    # Per model-text character, the input span it came from (None: the input itself).
    sources: tuple[Sequence[int], Sequence[int]] | None = field(default=None, repr=False)
    # The full result, when the table was made from one (tests compare the two).
    encoding: Encoding | None = field(default=None, repr=False)
    # The tokenizer's kinds of ids (None: every token is a "piece").
    kinds: TokenKinds | None = field(default=None, repr=False)
    fast: bool = False  # built by the fast id path

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def byte_count(self) -> int:
        return self.char_bytes[-1] if self.char_bytes else 0

    @property
    def round_trip(self) -> bool:
        return self.decoded == self.text

    @property
    def specials_as_text(self) -> tuple[SpecialMatch, ...]:
        seen = {(m.start, m.end) for m in self.specials_recognised}
        return tuple(m for m in self.specials_found if (m.start, m.end) not in seen)

    def kind(self, index: int) -> TokenKind:
        """special / added / byte / merged / unknown / byte_fallback / piece …"""
        if self.kinds is None:
            return "piece"
        return self.kinds.of(self.ids[index], added=bool(self.from_special[index]))

    def token_bytes(self, index: int) -> bytes:
        """The bytes of the model text token ``index`` covers (encoding only the characters
        it touches, not the whole text)."""
        c0, c1 = self.char_starts[index], self.char_ends[index]
        base = self.char_bytes[c0] if c0 < len(self.char_bytes) else self.byte_count
        chunk = self.model_text[c0:c1].encode("utf-8")
        return chunk[self.byte_starts[index] - base : self.byte_ends[index] - base]

    def tokens_in_bytes(self, byte_start: int, byte_end: int) -> range:
        """Indices of the tokens overlapping ``[byte_start, byte_end)`` (tokens are in order;
        empty tokens at a boundary count)."""
        first = bisect_right(self.byte_ends, byte_start)
        while first > 0 and self.byte_ends[first - 1] == byte_start and (
                self.byte_starts[first - 1] == byte_start):
            first -= 1
        last = bisect_left(self.byte_starts, byte_end)
        return range(first, max(first, last))

    def pieces_in_bytes(self, byte_start: int, byte_end: int) -> range:
        first = bisect_right(self.piece_byte_ends, byte_start)
        last = bisect_left(self.piece_byte_starts, byte_end)
        return range(first, max(first, last))

    def token_at_byte(self, offset: int) -> int | None:
        """The token covering byte ``offset`` of the model text, or None."""
        i = bisect_right(self.byte_starts, offset) - 1
        if 0 <= i < len(self.ids) and self.byte_starts[i] <= offset < self.byte_ends[i]:
            return i
        return None

    def token_at_char(self, char: int) -> int | None:
        """The first token covering character ``char`` of the model text."""
        if not 0 <= char < len(self.char_bytes) - 1:
            return None
        return self.token_at_byte(self.char_bytes[char])

    def source_span(self, char_start: int, char_end: int) -> tuple[int, int]:
        """Input character span for a model-text character span."""
        if self.sources is None:
            return char_start, char_end
        return span_through(ColumnSources(*self.sources), char_start, char_end)


def token_table(tokenizer: Tokenizer, text: str, *, special: SpecialMode = "all",
                progress: Progress | None = None) -> TokenTable:
    """The tokens of ``text`` as columns (fast path when exact, else the pipeline's walk).

    ``progress(fraction)`` is called every few tens of milliseconds of work on a long text;
    it may raise to stop (the window's encoding job does, when the text changed)."""
    from ..fast.fast_table import fast_table  # (it builds this module's tables)

    progress = _monotone(progress)
    table = fast_table(tokenizer, text, special, progress)
    if table is not None:
        return table
    result = walk(tokenizer, text, special=special, progress=_part(progress, 0.0, 0.9))
    table = table_from_walk(tokenizer, result)
    if progress is not None:
        progress(1.0)
    return table


def _monotone(progress: Progress | None) -> Progress | None:
    """``progress`` that never goes back (the fast path may give up after encoding)."""
    if progress is None:
        return None
    highest = [0.0]

    def report(fraction: float) -> None:
        highest[0] = max(highest[0], fraction)
        progress(highest[0])

    return report


def _part(progress: Progress | None, low: float, high: float) -> Progress | None:
    """``progress`` for a step that takes the share ``low``–``high`` of the work."""
    if progress is None:
        return None
    return lambda fraction: progress(low + (high - low) * fraction)


def table_from_walk(tokenizer: Tokenizer, result: Walk) -> TokenTable:
    """The columns of one walk through the pipeline, without an object per token."""
    char_starts, char_ends, partial = align_columns(result.token_starts, result.token_ends,
                                             result.char_bytes)
    n = len(result.ids)
    # A flag per piece, and a last one for owner -1 (a token the post-processor added).
    flags = bytes(s is not None for s in result.piece_special) + b"\x01"
    specials = bytes(mapped(flags.__getitem__, result.owner)) if any(flags[:-1]) or (
        -1 in result.owner) else bytes(n)
    return TokenTable(
        text=result.text, model_text=result.model_text, ids=result.ids,
        byte_starts=result.token_starts, byte_ends=result.token_ends,
        char_starts=char_starts, char_ends=char_ends, partial=partial,
        from_special=specials, piece_byte_starts=result.piece_starts,
        piece_byte_ends=result.piece_ends, piece_special=result.piece_special,
        char_bytes=result.char_bytes, specials_found=result.found,
        specials_recognised=tuple(result.recognised),
        decoded=tokenizer.decode(result.ids, errors="replace"),
        replaced_surrogates=tuple(result.replaced), sources=result.char_sources,
        kinds=tokenizer.kinds,
    )


def table_from_encoding(tokenizer: Tokenizer, encoding: Encoding) -> TokenTable:
    """The columns of a full :class:`Encoding` (kept on the table)."""
    tokens = encoding.tokens
    pieces = encoding.pieces
    sources = None
    if encoding._sources is not None:
        sources = (array("q", [a for a, _ in encoding._sources]),
                   array("q", [b for _, b in encoding._sources]))
    return TokenTable(
        text=encoding.text, model_text=encoding.model_text, ids=list(encoding.ids),
        byte_starts=array("q", [t.span.byte_start for t in tokens]),
        byte_ends=array("q", [t.span.byte_end for t in tokens]),
        char_starts=array("q", [t.span.char_start for t in tokens]),
        char_ends=array("q", [t.span.char_end for t in tokens]),
        partial=bytes(t.span.partial for t in tokens),
        from_special=bytes(t.piece_index < 0 or pieces[t.piece_index].special_id is not None
                           for t in tokens),
        piece_byte_starts=array("q", [p.span.byte_start for p in pieces]),
        piece_byte_ends=array("q", [p.span.byte_end for p in pieces]),
        piece_special=[p.special_id for p in pieces],
        char_bytes=char_byte_offsets(encoding.model_text),
        specials_found=encoding.specials_found,
        specials_recognised=encoding.specials_recognised,
        decoded=encoding.decoded, replaced_surrogates=encoding.replaced_surrogates,
        sources=sources, encoding=encoding, kinds=tokenizer.kinds,
    )


def _bounds(lengths: list[int]) -> tuple[array, array]:
    """Byte spans of consecutive tokens of these lengths, from byte 0."""
    if len(lengths) < _VECTOR_TOKENS:
        ends = array("q", accumulate(lengths))
        starts = array("q", [0]) + ends[:-1] if ends else array("q")
        return starts, ends
    import numpy as np

    length = int64s(lengths)
    ends_np = np.cumsum(length)
    return column(ends_np - length), column(ends_np)


def _char_bounds_in_bytes(lengths: list[int], char_bytes: array) -> tuple[array, array]:
    """Byte spans of consecutive pieces of these character lengths."""
    char_starts, char_ends = _bounds(lengths)
    if len(lengths) < _VECTOR_TOKENS:
        return (array("q", [char_bytes[c] for c in char_starts]),
                array("q", [char_bytes[c] for c in char_ends]))
    import numpy as np

    table = np.frombuffer(char_bytes, dtype=np.int64)
    return (column(table[np.frombuffer(char_starts, dtype=np.int64)]),
            column(table[np.frombuffer(char_ends, dtype=np.int64)]))


