"""BPE Lens engine: BPE models, pipelines, training, traces, real tokenizer formats. Pure Python.

The public API is what this module exports (the app imports nothing else; a test checks it);
everything else is an implementation detail. Names load their module on first use, so a short
command (``bpelens encode``) imports only what it needs. How the folders map to the pipeline:
``core/README.md``.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# name → the module (below this package) that defines it
_EXPORTS = {
    # errors
    "BpeLensError": "errors",
    "ConfigError": "errors",
    "CorpusError": "errors",
    "DecodeError": "errors",
    "EncodeError": "errors",
    "TokenizerFileError": "errors",
    "ChatTemplateError": "chat.render",
    "ChatEncoding": "chat.conversation",
    "chat_templates_of": "chat.templates",
    "encode_chat": "chat.conversation",
    "split_conversation": "chat.conversation",
    "GENERIC_TEMPLATES": "chat.generic",
    "render_chat": "chat.render",
    "UnknownRankFileError": "errors",
    "TrainingError": "errors",
    # messages (the engine's words, for interfaces that translate them)
    "Message": "messages",
    "localize": "messages",
    "set_translator": "messages",
    # text
    "NormalizedText": "text.aligned",
    "Codepoint": "text.units",
    "Span": "text.units",
    "char_byte_starts": "text.units",
    "clean_surrogates": "text.units",
    "common_affixes": "text.affixes",
    "share_the_interpreter": "text.bounded_regex",
    "codepoints": "text.units",
    "iter_codepoints": "text.units",
    "find_lone_surrogates": "text.units",
    "bytes_to_printable": "text.byte_level",
    "bytes_to_unicode": "text.byte_level",
    "printable_to_bytes": "text.byte_level",
    "hex_bytes": "text.display",
    "display_width": "text.display",
    "ljust": "text.display",
    "rjust": "text.display",
    "json_reason": "formats.file_io",
    "round_trip_difference": "results.round_trip",
    "RoundTripDifference": "results.round_trip",
    "hex_text": "text.display",
    "invisible_name": "text.display",
    "isolated": "text.display",
    "token_text": "text.display",
    "visible": "text.display",
    # pipeline
    "make_normalizer": "pipeline.normalizers.base",
    "REGEX_PRESETS": "pipeline.pre_tokenizers.base",
    "make_pretokenizer": "pipeline.pre_tokenizers.base",
    "preset_names": "pipeline.pre_tokenizers.base",
    "encoding_names": "formats.tiktoken_presets",
    "AddedToken": "pipeline.added_tokens",
    "AddedVocabulary": "pipeline.added_tokens",
    "SpecialMatch": "pipeline.added_tokens",
    "SpecialMode": "pipeline.added_tokens",
    "SpecialTokens": "pipeline.added_tokens",
    "Tokenizer": "pipeline.tokenizer",
    "Origin": "pipeline.origin",
    "TokenKinds": "pipeline.token_kinds",
    # models
    "TokenKind": "models.base",
    "TokenModel": "models.base",
    "BPEModel": "models.bpe",
    "UnknownCharacterError": "models.bpe",
    "MergeRule": "models.merges",
    "MergeStep": "models.merges",
    "PieceTrace": "models.merges",
    # playback
    "Candidate": "playback.encoding_playback",
    "EncodingPlayback": "playback.encoding_playback",
    "PiecePlayback": "playback.encoding_playback",
    "Stop": "playback.encoding_playback",
    "TextStep": "playback.encoding_playback",
    "candidates_in": "playback.encoding_playback",
    "stops_in": "playback.encoding_playback",
    "DerivationNode": "playback.derivation",
    "WhyNotOne": "playback.derivation",
    "derivation": "playback.derivation",
    "why_not_one": "playback.derivation",
    "piece_not_one_token": "playback.derivation",
    "PairCount": "playback.training_playback",
    "TrainingPlayback": "playback.training_playback",
    "WordState": "playback.training_playback",
    # results
    "Encoding": "results.encoding",
    "Piece": "results.encoding",
    "Token": "results.encoding",
    "TokenTable": "results.token_table",
    "token_table": "results.token_table",
    "piece_traces": "pipeline.walk",
    "EditWindow": "results.table_edit",
    "TableEdit": "results.table_edit",
    "token_table_after_edit": "results.table_edit",
    "edits_splice": "results.table_edit",
    "TokenInfo": "results.token_info",
    "token_info": "results.token_info",
    # training
    "DEFAULT_MIN_FREQUENCY": "training.config",
    "TrainingConfig": "training.config",
    "WeightedText": "training.corpus",
    "parse_weight": "training.corpus",
    "read_corpus": "training.corpus",
    "read_lines": "training.corpus",
    "TrainingRecord": "training.record",
    "TrainingProgress": "training.trainer",
    "TrainingResult": "training.trainer",
    "iter_training": "training.trainer",
    "train": "training.trainer",
    "LanguageCorpus": "training.languages",
    "BYTES_PER_PARAMETER": "debugging.cost",
    "EmbeddingCost": "debugging.cost",
    "embedding_cost": "debugging.cost",
    "megabytes": "debugging.cost",
    "DropoutSamples": "debugging.dropout",
    "dropout_samples": "debugging.dropout",
    "Conflict": "debugging.conflicts",
    "add_merges": "debugging.conflicts",
    "save_extended": "debugging.conflicts",
    "extended_format": "debugging.conflicts",
    "apply_fixes": "debugging.conflicts",
    "find_conflicts": "debugging.conflicts",
    "TokenizerDiff": "debugging.diff",
    "SegmentationDiff": "debugging.diff",
    "diff_tokenizers": "debugging.diff",
    "merge_sequence": "debugging.diff",
    "segmentation_diff": "debugging.diff",
    "LOOKUP_MODES": "debugging.lookup",
    "TokenFacts": "debugging.lookup",
    "find_tokens": "debugging.lookup",
    "token_facts": "debugging.lookup",
    "texts_using": "debugging.lookup",
    "LatticeNode": "debugging.contrast",
    "PieceLattice": "debugging.contrast",
    "greedy_longest_match": "debugging.contrast",
    "unigram_lattice": "debugging.contrast",
    "Extension": "debugging.extend",
    "extend_tokenizer_json": "debugging.extend",
    "extend_tokenizer": "debugging.extend",
    "extend_refusal": "debugging.extend",
    "tokens_before_after": "debugging.extend",
    "LanguageChange": "debugging.extend",
    "AUDIT_CLASSES": "debugging.audit",
    "Audit": "debugging.audit",
    "TokenAudit": "debugging.audit",
    "audit": "debugging.audit",
    "audit_token": "debugging.audit",
    "MergeAudit": "debugging.merge_audit",
    "UnusedMerge": "debugging.merge_audit",
    "iter_audit": "debugging.audit",
    "language_of_file": "corpora.line_files",
    "SplitSizes": "training.languages",
    "read_language_file": "training.languages",
    "split_parallel": "training.languages",
    "byte_shares": "training.language_weights",
    "normalized_shares": "training.language_weights",
    "parse_language_values": "training.language_weights",
    "temperature_shares": "training.language_weights",
    "weights_for_shares": "training.language_weights",
    "ParityConfig": "training.parity_config",
    "PARITY_VARIANTS": "training.parity_config",
    "iter_multilingual_training": "training.multilingual",
    "train_languages": "training.multilingual",
    # formats
    "open_tokenizer": "formats.detect",
    "load_tokenizer": "formats.own_format",
    "save_tokenizer": "formats.own_format",
    "tokenizer_from_dict": "formats.own_format",
    "tokenizer_to_dict": "formats.own_format",
    "save_hf_json": "formats.export",
    "save_tiktoken": "formats.export",
    "write_atomic": "formats.file_io",
    "new_file_name": "formats.file_io",
    "FoundTokenizer": "formats.tokenizer_sources",
    "find_local_tokenizers": "formats.tokenizer_sources",
    # parallel corpora and their comparison
    "ParallelCorpus": "corpora.parallel_corpus",
    "open_parallel_corpus": "corpora.open_corpus",
    "parse_tsv_corpus": "corpora.tsv_corpus",
    "language_name": "corpora.language_names",
    "LanguageCounts": "analysis.language_counts",
    "count_language": "analysis.language_counts",
    "Comparison": "analysis.comparison",
    "ComparisonStep": "analysis.comparison",
    "TokenizerCounts": "analysis.comparison",
    "chosen_languages": "analysis.comparison",
    "compare": "analysis.comparison",
    "compare_counts": "analysis.comparison",
    "iter_comparison": "analysis.comparison",
    "iter_tokenizer_counts": "analysis.comparison",
    "ComparisonRow": "analysis.metrics",
    "Metric": "analysis.metrics",
    "METRICS": "analysis.metrics",
    "GINI_FORMULA": "analysis.inequality",
    "gini": "analysis.inequality",
    "lorenz": "analysis.inequality",
    "comparison_csv": "analysis.comparison_export",
    "comparison_json": "analysis.comparison_export",
    "comparison_table": "analysis.comparison_export",
    "format_value": "analysis.comparison_export",
    "short_name": "analysis.comparison_export",
    "PlacedToken": "analysis.side_by_side",
    "Segmentation": "analysis.side_by_side",
    "SideBySide": "analysis.side_by_side",
    "side_by_side": "analysis.side_by_side",
    "segment": "analysis.side_by_side",
    "aligned_rows": "analysis.side_by_side",
    # long texts in short steps (the window stays responsive while they run)
    "decoded": "fast.short_steps",
    "encoded": "fast.short_steps",
    "lines_of": "fast.short_steps",
    # training as one family, the vocabulary-size sweep
    "TRAINERS": "training.trainers",
    "Trainer": "training.trainers",
    "TrainerOption": "training.trainers",
    "all_options": "training.trainers",
    "trainer_named": "training.trainers",
    "SuperBPEConfig": "training.superbpe",
    "SuperwordStats": "training.superbpe",
    "superword_stats": "training.superbpe",
    "train_superbpe": "training.superbpe",
    "iter_superbpe_training": "training.superbpe",
    "is_superword": "training.superwords",
    "PairIndex": "training.pair_index",
    "MergeLoop": "training.merge_loop",
    "Merge": "training.merge_loop",
    "Sweep": "analysis.vocab_sweep",
    "SweepRow": "analysis.vocab_sweep",
    "SweepPoint": "analysis.vocab_sweep",
    "parse_sizes": "analysis.vocab_sweep",
    "vocab_sweep": "analysis.vocab_sweep",
    "renyi_efficiency": "analysis.vocab_sweep",
}

__all__ = [
    "AUDIT_CLASSES",
    "BYTES_PER_PARAMETER",
    "DEFAULT_MIN_FREQUENCY",
    "GENERIC_TEMPLATES",
    "GINI_FORMULA",
    "LOOKUP_MODES",
    "METRICS",
    "PARITY_VARIANTS",
    "REGEX_PRESETS",
    "TRAINERS",
    "AddedToken",
    "AddedVocabulary",
    "Audit",
    "BPEModel",
    "BpeLensError",
    "Candidate",
    "ChatEncoding",
    "ChatTemplateError",
    "Codepoint",
    "Comparison",
    "ComparisonRow",
    "ComparisonStep",
    "ConfigError",
    "Conflict",
    "CorpusError",
    "DecodeError",
    "DerivationNode",
    "DropoutSamples",
    "EditWindow",
    "EmbeddingCost",
    "EncodeError",
    "Encoding",
    "EncodingPlayback",
    "Extension",
    "FoundTokenizer",
    "LanguageChange",
    "LanguageCorpus",
    "LanguageCounts",
    "LatticeNode",
    "Merge",
    "MergeAudit",
    "MergeLoop",
    "MergeRule",
    "MergeStep",
    "Message",
    "Metric",
    "NormalizedText",
    "Origin",
    "PairCount",
    "PairIndex",
    "ParallelCorpus",
    "ParityConfig",
    "Piece",
    "PieceLattice",
    "PiecePlayback",
    "PieceTrace",
    "PlacedToken",
    "RoundTripDifference",
    "Segmentation",
    "SegmentationDiff",
    "SideBySide",
    "Span",
    "SpecialMatch",
    "SpecialMode",
    "SpecialTokens",
    "SplitSizes",
    "Stop",
    "SuperBPEConfig",
    "SuperwordStats",
    "Sweep",
    "SweepPoint",
    "SweepRow",
    "TableEdit",
    "TextStep",
    "Token",
    "TokenAudit",
    "TokenFacts",
    "TokenInfo",
    "TokenKind",
    "TokenKinds",
    "TokenModel",
    "TokenTable",
    "Tokenizer",
    "TokenizerCounts",
    "TokenizerDiff",
    "TokenizerFileError",
    "Trainer",
    "TrainerOption",
    "TrainingConfig",
    "TrainingError",
    "TrainingPlayback",
    "TrainingProgress",
    "TrainingRecord",
    "TrainingResult",
    "UnknownCharacterError",
    "UnknownRankFileError",
    "UnusedMerge",
    "WeightedText",
    "WhyNotOne",
    "WordState",
    "add_merges",
    "aligned_rows",
    "all_options",
    "apply_fixes",
    "audit",
    "audit_token",
    "byte_shares",
    "bytes_to_printable",
    "bytes_to_unicode",
    "candidates_in",
    "char_byte_starts",
    "chat_templates_of",
    "chosen_languages",
    "clean_surrogates",
    "codepoints",
    "common_affixes",
    "compare",
    "compare_counts",
    "comparison_csv",
    "comparison_json",
    "comparison_table",
    "count_language",
    "decoded",
    "derivation",
    "diff_tokenizers",
    "display_width",
    "dropout_samples",
    "edits_splice",
    "embedding_cost",
    "encode_chat",
    "encoded",
    "encoding_names",
    "extend_refusal",
    "extend_tokenizer",
    "extend_tokenizer_json",
    "extended_format",
    "find_conflicts",
    "find_local_tokenizers",
    "find_lone_surrogates",
    "find_tokens",
    "format_value",
    "gini",
    "greedy_longest_match",
    "hex_bytes",
    "hex_text",
    "invisible_name",
    "is_superword",
    "isolated",
    "iter_audit",
    "iter_codepoints",
    "iter_comparison",
    "iter_multilingual_training",
    "iter_superbpe_training",
    "iter_tokenizer_counts",
    "iter_training",
    "json_reason",
    "language_name",
    "language_of_file",
    "lines_of",
    "ljust",
    "load_tokenizer",
    "localize",
    "lorenz",
    "make_normalizer",
    "make_pretokenizer",
    "megabytes",
    "merge_sequence",
    "new_file_name",
    "normalized_shares",
    "open_parallel_corpus",
    "open_tokenizer",
    "parse_language_values",
    "parse_sizes",
    "parse_tsv_corpus",
    "parse_weight",
    "piece_not_one_token",
    "piece_traces",
    "preset_names",
    "printable_to_bytes",
    "read_corpus",
    "read_language_file",
    "read_lines",
    "render_chat",
    "renyi_efficiency",
    "rjust",
    "round_trip_difference",
    "save_extended",
    "save_hf_json",
    "save_tiktoken",
    "save_tokenizer",
    "segment",
    "segmentation_diff",
    "set_translator",
    "share_the_interpreter",
    "short_name",
    "side_by_side",
    "split_conversation",
    "split_parallel",
    "stops_in",
    "superword_stats",
    "temperature_shares",
    "texts_using",
    "token_facts",
    "token_info",
    "token_table",
    "token_table_after_edit",
    "token_text",
    "tokenizer_from_dict",
    "tokenizer_to_dict",
    "tokens_before_after",
    "train",
    "train_languages",
    "train_superbpe",
    "trainer_named",
    "unigram_lattice",
    "visible",
    "vocab_sweep",
    "weights_for_shares",
    "why_not_one",
    "write_atomic",
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
    from .analysis.comparison import (
        Comparison,
        ComparisonStep,
        TokenizerCounts,
        chosen_languages,
        compare,
        compare_counts,
        iter_comparison,
        iter_tokenizer_counts,
    )
    from .analysis.comparison_export import (
        comparison_csv,
        comparison_json,
        comparison_table,
        format_value,
        short_name,
    )
    from .analysis.inequality import GINI_FORMULA, gini, lorenz
    from .analysis.language_counts import LanguageCounts, count_language
    from .analysis.metrics import METRICS, ComparisonRow, Metric
    from .analysis.side_by_side import (
        PlacedToken,
        Segmentation,
        SideBySide,
        aligned_rows,
        segment,
        side_by_side,
    )
    from .analysis.vocab_sweep import (
        Sweep,
        SweepPoint,
        SweepRow,
        parse_sizes,
        renyi_efficiency,
        vocab_sweep,
    )
    from .chat.conversation import ChatEncoding, encode_chat, split_conversation
    from .chat.generic import GENERIC_TEMPLATES
    from .chat.render import ChatTemplateError, render_chat
    from .chat.templates import chat_templates_of
    from .corpora.language_names import language_name
    from .corpora.line_files import language_of_file
    from .corpora.open_corpus import open_parallel_corpus
    from .corpora.parallel_corpus import ParallelCorpus
    from .corpora.tsv_corpus import parse_tsv_corpus
    from .debugging.audit import AUDIT_CLASSES, Audit, TokenAudit, audit, audit_token, iter_audit
    from .debugging.conflicts import (
        Conflict,
        add_merges,
        apply_fixes,
        extended_format,
        find_conflicts,
        save_extended,
    )
    from .debugging.contrast import (
        LatticeNode,
        PieceLattice,
        greedy_longest_match,
        unigram_lattice,
    )
    from .debugging.cost import BYTES_PER_PARAMETER, EmbeddingCost, embedding_cost, megabytes
    from .debugging.diff import (
        SegmentationDiff,
        TokenizerDiff,
        diff_tokenizers,
        merge_sequence,
        segmentation_diff,
    )
    from .debugging.dropout import DropoutSamples, dropout_samples
    from .debugging.extend import (
        Extension,
        LanguageChange,
        extend_refusal,
        extend_tokenizer,
        extend_tokenizer_json,
        tokens_before_after,
    )
    from .debugging.lookup import (
        LOOKUP_MODES,
        TokenFacts,
        find_tokens,
        texts_using,
        token_facts,
    )
    from .debugging.merge_audit import MergeAudit, UnusedMerge
    from .errors import (
        BpeLensError,
        ConfigError,
        CorpusError,
        DecodeError,
        EncodeError,
        TokenizerFileError,
        TrainingError,
        UnknownRankFileError,
    )
    from .fast.short_steps import decoded, encoded, lines_of
    from .formats.detect import open_tokenizer
    from .formats.export import save_hf_json, save_tiktoken
    from .formats.file_io import json_reason, new_file_name, write_atomic
    from .formats.own_format import (
        load_tokenizer,
        save_tokenizer,
        tokenizer_from_dict,
        tokenizer_to_dict,
    )
    from .formats.tiktoken_presets import encoding_names
    from .formats.tokenizer_sources import FoundTokenizer, find_local_tokenizers
    from .messages import Message, localize, set_translator
    from .models.base import TokenKind, TokenModel
    from .models.bpe import BPEModel, UnknownCharacterError
    from .models.merges import MergeRule, MergeStep, PieceTrace
    from .pipeline.added_tokens import (
        AddedToken,
        AddedVocabulary,
        SpecialMatch,
        SpecialMode,
        SpecialTokens,
    )
    from .pipeline.normalizers.base import make_normalizer
    from .pipeline.origin import Origin
    from .pipeline.pre_tokenizers.base import REGEX_PRESETS, make_pretokenizer, preset_names
    from .pipeline.token_kinds import TokenKinds
    from .pipeline.tokenizer import Tokenizer
    from .pipeline.walk import piece_traces
    from .playback.derivation import (
        DerivationNode,
        WhyNotOne,
        derivation,
        piece_not_one_token,
        why_not_one,
    )
    from .playback.encoding_playback import (
        Candidate,
        EncodingPlayback,
        PiecePlayback,
        Stop,
        TextStep,
        candidates_in,
        stops_in,
    )
    from .playback.training_playback import PairCount, TrainingPlayback, WordState
    from .results.encoding import Encoding, Piece, Token
    from .results.round_trip import RoundTripDifference, round_trip_difference
    from .results.table_edit import EditWindow, TableEdit, edits_splice, token_table_after_edit
    from .results.token_info import TokenInfo, token_info
    from .results.token_table import TokenTable, token_table
    from .text.affixes import common_affixes
    from .text.aligned import NormalizedText
    from .text.bounded_regex import share_the_interpreter
    from .text.byte_level import bytes_to_printable, bytes_to_unicode, printable_to_bytes
    from .text.display import (
        display_width,
        hex_bytes,
        hex_text,
        invisible_name,
        isolated,
        ljust,
        rjust,
        token_text,
        visible,
    )
    from .text.units import (
        Codepoint,
        Span,
        char_byte_starts,
        clean_surrogates,
        codepoints,
        find_lone_surrogates,
        iter_codepoints,
    )
    from .training.config import DEFAULT_MIN_FREQUENCY, TrainingConfig
    from .training.corpus import WeightedText, parse_weight, read_corpus, read_lines
    from .training.language_weights import (
        byte_shares,
        normalized_shares,
        parse_language_values,
        temperature_shares,
        weights_for_shares,
    )
    from .training.languages import (
        LanguageCorpus,
        SplitSizes,
        read_language_file,
        split_parallel,
    )
    from .training.merge_loop import Merge, MergeLoop
    from .training.multilingual import iter_multilingual_training, train_languages
    from .training.pair_index import PairIndex
    from .training.parity_config import PARITY_VARIANTS, ParityConfig
    from .training.record import TrainingRecord
    from .training.superbpe import (
        SuperBPEConfig,
        SuperwordStats,
        iter_superbpe_training,
        superword_stats,
        train_superbpe,
    )
    from .training.superwords import is_superword
    from .training.trainer import TrainingProgress, TrainingResult, iter_training, train
    from .training.trainers import TRAINERS, Trainer, TrainerOption, all_options, trainer_named
