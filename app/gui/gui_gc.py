"""Cyclic garbage is collected on the GUI thread only.

Python runs its cycle collector in whichever thread happens to allocate when a threshold is
passed — often a worker parsing a tokenizer file. A cycle holding Qt objects (pyqtgraph's
plots and their menus hold many) is then destroyed in that thread, and PySide defers part of
the destruction to the GUI thread: the two threads wait on each other (the GIL, a Qt mutex)
and the window hangs for good (seen while loading qwen3 after a training playback's plots
were dropped). So the automatic collector is off while the app runs, and a timer on the GUI
thread collects each generation when its count passes the threshold it had.
"""

from __future__ import annotations

import gc
import time

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500
FULL_EVERY = 10.0  # seconds between full collections, at least

_collector: GuiThreadCollector | None = None


class GuiThreadCollector(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.thresholds = gc.get_threshold()
        self.last_full = time.monotonic()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        gc.disable()
        self.timer.start(INTERVAL_MS)

    def check(self) -> None:
        counts = gc.get_count()
        # The oldest generation whose count passed its threshold, as the automatic
        # collector would pick it.
        generation = -1
        for g in range(3):
            if counts[g] > self.thresholds[g]:
                generation = g
            else:
                break
        # CPython runs a full collection only when many objects have survived since the
        # last; a full pass over a heap holding big vocabularies takes tens of ms on this
        # thread, so it waits at least FULL_EVERY seconds.
        if generation == 2 and time.monotonic() - self.last_full < FULL_EVERY:
            generation = 1
        if generation >= 0:
            gc.collect(generation)
            if generation == 2:
                self.last_full = time.monotonic()


def collect_on_gui_thread() -> GuiThreadCollector:
    """Start collecting on this (the GUI) thread, once per process."""
    global _collector
    if _collector is None:
        _collector = GuiThreadCollector()
    return _collector
