"""`encode` writes its JSON from a TokenTable's columns, chunk by chunk: the very text
``json.dumps(encoding_dict(...))`` gives for the full Encoding, on any text and tokenizer."""

from __future__ import annotations

import io
import json
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.app.cli.json_output import encoding_dict
from bpelens.app.cli.json_stream import write_ids_json, write_table_json
from bpelens.app.demo_data import load_demo
from bpelens.core import open_tokenizer
from bpelens.core.results.token_table import token_table

from cli_helpers import bpelens_bytes
from conftest import SHARED_DATA

TOKENIZERS = SHARED_DATA / "tokenizers"
REAL = {
    # normalizing (lowercase + accents, Precompiled NFKC, Prepend ▁ + Replace) and rewriting
    "bert": "hf/bert-base-uncased-minilm.tokenizer.json",
    "pegasus": "hf/pegasus-unigram.tokenizer.json",
    "llama-spm": "hf/llama-spm.tokenizer.json",
    "qwen3": "hf/qwen3.tokenizer.json",  # NFC
    "falcon": "hf/falcon.tokenizer.json",
    "gpt2": "hf/gpt2.tokenizer.json",
    "o200k": "tiktoken/o200k_base.tiktoken",
    "cl100k": "tiktoken/cl100k_base.tiktoken",
    "gpt2-original": "gpt2-original",
    "sp-unigram": "sentencepiece/botchan_en_unigram_1000.model",
}
SPECIAL_STRINGS = ["<|endoftext|>", "<|im_end|>", "<|im_start|>", "[CLS]", "[SEP]", "[UNK]",
                   "[MASK]", "<s>", "</s>", "<unk>", "<pad>", "<|begin_of_text|>"]


@pytest.fixture(scope="module")
def tokenizers():
    found = {"demo-byte": load_demo("demo-multilingual-byte"),
             "demo-char": load_demo("demo-english-char")}
    if TOKENIZERS.is_dir():
        found.update({name: open_tokenizer(TOKENIZERS / path) for name, path in REAL.items()})
    return found


def streamed(tokenizer, text: str, special: str) -> str:
    out = io.StringIO()
    write_table_json(out, token_table(tokenizer, text, special=special))
    return out.getvalue()


def dumped(tokenizer, text: str, special: str) -> str:
    encoding = tokenizer.encode(text, special=special)
    return json.dumps(encoding_dict(tokenizer, encoding), ensure_ascii=False) + "\n"


fragments = st.one_of(
    st.text(max_size=8),
    st.sampled_from(SPECIAL_STRINGS),
    st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF),  # lone surrogates
    st.sampled_from([" ", "  ", "\n", "\r\n", "\t", "\u00a0", "\u3000", "\u200b"]),
    st.sampled_from(["é", "e\u0301", "ﬁ", "Ⅻ", "ＡＢＣ", "ÉCOLE", "ß", "İ", "猫が好き", "🙂",
                     "👩‍👩‍👧", "नमस्ते", "مرحبا", "12345", "'s", "don't", "▁", "Ġ", "##"]),
)
texts = st.lists(fragments, max_size=12).map("".join)


@settings(max_examples=150)
@given(text=texts, special=st.sampled_from(["all", "none"]))
def test_streamed_json_is_encoding_dict_on_any_text(tokenizers, text, special):
    for name, tokenizer in tokenizers.items():
        assert streamed(tokenizer, text, special) == dumped(tokenizer, text, special), name


@pytest.mark.parametrize("text", [
    "", " ", "Hello wörld 猫", "<|endoftext|>hi<|im_end|>", "a\ud800b", "\udfff\ud83d",
    "[CLS] Hello [SEP] [MASK]", "<s> x </s><unk>", "  lead and trail  ", "é e\u0301 ﬁ Ⅻ ＡＢＣ",
    "\n\n\r\n", "tab\tnew\nline", "ÉCOLE Straße İstanbul",
])
def test_streamed_json_is_encoding_dict_on_known_texts(tokenizers, text):
    for name, tokenizer in tokenizers.items():
        for special in ("all", "none"):
            assert streamed(tokenizer, text, special) == dumped(tokenizer, text, special), (
                name, special)


def test_normalized_text_is_shown_when_the_model_saw_another_text(tokenizers):
    if "bert" not in tokenizers:
        pytest.skip("../shared/data is not here")
    shown = json.loads(streamed(tokenizers["bert"], "ÉCOLE", "all"))
    assert shown["normalized_text"] == "ecole"
    # Falcon's pipeline marks its text rewritten though it is unchanged: nothing to show.
    assert "normalized_text" not in json.loads(streamed(tokenizers["falcon"], "hi", "all"))
    replaced = json.loads(streamed(tokenizers["o200k"], "a\ud800", "all"))
    assert "normalized_text" not in replaced and "lone surrogate" in replaced["warnings"][0]


def test_ids_only_json_is_json_dumps_of_the_ids():
    ids = [*range(10_000), 199_999]
    out = io.StringIO()
    write_ids_json(out, ids)
    assert out.getvalue() == json.dumps({"ids": ids}) + "\n"
    out = io.StringIO()
    write_ids_json(out, [])
    assert out.getvalue() == '{"ids": []}\n'


class _Sink:
    """Counts what is written, keeps nothing."""

    def __init__(self) -> None:
        self.total = 0
        self.largest = 0
        self.writes = 0

    def write(self, text: str) -> int:
        self.total += len(text)
        self.largest = max(self.largest, len(text))
        self.writes += 1
        return len(text)


def _write_measured(table) -> tuple[_Sink, int]:
    sink = _Sink()
    tracemalloc.start()
    try:
        write_table_json(sink, table)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return sink, peak


@pytest.mark.skipif(not TOKENIZERS.is_dir(), reason="../shared/data is not here")
def test_a_long_text_is_written_in_chunks_with_memory_that_does_not_grow(tokenizers):
    text = (SHARED_DATA / "parallel" / "ntrex128" / "newstest2019-src.eng.txt").read_text(
        encoding="utf-8")
    o200k = tokenizers["o200k"]
    sink, peak = _write_measured(token_table(o200k, text))
    assert sink.total > 7_000_000  # ~150 characters a token
    assert sink.largest < sink.total / 10  # written as it goes, never as one string
    # Four times the text: four times the output, about the same memory (what is kept is one
    # chunk and the distinct tokens seen, not the tokens).
    sink4, peak4 = _write_measured(token_table(o200k, text * 4))
    assert sink4.total > 4 * sink.total - 100
    assert peak4 < 1.5 * peak, (peak, peak4)
    assert peak4 < sink4.total / 5, (peak4, sink4.total)


def test_the_command_prints_exactly_what_encoding_dict_gives(tokenizers, tmp_path):
    # Through the real command, text on stdin with bytes that are not UTF-8 (which become
    # lone surrogates, then U+FFFD with a warning) and a special-token string.
    tokenizer_file = tmp_path / "demo.json"
    from bpelens.app.cli.text_input import not_utf8
    from bpelens.core import save_tokenizer

    demo = tokenizers["demo-byte"]
    save_tokenizer(demo, tmp_path / "demo.json")
    data = "Hello 猫 <|im_end|> caf\xe9 ".encode() + b"\xff\xfe end\n"
    run = bpelens_bytes("encode", "-t", str(tokenizer_file), stdin=data)
    assert run.returncode == 0, run.stderr
    text = data.decode("utf-8", "surrogateescape")
    expected = json.dumps(encoding_dict(demo, demo.encode(text), not_utf8(data, "stdin")),
                          ensure_ascii=False) + "\n"
    assert run.stdout.decode("utf-8") == expected
    assert "2 bytes of standard input are not UTF-8" in expected
    ids_only = bpelens_bytes("encode", "-t", str(tokenizer_file), "--ids-only", stdin=data)
    assert ids_only.stdout.decode() == json.dumps({"ids": demo.encode_ids(text)}) + "\n"
