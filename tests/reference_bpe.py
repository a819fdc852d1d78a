"""Slow, obviously-correct reference implementations, written straight from seed 000 §1–§2.

They recount everything at every step; the engine must agree with them exactly.
"""

from __future__ import annotations

import itertools
from collections import Counter


def reference_train(
    words: dict[tuple[int, ...], int],
    base_size: int,
    merges_wanted: int,
    *,
    min_count: int = 1,
    tie_break: str = "smallest_ids",
) -> list[tuple[int, int, int, int]]:
    """words: base-id tuple → count, in first-seen order. Returns (left, right, count, new id).

    Pair counts include overlaps (``aaa`` has a+a twice); a merge replaces left to right
    without overlap; a token is the base sequence it spells, and a merge spelling an
    existing token reuses its id.
    """
    seqs = [list(w) for w in words]
    counts = list(words.values())
    table: list[tuple[int, ...]] = [(i,) for i in range(base_size)]
    out: list[tuple[int, int, int, int]] = []
    while len(out) < merges_wanted:
        pairs: Counter[tuple[int, int]] = Counter()
        first: dict[tuple[int, int], tuple[int, int]] = {}
        for wi, (seq, c) in enumerate(zip(seqs, counts, strict=True)):
            for i in range(len(seq) - 1):
                p = (seq[i], seq[i + 1])
                pairs[p] += c
                first.setdefault(p, (wi, i))
        if not pairs:
            break
        best_count = max(pairs.values())
        if best_count < min_count:
            break
        tied = [p for p, c in pairs.items() if c == best_count]
        best = min(tied) if tie_break == "smallest_ids" else min(tied, key=first.__getitem__)
        data = table[best[0]] + table[best[1]]
        new = table.index(data) if data in table else len(table)
        if new == len(table):
            table.append(data)
        out.append((best[0], best[1], best_count, new))
        for seq in seqs:
            i = 0
            while i < len(seq) - 1:
                if seq[i] == best[0] and seq[i + 1] == best[1]:
                    seq[i : i + 2] = [new]
                i += 1
    return out


def reference_encode(ids: list[int], merges: dict[tuple[int, int], tuple[int, int]]) -> list[int]:
    """Seed 000 §2.1: apply the lowest-rank pair present, leftmost on ties, until none."""
    seq = list(ids)
    while len(seq) >= 2:
        candidates = [
            (merges[p][0], i, merges[p][1])
            for i, p in enumerate(itertools.pairwise(seq))
            if p in merges
        ]
        if not candidates:
            break
        _, i, new = min(candidates)
        seq[i : i + 2] = [new]
    return seq
