"""WordPieceModel against Hugging Face's WordPiece: hand-made vocabularies, random ones
(hypothesis), and bert-base-uncased on every word of NTREX-128, alone and in the whole pipeline."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core.errors import ConfigError, EncodeError
from bpelens.core.formats.hf_json import build_normalizer, build_pretokenizer
from bpelens.core.formats.hf_models import build_model
from bpelens.core.models.wordpiece import WordPieceModel
from bpelens.core.pipeline.decoders import WordPieceDecoder
from bpelens.core.pipeline.normalizers.bert import BertNormalizer
from bpelens.core.pipeline.pre_tokenizers.bert import BertPreTokenizer

from conftest import SHARED_DATA, needs_shared_data

tokenizers = pytest.importorskip("tokenizers")
HfWordPiece = tokenizers.models.WordPiece

BERT_FILE = SHARED_DATA / "tokenizers" / "hf" / "bert-base-uncased-minilm.tokenizer.json"
NTREX = SHARED_DATA / "parallel" / "ntrex128"

VOCAB = {
    "[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, "##a": 4, "##ff": 5, "affable": 6,
    "##ing": 7, "é": 8, "##té": 9, "日": 10, "##": 11, "#": 12, "###": 13, "a": 14,
}


def hf_ids(model: object, word: str) -> list[int]:
    return [t.id for t in model.tokenize(word)]


def hf_lengths(model: object, word: str) -> list[int]:
    """HF's Model.tokenize reports byte offsets within the word."""
    return [end - start for start, end in (t.offsets for t in model.tokenize(word))]


@pytest.fixture
def model() -> WordPieceModel:
    return WordPieceModel(VOCAB)


@pytest.fixture
def hf_model() -> object:
    return HfWordPiece(VOCAB, unk_token="[UNK]")


# -- semantics ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("unaffable", [1, 2, 3]),  # longest first: ##aff, not ##a + ##ff
        ("affable", [6]),  # a whole-word entry wins at once
        ("una", [1, 4]),
        ("unaffablex", [0]),  # no match for "x": the whole word is unknown, not un ##aff…
        ("xun", [0]),
        ("é", [8]),
        ("étéa", [8, 9, 4]),
        ("étété", [8, 9, 9]),
        ("##ing", [7]),  # a "##" entry spelled out at the start of a word is a word
        ("##", [11]),
        ("####", [13, 13]),  # "###" as a word, then "#" as the continuation "##" + "#"
        ("a#", [14, 13]),
        ("#a", [12, 4]),
        ("", []),
    ],
)
def test_greedy_longest_match_like_hf(
    model: WordPieceModel, hf_model: object, word: str, expected: list[int]
) -> None:
    assert model.encode_piece(word) == hf_ids(hf_model, word)
    ids, lengths = model.encode_piece_spans(word)
    assert ids == model.encode_piece(word)
    assert lengths == hf_lengths(hf_model, word)
    assert sum(lengths) == len(word.encode("utf-8"))


def test_spans_count_what_each_token_covers(model: WordPieceModel) -> None:
    assert model.encode_piece_spans("étété") == ([8, 9, 9], [2, 3, 3])
    assert model.encode_piece_spans("##ing") == ([7], [5])  # token_bytes says b"ing"
    assert model.token_bytes[7] == b"ing"
    assert model.encode_piece_spans("xé日") == ([0], [6])  # the unknown covers the word


def test_max_input_chars_per_word() -> None:
    vocab = {"[UNK]": 0, "a": 1, "##a": 2, "a" * 6: 3}
    ours = WordPieceModel(vocab, max_input_chars_per_word=5)
    hf = HfWordPiece(vocab, unk_token="[UNK]", max_input_chars_per_word=5)
    for n in range(0, 9):
        assert ours.encode_piece("a" * n) == hf_ids(hf, "a" * n)
    assert ours.encode_piece("a" * 5) == [1, 2, 2, 2, 2]
    assert ours.encode_piece("a" * 6) == [0]  # too long, although it is in the vocabulary
    assert ours.encode_piece("é" * 5) == [0]  # counted in characters, not bytes: unmatched
    assert ours.encode_piece_spans("a" * 7) == ([0], [7])


def test_missing_unknown_token_is_an_error_only_when_needed() -> None:
    ours = WordPieceModel({"a": 0, "##b": 1})
    assert ours.encode_piece("ab") == [0, 1]
    with pytest.raises(EncodeError, match=r"\[UNK\]"):
        ours.encode_piece("ba")
    with pytest.raises(Exception, match="Missing"):
        HfWordPiece({"a": 0, "##b": 1}, unk_token="[UNK]").tokenize("ba")


def test_other_prefixes_like_hf() -> None:
    vocab = {"[UNK]": 0, "ab": 1, "@@c": 2, "c": 3, "@@": 4, "a": 5, "b": 6}
    for prefix in ("@@", "", "a"):
        ours = WordPieceModel(vocab, continuing_subword_prefix=prefix)
        hf = HfWordPiece(vocab, unk_token="[UNK]", continuing_subword_prefix=prefix)
        for word in ("abc", "ab", "cab", "a@@c", "@@c", "@@", "bc", "abab"):
            assert ours.encode_piece(word) == hf_ids(hf, word), (prefix, word)
            assert ours.encode_piece_spans(word)[1] == hf_lengths(hf, word), (prefix, word)


def test_vocabulary_views(model: WordPieceModel) -> None:
    assert model.level == "char"
    assert model.vocab_size == 15
    assert model.token_bytes[2] == b"aff" and model.token_bytes[6] == b"affable"
    assert model.token_bytes[11] == b"##"  # "##" alone continues nothing: it is a word
    assert model.kind(0) == "unknown"
    assert model.kind(2) == "continuation" and model.kind(11) == "word"
    assert model.kind(6) == "word"
    assert model.token_label(2) == "##aff"
    assert model.id_to_token(9) == "##té" and model.id_to_token(99) is None
    assert model.token_to_id("##ing") == 7 and model.token_to_id("ing") is None
    assert "WordPiece" in model.describe() and "'[UNK]'" in model.describe()


def test_ids_with_gaps_and_duplicates() -> None:
    ours = WordPieceModel({"[UNK]": 5, "a": 2, "b": 2})
    assert ours.token_bytes == [None, None, b"a", None, None, b"[UNK]"]
    assert ours.has_id(2) and not ours.has_id(3)
    assert ours.id_to_token(2) == "a"  # the first spelling of a shared id
    assert ours.encode_piece("b") == [2]


def test_from_hf_and_back() -> None:
    config = {
        "type": "WordPiece", "unk_token": "<unk>", "continuing_subword_prefix": "@@",
        "max_input_chars_per_word": 7, "vocab": {"<unk>": 0, "x": 1, "@@y": 2},
    }
    ours = build_model(config, False)
    assert ours.encode_piece("xy") == [1, 2]
    assert ours.encode_piece("y") == [0]
    assert ours.to_hf() == config
    for missing in ("unk_token", "continuing_subword_prefix", "max_input_chars_per_word",
                    "vocab"):  # HF requires every field
        with pytest.raises(ConfigError, match=f"model.{missing} is missing"):
            build_model({k: v for k, v in config.items() if k != missing}, False)


FULL = {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
        "max_input_chars_per_word": 100, "vocab": {"[UNK]": 0}}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"vocab": ["a"]}, "model.vocab"),
        ({"vocab": {"a": -1}}, "model.vocab"),
        ({"vocab": {"a": "1"}}, "model.vocab"),
        ({"vocab": {"a": True}}, "model.vocab"),
        ({"vocab": {"a": 0, "b": 0}}, "model.vocab"),
        ({"unk_token": None}, "model.unk_token"),
        ({"continuing_subword_prefix": 2}, "model.continuing_subword_prefix"),
        ({"max_input_chars_per_word": "100"}, "model.max_input_chars_per_word"),
        ({"max_input_chars_per_word": -1}, "model.max_input_chars_per_word"),
    ],
)
def test_bad_configs_name_the_field(change: dict, field: str) -> None:
    with pytest.raises(ConfigError, match=field.replace(".", r"\.")):
        build_model({**FULL, **change}, False)


# -- random vocabularies (hypothesis) ---------------------------------------------------------

ALPHABET = "ab#é日"
PIECES = st.text(ALPHABET, min_size=1, max_size=4)


@settings(max_examples=500, deadline=None)
@given(
    words=st.lists(PIECES, max_size=12),
    continuations=st.lists(PIECES, max_size=12),
    prefix=st.sampled_from(["##", "#", "", "a"]),
    limit=st.integers(min_value=0, max_value=8),
    probes=st.lists(st.text(ALPHABET, max_size=10), min_size=1, max_size=10),
)
def test_hypothesis_matches_hf(
    words: list[str], continuations: list[str], prefix: str, limit: int, probes: list[str]
) -> None:
    vocab: dict[str, int] = {"[UNK]": 0}
    for token in [*words, *(prefix + c for c in continuations)]:
        vocab.setdefault(token, len(vocab))
    ours = WordPieceModel(vocab, continuing_subword_prefix=prefix, max_input_chars_per_word=limit)
    hf = HfWordPiece(
        vocab, unk_token="[UNK]", continuing_subword_prefix=prefix, max_input_chars_per_word=limit
    )
    for word in probes:
        ids, lengths = ours.encode_piece_spans(word)
        assert ours.encode_piece(word) == ids == hf_ids(hf, word), word
        assert lengths == hf_lengths(hf, word), word
        assert sum(lengths) == len(word.encode("utf-8"))


# -- bert-base-uncased on NTREX-128 --------------------------------------------------------------


@cache
def bert() -> tuple[object, WordPieceModel, BertNormalizer, BertPreTokenizer]:
    hf = tokenizers.Tokenizer.from_file(str(BERT_FILE))
    hf.no_padding()
    hf.no_truncation()
    config = json.loads(Path(BERT_FILE).read_text("utf-8"))
    return (
        hf,
        build_model(config["model"], False),
        build_normalizer(config["normalizer"]),
        build_pretokenizer(config["pre_tokenizer"]),
    )


@cache
def ntrex_lines() -> tuple[str, ...]:
    files = sorted(NTREX.glob("*.txt"))
    assert len(files) == 26, files
    lines: list[str] = []
    for path in files:
        lines.extend(line.rstrip("\r") for line in path.read_text("utf-8").split("\n"))
    return tuple(lines)


@needs_shared_data
def test_bert_file_loads() -> None:
    hf, model, _, _ = bert()
    assert model.vocab_size == hf.get_vocab_size(with_added_tokens=False) == 30522
    assert model.unk_id == 100 and model.kind(100) == "unknown"
    assert model.to_hf()["vocab"] == json.loads(BERT_FILE.read_text("utf-8"))["model"]["vocab"]
    for tid in (0, 101, 1000, 2000, 5000, 29000, 30521):
        assert model.id_to_token(tid) == hf.id_to_token(tid)


@needs_shared_data
def test_every_ntrex_word_like_hf_model() -> None:
    hf, model, normalizer, pre = bert()
    words = {w for line in ntrex_lines() for w in pre.split_str(normalizer.normalize_str(line))}
    # Long and unmatched words too: the limit and the whole-word unknown are exercised.
    words |= {"a" * 100, "a" * 101, "é" * 101, "unaffable", "xq\u0378z", "##ing", "ing##"}
    assert len(words) > 200_000
    unknown = 0
    for word in words:
        tokens = hf.model.tokenize(word)
        ids, lengths = model.encode_piece_spans(word)
        assert model.encode_piece(word) == ids == [t.id for t in tokens], word
        assert lengths == [e - s for s, e in (t.offsets for t in tokens)], word
        unknown += ids == [100]
    assert unknown > 100  # the unknown path is really compared


@needs_shared_data
def test_whole_pipeline_on_ntrex_like_hf_encode() -> None:
    hf, model, normalizer, pre = bert()
    lines = list(ntrex_lines())
    decoder = WordPieceDecoder()
    for line, expected in zip(
        lines, hf.encode_batch(lines, add_special_tokens=False), strict=True
    ):
        ids = [
            tid for word in pre.split_str(normalizer.normalize_str(line))
            for tid in model.encode_piece(word)
        ]
        assert ids == expected.ids, line
        tokens = [model.id_to_token(t) for t in ids]
        assert tokens == expected.tokens
        assert decoder.decode(tokens) == hf.decoder.decode(tokens)
