"""SentencePiece's Unigram model, exactly as the ``sentencepiece`` library encodes
(0.2.3, ``src/unigram_model.cc``, ``Model::EncodeOptimized``): Viterbi over the whole
normalized text, with the library's arithmetic.

What decides ids, and differs from Hugging Face's Unigram (``unigram_model.py``):

* Scores, path totals and their sums are float32: a candidate is the float32 sum of the
  piece's score and the best total kept where it starts, and replaces the total kept where it
  ends only when strictly greater (so on a tie the candidate found first stays; starts go
  left to right, shortest piece first). Which split of a tie wins thus depends on the
  rounding of the totals before it, so the text is never cut into parts: the same word can be
  split differently after a different prefix.
* Totals are kept small: when the total where a start lies is beyond ±100,000, that total is
  subtracted (in float32) from it and from every total kept at or after it, so rounding stays
  that of totals near zero however long the text (0.2.3, ``kScoreResetThreshold``). Without
  this a whole NTREX file gave about one token boundary in 1,400 to 40,000 the other way.
* An unknown candidate scores ``min score - 10`` (min over NORMAL pieces); a user-defined
  piece ``float32(0.1 × (bytes - 1))``, whatever its own score and the model's (0.2.3's
  ``GetUserDefinedScore``; the 0.2.0 source read ``length × max score - 0.1``, which gives
  other ids); UNUSED pieces are never candidates.
* A character gets an unknown candidate only when no piece of exactly that character exists.
* Unknown pieces are turned into bytes or merged afterwards (``SentencePieceVocab.finish``).

The library read is the 0.2.3 release (``src/unigram_model.cc``, ``Model::EncodeOptimized``);
tests/test_sentencepiece_model.py compares both on whole real files and on sentences.
"""

from __future__ import annotations

import struct
from array import array
from itertools import compress

from ..prefix_table import SortedPieces, SortedThenTable, bounded_lookup, prefix_table
from ..unigram import UNIGRAM_METHOD, lattice_nodes
from .pieces import NORMAL, UNUSED, USER_DEFINED, SentencePieceModel

_F32 = struct.Struct("<f")
FLT_MAX = _F32.unpack(b"\xff\xff\x7f\x7f")[0]
UNK_PENALTY = 10.0
USER_DEFINED_STEP = 0.1
RESET_BEYOND = 100_000.0  # exact in float32
NO_PATH = float("-inf")


def f32(value: float) -> float:
    """``value`` rounded to the nearest float32 (as C++ converts a double to float)."""
    return _F32.unpack(_F32.pack(value))[0]


class SentencePieceUnigram(SortedThenTable, SentencePieceModel):
    family = "Unigram"
    merge_method = UNIGRAM_METHOD

    def __init__(self, vocab) -> None:
        super().__init__(vocab)
        # (C-level passes: a model of 262k pieces is opened in a blink)
        normal = compress(vocab.scores, map(NORMAL.__eq__, vocab.types))
        self.min_score = min(normal, default=FLT_MAX)
        self.unk_score = f32(self.min_score - UNK_PENALTY)
        # The score a path adds with each piece; user-defined pieces get their bonus.
        scores = list(vocab.scores)
        for tid in vocab.ids_of_type(USER_DEFINED):
            size = len(vocab.pieces[tid].encode("utf-8"))
            scores[tid] = f32(USER_DEFINED_STEP * (size - 1))  # a double product, stored
        self._path_scores = scores
        # No total past this many characters after a start can be kept yet.
        self._reach = max(map(len, vocab.normal_pieces), default=1)
        self._unused = vocab.ids_of_type(UNUSED)
        self._walk_sorted_first()

    def _build_sorted(self) -> SortedPieces:
        vocab = self.vocab
        return SortedPieces.of_lists(vocab.normal_pieces, vocab.normal_ids, self._unused)

    def _plain_lookup(self):
        # Every piece's id, but only NORMAL and USER_DEFINED pieces are lattice nodes.
        vocab = self.vocab
        return bounded_lookup(vocab.lookup.get, {*vocab.reserved.values(), *self._unused},
                              self._reach)

    def _build_prefixes(self) -> dict[str, int]:
        return prefix_table(self.vocab.normal, self._unused)

    def best_path(self, text: str) -> tuple[list[int], list[int]]:
        """The ids of the best path and where each starts (characters); unknown characters
        are the unknown id, one per character."""
        size = len(text)
        # Nothing reached yet: -inf, below any candidate (a finite float32).
        best = array("f", [NO_PATH]) * (size + 1)
        best[0] = 0.0
        start_of = [0] * (size + 1)
        id_of = [0] * (size + 1)
        get = self._lookup(size)
        scores = self._path_scores
        unk_score = self.unk_score
        unk_id = self.vocab.unk_id
        reach = self._reach
        # The float32 sum of two float32 values is their double sum rounded (exact in double
        # for any realistic text), and rounding keeps order: a candidate can beat the kept
        # total only when its double sum does, and then does unless both round alike.
        for s in range(size):
            here = best[s]
            if here < -RESET_BEYOND or here > RESET_BEYOND:
                # Unreached totals (-inf) stay -inf; the float32 array rounds each difference.
                for i in range(s, min(size, s + reach) + 1):
                    best[i] -= here
                here = 0.0
            tid = get(text[s])
            single = tid is not None and tid >= 0
            if single:
                total = scores[tid] + here
                e = s + 1
                if total > best[e]:
                    kept = best[e]
                    best[e] = total  # stored as float32
                    if best[e] > kept:
                        start_of[e] = s
                        id_of[e] = tid
            if tid is not None:
                e = s + 2
                while e <= size:
                    tid = get(text[s:e])
                    if tid is None:
                        break
                    if tid >= 0:
                        total = scores[tid] + here
                        if total > best[e]:
                            kept = best[e]
                            best[e] = total
                            if best[e] > kept:
                                start_of[e] = s
                                id_of[e] = tid
                    e += 1
            if not single:
                total = unk_score + here
                e = s + 1
                if total > best[e]:
                    kept = best[e]
                    best[e] = total
                    if best[e] > kept:
                        start_of[e] = s
                        id_of[e] = unk_id
        ids: list[int] = []
        starts: list[int] = []
        e = size
        while e > 0:
            ids.append(id_of[e])
            e = start_of[e]
            starts.append(e)
        ids.reverse()
        starts.reverse()
        return ids, starts

    def lattice(self, text: str) -> list[tuple[int, int, int, float]]:
        """Every piece a path may use somewhere in ``text``: (id, start, end, score),
        character spans, by start then end."""
        return lattice_nodes(text, self._lookup(len(text)), self._path_scores)

    def symbols(self, text: str) -> list[tuple[str, int]]:
        ids, starts = self.best_path(text)
        ends = [*starts[1:], len(text)]
        return [(text[s:e], tid) for tid, s, e in zip(ids, starts, ends, strict=True)]

    def encode_piece(self, piece: str) -> list[int]:
        if not piece:
            return []
        ids, starts = self.best_path(piece)
        vocab = self.vocab
        unk = vocab.unk_id
        if unk not in ids:
            return ids
        out: list[int] = []
        if vocab.byte_fallback:
            byte_ids = vocab.byte_ids
            for tid, s in zip(ids, starts, strict=True):
                if tid == unk:  # one character
                    out.extend([byte_ids[b] for b in piece[s].encode("utf-8")])
                else:
                    out.append(tid)
            return out
        prev = -1
        for tid in ids:
            if tid != unk or prev != unk:
                out.append(tid)
            prev = tid
        return out
