"""SentencePiece ``.model`` files (``tokenizer.model`` of Llama 2, Mistral, Gemma …): a
protobuf ``ModelProto`` read with the protobuf runtime (``sentencepiece_schema.py``), turned
into a :class:`Tokenizer` that gives the ids and decoded text of the ``sentencepiece``
library.

The pipeline: the SentencePiece normalizer (character map, whitespace rules, ``▁``), no
pre-tokenizer (the model sees the whole normalized text, as in the library), the model
(BPE, Unigram, character or word), SentencePiece's decoding. No added tokens: the library
never recognises control pieces such as ``<s>`` in text, and user-defined pieces are the
model's business (they are kept by the normalizer and found by the model).
``add_special_tokens`` puts the BOS piece first, as ``encode(..., add_bos=True)`` does.

A file that is not a usable model is a one-line :class:`TokenizerFileError` naming the file
and the problem; sizes are checked before anything is built from them.

What a model is built from (pieces, scores, types, specs) is kept in the disk cache under
the SHA-256 of the file: opening the same bytes again reads it back in forms ``marshal``
restores at C speed (one "\\0"-joined string of pieces, scores as doubles, types as bytes)
instead of walking the protobuf message, and the normalizer's map comes from its own
entries.
"""

from __future__ import annotations

import hashlib
import stat
from array import array
from dataclasses import fields as fields_of
from dataclasses import replace
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import BpeLensError, ConfigError, TokenizerFileError
from ..fast import disk_cache
from ..models.sentencepiece.pieces import (
    DEFAULT_UNK_SURFACE,
    SentencePieceDecoder,
    SentencePieceModel,
    SentencePieceVocab,
    SpecialPieces,
)
from ..pipeline.normalizers.sentencepiece import SentencePieceNormalizer
from ..pipeline.origin import Origin
from ..pipeline.post_processors import PostProcessor
from ..pipeline.pre_tokenizers.base import PreTokenizer
from ..pipeline.tokenizer import Tokenizer
from .sentencepiece_schema import BPE as BPE_TYPE
from .sentencepiece_schema import CHAR as CHAR_TYPE
from .sentencepiece_schema import MODEL_TYPES, decode_error_type, parse_model_proto
from .sentencepiece_schema import UNIGRAM as UNIGRAM_TYPE

# The largest real models are a few tens of MB (262k pieces: 6.6 MB). Tables indexed by id
# are dense lists: BPE Lens lays out ids up to 2²¹ - 1 (token_model.MAX_TOKEN_ID).
MAX_FILE_BYTES = 256 << 20
MAX_PIECES = 1 << 21
WHAT_IT_IS = "a SentencePiece model is a protobuf ModelProto (tokenizer.model)"


def load_sentencepiece(path: str | Path) -> Tokenizer:
    """Open a SentencePiece ``.model`` file."""
    path = Path(path)
    data = _read(path)
    digest = hashlib.sha256(data).hexdigest()
    tokenizer = tokenizer_from_model_proto(data, path=str(path), digest=digest)
    tokenizer.name = _display_name(path)
    tokenizer.source = (replace(tokenizer.source, sha256=digest) if tokenizer.source
                        else Origin("sentencepiece", str(path), sha256=digest))
    return tokenizer


def _read(path: Path) -> bytes:
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise TokenizerFileError(str(path), "not a regular file (a pipe or a device "
                                     "would be read without end); give a .model file")
        size = info.st_size
        if size > MAX_FILE_BYTES:
            raise TokenizerFileError(
                str(path), Message("{size:,} bytes is far larger than any SentencePiece model (at "
                                   "most {max_file_bytes:,} bytes are read)", size=size,
                                   max_file_bytes=MAX_FILE_BYTES))
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise TokenizerFileError(str(path), Message("cannot read ({strerror})",
                                                    strerror=exc.strerror)) from None
    if len(data) > MAX_FILE_BYTES:  # it grew while being read
        raise TokenizerFileError(str(path), Message("more than {max_file_bytes:,} bytes",
                                                    max_file_bytes=MAX_FILE_BYTES))
    return data


def _display_name(path: Path) -> str:
    if path.stem != "tokenizer":
        return path.stem
    parent = path.parent
    if parent.parent.name == "snapshots":  # HF cache: models--org--name/snapshots/<rev>
        return parent.parent.parent.name.removeprefix("models--").replace("--", "/")
    return parent.name or path.stem


def tokenizer_from_model_proto(data: bytes, *, path: str = "<model>",
                               digest: str | None = None) -> Tokenizer:
    """Build from the bytes of a ``.model`` file (``path`` names it in errors; ``digest``:
    their SHA-256, when known). What the file holds is kept in the disk cache, keyed by that
    digest: opening it again skips the protobuf, the checks and the prefix table."""
    digest = digest or hashlib.sha256(data).hexdigest()
    fields = _cached_fields(digest)
    if fields is not None:
        try:
            return _build(fields, path, store=None)
        except (BpeLensError, KeyError, TypeError, ValueError, IndexError):
            pass  # a damaged entry: read the file again
    return _build(_fields(data, path), path, store=digest)


def _fields(data: bytes, path: str) -> dict[str, Any]:
    """What a tokenizer is built from, read from the protobuf message and checked as far as
    the message alone says (the vocabulary is checked when it is built)."""

    def fail(problem: str, field: str | None = None) -> TokenizerFileError:
        return TokenizerFileError(path, problem, field=field)

    if not data:
        raise fail(Message("the file is empty; {what_it_is}", what_it_is=WHAT_IT_IS))
    # Said only once the bytes are not a model: a model's first bytes may look like "\n{".
    json_like = data[:64].lstrip(b" \t\r\n").startswith((b"{", b"["))
    not_a_model = ("this is JSON (a tokenizer.json?), not a SentencePiece model" if json_like
                   else "not a SentencePiece model")
    try:
        proto = parse_model_proto(data)
    except (decode_error_type(), ValueError, RecursionError):
        detail = "" if json_like else ": the protobuf data is malformed or truncated"
        raise fail(Message("{not_a_model}{detail}; {what_it_is}", not_a_model=not_a_model,
                           detail=detail, what_it_is=WHAT_IT_IS)) from None
    count = len(proto.pieces)
    if not count:
        if json_like:
            raise fail(Message("{not_a_model}; {what_it_is}", not_a_model=not_a_model,
                               what_it_is=WHAT_IT_IS))
        raise fail(Message("no pieces (field 1): truncated, or not a SentencePiece model; "
                           "{what_it_is}", what_it_is=WHAT_IT_IS), "pieces")
    if count > MAX_PIECES:
        raise fail(Message("{count:,} pieces; BPE Lens opens models of at most {max_pieces:,}",
                           count=count, max_pieces=MAX_PIECES),
                   "pieces")
    for field, number in (("trainer_spec", 2), ("normalizer_spec", 3)):
        if not proto.HasField(field):
            raise fail(Message("no {field} (field {number}): the file is truncated or not a "
                               "SentencePiece model", field=field, number=number), field)
    trainer = proto.trainer_spec
    model_type = trainer.model_type
    if model_type not in MODEL_TYPES:
        valid = ", ".join(f"{k} {v}" for k, v in MODEL_TYPES.items())
        raise fail(Message("model_type {model_type} is not a SentencePiece model type ({valid})",
                           model_type=model_type, valid=valid),
                   "trainer_spec.model_type")

    for name in ("unk_id", "bos_id", "eos_id", "pad_id"):
        value = getattr(trainer, name)
        if not -1 <= value < count:
            raise fail(Message("{name} {value:,} is not a piece id (the model has {count:,} "
                               "pieces; -1 means none)", name=name, value=value,
                               count=count), f"trainer_spec.{name}")
    pieces, scores, types = _pieces(proto.pieces, fail)
    try:
        names = [_text(trainer.unk_piece) or "<unk>", _text(trainer.bos_piece) or "<s>",
                 _text(trainer.eos_piece) or "</s>", _text(trainer.pad_piece) or "<pad>",
                 _text(trainer.unk_surface) if trainer.HasField("unk_surface")
                 else DEFAULT_UNK_SURFACE]
    except UnicodeDecodeError:
        raise fail("a piece name or unk_surface is not UTF-8 text", "trainer_spec") from None
    denormalizer = None
    if proto.HasField("denormalizer_spec") and proto.denormalizer_spec.precompiled_charsmap:
        denormalizer = _spec(proto.denormalizer_spec)
    return {"model_type": model_type, "pieces": pieces, "scores": scores, "types": types,
            "byte_fallback": trainer.byte_fallback, "names": names,
            "normalizer": _spec(proto.normalizer_spec),
            "treat_whitespace_as_suffix": trainer.treat_whitespace_as_suffix,
            "denormalizer": denormalizer, "trainer": _trainer_facts(trainer)}


def _spec(spec: Any) -> list[Any]:
    """A ``NormalizerSpec``'s fields, as ``SentencePieceNormalizer.from_fields`` takes them."""
    return [bytes(spec.precompiled_charsmap), bytes(spec.name).decode("utf-8", "replace"),
            bool(spec.add_dummy_prefix), bool(spec.remove_extra_whitespaces),
            bool(spec.escape_whitespaces)]


def _pieces(entries: Any, fail) -> tuple[list[str], list[float], list[int]]:
    raw = [p.piece for p in entries]
    # One decode of them all, split at the NULs put between them (a piece holding a NUL
    # splits in two: decoded one by one, for the vocabulary to name it).
    try:
        pieces = b"\0".join(raw).decode("utf-8").split("\0")
        if len(pieces) != len(raw):
            pieces = list(map(bytes.decode, raw))
    except UnicodeDecodeError:
        index = next(i for i, r in enumerate(raw) if not _is_utf8(r))
        raise fail(Message("piece {index} ({raw!r}) is not UTF-8 text", index=index,
                           raw=raw[index][:16]),
                   f"pieces[{index}]") from None
    return pieces, [p.score for p in entries], [p.type for p in entries]


def _build(fields: dict[str, Any], path: str, *, store: str | None) -> Tokenizer:
    """The tokenizer ``fields`` describe; ``store``: the digest to keep them under in the disk
    cache once they are known to be good (None when they come from there)."""

    def fail(problem: str, field: str | None = None) -> TokenizerFileError:
        return TokenizerFileError(path, problem, field=field)

    model_type = fields["model_type"]
    try:
        vocab = SentencePieceVocab(fields["pieces"], fields["scores"], fields["types"],
                                   byte_fallback=fields["byte_fallback"],
                                   names=SpecialPieces(*fields["names"]),
                                   # From the cache: checked before it was kept.
                                   checked=store is None)
    except ConfigError as exc:
        raise fail(exc.message, "pieces") from None
    try:
        normalizer = SentencePieceNormalizer.from_fields(
            *fields["normalizer"], treat_whitespace_as_suffix=fields["treat_whitespace_as_suffix"],
            user_defined=vocab.user_defined)
    except ConfigError as exc:
        raise fail(exc.message, "normalizer_spec") from None
    denormalizer = None
    if fields["denormalizer"] is not None:
        try:
            denormalizer = SentencePieceNormalizer.from_fields(*fields["denormalizer"])
        except ConfigError as exc:
            raise fail(exc.message, "denormalizer_spec") from None

    model = _model(model_type, vocab, normalizer, fail)
    decoder = SentencePieceDecoder(vocab, add_dummy_prefix=normalizer.add_dummy_prefix,
                                   remove_extra_whitespaces=normalizer.remove_extra_whitespaces,
                                   denormalizer=denormalizer)
    tokenizer = Tokenizer(model, normalizer=normalizer, pretokenizer=PreTokenizer(),
                          post_processor=_bos(vocab), decoder=decoder)
    tokenizer.source = Origin("sentencepiece", path or "", model_type=MODEL_TYPES[model_type],
                              normalizer=normalizer.name, trainer=dict(fields["trainer"]))
    if store is not None:
        _store_fields(store, fields)
    return tokenizer


# -- the disk cache: the fields, in forms marshal reads back fast ----------------------------
_CACHE_KIND = "sentencepiece"
_CACHED_KEYS = ("model_type", "byte_fallback", "names", "normalizer",
                "treat_whitespace_as_suffix", "denormalizer", "trainer")


def _store_fields(digest: str, fields: dict[str, Any]) -> None:
    # No piece holds NUL (SentencePieceVocab refuses it): one string splits back at C speed.
    entry = {key: fields[key] for key in _CACHED_KEYS}
    entry.update(count=len(fields["pieces"]), pieces="\0".join(fields["pieces"]),
                 scores=array("d", fields["scores"]).tobytes(), types=bytes(fields["types"]))
    disk_cache.store(_CACHE_KIND, digest, entry)


def _cached_fields(digest: str) -> dict[str, Any] | None:
    """The fields kept for the file with this digest, in the shapes :func:`_fields` gives
    (None when there are none, or they are not what :func:`_store_fields` wrote)."""
    entry = disk_cache.load(_CACHE_KIND, digest)
    if not isinstance(entry, dict):
        return None
    try:
        count, pieces, scores, types = (entry["count"], entry["pieces"], entry["scores"],
                                        entry["types"])
        names = entry["names"]
        if not (isinstance(pieces, str) and isinstance(scores, bytes)
                and isinstance(types, bytes)
                and entry["model_type"] in MODEL_TYPES and isinstance(names, list)
                and len(names) == len(fields_of(SpecialPieces))
                and all(map(str.__instancecheck__, names))
                and isinstance(entry["byte_fallback"], bool)
                and isinstance(entry["treat_whitespace_as_suffix"], bool)):
            return None
        values = array("d")
        values.frombytes(scores)
        fields = {key: entry[key] for key in _CACHED_KEYS}
    except (KeyError, TypeError, ValueError):
        return None
    fields.update(pieces=pieces.split("\0"), scores=values.tolist(), types=list(types))
    if not len(fields["pieces"]) == len(fields["scores"]) == len(fields["types"]) == count:
        return None
    return fields


def _model(model_type: int, vocab: SentencePieceVocab, normalizer: SentencePieceNormalizer,
           fail) -> SentencePieceModel:
    if model_type == UNIGRAM_TYPE:
        from ..models.sentencepiece.unigram import SentencePieceUnigram

        if not vocab.normal_ids:
            raise fail("a Unigram model needs NORMAL or USER_DEFINED pieces; it has none",
                       "pieces")
        return SentencePieceUnigram(vocab)
    if model_type == BPE_TYPE:
        from ..models.sentencepiece.bpe import SentencePieceBPE

        return SentencePieceBPE(vocab, space=normalizer.space)
    from ..models.sentencepiece.char_word import SentencePieceChar, SentencePieceWord

    return SentencePieceChar(vocab) if model_type == CHAR_TYPE else SentencePieceWord(vocab)


class BosPostProcessor(PostProcessor):
    """The BOS piece before the ids (``encode(..., add_bos=True)``)."""

    kind = "SentencePieceBOS"

    def __init__(self, bos_id: int, piece: str) -> None:
        self.bos_id = bos_id
        self.piece = piece

    def added(self) -> tuple[list[int], list[int]]:
        return [self.bos_id], []

    def to_config(self) -> dict[str, Any]:
        return {"type": self.kind, "bos": self.piece, "id": self.bos_id}


def _bos(vocab: SentencePieceVocab) -> PostProcessor | None:
    # bos_id(): the trainer's BOS piece, when it is a control piece; the library refuses
    # add_bos otherwise.
    bos = vocab.special_id(vocab.names.bos)
    return None if bos is None else BosPostProcessor(bos, vocab.names.bos)


def _trainer_facts(trainer: Any) -> dict[str, Any]:
    """What the trainer settings say, for display (encoding does not depend on them)."""
    return {"vocab_size": trainer.vocab_size, "byte_fallback": trainer.byte_fallback,
            "treat_whitespace_as_suffix": trainer.treat_whitespace_as_suffix,
            "unk_id": trainer.unk_id, "bos_id": trainer.bos_id, "eos_id": trainer.eos_id,
            "pad_id": trainer.pad_id}


def _text(data: bytes) -> str:
    return bytes(data).decode("utf-8")


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True
