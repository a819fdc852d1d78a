"""Work off the GUI thread: one pooled worker per kind of job, newest request wins.

Each request gets a generation number; a result whose generation is not the latest is dropped
(the user typed again meanwhile), so a slow encode never overwrites a newer one. Only the GUI
thread touches widgets: results come back through a queued signal.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Signals(QObject):
    finished = Signal(int, object)  # generation, result
    failed = Signal(int, object)  # generation, exception


class _Job(QRunnable):
    def __init__(self, generation: int, work: Callable[[], Any], signals: _Signals) -> None:
        super().__init__()
        self.generation = generation
        self.work = work
        self.signals = signals
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self.work()
        except Exception as exc:  # reported to the GUI, never lost
            exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
            self.signals.failed.emit(self.generation, exc)
            return
        self.signals.finished.emit(self.generation, result)


class LatestOnly(QObject):
    """Runs jobs on the shared thread pool; reports only the latest one's outcome.

    ``done(result)`` and ``error(exception)`` are emitted on the GUI thread. ``busy`` says
    whether the latest request is still running; ``cancel()`` drops whatever is running.
    """

    done = Signal(object)
    error = Signal(object)
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        self._pool = pool or QThreadPool.globalInstance()
        self._generation = 0
        self._running = 0
        self._signals = _Signals(self)
        self._signals.finished.connect(self._on_finished)
        self._signals.failed.connect(self._on_failed)

    @property
    def busy(self) -> bool:
        return self._running > 0

    @property
    def generation(self) -> int:
        return self._generation

    def submit(self, work: Callable[[], Any]) -> int:
        self._generation += 1
        self._running += 1
        if self._running == 1:
            self.busy_changed.emit(True)
        self._pool.start(_Job(self._generation, work, self._signals))
        return self._generation

    def cancel(self) -> None:
        """Forget the running request: its result will be dropped."""
        self._generation += 1

    def _settle(self) -> None:
        self._running -= 1
        if self._running == 0:
            self.busy_changed.emit(False)

    def _on_finished(self, generation: int, result: object) -> None:
        self._settle()
        if generation == self._generation:
            self.done.emit(result)

    def _on_failed(self, generation: int, exc: object) -> None:
        self._settle()
        if generation == self._generation:
            self.error.emit(exc)
