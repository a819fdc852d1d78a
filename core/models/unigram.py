"""A Unigram model (SentencePiece's, as Hugging Face tokenizers runs it): every piece has a
score (a log probability) and a piece of text is split into the sequence of vocabulary pieces
whose scores add up to the most, found by Viterbi over the characters.

Details that decide ids and that this module reproduces exactly (``tokenizers`` 0.2x,
``models/unigram/model.rs``, the "optimized" encoder):

* Candidates start at every character; at one start they are tried shortest first, starts
  left to right, and a candidate replaces the best path ending at the same place only when its
  total is strictly greater, so on a tie the path found first (earlier start) stays.
* A character that no one-character piece covers also gets an unknown candidate scoring
  ``min(all scores) - 10``; it competes like any other candidate.
* Backtracking glues consecutive unknown nodes into one string (any node whose id is the
  unk id, even a literal ``<unk>`` matched in the text). That string is then looked up in
  the vocabulary: found, it is that piece; else with byte fallback it becomes ``<0xNN>``
  tokens if all exist; else it is the unk id.
* A piece spelled twice in the vocabulary is found with the later id (and its score).
"""

from __future__ import annotations

import math
import re
from array import array
from collections.abc import Iterable
from functools import cached_property
from itertools import compress, repeat
from operator import itemgetter
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError, EncodeError
from .base import TokenKind, TokenModel
from .prefix_table import SortedPieces, SortedThenTable, bounded_lookup, prefix_table

# What SentencePiece adds to the lowest score to price an unknown character.
UNK_PENALTY = 10.0
_BYTE_PIECE = re.compile(r"<0x[0-9A-F]{2}>")
_SURROGATE = re.compile("[\ud800-\udfff]")



class MissingUnknownError(EncodeError):
    """The text needs the unknown token, and the model has none (``unk_id`` is null)."""

    def __init__(self, char: str, index: int) -> None:
        super().__init__(
            Message("character {char!r} (U+{code:04X}) at offset {index} is in no piece of "
                    "this Unigram vocabulary, and the model has no unknown token (unk_id is "
                    "null)", char=char, code=ord(char), index=index)
        )
        self.char = char
        self.index = index


# What playback says for every Unigram model (HF's and SentencePiece's).
UNIGRAM_METHOD = ("Unigram does not merge: every vocabulary piece has a score (a log "
                  "probability), and the piece is split into the pieces whose scores add up to "
                  "the most (the best path, found by Viterbi over the characters)")


class UnigramModel(SortedThenTable, TokenModel):
    """Pieces with scores; encodes one pre-token piece by the best-scoring segmentation."""

    level = "char"
    merge_method = UNIGRAM_METHOD

    def __init__(
        self,
        vocab: Iterable[tuple[str, float]],
        unk_id: int | None = None,
        *,
        byte_fallback: bool = False,
    ) -> None:
        pieces, scores = _checked_entries(vocab)
        if unk_id is not None:
            if isinstance(unk_id, bool) or not isinstance(unk_id, int):
                raise ConfigError(Message("model.unk_id must be an integer or null, not {unk_id!r}",
                                          unk_id=unk_id))
            if not pieces:
                raise ConfigError("model.vocab is empty, but unk_id needs a piece to point at")
            if not 0 <= unk_id < len(pieces):
                raise ConfigError(
                    Message("model.unk_id {unk_id} is outside the vocabulary (ids "
                            "0..{pieces_count})", unk_id=unk_id, pieces_count=len(pieces) - 1)
                )
        if not isinstance(byte_fallback, bool):
            raise ConfigError(Message("model.byte_fallback must be true or false, not "
                                      "{byte_fallback!r}", byte_fallback=byte_fallback))
        self._setup(pieces, scores, unk_id, byte_fallback)

    def _setup(self, pieces: list[str], scores: list[float], unk_id: int | None,
               byte_fallback: bool) -> None:
        self._pieces = pieces
        self._scores = scores
        self.unk_id = unk_id
        self.byte_fallback = byte_fallback
        # Later duplicates win, as in HF's HashMap filled in id order.
        self._ids: dict[str, int] = dict(zip(pieces, range(len(pieces)), strict=True))
        self._unk_score = (min(scores) if scores else math.inf) - UNK_PENALTY

        # Candidates are looked up in the pieces' dict, then the sorted pieces, until text
        # enough was encoded to be worth the table of every prefix (838k entries for 96k
        # pieces, 0.3 s).
        self._walk_sorted_first()

        self._byte_ids: list[int | None] = [self._ids.get(f"<0x{b:02X}>") for b in range(256)]

    # Built on first use (opening a model and encoding a line needs neither), whole, then
    # assigned: a thread racing builds its own, equal one.
    @cached_property
    def _bytes(self) -> list[bytes | None]:
        return list(map(str.encode, self._pieces))

    @cached_property
    def _byte_kind(self) -> set[int]:
        pieces = self._pieces
        looks_like_byte = compress(range(len(pieces)), map(str.startswith, pieces,
                                                           repeat("<0x")))
        return {i for i in looks_like_byte if _BYTE_PIECE.fullmatch(pieces[i])}

    # -- the disk cache ---------------------------------------------------------------------
    def to_tables(self) -> dict[str, Any]:
        """What :meth:`from_tables` rebuilds the model from without checking every entry
        again nor walking every piece's prefixes (for ``marshal``)."""
        return {"pieces": self._pieces, "scores": array("d", self._scores).tobytes(),
                "unk_id": self.unk_id, "byte_fallback": self.byte_fallback}

    @classmethod
    def from_tables(cls, tables: dict[str, Any]) -> UnigramModel:
        """The model :meth:`to_tables` describes; ValueError when the tables are not such."""
        pieces, raw_scores = tables["pieces"], tables["scores"]
        unk_id, byte_fallback = tables["unk_id"], tables["byte_fallback"]
        scores = array("d")
        scores.frombytes(raw_scores)
        if not (isinstance(pieces, list) and set(map(type, pieces)) <= {str}
                and len(pieces) == len(scores) and isinstance(byte_fallback, bool)
                and (unk_id is None or (type(unk_id) is int and 0 <= unk_id < len(pieces)))):
            raise ValueError("not the tables of a Unigram model")
        model = cls.__new__(cls)
        model._setup(pieces, scores.tolist(), unk_id, byte_fallback)
        return model

    # -- the walk's lookups -----------------------------------------------------------------
    def _build_sorted(self) -> SortedPieces:
        return SortedPieces(self._ids)

    def _plain_lookup(self):
        return bounded_lookup(self._ids.get, (), max(map(len, self._ids), default=0))

    def _build_prefixes(self) -> dict[str, int]:
        return prefix_table(self._ids)

    # -- construction from files -----------------------------------------------------------

    @property
    def entry_count(self) -> int:
        return len(self._pieces)

    def to_hf(self) -> dict[str, Any]:
        """The ``"model"`` object of a ``tokenizer.json`` (what ``formats.hf_models`` reads)."""
        return {
            "type": "Unigram",
            "unk_id": self.unk_id,
            "vocab": [[p, s] for p, s in zip(self._pieces, self._scores, strict=True)],
            "byte_fallback": self.byte_fallback,
        }

    # -- vocabulary -------------------------------------------------------------------------
    @property
    def token_bytes(self) -> list[bytes | None]:
        return self._bytes

    def token_to_id(self, text: str) -> int | None:
        return self._ids.get(text)

    def id_to_token(self, token_id: int) -> str | None:
        return self._pieces[token_id] if 0 <= token_id < len(self._pieces) else None

    def score(self, token_id: int) -> float:
        return self._scores[token_id]

    def kind(self, token_id: int) -> TokenKind:
        if token_id == self.unk_id:
            return "unknown"
        if self.byte_fallback and token_id in self._byte_kind:
            return "byte_fallback"
        return "piece"

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        # A Unigram vocabulary is text already ("▁" marks a word start); nothing to escape.
        return self._pieces[token_id]

    def decode_table(self) -> list[bytes | None] | None:
        if not self.byte_fallback:
            return self.token_bytes
        table = list(self.token_bytes)
        for i in self._byte_kind:
            table[i] = bytes([int(self._pieces[i][3:5], 16)])
        return table

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The pieces' text joined; with byte fallback a ``<0xNN>`` token is its byte, as HF's
        ByteFallback decoder reads it."""
        if not self.byte_fallback:
            return super().decode_bytes(ids)
        out: list[bytes] = []
        for i in ids:
            if i in self._byte_kind:
                out.append(bytes([int(self._pieces[i][3:5], 16)]))
            else:
                out.append(self._bytes[i] or b"")
        return b"".join(out)

    def describe(self) -> str:
        unk = Message("no unknown token") if self.unk_id is None else Message(
            "unknown {piece!r} (id {tid})", piece=self._pieces[self.unk_id], tid=self.unk_id)
        if self.byte_fallback:
            return Message("Unigram, {pieces} pieces, {unknown}, byte fallback",
                           pieces=len(self._pieces), unknown=unk)
        return Message("Unigram, {pieces} pieces, {unknown}", pieces=len(self._pieces),
                       unknown=unk)

    # -- encoding ---------------------------------------------------------------------------
    def _best_path(self, piece: str) -> list[tuple[int, int, int]]:
        """Viterbi: (id, start, end) character spans of the best path, unknowns unfused."""
        size = len(piece)
        best = [0.0] * (size + 1)
        start_of = [-1] * (size + 1)
        id_of = [0] * (size + 1)
        prefix_get = self._lookup(size)
        scores = self._scores
        unk_score = self._unk_score
        for s in range(size):
            here = best[s]
            single = False
            e = s + 1
            while e <= size:
                tid = prefix_get(piece[s:e])
                if tid is None:
                    break
                if tid >= 0:
                    total = scores[tid] + here
                    # Strictly greater, as HF: on a tie the path found first stays.
                    if start_of[e] < 0 or total > best[e]:
                        best[e] = total
                        start_of[e] = s
                        id_of[e] = tid
                    if e == s + 1:
                        single = True
                e += 1
            if not single:
                e = s + 1
                total = unk_score + here
                if start_of[e] < 0 or total > best[e]:
                    # HF fails only when an unknown node would be used, so do we.
                    if self.unk_id is None:
                        raise MissingUnknownError(piece[s], s)
                    best[e] = total
                    start_of[e] = s
                    id_of[e] = self.unk_id
        path: list[tuple[int, int, int]] = []
        e = size
        while e > 0:
            s = start_of[e]
            path.append((id_of[e], s, e))
            e = s
        path.reverse()
        return path

    def lattice(self, piece: str) -> list[tuple[int, int, int, float]]:
        """Every vocabulary piece that matches somewhere in ``piece``: (id, start, end,
        score), character spans, by start then end — the nodes Viterbi chooses among."""
        return lattice_nodes(piece, self._lookup(len(piece)), self._scores)

    def best_path(self, piece: str) -> list[tuple[int, int, int]]:
        """The Viterbi path through :meth:`lattice`: (id, start, end), unknowns unfused."""
        return self._best_path(piece)

    def _tokens(self, piece: str) -> list[tuple[int, int, int]]:
        """(id, start, end) per token after HF's fusing of unknown runs; a byte-fallback token
        has end == -1, as it covers one byte, not whole characters."""
        return self.finish_path(piece, self._best_path(piece))

    def finish_path(self, piece: str, path: list[tuple[int, int, int]]
                    ) -> list[tuple[int, int, int]]:
        """A path through the lattice, (id, start, end) with unknowns unfused, as the tokens
        it gives: unknown runs fused, or spelt in bytes with byte fallback."""
        unk = self.unk_id
        out: list[tuple[int, int, int]] = []
        run_start = run_end = -1
        for tid, s, e in path:
            if tid == unk and unk is not None:
                if run_start < 0:
                    run_start = s
                run_end = e
                continue
            if run_start >= 0:
                self._emit_unknown(piece, run_start, run_end, out)
                run_start = -1
            out.append((tid, s, e))
        if run_start >= 0:
            self._emit_unknown(piece, run_start, run_end, out)
        return out

    def _emit_unknown(self, piece: str, s: int, e: int, out: list[tuple[int, int, int]]) -> None:
        text = piece[s:e]
        tid = self._ids.get(text)
        if tid is not None:
            out.append((tid, s, e))
            return
        if self.byte_fallback:
            data = text.encode("utf-8")
            byte_ids = [self._byte_ids[b] for b in data]
            if None not in byte_ids:
                # -1 in the end slot: one byte each (spans are counted in bytes later).
                out.extend((b, s, -1) for b in byte_ids if b is not None)
                return
        assert self.unk_id is not None  # unknown nodes exist only with an unk id
        out.append((self.unk_id, s, e))

    def encode_piece(self, piece: str) -> list[int]:
        if not piece:
            return []
        return [tid for tid, _s, _e in self._tokens(piece)]

    def encode_piece_spans(self, piece: str) -> tuple[list[int], list[int]]:
        """Ids and how many UTF-8 bytes of the piece each covers: an unknown token covers the
        characters it replaced, a byte-fallback token one byte."""
        ids: list[int] = []
        lengths: list[int] = []
        if not piece:
            return ids, lengths
        ascii_piece = piece.isascii()
        for tid, s, e in self._tokens(piece):
            ids.append(tid)
            if e < 0:
                lengths.append(1)
            elif ascii_piece:
                lengths.append(e - s)
            else:
                lengths.append(len(piece[s:e].encode("utf-8")))
        return ids, lengths


def lattice_nodes(text: str, prefix_get, scores) -> list[tuple[int, int, int, float]]:
    """(id, start, end, score) of every piece in ``text``; ``prefix_get`` maps a piece to
    its id, a prefix of pieces to a negative number, anything else to None."""
    out = []
    for s in range(len(text)):
        e = s + 1
        while e <= len(text):
            tid = prefix_get(text[s:e])
            if tid is None:
                break
            if tid >= 0:
                out.append((tid, s, e, float(scores[tid])))
            e += 1
    return out


def _checked_entries(vocab: Iterable[tuple[str, float]]) -> tuple[list[str], list[float]]:
    """Pieces and scores, checked with whole-list operations when all is well (96k
    entries: a tenth of the time of the loop); the loop names the first bad entry."""
    entries = vocab if isinstance(vocab, list) else list(vocab)
    if set(map(type, entries)) <= {list, tuple} and set(map(len, entries)) <= {2}:
        pieces = list(map(itemgetter(0), entries))
        scores = list(map(itemgetter(1), entries))
        if (set(map(type, pieces)) <= {str} and set(map(type, scores)) <= {float}
                and all(map(math.isfinite, scores)) and not _SURROGATE.search("".join(pieces))):
            return pieces, scores
    pieces, scores = [], []
    for index, entry in enumerate(entries):
        piece, score = _check_entry(entry, index)
        pieces.append(piece)
        scores.append(score)
    return pieces, scores


def _check_entry(entry: object, index: int) -> tuple[str, float]:
    if not isinstance(entry, (list, tuple)) or len(entry) != 2:
        raise ConfigError(Message("model.vocab[{index}] must be a [piece, score] pair, not "
                                  "{entry!r}", index=index, entry=entry))
    piece, score = entry
    if not isinstance(piece, str):
        raise ConfigError(Message("model.vocab[{index}][0] (the piece) must be a string, not "
                                  "{piece!r}", index=index, piece=piece))
    try:
        piece.encode("utf-8")
    except UnicodeEncodeError:
        raise ConfigError(
            Message("model.vocab[{index}][0] (the piece) {piece!r} has a lone surrogate, not text",
                    index=index, piece=piece)
        ) from None
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        raise ConfigError(Message("model.vocab[{index}][1] (the score) must be a number, not "
                                  "{score!r}", index=index, score=score))
    try:
        score = float(score)
    except OverflowError:  # an integer of hundreds of digits
        score = math.inf
    if not math.isfinite(score):
        raise ConfigError(Message("model.vocab[{index}][1] (the score) must be finite, not "
                                  "{score!r}", index=index, score=score))
    return piece, score

