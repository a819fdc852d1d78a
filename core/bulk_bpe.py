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

How: pieces are sorted by length and cut into blocks of about ``_BLOCK_CELLS`` cells. A block
is a matrix with one row per piece, as flat arrays: symbol ids (-1 for holes and padding),
the rank of the pair starting at each symbol, and next/previous pointers over the live
symbols. Each round, every row applies its lowest pair (``argmin`` along the row: the leftmost
minimum, which is the tie rule) and, in the same round, every other pair that
``merge_by_rank`` would apply before anything around it could change. Merging by rank ``r``
makes ``new_ids[r]``, and every pair touching that id ranks at least ``bound_of_rank[r]``
(the lowest rule with that id on either side). With ``T`` the least bound among the lowest
pair's and those of the pairs ranked below it, a pair ranked below ``T`` that comes before
both its neighbours in (rank, position) order is merged, unchanged, within the next few steps
of the sequential rule, whatever else happens first: so merging them all at once gives the
same result. The right symbol of each merge becomes a hole, pointers skip it, and the two
pairs around each new id are looked up in an open-addressing hash table of the int64 keys
(vectorized linear probing; a key touching -1 is negative and never found). Finished rows
leave and the live symbols are packed to the left again when a quarter of the rows are done
or 70% of the cells are holes; the last few busy rows of a block go to ``merge_by_rank``.
Rounds are few: with o200k on NTREX text, about 7 for a 16 to 32-byte piece (18 merges).

Limits: ids must be non-negative and ``id << shift`` must fit in 63 bits, else a piece (or,
for ``new_ids``, the whole table) is merged by ``merge_by_rank`` instead; ranks must be below
``2**62`` (``rank_merge.NO_RANK``, "no pair" there too). The bounds assume ids below
``2**shift`` (so a key splits into its two ids); with larger ids every row merges one pair a
round, still exact.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping, Sequence
from itertools import chain

import numpy as np

from .rank_merge import NO_RANK, merge_by_rank

__all__ = ["PairTable", "merge_many"]

_INF32 = np.iinfo(np.int32).max
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of key * golden
_EMPTY = -1
# A block holds at most this many cells (rows x width) at the start.
_BLOCK_CELLS = 1 << 17
# Pack a block when fewer than this share of its rows are busy, or of its cells live.
_PACK_BUSY = 0.75
_PACK_LIVE = 0.3
# Ids below this get a dense table of their pairs.
_DENSE = 256
# Below this many busy rows a numpy round costs more than finishing the rows in Python.
_TAIL_ROWS = 8


class PairTable:
    """The merge rules as arrays: an int64 hash table of pair keys and ranks, and bounds.

    ``PairTable(ranks, new_ids, shift)`` with ``ranks`` mapping ``left << shift | right`` to
    the rule's rank and ``new_ids[rank]`` the id it produces, exactly as ``merge_by_rank``.
    Build it once; :meth:`merge_many` then encodes any number of batches.
    """

    def __init__(self, ranks: Mapping[int, int], new_ids: Sequence[int], shift: int) -> None:
        self._rules: Mapping[int, int] | None = ranks
        # Optional: finishes a partly merged piece without the rules dict (set by a caller
        # with its own exact merge, e.g. tiktoken's on bytes; a table restored from a state
        # then never rebuilds the dict).
        self.finish: Callable[[list[int]], list[int]] | None = None
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
        # new_ids[r] == r for every rank used (tiktoken): the merged id is the rank itself.
        n_new = self.new_id_array.size
        self.identity = (
            not self.python_only
            and not (vals.size and (vals.min() < 0 or vals.max() >= n_new))
            and bool(np.array_equal(self.new_id_array, np.arange(n_new)))
        )
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
        bits = max(4, (4 * keys.size - 1).bit_length())  # load <= 1/4: short probes
        self._hash_shift = np.uint64(64 - bits)
        self._mask = (1 << bits) - 1
        self._slot_keys = np.full(1 << bits, _EMPTY, dtype=np.int64)
        # Empty slots hold "no pair": a probe that stops on an empty slot reads it directly.
        self._slot_ranks = np.full(1 << bits, self.inf, dtype=self.rank_dtype)
        self._insert(keys, vals.astype(self.rank_dtype))
        # Pairs of two ids below _DENSE (bytes, in byte-level vocabularies) in a plain array:
        # a piece's first pairs are read from it without hashing.
        self._dense: np.ndarray | None = None
        if not self.python_only and self.max_id >= _DENSE - 1:
            small = np.arange(_DENSE, dtype=np.int64)
            self._dense = self.lookup((small[:, None] << shift) | small[None, :])

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

    # -- saving and restoring (the disk cache keeps a built table) -----------------------------
    _ARRAYS = ("new_id_array", "bound_of_rank", "_slot_keys", "_slot_ranks", "_dense")
    _SCALARS = ("shift", "max_id", "python_only", "max_new_id", "identity", "inf", "_lowest",
                "has_bounds", "_mask")

    def to_state(self) -> dict[str, object]:
        """Plain data (bytes, ints, bools; marshal-able) from which :meth:`from_state`
        rebuilds this table without its rules dict, in milliseconds."""
        state: dict[str, object] = {name: getattr(self, name) for name in self._SCALARS}
        state["hash_shift"] = int(self._hash_shift)
        state["rank_dtype"] = self.rank_dtype.str
        for name in self._ARRAYS:
            array = getattr(self, name)
            state[name] = None if array is None else (array.dtype.str, array.shape,
                                                      array.tobytes())
        return state

    @classmethod
    def from_state(cls, state: Mapping[str, object], new_ids: Sequence[int]) -> PairTable:
        table = cls.__new__(cls)
        for name in cls._SCALARS:
            setattr(table, name, state[name])
        table.new_ids = new_ids
        table._rules = None
        table.finish = None
        table._hash_shift = np.uint64(state["hash_shift"])
        table.rank_dtype = np.dtype(str(state["rank_dtype"]))
        for name in cls._ARRAYS:
            saved = state[name]
            if saved is None:
                setattr(table, name, None)
            else:
                dtype, shape, data = saved  # type: ignore[misc]
                setattr(table, name, np.frombuffer(data, dtype=dtype).reshape(shape))
        return table

    @property
    def ranks(self) -> Mapping[int, int]:
        """The rules as a dict, for the pieces finished by ``merge_by_rank`` (rebuilt from the
        hash table when restored from a state)."""
        if self._rules is None:
            used = self._slot_keys != _EMPTY
            self._rules = dict(zip(self._slot_keys[used].tolist(),
                                   self._slot_ranks[used].tolist(), strict=True))
        return self._rules

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
        lens = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
        flat, ok = self._flatten(pieces, lens)
        return self._merge_flat(flat, lens, ok, lambda i: self._merge_one(list(pieces[i])))

    def merge_flat(self, flat: np.ndarray, lens: np.ndarray) -> list[list[int]]:
        """Same as :meth:`merge_many` on the pieces ``flat`` holds one after the other, ``lens``
        ids each (no Python lists to read: the caller builds ``flat`` with numpy)."""
        flat = np.asarray(flat, dtype=np.int64)
        lens = np.asarray(lens, dtype=np.int64)
        starts = np.cumsum(lens) - lens
        if self.python_only:
            return [self._merge_one(flat[a : a + n].tolist())
                    for a, n in zip(starts.tolist(), lens.tolist(), strict=True)]
        bad = (flat < 0) | (flat > self.max_id)
        ok = np.ones(lens.size, dtype=bool)
        if bad.any():
            ok[np.repeat(np.arange(lens.size), lens)[bad]] = False
        return self._merge_flat(
            np.where(bad, 0, flat), lens, ok,
            lambda i: self._merge_one(flat[starts[i] : starts[i] + lens[i]].tolist()))

    def _merge_flat(
        self, flat: np.ndarray, lens: np.ndarray, ok: np.ndarray,
        fallback: Callable[[int], list[int]],
    ) -> list[list[int]]:
        """Merge the pieces ``flat`` holds in order (``ok``: ids in range; the others go to
        ``fallback(index)``)."""
        out: list[list[int]] = [[]] * lens.size
        starts = np.cumsum(lens) - lens
        order = np.argsort(lens, kind="stable")
        n_short = int(np.searchsorted(lens[order], 2))
        short = order[:n_short]
        single = short[lens[short] == 1]
        for i in short[lens[short] == 0].tolist():
            out[i] = []
        for i, value in zip(single.tolist(), flat[starts[single]].tolist(), strict=True):
            out[i] = [value]  # nothing to merge
        order = order[n_short:]
        for i in order[~ok[order]].tolist():
            out[i] = fallback(i)
        lens, starts, ok = lens[order], starts[order], ok[order]
        top = max(int(flat.max(initial=0)), self.max_new_id)
        bounded = self.has_bounds and top < 1 << self.shift
        sym_dtype = np.int32 if top < 1 << 31 else np.int64
        small_ids = self._dense is not None and int(flat.max(initial=0)) < _DENSE
        # Blocks of rows sorted by length, none much longer than the first, few enough cells.
        finished: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        begin, n = 0, lens.size
        while begin < n:
            cap = int(lens[begin]) * 5 // 4 + 2
            end = int(np.searchsorted(lens, cap, side="right"))
            end = min(end, begin + max(1, _BLOCK_CELLS // (cap + 1)))
            rows = np.flatnonzero(ok[begin:end]) + begin
            if rows.size:
                block = (flat, starts[rows], lens[rows], order[rows])
                self._merge_block(*block, bounded, sym_dtype, small_ids, finished, out)
            begin = end
        if finished:
            # One list per piece, sliced out of one list: the cheapest way to make many lists.
            ids, values, counts = (np.concatenate(parts) for parts in zip(*finished, strict=True))
            flat_values = values.tolist()
            ends = np.cumsum(counts)
            # Lists hold no cycles: collecting garbage meanwhile would only rescan the heap.
            was_enabled = gc.isenabled()
            gc.disable()
            try:
                bounds = zip(ids.tolist(), (ends - counts).tolist(), ends.tolist(), strict=True)
                for i, a, b in bounds:
                    out[i] = flat_values[a:b]
            finally:
                if was_enabled:
                    gc.enable()
        return out

    def _merge_one(self, ids: list[int]) -> list[int]:
        if self.finish is not None:
            return self.finish(ids)
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
        ids: np.ndarray,
        bounded: bool,
        sym_dtype: type[np.signedinteger],
        small_ids: bool,
        finished: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
        out: list[list[int]],
    ) -> None:
        """Merge the pieces ``flat[starts[k] : starts[k] + lens[k]]``, result ``ids[k]``.

        Finished rows go to ``finished`` as (ids, their symbols one after the other, how many
        per row); the last few rows, finished in Python, straight to ``out``.

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
        if small_ids:
            right = sym[dst + 1]
            pair_ranks = self._dense[sym[dst] * _DENSE + right]
            rank[dst] = np.where(right < 0, inf, pair_ranks)
        else:
            rank[dst] = self._ranks_at(sym, dst, dst + 1)
        cells = np.arange(n_rows * width)
        nxt, prv = cells + 1, cells - 1
        n_live = total  # live symbols in the block
        shift = self.shift
        identity = self.identity
        row_ids = ids  # which result each matrix row is
        fresh = False  # whether merges happened since the last packing
        while True:
            rank2 = rank.reshape(n_rows, width)
            col = rank2.argmin(axis=1)
            lowest = np.arange(n_rows) * width + col
            best = rank[lowest]
            busy = best != inf
            n_busy = int(np.count_nonzero(busy))
            last = n_busy == 0 or n_busy < _TAIL_ROWS
            if last or (
                fresh and (n_busy < n_rows * _PACK_BUSY or n_live < rank.size * _PACK_LIVE)
            ):
                # Finished rows leave (the few busy ones left finish in Python), the others
                # are packed to the left.
                cell = np.flatnonzero(sym >= 0)
                row = cell // width
                counts = np.bincount(row, minlength=n_rows)
                idle = ~busy
                if n_busy < n_rows:
                    finished.append((row_ids[idle], sym[cell[idle[row]]], counts[idle]))
                if last:
                    sym2 = sym.reshape(n_rows, width)
                    for r in np.flatnonzero(busy).tolist():
                        ids_left = sym2[r][sym2[r] >= 0].tolist()
                        out[int(row_ids[r])] = self._merge_one(ids_left)
                    return
                if n_busy < n_rows:
                    cell = cell[busy[row]]
                    counts, row_ids = counts[busy], row_ids[busy]
                    n_rows = n_busy
                n_live = cell.size
                width = int(counts.max()) + 1
                first = np.cumsum(counts) - counts
                dst = np.repeat(np.arange(n_rows) * width - first, counts) + np.arange(n_live)
                new_sym = np.full(n_rows * width, -1, dtype=sym_dtype)
                new_sym[dst] = sym[cell]
                new_rank = np.full(n_rows * width, inf, dtype=self.rank_dtype)
                new_rank[dst] = rank[cell]
                sym, rank = new_sym, new_rank
                cells = np.arange(n_rows * width)
                nxt, prv = cells + 1, cells - 1
                fresh = False
                continue
            fresh = True
            # Which pairs merge this round (see the module docstring).
            at = lowest if n_busy == n_rows else lowest[busy]
            if bounded:
                limit = bound_of_rank.take(best, mode="clip")
                cand = np.flatnonzero(rank2 < limit[:, None])
                if cand.size:
                    cand_rank = rank[cand]
                    cand_row = cand // width
                    heads = np.flatnonzero(np.diff(cand_row, prepend=-1))
                    least = np.minimum.reduceat(bound_of_rank.take(cand_rank, mode="clip"), heads)
                    limit[cand_row[heads]] = np.minimum(limit[cand_row[heads]], least)
                    keep = (
                        (cand_rank < limit[cand_row])
                        & (cand_rank < rank[prv[cand]])
                        & (cand_rank <= rank[nxt[cand]])
                    )
                    alone = lowest[busy & (best >= limit)]  # rows merging their lowest pair only
                    at = np.concatenate((cand[keep], alone))
            # Merge: ``i`` takes the new id, its right neighbour ``j`` becomes a hole, and the
            # pairs on both sides of the new id are looked up. When two merges touch (``k`` of
            # one is ``i`` of the other), both look up the pair of their two new ids: the
            # symbols are written and relinked before any key is read.
            i = at
            j = nxt[i]
            k = nxt[j]
            new = rank[i] if identity else new_id_array[rank[i]]
            sym[i] = new
            sym[j] = -1
            rank[j] = inf
            nxt[i] = k
            prv[k] = i
            p = prv[i]
            n_live -= i.size
            new = new.astype(np.int64)
            keys = np.concatenate(
                ((new << shift) | sym[k], (sym[p].astype(np.int64) << shift) | new)
            )
            found = self._slot_ranks[self._find(keys)]
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
