"""The audit with its tokens' texts encoded by worker processes: the same audit, token for
token, as one process; a tokenizer without a file is audited here; stopping stops the
workers; the command line takes the number of processes."""

from __future__ import annotations

import json
import multiprocessing

import pytest

from bpelens.app.demo_data import load_demo
from bpelens.core import (
    TrainingConfig,
    audit,
    iter_audit,
    open_tokenizer,
    save_tokenizer,
    train,
)
from bpelens.core.analysis import parallel_counts
from bpelens.core.debugging import audit as audit_module
from bpelens.resources import DEMO_TOKENIZERS, resource

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data


@pytest.fixture
def pools(monkeypatch) -> list[list[bool]]:
    """Every pool the audit starts, with whether each gathering came back from the workers;
    the demo's 1,021 ids are far below what pays for workers, so they start for any size,
    with batches small enough to give each one."""
    monkeypatch.setattr(audit_module, "MIN_PARALLEL_AUDIT", 0)
    monkeypatch.setattr(audit_module, "BATCH", 200)  # batches enough for two processes
    started: list[list[bool]] = []

    class Recorded(parallel_counts.TokenizerPool):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            started.append([])

        def _results(self, *args):
            found = yield from super()._results(*args)
            started[-1].append(all(r is not None for r in found))
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


def alive() -> list:
    return [child for child in multiprocessing.active_children() if child.is_alive()]


def test_stopping_the_audit_stops_the_workers(pools, monkeypatch):
    monkeypatch.setattr(audit_module, "BATCH", 20)  # many batches: stopped between them
    steps = iter_audit(demo_from_its_file(), jobs=2)
    next(steps)
    assert len(alive()) == 2  # started with the audit, before any text was sent
    next(steps)
    steps.close()  # the window's Cancel, between two steps
    assert pools == [[]]
    assert not alive()


def test_a_vocabulary_the_probe_text_cannot_encode_is_audited_here(pools, tmp_path):
    # A character-level vocabulary without "H": its workers could not check themselves.
    corpus = ["low lower lowest", "new newer newest"] * 3
    trained = train(corpus, TrainingConfig(vocab_size=40, level="char",
                                           pretokenizer="whitespace")).tokenizer
    path = tmp_path / "chars.json"
    save_tokenizer(trained, path)
    assert audit(open_tokenizer(path), jobs=2).tokens == audit(open_tokenizer(path)).tokens
    assert pools == []


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
    assert outs[0]["counts"]["reachable"] > 0
    bad = bpelens("audit", "-t", o200k, "--jobs", "-1")
    assert bad.returncode == 2 and "--jobs -1" in bad.stderr
