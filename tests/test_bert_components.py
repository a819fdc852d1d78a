"""BertNormalizer, BertPreTokenizer, StripAccents and the WordPiece decoder against Hugging Face
``tokenizers``: every code point, the NTREX-128 lines (26 languages) and hypothesis text."""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpelens.core.errors import ConfigError
from bpelens.core.formats.hf_json import build_decoder, build_normalizer, build_pretokenizer
from bpelens.core.pipeline.decoders import WordPieceDecoder
from bpelens.core.pipeline.normalizers.base import NormalizedText
from bpelens.core.pipeline.normalizers.bert import BertNormalizer, StripAccents
from bpelens.core.pipeline.pre_tokenizers.bert import BertPreTokenizer
from bpelens.core.text.hf_unicode import lowercase_str, nfd_str

from conftest import SHARED_DATA, needs_shared_data

tokenizers = pytest.importorskip("tokenizers")
hf_normalizers = tokenizers.normalizers
hf_pre_tokenizers = tokenizers.pre_tokenizers
hf_decoders = tokenizers.decoders

BERT_FILE = SHARED_DATA / "tokenizers" / "hf" / "bert-base-uncased-minilm.tokenizer.json"
NTREX = SHARED_DATA / "parallel" / "ntrex128"

# Every code point Python strings can hand to Rust (no surrogates).
ALL_CHARS = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)
# The same, each between two letters: no character can interact with its neighbour.
ALL_SEPARATED = "a" + "a".join(ALL_CHARS) + "a"

CONFIGS = [
    {"clean_text": c, "handle_chinese_chars": h, "strip_accents": s, "lowercase": lo}
    for c in (True, False) for h in (True, False) for s in (None, True, False)
    for lo in (True, False)
]


def hf_bert_normalizer(config: dict) -> object:
    return hf_normalizers.BertNormalizer(**config)


def first_difference(a: str, b: str) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return f"at {i}: HF {a[i - 3 : i + 3]!r} vs ours {b[i - 3 : i + 3]!r}"


def assert_sources_consistent(text: str, result: NormalizedText) -> None:
    if result.sources is None:
        return
    assert len(result.sources) == len(result.text)
    previous = 0
    for start, end in result.sources:
        assert 0 <= start <= end <= len(text)
        assert start >= previous
        previous = start


@cache
def ntrex_lines() -> tuple[str, ...]:
    files = sorted(NTREX.glob("*.txt"))
    assert len(files) == 26, files
    lines: list[str] = []
    for path in files:
        lines.extend(line.rstrip("\r") for line in path.read_text("utf-8").split("\n"))
    return tuple(lines)


@cache
def hf_bert() -> object:
    hf = tokenizers.Tokenizer.from_file(str(BERT_FILE))
    hf.no_padding()
    hf.no_truncation()
    return hf


@cache
def bert_config() -> dict:
    return json.loads(Path(BERT_FILE).read_text("utf-8"))


# -- every code point ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        {"clean_text": True, "handle_chinese_chars": False, "strip_accents": False,
         "lowercase": False},
        {"clean_text": False, "handle_chinese_chars": True, "strip_accents": False,
         "lowercase": False},
        {"clean_text": False, "handle_chinese_chars": False, "strip_accents": True,
         "lowercase": False},
        {"clean_text": False, "handle_chinese_chars": False, "strip_accents": False,
         "lowercase": True},
        {"clean_text": True, "handle_chinese_chars": True, "strip_accents": None,
         "lowercase": True},
    ],
    ids=["clean_text", "chinese", "strip_accents", "lowercase", "uncased"],
)
def test_bert_normalizer_every_code_point(config: dict) -> None:
    hf, ours = hf_bert_normalizer(config), BertNormalizer(**config)
    for text in (ALL_CHARS, ALL_SEPARATED):
        expected, got = hf.normalize_str(text), ours.normalize_str(text)
        assert got == expected, first_difference(expected, got)


def test_bert_normalizer_aligned_every_code_point() -> None:
    ours = BertNormalizer()
    result = ours.normalize(ALL_CHARS)
    assert result.text == hf_bert_normalizer({}).normalize_str(ALL_CHARS)
    assert_sources_consistent(ALL_CHARS, result)


def test_pre_tokenizer_every_code_point() -> None:
    expected = hf_pre_tokenizers.BertPreTokenizer().pre_tokenize_str(ALL_SEPARATED)
    ours = BertPreTokenizer()
    assert ours.split(ALL_SEPARATED) == [offsets for _, offsets in expected]
    assert ours.split_str(ALL_SEPARATED) == [word for word, _ in expected]


def test_strip_accents_every_code_point() -> None:
    expected = hf_normalizers.StripAccents().normalize_str(ALL_CHARS)
    assert StripAccents().normalize_str(ALL_CHARS) == expected
    result = StripAccents().normalize(ALL_CHARS)
    assert result.text == expected
    assert_sources_consistent(ALL_CHARS, result)


def test_nfd_and_lowercase_every_code_point() -> None:
    assert nfd_str(ALL_SEPARATED) == hf_normalizers.NFD().normalize_str(ALL_SEPARATED)
    assert lowercase_str(ALL_CHARS) == hf_normalizers.Lowercase().normalize_str(ALL_CHARS)


def test_canonical_reordering_every_mark() -> None:
    """HF gives marks its tables do not know combining class 0: reordering stops there."""
    hf = hf_normalizers.NFD()
    marks = [c for c in ALL_CHARS if unicodedata.combining(c)]
    probes = ("\u0334", "\u0345", "\u0301", "\u0316")  # combining classes 1, 240, 230, 220
    texts = [t for c in marks for p in probes for t in (f"a{c}{p}", f"a{p}{c}")]
    for text in texts:
        assert nfd_str(text) == hf.normalize_str(text), [hex(ord(c)) for c in text]
        got = BertNormalizer(strip_accents=True, lowercase=False).normalize(text)
        assert_sources_consistent(text, got)


# -- HF semantics, spelled out ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "config", "expected"),
    [
        # strip_accents=None follows lowercase.
        ("Café Ünïcode", {}, "cafe unicode"),
        ("Café Ünïcode", {"lowercase": False}, "Café Ünïcode"),
        ("Café", {"lowercase": True, "strip_accents": False}, "café"),
        ("Café", {"lowercase": False, "strip_accents": True}, "Cafe"),
        # Lowercasing is per character: no final sigma.
        ("ΟΔΟΣ ΟΔΟΣ.", {}, "οδοσ οδοσ."),
        ("İ", {"strip_accents": False}, "i\u0307"),
        # clean_text: controls (not \t\n\r, but \x0b) go, other whitespace becomes " ".
        ("a\tb\nc\rd\x00e\ufffdf\u200bg\u3000h\x0bi", {}, "a b c defg hi"),
        # U+001C..U+001F are Cc (removed), although Python's isspace() says whitespace.
        ("a\x1cb", {}, "ab"),
        # Unassigned code points are kept, private use removed.
        ("a\u0378b\ue000c", {}, "a\u0378bc"),
        # Only CJK ideographs are spaced out; kana and hangul stay in their words.
        ("日本語かなカナ한국어", {"strip_accents": False}, " 日  本  語 かなカナ한국어"),
        # Stripping accents decomposes (NFD): hangul syllables become jamo.
        ("한", {}, "\u1112\u1161\u11ab"),
    ],
)
def test_bert_normalizer_semantics(text: str, config: dict, expected: str) -> None:
    ours = BertNormalizer(**config)
    assert ours.normalize_str(text) == expected
    assert hf_bert_normalizer(config).normalize_str(text) == expected
    result = ours.normalize(text)
    assert result.text == expected
    assert_sources_consistent(text, result)


def test_normalize_sources_map_back() -> None:
    text = "Ünï 日X\x00"
    result = BertNormalizer().normalize(text)
    assert result.text == "uni  日 x"
    assert result.sources == (
        (0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (4, 5), (4, 5), (5, 6)
    )
    assert BertNormalizer().normalize("plain text").sources is None


def test_pre_tokenizer_semantics() -> None:
    ours = BertPreTokenizer()
    text = "Hey friend!     How are you?!? $5+3=8 don't a\u2e43b \u166d x\x1fy"
    expected = hf_pre_tokenizers.BertPreTokenizer().pre_tokenize_str(text)
    assert ours.split_str(text) == [w for w, _ in expected]
    assert ours.split(text) == [o for _, o in expected]
    # ASCII symbols count as punctuation; U+2E43 (added after HF's tables) does not, U+166D
    # (punctuation in HF's tables, a symbol today) does; U+001F is not whitespace in Rust.
    assert ours.split_str(text) == [
        "Hey", "friend", "!", "How", "are", "you", "?", "!", "?", "$", "5", "+", "3", "=", "8",
        "don", "'", "t", "a\u2e43b", "\u166d", "x\x1fy",
    ]


def test_decoder_semantics() -> None:
    tokens = ["##uelo", "ara", "##új", "##o", "do not", ",", "it", "'", "s", "n't", "."]
    for cleanup in (True, False):
        ours = WordPieceDecoder(cleanup=cleanup)
        assert ours.decode(tokens) == hf_decoders.WordPiece(cleanup=cleanup).decode(tokens)
    assert WordPieceDecoder().decode(tokens) == "##uelo araújo don't, it ' sn't."
    assert WordPieceDecoder(cleanup=False).decode(tokens) == "##uelo araújo do not , it ' s n't ."
    assert WordPieceDecoder().decode([]) == ""


def test_configs_round_trip_and_reject_bad_fields() -> None:
    config = {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": False,
              "strip_accents": None, "lowercase": True}
    assert build_normalizer(config).to_config() == config
    no_strip = {k: v for k, v in config.items() if k != "strip_accents"}
    assert build_normalizer(no_strip).to_config()["strip_accents"] is None
    with pytest.raises(ConfigError, match="clean_text is missing"):  # HF requires it too
        build_normalizer({"type": "BertNormalizer"})
    assert build_pretokenizer({"type": "BertPreTokenizer"}).to_config() == {
        "type": "BertPreTokenizer"
    }
    assert build_normalizer({"type": "StripAccents"}).to_config() == {"type": "StripAccents"}
    dec = {"type": "WordPiece", "prefix": "@@", "cleanup": False}
    assert build_decoder(dec).to_config() == dec
    with pytest.raises(ConfigError, match="lowercase"):
        build_normalizer({**config, "lowercase": "yes"})
    with pytest.raises(ConfigError, match="prefix"):
        build_decoder({"type": "WordPiece", "prefix": 3})
    with pytest.raises(ConfigError, match="cleanup"):
        build_decoder({"type": "WordPiece", "prefix": "##", "cleanup": None})


# -- the real BERT file and NTREX-128 -----------------------------------------------------


@needs_shared_data
def test_file_components_are_the_ones_implemented() -> None:
    config = bert_config()
    assert build_normalizer(config["normalizer"]).to_config() == config["normalizer"]
    assert build_pretokenizer(config["pre_tokenizer"]).to_config() == config["pre_tokenizer"]
    assert build_decoder(config["decoder"]).to_config() == config["decoder"]


@needs_shared_data
def test_normalizer_and_pre_tokenizer_on_ntrex() -> None:
    hf = hf_bert()
    normalizer = build_normalizer(bert_config()["normalizer"])
    pre = BertPreTokenizer()
    lines = ntrex_lines()
    compared = 0
    for line in lines:
        expected = hf.normalizer.normalize_str(line)
        got = normalizer.normalize_str(line)
        assert got == expected, (line, first_difference(expected, got))
        aligned = normalizer.normalize(line)
        assert aligned.text == expected
        assert_sources_consistent(line, aligned)
        for text in (got, line):
            words = hf.pre_tokenizer.pre_tokenize_str(text)
            assert pre.split(text) == [o for _, o in words], text
            assert pre.split_str(text) == [w for w, _ in words], text
        compared += 1
    assert compared == len(lines) > 50_000


@needs_shared_data
def test_decoder_on_ntrex_encodings() -> None:
    hf = hf_bert()
    decoder = build_decoder(bert_config()["decoder"])
    encodings = hf.encode_batch(list(ntrex_lines()), add_special_tokens=False)
    for encoding in encodings:
        assert decoder.decode(encoding.tokens) == hf.decoder.decode(encoding.tokens)


# -- hypothesis -----------------------------------------------------------------------------

# Any code point, plus a bias towards the characters where the classes disagree or act.
INTERESTING = (
    "\t\n\r\x00\x0b\x0c\x1c\x1f\x7f\x85\xa0\xad\u0378\u0301\u0316\u0334\u0345\u0340\u07fd"
    "\u0890\u166d\u1734\u1cf2\u200b\u2028\u2e43\u3000\ue000\ufeff\ufffdΣσİẞǅ日本語かな한"
    "\U00011938\U00011935\U00011930\U00010d50\U00016ea0\U0001f600\U0001f970\U000e0041"
    "\U000f0000.,!?'-#$"
)
CHARS = st.one_of(
    st.characters(blacklist_categories=("Cs",)),
    st.sampled_from(INTERESTING),
    st.characters(min_codepoint=0x300, max_codepoint=0x36F),  # combining accents
    st.characters(min_codepoint=0x4E00, max_codepoint=0x4E80),  # CJK
    st.characters(min_codepoint=0x1F300, max_codepoint=0x1FAFF),  # emoji
    st.sampled_from("aeiouAEIOU "),
)
TEXT = st.text(CHARS, max_size=60)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXT, config=st.sampled_from(CONFIGS))
def test_hypothesis_bert_normalizer(text: str, config: dict) -> None:
    ours = BertNormalizer(**config)
    expected = hf_bert_normalizer(config).normalize_str(text)
    assert ours.normalize_str(text) == expected
    result = ours.normalize(text)
    assert result.text == expected
    assert_sources_consistent(text, result)


@settings(max_examples=400, deadline=None)
@given(text=TEXT)
def test_hypothesis_pre_tokenizer(text: str) -> None:
    hf = hf_pre_tokenizers.BertPreTokenizer()
    for piece in (text, BertNormalizer().normalize_str(text)):
        expected = hf.pre_tokenize_str(piece)
        assert BertPreTokenizer().split(piece) == [o for _, o in expected]
        assert BertPreTokenizer().split_str(piece) == [w for w, _ in expected]


@settings(max_examples=300, deadline=None)
@given(text=TEXT)
def test_hypothesis_strip_accents(text: str) -> None:
    for piece in (text, unicodedata.normalize("NFD", text)):
        expected = hf_normalizers.StripAccents().normalize_str(piece)
        result = StripAccents().normalize(piece)
        assert StripAccents().normalize_str(piece) == result.text == expected
        assert_sources_consistent(piece, result)


@settings(max_examples=300, deadline=None)
@given(
    tokens=st.lists(st.one_of(TEXT, st.builds(lambda t: "##" + t, TEXT),
                              st.sampled_from([".", ",", "'", "s", "n't", "do not", "##"]))),
    cleanup=st.booleans(),
    prefix=st.sampled_from(["##", "@@", ""]),
)
def test_hypothesis_decoder(tokens: list[str], cleanup: bool, prefix: str) -> None:
    expected = hf_decoders.WordPiece(prefix=prefix, cleanup=cleanup).decode(tokens)
    assert WordPieceDecoder(prefix, cleanup).decode(tokens) == expected
