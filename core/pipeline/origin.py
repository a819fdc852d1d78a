"""Where a tokenizer was read from: kept on the tokenizer for display and for writing it back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Origin:
    """The file a tokenizer came from and what reading it learned beyond the pipeline."""

    format: str  # "tokenizer.json", "tiktoken", "sentencepiece", "vocab.json+merges.txt", "bpelens"
    path: str
    sha256: str | None = None
    # tiktoken: the encoding whose pattern and special tokens were taken (o200k_base …).
    encoding: str | None = None
    # SentencePiece: its model type (UNIGRAM, BPE …), normalizer name and trainer settings.
    model_type: str | None = None
    normalizer: str | None = None
    trainer: dict[str, Any] | None = None
    # tokenizer.json: the document without its vocabulary and merges (export writes it back
    # with the model's tables; the disk cache keeps it beside them).
    document: dict[str, Any] | None = field(default=None, repr=False, compare=False)
