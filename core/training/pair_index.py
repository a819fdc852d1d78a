"""The training state every BPE trainer shares: pieces as strings of token ids, their counts,
the count of every adjacent pair, and where each pair can be found; merging a pair updates
the counts where it happened, never by recounting (seed 000 §1's loop made incremental).

:mod:`.merge_loop` chooses the pairs; this module only keeps the books.
"""

from __future__ import annotations

import heapq
import operator
from bisect import bisect_left, bisect_right
from itertools import compress, repeat

import numpy as np

MAX_ID = 0x10FFFE  # token ids are stored as chr(id) while training; U+10FFFF separates pieces
_SEP = "\U0010ffff"
# A merge touching more pieces than this runs vectorized (numpy) rather than piece by piece.
BULK_MERGE_HOLDERS = 150


# What a merge formed: {pair: pieces} (piece by piece), or sorted int keys and their pieces.
_Formed = dict[str, tuple[int, ...]] | tuple[tuple[int, ...], tuple[int, ...]]


class PairIndex:
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
        # Narrow types and intermediates dropped as soon as used: this runs over every symbol
        # of the corpus at once, and its peak was most of a training's (SuperBPE's stage 2,
        # whose pieces are whole lines, most of all).
        lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        flat = np.frombuffer("".join(words).encode("utf-32-le", "surrogatepass"),
                             dtype=np.uint32)
        owner = np.repeat(np.arange(len(words), dtype=np.int32), lengths)
        same = owner[:-1] == owner[1:]
        keys = (flat[:-1][same].astype(np.int64) << shift) | flat[1:][same]
        del flat
        holders = owner[:-1][same]
        del owner, same
        order = np.argsort(keys, kind="stable")  # holders stay ascending within a key
        keys, holders = keys[order], holders[order]
        del order
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
        del keys
        self._holders = holders[keep]
        del holders, keep
        # Where each base pair's pieces start in _holders (they end where the next's start).
        self._starts = np.append(np.searchsorted(kept_keys, unique_keys, side="left"),
                                 len(kept_keys))
        del kept_keys
        self._initial = dict(zip(unique_keys.tolist(), range(len(unique_keys)), strict=True))
        # new id → what its merge formed: {pair: pieces} (piece by piece) or sorted int keys
        # with their pieces (vectorized); several entries when an id is reused.
        self._formed_at: dict[int, _Formed | list[_Formed]] = {}
        # Pairs a split (:meth:`split`) formed, with their pieces: a split makes adjacencies
        # no merge made, so neither record above lists them.
        self._split_formed: dict[str, list[int]] = {}
        # The heap holds ints, ``key - (count << 2*shift)``: the smallest is the largest count,
        # then the smallest (left, right) — and ints compare far faster than tuples.
        self.priority_shift = 2 * shift
        self.heap = self._priorities(unique_keys, sums)
        heapq.heapify(self.heap)

    def _priorities(self, keys: np.ndarray, counts: np.ndarray) -> list[int]:
        if len(counts) and int(counts.max()) >= 1 << (62 - self.priority_shift):
            return [k - (c << self.priority_shift)
                    for k, c in zip(keys.tolist(), counts.tolist(), strict=True)]
        return (keys - (counts.astype(np.int64) << self.priority_shift)).tolist()

    def push(self, pair: str, count: int) -> None:
        key = ord(pair[0]) << self.shift | ord(pair[1])
        heapq.heappush(self.heap, key - (count << self.priority_shift))

    def pop(self) -> tuple[int, str]:
        """The entry with the largest count (smallest pair on ties): (count, pair)."""
        priority = heapq.heappop(self.heap)
        key = priority & ((1 << self.priority_shift) - 1)
        return -(priority >> self.priority_shift), chr(key >> self.shift) + chr(key & self.mask)

    def peek_count(self) -> int:
        return -(self.heap[0] >> self.priority_shift)

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
        found = self._formed_holders(pair)
        if self._split_formed:
            more = self._split_formed.get(pair)
            if more:
                return list(dict.fromkeys([*found, *more]))
        return found

    def _formed_holders(self, pair: str) -> list[int]:
        left, right = ord(pair[0]), ord(pair[1])
        key = left << self.shift | right
        found: list[int] = []
        sources = 0
        if max(left, right) < self.base_size:
            at = self._initial.get(key)
            initial = [] if at is None else self._holders[
                self._starts[at] : self._starts[at + 1]].tolist()
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

    def split(self, token: int, parts: list[int], pieces: list[int]) -> int:
        """Replace every occurrence of ``token`` in ``pieces`` by ``parts`` (Picky BPE's
        removal) and update the pair counts there; the pairs it forms are registered so that
        :meth:`holders` finds them. Returns how many tokens (weighted) the pieces gained."""
        old, new = chr(token), "".join(map(chr, parts))
        pc, words, counts = self.pair_counts, self.words, self.counts
        touched: set[str] = set()
        gained = 0
        for w in pieces:
            s = words[w]
            if old not in s:
                continue
            c = counts[w]
            t = s.replace(old, new)
            before = [s[i : i + 2] for i in range(len(s) - 1)]
            after = [t[i : i + 2] for i in range(len(t) - 1)]
            for k in before:
                pc[k] -= c
            for k in after:
                pc[k] = pc.get(k, 0) + c
            for k in set(after).difference(before):
                self._split_formed.setdefault(k, []).append(w)
            touched.update(after)
            gained += c * (len(t) - len(s))
            words[w] = t
        if self.keeps_heap:
            for k in sorted(touched):  # counts that grew need an entry holding them
                if pc[k] > 0:
                    self.push(k, pc[k])
        return gained

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


def removed_by(index: PairIndex, pair: str) -> int:
    """How many tokens (weighted) merging ``pair`` removes from the index's pieces: its count
    for a+b with a ≠ b (occurrences never overlap), else as ``str.count`` counts (``aaa``
    holds a+a twice but is merged once)."""
    if pair[0] != pair[1]:
        return index.pair_counts.get(pair, 0)
    words, counts = index.words, index.counts
    return sum(counts[w] * words[w].count(pair) for w in index.holders(pair))


def total_length(index: PairIndex) -> int:
    """The pieces' length in tokens, weighted by their counts."""
    return sum(map(operator.mul, index.counts, map(len, index.words)))
