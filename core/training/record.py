"""What a tokenizer keeps of how it was trained: saved with it, read back, shown in playback."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..models.merges import MergeRule

Count = int | Fraction
# (left id, right id, count) of one candidate pair when a merge was chosen.
PairCount = tuple[int, int, Count]


@dataclass(frozen=True)
class TrainingRecord:
    """The count each merge had when it was learned (weighted, exact; by rank), why training
    stopped, how many distinct pieces it counted, and its settings (``TrainingConfig.to_dict``;
    a file written by an older version may lack the last three).

    Training with ``trace_top=K`` also keeps what a playback shows, recorded as it trained:
    ``top_pairs[r]``, up to K candidates when merge r was chosen (the chosen pair first, then
    by count, then smallest ids); ``corpus_tokens``, the corpus length in tokens before the
    first merge and after each; ``words``, the most frequent pieces with their counts. Empty
    when training did not trace.

    Training by language (:mod:`.multilingual`) also keeps the ``languages``, the language
    that chose each merge (``chosen``: its index, or -1 for a merge chosen on the summed
    counts), each language's dev-set token total before the first merge and after each
    (``dev_tokens``, empty without a dev set) and the parity-aware settings (``parity``).
    """

    merge_counts: tuple[Count, ...]
    stop_reason: str = ""
    distinct_pieces: int | None = None
    config: dict[str, Any] = field(default_factory=dict)
    top_pairs: tuple[tuple[PairCount, ...], ...] = ()
    corpus_tokens: tuple[Count, ...] = ()
    words: tuple[tuple[str, Count], ...] = ()
    languages: tuple[str, ...] = ()
    chosen: tuple[int, ...] = ()
    dev_tokens: tuple[tuple[int, ...], ...] = ()
    parity: dict[str, Any] = field(default_factory=dict)

    def merges(self, rules: list[MergeRule]) -> tuple[MergeRule, ...]:
        """The model's rules with the counts they were learned with."""
        counts = self.merge_counts
        return tuple(MergeRule(r.rank, r.left_id, r.right_id, r.new_id, counts[r.rank])
                     for r in rules)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "merge_counts": [_count_to_json(c) for c in self.merge_counts],
            "stop_reason": self.stop_reason, "distinct_pieces": self.distinct_pieces,
            "config": self.config,
        }
        # The trace only when there is one: files of untraced training stay as they were.
        if self.top_pairs:
            data["top_pairs"] = [[[left, right, _count_to_json(c)] for left, right, c in step]
                                 for step in self.top_pairs]
        if self.corpus_tokens:
            data["corpus_tokens"] = [_count_to_json(c) for c in self.corpus_tokens]
        if self.words:
            data["words"] = [[text, _count_to_json(c)] for text, c in self.words]
        if self.languages:
            data["languages"] = list(self.languages)
            data["chosen"] = list(self.chosen)
            data["dev_tokens"] = [list(row) for row in self.dev_tokens]
            if self.parity:
                data["parity"] = self.parity
        return data


def _count_to_json(count: Count) -> int | str:
    if isinstance(count, Fraction):
        if count.denominator == 1:
            return count.numerator
        return f"{count.numerator}/{count.denominator}"
    return int(count)
