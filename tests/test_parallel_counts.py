"""Counting a corpus in worker processes gives the counts one process gives, bit for bit; a
tokenizer that cannot be opened again in a worker is counted here; stopping the counting
stops the workers."""

from __future__ import annotations

import json
import multiprocessing

import numpy as np
import pytest

from bpelens.app.demo_data import load_demo
from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import open_tokenizer
from bpelens.core.analysis import parallel_counts
from bpelens.core.analysis.comparison import iter_tokenizer_counts
from bpelens.resources import DEMO_TOKENIZERS, resource

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data


def run(steps):
    fractions = []
    while True:
        try:
            fractions.append(next(steps))
        except StopIteration as done:
            return done.value, fractions


def same_counts(a, b) -> None:
    assert list(a.languages) == list(b.languages)
    for language in a.languages:
        x, y = a.languages[language], b.languages[language]
        for field in ("sentences", "chars", "bytes", "tokens", "partial_tokens",
                      "fallback_tokens", "distinct_tokens"):
            assert getattr(x, field) == getattr(y, field), (language, field)
        assert np.array_equal(x.sentence_tokens, y.sentence_tokens), language


@pytest.fixture
def small_corpora_in_workers(monkeypatch):
    # The demo corpus is far below what pays for starting workers: counted in them anyway.
    monkeypatch.setattr(parallel_counts, "MIN_PARALLEL_CHARS", 0)


def demo_from_its_file():
    """The bundled demo opened from its file, as a user's tokenizer is (a worker opens it
    again from there)."""
    return open_tokenizer(str(resource(DEMO_TOKENIZERS["demo-multilingual-byte"])))


def test_workers_count_what_one_process_counts(small_corpora_in_workers):
    corpus = demo_corpus()
    languages = list(corpus.languages)
    one, _ = run(iter_tokenizer_counts("demo", load_demo("demo-multilingual-byte"), corpus,
                                       languages, jobs=1))
    two, fractions = run(iter_tokenizer_counts("demo", demo_from_its_file(), corpus,
                                               languages, jobs=2))
    assert (one.processes, two.processes) == (1, 2)
    same_counts(one, two)
    assert fractions == sorted(fractions) and fractions[-1] == 1.0


def test_a_tokenizer_without_a_file_is_counted_here(small_corpora_in_workers):
    corpus = demo_corpus()
    tokenizer = demo_from_its_file()
    tokenizer.source = None  # as a tokenizer trained in the window has none
    counted, _ = run(iter_tokenizer_counts("demo", tokenizer, corpus, list(corpus.languages),
                                           jobs=2))
    assert counted.processes == 1
    one, _ = run(iter_tokenizer_counts("demo", load_demo("demo-multilingual-byte"), corpus,
                                       list(corpus.languages), jobs=1))
    same_counts(one, counted)


def test_stopping_stops_the_workers(small_corpora_in_workers, monkeypatch):
    monkeypatch.setattr(parallel_counts, "AHEAD", 1)
    corpus = demo_corpus()
    steps = iter_tokenizer_counts("demo", demo_from_its_file(), corpus,
                                  list(corpus.languages), jobs=2)
    next(steps)
    steps.close()  # a caller that stops between steps (the window's Cancel)
    assert not [child for child in multiprocessing.active_children() if child.is_alive()]


@needs_shared_data
def test_the_command_line_counts_the_same_with_every_core():
    """NTREX (6 M characters) with o200k: --jobs 2 in workers, --jobs 1 here, the same
    JSON."""
    o200k = str(SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken")
    ntrex = str(SHARED_DATA / "parallel" / "ntrex128")
    outs = []
    for jobs in ("1", "2"):
        done = bpelens("compare", "-t", o200k, "--corpus", ntrex, "--quiet", "--jobs", jobs)
        assert done.returncode == 0, done.stderr
        outs.append(json.loads(done.stdout))
    assert outs[0] == outs[1]
    bad = bpelens("compare", "-t", o200k, "--corpus", "demo", "--jobs", "-1")
    assert bad.returncode == 2 and "--jobs -1" in bad.stderr
