"""One tokenizer's counts over a corpus on every core: batches of sentences encoded by worker
processes, the same counts as one process gives, bit for bit.

A worker opens the tokenizer itself, from the file it came from (its disk cache makes that
quick), once: the tokenizer never travels with a task. Each task is a batch of sentences;
what comes back is small — the tokens of each sentence and how often each id was used — and
is put together in the batches' order. A tokenizer that cannot be opened again in a worker
(built in memory, a file changed since) is counted in this process, as before; so is a
corpus too small to pay for starting the workers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import TypeVar

import numpy as np

from ..errors import BpeLensError
from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer

# Below this many characters in all, starting workers (a second each) costs more than it saves.
MIN_PARALLEL_CHARS = 4 << 20
# Batches sent ahead per worker: enough to keep each busy, few enough that results stream.
AHEAD = 3
PROBE = "Hello, world! 東京 naïve 123 🙂\n  x"
# Below this many tokens an audit is done here: starting workers would cost more.
MIN_PARALLEL_AUDIT = 50_000
T = TypeVar("T")


@dataclass(frozen=True)
class Recipe:
    """How a worker opens the same tokenizer, and what it must encode ``PROBE`` to."""

    path: str
    encoding: str | None
    pattern: str | None
    probe: tuple[int, ...]


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def recipe_of(tokenizer: Tokenizer) -> Recipe | None:
    """The way back to ``tokenizer`` from its file, or None (no file, or not the same)."""
    origin = tokenizer.source
    if origin is None or not origin.path or not Path(origin.path).exists():
        return None
    pattern = None
    if origin.format == "tiktoken" and origin.encoding is None:
        pattern = getattr(tokenizer.pretokenizer, "pattern", None)
    try:
        probe = tuple(tokenizer.encode_ids(PROBE, special="none"))
    except BpeLensError:
        return None  # (a character-level vocabulary without these characters): work here
    return Recipe(origin.path, origin.encoding, pattern, probe)


_WORKER: Tokenizer | None = None


def _open_in_worker(recipe: Recipe, expect_chars: int) -> None:
    global _WORKER
    from ..formats.detect import open_tokenizer

    tokenizer = open_tokenizer(recipe.path, encoding=recipe.encoding, pattern=recipe.pattern)
    if tuple(tokenizer.encode_ids(PROBE, special="none")) != recipe.probe:
        raise RuntimeError("the tokenizer opened again encodes otherwise")
    # Its share of the corpus comes in batches: what merging a batch's new pieces together
    # needs is built now, as one process counting everything would.
    tokenizer.expect_text(expect_chars)
    _WORKER = tokenizer


def _count_batch(texts: list[str], special: SpecialMode, add_special_tokens: bool
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Tokens per sentence, and the ids used with how often (a worker's task)."""
    assert _WORKER is not None
    encoded = _WORKER.encode_batch_ids(texts, special=special,
                                       add_special_tokens=add_special_tokens)
    lengths = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded))
    ids = np.fromiter((i for row in encoded for i in row), dtype=np.int64,
                      count=int(lengths.sum()))
    used, counts = np.unique(ids, return_counts=True)
    return lengths, used, counts


@dataclass
class BatchCounts:
    """What a batch gave: its sentences' token counts and its ids' uses."""

    lengths: np.ndarray
    used: np.ndarray
    counts: np.ndarray


class TokenizerPool:
    """Worker processes holding one tokenizer; closed (its pending tasks dropped) on exit.
    A task is a function of this module and its arguments; the worker's tokenizer is
    ``_WORKER``."""

    def __init__(self, recipe: Recipe, jobs: int, total_chars: int = 0, *,
                 start_now: bool = False) -> None:
        self.executor = ProcessPoolExecutor(
            max_workers=jobs, mp_context=get_context("spawn"), initializer=_open_in_worker,
            initargs=(recipe, total_chars // jobs))
        self.jobs = jobs
        if start_now:
            # A process starts when a task needs it: one empty task each starts them all, to
            # open the tokenizer while the caller does other work.
            for _ in range(jobs):
                self.executor.submit(_nothing)

    def run(self, function: Callable[..., T], tasks: Sequence[tuple],
            ahead: int = AHEAD) -> Generator[int, None, list[T]]:
        """``function(*task)`` for every task, at most ``ahead`` per worker in flight; the
        first ones are sent now (the caller may do other work before iterating). The
        generator yields how many are done as each finishes (stop iterating to cancel) and
        returns the results in the tasks' order; it raises what a task raised, or
        ``BrokenProcessPool``."""
        pending: dict[Future, int] = {}
        sent = self._send(function, tasks, pending, 0, ahead)
        return self._results(function, tasks, pending, sent, ahead)

    def _send(self, function: Callable[..., T], tasks: Sequence[tuple],
              pending: dict[Future, int], sent: int, ahead: int) -> int:
        while sent < len(tasks) and len(pending) < self.jobs * ahead:
            pending[self.executor.submit(function, *tasks[sent])] = sent
            sent += 1
        return sent

    def _results(self, function: Callable[..., T], tasks: Sequence[tuple],
                 pending: dict[Future, int], sent: int, ahead: int
                 ) -> Generator[int, None, list[T]]:
        results: list[T | None] = [None] * len(tasks)
        done = 0
        try:
            while done < len(tasks):
                finished = next(iter(_completed(pending)))
                index = pending.pop(finished)
                results[index] = finished.result()
                done += 1
                yield done
                sent = self._send(function, tasks, pending, sent, ahead)
        finally:
            for future in pending:
                future.cancel()
        return results  # type: ignore[return-value]

    def count(self, batches: Sequence[list[str]], special: SpecialMode,
              add_special_tokens: bool) -> Generator[int, None, list[BatchCounts]]:
        """Count ``batches`` in order (see :meth:`run`)."""
        found = yield from self.run(_count_batch, [(batch, special, add_special_tokens)
                                                   for batch in batches])
        return [BatchCounts(*r) for r in found]

    def close(self) -> None:
        self.executor.shutdown(wait=True, cancel_futures=True)


def _nothing() -> None:
    return None


def encode_alone(tids: list[int], texts: list[str]) -> list[tuple[int, ...] | None]:
    """Each text's ids, or None where they are just the token it is the text of (the audit's
    task: most tokens' texts give back the token, and then nothing needs to travel)."""
    assert _WORKER is not None
    encoded = _WORKER.encode_batch_ids(texts, special="none")
    return [None if len(ids) == 1 and ids[0] == tid else tuple(ids)
            for tid, ids in zip(tids, encoded, strict=True)]


def _completed(pending: dict[Future, int]):
    from concurrent.futures import FIRST_COMPLETED, wait

    done, _ = wait(pending, return_when=FIRST_COMPLETED)
    return done


def worth_parallel(jobs: int, total_chars: int) -> bool:
    return jobs > 1 and total_chars >= MIN_PARALLEL_CHARS

