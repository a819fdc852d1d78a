"""BPE Lens engine: BPE models, pipelines, training, traces, real tokenizer formats. Pure Python.

The public API is what this module exports; everything else is an implementation detail.
Names load their module on first use, so a short command (``bpelens encode``) imports only
what it needs.
"""

from __future__ import annotations

import os
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

# BPE Lens never calls BLAS. numpy's OpenBLAS would otherwise start a pool of threads at
# import that spin on a core, and once a process has threads, every malloc takes a lock:
# encoding 12 MB runs ~5% slower. Only when numpy is not loaded yet and nobody chose.
if "numpy" not in sys.modules:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

_EXPORTS = {
    "BPEModel": "models.bpe",
    "MergeRule": "models.bpe",
    "UnknownCharacterError": "models.bpe",
    "bytes_to_printable": "text.byte_level",
    "bytes_to_unicode": "text.byte_level",
    "printable_to_bytes": "text.byte_level",
    "parse_weight": "training.corpus",
    "read_corpus": "training.corpus",
    "read_lines": "training.corpus",
    "Encoding": "results.encoding",
    "Piece": "results.encoding",
    "Token": "results.encoding",
    "BpeLensError": "errors",
    "ConfigError": "errors",
    "DecodeError": "errors",
    "EncodeError": "errors",
    "TokenizerFileError": "errors",
    "TrainingError": "errors",
    "MergeRecord": "models.merges",
    "MergeStep": "models.merges",
    "PieceTrace": "models.merges",
    "NormalizedText": "pipeline.normalizers.base",
    "make_normalizer": "pipeline.normalizers.base",
    "REGEX_PRESETS": "pipeline.pre_tokenizers.base",
    "make_pretokenizer": "pipeline.pre_tokenizers.base",
    "preset_names": "pipeline.pre_tokenizers.base",
    "load_tokenizer": "formats.own_format",
    "open_tokenizer": "formats.detect",
    "AddedToken": "pipeline.added_tokens",
    "AddedVocabulary": "pipeline.added_tokens",
    "TokenModel": "models.base",
    "save_tokenizer": "formats.own_format",
    "tokenizer_from_dict": "formats.own_format",
    "tokenizer_to_dict": "formats.own_format",
    "SpecialMatch": "pipeline.added_tokens",
    "SpecialTokens": "pipeline.added_tokens",
    "Codepoint": "text.units",
    "Span": "text.units",
    "char_byte_starts": "text.units",
    "codepoints": "text.units",
    "find_lone_surrogates": "text.units",
    "Tokenizer": "pipeline.tokenizer",
    "DEFAULT_MIN_FREQUENCY": "training.config",
    "TrainingConfig": "training.config",
    "TrainingProgress": "training.trainer",
    "TrainingResult": "training.trainer",
    "iter_training": "training.trainer",
    "train": "training.trainer",
}

__all__ = [
    "DEFAULT_MIN_FREQUENCY",
    "REGEX_PRESETS",
    "AddedToken",
    "AddedVocabulary",
    "BPEModel",
    "BpeLensError",
    "Codepoint",
    "ConfigError",
    "DecodeError",
    "EncodeError",
    "Encoding",
    "MergeRecord",
    "MergeRule",
    "MergeStep",
    "NormalizedText",
    "Piece",
    "PieceTrace",
    "Span",
    "SpecialMatch",
    "SpecialTokens",
    "Token",
    "TokenModel",
    "Tokenizer",
    "TokenizerFileError",
    "TrainingConfig",
    "TrainingError",
    "TrainingProgress",
    "TrainingResult",
    "UnknownCharacterError",
    "bytes_to_printable",
    "bytes_to_unicode",
    "char_byte_starts",
    "codepoints",
    "find_lone_surrogates",
    "iter_training",
    "load_tokenizer",
    "make_normalizer",
    "make_pretokenizer",
    "open_tokenizer",
    "parse_weight",
    "preset_names",
    "printable_to_bytes",
    "read_corpus",
    "read_lines",
    "save_tokenizer",
    "tokenizer_from_dict",
    "tokenizer_to_dict",
    "train",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


if TYPE_CHECKING:
    from .errors import (
        BpeLensError,
        ConfigError,
        DecodeError,
        EncodeError,
        TokenizerFileError,
        TrainingError,
    )
    from .formats.detect import open_tokenizer
    from .formats.own_format import (
        load_tokenizer,
        save_tokenizer,
        tokenizer_from_dict,
        tokenizer_to_dict,
    )
    from .models.base import TokenModel
    from .models.bpe import BPEModel, MergeRule, UnknownCharacterError
    from .models.merges import MergeRecord, MergeStep, PieceTrace
    from .pipeline.added_tokens import AddedToken, AddedVocabulary, SpecialMatch, SpecialTokens
    from .pipeline.normalizers.base import NormalizedText, make_normalizer
    from .pipeline.pre_tokenizers.base import REGEX_PRESETS, make_pretokenizer, preset_names
    from .pipeline.tokenizer import Tokenizer
    from .results.encoding import Encoding, Piece, Token
    from .text.byte_level import bytes_to_printable, bytes_to_unicode, printable_to_bytes
    from .text.units import Codepoint, Span, char_byte_starts, codepoints, find_lone_surrogates
    from .training.config import DEFAULT_MIN_FREQUENCY, TrainingConfig
    from .training.corpus import parse_weight, read_corpus, read_lines
    from .training.trainer import TrainingProgress, TrainingResult, iter_training, train
