"""Prompt boundaries against the official libraries: for every token of the vocabulary as the
next token, the library's encoding of prompt + its text says how many of the prompt's last
tokens change; the continuations of the last tokens are every token whose bytes extend theirs;
prompt + a continuation is the library's encoding of the whole text."""

from __future__ import annotations

import json

import pytest

from bpelens.app.demo_data import load_demo
from bpelens.core import ConfigError, open_tokenizer, prompt_boundary

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import HF_DIR, TIKTOKEN_DIR, hf_reference, tiktoken_reference

PROMPTS = ["The URL is http:", "Hello ", "def f(x):\n    return", "東京の", "It costs 12",
           "नमस्ते दुनि", "a  "]


def _common(a: list[int], b: list[int]) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _check(ours, encode_many, token_bytes, prompt: str) -> None:
    result = prompt_boundary(ours, prompt, continuation=" next:")
    ids = encode_many([prompt])[0]
    assert list(result.ids) == ids
    candidates = sorted(set(result.changes) | set(_texts(ours)))
    texts = _texts(ours)
    got = encode_many([prompt + texts[t] for t in candidates])
    expected = {}
    for tid, full in zip(candidates, got, strict=True):
        changed = len(ids) - _common(ids, full)
        if changed:
            expected[tid] = changed
    assert result.changes == expected, prompt
    assert result.back_off == max(expected.values(), default=0)
    assert result.tried == len(texts)
    # The continuations of the last k tokens: every token whose bytes extend theirs.
    for tail in result.tails:
        prefix = b"".join(token_bytes(i) for i in ids[-tail.k:])
        longer = [t for t in range(ours.vocab_size) if t in texts or _utf8(token_bytes, t)]
        extending = {t for t in longer
                     if (data := token_bytes(t)).startswith(prefix) and len(data) > len(prefix)}
        assert tail.continuations == len(extending), (prompt, tail.k)
        assert set(tail.examples) <= extending
    whole = encode_many([prompt + " next:"])[0]
    assert list(result.continued.canonical) == whole
    assert list(result.continued.concatenated) == ids + encode_many([" next:"])[0]


def _utf8(token_bytes, tid: int) -> bool:
    try:
        token_bytes(tid).decode("utf-8")
    except (UnicodeDecodeError, KeyError):
        return False
    return True


_TEXTS: dict[int, dict[int, str]] = {}


def _texts(tokenizer) -> dict[int, str]:
    """Every token with a text of its own (not special, not half a character), as the
    library would be given it: the token decoded alone."""
    key = id(tokenizer)
    if key not in _TEXTS:
        out = {}
        for tid in range(tokenizer.vocab_size):
            if tid in tokenizer.specials.by_id or not tokenizer.model.has_id(tid):
                continue
            if tokenizer.model.kind(tid) in ("unknown", "unused", "byte_fallback"):
                continue
            data = tokenizer.token_bytes(tid)
            if _utf8(lambda _t, d=data: d, tid) and (text := tokenizer.decode([tid])):
                out[tid] = text
        _TEXTS[key] = out
    return _TEXTS[key]


@needs_shared_data
@pytest.mark.parametrize("prompt", PROMPTS[:5])
def test_o200k_against_tiktoken(prompt: str):
    ref = tiktoken_reference("o200k_base")
    ours = open_tokenizer(TIKTOKEN_DIR / "o200k_base.tiktoken")

    def token_bytes(tid: int) -> bytes:
        return ref.decode_single_token_bytes(tid)

    _check(ours, lambda texts: ref.encode_batch(texts, allowed_special="all"), token_bytes,
           prompt)


@needs_shared_data
@pytest.mark.parametrize("prompt", PROMPTS[:2])
def test_qwen3_against_tokenizers(prompt: str):
    ref = hf_reference("qwen3")
    ours = open_tokenizer(HF_DIR / "qwen3.tokenizer.json")

    def encode_many(texts):
        return [e.ids for e in ref.encode_batch(texts, add_special_tokens=False)]

    _check(ours, encode_many, ours.token_bytes, prompt)


@needs_shared_data
def test_a_url_prompt_backs_off_its_colon():
    ours = open_tokenizer(TIKTOKEN_DIR / "o200k_base.tiktoken")
    result = prompt_boundary(ours, "see http:", continuation="//example.com")
    assert result.back_off >= 1
    assert result.healing_prefix.endswith(":")
    assert result.continued.first_difference is not None
    # ":" + "//" → "://": healing removes ":" and asks the next token to start with it.
    assert ours.decode(list(result.continued.canonical[result.continued.first_difference:
                                                         ][:1])) == "://"
    data = result.to_json()
    assert data["healed_ids"] == data["ids"][:len(data["ids"]) - data["back_off"]]


def test_bad_input_is_one_line():
    ours = load_demo("demo-multilingual-byte")
    with pytest.raises(ConfigError, match="prompt is empty"):
        prompt_boundary(ours, "")


def test_cli():
    run = bpelens("boundary", "-t", "demo-multilingual-byte", "Hello ", "--continuation",
                  "world")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    # The space belongs to the next word's token: " world" re-tokenizes the prompt's end.
    assert data["back_off"] >= 1 and data["healing_prefix"] == " "
    assert data["continuation"]["first_difference"] == len(data["ids"]) - 1
    run = bpelens("boundary", "-t", "demo-multilingual-byte", "")
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1


@needs_shared_data
@pytest.mark.parametrize("prompt", ["東京の", "今日は 晴れ"])
def test_sentencepiece_against_the_library(prompt: str):
    """A next token's text is its piece with ▁ as the space it stands for (decoded alone it
    would lose that space: the start of a text)."""
    import sentencepiece as spm

    path = SHARED_DATA / "tokenizers" / "sentencepiece" / "kyoto_ja_unigram_8000.model"
    sp = spm.SentencePieceProcessor(model_file=str(path))
    ours = open_tokenizer(path)
    result = prompt_boundary(ours, prompt)
    ids = sp.encode(prompt)
    assert list(result.ids) == ids
    texts = {tid: sp.id_to_piece(tid).replace("▁", " ") for tid in range(sp.get_piece_size())
             if not (sp.is_control(tid) or sp.is_unknown(tid) or sp.is_unused(tid)
                     or sp.is_byte(tid))}
    texts = {tid: text for tid, text in texts.items() if text}
    got = sp.encode([prompt + text for text in texts.values()])
    expected = {}
    for tid, full in zip(texts, got, strict=True):
        changed = len(ids) - _common(ids, full)
        if changed:
            expected[tid] = changed
    assert result.changes == expected
    assert result.tried == len(texts)
