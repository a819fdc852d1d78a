"""Merge by rank for many pieces at once, with numpy: same result as ``merge_by_rank`` per piece.

API::

    merge_many(pieces, ranks, new_ids, shift) -> list[list[int]]
    table = PairTable(ranks, new_ids, shift)      # build once: hash table of the pair keys
    table.merge_many(pieces) -> list[list[int]]   # then reuse it for every batch
    table.merge_flat(flat, lens) -> list[list[int]]               # pieces one after the other
    table.merge_flat_arrays(flat, lens) -> (pool, starts, counts)  # the same, as arrays
    table.lookup(keys) -> ranks                   # int64 pair keys -> ranks (table.inf if none)

``merge_many(pieces, ranks, new_ids, shift)`` equals
``[merge_by_rank(list(p), ranks, new_ids, shift) for p in pieces]``: lowest rank first,
leftmost on ties, ``new_ids[rank]`` is the merged id. It builds a :class:`PairTable` on every
call, so keep a table when encoding several batches with the same rules.

How: pieces are sorted by length and go through a matrix of about ``_BLOCK_CELLS`` cells, one
row per piece, stored column after column as flat arrays: symbol ids (-1 for holes and
padding), the rank of the pair starting at each symbol, and next/previous pointers over the
live symbols. Each round, every row applies its lowest pair (the leftmost minimum, which is
the tie rule: one elementwise minimum over the columns of ``rank * width + column``, since
numpy reduces along short rows many times slower) and, in the same round, every other pair
that ``merge_by_rank`` would apply before anything around it could change. Merging by rank ``r``
makes ``new_ids[r]``, and every pair touching that id ranks at least ``bound_of_rank[r]``
(the lowest rule with that id on either side). With ``T`` the least bound among the lowest
pair's and those of the pairs ranked below it, a pair ranked below ``T`` that comes before
both its neighbours in (rank, position) order is merged, unchanged, within the next few steps
of the sequential rule, whatever else happens first: so merging them all at once gives the
same result. The right symbol of each merge becomes a hole, pointers skip it, and the two
pairs around each new id are looked up in an open-addressing hash table of the int64 keys
(vectorized linear probing, key and rank packed in one int64 when they fit; a key touching
-1 is negative and never found). Finished rows leave and the live symbols are packed to the
left again when 70% of the rows are done or 85% of the cells are holes (packing costs a few
rounds' worth of scanning); when the rows left fill a tenth of the matrix or less, the next
pieces join them there. The last few busy rows go to ``merge_by_rank``. Rounds are few: with
o200k on NTREX text, about 7 for a 16 to 32-byte piece (18 merges), and 700 for 227k pieces
of 25 bytes on average.

Limits: ids must be non-negative and ``id << shift`` must fit in 63 bits, else a piece (or,
for ``new_ids``, the whole table) is merged by ``merge_by_rank`` instead; ranks must be below
``2**62`` (``rank_merge.NO_RANK``, "no pair" there too). The bounds assume ids below
``2**shift`` (so a key splits into its two ids); with larger ids every row merges one pair a
round, still exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import chain

import numpy as np

from ..models.rank_merge import NO_RANK, merge_by_rank
from .gc_pause import gc_paused

__all__ = ["PairTable", "merge_many", "pieces_bytes", "split_lists"]

_INF32 = np.iinfo(np.int32).max
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of key * golden
_EMPTY = -1
# The matrix holds at most this many cells (rows x width) when pieces join it.
_BLOCK_CELLS = 1 << 17
# Pack the matrix when fewer than this share of its rows are busy, or of its cells live.
_PACK_BUSY = 0.3
_PACK_LIVE = 0.15
# Pieces join at a packing when at least this share of the matrix is free: joining the few
# rows that fit beside many would only pack the same rows again sooner.
_JOIN_ROOM = 0.9
# Ids below this get a dense table of their pairs.
_DENSE = 256
# Elements per slice where a long array is worked through in slices.
_SLICE = 1 << 16
# Below this many busy rows (and no piece left to join) a numpy round costs more than
# finishing the rows in Python.
_TAIL_ROWS = 8
# merge_long hands the rest to Python after this many rounds in a row that each merged
# fewer than one pair in _LONG_ROUND_GAIN.
_LONG_ROUND_GAIN = 64
_LONG_SLOW_ROUNDS = 4


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
        self._packed: np.ndarray | None = None
        if not self.python_only and self.max_id >= _DENSE - 1:
            small = np.arange(_DENSE, dtype=np.int64)
            self._dense = self.lookup((small[:, None] << shift) | small[None, :])
        self._prepare_block()

    @classmethod
    def from_arrays(cls, keys: np.ndarray, ranks: np.ndarray, new_ids: Sequence[int],
                    shift: int) -> PairTable:
        """The table of the rules ``keys[n] → ranks[n]`` (int64 arrays, each key once),
        without a dict of them."""
        return cls(_ArrayRules(keys, ranks), new_ids, shift)

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
    _ARRAYS = ("new_id_array", "bound_of_rank", "_slot_keys", "_slot_ranks", "_packed",
               "_dense", "_bound_stop", "_dense_stop")
    _SCALARS = ("shift", "max_id", "python_only", "max_new_id", "identity", "inf", "_lowest",
                "has_bounds", "_mask", "_stop", "_rank_bits")

    def to_state(self) -> dict[str, object]:
        """Plain data (bytes, ints, bools; marshal-able) from which :meth:`from_state`
        rebuilds this table without its rules dict, in milliseconds.

        The packed hash table is mostly empty slots (a load of a quarter at most): only its
        filled slots are kept, and the arrays that follow from others are left out — a
        quarter of the bytes to read and checksum when a fresh tokenizer loads it."""
        state: dict[str, object] = {name: getattr(self, name) for name in self._SCALARS}
        state["hash_shift"] = int(self._hash_shift)
        state["rank_dtype"] = self.rank_dtype.str
        derived = {"_packed", "_bound_stop", "_dense_stop"}
        if self.identity:
            derived.add("new_id_array")  # 0, 1, 2 …
        for name in self._ARRAYS:
            array = getattr(self, name)
            state[name] = None if array is None or name in derived else _saved(array)
        if self._packed is not None:
            filled = np.flatnonzero((self._packed >> self._rank_bits) != _EMPTY)
            state["packed_size"] = self._packed.size
            state["packed_slots"] = _saved(filled.astype(np.int32))
            state["packed_entries"] = _saved(self._packed[filled])
        state["sparse"] = True
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
            setattr(table, name, None if saved is None else _restored(saved))
        if state.get("sparse"):
            if table.identity:
                table.new_id_array = np.arange(len(new_ids), dtype=np.int64)
            table._packed = None
            if "packed_size" in state:
                packed = np.full(int(state["packed_size"]),  # type: ignore[call-overload]
                                 (-1 << table._rank_bits) | table._stop, dtype=np.int64)
                packed[_restored(state["packed_slots"])] = _restored(state["packed_entries"])
                table._packed = packed
            table._bound_stop = np.minimum(table.bound_of_rank, table._stop)
            table._dense_stop = (None if table._dense is None
                                 else np.minimum(table._dense, table._stop))
        return table

    @property
    def ranks(self) -> Mapping[int, int]:
        """The rules as a dict, for the pieces finished by ``merge_by_rank`` (rebuilt from the
        hash table when restored from a state)."""
        if self._rules is None:
            keys, ranks = self._entries()
            self._rules = dict(zip(keys.tolist(), ranks.tolist(), strict=True))
        return self._rules

    def forget_rules(self) -> None:
        """Let go of the rules dict given to the constructor (rebuilt from the hash table if
        a piece ever needs ``merge_by_rank``)."""
        self._rules = None

    def _entries(self) -> tuple[np.ndarray, np.ndarray]:
        """The keys in the hash table and their ranks."""
        if self._packed is None:
            used = self._slot_keys != _EMPTY
            return self._slot_keys[used], self._slot_ranks[used]
        entries = self._packed[(self._packed >> self._rank_bits) != _EMPTY]
        return entries >> self._rank_bits, (entries & ((1 << self._rank_bits) - 1)).astype(
            self.rank_dtype)

    # -- hash table --------------------------------------------------------------------------
    def _hash(self, keys: np.ndarray) -> np.ndarray:
        # The top bits fit an intp: viewed as one, not copied.
        return ((keys.view(np.uint64) * _GOLDEN) >> self._hash_shift).view(np.intp)

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
        if self._packed is None:
            return self._slot_ranks[self._find(keys)]
        found = self._block_ranks(keys, self._stop)
        return np.where(found == self._stop, self.inf, found).astype(self.rank_dtype)

    # -- merging -----------------------------------------------------------------------------
    def merge_many(self, pieces: Sequence[Sequence[int]]) -> list[list[int]]:
        """``[merge_by_rank(list(p), ranks, new_ids, shift) for p in pieces]``, vectorized."""
        if self.python_only:
            return [self._merge_one(list(p)) for p in pieces]
        lens = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
        flat, ok = self._flatten(pieces, lens)
        fallback = lambda i: self._merge_one(list(pieces[i]))  # noqa: E731
        return split_lists(*self._merge_flat(flat, lens, ok, fallback))

    def merge_flat(self, flat: np.ndarray, lens: np.ndarray) -> list[list[int]]:
        """Same as :meth:`merge_many` on the pieces ``flat`` holds one after the other, ``lens``
        ids each (no Python lists to read: the caller builds ``flat`` with numpy)."""
        return split_lists(*self.merge_flat_arrays(flat, lens))

    def merge_flat_arrays(
        self, flat: np.ndarray, lens: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`merge_flat` as arrays ``(pool, starts, counts)``: the merged ids of piece
        ``i`` are ``pool[starts[i] : starts[i] + counts[i]]`` (int64; objects if a piece left to
        ``merge_by_rank`` made an id past int64), in no particular order in ``pool``.
        ``flat`` may be of any integer type: int32 reads faster."""
        flat = np.asarray(flat)
        if flat.dtype.kind not in "iu":
            flat = flat.astype(np.int64)
        lens = np.asarray(lens, dtype=np.int64)
        starts = np.cumsum(lens) - lens
        if self.python_only:
            merged = [self._merge_one(flat[a : a + n].tolist())
                      for a, n in zip(starts.tolist(), lens.tolist(), strict=True)]
            counts = np.fromiter(map(len, merged), dtype=np.int64, count=len(merged))
            pool = _id_array(list(chain.from_iterable(merged)))
            return pool, np.cumsum(counts) - counts, counts
        ok = np.ones(lens.size, dtype=bool)
        fallback = lambda i: self._merge_one(flat[starts[i] : starts[i] + lens[i]].tolist())  # noqa: E731
        if flat.size and not 0 <= int(flat.min()) <= int(flat.max()) <= self.max_id:
            bad = (flat < 0) | (flat > self.max_id)
            ok[np.repeat(np.arange(lens.size), lens)[bad]] = False
            return self._merge_flat(np.where(bad, 0, flat), lens, ok, fallback)
        return self._merge_flat(flat, lens, ok, fallback)

    def _merge_flat(
        self, flat: np.ndarray, lens: np.ndarray, ok: np.ndarray,
        fallback: Callable[[int], list[int]],
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Merge the pieces ``flat`` holds in order (``ok``: ids in range; the others go to
        ``fallback(index)``); the result as in :meth:`merge_flat_arrays`."""
        starts = np.cumsum(lens) - lens
        # Each part: (pieces, their merged ids one after the other, how many each).
        parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        python: list[tuple[int, list[int]]] = [(i, fallback(i)) for i in np.flatnonzero(~ok)]
        short = np.flatnonzero((lens < 2) & ok)  # nothing to merge
        parts.append((short, flat[starts[short[lens[short] == 1]]], lens[short]))
        order = np.argsort(lens, kind="stable")
        order = order[(lens[order] >= 2) & ok[order]]
        if order.size:
            highest = int(flat.max(initial=0))
            top = max(highest, self.max_new_id)
            bounded = self.has_bounds and top < 1 << self.shift
            sym_dtype = np.int32 if top < 1 << 31 else np.int64
            small_ids = self._dense is not None and highest < _DENSE
            self._merge_rows(flat, starts[order], lens[order], order, bounded, sym_dtype,
                             small_ids, parts, python)
        if python:
            which, lists = zip(*python, strict=True)
            counts = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
            parts.append((np.array(which, dtype=np.intp), _id_array(list(chain(*lists))), counts))
        which, values, counts = (np.concatenate(p) for p in zip(*parts, strict=True))
        pool = values if values.dtype == object else values.astype(np.int64, copy=False)
        out_starts = np.zeros(lens.size, dtype=np.int64)
        out_starts[which] = np.cumsum(counts) - counts
        out_counts = np.zeros(lens.size, dtype=np.int64)
        out_counts[which] = counts
        return pool, out_starts, out_counts

    def merge_long(self, ids: np.ndarray) -> list[int]:
        """One long piece (``ids``, any integer array) merged exactly as ``merge_by_rank``
        would, in rounds over the whole piece.

        Each round takes the *candidates* — the pairs that come before both neighbours in
        (rank, position) order, and in a run of pairs of equal rank every other one from the
        run's start — and merges, in one go, those the sequential rule is bound to merge
        unchanged and in that order: taken by (rank, position), every candidate ranked below
        each pair that the candidates before it create (computed with the neighbours they
        really have then) and below every pair neither a candidate nor beside one (which a
        merge could expose). Nothing ranked lower can appear before them, so each is the
        lowest pair, leftmost, when its turn comes. A run of one character (``"a" * 10**7``)
        merges half its pairs a round; when rounds merge too little (text whose merges
        cascade), the rest is finished by ``merge_by_rank``."""
        if not self.can_merge_long or (ids.size and not (
                int(ids.min()) >= 0 and int(ids.max()) <= self.max_id)):
            raise ValueError("merge_long needs ids in the table's range")
        # Four bytes a symbol and a rank where they fit: a piece of 10⁷ symbols then needs a
        # few hundred MB of arrays at its peak, not a gigabyte.
        small = max(int(ids.max(initial=0)), self.max_new_id) < 1 << 31
        sym = np.array(ids, dtype=np.int32 if small else np.int64)
        ranks = self._pair_ranks(sym[:-1], sym[1:])
        new_ids = self.new_id_array.astype(sym.dtype)
        slow_rounds = 0
        while ranks.size and int(ranks.min()) < self.inf:
            at = self._round(sym, ranks)
            sym[at] = new_ids[ranks[at]]
            keep = np.ones(sym.size, dtype=bool)
            keep[at + 1] = False
            sym = sym[keep]
            # Pairs keep their ranks but around each merge: the pair ending at the new symbol
            # and the one starting there are looked up again.
            ranks = ranks[keep[:-1]][: sym.size - 1]
            del keep
            new_at = at - np.arange(at.size, dtype=at.dtype)
            around = np.zeros(ranks.size + 1, dtype=bool)
            around[new_at] = True  # the pair starting at the new symbol (none at the end)
            around[new_at[new_at > 0] - 1] = True
            touched = np.flatnonzero(around[: ranks.size])
            del around
            if touched.size:
                ranks[touched] = self._pair_ranks(sym[touched], sym[touched + 1])
            # A round costs a pass over the piece: when it merges little, Python's heap on
            # what is left is cheaper.
            slow_rounds = slow_rounds + 1 if at.size * _LONG_ROUND_GAIN < sym.size else 0
            if slow_rounds >= _LONG_SLOW_ROUNDS:
                return self._merge_one(sym.tolist())
        return sym.tolist()

    def _pair_ranks(self, left: np.ndarray, right: np.ndarray) -> np.ndarray:
        """Ranks of the pairs ``(left[i], right[i])``, looked up a slice at a time (the
        lookup's temporaries are eight bytes a key)."""
        out = np.empty(left.size, dtype=self.rank_dtype)
        shift = self.shift
        for a in range(0, left.size, _SLICE * 16):
            b = a + _SLICE * 16
            keys = (left[a:b].astype(np.int64) << shift) | right[a:b]
            out[a:b] = self.lookup(keys)
        return out

    def _round(self, sym: np.ndarray, ranks: np.ndarray) -> np.ndarray:
        """Positions (ascending) of the pairs one round of :meth:`merge_long` merges."""
        n = ranks.size
        inf = self.inf  # "no pair"; also stands for the missing neighbour of either end
        starts = np.empty(n, dtype=bool)
        starts[0] = True
        np.not_equal(ranks[1:], ranks[:-1], out=starts[1:])
        index = np.arange(n, dtype=np.int32 if n < 1 << 31 else np.int64)
        run_start = np.where(starts, index, 0)
        np.maximum.accumulate(run_start, out=run_start)
        chosen = ((index - run_start) & 1) == 0
        del index
        chosen &= ranks < inf
        before = np.empty(n, dtype=ranks.dtype)
        before[0] = inf
        before[1:] = ranks[:-1]
        chosen &= before[run_start] > ranks
        del before, run_start
        # The last pair of a run waits when the pair after it ranks lower.
        later_lower = np.zeros(n, dtype=bool)
        np.less(ranks[1:], ranks[:-1], out=later_lower[:-1])
        later_lower[:-1] &= starts[1:]
        chosen &= ~later_lower
        del later_lower, starts
        at = np.flatnonzero(chosen)
        del chosen
        mine = ranks[at]
        made = self.new_id_array[mine].astype(sym.dtype)
        # The neighbours each candidate has when it merges: a candidate two pairs away that
        # goes first (lower rank, or equal and to the left) has already made its new symbol.
        k = at.size
        left_first = np.zeros(k, dtype=bool)
        right_first = np.zeros(k, dtype=bool)
        if k > 1:
            close = at[1:] - at[:-1] == 2
            left_first[1:] = close & (mine[:-1] <= mine[1:])
            right_first[:-1] = close & (mine[1:] < mine[:-1])
            del close
        left_sym = np.where(left_first, np.roll(made, 1), sym[np.maximum(at - 1, 0)])
        created = self._pair_ranks(left_sym, made)
        created[at == 0] = inf
        del left_sym
        right_sym = np.where(right_first, np.roll(made, -1),
                             sym[np.minimum(at + 2, sym.size - 1)])
        made_right = self._pair_ranks(made, right_sym)
        made_right[at + 2 >= sym.size] = inf
        np.minimum(created, made_right, out=created)
        del right_sym, made_right, made
        # Pairs neither candidates nor beside one: a merge elsewhere may expose them.
        near = np.zeros(n + 2, dtype=bool)
        near[at] = near[at + 1] = near[at + 2] = True
        alone = ranks[~near[1 : n + 1]]
        exposable = int(alone.min()) if alone.size else inf
        del near, alone
        order = np.lexsort((at, mine))
        ranked = mine[order]
        lower_made = np.empty(k, dtype=created.dtype)
        lower_made[0] = inf
        np.minimum.accumulate(created[order][:-1], out=lower_made[1:])
        fine = (ranked < lower_made) & (ranked < exposable)
        count = int(np.argmin(fine)) if not fine.all() else k
        return np.sort(at[order[:max(1, count)]])

    @property
    def can_merge_long(self) -> bool:
        return not self.python_only

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

    def _prepare_block(self) -> None:
        """``stop``, the "no pair" value inside the matrix: above every rank and at least the
        number of produced ids (so ``bound_of_rank.take(stop, mode="clip")`` is "no bound"),
        but small, so that ``rank * width + column`` stays in int32; ``bound_of_rank`` and the
        dense table with ``stop`` for "none" (a bound above every rank bounds nothing).

        Also, when keys and ranks fit in 62 bits together, the hash table becomes one array of
        ``key << rank_bits | rank`` (empty: ``-1 << rank_bits | stop``), for one random read
        per probe instead of two, and the two arrays it replaces are dropped."""
        used = self._slot_keys != _EMPTY
        ranks = self._slot_ranks[used]
        top = int(ranks.max()) + 1 if ranks.size else 0
        stop = min(self.inf, max(top, self.new_id_array.size))
        self._stop = stop
        self._bound_stop = np.minimum(self.bound_of_rank, stop)
        self._dense_stop = None if self._dense is None else np.minimum(self._dense, stop)
        rank_bits = stop.bit_length()
        key_bits = int(self._slot_keys.max(initial=0)).bit_length()
        self._rank_bits = 0
        if key_bits + rank_bits <= 62 and (ranks.size == 0 or int(ranks.min()) >= 0):
            self._rank_bits = rank_bits
            entries = (self._slot_keys << rank_bits) | self._slot_ranks
            self._packed = np.where(used, entries, (-1 << rank_bits) | stop)
            self._slot_keys = self._slot_ranks = None  # type: ignore[assignment]

    def _block_constants(self) -> tuple[int, np.ndarray, np.ndarray | None]:
        return self._stop, self._bound_stop, self._dense_stop

    def _block_ranks(self, keys: np.ndarray, stop: int) -> np.ndarray:
        """Ranks of int64 pair ``keys`` inside the matrix: ``stop`` where no rule has the pair."""
        packed = self._packed
        if packed is None:
            return np.minimum(self._slot_ranks[self._find(keys)], stop)
        rank_bits, mask = self._rank_bits, self._mask
        pos = self._hash(keys)
        # (``take`` gathers a third faster than indexing with an array)
        found = packed.take(pos)
        head = found >> rank_bits  # the key there, or -1 (empty: also what a -1 symbol gives)
        idx = np.flatnonzero((head != keys) & (head != -1))
        while idx.size:
            p = (pos.take(idx) + 1) & mask
            pos[idx] = p
            here = packed.take(p)
            found[idx] = here
            head = here >> rank_bits
            idx = idx.compress((head != keys.take(idx)) & (head != -1))
        return found & ((1 << rank_bits) - 1)

    def _merge_rows(
        self,
        flat: np.ndarray,
        starts: np.ndarray,
        lens: np.ndarray,
        ids: np.ndarray,
        bounded: bool,
        sym_dtype: type[np.signedinteger],
        small_ids: bool,
        parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
        python: list[tuple[int, list[int]]],
    ) -> None:
        """Merge the pieces ``flat[starts[k] : starts[k] + lens[k]]`` (``lens`` ascending), the
        result of piece ``ids[k]``.

        Finished rows go to ``parts`` as (ids, their symbols one after the other, how many per
        row); the last few rows, finished in Python, to ``python`` as (id, ids).

        The rows pass through one matrix of about ``_BLOCK_CELLS`` cells, joining in order,
        as many as fit, each time it is packed. It is flat arrays over ``width x n_rows``
        cells, column after column (cell ``c * n_rows + r`` is column ``c`` of row ``r``: a
        reduction over rows is then an elementwise one over columns, many times faster in
        numpy than one along short rows): ``sym`` (-1 in holes and in the padding, at least
        one column of it closing every row), ``rank`` (of the pair starting at each live cell,
        ``stop`` elsewhere), ``nxt``/``prv`` (the neighbouring live cell; a row's first cell
        points back, by negative indexing, into its own last column, padding).
        """
        new_id_array, rank_dtype = self.new_id_array, self.rank_dtype
        stop, bound_of_rank, dense = self._block_constants()
        shift = self.shift
        identity = self.identity
        # All the rows' symbols one after the other, in row order, and the rank of the pair
        # starting at each (``stop`` at each row's last): joining rows read a slice of each.
        offsets = np.zeros(lens.size + 1, dtype=np.int64)
        np.cumsum(lens, out=offsets[1:])
        if starts.size and np.array_equal(starts - starts[0], offsets[:-1]):
            # Already in that order (a caller that sorts by length first saves this copy).
            first = int(starts[0])
            queue_sym = flat[first : first + int(offsets[-1])].astype(sym_dtype, copy=False)
        else:
            # Where each symbol is in ``flat``: steps of 1, and a jump at each row's first
            # (rows hold two symbols or more), summed up.
            order = np.ones(int(offsets[-1]), dtype=np.int64)
            if order.size:
                order[0] = starts[0]
                order[offsets[1:-1]] = starts[1:] - starts[:-1] - lens[:-1] + 1
                np.cumsum(order, out=order)
            queue_sym = flat[order].astype(sym_dtype, copy=False)
            del order
        left, right = queue_sym[:-1], queue_sym[1:]
        queue_rank = np.empty(queue_sym.size, dtype=rank_dtype)
        if small_ids and dense is not None:
            # In slices: the pair index is scratch, reused while in cache.
            for a in range(0, left.size, _SLICE):
                pair = left[a : a + _SLICE] * _DENSE
                pair += right[a : a + _SLICE]
                if dense.dtype == rank_dtype:  # in range: "clip" spares numpy a buffer
                    np.take(dense, pair, out=queue_rank[a : a + pair.size], mode="clip")
                else:
                    queue_rank[a : a + pair.size] = dense[pair]
        else:
            queue_rank[:-1] = self._block_ranks((left.astype(np.int64) << shift) | right, stop)
        queue_rank[offsets[1:] - 1] = stop
        queued = 0  # the rows before it have joined
        n_rows, width, n_live = 0, 1, 0
        sym = np.empty(0, dtype=sym_dtype)
        rank = np.empty(0, dtype=rank_dtype)
        row_ids = ids[:0]  # which piece each row is
        rows = cells = nxt = prv = row_of = np.empty(0, dtype=np.intp)
        fresh = False  # whether merges happened since the last packing
        while True:
            rank2 = rank.reshape(width, n_rows)
            best, col = _row_minima(rank2, stop)
            busy = best != stop
            n_busy = int(np.count_nonzero(busy))
            last = queued == lens.size and n_busy < max(1, _TAIL_ROWS)
            if last or n_busy == 0 or (
                fresh and (n_busy < n_rows * _PACK_BUSY or n_live < rank.size * _PACK_LIVE)
            ):
                # Finished rows leave (the few busy ones left at the end finish in Python),
                # the others are packed to the left and queued rows join.
                sym2 = sym.reshape(width, n_rows)
                if n_busy < n_rows:
                    idle = np.flatnonzero(~busy)
                    done = sym2.take(idle, axis=1).T  # row after row
                    filled = done >= 0
                    counts = np.count_nonzero(filled, axis=1)
                    parts.append((row_ids.take(idle), done.ravel().compress(filled.ravel()),
                                  counts))
                if last:
                    for r in np.flatnonzero(busy).tolist():
                        left = sym2[:, r]
                        python.append((int(row_ids[r]), self._merge_one(left[left >= 0].tolist())))
                    return
                live = (sym2 >= 0) & busy
                # (1-D ``compress`` and scatters: boolean indexing of the matrix is slower)
                live_at = np.flatnonzero(live)
                # 1 + column after packing, where live: a running sum down the columns, a
                # column at a time (numpy's cumsum along this axis is many times slower).
                position = np.empty(live.shape, dtype=np.intp)
                position[0] = live[0]
                for c in range(1, width):
                    np.add(position[c - 1], live[c], out=position[c])
                width = int(position[-1].max(initial=0)) + 1
                joining = 0
                if n_busy * width <= _BLOCK_CELLS * (1 - _JOIN_ROOM):
                    joining = _joining(lens, queued, n_busy, width)
                new_lens = lens[queued : queued + joining]
                width = max(width, int(new_lens.max(initial=0)) + 1)
                new_row = np.cumsum(busy) - 1
                n_rows = n_busy + joining
                position -= 1
                position *= n_rows
                position += new_row
                dst = position.take(live_at)
                sym = np.full(width * n_rows, -1, dtype=sym_dtype)
                rank = np.full(width * n_rows, stop, dtype=rank_dtype)
                sym[dst] = sym2.take(live_at)
                rank[dst] = rank2.take(live_at)
                n_live = dst.size
                keep = np.flatnonzero(busy)
                if joining:
                    # Row after row in a scratch matrix, then transposed in.
                    a, b = int(offsets[queued]), int(offsets[queued + joining])
                    inside = np.flatnonzero(np.arange(width) < new_lens[:, None])
                    scratch = np.full((joining, width), -1, dtype=sym_dtype)
                    scratch.reshape(-1)[inside] = queue_sym[a:b]
                    sym.reshape(width, n_rows)[:, n_busy:] = scratch.T
                    scratch = np.full((joining, width), stop, dtype=rank_dtype)
                    scratch.reshape(-1)[inside] = queue_rank[a:b]
                    rank.reshape(width, n_rows)[:, n_busy:] = scratch.T
                    n_live += b - a
                row_ids = np.concatenate((row_ids[keep], ids[queued : queued + joining]))
                queued += joining
                rows = np.arange(n_rows)
                cells = np.arange(width * n_rows)
                nxt, prv = cells + n_rows, cells - n_rows
                # The row of each cell, read instead of computed (a division per cell).
                row_of = np.tile(rows.astype(np.int32 if n_rows < _INF32 else np.int64), width)
                fresh = False
                continue
            fresh = True
            # Which pairs merge this round (see the module docstring).
            lowest = col * n_rows + rows
            at = lowest if n_busy == n_rows else lowest[busy]
            if bounded:
                limit = bound_of_rank.take(best, mode="clip")
                cand = np.flatnonzero(rank2 < limit)
                if cand.size:
                    # (gathers with ``take``: a third faster than indexing with an array)
                    cand_rank = rank.take(cand)
                    cand_row = row_of.take(cand)
                    np.minimum.at(limit, cand_row, bound_of_rank.take(cand_rank, mode="clip"))
                    keep = (
                        (cand_rank < limit.take(cand_row))
                        & (cand_rank < rank.take(prv.take(cand)))
                        & (cand_rank <= rank.take(nxt.take(cand)))
                    )
                    # rows merging their lowest pair only
                    alone = lowest.compress(busy & (best >= limit))
                    at = np.concatenate((cand.compress(keep), alone))
            # Merge: ``i`` takes the new id, its right neighbour ``j`` becomes a hole, and the
            # pairs on both sides of the new id are looked up. When two merges touch (``k`` of
            # one is ``i`` of the other), both look up the pair of their two new ids: the
            # symbols are written and relinked before any key is read.
            i = at
            j = nxt.take(i)
            k = nxt.take(j)
            new = rank.take(i) if identity else new_id_array.take(rank.take(i))
            sym[i] = new
            sym[j] = -1
            rank[j] = stop
            nxt[i] = k
            prv[k] = i
            p = prv.take(i)
            n_live -= i.size
            new = new.astype(np.int64)
            keys = np.concatenate(
                ((new << shift) | sym.take(k), (sym.take(p).astype(np.int64) << shift) | new)
            )
            found = self._block_ranks(keys, stop)
            rank[i] = found[: i.size]
            rank[p] = found[i.size :]


def _saved(array: np.ndarray) -> tuple[str, tuple[int, ...], bytes]:
    return array.dtype.str, array.shape, array.tobytes()


def _restored(saved: object) -> np.ndarray:
    dtype, shape, data = saved  # type: ignore[misc]
    return np.frombuffer(data, dtype=dtype).reshape(shape)


def _joining(lens: np.ndarray, queued: int, carried: int, width: int) -> int:
    """How many queued rows join ``carried`` rows ``width`` wide, the matrix staying within
    ``_BLOCK_CELLS`` cells (at least one row when none is carried)."""
    k = min(lens.size - queued, _BLOCK_CELLS // 3 + 1)  # a row takes 3 cells or more
    need = (carried + np.arange(1, k + 1)) * np.maximum(width, lens[queued : queued + k] + 1)
    fit = int(np.searchsorted(need, _BLOCK_CELLS, side="right"))
    return max(fit, min(k, 0 if carried else 1))


def pieces_bytes(pieces: Sequence[str]) -> tuple[bytes, np.ndarray]:
    """The pieces' UTF-8 bytes one after the other, and how many each has: encoded as one
    string (a pass over a string object per piece costs more than numpy passes over bytes)."""
    from .short_steps import mapped_array

    text = "".join(pieces)
    data = text.encode("utf-8")
    ends = np.cumsum(mapped_array(len, pieces, np.int64))
    if len(data) != len(text):
        # Each piece's bytes end where its last character's do (where the next character's
        # first byte is).
        first_bytes = np.flatnonzero((np.frombuffer(data, dtype=np.uint8) & 0xC0) != 0x80)
        ends = np.append(first_bytes, len(data))[ends]
    return data, np.diff(ends, prepend=0)


def split_lists(pool: np.ndarray, starts: np.ndarray, counts: np.ndarray) -> list[list[int]]:
    """``[pool[a : a + n].tolist() for a, n in zip(starts, counts)]``, quicker."""
    flat = pool.tolist()
    # Lists hold no cycles: collecting garbage meanwhile would only rescan the heap.
    with gc_paused():
        return list(map(flat.__getitem__, map(slice, starts.tolist(), (starts + counts).tolist())))


def _id_array(ids: list[int]) -> np.ndarray:
    try:
        return np.array(ids, dtype=np.int64).reshape(-1)
    except OverflowError:
        return np.array(ids, dtype=object).reshape(-1)


def _row_minima(rank2: np.ndarray, stop: int) -> tuple[np.ndarray, np.ndarray]:
    """Lowest value of each column of ``rank2`` and the first row holding it (a row of the
    array is a column of the block): one elementwise minimum over the rows of
    ``rank * height + row``, in int32 when it fits."""
    height = rank2.shape[0]
    if (stop + 1) * height <= _INF32 and rank2.dtype == np.int32:
        keyed = rank2 * np.int32(height)
        keyed += np.arange(height, dtype=np.int32)[:, None]
    elif (stop + 1) * height < 1 << 62:
        keyed = rank2.astype(np.int64) * height
        keyed += np.arange(height, dtype=np.int64)[:, None]
    else:
        best = rank2.min(axis=0)
        return best, (rank2 == best).argmax(axis=0)
    least = keyed.min(axis=0)
    best = least // height
    return best, least - best * height


class _ArrayRules(Mapping[int, int]):
    """Rules given as two int64 arrays; a dict of them is made only if one is looked up."""

    def __init__(self, keys: np.ndarray, ranks: np.ndarray) -> None:
        self.keys_array = np.asarray(keys, dtype=np.int64).reshape(-1)
        self.ranks_array = np.asarray(ranks, dtype=np.int64).reshape(-1)
        if self.keys_array.size != self.ranks_array.size:
            raise ValueError("as many keys as ranks are needed")
        self._dict: dict[int, int] | None = None

    def _as_dict(self) -> dict[int, int]:
        if self._dict is None:
            self._dict = dict(zip(self.keys_array.tolist(), self.ranks_array.tolist(),
                                  strict=True))
        return self._dict

    def __getitem__(self, key: int) -> int:
        return self._as_dict()[key]

    def __iter__(self) -> Iterator[int]:
        return iter(self._as_dict())

    def __len__(self) -> int:
        return len(self._as_dict())


def _key_arrays(ranks: Mapping[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Keys and ranks as int64 arrays, without keys no valid pair can have."""
    if isinstance(ranks, _ArrayRules):
        keep = ranks.keys_array >= 0
        return ranks.keys_array[keep], ranks.ranks_array[keep]
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
