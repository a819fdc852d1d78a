"""Training's corpus counted by worker processes: the same pieces, in the same first-seen order
(ties broken by it give the same merges), with the same counts as one process, for a corpus
of one weight or of several, with special tokens, lone surrogates and a normalizer; training by
language the same; progress still reported; stopping stops the workers; workers that cannot
start leave the counting to this process; the command line takes the number of processes."""

from __future__ import annotations

import json
import multiprocessing
import operator
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models, pre_tokenizers, trainers

from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import (
    LanguageCorpus,
    ParityConfig,
    TrainingConfig,
    bytes_to_printable,
    iter_multilingual_training,
    load_tokenizer,
    train,
    trainer_named,
)
from bpelens.core.analysis import parallel_counts
from bpelens.core.training import multilingual, trainer
from bpelens.core.training.trainer import count_pieces, counting_jobs

from cli_helpers import bpelens


@pytest.fixture
def pools(monkeypatch) -> list[dict]:
    """Every pool training starts, with the results it gave. The corpora here are far below
    what pays for workers: they start after a few characters, with chunks small enough that
    each worker gets several."""
    monkeypatch.setattr(trainer, "MIN_PARALLEL_COUNT_CHARS", 200)
    monkeypatch.setattr(trainer, "CHUNK_CHARS", 500)
    monkeypatch.setattr(trainer, "_BATCH", 16)  # lines read at a time
    monkeypatch.setattr(multilingual, "COUNT_LINES", 7)
    started: list[dict] = []

    class Recorded(parallel_counts.WorkerPool):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.record = {"jobs": self.jobs, "results": 0, "closed": False}
            started.append(self.record)

        def ordered(self, *args, **kwargs):
            for result in super().ordered(*args, **kwargs):
                self.record["results"] += 1
                yield result

        def close(self) -> None:
            super().close()
            self.record["closed"] = True

    monkeypatch.setattr(trainer, "WorkerPool", Recorded)
    return started


def alive() -> list:
    return [child for child in multiprocessing.active_children() if child.is_alive()]


def shakespeare_like() -> list[str]:
    words = ["the", "king", "shall", "speak", "of", "love", "and", "war", "unto", "thee",
             "my", "lord,", "what", "say", "you?", "NAY;", "'tis", "but", "a", "word"]
    return [" ".join(words[(i * 7 + j) % len(words)] for j in range(i % 9 + 1)) + "\n"
            for i in range(400)]


def same(a: tuple[dict[str, int], int], b: tuple[dict[str, int], int]) -> None:
    assert list(a[0].items()) == list(b[0].items())  # order too
    assert a[1] == b[1]


def test_one_weight_counted_in_workers_as_here(pools):
    lines = shakespeare_like()
    config = TrainingConfig(vocab_size=300)
    here = count_pieces(lines, config, jobs=1)
    assert pools == []
    there = count_pieces(iter(lines), config, jobs=2)
    same(here, there)
    (pool,) = pools
    assert pool["results"] > 2 and pool["closed"]  # several chunks came back
    assert len(here[0]) > 20


def test_weights_specials_surrogates_and_a_normalizer(pools):
    lines = shakespeare_like()
    # Weights changing every few lines (a chunk holds one weight), a special token, a lone
    # surrogate, and a normalizer that changes the text.
    weights = [1, Fraction(1, 3), 2, "3/2", 1]
    corpus = [(line.replace("lord", "lord<s>").replace("war", "w\ud800ar").upper()
               if i % 5 == 0 else line, weights[(i // 3) % len(weights)])
              for i, line in enumerate(lines)]
    config = TrainingConfig(vocab_size=300, special_tokens=("<S>",), normalizer="lowercase")
    here = count_pieces(corpus, config, jobs=1)
    there = count_pieces(iter(corpus), config, jobs=2)
    same(here, there)
    assert here[1] == 6
    assert "<S>" not in here[0] and "<s>" not in "".join(here[0])
    assert any("\ufffd" in piece for piece in here[0])
    assert pools[0]["results"] > 2


@given(corpus=st.lists(st.tuples(
    st.text(alphabet="ab é\n日?", min_size=1, max_size=40),
    st.sampled_from([1, 2, Fraction(1, 2), Fraction(2, 3)])), min_size=20, max_size=80))
@settings(max_examples=8, deadline=None, derandomize=True)
def test_any_corpus_is_counted_in_workers_as_here(corpus):
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(trainer, "MIN_PARALLEL_COUNT_CHARS", 10)
        patch.setattr(trainer, "CHUNK_CHARS", 30)
        patch.setattr(trainer, "_BATCH", 2)
        given_back: list[int] = []

        class Recorded(parallel_counts.WorkerPool):
            def ordered(self, *args, **kwargs):
                for result in super().ordered(*args, **kwargs):
                    given_back.append(len(result))
                    yield result

        patch.setattr(trainer, "WorkerPool", Recorded)
        config = TrainingConfig(vocab_size=300, pretokenizer="gpt2")
        same(count_pieces(corpus, config, jobs=1), count_pieces(corpus, config, jobs=2))
        assert given_back  # (the workers counted some of it)


def test_workers_that_cannot_start_leave_the_counting_here(pools, monkeypatch):
    class Broken(parallel_counts.WorkerPool):
        def __init__(self, jobs, initializer, initargs) -> None:
            # Each worker's set-up raises (1 / 0): the pool breaks at its first task.
            super().__init__(jobs, operator.truediv, (1, 0))

    monkeypatch.setattr(trainer, "WorkerPool", Broken)
    lines = shakespeare_like()
    corpus = [(line, 1 + i // 100) for i, line in enumerate(lines)]
    config = TrainingConfig(vocab_size=300)
    same(count_pieces(corpus, config, jobs=1), count_pieces(iter(corpus), config, jobs=2))
    languages = two_languages()
    one = run(iter_multilingual_training(languages, config, jobs=1))[0]
    two = run(iter_multilingual_training(languages, config, jobs=2))[0]
    assert two.tokenizer.model.rules == one.tokenizer.model.rules
    assert not alive()


def merges_of(result) -> list[tuple[int, int, int]]:
    return [(r.left_id, r.right_id, r.new_id) for r in result.tokenizer.model.rules]


@pytest.mark.parametrize("tie_break", ["smallest_ids", "first_occurrence"])
def test_training_learns_the_same_merges(pools, tie_break):
    # first_occurrence breaks ties by the order pieces were first seen: counting in workers
    # must keep it.
    lines = shakespeare_like()
    config = TrainingConfig(vocab_size=400, tie_break=tie_break, min_frequency=1)
    one = train(lines, config, trace_top=3)
    assert pools == []
    with counting_jobs(2):
        two = train(iter(lines), config, trace_top=3)
    assert pools and pools[0]["results"] > 2
    assert merges_of(two) == merges_of(one)
    assert two.record == one.record  # counts, trace, most frequent pieces in order
    assert len(one.merges) > 50


@pytest.mark.parametrize(("name", "options"), [("superbpe", {"transition": 330}),
                                               ("picky", {"ios_threshold": 0.6})])
def test_every_trainer_counts_in_workers_within_the_block(pools, name, options):
    lines = shakespeare_like()
    config = TrainingConfig(vocab_size=400, min_frequency=1)
    trainer_ = trainer_named(name)
    one = list(trainer_.train(lines, config, options))[-1].result
    assert pools == []
    with counting_jobs(2):
        two = list(trainer_.train(lines, config, options))[-1].result
    assert pools and all(p["results"] > 0 for p in pools)
    assert merges_of(two) == merges_of(one)
    assert two.record == one.record
    assert two.tokenizer.encode_ids("".join(lines)) == one.tokenizer.encode_ids("".join(lines))


def test_training_in_workers_learns_what_hugging_face_learns(pools):
    lines = shakespeare_like()
    hf = HFTokenizer(models.BPE())
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    hf.train_from_iterator(lines, trainers.BpeTrainer(
        vocab_size=500, min_frequency=0, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    expected = [tuple(m) if isinstance(m, list) else tuple(m.split(" "))
                for m in json.loads(hf.to_str())["model"]["merges"]]
    with counting_jobs(2):
        ours = train(lines, TrainingConfig(vocab_size=500, byte_order="hf", min_frequency=0))
    assert pools and pools[0]["results"] > 2
    table = ours.tokenizer.model.token_bytes
    assert [(bytes_to_printable(table[m.left_id]), bytes_to_printable(table[m.right_id]))
            for m in ours.merges] == expected


def two_languages() -> list[LanguageCorpus]:
    corpus = demo_corpus()
    return [LanguageCorpus(language, tuple(corpus.sentences(language)[:14]),
                           tuple(corpus.sentences(language)[14:18]))
            for language in ("en", "ja", "ru")]


def run(steps):
    progress = list(steps)
    return progress[-1].result, progress


@pytest.mark.parametrize("parity", [None, ParityConfig()])
def test_training_by_language_is_the_same_and_reports_its_counting(pools, parity):
    languages = two_languages()
    config = TrainingConfig(vocab_size=420)
    one, steps_one = run(iter_multilingual_training(languages, config, parity, jobs=1))
    assert pools == []
    two, steps_two = run(iter_multilingual_training(languages, config, parity, jobs=2))
    assert pools and pools[0]["results"] > 2 and pools[0]["closed"]
    assert merges_of(two) == merges_of(one)
    assert two.record == one.record  # dev tokens after each merge, choosers
    counting = [(p.done, p.total) for p in steps_two if p.phase == "counting"]
    assert counting == [(p.done, p.total) for p in steps_one if p.phase == "counting"]
    lines = sum(len(x.train) + len(x.dev) for x in languages)
    assert counting[0] == (0, lines) and counting[-1] == (lines, lines) and len(counting) > 3


def test_stopping_training_by_language_stops_the_workers(pools):
    steps = iter_multilingual_training(two_languages(), TrainingConfig(vocab_size=420),
                                       jobs=2)
    next(steps)  # counting starts
    next(steps)  # a chunk counted: the workers are running
    assert alive()
    steps.close()  # the studio's Cancel
    assert not alive()
    assert pools[0]["closed"]


def test_the_command_line_counts_in_workers_and_saves_the_same_tokenizer(pools, tmp_path,
                                                                          capsys):
    from bpelens.app.cli import run as cli_run

    corpus = tmp_path / "c.txt"
    corpus.write_text("".join(shakespeare_like()), encoding="utf-8")
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"out{jobs}.json"
        status = cli_run(["train", "--corpus", str(corpus), "--vocab-size", "400", "-o",
                          str(out), "--jobs", jobs])
        captured = capsys.readouterr()
        assert status == 0, captured.err
        assert captured.err.splitlines()[-1].startswith("done: ")  # progress still shown
        outs.append(load_tokenizer(out))
    assert [p["jobs"] for p in pools] == [2]
    assert outs[0].model.rules == outs[1].model.rules
    assert outs[0].training == outs[1].training


def test_the_command_line_refuses_a_negative_number_of_processes(tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("low lower lowest\n" * 5, encoding="utf-8")
    out = tmp_path / "m.json"
    done = bpelens("train", "--corpus", str(corpus), "--vocab-size", "270", "-o", str(out),
                   "--quiet", "--jobs", "2")
    assert done.returncode == 0, done.stderr  # (a small corpus: counted here)
    bad = bpelens("train", "--corpus", str(corpus), "--vocab-size", "270", "-o", str(out),
                  "--jobs", "-3")
    assert bad.returncode == 2
    assert bad.stderr.strip().splitlines() == [
        "bpelens: error: --jobs -3: expected 0 (one per core) or more"]
    done = bpelens("train", "--corpus", f"en={corpus}", "--corpus", f"de={corpus}",
                   "--vocab-size", "270", "-o", str(out), "--quiet", "--jobs", "0")
    assert done.returncode == 0, done.stderr  # by language too


class Job:
    """A studio runner's job."""

    def __init__(self) -> None:
        self.messages: list[str] = []

    def check(self) -> None:
        pass

    def progress(self, fraction, message) -> None:
        self.messages.append(message)

    def hand_over(self, item) -> None:
        pass


def test_a_studio_run_counts_with_the_processes_it_is_given(pools, tmp_path):
    from bpelens.app.training_studio import StudioPlan, run_plan
    from bpelens.core import SplitSizes

    plan = StudioPlan("demo", ("en", "ja", "ru"), SplitSizes(14, 4), TrainingConfig(420))
    one = run_plan(plan, tmp_path / "one", Job())
    assert pools == []
    job = Job()
    two = run_plan(plan, tmp_path / "two", job, jobs=2)
    assert [p["jobs"] for p in pools] == [2] and pools[0]["closed"]
    assert any(m.startswith("Counting pieces") for m in job.messages)
    assert load_tokenizer(two.path).model.rules == load_tokenizer(one.path).model.rules
    assert (two.dev_tokens, two.evaluation) == (one.dev_tokens, one.evaluation)
    run_plan(plan, tmp_path / "three", Job(), jobs=1)
    assert len(pools) == 1
