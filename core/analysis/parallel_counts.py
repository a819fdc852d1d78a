"""One tokenizer's counts over a corpus on every core: batches of sentences encoded by worker
processes, the same counts as one process gives, bit for bit.

A worker opens the tokenizer itself, from the file it came from (its disk cache makes that
quick), once: the tokenizer never travels with a task. Each task is a batch of sentences;
what comes back is small — the tokens of each sentence and how often each id was used — and
is put together in the batches' order. A tokenizer that cannot be opened again in a worker
(built in memory, a file changed since) is counted in this process, as before; so is a
corpus too small to pay for starting the workers.

The vocabulary sweep also sends a BPE built in memory (a run trained in the window): its own
file's description, once per worker in the pool's start-up arguments, never with a task.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
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
    # A tokenizer without a file: BPE Lens's own JSON of it (the worker builds it from that).
    data: str | None = None


def default_jobs() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def recipe_of(tokenizer: Tokenizer, *, in_memory: bool = False) -> Recipe | None:
    """The way back to ``tokenizer`` from its file, or None (no file, or not the same).
    ``in_memory``: a BPE without a file travels as its own file's JSON (None for another
    model, which that format cannot hold)."""
    origin = tokenizer.source
    data = None
    if origin is None or not origin.path or not Path(origin.path).exists():
        data = _own_json(tokenizer) if in_memory else None
        if data is None:
            return None
    try:
        probe = tuple(tokenizer.encode_ids(PROBE, special="none"))
    except BpeLensError:
        return None  # (a character-level vocabulary without these characters): work here
    if data is not None:
        return Recipe("", None, None, probe, data)
    assert origin is not None
    pattern = None
    if origin.format == "tiktoken" and origin.encoding is None:
        pattern = getattr(tokenizer.pretokenizer, "pattern", None)
    return Recipe(origin.path, origin.encoding, pattern, probe)


def _own_json(tokenizer: Tokenizer) -> str | None:
    from ..formats.own_format import tokenizer_to_dict
    from ..models.bpe import BPEModel
    from ..models.picky_bpe import PickyBPEModel

    if not isinstance(tokenizer.model, BPEModel | PickyBPEModel):
        return None
    try:
        data = tokenizer_to_dict(tokenizer)
    except BpeLensError:
        return None  # (a normalizer or pre-tokenizer that format does not hold)
    data.pop("training", None)  # (the record can be large, and encoding never reads it)
    return json.dumps(data, ensure_ascii=False)


_WORKER: Tokenizer | None = None


def _open_in_worker(recipe: Recipe, expect_chars: int) -> None:
    global _WORKER
    if recipe.data is not None:
        from ..formats.own_format import tokenizer_from_dict

        tokenizer = tokenizer_from_dict(json.loads(recipe.data))
    else:
        from ..formats.detect import open_tokenizer

        tokenizer = open_tokenizer(recipe.path, encoding=recipe.encoding,
                                   pattern=recipe.pattern)
    if tuple(tokenizer.encode_ids(PROBE, special="none")) != recipe.probe:
        raise RuntimeError("the tokenizer opened again encodes otherwise")
    # Its share of the corpus comes in batches: what merging a batch's new pieces together
    # needs is built now, as one process counting everything would.
    tokenizer.expect_text(expect_chars)
    _WORKER = tokenizer


def worker_tokenizer() -> Tokenizer:
    """The tokenizer of the worker process a task runs in (a task of another module)."""
    assert _WORKER is not None
    return _WORKER


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


class WorkerPool:
    """Worker processes, each set up once by ``initializer(*initargs)`` (a module-level
    function keeping what the tasks need: a tokenizer, a pre-tokenizer); closed on exit: its
    pending tasks dropped, and long tasks told to end early (:func:`worker_stopping`).
    A task is a module-level function and its arguments."""

    def __init__(self, jobs: int, initializer: Callable[..., None], initargs: tuple = (), *,
                 start_now: bool = False) -> None:
        context = get_context("spawn")
        self.stop = context.Event()
        self.executor = ProcessPoolExecutor(
            max_workers=jobs, mp_context=context, initializer=_set_up,
            initargs=(self.stop, initializer, initargs))
        self.jobs = jobs
        if start_now:
            # A process starts when a task needs it: one empty task each starts them all, to
            # set them up while the caller does other work.
            for _ in range(jobs):
                self.executor.submit(_nothing)

    def run(self, function: Callable[..., T], tasks: Sequence[tuple],
            ahead: int = AHEAD, tick: float | None = None) -> Generator[int, None, list[T]]:
        """``function(*task)`` for every task, at most ``ahead`` per worker in flight; the
        first ones are sent now (the caller may do other work before iterating). The
        generator yields how many are done as each finishes — and again every ``tick``
        seconds without one, for a caller that must be able to stop while tasks are long
        (stop iterating to cancel) — and returns the results in the tasks' order; it raises
        what a task raised, or ``BrokenProcessPool``."""
        pending: dict[Future, int] = {}
        sent = self._send(function, tasks, pending, 0, ahead)
        return self._results(function, tasks, pending, sent, ahead, tick)

    def _send(self, function: Callable[..., T], tasks: Sequence[tuple],
              pending: dict[Future, int], sent: int, ahead: int) -> int:
        while sent < len(tasks) and len(pending) < self.jobs * ahead:
            pending[self.executor.submit(function, *tasks[sent])] = sent
            sent += 1
        return sent

    def _results(self, function: Callable[..., T], tasks: Sequence[tuple],
                 pending: dict[Future, int], sent: int, ahead: int,
                 tick: float | None = None) -> Generator[int, None, list[T]]:
        results: list[T | None] = [None] * len(tasks)
        done = 0
        try:
            while done < len(tasks):
                finished = _completed(pending, tick)
                if not finished:
                    yield done
                    continue
                future = next(iter(finished))
                index = pending.pop(future)
                results[index] = future.result()
                done += 1
                yield done
                sent = self._send(function, tasks, pending, sent, ahead)
        finally:
            for future in pending:
                future.cancel()
        return results  # type: ignore[return-value]

    def ordered(self, function: Callable[..., T], tasks: Iterable[tuple],
                ahead: int = AHEAD) -> Iterator[T]:
        """``function(*task)`` for each task as ``tasks`` gives them (read only as workers
        need more: at most ``ahead`` per worker sent or waiting to be taken), the results
        yielded in the tasks' order (stop iterating to cancel); raises what a task raised, or
        ``BrokenProcessPool``."""
        source = iter(tasks)
        pending: dict[Future, int] = {}
        ready: dict[int, T] = {}  # done, but an earlier task is not
        sent = given = 0
        more = True
        try:
            while True:
                while more and len(pending) + len(ready) < self.jobs * ahead:
                    task = next(source, None)
                    if task is None:
                        more = False
                    else:
                        pending[self.executor.submit(function, *task)] = sent
                        sent += 1
                if given in ready:
                    yield ready.pop(given)
                    given += 1
                elif not pending:
                    return
                else:
                    for future in _completed(pending):
                        ready[pending.pop(future)] = future.result()
        finally:
            for future in pending:
                future.cancel()

    def close(self) -> None:
        self.stop.set()
        self.executor.shutdown(wait=True, cancel_futures=True)


class TokenizerPool(WorkerPool):
    """Worker processes holding one tokenizer (:func:`worker_tokenizer` in a task)."""

    def __init__(self, recipe: Recipe, jobs: int, total_chars: int = 0, *,
                 start_now: bool = False) -> None:
        super().__init__(jobs, _open_in_worker, (recipe, total_chars // jobs),
                         start_now=start_now)

    def count(self, batches: Sequence[list[str]], special: SpecialMode,
              add_special_tokens: bool) -> Generator[int, None, list[BatchCounts]]:
        """Count ``batches`` in order (see :meth:`run`)."""
        found = yield from self.run(_count_batch, [(batch, special, add_special_tokens)
                                                   for batch in batches])
        return [BatchCounts(*r) for r in found]


_STOP = None  # the worker's pool's stop event


def _set_up(stop, initializer: Callable[..., None], initargs: tuple) -> None:
    global _STOP
    _STOP = stop
    initializer(*initargs)


def worker_stopping() -> bool:
    """Whether the pool of the worker a task runs in is closing: a long task may end early
    (raise), nobody waits for its result."""
    return _STOP is not None and _STOP.is_set()


def _nothing() -> None:
    return None


def encode_alone(tids: list[int], texts: list[str]) -> list[tuple[int, ...] | None]:
    """Each text's ids, or None where they are just the token it is the text of (the audit's
    task: most tokens' texts give back the token, and then nothing needs to travel)."""
    assert _WORKER is not None
    encoded = _WORKER.encode_batch_ids(texts, special="none")
    return [None if len(ids) == 1 and ids[0] == tid else tuple(ids)
            for tid, ids in zip(tids, encoded, strict=True)]


def _completed(pending: dict[Future, int], timeout: float | None = None) -> set[Future]:
    """The tasks done, at least one unless ``timeout`` seconds passed first."""
    from concurrent.futures import FIRST_COMPLETED, wait

    done, _ = wait(pending, timeout=timeout, return_when=FIRST_COMPLETED)
    return done


def worth_parallel(jobs: int, total_chars: int) -> bool:
    return jobs > 1 and total_chars >= MIN_PARALLEL_CHARS

