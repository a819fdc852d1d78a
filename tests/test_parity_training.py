"""Training by language: parity-aware BPE learns the same merges as tokenizers'
ParityBpeTrainer (0.23.3), its record (chosen language, dev-set totals) is what the merges
imply, classic training on weighted languages is ``train`` on the weighted union, and bad
settings, saved records and cancelling behave."""

import functools
import gc
import json
import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from multiprocessing.connection import Connection
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models, pre_tokenizers
from tokenizers.trainers import ParityBpeTrainer

from bpelens.core import (
    ConfigError,
    LanguageCorpus,
    ParityConfig,
    TokenizerFileError,
    TrainingConfig,
    TrainingError,
    TrainingProgress,
    TrainingResult,
    bytes_to_printable,
    iter_multilingual_training,
    load_tokenizer,
    save_tokenizer,
    train,
    train_languages,
)

from conftest import HANG_SECONDS, SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

NTREX = SHARED_DATA / "parallel" / "ntrex128"
SIX = ("eng", "jpn", "hin", "arb", "deu", "rus")

Merge = tuple[str, str]

# A training that never returns is stopped with SIGALRM (ours, a Python loop) or by killing
# a forked child (HF's, in Rust).
can_stop_hangs = pytest.mark.skipif(
    not hasattr(signal, "SIGPROF") or sys.platform != "linux",
    reason="stops a training that never returns with SIGPROF, in a forked child or here")


@dataclass(frozen=True)
class Run:
    """One parity-aware training, set up the same way on both sides."""

    train: list[list[str]]
    dev: list[list[str]] | None  # None: no dev set at all (HF gets no dev iterators)
    merges: int
    variant: str = "base"
    global_merges: int = 0
    window_size: int = 100
    alpha: float = 2.0
    min_frequency: int = 0
    ratio: list[float] | None = None


def hf_merges(run: Run) -> list[Merge]:
    tok = HFTokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    trainer = ParityBpeTrainer(
        num_merges=run.merges, variant=run.variant, min_frequency=run.min_frequency,
        ratio=run.ratio, global_merges=run.global_merges, window_size=run.window_size,
        alpha=run.alpha, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    trainer.train_from_iterator(
        tok, [iter(lines) for lines in run.train],
        dev_iterators=[iter(d) for d in run.dev] if run.dev is not None else None,
    )
    merges = json.loads(tok.to_str())["model"]["merges"]
    return [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in merges]


def languages_of(run: Run) -> list[LanguageCorpus]:
    dev = run.dev if run.dev is not None else [[] for _ in run.train]
    return [LanguageCorpus(f"lang{i}", t, d)
            for i, (t, d) in enumerate(zip(run.train, dev, strict=True))]


def parity_of(run: Run) -> ParityConfig:
    return ParityConfig(variant=run.variant, global_merges=run.global_merges,  # type: ignore[arg-type]
                        window_size=run.window_size, alpha=run.alpha, ratio=run.ratio)


def our_training(run: Run) -> TrainingResult:
    config = TrainingConfig(vocab_size=256 + run.merges, byte_order="hf", pretokenizer="gpt2",
                            min_frequency=run.min_frequency)
    return train_languages(languages_of(run), config, parity_of(run))


def merge_texts(result: TrainingResult) -> list[Merge]:
    table = result.tokenizer.model.token_bytes
    return [(bytes_to_printable(table[m.left_id]), bytes_to_printable(table[m.right_id]))
            for m in result.merges]


# A training loop that never ends must fail its test, not hang the run. The limits are of CPU
# time, which a busy machine does not stretch (its wall time it does, without bound): a
# run here computes for milliseconds (0.3 s at most, on NTREX), a hung one never stops.
CPU_SECONDS = 20


@contextmanager
def deadline(seconds: float = CPU_SECONDS) -> Iterator[None]:
    """TimeoutError in the block once this process has computed for ``seconds`` of CPU time
    inside it (the loop is Python, so the signal gets in)."""
    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"training still running after {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    except TimeoutError:
        # Raised afresh: the interrupted frame can lack a line number, which breaks
        # pytest's traceback formatting (INTERNALERROR) and hides the failure.
        raise TimeoutError(f"training still running after {seconds} s of CPU time") from None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def _hf_merges_into(run: Run, send: Connection, cpu_seconds: float) -> None:
    # Rust in a loop runs no Python signal handler: the kernel ends this child (SIGPROF's
    # default action) once it has computed for cpu_seconds.
    signal.signal(signal.SIGPROF, signal.SIG_DFL)
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    send.send(hf_merges(run))


def hf_merges_unless_hung(run: Run, cpu_seconds: float = 0.5) -> list[Merge] | None:
    """HF's merges, or None when its trainer has computed for ``cpu_seconds`` of CPU time
    without returning (it never returns on some inputs; see
    test_training_ends_where_parity_bpe_trainer_never_does): the corpora here train in
    milliseconds (0.2 s at most, on NTREX). In a forked child, so that a hung trainer can be
    ended; CPU time, not wall time, so that a busy machine gives the same answers."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_hf_merges_into, args=(run, send, cpu_seconds), daemon=True)
    child.start()
    send.close()
    try:
        if not receive.poll(HANG_SECONDS):
            pytest.fail(f"HF's trainer neither answered nor used up {cpu_seconds} s of CPU "
                        f"in {HANG_SECONDS} s")
        try:
            return receive.recv()
        except EOFError:
            child.join()
            assert child.exitcode == -signal.SIGPROF, f"the child ended with {child.exitcode}"
            return None
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receive.close()


@functools.cache
def ntrex_lines(code: str) -> tuple[str, ...]:
    name = "newstest2019-src.eng.txt" if code == "eng" else f"newstest2019-ref.{code}.txt"
    text = (NTREX / name).read_text(encoding="utf-8").replace("\r", "")
    return tuple(text.splitlines(keepends=True))


def ntrex_split(codes: tuple[str, ...], n_train: int, n_dev: int
                ) -> tuple[list[list[str]], list[list[str]] | None]:
    """The first ``n_train`` lines of each language for training, the next ``n_dev`` for dev."""
    lines = [ntrex_lines(code) for code in codes]
    train_part = [list(ls[:n_train]) for ls in lines]
    dev_part = [list(ls[n_train:n_train + n_dev]) for ls in lines] if n_dev else None
    return train_part, dev_part


def ntrex_run(codes: tuple[str, ...] = SIX, n_train: int = 300, n_dev: int = 50,
              merges: int = 2000, **settings_: object) -> Run:
    train_part, dev_part = ntrex_split(codes, n_train, n_dev)
    return Run(train_part, dev_part, merges, **settings_)  # type: ignore[arg-type]


# -- 1. merge for merge against ParityBpeTrainer on real text ---------------------------------

# Sized so that each case is about a second for both trainers together: 2000 merges on six
# languages reach well past the byte pairs, into whole words of every script.
REAL_CASES = {
    "base": dict(),
    "window-W100": dict(variant="window", window_size=100),
    # A window that does not divide the merge count, and a threshold α/L·W that is no integer.
    "window-W37": dict(variant="window", window_size=37),
    "hybrid-base": dict(global_merges=500),
    "hybrid-window": dict(variant="window", global_merges=500, window_size=100),
    "ratio-base": dict(n_dev=0, ratio=[1.0, 1.2, 0.8, 1.0, 1.1, 0.9]),
    "ratio-window": dict(n_dev=0, variant="window", window_size=50,
                         ratio=[1.0, 1.2, 0.8, 1.0, 1.1, 0.9]),
    # Given both, HF chooses by the dev set and ignores the ratios (its documented rule).
    "ratio-and-dev": dict(n_train=200, n_dev=30, merges=800,
                          ratio=[1.0, 1.2, 0.8, 1.0, 1.1, 0.9]),
    # Other scripts, and no dev set or ratio: the training lengths choose.
    "no-dev-window": dict(codes=("eng", "zho-CN", "kor", "tha", "ell"), n_dev=0,
                          variant="window", window_size=60, merges=1500),
}


@needs_shared_data
@pytest.mark.parametrize("case", list(REAL_CASES))
def test_merges_identical_to_parity_bpe_trainer_on_ntrex(case: str) -> None:
    run = ntrex_run(**REAL_CASES[case])  # type: ignore[arg-type]
    result = our_training(run)
    assert merge_texts(result) == hf_merges(run)
    assert len(result.merges) == run.merges
    assert result.stop_reason == "merges"


@needs_shared_data
@can_stop_hangs
@pytest.mark.parametrize(("variant", "merges", "stop"), [
    # No language has 3000 pairs seen 4 times in 100 lines: all are left out in the end.
    ("base", 3000, "languages_exhausted"),
    # hin is left out after ~750 merges and rus after ~1800, the others go on; stopping at
    # 2200 keeps clear of the point where HF's window choice never returns (below).
    ("window", 2200, "merges"),
])
def test_languages_left_out_by_min_frequency_as_parity_bpe_trainer(
    variant: str, merges: int, stop: str,
) -> None:
    run = ntrex_run(n_train=100, n_dev=30, merges=merges, min_frequency=4, variant=variant)
    result = our_training(run)
    theirs = hf_merges_unless_hung(run, CPU_SECONDS)
    assert theirs is not None, "HF's trainer did not return"
    assert merge_texts(result) == theirs
    assert result.stop_reason == stop
    if stop == "languages_exhausted":
        assert len(theirs) < run.merges
    assert all(m.count >= 4 for m in result.merges)
    # Some language stopped choosing long before the end while the others went on.
    last_turns = [max((r for r, c in enumerate(result.record.chosen) if c == lang), default=-1)
                  for lang in range(len(run.train))]
    assert min(last_turns) < len(result.merges) - 300


# Inputs on which HF's ParityBpeTrainer (0.23.3) never returns (nor did ours at first), with
# the merges that can still be made. The window's choice masks each language over its share
# α/L of the last W choices and takes the best of the rest; a language left out (or, with
# ratios, one without text: 0/0 = NaN) has the floor value and is never the best, so once
# every other language is masked the loop falls back on index 0, already masked, forever.
# Base with ratios returns index 0, left out, when no language left has a comparable score.
NEVER_RETURNS = {
    # "xy" has one pair: lang1 is left out after it, lang0 then fills the window of 2.
    "window-language-left-out": (
        Run([["abcdefgh\n"], ["xy\n"]], None, 8, variant="window", window_size=2, alpha=1.0),
        8),
    "window-ratio-language-without-text": (
        Run([["abcdefgh\n"], []], None, 5, variant="window", window_size=2, alpha=1.0,
            ratio=[1.0, 1.0]),
        5),
    "base-ratio-language-without-text": (Run([["1"], []], None, 1, ratio=[0.5, 0.5]), 0),
}


@can_stop_hangs
@pytest.mark.parametrize("case", list(NEVER_RETURNS))
def test_training_ends_where_parity_bpe_trainer_never_does(case: str) -> None:
    run, possible = NEVER_RETURNS[case]
    with deadline():
        try:
            result = our_training(run)
        except TrainingError:
            # Refusing a language without training text is an answer too.
            assert not all(run.train)
            return
    # Every merge the languages still had is made; which order HF would take is unknown.
    assert len(result.merges) == possible
    assert result.stop_reason in ("merges", "languages_exhausted")


@needs_shared_data
@can_stop_hangs
def test_window_training_ends_when_languages_run_out_on_ntrex() -> None:
    # Six languages, threshold 2/6 of W=100: once two are left, they cannot both stay under
    # it, and the others are left out.
    run = ntrex_run(n_train=100, n_dev=30, merges=3000, min_frequency=4, variant="window")
    with deadline():
        result = our_training(run)
    assert result.stop_reason == "languages_exhausted"
    assert all(m.count >= 4 for m in result.merges)


# -- 2. merge for merge on generated corpora ---------------------------------------------------

CHARS = list("aabbcdel  \n\t'sDÉé猫ね1234.,!🙂\u00a0\u3000")
line_text = st.text(alphabet=st.sampled_from(CHARS), min_size=1, max_size=24)


@st.composite
def generated_runs(draw: st.DrawFn) -> Run:
    count = draw(st.integers(2, 4))
    train_part = [draw(st.lists(line_text, max_size=8)) for _ in range(count)]
    # HF takes an empty dev iterator for some languages as long as each has one.
    dev_part = ([draw(st.lists(line_text, max_size=4)) for _ in range(count)]
                if draw(st.booleans()) else None)
    ratio = (draw(st.lists(st.sampled_from([0.5, 1.0, 1.25, 2.0, 3.0]),
                           min_size=count, max_size=count))
             if draw(st.integers(0, 3)) == 0 else None)
    return Run(
        train_part, dev_part, draw(st.integers(1, 80)),
        variant=draw(st.sampled_from(["base", "window"])),
        global_merges=draw(st.sampled_from([0, 0, 1, 3, 10])),
        window_size=draw(st.integers(1, 12)),
        alpha=draw(st.sampled_from([0.5, 1.0, 2.0, 3.0])),
        min_frequency=draw(st.integers(0, 3)),
        ratio=ratio,
    )


@can_stop_hangs
@given(generated_runs())
@settings(max_examples=80, deadline=None)
def test_merges_identical_to_parity_bpe_trainer_on_generated_corpora(run: Run) -> None:
    # With no training text at all HF learns nothing, where we refuse the corpus (tested
    # below). Where HF never returns there is nothing to compare (tested above).
    assume(any(run.train))
    # Our languages cannot tell "no dev set" from "empty dev sets" (dev=() either way, and
    # then the training lengths choose); HF would choose by dev totals of 0.
    reference = run if run.dev is None or any(run.dev) else replace(run, dev=None)
    theirs = hf_merges_unless_hung(reference)
    assume(theirs is not None)
    with deadline():
        ours = merge_texts(our_training(run))
    assert ours == theirs


def test_no_training_text_is_refused_where_hf_learns_nothing() -> None:
    run = Run([[], []], [["ab\n"], ["cd\n"]], 5)
    assert hf_merges(run) == []
    with pytest.raises(TrainingError, match="no text to learn from"):
        our_training(run)


def test_dev_set_takes_precedence_over_ratios_as_in_hf() -> None:
    # Ratios alone would choose lang0 ((2/2)/1 < (2/2)/0.5); lang1's dev set is the longer.
    with_ratio = Run([["ab"], ["cd"]], [[], ["1"]], 1, ratio=[1.0, 0.5])
    assert hf_merges(with_ratio) == hf_merges(replace(with_ratio, ratio=None)) == [("c", "d")]
    assert merge_texts(our_training(with_ratio)) == [("c", "d")]


# -- 3. the record: dev-set totals and the chosen language -------------------------------------

def dev_ids_total(result: TrainingResult, lines: list[str]) -> int:
    return sum(len(result.tokenizer.encode_ids(line)) for line in lines)


def assert_base_choices(chosen: tuple[int, ...], rows: tuple[tuple[int, ...], ...]) -> set[int]:
    """Each merge chosen by the language with the largest dev total before it (first on
    ties), passing over languages left out; a language passed over once is never chosen
    again. Returns the languages passed over."""
    left_out: set[int] = set()
    for rank, language in enumerate(chosen):
        assert language not in left_out, f"merge {rank}: language {language} was left out"
        row = rows[rank]
        for other in sorted(range(len(row)), key=lambda i: (-row[i], i)):
            if other == language:
                break
            left_out.add(other)
    return left_out


@needs_shared_data
@pytest.mark.parametrize(("n_train", "min_frequency"), [(300, 0), (100, 4)])
def test_dev_totals_and_base_choices_on_ntrex(n_train: int, min_frequency: int) -> None:
    run = ntrex_run(SIX[:4], n_train=n_train, n_dev=40, merges=1200 if n_train > 100 else 3000,
                    min_frequency=min_frequency)
    assert run.dev is not None
    result = our_training(run)
    record = result.record
    assert record.languages == tuple(f"lang{i}" for i in range(len(SIX[:4])))
    assert len(record.chosen) == len(result.merges)
    assert len(record.dev_tokens) == len(result.merges) + 1
    # Byte level with the GPT-2 regex: the base tokens are the dev text's UTF-8 bytes.
    assert record.dev_tokens[0] == tuple(len("".join(d).encode("utf-8")) for d in run.dev)
    assert record.dev_tokens[-1] == tuple(dev_ids_total(result, d) for d in run.dev)
    assert all(b <= a for before, after in zip(record.dev_tokens, record.dev_tokens[1:],
                                               strict=False)
               for a, b in zip(before, after, strict=True))
    left_out = assert_base_choices(record.chosen, record.dev_tokens)
    if min_frequency == 0:
        assert left_out == set()
        assert result.stop_reason == "merges"
    else:
        assert result.stop_reason == "languages_exhausted"
        assert left_out  # the early languages to run out are passed over while others go on


@can_stop_hangs
@given(generated_runs())
@settings(max_examples=40, deadline=None)
def test_dev_totals_on_generated_corpora(run: Run) -> None:
    assume(any(run.train) and run.dev is not None)
    assert run.dev is not None
    with deadline():
        result = our_training(run)
    record = result.record
    rows = record.dev_tokens
    g = min(run.global_merges, len(result.merges))
    assert record.chosen[:g] == (-1,) * g
    if not any(run.dev):
        assert rows == ()  # no dev text: nothing to follow, the training lengths choose
        return
    assert len(rows) == len(result.merges) + 1
    assert rows[0] == tuple(len("".join(d).encode("utf-8")) for d in run.dev)
    assert rows[-1] == tuple(dev_ids_total(result, d) for d in run.dev)
    if run.variant == "base":
        # Ratios or not: given a dev set, the dev totals choose.
        assert_base_choices(record.chosen[g:], rows[g:])


# -- 4. classic training on weighted languages -------------------------------------------------

def weighted_lines(languages: list[LanguageCorpus]) -> list[tuple[str, Fraction]]:
    return [(line, language.weight) for language in languages for line in language.train]


def assert_same_as_train(languages: list[LanguageCorpus], config: TrainingConfig) -> None:
    ours = train_languages(languages, config)
    reference = train(weighted_lines(languages), config)
    assert [(m.left_id, m.right_id, m.new_id) for m in ours.merges] == \
        [(m.left_id, m.right_id, m.new_id) for m in reference.merges]
    assert [m.count for m in ours.merges] == [m.count for m in reference.merges]
    assert ours.tokenizer.model.token_bytes == reference.tokenizer.model.token_bytes
    assert ours.stop_reason == reference.stop_reason
    assert ours.record.chosen == (-1,) * len(ours.merges)


@needs_shared_data
@pytest.mark.parametrize("byte_order", ["hf", "value"])
def test_classic_weighted_languages_are_train_on_the_weighted_union(byte_order: str) -> None:
    codes = ("eng", "jpn", "hin")
    weights = (Fraction(1, 3), Fraction(2), Fraction(1))
    train_part, dev_part = ntrex_split(codes, 200, 20)
    assert dev_part is not None
    languages = [LanguageCorpus(c, t, d, weight=w)
                 for c, t, d, w in zip(codes, train_part, dev_part, weights, strict=True)]
    # A fractional minimum: the weighted counts are compared exactly, not rounded.
    config = TrainingConfig(vocab_size=256 + 1200, byte_order=byte_order,  # type: ignore[arg-type]
                            pretokenizer="gpt2", min_frequency=Fraction(5, 3))
    assert_same_as_train(languages, config)


weights_st = st.sampled_from([Fraction(1), Fraction(1, 3), Fraction(2), Fraction(3, 7)])


@given(st.lists(st.tuples(st.lists(line_text, min_size=1, max_size=8), weights_st),
                min_size=1, max_size=4),
       st.sampled_from(["hf", "value"]),
       st.sampled_from([0, 1, 2, Fraction(1, 2), Fraction(4, 3)]),
       st.sampled_from(["smallest_ids", "first_occurrence"]),
       st.integers(257, 340))
@settings(max_examples=60, deadline=None)
def test_classic_weighted_languages_on_generated_corpora(
    texts: list[tuple[list[str], Fraction]], byte_order: str, min_frequency: int | Fraction,
    tie_break: str, vocab_size: int,
) -> None:
    languages = [LanguageCorpus(f"lang{i}", lines, weight=w)
                 for i, (lines, w) in enumerate(texts)]
    config = TrainingConfig(vocab_size=vocab_size, byte_order=byte_order,  # type: ignore[arg-type]
                            pretokenizer="gpt2", min_frequency=min_frequency,
                            tie_break=tie_break)  # type: ignore[arg-type]
    assert_same_as_train(languages, config)


# -- 5. the record in a saved file -------------------------------------------------------------

SMALL_RUN = Run(
    [["the cat sat on the mat\n", "a cat and a hat\n"], ["猫がいる\n", "猫と犬\n"],
     ["Él está aquí\n", "está bien\n"]],
    [["the hat\n"], ["犬がいる\n"], ["aquí está\n"]],
    40, variant="window", global_merges=3, window_size=5,
)


def test_record_survives_save_and_load(tmp_path: Path) -> None:
    result = our_training(SMALL_RUN)
    path = tmp_path / "parity.json"
    save_tokenizer(result.tokenizer, path)
    loaded = load_tokenizer(path).training
    assert loaded is not None
    record = result.record
    assert record.chosen[:3] == (-1, -1, -1) and set(record.chosen[3:]) <= {0, 1, 2}
    assert loaded.languages == record.languages
    assert loaded.chosen == record.chosen
    assert loaded.dev_tokens == record.dev_tokens
    assert loaded.parity == record.parity == parity_of(SMALL_RUN).to_dict()
    assert loaded.merge_counts == record.merge_counts
    assert loaded.stop_reason == record.stop_reason


@pytest.mark.parametrize(("field", "damage"), [
    ("training.chosen", lambda t: t.update(chosen=t["chosen"][:-1])),
    ("training.chosen", lambda t: t.update(chosen=[*t["chosen"][:-1], 3])),  # no language 3
    ("training.dev_tokens", lambda t: t.update(dev_tokens=t["dev_tokens"][:-1])),
    ("training.dev_tokens", lambda t: t["dev_tokens"][0].append(1)),
    ("training.languages", lambda t: t.update(languages="lang0")),
], ids=["chosen-short", "chosen-unknown-language", "dev-rows-short", "dev-row-long",
        "languages-not-a-list"])
def test_damaged_record_names_the_field(tmp_path: Path, field: str,
                                        damage: Callable[[dict], object]) -> None:
    path = tmp_path / "parity.json"
    save_tokenizer(our_training(SMALL_RUN).tokenizer, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    damage(data["training"])
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=f"field {field}:") as caught:
        load_tokenizer(path)
    assert caught.value.field == field


# -- 6. bad settings ---------------------------------------------------------------------------

TWO = [LanguageCorpus("eng", ["the cat\n"], ["a cat\n"]), LanguageCorpus("jpn", ["猫\n"])]
CONFIG = TrainingConfig(vocab_size=300, byte_order="hf", min_frequency=0)


@pytest.mark.parametrize(("languages", "config", "parity", "error", "match"), [
    (TWO, CONFIG, ParityConfig(ratio=[1.0, 1.0, 1.0]), ConfigError,
     r"3 ratios for 2 languages"),
    (TWO, CONFIG, ParityConfig(ratio=[1.0, 0.0]), ConfigError,
     r"ratio 0\.0 must be a positive number"),
    (TWO, CONFIG, ParityConfig(variant="window", window_size=0), ConfigError,
     r"window size must be a positive integer, not 0"),
    (TWO, CONFIG, ParityConfig(variant="window", alpha=0.0), ConfigError,
     r"alpha must be a positive number, not 0\.0"),
    (TWO, CONFIG, ParityConfig(variant="window", alpha=-1.5), ConfigError,
     r"alpha must be a positive number, not -1\.5"),
    (TWO, CONFIG, ParityConfig(variant="windowed"), ConfigError,  # type: ignore[arg-type]
     r"unknown parity-aware variant 'windowed'"),
    (TWO, CONFIG, ParityConfig(global_merges=-1), ConfigError, r"global merges must be 0"),
    ([TWO[0], TWO[1], LanguageCorpus("eng", ["x\n"])], CONFIG, ParityConfig(), TrainingError,
     r"language eng is given twice"),
    ([LanguageCorpus("eng", ["a\n"], weight=Fraction(0))], CONFIG, None, TrainingError,
     r"eng: weight must be a positive Fraction"),
    ([], CONFIG, ParityConfig(), TrainingError, r"no training language"),
    (TWO, TrainingConfig(vocab_size=255, byte_order="hf"), ParityConfig(), TrainingError,
     r"vocab size 255 is smaller than the base vocabulary \(256 bytes\)"),
    (TWO, TrainingConfig(vocab_size=255, byte_order="hf"), None, TrainingError,
     r"vocab size 255 is smaller than the base vocabulary"),
    (TWO, TrainingConfig(vocab_size=300, tie_break="first_occurrence"), ParityConfig(),
     ConfigError, r"parity-aware BPE breaks ties by token text"),
], ids=["ratio-length", "ratio-zero", "window-0", "alpha-0", "alpha-negative",
        "variant", "global-negative", "duplicate-language", "weight-0", "no-language",
        "vocab-small-parity", "vocab-small-classic", "first-occurrence"])
def test_bad_settings_give_one_line_errors(languages: list[LanguageCorpus],
                                           config: TrainingConfig, parity: ParityConfig | None,
                                           error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match) as caught:
        train_languages(languages, config, parity)
    assert "\n" not in str(caught.value)


# -- 7. progress and cancelling ----------------------------------------------------------------

def cancel_run() -> tuple[list[LanguageCorpus], TrainingConfig, ParityConfig]:
    lines = [f"word{i} {'ab' * (i % 5)} {i * 7} ねこ{'猫' * (i % 3)}\n" for i in range(200)]
    languages = [LanguageCorpus("mix", lines[::2], lines[1::4]),
                 LanguageCorpus("odd", lines[1::2], lines[::4]),
                 LanguageCorpus("tail", lines[100:], lines[:10])]
    config = TrainingConfig(vocab_size=256 + 400, byte_order="hf", min_frequency=0)
    return languages, config, ParityConfig(variant="window", global_merges=20, window_size=9)


@pytest.mark.parametrize("merging_reports", [1, 3])
def test_closing_the_generator_while_merging_cancels_cleanly(merging_reports: int) -> None:
    languages, config, parity = cancel_run()
    gc.enable()
    steps = iter_multilingual_training(languages, config, parity, progress_seconds=0)
    seen = 0
    for progress in steps:
        assert progress.result is None
        if progress.phase == "merging":
            seen += 1
            if seen == merging_reports:
                break
    steps.close()
    assert seen == merging_reports
    assert gc.isenabled()  # the collector, paused while merging, is back on
    with pytest.raises(StopIteration):
        next(steps)


def test_closing_the_generator_while_counting_cancels_cleanly() -> None:
    languages, config, parity = cancel_run()
    gc.enable()
    steps = iter_multilingual_training(languages, config, parity)
    assert next(steps).phase == "counting"
    assert next(steps).phase == "counting"
    steps.close()
    assert gc.isenabled()


def test_progress_rows_add_up_to_the_record() -> None:
    languages, config, parity = cancel_run()
    dev_rows: list[tuple[int, ...]] = []
    chosen: list[int] = []
    reports: list[TrainingProgress] = []
    for progress in iter_multilingual_training(languages, config, parity, progress_seconds=0):
        reports.append(progress)
        dev_rows.extend(progress.dev_tokens)
        chosen.extend(progress.chosen)
    result = reports[-1].result
    assert reports[-1].phase == "done" and result is not None
    # With progress_seconds=0 the rows arrive in many parts.
    assert sum(1 for p in reports if p.phase == "merging" and p.chosen) > 5
    assert tuple(dev_rows) == result.record.dev_tokens
    assert tuple(chosen) == result.record.chosen
    assert len(chosen) == len(result.merges) == 400
    merging = [p for p in reports if p.phase == "merging"]
    assert [p.done for p in merging] == sorted(p.done for p in merging)
    assert merging[-1].done == len(result.merges)
