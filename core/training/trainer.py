"""Training BPE: count adjacent pairs, merge the most frequent, repeat (seed 000 §1).

* Pairs are counted inside each pre-token piece, weighted by how often the piece occurs (and
  by its text's exact weight), overlapping occurrences included: ``aaa`` has a+a twice.
* The most frequent pair wins; ties go to the smallest (left id, right id), or, with
  ``tie_break="first_occurrence"``, to the pair seen first in corpus order (seed 001's code).
* The pair is replaced left to right without overlap; the new token gets the next id (or
  the id of an existing token with the same bytes, as HF's trainer does).
* Training stops at the target vocabulary size, or when the best pair's count is below
  ``min_frequency`` (default 2: a pair seen once shortens nothing but the text it came from).

Counts are updated only where a merge happened (a pair → pieces index and a heap whose stale
entries are re-pushed with their current count), never by recounting the corpus. With
``trace_top`` the playback trace is read off the same state as each merge is chosen.
"""

from __future__ import annotations

import heapq
import math
import operator
import time
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import chain, compress, repeat
from typing import Any, Literal

import numpy as np

from bpelens.core.messages import Message

from ..errors import ConfigError, TrainingError
from ..fast.gc_pause import gc_paused
from ..models.bpe import BPEModel
from ..models.merges import MergeRule
from ..pipeline.added_tokens import SpecialTokens
from ..pipeline.normalizers.base import make_normalizer
from ..pipeline.pre_tokenizers.base import make_pretokenizer
from ..pipeline.tokenizer import Tokenizer
from ..text.units import clean_surrogates, find_lone_surrogates
from .config import StopReason, TrainingConfig
from .corpus import parse_weight
from .record import TrainingRecord


@dataclass(frozen=True)
class TrainingResult:
    """The trained tokenizer and the settings; the rest is the tokenizer's own record (the
    same object as ``tokenizer.training``, saved with it)."""

    tokenizer: Tokenizer
    record: TrainingRecord
    config: TrainingConfig

    @cached_property
    def merges(self) -> tuple[MergeRule, ...]:
        """Each merge learned, with the count it had."""
        return self.record.merges(self.tokenizer.model.rules)

    @property
    def stop_reason(self) -> StopReason:
        return self.record.stop_reason  # type: ignore[return-value]

    @property
    def distinct_pieces(self) -> int:
        return self.record.distinct_pieces or 0


@dataclass(frozen=True)
class TrainingProgress:
    """One progress report; the last one has ``phase == "done"`` and carries the result."""

    phase: Literal["counting", "merging", "done"]
    done: int
    total: int
    result: TrainingResult | None = field(default=None, repr=False)
    # Training by language: per merge since the last report, each language's dev-set token
    # total after it, and the language that chose it (-1: the summed counts).
    dev_tokens: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    chosen: tuple[int, ...] = field(default=(), repr=False)


_BATCH = 4096
# How often training reports progress (and can be cancelled): often enough for a progress
# bar, seldom enough that the cyclic collector, paused in between, rarely runs.
PROGRESS_SECONDS = 0.05


def _batches(corpus: Iterable[str | tuple[str, Any]]) -> Iterator[tuple[Fraction, list[str]]]:
    """Consecutive texts of equal weight, in batches, so counting runs in C per batch."""
    one = Fraction(1)
    weight, batch = one, []
    for index, unit in enumerate(corpus):
        if isinstance(unit, str):
            text, w = unit, one
        elif isinstance(unit, tuple) and len(unit) == 2 and isinstance(unit[0], str):
            text = unit[0]
            w = parse_weight(unit[1], where=f"weight of training text {index}")
        else:
            raise TrainingError(
                Message("training text {index} must be a string or a (text, weight) pair, not "
                        "{unit!r}", index=index, unit=unit)
            )
        if (w is not weight and w != weight) or len(batch) >= _BATCH:
            if batch:
                yield weight, batch
            weight, batch = w, []
        batch.append(text)
    if batch:
        yield weight, batch


def count_pieces(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig
) -> tuple[dict[str, int], int]:
    """Distinct pieces in first-seen order with integer counts, and the common denominator.

    A piece's count is the sum of the weights of the texts it occurs in, scaled by the least
    common multiple of the weights' denominators so that it is an exact integer. Special
    token strings in the texts are cut out (never learned); lone surrogates become U+FFFD.
    """
    normalizer = make_normalizer(config.normalizer)
    split = make_pretokenizer(config.pretokenizer).split_fast
    specials = SpecialTokens({s: i for i, s in enumerate(config.special_tokens)})
    by_weight: dict[Fraction, Counter[str]] = {}
    # A counter lists its keys in first-seen order; which keys each batch added to which
    # counter gives the order across weights, without listing the pieces a second time.
    arrivals: list[tuple[Fraction, int, int]] = []
    for weight, texts in _batches(corpus):
        counter = by_weight.setdefault(weight, Counter())
        if len(specials):
            texts = [
                text[s:e] for text in texts for s, e, sid in specials.split(text) if sid is None
            ]
        if find_lone_surrogates("".join(texts)):
            texts = [clean_surrogates(text)[0] for text in texts]
        if normalizer.kind != "none":
            texts = list(map(normalizer.normalize_str, texts))
        known = len(counter)
        counter.update(chain.from_iterable(map(split, texts)))
        if len(counter) > known:
            arrivals.append((weight, known, len(counter)))
    denominator = math.lcm(*(w.denominator for w in by_weight)) if by_weight else 1
    if len(by_weight) == 1:
        ((weight, counter),) = by_weight.items()
        scale = int(weight * denominator)
        if scale == 1:
            return dict(counter), denominator
        return {p: c * scale for p, c in counter.items()}, denominator
    keys = {weight: list(counter) for weight, counter in by_weight.items()}
    totals: dict[str, int] = {}
    for weight, start, end in arrivals:
        totals.update(dict.fromkeys(keys[weight][start:end], 0))  # a key seen before stays
    for weight, counter in by_weight.items():
        scale = int(weight * denominator)
        for piece, c in counter.items():
            totals[piece] += c * scale
    return totals, denominator


# How many of the most frequent pieces a traced training keeps (playback's word chips).
TRACE_WORDS = 200

MAX_ID = 0x10FFFE  # token ids are stored as chr(id) while training; U+10FFFF separates pieces
_SEP = "\U0010ffff"
# A merge touching more pieces than this runs vectorized (numpy) rather than piece by piece.
BULK_MERGE_HOLDERS = 150


# What a merge formed: {pair: pieces} (piece by piece), or sorted int keys and their pieces.
_Formed = dict[str, tuple[int, ...]] | tuple[tuple[int, ...], tuple[int, ...]]


class _PairIndex:
    keeps_heap = True  # False for an index that only merges (see string_ties.LengthIndex)

    """The training state: pieces, their counts, pair counts, and where to find each pair.

    A piece is a str with one character per token id (``chr(id)``), so that finding a pair is
    ``str.find`` and merging it everywhere in a piece is ``str.replace`` (left to right and
    without overlap: exactly the rule), and a pair's key is its two-character string, which
    sorts like (left id, right id).

    Where a pair can be: a pair of base tokens was present from the start, and numpy arrays
    list its pieces. A pair holding a merged token can only have formed when the newer of its
    two tokens was created (a merge creates adjacency only around the token it makes), so the
    merge that creates a token records the pairs it formed and their pieces:
    ``_formed_at[new id]``.
    """

    keeps_heap = True  # an index that only merges (string_ties.LengthIndex) keeps none

    def __init__(self, words: list[str], counts: list[int], shift: int, base_size: int) -> None:
        self.words = words
        self.counts = counts
        self.shift = shift
        self.mask = (1 << shift) - 1
        self.base_size = base_size
        # Counts can exceed int64 only with huge weights; use Python ints then.
        big = max(counts, default=0) > 1 << 40
        self.count_array = np.asarray(counts, dtype=object if big else np.int64)
        lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        flat = _code_points("".join(words))
        owner = np.repeat(np.arange(len(words), dtype=np.int64), lengths)
        same = owner[:-1] == owner[1:]
        keys = (flat[:-1][same] << shift) | flat[1:][same]
        holders = owner[:-1][same]
        order = np.argsort(keys, kind="stable")  # holders stay ascending within a key
        keys, holders = keys[order], holders[order]
        unique_keys, sums, first = _sum_by_key(keys, self.count_array[holders])
        self.pair_counts: dict[str, int] = dict(
            zip(self._pairs_of(unique_keys), sums.tolist(), strict=True)
        )
        # Each piece once per pair (a piece can hold a pair several times).
        keep = np.zeros(len(keys), dtype=bool)
        keep[first] = True
        if len(keys):
            keep[1:] |= holders[1:] != holders[:-1]
        kept_keys = keys[keep]
        starts = np.searchsorted(kept_keys, unique_keys, side="left")
        ends = np.append(starts[1:], len(kept_keys)) if len(starts) else starts
        spans = zip(starts.tolist(), ends.tolist(), strict=True)
        self._initial = dict(zip(unique_keys.tolist(), spans, strict=True))
        self._holders = holders[keep]
        # new id → what its merge formed: {pair: pieces} (piece by piece) or sorted int keys
        # with their pieces (vectorized); several entries when an id is reused.
        self._formed_at: dict[int, _Formed | list[_Formed]] = {}
        # The heap holds ints, ``key - (count << 2*shift)``: the smallest is the largest count,
        # then the smallest (left, right) — and ints compare far faster than tuples.
        self._priority_shift = 2 * shift
        self.heap = self._priorities(unique_keys, sums)
        heapq.heapify(self.heap)

    def _priorities(self, keys: np.ndarray, counts: np.ndarray) -> list[int]:
        if len(counts) and int(counts.max()) >= 1 << (62 - self._priority_shift):
            return [k - (c << self._priority_shift)
                    for k, c in zip(keys.tolist(), counts.tolist(), strict=True)]
        return (keys - (counts.astype(np.int64) << self._priority_shift)).tolist()

    def push(self, pair: str, count: int) -> None:
        key = ord(pair[0]) << self.shift | ord(pair[1])
        heapq.heappush(self.heap, key - (count << self._priority_shift))

    def pop(self) -> tuple[int, str]:
        """The entry with the largest count (smallest pair on ties): (count, pair)."""
        priority = heapq.heappop(self.heap)
        key = priority & ((1 << self._priority_shift) - 1)
        return -(priority >> self._priority_shift), chr(key >> self.shift) + chr(key & self.mask)

    def peek_count(self) -> int:
        return -(self.heap[0] >> self._priority_shift)

    def _pairs_of(self, keys: np.ndarray) -> list[str]:
        """Two-character strings for int keys ``left << shift | right``."""
        if not len(keys):
            return []
        both = np.empty(2 * len(keys), dtype=np.uint32)
        both[0::2] = keys >> self.shift
        both[1::2] = keys & self.mask
        text = both.tobytes().decode("utf-32-le", "surrogatepass")
        return [text[i : i + 2] for i in range(0, len(text), 2)]

    def holders(self, pair: str) -> list[int]:
        """Pieces that held the pair when it formed, each once (some may have lost it since)."""
        left, right = ord(pair[0]), ord(pair[1])
        key = left << self.shift | right
        found: list[int] = []
        sources = 0
        if max(left, right) < self.base_size:
            span = self._initial.get(key)
            initial = self._holders[span[0] : span[1]].tolist() if span else []
            formed_at = self._formed_at
            if left not in formed_at and right not in formed_at:
                return initial
            # A merge made a starting symbol again (continued training: a pair spelling an
            # existing token): the pairs it formed are in its record too.
            found.extend(initial)
            sources = 1 if initial else 0
        # Usually only the newer token's merge formed the pair; but a reused id is made
        # again later, so both tokens' records are read (by key, so it costs little).
        for token in (left, right) if left != right else (left,):
            entry = self._formed_at.get(token)
            for part in () if entry is None else entry if type(entry) is list else (entry,):
                if isinstance(part, dict):
                    some = part.get(pair, ())
                else:
                    keys, owners = part
                    some = owners[bisect_left(keys, key) : bisect_right(keys, key)]
                if some:
                    found.extend(some)
                    sources += 1
        return list(dict.fromkeys(found)) if sources > 1 else found

    def merge(self, pair: str, new: str) -> None:
        """Replace ``pair`` by ``new`` in every piece and update the pair counts locally."""
        candidates = self.holders(pair)
        if len(candidates) > BULK_MERGE_HOLDERS and pair[0] != pair[1]:
            texts = list(map(self.words.__getitem__, candidates))
            has = list(map(operator.contains, texts, repeat(pair)))
            reused = ord(new) in self._formed_at or ord(new) < self.base_size
            part = self._merge_bulk(
                pair, new, list(compress(candidates, has)), list(compress(texts, has)), reused
            )
        else:
            part = self._merge_each(pair, new, candidates)
            if self.keeps_heap:
                pc = self.pair_counts
                push = self.push
                for k in part:
                    c = pc[k]
                    if c > 0:
                        push(k, c)
        self.pair_counts.pop(pair, None)  # a language may never have held it
        # The part itself, not a container of it: the collector stops tracking dicts and
        # tuples of plain values, but never a list, nor a tuple holding a dict; one such
        # container per merge per index was most of what every full collection scanned
        # while a many-language training ran (0.3 s pauses of the window). A list only
        # for an id made twice.
        known = self._formed_at.get(ord(new))
        if known is None:
            self._formed_at[ord(new)] = part
        else:
            self._formed_at[ord(new)] = [*(known if type(known) is list else [known]), part]

    def _merge_each(
        self, pair: str, new: str, candidates: list[int]
    ) -> dict[str, tuple[int, ...]]:
        """Piece by piece: (x, a) → (x, new) on the left of each occurrence, (b, y) → (new, y)
        on the right, and (b, a) → (new, new) between two occurrences side by side.
        Returns the pairs formed, each with the pieces that hold it."""
        pc = self.pair_counts
        words, counts = self.words, self.counts
        a, b = pair
        between = b + a
        twice = new + new
        formed: dict[str, list[int]] = {}
        # The bookkeeping below is written out at each of its four places rather than called:
        # this loop runs millions of times and a call costs as much as the work.
        find = str.find
        for w in candidates:
            s = words[w]
            i = find(s, pair)
            if i < 0:
                continue
            c = counts[w]
            end = i + 2
            i = find(s, pair, end)
            if i < 0:  # the usual case: one occurrence, at end - 2
                if end > 2:
                    pc[s[end - 3 : end - 1]] -= c
                    k = s[end - 3] + new
                    try:
                        holding = formed[k]
                        if holding[-1] != w:
                            holding.append(w)
                        pc[k] += c
                    except KeyError:  # first sighting in this merge
                        formed[k] = [w]
                        pc[k] = pc.get(k, 0) + c
                if end < len(s):
                    pc[s[end - 1 : end + 1]] -= c
                    k = new + s[end]
                    try:
                        holding = formed[k]
                        if holding[-1] != w:
                            holding.append(w)
                        pc[k] += c
                    except KeyError:
                        formed[k] = [w]
                        pc[k] = pc.get(k, 0) + c
                words[w] = s[: end - 2] + new + s[end:]
                continue
            length = len(s)
            prev_end = -1
            i = end - 2
            while i >= 0:
                if i:
                    if i == prev_end:
                        pc[between] -= c
                        k = twice
                    else:
                        pc[s[i - 1 : i + 1]] -= c
                        k = s[i - 1] + new
                    try:
                        holding = formed[k]
                        if holding[-1] != w:
                            holding.append(w)
                        pc[k] += c
                    except KeyError:
                        formed[k] = [w]
                        pc[k] = pc.get(k, 0) + c
                prev_end = i + 2
                i = find(s, pair, prev_end)
                if prev_end < length and i != prev_end:
                    pc[s[prev_end - 1 : prev_end + 1]] -= c
                    k = new + s[prev_end]
                    try:
                        holding = formed[k]
                        if holding[-1] != w:
                            holding.append(w)
                        pc[k] += c
                    except KeyError:
                        formed[k] = [w]
                        pc[k] = pc.get(k, 0) + c
            words[w] = s.replace(pair, new)
        # Tuples of ints drop out of the cyclic collector's sight; hundreds of thousands of
        # lists kept to the end of training would be rescanned by every full collection.
        return {k: tuple(v) for k, v in formed.items()}

    def _merge_bulk(
        self, pair: str, new: str, live: list[int], texts: list[str], reused: bool
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The same updates as :meth:`_merge_each`, vectorized over all pieces at once, and
        the formed pairs pushed on the heap. Returns the formed pairs' sorted int keys with
        their pieces. Only for a ≠ b, where occurrences never overlap."""
        if not live:  # every piece that once held the pair has lost it since
            return (), ()
        joined = _SEP.join(texts)
        flat = _code_points(joined)
        lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
        owner = np.repeat(np.arange(len(texts), dtype=np.int64), lengths + 1)[: len(flat)]
        weight = self.count_array[np.asarray(live, dtype=np.int64)][owner]
        a, b, n = ord(pair[0]), ord(pair[1]), ord(new)
        occ = np.flatnonzero((flat[:-1] == a) & (flat[1:] == b))
        starts_occ = np.zeros(len(flat) + 2, dtype=bool)
        starts_occ[occ] = True
        sep = ord(_SEP)
        # Left of each occurrence: x (not a separator), or the b of an occurrence just before.
        i = occ[occ > 0]
        side_by_side = starts_occ[i - 2] & (i >= 2)
        left_i = i[(flat[i - 1] != sep) & ~side_by_side]
        adj_i = i[side_by_side]
        # Right of each occurrence: y, unless another occurrence starts there.
        j = occ + 2
        j = j[j < len(flat)]
        right_j = j[(flat[j] != sep) & ~starts_occ[j]]
        shift = self.shift
        x, y = flat[left_i - 1], flat[right_j]
        adjacent = np.full(len(adj_i), 1, dtype=np.int64)
        removed = np.concatenate(
            [(x << shift) | a, adjacent * ((b << shift) | a), (b << shift) | y]
        )
        added = np.concatenate([(x << shift) | n, adjacent * ((n << shift) | n), (n << shift) | y])
        weights = np.concatenate([weight[left_i], weight[adj_i], weight[right_j]])
        holders = owner[np.concatenate([left_i, adj_i, right_j])]  # indexes into `live`
        pc = self.pair_counts
        order = np.argsort(removed)
        keys, sums, _ = _sum_by_key(removed[order], weights[order])
        for k, total in zip(self._pairs_of(keys), sums.tolist(), strict=True):
            pc[k] -= total
        # Sort by (pair, piece) in one go, so each piece is listed once per pair.
        width = max(1, len(live).bit_length())
        order = np.argsort((added << width) | holders)
        added, holders = added[order], holders[order]
        keys, sums, _ = _sum_by_key(added, weights[order])
        once = np.ones(len(added), dtype=bool)
        once[1:] = (added[1:] != added[:-1]) | (holders[1:] != holders[:-1])
        added, holders = added[once], np.asarray(live, dtype=np.int64)[holders[once]]
        formed = self._pairs_of(keys)
        if reused:  # the new id spells an existing token, whose pairs may have counts already
            sums = np.asarray([pc.get(k, 0) + t for k, t in zip(formed, sums.tolist(),
                                                               strict=True)], dtype=sums.dtype)
        pc.update(zip(formed, sums.tolist(), strict=True))
        priorities = self._priorities(keys[sums > 0], sums[sums > 0])
        if len(priorities) > len(self.heap) // 4:
            self.heap.extend(priorities)
            heapq.heapify(self.heap)
        else:
            for priority in priorities:
                heapq.heappush(self.heap, priority)
        words = self.words
        for w, text in zip(live, joined.replace(pair, new).split(_SEP), strict=True):
            words[w] = text
        return tuple(added.tolist()), tuple(holders.tolist())


def _code_points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(
        np.int64
    )


def _sum_by_key(keys: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For sorted keys: the distinct keys, the sum of weights of each, and where each starts."""
    if not len(keys):
        return keys, weights, np.zeros(0, dtype=np.int64)
    new_key = np.ones(len(keys), dtype=bool)
    new_key[1:] = keys[1:] != keys[:-1]
    first = np.flatnonzero(new_key)
    return keys[first], np.add.reduceat(weights, first), first


def _base_words(pieces: list[str], config: TrainingConfig) -> tuple[BPEModel, list[str]]:
    """The base model and each piece as a string of base-token characters."""
    if config.level == "byte":
        model = BPEModel(level="byte", byte_order=config.byte_order)
        if config.byte_order == "value":
            return model, [p.encode("utf-8").decode("latin-1") for p in pieces]
        table = bytes(model.byte_id(b) for b in range(256))
        return model, [p.encode("utf-8").translate(table).decode("latin-1") for p in pieces]
    alphabet = sorted(set().union(*pieces))
    model = BPEModel(
        level="char", alphabet=alphabet, end_of_word=config.end_of_word,
        byte_fallback=config.byte_fallback,
    )
    mapping = {ord(ch): chr(model.char_id(ch) or 0) for ch in alphabet}
    tail = chr(model.end_of_word_id) if model.end_of_word_id is not None else ""
    return model, [p.translate(mapping) + tail for p in pieces]


def iter_training(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, *, trace_top: int = 0
) -> Iterator[TrainingProgress]:
    """Train, yielding progress; the last item is ``phase="done"`` with the result.

    Stop iterating to cancel. ``corpus`` holds texts, or ``(text, weight)`` pairs with exact
    weights (int, Fraction, or a string such as ``"1/3"``). With ``trace_top=K`` the record
    also keeps, for each merge, the K leading pairs when it was chosen, the corpus length in
    tokens, and the most frequent pieces (:class:`TrainingRecord`); the merges are the same.
    """
    config.validate()
    if type(trace_top) is not int or trace_top < 0:
        raise ConfigError(Message("trace_top must be a non-negative integer, not {trace_top!r}",
                                  trace_top=trace_top))
    yield TrainingProgress("counting", 0, 0)
    with gc_paused():
        piece_counts, denominator = count_pieces(corpus, config)
    if not piece_counts:
        raise TrainingError("the corpus has no text to learn from")
    yield TrainingProgress("counting", len(piece_counts), len(piece_counts))

    pieces = list(piece_counts)
    with gc_paused():
        model, words = _base_words(pieces, config)
    specials = len(config.special_tokens)
    base_size = model.vocab_size
    if config.vocab_size < base_size + specials:
        kind = Message("bytes") if config.level == "byte" else Message("symbols")
        if specials:
            raise TrainingError(Message(
                "vocab size {vocab_size} is smaller than the base vocabulary ({base_size} "
                "{kind} + {specials} special tokens = {total})", vocab_size=config.vocab_size,
                base_size=base_size, kind=kind, specials=specials, total=base_size + specials))
        raise TrainingError(Message("vocab size {vocab_size} is smaller than the base vocabulary "
                                    "({base_size} {kind})", vocab_size=config.vocab_size,
                                    base_size=base_size, kind=kind))
    target = config.vocab_size - specials
    if target - 1 > MAX_ID:
        raise TrainingError(Message("vocab size {vocab_size} is above the limit of {max_id}",
                                    vocab_size=config.vocab_size, max_id=MAX_ID + 1))
    threshold = max(1, math.ceil(Fraction(config.min_frequency) * denominator))

    with gc_paused():
        index = _PairIndex(
            words, list(piece_counts.values()), max(1, (target - 1).bit_length()), base_size
        )
    pc = index.pair_counts
    heap = index.heap
    pop = index.pop
    first_occurrence = config.tie_break == "first_occurrence"
    records: list[MergeRule] = []
    # The trace, in the heap's integer counts (divided by the denominator at the end).
    top_raw: list[tuple[tuple[int, int, int], ...]] = []
    tokens_raw: list[int] = []
    if trace_top:
        tokens_raw.append(sum(map(operator.mul, index.counts, map(len, words))))

    def merge_some(seconds: float) -> StopReason | None:
        """Merges for about ``seconds``; the reason to stop, if training is over."""
        deadline = time.perf_counter() + seconds
        done = 0
        while done % 32 or time.perf_counter() < deadline:
            if model.vocab_size >= target:
                return "vocab_size"
            if not heap:
                return "no_pairs"
            stored, pair = pop()
            current = pc.get(pair, 0)
            if stored != current:
                if current > 0:
                    index.push(pair, current)
                continue
            if current < threshold:
                return "min_frequency"
            if first_occurrence:
                pair = _earliest_of_ties(pair, current, index)
            if trace_top:
                top_raw.append(_top_pairs(pair, current, trace_top, index))
                # a+b with a ≠ b never overlaps: each occurrence counted is one replaced
                replaced = current if pair[0] != pair[1] else _replacements(pair, index)
                tokens_raw.append(tokens_raw[-1] - replaced)
            a, b = ord(pair[0]), ord(pair[1])
            new = model.merge_pair(a, b).new_id
            count = current if denominator == 1 else Fraction(current, denominator)
            records.append(MergeRule(len(records), a, b, new, count))
            index.merge(pair, chr(new))
            done += 1
        return "vocab_size" if model.vocab_size >= target else None

    total = target - base_size
    yield TrainingProgress("merging", 0, total)
    while True:
        with gc_paused():
            stop = merge_some(PROGRESS_SECONDS)
        yield TrainingProgress("merging", model.vocab_size - base_size, total)
        if stop is not None:
            break

    special_ids = {s: model.vocab_size + i for i, s in enumerate(config.special_tokens)}
    tokenizer = Tokenizer(
        model, normalizer=config.normalizer, pretokenizer=config.pretokenizer,
        special_tokens=special_ids,
    )
    record = TrainingRecord(tuple(r.count for r in records), stop, len(pieces), config.to_dict())
    if trace_top:
        def exact(count: int) -> int | Fraction:
            return count if denominator == 1 else Fraction(count, denominator)

        # A stable sort keeps equal counts in first-seen order (the order of the pieces).
        top = np.argsort(-index.count_array, kind="stable")[:TRACE_WORDS].tolist()
        record = replace(
            record,
            top_pairs=tuple(top_raw) if denominator == 1 else tuple(
                tuple((left, right, exact(c)) for left, right, c in step) for step in top_raw),
            corpus_tokens=tuple(map(exact, tokens_raw)),
            words=tuple((pieces[i], exact(index.counts[i])) for i in top),
        )
    tokenizer.training = record
    result = TrainingResult(tokenizer, record, config)
    yield TrainingProgress("done", total, total, result)


def _top_pairs(
    chosen: str, count: int, k: int, index: _PairIndex
) -> tuple[tuple[int, int, int], ...]:
    """The chosen pair and the k - 1 pairs with the largest current counts after it (smallest
    ids first on ties): (left id, right id, count), from heap entries popped in order, then
    pushed back.

    Every pair with a count has an entry holding that count or more (a count that drops leaves
    its entry; one that grows pushes a new one). A stale entry popped is pushed again with its
    current count, as the main loop does, so it comes off again in its true place: the valid
    entries come off in the true order. They all go back (a second valid entry of a pair is
    dropped: one is enough), so every pair keeps an entry as good as before and training goes
    on exactly as untraced.
    """
    heap, pc = index.heap, index.pair_counts
    shift, width, mask = index._priority_shift, index.shift, index.mask
    low = (1 << shift) - 1
    pop, push = heapq.heappop, heapq.heappush
    found = [(ord(chosen[0]), ord(chosen[1]), count)]
    seen = {chosen}
    kept: list[int] = []
    # The heap's ints are decoded here rather than through index.pop/push: this runs for
    # every merge, and a call costs as much as the work.
    while len(found) < k and heap:
        priority = pop(heap)
        key = priority & low
        pair = chr(key >> width) + chr(key & mask)
        current = pc.get(pair, 0)
        if -(priority >> shift) != current:
            if current > 0:
                push(heap, key - (current << shift))
        elif pair not in seen:
            seen.add(pair)
            found.append((key >> width, key & mask, current))
            kept.append(priority)
    for priority in kept:
        push(heap, priority)
    return tuple(found)


def _replacements(pair: str, index: _PairIndex) -> int:
    """How many times (weighted) merging a+a replaces it: left to right without overlap, as
    ``str.count`` counts (``aaa`` holds a+a twice but is merged once)."""
    words, counts = index.words, index.counts
    return sum(counts[w] * words[w].count(pair) for w in index.holders(pair))


def _earliest_of_ties(pair: str, count: int, index: _PairIndex) -> str:
    """Among all pairs with the top count, the one whose first occurrence comes first in the
    corpus (piece in first-seen order, then position): the order of seed 001's dict."""
    pc, words = index.pair_counts, index.words
    tied = {pair}
    stale: list[str] = []
    while index.heap and index.peek_count() == count:
        _, other = index.pop()
        if pc.get(other, 0) == count:
            tied.add(other)
        else:
            stale.append(other)
    for other in stale:
        c = pc.get(other, 0)
        if c > 0:
            index.push(other, c)
    if len(tied) == 1:
        return pair

    def first_seen(candidate: str) -> tuple[int, int]:
        for w in sorted(index.holders(candidate)):
            pos = words[w].find(candidate)
            if pos >= 0:
                return w, pos
        return len(words), 0

    best = min(sorted(tied), key=first_seen)
    for other in tied:
        if other != best:
            index.push(other, count)
    return best


def train(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, *, trace_top: int = 0
) -> TrainingResult:
    """Run :func:`iter_training` to the end and return its result."""
    for progress in iter_training(corpus, config, trace_top=trace_top):
        if progress.result is not None:
            return progress.result
    raise TrainingError("training ended without a result")  # iter_training always yields one
