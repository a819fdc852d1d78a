"""The merge vocabulary every part shares: a rule (a pair of ids → a new id, at a rank) and a step
(a rule applied at a position in one piece), plus a piece's whole trace. Training records its
rules with their counts, models answer "which rule builds this token" with a rule, traces hold
steps, export writes rules."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import overload


class MergePairs(Sequence[tuple[str, str]]):
    """Merges as two columns, left and right spellings (a file's 280k merges come split in
    two lists at C speed; a model reads the columns rather than 280k pairs)."""

    __slots__ = ("lefts", "rights")

    def __init__(self, lefts: list[str], rights: list[str]) -> None:
        if len(lefts) != len(rights):
            raise ValueError("the two columns of merges differ in length")
        self.lefts = lefts
        self.rights = rights

    def __len__(self) -> int:
        return len(self.lefts)

    @overload
    def __getitem__(self, index: int) -> tuple[str, str]: ...

    @overload
    def __getitem__(self, index: slice) -> MergePairs: ...

    def __getitem__(self, index: int | slice) -> tuple[str, str] | MergePairs:
        if isinstance(index, slice):
            return MergePairs(self.lefts[index], self.rights[index])
        return self.lefts[index], self.rights[index]


@dataclass(frozen=True, slots=True)
class MergeRule:
    """The pair (``left_id``, ``right_id``) becomes ``new_id``; lower ranks apply first.

    ``count`` is how often the pair occurred when it was learned (weighted, exact), when known;
    tiktoken and SentencePiece models, whose files hold no pairs, give the rank they merge by.
    """

    rank: int
    left_id: int
    right_id: int
    new_id: int
    count: int | Fraction | None = None


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

    @property
    def rule(self) -> MergeRule:
        return MergeRule(self.rank, self.left_id, self.right_id, self.new_id)


@dataclass(frozen=True, slots=True)
class PieceTrace:
    """How one pre-token piece went from its base symbols to its final tokens.

    ``finish`` says why ``final_ids`` differ from the state after the last step, when they
    do (a whole-piece lookup, unknown characters); empty when the merges are the whole story.
    """

    piece_index: int
    initial_ids: tuple[int, ...]
    steps: tuple[MergeStep, ...]
    final_ids: tuple[int, ...]
    finish: str = ""

    @property
    def merged_ids(self) -> tuple[int, ...]:
        """The state after the last step."""
        seq = list(self.initial_ids)
        for step in self.steps:
            seq[step.position : step.position + 2] = [step.new_id]
        return tuple(seq)

    def states(self) -> Iterator[tuple[int, ...]]:
        """The sequence before the first step, then after each step (len(steps)+1 states)."""
        seq = list(self.initial_ids)
        yield tuple(seq)
        for step in self.steps:
            seq[step.position : step.position + 2] = [step.new_id]
            yield tuple(seq)
