"""Hugging Face pre-tokenizers built from tokenizer.json configs cut text exactly as
`tokenizers` does: every code point, and generated text, for each config real files use."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core.formats.hf_json import build_pretokenizer

ALL_CHARS = "".join(chr(cp) for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)
# Each code point between letters and after spaces: a split shows in both neighbours.
EVERY_CODE_POINT = "a" + "a  ".join(ALL_CHARS) + "a"

CONFIGS = [
    *({"type": "Punctuation", "behavior": b}
      for b in ("Isolated", "Removed", "MergedWithPrevious", "MergedWithNext", "Contiguous")),
    {"type": "Digits", "individual_digits": True},
    {"type": "Digits", "individual_digits": False},
    {"type": "Whitespace"},
    {"type": "WhitespaceSplit"},
    {"type": "BertPreTokenizer"},
    {"type": "Split", "pattern": {"String": " "}, "behavior": "Removed", "invert": False},
    {"type": "Split", "pattern": {"Regex": "\\s+|[0-9]"}, "behavior": "Isolated",
     "invert": False},
    {"type": "Split", "pattern": {"Regex": "[a-z]+"}, "behavior": "Removed", "invert": True},
    {"type": "Sequence", "pretokenizers": [
        {"type": "Punctuation", "behavior": "Contiguous"},
        {"type": "Digits", "individual_digits": False}]},
]
IDS = [json.dumps(c, sort_keys=True)[:60] for c in CONFIGS]


def hf(config: dict):
    document = {"version": "1.0", "model": {"type": "BPE", "vocab": {}, "merges": []},
                "pre_tokenizer": config}
    return HFTokenizer.from_str(json.dumps(document)).pre_tokenizer


def assert_same(config: dict, text: str) -> None:
    expected = hf(config).pre_tokenize_str(text)
    ours = build_pretokenizer(config)
    assert ours.split_str(text) == [piece for piece, _ in expected]
    assert ours.split(text) == [offsets for _, offsets in expected]


# The configs whose cut depends on each character's class (the others combine these).
PER_CHARACTER = [c for c in CONFIGS if c["type"] in ("Digits", "Whitespace", "WhitespaceSplit")
                 or (c.get("behavior") == "Isolated" and c["type"] == "Punctuation")]


@pytest.mark.parametrize("config", PER_CHARACTER, ids=[json.dumps(c)[:60] for c in PER_CHARACTER])
def test_every_code_point(config):
    assert_same(config, EVERY_CODE_POINT)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(max_examples=150, deadline=None)
@given(text=st.text(st.characters(codec="utf-8"), max_size=40))
def test_generated_text(config, text):
    assert_same(config, text)
