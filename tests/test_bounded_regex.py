"""Patterns from files: refused before compiling when absurd, bounded in time when matching,
and unbounded (full speed) only when they provably run in linear time."""

from __future__ import annotations

import contextlib
import time

import pytest
import regex

from bpelens.core.errors import ConfigError
from bpelens.core.pipeline.pre_tokenizers.base import (
    REGEX_PRESETS,
    RegexPreTokenizer,
    known_pattern,
)
from bpelens.core.text.bounded_regex import (
    BoundedPattern,
    PatternTimeout,
    check_pattern,
    runs_in_linear_time,
)
from bpelens.core.text.regex_dialects import compile_dialect


@pytest.mark.parametrize(("pattern", "problem"), [
    ("a{100001}", "repeats 100,001 times"),
    ("(?:ab){1000}(c{200})", None),
    ("((a{400}){400})", "unroll into 160,000 copies"),
    ("(" * 201 + "a" + ")" * 201, "nests groups more than 200 deep"),
    ("[" * 300 + "a" + "]" * 300, "nests character classes"),
    ("x" * 100_001, "longer than 100,000"),
    (r"\p{N}{1,3}+|a{3,}", None),
])
def test_sizes_are_checked_before_compiling(pattern: str, problem: str | None) -> None:
    if problem is None:
        check_pattern(pattern)
        compile_dialect(pattern, "onig")
    else:
        with pytest.raises(ConfigError, match=regex.escape(problem)):
            check_pattern(pattern)


def test_a_backtracking_pattern_times_out_with_its_name() -> None:
    bounded = compile_dialect("(a|a)+$", "onig", what="pre_tokenizer Split")
    assert isinstance(bounded, BoundedPattern)
    started = time.perf_counter()
    for call in (bounded.findall, lambda t: list(bounded.finditer(t)),
                 lambda t: bounded.sub("x", t), bounded.search):
        with pytest.raises(PatternTimeout, match=r"the pre_tokenizer Split pattern '\(a\|a\)"):
            call("a" * 36 + "b")
    assert time.perf_counter() - started < 4 * 3  # about a second each


def test_bounded_matching_gives_the_same_answers() -> None:
    text = "Hello, wörld 12345 日本語 !!"
    for pattern in (r"\w+|\W", r" ?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+|\s+"):
        bounded = compile_dialect(pattern, "tiktoken")
        plain = regex.compile(pattern)
        assert bounded.findall(text) == plain.findall(text)
        assert [m.span() for m in bounded.finditer(text)] == [m.span() for m in
                                                              plain.finditer(text)]


def test_only_known_or_repetition_free_patterns_run_unbounded() -> None:
    assert all(known_pattern(p) for p in REGEX_PRESETS.values())
    assert runs_in_linear_time("[0-9][0-9][0-9]")  # falcon's Split
    for pattern in ("a+", "(a|a)*", r"(\w)\1", " {2,}", "a?"):
        assert not runs_in_linear_time(pattern)
    assert not isinstance(RegexPreTokenizer(REGEX_PRESETS["o200k_base"])._regex, BoundedPattern)
    assert isinstance(RegexPreTokenizer(r"\w+|\s")._regex, BoundedPattern)


@pytest.mark.parametrize("shared", [False, True])
def test_a_shared_interpreter_keeps_running_beside_a_long_match(shared):
    """A GUI asks match calls to release the interpreter lock: a pattern backtracking for its
    whole time budget (a second) in a job must not stop the GUI thread for that second."""
    import threading

    from bpelens.core import share_the_interpreter

    stuck = compile_dialect("(a|a)+$", "tiktoken", trusted=False)
    done = threading.Event()

    def job() -> None:
        with contextlib.suppress(PatternTimeout):
            stuck.findall("a" * 36 + "b")
        done.set()

    share_the_interpreter(shared)
    try:
        thread = threading.Thread(target=job)
        thread.start()
        ran = 0
        while not done.is_set():
            time.sleep(0.001)  # the GUI thread's turns: each needs the lock back
            ran += 1
        thread.join()
    finally:
        share_the_interpreter(False)
    assert (ran > 100) if shared else (ran < 50)
