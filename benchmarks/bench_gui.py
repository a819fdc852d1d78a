"""Main-window responsiveness on o200k_base (run by hand; needs ../shared/data):

  * keystroke → repaint with 1k, 10k, 100k and 1M characters of text, typing at the end and
    in the middle (targets: median ≤ 16 ms and worst ≤ 33 ms at 10k, median ≤ 33 ms at 1M): a
    key event, until the layers view has painted the new encoding; with the GUI thread's CPU
    time per keystroke split by view (editor, layers, shaped, ids; the rest is Qt's own work
    and the window's), so a regression names its view;
  * pastes of 1 MB and 10 MB of ordinary text (NTREX-128, many languages) and of 10 MB of one
    character ("a" × 10M): the longest stall of the GUI thread (target ≤ 100 ms), measured by
    a 2 ms heartbeat timer, from the paste until every view shows the new text; and the
    process's peak memory (target ≤ ~1.5 GB for 10 MB).

A stall is split by who caused it: the heartbeat also reads the GUI thread's own CPU time, so
a gap the GUI thread spent working is "GUI work", and a gap it spent waiting (for the
interpreter lock, held by the encode job's long calls into the engine) is "waiting". Each
10 MB paste runs in a fresh process of its own, so its peak memory is its own.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_gui.py [--keystrokes 30]
        [--sizes 1000,10000,100000,1000000] [--where end,middle]
        [--only keystrokes|paste-1mb|paste-10mb-text|paste-10mb-one-char] [--stalls FILE]

``--stalls FILE`` appends every thread's Python stack to FILE whenever the GUI thread has not
ticked for 30 ms, and every 30 ms while it lasts: faulthandler's watchdog thread writes it
without the interpreter lock, so the stack of whoever holds the lock shows where a stall comes
from (a GUI thread inside ``processEvents`` with no Python frame above it is Qt's own work).
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BPELENS_CONFIG_DIR", tempfile.mkdtemp(prefix="bpelens-bench-"))

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication

from bpelens.app.gui.main_window import MainWindow

from bench_encoding import O200K, ntrex_text
from shared_data import require_shared_data

SCENARIOS = ("keystrokes", "paste-1mb", "paste-10mb-text", "paste-10mb-one-char")
IN_OWN_PROCESS = ("paste-10mb-text", "paste-10mb-one-char")


def wait(app: QApplication, condition, timeout: float = 600.0) -> None:
    end = time.perf_counter() + timeout
    while not condition():
        app.processEvents()
        if time.perf_counter() > end:
            raise TimeoutError("the window did not get there")
        time.sleep(0.0005)


class Heartbeat:
    """Ticks every 2 ms on the GUI thread; the longest gap is the longest stall, and the GUI
    thread's CPU time during a gap says whether it was working or waiting."""

    stalls = None  # the open --stalls file

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(2)
        self.timer.timeout.connect(self.tick)
        self.start()
        self.timer.stop()

    def start(self) -> None:
        self.last = self.origin = time.perf_counter()
        self.last_cpu = time.thread_time()
        self.longest = (0.0, 0.0, 0.0)  # gap, GUI-thread CPU in it, when
        self.longest_work = (0.0, 0.0)  # the longest gap the GUI thread spent working
        self.timer.start()
        if Heartbeat.stalls is not None:
            faulthandler.dump_traceback_later(0.03, repeat=True, file=Heartbeat.stalls)

    def tick(self) -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        gap, busy = now - self.last, cpu - self.last_cpu
        if gap > self.longest[0]:
            self.longest = (gap, busy, self.last - self.origin)
        if busy > self.longest_work[0]:
            self.longest_work = (busy, self.last - self.origin)
        self.last, self.last_cpu = now, cpu
        if Heartbeat.stalls is not None:
            faulthandler.dump_traceback_later(0.03, repeat=True, file=Heartbeat.stalls)

    def report(self) -> str:
        gap, busy, at = self.longest
        work, work_at = self.longest_work
        return (f"longest GUI-thread stall {gap * 1e3:.0f} ms at {at:.2f} s "
                f"({busy * 1e3:.0f} ms of it GUI work, the rest waiting for the interpreter "
                f"lock); longest GUI work {work * 1e3:.0f} ms at {work_at:.2f} s "
                "(target ≤ 100 ms)")


def peak_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6  # kB on Linux


def resident_gb() -> float:
    """Memory held now (Linux), not at the peak."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e9


def open_window(app: QApplication, text: str, size: tuple[int, int] = (1400, 950)
                ) -> MainWindow:
    settings = QSettings(os.path.join(os.environ["BPELENS_CONFIG_DIR"], "b.ini"),
                         QSettings.Format.IniFormat)
    window = MainWindow(tokenizer_path=str(O200K), text=text, settings=settings,
                        discover=False)
    window.resize(*size)
    window.show()
    wait(app, lambda: window.table is not None and window.settled())
    return window


# What each view does on the GUI thread: these methods, timed (outermost call only).
VIEW_METHODS = {
    "editor": ("editor", ("keyPressEvent", "inputMethodEvent", "paintEvent")),
    "layers": ("layers", ("set_table", "set_bands", "paintEvent", "select")),
    "shaped": ("shaped", ("set_table", "recolor", "paintEvent", "select")),
    "ids": ("ids_panel", ("set_ids", "_fill", "highlight")),
}
SIZES = (1_000, 10_000, 100_000, 1_000_000)


class ViewClock:
    """GUI-thread CPU time spent in each view's methods (and the ids box's painting)."""

    def __init__(self, window: MainWindow) -> None:
        self.spent: dict[str, float] = dict.fromkeys(VIEW_METHODS, 0.0)
        self._depth: dict[str, int] = dict.fromkeys(VIEW_METHODS, 0)
        for view, (attribute, methods) in VIEW_METHODS.items():
            target = getattr(window, attribute)
            for method in methods:
                self._wrap(target, method, view)
        self._wrap(window.ids_panel.box, "paintEvent", "ids")

    def _wrap(self, target: object, method: str, view: str) -> None:
        original = getattr(target, method)

        def timed(*args, **kwargs):
            self._depth[view] += 1
            start = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                self._depth[view] -= 1
                if not self._depth[view]:
                    self.spent[view] += time.thread_time() - start

        setattr(target, method, timed)

    def reset(self) -> None:
        self.spent = dict.fromkeys(self.spent, 0.0)


def text_of(size: int) -> str:
    """``size`` characters of NTREX-128 (many languages), whole lines where it can."""
    text = ntrex_text(2) if size <= 1_000_000 else ntrex_text(11)
    while len(text) < size:
        text += text
    return text[:size]


def keystrokes(app: QApplication, count: int, size: int, where: str) -> None:
    """Characters typed one by one (end: after the last character; middle: in the middle of
    the text, as the user would); each waits until the layers view paints its encoding."""
    window = open_window(app, text_of(size))
    painted: list[float] = []
    original = window.layers.paintEvent

    def paint(event) -> None:
        original(event)
        painted.append(time.perf_counter())

    window.layers.paintEvent = paint  # type: ignore[method-assign]
    clock = ViewClock(window)
    cursor = window.editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    if where == "middle":
        cursor.setPosition(window.editor.document().characterCount() // 2)
    window.editor.setTextCursor(cursor)
    window.editor.setFocus()
    wait(app, window.settled)
    latencies, gui_times = [], []
    per_view: dict[str, list[float]] = {view: [] for view in VIEW_METHODS}
    for n in range(count):
        ch = "aé猫 "[n % 4]
        painted.clear()
        clock.reset()
        revision = window.editor.revision
        start, start_cpu = time.perf_counter(), time.thread_time()
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier,
                                                           ch))
        # (settled() compares the texts: polled only once the new encoding is in, so the
        # waiting itself does not hold the interpreter lock the encoding job needs)
        wait(app, lambda revision=revision: window.editor.revision > revision and painted
             and window.encoded is not None and window.encoded.revision > revision
             and window.settled())
        latencies.append(painted[-1] - start)
        gui_times.append(time.thread_time() - start_cpu)
        for view, spent in clock.spent.items():
            per_view[view].append(spent)
        for _ in range(3):  # the frame after (a late repaint belongs to this keystroke)
            app.processEvents()
    median = statistics.median
    split = ", ".join(f"{view} {median(times) * 1e3:.1f}" for view, times in per_view.items())
    print(f"keystroke → repaint, {size:,} characters, typing at the {where}: median "
          f"{median(latencies) * 1e3:.1f} ms, worst {max(latencies) * 1e3:.1f} ms; GUI-thread "
          f"CPU median {median(gui_times) * 1e3:.1f} ms ({split} ms)", flush=True)
    window.close()


def paste(app: QApplication, name: str, big: str) -> None:
    window = open_window(app, "hello")
    QGuiApplication.clipboard().setText(big)
    before = peak_gb()
    beat = Heartbeat()
    beat.start()
    start = time.perf_counter()
    window.editor.setFocus()
    window.editor.selectAll()
    window.editor.paste()
    wait(app, lambda: window.table is not None and window.table.text == big
         and window.settled())
    total = time.perf_counter() - start
    for _ in range(20):  # a few more frames after the result is shown
        app.processEvents()
    beat.timer.stop()
    faulthandler.cancel_dump_traceback_later()
    print(f"{name}: shown after {total:.2f} s, {len(window.table):,} tokens; {beat.report()}; "
          f"peak memory {peak_gb():.2f} GB (window with o200k before the paste: "
          f"{before:.2f} GB), held once shown {resident_gb():.2f} GB", flush=True)
    window.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keystrokes", type=int, default=30)
    parser.add_argument("--sizes", type=lambda value: [int(v) for v in value.split(",")],
                        default=list(SIZES), help="text lengths typed into (comma-separated)")
    parser.add_argument("--where", type=lambda value: value.split(","),
                        default=["end", "middle"], help="end, middle or both")
    parser.add_argument("--only", choices=SCENARIOS)
    parser.add_argument("--stalls", metavar="FILE")
    args = parser.parse_args()
    require_shared_data()
    if args.stalls:
        Heartbeat.stalls = open(args.stalls, "a")  # noqa: SIM115 (open until the process ends)
    if args.only is None:
        for scenario in SCENARIOS:
            if scenario in IN_OWN_PROCESS:
                extra = ["--stalls", args.stalls] if args.stalls else []
                subprocess.run([sys.executable, __file__, "--only", scenario, *extra],
                               check=True)
            else:
                run(scenario, args)
        return
    run(args.only, args)


def run(scenario: str, args: argparse.Namespace) -> None:
    app = QApplication.instance() or QApplication([])
    if scenario == "keystrokes":
        for size in args.sizes:
            for where in args.where:
                keystrokes(app, args.keystrokes, size, where)
    elif scenario == "paste-1mb":
        paste(app, "1 MB paste", (ntrex_text(2) * 2)[:1_000_000])
    elif scenario == "paste-10mb-text":
        paste(app, "10 MB paste of text", (ntrex_text(11) * 2)[:10_000_000])
    else:
        paste(app, "10 MB paste of one character", "a" * 10_000_000)


if __name__ == "__main__":
    main()
