"""Patterns that backtrack catastrophically: how soon the engine stops them, and how little the
window waits behind them (run by hand; the window parts need ../shared/data's gpt2 file).

  * every match call of a bounded pattern on a text it would backtrack on for hours
    (``(a|a)+$`` on "a" × 36 + "b"): wall and CPU time until its PatternTimeout (target: about
    BASE_SECONDS, a second, of CPU time each — the budget is CPU time, so a busy machine
    stretches the wall time by the share of a core the process gets);
  * the window on GPT-2's tokenizer.json with that pattern as its pre-tokenizer, encodes stuck
    (targets: the typed text saved ≤ 2.5 s after the keystrokes, the picker's switch to a demo
    on screen ≤ 1.5 s after choosing it, close() returning ≤ 0.5 s);
  * the program (``python -m bpelens.app``) ended by SIGTERM while encoding: seconds until it
    has exited (target ≤ 5 s).

The tests check only that each of these happens (tests/test_bounded_regex.py,
tests/test_gui_stuck_work.py); how soon is measured here, where a busy machine shows as
numbers rather than as a failed test.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_stuck.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BPELENS_CONFIG_DIR", tempfile.mkdtemp(prefix="bpelens-bench-"))

from bpelens.core.text.bounded_regex import BASE_SECONDS, PatternTimeout
from bpelens.core.text.regex_dialects import compile_dialect

from shared_data import SHARED_DATA, require_shared_data

PATTERN = "(a|a)+$"
STUCK_TEXT = "a" * 36 + "b"
GPT2 = SHARED_DATA / "tokenizers" / "hf" / "gpt2.tokenizer.json"


def pattern_calls(repeat: int) -> None:
    bounded = compile_dialect(PATTERN, "onig", what="pre_tokenizer Split")
    calls = {"findall": bounded.findall, "finditer": lambda t: list(bounded.finditer(t)),
             "sub": lambda t: bounded.sub("x", t), "search": bounded.search,
             "match": bounded.match}
    print(f"match calls stopped (budget {BASE_SECONDS:.1f} s of CPU time each), median of "
          f"{repeat}:")
    for name, call in calls.items():
        walls, cpus = [], []
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            try:
                call(STUCK_TEXT)
            except PatternTimeout:
                pass
            else:
                sys.exit(f"{name} returned: the pattern was not stopped")
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
        print(f"  {name:<9} wall {statistics.median(walls):6.2f} s   "
              f"CPU {statistics.median(cpus):6.2f} s")


def backtracking_tokenizer(folder: Path) -> Path:
    """GPT-2's tokenizer.json with its pre-tokenizer replaced by Split(PATTERN), ByteLevel
    (as tests/test_gui_stuck_work.py makes it)."""
    data = json.loads(GPT2.read_text(encoding="utf-8"))
    data["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": PATTERN}, "behavior": "Isolated",
         "invert": False},
        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
         "use_regex": False}]}
    path = folder / "backtracking" / "tokenizer.json"
    path.parent.mkdir()
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def window(bad: Path, folder: Path) -> None:
    from PySide6.QtCore import QEvent, QSettings, Qt
    from PySide6.QtGui import QKeyEvent, QTextCursor
    from PySide6.QtWidgets import QApplication

    from bpelens.app.gui.main_window import MainWindow
    from bpelens.app.gui.settings import text_path
    from bpelens.app.gui.tokenizer_picker import Choice

    app = QApplication.instance() or QApplication([])

    def wait(condition, timeout: float = 600.0) -> float:
        start = time.perf_counter()
        while not condition():
            app.processEvents()
            if time.perf_counter() - start > timeout:
                sys.exit("the window did not get there")
            time.sleep(0.0005)
        return time.perf_counter() - start

    settings = QSettings(str(folder / "bpelens.ini"), QSettings.Format.IniFormat)
    win = MainWindow(tokenizer_path=str(bad), text=STUCK_TEXT, settings=settings,
                     discover=False)
    win.show()
    wait(lambda: "backtracks catastrophically" in win.banner.text())
    win.editor.setFocus()
    win.editor.moveCursor(QTextCursor.MoveOperation.End)
    for ch in "aabaab":
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(win.editor, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier,
                                                         ch))
    typed = STUCK_TEXT + "aabaab"
    saved = text_path(settings)
    busy = win.session.encoder.busy
    took = wait(lambda: saved.is_file() and saved.read_text(encoding="utf-8") == typed)
    print(f"window, encodes stuck ({'busy' if busy else 'NOT busy'}):")
    print(f"  text saved after the keystrokes   {took:6.2f} s   (target ≤ 2.5 s)")
    name = "demo-english-char"
    row = next(r for r in range(win.picker.count())
               if win.picker.itemData(r) == Choice("demo", name, label=name))
    win.picker.setCurrentIndex(row)
    took = wait(lambda: win.tokenizer.name == name and win.settled())
    print(f"  switch to a demo on screen        {took:6.2f} s   (target ≤ 1.5 s)")
    win.open_path(str(bad))
    wait(lambda: win.choice.kind == "path" and win.session.encoder.busy)
    start = time.perf_counter()
    win.close()
    print(f"  close() returned                  {time.perf_counter() - start:6.2f} s   "
          "(target ≤ 0.5 s)")


def program(bad: Path, folder: Path) -> None:
    config = folder / "config"
    config.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BPELENS_CONFIG_DIR": str(config)}
    process = subprocess.Popen(
        [sys.executable, "-m", "bpelens.app", "--tokenizer", str(bad), "--text",
         STUCK_TEXT + " and more"], env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    try:
        ini = config / "bpelens.ini"
        while not (ini.is_file() and "backtracking" in ini.read_text(encoding="utf-8")):
            if process.poll() is not None:
                sys.exit(f"the program ended early ({process.returncode})")
            time.sleep(0.05)
        sent = time.perf_counter()
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=600)
        print(f"program ended by SIGTERM while encoding: {time.perf_counter() - sent:6.2f} s "
              f"(exit {process.returncode}; target ≤ 5 s)")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="match calls of each kind")
    args = parser.parse_args()
    pattern_calls(args.repeat)
    require_shared_data()
    with tempfile.TemporaryDirectory(prefix="bpelens-bench-stuck-") as name:
        folder = Path(name)
        bad = backtracking_tokenizer(folder)
        window(bad, folder)
        program(bad, folder)


if __name__ == "__main__":
    main()
