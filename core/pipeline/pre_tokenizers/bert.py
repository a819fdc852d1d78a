"""BERT's pre-tokenizer exactly as Hugging Face ``tokenizers`` (0.23) runs it."""

from __future__ import annotations

import re
import string
from typing import Any

from ...text.hf_unicode import PUNCTUATION, WHITESPACE
from ..capabilities import Can
from .base import PreTokenizer, Spans

# -- pre-tokenizer ----------------------------------------------------------------------------


class BertPreTokenizer(PreTokenizer):
    """HF's BertPreTokenizer: split on whitespace (dropped), then every punctuation character
    is a piece of its own."""

    kind = "bert"
    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT
    _punct = PUNCTUATION.class_body()
    _regex = re.compile(f"[{_punct}]|[^{WHITESPACE.class_body()}{_punct}]+")
    # ASCII text needs only the ASCII part of each class; a small class matches faster.
    _ascii_punct = re.escape(string.punctuation)
    _ascii_regex = re.compile(f"[{_ascii_punct}]|[^\\t\\n\\x0b\\x0c\\r {_ascii_punct}]+")

    def split(self, text: str) -> Spans:
        regex = self._ascii_regex if text.isascii() else self._regex
        return [m.span() for m in regex.finditer(text)]

    def split_str(self, text: str) -> list[str]:
        return (self._ascii_regex if text.isascii() else self._regex).findall(text)

    def to_config(self) -> dict[str, Any]:
        return {"type": "BertPreTokenizer"}
