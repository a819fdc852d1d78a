"""SentencePiece ``.model`` files give the ids and decoded text of the ``sentencepiece``
library: every NTREX-128 sentence of 11 languages on the four real files, hypothesis texts and
id lists on those and on models trained or edited to use every switch that changes encoding;
the views (spans, kinds, merge playback) hold together; a file that is not a usable model is
one line naming the file and the problem."""

from __future__ import annotations

import math
import os
import random
import struct
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import Tokenizer, open_tokenizer
from bpelens.core.errors import TokenizerFileError
from bpelens.core.formats import sentencepiece_file
from bpelens.core.formats.sentencepiece_file import load_sentencepiece, tokenizer_from_model_proto
from bpelens.core.models.sentencepiece.pieces import (
    BYTE,
    CONTROL,
    NORMAL,
    UNKNOWN,
    UNUSED,
    USER_DEFINED,
)

from cli_helpers import assert_clean_outcome, bpelens
from conftest import SHARED_DATA, needs_shared_data
from sentencepiece_models import EDITED, NTREX, REAL_MODELS, TRAINED, model_bytes, real_model

pytestmark = needs_shared_data

ALL_MODELS = [*REAL_MODELS, *TRAINED, *EDITED]
# Every sentence of these (1,997 each); benchmarks/conformance.py runs all 26 files.
LANGUAGES = ["eng", "jpn", "zho-CN", "kor", "arb", "hin", "tha", "rus", "amh", "tam", "mya"]


@cache
def reference(name: str):
    import sentencepiece as spm

    return spm.SentencePieceProcessor(model_proto=model_bytes(name))


@cache
def ours(name: str) -> Tokenizer:
    if name in REAL_MODELS:
        return open_tokenizer(real_model(name))
    return tokenizer_from_model_proto(model_bytes(name), path=f"{name}.model")


@cache
def ntrex(language: str) -> tuple[str, ...]:
    source = "src" if language == "eng" else "ref"
    path = NTREX / f"newstest2019-{source}.{language}.txt"
    return tuple(path.read_text(encoding="utf-8").replace("\r", "").split("\n"))


# -- NTREX -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(REAL_MODELS))
def test_every_ntrex_sentence_gives_the_librarys_ids_and_text(name: str) -> None:
    sp, tok = reference(name), ours(name)
    tried = 0
    wrong: dict[str, list[str]] = {}
    for language in LANGUAGES:
        for line in ntrex(language):
            tried += 1
            want = sp.encode(line)
            if tok.encode_ids(line) != want or tok.decode(want) != sp.decode(want):
                wrong.setdefault(language, []).append(line)
    assert tried >= len(LANGUAGES) * 1997
    assert not wrong, {lang: (len(lines), lines[0][:60]) for lang, lines in wrong.items()}


@pytest.mark.parametrize("name", list(REAL_MODELS))
def test_a_whole_ntrex_file_in_one_call_gives_the_librarys_ids(name: str) -> None:
    """Totals of one long input pass ±100,000, where the library restarts them: without that,
    kyoto's Japanese file splits 彼の|孫 as 彼|の孫 at character 65,730."""
    sp, tok = reference(name), ours(name)
    wrong = {}
    for language in LANGUAGES:
        text = "\n".join(ntrex(language))
        want, got = sp.encode(text), tok.encode_ids(text)
        if got != want:
            first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                         min(len(got), len(want)))
            wrong[language] = (first, len(want))
    assert not wrong, wrong


def test_the_full_encoding_agrees_with_the_fast_path_on_ntrex() -> None:
    """``encode`` (spans, kinds) and ``encode_ids`` give the same ids; the tokens cover the
    normalized text the library makes, byte for byte."""
    for name in REAL_MODELS:
        sp, tok = reference(name), ours(name)
        for language in ("eng", "jpn", "tha", "amh"):
            for line in ntrex(language)[:150]:
                encoding = tok.encode(line)
                assert list(encoding.ids) == sp.encode(line), (name, line)
                assert encoding.model_text == sp.normalize(line)
                assert b"".join(t.bytes for t in encoding.tokens) == encoding.model_text.encode()


# -- generated text --------------------------------------------------------------------------
WHITESPACE = [" ", "  ", "   ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2009", "\u200b",
              "\u2581", " \u2581 ", "\x0c", "\u0085"]
SYMBOLS = ["<sep>", "foo bar", "▁x", "ab", "abcd", "cd", "é", "[MASK]", ",", "(", ")",
           "<|newline|>", "<s>", "</s>", "<unk>", "<ctl>", "a", "h", "ǂ", "<0x41>", "<|pad|>"]
TRICKY = ["Hello", " world", "日本語", "東京都", "مرحبا", "नमस्ते", "ñandú", "Ⅻ", "ﬁ", "①",
          "e\u0301", "Ａ\u0301", "ｶﾞ", "가\u11a8", "\u1100\u1161\u11a8", "🙂", "👨\u200d👩\u200d👧",
          "🇯🇵", "\ufffd", "ß", "İ", "ﷺ", "12345", "3.14", "０１２", "\U000f0000", "\U0001d400"]
fragments = st.one_of(
    st.text(st.characters(exclude_categories=["Cs"]), max_size=8),
    st.text(st.characters(min_codepoint=0, max_codepoint=0x7F), max_size=6),
    st.sampled_from(WHITESPACE),
    st.sampled_from(SYMBOLS),
    st.sampled_from(TRICKY),
    st.text(st.characters(categories=["Mn", "Mc", "Me"]), min_size=1, max_size=3),
    st.text(st.characters(categories=["Cc", "Cf", "Co", "Zs"]), min_size=1, max_size=3),
)
texts = st.lists(fragments, max_size=12).map("".join)


def check_text(name: str, text: str) -> None:
    sp, tok = reference(name), ours(name)
    want = sp.encode(text)
    assert tok.encode_ids(text) == want, (name, text, [sp.id_to_piece(i) for i in want])
    assert tok.normalizer.normalize_str(text) == sp.normalize(text)
    encoding = tok.encode(text)
    assert list(encoding.ids) == want
    assert encoding.model_text == sp.normalize(text)
    assert tok.decode(want, errors="replace") == sp.decode(want)
    if sp.bos_id() >= 0:
        assert tok.encode_ids(text, add_special_tokens=True) == sp.encode(text, add_bos=True)


@pytest.mark.parametrize("name", list(REAL_MODELS))
@settings(max_examples=200)
@given(text=texts)
def test_generated_text_gives_the_librarys_ids(name: str, text: str) -> None:
    check_text(name, text)


@pytest.mark.parametrize("name", [*TRAINED, *EDITED])
@settings(max_examples=60)
@given(text=texts)
def test_generated_text_gives_the_librarys_ids_with_every_switch(name: str, text: str) -> None:
    check_text(name, text)


# Made to hit: float32 ties after long prefixes, user-defined bonuses, control pieces spelled
# in text, unknown runs across words, whitespace at both ends, a literal ▁ at the end.
TARGETED = [
    "", " ", "   ", "\u200b", " \u200b ", "▁", "a▁", "▁▁a", "  Hello  world  ", "x,   க",
    "இந்த இயர்ஃபோன்களை நீங்கள் அணியும்போது,   கனிமங்களில்", "40,000 and 7,000", "000", "ǂǂ h",
    "hh the", "abcd ab é cd", "<sep>foo bar<sep>", "▁x▁x x", "ሰው ሰው", "日本 語", "a\x00b",
    "\ufeffBOM", "tab\tand\nnewline\r\nend", "ﬁ ﬂ ﬃ", "Ａ\u0301Ａ", "e" * 300, "ab " * 200,
    "日本語" * 150, "x" * 1000 + " y",
]


@pytest.mark.parametrize("name", ALL_MODELS)
def test_targeted_texts_give_the_librarys_ids(name: str) -> None:
    for text in TARGETED:
        check_text(name, text)


@cache
def id_lists(name: str):
    sp = reference(name)
    n = len(sp)
    special = [i for i in range(n) if sp.is_control(i) or sp.is_unknown(i) or sp.is_byte(i)]
    common = list(range(min(n, 300)))
    ids = st.one_of(st.integers(0, n - 1), st.sampled_from(special), st.sampled_from(common))
    return st.lists(ids, max_size=16)


@pytest.mark.parametrize("name", ALL_MODELS)
@settings(max_examples=80)
@given(data=st.data())
def test_any_ids_decode_like_the_library(name: str, data) -> None:
    ids = data.draw(id_lists(name))
    assert ours(name).decode(ids, errors="replace") == reference(name).decode(ids)


def test_strict_decoding_names_a_byte_run_that_is_not_utf8() -> None:
    from bpelens.core.errors import DecodeError

    sp, tok = reference("ai21"), ours("ai21")
    half = [sp.piece_to_id("<0xE3>"), sp.piece_to_id("<0x81>")]  # two bytes of a 3-byte char
    assert tok.decode(half, errors="replace") == sp.decode(half) == "\ufffd\ufffd"
    with pytest.raises(DecodeError, match="not valid UTF-8"):
        tok.decode(half)


# -- what the library does that differs from the 0.2.0 source and from HF -------------------
def test_unigram_sums_are_float32_and_depend_on_the_prefix() -> None:
    """The same three spaces after a comma split two ways, depending on the score so far."""
    sp, tok = reference("ai21"), ours("ai21")
    short, long = "x,   க", TARGETED[10]
    assert sp.encode(short, out_type=str)[2:4] == ["▁", "▁▁"]
    assert [tok.token_label(i) for i in tok.encode_ids(short)] == sp.encode(short, out_type=str)
    assert tok.encode_ids(long) == sp.encode(long)


def test_user_defined_pieces_score_a_tenth_per_byte() -> None:
    """``bytes × 0.1 - 0.1`` decides against NORMAL pieces scored around it (the model's max
    score is 3 and the symbols' own scores are -50: neither counts)."""
    sp, tok = reference("unigram_scored_symbols"), ours("unigram_scored_symbols")
    for text in ("ab", "abcd", "é", "cd", "abcd ab é"):
        assert tok.encode_ids(text) == sp.encode(text)
    assert sp.encode("ab", out_type=str) == ["▁", "ab"]  # ▁ (-3.33) + 0.1 beats ▁ab (-3.25)
    assert sp.encode("abcd", out_type=str) == ["▁abcd"]  # -3.0 beats ▁ (-3.33) + 0.3


def test_text_spelled_like_a_control_piece_is_unknown() -> None:
    for name in ("bpe_controls", "char_controls", "word_controls", "bpe_fallback_symbols"):
        sp, tok = reference(name), ours(name)
        for text in ("ǂǂ h", "hh the", "ǂh", "a cat"):
            assert tok.encode_ids(text) == sp.encode(text), (name, text)


# -- the views -------------------------------------------------------------------------------
KIND_OF_TYPE = {CONTROL: "special", UNKNOWN: "unknown", USER_DEFINED: "added",
                UNUSED: "unused", BYTE: "byte_fallback"}


@pytest.mark.parametrize("name", ["ai21", "botchan_bpe", "kyoto", "bpe_fallback_symbols",
                                  "unigram_suffix_fallback", "char", "word"])
def test_every_id_has_the_librarys_piece_and_a_kind_for_its_type(name: str) -> None:
    sp, tok = reference(name), ours(name)
    assert tok.vocab_size == len(sp)
    types = tok.model.vocab.types
    for tid in range(len(sp)):
        assert tok.id_to_token(tid) == tok.token_label(tid) == sp.id_to_piece(tid)
        assert (types[tid] == CONTROL) == sp.is_control(tid)
        assert (types[tid] == UNKNOWN) == sp.is_unknown(tid)
        assert (types[tid] == BYTE) == sp.is_byte(tid)
        kind = tok.token_kind(tid)
        if types[tid] == NORMAL:
            assert kind in ("piece", "char", "merged")
        else:
            assert kind == KIND_OF_TYPE[types[tid]]


@pytest.mark.parametrize("name", ["ai21", "botchan_bpe", "bpe_fallback_symbols",
                                  "unigram_suffix_fallback"])
def test_tokens_cover_the_model_text_and_map_back_to_the_input(name: str) -> None:
    tok = ours(name)
    text = "  Hello,  wörld ﬁ① (日本語) 🙂<sep>ǂ\U000f0001  "
    encoding = tok.encode(text)
    data = encoding.model_text.encode("utf-8")
    pos = 0
    for token in encoding.tokens:
        assert token.span.byte_start == pos
        pos = token.span.byte_end
        assert token.bytes == data[token.span.byte_start:token.span.byte_end]
        start, end = encoding.source_span(token.span.char_start, token.span.char_end)
        assert 0 <= start <= end <= len(text)
    assert pos == len(data)
    kinds = {t.kind for t in encoding.tokens}
    vocab = tok.model.vocab
    if vocab.byte_fallback:
        assert "byte_fallback" in kinds
        # a byte token covers one byte of the character it spells
        assert all(len(t.bytes) == 1 for t in encoding.tokens if t.kind == "byte_fallback")
    else:
        assert "unknown" in kinds
    if "<sep>" in vocab.user_defined:
        assert any(t.kind == "added" and t.label == "<sep>" for t in encoding.tokens)


def test_the_normalizer_maps_each_character_back_to_what_was_typed() -> None:
    tok = ours("botchan_bpe")  # nmt_nfkc: a tab is a space
    text = "  A\tｶﾞ  ①x "
    normalized = tok.normalizer.normalize(text)
    assert normalized.text == reference("botchan_bpe").normalize(text) == "▁A▁ガ▁1x"
    assert normalized.sources is not None
    shown = [text[a:b] for a, b in normalized.sources]
    assert shown == ["", "A", "\t", "ｶﾞ", " ", "①", "x"]


@pytest.mark.parametrize("name", ["botchan_bpe", "bpe_fallback_symbols", "bpe_unused",
                                  "bpe_suffix"])
def test_bpe_playback_replays_the_librarys_merges(name: str) -> None:
    tok = ours(name)
    model = tok.model
    vocab = model.vocab
    for text in ("Hello world, the quick brown fox", "abracadabra <sep> ǂ foo", "日本 x"):
        encoding = tok.encode(text, trace=True)
        assert encoding.traces is not None and len(encoding.traces) == 1
        trace = encoding.traces[0]
        assert list(trace.final_ids) == list(encoding.ids)
        states = list(trace.states())
        piece_bytes = encoding.model_text.encode("utf-8")
        for step, before in zip(trace.steps, states, strict=False):
            left, right = vocab.pieces[step.left_id], vocab.pieces[step.right_id]
            merged = vocab.pieces[step.new_id]
            if vocab.types[step.left_id] != UNKNOWN and vocab.types[step.right_id] != UNKNOWN:
                assert left + right == merged
            assert before[step.position:step.position + 2] == (step.left_id, step.right_id)
            assert piece_bytes[step.byte_start:step.byte_end] == merged.encode("utf-8")
            assert step.rank == model.ranks[step.new_id]


def test_bpe_merges_go_by_score_not_position() -> None:
    """'l'+'l' (score rank 32) goes before '▁'+'H' (132) although it stands further right."""
    tok = ours("botchan_bpe")
    trace = tok.encode("Hello", trace=True).traces[0]
    labels = [(tok.token_label(s.left_id), tok.token_label(s.right_id)) for s in trace.steps]
    assert labels == [("l", "l"), ("▁", "H"), ("▁H", "e")]
    assert [s.rank for s in trace.steps] == sorted(s.rank for s in trace.steps)


def test_bpe_tokens_say_how_they_are_built() -> None:
    tok = ours("botchan_bpe")
    model = tok.model
    checked = 0
    for tid, piece in enumerate(model.vocab.pieces):
        built = model.built_by(tid)
        if model.vocab.types[tid] != NORMAL or len(piece) == 1:
            assert built is None
            continue
        if built is None:  # not what encoding its own text gives
            assert tok.model.encode_piece(piece) != [tid]
            continue
        checked += 1
        assert model.vocab.pieces[built.left_id] + model.vocab.pieces[built.right_id] == piece
        assert tok.model.encode_piece(piece) == [tid]
        assert built.rank == model.ranks[tid]
    assert checked > 900


def test_the_loaded_tokenizer_says_what_it_is() -> None:
    tok = ours("ai21")
    assert tok.name == "ai21-j2-tokenizer"
    assert tok.source.format == "sentencepiece"
    assert tok.source.model_type == "UNIGRAM"
    assert tok.source.sha256 is not None and len(tok.source.sha256) == 64
    assert tok.model.describe() == ("SentencePiece Unigram, 262144 pieces, 26089 control, "
                                    "3 user-defined, unknown '<|unk|>' (id 3), byte fallback")
    assert "nmt_nfkc" in tok.normalizer.describe()
    assert tok.specials.tokens == []  # the library recognises no piece in text
    bpe = ours("botchan_bpe")
    assert bpe.model.describe().startswith("SentencePiece BPE, 1000 pieces")
    assert bpe.model.merge_count == sum(1 for p in bpe.model.vocab.pieces[3:] if len(p) > 1)


def test_a_tokenizer_model_in_a_folder_is_named_after_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "my-model"
    folder.mkdir()
    (folder / "tokenizer.model").write_bytes(model_bytes("botchan_bpe"))
    tok = open_tokenizer(folder)
    assert tok.name == "my-model"
    assert tok.encode_ids("Hello") == reference("botchan_bpe").encode("Hello")


# -- the command line ------------------------------------------------------------------------
def test_the_cli_encodes_decodes_and_inspects_a_model_file() -> None:
    import json

    path = str(real_model("kyoto"))
    text = "東京都に住んでいる。 Hello"
    run = bpelens("encode", "-t", path, "--ids-only", text)
    assert_clean_outcome(run, allow_refusal=False)
    ids = reference("kyoto").encode(text)
    assert json.loads(run.stdout)["ids"] == ids
    run = bpelens("decode", "-t", path, *map(str, ids))
    assert_clean_outcome(run, allow_refusal=False)
    assert json.loads(run.stdout)["text"] == reference("kyoto").decode(ids)
    run = bpelens("inspect", "-t", str(real_model("botchan_bpe")), "Hello world")
    assert_clean_outcome(run, allow_refusal=False)
    assert "SentencePiece BPE" in run.stdout and "rank" in run.stdout


# -- files that are not usable models --------------------------------------------------------
def varint(value: int) -> bytes:
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(number: int, payload: bytes | int | float) -> bytes:
    """One protobuf field: an int is a varint, a float a fixed32, bytes length-delimited."""
    if isinstance(payload, bool | int):
        return varint(number << 3) + varint(int(payload))
    if isinstance(payload, float):
        return varint(number << 3 | 5) + struct.pack("<f", payload)
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def piece(text: bytes, score: float = 0.0, kind: int | None = None) -> bytes:
    body = field(1, text) + field(2, score) + (field(3, kind) if kind is not None else b"")
    return field(1, body)


def small_model(*pieces: bytes, trainer: bytes = b"", normalizer: bytes = b"") -> bytes:
    return b"".join(pieces) + field(2, trainer) + field(3, normalizer)


GOOD_PIECES = (piece(b"<unk>", 0.0, 2), piece(b"<s>", 0.0, 3), piece(b"a", -1.0),
               piece(b"\xe2\x96\x81", -2.0))


def test_the_small_hand_built_model_is_good() -> None:
    data = small_model(*GOOD_PIECES)
    tok = tokenizer_from_model_proto(data, path="small.model")
    assert tok.encode_ids("a ab") == reference_of(data).encode("a ab")


def charsmap(trie_size: int, units: bytes, pool: bytes) -> bytes:
    return struct.pack("<I", trie_size) + units + pool


def charsmap_of(units: dict[int, int], size: int, pool: bytes) -> bytes:
    """A precompiled map from some units; the others carry label 255 (nobody's child here,
    where a zero unit would be the NUL child of the node whose children start there)."""
    table = [units.get(i, 0xFF) for i in range(size)]
    return charsmap(4 * size, struct.pack(f"<{size}I", *table), pool)


BAD_MODELS: dict[str, tuple[bytes, str]] = {
    "empty": (b"", "empty"),
    # The content decides, not the name: a tokenizer.json named *.model is read as one.
    "json": (b'{"version": "1.0", "model": {"type": "BPE"}}', 'needs both "vocab" and "merges"'),
    "not protobuf": (b"\xff" * 40, "malformed or truncated"),
    "no pieces": (field(2, b"") + field(3, b""), "no pieces"),
    "no trainer_spec": (b"".join(GOOD_PIECES) + field(3, b""), "no trainer_spec"),
    "no normalizer_spec": (b"".join(GOOD_PIECES) + field(2, b""), "no normalizer_spec"),
    "unknown piece type": (small_model(*GOOD_PIECES, piece(b"b", 0.0, 9)), "type 9"),
    "piece type 0": (small_model(*GOOD_PIECES, piece(b"b", 0.0, 0)), "type 0"),
    "negative piece type": (small_model(*GOOD_PIECES, piece(b"b", 0.0, -3)), "type -3"),
    "empty piece": (small_model(*GOOD_PIECES, piece(b"", 0.0)), "piece 4 is empty"),
    "piece not utf-8": (small_model(*GOOD_PIECES, piece(b"\xc3(")), "not UTF-8"),
    "NUL in a piece": (small_model(*GOOD_PIECES, piece(b"a\x00b")), "NUL"),
    "duplicate piece": (small_model(*GOOD_PIECES, piece(b"a", -3.0)), "defined twice"),
    "duplicate across types": (small_model(*GOOD_PIECES, piece(b"a", 0.0, 3)),
                               "defined twice"),
    "two unknowns": (small_model(*GOOD_PIECES, piece(b"<unk2>", 0.0, 2)), "second unknown"),
    "no unknown": (small_model(*GOOD_PIECES[1:]), "UNKNOWN"),
    "NaN score": (small_model(*GOOD_PIECES, piece(b"b", math.nan)), "finite"),
    "infinite score": (small_model(*GOOD_PIECES, piece(b"b", -math.inf)), "finite"),
    "byte piece without byte_fallback": (small_model(*GOOD_PIECES, piece(b"<0x41>", 0.0, 6)),
                                         "byte_fallback is false"),
    "bad byte piece": (small_model(*GOOD_PIECES, piece(b"<0x1FF>", 0.0, 6),
                                   trainer=field(35, 1)), "<0x00>"),
    "byte pieces missing": (small_model(*GOOD_PIECES, piece(b"<0x41>", 0.0, 6),
                                        trainer=field(35, 1)), "<0x00> is missing"),
    "model type 7": (small_model(*GOOD_PIECES, trainer=field(3, 7)), "model_type 7"),
    "absurd unk_id": (small_model(*GOOD_PIECES, trainer=field(40, 10**9)), "unk_id"),
    "absurd bos_id": (small_model(*GOOD_PIECES, trainer=field(41, -5)), "bos_id"),
    "charsmap too short": (small_model(*GOOD_PIECES, normalizer=field(2, b"\x01\x00")),
                           "4-byte trie size"),
    "charsmap trie size too large": (
        small_model(*GOOD_PIECES, normalizer=field(2, charsmap(10**6, b"\0" * 8, b"x\0"))),
        "more than"),
    # A size just under the blob's: its units would run past the end (the library reads
    # past its buffer there).
    "charsmap trie size past the end": (
        small_model(*GOOD_PIECES, normalizer=field(2, struct.pack("<I", 8) + b"\0" * 5)),
        "more than the 5 bytes"),
    "charsmap value past the pool": (
        small_model(*GOOD_PIECES, normalizer=field(2, charsmap_of(
            # the root's children start at 1; 'a' is at 1 ^ 0x61 and ends a key whose value
            # (in the unit at its own base, 0x70) is byte 999 of a 2-byte pool
            {0: 1 << 10, 0x60: 0x61 | (1 << 8) | ((0x60 ^ 0x70) << 10), 0x70: (1 << 31) | 999},
            0x71, b"b\0"))), "replacement pool"),
    "charsmap replacement without its NUL": (
        small_model(*GOOD_PIECES, normalizer=field(2, charsmap_of(
            {0: 1 << 10, 0x60: 0x61 | (1 << 8) | ((0x60 ^ 0x70) << 10), 0x70: 1 << 31},
            0x71, b"bcd"))), "terminating NUL"),
}


@pytest.mark.parametrize("problem", list(BAD_MODELS))
def test_a_bad_model_is_one_line_naming_the_file_and_the_problem(problem: str,
                                                                 tmp_path: Path) -> None:
    data, expected = BAD_MODELS[problem]
    path = tmp_path / "broken.model"
    path.write_bytes(data)
    with pytest.raises(TokenizerFileError) as raised:
        open_tokenizer(path)
    message = str(raised.value)
    assert str(path) in message and expected in message, message
    assert "\n" not in message


def test_a_model_that_starts_like_json_still_loads() -> None:
    """A first piece of 116 bytes makes the file start with the bytes of "\\n{"."""
    data = small_model(piece(b"x" * 116), *GOOD_PIECES)
    assert data[:2] == b"\n{"
    tok = tokenizer_from_model_proto(data, path="brace.model")
    assert tok.encode_ids("a") == reference_of(data).encode("a")


def reference_of(data: bytes):
    import sentencepiece as spm

    return spm.SentencePieceProcessor(model_proto=data)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "pipe.model"
    os.mkfifo(path)
    with pytest.raises(TokenizerFileError, match="not a regular file"):
        open_tokenizer(path)


def test_a_renamed_tokenizer_json_and_rank_file_are_refused(tmp_path: Path) -> None:
    for source in (SHARED_DATA / "tokenizers" / "hf" / "llama-spm.tokenizer.json",
                   SHARED_DATA / "tokenizers" / "tiktoken" / "r50k_base.tiktoken"):
        path = tmp_path / "tokenizer.model"
        path.write_bytes(source.read_bytes()[:200_000])
        with pytest.raises(TokenizerFileError) as raised:
            open_tokenizer(path)
        assert str(path) in str(raised.value) and "\n" not in str(raised.value)


@pytest.mark.parametrize("name", ["botchan_bpe", "kyoto"])
def test_every_truncation_of_a_real_model_is_refused(name: str) -> None:
    data = model_bytes(name)
    rng = random.Random(7)
    cuts = sorted({1, 2, 5, 10, 100, 1000, len(data) // 2, len(data) - 1, len(data) - 2,
                   *(rng.randrange(1, len(data)) for _ in range(60))})
    for cut in cuts:
        with pytest.raises(TokenizerFileError) as raised:
            tokenizer_from_model_proto(data[:cut], path="cut.model")
        assert "cut.model" in str(raised.value)


def test_random_bytes_are_refused_quickly() -> None:
    rng = random.Random(3)
    for size in (1, 3, 16, 100, 4096, 100_000):
        for _ in range(20):
            data = rng.randbytes(size)
            with pytest.raises(TokenizerFileError):
                tokenizer_from_model_proto(data, path="noise.model")


def test_random_corruption_of_a_real_model_never_escapes_as_a_traceback() -> None:
    """Bytes flipped anywhere: the file loads (and encodes) or is refused in one line."""
    data = bytearray(model_bytes("botchan_bpe"))
    rng = random.Random(11)
    for _ in range(12):
        corrupt = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            corrupt[rng.randrange(len(corrupt))] = rng.randrange(256)
        try:
            tok = tokenizer_from_model_proto(bytes(corrupt), path="flipped.model")
        except TokenizerFileError as exc:
            assert "\n" not in str(exc)
            continue
        tok.encode_ids("Hello world, 日本語 ﬁ")


def test_too_many_pieces_are_refused_before_anything_is_built() -> None:
    count = sentencepiece_file.MAX_PIECES + 1
    data = piece(b"a") * count + field(2, b"") + field(3, b"")
    with pytest.raises(TokenizerFileError, match="2,097,153 pieces"):
        tokenizer_from_model_proto(data, path="huge.model")


def test_a_file_too_large_is_refused_before_it_is_read(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "big.model"
    path.write_bytes(model_bytes("botchan_bpe"))
    monkeypatch.setattr(sentencepiece_file, "MAX_FILE_BYTES", 1000)
    with pytest.raises(TokenizerFileError, match="far larger"):
        load_sentencepiece(path)


def test_a_charsmap_whose_paths_multiply_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A trie whose nodes are shared so that each level doubles the ways down (no cycle, no
    long key): the walk stops after MAX_PATHS steps instead of walking 2²⁴ paths."""
    from bpelens.core.text import darts_trie

    levels = 24
    units = [0xFF] * (4 * levels + 8)  # label 255: no position here is anybody's child
    units[0] = 4 << 10  # the root's children start at 4
    for level in range(levels):
        base, below = 4 + 4 * level, 8 + 4 * level
        for label in (1, 2):  # two children, both leading to the next level's node
            pos = base ^ label
            units[pos] = label | ((pos ^ below) << 10)
    blob = charsmap(4 * len(units), struct.pack(f"<{len(units)}I", *units), b"\0")
    data = small_model(*GOOD_PIECES, normalizer=field(2, blob))
    monkeypatch.setattr(darts_trie, "MAX_PATHS", 10_000)
    with pytest.raises(TokenizerFileError, match="more than 10,000 paths"):
        tokenizer_from_model_proto(data, path="paths.model")


def test_a_charsmap_with_a_cycle_is_refused() -> None:
    units = [0xFF] * 8
    units[0] = 4 << 10
    units[4 ^ 1] = 1 | (((4 ^ 1) ^ 4) << 10)  # the child of label 1 has its parent's base
    blob = charsmap(4 * len(units), struct.pack(f"<{len(units)}I", *units), b"\0")
    data = small_model(*GOOD_PIECES, normalizer=field(2, blob))
    with pytest.raises(TokenizerFileError, match="cycle"):
        tokenizer_from_model_proto(data, path="cycle.model")


def test_the_cli_reports_a_bad_model_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.model"
    path.write_bytes(model_bytes("kyoto")[:5000])
    run = bpelens("encode", "-t", str(path), "hello")
    assert_clean_outcome(run)
    assert run.returncode == 2 and "broken.model" in run.stderr
