"""Patterns that come from a file or a user: checked before compiling, bounded when matching.

A tokenizer.json may carry any regex, and some never finish: ``(a|a)+$`` on ``"a" * 36 + "b"``
backtracks 2³⁶ times (Hugging Face stops it with Oniguruma's retry limit and fails). Such a
pattern must neither hang the command line nor freeze the window, so:

* before compiling: a repeat count above Oniguruma's own limit (100,000) is refused, as HF
  refuses it; nested repeats whose product would unroll into millions of states (``regex``
  compiles ``(a{1000}){1000}`` into 340 MB) and groups nested deeper than the compiler's
  recursion allows are refused with a message instead of a MemoryError or RecursionError;
* when matching: every call gets a time budget that grows with the text (a pattern that
  needs more than ~4 µs a character is not a tokenizer's pattern), and running out of it is
  a :class:`PatternTimeout` naming the pattern.

The built-in presets (and the same patterns read from a file) are known to run in linear time
and are compiled without a budget: checking the clock makes matching 3–5 times slower.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import regex

from bpelens.core.messages import Message

from ..errors import ConfigError, EncodeError

# Oniguruma's ONIG_MAX_REPEAT_NUM: HF refuses a file whose pattern repeats more.
MAX_REPEAT = 100_000
# What the product of nested bounded repeats may reach (the compiled pattern unrolls them).
MAX_UNROLLED = 100_000
# Groups nested deeper than this make the regex compiler recurse too far (it fails near 500).
MAX_NESTING = 200
# Repeated groups inside repeated groups: compiling doubles in time and memory with each
# level (16: 0.3 s, 20: 3.5 s and 2 GB, 25: MemoryError). Real patterns nest two or three.
MAX_REPEATED_NESTING = 12
MAX_PATTERN_CHARS = 100_000
# Seconds a match call may take: a second, plus this much per character of text.
BASE_SECONDS = 1.0
SECONDS_PER_CHAR = 4e-6


class PatternTimeout(EncodeError):
    """A pattern taken from a file ran out of its time budget (catastrophic backtracking)."""


def check_pattern(pattern: str) -> None:
    """Refuse, before compiling, what would exhaust memory or the compiler's recursion."""
    if len(pattern) > MAX_PATTERN_CHARS:
        raise ConfigError(Message("pattern of {pattern_count:,} characters is longer than "
                                  "{max_pattern_chars:,}", pattern_count=len(pattern),
                                  max_pattern_chars=MAX_PATTERN_CHARS))
    # Per open group: the most copies of anything inside it that the compiler unrolls, and
    # the deepest nesting of repeated groups inside it.
    inside = [1]
    repeated = [0]
    last = 1  # copies of the last atom (a group: what it unrolls into)
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i, last = i + 2, 1
            continue
        if ch == "[":
            i, last = _skip_class(pattern, i), 1
            continue
        if ch == "(":
            if len(inside) > MAX_NESTING:
                raise ConfigError(Message("pattern nests groups more than {max_nesting} deep (at "
                                          "character {i})", max_nesting=MAX_NESTING, i=i))
            inside.append(1)
            repeated.append(0)
        elif ch == ")" and len(inside) > 1:
            last = inside.pop()
            inside[-1] = max(inside[-1], last)
            depth = repeated.pop() + (i + 1 < n and pattern[i + 1] in "*+{")
            if depth > MAX_REPEATED_NESTING:
                raise ConfigError(Message(
                    "pattern nests repeated groups {depth} deep (at character {i}); at most "
                    "{most} are allowed (each level doubles what compiling it costs)",
                    depth=depth, i=i, most=MAX_REPEATED_NESTING))
            repeated[-1] = max(repeated[-1], depth)
        elif ch == "{":
            close = pattern.find("}", i)
            body = pattern[i + 1 : close] if close > 0 else ""
            numbers = [x for x in body.split(",") if x]
            if close > 0 and 0 < len(numbers) <= 2 and all(x.isdigit() for x in numbers):
                count = max(map(int, numbers))
                if count > MAX_REPEAT:
                    raise ConfigError(
                        Message("pattern repeats {count:,} times (at character {i}); at most "
                                "{max_repeat:,} are allowed, as in Hugging Face's regex engine",
                                count=count, i=i, max_repeat=MAX_REPEAT))
                last *= max(1, count)
                if last > MAX_UNROLLED:
                    raise ConfigError(
                        Message("pattern's nested repeats unroll into {last:,} copies (at "
                                "character {i}); at most {max_unrolled:,} are allowed", last=last,
                                i=i, max_unrolled=MAX_UNROLLED))
                inside[-1] = max(inside[-1], last)
                i = close + 1
                continue
            last = 1
        elif ch not in "*+?|":
            last = 1
        i += 1


def _skip_class(pattern: str, start: int) -> int:
    """Index just past the character class opening at ``start`` (classes may nest)."""
    depth = 0
    i = start
    while i < len(pattern):
        c = pattern[i]
        if c == "[":
            depth += 1
            if depth > MAX_NESTING:
                raise ConfigError(Message("pattern nests character classes more than {max_nesting} "
                                          "deep (at character {i})", max_nesting=MAX_NESTING, i=i))
            i += 1
            if i < len(pattern) and pattern[i] == "^":
                i += 1
            if i < len(pattern) and pattern[i] == "]":
                i += 1
            continue
        if c == "\\":
            i += 2
            continue
        if c == "]":
            depth -= 1
            if not depth:
                return i + 1
        i += 1
    return len(pattern)


def runs_in_linear_time(pattern: str) -> bool:
    """True for a pattern with no repetition and no back-reference: each match attempt is
    bounded by the pattern's length (falcon's ``[0-9][0-9][0-9]``), so it needs no clock."""
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            if i + 1 < n and (pattern[i + 1].isdigit() or pattern[i + 1] in "kg"):
                return False
            i += 2
            continue
        if ch == "[":
            i = _skip_class(pattern, i)
            continue
        if ch in "*+?{":
            return False
        i += 1
    return True


def budget(text: str) -> float:
    return BASE_SECONDS + len(text) * SECONDS_PER_CHAR


# Match calls release the interpreter lock while they run, once a program with a thread that
# must keep running (a GUI) asks for it: ``regex`` matches an immutable string without the
# lock (``concurrent``), ~20% slower — otherwise a whole-megabyte findall holds the lock for
# 0.2 s, and a pattern that backtracks for the whole of its time budget, a second.
_shared = False


def share_the_interpreter(on: bool = True) -> None:
    """Match calls release the interpreter lock while they match (see above)."""
    global _shared
    _shared = on


def interpreter_shared() -> bool:
    """Whether match calls release the interpreter lock (pass it as ``concurrent``)."""
    return _shared


class BoundedPattern:
    """A compiled pattern whose every match call has a time budget; the subset of
    ``regex.Pattern`` the pipeline uses. ``what`` says where the pattern came from."""

    __slots__ = ("_compiled", "pattern", "what")

    def __init__(self, compiled: regex.Pattern[str], source: str, what: str = "") -> None:
        self._compiled = compiled
        self.pattern = source
        self.what = what

    def _timed_out(self, text: str) -> PatternTimeout:
        shown = self.pattern if len(self.pattern) <= 60 else self.pattern[:57] + "…"
        where = Message("the {what} pattern", what=self.what) if self.what else Message(
            "the pattern")
        return PatternTimeout(
            Message("{where} {shown!r} found no answer within {seconds:.1f} s on {characters:,} "
                    "characters: it backtracks catastrophically (Hugging Face's engine gives up on "
                    "it too); fix the pattern in the tokenizer file", where=where, shown=shown,
                    seconds=budget(text), characters=len(text)))

    def findall(self, text: str, concurrent: bool | None = None) -> list[Any]:
        try:
            return self._compiled.findall(text, concurrent=_shared if concurrent is None
                                          else concurrent,
                                          timeout=budget(text))
        except TimeoutError:
            raise self._timed_out(text) from None

    def finditer(self, text: str, pos: int | None = None, endpos: int | None = None
                 ) -> Iterator[regex.Match[str]]:
        try:
            yield from self._compiled.finditer(text, pos, endpos,
                                               concurrent=_shared,
                                               timeout=budget(text))
        except TimeoutError:
            raise self._timed_out(text) from None

    def sub(self, repl: str | Callable[[regex.Match[str]], str], text: str) -> str:
        try:
            return self._compiled.sub(repl, text, timeout=budget(text))
        except TimeoutError:
            raise self._timed_out(text) from None

    def search(self, text: str, pos: int | None = None) -> regex.Match[str] | None:
        try:
            return self._compiled.search(text, pos, timeout=budget(text))
        except TimeoutError:
            raise self._timed_out(text) from None

    def match(self, text: str, pos: int | None = None) -> regex.Match[str] | None:
        try:
            return self._compiled.match(text, pos, timeout=budget(text))
        except TimeoutError:
            raise self._timed_out(text) from None
