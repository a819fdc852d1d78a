"""The audit with its tokens' texts encoded by worker processes: the same audit, token for
token, as one process; a tokenizer without a file is audited here; stopping stops the
workers; the command line and the window take the number of processes."""

from __future__ import annotations

import json
import multiprocessing

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.settings import JOBS_KEY
from bpelens.core import audit, iter_audit, open_tokenizer
from bpelens.core.analysis import parallel_counts
from bpelens.core.debugging import audit as audit_module
from bpelens.resources import DEMO_TOKENIZERS, resource

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data
from test_gui_main_window import window_factory


@pytest.fixture
def pools(monkeypatch) -> list[list[bool]]:
    """Every pool the audit starts, with whether each gathering came back from the workers;
    the demo's 1,021 ids are far below what pays for workers, so they start for any size."""
    monkeypatch.setattr(audit_module, "MIN_PARALLEL_AUDIT", 0)
    started: list[list[bool]] = []

    class Recorded(parallel_counts.TokenizerPool):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            started.append([])

        def gather(self, futures):
            found = yield from super().gather(futures)
            started[-1].append(all(f.done() and f.exception() is None for f in futures))
            return found

    monkeypatch.setattr(audit_module, "TokenizerPool", Recorded)
    return started


def demo_from_its_file():
    return open_tokenizer(str(resource(DEMO_TOKENIZERS["demo-multilingual-byte"])))


def test_workers_give_the_audit_one_process_gives(pools):
    one = audit(demo_from_its_file(), jobs=1)
    assert pools == []
    two = audit(demo_from_its_file(), jobs=2)
    assert pools == [[True]]
    assert two.tokens == one.tokens
    assert two.counts == one.counts and two.merges == one.merges
    assert two.counts["reachable"] > 700  # a real audit, not an empty one


def test_a_tokenizer_without_a_file_is_audited_here(pools):
    assert audit(load_demo("demo-multilingual-byte"), jobs=2).tokens == audit(
        demo_from_its_file(), jobs=1).tokens
    assert pools == []


def test_stopping_the_audit_stops_the_workers(pools):
    steps = iter_audit(demo_from_its_file(), jobs=2)
    next(steps)
    steps.close()  # the window's Cancel, between two steps
    assert pools == [[]]
    assert not [child for child in multiprocessing.active_children() if child.is_alive()]


@needs_shared_data
def test_the_command_line_audits_the_same_with_every_core():
    """o200k (200k ids, above the floor): --jobs 2 in workers, --jobs 1 here."""
    o200k = str(SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken")
    outs = []
    for jobs in ("1", "2"):
        done = bpelens("audit", "-t", o200k, "--no-context", "--quiet", "--jobs", jobs)
        assert done.returncode == 0, done.stderr
        outs.append(json.loads(done.stdout))
    assert outs[0] == outs[1]
    assert outs[0]["counts"]["reachable"] == 198_424
    bad = bpelens("audit", "-t", o200k, "--jobs", "-1")
    assert bad.returncode == 2 and "--jobs -1" in bad.stderr


def test_the_windows_audit_uses_the_processes_chosen(qtbot, tmp_path, pools):
    make_window = window_factory(qtbot, tmp_path)
    window = make_window(tokenizer_path=str(resource(DEMO_TOKENIZERS["demo-multilingual-byte"])))
    window.session.settings.setValue(JOBS_KEY, 2)
    window.show_view("debug")
    page = window.views["debug"].audit_page
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.audit is not None)
    assert pools == [[True]]
    assert page.audit.tokens == audit(demo_from_its_file(), jobs=1).tokens
