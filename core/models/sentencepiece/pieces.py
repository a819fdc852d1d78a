"""A SentencePiece vocabulary as the ``sentencepiece`` library uses it
(``src/model_interface.cc``, ``src/sentencepiece_processor.cc``): what each piece type means
when encoding and decoding, shared by the BPE, Unigram, character and word models.

* NORMAL, USER_DEFINED and UNUSED pieces can come out of a model; CONTROL (``<s>``,
  ``</s>``), UNKNOWN and BYTE pieces never match text: ``<s>`` in the text is three
  characters, not the control symbol.
* What a model outputs is looked up among NORMAL, USER_DEFINED and UNUSED pieces only: text
  spelled like a control piece is unknown. A piece string may appear once in a model.
* After the model, each unknown piece becomes one ``<0xNN>`` piece per UTF-8 byte with
  ``byte_fallback``, else a run of unknown pieces becomes one unknown id.
* Decoding: control pieces vanish, the unknown piece reads as the trainer's ``unk_surface``
  (" ⁇ "), runs of byte pieces are decoded as UTF-8 with one U+FFFD per invalid byte, ``▁``
  becomes a space, and the first space symbol of the text is dropped when the normalizer
  adds a dummy prefix or removes extra whitespace (all leading ones with the latter).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import compress
from typing import TYPE_CHECKING

from bpelens.core.messages import Message

from ...errors import ConfigError
from ...pipeline.decoders import Decoder
from ..base import BYTE_FALLBACK, TokenKind, TokenModel

if TYPE_CHECKING:
    from ...pipeline.normalizers.sentencepiece import SentencePieceNormalizer

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
TYPE_NAMES = {NORMAL: "NORMAL", UNKNOWN: "UNKNOWN", CONTROL: "CONTROL",
              USER_DEFINED: "USER_DEFINED", UNUSED: "UNUSED", BYTE: "BYTE"}
# Pieces a model may output (SentencePiece's "normal" map); the others are "reserved".
_MODEL_TYPES = frozenset((NORMAL, USER_DEFINED, UNUSED))
# Finding pieces in the types as one byte each: the reserved ones, BYTE, USER_DEFINED.
_RESERVED = re.compile(b"[" + bytes(sorted(TYPE_NAMES.keys() - _MODEL_TYPES)) + b"]")
_BYTE = re.compile(bytes((BYTE,)))
# Each type byte → 1 for the model's types, else 0 (bytes.translate, then compress).
_IS_MODEL_TYPE = bytes(int(t in _MODEL_TYPES) for t in range(256))
_USER_DEFINED = re.compile(bytes((USER_DEFINED,)))
_KINDS: dict[int, TokenKind] = {UNKNOWN: "unknown", CONTROL: "special", USER_DEFINED: "added",
                                UNUSED: "unused", BYTE: "byte_fallback"}
SPACE_SYMBOL = "\u2581"
DEFAULT_UNK_SURFACE = " \u2047 "


def byte_piece(value: int) -> str:
    return f"<0x{value:02X}>"


_BYTE_VALUES = {byte_piece(b): b for b in range(256)}


@dataclass(frozen=True, slots=True)
class SpecialPieces:
    """The trainer's names for the unknown/BOS/EOS/PAD pieces and the unknown surface."""

    unk: str = "<unk>"
    bos: str = "<s>"
    eos: str = "</s>"
    pad: str = "<pad>"
    unk_surface: str = DEFAULT_UNK_SURFACE


class SentencePieceVocab:
    """Pieces, scores and types, checked as ``ModelInterface::InitializePieces`` checks them
    (ConfigError naming the piece otherwise)."""

    def __init__(self, pieces: Sequence[str], scores: Sequence[float], types: Sequence[int],
                 *, byte_fallback: bool, names: SpecialPieces | None = None,
                 checked: bool = False) -> None:
        """``checked``: these pieces were found distinct and free of NUL before (read back
        from the disk cache, written once they were), so the piece → id maps are built on
        first use rather than to check that (hashing 262k new strings: 40 ms)."""
        if not len(pieces) == len(scores) == len(types):
            raise ConfigError("pieces, scores and types differ in length")
        self.pieces = list(pieces)
        self.scores = list(scores)
        self.types = list(types)
        self.byte_fallback = byte_fallback
        self.names = names or SpecialPieces()
        # Checked with whole-list operations (262k pieces: tens of milliseconds); the loop
        # that names the bad piece runs only when a check fails.
        pieces, types = self.pieces, self.types
        if not checked:
            self.lookup = dict(zip(pieces, range(len(pieces)), strict=True))
        if (not set(types) <= TYPE_NAMES.keys() or "" in pieces
                or not all(map(math.isfinite, self.scores)) or types.count(UNKNOWN) > 1
                or (not checked and ("\0" in "".join(pieces)
                                    or len(self.lookup) != len(pieces)))):
            _name_the_problem(pieces, self.scores, types)
        # The few pieces of a type, found by a regex over the types as bytes.
        self._type_bytes = bytes(types)
        reserved_at = self._positions(_RESERVED)
        self.reserved = {pieces[i]: i for i in reserved_at}
        # The pieces a model may output and their ids, in id order (what ``normal`` maps).
        self.normal_ids = list(compress(range(len(pieces)),
                                        self._type_bytes.translate(_IS_MODEL_TYPE)))
        self.normal_pieces = list(map(pieces.__getitem__, self.normal_ids))
        unk_id = types.index(UNKNOWN) if UNKNOWN in types else -1
        byte_ids: list[int | None] = [None] * 256
        for index in self._positions(_BYTE):
            where = f"piece {index} ({pieces[index]!r})"
            if not byte_fallback:
                raise ConfigError(Message("{where} is a byte piece, but byte_fallback is false",
                                          where=where))
            value = _BYTE_VALUES.get(pieces[index])
            if value is None:
                raise ConfigError(Message("{where} is a byte piece; byte pieces are <0x00> "
                                          "… <0xFF>",
                                          where=where))
            byte_ids[value] = index
        if unk_id < 0:
            raise ConfigError("no piece has type UNKNOWN (2); a model needs one unknown piece")
        if byte_fallback and None in byte_ids:
            missing = byte_ids.index(None)
            raise ConfigError(Message("byte_fallback is true, but the byte piece {missing} is "
                                      "missing (all 256 are needed)", missing=byte_piece(missing)))
        self.unk_id = unk_id
        self.byte_ids: list[int] = byte_ids  # type: ignore[assignment]
        # What a piece found by a model stands for, with SentencePiece's lookup order.
        self.user_defined = [pieces[i] for i in self._positions(_USER_DEFINED)]

    # Built on first use, whole, then assigned (cached_property): a thread racing builds its
    # own, equal one.
    @cached_property
    def lookup(self) -> dict[str, int]:
        """Every piece → its id."""
        pieces = self.pieces
        return dict(zip(pieces, range(len(pieces)), strict=True))

    @cached_property
    def normal(self) -> dict[str, int]:
        """Every NORMAL, USER_DEFINED and UNUSED piece → its id."""
        return dict(zip(self.normal_pieces, self.normal_ids, strict=True))

    def _positions(self, kinds: re.Pattern[bytes]) -> list[int]:
        return [match.start() for match in kinds.finditer(self._type_bytes)]

    def ids_of_type(self, kind: int) -> set[int]:
        """The ids of the pieces of this type."""
        return set(self._positions(re.compile(re.escape(bytes((kind,))))))

    def __len__(self) -> int:
        return len(self.pieces)

    def piece_to_id(self, piece: str) -> int:
        """The id of any piece (``PieceToId``, as decoding looks pieces up), else unk."""
        return self.lookup.get(piece, self.unk_id)

    def model_id(self, piece: str) -> int:
        """The id of what a model found: a NORMAL, USER_DEFINED or UNUSED piece, else unk."""
        return self.normal.get(piece, self.unk_id)

    def special_id(self, piece: str) -> int | None:
        """``bos_id()`` etc.: the id of a trainer-named piece when it is a control piece."""
        # A control piece is reserved (and a piece spelled once): no need of ``lookup``.
        tid = self.reserved.get(piece)
        return tid if tid is not None and self.types[tid] == CONTROL else None

    def finish(self, symbols: Iterable[tuple[str, int]]) -> tuple[list[int], list[int]]:
        """Ids for a model's (piece text, id) output and the UTF-8 bytes each covers:
        unknown pieces become bytes (byte fallback) or one id per run."""
        ids: list[int] = []
        lengths: list[int] = []
        unk = self.unk_id
        fallback = self.byte_fallback
        byte_ids = self.byte_ids
        prev_unk = False
        for text, tid in symbols:
            if tid == unk:
                data = text.encode("utf-8")
                if fallback:
                    ids.extend(byte_ids[b] for b in data)
                    lengths.extend([1] * len(data))
                elif prev_unk:
                    lengths[-1] += len(data)
                else:
                    ids.append(unk)
                    lengths.append(len(data))
                prev_unk = True
                continue
            ids.append(tid)
            lengths.append(len(text.encode("utf-8")))
            prev_unk = False
        return ids, lengths

    def finish_ids(self, symbols: Iterable[tuple[str, int]]) -> list[int]:
        """:meth:`finish` without the lengths (the fast path)."""
        unk = self.unk_id
        out: list[int] = []
        prev_unk = False
        for text, tid in symbols:
            if tid == unk:
                if self.byte_fallback:
                    byte_ids = self.byte_ids
                    out.extend([byte_ids[b] for b in text.encode("utf-8")])
                elif not prev_unk:
                    out.append(unk)
                prev_unk = True
            else:
                out.append(tid)
                prev_unk = False
        return out


def _name_the_problem(pieces: list[str], scores: list[float], types: list[int]) -> None:
    """Raise ConfigError for the first piece that is wrong (what the library refuses, and
    what BPE Lens refuses besides: unknown types, scores that are not finite, NUL)."""
    seen: dict[str, int] = {}
    unk_id = -1
    for index, (piece, score, kind) in enumerate(zip(pieces, scores, types, strict=True)):
        where = f"piece {index} ({piece!r})"
        if kind not in TYPE_NAMES:
            valid = ", ".join(f"{k} {v}" for k, v in TYPE_NAMES.items())
            raise ConfigError(Message("{where} has type {kind}; valid types: {valid}", where=where,
                                      kind=kind, valid=valid))
        if not piece:
            raise ConfigError(Message("piece {index} is empty", index=index))
        if not math.isfinite(score):
            raise ConfigError(Message("{where} has score {score}; scores must be finite",
                                      where=where, score=score))
        if kind != BYTE and "\0" in piece:
            raise ConfigError(Message("{where} holds a NUL character", where=where))
        if seen.setdefault(piece, index) != index:
            raise ConfigError(Message("{where} is defined twice (also piece {seen})", where=where,
                                      seen=seen[piece]))
        if kind == UNKNOWN:
            if unk_id >= 0:
                raise ConfigError(Message("{where} is a second unknown piece (piece {unk_id} is "
                                          "one); a model has exactly one", where=where,
                                          unk_id=unk_id))
            unk_id = index
    raise ConfigError("the pieces are inconsistent")  # every failed check is named above


class SentencePieceModel(TokenModel):
    """What the SentencePiece models share: the vocabulary, kinds, labels and bytes. A
    subclass turns the normalized text into (piece text, id) pairs (:meth:`symbols`)."""

    level = "char"
    family = ""

    def __init__(self, vocab: SentencePieceVocab) -> None:
        self.vocab = vocab

    def symbols(self, text: str) -> list[tuple[str, int]]:
        raise NotImplementedError

    # -- TokenModel -------------------------------------------------------------------------
    @cached_property
    def token_bytes(self) -> list[bytes | None]:  # type: ignore[override]
        # Built on first use: encoding ids never needs it, only views and decoding checks.
        table: list[bytes | None] = [p.encode("utf-8") for p in self.vocab.pieces]
        for tid, kind in enumerate(self.vocab.types):
            if kind == BYTE:
                table[tid] = bytes([_BYTE_VALUES[self.vocab.pieces[tid]]])
            elif kind in (CONTROL, UNKNOWN):
                table[tid] = b""
        return table

    @property
    def vocab_size(self) -> int:
        return len(self.vocab.pieces)

    def has_id(self, token_id: int) -> bool:
        return 0 <= token_id < len(self.vocab.pieces)

    def encode_piece(self, piece: str) -> list[int]:
        return self.vocab.finish_ids(self.symbols(piece)) if piece else []

    def encode_piece_spans(self, piece: str) -> tuple[list[int], list[int]]:
        if not piece:
            return [], []
        return self.vocab.finish(self.symbols(piece))

    def kind(self, token_id: int) -> TokenKind:
        return _KINDS.get(self.vocab.types[token_id], "piece")

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        return self.vocab.pieces[token_id]

    def id_to_token(self, token_id: int) -> str | None:
        pieces = self.vocab.pieces
        return pieces[token_id] if 0 <= token_id < len(pieces) else None

    def token_to_id(self, piece: str) -> int | None:
        tid = self.vocab.piece_to_id(piece)
        return None if tid == self.vocab.unk_id and piece != self.vocab.pieces[tid] else tid

    def score(self, token_id: int) -> float:
        return self.vocab.scores[token_id]

    def decode_table(self) -> list[bytes | None] | None:
        return None  # decoding is more than a join (see SentencePieceDecoder)

    def describe(self) -> str:
        vocab = self.vocab
        counts = {name: 0 for name in TYPE_NAMES.values()}
        for kind in vocab.types:
            counts[TYPE_NAMES[kind]] += 1
        extra = ", ".join(f"{n} {name.lower().replace('_', '-')}" for name, n in counts.items()
                          if n and name not in ("NORMAL", "UNKNOWN", "BYTE"))
        unk = Message("unknown {piece!r} (id {tid})", piece=vocab.pieces[vocab.unk_id],
                      tid=vocab.unk_id)
        fallback = BYTE_FALLBACK if vocab.byte_fallback else ""
        return Message("SentencePiece {family}, {pieces} pieces{extra}, {unknown}{fallback}",
                       family=self.family, pieces=len(vocab),
                       extra=f", {extra}" if extra else "", unknown=unk,
                       fallback=Message(", {what}", what=fallback) if fallback else "")


class SentencePieceDecoder(Decoder):
    """``SentencePieceProcessor::Decode`` on piece strings (each looked up again, as the
    library does), then the denormalizer when the model has one."""

    kind = "SentencePiece"

    def __init__(self, vocab: SentencePieceVocab, *, add_dummy_prefix: bool,
                 remove_extra_whitespaces: bool,
                 denormalizer: SentencePieceNormalizer | None = None) -> None:
        self.vocab = vocab
        self.strip_first = add_dummy_prefix or remove_extra_whitespaces
        self.strip_all_leading = remove_extra_whitespaces
        self.denormalizer = denormalizer

    def decode(self, tokens: list[str]) -> str:
        vocab = self.vocab
        types = vocab.types
        out: list[str] = []
        pending = bytearray()
        at_start = True  # expecting the space symbol the normalizer put first
        seen_first = False
        text_len = 0
        for piece in tokens:
            tid = vocab.piece_to_id(piece)
            kind = types[tid]
            if kind == BYTE:
                pending.append(_BYTE_VALUES[vocab.pieces[tid]])
                continue
            if pending:
                decoded = _bytes_to_text(pending)
                out.append(decoded)
                text_len += len(decoded)
                pending.clear()
            if seen_first or text_len:
                at_start = False
            seen_first = False
            if kind == CONTROL:
                surface = ""
            elif kind == UNKNOWN:
                surface = vocab.names.unk_surface if vocab.pieces[tid] == piece else piece
            else:
                if at_start and self.strip_first and piece.startswith(SPACE_SYMBOL):
                    piece = piece[1:]
                    seen_first = not self.strip_all_leading
                surface = piece.replace(SPACE_SYMBOL, " ")
            out.append(surface)
            text_len += len(surface)
        if pending:
            out.append(_bytes_to_text(pending))
        text = "".join(out)
        if self.denormalizer is not None:
            text = self.denormalizer.normalize_str(text)
        return text

    def to_config(self) -> dict[str, object]:
        return {"type": self.kind}


def _bytes_to_text(data: bytearray) -> str:
    """UTF-8 with one U+FFFD per byte that starts no valid character (SentencePiece's rule;
    Python's "replace" gives one U+FFFD per invalid *sequence*)."""
    out: list[str] = []
    view = bytes(data)
    pos = 0
    while pos < len(view):
        try:
            out.append(view[pos:].decode("utf-8"))
            break
        except UnicodeDecodeError as exc:
            out.append(view[pos:pos + exc.start].decode("utf-8"))
            out.append("\ufffd")
            pos += exc.start + 1
    return "".join(out)
