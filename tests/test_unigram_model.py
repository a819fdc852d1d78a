"""UnigramModel gives exactly the ids of Hugging Face's Unigram model: on pegasus (every
word of the NTREX-128 files in 26 languages, as pegasus' normalizer and pre-tokenizer make
them, and hypothesis words) and on small vocabularies made to hit the tie-breaks, unknown
fusing, duplicates and byte fallback."""

from __future__ import annotations

import json
import math
import os
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models as hf_models

from bpelens.core.errors import ConfigError, EncodeError
from bpelens.core.formats.hf_models import build_model
from bpelens.core.models.unigram import UnigramModel

from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

PEGASUS = SHARED_DATA / "tokenizers" / "hf" / "pegasus-unigram.tokenizer.json"
NTREX = SHARED_DATA / "parallel" / "ntrex128"
PEGASUS_UNK = 105


@cache
def pegasus() -> tuple[UnigramModel, HFTokenizer]:
    model = json.loads(PEGASUS.read_text(encoding="utf-8"))["model"]
    assert model["type"] == "Unigram" and model["unk_id"] == PEGASUS_UNK
    return build_model(model, False), HFTokenizer.from_file(str(PEGASUS))


@cache
def ntrex_pieces() -> tuple[str, ...]:
    """Every distinct piece pegasus' model sees on NTREX: HF's normalizer, then its
    pre-tokenizer (WhitespaceSplit, then Metaspace adding "▁")."""
    _, tok = pegasus()
    files = sorted(NTREX.glob("*.txt"))
    assert len(files) == 26
    pieces: dict[str, None] = {}
    for path in files:
        for line in path.read_text(encoding="utf-8").split("\n"):
            normalized = tok.normalizer.normalize_str(line.rstrip("\r"))  # type: ignore[union-attr]
            for piece, _ in tok.pre_tokenizer.pre_tokenize_str(normalized):  # type: ignore[union-attr]
                pieces[piece] = None
    return tuple(pieces)


def hf_ids(tok_model: object, piece: str) -> list[int]:
    return [t.id for t in tok_model.tokenize(piece)]  # type: ignore[attr-defined]


def check_spans(model: UnigramModel, piece: str) -> None:
    """Lengths cover the piece; a known piece covers its own text; an unknown token covers
    characters that no one-character piece has (or the unknown piece's own text, which the
    lattice finds like any piece and then fuses with its unknown neighbours)."""
    ids, lengths = model.encode_piece_spans(piece)
    assert ids == model.encode_piece(piece)
    data = piece.encode("utf-8")
    assert sum(lengths) == len(data)
    assert all(n > 0 for n in lengths)
    pos = 0
    for tid, n in zip(ids, lengths, strict=True):
        covered = data[pos:pos + n]
        pos += n
        if (model.byte_fallback and n == 1
                and model.id_to_token(tid) == f"<0x{covered[0]:02X}>"):
            # A byte-fallback token; its kind may be "unknown" when the file made the same
            # piece its unknown token (then the byte alone is not text to look at).
            pass
        elif model.kind(tid) == "unknown" and covered != model.token_bytes[tid]:
            text = covered.decode("utf-8").replace(model.id_to_token(tid) or "", "")
            assert all(model.token_to_id(ch) is None for ch in text), text
        else:
            assert covered == model.token_bytes[tid]


# -- pegasus on real text --------------------------------------------------------------------
@needs_shared_data
def test_every_ntrex_piece_matches_hf() -> None:
    model, tok = pegasus()
    pieces = ntrex_pieces()
    assert len(pieces) > 200_000
    bad = [p for p in pieces if model.encode_piece(p) != hf_ids(tok.model, p)]
    assert not bad, f"{len(bad)} of {len(pieces)} pieces differ, e.g. {bad[:5]!r}"
    with_unknown = sum(PEGASUS_UNK in model.encode_piece(p) for p in pieces)
    assert with_unknown > 10_000  # many scripts are outside pegasus' vocabulary


@needs_shared_data
def test_ntrex_spans_cover_each_piece() -> None:
    model, _ = pegasus()
    for piece in ntrex_pieces():
        check_spans(model, piece)


@needs_shared_data
def test_unknown_characters_fuse_into_one_token() -> None:
    model, tok = pegasus()
    piece = "▁ab\u0f00\u0f01\u0f02cd"  # three Tibetan characters outside the vocabulary
    ids, lengths = model.encode_piece_spans(piece)
    assert ids == hf_ids(tok.model, piece)
    assert ids.count(PEGASUS_UNK) == 1
    assert lengths[ids.index(PEGASUS_UNK)] == 9  # the three characters, 3 bytes each


words = st.text(
    alphabet=st.one_of(
        st.sampled_from(list("▁▁abcdeinorstTHE'-.,0123456789éüßçñ日本語한국어ابتپ")),
        st.sampled_from(["\u0f00", "\U0001f600", "\u0301", "\u200d", "<", ">", "u", "\x00"]),
        st.characters(exclude_categories=("Cs",)),
    ),
    min_size=1, max_size=24,
)


@needs_shared_data
@given(words, st.booleans())
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_words_match_hf(word: str, prefix: bool) -> None:
    model, tok = pegasus()
    piece = "▁" + word if prefix else word
    assert model.encode_piece(piece) == hf_ids(tok.model, piece)
    check_spans(model, piece)


@needs_shared_data
def test_pegasus_vocabulary_api() -> None:
    model, tok = pegasus()
    assert model.vocab_size == tok.get_vocab_size() == 96103
    assert model.level == "char"
    assert model.unk_id == PEGASUS_UNK
    assert model.kind(PEGASUS_UNK) == "unknown"
    the = model.token_to_id("▁the")
    assert the == tok.token_to_id("▁the")
    assert the is not None
    assert model.kind(the) == "piece"
    assert model.id_to_token(the) == model.token_label(the) == "▁the"
    assert model.token_bytes[the] == "▁the".encode()
    assert model.score(the) == pytest.approx(-3.329261541366577)
    assert model.trace_piece("▁the") is None
    assert model.id_to_token(10**6) is None
    assert model.encode_piece("") == []
    assert model.encode_piece_spans("") == ([], [])
    assert "96103 pieces" in model.describe()
    assert "'<unk>' (id 105)" in model.describe()


# -- small vocabularies against HF's Unigram -------------------------------------------------
def both(vocab: list[tuple[str, float]], unk_id: int | None, byte_fallback: bool = False):
    ours = UnigramModel(vocab, unk_id, byte_fallback=byte_fallback)
    theirs = hf_models.Unigram(vocab, unk_id, byte_fallback)
    return ours, theirs


def same_result(ours: UnigramModel, theirs: object, piece: str) -> None:
    try:
        expected = hf_ids(theirs, piece)
    except Exception as exc:  # HF: "Encountered an unknown token but `unk_id` is missing"
        assert "unk_id" in str(exc)
        with pytest.raises(EncodeError):
            ours.encode_piece(piece)
        return
    assert ours.encode_piece(piece) == expected
    check_spans(ours, piece)


def test_documented_examples() -> None:
    vocab = [("<unk>", 0.0), ("a", 0.0), ("b", 0.0), ("c", 0.0), ("d", 0.0), ("cd", 1.0),
             ("ab", 2.0), ("abc", 5.0), ("abcd", 10.0)]
    ours, theirs = both(vocab, 0)
    assert ours.encode_piece("abcdacdxx") == [8, 1, 5, 0]  # abcd a cd xx(fused)
    for piece in ("abcdacdxx", "xabcd", "dcba"):
        same_result(ours, theirs, piece)


def test_ties_keep_the_first_path_found() -> None:
    # "ab" = a + b = -2: the path ending at 2 is first set by "ab" (from start 0) and the
    # equal a+b path (found later, from start 1) does not replace it.
    ours, theirs = both([("a", -1.0), ("b", -1.0), ("ab", -2.0), ("<unk>", 0.0)], 3)
    assert ours.encode_piece("ab") == [2]
    same_result(ours, theirs, "ab")


def test_duplicate_pieces_use_the_later_id() -> None:
    ours, theirs = both([("<unk>", 0.0), ("a", -1.0), ("a", -2.0), ("ab", -3.0)], 0)
    assert ours.token_to_id("a") == 2
    for piece in ("a", "aa", "ab", "aab"):
        same_result(ours, theirs, piece)


def test_literal_unk_text_fuses_with_unknown_characters() -> None:
    ours, theirs = both([("a", -1.0), ("<", -1.0), (">", -1.0), ("<unk>", 0.0)], 3)
    assert ours.encode_piece("a<unk>") == [0, 3]
    assert ours.encode_piece_spans("a<unk>x") == ([0, 3], [1, 6])  # "<unk>" + "x" fused
    for piece in ("a<unk>x", "<unk>", "x<unk>x", "<unk><unk>"):
        same_result(ours, theirs, piece)


def test_byte_fallback() -> None:
    vocab = [("<unk>", 0.0), ("<0xC3>", -0.1), ("<0xA9>", -0.1), ("<0x78>", -0.1), ("a", -1.0)]
    ours, theirs = both(vocab, 0, byte_fallback=True)
    ids, lengths = ours.encode_piece_spans("aéx")
    assert ids == [4, 1, 2, 3] == hf_ids(theirs, "aéx")
    assert lengths == [1, 1, 1, 1]
    assert [ours.kind(i) for i in ids] == ["piece", "byte_fallback", "byte_fallback",
                                           "byte_fallback"]
    assert ours.token_label(1) == "<0xC3>"
    assert ours.decode_bytes(ids) == "aéx".encode()
    # One byte without a token: the whole fused run is the unknown token.
    assert ours.encode_piece("aéy") == [4, 0] == hf_ids(theirs, "aéy")
    assert ours.encode_piece_spans("aéy")[1] == [1, 3]


def test_unknown_token_that_is_also_a_byte_token() -> None:
    # Found by hypothesis: <0xC3> is both the unknown token and a byte-fallback token, and
    # covers one byte of "é".
    ours, theirs = both([("<0xC3>", -1.0), ("<0xA9>", -1.0), ("a", -1.0)], 0, True)
    assert ours.encode_piece_spans("é") == ([0, 1], [1, 1])
    same_result(ours, theirs, "é")


def test_missing_unknown_token() -> None:
    ours, theirs = both([("a", -1.0), ("ab", -2.0)], None)
    same_result(ours, theirs, "ab")
    with pytest.raises(EncodeError, match="U\\+0062"):
        ours.encode_piece("abb")
    same_result(ours, theirs, "abb")
    empty, empty_hf = both([], None)
    same_result(empty, empty_hf, "a")
    assert empty.encode_piece("") == []


@st.composite
def small_vocabularies(draw: st.DrawFn):
    pieces = draw(st.lists(
        st.tuples(
            st.one_of(st.text(alphabet="abcé", min_size=1, max_size=4),
                      st.sampled_from(["<unk>", "<0x78>", "<0xC3>", "<0xA9>", "<0x61>"])),
            st.sampled_from([-0.5, -1.0, -1.5, -2.0, -3.0, 0.0, -10.0]),
        ),
        min_size=1, max_size=14,
    ))
    unk_id = draw(st.one_of(st.none(), st.integers(0, len(pieces) - 1)))
    return pieces, unk_id, draw(st.booleans())


@given(small_vocabularies(),
       st.lists(st.text(alphabet="abcxé<>unk", min_size=1, max_size=10), min_size=1,
                max_size=5))
@settings(max_examples=600, deadline=None)
def test_hypothesis_small_vocabularies_match_hf(setup, pieces: list[str]) -> None:
    vocab, unk_id, byte_fallback = setup
    ours, theirs = both(vocab, unk_id, byte_fallback)
    for piece in pieces:
        same_result(ours, theirs, piece)


# -- loading and errors ----------------------------------------------------------------------
def test_from_hf_round_trip() -> None:
    data = {"type": "Unigram", "unk_id": 0, "vocab": [["<unk>", 0.0], ["a", -1], ["b", -2.5]],
            "byte_fallback": False}
    model = build_model(data, False)
    assert model.to_hf() == {**data, "vocab": [["<unk>", 0.0], ["a", -1.0], ["b", -2.5]]}
    assert model.score(1) == -1.0
    assert build_model({"vocab": [["a", 0.0]]}, False).unk_id is None
    assert build_model({"vocab": [["a", 0.0]]}, False).byte_fallback is False
    with pytest.raises(ConfigError, match="byte_fallback must be true or false, not null"):
        build_model({"vocab": [["a", 0.0]], "byte_fallback": None}, False)  # HF refuses too


@pytest.mark.parametrize(("data", "problem"), [
    ([], "model must be an object"),
    ({"type": "Unigram"}, "model.vocab is missing"),
    ({"vocab": {"a": 1}}, "model.vocab must be a list"),
    ({"vocab": [["a", 0.0], "b"]}, r"model.vocab\[1\] must be a \[piece, score\] pair"),
    ({"vocab": [["a", 0.0], ["b", 0.0, 1]]}, r"model.vocab\[1\]"),
    ({"vocab": [["a", 0.0], [3, 0.0]]}, r"model.vocab\[1\]\[0\] \(the piece\)"),
    ({"vocab": [["a\ud800", 0.0]]}, r"model.vocab\[0\]\[0\] \(the piece\) .* lone surrogate"),
    ({"vocab": [["a", "x"]]}, r"model.vocab\[0\]\[1\] \(the score\) must be a number"),
    ({"vocab": [["a", True]]}, r"model.vocab\[0\]\[1\]"),
    ({"vocab": [["a", math.nan]]}, r"model.vocab\[0\]\[1\] \(the score\) must be finite"),
    # An integer too large for a float (it was an OverflowError traceback).
    ({"vocab": [["a", 0.0], ["b", 10 ** 400]]},
     r"model.vocab\[1\]\[1\] \(the score\) must be finite"),
    ({"vocab": [["a", -3]]}, None),  # a whole number is a score
    ({"vocab": [["a", 0.0]], "unk_id": 1}, "model.unk_id 1 is outside"),
    ({"vocab": [["a", 0.0]], "unk_id": -1}, "model.unk_id must be a whole number ≥ 0"),
    ({"vocab": [["a", 0.0]], "unk_id": "0"}, "model.unk_id must be a whole number ≥ 0, not the "
     "string"),
    ({"vocab": [], "unk_id": 0}, "model.vocab is empty"),
    ({"vocab": [["a", 0.0]], "byte_fallback": "yes"}, "model.byte_fallback"),
])
def test_bad_model_data_raises_config_error(data: object, problem: str) -> None:
    if isinstance(data, dict):
        data = {"type": "Unigram", **data}
    if problem is None:
        assert build_model(data, False).score(0) == -3.0
        return
    with pytest.raises(ConfigError, match=problem):
        build_model(data, False)
