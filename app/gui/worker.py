"""Work off the GUI thread: each kind of job has threads of its own, newest request wins.

One :class:`Runner` per kind of job (encode, load, save, discovery, decode): a job stuck in
one kind — an encode whose pattern backtracks until its time budget runs out — never holds up
another (a shared pool of two threads would be full of such encodes, and loading, saving and
discovery would wait behind them).

* A request replaces the one waiting to start (only the newest is worth running), and asks the
  running one to stop at its next :meth:`Job.check` (real cancellation between steps; a step
  inside the engine runs to its end).
* ``abandon_running=True`` does not wait for the running job at all: that one's result will be
  dropped and the new job starts at once on a fresh thread (switching tokenizers while an
  encode is stuck). At most ``max_abandoned`` such threads live at once, so memory and CPU
  stay bounded; past that, the request waits its turn.
* Each request gets a generation number; only the latest one's outcome is reported
  (``done``/``failed``), on the GUI thread, through a queued signal. Only the GUI thread
  touches widgets.
* Threads are daemons: closing the window (:meth:`shutdown`) never waits for a job, and a job
  still running cannot keep the process alive.
"""

from __future__ import annotations

import itertools
import threading
import traceback
import weakref
from collections.abc import Callable
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Signal, Slot

# A runner's thread waits this long for the next request before it ends.
IDLE_SECONDS = 30.0


class JobCancelled(Exception):
    """Raised by :meth:`Job.check` in a job whose result nobody wants any more."""


class Job:
    """What a job's function gets: whether it should stop, and a way to report progress."""

    __slots__ = ("_cancelled", "_hand_over", "_report")

    def __init__(self, report: Callable[[float | None, str], None],
                 hand_over: Callable[[object], None] | None = None) -> None:
        self._cancelled = threading.Event()
        self._report = report
        self._hand_over = hand_over

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def check(self) -> None:
        """Stop here (raise :class:`JobCancelled`) if the job was cancelled."""
        if self._cancelled.is_set():
            raise JobCancelled

    def progress(self, fraction: float | None, message: str) -> None:
        self._report(fraction, message)

    def hand_over(self, part: object) -> None:
        """Give the GUI a part of the result now (a tokenizer's counts while the others are
        still being counted): the runner's ``partial`` signal, if this is still the latest
        request."""
        if self._hand_over is not None:
            self._hand_over(part)

    def cancel(self) -> None:
        self._cancelled.set()


class _Bridge(QObject):
    """Carries outcomes from worker threads to the GUI thread. There is one, made on the GUI
    thread and never deleted, so a thread never emits on an object being destroyed."""

    delivered = Signal(int, int, str, object)  # runner key, generation, what, payload

    @Slot(int, int, str, object)
    def _deliver(self, key: int, generation: int, what: str, payload: object) -> None:
        runner = _runners.get(key)
        if runner is not None and shiboken6.isValid(runner):
            runner._on_delivered(generation, what, payload)


_bridge: _Bridge | None = None
_runners: weakref.WeakValueDictionary[int, Runner] = weakref.WeakValueDictionary()
_keys = itertools.count(1)


def _the_bridge() -> _Bridge:
    global _bridge
    if _bridge is None:
        _bridge = _Bridge()
        _bridge.delivered.connect(_bridge._deliver)
    return _bridge


class _Worker:
    """One thread of a runner; runs waiting jobs until it is no longer the runner's thread."""

    __slots__ = ("job", "thread")

    def __init__(self) -> None:
        self.thread: threading.Thread | None = None
        self.job: tuple[int, Job] | None = None  # generation and job running now


class Runner(QObject):
    """Runs one kind of job on threads of its own; reports only the latest request's outcome.

    ``done(result)`` and ``failed(exception)`` are emitted on the GUI thread, as are
    ``progressed(fraction or None, message)`` and ``partial(part)`` (:meth:`Job.hand_over`).
    ``busy`` says whether the latest request is still waiting or running; ``cancel()``
    forgets it (and asks it to stop).
    """

    done = Signal(object)
    failed = Signal(object)
    progressed = Signal(object, str)
    partial = Signal(object)
    busy_changed = Signal(bool)

    def __init__(self, kind: str, parent: QObject | None = None, *,
                 max_abandoned: int = 1) -> None:
        super().__init__(parent)
        self.kind = kind
        self.max_abandoned = max_abandoned
        self._bridge = _the_bridge()
        self._key = next(_keys)
        _runners[self._key] = self
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._generation = 0
        self._reported = 0  # the last generation whose outcome came back (or was cancelled)
        self._pending: tuple[int, Callable[[Job], Any], Job] | None = None
        self._worker: _Worker | None = None
        self._abandoned: list[_Worker] = []
        self._closed = False
        self._busy = False
        self.finished_jobs = 0  # outcomes back on the GUI thread, stale ones too

    # -- asking --------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def generation(self) -> int:
        return self._generation

    def submit(self, work: Callable[[Job], Any], *, abandon_running: bool = False) -> int:
        """Run ``work(job)`` on this runner's thread; returns the request's generation."""
        with self._lock:
            if self._closed:
                return self._generation
            self._generation += 1
            generation = self._generation
            job = Job(lambda fraction, message: self._post(generation, "progress",
                                                           (fraction, message)),
                      lambda part: self._post(generation, "partial", part))
            if self._pending is not None:
                self._pending[2].cancel()
            self._pending = (generation, work, job)
            worker = self._worker
            if worker is not None and worker.job is not None:
                worker.job[1].cancel()  # superseded: stop at its next check
                self._abandoned = [w for w in self._abandoned
                                   if w.thread is not None and w.thread.is_alive()]
                if abandon_running and len(self._abandoned) < self.max_abandoned:
                    self._abandoned.append(worker)
                    worker = self._worker = None
            if worker is None:
                self._worker = worker = _Worker()
                worker.thread = threading.Thread(target=self._run, args=(worker,),
                                                 name=f"bpelens-{self.kind}", daemon=True)
                worker.thread.start()
            else:
                self._wake.notify_all()
        self._set_busy(True)
        return generation

    def cancel(self) -> None:
        """Forget the latest request: it will not run, or its result will be dropped."""
        with self._lock:
            self._cancel_locked()
        self._set_busy(False)

    def shutdown(self) -> None:
        """Cancel everything and take no more requests (the window is closing). Returns at
        once: running threads end on their own, and being daemons they never hold the
        process."""
        with self._lock:
            self._closed = True
            self._cancel_locked()
            self._wake.notify_all()
        self._set_busy(False)

    @property
    def running(self) -> bool:
        """One of this runner's threads is running a job (the latest or an abandoned one)."""
        return any(w is not None and w.job is not None for w in (self._worker, *self._abandoned))

    def threads(self) -> list[threading.Thread]:
        """This runner's live threads (the current one and those abandoned)."""
        workers = [self._worker, *self._abandoned]
        return [w.thread for w in workers
                if w is not None and w.thread is not None and w.thread.is_alive()]

    # -- inside ----------------------------------------------------------------------------------
    def _cancel_locked(self) -> None:
        if self._pending is not None:
            self._pending[2].cancel()
            self._pending = None
        for worker in (self._worker, *self._abandoned):
            if worker is not None and worker.job is not None:
                worker.job[1].cancel()
        self._generation += 1
        self._reported = self._generation

    def _run(self, worker: _Worker) -> None:
        """A thread's life: wait for a request, run it, report; end once abandoned or shut
        down (between jobs: a job is never interrupted, only asked to stop)."""
        while True:
            with self._lock:
                worker.job = None
                while self._worker is worker and self._pending is None and not self._closed:
                    self._wake.wait(IDLE_SECONDS)
                    if self._pending is None and self._worker is worker:
                        self._worker = None  # idle long enough: a new request starts anew
                if self._worker is not worker or self._pending is None or self._closed:
                    if self._worker is worker:
                        self._worker = None
                    return
                generation, work, job = self._pending
                self._pending = None
                worker.job = (generation, job)
            try:
                result = work(job)
            except JobCancelled:
                self._post(generation, "cancelled", None)
            except Exception as exc:  # reported to the GUI, never lost
                exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
                self._post(generation, "failed", exc)
            else:
                self._post(generation, "done", result)
            del work, job
            result = None

    def _post(self, generation: int, what: str, payload: object) -> None:
        try:
            self._bridge.delivered.emit(self._key, generation, what, payload)
        except RuntimeError:
            # The process is ending: Qt's teardown deleted the bridge while this daemon
            # thread finished a job nobody waits for any more.
            if shiboken6.isValid(self._bridge):
                raise

    def _on_delivered(self, generation: int, what: str, payload: object) -> None:
        if what not in ("progress", "partial"):
            self.finished_jobs += 1
        if generation != self._generation:
            return  # superseded or cancelled meanwhile
        if what == "progress":
            fraction, message = payload  # type: ignore[misc]
            self.progressed.emit(fraction, message)
            return
        if what == "partial":
            self.partial.emit(payload)
            return
        self._reported = generation
        self._set_busy(False)
        if what == "done":
            self.done.emit(payload)
        elif what == "failed":
            self.failed.emit(payload)

    def _set_busy(self, busy: bool) -> None:
        busy = busy and self._reported < self._generation
        if busy != self._busy:
            self._busy = busy
            self.busy_changed.emit(busy)
