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
from bpelens.core.text.bounded_regex import PatternTimeout

from conftest import SHARED_DATA, needs_shared_data
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


@needs_shared_data
def test_the_engine_stops_the_pattern(bad_tokenizer):
    with pytest.raises(PatternTimeout, match="backtracks catastrophically"):
        open_tokenizer(bad_tokenizer).encode_ids(STUCK_TEXT)


@needs_shared_data
def test_stuck_encodes_starve_nothing(qtbot, tmp_path, bad_tokenizer):
    window = MainWindow(tokenizer_path=str(bad_tokenizer), text=STUCK_TEXT,
                        settings=settings_in(tmp_path), discover=False)
    qtbot.addWidget(window)
    window.show()
    # the error is shown, naming the pattern and the tokenizer
    qtbot.waitUntil(lambda: "backtracks catastrophically" in window.banner.text())
    message = window.banner.text()
    assert PATTERN in message and "Cannot encode this text with" in message
    assert window.table is None and "not encoded" in window.stats.text()
    # keep the encoder busy: each keystroke another encode that runs out its budget
    window.editor.setFocus()
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    for ch in "aabaab":  # (a shared pool of two threads would queue three seconds of them)
        type_text(window.editor, ch)
    typed = STUCK_TEXT + "aabaab"
    assert window.session.encoder.busy
    # the text is saved meanwhile (its own thread; the encodes take a second each)
    saved = text_path(window.settings)
    qtbot.waitUntil(lambda: saved.is_file() and saved.read_text(encoding="utf-8") == typed)
    assert window.session.encoder.busy
    # the picker switches to a demo at once, and the views show its encoding
    started = time.monotonic()
    name = "demo-english-char"
    row = next(r for r in range(window.picker.count())
               if window.picker.itemData(r) == Choice("demo", name, label=name))
    window.picker.setCurrentIndex(row)
    qtbot.waitUntil(lambda: window.tokenizer.name == name and window.settled())
    switched_after = time.monotonic() - started
    assert window.table.ids == load_demo(name).encode_ids(typed)
    assert window.shaped.shown_text() == typed
    assert window.layers.visible_chips()
    assert not window.banner.isVisible()
    assert switched_after < 1.5, f"waited {switched_after:.2f} s behind the stuck encodes"
    # back to the bad tokenizer: stuck again; closing returns at once and leaves no thread
    # that could keep the process alive
    window.open_path(str(bad_tokenizer))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.session.encoder.busy)
    threads = [t for runner in window.runners for t in runner.threads()]
    started = time.monotonic()
    window.close()
    assert time.monotonic() - started < 0.5
    assert threads and all(t.daemon for t in threads)
    assert all(not runner.busy for runner in window.runners)
    assert saved.read_text(encoding="utf-8") == typed


@needs_shared_data
def test_a_long_encode_shows_progress_and_can_be_cancelled(qtbot, tmp_path, bad_tokenizer):
    window = MainWindow(text="short", settings=settings_in(tmp_path), discover=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    window.open_path(str(bad_tokenizer))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    shown = window.table  # "short" encodes in no time with it
    window.replace_text(STUCK_TEXT)  # each encode runs out its second
    qtbot.waitUntil(lambda: window.cancel_button.isVisible()
                    and "Encoding" in window.busy_label.text())
    assert window.progress.isVisible()
    finished = window.session.encoder.finished_jobs
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.session.encoder.busy and not window.progress.isVisible()
    assert "cancelled" in window.statusBar().currentMessage()
    # the cancelled encode's outcome (a timeout) never shows up
    qtbot.waitUntil(lambda: window.session.encoder.finished_jobs > finished)
    assert "backtracks" not in window.banner.text()
    assert window.table is shown  # the views keep the last encoding


def test_a_runner_never_waits_for_a_job_of_another(qtbot):
    stuck, other = Runner("stuck"), Runner("other")
    release, release_again = threading.Event(), threading.Event()
    jobs: list[Job] = []

    def held(job: Job, until: threading.Event) -> str:
        jobs.append(job)
        until.wait(10)  # a job that takes as long as the test wants (not a wait in a test)
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


@needs_shared_data
def test_closing_a_stuck_window_ends_the_process(tmp_path, bad_tokenizer):
    """The real program, offscreen: SIGTERM closes the window as its close button does."""
    config = tmp_path / "config"
    config.mkdir()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BPELENS_CONFIG_DIR": str(config)}
    text = STUCK_TEXT + " and more"
    process = subprocess.Popen(
        [sys.executable, "-m", "bpelens.app", "--tokenizer", str(bad_tokenizer), "--text", text],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        ini = config / "bpelens.ini"
        deadline = time.monotonic() + 60
        # ready when the tokenizer has loaded (the window writes it down): encoding now
        while not (ini.is_file() and "backtracking" in ini.read_text(encoding="utf-8")):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the window never loaded the tokenizer"
            time.sleep(0.05)
        sent = time.monotonic()
        process.send_signal(signal.SIGTERM)
        returncode = process.wait(timeout=10)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    _, stderr = process.communicate()
    assert returncode == 0, stderr
    assert took < 5, f"the process took {took:.1f} s to end"
    assert (config / "bpelens-text.txt").read_text(encoding="utf-8") == text
