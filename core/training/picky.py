"""Picky BPE training (Chizhov et al., EMNLP 2024; seed 000 §8): BPE that removes the
tokens its merges made redundant.

After the merge of x1 + x2 into x12, which replaced the pair f times (weighted), each of x1
and x2 (once when they are the same token) loses those occurrences: f, or 2f for x + x. A
merged token x — never a base symbol — is then removed when its Intersection over Self,
f / (occurrences of x left + f), is above the threshold τ: nearly every x went into x12.
Each occurrence left is split into x's parts (the two tokens it was made of, and through
those removed since, theirs), whose counts grow by x's. The vocabulary loses x; training
goes on until the tokens present reach the target size. A later merge that makes x again
brings it back, with its id. With τ = 1 nothing is ever removed: classic BPE.

These are the rules of the authors' trainer (pchizhov/picky_bpe, ``bpe_trainer.py``: the
check of x1 before x2, and x2's count including what removing x1 gave back). Where this
differs, on purpose: ties go to the smallest (left id, right id) as in the other trainers
(theirs to the pair a Counter saw first), characters are not dropped for coverage, and the
vocabulary size counts the tokens present (theirs also counts a merge into a token that
already exists).

The result is a :class:`~bpelens.core.models.picky_bpe.PickyBPEModel`, saved in BPE Lens's
own format; tokenizer.json cannot say "remove" and is refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from bpelens.core.messages import Message

from ..errors import ConfigError, TrainingError
from ..models.bpe import BPEModel
from ..models.picky_bpe import PickyBPEModel, Removal
from ..pipeline.tokenizer import Tokenizer
from .config import TrainingConfig
from .pair_index import MAX_ID, PairIndex, removed_by
from .trainer import (
    ClassicLoop,
    TrainingProgress,
    TrainingResult,
    classic_result,
    iter_loop_training,
)

DEFAULT_THRESHOLD = 0.9
# Merges allowed per token of the target beyond the base: removals and restores can, in
# principle, cycle; a run that reaches this many merges stops with reason "merges".
MERGES_PER_TOKEN = 4


class PickyLoop(ClassicLoop):
    """The classic loop; after each merge, the authors' removal check of its two tokens."""

    def __init__(self, index: PairIndex, model: BPEModel, target: int, threshold: int,
                 tau: float, *, first_occurrence: bool = False, trace_top: int = 0) -> None:
        super().__init__(index, model, target, threshold, first_occurrence=first_occurrence,
                         trace_top=trace_top)
        self.tau = tau
        self.limit = merge_limit(model.vocab_size, target)
        base = model.base_size
        self.present = base
        self.removed: set[int] = set()
        self.removals: list[Removal] = []
        # Occurrences of each token in the pieces (weighted), and where the merged ones are.
        self.occurrences = _occurrences(index, model.vocab_size)
        self.holders_of: dict[int, set[int]] = {}
        self._replaced = 0

    @property
    def tokens(self) -> int:
        return self.present

    def finished(self) -> str | None:
        if self.present >= self.target:
            return "vocab_size"
        return "merges" if len(self.merges) >= self.limit else None

    def make(self, left: int, right: int) -> int:
        size = self.model.vocab_size
        new = self.model.merge_pair(left, right).new_id
        if new == size:
            self.occurrences.append(0)
            self.present += 1
        elif new in self.removed:  # made again: back in the vocabulary
            self.removed.discard(new)
            self.present += 1
        return new

    def chosen(self, pair: str, count: int, index: PairIndex) -> None:
        super().chosen(pair, count, index)
        self._replaced = removed_by(index, pair)

    def apply(self, pair: str, new: str) -> None:
        index = self.index
        assert index is not None
        words = index.words
        gained = [w for w in index.holders(pair) if pair in words[w]]
        f = self._replaced
        index.merge(pair, new)
        made = ord(new)
        self.holders_of.setdefault(made, set()).update(gained)
        occurrences = self.occurrences
        occurrences[made] += f
        left, right = ord(pair[0]), ord(pair[1])
        if left == right:
            occurrences[left] -= 2 * f
            self._remove_if_redundant(left, f)
        else:
            for token in (left, right):
                occurrences[token] -= f
                self._remove_if_redundant(token, f)

    def _remove_if_redundant(self, token: int, f: int) -> None:
        if token < self.model.base_size or token in self.removed:
            return
        left_over = self.occurrences[token]
        if f / (left_over + f) <= self.tau:
            return
        self.removed.add(token)
        self.present -= 1
        parts = self._parts(token)
        pieces = sorted(self.holders_of.pop(token, ()))
        index = self.index
        assert index is not None
        gained = index.split(token, parts, pieces)
        for part in parts:
            self.occurrences[part] += left_over
            if part >= self.model.base_size:
                self.holders_of.setdefault(part, set()).update(pieces)
        self.occurrences[token] = 0
        if self.trace_top:
            self.tokens_raw[-1] += gained
        self.removals.append((len(self.merges), token, tuple(parts)))

    def _parts(self, token: int) -> list[int]:
        """The two tokens ``token`` was first made of, each replaced by its own parts while
        it is removed (the authors' ``walk``)."""
        rule = self.model.built_by(token)
        assert rule is not None
        parts: list[int] = []
        for child in (rule.left_id, rule.right_id):
            if child in self.removed:
                parts.extend(self._parts(child))
            else:
                parts.append(child)
        return parts


def merge_limit(base_size: int, target: int) -> int:
    """The most merges a run may make (every merge may make an id: they must fit)."""
    return min(MERGES_PER_TOKEN * max(1, target - base_size) + 16, MAX_ID + 1 - base_size)


def _occurrences(index: PairIndex, size: int) -> list[int]:
    """How often each token occurs in the pieces, weighted by their counts."""
    if index.count_array.dtype == object:  # counts beyond int64
        found = [0] * size
        for word, count in zip(index.words, index.counts, strict=True):
            for ch in word:
                found[ord(ch)] += count
        return found
    lengths = np.fromiter(map(len, index.words), dtype=np.int64, count=len(index.words))
    flat = np.frombuffer("".join(index.words).encode("utf-32-le", "surrogatepass"),
                         dtype=np.uint32)
    totals = np.zeros(size, dtype=np.int64)
    np.add.at(totals, flat.astype(np.int64), np.repeat(index.count_array, lengths))
    return totals.tolist()


def iter_picky_training(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, tau: float, *,
    trace_top: int = 0,
) -> Iterator[TrainingProgress]:
    """Train Picky BPE, yielding progress; the last item is ``phase="done"`` with the
    result. Stop iterating to cancel."""
    config.validate()
    if isinstance(tau, bool) or not isinstance(tau, int | float) or not 0 < tau <= 1:
        raise ConfigError(Message("the IoS threshold {tau!r}: expected a number above 0 and at "
                                  "most 1 (1: nothing is removed, classic BPE)", tau=tau))

    def start_loop(words: list[str], counts: list[int], model: BPEModel, target: int,
                   threshold: int) -> PickyLoop:
        # Ids can pass the target (removed tokens keep theirs): room for every merge allowed.
        largest = model.vocab_size + merge_limit(model.vocab_size, target) - 1
        index = PairIndex(words, counts, max(1, largest.bit_length()), model.vocab_size)
        return PickyLoop(index, model, target, threshold, float(tau),
                         first_occurrence=config.tie_break == "first_occurrence",
                         trace_top=trace_top)

    def finish(loop: PickyLoop, config: TrainingConfig, pieces: list[str],
               denominator: int) -> TrainingResult:
        return _picky_result(loop, config, pieces, denominator, float(tau))

    yield from iter_loop_training(corpus, config, start_loop, finish)


def _picky_result(loop: PickyLoop, config: TrainingConfig, pieces: list[str],
                  denominator: int, tau: float) -> TrainingResult:
    classic = classic_result(loop, config, pieces, denominator)
    model = PickyBPEModel(loop.model, loop.removals, tau)
    tokenizer = Tokenizer(model, normalizer=config.normalizer, pretokenizer=config.pretokenizer,
                          special_tokens=dict(classic.tokenizer.specials.ids))
    record = replace(classic.record, config=classic.record.config | {
        "algorithm": "picky", "picky": {"threshold": tau, "removals": len(loop.removals)}})
    tokenizer.training = record
    return TrainingResult(tokenizer, record, config)


def report(tokenizer: Tokenizer, limit: int = 20) -> dict[str, Any] | None:
    """What the command line's summary adds for a Picky BPE run: the removals, the tokens
    left, and the first tokens removed (and not brought back) as text."""
    model = tokenizer.model
    if not isinstance(model, PickyBPEModel):
        return None
    gone = [t for t in dict.fromkeys(t for _, t, _ in model.removals) if model.removed(t)]
    return {"removals": len(model.removals), "tokens_present": model.entry_count,
            "removed_tokens": len(gone),
            "removed": [model.token_label(t) for t in gone[:limit]]}


def start(corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig,
          options: Mapping[str, Any], trace_top: int) -> Iterator[TrainingProgress]:
    """Picky BPE as the trainer registry runs it."""
    return iter_picky_training(corpus, config, float(options["ios_threshold"]),
                               trace_top=trace_top)


def train_picky(corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig,
                tau: float = DEFAULT_THRESHOLD, *, trace_top: int = 0) -> TrainingResult:
    """Run :func:`iter_picky_training` to the end and return its result."""
    for progress in iter_picky_training(corpus, config, tau, trace_top=trace_top):
        if progress.result is not None:
            return progress.result
    raise TrainingError("training ended without a result")
