"""One walk through the pipeline, kept as columns.

``Tokenizer.encode`` (an object per token, piece and span: complete, for a few thousand
tokens) and ``token_table`` (the same as flat columns: for megabytes) both come from one
:func:`walk`. It records, in order, what the model sees: the text between added tokens,
normalized, cut into pieces by the pre-tokenizer (which may rewrite them: ``▁`` for spaces, a
prefix space, GPT-2's one-character-per-byte spelling), the added tokens themselves, and the
text no piece covers. For every byte of that model text it keeps the span of input
characters it came from — as two integer arrays, and for text passed on unchanged without a
Python object per character.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import chain, repeat
from operator import add, itemgetter
from typing import TYPE_CHECKING

from bpelens.core.messages import Message

from ..errors import EncodeError
from ..fast.short_steps import column, counting, decoded, int64s, joined
from ..models.bpe import UnknownCharacterError
from ..models.merges import PieceTrace
from ..text.aligned import span_through
from ..text.byte_level import printable_to_bytes
from ..text.units import SurrogatePolicy, char_byte_offsets, clean_surrogates
from .added_tokens import SpecialMatch, SpecialMode
from .segments import normalized_segments, raw_segments

if TYPE_CHECKING:
    from ..models.base import TokenModel
    from ..results.encoding import Encoding
    from .tokenizer import Progress, Tokenizer

# Above this many bytes, per-byte work on unchanged text is done with numpy.
_VECTOR_BYTES = 4096


@dataclass(slots=True)
class Walk:
    """Everything one encoding produced, as columns.

    Byte offsets are over the model text's UTF-8 bytes; ``char_sources`` (when the model text
    is not the input itself) gives, per model-text character, the span of input characters
    it came from."""

    text: str
    clean: str
    replaced: list[int]
    found: tuple[SpecialMatch, ...]
    recognised: list[SpecialMatch]
    raw: list[tuple[int, int, int | None]]
    model_text: str
    changed: bool
    char_bytes: array  # byte offset of each model-text character, plus the total
    char_sources: tuple[array, array] | None
    piece_starts: array
    piece_ends: array
    piece_special: list[int | None]
    piece_given: list[str]  # what the model was given for each piece
    ids: list[int]
    token_starts: array
    token_ends: array
    owner: array  # piece of each token; -1 for tokens the post-processor added
    traces: list[PieceTrace] | None


class _View:
    """The model text as it is built: its bytes, the input span of every byte, pieces."""

    __slots__ = (
        "changed",
        "hi",
        "length",
        "lo",
        "parts",
        "piece_ends",
        "piece_given",
        "piece_special",
        "piece_starts",
    )

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.lo = array("q")
        self.hi = array("q")
        self.piece_starts = array("q")
        self.piece_ends = array("q")
        self.piece_special: list[int | None] = []
        self.piece_given: list[str] = []
        self.length = 0
        self.changed = False

    def add_unchanged(self, text: str, first: int, *, piece: int | bool | None = False) -> None:
        """``text`` exactly as the input has it from character ``first`` on."""
        if not text:
            return
        data = text.encode("utf-8")
        n = len(text)
        if len(data) == n:
            self.lo.extend(counting(n, first))
            self.hi.extend(counting(n, first + 1))
        elif len(data) >= _VECTOR_BYTES:
            import numpy as np

            widths = np.diff(np.frombuffer(char_byte_offsets(text), dtype=np.int64))
            owners = np.repeat(np.arange(first, first + n, dtype=np.int64), widths)
            self.lo.extend(column(owners))
            self.hi.extend(column(owners + 1))
        else:
            for i, ch in enumerate(text, first):
                width = len(ch.encode("utf-8"))
                self.lo.extend([i] * width)
                self.hi.extend([i + 1] * width)
        self._append(data, text, piece)

    def add_sourced(self, text: str, sources: Sequence[tuple[int, int]], *, offset: int = 0,
                    piece: int | bool | None = False, changed: bool = True,
                    mapped: bool = False) -> None:
        """``text`` whose character ``i`` came from the input span ``sources[i]`` shifted by
        ``offset`` (``mapped``: spelled one character per byte, GPT-2 style)."""
        if not text:
            return
        data = printable_to_bytes(text) if mapped else text.encode("utf-8")
        lows = map(itemgetter(0), sources)
        highs = map(itemgetter(1), sources)
        if offset:
            lows = map(add, lows, repeat(offset))
            highs = map(add, highs, repeat(offset))
        if mapped or len(data) == len(text):  # a byte a character
            self.lo.extend(lows)
            self.hi.extend(highs)
        else:
            widths = list(map(len, map(str.encode, text)))
            self.lo.extend(chain.from_iterable(map(repeat, lows, widths)))
            self.hi.extend(chain.from_iterable(map(repeat, highs, widths)))
        self.changed = self.changed or changed
        self._append(data, text, piece)

    def add_pieces(self, text: str, first: int, sources: Sequence[tuple[int, int]] | None,
                   pieces: Sequence[tuple[int, int]], *, changed: bool) -> None:
        """``text`` at once (a segment's normalized text, from input character ``first`` on,
        or with ``sources``), with ``pieces`` its character spans that the model encodes;
        what lies between them stays in the view as gaps."""
        base = self.length
        if sources is None:
            self.add_unchanged(text, first)
        else:
            self.add_sourced(text, sources, offset=first, changed=changed)
        if not pieces:
            return
        offsets = char_byte_offsets(text) if not text.isascii() else None
        for a, b in pieces:
            self.piece_starts.append(base + (offsets[a] if offsets is not None else a))
            self.piece_ends.append(base + (offsets[b] if offsets is not None else b))
            self.piece_special.append(None)
            self.piece_given.append(text[a:b])

    def _append(self, data: bytes, text: str, piece: int | bool | None) -> None:
        self.parts.append(data)
        if piece is not False:
            self.piece_starts.append(self.length)
            self.piece_ends.append(self.length + len(data))
            self.piece_special.append(piece)  # type: ignore[arg-type]
            self.piece_given.append(text)
        self.length += len(data)


def walk(tokenizer: Tokenizer, text: str, *, special: SpecialMode = "all",
         trace: bool = False, add_special_tokens: bool = False,
         surrogates: SurrogatePolicy = "replace", progress: Progress | None = None) -> Walk:
    """``progress(fraction)``, when given, is called between steps (each segment, each slice
    of pieces through the model); it may raise to stop."""
    clean, replaced = clean_surrogates(text, surrogates)
    specials = tokenizer.specials
    found = tuple(specials.find_all_strings(clean)) if len(specials) else ()
    raw = raw_segments(specials, clean, special)
    view = _View()
    recognised: list[SpecialMatch] = []
    for start, end, sid in raw:
        if sid is not None:
            view.add_unchanged(clean[start:end], start, piece=sid)
            recognised.append(SpecialMatch(start, end, clean[start:end], sid))
            continue
        _walk_segment(tokenizer, clean, start, end, special, view, recognised)
        if progress is not None:
            progress(0.5 * end / max(1, len(clean)))
    model_text = decoded(joined(view.parts))
    char_bytes = char_byte_offsets(model_text)
    char_sources = _char_sources(view, char_bytes) if view.changed else None
    ids, token_starts, token_ends, owner, traces = _run_model(
        tokenizer, view, char_bytes, char_sources, trace, progress)
    if add_special_tokens and tokenizer.post_processor is not None:
        before, after = tokenizer.post_processor.added()
        end_byte = char_bytes[-1]
        ids = [*before, *ids, *after]
        token_starts = array("q", [0] * len(before)) + token_starts + array(
            "q", [end_byte] * len(after))
        token_ends = array("q", [0] * len(before)) + token_ends + array(
            "q", [end_byte] * len(after))
        owner = array("q", [-1] * len(before)) + owner + array("q", [-1] * len(after))
    return Walk(
        text=text, clean=clean, replaced=replaced, found=found, recognised=recognised,
        raw=raw, model_text=model_text, changed=view.changed, char_bytes=char_bytes,
        char_sources=char_sources, piece_starts=view.piece_starts, piece_ends=view.piece_ends,
        piece_special=view.piece_special, piece_given=view.piece_given, ids=ids,
        token_starts=token_starts, token_ends=token_ends, owner=owner,
        traces=traces if trace else None,
    )


def _walk_segment(tokenizer: Tokenizer, text: str, start: int, end: int, special: SpecialMode,
                  view: _View, recognised: list[SpecialMatch]) -> None:
    """Normalize one segment between raw added tokens, find normalized added tokens, cut
    pieces, and append all of it to the view with source spans in the input."""
    norm = tokenizer.normalizer.normalize(text[start:end])
    norm_text = norm.text
    norm_sources = norm.sources  # None: character i is input character start + i
    changed = norm.changed

    def through(a: int, b: int) -> tuple[int, int]:
        """Input span of normalized characters a:b (an empty one anchors where it stands)."""
        if norm_sources is None:
            return (start + a, start + b) if a < b else (start + a, start + a)
        s, e = span_through(norm_sources, a, b)
        return start + s, start + e

    def add_plain(a: int, b: int, piece: int | bool | None) -> None:
        if b <= a:
            return
        if norm_sources is None:
            view.add_unchanged(norm_text[a:b], start + a, piece=piece)
        else:
            view.add_sourced(norm_text[a:b], norm_sources[a:b], offset=start, piece=piece,
                             changed=changed)

    for s, e, nid in normalized_segments(tokenizer.specials, norm_text, special):
        if nid is not None:
            add_plain(s, e, nid)
            a, b = through(s, e)
            recognised.append(SpecialMatch(a, b, norm_text[s:e], nid))
            continue
        part = norm_text[s:e]
        pieces = tokenizer.pretokenizer.pieces(part, at_input_start=start == 0 and s == 0)
        if all(p.sources is None and not p.mapped for p in pieces):
            # Pieces are slices of the text: it goes into the view at once, pieces by offset.
            view.add_pieces(part, start + s, None if norm_sources is None
                            else norm_sources[s:e], [(p.start, p.end) for p in pieces],
                            changed=changed)
            continue
        pos = 0
        for piece in pieces:
            if piece.start > pos:  # text no piece covers stays in the view
                add_plain(s + pos, s + piece.start, False)
            if piece.sources is None and not piece.mapped:
                add_plain(s + piece.start, s + piece.end, None)
            elif piece.sources is not None:
                view.add_sourced(piece.text, [through(s + a, s + b) for a, b in piece.sources],
                                 piece=None, mapped=piece.mapped)
            else:
                view.add_sourced(piece.text, _identity_or(norm_sources, s + piece.start,
                                                          s + piece.end),
                                 offset=start, piece=None, mapped=True, changed=changed)
            pos = max(pos, piece.end)
        if pos < len(part):
            add_plain(s + pos, e, False)


def _identity_or(sources: Sequence[tuple[int, int]] | None, a: int, b: int
                 ) -> Sequence[tuple[int, int]]:
    if sources is None:
        return [(i, i + 1) for i in range(a, b)]
    return sources[a:b]


def _char_sources(view: _View, char_bytes: array) -> tuple[array, array]:
    """Input span of each model-text character: from its first byte's start to the furthest
    end of any of its bytes (a byte-level piece may cut a character in two)."""
    n = len(char_bytes) - 1
    if n <= 0:
        return array("q"), array("q")
    import numpy as np

    lo = np.frombuffer(view.lo, dtype=np.int64)
    hi = np.frombuffer(view.hi, dtype=np.int64)
    firsts = np.frombuffer(char_bytes, dtype=np.int64)[:-1]
    starts = np.minimum.reduceat(lo, firsts)
    ends = np.maximum.reduceat(hi, firsts)
    return column(starts), column(ends)


def _run_model(tokenizer: Tokenizer, view: _View, char_bytes: array,
               char_sources: tuple[array, array] | None, trace: bool,
               progress: Progress | None = None
               ) -> tuple[list[int], array, array, array, list[PieceTrace]]:
    """Every piece through the model: ids, their byte spans, the piece of each."""
    model = tokenizer.model
    spans = tokenizer.fast.span_cache
    ids: list[int] = []
    lengths: list[int] = []
    counts = array("q")
    traces: list[PieceTrace] = []
    for index, (sid, given) in enumerate(zip(view.piece_special, view.piece_given,
                                             strict=True)):
        if sid is not None:
            ids.append(sid)
            lengths.append(view.piece_ends[index] - view.piece_starts[index])
            counts.append(1)
            continue
        got = spans.get(given)
        if got is None:
            try:
                got = model.encode_piece_spans(given)
            except UnknownCharacterError as exc:
                raise _unknown_at(exc, view.piece_starts[index], char_bytes,
                                  char_sources) from None
            if len(spans) >= _SPAN_CACHE_LIMIT:
                spans.clear()
            spans[given] = got
        ids.extend(got[0])
        lengths.extend(got[1])
        counts.append(len(got[0]))
        if progress is not None and not index % (_TRACED_PER_REPORT if trace else
                                                  _PIECES_PER_REPORT):
            progress(0.5 + 0.5 * index / len(view.piece_given))
        if trace:
            piece_trace = trace_of(model, index, given, got[0])
            if piece_trace is not None:
                traces.append(piece_trace)
    starts, ends, owner = _token_bytes(view, lengths, counts)
    return ids, starts, ends, owner, traces


def trace_of(model: TokenModel, index: int, given: str, final_ids: Sequence[int]
             ) -> PieceTrace | None:
    """How piece ``index`` (the model's input ``given``) merged into ``final_ids``; None for
    a model that does not merge."""
    traced = model.trace_piece(given)
    if traced is None:
        return None
    initial, _, steps = traced
    piece_trace = PieceTrace(index, tuple(initial), tuple(steps), tuple(final_ids))
    if piece_trace.merged_ids != piece_trace.final_ids:
        piece_trace = replace(piece_trace, finish=model.after_merges
                              or "the model's last rules change the merged tokens")
    return piece_trace


def piece_traces(tokenizer: Tokenizer, encoding: Encoding) -> Iterator[PieceTrace]:
    """The traces ``encode(..., trace=True)`` gives, one piece at a time (a long text's
    traces need not all be held at once)."""
    finals: dict[int, list[int]] = {}
    for token in encoding.tokens:
        finals.setdefault(token.piece_index, []).append(token.id)
    for piece in encoding.pieces:
        if piece.special_id is None and piece.model_input:
            piece_trace = trace_of(tokenizer.model, piece.index, piece.model_input,
                                   finals.get(piece.index, []))
            if piece_trace is not None:
                yield piece_trace


_SPAN_CACHE_LIMIT = 1 << 16
_PIECES_PER_REPORT = 1 << 15
_TRACED_PER_REPORT = 1 << 8  # tracing a piece costs far more than encoding it


def _token_bytes(view: _View, lengths: list[int], counts: array
                 ) -> tuple[array, array, array]:
    """Byte span of every token: its piece's start plus the lengths of the tokens before it
    in that piece."""
    if len(lengths) < _VECTOR_BYTES:
        starts, ends, owner = array("q"), array("q"), array("q")
        for piece, count in enumerate(counts):
            pos = view.piece_starts[piece]
            for _ in range(count):
                length = lengths[len(starts)]
                starts.append(pos)
                ends.append(pos + length)
                owner.append(piece)
                pos += length
        return starts, ends, owner
    import numpy as np

    n_tokens = len(lengths)
    length = int64s(lengths)
    per_piece = np.frombuffer(counts, dtype=np.int64)
    owner = np.repeat(np.arange(per_piece.size, dtype=np.int64), per_piece)
    before = np.cumsum(length) - length  # bytes before each token, over all pieces
    first = np.cumsum(per_piece) - per_piece  # each piece's first token
    first = np.minimum(first, max(n_tokens - 1, 0))
    starts = np.frombuffer(view.piece_starts, dtype=np.int64)[owner] + before - before[
        first[owner]]
    return column(starts), column(starts + length), column(owner)


def _unknown_at(exc: UnknownCharacterError, piece_byte: int, char_bytes: array,
                char_sources: tuple[array, array] | None) -> EncodeError:
    """The error for a character a character-level vocabulary lacks, placed in the input
    (``char_bytes``, ``char_sources``: the model text's, as the walk computed them)."""
    from bisect import bisect_right

    model_index = bisect_right(char_bytes, piece_byte) - 1 + exc.index
    where = model_index if char_sources is None else int(char_sources[0][model_index])
    return EncodeError(
        Message("character {char!r} (U+{code:04X}) at character {where} of the text is not in "
                "this character-level vocabulary, which has no byte fallback", char=exc.char,
                code=ord(exc.char), where=where)
    )


def from_special(result: Walk, index: int) -> bool:
    """Token ``index`` is an added token's (matched in the text, or put there by the
    post-processor), not the model's."""
    piece = result.owner[index]
    return piece < 0 or result.piece_special[piece] is not None


def encoding_of(tokenizer: Tokenizer, result: Walk) -> Encoding:
    """The walk as objects: a :class:`Token` per token, a :class:`Piece` per piece."""
    from ..results.encoding import Encoding, Piece, Token
    from ..text.units import align_byte_spans

    model_text = result.model_text
    starts = list(result.char_bytes)
    data = model_text.encode("utf-8")
    piece_spans = align_byte_spans(list(zip(result.piece_starts, result.piece_ends,
                                            strict=True)), starts)
    pieces = tuple(
        Piece(i, model_text[span.char_start : span.char_end] if not span.partial
              else data[span.byte_start : span.byte_end].decode("utf-8", "backslashreplace"),
              span, sid, "" if sid is not None else given)
        for i, (span, sid, given) in enumerate(zip(piece_spans, result.piece_special,
                                                   result.piece_given, strict=True)))
    clean = result.clean
    clean_starts = char_byte_offsets(clean).tolist()
    segment_spans = align_byte_spans([(clean_starts[s], clean_starts[e])
                                      for s, e, _ in result.raw], clean_starts)
    segments = tuple(Piece(i, clean[s:e], span, sid) for i, ((s, e, sid), span) in enumerate(
        zip(result.raw, segment_spans, strict=True)))
    spans = align_byte_spans(list(zip(result.token_starts, result.token_ends, strict=True)),
                             starts)
    kinds = tokenizer.kinds
    tokens = tuple(
        Token(i, tid,
              tokenizer.token_bytes(tid) if p < 0 else data[span.byte_start : span.byte_end],
              tokenizer.token_label(tid), span, p,
              kinds.of(tid, added=from_special(result, i)))
        for i, (tid, span, p) in enumerate(zip(result.ids, spans, result.owner, strict=True))
    )
    sources = None
    if result.char_sources is not None:
        sources = tuple(zip(result.char_sources[0], result.char_sources[1], strict=True))
    return Encoding(
        text=result.text, model_text=model_text, ids=tuple(result.ids), tokens=tokens,
        pieces=pieces, specials_found=result.found,
        specials_recognised=tuple(result.recognised),
        replaced_surrogates=tuple(result.replaced), normalized=result.changed,
        segments=segments, decoded=tokenizer.decode(result.ids, errors="replace"),
        traces=tuple(result.traces) if result.traces is not None else None,
        _sources=sources,
    )
