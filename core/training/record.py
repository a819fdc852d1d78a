"""What a tokenizer keeps of how it was trained: saved with it, read back, shown in playback."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..models.merges import MergeRule


@dataclass(frozen=True)
class TrainingRecord:
    """The count each merge had when it was learned (weighted, exact; by rank), why training
    stopped, how many distinct pieces it counted, and its settings (``TrainingConfig.to_dict``;
    a file written by an older version may lack the last three)."""

    merge_counts: tuple[int | Fraction, ...]
    stop_reason: str = ""
    distinct_pieces: int | None = None
    config: dict[str, Any] = field(default_factory=dict)

    def merges(self, rules: list[MergeRule]) -> tuple[MergeRule, ...]:
        """The model's rules with the counts they were learned with."""
        counts = self.merge_counts
        return tuple(MergeRule(r.rank, r.left_id, r.right_id, r.new_id, counts[r.rank])
                     for r in rules)

    def to_json(self) -> dict[str, Any]:
        return {"merge_counts": [_count_to_json(c) for c in self.merge_counts],
                "stop_reason": self.stop_reason, "distinct_pieces": self.distinct_pieces,
                "config": self.config}


def _count_to_json(count: int | Fraction) -> int | str:
    if isinstance(count, Fraction):
        if count.denominator == 1:
            return count.numerator
        return f"{count.numerator}/{count.denominator}"
    return int(count)
