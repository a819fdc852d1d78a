"""SentencePiece models for the tests: the four real files in ../shared/data, models trained
here by the ``sentencepiece`` library (each switch of the normalizer and trainer that changes
encoding), and models edited with the library's own protobuf module (piece types and specs
no trainer writes). Nothing here is read by BPE Lens's loader except the files it writes."""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache
from pathlib import Path

from conftest import SHARED_DATA

SP_DIR = SHARED_DATA / "tokenizers" / "sentencepiece"
REAL_MODELS = {
    "ai21": "ai21-j2-tokenizer.model",  # Unigram 262,144, byte fallback, 3 user-defined
    "botchan_bpe": "botchan_en_bpe_1000.model",
    "botchan_unigram": "botchan_en_unigram_1000.model",
    "kyoto": "kyoto_ja_unigram_8000.model",
}
NTREX = SHARED_DATA / "parallel" / "ntrex128"
CORPUS = SHARED_DATA / "corpus" / "botchan.txt"

# name → the trainer's options (on botchan and 150 NTREX lines in 26 languages).
TRAINED: dict[str, dict[str, object]] = {
    # byte fallback; user-defined pieces, one with a space (never found: spaces become ▁)
    # and one starting with ▁; control pieces, one a single letter (text spelled like it is
    # unknown)
    "bpe_fallback_symbols": dict(model_type="bpe", vocab_size=1000, byte_fallback=True,
                                 user_defined_symbols=["<sep>", "foo bar", "▁x", "ab", "[MASK]"],
                                 control_symbols=["<ctl>", "a"]),
    "bpe_suffix": dict(model_type="bpe", vocab_size=1000, treat_whitespace_as_suffix=True),
    # pieces with ▁ inside: no cutting into words
    "bpe_whitespace_pieces": dict(model_type="bpe", vocab_size=1000,
                                  allow_whitespace_only_pieces=True, split_by_whitespace=False,
                                  remove_extra_whitespaces=False),
    # Llama 2's settings: whitespace-only pieces ("▁▁▁▁"), byte fallback, spaces kept
    "bpe_llama_like": dict(model_type="bpe", vocab_size=1000, byte_fallback=True,
                           allow_whitespace_only_pieces=True, split_digits=True,
                           remove_extra_whitespaces=False),
    "bpe_identity_digits": dict(model_type="bpe", vocab_size=1000,
                                normalization_rule_name="identity", split_digits=True),
    "unigram_suffix_fallback": dict(model_type="unigram", vocab_size=1000,
                                    treat_whitespace_as_suffix=True, byte_fallback=True,
                                    user_defined_symbols=["<sep>", "▁▁", "ab"],
                                    normalization_rule_name="nfkc_cf", split_digits=True),
    "unigram_no_prefix": dict(model_type="unigram", vocab_size=1000, add_dummy_prefix=False,
                              remove_extra_whitespaces=False),
    "char": dict(model_type="char", vocab_size=700, user_defined_symbols=["<sep>"]),
    "word": dict(model_type="word", vocab_size=2000),
}


def real_model(name: str) -> Path:
    return SP_DIR / REAL_MODELS[name]


@cache
def training_lines() -> tuple[str, ...]:
    lines = CORPUS.read_text(encoding="utf-8-sig").split("\n")[:2500]
    for path in sorted(NTREX.glob("*.txt")):
        lines += path.read_text(encoding="utf-8").replace("\r", "").split("\n")[:6]
    # indented lines, so that runs of spaces become pieces where the trainer allows them
    lines += ["    if x:", "        return  y", "  a  b   c    d"] * 40
    return tuple(line for line in lines if line.strip())


def train(options: dict[str, object]) -> bytes:
    import sentencepiece as spm

    out = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(training_lines()), model_writer=out,
                                   character_coverage=0.98, minloglevel=2, num_threads=1,
                                   **options)
    return out.getvalue()


def edited(data: bytes, change: Callable[[object], None]) -> bytes:
    """The model with ``change`` applied to its ``ModelProto`` (the library's own module)."""
    from sentencepiece import sentencepiece_model_pb2 as pb

    proto = pb.ModelProto()
    proto.ParseFromString(data)
    change(proto)
    return proto.SerializeToString()


def _set(proto, text: str, score: float, kind: int) -> None:
    """Give the piece ``text`` this score and type, adding it when the model lacks it."""
    for piece in proto.pieces:
        if piece.piece == text:
            piece.score, piece.type = score, kind
            return
    added = proto.pieces.add()
    added.piece, added.score, added.type = text, score, kind


def _unused(proto) -> None:
    for index, piece in enumerate(proto.pieces):
        if piece.type == 1 and len(piece.piece) >= 2 and index % 7 == 0:
            piece.type = 5  # UNUSED


def _no_escape(proto) -> None:
    proto.normalizer_spec.escape_whitespaces = False


def _denormalizer(proto) -> None:
    proto.denormalizer_spec.precompiled_charsmap = proto.normalizer_spec.precompiled_charsmap
    proto.denormalizer_spec.add_dummy_prefix = False


def _default_denormalizer(proto) -> None:
    # The denormalizer's own switches keep their defaults (dummy prefix, trimming, ▁).
    proto.denormalizer_spec.precompiled_charsmap = proto.normalizer_spec.precompiled_charsmap


def _unk_surface(proto) -> None:
    proto.trainer_spec.unk_surface = "<?>"


def _controls(proto) -> None:
    # CONTROL pieces: text spelled like them is unknown
    for text in ("h", "▁a", "ǂ"):
        _set(proto, text, 0.0, 3)


def _scored_symbols(proto) -> None:
    # A user-defined piece's score is its length in bytes × 0.1 - 0.1 whatever the model's
    # scores: give NORMAL pieces positive scores and pieces that compete with the symbols.
    _set(proto, "x", 3.0, 1)
    for text, score in (("▁ab", -3.25), ("▁abcd", -3.0), ("▁é", -3.3)):
        _set(proto, text, score, 1)
    for text in ("ab", "abcd", "é", "cd"):
        _set(proto, text, -50.0, 4)


# name → (what it is edited from, the change)
EDITED: dict[str, tuple[str, Callable[[object], None]]] = {
    "bpe_unused": ("bpe_fallback_symbols", _unused),
    "unigram_unused": ("botchan_unigram", _unused),
    "bpe_no_escape": ("botchan_bpe", _no_escape),
    "unigram_no_escape": ("botchan_unigram", _no_escape),
    "unigram_denormalizer": ("botchan_unigram", _denormalizer),
    "bpe_default_denormalizer": ("bpe_fallback_symbols", _default_denormalizer),
    "bpe_unk_surface": ("botchan_bpe", _unk_surface),
    "bpe_controls": ("botchan_bpe", _controls),
    "unigram_controls": ("botchan_unigram", _controls),
    "char_controls": ("char", _controls),
    "word_controls": ("word", _controls),
    "unigram_scored_symbols": ("botchan_unigram", _scored_symbols),
}


@cache
def model_bytes(name: str) -> bytes:
    if name in REAL_MODELS:
        return real_model(name).read_bytes()
    if name in TRAINED:
        return train(TRAINED[name])
    source, change = EDITED[name]
    return edited(model_bytes(source), change)


def write_model(name: str, folder: Path) -> Path:
    path = folder / f"{name}.model"
    if not path.exists():
        path.write_bytes(model_bytes(name))
    return path
