"""Main-window responsiveness on o200k_base (run by hand; needs ../shared/data):

  * keystroke → repaint with 10k characters of text (target ≤ 50 ms): a key event typed at
    the end of the text, until the layers view has painted the new encoding;
  * a 1 MB paste: the longest stall of the GUI thread (target ≤ 100 ms), measured by a 2 ms
    heartbeat timer, from the paste until every view shows the new text.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_gui.py [--keystrokes 30]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BPELENS_CONFIG_DIR", tempfile.mkdtemp(prefix="bpelens-bench-"))

from bench_encoding import O200K, ntrex_text
from PySide6.QtCore import QEvent, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import QApplication

from bpelens.app.gui.main_window import MainWindow

from shared_data import require_shared_data


def wait(app: QApplication, condition, timeout: float = 120.0) -> None:
    end = time.perf_counter() + timeout
    while not condition():
        app.processEvents()
        if time.perf_counter() > end:
            raise TimeoutError("the window did not get there")
        time.sleep(0.0005)


class Heartbeat:
    """Ticks every 2 ms on the GUI thread; the longest gap is the longest stall."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setInterval(2)
        self.timer.timeout.connect(self.tick)
        self.last = time.perf_counter()
        self.longest = 0.0
        self.at = 0.0
        self.origin = 0.0

    def start(self) -> None:
        self.last = self.origin = time.perf_counter()
        self.longest = 0.0
        self.timer.start()

    def tick(self) -> None:
        now = time.perf_counter()
        if now - self.last > self.longest:
            self.longest, self.at = now - self.last, self.last - self.origin
        self.last = now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keystrokes", type=int, default=30)
    args = parser.parse_args()
    require_shared_data()
    app = QApplication.instance() or QApplication([])
    settings = QSettings(os.path.join(os.environ["BPELENS_CONFIG_DIR"], "b.ini"),
                         QSettings.Format.IniFormat)
    corpus = ntrex_text(2)
    text = corpus[:10_000]
    window = MainWindow(tokenizer_path=str(O200K), text=text, settings=settings,
                        discover=False)
    window.resize(1400, 950)
    window.show()
    wait(app, lambda: window.table is not None and window.settled())
    painted: list[float] = []
    original = window.layers.paintEvent

    def paint(event) -> None:
        original(event)
        painted.append(time.perf_counter())

    window.layers.paintEvent = paint  # type: ignore[method-assign]
    cursor = window.editor.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    window.editor.setTextCursor(cursor)
    window.editor.setFocus()
    latencies = []
    for n in range(args.keystrokes):
        ch = "aé猫 "[n % 4]
        expected = window.editor.toPlainText() + ch
        painted.clear()
        start = time.perf_counter()
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(window.editor, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier,
                                                           ch))
        wait(app, lambda expected=expected: window.table.text == expected and painted)
        latencies.append(painted[-1] - start)
    print(f"keystroke → repaint, 10k characters: median {statistics.median(latencies) * 1e3:.1f}"
          f" ms, worst {max(latencies) * 1e3:.1f} ms (target ≤ 50 ms)")

    big = (corpus * 2)[:1_000_000]
    QGuiApplication.clipboard().setText(big)
    beat = Heartbeat()
    beat.start()
    start = time.perf_counter()
    window.editor.selectAll()
    window.editor.paste()
    wait(app, lambda: window.table.text == big and window.settled())
    total = time.perf_counter() - start
    for _ in range(20):  # a few more frames after the result is shown
        app.processEvents()
    beat.timer.stop()
    print(f"1 MB paste: shown after {total:.2f} s; longest GUI-thread stall "
          f"{beat.longest * 1e3:.0f} ms at {beat.at:.2f} s (target ≤ 100 ms); "
          f"{len(window.table):,} tokens")


if __name__ == "__main__":
    main()
