"""Picky BPE: training against a from-scratch model of the authors' rules, the replaying
encoder against training's own segmentation, τ = 1 against classic BPE, the file format,
the refusals, the command line."""

from __future__ import annotations

import json
import random
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import (
    BpeLensError,
    ConfigError,
    PickyBPEModel,
    TokenizerFileError,
    TrainingConfig,
    audit,
    dropout_samples,
    load_tokenizer,
    save_hf_json,
    save_tokenizer,
    tokenizer_from_dict,
    tokenizer_to_dict,
    train,
    train_picky,
    vocab_sweep,
)
from bpelens.core.training.trainer import _base_words, count_pieces

from cli_helpers import bpelens


def authors_rules(corpus: list[str], config: TrainingConfig, tau: float, limit: int):
    """Picky BPE by its definition, recounting everything at every step: the most frequent
    pair (smallest ids on ties), merged left to right; then each of its tokens (once if
    both are one) whose IoS f / (occurrences left + f) is above τ is split into its parts,
    first the left one. Returns (merges, removals, stop reason, final pieces, tokens
    present)."""
    counts, _ = count_pieces(corpus, config)
    model, words = _base_words(list(counts), config)
    pieces = [[ord(c) for c in w] for w in words]
    weights = list(counts.values())
    base = model.vocab_size
    made: dict[int, tuple[int, int]] = {}
    data = {i: (model.token_bytes[i], model.ends_word(i)) for i in range(base)}
    by_data = {v: k for k, v in data.items()}
    target = config.vocab_size - len(config.special_tokens)
    removed: set[int] = set()
    present = base
    merges: list[tuple[int, int, int]] = []
    removals: list[tuple[int, int, tuple[int, ...]]] = []

    def occurrences(token: int) -> int:
        return sum(w * p.count(token) for p, w in zip(pieces, weights, strict=True))

    def parts(token: int) -> list[int]:
        out: list[int] = []
        for child in made[token]:
            out.extend(parts(child) if child in removed else [child])
        return out

    while True:
        if present >= target:
            return merges, removals, "vocab_size", pieces, present
        if len(merges) >= limit:
            return merges, removals, "merges", pieces, present
        pair_counts: dict[tuple[int, int], int] = {}
        for p, w in zip(pieces, weights, strict=True):
            for pair in pairwise(p):
                pair_counts[pair] = pair_counts.get(pair, 0) + w
        if not pair_counts:
            return merges, removals, "no_pairs", pieces, present
        (a, b), count = min(pair_counts.items(), key=lambda kv: (-kv[1], kv[0]))
        if count < config.min_frequency:
            return merges, removals, "min_frequency", pieces, present
        key = (data[a][0] + data[b][0], data[b][1])
        new = by_data.get(key)
        if new is None:
            new = len(data)
            data[new], by_data[key], made[new] = key, new, (a, b)
            present += 1
        elif new in removed:
            removed.discard(new)
            present += 1
        merges.append((a, b, new))
        f = 0
        for n, (p, w) in enumerate(zip(pieces, weights, strict=True)):
            out, i = [], 0
            while i < len(p):
                if i + 1 < len(p) and p[i] == a and p[i + 1] == b:
                    out.append(new)
                    f += w
                    i += 2
                else:
                    out.append(p[i])
                    i += 1
            pieces[n] = out
        for token in dict.fromkeys((a, b)):
            if token < base or token in removed:
                continue
            if f / (occurrences(token) + f) > tau:
                removed.add(token)
                present -= 1
                split = parts(token)
                pieces = [[q for t in p for q in (split if t == token else [t])]
                          for p in pieces]
                removals.append((len(merges), token, tuple(split)))


WORDS = ["lower", "lowest", "newer", "newest", "wider", "widest", "low", "new", "wide",
         "aaa", "abab"]


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=8), min_size=1,
                max_size=30),
       st.sampled_from([0.3, 0.5, 0.6, 0.75, 0.9, 0.99]),
       st.integers(min_value=258, max_value=320),
       st.sampled_from(["byte", "char"]))
def test_training_follows_the_authors_rules(lines, tau, vocab_size, level):
    corpus = [" ".join(words) for words in lines]
    config = TrainingConfig(vocab_size=vocab_size if level == "byte" else vocab_size - 240,
                            level=level, min_frequency=1)
    result = train_picky(corpus, config, tau)
    model = result.tokenizer.model
    assert isinstance(model, PickyBPEModel)
    from bpelens.core.training.picky import merge_limit

    limit = merge_limit(model.base_size, config.vocab_size)
    merges, removals, stop, final, present = authors_rules(corpus, config, tau, limit)
    assert [(r.left_id, r.right_id, r.new_id) for r in model.rules] == merges
    assert list(model.removals) == removals
    assert result.stop_reason == stop
    assert model.entry_count == present
    # The encoder replays the history: each training piece comes out as training left it.
    counts, _ = count_pieces(corpus, config)
    for piece, expected in zip(counts, final, strict=True):
        assert model.encode_piece(piece) == expected, piece


def test_the_generated_corpora_exercise_removals_and_restores():
    """The comparison above proves little if its corpora never remove or restore a token:
    100 seeded corpora of its kind must do both, often."""
    rng = random.Random(3)
    removing = restoring = 0
    for _ in range(100):
        lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
                 for _ in range(rng.randint(1, 30))]
        level = rng.choice(["byte", "char"])
        size = rng.randint(258, 320)
        model = train_picky(lines, TrainingConfig(
            vocab_size=size if level == "byte" else size - 240, level=level, min_frequency=1),
            rng.choice([0.3, 0.5, 0.6, 0.75, 0.9, 0.99])).tokenizer.model
        removing += bool(model.removals)
        made = [r.new_id for r in model.rules]
        restoring += any(t in made[after:] for after, t, _ in model.removals)
    assert removing >= 80 and restoring >= 30, (removing, restoring)


def test_removals_happen_and_free_their_ids():
    corpus = ["lower lowest newer newest wider widest"] * 40
    result = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1), 0.6)
    model = result.tokenizer.model
    assert model.removals, "this corpus makes nearly every early token redundant"
    after, token, _ = model.removals[0]
    assert 1 <= after <= len(model.rules)
    assert model.removed(token) or any(r.new_id == token for r in model.rules[after:])
    removed = [t for t in range(model.vocab_size) if model.removed(t)]
    assert removed and all(model.kind(t) == "unused" for t in removed)
    assert model.entry_count == model.vocab_size - len(removed)
    ids = result.tokenizer.encode("lowest wider").ids
    assert not any(model.removed(i) for i in ids)
    assert result.tokenizer.decode(ids) == "lowest wider"
    assert result.record.config["picky"] == {"threshold": 0.6,
                                             "removals": len(model.removals)}


def test_tau_one_is_classic_bpe():
    corpus = ["the quick brown fox jumps over the lazy dog " * 3, "a rose is a rose is a rose",
              "tokenizers tokenize tokens", "こんにちは世界、こんにちは"] * 5
    config = TrainingConfig(vocab_size=330)
    classic = train(corpus, config)
    picky = train_picky(corpus, config, 1.0)
    assert picky.tokenizer.model.removals == ()
    rules = [(r.left_id, r.right_id, r.new_id) for r in classic.tokenizer.model.rules]
    assert [(r.left_id, r.right_id, r.new_id) for r in picky.tokenizer.model.rules] == rules
    assert picky.record.merge_counts == classic.record.merge_counts
    text = "the lazy fox tokenizes a rose こんにちは"
    assert picky.tokenizer.encode(text).ids == classic.tokenizer.encode(text).ids


def test_traced_training_counts_split_tokens():
    corpus = ["lower lowest newer newest wider widest"] * 40
    result = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1), 0.6,
                         trace_top=3)
    record = result.record
    assert len(record.corpus_tokens) == len(record.merge_counts) + 1
    # After the last merge the corpus is as long as encoding its pieces says.
    counts, _ = count_pieces(corpus, TrainingConfig(vocab_size=300))
    model = result.tokenizer.model
    assert record.corpus_tokens[-1] == sum(
        c * len(model.encode_piece(p)) for p, c in counts.items())
    assert len(record.top_pairs) == len(record.merge_counts)


def test_trace_shows_the_merges_up_to_the_first_removal_in_the_piece():
    corpus = ["lower lowest newer newest wider widest"] * 40
    tokenizer = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1),
                            0.6).tokenizer
    model = tokenizer.model
    cut_short = []
    for piece in (" lowest", " wider", "xyz", " newer", " widest", " lower", "lower"):
        initial, final, steps = model.trace_piece(piece)
        assert final == model.encode_piece(piece)
        seq = list(initial)
        for step in steps:
            assert seq[step.position : step.position + 2] == [step.left_id, step.right_id]
            seq[step.position : step.position + 2] = [step.new_id]
        if seq != final:
            cut_short.append(piece)
    # " lower" (never in the corpus, whose "lower" starts each line) merges into " lowe",
    # which was removed when " lowest" took every one of it: split back, it stays bytes.
    assert cut_short == [" lower"]
    assert model.encode_piece(" lower") == [32, *b"lower"]
    # The walk's trace of that piece says why its tokens are not the last step's.
    encoding = tokenizer.encode("x lower", trace=True)
    finishes = [t.finish for t in encoding.traces if t.finish]
    assert finishes == [model.after_merges]
    with pytest.raises(ConfigError, match="BPE-dropout drops merges applied by rank"):
        dropout_samples(tokenizer, "lower", 0.1, 10)


def test_own_format_round_trip(tmp_path):
    corpus = ["lower lowest newer newest wider widest"] * 40
    result = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1,
                                                special_tokens=["<s>"]), 0.6, trace_top=2)
    path = tmp_path / "picky.json"
    save_tokenizer(result.tokenizer, path)
    again = load_tokenizer(path)
    assert isinstance(again.model, PickyBPEModel)
    assert again.model.removals == result.tokenizer.model.removals
    assert again.model.threshold == 0.6
    text = "<s>lowest newer widest wide"
    assert again.encode(text).ids == result.tokenizer.encode(text).ids
    assert again.training.merge_counts == result.record.merge_counts


@pytest.mark.parametrize(("change", "field"), [
    (lambda m: m.__setitem__("removals", "x"), "model.removals"),
    (lambda m: m["removals"].__setitem__(0, [1, 2]), "model.removals[0]"),
    (lambda m: m["removals"][0].__setitem__(1, 3), "model.removals"),  # a base byte
    (lambda m: m["removals"][0].__setitem__(2, [100, 120]), "model.removals"),
    (lambda m: m["removals"][0].__setitem__(0, 10 ** 6), "model.removals"),
    (lambda m: m.__setitem__("ios_threshold", 2), "model.ios_threshold"),
])
def test_bad_files_name_the_field(change, field):
    corpus = ["lower lowest newer newest wider widest"] * 40
    result = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1), 0.6)
    data = json.loads(json.dumps(tokenizer_to_dict(result.tokenizer)))
    change(data["model"])
    with pytest.raises(TokenizerFileError) as caught:
        tokenizer_from_dict(data, path="picky.json")
    message = str(caught.value)
    assert "picky.json" in message and field in message and "\n" not in message


def test_formats_that_cannot_say_remove_refuse(tmp_path):
    corpus = ["lower lowest newer newest wider widest"] * 40
    tokenizer = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1),
                            0.6).tokenizer
    with pytest.raises(ConfigError, match="Picky BPE"):
        save_hf_json(tokenizer, tmp_path / "tokenizer.json")
    assert not (tmp_path / "tokenizer.json").exists()
    with pytest.raises(ConfigError, match="removes tokens"):
        vocab_sweep(tokenizer, {"en": ["lower lowest"]}, [270, 280])


def test_threshold_is_checked():
    for tau in (0, -1, 1.5, "x", True):
        with pytest.raises(BpeLensError, match="IoS threshold"):
            train_picky(["a b"], TrainingConfig(vocab_size=300), tau)  # type: ignore[arg-type]


def test_cli_trains_picky(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("lower lowest newer newest wider widest\n" * 40, encoding="utf-8")
    out = tmp_path / "picky.json"
    done = bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "--trainer",
                   "picky", "--ios-threshold", "0.6", "--min-frequency", "1", "-o", str(out),
                   "--quiet")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["trainer"] == "picky"
    assert summary["trainer_options"] == {"ios_threshold": 0.6}
    tokenizer = load_tokenizer(out)
    assert isinstance(tokenizer.model, PickyBPEModel)
    assert summary["removals"] == len(tokenizer.model.removals) > 0
    assert tokenizer.training.config["trainer_options"] == {"ios_threshold": 0.6}
    bad = bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "--trainer",
                  "picky", "--ios-threshold", "1.5", "-o", str(tmp_path / "x.json"))
    assert bad.returncode == 2
    assert "--ios-threshold '1.5'" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.json").exists()


def test_the_audit_counts_removed_tokens_apart_and_checks_the_merges_of_the_rest():
    corpus = ["lower lowest newer newest wider widest"] * 40
    tokenizer = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1),
                            0.6).tokenizer
    model = tokenizer.model
    result = audit(tokenizer)
    removed = {t for t in range(model.vocab_size) if model.removed(t)}
    by_id = {t.id: t.cls for t in result.tokens}
    assert removed and all(by_id[t] == "special" for t in removed)
    present = {r.new_id for r in model.rules} - removed
    assert result.merges is not None and result.merges.checked == sum(
        1 for r in model.rules if r.new_id in present)
    # Nothing here is built twice: every merge of a token left rebuilds it.
    assert result.merges.never_applied == ()
    rebuilt = {t for t, got in zip(sorted(present), model.merges_alone(sorted(present)),
                                   strict=True) if got == [t]}
    assert all(by_id[t] == "reachable" for t in rebuilt if model.token_bytes[t].isascii())


def test_the_audit_knows_a_pair_merged_again_after_a_removal():
    """" wide" is made at rank 11, removed (split into " " + "wide") at 33 and made again
    at 35: replaying its own symbols applies both ranks, so neither is an unused merge."""
    lines = ["wide lowest new wide", "widest", "widest widest newer lowest aaa lower",
             "widest newest", "newest low", "new widest lowest lower",
             "lowest newest newer low new new lowest", "newest abab new wider lower new new",
             "new newer new lower wider widest widest",
             "wide widest aaa low newest lower newest wider",
             "newer new wide newest newer newest", "newer",
             "wide newer abab lower newer lowest aaa", "new new newer", "lower",
             "new widest low lower lower newest low", "low",
             "lower newest newest lowest low new newest newer",
             "aaa lowest widest lowest aaa lower", "wider new wider new newest"]
    tokenizer = train_picky(lines, TrainingConfig(vocab_size=300, min_frequency=1),
                            0.6).tokenizer
    model = tokenizer.model
    wide = model.base.id_of_bytes(b" wide")
    assert [r.rank for r in model.rules if r.new_id == wide] == [11, 35]
    assert [after for after, token, _ in model.removals if token == wide] == [33]
    assert {11, 35} <= model.applied_ranks([wide])[0]
    never = audit(tokenizer).merges.never_applied
    assert not [m for m in never if m.rule.new_id == wide]
