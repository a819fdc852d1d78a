"""References for the fidelity tests: the official libraries on the real files in
../shared/data, and the inputs to compare on."""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

from hypothesis import strategies as st

from bpelens.core import Tokenizer, open_tokenizer

from conftest import SHARED_DATA

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
TIKTOKEN_DIR = SHARED_DATA / "tokenizers" / "tiktoken"
HF_DIR = SHARED_DATA / "tokenizers" / "hf"
VECTORS = SHARED_DATA / "tokenizers" / "testvectors"
TIKTOKEN_FILES = {
    "r50k_base": "r50k_base.tiktoken", "p50k_base": "p50k_base.tiktoken",
    "p50k_edit": "p50k_base.tiktoken", "cl100k_base": "cl100k_base.tiktoken",
    "o200k_base": "o200k_base.tiktoken", "o200k_harmony": "o200k_base.tiktoken",
}
HF_FILES = ["gpt2", "qwen3", "llama3", "llama-spm", "falcon", "bert-base-uncased-minilm",
            "pegasus-unigram"]


@cache
def ntrex_lines() -> list[str]:
    lines: list[str] = []
    for path in sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt")):
        lines += path.read_text(encoding="utf-8").replace("\r", "").split("\n")
    return lines


@cache
def tiktoken_reference(name: str):
    """tiktoken's own definition of an encoding (tiktoken_ext), its files read locally."""
    import tiktoken
    import tiktoken.load as load
    import tiktoken_ext.openai_public as public

    local = {
        "r50k_base.tiktoken": TIKTOKEN_DIR / "r50k_base.tiktoken",
        "p50k_base.tiktoken": TIKTOKEN_DIR / "p50k_base.tiktoken",
        "cl100k_base.tiktoken": TIKTOKEN_DIR / "cl100k_base.tiktoken",
        "o200k_base.tiktoken": TIKTOKEN_DIR / "o200k_base.tiktoken",
        "vocab.bpe": SHARED_DATA / "tokenizers" / "gpt2-original" / "vocab.bpe",
        "encoder.json": SHARED_DATA / "tokenizers" / "gpt2-original" / "encoder.json",
    }
    original = load.read_file_cached

    def read_local(url: str, expected_hash: str | None = None) -> bytes:
        return Path(local[url.rsplit("/", 1)[-1]]).read_bytes()

    load.read_file_cached = read_local
    try:
        params = public.ENCODING_CONSTRUCTORS[name]()
    finally:
        load.read_file_cached = original
    return tiktoken.Encoding(**params)


@cache
def ours_tiktoken(name: str) -> Tokenizer:
    return open_tokenizer(TIKTOKEN_DIR / TIKTOKEN_FILES[name], encoding=name)


@cache
def hf_reference(name: str):
    from tokenizers import Tokenizer as HFTokenizer

    tok = HFTokenizer.from_file(str(HF_DIR / f"{name}.tokenizer.json"))
    tok.no_padding()
    tok.no_truncation()
    return tok


@cache
def ours_hf(name: str) -> Tokenizer:
    return open_tokenizer(HF_DIR / f"{name}.tokenizer.json")


SPECIAL_STRINGS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|endofprompt|>",
                   "<|fim_prefix|>", "<s>", "</s>", "<unk>", "[CLS]", "[SEP]", "[MASK]",
                   "<|begin_of_text|>", "<|eot_id|>", "<pad>", ">>TITLE<<", "<|return|>"]
EMOJI = ["👨‍👩‍👧‍👦", "🇯🇵", "👍🏽", "❤️", "🙂", "🏳️‍🌈", "1️⃣"]
WHITESPACE = [" ", "  ", "   ", "\n", "\n\n", "\t", " \n ", "\r\n", "\u00a0", "\u3000", "\u2009"]

fragments = st.one_of(
    st.text(max_size=12),
    st.sampled_from(WHITESPACE),
    st.from_regex(r"[0-9]{1,9}", fullmatch=True),
    st.text(st.characters(categories=["Mn", "Mc", "Me"]), min_size=1, max_size=3),
    st.sampled_from(EMOJI),
    st.sampled_from(SPECIAL_STRINGS),
    st.sampled_from(["'s", "'LL", " DON'T", "Hello", " world", "日本語", "مرحبا", "नमस्ते",
                     "ñandú", "Ⅻ", "ﬁ", "①", "e\u0301", "é"]),
)
texts = st.lists(fragments, max_size=10).map("".join)


def llama_cpp_vectors(name: str) -> list[tuple[str, list[int]]]:
    """llama.cpp's cases: inputs separated by a marker line (also after the last one), one
    line of expected ids per input."""
    inputs = (VECTORS / "llama.cpp" / f"ggml-vocab-{name}.gguf.inp").read_text("utf-8")
    outputs = (VECTORS / "llama.cpp" / f"ggml-vocab-{name}.gguf.out").read_text("utf-8")
    cases = inputs.split("\n__ggml_vocab_test__\n")
    if cases and cases[-1] == "":
        cases.pop()
    lines = outputs.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    ids = [[int(x) for x in line.split()] for line in lines]
    return list(zip(cases, ids, strict=True))


def json_file(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))
