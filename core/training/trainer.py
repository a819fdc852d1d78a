"""Training BPE: count adjacent pairs, merge the most frequent, repeat (seed 000 §1).

* Pairs are counted inside each pre-token piece, weighted by how often the piece occurs (and
  by its text's exact weight), overlapping occurrences included: ``aaa`` has a+a twice.
* The most frequent pair wins; ties go to the smallest (left id, right id), or, with
  ``tie_break="first_occurrence"``, to the pair seen first in corpus order (seed 001's code).
* The pair is replaced left to right without overlap; the new token gets the next id (or
  the id of an existing token with the same bytes, as HF's trainer does).
* Training stops at the target vocabulary size, or when the best pair's count is below
  ``min_frequency`` (default 2: a pair seen once shortens nothing but the text it came from).

Counting is here; the loop is :mod:`.merge_loop`'s, over a :class:`~.pair_index.PairIndex`.
With ``trace_top`` the playback trace is read off the same state as each merge is chosen.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from itertools import chain
from typing import Any, Literal, TypeVar

import numpy as np

from bpelens.core.messages import Message

from ..analysis.parallel_counts import WorkerPool
from ..errors import ConfigError, TrainingError
from ..fast.gc_pause import gc_paused
from ..models.bpe import BPEModel
from ..models.merges import MergeRule
from ..pipeline.added_tokens import SpecialTokens
from ..pipeline.normalizers.base import make_normalizer
from ..pipeline.pre_tokenizers.base import make_pretokenizer
from ..pipeline.tokenizer import Tokenizer
from ..text.units import clean_surrogates, find_lone_surrogates
from .config import StopReason, TrainingConfig
from .corpus import parse_weight
from .merge_loop import MergeLoop, leading_pairs, merge_target
from .pair_index import PairIndex, removed_by, total_length
from .record import TrainingRecord


@dataclass(frozen=True)
class TrainingResult:
    """The trained tokenizer and the settings; the rest is the tokenizer's own record (the
    same object as ``tokenizer.training``, saved with it)."""

    tokenizer: Tokenizer
    record: TrainingRecord
    config: TrainingConfig

    @cached_property
    def merges(self) -> tuple[MergeRule, ...]:
        """Each merge learned, with the count it had."""
        return self.record.merges(self.tokenizer.model.rules)

    @property
    def stop_reason(self) -> StopReason:
        return self.record.stop_reason  # type: ignore[return-value]

    @property
    def distinct_pieces(self) -> int:
        return self.record.distinct_pieces or 0


@dataclass(frozen=True)
class TrainingProgress:
    """One progress report; the last one has ``phase == "done"`` and carries the result."""

    phase: Literal["counting", "merging", "done"]
    done: int
    total: int
    result: TrainingResult | None = field(default=None, repr=False)
    # Training by language: per merge since the last report, each language's dev-set token
    # total after it, and the language that chose it (-1: the summed counts).
    dev_tokens: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    chosen: tuple[int, ...] = field(default=(), repr=False)


_BATCH = 4096
T = TypeVar("T")
# How often training reports progress (and can be cancelled): often enough for a progress
# bar, seldom enough that the cyclic collector, paused in between, rarely runs.
PROGRESS_SECONDS = 0.05


def _batches(corpus: Iterable[str | tuple[str, Any]]) -> Iterator[tuple[Fraction, list[str]]]:
    """Consecutive texts of equal weight, in batches, so counting runs in C per batch."""
    one = Fraction(1)
    weight, batch = one, []
    for index, unit in enumerate(corpus):
        if isinstance(unit, str):
            text, w = unit, one
        elif isinstance(unit, tuple) and len(unit) == 2 and isinstance(unit[0], str):
            text = unit[0]
            w = parse_weight(unit[1], where=f"weight of training text {index}")
        else:
            raise TrainingError(
                Message("training text {index} must be a string or a (text, weight) pair, not "
                        "{unit!r}", index=index, unit=unit)
            )
        if (w is not weight and w != weight) or len(batch) >= _BATCH:
            if batch:
                yield weight, batch
            weight, batch = w, []
        batch.append(text)
    if batch:
        yield weight, batch


class _PieceCounting:
    """What counting pieces needs, built once per process from the settings: the
    normalizer, the pre-tokenizer's split and the special tokens cut out."""

    def __init__(self, config: TrainingConfig) -> None:
        self.normalizer = make_normalizer(config.normalizer)
        self.split = make_pretokenizer(config.pretokenizer).split_fast
        self.specials = SpecialTokens({s: i for i, s in enumerate(config.special_tokens)})

    def pieces(self, texts: list[str]) -> Iterator[str]:
        """The pieces of a batch of texts, in order."""
        specials = self.specials
        if len(specials):
            texts = [
                text[s:e] for text in texts for s, e, sid in specials.split(text) if sid is None
            ]
        if find_lone_surrogates("".join(texts)):
            texts = [clean_surrogates(text)[0] for text in texts]
        if self.normalizer.kind != "none":
            texts = list(map(self.normalizer.normalize_str, texts))
        return chain.from_iterable(map(self.split, texts))


def count_pieces(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, *, jobs: int | None = None
) -> tuple[dict[str, int], int]:
    """Distinct pieces in first-seen order with integer counts, and the common denominator.

    A piece's count is the sum of the weights of the texts it occurs in, scaled by the least
    common multiple of the weights' denominators so that it is an exact integer. Special
    token strings in the texts are cut out (never learned); lone surrogates become U+FFFD.

    ``jobs`` (None: :func:`counting_jobs`'s): a corpus of ``MIN_PARALLEL_COUNT_CHARS``
    characters or more is counted by that many worker processes, the same counts in the same
    order.
    """
    jobs = _JOBS.get() if jobs is None else jobs
    counting = _PieceCounting(config)
    by_weight: dict[Fraction, Counter[str]] = {}
    # A counter lists its keys in first-seen order; which keys each batch added to which
    # counter gives the order across weights, without listing the pieces a second time.
    arrivals: list[tuple[Fraction, int, int]] = []

    def add(weight: Fraction, pieces: Iterable[str] | Mapping[str, int]) -> None:
        counter = by_weight.setdefault(weight, Counter())
        known = len(counter)
        counter.update(pieces)
        if len(counter) > known:
            arrivals.append((weight, known, len(counter)))

    batches = _batches(corpus)
    if jobs > 1:
        # Read ahead, not counting yet, until the corpus proves large enough to pay for
        # starting workers (at most that much text held). Then they count it all, chunk by
        # chunk, and each chunk's counts (its pieces in first-seen order) are added in the
        # corpus's order, which gives the order and the counts one process gives.
        ahead: deque[tuple[Fraction, list[str]]] = deque()
        read = 0
        for weight, texts in batches:
            ahead.append((weight, texts))
            read += sum(map(len, texts))
            if read >= MIN_PARALLEL_COUNT_CHARS:
                break
        if read >= MIN_PARALLEL_COUNT_CHARS:
            given = chain(_drained(ahead), batches)
            for weight, counts in _counted_in_workers(given, config, jobs, counting):
                add(weight, counts)
        batches = _drained(ahead)  # (what is left: a small corpus, counted here)
    for weight, texts in batches:
        add(weight, counting.pieces(texts))
    denominator = math.lcm(*(w.denominator for w in by_weight)) if by_weight else 1
    if len(by_weight) == 1:
        ((weight, counter),) = by_weight.items()
        scale = int(weight * denominator)
        if scale == 1:
            return dict(counter), denominator
        return {p: c * scale for p, c in counter.items()}, denominator
    keys = {weight: list(counter) for weight, counter in by_weight.items()}
    totals: dict[str, int] = {}
    for weight, start, end in arrivals:
        totals.update(dict.fromkeys(keys[weight][start:end], 0))  # a key seen before stays
    for weight, counter in by_weight.items():
        scale = int(weight * denominator)
        for piece, c in counter.items():
            totals[piece] += c * scale
    return totals, denominator


# Counting by worker processes. The share of training it is (0.6 s of 3.4 s for 10 MB at 8k
# merges) caps what they save, and this process still reads, sends and adds up every chunk
# (a third of what counting here costs, measured on 7 M characters): below this many
# characters they would not pay for starting.
MIN_PARALLEL_COUNT_CHARS = 16 << 20
CHUNK_CHARS = 1 << 20  # text sent in one task (batches of one weight)
_JOBS: ContextVar[int] = ContextVar("counting_jobs", default=1)


@contextmanager
def counting_jobs(jobs: int) -> Iterator[None]:
    """Within the block, training counts a large corpus's pieces in ``jobs`` worker
    processes (every trainer: the processes are the caller's choice, not a setting of the
    run, which they never change)."""
    token = _JOBS.set(max(1, jobs))
    try:
        yield
    finally:
        _JOBS.reset(token)


def _counted_in_workers(batches: Iterator[tuple[Fraction, list[str]]], config: TrainingConfig,
                        jobs: int, counting: _PieceCounting
                        ) -> Iterator[tuple[Fraction, Mapping[str, int] | Iterable[str]]]:
    """The rest of ``batches`` as (weight, counts) in the corpus's order: chunks counted by
    worker processes (read from ``batches`` only as they take them), or here from the first
    chunk they could not count (the workers did not start)."""
    sent: deque[tuple[Fraction, list[list[str]]]] = deque()  # chunks out, oldest first

    def chunks() -> Iterator[tuple[Fraction, list[list[str]]]]:
        weight, chunk, size = Fraction(1), [], 0
        for w, texts in batches:
            if chunk and (w != weight or size >= CHUNK_CHARS):
                yield weight, chunk
                chunk, size = [], 0
            weight = w
            chunk.append(texts)
            size += sum(map(len, texts))
        if chunk:
            yield weight, chunk

    def tasks(source: Iterator[tuple[Fraction, list[list[str]]]]
              ) -> Iterator[tuple[list[list[str]]]]:
        for weight, chunk in source:
            sent.append((weight, chunk))
            yield (chunk,)

    source = chunks()
    pool = WorkerPool(jobs, _set_up_counting, (config,))
    try:
        for counts in pool.ordered(_count_chunk, tasks(source)):
            weight, _ = sent.popleft()
            yield weight, counts
        return
    except BrokenProcessPool:
        pass  # counted here: the chunks sent and not counted, then the rest
    finally:
        pool.close()
    for weight, chunk in chain(sent, source):
        for texts in chunk:
            yield weight, counting.pieces(texts)


def _drained(items: deque[T]) -> Iterator[T]:
    """The items, each let go of as it is given."""
    while items:
        yield items.popleft()


_WORKER_COUNTING: tuple[TrainingConfig, _PieceCounting] | None = None


def _set_up_counting(config: TrainingConfig) -> None:
    global _WORKER_COUNTING
    _WORKER_COUNTING = (config, _PieceCounting(config))


def _count_chunk(chunk: list[list[str]]) -> dict[str, int]:
    """A worker's task: the pieces of a chunk's batches with their counts, first seen
    first."""
    assert _WORKER_COUNTING is not None
    counting = _WORKER_COUNTING[1]
    counter: Counter[str] = Counter()
    for texts in chunk:
        counter.update(counting.pieces(texts))
    return dict(counter)


def _count_lines(lines: Sequence[str]) -> dict[str, int]:
    """A worker's task: :func:`count_pieces` of lines of weight 1."""
    assert _WORKER_COUNTING is not None
    return count_pieces(lines, _WORKER_COUNTING[0], jobs=1)[0]


def counted_chunks(chunks: Sequence[Sequence[str]], config: TrainingConfig,
                   jobs: int | None = None) -> Iterator[dict[str, int]]:
    """``count_pieces(chunk, config)[0]`` of each chunk of lines (weight 1), in order; by
    ``jobs`` worker processes (None: :func:`counting_jobs`'s) when the chunks hold
    ``MIN_PARALLEL_COUNT_CHARS`` characters or more (stop iterating to stop them)."""
    jobs = _JOBS.get() if jobs is None else jobs
    given = 0
    if jobs > 1 and sum(len(line) for chunk in chunks for line in chunk) >= \
            MIN_PARALLEL_COUNT_CHARS:
        pool = WorkerPool(min(jobs, len(chunks)), _set_up_counting, (config,))
        try:
            for counts in pool.ordered(_count_lines, [(chunk,) for chunk in chunks]):
                yield counts
                given += 1
        except BrokenProcessPool:
            pass  # counted here from the first chunk the workers did not give
        finally:
            pool.close()
    for chunk in chunks[given:]:
        with gc_paused():
            counts = count_pieces(chunk, config, jobs=1)[0]
        yield counts


# How many of the most frequent pieces a traced training keeps (playback's word chips).
TRACE_WORDS = 200

def _base_words(pieces: list[str], config: TrainingConfig) -> tuple[BPEModel, list[str]]:
    """The base model and each piece as a string of base-token characters."""
    if config.level == "byte":
        model = BPEModel(level="byte", byte_order=config.byte_order)
        if config.byte_order == "value":
            return model, [p.encode("utf-8").decode("latin-1") for p in pieces]
        table = bytes(model.byte_id(b) for b in range(256))
        return model, [p.encode("utf-8").translate(table).decode("latin-1") for p in pieces]
    alphabet = sorted(set().union(*pieces))
    model = BPEModel(
        level="char", alphabet=alphabet, end_of_word=config.end_of_word,
        byte_fallback=config.byte_fallback,
    )
    mapping = {ord(ch): chr(model.char_id(ch) or 0) for ch in alphabet}
    tail = chr(model.end_of_word_id) if model.end_of_word_id is not None else ""
    return model, [p.translate(mapping) + tail for p in pieces]


class ClassicLoop(MergeLoop):
    """One index over all pieces; stops when the model reaches its target size (a merge that
    spells an existing token adds none). With ``trace_top`` it records what playback shows
    as each merge is chosen."""

    def __init__(self, index: PairIndex, model: BPEModel, target: int, threshold: int, *,
                 first_occurrence: bool = False, trace_top: int = 0) -> None:
        super().__init__(index, threshold, target - model.vocab_size,
                         first_occurrence=first_occurrence)
        self.model = model
        self.target = target
        self.trace_top = trace_top
        # The trace, in the index's integer counts.
        self.top_raw: list[tuple[tuple[int, int, int], ...]] = []
        self.tokens_raw: list[int] = [total_length(index)] if trace_top else []

    @property
    def tokens(self) -> int:
        """The tokens in the vocabulary so far (base included)."""
        return self.model.vocab_size

    def finished(self) -> str | None:
        return "vocab_size" if self.tokens >= self.target else None

    def chosen(self, pair: str, count: int, index: PairIndex) -> None:
        if self.trace_top:
            self.top_raw.append(leading_pairs(pair, count, self.trace_top, index))
            self.tokens_raw.append(self.tokens_raw[-1] - removed_by(index, pair))

    def make(self, left: int, right: int) -> int:
        return self.model.merge_pair(left, right).new_id


def iter_training(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, *, trace_top: int = 0
) -> Iterator[TrainingProgress]:
    """Train, yielding progress; the last item is ``phase="done"`` with the result.

    Stop iterating to cancel. ``corpus`` holds texts, or ``(text, weight)`` pairs with exact
    weights (int, Fraction, or a string such as ``"1/3"``). With ``trace_top=K`` the record
    also keeps, for each merge, the K leading pairs when it was chosen, the corpus length in
    tokens, and the most frequent pieces (:class:`TrainingRecord`); the merges are the same.
    """
    config.validate()
    if type(trace_top) is not int or trace_top < 0:
        raise ConfigError(Message("trace_top must be a non-negative integer, not {trace_top!r}",
                                  trace_top=trace_top))

    def start_loop(words: list[str], counts: list[int], model: BPEModel, target: int,
                   threshold: int) -> ClassicLoop:
        index = PairIndex(words, counts, max(1, (target - 1).bit_length()), model.vocab_size)
        return ClassicLoop(index, model, target, threshold,
                           first_occurrence=config.tie_break == "first_occurrence",
                           trace_top=trace_top)

    yield from iter_loop_training(corpus, config, start_loop, classic_result)


def iter_loop_training(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig,
    start_loop: Callable[[list[str], list[int], BPEModel, int, int], ClassicLoop],
    finish: Callable[[Any, TrainingConfig, list[str], int], TrainingResult],
) -> Iterator[TrainingProgress]:
    """What every trainer of one corpus does around its loop: count the pieces, spell them
    in base tokens, check the vocabulary size, then run ``start_loop(words, counts, model,
    target size, threshold)`` with progress until it stops, and ``finish(loop, config,
    pieces, denominator)`` the result."""
    yield TrainingProgress("counting", 0, 0)
    with gc_paused():
        piece_counts, denominator = count_pieces(corpus, config)
    if not piece_counts:
        raise TrainingError("the corpus has no text to learn from")
    yield TrainingProgress("counting", len(piece_counts), len(piece_counts))

    pieces = list(piece_counts)
    with gc_paused():
        model, words = _base_words(pieces, config)
    base_size = model.vocab_size
    target = merge_target(config.vocab_size, base_size, len(config.special_tokens), config.level)
    threshold = max(1, math.ceil(Fraction(config.min_frequency) * denominator))
    with gc_paused():
        loop = start_loop(words, list(piece_counts.values()), model, target, threshold)
    total = target - base_size
    yield TrainingProgress("merging", 0, total)
    while True:
        with gc_paused():
            stop = loop.run(PROGRESS_SECONDS)
        yield TrainingProgress("merging", min(total, loop.tokens - base_size), total)
        if stop is not None:
            break
    yield TrainingProgress("done", total, total, finish(loop, config, pieces, denominator))


def start(corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig,
          options: Mapping[str, Any], trace_top: int) -> Iterator[TrainingProgress]:
    """Classic BPE as the trainer registry runs it (it has no options of its own)."""
    return iter_training(corpus, config, trace_top=trace_top)


def classic_result(loop: ClassicLoop, config: TrainingConfig, pieces: list[str],
                   denominator: int) -> TrainingResult:
    """The tokenizer a classic loop trained, with its record (and trace, if it kept one)."""
    model, index = loop.model, loop.index
    assert index is not None and loop.stop is not None

    def exact(count: int) -> int | Fraction:
        return count if denominator == 1 else Fraction(count, denominator)

    special_ids = {s: model.vocab_size + i for i, s in enumerate(config.special_tokens)}
    tokenizer = Tokenizer(
        model, normalizer=config.normalizer, pretokenizer=config.pretokenizer,
        special_tokens=special_ids,
    )
    record = TrainingRecord(tuple(exact(m.count) for m in loop.merges), loop.stop, len(pieces),
                            config.to_dict())
    if loop.trace_top:
        # A stable sort keeps equal counts in first-seen order (the order of the pieces).
        top = np.argsort(-index.count_array, kind="stable")[:TRACE_WORDS].tolist()
        record = replace(
            record,
            top_pairs=tuple(loop.top_raw) if denominator == 1 else tuple(
                tuple((left, right, exact(c)) for left, right, c in step)
                for step in loop.top_raw),
            corpus_tokens=tuple(map(exact, loop.tokens_raw)),
            words=tuple((pieces[i], exact(index.counts[i])) for i in top),
        )
    tokenizer.training = record
    return TrainingResult(tokenizer, record, config)


def train(
    corpus: Iterable[str | tuple[str, Any]], config: TrainingConfig, *, trace_top: int = 0
) -> TrainingResult:
    """Run :func:`iter_training` to the end and return its result."""
    for progress in iter_training(corpus, config, trace_top=trace_top):
        if progress.result is not None:
            return progress.result
    raise TrainingError("training ended without a result")  # iter_training always yields one
