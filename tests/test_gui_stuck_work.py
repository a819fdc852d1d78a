"""A tokenizer whose pre-tokenizer pattern backtracks catastrophically: every encode runs until
the engine's time budget stops it. The window must show the error, and nothing else may wait
behind such encodes: the picker still switches tokenizers, the text is still saved, closing
ends the process at once."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.main_window import MainWindow
from bpelens.app.gui.settings import text_path
from bpelens.app.gui.tokenizer_picker import Choice
from bpelens.app.gui.worker import Job, Runner
from bpelens.core import open_tokenizer
from bpelens.core.text.bounded_regex import BoundedPattern, PatternTimeout

from conftest import HANG_SECONDS, SHARED_DATA, needs_shared_data
from test_gui_main_window import settings_in, type_text

GPT2 = SHARED_DATA / "tokenizers" / "hf" / "gpt2.tokenizer.json"
PATTERN = "(a|a)+$"
STUCK_TEXT = "a" * 36 + "b"


def backtracking_tokenizer(folder: Path) -> Path:
    """GPT-2's tokenizer.json with its pre-tokenizer replaced by Split(PATTERN), ByteLevel."""
    data = json.loads(GPT2.read_text(encoding="utf-8"))
    data["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": PATTERN}, "behavior": "Isolated",
         "invert": False},
        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
         "use_regex": False},
    ]}
    path = folder / "backtracking" / "tokenizer.json"
    path.parent.mkdir()
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def bad_tokenizer(tmp_path_factory) -> Path:
    if not GPT2.is_file():
        pytest.skip(f"../shared/data is not here ({GPT2})")
    return backtracking_tokenizer(tmp_path_factory.mktemp("bad"))


class StuckEncodes:
    """Encodes that stay stuck as long as the test wants. Once :meth:`hold` is called, a match
    of PATTERN on a text that makes it backtrack waits for :attr:`release` (where the real
    call would backtrack until its budget, a second of CPU time, ran out), then fails as the
    real one does. A test that asks "did X happen while an encode was stuck?" then gets the
    same answer on a busy machine: the encode is stuck until the test releases it, however
    long X takes."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.release = threading.Event()
        self.running = 0  # match calls waiting now
        self.outlasted = False  # one gave up waiting (HANG_SECONDS): something waited for it
        self._held = False
        self._lock = threading.Lock()
        for name in ("findall", "finditer", "search", "match"):
            monkeypatch.setattr(BoundedPattern, name, self._wrap(getattr(BoundedPattern, name)))
        real_sub = BoundedPattern.sub

        def sub(pattern: BoundedPattern, repl, text: str, *args, **kwargs):
            self._maybe_stuck(pattern, text)
            return real_sub(pattern, repl, text, *args, **kwargs)

        monkeypatch.setattr(BoundedPattern, "sub", sub)

    def hold(self) -> None:
        self._held = True

    def _wrap(self, real):
        def call(pattern: BoundedPattern, text: str, *args, **kwargs):
            self._maybe_stuck(pattern, text)
            return real(pattern, text, *args, **kwargs)
        return call

    def _maybe_stuck(self, pattern: BoundedPattern, text: str) -> None:
        if not (self._held and pattern.pattern == PATTERN and "a" * 30 in text):
            return
        with self._lock:
            self.running += 1
        try:
            if not self.release.wait(HANG_SECONDS):
                self.outlasted = True
        finally:
            with self._lock:
                self.running -= 1
        raise pattern._timed_out(text)


@pytest.fixture
def stuck(monkeypatch) -> Iterator[StuckEncodes]:
    encodes = StuckEncodes(monkeypatch)
    yield encodes
    encodes.release.set()  # the held threads end (their outcome long dropped)


@needs_shared_data
def test_the_engine_stops_the_pattern(bad_tokenizer):
    with pytest.raises(PatternTimeout, match="backtracks catastrophically"):
        open_tokenizer(bad_tokenizer).encode_ids(STUCK_TEXT)


@needs_shared_data
def test_stuck_encodes_starve_nothing(qtbot, tmp_path, bad_tokenizer, stuck):
    window = MainWindow(tokenizer_path=str(bad_tokenizer), text=STUCK_TEXT,
                        settings=settings_in(tmp_path), discover=False)
    qtbot.addWidget(window)
    window.show()
    # the error is shown, naming the pattern and the tokenizer (the engine's own budget)
    qtbot.waitUntil(lambda: "backtracks catastrophically" in window.banner.text())
    message = window.banner.text()
    assert PATTERN in message and "Cannot encode this text with" in message
    assert window.table is None and "not encoded" in window.stats.text()
    # from here on every encode with it stays stuck until the end of the test
    stuck.hold()
    window.editor.setFocus()
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    for ch in "aabaab":  # each keystroke another encode
        type_text(window.editor, ch)
    typed = STUCK_TEXT + "aabaab"
    assert window.session.encoder.busy
    # the text is saved meanwhile (its own thread), while an encode is stuck
    saved = text_path(window.settings)
    qtbot.waitUntil(lambda: saved.is_file() and saved.read_text(encoding="utf-8") == typed)
    assert window.session.encoder.busy and stuck.running
    # the picker switches to a demo, and the views show its encoding, while it is stuck
    name = "demo-english-char"
    row = next(r for r in range(window.picker.count())
               if window.picker.itemData(r) == Choice("demo", name, label=name))
    window.picker.setCurrentIndex(row)
    qtbot.waitUntil(lambda: window.tokenizer.name == name and window.settled())
    assert stuck.running, "the switch waited for the stuck encode to end"
    assert window.table.ids == load_demo(name).encode_ids(typed)
    assert window.shaped.shown_text() == typed
    assert window.layers.visible_chips()
    assert not window.banner.isVisible()
    # back to the bad tokenizer: stuck again; closing returns while it is stuck, and leaves
    # no thread that could keep the process alive
    window.open_path(str(bad_tokenizer))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.session.encoder.busy
                    and stuck.running == 2)  # this one, and the one abandoned by the switch
    threads = [t for runner in window.runners for t in runner.threads()]
    window.close()
    assert stuck.running == 2 and not stuck.outlasted, "closing waited for the stuck encodes"
    assert threads and all(t.daemon for t in threads)
    assert all(not runner.busy for runner in window.runners)
    assert saved.read_text(encoding="utf-8") == typed


@needs_shared_data
def test_a_long_encode_shows_progress_and_can_be_cancelled(qtbot, tmp_path, bad_tokenizer,
                                                          stuck):
    window = MainWindow(text="short", settings=settings_in(tmp_path), discover=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    window.open_path(str(bad_tokenizer))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    shown = window.table  # "short" encodes in no time with it
    stuck.hold()
    window.replace_text(STUCK_TEXT)  # an encode that stays stuck until released
    qtbot.waitUntil(lambda: window.cancel_button.isVisible()
                    and "Encoding" in window.busy_label.text())
    assert window.progress.isVisible() and stuck.running == 1
    finished = window.session.encoder.finished_jobs
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.session.encoder.busy and not window.progress.isVisible()
    assert "cancelled" in window.statusBar().currentMessage()
    # the cancelled encode's outcome (a timeout) never shows up
    stuck.release.set()
    qtbot.waitUntil(lambda: window.session.encoder.finished_jobs > finished)
    assert "backtracks" not in window.banner.text()
    assert window.table is shown  # the views keep the last encoding


def test_a_runner_never_waits_for_a_job_of_another(qtbot):
    stuck, other = Runner("stuck"), Runner("other")
    release, release_again = threading.Event(), threading.Event()
    jobs: list[Job] = []

    def held(job: Job, until: threading.Event) -> str:
        jobs.append(job)
        until.wait(HANG_SECONDS)  # a job that takes as long as the test wants
        return "held"

    stuck.submit(lambda job: held(job, release))
    # another runner's job runs meanwhile
    with qtbot.waitSignal(other.done) as blocker:
        other.submit(lambda job: 42)
    assert blocker.args == [42] and stuck.busy
    # a newer request replaces the one waiting to start, and asks the running one to stop
    ran: list[str] = []
    stuck.submit(lambda job: ran.append("second"))
    stuck.submit(lambda job: ran.append("third") or "third")
    qtbot.waitUntil(lambda: len(jobs) == 1)
    assert jobs[0].cancelled
    with qtbot.waitSignal(stuck.done) as blocker:
        release.set()
    assert blocker.args == ["third"] and ran == ["third"]  # the held one's result dropped
    # abandoning: the new job starts at once on a thread of its own
    stuck.submit(lambda job: held(job, release_again))
    qtbot.waitUntil(lambda: len(jobs) == 2)
    with qtbot.waitSignal(stuck.done) as blocker:
        stuck.submit(lambda job: "at once", abandon_running=True)
    assert blocker.args == ["at once"] and not release_again.is_set()
    release_again.set()
    stuck.shutdown()
    other.shutdown()
    assert not stuck.busy and stuck.submit(lambda job: "never") == stuck.generation


# The program, with a budget of an hour for the pattern: its encode is stuck for good.
STUCK_FOR_AN_HOUR = """
import sys
from bpelens.core.text import bounded_regex
bounded_regex.BASE_SECONDS = 3600.0
from bpelens.app.entry import main
sys.exit(main())
"""


@needs_shared_data
def test_closing_a_stuck_window_ends_the_process(tmp_path, bad_tokenizer):
    """The real program, offscreen: SIGTERM closes the window as its close button does, and
    the process ends although its encode would backtrack for an hour."""
    config = tmp_path / "config"
    config.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BPELENS_CONFIG_DIR": str(config)}
    text = STUCK_TEXT + " and more"
    process = subprocess.Popen(
        [sys.executable, "-c", STUCK_FOR_AN_HOUR, "--tokenizer", str(bad_tokenizer),
         "--text", text],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ini = config / "bpelens.ini"
        deadline = time.monotonic() + HANG_SECONDS  # only against a hang
        # ready when the tokenizer has loaded (the window writes it down): encoding now
        while not (ini.is_file() and "backtracking" in ini.read_text(encoding="utf-8")):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the window never loaded the tokenizer"
            time.sleep(0.05)
        process.send_signal(signal.SIGTERM)
        try:
            returncode = process.wait(timeout=HANG_SECONDS)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running {HANG_SECONDS} s after SIGTERM: the process waited "
                        "for its stuck encode")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    _, stderr = process.communicate()
    assert returncode == 0, stderr
    assert (config / "bpelens-text.txt").read_text(encoding="utf-8") == text


FINISHES_AFTER_TEARDOWN = """
import threading
import shiboken6
from PySide6.QtWidgets import QApplication
from bpelens.app.gui import worker

app = QApplication([])
runner = worker.Runner("teardown")
started, release = threading.Event(), threading.Event()

def work(job):
    started.set()
    release.wait()
    return "nobody wants this"

runner.submit(work)
started.wait()
shiboken6.delete(worker._the_bridge())  # what Qt's teardown does at exit
release.set()
runner.shutdown()  # its thread ends after the job instead of idling
for thread in runner.threads():
    thread.join()
print("joined")
"""


def test_a_job_that_ends_after_qt_is_torn_down_says_nothing():
    """A daemon thread finishing while the process exits (the window closed during a
    comparison) found the bridge deleted and printed a traceback (.ci/smoke, comparison tab)."""
    done = subprocess.run([sys.executable, "-c", FINISHES_AFTER_TEARDOWN],
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                          capture_output=True, text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0 and done.stdout.strip() == "joined", done.stderr
    assert "Traceback" not in done.stderr, done.stderr
