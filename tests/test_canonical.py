"""Canonical or not: ids against what the official libraries give for their decoded text
(tiktoken for o200k, `tokenizers` for qwen3, `sentencepiece` for its models), on generated
non-canonical id sequences: cut text re-encoded piece by piece, characters spelled byte by
byte, special tokens as text."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import open_tokenizer
from bpelens.core.debugging.canonical import check_canonical, check_jsonl, check_many
from bpelens.core.errors import ConfigError, DecodeError

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import HF_DIR, TIKTOKEN_DIR, hf_reference, ours_tiktoken, tiktoken_reference

TEXTS = ["Hello world, this is https://example.com/path?q=1", "こんにちは世界、猫が好き。",
         "  indented code():\n\treturn x + 1", "naïve café — 東京都庁 👋🏽 and ٱلْعَرَبِيَّة",
         "numbers 1234567 and 3.14159", "<|endoftext|> marks the end"]


def spelled(encode, text: str, cuts: list[int], byte_char: int | None, byte_ids) -> list[int]:
    """The text's ids encoded piece by piece between ``cuts`` (character positions), and
    character ``byte_char`` spelled as its single bytes' tokens: valid ids for the text,
    often not canonical."""
    points = sorted({0, len(text), *[c for c in cuts if 0 < c < len(text)]})
    ids: list[int] = []
    for a, b in pairwise(points):
        part = text[a:b]
        if byte_char is not None and a <= byte_char < b:
            k = byte_char - a
            ids += encode(part[:k]) if k else []
            ids += [byte_ids[x] for x in part[k].encode("utf-8")]
            ids += encode(part[k + 1:]) if k + 1 < len(part) else []
        else:
            ids += encode(part)
    return ids


cases = st.tuples(st.sampled_from(TEXTS), st.lists(st.integers(0, 60), max_size=6),
                  st.one_of(st.none(), st.integers(0, 60)))


@needs_shared_data
@settings(max_examples=150, deadline=None, derandomize=True)
@given(cases)
def test_o200k_against_tiktoken(case):
    text, cuts, byte_char = case
    ours = ours_tiktoken("o200k_base")
    ref = tiktoken_reference("o200k_base")
    byte_ids = [ref.encode_single_token(bytes([b])) for b in range(256)]
    char = byte_char if byte_char is not None and byte_char < len(text) else None
    ids = spelled(lambda s: ref.encode(s, disallowed_special=()), text, cuts, char, byte_ids)
    check = check_canonical(ours, ids)
    expected = ref.encode(ref.decode(ids), allowed_special="all")
    assert list(check.canonical) == expected
    assert check.is_canonical == (ids == expected)
    # The spans are exactly where the two differ: outside them the ids are equal, in order.
    rebuilt, at = [], 0
    for drift in check.drifts:
        rebuilt += ids[at:drift.start] + list(drift.canonical)
        at = drift.end
        assert drift.given == tuple(ids[drift.start:drift.end]) != drift.canonical
    assert rebuilt + ids[at:] == expected
    if char is not None and len(text[char].encode()) > 1 and ids != expected:
        assert check.drifts  # the split character is somewhere among them


@needs_shared_data
@settings(max_examples=80, deadline=None, derandomize=True)
@given(cases)
def test_qwen3_against_tokenizers(case):
    text, cuts, _ = case
    ours = open_tokenizer(HF_DIR / "qwen3.tokenizer.json")
    ref = hf_reference("qwen3")
    ids = spelled(lambda s: ref.encode(s, add_special_tokens=False).ids, text, cuts, None, [])
    check = check_canonical(ours, ids)
    expected = ref.encode(ref.decode(ids, skip_special_tokens=False),
                          add_special_tokens=False).ids
    assert list(check.canonical) == expected
    assert check.is_canonical == (ids == expected)


@needs_shared_data
@pytest.mark.parametrize("model", ["kyoto_ja_unigram_8000", "botchan_en_bpe_1000"])
@settings(max_examples=60, deadline=None, derandomize=True)
@given(case=cases)
def test_sentencepiece_against_the_library(model, case):
    """Pieces encoded apart each get the dummy-prefix ▁: the canonical ids are
    sentencepiece's own encoding of the decoded text."""
    import sentencepiece as spm

    path = SHARED_DATA / "tokenizers" / "sentencepiece" / f"{model}.model"
    ref = _sentencepiece(str(path), spm)
    ours = _ours_sentencepiece(str(path))
    text, cuts, _ = case
    ids = spelled(ref.encode, text, cuts, None, [])
    check = check_canonical(ours, ids)
    expected = ref.encode(ref.decode(ids))
    assert list(check.canonical) == expected
    assert check.is_canonical == (ids == expected)


_LOADED: dict[str, object] = {}


def _sentencepiece(path: str, spm):
    if ("spm", path) not in _LOADED:
        _LOADED[("spm", path)] = spm.SentencePieceProcessor(model_file=path)
    return _LOADED[("spm", path)]


def _ours_sentencepiece(path: str):
    if ("ours", path) not in _LOADED:
        _LOADED[("ours", path)] = open_tokenizer(path)
    return _LOADED[("ours", path)]


@needs_shared_data
def test_reasons_are_named():
    ours = ours_tiktoken("o200k_base")
    ref = tiktoken_reference("o200k_base")
    split = ref.encode(" w") + ref.encode("orld")
    check = check_canonical(ours, ref.encode("Hello") + split)
    assert [d.reason for d in check.drifts] == ["merge"]
    assert check.drifts[0].canonical == tuple(ref.encode(" world"))
    assert (check.drifts[0].byte_start, check.drifts[0].byte_end) == (5, 11)
    special = ref.encode("<|endoftext|>", disallowed_special=())
    assert [d.reason for d in check_canonical(ours, special).drifts] == ["special_as_text"]
    data = "猫".encode()
    byte_ids = [ref.encode_single_token(bytes([b])) for b in data]
    assert [d.reason for d in check_canonical(ours, byte_ids).drifts] == ["split_character"]
    half = check_canonical(ours, byte_ids[:1])  # not UTF-8 on its own
    assert [d.reason for d in half.drifts] == ["undecodable"]
    with pytest.raises(DecodeError, match="10000000"):
        check_canonical(ours, [10_000_000])


@needs_shared_data
def test_a_jsonl_file_is_summed_up_and_bad_lines_named(tmp_path):
    ours = ours_tiktoken("o200k_base")
    ref = tiktoken_reference("o200k_base")
    good = ref.encode("the cat sat")
    bad = ref.encode("the") + ref.encode(" c") + ref.encode("at sat")
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(json.dumps(row) for row in [
        {"ids": good}, {"prompt_ids": good[:1], "completion_ids": good[1:]}, {"ids": bad},
        bad, {"prompt_ids": ref.encode("the c"), "completion_ids": ref.encode("at sat")},
    ]) + "\n", encoding="utf-8")
    summary = check_jsonl(ours, path)
    data = summary.to_json()
    assert data["rows"] == 5 and data["non_canonical_rows"] == 3
    assert [e["line"] for e in data["examples"]] == [3, 4, 5]
    assert data["drifts_by_reason"]["merge"] + data["drifts_by_reason"]["resegmented"] == 3
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"ids": [1, 2]}\n{"tokens": [1]}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"broken\.jsonl, line 2: expected"):
        check_jsonl(ours, broken)
    broken.write_text('{"ids": [1, 2]}\n{"ids": [1, -5]}\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"line 2: .*-5"):
        check_jsonl(ours, broken)
    broken.write_text('{"ids": [1, 2]\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"line 1: not JSON"):
        check_jsonl(ours, broken)


@needs_shared_data
def test_many_rows_equal_one_by_one():
    ours = ours_tiktoken("o200k_base")
    ref = tiktoken_reference("o200k_base")
    rows = [ref.encode(t[:k], disallowed_special=()) + ref.encode(t[k:], disallowed_special=())
            for t in TEXTS for k in range(0, 12, 3)]
    assert check_many(ours, rows) == [check_canonical(ours, r) for r in rows]


@needs_shared_data
def test_the_command_line(tmp_path):
    model = str(TIKTOKEN_DIR / "o200k_base.tiktoken")
    ref = tiktoken_reference("o200k_base")
    split = ref.encode("Hello") + ref.encode(" w") + ref.encode("orld")
    done = bpelens("canon", "-t", model, ",".join(map(str, split)))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["canonical"] is False and out["canonical_ids"] == ref.encode("Hello world")
    assert [d["reason"] for d in out["drifts"]] == ["merge"]
    rows = tmp_path / "rows.jsonl"
    rows.write_text(json.dumps({"ids": split}) + "\n" + json.dumps(
        {"ids": ref.encode("Hello world")}) + "\n", encoding="utf-8")
    done = bpelens("canon", "-t", model, "--jsonl", str(rows))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert (summary["rows"], summary["non_canonical_rows"]) == (2, 1)
    for args, said in ((("12", "x3"), "'x3' is not a token id"),
                       ((), "give token ids or --jsonl"),
                       (("--jsonl", str(tmp_path / "none.jsonl")), "none.jsonl: cannot read"),
                       (("99999999",), "99999999")):
        bad = bpelens("canon", "-t", model, *args)
        assert bad.returncode == 2 and said in bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1
