"""Training as seed 000 §1 defines it, and seed 001's end-of-word walk-through."""

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import (
    ConfigError,
    EncodeError,
    TrainingConfig,
    TrainingError,
    iter_training,
    train,
)
from bpelens.core.training.trainer import count_pieces

from reference_bpe import reference_train

SEED_000 = ["low"] * 5 + ["lower"] * 2 + ["newest"] * 6 + ["widest"] * 3
SEED_001 = ["low low low low low", "lower lower",
            "newest newest newest newest newest newest", "widest widest widest"]


def char_config(**kw) -> TrainingConfig:
    return TrainingConfig(**{"level": "char", "pretokenizer": "whitespace", **kw})


def test_seed_000_four_merge_table():
    result = train(SEED_000, char_config(vocab_size=14))
    tok = result.tokenizer
    assert list(tok.model.alphabet) == list("deilnorstw")  # ids 0–9 in code point order
    assert [(m.rank, tok.token_label(m.left_id), tok.token_label(m.right_id), m.count, m.new_id)
            for m in result.merges] == [
        (0, "e", "s", 9, 10), (1, "es", "t", 9, 11), (2, "l", "o", 7, 12), (3, "lo", "w", 7, 13)]
    assert tok.vocab_size == 14 and result.stop_reason == "vocab_size"
    assert tok.encode_ids("lowest") == [13, 11]
    assert [tok.token_label(i) for i in tok.encode_ids("lower")] == ["low", "e", "r"]


def test_seed_001_walk_through_with_end_of_word_and_first_occurrence_ties():
    config = char_config(vocab_size=19, end_of_word="</w>", tie_break="first_occurrence")
    result = train(SEED_001, config)
    tok = result.tokenizer
    assert tok.model.base_size == 11  # 10 characters + </w>
    assert [tok.token_label(m.new_id) for m in result.merges] == [
        "es", "est", "est</w>", "lo", "low", "ne", "new", "newest</w>"]
    assert [m.count for m in result.merges] == [9, 9, 9, 7, 7, 6, 6, 6]
    assert [tok.token_label(i) for i in tok.encode_ids("lowest")] == ["low", "est</w>"]
    assert [tok.token_label(i) for i in tok.encode_ids("newer")] == ["new", "e", "r", "</w>"]
    # The seed's printed log stops after 8 merges, but its code (vocab_size=20) goes on:
    # (low, </w>) still occurs 5 times, so a ninth merge is learned.
    more = train(SEED_001, char_config(vocab_size=20, end_of_word="</w>",
                                       tie_break="first_occurrence"))
    ninth = more.merges[8]
    assert (more.tokenizer.token_label(ninth.new_id), ninth.count) == ("low</w>", 5)


def test_smallest_ids_tie_break_differs_from_first_occurrence():
    # e+s (1, 7) beats s+t (7, 8) at 9 each; with first occurrence, n e w e s t lists
    # (n,e) (e,w) (w,e) (e,s) ... so e+s still comes before s+t.
    a = train(SEED_001, char_config(vocab_size=13, end_of_word="</w>"))
    b = train(SEED_001, char_config(vocab_size=13, end_of_word="</w>",
                                    tie_break="first_occurrence"))
    assert [m.new_id for m in a.merges] == [m.new_id for m in b.merges]
    c = train(["ab", "ba"], char_config(vocab_size=3, min_frequency=1,
                                        tie_break="first_occurrence"))
    d = train(["ba", "ab"], char_config(vocab_size=3, min_frequency=1,
                                        tie_break="first_occurrence"))
    e = train(["ba", "ab"], char_config(vocab_size=3, min_frequency=1))
    assert (c.merges[0].left_id, c.merges[0].right_id) == (0, 1)   # a+b seen first
    assert (d.merges[0].left_id, d.merges[0].right_id) == (1, 0)   # b+a seen first
    assert (e.merges[0].left_id, e.merges[0].right_id) == (0, 1)   # smallest ids


def test_overlapping_pairs_are_counted_but_merged_without_overlap():
    result = train(["aaa"], char_config(vocab_size=2, min_frequency=1))
    (merge,) = result.merges
    assert merge.count == 2  # a+a occurs twice in aaa
    assert [result.tokenizer.token_label(i) for i in result.tokenizer.encode_ids("aaa")] == [
        "aa", "a"]


def test_min_frequency_stops_training():
    result = train(SEED_000, char_config(vocab_size=100, min_frequency=7))
    assert [m.count for m in result.merges] == [9, 9, 7, 7]
    assert result.stop_reason == "min_frequency"
    assert train(["ab"], char_config(vocab_size=100)).stop_reason == "min_frequency"
    assert train(["ab"], char_config(vocab_size=100, min_frequency=1)).stop_reason == "no_pairs"


def test_exact_weights_equal_repetition():
    # Halving every weight halves every count, so the minimum frequency is halved too.
    weighted = train([("low lower", 3), ("newest", Fraction(1, 2)), ("widest", "1/2")],
                     char_config(vocab_size=20, min_frequency=Fraction(1, 2)))
    repeated = train(["low lower"] * 6 + ["newest", "widest"],
                     char_config(vocab_size=20, min_frequency=1))
    assert [(m.left_id, m.right_id, m.new_id) for m in weighted.merges] == [
        (m.left_id, m.right_id, m.new_id) for m in repeated.merges]
    assert [m.count * 2 for m in weighted.merges] == [m.count for m in repeated.merges]
    assert all(isinstance(m.count, Fraction) for m in weighted.merges)


def test_weights_have_no_float_drift():
    pieces, denominator = count_pieces(
        [("x", "0.1")] * 10 + [("y", 1)], char_config(vocab_size=10)
    )
    assert denominator == 10 and pieces == {"x": 10, "y": 10}  # 10 × 0.1 == 1 exactly


def test_special_tokens_are_not_learned_and_get_ids_after_the_vocabulary():
    result = train(["ab<|x|>ab<|x|>ab"], char_config(vocab_size=6, special_tokens=("<|x|>",),
                                                     pretokenizer="none", min_frequency=1))
    tok = result.tokenizer
    assert sorted(tok.model.alphabet) == ["a", "b"]
    assert [m.new_id for m in result.merges] == [2]  # only a+b: the pieces are ab, ab, ab
    assert tok.specials.ids == {"<|x|>": 3}
    assert tok.encode_ids("ab<|x|>ba") == [2, 3, 1, 0]
    with pytest.raises(EncodeError, match=r"'<' .* at character 2"):
        tok.encode_ids("ab<|x|>", special="none")  # as plain text: '<' was never seen


def test_progress_is_reported_and_training_can_be_cancelled():
    events = list(iter_training(SEED_000 * 3, char_config(vocab_size=14)))
    assert events[0].phase == "counting" and events[-1].phase == "done"
    assert events[-1].result is not None
    merging = [e.done for e in events if e.phase == "merging"]
    assert merging == sorted(merging) and merging[-1] == 4
    # Cancelling is not asking for more: events come while the work is under way, not after it.
    gen = iter_training(SEED_000, char_config(vocab_size=14))
    first = next(gen)
    assert first.phase == "counting" and first.result is None
    step = next(e for e in gen if e.phase == "merging")
    assert step.done < 4 and step.result is None
    gen.close()
    with pytest.raises(StopIteration):
        next(gen)


def test_clear_errors():
    with pytest.raises(TrainingError, match="smaller than the base vocabulary"):
        train(SEED_000, char_config(vocab_size=5))
    with pytest.raises(TrainingError, match="no text"):
        train([], char_config(vocab_size=5))
    with pytest.raises(ConfigError, match="tie_break"):
        train(SEED_000, char_config(vocab_size=20, tie_break="random"))
    with pytest.raises(TrainingError, match="weight of training text 1"):
        train(["a", ("b", -1)], char_config(vocab_size=20))
    with pytest.raises(ConfigError, match="unknown pre-tokenizer"):
        train(["a"], char_config(vocab_size=20, pretokenizer="gtp2"))


# -- against a slow, obviously-correct reference -------------------------------------------
corpora = st.lists(
    st.tuples(st.text(alphabet="abcd ", min_size=1, max_size=12), st.integers(1, 4)),
    min_size=1, max_size=8,
)


@given(corpora, st.sampled_from(["smallest_ids", "first_occurrence"]), st.integers(1, 3))
@settings(max_examples=200, deadline=None)
def test_trainer_matches_reference(units, tie_break, min_frequency):
    config = TrainingConfig(vocab_size=256 + 30, level="byte", pretokenizer="whitespace",
                            min_frequency=min_frequency, tie_break=tie_break)
    if not any(text.split() for text, _ in units):
        with pytest.raises(TrainingError, match="no text"):
            train(units, config)
        return
    result = train([(text, w) for text, w in units], config)
    pieces: Counter[str] = Counter()
    for text, w in units:
        for piece in text.split():
            pieces[piece] += w
    order = list(dict.fromkeys(p for text, _ in units for p in text.split()))
    words = {tuple(p.encode()): pieces[p] for p in order}
    expected = reference_train(words, 256, 30, min_count=min_frequency, tie_break=tie_break)
    got = [(m.left_id, m.right_id, m.count, m.new_id) for m in result.merges]
    assert got == expected


@given(st.lists(st.text(alphabet="ab", min_size=1, max_size=40), min_size=1, max_size=6))
@settings(max_examples=100, deadline=None)
def test_vectorized_merge_path_matches_reference(texts):
    # Many distinct pieces so that some merges take the vectorized path.
    import bpelens.core.training.pair_index as training

    units = [f"{t}{i}" for i, t in enumerate(texts * 60)]
    config = TrainingConfig(vocab_size=256 + 20, level="byte", pretokenizer="none",
                            min_frequency=1)
    old = training.BULK_MERGE_HOLDERS
    training.BULK_MERGE_HOLDERS = 3
    try:
        result = train(units, config)
    finally:
        training.BULK_MERGE_HOLDERS = old
    counts = Counter(units)
    words = {tuple(u.encode()): counts[u] for u in dict.fromkeys(units)}
    expected = reference_train(words, 256, 20, min_count=1)
    assert [(m.left_id, m.right_id, m.count, m.new_id) for m in result.merges] == expected


def test_a_batch_with_a_text_the_model_cannot_encode():
    # Many texts merged together first: one unknown character must not spoil the others,
    # and the error still comes from that text, with its offset.
    corpus = ["the cat sat on the mat\n"] * 20 + ["a dog and a cat\n"] * 20
    tok = train(corpus, char_config(vocab_size=40, pretokenizer="gpt2")).tokenizer
    words = ["the", "cat", "sat", "on", "mat", "a", "dog", "and"]
    texts = [" ".join(words[(i >> (3 * k)) & 7] for k in range(4)) + "\nand a dog\n"
             for i in range(3000)]
    assert tok.fast.chunked and sum(map(len, texts)) > 20_000
    alone = [train(corpus, char_config(vocab_size=40, pretokenizer="gpt2")).tokenizer
             .encode_ids(t) for t in texts[:50]]
    bad = [*texts, "the cat ☃"]
    tok.cache_texts(bad)  # never raises
    tok.cache_texts(bad, special="bogus")  # type: ignore[arg-type]
    assert [tok.encode_ids(t) for t in texts[:50]] == alone
    with pytest.raises(EncodeError, match="at character 8"):
        tok.encode_batch_ids(bad)
