"""The vocabulary-size sweep with its languages swept by worker processes: the same sweep, bit
for bit, as one process (and the same as tiktoken cut at each size); a BPE trained in memory
travels to the workers once; a tokenizer that cannot travel is swept here; stopping tells the
languages under way to end and stops the workers; the command line and the studio's sweep
dialog give the number of processes."""

from __future__ import annotations

import json
import multiprocessing
import random

import pytest
import tiktoken
from test_vocab_sweep import check_against, ntrex

from bpelens.app.parallel_corpora import demo_corpus
from bpelens.app.training_studio import sweep_runs
from bpelens.core import (
    SplitSizes,
    TrainingConfig,
    default_jobs,
    open_tokenizer,
    save_tokenizer,
    train,
)
from bpelens.core.analysis import parallel_counts
from bpelens.core.analysis import vocab_sweep as sweep_module
from bpelens.core.analysis.vocab_sweep import vocab_sweep
from bpelens.core.formats.tiktoken_file import read_ranks
from bpelens.resources import DEMO_TOKENIZERS, resource

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data


class Pools(list):
    """Every pool a sweep started: per pool, whether its results came back (None until then)
    and every task's future."""


@pytest.fixture
def pools(monkeypatch) -> Pools:
    """The demo corpus is far below what pays for workers: they start for any size here."""
    monkeypatch.setattr(sweep_module, "MIN_PARALLEL_SWEEP_CHARS", 0)
    started = Pools()

    class Recorded(parallel_counts.TokenizerPool):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.record = {"gathered": None, "futures": []}
            started.append(self.record)

        def _send(self, function, tasks, pending, sent, ahead):
            sent = super()._send(function, tasks, pending, sent, ahead)
            self.record["futures"] += [f for f in pending if f not in self.record["futures"]]
            return sent

        def _results(self, *args):
            found = yield from super()._results(*args)
            self.record["gathered"] = all(r is not None for r in found)
            return found

    monkeypatch.setattr(sweep_module, "TokenizerPool", Recorded)
    return started


def alive() -> list:
    return [child for child in multiprocessing.active_children() if child.is_alive()]


def demo_from_its_file():
    return open_tokenizer(str(resource(DEMO_TOKENIZERS["demo-multilingual-byte"])))


def demo_texts() -> dict[str, list[str]]:
    corpus = demo_corpus()
    rows = corpus.shared_rows(list(corpus.languages))
    return {language: corpus.sentences(language, rows) for language in corpus.languages}


SIZES = [256, 300, 400, 600, 1000, 5000]


def test_workers_sweep_what_one_process_sweeps(pools):
    texts = demo_texts()
    one = vocab_sweep(demo_from_its_file(), texts, SIZES, reference="en", jobs=1)
    assert pools == []
    fractions: list[float] = []
    two = vocab_sweep(demo_from_its_file(), texts, SIZES, reference="en", jobs=2,
                      progress=fractions.append)
    assert [p["gathered"] for p in pools] == [True]
    # Every number the same, floats included (Rényi efficiencies, ratios, Gini).
    assert two == one
    assert two.rows == one.rows and two.points == one.points
    assert len({row.tokens for row in one.rows}) > len(SIZES)  # a real sweep
    assert fractions == sorted(fractions) and fractions[-1] == 1.0


def test_a_bpe_trained_in_memory_travels_to_the_workers(pools):
    texts = demo_texts()
    trained = train([line for lines in texts.values() for line in lines],
                    TrainingConfig(vocab_size=700)).tokenizer
    assert trained.source is None  # no file to open again
    one = vocab_sweep(trained, texts, [256, 400, 550, 700], jobs=1)
    two = vocab_sweep(trained, texts, [256, 400, 550, 700], jobs=2)
    assert [p["gathered"] for p in pools] == [True]
    assert two == one
    assert one.points[0].tokens > one.points[-1].tokens


def test_a_tokenizer_that_cannot_travel_is_swept_here(pools):
    # A character-level vocabulary without the probe text's characters: a worker could not
    # check that it rebuilt the same tokenizer.
    corpus = ["low lower lowest", "new newer newest"] * 3
    trained = train(corpus, TrainingConfig(vocab_size=40, level="char",
                                           pretokenizer="whitespace")).tokenizer
    texts = {"xx": ["low new"] * 3, "yy": ["lower newest"] * 3}
    assert vocab_sweep(trained, texts, [20, 30, 40], jobs=2) == vocab_sweep(
        trained, texts, [20, 30, 40], jobs=1)
    assert pools == []


def test_one_language_or_a_small_corpus_stays_here(monkeypatch):
    started: list[int] = []
    monkeypatch.setattr(sweep_module, "_swept_in_workers",
                        lambda *args: started.append(1))
    texts = demo_texts()
    vocab_sweep(demo_from_its_file(), texts, SIZES, jobs=2)  # under the real threshold
    monkeypatch.setattr(sweep_module, "MIN_PARALLEL_SWEEP_CHARS", 0)
    vocab_sweep(demo_from_its_file(), {"en": texts["en"]}, SIZES, jobs=2)
    assert started == []
    vocab_sweep(demo_from_its_file(), texts, SIZES, jobs=2)
    assert started == [1]


def many_words(seed: int, count: int) -> list[str]:
    """Lines of made-up words: many distinct pieces, so a language takes its worker a while."""
    rnd = random.Random(seed)
    letters = "abcdefghijklmnopqrstuvwxyzéü"
    words = ["".join(rnd.choice(letters) for _ in range(rnd.randint(3, 12)))
             for _ in range(count)]
    return [" ".join(words[i : i + 10]) for i in range(0, count, 10)]


def test_stopping_the_sweep_stops_the_languages_under_way_and_the_workers(pools):
    texts = {f"l{i}": many_words(i, 40_000) for i in range(4)}
    calls: list[float] = []

    class Stop(Exception):
        pass

    def progress(fraction: float) -> None:
        calls.append(fraction)
        raise Stop  # the window's Cancel, at the first report (a tick or a language done)

    with pytest.raises(Stop):
        vocab_sweep(demo_from_its_file(), texts, [300, 1000], jobs=2, progress=progress)
    assert len(calls) == 1
    assert not alive()
    (record,) = pools
    assert record["gathered"] is None  # never finished gathering
    futures = record["futures"]
    assert futures and all(f.done() for f in futures)
    # The languages under way were told to stop and did, rather than run to their end.
    stopped = [f for f in futures if not f.cancelled() and f.exception() is not None]
    assert stopped and all(type(f.exception()).__name__ == "_Stopped" for f in stopped)
    finished = [f for f in futures if not f.cancelled() and f.exception() is None]
    assert len(finished) < len(texts)


@needs_shared_data
def test_workers_sweep_as_tiktoken_cut_at_each_size(pools):
    """o200k from its file on NTREX: the workers' sweep equals one process's and tiktoken
    encoding with the ranks below each size."""
    name = "o200k_base"
    source = SHARED_DATA / "tokenizers" / "tiktoken" / f"{name}.tiktoken"
    tokenizer = open_tokenizer(source)
    texts = ntrex(("eng", "jpn", "hin", "arb", "deu"), 60)
    sizes = [300, 1000, 8000, 60000]
    two = vocab_sweep(tokenizer, texts, sizes, jobs=2)
    assert [p["gathered"] for p in pools] == [True]
    assert two == vocab_sweep(tokenizer, texts, sizes, jobs=1)
    ranks = read_ranks(source)[0]
    pattern = tokenizer.pretokenizer.pattern
    cuts = {size: tiktoken.Encoding(f"{name}-{size}", pat_str=pattern, special_tokens={},
                                    mergeable_ranks={b: r for b, r in ranks.items() if r < size})
            for size in sizes}
    import regex

    check_against(two, texts, lambda point, text: cuts[point.size].encode_ordinary(text),
                  lambda line: [p for p in regex.findall(pattern, line) if p],
                  tokenizer.model.vocab_size)


def test_the_command_line_takes_the_processes(pools, tmp_path, capsys):
    from bpelens.app.cli import run as cli_run

    demo = str(resource(DEMO_TOKENIZERS["demo-multilingual-byte"]))
    outs = []
    for jobs in ("1", "2"):
        status = cli_run(["sweep", "-t", demo, "--corpus", "demo", "--sizes", "256:1000:x2",
                          "--quiet", "--jobs", jobs])
        captured = capsys.readouterr()
        assert status == 0, captured.err
        outs.append(json.loads(captured.out))
    assert [p["gathered"] for p in pools] == [True]  # --jobs 2 only
    assert outs[0] == outs[1]
    assert outs[0]["sweeps"][0]["points"][0]["tokens"] > 0


def test_the_command_line_refuses_a_negative_number_of_processes():
    demo = str(resource(DEMO_TOKENIZERS["demo-multilingual-byte"]))
    done = bpelens("sweep", "-t", demo, "--corpus", "demo", "--sizes", "256,300", "--quiet",
                   "--jobs", "2")
    assert done.returncode == 0, done.stderr  # (a small corpus: swept here)
    bad = bpelens("sweep", "-t", demo, "--corpus", "demo", "--jobs", "-1")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "bpelens: error: --jobs -1: expected 0 (one per core) or more"]


class Job:
    """A runner's job as the studio's sweep gets it: never cancelled."""

    def __init__(self) -> None:
        self.reports: list[float | None] = []

    def check(self) -> None:
        pass

    def progress(self, fraction, message) -> None:
        self.reports.append(fraction)

    def hand_over(self, item) -> None:
        pass


def test_the_studio_sweeps_runs_with_the_processes_it_is_given(pools, tmp_path):
    corpus = demo_corpus()
    lines = [s for language in corpus.languages for s in corpus.sentences(language)[:10]]
    path = tmp_path / "run.json"
    save_tokenizer(train(lines, TrainingConfig(vocab_size=400)).tokenizer, path)
    split = SplitSizes(10, 0)
    one = sweep_runs([path], corpus, split, [260, 330, 400], Job())
    assert pools == []
    job = Job()
    two = sweep_runs([path], corpus, split, [260, 330, 400], job, jobs=2)
    assert [p["gathered"] for p in pools] == [True]
    assert two == one
    fractions = [f for f in job.reports if f is not None]  # (None: "Opening…")
    assert fractions and fractions == sorted(fractions)


def test_the_studio_view_sweeps_and_trains_with_the_processes_setting(qtbot, tmp_path,
                                                                     monkeypatch):
    """The Compare tab's Processes setting is the one setting for corpus work: the Training
    Studio passes it to the sweep and to training (auto: one per core)."""
    from bpelens.app.gui.views import studio_view

    from test_gui_main_window import window_factory

    window = window_factory(qtbot, tmp_path)()
    view = window.findChild(studio_view.StudioView)
    assert view.processes() == default_jobs()  # auto: one per core
    window.session.settings.setValue("compare/jobs", 3)
    assert view.processes() == 3
    given: list[int] = []

    def sweep(paths, corpus, split, sizes, job, jobs=1):
        given.append(jobs)
        return []

    monkeypatch.setattr(studio_view, "sweep_runs", sweep)
    view.corpus = demo_corpus()
    monkeypatch.setattr(view, "selected_runs", lambda: [type("Run", (), {
        "path": tmp_path / "run.json", "name": "run"})()])
    view.sweep_runs()
    qtbot.waitUntil(lambda: given == [3])
