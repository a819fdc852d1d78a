"""The merge loop every BPE trainer runs, written once: take the best pair from a pair index
(a stale heap entry goes back with its current count), stop below the threshold, break ties,
make the new token, merge it.

A trainer is a :class:`MergeLoop` with its own answers to the loop's questions: which index
chooses the next merge (the summed counts, or a language), what happens when that index has
nothing left, how a token id is made, where the merge is applied and when training is over.
Classic, weighted and parity-aware training, continued training and SuperBPE all run through
:meth:`MergeLoop.run`; so their merges differ only where their rules do.
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass
from typing import ClassVar

from bpelens.core.messages import Message

from ..errors import TrainingError
from .pair_index import MAX_ID, PairIndex

GLOBAL = -1  # a merge chosen on the summed counts (no language)


@dataclass(frozen=True, slots=True)
class Merge:
    """One merge as the loop made it: the pair's ids, the id made, the pair's count (the
    index's integer count) and who chose it (a language's position, or :data:`GLOBAL`)."""

    left: int
    right: int
    new: int
    count: int
    chooser: int = GLOBAL


def best_pair(index: PairIndex) -> tuple[int, str] | None:
    """The pair with the largest current count (the index's tie rule), or None.

    The heap may hold stale entries (a count that dropped leaves its entry behind): one popped
    goes back with its current count, so it comes off again in its true place."""
    heap, pc = index.heap, index.pair_counts
    pop, push = index.pop, index.push
    while heap:
        stored, pair = pop()
        current = pc.get(pair, 0)
        if stored == current:
            return current, pair
        if current > 0:
            push(pair, current)
    return None


def earliest_of_ties(pair: str, count: int, index: PairIndex) -> str:
    """Among all pairs with the top count, the one whose first occurrence comes first in the
    corpus (piece in first-seen order, then position): the order of seed 001's dict."""
    pc, words = index.pair_counts, index.words
    tied = {pair}
    stale: list[str] = []
    while index.heap and index.peek_count() == count:
        _, other = index.pop()
        if pc.get(other, 0) == count:
            tied.add(other)
        else:
            stale.append(other)
    for other in stale:
        c = pc.get(other, 0)
        if c > 0:
            index.push(other, c)
    if len(tied) == 1:
        return pair

    def first_seen(candidate: str) -> tuple[int, int]:
        for w in sorted(index.holders(candidate)):
            pos = words[w].find(candidate)
            if pos >= 0:
                return w, pos
        return len(words), 0

    best = min(sorted(tied), key=first_seen)
    for other in tied:
        if other != best:
            index.push(other, count)
    return best


def leading_pairs(chosen: str, count: int, k: int, index: PairIndex
                  ) -> tuple[tuple[int, int, int], ...]:
    """The chosen pair and the k - 1 pairs with the largest current counts after it (smallest
    ids first on ties): (left id, right id, count), from heap entries popped in order, then
    pushed back.

    Every pair with a count has an entry holding that count or more (a count that drops leaves
    its entry; one that grows pushes a new one). A stale entry popped is pushed again with its
    current count, as the loop does, so it comes off again in its true place: the valid
    entries come off in the true order. They all go back (a second valid entry of a pair is
    dropped: one is enough), so every pair keeps an entry as good as before and training goes
    on exactly as untraced. Only for the classic index (int heap entries).
    """
    heap, pc = index.heap, index.pair_counts
    shift, width, mask = index.priority_shift, index.shift, index.mask
    low = (1 << shift) - 1
    pop, push = heapq.heappop, heapq.heappush
    found = [(ord(chosen[0]), ord(chosen[1]), count)]
    seen = {chosen}
    kept: list[int] = []
    # The heap's ints are decoded here rather than through index.pop/push: this runs for
    # every merge, and a call costs as much as the work.
    while len(found) < k and heap:
        priority = pop(heap)
        key = priority & low
        pair = chr(key >> width) + chr(key & mask)
        current = pc.get(pair, 0)
        if -(priority >> shift) != current:
            if current > 0:
                push(heap, key - (current << shift))
        elif pair not in seen:
            seen.add(pair)
            found.append((key >> width, key & mask, current))
            kept.append(priority)
    for priority in kept:
        push(heap, priority)
    return tuple(found)


def merge_target(vocab_size: int, base_size: int, specials: int, level: str) -> int:
    """The model's size to stop at (the vocabulary less its special tokens); TrainingError
    when the vocabulary cannot hold the base tokens and special tokens, or is too large."""
    if vocab_size < base_size + specials:
        kind = Message("bytes") if level == "byte" else Message("symbols")
        if specials:
            raise TrainingError(Message(
                "vocab size {vocab_size} is smaller than the base vocabulary ({base_size} "
                "{kind} + {specials} special tokens = {total})", vocab_size=vocab_size,
                base_size=base_size, kind=kind, specials=specials, total=base_size + specials))
        raise TrainingError(Message("vocab size {vocab_size} is smaller than the base vocabulary "
                                    "({base_size} {kind})", vocab_size=vocab_size,
                                    base_size=base_size, kind=kind))
    target = vocab_size - specials
    if target - 1 > MAX_ID:
        raise TrainingError(Message("vocab size {vocab_size} is above the limit of {max_id}",
                                    vocab_size=vocab_size, max_id=MAX_ID + 1))
    return target


class MergeLoop:
    """pop → stale check → push → threshold → tie → make → merge, until a hook says stop.

    ``index`` is the index that chooses when :meth:`choose` gives :data:`GLOBAL`;
    ``threshold``: the smallest integer count a merge may have; ``limit``: the most merges.
    The merges made are in :attr:`merges`; :attr:`stop` says why the loop ended (None while
    it can go on).
    """

    # How many merges pass between two looks at the clock.
    CLOCK_EVERY: ClassVar[int] = 32
    # Whether :meth:`vetoed` is asked (a trainer with rules on what a token may be).
    VETOES: ClassVar[bool] = False

    def __init__(self, index: PairIndex | None, threshold: int, limit: int, *,
                 first_occurrence: bool = False) -> None:
        self.index = index
        self.threshold = max(1, threshold)
        self.limit = limit
        self.first_occurrence = first_occurrence
        self.merges: list[Merge] = []
        self.stop: str | None = None

    # The questions a trainer answers ------------------------------------------------------
    def finished(self) -> str | None:
        """The reason to stop before the next merge, if any."""
        return "merges" if len(self.merges) >= self.limit else None

    def choose(self) -> int:
        """Who chooses the next merge: :data:`GLOBAL` (``self.index``) or a language."""
        return GLOBAL

    def index_of(self, chooser: int) -> PairIndex:
        assert self.index is not None
        return self.index

    def left_out(self, chooser: int, reason: str) -> str | None:
        """``chooser`` has no pair at or above the threshold: the reason to stop, or None to
        go on without it."""
        return reason

    def vetoed(self, left: int, right: int) -> bool:
        """Whether left + right may never be a token (asked when :attr:`VETOES`). A vetoed
        pair leaves the heap; its count stays, so the best allowed pair comes next, and the
        pair is asked again if a merge brings it back with a higher count."""
        return False

    def chosen(self, pair: str, count: int, index: PairIndex) -> None:
        """Called with the pair about to be merged, before anything changes (a trace reads the
        state here)."""

    def make(self, left: int, right: int) -> int:
        """The id of the token left + right (new, or an existing one with the same text)."""
        raise NotImplementedError

    def apply(self, pair: str, new: str) -> None:
        """Merge ``pair`` into ``new`` wherever the trainer keeps pieces."""
        assert self.index is not None
        self.index.merge(pair, new)

    # The loop ---------------------------------------------------------------------------
    def run(self, seconds: float, at_most: int | None = None) -> str | None:
        """Merge for about ``seconds`` (at least one merge), or ``at_most`` merges; the reason
        to stop when training is over, else None."""
        if self.stop is not None:
            return self.stop
        deadline = time.perf_counter() + seconds
        every = self.CLOCK_EVERY
        threshold, merges = self.threshold, self.merges
        first_occurrence = self.first_occurrence
        vetoes = self.VETOES
        made = 0
        while True:
            stop = self.finished()
            if stop is not None:
                self.stop = stop
                return stop
            if made and (made == at_most or (made % every == 0
                         and time.perf_counter() >= deadline)):
                return None
            chooser = self.choose()
            index = self.index_of(chooser)
            best = best_pair(index)
            if best is None or best[0] < threshold:
                stop = self.left_out(chooser, "no_pairs" if best is None else "min_frequency")
                if stop is not None:
                    self.stop = stop
                    return stop
                continue
            count, pair = best
            if first_occurrence:
                pair = earliest_of_ties(pair, count, index)
            left, right = ord(pair[0]), ord(pair[1])
            if vetoes and self.vetoed(left, right):
                continue
            self.chosen(pair, count, index)
            new = self.make(left, right)
            merges.append(Merge(left, right, new, count, chooser))
            self.apply(pair, chr(new))
            made += 1

    def run_to_end(self) -> str:
        while (stop := self.run(3600.0)) is None:
            pass
        return stop
