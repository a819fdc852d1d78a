"""Encoding one piece by merge rank: always apply the lowest-rank merge present, leftmost first.

Not left to right and not longest match: with rules b+c, a+b, c+d (in that priority),
``abcd`` becomes a | bc | d. Pairs are keyed as one int, ``left << shift | right``, so a
lookup never builds a tuple; ``ranks`` maps that key to the rule's rank and ``new_ids[rank]``
is the id the rule produces.
"""

from __future__ import annotations

from heapq import heapify, heappop, heappush
from itertools import pairwise

from .merges import MergeStep

NO_RANK = 1 << 62
# Above this many symbols the heap over a linked list beats rescanning a list of ranks.
LONG_PIECE = 192
# Above this many, the rounds of bulk_bpe.PairTable.merge_long over the whole piece beat the
# heap (10× on a run of one letter, never much slower).
VECTOR_PIECE = 4096


def merge_by_rank(
    ids: list[int], ranks: dict[int, int], new_ids: list[int], shift: int
) -> list[int]:
    """Merge ``ids`` in place (short pieces) or into a new list (long ones) and return it.

    ``merge_by_rank([l,o,w,e,s,t], …)`` with the seed rules returns ``[low, est]``.
    """
    if len(ids) < 2:
        return ids
    if len(ids) > LONG_PIECE:
        return _merge_long(ids, ranks, new_ids, shift)
    return _merge_short(ids, ranks, new_ids, shift)


def _merge_short(
    ids: list[int], ranks: dict[int, int], new_ids: list[int], shift: int
) -> list[int]:
    get = ranks.get
    pair_ranks = [get(a << shift | b, NO_RANK) for a, b in pairwise(ids)]
    while True:
        best = min(pair_ranks)
        if best == NO_RANK:
            return ids
        # One rank belongs to one pair, so the first index holding it is the leftmost match.
        i = pair_ranks.index(best)
        new = new_ids[best]
        ids[i] = new
        del ids[i + 1]
        del pair_ranks[i]
        if not pair_ranks:
            return ids
        if i:
            pair_ranks[i - 1] = get(ids[i - 1] << shift | new, NO_RANK)
        if i < len(pair_ranks):
            pair_ranks[i] = get(new << shift | ids[i + 1], NO_RANK)


def last_merge_rank(
    ids: list[int], ranks: dict[int, int], new_ids: list[int], shift: int
) -> int | None:
    """The rank of the merge that leaves ``ids`` one token, or None if they never become one
    (the merge of :func:`merge_by_rank`, keeping only the last rank applied)."""
    ids = list(ids)
    get = ranks.get
    pair_ranks = [get(a << shift | b, NO_RANK) for a, b in pairwise(ids)]
    best = None
    while pair_ranks:
        best = min(pair_ranks)
        if best == NO_RANK:
            return None
        i = pair_ranks.index(best)
        new = new_ids[best]
        ids[i] = new
        del ids[i + 1]
        del pair_ranks[i]
        if i and pair_ranks:
            pair_ranks[i - 1] = get(ids[i - 1] << shift | new, NO_RANK)
        if i < len(pair_ranks):
            pair_ranks[i] = get(new << shift | ids[i + 1], NO_RANK)
    return best


def _merge_long(
    ids: list[int], ranks: dict[int, int], new_ids: list[int], shift: int
) -> list[int]:
    # A doubly linked list over positions; merged-away nodes get symbol -1. Heap entries are
    # (rank, position); an entry is stale when the pair now at that position has another rank.
    get = ranks.get
    n = len(ids)
    sym = list(ids)
    nxt = list(range(1, n + 1))
    nxt[-1] = -1
    prv = list(range(-1, n - 1))
    pair_ranks = (get(a << shift | b, NO_RANK) for a, b in pairwise(ids))
    heap = [(r, i) for i, r in enumerate(pair_ranks) if r != NO_RANK]
    heapify(heap)
    while heap:
        r, i = heappop(heap)
        left = sym[i]
        if left < 0:
            continue
        j = nxt[i]
        if j < 0 or get(left << shift | sym[j]) != r:
            continue
        new = new_ids[r]
        sym[i] = new
        sym[j] = -1
        k = nxt[j]
        nxt[i] = k
        if k >= 0:
            prv[k] = i
            rk = get(new << shift | sym[k])
            if rk is not None:
                heappush(heap, (rk, i))
        p = prv[i]
        if p >= 0:
            rp = get(sym[p] << shift | new)
            if rp is not None:
                heappush(heap, (rp, p))
    return [s for s in sym if s >= 0]


def trace_by_rank(
    ids: list[int],
    ranks: dict[int, int],
    new_ids: list[int],
    shift: int,
    byte_lengths: list[int],
) -> tuple[list[int], list[MergeStep]]:
    """Same result as :func:`merge_by_rank`, plus every step; written for clarity, not speed.

    ``byte_lengths[i]`` is the byte length of token ``i``, used to locate each new token.
    """
    seq = list(ids)
    steps: list[MergeStep] = []
    while len(seq) > 1:
        best_rank, best_i = NO_RANK, -1
        for i in range(len(seq) - 1):
            r = ranks.get(seq[i] << shift | seq[i + 1], NO_RANK)
            if r < best_rank:
                best_rank, best_i = r, i
        if best_i < 0:
            break
        start = sum(byte_lengths[t] for t in seq[:best_i])
        left, right, new = seq[best_i], seq[best_i + 1], new_ids[best_rank]
        end = start + byte_lengths[left] + byte_lengths[right]
        steps.append(MergeStep(best_i, left, right, best_rank, new, start, end))
        seq[best_i : best_i + 2] = [new]
    return seq, steps
