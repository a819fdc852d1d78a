"""tokenizer.json's ``"model"`` object read as a BPE Lens model, as strictly as HF reads it:
BPE (vocabulary + merges), WordPiece and Unigram; WordLevel is recognised and refused."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.base import MAX_TOKEN_ID, TokenModel, check_vocabulary_ids
from ..models.unigram import UnigramModel
from ..models.vocab_bpe import VocabBPEModel
from ..models.wordpiece import WordPieceModel
from .json_fields import USIZE, Fields, Unsupported, describe


def _vocab_ids(f: Fields) -> dict[str, int]:
    """``vocab``: token → id, ids unique and within what BPE Lens lays out densely."""
    vocab = f.mapping("vocab")
    check_vocabulary_ids(vocab, f.path("vocab"))
    return vocab


def _merges(f: Fields) -> list[tuple[str, str]]:
    raw = f.array("merges")
    where = f.path("merges")
    kinds = set(map(type, raw))
    if kinds <= {str}:
        merges = [m.split(" ") for m in raw]
        if any(len(m) != 2 for m in merges):
            rank = next(i for i, m in enumerate(merges) if len(m) != 2)
            raise ConfigError(Message("{where}[{rank}] must be two tokens separated by one space, "
                                      "not {describe}", where=where, rank=rank,
                                      describe=describe(raw[rank])))
    elif kinds <= {list}:
        merges = raw
        if set(map(len, merges)) - {2} or {type(p) for m in merges for p in m} - {str}:
            rank = next(i for i, m in enumerate(merges)
                        if len(m) != 2 or not all(isinstance(p, str) for p in m))
            raise ConfigError(Message("{where}[{rank}] must be a pair of tokens [\"a\", \"b\"], "
                                      "not {describe}", where=where, rank=rank,
                                      describe=describe(raw[rank])))
    else:
        rank = next(i for i, m in enumerate(raw) if not isinstance(m, type(raw[0])) or
                    not isinstance(m, str | list))
        shape = '"a b"' if isinstance(raw[0], str) else '["a", "b"]'
        raise ConfigError(Message("{where}[{rank}] must be, like the other merges, {shape}, not "
                                  "{describe}", where=where, rank=rank, shape=shape,
                                  describe=describe(raw[rank])))
    return merges  # type: ignore[return-value]


def _bpe(f: Fields, byte_level: bool) -> TokenModel:
    if f.has("type"):
        f.choice("type", ("BPE",))
    dropout = f.optional_number("dropout")
    if dropout is not None and not 0.0 <= dropout <= 1.0:
        raise ConfigError(Message("{path} must be from 0 to 1, not {dropout!r}",
                                  path=f.path('dropout'), dropout=dropout))
    options = {
        "unk_token": f.optional_string("unk_token"),
        "continuing_subword_prefix": f.optional_string("continuing_subword_prefix"),
        "end_of_word_suffix": f.optional_string("end_of_word_suffix"),
        "fuse_unk": bool(f.optional_boolean("fuse_unk")),
        "byte_fallback": bool(f.optional_boolean("byte_fallback")),
        "ignore_merges": bool(f.optional_boolean("ignore_merges")),
    }
    if not f.has("vocab") or not f.has("merges"):
        raise ConfigError(Message("{where} needs both \"vocab\" and \"merges\"", where=f.where))
    vocab = _vocab_ids(f)
    merges = _merges(f)
    if byte_level and options["continuing_subword_prefix"]:
        raise Unsupported(Message("{where}: a byte-level BPE with a continuing_subword_prefix "
                                  "is not supported by BPE Lens", where=f.where))
    if dropout not in (None, 0.0):
        raise Unsupported(Message("{path} {dropout!r}: BPE-dropout is random, so no tool can show "
                                  "one tokenization of a text; set it to null",
                                  path=f.path('dropout'), dropout=dropout))
    return VocabBPEModel(vocab=vocab, merges=merges, byte_level=byte_level, **options)


def _wordpiece(f: Fields, byte_level: bool) -> TokenModel:
    """Every field is required, as in HF."""
    if f.has("type"):
        f.choice("type", ("WordPiece",))
    unk = f.string("unk_token")
    prefix = f.string("continuing_subword_prefix")
    limit = f.integer("max_input_chars_per_word", limit=USIZE)
    vocab = _vocab_ids(f)
    return WordPieceModel(vocab, unk_token=unk, continuing_subword_prefix=prefix,
                          max_input_chars_per_word=limit)


def _unigram(f: Fields, byte_level: bool) -> TokenModel:
    """As HF reads it: ``vocab`` required, ``unk_id`` a whole number or null,
    ``byte_fallback`` true or false when given (null is an error there, as in HF)."""
    if f.has("type"):
        f.choice("type", ("Unigram",))
    unk_id = f.optional_integer("unk_id", limit=USIZE)
    byte_fallback = f.boolean("byte_fallback", False)
    if not f.has("vocab"):
        raise ConfigError(Message("{path} is missing (a list of [piece, score] pairs)",
                                  path=f.path('vocab')))
    vocab = f.data["vocab"]
    if not isinstance(vocab, list):
        raise ConfigError(Message("{path} must be a list of [piece, score] pairs, not {name}",
                                  path=f.path('vocab'), name=type(vocab).__name__))
    if len(vocab) > MAX_TOKEN_ID + 1:
        raise ConfigError(Message("{path} has {vocab_count:,} pieces; BPE Lens supports up to "
                                  "{max_token_id:,}", path=f.path('vocab'), vocab_count=len(vocab),
                                  max_token_id=MAX_TOKEN_ID + 1))
    return UnigramModel(vocab, unk_id, byte_fallback=byte_fallback)


def _wordlevel(f: Fields, byte_level: bool) -> TokenModel:
    if f.has("type"):
        f.choice("type", ("WordLevel",))
    f.mapping("vocab")
    f.string("unk_token")
    raise Unsupported(Message("{where}: the model WordLevel is not supported by BPE Lens",
                              where=f.where))


MODELS: dict[str, Callable[[Fields, bool], TokenModel]] = {
    "BPE": _bpe, "WordPiece": _wordpiece, "WordLevel": _wordlevel, "Unigram": _unigram,
}


def build_model(config: Any, byte_level: bool, where: str = "model") -> TokenModel:
    fields = Fields(config, where)
    kind = fields.data.get("type")
    if isinstance(kind, str) and kind in MODELS:
        return MODELS[kind](fields, byte_level)
    errors = []
    for name, make in MODELS.items():  # files from old versions: no "type"
        try:
            return make(fields, byte_level)
        except Unsupported:
            raise
        except ConfigError as exc:
            errors.append(f"{name}: {exc}")
    if kind is not None:
        raise ConfigError(Message("{where}.type {kind} is not a model; known: BPE, WordPiece, "
                                  "Unigram (and WordLevel, which BPE Lens does not support)",
                                  where=where, kind=describe(kind)))
    raise ConfigError(Message("{where} has no \"type\" and fits no model ({errors})", where=where,
                              errors='; '.join(errors)))
