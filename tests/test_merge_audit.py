"""Merges that never apply and orphan tokens (the audit's ``merges``), checked against the
official libraries: for every Hugging Face BPE file, ``tokenizers``' own BPE model with
``ignore_merges`` off says which merge results the merges rebuild from their symbols; for
tiktoken, tiktoken's plain-Python ``bpe_encode`` (no whole-piece lookup) does; the seed's
conflict and hand-made files give the cases real files lack (a pair listed twice, orphans)."""

from __future__ import annotations

import base64
import json
import os
import random
from typing import Any

import pytest

from bpelens.core import BPEModel, Tokenizer, audit, open_tokenizer
from bpelens.core.debugging.conflicts import add_merges

from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
HF_DIR = SHARED_DATA / "tokenizers" / "hf"
TIKTOKEN_DIR = SHARED_DATA / "tokenizers" / "tiktoken"


def seed_extended() -> Tokenizer:
    model = BPEModel(level="char", alphabet=list("abcx"))
    model.merge_pair(model.char_id("a"), model.char_id("b"))  # rank 0: a + b
    base = Tokenizer(model, pretokenizer=None)
    return add_merges(base, [(b"b", b"c"), (b"a", b"bc")])[0]  # ranks 1, 2


def label(tokenizer: Tokenizer, tid: int) -> str:
    return tokenizer.token_label(tid)


def test_the_seeds_a_plus_bc_never_applies_and_the_fix_makes_abc_by_another_merge():
    tokenizer = seed_extended()
    merges = audit(tokenizer).merges
    assert merges is not None and merges.listed and merges.checked == 3
    (unused,) = merges.never_applied
    assert unused.rule.rank == 2 and unused.reason == "never_made"
    assert [label(tokenizer, i) for i in unused.builds] == ["ab", "c"]
    fixed = add_merges(tokenizer, [(b"ab", b"c")])[0]  # rank 3 makes abc
    merges = audit(fixed).merges
    assert [(m.rule.rank, m.reason) for m in merges.never_applied] == [(2, "another_merge")]
    assert merges.orphans == ()
    as_json = audit(fixed).to_json()["merges"]
    assert as_json["never_applied_by_reason"] == {"another_merge": 1, "never_made": 0}
    assert as_json["never_applied"][0]["rank"] == 2


def write_hf(tmp_path, vocab: list[str], merges: list[str], **model: Any):
    document = {
        "version": "1.0", "added_tokens": [], "normalizer": None, "pre_tokenizer": None,
        "post_processor": None, "decoder": None,
        "model": {"type": "BPE", "vocab": {t: i for i, t in enumerate(vocab)},
                  "merges": merges, "unk_token": None, **model},
    }
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_a_pair_listed_twice_applies_at_the_rank_tokenizers_uses(tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    # HF keeps a pair's last rank: a + b at rank 2 comes after b + c, so "abc" is a | bc and
    # then abc from a + bc; ab + c (rank 3) and the first a + b never apply.
    path = write_hf(tmp_path, ["a", "b", "c", "ab", "bc", "abc"],
                    ["a b", "b c", "a b", "a bc", "ab c"])
    ours = open_tokenizer(path)
    theirs = HFTokenizer.from_file(str(path))
    assert theirs.encode("abc").ids == ours.encode_ids("abc") == [5]
    assert theirs.encode("ab").ids == [3]
    merges = audit(ours).merges
    assert [(m.rule.rank, m.reason) for m in merges.never_applied] == [
        (0, "another_merge"), (4, "another_merge")]


def test_a_token_no_merge_makes_is_an_orphan(tmp_path):
    path = write_hf(tmp_path, ["a", "b", "c", "ab", "abc", "ca"], ["a b"])
    tokenizer = open_tokenizer(path)
    merges = audit(tokenizer).merges
    assert [label(tokenizer, i) for i in merges.orphans] == ["abc", "ca"]
    assert merges.never_applied == ()
    tokens = audit(tokenizer).to_json()["tokens"]
    assert [t["token"] for t in tokens if t.get("orphan")] == ["abc", "ca"]


def write_ranks(tmp_path, extra: list[bytes]):
    lines = [base64.b64encode(bytes([b])).decode() + f" {b}" for b in range(256)]
    lines += [base64.b64encode(t).decode() + f" {256 + i}" for i, t in enumerate(extra)]
    path = tmp_path / "toy.tiktoken"
    path.write_text("\n".join(lines) + "\n", encoding="ascii")
    return path


def test_rank_files_never_made_tokens_and_orphans_agree_with_tiktokens_bpe_encode(tmp_path):
    from tiktoken._educational import bpe_encode

    extra = [b"ab", b"bc", b"bcd", b"abcd", b"xyz", b"the"]
    tokenizer = open_tokenizer(write_ranks(tmp_path, extra), pattern=r"\S+")
    result = audit(tokenizer)
    merges = result.merges
    assert merges is not None and not merges.listed
    # abcd: a + b comes first, then ab | c | d has no rank: no merge ever makes it, though
    # a + bcd would join into it. xyz: no two tokens join into it. the: t h e never merge.
    assert [label(tokenizer, m.rule.new_id) for m in merges.never_applied] == ["abcd"]
    assert [label(tokenizer, i) for i in merges.orphans] == ["xyz", "the"]
    ranks = {bytes([b]): b for b in range(256)} | {t: 256 + i for i, t in enumerate(extra)}
    for i, token in enumerate(extra):
        made = bpe_encode(ranks, token, visualise=None) == [256 + i]
        assert made == (256 + i in merges.built), token
    # tiktoken finds abcd and xyz whole: reachable, but only as a whole piece.
    whole = {label(tokenizer, t.id) for t in result.tokens if t.whole_piece_only}
    assert whole == {"abcd", "xyz", "the"}


def hf_merges_rebuild(document: dict[str, Any]) -> dict[int, bool]:
    """Per merge result: does tokenizers' BPE model, merges only, give it from its string?"""
    from tokenizers import Tokenizer as HFTokenizer

    document = json.loads(json.dumps(document))
    document["model"]["ignore_merges"] = False
    document["model"]["dropout"] = None
    model = HFTokenizer.from_str(json.dumps(document)).model
    vocab = document["model"]["vocab"]
    prefix = document["model"].get("continuing_subword_prefix") or ""
    out = {}
    for merge in document["model"]["merges"]:
        left, right = merge.split(" ", 1) if isinstance(merge, str) else merge
        joined = left + (right[len(prefix):] if prefix and right.startswith(prefix) else right)
        tid = vocab[joined]
        if tid not in out:
            out[tid] = [t.id for t in model.tokenize(joined)] == [tid]
    return out


@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "qwen3", "llama3", "falcon", "llama-spm"])
def test_merges_that_never_apply_in_real_files_match_tokenizers(name):
    path = HF_DIR / f"{name}.tokenizer.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    tokenizer = open_tokenizer(path)
    merges = audit(tokenizer).merges
    assert merges is not None and merges.listed
    assert merges.checked == len(document["model"]["merges"])
    rebuilt = hf_merges_rebuild(document)
    never_made = {m.rule.new_id for m in merges.never_applied if m.reason == "never_made"}
    assert never_made == {tid for tid, ok in rebuilt.items() if not ok}
    # Every token the merges make is made by exactly one merge: all others never apply.
    applied = merges.checked - len(merges.never_applied)
    assert applied == sum(rebuilt.values())
    # Orphans: vocabulary strings of two or more symbols that no merge has as its result.
    results = set(rebuilt)
    added = {t["id"] for t in document.get("added_tokens", [])}
    byte_tokens = {tid for s, tid in document["model"]["vocab"].items()
                   if s.startswith("<0x") and len(s) == 6}
    expected_orphans = sorted(
        tid for s, tid in document["model"]["vocab"].items()
        if tid not in results and tid not in added and tid not in byte_tokens and len(s) > 1
        and s != document["model"].get("unk_token"))
    assert list(merges.orphans) == expected_orphans
    print(name, merges.checked, merges.reasons(), len(merges.orphans))


@needs_shared_data
@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_rank_files_merged_tokens_match_tiktokens_plain_bpe_on_a_sample(name):
    from tiktoken._educational import bpe_encode

    tokenizer = open_tokenizer(TIKTOKEN_DIR / f"{name}.tiktoken")
    merges = audit(tokenizer).merges
    table = tokenizer.model.encoder
    merged = [(data, rank) for data, rank in table.items() if len(data) > 1]
    sample = random.Random(13).sample(merged, 3000)
    flagged = {m.rule.new_id for m in merges.never_applied} | set(merges.orphans)
    sample += [(data, rank) for data, rank in merged if rank in flagged]
    for data, rank in sample:
        made = bpe_encode(table, data, visualise=None) == [rank]
        assert made == (rank in merges.built), (rank, data)
        assert made != (rank in flagged), (rank, data)
