"""Continued BPE training on top of a real tokenizer.json: the result loads in Hugging Face's
`tokenizers` with the same ids as ours, old ids stay where no new merge applies, the new corpus
needs fewer tokens, and the merges are those of a plain reference implementation of the rules
(count pairs over the tokenizer's own segmentation, most frequent first, ties to the smallest
pair, merge left to right)."""

from __future__ import annotations

import json
import os
from collections import Counter
from itertools import pairwise

import pytest

from bpelens.core import ConfigError, extend_tokenizer_json, open_tokenizer

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

GPT2 = SHARED_DATA / "tokenizers" / "hf" / "gpt2.tokenizer.json"
JAPANESE = SHARED_DATA / "parallel" / "ntrex128" / "newstest2019-ref.jpn.txt"


def japanese(n: int) -> list[str]:
    text = JAPANESE.read_text(encoding="utf-8").replace("\r", "")
    return text.splitlines(keepends=True)[:n]


def reference_merges(lines: list[str], add: int, min_frequency: int) -> list[tuple[str, str]]:
    """The rules done plainly with HF's own pipeline: recount every pair at every step."""
    from tokenizers import Tokenizer as HFTokenizer

    hf = HFTokenizer.from_file(str(GPT2))
    vocab = hf.get_vocab()
    spelled = {i: s for s, i in vocab.items()}
    words: Counter[tuple[int, ...]] = Counter()
    for line in lines:
        for piece, _ in hf.pre_tokenizer.pre_tokenize_str(line):
            words[tuple(token.id for token in hf.model.tokenize(piece))] += 1
    next_id = max(vocab.values()) + 1
    out = []
    for _ in range(add):
        pairs: Counter[tuple[int, int]] = Counter()
        for word, count in words.items():
            for a, b in pairwise(word):
                pairs[(a, b)] += count
        if not pairs:
            break
        best = max(pairs.values())
        if best < min_frequency:
            break
        a, b = min(p for p, c in pairs.items() if c == best)
        joined = spelled[a] + spelled[b]
        new = vocab.get(joined)
        if new is None:
            new, next_id = next_id, next_id + 1
            vocab[joined] = new
            spelled[new] = joined
        out.append((spelled[a], spelled[b]))
        merged: Counter[tuple[int, ...]] = Counter()
        for word, count in words.items():
            result, i = [], 0
            while i < len(word):
                if i + 1 < len(word) and (word[i], word[i + 1]) == (a, b):
                    result.append(new)
                    i += 2
                else:
                    result.append(word[i])
                    i += 1
            merged[tuple(result)] += count
        words = merged
    return out


@needs_shared_data
def test_merges_follow_the_reference_rules():
    lines = japanese(60)
    extension = extend_tokenizer_json(GPT2, lines, 60, min_frequency=2)
    assert [(a, b) for a, b, _, _ in extension.merges] == reference_merges(lines, 60, 2)


@needs_shared_data
def test_the_extended_file_loads_in_tokenizers_with_our_ids_and_old_text_keeps_its_ids(
        tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    lines = japanese(300)
    extension = extend_tokenizer_json(GPT2, lines, 200)
    out = tmp_path / "gpt2-ja.json"
    extension.write(out)
    old = HFTokenizer.from_file(str(GPT2))
    new = HFTokenizer.from_file(str(out))
    ours = open_tokenizer(out)
    for line in lines[:100]:
        assert ours.encode_ids(line) == new.encode(line).ids
    before = sum(len(old.encode(line).ids) for line in lines)
    after = sum(len(new.encode(line).ids) for line in lines)
    assert after < before * 0.85
    english = "The quick brown fox jumps over the lazy dog, 1234 times."
    assert new.encode(english).ids == old.encode(english).ids
    assert extension.new_tokens == len(new.get_vocab()) - len(old.get_vocab())
    assert all(new.token_to_id(s) == i for s, i in old.get_vocab().items())


@needs_shared_data
def test_the_command(tmp_path):
    corpus = tmp_path / "ja.txt"
    corpus.write_text("".join(japanese(80)), encoding="utf-8")
    out = tmp_path / "out.json"
    done = bpelens("extend", "-t", str(GPT2), "--corpus", str(corpus), "--add", "30",
                   "-o", str(out))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["merges_added"] == 30 and out.is_file()
    bad = bpelens("extend", "-t", str(tmp_path / "nope.json"), "--corpus", str(corpus),
                  "--add", "3", "-o", str(out))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_only_bpe_tokenizer_json_files_are_extended(tmp_path):
    bad = tmp_path / "t.json"
    bad.write_text(json.dumps({"model": {"type": "WordPiece", "vocab": {}}}), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"BPE tokenizer\.json"):
        extend_tokenizer_json(bad, ["a"], 3)
    with pytest.raises(ConfigError, match="--add"):
        extend_tokenizer_json(bad, ["a"], 0)


@needs_shared_data
def test_the_command_counts_each_language_before_and_after_on_a_parallel_corpus(tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    from bpelens.app.parallel_corpora import demo_corpus

    corpus = tmp_path / "ja.txt"
    corpus.write_text("".join(japanese(200)), encoding="utf-8")
    out = tmp_path / "out.json"
    done = bpelens("extend", "-t", str(GPT2), "--corpus", str(corpus), "--add", "150",
                   "-o", str(out), "--compare", "demo", "--languages", "en,ja,zh")
    assert done.returncode == 0, done.stderr
    rows = {row["language"]: row for row in json.loads(done.stdout)["languages"]}
    demo = demo_corpus()
    for name, tokenizer in (("before", HFTokenizer.from_file(str(GPT2))),
                            ("after", HFTokenizer.from_file(str(out)))):
        for language in ("en", "ja", "zh"):
            expected = sum(len(e.ids) for e in tokenizer.encode_batch(
                demo.sentences(language), add_special_tokens=False))
            assert rows[language][name] == expected, (name, language)
    assert rows["en"]["after"] == rows["en"]["before"]
    assert rows["ja"]["after"] < rows["ja"]["before"]
    bad = bpelens("extend", "-t", str(GPT2), "--corpus", str(corpus), "--add", "3",
                  "-o", str(out), "--compare", "demo", "--languages", "en,xx")
    assert bad.returncode == 2 and "--languages xx" in bad.stderr


def test_a_bpe_trained_in_bpe_lens_is_extended_as_its_tokenizer_json(tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    from bpelens.app.demo_data import load_demo
    from bpelens.core import extend_tokenizer

    base = load_demo("demo-multilingual-byte")
    lines = ["トークナイザーの拡張を試します。\n", "拡張したトークナイザーの語彙\n"] * 20
    extension = extend_tokenizer(base, lines, 25)
    out = tmp_path / "extended.json"
    extension.write(out)
    theirs = HFTokenizer.from_file(str(out))
    ours = open_tokenizer(out)
    for text in ["トークナイザーの拡張", "Hello world, tokens!", "日本語と English"]:
        assert ours.encode_ids(text, special="none") == theirs.encode(
            text, add_special_tokens=False).ids
    english = "The quick brown fox jumps over the lazy dog."
    assert theirs.encode(english, add_special_tokens=False).ids == base.encode_ids(
        english, special="none")
    before = sum(len(base.encode_ids(line, special="none")) for line in lines)
    after = sum(len(ours.encode_ids(line, special="none")) for line in lines)
    assert after < before
    assert len(extension.merges) == 25


@needs_shared_data
def test_extending_qwen3_keeps_its_added_tokens_ids():
    from tokenizers import Tokenizer as HFTokenizer

    qwen = SHARED_DATA / "tokenizers" / "hf" / "qwen3.tokenizer.json"
    extension = extend_tokenizer_json(qwen, japanese(100), 40)
    assert extension.new_tokens > 0
    old = HFTokenizer.from_str(qwen.read_text(encoding="utf-8"))
    new = HFTokenizer.from_str(json.dumps(extension.data))
    added = {t["content"]: t["id"] for t in json.loads(qwen.read_text("utf-8"))["added_tokens"]}
    assert all(new.token_to_id(content) == tid for content, tid in added.items())
    assert all(old.token_to_id(content) == tid for content, tid in added.items())
    new_ids = [new_id for _, _, new_id, _ in extension.merges]
    assert min(i for i in new_ids if old.id_to_token(i) is None) > max(added.values())
