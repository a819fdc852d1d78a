"""Merge playback as data (core/playback): the steps of an encoding in both orders, the
candidates that explain each choice, why merging stopped, derivation trees — on the seeds'
toy rules and on real tokenizers, checked against the official libraries where they can say."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import (
    BPEModel,
    EncodingPlayback,
    Tokenizer,
    candidates_in,
    derivation,
    open_tokenizer,
    why_not_one,
)

from conftest import SHARED_DATA, needs_shared_data

SEED_RULES = [(1, 7, 10), (10, 8, 11), (3, 5, 12), (12, 9, 13)]  # es, est, lo, low
TOKENIZERS = SHARED_DATA / "tokenizers"


def seed_tokenizer() -> Tokenizer:
    return Tokenizer(BPEModel(level="char", alphabet="deilnorstw", merges=SEED_RULES),
                     pretokenizer="whitespace")


def abcd_tokenizer() -> Tokenizer:
    # b+c, then a+b, then c+d: "abcd" becomes a | bc | d (not left to right, not longest).
    return Tokenizer(BPEModel(level="char", alphabet="abcd",
                              merges=[(1, 2, 4), (0, 1, 5), (2, 3, 6)]), pretokenizer=None)


def labels(tokenizer: Tokenizer, ids) -> list[str]:
    return [tokenizer.token_label(i) for i in ids]


def playback(tokenizer: Tokenizer, text: str) -> EncodingPlayback:
    return EncodingPlayback(tokenizer, tokenizer.encode(text, trace=True))


def test_seed_000_lowest_states_candidates_and_end():
    tok = seed_tokenizer()
    piece = playback(tok, "lowest").pieces[0]
    assert [labels(tok, s) for s in piece.states] == [
        list("lowest"), ["l", "o", "w", "es", "t"], ["l", "o", "w", "est"],
        ["lo", "w", "est"], ["low", "est"]]
    assert piece.final_ids == (13, 11)
    # Before the first step both e+s (rank 0) and l+o (rank 2) are merges: e+s wins.
    assert [(labels(tok, [c.rule.left_id, c.rule.right_id]), c.rule.rank, c.position)
            for c in piece.candidates(0)] == [(["e", "s"], 0, 3), (["l", "o"], 2, 0)]
    assert [c.rule.new_id for c in piece.candidates(3)] == [13]
    assert piece.candidates(4) == ()
    stops = piece.stops()
    assert [(labels(tok, [s.left_id, s.right_id])) for s in stops] == [["low", "est"]]
    assert why_not_one(piece).sentence(tok).startswith("2 tokens: merging stopped because "
                                                       "no merge joins (low, est)")


def test_abcd_lowest_rank_first_then_stops_on_both_sides():
    tok = abcd_tokenizer()
    piece = playback(tok, "abcd").pieces[0]
    assert [labels(tok, s) for s in piece.states] == [list("abcd"), ["a", "bc", "d"]]
    assert [c.rule.rank for c in piece.candidates(0)] == [0, 1, 2]  # b+c, a+b, c+d
    assert [(s.left_id, s.right_id) for s in piece.stops()] == [(0, 4), (4, 3)]


def test_whole_text_order_applies_each_rank_everywhere_at_once():
    tok = seed_tokenizer()
    pb = playback(tok, "lowest lower newest low")
    assert [s.rule.rank for s in pb.text_steps] == [0, 1, 2, 3]
    # e+s occurs in "lowest" and "newest": one text step applies both.
    assert pb.text_steps[0].count == 2 and len(pb.text_steps[0].pieces) == 2
    after_one = pb.text_state(1)
    assert [labels(tok, s) for s in after_one][:2] == [["l", "o", "w", "es", "t"],
                                                       list("lower")]
    assert pb.text_state(len(pb.text_steps)) == [p.states[-1] for p in pb.pieces]
    assert [r.rank for r, _ in pb.text_candidates(0)] == [0, 2]
    assert dict((r.rank, n) for r, n in pb.text_candidates(0)) == {0: 2, 2: 3}  # lowest, lower, low


@given(st.lists(st.sampled_from(["low", "lower", "newest", "widest", "lowest", "west"]),
                min_size=1, max_size=10),
       st.lists(st.integers(-1, 1), max_size=30))
@settings(max_examples=60, deadline=None)
def test_text_candidates_stepwise_equal_a_fresh_count(words, moves):
    """Stepping by one updates the tally with the touched pieces only; it must equal the
    count a fresh playback makes at that position."""
    tok = seed_tokenizer()
    text = " ".join(words)
    pb = playback(tok, text)
    position = 0
    for move in moves:
        position = max(0, min(len(pb.text_steps), position + move))
        assert pb.text_candidates(position) == playback(tok, text).text_candidates(position)


@given(st.lists(st.sampled_from(["low", "lower", "newest", "widest", "lowest", "west",
                                 "stew"]), min_size=1, max_size=12))
@settings(max_examples=40, deadline=None)
def test_prepared_candidates_equal_a_count_at_every_step(words):
    tok = seed_tokenizer()
    text = " ".join(words)
    prepared = playback(tok, text)
    assert prepared.prepare()
    for position in range(len(prepared.text_steps) + 1):
        assert prepared.text_candidates(position, 3) == playback(tok, text).text_candidates(
            position, 3)


def test_prepare_looks_every_state_up_once():
    tok = seed_tokenizer()
    pb = playback(tok, "lowest newest")
    assert pb.prepare()
    assert sorted(labels(tok, pb.state_ids)) == sorted(
        ["l", "o", "w", "e", "s", "t", "es", "est", "lo", "low", "n"])  # each once
    assert all(len(p._candidates) == len(p.states) for p in pb.pieces)
    assert not playback(tok, "lowest newest").prepare(limit=3)  # too many states: skipped


def test_a_rule_twice_in_one_piece_is_one_text_step():
    tok = Tokenizer(BPEModel(level="char", alphabet="a", merges=[(0, 0, 1), (1, 1, 2)]))
    pb = playback(tok, "aaaa")
    assert [(s.rule.rank, s.count) for s in pb.text_steps] == [(0, 2), (1, 1)]
    assert pb.text_state(1) == [(1, 1)]


@given(st.lists(st.sampled_from(["low", "lower", "newest", "widest", "lowest", "west", "t",
                                 "stew", "dew"]), max_size=12))
@settings(max_examples=60, deadline=None)
def test_text_order_is_the_lowest_rank_present_and_ends_like_each_piece(words):
    tok = seed_tokenizer()
    pb = playback(tok, " ".join(words))
    for k, step in enumerate(pb.text_steps):
        state = pb.text_state(k)
        present = [c.rule.rank for ids in state for c in candidates_in(tok.model, ids)]
        assert step.rule.rank == min(present)
        # after it, no occurrence of that rule is left anywhere
        after = pb.text_state(k + 1)
        assert all(c.rule.rank != step.rule.rank
                   for ids in after for c in candidates_in(tok.model, ids))
    assert pb.text_state(len(pb.text_steps)) == [p.final_ids for p in pb.pieces]


def test_a_model_without_merges_says_what_it_does_instead():
    from bpelens.core.models.wordpiece import WordPieceModel

    tok = Tokenizer(WordPieceModel({"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3}),
                    pretokenizer="whitespace")
    pb = playback(tok, "unaffable")
    assert pb.pieces == () and not pb.merges
    assert "longest" in pb.method


def test_derivation_of_a_seed_token_down_to_characters():
    tok = seed_tokenizer()
    tree = derivation(tok, 13)
    assert [(n.label, n.rule.rank if n.rule else None) for n in tree.nodes()] == [
        ("low", 3), ("lo", 2), ("l", None), ("o", None), ("w", None)]
    assert tree.depth == 2 and "".join(leaf.label for leaf in tree.leaves()) == "low"
    assert not any(n.unbuilt for n in tree.nodes())


# -- real tokenizers ---------------------------------------------------------------------


@needs_shared_data
def test_qwen3_like_and_pyxis_stops_at_py_xis():
    tok = open_tokenizer(TOKENIZERS / "hf" / "qwen3.tokenizer.json")
    pb = playback(tok, "Hello, Pyxis! like")
    bare = playback(tok, "like").pieces[0]
    assert [(tok.model.id_to_token(s.left_id), tok.model.id_to_token(s.right_id), s.rank)
            for s in bare.steps] == [("k", "e", 184), ("l", "i", 486), ("li", "ke", 4547)]
    pyxis = pb.pieces[pb.piece_at_char(len("Hello, "))]
    assert [tok.model.id_to_token(i) for i in pyxis.final_ids] == ["ĠPy", "xis"]
    assert [(tok.model.id_to_token(s.left_id), tok.model.id_to_token(s.right_id))
            for s in pyxis.stops()] == [("ĠPy", "xis")]
    assert tok.model.pair_merge(*pyxis.final_ids) is None


def _tiktoken_children(ranks: dict[bytes, int], data: bytes) -> list[bytes]:
    """tiktoken's own BPE (its educational module) on a token's bytes with only the ranks
    below the token's: the two parts it is merged from."""
    from tiktoken._educational import bpe_encode

    below = {k: v for k, v in ranks.items() if v < ranks[data]}
    parts = bpe_encode(below, data, visualise=None)
    return [next(k for k, v in below.items() if v == p) for p in parts]


@needs_shared_data
def test_o200k_derivation_tree_matches_the_pairs_tiktokens_ranks_imply():
    from fidelity_helpers import tiktoken_reference

    tok = open_tokenizer(TOKENIZERS / "tiktoken" / "o200k_base.tiktoken")
    ranks = tiktoken_reference("o200k_base")._mergeable_ranks
    [word] = tok.encode_ids(" understanding")
    tree = derivation(tok, word)
    checked = 0
    for node in tree.nodes():
        data = tok.token_bytes(node.id)
        if node.is_leaf:
            assert len(data) == 1 and not node.unbuilt
            continue
        left, right = _tiktoken_children(ranks, data)
        assert (tok.token_bytes(node.left.id), tok.token_bytes(node.right.id)) == (left, right)
        assert node.rule.rank == ranks[data] == node.id
        checked += 1
    assert checked == len(b" understanding") - 1  # a binary tree over 13 bytes
    assert b"".join(tok.token_bytes(leaf.id) for leaf in tree.leaves()) == b" understanding"


@needs_shared_data
def test_tiktoken_whole_piece_lookup_and_merges_agree_on_real_text():
    tok = open_tokenizer(TOKENIZERS / "tiktoken" / "o200k_base.tiktoken")
    pb = playback(tok, "The quick brown fox — 日本語のテキスト مرحبا بالعالم 👍🏽")
    for piece in pb.pieces:
        for state, step in zip(piece.states, piece.steps, strict=False):
            first = candidates_in(tok.model, state)[0]
            assert (first.position, first.rule.rank, first.rule.new_id) == (
                step.position, step.rank, step.new_id)
        assert not piece.finish or len(piece.final_ids) == 1


@needs_shared_data
def test_llama3_ignore_merges_shows_a_whole_piece_as_one_step_that_says_so():
    tok = open_tokenizer(TOKENIZERS / "hf" / "llama3.tokenizer.json")
    assert tok.model.ignore_merges
    piece = playback(tok, " hello").pieces[0]
    assert piece.steps == () and len(piece.final_ids) == 1
    assert "ignore_merges" in piece.finish


@needs_shared_data
def test_sentencepiece_style_byte_fallback_and_unknown_finish():
    tok = open_tokenizer(TOKENIZERS / "hf" / "llama-spm.tokenizer.json")
    pb = playback(tok, "hello 𒀀")
    spelled = [tok.model.id_to_token(i) for p in pb.pieces for i in p.final_ids]
    assert "<0xF0>" in spelled and any(s.startswith("▁") for s in spelled)
    native = open_tokenizer(TOKENIZERS / "sentencepiece" / "botchan_en_bpe_1000.model")
    pb = playback(native, "hello 日本")
    [piece] = [p for p in pb.pieces if p.finish]
    assert "unknown" in piece.finish
    assert piece.final_ids != piece.states[-1]


@needs_shared_data
@pytest.mark.parametrize("path", ["hf/gpt2.tokenizer.json", "hf/qwen3.tokenizer.json",
                                  "tiktoken/cl100k_base.tiktoken",
                                  "sentencepiece/botchan_en_bpe_1000.model"])
@given(text=st.text(st.sampled_from(list("abcdeéklsty 日本語ñ\n!'")), max_size=30))
@settings(max_examples=40, deadline=None)
def test_every_step_is_the_first_candidate_of_its_state(path, text):
    tok = _cached(path)
    pb = playback(tok, text)
    for piece in pb.pieces:
        for k in range(len(piece.states)):  # derived state by state: equal to a fresh look
            assert piece.candidates(k) == candidates_in(tok.model, piece.states[k])
        for k, step in enumerate(piece.steps):
            first = piece.candidates(k)[0]
            assert (first.position, first.rule.rank, first.rule.new_id) == (
                step.position, step.rank, step.new_id)
        assert piece.candidates(len(piece.steps)) == ()


_CACHE: dict[str, Tokenizer] = {}


def _cached(path: str) -> Tokenizer:
    if path not in _CACHE:
        _CACHE[path] = open_tokenizer(TOKENIZERS / path)
    return _CACHE[path]
