"""The tokenization pipeline, in Hugging Face's order:

1. added tokens matched in the text as typed (``normalized=False``: all special tokens of
   tiktoken and of BPE Lens's own tokenizers) — a normalizer can never break them;
2. each text segment between them normalized;
3. added tokens with ``normalized=True`` matched in the normalized text;
4. the pre-tokenizer cuts (and may rewrite) pieces; the model encodes each piece;
5. optionally, the post-processor adds its special tokens (``add_special_tokens``).

``encode`` returns every stage as data. Its ``model_text`` is the text as the model sees it:
normalized, with the pre-tokenizer's rewriting (``▁`` for spaces, a prefix space), and the
text no piece covers (whitespace dropped by a pre-tokenizer) left in place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import accumulate, chain, compress, count
from typing import TYPE_CHECKING, Any, Literal, overload

from ..errors import BpeLensError, DecodeError
from ..fast.gc_pause import gc_paused
from ..fast.short_steps import joined, mapped, mapped_array
from ..models.base import TokenKind, TokenModel
from ..models.bpe import UnknownCharacterError
from ..results.encoding import Encoding
from ..text.units import SurrogatePolicy, clean_surrogates
from .added_tokens import AddedToken, AddedVocabulary, SpecialMode
from .decoders import Decoder
from .normalizers.base import Normalizer, make_normalizer
from .post_processors import PostProcessor
from .pre_tokenizers.base import PreTokenizer, make_pretokenizer, newline_chunks

if TYPE_CHECKING:
    import numpy as np

    from ..training.record import TrainingRecord

DecodeErrors = Literal["strict", "replace"]
PIECE_CACHE_LIMIT = 1 << 18
CHUNK_CACHE_LIMIT = 1 << 16
# A text this long that was never seen may hold enough new pieces to merge them together.
BULK_MIN_CHARS = 20_000
# A long text is encoded a slice at a time: about this many characters of lines, or pieces.
SLICE_CHARS = 1 << 20
SLICE_PIECES = 1 << 18
Progress = Callable[[float], None]
Source = tuple[int, int]
# Int objects 0, 1, 2 … shared by every tokenizer (ints are immutable), see Tokenizer._id_list.
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


class Tokenizer:
    """A model with its pipeline: added tokens, normalizer, pre-tokenizer, post-processor,
    decoder."""

    def __init__(
        self,
        model: TokenModel,
        *,
        normalizer: Normalizer | str | dict | None = None,
        pretokenizer: PreTokenizer | str | dict | None = None,
        special_tokens: Mapping[str, int] | None = None,
        added_tokens: Iterable[AddedToken] | None = None,
        post_processor: PostProcessor | None = None,
        decoder: Decoder | None = None,
        name: str = "",
    ) -> None:
        self.model = model
        self.normalizer = (
            normalizer if isinstance(normalizer, Normalizer) else make_normalizer(normalizer)
        )
        self.pretokenizer = (
            pretokenizer if isinstance(pretokenizer, PreTokenizer)
            else make_pretokenizer(pretokenizer)
        )
        tokens = list(added_tokens or [])
        tokens += [AddedToken(text, tid) for text, tid in (special_tokens or {}).items()]
        self.specials = AddedVocabulary(tokens, normalize=self.normalizer.normalize_str)
        self.post_processor = post_processor
        self.decoder = decoder
        self.name = name
        # How it was trained (merge counts, settings), when known: for playback and files.
        self.training: TrainingRecord | None = None
        # Where it was read from (format, path, hash), when it came from a file.
        self.source: dict[str, Any] | None = None
        # What loading noticed and the user should know (ids a file declares differently
        # from what its library gives them, say): shown by the CLI and the window.
        self.load_notes: list[str] = []
        self._cache = _PieceCache(model.encode_piece)
        # piece → (ids, bytes each covers): what encode() and token tables reuse.
        self._span_cache: dict[str, tuple[list[int], list[int]]] = {}
        self._decode_key: tuple[int, int] | None = None
        self._decode_cache: list[bytes | None] | None = None
        self._normalize_identity = type(self.normalizer) is Normalizer
        self._split = self.pretokenizer.split_fast
        self._position_sensitive = self.pretokenizer.position_sensitive
        # Text seen before (the GUI re-encoding as the user types) is encoded a line at a
        # time from a cache of whole lines, where the pre-tokenizer allows cutting there.
        self._chunked = self.pretokenizer.cuts_at_newlines and not self._position_sensitive
        self._chunks: dict[str, list[int]] = {}

    # -- sizes and lookups ------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        """Model tokens plus added tokens (the largest id + 1)."""
        return max([self.model.vocab_size - 1, *self.specials.by_id]) + 1

    def token_bytes(self, token_id: int) -> bytes:
        added = self.specials.by_id.get(token_id)
        if added is not None:
            return added.encode("utf-8")
        if self.model.has_id(token_id):
            return self.model.token_bytes[token_id] or b""
        raise DecodeError(f"token id {token_id!r} is not in this tokenizer: {self.describe_ids()}")

    def id_ranges(self) -> list[tuple[int, int]]:
        """The ids this tokenizer has, as inclusive ranges (o200k: 0–199997, 199999, 200018)."""
        has = self.model.has_id
        present = set(self.specials.by_id)
        ranges: list[tuple[int, int]] = []
        start = None
        for tid in range(self.vocab_size + 1):
            inside = tid < self.vocab_size and (tid in present or has(tid))
            if inside and start is None:
                start = tid
            elif not inside and start is not None:
                ranges.append((start, tid - 1))
                start = None
        return ranges

    def describe_ids(self) -> str:
        """Which ids exist, for messages: "its ids are 0–199997, 199999 and 200018"."""
        ranges = self.id_ranges()
        shown = [f"{a}" if a == b else f"{a}–{b}" for a, b in ranges[:6]]
        if len(ranges) > 6:
            return f"its ids are {', '.join(shown)} … ({len(ranges)} ranges, up to " \
                   f"{ranges[-1][1]})"
        if len(shown) > 1:
            return f"its ids are {', '.join(shown[:-1])} and {shown[-1]}"
        return f"its ids are {shown[0]}" if shown else "it has no ids"

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        added = self.specials.by_id.get(token_id)
        if added is not None:
            return added
        self.token_bytes(token_id)
        return self.model.token_label(token_id, printable=printable)

    def id_to_token(self, token_id: int) -> str | None:
        """The token as the tokenizer spells it when decoding (``Ġhello``, ``##ing``), or None."""
        added = self.specials.spellings.get(token_id)
        return added if added is not None else self.model.id_to_token(token_id)

    def token_kind(self, token_id: int) -> TokenKind:
        if token_id in self.specials.by_id:
            return "special" if self.specials.is_special(token_id) else "added"
        return self.model.kind(token_id)

    # -- encoding: fast path ----------------------------------------------------------------
    def encode_ids(
        self,
        text: str,
        *,
        special: SpecialMode = "all",
        add_special_tokens: bool = False,
        surrogates: SurrogatePolicy = "replace",
        progress: Progress | None = None,
    ) -> list[int]:
        """Token ids only (no spans, no traces).

        ``progress(fraction)`` is called between slices of a long text (each a few tens of
        milliseconds of work, so a thread waiting for the interpreter lock gets it); it may
        raise to stop the encoding."""
        text, _ = clean_surrogates(text, surrogates)
        out: list[int] = []
        lookup = self._cache.__getitem__
        done = 0
        try:
            for part, sid, at_start in self._model_parts(text, special):
                if sid is not None:
                    out.append(sid)
                elif self._chunked:
                    self._encode_lines(part, out, _scaled(progress, done, len(part),
                                                          len(text)))
                else:
                    if self._position_sensitive:
                        pieces = [p.text for p in self.pretokenizer.pieces(
                            part, at_input_start=at_start)]
                    else:
                        pieces = self._split(part)
                    report = _scaled(progress, done, len(part), len(text))
                    for start in range(0, len(pieces), SLICE_PIECES):
                        some = pieces[start : start + SLICE_PIECES]
                        if len(part) >= BULK_MIN_CHARS:
                            with gc_paused():
                                self._prefill(some)
                        out.extend(chain.from_iterable(map(lookup, some)))
                        if report is not None:
                            report(min(1.0, (start + SLICE_PIECES) / len(pieces)))
                done += len(part)
        except UnknownCharacterError:
            self.encode(text, special=special)  # raises with the offset in the whole text
            raise
        if add_special_tokens and self.post_processor is not None:
            out = self.post_processor.process(out)
        return out

    def _model_parts(
        self, text: str, special: SpecialMode
    ) -> Iterator[tuple[str, int | None, bool]]:
        """What the model is given, in order: ``(part, None, at_input_start)`` for normalized
        text between added tokens, ``("", id, False)`` for an added token."""
        for start, end, sid in self._raw_segments(text, special):
            if sid is not None:
                yield "", sid, False
                continue
            segment = text if (start, end) == (0, len(text)) else text[start:end]
            if not self._normalize_identity:
                segment = self.normalizer.normalize_str(segment)
            for s, e, nid in self._normalized_segments(segment, special):
                if nid is not None:
                    yield "", nid, False
                else:
                    part = segment if (s, e) == (0, len(segment)) else segment[s:e]
                    yield part, None, start == 0 and s == 0

    def _encode_lines(self, text: str, out: list[int],
                      progress: Progress | None = None) -> None:
        chunks = self._chunks
        if "\n" not in text:
            known = chunks.get(text)  # a line seen before: the common case while typing
            if known is not None:
                out.extend(known)
                return
        if len(chunks) >= CHUNK_CACHE_LIMIT:
            chunks.clear()
        parts = newline_chunks(text)
        distinct = dict.fromkeys(parts)
        new = dict.fromkeys(c for c in distinct if c not in chunks)
        if new:
            # The lists made here hold ids only: no cycles for the collector to find.
            with gc_paused(promote=True):
                if sum(map(len, new)) >= BULK_MIN_CHARS:
                    # With no line known yet, the ids of every line in order are the answer.
                    if len(new) == len(distinct):
                        for group, fraction in slices(parts):
                            out.extend(self._cache_lines(group))
                            if progress is not None:
                                progress(fraction)
                        return
                    for group, fraction in slices(list(new)):
                        self._cache_lines(group)
                        if progress is not None:
                            progress(fraction)
                else:
                    pieces = list(map(self._split, new))
                    lookup = self._cache.__getitem__
                    for chunk, chunk_pieces in zip(new, pieces, strict=True):
                        chunks[chunk] = list(chain.from_iterable(map(lookup, chunk_pieces)))
        out.extend(chain.from_iterable(map(chunks.__getitem__, parts)))

    def _cache_lines(self, lines: list[str]) -> list[int]:
        """Encode ``lines`` (cut by ``newline_chunks``) together with the vectorized merge,
        keep each line's ids in the line cache, and return all the ids in order."""
        pieces, counts = self._split_lines(lines)
        ids, ends = self._prefill(pieces, ids=True)
        # Where each line's ids end: after its last piece's.
        bounds = ends[counts].tolist()
        spans = map(slice, [0, *bounds[:-1]], bounds)
        self._chunks.update(zip(lines, map(ids.__getitem__, spans), strict=True))
        return ids

    def _split_lines(self, lines: list[str]) -> tuple[list[str], Any]:
        """The pieces of all ``lines`` one after the other, and how many pieces the first
        ``k + 1`` lines hold, for each ``k``: one regex pass over the lines joined (a pass
        per line costs more), checked to cut where the lines meet, else a pass per line."""
        import numpy as np

        pieces = self._split("".join(lines))
        piece_ends = np.cumsum(mapped_array(len, pieces, np.int64))
        line_ends = np.cumsum(np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)))
        last = np.searchsorted(piece_ends, line_ends)
        if last.size and (int(last[-1]) >= piece_ends.size
                          or not np.array_equal(piece_ends[last], line_ends)):
            per_line = list(map(self._split, lines))
            return (list(chain.from_iterable(per_line)),
                    np.fromiter(accumulate(map(len, per_line)), dtype=np.intp,
                                count=len(per_line)))
        return pieces, last + 1

    @overload
    def _prefill(self, pieces: list[str]) -> None: ...
    @overload
    def _prefill(
        self, pieces: list[str], *, ids: Literal[True]
    ) -> tuple[list[int], np.ndarray]: ...

    def _prefill(
        self, pieces: list[str], *, ids: bool = False
    ) -> tuple[list[int], np.ndarray] | None:
        """Put the pieces not yet in the piece cache there, encoded together.

        ``ids``: instead return the ids of all the pieces one after the other (what
        ``chain.from_iterable(map(cache.__getitem__, pieces))`` would give) and, as an array,
        where each piece's end in them (with a 0 first); the new pieces are not cached then
        (the caller caches whole lines, which is what comes back while the user types, and a
        list per piece costs a tenth of the encoding). Reading a million cached lists,
        scattered in memory, costs more than numbering the pieces as they come and gathering
        with numpy (in steps: see ``short_steps``)."""
        cache = self._cache
        if not ids:
            misses = [p for p in set(pieces) if p not in cache]
            if misses:
                cache.update(zip(misses, self.model.encode_pieces(misses), strict=True))
            return None
        import numpy as np

        # Each distinct piece numbered in order of first appearance, all in C.
        number: defaultdict[str, int] = defaultdict(count().__next__)
        which = mapped_array(number.__getitem__, pieces, np.intp)
        distinct = list(number)
        if cache:
            known = mapped_array(cache.__contains__, distinct, bool)
        else:
            known = np.zeros(len(distinct), dtype=bool)
        # The ids of distinct piece ``d``: ``pool[starts[d] : starts[d] + lens[d]]``.
        misses = list(compress(distinct, (~known).tolist())) if known.any() else distinct
        pool, miss_starts, miss_lens = self.model.encode_pieces_arrays(misses)
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
        # Then every occurrence's, gathered.
        counts = lens[which]
        ends = np.zeros(counts.size + 1, dtype=np.intp)
        np.cumsum(counts, out=ends[1:])
        first = starts[which]
        if counts.size and counts.min() > 0:
            # Where in the pool each id is: steps of 1, but a jump at each piece's first id.
            at = np.ones(int(ends[-1]), dtype=np.int64)
            at[0] = first[0]
            at[ends[1:-1]] = first[1:] - first[:-1] - counts[:-1] + 1
            np.cumsum(at, out=at)
        else:
            at = np.repeat(first - ends[:-1], counts) + np.arange(ends[-1])
        return self._id_list(pool[at]), ends

    def _id_list(self, ids: np.ndarray) -> list[int]:
        """``ids.tolist()``, but every id is a shared int object: a million new ints would
        cost more time, and ~28 bytes each, than gathering references."""
        global _ID_OBJECTS
        import numpy as np

        top = int(ids.max(initial=-1))
        if ids.size < 1 << 16 or top >= 1 << 24 or int(ids.min(initial=0)) < 0:
            return ids.tolist()
        if _ID_OBJECTS is None or _ID_OBJECTS.size <= top:
            _ID_OBJECTS = np.arange(max(top + 1, self.vocab_size)).astype(object)
        return _ID_OBJECTS.take(ids).tolist()

    def encode_batch_ids(
        self,
        texts: Iterable[str],
        *,
        special: SpecialMode = "all",
        add_special_tokens: bool = False,
        surrogates: SurrogatePolicy = "replace",
    ) -> list[list[int]]:
        """``[encode_ids(t) for t in texts]``; many short texts never seen are merged together
        first (one text at a time, each would be too short for the vectorized merge)."""
        texts = list(texts)
        out: list[list[int]] = []
        # In groups whose lines the line cache holds all at once.
        step = CHUNK_CACHE_LIMIT // 4
        for first in range(0, len(texts), step):
            group = texts[first : first + step]
            self.cache_texts(group, special=special, surrogates=surrogates)
            out.extend(self.encode_ids(t, special=special, add_special_tokens=add_special_tokens,
                                       surrogates=surrogates) for t in group)
        return out

    def cache_texts(self, texts: list[str], *, special: SpecialMode = "all",
                    surrogates: SurrogatePolicy = "replace") -> None:
        """Encode the lines of ``texts`` not seen yet all together, into the cache of lines:
        encoding each text afterwards (``encode_ids``) is then mostly lookups. Never raises:
        a text that cannot be encoded is left for ``encode_ids`` to report."""
        if not self._chunked or sum(map(len, texts)) < BULK_MIN_CHARS:
            return
        chunks = self._chunks
        try:
            new = dict.fromkeys(
                line
                for text in texts
                for part, sid, _ in self._model_parts(clean_surrogates(text, surrogates)[0],
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
                self._cache_lines(list(new))
        except BpeLensError:
            return  # the text holding it reports it, with its offset

    def _raw_segments(self, text: str, special: SpecialMode) -> list[tuple[int, int, int | None]]:
        if not len(self.specials):
            self.specials.selected(special)  # still validate the mode
            return [(0, len(text), None)] if text else []
        return self.specials.split(text, special)

    def _normalized_segments(
        self, text: str, special: SpecialMode
    ) -> list[tuple[int, int, int | None]]:
        if not self.specials.has_normalized:
            return [(0, len(text), None)] if text else []
        return self.specials.split(text, special, normalized=True)

    # -- encoding: everything ---------------------------------------------------------------
    def encode(
        self,
        text: str,
        *,
        special: SpecialMode = "all",
        trace: bool = False,
        add_special_tokens: bool = False,
        surrogates: SurrogatePolicy = "replace",
    ) -> Encoding:
        """Ids with every token's bytes and spans, every stage's pieces, optionally traces
        (an object each: for a megabyte of text, ``token_table`` gives the same as columns)."""
        from .walk import encoding_of, walk

        return encoding_of(self, walk(self, text, special=special, trace=trace,
                                      add_special_tokens=add_special_tokens,
                                      surrogates=surrogates))

    # -- decoding ---------------------------------------------------------------------------
    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """Concatenate the tokens' bytes (added tokens as their UTF-8 text)."""
        ids = ids if isinstance(ids, list) else list(ids)
        table = self._decode_table()
        if table is not None:
            try:
                if not ids or min(ids) >= 0:
                    return joined(mapped(table.__getitem__, ids))
            except (TypeError, IndexError):
                pass  # a bad id: the loop below names it
        by_id = self.specials.by_id
        has = self.model.has_id
        if not by_id and all(isinstance(i, int) and has(i) for i in ids):
            return self.model.decode_bytes(ids)
        out: list[bytes] = []
        run: list[int] = []
        for pos, tid in enumerate(ids):
            if tid in by_id:
                if run:
                    out.append(self.model.decode_bytes(run))
                    run = []
                out.append(by_id[tid].encode("utf-8"))
            elif isinstance(tid, int) and has(tid):
                run.append(tid)
            else:
                raise DecodeError(
                    f"id {tid!r} at position {pos} is not in this tokenizer: "
                    f"{self.describe_ids()}"
                )
        if run:
            out.append(self.model.decode_bytes(run))
        return b"".join(out)

    def _decode_table(self) -> list[bytes | None] | None:
        """Bytes per id, added tokens included, built once (decoding is then one C-level join)."""
        key = (id(self.specials), len(self.specials.by_id))
        if self._decode_key != key:
            base = self.model.decode_table()
            table = None
            if base is not None:
                table = list(base) + [None] * (self.vocab_size - len(base))
                for tid, content in self.specials.by_id.items():
                    table[tid] = content.encode("utf-8")
            self._decode_key, self._decode_cache = key, table
        return self._decode_cache

    def decode(
        self, ids: Iterable[int], *, errors: DecodeErrors = "strict", skip_special: bool = False
    ) -> str:
        """Text for ids.

        With a decoder (tokenizers read from ``tokenizer.json``) this is exactly what Hugging
        Face's ``decode`` returns. Otherwise all bytes are joined first and decoded as UTF-8
        once (a token may be half a character): ``errors="strict"`` raises
        :class:`DecodeError` naming the byte offset and the token, ``"replace"`` substitutes
        U+FFFD.
        """
        ids = list(ids)
        if errors not in ("strict", "replace"):
            raise DecodeError(f"unknown errors mode {errors!r}; choose 'strict' or 'replace'")
        if skip_special:
            ids = [i for i in ids if not self.specials.is_special(i)]
        data = self.decode_bytes(ids)  # also validates the ids
        if errors == "strict":
            self._check_utf8(ids, data)
        if self.decoder is not None:
            tokens = [self.id_to_token(i) or "" for i in ids]
            return self.decoder.decode(tokens)
        return data.decode("utf-8", "replace")

    def _check_utf8(self, ids: list[int], data: bytes) -> None:
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            pos = 0
            culprit = None
            for index, tid in enumerate(ids):
                pos += len(self.token_bytes(tid))
                if pos > exc.start:
                    culprit = (index, tid)
                    break
            where = f" (token {culprit[0]}, id {culprit[1]})" if culprit else ""
            raise DecodeError(
                f"the bytes are not valid UTF-8 at byte {exc.start}{where}: {exc.reason}; "
                "decode with errors='replace' to substitute U+FFFD",
                fixes={"cli": {"errors='replace'": "--errors replace"}},
            ) from None

    def round_trips(self, text: str, *, special: SpecialMode = "all") -> bool:
        """decode(encode(text)) == text."""
        return self.decode(self.encode_ids(text, special=special), errors="replace") == text


def slices(lines: list[str]) -> Iterator[tuple[list[str], float]]:
    """``lines`` in consecutive groups of about SLICE_CHARS characters, each with the share
    of the characters done once it is."""
    total = sum(map(len, lines)) or 1
    done = 0
    start = 0
    size = 0
    for index, line in enumerate(lines):
        size += len(line)
        if size >= SLICE_CHARS:
            done += size
            yield lines[start : index + 1], done / total
            start, size = index + 1, 0
    if start < len(lines):
        yield lines[start:], 1.0


def _scaled(progress: Progress | None, done: int, size: int, total: int) -> Progress | None:
    """``progress`` for a part of ``size`` characters after ``done`` of ``total``."""
    if progress is None or not total:
        return progress
    return lambda fraction: progress((done + fraction * size) / total)
