"""Merge steps as data, for playback: what was merged, where, by which rule."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction


@dataclass(frozen=True, slots=True)
class MergeStep:
    """One application of a merge rule inside one piece.

    ``position`` is the index, in the sequence just before this step, of the left symbol;
    after the step the new token sits at that index and the sequence is one shorter.
    ``byte_start``/``byte_end`` locate the new token inside the piece's bytes.
    """

    position: int
    left_id: int
    right_id: int
    rank: int
    new_id: int
    byte_start: int
    byte_end: int


@dataclass(frozen=True, slots=True)
class PieceTrace:
    """How one pre-token piece went from its base symbols to its final tokens."""

    piece_index: int
    initial_ids: tuple[int, ...]
    steps: tuple[MergeStep, ...]
    final_ids: tuple[int, ...]

    def states(self) -> Iterator[tuple[int, ...]]:
        """The sequence before the first step, then after each step (len(steps)+1 states)."""
        seq = list(self.initial_ids)
        yield tuple(seq)
        for step in self.steps:
            seq[step.position : step.position + 2] = [step.new_id]
            yield tuple(seq)


@dataclass(frozen=True, slots=True)
class MergeRecord:
    """One merge learned in training: rank, pair, the (weighted) count it had, the new id."""

    rank: int
    left_id: int
    right_id: int
    count: int | Fraction
    new_id: int
