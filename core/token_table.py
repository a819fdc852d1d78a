"""Tokens of one text as columns — what the GUI's views read.

An :class:`~bpelens.core.encoding.Encoding` holds one object per token, piece and byte
source: exact and complete, but ~10 µs a token to build. The main window re-encodes on every
keystroke and may hold a megabyte of text; it paints only what is visible. So it reads a
:class:`TokenTable`: the same ids, spans and flags as plain lists, built from the fast id path
whenever that is provably the same result, and from a full ``encode`` otherwise.

The fast path applies when the tokens' bytes, joined, are exactly the text's bytes (so every
token's span follows from the lengths): no normalizer change, no added or dropped characters
(``▁``, a prefix space, ``##``), no unknown tokens. It is checked on every call, not assumed.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import accumulate

from .encoding import Encoding
from .special_tokens import SpecialMatch, SpecialMode
from .text_units import align_columns, char_byte_starts, clean_surrogates
from .tokenizer import Tokenizer


@dataclass(frozen=True, slots=True, eq=False)
class TokenTable:
    """One text's tokens and pieces as columns. Spans are over ``model_text`` (bytes, and
    characters touched, half-open); ``partial[i]``: token ``i`` starts or ends inside a
    character."""

    text: str
    model_text: str
    ids: list[int]
    byte_starts: list[int]
    byte_ends: list[int]
    char_starts: list[int]
    char_ends: list[int]
    partial: list[bool]
    # Tokens produced by an added/special token match (not by the model).
    from_special: list[bool]
    piece_byte_starts: list[int]
    piece_byte_ends: list[int]
    piece_special: list[int | None]
    char_bytes: list[int]  # byte offset of each model_text character, plus the total
    specials_found: tuple[SpecialMatch, ...]
    specials_recognised: tuple[SpecialMatch, ...]
    decoded: str
    replaced_surrogates: tuple[int, ...] = ()
    # The full result when the table was built from one (normalized or rewritten text).
    encoding: Encoding | None = field(default=None, repr=False)
    model_kind: Callable[[int], str] | None = field(default=None, repr=False)
    token_kind: Callable[[int], str] | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def byte_count(self) -> int:
        return self.char_bytes[-1] if self.char_bytes else 0

    @property
    def round_trip(self) -> bool:
        return self.decoded == self.text

    @property
    def fast(self) -> bool:
        """Built by the fast path (model text and input are the same text)."""
        return self.encoding is None

    @property
    def specials_as_text(self) -> tuple[SpecialMatch, ...]:
        seen = {(m.start, m.end) for m in self.specials_recognised}
        return tuple(m for m in self.specials_found if (m.start, m.end) not in seen)

    def kind(self, index: int) -> str:
        """special / added / byte / merged / unknown / byte_fallback / piece …"""
        token_id = self.ids[index]
        if self.from_special[index] and self.token_kind is not None:
            return self.token_kind(token_id)
        if self.model_kind is not None:
            return self.model_kind(token_id)
        return "piece"

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
        if self.encoding is None:
            return char_start, char_end
        return self.encoding.source_span(char_start, char_end)


def token_table(tokenizer: Tokenizer, text: str, *, special: SpecialMode = "all") -> TokenTable:
    """The tokens of ``text`` as columns (fast path when exact, else from ``encode``)."""
    table = _fast_table(tokenizer, text, special)
    if table is not None:
        return table
    return table_from_encoding(tokenizer, tokenizer.encode(text, special=special))


def _fast_table(tokenizer: Tokenizer, text: str, special: SpecialMode) -> TokenTable | None:
    if tokenizer.specials.has_normalized or getattr(
            tokenizer.pretokenizer, "position_sensitive", False):
        return None
    clean, replaced = clean_surrogates(text)
    segments = tokenizer.specials.split(clean, special) if len(tokenizer.specials) else (
        [(0, len(clean), None)] if clean else [])
    normalize = tokenizer.normalizer.normalize_str
    if not tokenizer._normalize_identity and any(
            sid is None and normalize(clean[s:e]) != clean[s:e] for s, e, sid in segments):
        return None
    ids = tokenizer.encode_ids(clean, special=special)
    parts_table = tokenizer._decode_table()
    if parts_table is None:
        return None
    parts = list(map(parts_table.__getitem__, ids))
    if None in parts or b"".join(parts) != clean.encode("utf-8"):  # type: ignore[arg-type]
        return None
    ends = list(accumulate(map(len, parts)))  # type: ignore[arg-type]
    starts = [0, *ends[:-1]] if ends else []
    char_bytes = char_byte_starts(clean)
    char_starts, char_ends, partial = align_columns(starts, ends, char_bytes)
    piece_starts: list[int] = []
    piece_ends: list[int] = []
    piece_special: list[int | None] = []
    special_bytes: set[int] = set()
    split = tokenizer.pretokenizer.split
    for s, e, sid in segments:
        if sid is not None:
            piece_starts.append(char_bytes[s])
            piece_ends.append(char_bytes[e])
            piece_special.append(sid)
            special_bytes.add(char_bytes[s])
            continue
        for a, b in split(clean[s:e]):
            piece_starts.append(char_bytes[s + a])
            piece_ends.append(char_bytes[s + b])
            piece_special.append(None)
    from_special = [b in special_bytes for b in starts] if special_bytes else [False] * len(ids)
    found = tuple(tokenizer.specials.find_all_strings(clean)) if len(tokenizer.specials) else ()
    recognised = tuple(SpecialMatch(s, e, clean[s:e], sid) for s, e, sid in segments
                       if sid is not None)
    return TokenTable(
        text=text, model_text=clean, ids=ids, byte_starts=starts, byte_ends=ends,
        char_starts=char_starts, char_ends=char_ends, partial=partial,
        from_special=from_special, piece_byte_starts=piece_starts, piece_byte_ends=piece_ends,
        piece_special=piece_special, char_bytes=char_bytes, specials_found=found,
        specials_recognised=recognised, decoded=tokenizer.decode(ids, errors="replace"),
        replaced_surrogates=tuple(replaced), model_kind=tokenizer.model.kind,
        token_kind=tokenizer.token_kind,
    )


def table_from_encoding(tokenizer: Tokenizer, encoding: Encoding) -> TokenTable:
    """The columns of a full :class:`Encoding` (kept on the table for source spans)."""
    tokens = encoding.tokens
    pieces = encoding.pieces
    return TokenTable(
        text=encoding.text, model_text=encoding.model_text, ids=list(encoding.ids),
        byte_starts=[t.span.byte_start for t in tokens],
        byte_ends=[t.span.byte_end for t in tokens],
        char_starts=[t.span.char_start for t in tokens],
        char_ends=[t.span.char_end for t in tokens],
        partial=[t.span.partial for t in tokens],
        from_special=[t.piece_index < 0 or pieces[t.piece_index].special_id is not None
                      for t in tokens],
        piece_byte_starts=[p.span.byte_start for p in pieces],
        piece_byte_ends=[p.span.byte_end for p in pieces],
        piece_special=[p.special_id for p in pieces],
        char_bytes=char_byte_starts(encoding.model_text),
        specials_found=encoding.specials_found,
        specials_recognised=encoding.specials_recognised,
        decoded=encoding.decoded, replaced_surrogates=encoding.replaced_surrogates,
        encoding=encoding, model_kind=tokenizer.model.kind, token_kind=tokenizer.token_kind,
    )
