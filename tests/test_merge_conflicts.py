"""Merge conflicts when extending a BPE tokenizer (seed 000 §7.1), checked by encoding: the
seed's example exactly, the fix proposed and verified, and a real trained tokenizer extended
with merges of which some are shadowed."""

from __future__ import annotations

import json

import pytest

from bpelens.core import BPEModel, ConfigError, Tokenizer, TrainingConfig, load_tokenizer, train
from bpelens.core.debugging.conflicts import (
    add_merges,
    apply_fixes,
    find_conflicts,
    save_extended,
)
from bpelens.core.models.tiktoken_ranks import TiktokenModel


def seed_base() -> Tokenizer:
    model = BPEModel(level="char", alphabet=list("abcx"))
    model.merge_pair(model.char_id("a"), model.char_id("b"))  # a+b → ab, rank 0
    return Tokenizer(model, pretokenizer=None)


def labels(tokenizer: Tokenizer, ids) -> list[str]:
    return [tokenizer.token_label(i) for i in ids]


def test_the_seeds_conflict_abc_stops_at_ab_c_and_the_fix_ab_c_makes_it_reachable():
    extended, made = add_merges(seed_base(), [(b"b", b"c"), (b"a", b"bc")])
    assert labels(extended, made) == ["bc", "abc"]
    assert labels(extended, extended.encode_ids("abc")) == ["ab", "c"]
    (conflict,) = find_conflicts(extended, made)  # bc is reachable: only abc conflicts
    assert conflict.text == "abc"
    assert labels(extended, conflict.stops_at) == ["ab", "c"]
    blocked = conflict.blocked_by
    assert blocked is not None and blocked.rank == 0
    assert labels(extended, (blocked.left_id, blocked.right_id, blocked.new_id)) == [
        "a", "b", "ab"]
    assert conflict.fix == ((b"ab", b"c"),) and conflict.fixed
    fixed = apply_fixes(extended, [conflict])
    assert labels(fixed, fixed.encode_ids("abc")) == ["abc"]
    assert fixed.encode_ids("abc") == [made[1]]  # the added token's id is kept
    assert labels(fixed, fixed.encode_ids("xabc")) == ["x", "abc"]
    assert find_conflicts(fixed, made) == []
    # The base is untouched.
    assert labels(seed_base(), seed_base().encode_ids("abc")) == ["ab", "c"]


def test_a_trained_tokenizer_extended_reports_exactly_the_tokens_its_text_misses():
    lines = ["the cat sat on the mat\n", "then the theme\n"] * 10
    base = train(lines, TrainingConfig(vocab_size=256 + 12, min_frequency=1)).tokenizer
    extended, made = add_merges(base, [(b"a", b"t"), (b"m", b"at"), (b" m", b"at"),
                                       (b"c", b"at")])
    conflicts = find_conflicts(extended, made)
    expected = [tid for tid in made
                if extended.encode_ids(extended.decode([tid])) != [tid]]
    assert [c.token_id for c in conflicts] == expected
    for conflict in conflicts:
        assert conflict.fixed
        repaired = apply_fixes(extended, [conflict])
        assert repaired.encode_ids(conflict.text) == [conflict.token_id]
    old_text = "the cat sat"
    assert extended.decode(extended.encode_ids(old_text)) == old_text


def test_only_bpe_lens_bpe_models_take_merges():
    ranks = Tokenizer(TiktokenModel({bytes([b]): b for b in range(256)}))
    with pytest.raises(ConfigError, match="BPE tokenizer trained or saved by BPE Lens"):
        add_merges(ranks, [(b"a", b"b")])
    with pytest.raises(ConfigError, match="not a token"):
        add_merges(seed_base(), [(b"a", b"zz")])


def test_a_bpe_lens_tokenizer_with_merges_added_is_saved_in_its_own_format(tmp_path):
    extended, made = add_merges(seed_base(), [(b"b", b"c"), (b"a", b"bc")])
    fixed = apply_fixes(extended, find_conflicts(extended, made))
    path = tmp_path / "fixed.json"
    save_extended(fixed, path)
    assert json.loads(path.read_text("utf-8"))["format"] == "bpelens-tokenizer"
    again = load_tokenizer(path)
    assert isinstance(again.model, BPEModel)
    assert again.model.merge_count == 4
    for text in ("abc", "xabcab", "bcx"):
        assert again.encode_ids(text) == fixed.encode_ids(text)
    assert again.encode_ids("abc") == [made[1]]
