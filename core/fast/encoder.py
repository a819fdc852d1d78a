"""The tokenizer's speed, behind one object: the fast id path and its caches.

:class:`FastEncoder` gives exactly the ids the walk through the pipeline gives
(``pipeline/walk.py``; tests compare them on generated and real text), faster: pieces,
lines and the decode table are cached; text seen before (the GUI re-encoding as the user
types) is encoded a line at a time from a cache of whole lines, where the pre-tokenizer allows
cutting there; long texts never seen have their new pieces merged together (``bulk_bpe``).
The :class:`~bpelens.core.pipeline.tokenizer.Tokenizer` calls it; nothing else reaches in.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import accumulate, chain, compress, count, pairwise
from typing import TYPE_CHECKING, Any

import regex

from ..errors import BpeLensError
from ..pipeline.added_tokens import AddedVocabulary, SpecialMode
from ..pipeline.capabilities import Can
from ..pipeline.normalizers.base import Normalizer
from ..pipeline.pre_tokenizers.base import PreTokenizer, newline_chunks
from ..pipeline.segments import model_parts
from ..text.units import SurrogatePolicy, clean_surrogates
from .gc_pause import gc_paused
from .short_steps import encoded, joins_to, mapped, mapped_array

if TYPE_CHECKING:
    import numpy as np

    from ..models.base import TokenModel

PIECE_CACHE_LIMIT = 1 << 18
CHUNK_CACHE_LIMIT = 1 << 16
# A text this long that was never seen may hold enough new pieces to merge them together.
BULK_MIN_CHARS = 20_000
# Texts of this many characters in all, coming in batches, are worth the bulk merge's tables.
EXPECT_BULK_CHARS = 1 << 20
# A long text is encoded a slice at a time: about this many characters of lines, or pieces.
SLICE_CHARS = 1 << 20
SLICE_PIECES = 1 << 18
# Lines never seen are split this many characters at a time: the pieces of each pass are
# numbered while they are still in the processor's cache.
SPLIT_CHARS = 1 << 16
Progress = Callable[[float], None]
# Int objects 0, 1, 2 … shared by every tokenizer (ints are immutable), see FastEncoder.id_list.
_ID_OBJECTS: np.ndarray | None = None


class _PieceCache(dict[str, list[int]]):
    """piece → ids; a miss runs the model, a hit never leaves C (``map(cache.__getitem__, …)``)."""

    __slots__ = ("_encode",)

    def __init__(self, encode) -> None:
        super().__init__()
        self._encode = encode

    def __missing__(self, piece: str) -> list[int]:
        ids = self._encode(piece)
        if len(self) >= PIECE_CACHE_LIMIT:
            self.clear()
        self[piece] = ids
        return ids


@dataclass(frozen=True, slots=True, eq=False)
class FastRecord:
    """What the fast path records of one text for a token table: the ids, each token's
    length in bytes (the tokens' bytes join to the text's, checked), the segments (added
    tokens and the text between them) and each piece's length in characters."""

    ids: list[int]
    token_lengths: list[int]
    segments: list[tuple[int, int, int | None]]
    piece_lengths: list[int]  # characters of each piece, added tokens included
    piece_special: list[int | None]


class FastEncoder:
    """Ids of a text through one tokenizer's pipeline, with every cache that makes it fast."""

    def __init__(self, model: TokenModel, normalizer: Normalizer, pretokenizer: PreTokenizer,
                 specials: AddedVocabulary) -> None:
        self.model = model
        self.normalizer = normalizer
        self.pretokenizer = pretokenizer
        self.specials = specials
        self.cache = _PieceCache(model.encode_piece)
        # piece → (ids, bytes each covers): what encode() and token tables reuse.
        self.span_cache: dict[str, tuple[list[int], list[int]]] = {}
        self._decode_key: tuple[int, int] | None = None
        self._decode_cache: list[bytes | None] | None = None
        # What the stages declare (pipeline/capabilities.py) is all the paths below read.
        self.normalize_identity = Can.KEEP_TEXT in normalizer.capabilities
        self.split = pretokenizer.split_fast
        declared = pretokenizer.capabilities
        self.position_sensitive = Can.SPLIT_ANYWHERE_ALIKE not in declared
        self.pieces_are_text = Can.PIECES_ARE_TEXT in declared
        # Text seen before (the GUI re-encoding as the user types) is encoded a line at a
        # time from a cache of whole lines, where the pre-tokenizer allows cutting there.
        self.chunked = Can.CUT_AT_NEWLINES in declared and not self.position_sensitive
        self.chunks: dict[str, list[int]] = {}
        # line → its pieces' lengths in characters (bytes when all are short): token tables
        # of text seen before read them instead of splitting every line again.
        self.line_pieces: dict[str, bytes | list[int]] = {}

    def expect_text(self, chars: int) -> None:
        """Megabytes of text are coming in batches (a corpus, sentence by sentence): build now
        what merging a batch's new pieces together needs, which a single batch would not
        bring enough new pieces to build."""
        if chars >= EXPECT_BULK_CHARS:
            self.model.prepare_bulk()

    def parts(self, text: str, special: SpecialMode) -> Iterator[tuple[str, int | None, bool]]:
        return model_parts(self.specials, self.normalizer, text, special,
                           normalize=not self.normalize_identity)

    def model_inputs(self, text: str, special: SpecialMode) -> list[str]:
        """What the model is given for ``text`` (surrogates already dealt with), piece by
        piece, added tokens left out: the pieces :meth:`ids` looks up, without the lookup."""
        out: list[str] = []
        for part, sid, at_start in self.parts(text, special):
            if sid is not None:
                continue
            if self.position_sensitive:
                out.extend(p.text for p in self.pretokenizer.pieces(part, at_input_start=at_start))
            else:
                out.extend(self.split(part))
        return [piece for piece in out if piece]

    def ids(self, text: str, special: SpecialMode, progress: Progress | None = None
            ) -> list[int]:
        """The ids of ``text`` (surrogates already dealt with), before any post-processor.
        ``progress(fraction)`` between slices; it may raise to stop."""
        out: list[int] = []
        lookup = self.cache.__getitem__
        done = 0
        for part, sid, at_start in self.parts(text, special):
            if sid is not None:
                out.append(sid)
            elif self.chunked:
                self.encode_lines(part, out, _scaled(progress, done, len(part), len(text)))
            else:
                if self.position_sensitive:
                    pieces = [p.text for p in self.pretokenizer.pieces(
                        part, at_input_start=at_start)]
                else:
                    pieces = self.split(part)
                report = _scaled(progress, done, len(part), len(text))
                for start in range(0, len(pieces), SLICE_PIECES):
                    some = pieces[start : start + SLICE_PIECES]
                    if len(part) >= BULK_MIN_CHARS:
                        with gc_paused():
                            self.prefill(some)
                    out.extend(chain.from_iterable(map(lookup, some)))
                    if report is not None:
                        report(min(1.0, (start + SLICE_PIECES) / len(pieces)))
            done += len(part)
        return out

    def batch_ids(self, texts: list[str], special: SpecialMode) -> list[list[int]]:
        """``[ids(t) for t in texts]`` (surrogates already dealt with), with one walk through
        each text's added tokens and normalization: the lines never seen are encoded
        together, their pieces kept for the next batch, and each text is then joined from
        its lines' ids."""
        if not self.chunked:
            self.cache_texts(texts, special=special)
            return [self.ids(text, special) for text in texts]
        parts = [list(self.parts(text, special)) for text in texts]
        chunks = self.chunks
        lines = {line: None for text_parts in parts for part, sid, _ in text_parts
                 if sid is None for line in newline_chunks(part)}
        new = [line for line in lines if line not in chunks]
        if len(chunks) + len(new) >= CHUNK_CACHE_LIMIT:
            chunks.clear()
            new = list(lines)
        if new:
            with gc_paused(promote=True):
                if sum(map(len, new)) >= BULK_MIN_CHARS and len(new) <= CHUNK_CACHE_LIMIT // 2:
                    self.cache_lines(new, keep_pieces=True)
                else:
                    lookup = self.cache.__getitem__
                    for line in new:
                        chunks[line] = list(chain.from_iterable(map(lookup, self.split(line))))
        out: list[list[int]] = []
        for text_parts in parts:
            ids: list[int] = []
            for part, sid, _ in text_parts:
                if sid is not None:
                    ids.append(sid)
                elif "\n" not in part:
                    ids.extend(chunks[part])
                else:
                    ids.extend(chain.from_iterable(map(chunks.__getitem__,
                                                       newline_chunks(part))))
            out.append(ids)
        return out

    def encode_lines(self, text: str, out: list[int],
                      progress: Progress | None = None) -> None:
        chunks = self.chunks
        if "\n" not in text:
            known = chunks.get(text)  # a line seen before: the common case while typing
            if known is not None:
                out.extend(known)
                return
        if len(chunks) >= CHUNK_CACHE_LIMIT:
            chunks.clear()
        parts = newline_chunks(text)
        distinct = dict.fromkeys(parts)
        new = dict.fromkeys(c for c in distinct if c not in chunks) if chunks else distinct
        if new:
            # The lists made here hold ids only: no cycles for the collector to find.
            with gc_paused(promote=True):
                if sum(map(len, new)) >= BULK_MIN_CHARS:
                    # With no line known yet, the ids of every line in order are the answer.
                    if len(new) == len(distinct):
                        for group, fraction in slices(parts):
                            out.extend(self.cache_lines(group, one_text=True))
                            if progress is not None:
                                progress(fraction)
                        return
                    for group, fraction in slices(list(new)):
                        self.cache_lines(group, one_text=True)
                        if progress is not None:
                            progress(fraction)
                else:
                    pieces = list(map(self.split, new))
                    lookup = self.cache.__getitem__
                    for chunk, chunk_pieces in zip(new, pieces, strict=True):
                        chunks[chunk] = list(chain.from_iterable(map(lookup, chunk_pieces)))
        out.extend(chain.from_iterable(map(chunks.__getitem__, parts)))

    def cache_lines(self, lines: list[str], *, keep_pieces: bool = False,
                    one_text: bool = False) -> list[int]:
        """Encode ``lines`` (cut by ``newline_chunks``) together with the vectorized merge,
        keep each line's ids in the line cache, and return all the ids in order.

        ``one_text``: the lines are chunks of one text, in its order (any of them may be
        left out): each but the last ends in a newline after a non-space and each but the
        first starts with a letter, which the pre-tokenizer's ``CUT_AT_NEWLINES`` says it
        never splits across. Lines of several texts are checked for what joining them may
        change."""
        import numpy as np

        if not lines:
            return []
        number: defaultdict[str, int] = defaultdict(count().__next__)
        line_ends = np.cumsum(np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)))
        cuts = np.searchsorted(line_ends, np.arange(SPLIT_CHARS, int(line_ends[-1]),
                                                    SPLIT_CHARS), side="right")
        groups = [(a, b) for a, b in pairwise([0, *np.unique(cuts).tolist(), len(lines)])
                  if a < b]
        # A regex pass over a few dozen lines joined (a pass per line costs more), each piece
        # numbered while it is fresh in the processor's cache.
        whiches = [mapped_array(number.__getitem__, self.split("".join(lines[a:b])), np.intp)
                   for a, b in groups]
        # Lines of several texts: a line ending in whitespace may end in other pieces when
        # followed by another line (``\s+(?!\S)``, ``\s++$`` look past it), even where the
        # pieces still end at its end.
        open_ends = [] if one_text else _open_ends(lines)
        for attempt in range(2):
            distinct = list(number)
            which = np.concatenate(whiches)
            # Each piece's length is its distinct piece's: a len() per distinct piece, not
            # per piece.
            piece_ends = np.cumsum(mapped_array(len, distinct, np.int64).take(which))
            last = np.minimum(np.searchsorted(piece_ends, line_ends), piece_ends.size - 1)
            crossed = np.flatnonzero(piece_ends.take(last) != line_ends)
            if attempt == 0 and open_ends:
                crossed = np.union1d(crossed, open_ends)
            if not crossed.size:
                break
            if attempt:
                # Only a pre-tokenizer that drops text could get here (its pieces would not
                # cover the lines); CUT_AT_NEWLINES is declared by none such.
                raise AssertionError("lines split one by one must end where their pieces do")
            # A piece crossed from one line into the next (lines that did not follow each
            # other in a text, say): the lines of that group are split one by one. A group's
            # pieces cover its text, so the other groups' lines still end where they did.
            group_ends = np.array([b for _, b in groups], dtype=np.int64)
            for g in np.unique(np.searchsorted(group_ends, crossed, side="right")).tolist():
                a, b = groups[g]
                whiches[g] = mapped_array(
                    number.__getitem__,
                    list(chain.from_iterable(map(self.split, lines[a:b]))), np.intp)
        ids, ends = self._gather(*self._encode_distinct(distinct, keep=keep_pieces), which)
        # Where each line's ids end: after its last piece's.
        bounds = ends[last + 1].tolist()
        spans = map(slice, [0, *bounds[:-1]], bounds)
        self.chunks.update(zip(lines, map(ids.__getitem__, spans), strict=True))
        return ids

    def each_alone(self, texts: list[str]) -> list[list[int] | None]:
        """For many short texts (a vocabulary's tokens, each encoded alone, special tokens
        off): the ids of each the pipeline makes one piece, that piece's ids from the model;
        None for the others (several pieces, a newline where lines are cached, an added token
        that is matched even with special tokens off, a pre-tokenizer that minds where a
        piece is, a character the model cannot encode): the caller encodes those whole."""
        out: list[list[int] | None] = [None] * len(texts)
        if self.position_sensitive:
            return out
        normalized = (texts if self.normalize_identity
                      else list(map(self.normalizer.normalize_str, texts)))
        pieces = list(map(self.split, normalized))
        alone = [i for i, p in enumerate(pieces) if len(p) == 1]
        if self.chunked:  # (a line at a time: the same pieces, but the one path is simpler)
            alone = [i for i in alone if "\n" not in texts[i]]
        added = self._always_matched()
        if added is not None:
            alone = [i for i in alone if added.search(texts[i]) is None
                     and added.search(normalized[i]) is None]
        try:
            got = list(map(self.model.encode_piece, [pieces[i][0] for i in alone]))
        except BpeLensError:
            return out  # (the whole encoding says which text, and where)
        for i, ids in zip(alone, got, strict=True):
            out[i] = ids
        return out

    def _always_matched(self) -> Any:
        """A pattern finding the added tokens matched in text even with special tokens off
        (the non-special ones, as typed or normalized), or None when there are none."""
        contents: set[str] = set()
        normalize = self.normalizer.normalize_str
        for token in self.specials.tokens:
            if not token.special:
                contents.add(token.content)
                if token.normalized:
                    contents.add(normalize(token.content))
        contents.discard("")
        if not contents:
            return None
        return regex.compile("|".join(map(regex.escape, sorted(contents, key=len, reverse=True))))

    def split_lines(self, lines: list[str]) -> tuple[list[str], Any]:
        """The pieces of all ``lines`` one after the other, and how many pieces the first
        ``k + 1`` lines hold, for each ``k``: one regex pass over the lines joined (a pass
        per line costs more), checked to cut where the lines meet, else a pass per line."""
        import numpy as np

        pieces = self.split("".join(lines))
        piece_ends = np.cumsum(mapped_array(len, pieces, np.int64))
        line_ends = np.cumsum(np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)))
        last = np.searchsorted(piece_ends, line_ends)
        if last.size and (int(last[-1]) >= piece_ends.size
                          or not np.array_equal(piece_ends[last], line_ends)):
            per_line = list(map(self.split, lines))
            return (list(chain.from_iterable(per_line)),
                    np.fromiter(accumulate(map(len, per_line)), dtype=np.intp,
                                count=len(per_line)))
        return pieces, last + 1

    def prefill(self, pieces: list[str]) -> None:
        """Put the pieces not yet in the piece cache there, encoded together."""
        cache = self.cache
        misses = [p for p in set(pieces) if p not in cache]
        if misses:
            cache.update(zip(misses, self.model.encode_pieces(misses), strict=True))

    def _encode_distinct(self, distinct: list[str], *, keep: bool
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ids of ``distinct`` pieces as arrays ``(pool, starts, lens)``: piece ``d``'s are
        ``pool[starts[d] : starts[d] + lens[d]]``; those in the piece cache from there, the
        others encoded together. ``keep``: cache those too (batch after batch of a corpus
        brings the same words again); else they are not (the caller caches whole lines, which
        is what comes back while the user types, and a list per piece costs a tenth of the
        encoding). Reading a million cached lists, scattered in memory, costs more than
        numbering the pieces as they come and gathering with numpy (:meth:`_gather`)."""
        import numpy as np

        cache = self.cache
        if not cache:
            pool, starts, lens = self.model.encode_pieces_arrays(distinct)
            if keep and distinct:
                self._keep_pieces(distinct, pool, starts, lens)
            return pool, starts, lens
        known = mapped_array(cache.__contains__, distinct, bool)
        misses = list(compress(distinct, (~known).tolist())) if known.any() else distinct
        pool, miss_starts, miss_lens = self.model.encode_pieces_arrays(misses)
        if keep and misses:
            self._keep_pieces(misses, pool, miss_starts, miss_lens)
        starts = np.empty(len(distinct), dtype=np.int64)
        lens = np.empty(len(distinct), dtype=np.int64)
        starts[~known] = miss_starts
        lens[~known] = miss_lens
        if known.any():
            cached = list(map(cache.__getitem__, compress(distinct, known.tolist())))
            known_lens = np.fromiter(map(len, cached), dtype=np.int64, count=len(cached))
            starts[known] = pool.size + np.cumsum(known_lens) - known_lens
            lens[known] = known_lens
            pool = np.concatenate((pool, np.fromiter(
                chain.from_iterable(cached), dtype=np.int64, count=int(known_lens.sum()))))
        return pool, starts, lens

    def _gather(self, pool: np.ndarray, starts: np.ndarray, lens: np.ndarray,
                which: np.ndarray) -> tuple[list[int], np.ndarray]:
        """The ids of the pieces numbered ``which`` one after the other (distinct piece
        ``d``'s are ``pool[starts[d] : starts[d] + lens[d]]``), and where each piece's end in
        them (with a 0 first)."""
        import numpy as np

        # (``take`` gathers a third faster than indexing with an array)
        counts = lens.take(which)
        ends = np.zeros(counts.size + 1, dtype=np.intp)
        np.cumsum(counts, out=ends[1:])
        first = starts.take(which)
        if counts.size and counts.min() > 0:
            # Where in the pool each id is: steps of 1, but a jump at each piece's first id.
            at = np.ones(int(ends[-1]), dtype=np.int64)
            at[0] = first[0]
            at[ends[1:-1]] = first[1:] - first[:-1] - counts[:-1] + 1
            np.cumsum(at, out=at)
        else:
            at = np.repeat(first - ends[:-1], counts) + np.arange(ends[-1])
        return self.id_list(pool.take(at)), ends

    def _keep_pieces(self, pieces: list[str], pool: Any, starts: Any, lens: Any) -> None:
        from .bulk_bpe import split_lists

        cache = self.cache
        if len(cache) + len(pieces) > PIECE_CACHE_LIMIT:
            cache.clear()
            if len(pieces) > PIECE_CACHE_LIMIT:
                return
        cache.update(zip(pieces, split_lists(pool, starts, lens), strict=True))

    def id_list(self, ids: np.ndarray) -> list[int]:
        """``ids.tolist()``, but every id is a shared int object: a million new ints would
        cost more time, and ~28 bytes each, than gathering references."""
        global _ID_OBJECTS
        import numpy as np

        top = int(ids.max(initial=-1))
        if ids.size < 1 << 16 or top >= 1 << 24 or int(ids.min(initial=0)) < 0:
            return ids.tolist()
        if _ID_OBJECTS is None or _ID_OBJECTS.size <= top:
            _ID_OBJECTS = np.arange(max(top + 1, self.model.vocab_size)).astype(object)
        return _ID_OBJECTS.take(ids).tolist()

    def cache_texts(self, texts: list[str], *, special: SpecialMode = "all",
                    surrogates: SurrogatePolicy = "replace", keep_pieces: bool = True) -> None:
        """Encode the lines of ``texts`` not seen yet all together, into the cache of lines:
        encoding each text afterwards (``encode_ids``) is then mostly lookups. Never raises:
        a text that cannot be encoded is left for ``encode_ids`` to report. ``keep_pieces``:
        cache their pieces too, for more batches of the same kind of text."""
        if not self.chunked or sum(map(len, texts)) < BULK_MIN_CHARS:
            return
        chunks = self.chunks
        try:
            new = dict.fromkeys(
                line
                for text in texts
                for part, sid, _ in self.parts(clean_surrogates(text, surrogates)[0],
                                                      special)
                if sid is None
                for line in newline_chunks(part)
                if line not in chunks
            )
        except BpeLensError:
            return  # a bad text or mode: encode_ids reports it for that text
        if sum(map(len, new)) < BULK_MIN_CHARS or len(new) > CHUNK_CACHE_LIMIT // 2:
            return  # too few to gain, or more than the line cache would keep
        if len(chunks) + len(new) >= CHUNK_CACHE_LIMIT:
            chunks.clear()
        try:
            with gc_paused(promote=True):
                self.cache_lines(list(new), keep_pieces=keep_pieces)
        except BpeLensError:
            return  # the text holding it reports it, with its offset

    def record(self, text: str, special: SpecialMode, vocab_size: int,
               progress: Progress | None = None) -> FastRecord | None:
        """The ids of ``text`` (surrogates already dealt with) and what a token table needs to
        place every token and piece — or None when the tokens' spans do not follow from their
        lengths: a normalizer that changes this text, added tokens matched after
        normalization, a position-sensitive pre-tokenizer, tokens whose bytes are not the
        text's (``▁``, a prefix space, ``##``, an unknown token, an end-of-word marker)."""
        if self.specials.has_normalized or self.position_sensitive:
            return None
        parts_table = self.decode_table(vocab_size)
        if parts_table is None:
            return None  # decoding is more than joining the tokens' bytes
        segments = self.specials.split(text, special) if len(self.specials) else (
            [(0, len(text), None)] if text else [])
        normalize = self.normalizer.normalize_str
        if not self.normalize_identity and any(
                sid is None and normalize(text[s:e]) != text[s:e] for s, e, sid in segments):
            return None
        ids = self.ids(text, special, _scaled(progress, 0, 8, 10))
        parts = mapped(parts_table.__getitem__, ids)
        if not joins_to(parts, encoded(text)):
            return None
        token_lengths = mapped(len, parts)
        del parts
        piece_lengths: list[int] = []
        piece_special: list[int | None] = []
        pre = self.pretokenizer
        for s, e, sid in segments:
            if sid is not None:
                piece_lengths.append(e - s)
                piece_special.append(sid)
                continue
            if not self.pieces_are_text:
                # Pieces spelled one character per byte (falcon's ByteLevel before Digits):
                # their spans in the text give their lengths, not their strings.
                here = [b - a for a, b in pre.split(text[s:e])]
            elif self.chunked:
                here = self.line_piece_lengths(text[s:e])
            else:
                here = mapped(len, pre.split_str(text[s:e]))
            piece_lengths.extend(here)
            piece_special.extend([None] * len(here))
        return FastRecord(ids, token_lengths, segments, piece_lengths, piece_special)

    def line_piece_lengths(self, text: str) -> list[int]:
        """The lengths of ``text``'s pieces as the id path split them — line by line, each
        line's from the cache of lines' pieces or split now (lines together, a few at a
        time)."""
        cache = self.line_pieces
        lines = newline_chunks(text)
        distinct = dict.fromkeys(lines)
        new = [line for line in distinct if line not in cache]
        if len(cache) + len(new) > CHUNK_CACHE_LIMIT:
            cache.clear()  # then this text's lines, all of them, are what it keeps
            new = list(distinct)
        for group, _ in slices(new):
            pieces, counts = self.split_lines(group)
            lengths = mapped(len, pieces)
            bounds = counts.tolist()
            for line, a, b in zip(group, [0, *bounds[:-1]], bounds, strict=True):
                some = lengths[a:b]
                cache[line] = bytes(some) if max(some, default=0) < 256 else some
        return list(chain.from_iterable(map(cache.__getitem__, lines)))

    def decode_table(self, vocab_size: int) -> list[bytes | None] | None:
        """Bytes per id, added tokens included, built once (decoding is then one C-level join)."""
        key = (id(self.specials), len(self.specials.by_id))
        if self._decode_key != key:
            base = self.model.decode_table()
            table = None
            if base is not None:
                table = list(base) + [None] * (vocab_size - len(base))
                for tid, content in self.specials.by_id.items():
                    table[tid] = content.encode("utf-8")
            self._decode_key, self._decode_cache = key, table
        return self._decode_cache


_WHITESPACE = regex.compile(r"\s")


def _open_ends(lines: list[str]) -> list[int]:
    """The lines (all but the last) whose pieces may change when the next line follows them:
    those ending in whitespace, except a newline after a non-space before a line that starts
    with a letter (the cut ``newline_chunks`` makes, which the pre-tokenizer declares safe)."""
    out = []
    for index, (line, following) in enumerate(pairwise(lines)):
        end = line[-1:]
        if not (end.isspace() or _WHITESPACE.match(end)):
            continue
        if (end == "\n" and len(line) > 1 and not line[-2].isspace()
                and not _WHITESPACE.match(line[-2]) and following[:1].isalpha()):
            continue
        out.append(index)
    return out


def slices(lines: list[str]) -> Iterator[tuple[list[str], float]]:
    """``lines`` in consecutive groups of about SLICE_CHARS characters, each with the share
    of the characters done once it is."""
    ends = list(accumulate(map(len, lines)))
    total = ends[-1] if ends and ends[-1] else 1
    start = 0
    while start < len(lines):
        # A group ends with the line that brings it to SLICE_CHARS characters.
        before = ends[start - 1] if start else 0
        stop = bisect_left(ends, before + SLICE_CHARS, start) + 1
        if stop > len(lines):
            yield lines[start:], 1.0
            return
        yield lines[start:stop], ends[stop - 1] / total
        start = stop


def _scaled(progress: Progress | None, done: int, size: int, total: int) -> Progress | None:
    """``progress`` for a part of ``size`` characters after ``done`` of ``total``."""
    if progress is None or not total:
        return progress
    return lambda fraction: progress((done + fraction * size) / total)
