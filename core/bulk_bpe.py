"""Merge by rank for many pieces at once, with numpy: same result as ``merge_by_rank`` per piece.

API::

    merge_many(pieces, ranks, new_ids, shift) -> list[list[int]]
    table = PairTable(ranks, new_ids, shift)      # build once: hash table of the pair keys
    table.merge_many(pieces) -> list[list[int]]   # then reuse it for every batch
    table.lookup(keys) -> ranks                   # int64 pair keys -> ranks (table.inf if none)

``merge_many(pieces, ranks, new_ids, shift)`` equals
``[merge_by_rank(list(p), ranks, new_ids, shift) for p in pieces]``: lowest rank first,
leftmost on ties, ``new_ids[rank]`` is the merged id. It builds a :class:`PairTable` on every
call, so keep a table when encoding several batches with the same rules.

How: pieces are sorted by length and cut into blocks; a block is a few matrices with one row
per piece, live symbols packed to the left: symbol ids, the rank of the pair starting at each
column, and a *bound* for that pair, the lowest rank any pair touching the id it produces can
have. Each round, every row applies its lowest pair (``argmin``: the leftmost minimum, the tie
rule) and, at the same time, every other pair the sequential rule would apply before anything
could change: those ranked below ``T`` (the least bound among the pairs below the first
one's bound) that come before both neighbours in (rank, position) order. New pairs rank at
least ``T``, so this is exactly the next few steps of ``merge_by_rank``. The rows are then
repacked, the pairs next to new ids are looked up in an open-addressing int64 hash table
(vectorized linear probing), finished rows leave, and the last few busy rows of a block are
finished by ``merge_by_rank``. Rounds are far fewer than merges (about 6 for 25 bytes).

Limits: ids must be non-negative and ``id << shift`` must fit in 63 bits, else a piece (or,
for ``new_ids``, the whole table) is merged by ``merge_by_rank`` instead; ranks must be below
``2**62`` (``rank_merge.NO_RANK``, "no pair" there too). The bounds assume ids below
``2**shift`` (so a key splits into its two ids); with larger ids every row merges one pair a
round, still exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import chain

import numpy as np

from .rank_merge import NO_RANK, merge_by_rank

__all__ = ["PairTable", "merge_many"]

_INF32 = np.iinfo(np.int32).max
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of key * golden
_EMPTY = -1
# A block holds at most this many cells (rows x width) at the start.
_BLOCK_CELLS = 1 << 17
# Below this many busy rows a numpy round costs more than finishing the rows in Python.
_TAIL_ROWS = 8


class PairTable:
    """The merge rules as arrays: an int64 hash table of pair keys with ranks and bounds.

    ``PairTable(ranks, new_ids, shift)`` with ``ranks`` mapping ``left << shift | right`` to
    the rule's rank and ``new_ids[rank]`` the id it produces, exactly as ``merge_by_rank``.
    Build it once; :meth:`merge_many` then encodes any number of batches.
    """

    def __init__(self, ranks: Mapping[int, int], new_ids: Sequence[int], shift: int) -> None:
        self.ranks = ranks
        self.new_ids = new_ids
        self.shift = shift
        # Ids up to max_id keep every key ``left << shift | right`` inside int64.
        self.max_id = (1 << (63 - shift)) - 1 if 0 <= shift <= 62 else -1
        lo_new = min(new_ids, default=0)
        hi_new = max(new_ids, default=0)
        # Python-only when some produced id would leave int64 (never with real vocabularies).
        self.python_only = self.max_id < 0 or not 0 <= lo_new <= hi_new <= self.max_id
        self.max_new_id = hi_new
        self.new_id_array = np.array([] if self.python_only else new_ids, dtype=np.int64)
        self.new_id_array = self.new_id_array.reshape(-1)
        keys, vals = _key_arrays(ranks)
        if vals.size and vals.max() >= NO_RANK:
            raise ValueError("ranks must be below 2**62")
        wide = bool(vals.size) and (vals.max() >= _INF32 or vals.min() < -_INF32)
        self.rank_dtype = np.dtype(np.int64 if wide else np.int32)
        self.inf = NO_RANK if wide else _INF32
        self._lowest = np.iinfo(self.rank_dtype).min
        # Bounds need every id to split off a key exactly (ids below 2**shift) and ranks that
        # index an array (non-negative).
        self.has_bounds = (
            not self.python_only and hi_new < 1 << shift and not (vals.size and vals.min() < 0)
        )
        self.bound_of_rank = self._bounds(keys, vals)
        bits = max(4, (2 * keys.size - 1).bit_length())  # load factor <= 1/2
        self._hash_shift = np.uint64(64 - bits)
        self._mask = (1 << bits) - 1
        self._slot_keys = np.full(1 << bits, _EMPTY, dtype=np.int64)
        # Empty slots hold "no pair": a probe that stops on an empty slot reads it directly.
        self._slot_ranks = np.full(1 << bits, self.inf, dtype=self.rank_dtype)
        self._insert(keys, vals.astype(self.rank_dtype))

    def _bounds(self, keys: np.ndarray, vals: np.ndarray) -> np.ndarray:
        """``bound_of_rank[r]``: the lowest rank of a rule whose left or right is ``new_ids[r]``,
        so of any pair a merge by rank ``r`` creates. The extra last entry (the lowest value,
        "no bound") stands for every rank past the end, read with ``take(..., mode="clip")``."""
        bound = np.full(self.new_id_array.size + 1, self.inf, dtype=np.int64)
        if not self.has_bounds:
            bound[:] = self._lowest
        elif keys.size:
            made = self.new_id_array
            for side in (keys >> self.shift, keys & ((1 << self.shift) - 1)):
                order = np.argsort(side, kind="stable")
                ids = side[order]
                starts = np.flatnonzero(np.r_[True, ids[1:] != ids[:-1]])
                uniq = ids[starts]
                least = np.minimum.reduceat(vals[order], starts)
                at = np.minimum(np.searchsorted(uniq, made), uniq.size - 1)
                found = np.where(uniq[at] == made, least[at], self.inf)
                bound[:-1] = np.minimum(bound[:-1], found)
        bound[-1] = self._lowest
        return bound.astype(self.rank_dtype)

    # -- hash table --------------------------------------------------------------------------
    def _hash(self, keys: np.ndarray) -> np.ndarray:
        return ((keys.view(np.uint64) * _GOLDEN) >> self._hash_shift).astype(np.intp)

    def _insert(self, keys: np.ndarray, vals: np.ndarray) -> None:
        """Linear probing, all keys at once: each round, of the keys aiming at one empty slot
        the first takes it, and every key that found its slot taken moves one slot on."""
        slot_keys, mask = self._slot_keys, self._mask
        pos = self._hash(keys)
        todo = np.arange(keys.size)
        while todo.size:
            p = pos[todo]
            free = slot_keys[p] == _EMPTY
            slots, first = np.unique(p[free], return_index=True)
            winners = todo[free][first]
            slot_keys[slots] = keys[winners]
            self._slot_ranks[slots] = vals[winners]
            placed = np.zeros(keys.size, dtype=bool)
            placed[winners] = True
            todo = todo[~placed[todo]]
            pos[todo] = (pos[todo] + 1) & mask

    def _find(self, keys: np.ndarray) -> np.ndarray:
        """Slot of each key, or of the empty slot that ends its probe (rank ``inf`` there)."""
        slot_keys = self._slot_keys
        pos = self._hash(keys)
        found = slot_keys[pos]
        idx = np.flatnonzero((found != keys) & (found != _EMPTY))
        mask = self._mask
        while idx.size:
            p = (pos[idx] + 1) & mask
            pos[idx] = p
            found = slot_keys[p]
            idx = idx[(found != keys[idx]) & (found != _EMPTY)]
        return pos

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """Ranks of int64 pair ``keys``, flattened (``self.inf`` where no rule has the pair)."""
        keys = np.ascontiguousarray(keys, dtype=np.int64).ravel()
        return self._slot_ranks[self._find(keys)]

    # -- merging -----------------------------------------------------------------------------
    def merge_many(self, pieces: Sequence[Sequence[int]]) -> list[list[int]]:
        """``[merge_by_rank(list(p), ranks, new_ids, shift) for p in pieces]``, vectorized."""
        if self.python_only:
            return [self._merge_one(list(p)) for p in pieces]
        out: list[list[int]] = [[]] * len(pieces)
        lens = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
        order = np.argsort(lens, kind="stable")
        n_short = int(np.searchsorted(lens[order], 2))
        for i in order[:n_short].tolist():
            out[i] = list(pieces[i])  # nothing to merge
        order = order[n_short:]
        lens = lens[order]
        flat, ok = self._flatten([pieces[i] for i in order.tolist()], lens)
        for i in order[~ok].tolist():
            out[i] = self._merge_one(list(pieces[i]))
        top = max(int(flat.max(initial=0)), self.max_new_id)
        bounded = self.has_bounds and top < 1 << self.shift
        sym_dtype = np.int32 if top < 1 << 31 else np.int64
        starts = np.zeros(lens.size + 1, dtype=np.int64)
        np.cumsum(lens, out=starts[1:])
        # Blocks of rows sorted by length, none much longer than the first, few enough cells.
        begin, n = 0, lens.size
        while begin < n:
            cap = int(lens[begin]) * 5 // 4 + 2
            end = int(np.searchsorted(lens, cap, side="right"))
            end = min(end, begin + max(1, _BLOCK_CELLS // (cap + 1)))
            rows = np.flatnonzero(ok[begin:end]) + begin
            if rows.size:
                results = self._merge_block(flat, starts[rows], lens[rows], bounded, sym_dtype)
                for i, res in zip(order[rows].tolist(), results, strict=True):
                    out[i] = res
            begin = end
        return out

    def _merge_one(self, ids: list[int]) -> list[int]:
        return merge_by_rank(ids, self.ranks, self.new_ids, self.shift)

    def _flatten(
        self, pieces: list[Sequence[int]], lens: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """All ids in one int64 array (out-of-range ids zeroed) and which pieces are in range."""
        count = int(lens.sum())
        try:
            flat = np.fromiter(chain.from_iterable(pieces), dtype=np.int64, count=count)
            bad = (flat < 0) | (flat > self.max_id)
        except OverflowError:
            big = np.fromiter(chain.from_iterable(pieces), dtype=object, count=count)
            bad = np.array([not 0 <= v <= self.max_id for v in big.tolist()], dtype=bool)
            flat = np.where(bad, 0, big).astype(np.int64)
        ok = np.ones(lens.size, dtype=bool)
        if bad.any():
            ok[np.repeat(np.arange(lens.size), lens)[bad]] = False
            flat[bad] = 0
        return flat, ok

    def _ranks_at(self, sym: np.ndarray, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        """Rank of each pair ``(sym[left], sym[right])``; ``inf`` if either is -1 (a hole)."""
        keys = (sym[left].astype(np.int64) << self.shift) | sym[right]
        return self._slot_ranks[self._find(keys)]

    def _merge_block(
        self,
        flat: np.ndarray,
        starts: np.ndarray,
        lens: np.ndarray,
        bounded: bool,
        sym_dtype: type[np.signedinteger],
    ) -> list[list[int]]:
        """Merge the pieces ``flat[starts[k] : starts[k] + lens[k]]``; results in that order.

        The block is flat arrays over ``n_rows x width`` cells: ``sym`` (-1 in holes and in the
        padding, at least one cell of it closing every row), ``rank`` (of the pair starting at
        each live cell, ``inf`` elsewhere), ``nxt``/``prv`` (the neighbouring live cell; a
        row's first cell points back into the padding of the row before, or of the last row).
        """
        inf, new_id_array, bound_of_rank = self.inf, self.new_id_array, self.bound_of_rank
        n_rows = lens.size
        width = int(lens.max()) + 1
        total = int(lens.sum())
        first = np.cumsum(lens) - lens  # where each row starts in the concatenation
        src = np.repeat(starts - first, lens) + np.arange(total)
        dst = np.repeat(np.arange(n_rows) * width - first, lens) + np.arange(total)
        sym = np.full(n_rows * width, -1, dtype=sym_dtype)
        sym[dst] = flat[src]
        rank = np.full(n_rows * width, inf, dtype=self.rank_dtype)
        rank[dst] = self._ranks_at(sym, dst, dst + 1)
        cells = np.arange(n_rows * width)
        nxt, prv = cells + 1, cells - 1
        counts = lens.copy()  # live symbols per row
        results: list[list[int]] = [[]] * n_rows
        row_ids = np.arange(n_rows)  # which result each matrix row is
        while True:
            rank2 = rank.reshape(n_rows, width)
            col = rank2.argmin(axis=1)
            lowest = np.arange(n_rows) * width + col
            best = rank[lowest]
            busy = best != inf
            n_busy = int(np.count_nonzero(busy))
            if n_busy < _TAIL_ROWS or n_busy < n_rows * 3 // 4 or 2 * counts.sum() < rank.size:
                # Finished rows leave (all rows when few are busy: Python finishes those), and
                # live symbols are packed to the left.
                sym2 = sym.reshape(n_rows, width)
                live = sym2 >= 0
                out = ~busy if n_busy >= _TAIL_ROWS else np.ones(n_rows, dtype=bool)
                if out.any():
                    values = sym2[live & out[:, None]].tolist()
                    ends = np.cumsum(counts[out]).tolist()
                    tail = busy[out].tolist()
                    begin = 0
                    for k, r in enumerate(row_ids[out].tolist()):
                        res = values[begin : ends[k]]
                        results[r] = self._merge_one(res) if tail[k] else res
                        begin = ends[k]
                if n_busy < _TAIL_ROWS:
                    return results
                live = live[busy]
                counts, row_ids = counts[busy], row_ids[busy]
                n_rows = n_busy
                new_width = int(counts.max()) + 1
                dst = (np.cumsum(live, axis=1) + (np.arange(n_rows) * new_width - 1)[:, None])[live]
                new_sym = np.full(n_rows * new_width, -1, dtype=sym_dtype)
                new_sym[dst] = sym2[busy][live]
                new_rank = np.full(n_rows * new_width, inf, dtype=self.rank_dtype)
                new_rank[dst] = rank2[busy][live]
                sym, rank, width = new_sym, new_rank, new_width
                cells = np.arange(n_rows * width)
                nxt, prv = cells + 1, cells - 1
                continue
            # Which pairs merge this round (see the module docstring).
            at = lowest if n_busy == n_rows else lowest[busy]
            if bounded:
                limit = bound_of_rank.take(best, mode="clip")
                cand = np.flatnonzero(rank2 < limit[:, None])
                if cand.size:
                    cand_rank = rank[cand]
                    cand_row = cand // width
                    heads = np.flatnonzero(np.r_[True, cand_row[1:] != cand_row[:-1]])
                    least = np.minimum.reduceat(bound_of_rank.take(cand_rank, mode="clip"), heads)
                    limit[cand_row[heads]] = np.minimum(limit[cand_row[heads]], least)
                    keep = (
                        (cand_rank < limit[cand_row])
                        & (cand_rank < rank[prv[cand]])
                        & (cand_rank <= rank[nxt[cand]])
                    )
                    alone = lowest[busy & (best >= limit)]  # rows merging their lowest pair only
                    at = np.concatenate((cand[keep], alone))
            i = at
            j = nxt[i]
            k = nxt[j]
            sym[i] = new_id_array[rank[i]]
            sym[j] = -1
            rank[j] = inf
            nxt[i] = k
            prv[k] = i
            p = prv[i]
            counts -= np.bincount(i // width, minlength=n_rows)
            found = self._ranks_at(sym, np.concatenate((i, p)), np.concatenate((k, i)))
            rank[i] = found[: i.size]
            rank[p] = found[i.size :]


def _key_arrays(ranks: Mapping[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Keys and ranks as int64 arrays, without keys no valid pair can have."""
    n = len(ranks)
    try:
        keys = np.fromiter(ranks.keys(), dtype=np.int64, count=n)
        vals = np.fromiter(ranks.values(), dtype=np.int64, count=n)
        keep = keys >= 0  # a key built from valid ids is never negative
        return keys[keep], vals[keep]
    except OverflowError:
        items = [(k, v) for k, v in ranks.items() if 0 <= k < 1 << 63]
        keys = np.array([k for k, _ in items], dtype=np.int64).reshape(-1)
        vals = np.array([v for _, v in items], dtype=np.int64).reshape(-1)
        return keys, vals


def merge_many(
    pieces: Sequence[Sequence[int]], ranks: Mapping[int, int], new_ids: Sequence[int], shift: int
) -> list[list[int]]:
    """Same result as ``[merge_by_rank(list(p), ranks, new_ids, shift) for p in pieces]``.

    Builds a :class:`PairTable` for this call; build one yourself to reuse it.
    """
    return PairTable(ranks, new_ids, shift).merge_many(pieces)
