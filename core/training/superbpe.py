"""SuperBPE (Liu et al., COLM 2025; seed 000 §8.4): tokens that cross whitespace.

Stage 1 is classic byte-level BPE under the usual pre-tokenizer, up to the transition
vocabulary size *t*. Stage 2 goes on from there on the same texts cut far more coarsely
(:data:`STAGE2_PATTERN`, the authors' current stage-2 split: digit groups of up to three,
runs of two or more punctuation marks, and spaces before spaces; everything between, words
and single spaces included, stays one piece), each piece starting as stage 1's segmentation
of it. Its new merges obey the authors' two rules (``tokenizers-superbpe``'s
``do_train_extend``): no token holds a colon followed by a space, and none holds more than
``max_words`` words (parts between spaces). A text stays one unit: no token crosses from one
training text (a line) into the next.

Where this differs from the authors' code, on purpose: stage 1's merges are applied to each
stage-2 piece by rank (as the saved tokenizer encodes it), not replayed through their queue,
which drops some merges when a pair's positions are overwritten (their issue #12); the
vocabulary always holds the 256 bytes.

Saved as a ``tokenizer.json`` whose pre-tokenizer is stage 2's split followed by ByteLevel:
stock Hugging Face ``tokenizers`` encodes with the same ids (a test).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np

from bpelens.core.messages import Message

from ..errors import ConfigError, TrainingError
from ..fast.gc_pause import gc_paused
from ..models.bpe import BPEModel
from ..pipeline.tokenizer import Tokenizer
from .config import TrainingConfig
from .merge_loop import merge_target
from .pair_index import PairIndex
from .superwords import is_superword, word_count
from .trainer import (
    PROGRESS_SECONDS,
    TRACE_WORDS,
    ClassicLoop,
    TrainingProgress,
    TrainingResult,
    count_pieces,
    iter_training,
)

# The authors' stage-2 split (PythonNut/superbpe, scripts/train_tokenizer.sh, 2025-11).
STAGE2_PATTERN = r"\p{N}{1,3}| ?[^\s\p{L}\p{N}]{2,}[\r\n/]*| +(?!\S)"
DEFAULT_MAX_WORDS = 4
# Stage 2's pieces are nearly whole lines, nearly all distinct: its memory grows with the
# text itself (about 50 bytes per byte), not with the number of distinct words as stage 1's
# does. It learns from this many megabytes at most (every k-th line of a larger corpus).
DEFAULT_STAGE2_MB = 100.0


@dataclass(frozen=True)
class SuperBPEConfig:
    """``transition``: the vocabulary size where stage 2 begins (special tokens counted, as
    in ``vocab_size``); ``max_words``: the most words a stage-2 token may hold."""

    transition: int
    max_words: int = DEFAULT_MAX_WORDS
    pattern: str = STAGE2_PATTERN
    # The most text stage 2 learns from, in megabytes (UTF-8); 0: all of it.
    stage2_mb: float = DEFAULT_STAGE2_MB

    def validate(self, config: TrainingConfig) -> None:
        if config.level != "byte":
            raise ConfigError("SuperBPE trains byte-level BPE: choose level byte")
        low = 256 + len(config.special_tokens)
        if not isinstance(self.transition, int) or not low <= self.transition <= \
                config.vocab_size:
            raise ConfigError(Message(
                "transition {transition!r}: expected a vocabulary size from {low} (the 256 bytes"
                " and the special tokens) to vocab_size ({vocab_size})",
                transition=self.transition, low=low, vocab_size=config.vocab_size))
        if not isinstance(self.max_words, int) or self.max_words < 1:
            raise ConfigError(Message("max_words {max_words!r}: expected a whole number of 1 or "
                                      "more", max_words=self.max_words))
        if isinstance(self.stage2_mb, bool) or not isinstance(self.stage2_mb, int | float) \
                or not self.stage2_mb >= 0:
            raise ConfigError(Message("stage2_mb {stage2_mb!r}: expected megabytes, 0 or more "
                                      "(0: all the text)", stage2_mb=self.stage2_mb))
        replace(config, pretokenizer=self.stage2_pretokenizer).validate()

    @property
    def stage2_pretokenizer(self) -> dict[str, Any]:
        return {"type": "regex", "pattern": self.pattern}

    def to_dict(self) -> dict[str, Any]:
        return {"transition": self.transition, "max_words": self.max_words,
                "pattern": self.pattern, "stage2_mb": self.stage2_mb}

    def stage2_texts(self, texts: list[Any]) -> tuple[list[Any], int, int]:
        """The texts stage 2 learns from: all of them, or every k-th one (the smallest k
        that brings them within ``stage2_mb``); with the bytes used and the bytes in all."""
        sizes = [len((t if isinstance(t, str) else t[0]).encode("utf-8", "surrogatepass"))
                 for t in texts]
        total = sum(sizes)
        budget = int(self.stage2_mb * 1_000_000)
        if not budget or total <= budget:
            return texts, total, total
        step = -(-total // budget)
        return texts[::step], sum(sizes[::step]), total


@dataclass(frozen=True)
class SuperwordStats:
    """What stage 2 of a SuperBPE run learned: where it began (a rank), the tokens it made,
    how many of them hold several words, the pairs its rules refused, and the multi-word
    tokens in the order learned (the most frequent first)."""

    stage_switch: int
    stage2_tokens: int
    superword_tokens: int
    vetoed: int
    expressions: tuple[str, ...]

    def to_json(self, limit: int = 20) -> dict[str, Any]:
        return {"stage_switch": self.stage_switch, "stage2_tokens": self.stage2_tokens,
                "superword_tokens": self.superword_tokens, "vetoed_pairs": self.vetoed,
                "expressions": list(self.expressions[:limit])}


def superword_stats(tokenizer: Tokenizer) -> SuperwordStats | None:
    """The stats of a tokenizer trained with SuperBPE (None for any other)."""
    record = tokenizer.training
    settings = record.config.get("superbpe") if record is not None else None
    model = tokenizer.model
    if not isinstance(settings, dict) or not isinstance(model, BPEModel):
        return None
    switch = int(settings.get("stage_switch", 0))
    made = list(dict.fromkeys(r.new_id for r in model.rules[switch:]))  # distinct tokens
    superwords = [t for t in made if is_superword(model.token_bytes[t])]
    expressions = tuple(model.token_bytes[t].decode("utf-8", "replace") for t in superwords)
    return SuperwordStats(switch, len(made), len(superwords), int(settings.get("vetoed", 0)),
                          expressions)


def report(tokenizer: Tokenizer) -> dict[str, Any] | None:
    """What the command line's summary adds for a SuperBPE run."""
    stats = superword_stats(tokenizer)
    if stats is None:
        return None
    record = tokenizer.training
    settings = record.config.get("superbpe", {}) if record is not None else {}
    extra = {key: settings[key] for key in ("stage2_bytes", "corpus_bytes") if key in settings}
    return stats.to_json() | extra


class SuperwordLoop(ClassicLoop):
    """Stage 2: the classic loop with the authors' two rules on what a new token may be."""

    VETOES = True

    def __init__(self, index: PairIndex, model: BPEModel, target: int, threshold: int,
                 max_words: int, *, first_occurrence: bool = False, trace_top: int = 0) -> None:
        super().__init__(index, model, target, threshold, first_occurrence=first_occurrence,
                         trace_top=trace_top)
        self.max_words = max_words
        self.vetoes = 0

    def vetoed(self, left: int, right: int) -> bool:
        table = self.model.token_bytes
        data = table[left] + table[right]
        if b": " in data or word_count(data) > self.max_words:
            self.vetoes += 1
            return True
        return False


def iter_superbpe_training(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, superbpe: SuperBPEConfig,
    *, trace_top: int = 0,
) -> Iterator[TrainingProgress]:
    """Train SuperBPE, yielding progress (stage 1's, then stage 2's, in one count of merges);
    the last item is ``phase="done"`` with the result. Stop iterating to cancel."""
    config.validate()
    superbpe.validate(config)
    texts = list(corpus)  # read twice: once per stage
    stage1 = replace(config, vocab_size=superbpe.transition)
    first: TrainingResult | None = None
    total = config.vocab_size - len(config.special_tokens) - 256
    for progress in iter_training(texts, stage1, trace_top=trace_top):
        if progress.result is not None:
            first = progress.result
            break
        yield replace(progress, total=total) if progress.phase == "merging" else progress
    assert first is not None
    model = first.tokenizer.model
    assert isinstance(model, BPEModel)
    stage1_merges = len(model.rules)

    stage2 = replace(config, pretokenizer=superbpe.stage2_pretokenizer)
    sample, used, total_bytes = superbpe.stage2_texts(texts)
    del texts
    yield TrainingProgress("counting", 0, 0)
    with gc_paused():
        piece_counts, denominator = count_pieces(sample, stage2)
    del sample
    if not piece_counts:
        raise TrainingError("the corpus has no text to learn from")
    pieces = list(piece_counts)
    with gc_paused():
        words = ["".join(map(chr, model.encode_piece(p))) for p in pieces]
    yield TrainingProgress("counting", len(pieces), len(pieces))
    target = merge_target(config.vocab_size, 256, len(config.special_tokens), config.level)
    threshold = max(1, math.ceil(Fraction(config.min_frequency) * denominator))
    with gc_paused():
        index = PairIndex(words, list(piece_counts.values()),
                          max(1, (target - 1).bit_length()), model.vocab_size)
    loop = SuperwordLoop(index, model, target, threshold, superbpe.max_words,
                         first_occurrence=config.tie_break == "first_occurrence",
                         trace_top=trace_top)
    done = model.vocab_size - 256
    yield TrainingProgress("merging", done, total)
    while True:
        with gc_paused():
            stop = loop.run(PROGRESS_SECONDS)
        yield TrainingProgress("merging", model.vocab_size - 256, total)
        if stop is not None:
            break
    yield TrainingProgress("done", total, total,
                           _result(first, loop, config, superbpe, stage1_merges, pieces,
                                   denominator, (used, total_bytes)))


def _result(first: TrainingResult, loop: SuperwordLoop, config: TrainingConfig,
            superbpe: SuperBPEConfig, stage1_merges: int, pieces: list[str],
            denominator: int, stage2_bytes: tuple[int, int]) -> TrainingResult:
    """Both stages' merges in one tokenizer, whose pre-tokenizer is stage 2's; the record
    joins both stages' counts and traces and says where stage 2 began."""
    model = loop.model
    index = loop.index
    assert index is not None and loop.stop is not None

    def exact(count: int) -> int | Fraction:
        return count if denominator == 1 else Fraction(count, denominator)

    special_ids = {s: model.vocab_size + i for i, s in enumerate(config.special_tokens)}
    tokenizer = Tokenizer(model, normalizer=config.normalizer,
                          pretokenizer=superbpe.stage2_pretokenizer, special_tokens=special_ids)
    before = first.record
    settings = config.to_dict() | {"algorithm": "superbpe", "superbpe": superbpe.to_dict()
                                   | {"stage_switch": stage1_merges,
                                      "stage1_stop_reason": before.stop_reason,
                                      "stage1_pretokenizer": config.pretokenizer,
                                      "vetoed": loop.vetoes,
                                      "stage2_bytes": stage2_bytes[0],
                                      "corpus_bytes": stage2_bytes[1]}}
    record = replace(
        before,
        merge_counts=before.merge_counts + tuple(exact(m.count) for m in loop.merges),
        stop_reason=loop.stop, distinct_pieces=len(pieces), config=settings,
    )
    if loop.trace_top:
        record = replace(
            record,
            top_pairs=before.top_pairs + tuple(
                tuple((left, right, exact(c)) for left, right, c in step)
                for step in loop.top_raw),
            # Stage 2 starts from its own cut of the text: its first length is left out, so
            # the curve has one point per merge.
            corpus_tokens=before.corpus_tokens + tuple(map(exact, loop.tokens_raw[1:])),
            # Stage 2's pieces, where superwords form (stage 1's are single words). A stable
            # sort keeps equal counts in first-seen order.
            words=tuple((pieces[i], exact(index.counts[i])) for i in np.argsort(
                -index.count_array, kind="stable")[:TRACE_WORDS].tolist()),
        )
    tokenizer.training = record
    return TrainingResult(tokenizer, record, config)


def start(corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig,
          options: Mapping[str, Any], trace_top: int) -> Iterator[TrainingProgress]:
    """SuperBPE as the trainer registry runs it."""
    return iter_superbpe_training(corpus, config, SuperBPEConfig(
        int(options["transition"]), max_words=int(options["max_words"]),
        stage2_mb=float(options["stage2_mb"])), trace_top=trace_top)


def train_superbpe(corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig,
                   superbpe: SuperBPEConfig, *, trace_top: int = 0) -> TrainingResult:
    """Run :func:`iter_superbpe_training` to the end and return its result."""
    for progress in iter_superbpe_training(corpus, config, superbpe, trace_top=trace_top):
        if progress.result is not None:
            return progress.result
    raise TrainingError("training ended without a result")
