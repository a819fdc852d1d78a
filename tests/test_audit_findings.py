"""The audit kept by its findings (core/debugging/audit.py): the tokens whose own text does not
give them back are exactly those the official library finds, on o200k and Llama 3; the bulk
round trip (one piece: the model's ids for it) gives what the tokenizer's own encoding gives,
on real files and on generated text; the classes asked one at a time agree with the tokens made
on demand; merging many lists of symbols at once ends with the rank the model's own merge ends
with."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpelens.core import AUDIT_CLASSES, Tokenizer, audit, open_tokenizer
from bpelens.core.debugging import audit as audit_module
from bpelens.core.debugging import merge_audit as merge_audit_module

from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
TOKENIZERS = SHARED_DATA / "tokenizers"
FILES = {
    "o200k_base": TOKENIZERS / "tiktoken" / "o200k_base.tiktoken",
    "llama3": TOKENIZERS / "hf" / "llama3.tokenizer.json",
    "qwen3": TOKENIZERS / "hf" / "qwen3.tokenizer.json",
    "llama-spm": TOKENIZERS / "hf" / "llama-spm.tokenizer.json",
    "gpt2": TOKENIZERS / "hf" / "gpt2.tokenizer.json",
}


@cache
def ours(name: str) -> tuple[Tokenizer, audit_module.Audit]:
    tokenizer = open_tokenizer(FILES[name])
    return tokenizer, audit(tokenizer, context=False)


def library_findings(name: str) -> dict[int, list[int]]:
    """Every id that is not a special token and whose bytes are UTF-8, decoded alone and
    encoded again by the official library, where that does not give the id back: its ids."""
    found: dict[int, list[int]] = {}
    if name == "o200k_base":
        from fidelity_helpers import tiktoken_reference

        encoding = tiktoken_reference(name)
        specials = {encoding.encode_single_token(s) for s in encoding.special_tokens_set}
        for tid in range(encoding.n_vocab):
            if tid in specials:
                continue
            try:
                text = encoding.decode_single_token_bytes(tid).decode("utf-8")
            except (KeyError, UnicodeDecodeError):
                continue
            ids = encoding.encode_ordinary(text)
            if ids != [tid]:
                found[tid] = ids
        return found
    from tokenizers import Tokenizer as HFTokenizer

    from bpelens.core.text.byte_level import unicode_to_bytes

    document = json.loads(FILES[name].read_text(encoding="utf-8"))
    assert document["decoder"]["type"] == "ByteLevel"
    tok = HFTokenizer.from_file(str(FILES[name]))
    tok.encode_special_tokens = True  # special-token strings stay text
    table = unicode_to_bytes()
    ids = []
    for token, tid in tok.get_vocab(with_added_tokens=False).items():
        try:
            bytes(table[c] for c in token).decode("utf-8")
        except UnicodeDecodeError:
            continue
        ids.append(tid)
    texts = [tok.decode([i], skip_special_tokens=False) for i in ids]
    for tid, enc in zip(ids, tok.encode_batch(texts, add_special_tokens=False), strict=True):
        if enc.ids != [tid]:
            found[tid] = enc.ids
    return found


@needs_shared_data
@pytest.mark.parametrize("name", ["o200k_base", "llama3", "qwen3"])
def test_the_tokens_their_own_text_does_not_give_are_the_librarys(name):
    """(Llama 3 looks every piece up whole first: each token's text gives it back.)"""
    _, result = ours(name)
    expected = library_findings(name)
    assert bool(expected) == (name != "llama3")
    found = {t.id: list(t.encodes_to) for t in result.of_class("unreachable")}
    assert result.of_class("in_context") == []  # (no context search asked)
    assert found.keys() == expected.keys(), (sorted(found.keys() - expected.keys())[:10],
                                             sorted(expected.keys() - found.keys())[:10])
    assert found == expected
    # The rest of the decodable tokens come back whole: reachable or whole_piece_only.
    given_back = {t.id for t in result.tokens if t.cls in ("reachable", "whole_piece_only")}
    decodable = {t.id for t in result.tokens if t.text is not None}
    assert given_back == decodable - expected.keys()


@needs_shared_data
@pytest.mark.parametrize("name", ["o200k_base", "llama3"])
def test_classes_asked_one_at_a_time_are_the_tokens_made_on_demand(name):
    tokenizer, result = ours(name)
    first = {cls: result.of_class(cls) for cls in AUDIT_CLASSES}  # before the tokens exist
    tokens = result.tokens
    assert [t.id for t in tokens] == [tid for start, end in tokenizer.id_ranges()
                                      for tid in range(start, end + 1)]
    for cls in AUDIT_CLASSES:
        assert first[cls] == [t for t in tokens if t.cls == cls], cls
    assert result.counts == {cls: Counter(t.cls for t in tokens)[cls] for cls in AUDIT_CLASSES}
    assert all(t.label == tokenizer.token_label(t.id, printable=True) for t in tokens[::97])
    assert result.to_json()["tokens"] == [t.to_json() for t in tokens]


def _apart_by_the_tokenizer(tokenizer: Tokenizer, tids: list[int], texts: list[str]
                            ) -> dict[int, list[int]]:
    encoded = [tokenizer.encode_ids(text, special="none") for text in texts]
    return {tid: ids for tid, ids in zip(tids, encoded, strict=True) if ids != [tid]}


def _apart_in_bulk(tokenizer: Tokenizer, tids: list[int], texts: list[str]
                   ) -> dict[int, list[int]]:
    found: dict[int, list[int]] = {}
    for _, some in audit_module._encoded_apart(tokenizer, tids, texts):
        found.update(some)
    return found


@needs_shared_data
@pytest.mark.parametrize("name", ["qwen3", "llama-spm", "gpt2"])
def test_the_bulk_round_trip_is_the_tokenizers_encoding_of_every_token(name):
    """qwen3: NFC and non-special added tokens; llama-spm: a piece's place in the input
    counts (the tokenizer's own path); gpt2: plain byte-level."""
    tokenizer = open_tokenizer(FILES[name])
    table = tokenizer.model.token_bytes
    tids, texts = [], []
    for start, end in tokenizer.id_ranges():
        for tid in range(start, end + 1):
            data = table[tid] if tid < len(table) else None
            if tid in tokenizer.specials.by_id or data is None:
                continue
            tids.append(tid)
            texts.append(tokenizer.decode([tid], errors="replace"))
    # The added tokens' own contents too, alone and inside other text.
    for token in tokenizer.specials.tokens:
        for text in (token.content, f"a{token.content}b", f" {token.content}"):
            tids.append(token.id)
            texts.append(text)
    assert _apart_in_bulk(tokenizer, tids, texts) == _apart_by_the_tokenizer(
        tokenizer, tids, texts)


@cache
def _qwen3() -> Tokenizer:
    return open_tokenizer(FILES["qwen3"])


_PIECES = st.sampled_from(["a", "é", "e\u0301", " ", "  ", "\n", "\n\n", "1", "23", "ab",
                           "<tool_call>", "<|im_start|>", "！", "日本", "\t", "'s", "ing"])


@needs_shared_data
@given(st.lists(st.lists(_PIECES, min_size=0, max_size=5).map("".join), min_size=1,
                max_size=30),
       st.randoms(use_true_random=False))
def test_the_bulk_round_trip_is_the_tokenizers_encoding_of_generated_text(texts, rnd):
    tokenizer = _qwen3()
    # Half the texts are asked about the token they are (when they are one), half about
    # another id.
    tids = []
    for text in texts:
        ids = tokenizer.encode_ids(text, special="none")
        tids.append(ids[0] if ids and rnd.random() < 0.5 else rnd.randrange(1000))
    assert _apart_in_bulk(tokenizer, tids, texts) == _apart_by_the_tokenizer(
        tokenizer, tids, texts)


@needs_shared_data
@pytest.mark.parametrize("name", ["llama3", "qwen3"])
def test_merging_many_symbol_lists_at_once_ends_with_the_models_last_rank(name):
    model = open_tokenizer(FILES[name]).model
    rules = model.merge_list()
    pairs = merge_audit_module._PairRanks(model, merge_audit_module._rule_arrays(rules))
    rnd = random.Random(7)
    tokens = rnd.sample(range(model.vocab_size), 3000)
    lists = [s for s in map(model.own_symbols, tokens) if s is not None]
    # Lists that are no token's: two tokens' symbols joined, and symbols shuffled.
    lists += [a + b for a, b in zip(lists[::2], lists[1::2], strict=False)]
    lists += [rnd.sample(s, len(s)) for s in lists[:500]]
    lists += [[t] for t in tokens[:20]] + [[]]
    assert pairs.last_merge_ranks(lists) == model.last_merge_ranks(lists)


@needs_shared_data
def test_llama3s_merges_that_never_apply_are_those_merging_by_hand_finds():
    """Each merge of a token several merges make applies only if it is the one the model's
    own merge of the token's symbols takes last (computed here token by token)."""
    tokenizer, result = ours("llama3")
    model = tokenizer.model
    merges = result.merges
    assert merges is not None and merges.listed
    rules = model.merge_list()
    makes = Counter(rule.new_id for rule in rules)
    rnd = random.Random(3)
    sample = [rule for rule in rnd.sample(rules, 4000) if rule.new_id in merges.built]
    lasts = model.last_merge_ranks([model.own_symbols(r.new_id) or [r.new_id] for r in sample])
    never = {m.rule.rank for m in merges.never_applied}
    for rule, last in zip(sample, lasts, strict=True):
        applies = makes[rule.new_id] == 1 or last == rule.rank
        assert (rule.rank not in never) == applies, rule
