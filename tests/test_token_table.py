"""The columns the GUI reads equal the full encoding, column for column, whichever path
built them; the fast path is taken where it is exact."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.app.demo_data import load_demo
from bpelens.core import Tokenizer, TrainingConfig, train
from bpelens.core.results.token_table import table_from_encoding, token_table

from conftest import SHARED_DATA
from fidelity_helpers import EMOJI, SPECIAL_STRINGS, WHITESPACE

FRAGMENTS = st.one_of(
    st.text(max_size=10), st.sampled_from(WHITESPACE), st.sampled_from(EMOJI),
    st.sampled_from([*SPECIAL_STRINGS, "<|end|>", "Hello", " world", "日本語", "مرحبا",
                     "नमस्ते", "e\u0301", "ﬁ", "\ud800", "A猫🙂"]),
)
TEXTS = st.lists(FRAGMENTS, max_size=8).map("".join)
COLUMNS = ("text", "model_text", "ids", "byte_starts", "byte_ends", "char_starts", "char_ends",
           "partial", "from_special", "piece_byte_starts", "piece_byte_ends", "piece_special",
           "char_bytes", "specials_found", "specials_recognised", "decoded",
           "replaced_surrogates")


def _with_specials() -> Tokenizer:
    corpus = ["Hello world, 日本語 and مرحبا", "नमस्ते world 🙂"] * 3
    model = train(corpus, TrainingConfig(vocab_size=300, level="byte")).tokenizer.model
    return Tokenizer(model, pretokenizer="o200k_base",
                     special_tokens={"<|end|>": 300, "<|endoftext|>": 301})


TOKENIZERS = {
    "demo-byte": lambda: load_demo("demo-multilingual-byte"),
    "demo-char": lambda: load_demo("demo-english-char"),
    "byte+specials": _with_specials,
}
SHARED = {
    "o200k": "tiktoken/o200k_base.tiktoken", "qwen3": "hf/qwen3.tokenizer.json",
    "llama-spm": "hf/llama-spm.tokenizer.json",
    "bert": "hf/bert-base-uncased-minilm.tokenizer.json",
    "pegasus": "hf/pegasus-unigram.tokenizer.json",
}
if SHARED_DATA.is_dir():
    from bpelens.core import open_tokenizer

    for _name, _path in SHARED.items():
        TOKENIZERS[_name] = (lambda p: lambda: open_tokenizer(SHARED_DATA / "tokenizers" / p))(
            _path)
_loaded: dict[str, Tokenizer] = {}


def loaded(name: str) -> Tokenizer:
    if name not in _loaded:
        _loaded[name] = TOKENIZERS[name]()
    return _loaded[name]


def assert_same(tokenizer: Tokenizer, text: str, special: str) -> None:
    table = token_table(tokenizer, text, special=special)
    full = table_from_encoding(tokenizer, tokenizer.encode(text, special=special))
    for column in COLUMNS:
        assert getattr(table, column) == getattr(full, column), column
    encoding = full.encoding
    assert [table.kind(i) for i in range(len(table))] == [t.kind for t in encoding.tokens]
    assert [table.token_bytes(i) for i in range(len(table))] == [t.bytes for t in
                                                                 encoding.tokens]


@pytest.mark.parametrize("name", sorted(TOKENIZERS))
@settings(max_examples=60, deadline=None)
@given(text=TEXTS, special=st.sampled_from(["all", "none"]))
def test_columns_equal_the_full_encoding(name, text, special):
    assert_same(loaded(name), text, special)


def test_fast_path_where_exact_and_full_path_where_not():
    byte = loaded("byte+specials")
    table = token_table(byte, "Hello <|end|> 猫")
    assert table.fast
    assert table.kind(table.token_at_char(6)) == "special"
    assert table.from_special.count(True) == 1
    assert table.partial.count(True) >= 1  # 猫 is split into bytes by a 300-token vocabulary
    # An end-of-word marker: decoding is more than joining the tokens' bytes, so the full walk
    char = loaded("demo-char")
    table = token_table(char, "the cat")
    assert not table.fast
    assert_same(char, "the cat", "all")


def test_lookups_by_position():
    table = token_table(loaded("demo-byte"), "A猫🙂 hello")
    assert table.tokens_in_bytes(0, table.byte_count) == range(len(table))
    first = table.token_at_byte(0)
    assert first == 0
    assert table.token_at_byte(table.byte_count) is None
    inside = table.tokens_in_bytes(2, 3)  # a byte inside 猫
    assert all(table.byte_starts[i] < 3 and table.byte_ends[i] > 2 for i in inside)
    assert len(inside) == 1


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is not here")
def test_real_tokenizers_take_the_fast_path_on_ordinary_text():
    text = "Hello, 世界! مرحبا नमस्ते 👍🏽\n  indented <|im_end|> 3.14159"
    for name in ("o200k", "qwen3"):
        assert token_table(loaded(name), text).fast, name
    # SentencePiece's ▁ and BERT's lower-casing rewrite the text: the full path, still equal
    for name in ("llama-spm", "bert"):
        table = token_table(loaded(name), text)
        assert not table.fast
        assert_same(loaded(name), text, "all")


class _Stop(Exception):
    pass


@pytest.mark.parametrize("name", ["demo-byte", "demo-char"])
def test_progress_is_reported_and_can_stop_a_long_encoding(name):
    tokenizer = loaded(name)
    text = ("Hello world, the tokens go on and on. " * 30 + "\n") * 300  # ~350 KB of lines
    seen: list[float] = []
    table = token_table(tokenizer, text, progress=seen.append)
    assert len(seen) >= 3 and seen == sorted(seen) and seen[0] >= 0 and seen[-1] <= 1
    assert table.ids == tokenizer.encode_ids(text)

    def stop(fraction: float) -> None:
        if fraction > 0.2:
            raise _Stop

    with pytest.raises(_Stop):
        token_table(tokenizer, text + "x", progress=stop)


def test_columns_are_compact():
    table = token_table(loaded("demo-byte"), "Hello world 猫🙂 " * 2000)
    from array import array

    for name in ("byte_starts", "byte_ends", "char_starts", "char_ends", "char_bytes",
                 "piece_byte_starts", "piece_byte_ends"):
        assert isinstance(getattr(table, name), array), name
    assert isinstance(table.partial, bytes) and isinstance(table.from_special, bytes)


@pytest.mark.parametrize("name", ["demo-byte", "byte+specials", *(
    ["o200k", "qwen3"] if SHARED_DATA.is_dir() else [])])
def test_a_text_of_many_slices_gives_the_columns_of_the_full_encoding(name, monkeypatch):
    """Pieces are split by groups of lines (a short regex pass each) as the encoder split
    them; with slices of 2,000 characters this text is cut into about twenty."""
    import bpelens.core.fast.encoder as encoder_module

    monkeypatch.setattr(encoder_module, "SLICE_CHARS", 2000)
    lines = ["Hello world, 日本語 and مرحبا", "  indented <|end|> 3.14159", "", "नमस्ते 🙂",
             "trailing space \n", "x" * 50]
    text = "\n".join(lines[i % len(lines)] + f" line {i}" for i in range(1200))
    tokenizer = TOKENIZERS[name]()  # a fresh one: no line cached yet
    assert_same(tokenizer, text, "all")
    assert token_table(tokenizer, text).fast


@pytest.mark.parametrize("limit", [1 << 16, 8])
def test_tables_of_a_text_being_edited_equal_the_full_encoding(limit, monkeypatch):
    """While the user types, each line's pieces come from the cache of lines (a line of 300
    spaces has a piece too long for a byte, and a cache of 8 lines keeps being emptied):
    every table still equals the full encoding."""
    import bpelens.core.fast.encoder as encoder_module

    monkeypatch.setattr(encoder_module, "CHUNK_CACHE_LIMIT", limit)
    tokenizer = _with_specials()
    lines = [f"Line {i}: Hello world, 日本語 <|end|> 🙂" for i in range(40)]
    lines[7] = "Wide" + " " * 300 + "gap"
    text = "\n".join(lines)
    for edit in ("", "x", "xy", " 猫", "\nNew line here"):
        text = text.replace("Line 20:", "Line 20:" + edit, 1)
        assert_same(tokenizer, text, "all")
        assert token_table(tokenizer, text).fast
    cached = tokenizer.fast.line_pieces
    assert 0 < len(cached) <= max(limit, 41)
    assert any(isinstance(v, list) for v in cached.values()) == (limit > 8)


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is not here")
def test_a_tiktoken_tokens_merge_rank_is_the_rank_of_its_bytes_in_the_file():
    import base64

    from bpelens.core import token_info

    tokenizer = loaded("o200k")
    table = token_table(tokenizer, "Hello world")
    info = token_info(tokenizer, table, 1)
    lines = (SHARED_DATA / "tokenizers" / SHARED["o200k"]).read_bytes().split(b"\n")
    file_rank = next(int(rank) for token, rank in (line.split() for line in lines if line)
                     if base64.b64decode(token) == b" world")
    assert info.data == b" world" and info.rank == file_rank
    assert info.left is not None and info.right is not None  # the pair that builds it


def test_an_id_the_model_and_the_added_vocabulary_share_has_the_kind_of_where_it_came_from():
    model = loaded("demo-byte").model
    spelled = "hello world"
    shared = next(i for i in Tokenizer(model).encode_ids(spelled) if model.kind(i) == "merged")
    tokenizer = Tokenizer(model, special_tokens={"<|x|>": shared})
    assert tokenizer.kinds.of_model(shared) == "merged"
    assert tokenizer.kinds.of_added(shared) == "special"
    table = token_table(tokenizer, f"<|x|>{spelled}", special="all")
    assert table.ids[0] == shared and table.kind(0) == "special"
    from_model = [i for i in range(1, len(table)) if table.ids[i] == shared]
    assert from_model and all(table.kind(i) == "merged" for i in from_model)
