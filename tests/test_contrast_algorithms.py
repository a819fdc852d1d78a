"""Other ways to cut a text, for contrast: greedy longest match (WordPiece) over a BPE
vocabulary — the seed's abcd — and a Unigram lattice whose best path is what the official
SentencePiece library and Hugging Face's Unigram choose."""

from __future__ import annotations

import pytest

from bpelens.core import BPEModel, ConfigError, Tokenizer, open_tokenizer
from bpelens.core.debugging.contrast import greedy_longest_match, unigram_lattice

from conftest import SHARED_DATA, needs_shared_data


def seed_tokenizer() -> Tokenizer:
    model = BPEModel(level="char", alphabet=list("abcd"))
    ids = {c: model.char_id(c) for c in "abcd"}
    model.merge_pair(ids["b"], ids["c"])  # rank 0: b+c
    model.merge_pair(ids["a"], ids["b"])  # rank 1: a+b
    model.merge_pair(ids["c"], ids["d"])  # rank 2: c+d
    return Tokenizer(model, pretokenizer=None)


def test_greedy_longest_match_cuts_abcd_as_ab_cd_where_bpe_gives_a_bc_d():
    tokenizer = seed_tokenizer()
    label = tokenizer.token_label
    assert [label(i) for i in tokenizer.encode_ids("abcd")] == ["a", "bc", "d"]
    assert [label(i) for i in greedy_longest_match(tokenizer, "abcd")] == ["ab", "cd"]
    assert [label(i) for i in greedy_longest_match(tokenizer, "dcba")] == ["d", "c", "b", "a"]


@needs_shared_data
@pytest.mark.parametrize("text", ["東京都に住んでいます。", "吾輩は猫である 名前はまだ無い"])
def test_the_lattices_best_path_is_sentencepieces_choice(text: str):
    import sentencepiece as spm

    path = SHARED_DATA / "tokenizers" / "sentencepiece" / "kyoto_ja_unigram_8000.model"
    reference = spm.SentencePieceProcessor(model_file=str(path))
    ours = open_tokenizer(path)
    lattices = unigram_lattice(ours, text)
    assert [i for piece in lattices for i in piece.best_path] == reference.encode(text)
    for piece in lattices:
        for node in piece.nodes:
            assert piece.text[node.start : node.end] == reference.id_to_piece(node.id)
            assert node.score == pytest.approx(reference.get_score(node.id))
        assert [n.id for n in piece.nodes if n.on_best_path] == list(piece.best_path)


@needs_shared_data
def test_hf_unigram_lattice_and_refusal_for_bpe():
    from tokenizers import Tokenizer as HFTokenizer

    path = SHARED_DATA / "tokenizers" / "hf" / "pegasus-unigram.tokenizer.json"
    ours = open_tokenizer(path)
    text = "Tokenization is fun"
    best = [i for piece in unigram_lattice(ours, text) for i in piece.best_path]
    assert best == HFTokenizer.from_file(str(path)).encode(text, add_special_tokens=False).ids
    with pytest.raises(ConfigError, match="Unigram tokenizer"):
        unigram_lattice(seed_tokenizer(), "abcd")
