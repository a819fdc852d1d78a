"""Encoding by merge rank (seed 000 §2): lowest rank first, leftmost on ties."""

from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import BPEModel
from bpelens.core.models import rank_merge
from bpelens.core.models.rank_merge import merge_by_rank, trace_by_rank

from reference_bpe import reference_encode

SEED_RULES = [(1, 7, 10), (10, 8, 11), (3, 5, 12), (12, 9, 13)]  # es, est, lo, low


def seed_model() -> BPEModel:
    return BPEModel(level="char", alphabet="deilnorstw", merges=SEED_RULES)


def test_lowest_steps_es_est_lo_low():
    initial, final, steps = seed_model().trace_piece("lowest")
    assert initial == [3, 5, 9, 1, 7, 8]
    assert [s.new_id for s in steps] == [10, 11, 12, 13]
    assert [s.rank for s in steps] == [0, 1, 2, 3]
    assert final == [13, 11]
    model = seed_model()
    assert [model.token_label(s.new_id) for s in steps] == ["es", "est", "lo", "low"]


def test_priority_not_left_to_right_nor_longest_match():
    model = BPEModel(level="char", alphabet="abcd", merges=[(1, 2, 4), (0, 1, 5), (2, 3, 6)])
    assert [model.token_label(i) for i in model.encode_piece("abcd")] == ["a", "bc", "d"]


def _random_model(data, alphabet: str) -> BPEModel:
    """Up to 12 random rules over the tokens that exist so far."""
    model = BPEModel(level="char", alphabet=alphabet)
    seen: set[tuple[int, int]] = set()
    for _ in range(data.draw(st.integers(0, 12))):
        left = data.draw(st.integers(0, model.vocab_size - 1))
        right = data.draw(st.integers(0, model.vocab_size - 1))
        if (left, right) in seen:
            continue
        seen.add((left, right))
        existing = model.id_of_bytes(model.token_bytes[left] + model.token_bytes[right])
        model.add_merge(left, right, existing if existing is not None else model.vocab_size)
    return model


@given(st.data())
@settings(max_examples=300)
def test_fast_paths_agree_with_reference(data):
    alphabet = "abcd"
    model = _random_model(data, alphabet)
    text = data.draw(st.text(alphabet=alphabet, max_size=60))
    ids = model.initial_ids(text)
    expected = reference_encode(ids, model.merges)
    ranks, new_ids, shift = model._rank_tables()
    if len(ids) > 1:
        assert rank_merge._merge_short(list(ids), ranks, new_ids, shift) == expected
        assert rank_merge._merge_long(list(ids), ranks, new_ids, shift) == expected
    lengths = [len(b) for b in model.token_bytes]
    traced, steps = trace_by_rank(ids, ranks, new_ids, shift, lengths)
    assert traced == expected == merge_by_rank(list(ids), ranks, new_ids, shift)
    # Replaying the steps reproduces the result, and each step's bytes are the new token's.
    seq = list(ids)
    for step in steps:
        assert seq[step.position : step.position + 2] == [step.left_id, step.right_id]
        start = sum(lengths[t] for t in seq[: step.position])
        assert (step.byte_start, step.byte_end) == (start, start + lengths[step.new_id])
        seq[step.position : step.position + 2] = [step.new_id]
    assert seq == expected


class CountingDict(dict):
    lookups = 0

    def get(self, key, default=None):
        CountingDict.lookups += 1
        return super().get(key, default)


def test_a_100k_single_piece_is_not_quadratic():
    # Rules a+a, aa+aa, aaaa+aaaa, ...: 100 000 a's take ~17 rounds of halving.
    model = BPEModel(level="byte")
    token = ord("a")
    for _ in range(16):
        model.add_merge(token, token, model.vocab_size)
        token = model.vocab_size - 1
    ranks, new_ids, shift = model._rank_tables()
    counting = CountingDict(ranks)
    CountingDict.lookups = 0
    n = 100_000
    out = merge_by_rank([ord("a")] * n, counting, new_ids, shift)
    assert b"".join(model.token_bytes[t] for t in out) == b"a" * n
    # A rescan of the whole sequence per merge would need ~n²/2 lookups; the heap needs a
    # few per merge.
    assert CountingDict.lookups < 5 * n
