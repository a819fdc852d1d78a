"""An added vocabulary compiles its pattern only when a text may hold one of its tokens:
with special="none" and every token special, never; the ids stay those of Hugging Face
(special tokens recognised, or spelled out as with ``encode_special_tokens``)."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import open_tokenizer

from conftest import SHARED_DATA, needs_shared_data

pytestmark = needs_shared_data

LLAMA3 = SHARED_DATA / "tokenizers" / "hf" / "llama3.tokenizer.json"
SPECIALS = ["<|begin_of_text|>", "<|eot_id|>", "<|reserved_special_token_7|>", "<|eot_id"]


@cache
def reference(spell_out: bool):
    from tokenizers import Tokenizer as HFTokenizer

    tokenizer = HFTokenizer.from_file(str(LLAMA3))
    tokenizer.encode_special_tokens = spell_out
    return tokenizer


@cache
def llama3():
    return open_tokenizer(LLAMA3)


@settings(max_examples=80)
@given(parts=st.lists(st.one_of(st.sampled_from(SPECIALS), st.text(max_size=6)), max_size=8))
def test_ids_with_and_without_special_tokens_are_hfs(parts: list[str]) -> None:
    text = "".join(parts)
    ours = llama3()
    assert ours.encode_ids(text, special="none") == reference(True).encode(
        text, add_special_tokens=False).ids
    assert ours.encode_ids(text, special="all") == reference(False).encode(
        text, add_special_tokens=False).ids


@pytest.mark.parametrize("mode", ["none", "all"])
def test_the_pattern_is_compiled_only_when_needed(mode: str) -> None:
    ours = open_tokenizer(LLAMA3)
    vocabulary = ours.specials
    assert vocabulary._patterns == {}
    text = "hi <|begin_of_text|> there<|eot_id|>"
    ids = ours.encode_ids(text, special=mode)
    assert ids == reference(mode == "none").encode(text, add_special_tokens=False).ids
    assert (vocabulary._patterns == {}) == (mode == "none")
