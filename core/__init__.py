"""BPE Lens engine: byte- and character-level BPE, pipeline, training, traces. Pure Python.

The public API is what this module exports; everything else is an implementation detail.
"""

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
from .merge_trace import MergeRecord, MergeStep, PieceTrace
from .normalizers import NormalizedText, make_normalizer
from .pretokenizers import REGEX_PRESETS, make_pretokenizer, preset_names
from .serialization import load_tokenizer, save_tokenizer, tokenizer_from_dict, tokenizer_to_dict
from .special_tokens import SpecialMatch, SpecialTokens
from .text_units import Codepoint, Span, char_byte_starts, codepoints, find_lone_surrogates
from .tokenizer import Tokenizer
from .training import (
    DEFAULT_MIN_FREQUENCY,
    TrainingConfig,
    TrainingProgress,
    TrainingResult,
    iter_training,
    train,
)

__all__ = [
    "DEFAULT_MIN_FREQUENCY",
    "REGEX_PRESETS",
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
