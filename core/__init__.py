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
    "BPEModel": "bpe_model",
    "MergeRule": "bpe_model",
    "UnknownCharacterError": "bpe_model",
    "bytes_to_printable": "byte_level",
    "bytes_to_unicode": "byte_level",
    "printable_to_bytes": "byte_level",
    "parse_weight": "corpus",
    "read_corpus": "corpus",
    "read_lines": "corpus",
    "Encoding": "encoding",
    "Piece": "encoding",
    "Token": "encoding",
    "BpeLensError": "errors",
    "ConfigError": "errors",
    "DecodeError": "errors",
    "EncodeError": "errors",
    "TokenizerFileError": "errors",
    "TrainingError": "errors",
    "MergeRecord": "merge_trace",
    "MergeStep": "merge_trace",
    "PieceTrace": "merge_trace",
    "NormalizedText": "normalizers",
    "make_normalizer": "normalizers",
    "REGEX_PRESETS": "pretokenizers",
    "make_pretokenizer": "pretokenizers",
    "preset_names": "pretokenizers",
    "load_tokenizer": "serialization",
    "open_tokenizer": "formats.detect",
    "AddedToken": "special_tokens",
    "AddedVocabulary": "special_tokens",
    "TokenModel": "token_model",
    "save_tokenizer": "serialization",
    "tokenizer_from_dict": "serialization",
    "tokenizer_to_dict": "serialization",
    "SpecialMatch": "special_tokens",
    "SpecialTokens": "special_tokens",
    "Codepoint": "text_units",
    "Span": "text_units",
    "char_byte_starts": "text_units",
    "codepoints": "text_units",
    "find_lone_surrogates": "text_units",
    "Tokenizer": "tokenizer",
    "DEFAULT_MIN_FREQUENCY": "training_config",
    "TrainingConfig": "training_config",
    "TrainingProgress": "training",
    "TrainingResult": "training",
    "iter_training": "training",
    "train": "training",
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
    from .bpe_model import BPEModel, MergeRule, UnknownCharacterError
    from .byte_level import bytes_to_printable, bytes_to_unicode, printable_to_bytes
    from .corpus import parse_weight, read_corpus, read_lines
    from .encoding import Encoding, Piece, Token
    from .errors import (
        BpeLensError,
        ConfigError,
        DecodeError,
        EncodeError,
        TokenizerFileError,
        TrainingError,
    )
    from .formats.detect import open_tokenizer
    from .merge_trace import MergeRecord, MergeStep, PieceTrace
    from .normalizers import NormalizedText, make_normalizer
    from .pretokenizers import REGEX_PRESETS, make_pretokenizer, preset_names
    from .serialization import (
        load_tokenizer,
        save_tokenizer,
        tokenizer_from_dict,
        tokenizer_to_dict,
    )
    from .special_tokens import AddedToken, AddedVocabulary, SpecialMatch, SpecialTokens
    from .text_units import Codepoint, Span, char_byte_starts, codepoints, find_lone_surrogates
    from .token_model import TokenModel
    from .tokenizer import Tokenizer
    from .training import TrainingProgress, TrainingResult, iter_training, train
    from .training_config import DEFAULT_MIN_FREQUENCY, TrainingConfig
