"""Cyclic garbage is collected on the GUI thread, never in a worker: a cycle holding Qt
objects destroyed in a worker deadlocks PySide (the GIL against a Qt mutex; it hung the
playback tests once in five runs, loading qwen3 after a training playback's plots)."""

from __future__ import annotations

import gc
import threading
import weakref

from bpelens.app.gui.gui_gc import collect_on_gui_thread
from bpelens.app.gui.worker import Runner


def test_a_cycle_dropped_while_a_worker_allocates_is_freed_on_the_gui_thread(qtbot):
    collect_on_gui_thread()
    assert not gc.isenabled()
    freed_in: list[str] = []

    class Cycle:
        pass

    cycle = Cycle()
    cycle.me = cycle
    weakref.finalize(cycle, lambda: freed_in.append(threading.current_thread().name))
    del cycle
    runner = Runner("allocate")
    # Far past every threshold: the automatic collector would run in this thread.
    with qtbot.waitSignal(runner.done) as made:
        runner.submit(lambda job: [[i] for i in range(300_000)])  # kept: counts stay up
    # Never in the worker; the GUI thread's own collection may already have run while the
    # test waited for the worker (its event loop turned meanwhile).
    assert freed_in in ([], [threading.main_thread().name])
    qtbot.waitUntil(lambda: bool(freed_in))
    assert freed_in == [threading.main_thread().name]
    assert len(made.args[0]) == 300_000
    runner.shutdown()
