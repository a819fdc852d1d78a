"""The trainer's pair index stays exact under any sequence of merges, reused ids included."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bpelens.core.training.pair_index as training
from bpelens.core.training.pair_index import PairIndex


def recount(words: list[str], counts: list[int]) -> Counter:
    pairs: Counter = Counter()
    for w, c in zip(words, counts, strict=True):
        for i in range(len(w) - 1):
            pairs[w[i : i + 2]] += c
    return pairs


@pytest.mark.parametrize("bulk_threshold", [0, 10_000])
@given(
    words=st.lists(st.text(alphabet="abc", min_size=1, max_size=12), min_size=1, max_size=25),
    counts=st.lists(st.integers(1, 5), min_size=25, max_size=25),
    choices=st.lists(st.tuples(st.integers(0, 10_000), st.booleans(), st.integers(0, 10_000)),
                     max_size=12),
)
@settings(max_examples=150, deadline=None)
def test_counts_and_holders_stay_exact(bulk_threshold, words, counts, choices):
    base = 3  # ids 0, 1, 2 spell a, b, c
    words = [w.translate({ord("a"): 0, ord("b"): 1, ord("c"): 2}) for w in words]
    counts = counts[: len(words)]
    old = training.BULK_MERGE_HOLDERS
    training.BULK_MERGE_HOLDERS = bulk_threshold
    try:
        index = PairIndex(list(words), counts, 8, base)
        next_id = base
        for pick, reuse, which in choices:
            present = sorted(recount(index.words, counts))
            if not present:
                break
            pair = present[pick % len(present)]
            if reuse and next_id > base:
                new = base + which % (next_id - base)  # an id made earlier, made again
                if chr(new) in pair:
                    continue
            else:
                new = next_id
                next_id += 1
            index.merge(pair, chr(new))
            truth = recount(index.words, counts)
            assert {k: v for k, v in index.pair_counts.items() if v} == dict(truth)
            for p in truth:
                holding = set(index.holders(p))
                assert {w for w, s in enumerate(index.words) if p in s} <= holding
    finally:
        training.BULK_MERGE_HOLDERS = old
