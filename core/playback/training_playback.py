"""Training replayed merge by merge from what the trainer recorded while it trained (seed 001
§3–4): at step *k* (k merges learned) the corpus words in their current segmentation, the
top pair counts with the pair chosen, the vocabulary so far, the chosen count and the corpus
length per merge. Nothing is recounted: the counts are the trainer's (``train(...,
trace_top=K)``), and a word's segmentation at step *k* is its trace cut before rank *k*.

Why cutting a trace works: merging by rank (lowest first) applies every occurrence of rank
*r* before any higher rank, and a merge only forms pairs that hold its new token, whose
rules come later; so the state after the ranks below *k* is what training had made of the
word after *k* merges. Picky BPE's removals undo merges, so its words are replayed by the
model's own history instead (each change keyed by the rank it follows).
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from fractions import Fraction

from ..errors import ConfigError
from ..messages import Message
from ..models.merges import MergeRule
from ..pipeline.tokenizer import Tokenizer
from ..training.superwords import is_superword

Count = int | Fraction


@dataclass(frozen=True, slots=True)
class PairCount:
    """A candidate pair at one step: its ids, its count then, whether it was chosen, and
    whether it tied with the chosen one (so the tie rule decided)."""

    left_id: int
    right_id: int
    count: Count
    chosen: bool
    tied: bool


@dataclass(frozen=True, slots=True)
class WordState:
    text: str
    count: Count
    ids: tuple[int, ...]
    merged_now: tuple[int, ...]  # positions holding the token this step made


class TrainingPlayback:
    """A trained tokenizer's record, step by step (``steps`` merges; step 0 is the start)."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        record = tokenizer.training
        if record is None:
            raise ConfigError("this tokenizer has no training record: train it here or with "
                              "`bpelens train --trace-top K` to play its training back")
        rules = getattr(tokenizer.model, "rules", None)
        if rules is None:
            raise ConfigError("training playback needs a BPE model trained by BPE Lens")
        self.tokenizer = tokenizer
        self.record = record
        self.merges: tuple[MergeRule, ...] = record.merges(list(rules))
        self.top_pairs = record.top_pairs
        self.tie_break = str(record.config.get("tie_break", "smallest_ids"))
        model = tokenizer.model
        self.base_size = getattr(model, "base_size", model.vocab_size - len(self.merges))
        # Picky BPE: (merges before it, token, parts) of each removal.
        self.removals: tuple[tuple[int, int, tuple[int, ...]], ...] = tuple(
            getattr(model, "removals", ()))
        history = getattr(model, "history", None)
        words = []
        for text, count in record.words:
            if history is not None:  # merges and removals, each with the rank it follows
                initial, changes = history(text)
                words.append((text, count, [rank for rank, _ in changes],
                              [tuple(initial), *(ids for _, ids in changes)]))
                continue
            traced = model.trace_piece(text)
            if traced is None:
                continue
            initial, _final, steps = traced
            states = [tuple(initial)]
            seq = list(initial)
            for step in steps:
                seq[step.position : step.position + 2] = [step.new_id]
                states.append(tuple(seq))
            words.append((text, count, [s.rank for s in steps], states))
        self._words = words

    @property
    def steps(self) -> int:
        return len(self.merges)

    @property
    def stage_switch(self) -> int | None:
        """For SuperBPE: the step after which merges may cross whitespace (stage 2 begins
        with merge ``stage_switch + 1``); None for any other training."""
        superbpe = self.record.config.get("superbpe")
        if not isinstance(superbpe, dict):
            return None
        switch = superbpe.get("stage_switch")
        return switch if isinstance(switch, int) and 0 <= switch <= self.steps else None

    def superword(self, token_id: int) -> bool:
        """Whether a token holds several words (a space after something that is not one):
        what SuperBPE's second stage learns."""
        data = self.tokenizer.model.token_bytes[token_id]
        return data is not None and is_superword(data)

    @property
    def has_pair_counts(self) -> bool:
        """Whether the record holds the top pairs of each step (trained with trace_top)."""
        return len(self.top_pairs) == len(self.merges) > 0

    def rule_rank_text(self) -> str:
        # Messages: an interface says them in its language (localize).
        if self.record.parity:
            return Message("ties go to the largest (left, right) token text, as in "
                           "parity-aware BPE")
        return (Message("ties go to the pair seen first in the corpus") if self.tie_break ==
                "first_occurrence" else Message("ties go to the smallest (left id, right id)"))

    def chosen_by(self, step: int) -> str | None:
        """For a training by language: who chose merge ``step`` (1-based) — a language, or
        ``"the summed counts"`` (classic BPE, a hybrid's first merges); None otherwise."""
        record = self.record
        if not record.languages or not 0 < step <= len(record.chosen):
            return None
        index = record.chosen[step - 1]
        return record.languages[index] if index >= 0 else Message("the summed counts")

    def pairs_at(self, step: int) -> tuple[PairCount, ...]:
        """The top pairs when merge ``step`` (0-based) was chosen, chosen first."""
        if not 0 <= step < len(self.top_pairs):
            return ()
        listed = self.top_pairs[step]
        if not listed:
            return ()
        chosen_count = listed[0][2]
        return tuple(PairCount(a, b, c, i == 0, i > 0 and c == chosen_count)
                     for i, (a, b, c) in enumerate(listed))

    def words_at(self, step: int) -> list[WordState]:
        """Each recorded word after ``step`` merges, marking where merge ``step - 1`` made
        its token."""
        out = []
        for text, count, ranks, states in self._words:
            done = bisect_left(ranks, step)
            ids = states[done]
            made = self.merges[step - 1].new_id if step > 0 else -1
            touched = done > 0 and ranks[done - 1] == step - 1
            merged_now = tuple(i for i, t in enumerate(ids) if touched and t == made)
            out.append(WordState(text, count, ids, merged_now))
        return out

    def vocabulary_at(self, step: int) -> list[int]:
        """The ids learned by the first ``step`` merges (base tokens not included), less
        those removed since (Picky BPE), in the order made."""
        made = [m.new_id for m in self.merges[:step]]
        if not self.removals:
            return made
        gone: set[int] = set()
        last: dict[int, int] = {}
        for at, m in enumerate(self.merges[:step]):
            last[m.new_id] = at
        for after, token, _ in self.removals:
            if after <= step and last.get(token, -1) < after:
                gone.add(token)
        return [t for t in dict.fromkeys(made) if t not in gone]

    def removed_after(self, step: int) -> list[tuple[int, tuple[int, ...]]]:
        """Picky BPE: the tokens removed right after merge ``step`` (1-based), with the
        parts each was split into."""
        return [(token, parts) for after, token, parts in self.removals if after == step]

    def chosen_counts(self) -> list[float]:
        return [float(m.count) if m.count is not None else 0.0 for m in self.merges]

    def corpus_lengths(self) -> list[float]:
        """Corpus length in tokens before the first merge and after each."""
        return [float(n) for n in self.record.corpus_tokens]
