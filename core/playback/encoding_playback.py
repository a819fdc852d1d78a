"""An encoding replayed merge by merge, in two orders (seed 000 §2, figure 1).

* **By piece**: one piece's own steps, each the lowest-rank merge present in it (leftmost on
  a tie), from its base symbols to its final tokens.
* **Whole text**: step *k* applies the *k*-th lowest-rank merge that occurs anywhere, to all
  of its occurrences at once. Pieces are independent, so the end is the same.

Everything is computed from the encoding's traces when the playback is built, except the
candidates of a state (the merges present in it, which explain why the chosen one won),
looked up on first view and kept: a scrub jump then only counts, per piece, how many of its
steps come before the jump's step (a bisection).
"""

from __future__ import annotations

import heapq
from bisect import bisect_left, bisect_right, insort
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from ..models.base import TokenModel
from ..models.merges import MergeRule, MergeStep, PieceTrace
from ..pipeline.tokenizer import Tokenizer
from ..results.encoding import Encoding

# How many of the merges present at a text step prepare() keeps (a view's table).
TOP_CANDIDATES = 12


@dataclass(frozen=True, slots=True)
class Candidate:
    """A merge present in a state: the pair at ``position`` (its left symbol's index)."""

    position: int
    rule: MergeRule


@dataclass(frozen=True, slots=True)
class Stop:
    """An adjacent pair left at the end that no merge joins: why the piece is not one token."""

    position: int
    left_id: int
    right_id: int


def candidates_in(model: TokenModel, ids: tuple[int, ...]) -> tuple[Candidate, ...]:
    """The merges present in ``ids``, lowest rank first, leftmost first on a tie: the first
    is the one BPE applies next."""
    found = []
    for i, (a, b) in enumerate(pairwise(ids)):
        rule = model.pair_merge(a, b)
        if rule is not None:
            found.append(Candidate(i, rule))
    found.sort(key=lambda c: (c.rule.rank, c.position))
    return tuple(found)


def stops_in(model: TokenModel, ids: tuple[int, ...]) -> tuple[Stop, ...]:
    """The adjacent pairs of ``ids`` that are not merges."""
    return tuple(Stop(i, a, b) for i, (a, b) in enumerate(pairwise(ids))
                 if model.pair_merge(a, b) is None)


@dataclass(eq=False)
class PiecePlayback:
    """One traced piece: its states (before any step, then after each) and, per state, the
    merges present in it."""

    model: TokenModel = field(repr=False)
    trace: PieceTrace
    text: str
    char_start: int
    byte_start: int
    states: tuple[tuple[int, ...], ...] = ()
    _candidates: dict[int, tuple[Candidate, ...]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.states = tuple(self.trace.states())

    @property
    def steps(self) -> tuple[MergeStep, ...]:
        return self.trace.steps

    @property
    def final_ids(self) -> tuple[int, ...]:
        return self.trace.final_ids

    @property
    def finish(self) -> str:
        return self.trace.finish

    def candidates(self, state: int) -> tuple[Candidate, ...]:
        """Merges present after ``state`` steps (the first is step ``state + 1``)."""
        found = self._candidates.get(state)
        if found is None:
            before = self._candidates.get(state - 1) if state else None
            if before is None:
                found = candidates_in(self.model, self.states[state])
            else:
                found = self._after_step(before, state)
            self._candidates[state] = found
        return found

    def _after_step(self, before: tuple[Candidate, ...], state: int) -> tuple[Candidate, ...]:
        """The candidates of ``state`` from those of the state before: the step joined the
        symbols at p and p + 1, so only the pairs around p change and those after it move
        one place left; two lookups instead of one per pair."""
        p = self.steps[state - 1].position
        ids = self.states[state]
        found = [c if c.position < p - 1 else Candidate(c.position - 1, c.rule)
                 for c in before if not p - 1 <= c.position <= p + 1]
        pair_merge = self.model.pair_merge
        for i in (p - 1, p):
            if i >= 0 and i + 1 < len(ids):
                rule = pair_merge(ids[i], ids[i + 1])
                if rule is not None:
                    found.append(Candidate(i, rule))
        found.sort(key=lambda c: (c.rule.rank, c.position))
        return tuple(found)

    def stops(self) -> tuple[Stop, ...]:
        """Where merging stopped: the pairs left after the last step that are not merges."""
        return stops_in(self.model, self.states[-1])


@dataclass(frozen=True, slots=True)
class TextStep:
    """Step of the whole-text order: one rule applied everywhere it occurs now."""

    rule: MergeRule
    pieces: tuple[int, ...]  # the playback pieces it changes
    count: int  # how many times it is applied in all


class EncodingPlayback:
    """The playback of one encoding (built from ``tokenizer.encode(text, trace=True)``)."""

    def __init__(self, tokenizer: Tokenizer, encoding: Encoding) -> None:
        if encoding.traces is None:
            raise ValueError("the encoding was made without trace=True")
        self.tokenizer = tokenizer
        self.encoding = encoding
        model = tokenizer.model
        # A model with no merges (WordPiece, Unigram) says what it does instead.
        self.method = model.merge_method
        pieces = encoding.pieces
        self.pieces: tuple[PiecePlayback, ...] = tuple(
            PiecePlayback(model, t, pieces[t.piece_index].text,
                          pieces[t.piece_index].span.char_start,
                          pieces[t.piece_index].span.byte_start)
            for t in encoding.traces
        )
        self._slot_of_piece = {p.trace.piece_index: slot for slot, p in enumerate(self.pieces)}
        self.text_steps, self._applied_at = _schedule(self.pieces)
        self.state_ids: list[int] = []  # filled by prepare()
        # prepare(): the leading (rank, count) pairs present at each text step.
        self._tops: list[tuple[tuple[int, int], ...]] = []
        self._top_rules: dict[int, MergeRule] = {}
        # The last tally of text_candidates (position, counts by rank, rule of each rank): a
        # step forward or back updates it with the pieces that step touches.
        self._tally: tuple[int, Counter[int], dict[int, MergeRule]] | None = None

    def prepare(self, check: Callable[[], None] | None = None, limit: int = 60_000) -> bool:
        """Look up the candidates of every state now (off the GUI thread), so that no step or
        jump looks any up; skipped past ``limit`` states (memory). ``check()`` may raise to
        stop. Returns whether it ran."""
        # Every id any state holds, once: what a view measures before it shows them.
        self.state_ids = list(dict.fromkeys(
            t for p in self.pieces for state in p.states for t in state))
        if sum(len(p.states) for p in self.pieces) > limit:
            return False
        for i, piece in enumerate(self.pieces):
            for k in range(len(piece.states)):
                piece.candidates(k)
            if check is not None and not i % 256:
                check()
        self._sweep_tops(check)
        return True

    def _sweep_tops(self, check: Callable[[], None] | None) -> None:
        """The leading merges present at every text step, in one pass over the steps: each
        step changes only its pieces' candidates, and the ranks present are kept sorted."""
        counts: Counter[int] = Counter()
        rules: dict[int, MergeRule] = {}
        present: list[int] = []

        def add(candidates: tuple[Candidate, ...], sign: int) -> None:
            for c in candidates:
                rank = c.rule.rank
                before = counts[rank]
                counts[rank] = before + sign
                if before == 0:
                    insort(present, rank)
                    rules.setdefault(rank, c.rule)
                elif before + sign == 0:
                    del present[bisect_left(present, rank)]

        for piece in self.pieces:
            add(piece.candidates(0), 1)
        tops: list[tuple[tuple[int, int], ...]] = []
        for position, step in enumerate((*self.text_steps, None)):
            tops.append(tuple((rank, counts[rank]) for rank in present[:TOP_CANDIDATES]))
            if step is None:
                break
            for slot in step.pieces:
                piece, done = self.pieces[slot], self._applied_at[slot]
                add(piece.candidates(bisect_right(done, position - 1)), -1)
                add(piece.candidates(bisect_right(done, position)), 1)
            if check is not None and not position % 512:
                check()
        self._tops, self._top_rules = tops, rules

    @property
    def merges(self) -> bool:
        """Whether the model merges at all (else see :attr:`method`)."""
        return not self.method

    def piece_at_char(self, char_index: int) -> int | None:
        """The playback piece holding a character of the model text (the nearest before it
        when that character is in no traced piece, an added token say)."""
        best = None
        for slot, piece in enumerate(self.pieces):
            if piece.char_start > char_index:
                break
            best = slot
            if char_index < piece.char_start + len(piece.text):
                return slot
        return best

    def slot_of_piece(self, piece_index: int) -> int | None:
        """The playback piece of the encoding's piece ``piece_index`` (None: not traced)."""
        return self._slot_of_piece.get(piece_index)

    def steps_done(self, slot: int, text_step: int) -> int:
        """How many of piece ``slot``'s own steps the first ``text_step`` text steps apply."""
        return bisect_right(self._applied_at[slot], text_step - 1)

    def text_positions(self, text_step: int) -> list[int]:
        """Every piece's own step count after the first ``text_step`` text steps."""
        last = text_step - 1
        return [bisect_right(done, last) for done in self._applied_at]

    def text_state(self, text_step: int) -> list[tuple[int, ...]]:
        """Every piece's ids after the first ``text_step`` text steps."""
        return [p.states[k] for p, k in zip(self.pieces, self.text_positions(text_step),
                                            strict=True)]

    def text_candidates(self, text_step: int, limit: int = 12
                        ) -> list[tuple[MergeRule, int]]:
        """The merges present anywhere after ``text_step`` text steps, lowest rank first,
        with how many times each occurs (up to ``limit``)."""
        if self._tops and limit <= TOP_CANDIDATES:  # prepared: looked up, not counted
            rules = self._top_rules
            return [(rules[rank], n) for rank, n in self._tops[text_step][:limit]]
        # Counted by rank (an int hashes far faster than a rule): one rank, one rule, except
        # in rank files, where pairs spelling the same bytes share the rank and the new id.
        last = self._tally
        if last is not None and abs(last[0] - text_step) == 1:
            counts, rules = last[1], last[2]
            step = self.text_steps[min(text_step, last[0])]
            # Only the pieces of the step between the two positions changed.
            for slot in step.pieces:
                piece, done = self.pieces[slot], self._applied_at[slot]
                self._count(counts, rules, piece.candidates(bisect_right(done, last[0] - 1)), -1)
                self._count(counts, rules, piece.candidates(bisect_right(done, text_step - 1)),
                            1)
        else:
            counts, rules = Counter(), {}
            for piece, k in zip(self.pieces, self.text_positions(text_step), strict=True):
                self._count(counts, rules, piece.candidates(k), 1)
        self._tally = (text_step, counts, rules)
        present = sorted(rank for rank, n in counts.items() if n > 0)
        return [(rules[rank], counts[rank]) for rank in present[:limit]]

    @staticmethod
    def _count(counts: Counter[int], rules: dict[int, MergeRule],
               candidates: tuple[Candidate, ...], sign: int) -> None:
        for c in candidates:
            rank = c.rule.rank
            counts[rank] += sign
            if rank not in rules:
                rules[rank] = c.rule

    def text_stops(self) -> Counter[tuple[int, int]]:
        """Pairs left at the end that are not merges, with how many pieces hold them."""
        found: Counter[tuple[int, int]] = Counter()
        for piece in self.pieces:
            found.update((s.left_id, s.right_id) for s in piece.stops())
        return found


def _schedule(pieces: tuple[PiecePlayback, ...]
              ) -> tuple[tuple[TextStep, ...], tuple[list[int], ...]]:
    """The whole-text steps, and for each piece the text step that applies each of its own.

    Each round takes the lowest rank among the pieces' next steps and applies, in every
    piece whose next step has that rank, all its consecutive steps of that rank (a rule that
    occurs twice in one piece applies twice, leftmost first, within one text step).
    """
    applied_at: tuple[list[int], ...] = tuple([] for _ in pieces)
    heap = [(p.steps[0].rank, slot) for slot, p in enumerate(pieces) if p.steps]
    heapq.heapify(heap)
    text_steps: list[TextStep] = []
    while heap:
        rank = heap[0][0]
        touched: list[int] = []
        count = 0
        rule: MergeRule | None = None
        while heap and heap[0][0] == rank:
            _, slot = heapq.heappop(heap)
            steps = pieces[slot].steps
            done = applied_at[slot]
            while len(done) < len(steps) and steps[len(done)].rank == rank:
                if rule is None:
                    rule = steps[len(done)].rule
                done.append(len(text_steps))
                count += 1
            touched.append(slot)
            if len(done) < len(steps):
                heapq.heappush(heap, (steps[len(done)].rank, slot))
        assert rule is not None
        text_steps.append(TextStep(rule, tuple(sorted(touched)), count))
    return tuple(text_steps), applied_at
