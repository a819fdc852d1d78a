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
from fidelity_helpers import (
    HF_DIR,
    TIKTOKEN_DIR,
    hf_reference,
    ours_hf,
    ours_tiktoken,
    tiktoken_reference,
)

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
    everything = _all_bytes(ours, token_bytes)
    for tail in result.tails:
        prefix = b"".join(token_bytes(i) for i in ids[-tail.k:])
        extending = {t for t, data in everything
                     if data.startswith(prefix) and len(data) > len(prefix)}
        assert tail.continuations == len(extending), (prompt, tail.k)
        assert set(tail.examples) <= extending
    whole = encode_many([prompt + " next:"])[0]
    assert list(result.continued.canonical) == whole
    assert list(result.continued.concatenated) == ids + encode_many([" next:"])[0]


_BYTES: dict[int, list[tuple[int, bytes]]] = {}


def _all_bytes(tokenizer, token_bytes) -> list[tuple[int, bytes]]:
    """Every token with a text of its own or UTF-8 bytes, and its bytes, by the reference."""
    key = id(tokenizer)
    if key not in _BYTES:
        texts = _texts(tokenizer)
        _BYTES[key] = [(t, token_bytes(t)) for t in range(tokenizer.vocab_size)
                       if t in texts or _utf8(token_bytes, t)]
    return _BYTES[key]


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
@pytest.mark.parametrize("prompt", PROMPTS[:4])
def test_o200k_against_tiktoken(prompt: str):
    ref = tiktoken_reference("o200k_base")
    ours = ours_tiktoken("o200k_base")  # one for every prompt: its vocabulary is read once

    def token_bytes(tid: int) -> bytes:
        return ref.decode_single_token_bytes(tid)

    # (encode_batch hands each text to a thread: slower here than one call after another)
    _check(ours, lambda texts: [ref.encode(t, allowed_special="all") for t in texts],
           token_bytes, prompt)


@needs_shared_data
@pytest.mark.parametrize("prompt", PROMPTS[:2])
def test_qwen3_against_tokenizers(prompt: str):
    ref = hf_reference("qwen3")
    ours = ours_hf("qwen3")

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


def _hf_changes(path, prompt: str, ours) -> tuple[dict[int, int], int]:
    """Every next token's change by the library, its text as the token reads after another
    (WordPiece's ##s as s, a word as " word")."""
    from tokenizers import Tokenizer as HFTokenizer

    hf = HFTokenizer.from_file(str(path))
    hf.no_padding()
    hf.no_truncation()
    ids = hf.encode(prompt, add_special_tokens=False).ids
    vocab = {tid: token for token, tid in hf.get_vocab(with_added_tokens=False).items()}
    anchor = hf.encode("a", add_special_tokens=False).ids
    base = hf.decode(anchor)
    texts = {tid: hf.decode([*anchor, tid])[len(base):] for tid in vocab}
    texts = {tid: text for tid, text in texts.items() if text}
    got = hf.encode_batch([prompt + t for t in texts.values()], add_special_tokens=False)
    expected = {}
    for tid, encoding in zip(texts, got, strict=True):
        changed = len(ids) - _common(ids, encoding.ids)
        if changed:
            expected[tid] = changed
    return expected, len(texts)


@needs_shared_data
@pytest.mark.parametrize("prompt", ["trail ", "trail  ", "naïve Café"])
def test_a_normalizer_and_trailing_spaces_are_read_from_the_prompt(prompt: str):
    """BERT lowercases and strips accents, and decoding loses trailing spaces: the windows
    encoded again are the prompt's own text, so the answer is HF's."""
    path = HF_DIR / "bert-base-uncased-minilm.tokenizer.json"
    ours = open_tokenizer(path)
    result = prompt_boundary(ours, prompt)
    expected, _ = _hf_changes(path, prompt, ours)
    assert result.changes == expected


@needs_shared_data
def test_unknown_characters_stay_what_the_prompt_says():
    """botchan's English model has no 日 or 晴: they are <unk>, whose decoded text is not the
    prompt's; sentencepiece finds that no next token changes these prompts."""
    import sentencepiece as spm

    path = SHARED_DATA / "tokenizers" / "sentencepiece" / "botchan_en_bpe_1000.model"
    sp = spm.SentencePieceProcessor(model_file=str(path))
    ours = open_tokenizer(path)
    for prompt in ("今日は 晴れ", "東京の"):
        result = prompt_boundary(ours, prompt)
        ids = sp.encode(prompt)
        pieces = [sp.id_to_piece(t).replace("▁", " ") for t in range(sp.get_piece_size())
                  if not (sp.is_control(t) or sp.is_unknown(t) or sp.is_byte(t))]
        worst = max(len(ids) - _common(ids, got) for got in sp.encode(
            [prompt + p for p in pieces]))
        assert result.back_off == worst == 0, prompt


def test_a_back_off_longer_than_the_tails_listed(tmp_path):
    """Merges that cascade (m + n re-pairs the whole prompt) back off every token: more than
    the four tails listed; the healing prefix is the prompt's own text of those tokens."""
    letters = "abcdefghijklmn"
    vocab = {c: i for i, c in enumerate(letters)}
    merges = []
    for i in reversed(range(len(letters) - 1)):
        merges.append(f"{letters[i]} {letters[i + 1]}")
        vocab[letters[i:i + 2]] = len(vocab)
    document = {"version": "1.0", "added_tokens": [], "normalizer": None,
                "pre_tokenizer": None, "post_processor": None, "decoder": None,
                "model": {"type": "BPE", "dropout": None, "unk_token": None,
                          "continuing_subword_prefix": None, "end_of_word_suffix": None,
                          "fuse_unk": False, "byte_fallback": False, "vocab": vocab,
                          "merges": merges}}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    ours = open_tokenizer(path)
    prompt = letters[:-1]
    result = prompt_boundary(ours, prompt)
    expected, tried = _hf_changes(path, prompt, ours)
    assert result.changes == expected and result.tried == tried
    assert result.back_off == len(result.ids) == 7 > len(result.tails)
    assert result.healing_prefix == prompt
    run = bpelens("boundary", "-t", str(path), prompt)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["healed_ids"] == []
