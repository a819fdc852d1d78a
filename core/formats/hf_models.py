"""tokenizer.json's ``"model"`` object read as a BPE Lens model, as strictly as HF reads it:
BPE (vocabulary + merges), WordPiece and Unigram; WordLevel is recognised and refused."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cached_property
from itertools import chain, repeat
from operator import itemgetter
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.base import MAX_TOKEN_ID, TokenModel, check_vocabulary_ids
from ..models.merges import MergePairs
from ..models.unigram import UnigramModel
from ..models.vocab_bpe import VocabBPEModel
from ..models.wordpiece import WordPieceModel
from .json_fields import USIZE, Fields, Unsupported, describe


def _vocab_ids(f: Fields) -> dict[str, int]:
    """``vocab``: token → id, ids unique and within what BPE Lens lays out densely."""
    vocab = f.mapping("vocab")
    check_vocabulary_ids(vocab, f.path("vocab"))
    return vocab


def _merges(f: Fields) -> MergePairs:
    raw = f.array("merges")
    where = f.path("merges")
    kinds = set(map(type, raw))
    if kinds <= {str}:
        # Each "a b" holds one space: then all of them joined by spaces split back into
        # a, b, a, b … (one C-level split for 280k merges).
        if set(map(str.count, raw, repeat(" "))) - {1}:
            rank = next(i for i, m in enumerate(raw) if m.count(" ") != 1)
            raise ConfigError(Message("{where}[{rank}] must be two tokens separated by one space, "
                                      "not {describe}", where=where, rank=rank,
                                      describe=describe(raw[rank])))
        spellings = " ".join(raw).split(" ") if raw else []
        return MergePairs(spellings[0::2], spellings[1::2])
    if kinds <= {list}:
        if set(map(len, raw)) - {2} or set(map(type, chain.from_iterable(raw))) - {str}:
            rank = next(i for i, m in enumerate(raw)
                        if len(m) != 2 or not all(isinstance(p, str) for p in m))
            raise ConfigError(Message("{where}[{rank}] must be a pair of tokens [\"a\", \"b\"], "
                                      "not {describe}", where=where, rank=rank,
                                      describe=describe(raw[rank])))
        return MergePairs(list(map(itemgetter(0), raw)), list(map(itemgetter(1), raw)))
    rank = next(i for i, m in enumerate(raw) if not isinstance(m, type(raw[0])) or
                not isinstance(m, str | list))
    shape = '"a b"' if isinstance(raw[0], str) else '["a", "b"]'
    raise ConfigError(Message("{where}[{rank}] must be, like the other merges, {shape}, not "
                              "{describe}", where=where, rank=rank, shape=shape,
                              describe=describe(raw[rank])))


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
    vocab = f.mapping("vocab")  # its ids are checked by the model
    merges = _merges(f)
    if byte_level and options["continuing_subword_prefix"]:
        raise Unsupported(Message("{where}: a byte-level BPE with a continuing_subword_prefix "
                                  "is not supported by BPE Lens", where=f.where))
    if dropout not in (None, 0.0):
        raise Unsupported(Message("{path} {dropout!r}: BPE-dropout is random, so no tool can show "
                                  "one tokenization of a text; set it to null",
                                  path=f.path('dropout'), dropout=dropout))
    return VocabBPEModel(vocab=vocab, merges=merges, byte_level=byte_level,
                         vocab_field=f.path("vocab"), **options)


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


# -- a BPE model as the disk cache keeps it ----------------------------------------------------
# The token strings as one UTF-8 string (marshal reads bytes at memory speed, a str by
# decoding it), decoded and split at C speed when the vocabulary is first needed. No
# byte-level token holds NUL (byte 0 is spelled "Ā"); a vocabulary with one keeps a list.
_SEP = "\0"


def pack_bpe(model: VocabBPEModel) -> dict[str, Any]:
    """``model``'s tables in the forms :class:`CachedVocabBPE` opens without building what a
    first encode does not need: the vocabulary as one string (and its ids, when they are not
    0, 1, 2 … in order), the merges' left and right ids as int32 bytes; the rank table and
    the merged ids stay as they are (every encode reads them)."""
    tables = model.to_tables()
    tokens = list(tables["vocab"])
    ids = list(tables["vocab"].values())
    joined = _SEP.join(tokens)
    byte_level = tables["options"][0] == "byte"
    return {
        "tokens": (joined.encode("utf-8") if tokens and joined.count(_SEP) == len(tokens) - 1
                   else tokens),
        "count": len(tokens),
        "ids": None if ids == list(range(len(ids))) else array("i", ids).tobytes(),
        "size": len(model.labels),
        "ranks": tables["ranks"], "new": tables["new"], "shift": tables["shift"],
        "lefts": array("i", tables["lefts"]).tobytes(),
        "rights": array("i", tables["rights"]).tobytes(),
        "options": tables["options"],
        "unk_id": model.unk_id,
        # What the first encode reads of the vocabulary: the byte (or <0xNN>) tokens' ids.
        "symbols": ([model._byte_ids, model._last_byte_ids] if byte_level
                    else [model._fallback_ids]),
    }


def _int32s(data: Any, count: int) -> list[int]:
    if not isinstance(data, bytes) or len(data) != 4 * count:
        raise ValueError("not the int32 table of a cached model")
    values = array("i")
    values.frombytes(data)
    return values.tolist()


def _symbol_ids(value: Any, size: int) -> list[int | None]:
    if not (isinstance(value, list) and len(value) == 256 and all(
            t is None or (type(t) is int and 0 <= t < size) for t in value)):
        raise ValueError("not the symbol ids of a cached model")
    return value


class CachedVocabBPE(VocabBPEModel):
    """A :class:`VocabBPEModel` read back from the disk cache (:func:`pack_bpe`): the rank
    table and the byte tokens' ids at once, the vocabulary, the labels and the merges' pairs
    on first use. Those are built whole and then assigned (``cached_property``), so a worker
    thread encoding while the GUI reads the vocabulary sees either nothing yet or all of it.
    The entry was checked when it was written (and its checksum when read): the checks of
    ``VocabBPEModel.__init__`` are not run again."""

    # The same model, read another way: it declares what the model it stands for declares
    # (a subclass inherits no declaration, pipeline/capabilities.py).
    capabilities = VocabBPEModel.capabilities

    @classmethod
    def from_packed(cls, tables: dict[str, Any]) -> CachedVocabBPE:
        """The model :func:`pack_bpe` describes; ValueError (or KeyError, TypeError) when
        the tables are not such."""
        level, unk_token, prefix, suffix, fuse_unk, byte_fallback, ignore_merges = (
            tables["options"])
        tokens, count, size = tables["tokens"], tables["count"], tables["size"]
        ranks, new, shift, unk_id = (tables["ranks"], tables["new"], tables["shift"],
                                     tables["unk_id"])
        if not (level in ("byte", "char") and type(count) is int and type(size) is int
                and 0 < count <= size <= MAX_TOKEN_ID + 1 and type(shift) is int
                and isinstance(ranks, dict) and isinstance(new, list)
                and (unk_id is None or (type(unk_id) is int and 0 <= unk_id < size))
                and all(isinstance(v, str | None) for v in (unk_token, prefix, suffix))
                and all(isinstance(v, bool) for v in (fuse_unk, byte_fallback, ignore_merges))):
            raise ValueError("not the tables of a cached BPE model")
        if isinstance(tokens, bytes):
            if tokens.count(b"\0") + 1 != count:
                raise ValueError("the cached vocabulary has another size")
        elif not (isinstance(tokens, list) and len(tokens) == count):
            raise ValueError("the cached vocabulary has another size")
        model = cls.__new__(cls)
        # The attributes VocabBPEModel.__init__ sets (tests/test_load_cache.py checks that
        # none is missing and that each equals the built model's).
        model.level = level
        model.unk_token = unk_token
        model.prefix = prefix
        model.suffix = suffix
        model.fuse_unk = fuse_unk
        model.byte_fallback = byte_fallback
        model.ignore_merges = ignore_merges
        model.mapped_input = False
        model.unk_id = unk_id
        model._shift = shift
        model._ranks = ranks
        model._new_ids = new
        symbols = tables["symbols"]
        if level == "byte":
            model._byte_ids = _symbol_ids(symbols[0], size)
            model._last_byte_ids = _symbol_ids(symbols[1], size)
        else:
            model._fallback_ids = _symbol_ids(symbols[0], size)
        ids = tables["ids"]
        if ids is not None and not (isinstance(ids, bytes) and len(ids) == 4 * count):
            raise ValueError("the cached vocabulary's ids have another size")
        if not (isinstance(tables["lefts"], bytes) and len(tables["lefts"]) == 4 * len(new)
                and isinstance(tables["rights"], bytes)
                and len(tables["rights"]) == 4 * len(new)):
            raise ValueError("the cached merges have another size")
        model._packed = (tokens, ids, tables["lefts"], tables["rights"])
        model._count = count
        model._size = size
        return model

    @cached_property
    def _tokens(self) -> list[str]:
        tokens = self._packed[0]
        # Checked to be UTF-8 before it was written: a decoding error means a damaged entry
        # the checksum missed, which is no longer recoverable here.
        return tokens.decode("utf-8").split(_SEP) if isinstance(tokens, bytes) else tokens

    @cached_property
    def vocab(self) -> dict[str, int]:  # type: ignore[override]
        ids = self._packed[1]
        order = range(self._count) if ids is None else _int32s(ids, self._count)
        return dict(zip(self._tokens, order, strict=True))

    @cached_property
    def labels(self) -> list[str | None]:  # type: ignore[override]
        if self._packed[1] is None and self._size == self._count:
            return list(self._tokens)
        by_id = dict(zip(self.vocab.values(), self.vocab, strict=True))
        return list(map(by_id.get, range(self._size)))

    @cached_property
    def _merge_lefts(self) -> list[int]:  # type: ignore[override]
        return _int32s(self._packed[2], len(self._new_ids))

    @cached_property
    def _merge_rights(self) -> list[int]:  # type: ignore[override]
        return _int32s(self._packed[3], len(self._new_ids))

    @property
    def vocab_size(self) -> int:
        return self._size

    @property
    def entry_count(self) -> int:
        return self._count
