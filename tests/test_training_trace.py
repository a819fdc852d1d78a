"""Training's playback trace (``trace_top``): recorded while training, checked against a
brute-force recount, saved and read back, and ``bpelens train --trace-top``."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.app.demo_data import demo_configs
from bpelens.core import (
    TokenizerFileError,
    TrainingConfig,
    load_tokenizer,
    save_tokenizer,
    tokenizer_to_dict,
    train,
)

from cli_helpers import SEED_CORPUS, bpelens
from test_training import SEED_001, char_config


# -- a brute-force reference: recount every pair from the segmentation at every step -------
def base_ids(model, piece: str) -> list[int]:
    if model.level == "byte":
        return list(piece.encode("utf-8"))  # byte_order "value": the id is the byte
    ids = [model.char_id(ch) for ch in piece]
    return ids + ([model.end_of_word_id] if model.end_of_word_id is not None else [])


def merge_pair(seq: list[int], left: int, right: int, new: int) -> list[int]:
    """Left to right, without overlap."""
    out, i = [], 0
    while i < len(seq):
        if i + 1 < len(seq) and seq[i] == left and seq[i + 1] == right:
            out.append(new)
            i += 2
        else:
            out.append(seq[i])
            i += 1
    return out


def weighted_pieces(units) -> dict[str, Fraction]:
    """Piece → total weight, in first-seen order (the whitespace pre-tokenizer on letters is
    ``str.split``)."""
    totals: dict[str, Fraction] = {}
    for unit in units:
        text, weight = unit if isinstance(unit, tuple) else (unit, 1)
        for piece in text.split():
            totals[piece] = totals.get(piece, 0) + Fraction(weight)
    return totals


def brute_force(units, result, k: int):
    """The expected top pairs of each step and the corpus length after each merge."""
    model = result.tokenizer.model
    weights = weighted_pieces(units)
    seqs = {piece: base_ids(model, piece) for piece in weights}
    tops = []
    tokens = [sum(w * len(seqs[p]) for p, w in weights.items())]
    for rule in result.merges:
        counts: Counter[tuple[int, int]] = Counter()
        for piece, w in weights.items():
            seq = seqs[piece]
            for pair in itertools.pairwise(seq):
                counts[pair] += w
        ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        chosen = (rule.left_id, rule.right_id)
        others = [(left, right, c) for (left, right), c in ranked if (left, right) != chosen]
        tops.append([(*chosen, counts[chosen]), *others[: k - 1]])
        for piece in seqs:
            seqs[piece] = merge_pair(seqs[piece], rule.left_id, rule.right_id, rule.new_id)
        tokens.append(sum(w * len(seqs[p]) for p, w in weights.items()))
    return tops, tokens


def merges_of(result) -> list[tuple]:
    return [(m.rank, m.left_id, m.right_id, m.new_id, m.count) for m in result.merges]


LEVELS = {
    "byte": {"level": "byte", "vocab_size": 256 + 25},
    "char": {"level": "char", "vocab_size": 40},
    "char-eow": {"level": "char", "vocab_size": 40, "end_of_word": "</w>"},
}
units_strategy = st.lists(
    st.tuples(
        st.text(alphabet=st.sampled_from("aaabc "), min_size=1, max_size=14),
        st.sampled_from([1, 2, 3, Fraction(1, 3), Fraction(1, 2), Fraction(3, 2)]),
    ),
    min_size=1, max_size=8,
).filter(lambda units: any(text.split() for text, _ in units))
tie_breaks = st.sampled_from(["smallest_ids", "first_occurrence"])


def config_for(level: str, tie_break: str, min_frequency) -> TrainingConfig:
    return TrainingConfig(pretokenizer="whitespace", tie_break=tie_break,
                          min_frequency=min_frequency, **LEVELS[level])


# -- the same training, traced or not --------------------------------------------------------
@given(units_strategy, st.sampled_from(list(LEVELS)), tie_breaks, st.sampled_from([0, 1, 2]),
       st.integers(1, 6))
@settings(max_examples=150, deadline=None)
def test_tracing_does_not_change_training(units, level, tie_break, min_frequency, k):
    config = config_for(level, tie_break, min_frequency)
    plain, traced = train(units, config), train(units, config, trace_top=k)
    assert merges_of(traced) == merges_of(plain)
    assert traced.record.merge_counts == plain.record.merge_counts
    assert traced.stop_reason == plain.stop_reason
    assert traced.tokenizer.vocab_size == plain.tokenizer.vocab_size
    assert plain.record.top_pairs == plain.record.corpus_tokens == plain.record.words == ()


@pytest.mark.parametrize("name", ["demo-multilingual-byte", "demo-english-char"])
@pytest.mark.parametrize("tie_break", ["smallest_ids", "first_occurrence"])
def test_tracing_does_not_change_the_demo_training(name, tie_break):
    base, texts = demo_configs()[name]
    config = dataclasses.replace(base, tie_break=tie_break)
    plain, traced = train(texts, config), train(texts, config, trace_top=8)
    assert merges_of(traced) == merges_of(plain) and len(plain.merges) > 100
    assert tokenizer_to_dict(plain.tokenizer)["model"] == tokenizer_to_dict(
        traced.tokenizer)["model"]


def test_tracing_does_not_change_the_vectorized_merges(monkeypatch):
    import bpelens.core.training.pair_index as training

    monkeypatch.setattr(training, "BULK_MERGE_HOLDERS", 3)
    units = [f"{t}{i % 7}" for i, t in enumerate(["abab", "ba", "aab", "bbba"] * 40)]
    config = TrainingConfig(vocab_size=256 + 30, level="byte", pretokenizer="none",
                            min_frequency=1)
    plain, traced = train(units, config), train(units, config, trace_top=5)
    assert merges_of(traced) == merges_of(plain)
    tops, tokens = brute_force([(u, 1) for u in units], traced, 5)
    # pretokenizer "none": each text is one piece, as str.split sees it (no spaces)
    assert [list(step) for step in traced.record.top_pairs] == tops
    assert list(traced.record.corpus_tokens) == tokens


# -- what is recorded -------------------------------------------------------------------------
@given(units_strategy, st.sampled_from(list(LEVELS)), tie_breaks, st.integers(1, 5))
@settings(max_examples=150, deadline=None)
def test_first_top_pair_is_the_merge_learned(units, level, tie_break, k):
    result = train(units, config_for(level, tie_break, 1), trace_top=k)
    record = result.record
    assert len(record.top_pairs) == len(result.merges)
    for rule, step in zip(result.merges, record.top_pairs, strict=True):
        assert step[0] == (rule.left_id, rule.right_id, rule.count)
        assert 1 <= len(step) <= k


@given(units_strategy, st.sampled_from(list(LEVELS)), tie_breaks, st.sampled_from([0, 1, 2]),
       st.integers(1, 6))
@settings(max_examples=200, deadline=None)
def test_top_pairs_and_corpus_tokens_match_a_recount(units, level, tie_break, min_frequency,
                                                     k):
    # The chosen pair first, then the others by count, then smallest (left, right): for
    # smallest_ids that is simply the k largest; with first_occurrence the chosen one may be
    # any of the tied pairs.
    result = train(units, config_for(level, tie_break, min_frequency), trace_top=k)
    tops, tokens = brute_force(units, result, k)
    assert [list(step) for step in result.record.top_pairs] == tops
    assert list(result.record.corpus_tokens) == tokens
    if tie_break == "first_occurrence":
        for step, expected in zip(result.record.top_pairs, tops, strict=True):
            assert sorted(c for *_, c in step) == sorted(c for *_, c in expected)


def test_seed_001_walk_through_trace():
    result = train(SEED_001, char_config(vocab_size=19, end_of_word="</w>",
                                         tie_break="first_occurrence"), trace_top=3)
    tok, record = result.tokenizer, result.record
    assert [tok.token_label(m.new_id) for m in result.merges] == [
        "es", "est", "est</w>", "lo", "low", "ne", "new", "newest</w>"]

    def labelled(step):
        return [(tok.token_label(a), tok.token_label(b), c) for a, b, c in step]

    # e+s, s+t and t+</w> all occur 9 times; e+s is seen first (n e w e s t).
    assert labelled(record.top_pairs[0]) == [("e", "s", 9), ("s", "t", 9), ("t", "</w>", 9)]
    assert labelled(record.top_pairs[3]) == [("l", "o", 7), ("o", "w", 7), ("e", "w", 6)]
    assert labelled(record.top_pairs[7])[0] == ("new", "est</w>", 6)
    # low</w>×5 + lower</w>×2 + newest</w>×6 + widest</w>×3 = 20 + 12 + 42 + 21 tokens
    assert record.corpus_tokens == (95, 86, 77, 68, 61, 54, 48, 42, 36)
    assert record.words == (("newest", 6), ("low", 5), ("widest", 3), ("lower", 2))


def test_corpus_tokens_count_overlapping_pairs_once():
    # a+a occurs 3 + 2 times but is replaced 2 + 1 times: aaaa → aa aa, aaa → aa a.
    units = ["aaaa", ("aaa", Fraction(1, 3)), "ab"]
    result = train(units, char_config(vocab_size=8, min_frequency=0), trace_top=4)
    first = result.merges[0]
    assert (first.left_id, first.right_id, first.count) == (0, 0, Fraction(11, 3))
    assert result.record.corpus_tokens[:2] == (7, 7 - 2 - Fraction(1, 3))
    assert list(result.record.corpus_tokens) == brute_force(units, result, 4)[1]


def test_words_are_the_most_frequent_pieces_ties_first_seen():
    # "c" and "b" weigh 1 and "a" weighs 1/2 twice: all tie at 1, in first-seen order c, a, b
    # (although the texts of weight 1 are counted together).
    units = [("c", 1), ("a", Fraction(1, 2)), ("a", Fraction(1, 2)), ("b", 1), ("dd dd", 1),
             ("e", Fraction(1, 3))]
    record = train(units, char_config(vocab_size=10, min_frequency=0), trace_top=1).record
    assert record.words == (("dd", 2), ("c", 1), ("a", 1), ("b", 1), ("e", Fraction(1, 3)))

    texts = [" ".join(f"w{i}" for _ in range(i % 7 + 1)) for i in range(300)]
    record = train(texts, char_config(vocab_size=20), trace_top=1).record
    expected = sorted(((f"w{i}", i % 7 + 1) for i in range(300)), key=lambda w: -w[1])[:200]
    assert record.words == tuple(expected)


# -- saved and read back ----------------------------------------------------------------------
TRACED_UNITS = [("low lower newest widest", 2), ("newest low", Fraction(1, 3)), "aaaa aaa"]


def traced_tokenizer():
    config = TrainingConfig(vocab_size=30, level="char", pretokenizer="whitespace",
                            end_of_word="</w>", min_frequency=0)
    return train(TRACED_UNITS, config, trace_top=3).tokenizer


def test_trace_round_trips_through_the_file(tmp_path):
    original = traced_tokenizer()
    original.name = "traced"
    path = tmp_path / "traced.json"
    save_tokenizer(original, path)
    data = json.loads(path.read_text(encoding="utf-8"))["training"]
    record = original.training
    assert record.top_pairs and record.corpus_tokens and record.words
    # [[[left_id, right_id, count], ...] per rank]; a fractional count is a "p/q" string
    assert len(data["top_pairs"]) == len(original.model.rules)
    rule = original.model.rules[0]
    assert data["top_pairs"][0][0][:2] == [rule.left_id, rule.right_id]
    assert all(len(entry) == 3 for step in data["top_pairs"] for entry in step)
    assert len(data["corpus_tokens"]) == len(original.model.rules) + 1
    assert any(isinstance(c, str) and "/" in c for c in data["corpus_tokens"])
    assert data["words"][:2] == [["low", "7/3"], ["newest", "7/3"]]
    loaded = load_tokenizer(path)
    assert loaded.training == record
    assert tokenizer_to_dict(loaded) == tokenizer_to_dict(original)


def test_untraced_files_have_no_trace_fields():
    data = tokenizer_to_dict(train(TRACED_UNITS, char_config(vocab_size=20)).tokenizer)
    assert not {"top_pairs", "corpus_tokens", "words"} & set(data["training"])


def _set(path: tuple, value):
    def change(training: dict) -> None:
        target = training
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (lambda t: t["top_pairs"].pop(), "training.top_pairs", "expected a list of"),
        (lambda t: t["corpus_tokens"].pop(), "training.corpus_tokens", "expected a list of"),
        (_set(("top_pairs", 1, 1), [0, 99999, 1]), "training.top_pairs[1][1]",
         "id 99999 is not in the model: its ids are 0–29"),
        (_set(("top_pairs", 2), "x"), "training.top_pairs[2]", "expected a non-empty list"),
        (_set(("top_pairs", 0, 0), 5), "training.top_pairs[0][0]",
         "expected [left_id, right_id, count]"),
        (_set(("top_pairs", 0, 1, 2), "1/0"), "training.top_pairs[0][1][2]",
         "expected an integer or"),
        (lambda t: t["top_pairs"][0].reverse(), "training.top_pairs[0][0]",
         "expected the merge of rank 0"),
        (_set(("words",), {"a": 1}), "training.words", "expected a list of [piece, count]"),
        (_set(("words", 0), ["a"]), "training.words[0]", "expected [piece, count]"),
    ],
    ids=["top-length", "tokens-length", "id-out-of-range", "step-not-a-list",
         "entry-not-a-list", "bad-count", "chosen-not-first", "words-not-a-list",
         "word-not-a-pair"],
)
def test_bad_trace_fields_are_one_line_naming_the_field(tmp_path, change, field, problem):
    data = tokenizer_to_dict(traced_tokenizer())
    change(data["training"])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TokenizerFileError) as info:
        load_tokenizer(path)
    message = str(info.value)
    assert message.startswith(f"{path}, field {field}: {problem}"), message
    assert "\n" not in message


# -- the command line -------------------------------------------------------------------------
def test_cli_trace_top_writes_the_trace(tmp_path):
    corpus = tmp_path / "seed.txt"
    corpus.write_text(SEED_CORPUS, encoding="utf-8")
    out = tmp_path / "traced.json"
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "19", "--level", "char",
                  "--pretokenizer", "whitespace", "--end-of-word", "--trace-top", "3",
                  "-o", str(out), "--quiet")
    assert run.returncode == 0, run.stderr
    merges = json.loads(run.stdout)["merges"]
    training = json.loads(out.read_text(encoding="utf-8"))["training"]
    assert merges == 8 and len(training["top_pairs"]) == merges
    assert all(1 <= len(step) <= 3 for step in training["top_pairs"])
    assert len(training["corpus_tokens"]) == merges + 1
    assert training["words"][0] == ["newest", 6]
    assert load_tokenizer(out).training.top_pairs[0][0][2] == 9


@pytest.mark.parametrize("value", ["-1", "1001", "three"])
def test_cli_trace_top_out_of_range_is_one_line(tmp_path, value):
    corpus = tmp_path / "seed.txt"
    corpus.write_text(SEED_CORPUS, encoding="utf-8")
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "19", "--level", "char",
                  "--trace-top", value, "-o", str(tmp_path / "x.json"))
    assert run.returncode == 2
    assert run.stderr.strip() == (f"bpelens: error: --trace-top {value!r}: expected a whole "
                                  "number from 0 to 1000")
    assert "Traceback" not in run.stderr and not (tmp_path / "x.json").exists()


def test_cli_help_mentions_trace_top():
    run = bpelens("train", "--help")
    assert run.returncode == 0 and "--trace-top K" in run.stdout
