"""Normalizers, special tokens, pre-tokenizers and decoding, each showing its pieces."""

import itertools
import json

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bpelens.core import (
    BPEModel,
    ConfigError,
    DecodeError,
    Tokenizer,
    TrainingConfig,
    make_normalizer,
    make_pretokenizer,
    train,
)
from bpelens.core.pipeline.pre_tokenizers.base import REGEX_PRESETS, translate_pattern
from bpelens.core.text.units import clean_surrogates

from conftest import SHARED_DATA, needs_shared_data

BYTE_MODEL = BPEModel(level="byte", merges=[(ord("h"), ord("i"), 256)])


@pytest.fixture(scope="module")
def trained() -> Tokenizer:
    text = ["Hello world, hello tokens! 日本語のトークン化 123456"] * 3
    return train(text, TrainingConfig(vocab_size=300, special_tokens=("<|im_end|>", "<|eot|>")
                                      )).tokenizer


@pytest.mark.parametrize("form", ["nfc", "nfkc", "nfd", "nfkd"])
@given(text=st.text(max_size=30))
@example(text="\U00011938")
@settings(max_examples=80)
def test_unicode_forms_normalize_and_align(form, text):
    from tokenizers import normalizers as hf_normalizers

    norm = make_normalizer(form).normalize(text)
    # As Hugging Face normalizes: with Unicode 9's tables (Python's are newer, and decompose
    # e.g. U+11938 DIVES AKURU VOWEL SIGN O, assigned in Unicode 13).
    assert norm.text == getattr(hf_normalizers, form.upper())().normalize_str(text)
    if norm.sources is not None:
        assert len(norm.sources) == len(norm.text)
        starts = [s for s, _ in norm.sources]
        assert starts == sorted(starts)
        assert all(0 <= s < e <= len(text) for s, e in norm.sources)


def test_normalized_tokens_map_back_to_what_was_typed():
    tok = Tokenizer(BYTE_MODEL, normalizer="nfc")
    typed = "Cafe\u0301!"
    enc = tok.encode(typed)
    assert enc.normalized and enc.model_text == "Café!"
    e_acute = [t for t in enc.tokens if t.span.char_start == 3 and not t.span.starts_inside]
    assert enc.source_span(e_acute[0].span.char_start, e_acute[0].span.char_end) == (3, 5)
    assert not enc.round_trip and enc.round_trip_model_text


def test_lowercase_and_sequences():
    assert make_normalizer("lowercase").normalize_str("ÀΣΣ") == "àσσ"  # per character
    seq = make_normalizer({"type": "sequence", "normalizers": ["nfkc", "lowercase"]})
    assert seq.normalize_str("ＡＢＣ") == "abc"
    with pytest.raises(ConfigError, match=r"unknown normalizer 'nfx'.*nfc"):
        make_normalizer("nfx")


@pytest.mark.parametrize(("mode", "expected_special"), [("all", True), ("none", False)])
def test_special_tokens_recognised_or_plain(trained, mode, expected_special):
    text = "こんにちは<|im_end|>さようなら"
    enc = trained.encode(text, special=mode)
    special_id = trained.specials.ids["<|im_end|>"]
    assert (special_id in enc.ids) == expected_special
    assert [m.token for m in enc.specials_found] == ["<|im_end|>"]
    assert bool(enc.specials_recognised) == expected_special
    assert bool(enc.specials_as_text) != expected_special
    assert trained.decode(enc.ids) == text
    assert enc.round_trip


def test_special_tokens_given_set(trained):
    text = "<|eot|>x<|im_end|>"
    ids = trained.encode_ids(text, special={"<|eot|>"})
    assert ids[0] == trained.specials.ids["<|eot|>"]
    assert trained.specials.ids["<|im_end|>"] not in ids
    with pytest.raises(ConfigError, match="not special tokens"):
        trained.encode_ids(text, special={"<|nope|>"})


def test_stages_show_pieces_with_offsets(trained):
    enc = trained.encode("Hello 猫<|eot|>")
    assert [(p.text, p.kind) for p in enc.segments] == [
        ("Hello 猫", "text"), ("<|eot|>", "special")]
    assert [(p.span.byte_start, p.span.byte_end) for p in enc.segments] == [(0, 9), (9, 16)]
    assert [p.text for p in enc.pieces] == ["Hello", " 猫", "<|eot|>"]
    assert [(p.span.byte_start, p.span.byte_end) for p in enc.pieces] == [(0, 5), (5, 9), (9, 16)]
    assert [(p.span.char_start, p.span.char_end) for p in enc.pieces] == [(0, 5), (5, 7), (7, 14)]
    assert [p.kind for p in enc.pieces] == ["text", "text", "special"]
    # Tokens tile the bytes of the text exactly.
    assert next(t.span.byte_start for t in enc.tokens) == 0
    for a, b in itertools.pairwise(enc.tokens):
        assert a.span.byte_end == b.span.byte_start


def test_pretokenizer_kinds():
    assert make_pretokenizer("whitespace").split_str("  low  lower ") == ["low", "lower"]
    assert make_pretokenizer("digits").split_str("ab123c") == ["ab", "1", "2", "3", "c"]
    assert make_pretokenizer("none").split_str("a b") == ["a b"]
    seq = make_pretokenizer({"type": "sequence", "pretokenizers": ["gpt2", "digits"]})
    assert seq.split_str("x 2024") == ["x", " ", "2", "0", "2", "4"]
    custom = make_pretokenizer({"type": "regex", "pattern": "[a-z]+"})
    assert custom.split_str("ab, cd") == ["ab", ", ", "cd"]  # gaps are kept, not dropped
    with pytest.raises(ConfigError, match="does not compile"):
        make_pretokenizer({"type": "regex", "pattern": "(["})


def test_dollar_means_end_of_text():
    assert translate_pattern(r"\s++$|[$]") == r"\s++\Z|[$]"
    pre = make_pretokenizer("r50k_base")
    assert pre.split_str("a \n") == ["a", " \n"]


def test_qwen_splits_digits_one_by_one_and_llama3_in_threes():
    assert make_pretokenizer("qwen3").split_str("2026") == ["2", "0", "2", "6"]
    assert make_pretokenizer("llama3").split_str("1234567") == ["123", "456", "7"]
    assert make_pretokenizer("o200k_base").split_str(" I'LL DON'T") == [" I'LL", " DON'T"]


@needs_shared_data
@pytest.mark.parametrize("name", ["r50k_base", "p50k_base", "cl100k_base", "o200k_base"])
def test_presets_are_tiktokens_patterns(name):
    encodings = json.loads(
        (SHARED_DATA / "tokenizers" / "tiktoken" / "encodings.json").read_text("utf-8"))
    assert REGEX_PRESETS[name] == encodings["encodings"][name]["pat_str"]


@needs_shared_data
@pytest.mark.parametrize(("preset", "file"), [("qwen2", "qwen3"), ("llama3", "llama3")])
def test_presets_are_the_tokenizer_json_patterns(preset, file):
    data = json.loads((SHARED_DATA / "tokenizers" / "hf" / f"{file}.tokenizer.json").read_text())
    split = data["pre_tokenizer"]["pretokenizers"][0]
    assert REGEX_PRESETS[preset] == split["pattern"]["Regex"]


@needs_shared_data
def test_gpt2_spelling_and_tiktoken_spelling_split_alike(shared_data):
    text = (shared_data / "parallel" / "ntrex128" / "newstest2019-src.eng.txt").read_text()
    text += "  x\n\n  \t y  "
    original = regex.compile(REGEX_PRESETS["gpt2"])
    tiktoken_spelling = regex.compile(translate_pattern(REGEX_PRESETS["r50k_base"]))
    assert original.findall(text) == tiktoken_spelling.findall(text)


@given(st.text())
@settings(max_examples=300)
def test_byte_level_round_trips_any_text(text):
    tok = Tokenizer(BYTE_MODEL, pretokenizer="o200k_base", special_tokens={"<|x|>": 999})
    ids = tok.encode_ids(text)
    assert tok.decode(ids) == clean_surrogates(text)[0]
    enc = tok.encode(text)
    assert list(enc.ids) == ids
    assert enc.round_trip == (not enc.replaced_surrogates)


def test_decode_concatenates_bytes_before_decoding():
    tok = Tokenizer(BYTE_MODEL)
    ids = tok.encode_ids("猫")
    assert tok.decode(ids) == "猫"
    assert tok.decode(ids[:2], errors="replace") == "\ufffd"
    with pytest.raises(DecodeError, match="not valid UTF-8 at byte 0"):
        tok.decode(ids[:2])
    with pytest.raises(DecodeError, match="id 5000 at position 1"):
        tok.decode([104, 5000])


@pytest.mark.parametrize(("ids", "position"), [([104, -1], 1), ([1.5, 104], 0),
                                                ([104, 104, "a"], 2)])
def test_decode_names_a_bad_id_and_where_it_is(ids, position):
    tok = Tokenizer(BYTE_MODEL, special_tokens={"<|end|>": 300})
    with pytest.raises(DecodeError, match=f"at position {position}"):
        tok.decode_bytes(ids)
    # an id between the model's last and an added token's is not a token either
    with pytest.raises(DecodeError, match="id 299 at position 0"):
        tok.decode_bytes([299])
    assert tok.decode_bytes([104, 300, 105]) == b"h<|end|>i"


@needs_shared_data
@pytest.mark.parametrize("name", ["hf/falcon.tokenizer.json", "hf/llama-spm.tokenizer.json",
                                  "tiktoken/o200k_base.tiktoken",
                                  "sentencepiece/botchan_en_bpe_1000.model"])
def test_any_piece_traced_alone_gives_its_tokens(name):
    """A piece keeps what the model was given (falcon: GPT-2's byte spelling, Digits after
    ByteLevel; llama: ▁ for spaces), so tracing it alone replays exactly its tokens."""
    from bpelens.core import open_tokenizer

    tokenizer = open_tokenizer(SHARED_DATA / "tokenizers" / name)
    text = "Hello  wörld 1234567 ৎ¾ 日本語の テキスト <|endoftext|> ok"
    encoding = tokenizer.encode(text)
    traced = 0
    for piece in encoding.pieces:
        if piece.special_id is not None:
            assert piece.model_input == ""
            continue
        own = [t.id for t in encoding.tokens if t.piece_index == piece.index]
        assert tokenizer.model.encode_piece(piece.model_input) == own, piece
        trace = tokenizer.model.trace_piece(piece.model_input)
        if trace is not None:
            initial, final, steps = trace
            assert final == own
            if not name.startswith("sentencepiece/"):
                # Replaying the steps reaches the tokens. (SentencePiece's own BPE applies
                # its unknown-character rules after the merges; trace_piece says so.)
                state = list(initial)
                for step in steps:
                    assert state[step.position : step.position + 2] == [step.left_id,
                                                                         step.right_id]
                    state[step.position : step.position + 2] = [step.new_id]
                assert state == own
            traced += 1
    assert traced >= 1  # (llama-spm: the whole text is one piece)
