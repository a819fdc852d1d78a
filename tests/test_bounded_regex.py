"""Patterns from files: refused before compiling when absurd, bounded in time when matching,
and unbounded (full speed) only when they provably run in linear time."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import threading

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

from conftest import HANG_SECONDS


@pytest.mark.parametrize(("pattern", "problem"), [
    ("a{100001}", "repeats 100,001 times"),
    ("(?:ab){1000}(c{200})", None),
    ("((a{400}){400})", "unroll into 160,000 copies"),
    ("(" * 201 + "a" + ")" * 201, "nests groups more than 200 deep"),
    ("[" * 300 + "a" + "]" * 300, "nests character classes"),
    ("x" * 100_001, "longer than 100,000"),
    (r"\p{N}{1,3}+|a{3,}", None),
    # Repeated groups inside repeated groups: compiling 25 levels is a MemoryError.
    ("(" * 25 + "a+" + ")+" * 25, "nests repeated groups 13 deep"),
    ("(" * 12 + "a+" + ")*" * 12, None),
    ("(" * 30 + "a" + ")" * 30, None),  # plain groups, however deep, cost nothing
])
def test_sizes_are_checked_before_compiling(pattern: str, problem: str | None) -> None:
    if problem is None:
        check_pattern(pattern)
        compile_dialect(pattern, "onig")
    else:
        with pytest.raises(ConfigError, match=regex.escape(problem)):
            check_pattern(pattern)


# Every match call of a bounded pattern, on a text it would backtrack on for hours (2³⁶ steps).
STOPPED = """
import json
from bpelens.core.text.bounded_regex import BoundedPattern, PatternTimeout
from bpelens.core.text.regex_dialects import compile_dialect

bounded = compile_dialect("(a|a)+$", "onig", what="pre_tokenizer Split")
assert isinstance(bounded, BoundedPattern)
calls = {"findall": bounded.findall, "finditer": lambda t: list(bounded.finditer(t)),
         "sub": lambda t: bounded.sub("x", t), "search": bounded.search, "match": bounded.match}
for name, call in calls.items():
    try:
        call("a" * 36 + "b")
    except PatternTimeout as exc:
        print(json.dumps([name, str(exc)]), flush=True)
    else:
        print(json.dumps([name, None]), flush=True)
"""


def test_a_backtracking_pattern_times_out_with_its_name() -> None:
    """Each call stops (its budget: about a second of CPU time; benchmarks/bench_stuck.py
    measures it) with an error naming the pattern and where it came from. In a process of its
    own: a call whose budget failed would hold the interpreter lock for hours, and only a
    process can be stopped then; HANG_SECONDS is no claim about speed, only that it ends."""
    try:
        run = subprocess.run([sys.executable, "-c", STOPPED], capture_output=True, text=True,
                             timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"still matching after {HANG_SECONDS} s (stopped: {exc.stdout!r}): the "
                    "time budget never stopped the pattern")
    assert run.returncode == 0, run.stderr
    outcomes = dict(json.loads(line) for line in run.stdout.splitlines())
    assert list(outcomes) == ["findall", "finditer", "sub", "search", "match"]
    for name, message in outcomes.items():
        assert message is not None, f"{name} returned instead of timing out"
        assert message.startswith("the pre_tokenizer Split pattern '(a|a)+$' found no answer "
                                  "within "), (name, message)
        assert "backtracks catastrophically" in message


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
    whole time budget (a second of CPU) in a job must not stop the GUI thread meanwhile.

    The job counts the GUI thread's turns (each a 1 ms sleep, then the lock back) from just
    before its match to just after: sharing, the turns go on all through the match; not
    sharing, the thread gets none inside it, only the odd one as the lock changes hands
    around it. TURNS sits between the two by a wide margin either way, at any load: the match
    lasts at least a second of wall time (its budget is CPU time), and a sleeping thread
    that is woken fewer than TURNS times in a second is not running at all."""
    from bpelens.core import share_the_interpreter

    stuck = compile_dialect("(a|a)+$", "tiktoken", trusted=False)
    turns = [0]
    during: list[int] = []
    done = threading.Event()

    def job() -> None:
        before = turns[0]
        with contextlib.suppress(PatternTimeout):
            stuck.findall("a" * 36 + "b")
        during.append(turns[0] - before)
        done.set()

    share_the_interpreter(shared)
    try:
        thread = threading.Thread(target=job, daemon=True)
        thread.start()
        while not done.wait(0.001):  # the GUI thread's turns: each needs the lock back
            turns[0] += 1
        thread.join()
    finally:
        share_the_interpreter(False)
    assert (during[0] >= TURNS) if shared else (during[0] < TURNS), during


TURNS = 20
