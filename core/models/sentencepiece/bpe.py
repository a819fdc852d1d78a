"""SentencePiece's BPE model, exactly as the ``sentencepiece`` library encodes
(``src/bpe_model.cc``). It has no merge list: two neighbouring symbols may merge when their
concatenation is a piece (NORMAL, USER_DEFINED or UNUSED), and the merge whose piece has the
highest *score* goes first, the leftmost on a tie.

* The text starts as characters, except that a user-defined piece found there (the longest)
  is one symbol that never merges.
* An UNUSED piece may be formed, and is split back at the end into the two symbols that
  formed it — the pair recorded *last* for that piece, as the library records them when a
  pair is queued, not when it merges.
* What is left is looked up (``SentencePieceVocab.model_id``); unknown symbols become
  bytes or merged unknown ids afterwards.

Unlike Hugging Face's BPE (``vocab_bpe.py``, pairs ranked by a merge list), the rank of a
merge here is the rank of its piece by score; ``MergeStep.rank`` reports that.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property
from heapq import heappop, heappush
from itertools import pairwise

from bpelens.core.messages import Message

from ...text.units import char_class
from ..base import TokenKind
from ..merges import MergeRule, MergeStep
from .pieces import NORMAL, UNUSED, SentencePieceModel, SentencePieceVocab

_WORD_CACHE_LIMIT = 1 << 17
# Up to this many symbols a list of pair scores rescanned per merge beats the heap.
_SHORT = 256
_NO_PAIR = float("-inf")


class SentencePieceBPE(SentencePieceModel):
    family = "BPE"

    def __init__(self, vocab: SentencePieceVocab, *, space: str = "\u2581") -> None:
        super().__init__(vocab)
        normal = vocab.normal
        self._score_of = {piece: vocab.scores[tid] for piece, tid in normal.items()}
        self._has_unused = UNUSED in vocab.types
        self._symbols_match = _UserDefined(vocab.user_defined)
        # Merges and user-defined symbols never join a character to a space symbol after it
        # when no piece holds that pair ("x▁"; runs of spaces like "▁▁▁" may be pieces, as in
        # Llama's): the text can be cut there and encoded word by word, with a cache. Pieces
        # that end with the space symbol (treat_whitespace_as_suffix) cut after it instead.
        # Not with UNUSED pieces, whose splitting back depends on what was queued anywhere.
        self._cut: re.Pattern[str] | None = None
        if not self._has_unused and space:
            word = re.escape(space)
            if not any(_joins(p, space) for p in normal):
                self._cut = re.compile(f"(?<=[^{word}])(?={word})")
            elif not any(_joins(p[::-1], space) for p in normal):
                self._cut = re.compile(f"(?<={word})(?=[^{word}])")
        self._space = space
        # word → (ids, first is unknown, last is unknown): runs of unknown ids that meet
        # across words are fused when the words are joined.
        self._words: dict[str, tuple[list[int], bool, bool]] = {}

    # -- encoding ---------------------------------------------------------------------------
    def _initial(self, text: str) -> tuple[list[str], list[bool]]:
        """The starting symbols and which of them are user-defined (frozen)."""
        if not self._symbols_match.starts:
            return list(text), [False] * len(text)
        symbols: list[str] = []
        frozen: list[bool] = []
        at = self._symbols_match.at
        pos = 0
        while pos < len(text):
            end = at(text, pos)
            if end:
                symbols.append(text[pos:end])
                frozen.append(True)
                pos = end
            else:
                symbols.append(text[pos])
                frozen.append(False)
                pos += 1
        return symbols, frozen

    def _merge(self, text: str, steps: list[tuple[int, int, str]] | None = None
               ) -> list[tuple[str, int]]:
        """(piece text, id) of the final symbols; ``steps`` receives (left index, right
        index, merged piece) for each merge, in order (indices of the starting symbols)."""
        symbols, frozen = self._initial(text)
        n = len(symbols)
        if n == 0:
            return []
        nxt = list(range(1, n + 1))
        nxt[-1] = -1
        prv = list(range(-1, n - 1))
        score_of = self._score_of
        heap: list[tuple[float, int, int, int]] = []
        # Which two symbols formed each UNUSED piece (the pair queued last).
        formed: dict[str, tuple[str, str]] = {}
        unused = self._has_unused
        vocab = self.vocab

        def queue(left: int, right: int) -> None:
            if left < 0 or right < 0 or frozen[left] or frozen[right]:
                return
            piece = symbols[left] + symbols[right]
            score = score_of.get(piece)
            if score is None:
                return
            heappush(heap, (-score, left, right, len(piece)))
            if unused and vocab.types[vocab.normal[piece]] == UNUSED:
                formed[piece] = (symbols[left], symbols[right])

        for i in range(1, n):
            queue(i - 1, i)
        while heap:
            _, left, right, size = heappop(heap)
            a, b = symbols[left], symbols[right]
            if not a or not b or len(a) + len(b) != size:
                continue  # stale: one side merged since
            symbols[left] = a + b
            symbols[right] = ""
            after = nxt[right]
            nxt[left] = after
            if after >= 0:
                prv[after] = left
            if steps is not None:
                steps.append((left, right, symbols[left]))
            queue(prv[left], left)
            queue(left, nxt[left])

        out: list[tuple[str, int]] = []
        model_id = vocab.model_id
        types = vocab.types

        def resegment(piece: str) -> None:
            tid = model_id(piece)
            if types[tid] != UNUSED or piece not in formed:
                out.append((piece, tid))
                return
            left, right = formed[piece]
            resegment(left)
            resegment(right)

        i = 0
        while i >= 0:
            if unused:
                resegment(symbols[i])
            else:
                out.append((symbols[i], model_id(symbols[i])))
            i = nxt[i]
        return out

    def _merge_short(self, text: str) -> list[str]:
        """The final symbols of a short text without UNUSED pieces, by rescanning a list of
        pair scores (the leftmost highest score merges, as the heap would pick it)."""
        symbols, frozen = self._initial(text)
        if len(symbols) < 2:
            return symbols
        get = self._score_of.get
        scores = [get(a + b, _NO_PAIR) for a, b in pairwise(symbols)]
        if self._symbols_match.starts:
            for i, (a, b) in enumerate(pairwise(frozen)):
                if a or b:
                    scores[i] = _NO_PAIR
        while True:
            best = max(scores)
            if best == _NO_PAIR:
                return symbols
            i = scores.index(best)
            merged = symbols[i] + symbols[i + 1]
            symbols[i] = merged
            del symbols[i + 1]
            del frozen[i + 1]
            del scores[i]
            if not scores:
                return symbols
            if i and not frozen[i - 1]:
                scores[i - 1] = get(symbols[i - 1] + merged, _NO_PAIR)
            if i < len(scores) and not frozen[i + 1]:
                scores[i] = get(merged + symbols[i + 1], _NO_PAIR)

    def _final(self, text: str) -> list[tuple[str, int]]:
        if self._has_unused:
            return self._merge(text)
        runs = self._runs(text) or [text]
        if len(runs) > 1 and max(map(len, runs)) == 1:
            short = runs  # nothing can merge
        else:
            short = []
            for run in runs:
                if len(run) == 1:
                    short.append(run)
                elif len(run) <= _SHORT:
                    short.extend(self._merge_short(run))
                else:
                    short.extend(piece for piece, _ in self._merge(run))
        lookup, unk = self.vocab.normal, self.vocab.unk_id
        return [(s, lookup.get(s, unk)) for s in short]

    @cached_property
    def _mergeable(self) -> re.Pattern[str] | None:
        """Runs of characters that some piece of two or more characters holds, and single
        other characters: no merge ever involves those, so each run merges on its own."""
        chars = {c for p in self.vocab.normal if len(p) > 1 for c in p}
        if self._symbols_match.starts or not chars:
            return None  # user-defined symbols are found across runs
        return re.compile(char_class(map(ord, chars)) + "+|.", re.DOTALL)

    def _runs(self, text: str) -> list[str] | None:
        pattern = self._mergeable
        if pattern is None or len(text) < 2:
            return None
        runs = pattern.findall(text)
        return runs if len(runs) > 1 else None

    def symbols(self, text: str) -> list[tuple[str, int]]:
        if self._cut is None:
            return self._final(text)
        out: list[tuple[str, int]] = []
        for word in self._cut.split(text):
            out.extend(self._final(word))
        return out

    def encode_piece(self, piece: str) -> list[int]:
        if self._cut is None or not piece:
            return super().encode_piece(piece)
        cache = self._words
        vocab = self.vocab
        fuse = not vocab.byte_fallback
        out: list[int] = []
        last_unk = False
        for word in self._cut.split(piece):
            found = cache.get(word)
            if found is None:
                ids = vocab.finish_ids(self._final(word))
                unk = vocab.unk_id
                found = (ids, bool(ids) and ids[0] == unk, bool(ids) and ids[-1] == unk)
                if len(cache) >= _WORD_CACHE_LIMIT:
                    cache.clear()
                cache[word] = found
            ids, first_unk, ends_unk = found
            if fuse and last_unk and first_unk:
                out.extend(ids[1:])
            else:
                out.extend(ids)
            last_unk = ends_unk if ids else last_unk
        return out

    # -- playback ---------------------------------------------------------------------------
    @cached_property
    def ranks(self) -> dict[int, int]:
        """Rank of every piece that merges may form: 0 for the highest score (ties: the
        lower id first), the order in which merges are preferred."""
        vocab = self.vocab
        order = sorted(vocab.normal.values(), key=lambda tid: (-vocab.scores[tid], tid))
        return {tid: rank for rank, tid in enumerate(order)}

    def pair_merge(self, left_id: int, right_id: int) -> MergeRule | None:
        pieces = self.vocab.pieces
        if not (0 <= left_id < len(pieces) and 0 <= right_id < len(pieces)):
            return None
        new_id = self.vocab.normal.get(pieces[left_id] + pieces[right_id])
        if new_id is None:
            return None
        return MergeRule(self.ranks[new_id], left_id, right_id, new_id)

    after_merges = Message("after the merges SentencePiece splits unused pieces back and turns "
                    "unknown characters into <unk> or bytes (<0xNN>)")

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        """The merges in the library's order over the whole piece; the steps act on the
        starting symbols (unknown characters as the unknown id) and the final ids come after
        splitting UNUSED pieces back and the unknown-character rules."""
        recorded: list[tuple[int, int, str]] = []
        final = self._merge(piece, recorded)
        symbols, _ = self._initial(piece)
        model_id = self.vocab.model_id
        alive = list(range(len(symbols)))  # starting index of each symbol still there
        ids = [model_id(s) for s in symbols]
        initial = list(ids)
        offsets = [len(s.encode("utf-8")) for s in symbols]
        steps: list[MergeStep] = []
        ranks = self.ranks
        for left, _right, merged in recorded:
            position = alive.index(left)
            new_id = self.vocab.normal[merged]
            start = sum(offsets[:position])
            end = start + offsets[position] + offsets[position + 1]
            steps.append(MergeStep(position, ids[position], ids[position + 1], ranks[new_id],
                                   new_id, start, end))
            ids[position : position + 2] = [new_id]
            offsets[position : position + 2] = [end - start]
            del alive[position + 1]
        return initial, self.vocab.finish_ids(final), steps

    def built_by(self, token_id: int) -> MergeRule | None:
        """The last merge when the piece's text is encoded alone, if that gives the piece."""
        vocab = self.vocab
        if not 0 <= token_id < len(vocab) or vocab.types[token_id] != NORMAL:
            return None
        text = vocab.pieces[token_id]
        recorded: list[tuple[int, int, str]] = []
        final = self._merge(text, recorded)
        if len(final) != 1 or final[0][1] != token_id or not recorded:
            return None
        _, right, _ = recorded[-1]
        # The last merge joins the text before and after where its right symbol starts.
        symbols, _ = self._initial(text)
        cut = sum(map(len, symbols[:right]))
        return MergeRule(self.ranks[token_id], vocab.model_id(text[:cut]),
                         vocab.model_id(text[cut:]), token_id)

    def merges_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        vocab = self.vocab
        out: list[list[int] | None] = []
        for tid in token_ids:
            if not 0 <= tid < len(vocab) or vocab.types[tid] != NORMAL:
                out.append(None)
                continue
            out.append([i for _, i in self._merge(vocab.pieces[tid])])
        return out

    def joins(self, token_id: int) -> list[tuple[int, int]]:
        vocab = self.vocab
        if not 0 <= token_id < len(vocab) or vocab.types[token_id] != NORMAL:
            return []
        piece, get = vocab.pieces[token_id], vocab.normal.get
        out = []
        for k in range(1, len(piece)):
            left, right = get(piece[:k]), get(piece[k:])
            if left is not None and right is not None:
                out.append((left, right))
        return out

    def kind(self, token_id: int) -> TokenKind:
        if self.vocab.types[token_id] == NORMAL:
            return "char" if len(self.vocab.pieces[token_id]) == 1 else "merged"
        return super().kind(token_id)

    @property
    def merge_count(self) -> int:
        return sum(1 for p, t in zip(self.vocab.pieces, self.vocab.types, strict=True)
                   if t == NORMAL and len(p) > 1)


def _joins(piece: str, space: str) -> bool:
    """Whether the piece holds a space symbol right after another character."""
    return any(c == space and piece[i - 1] != space for i, c in enumerate(piece) if i)


class _UserDefined:
    """The longest user-defined piece at a position (``PrefixMatcher``)."""

    def __init__(self, pieces: list[str]) -> None:
        self._pieces = frozenset(pieces)
        self._max = max(map(len, pieces), default=0)
        self.starts = frozenset(p[0] for p in pieces)

    def at(self, text: str, pos: int) -> int:
        """End of the longest user-defined piece starting at ``pos``, or 0."""
        if text[pos] not in self.starts:
            return 0
        for end in range(min(len(text), pos + self._max), pos, -1):
            if text[pos:end] in self._pieces:
                return end
        return 0
