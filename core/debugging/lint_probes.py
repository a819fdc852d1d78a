"""What the lint reads in a pattern and how it times an input that grows.

A pattern is parsed into its structure (sequences, alternatives, groups, repeats, single
characters or classes) so that three shapes of catastrophic backtracking can be found
before anything runs:

* ``nested``: a repeat whose body can match one character and also two (``(a+)+``,
  ``(\\w+\\s?)*``): a run of n such characters splits into iterations in 2ⁿ⁻¹ ways;
* ``alternatives``: a repeat over alternatives two of which match the same character
  (``(a|a)*``, ``(\\w|\\d)+``): every character can be taken by either;
* ``adjacent``: two unbounded repeats side by side that take the same character, then
  something that can fail (``\\s*\\s*x``): a run is shared between them in n ways at each of
  n starts.

Nested and alternative repeats are reported wherever they are; they only blow up when
something after them can fail (the engine then tries every split before giving up), which
``tail`` says. Whether a character belongs to a piece of the pattern is asked of the regex
engine itself, on a fixed alphabet of probe characters.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

import regex

from ..errors import EncodeError
from ..text.bounded_regex import PatternTimeout
from ..text.regex_dialects import Dialect, _class_end, translate

Rule = Literal["nested", "alternatives", "adjacent"]

# Characters the structure is probed with: ASCII first (a worst case is easiest to read in
# it), then letters, digits, marks and spaces of other scripts.
PROBE_CHARS = (
    "a", "b", "z", "A", "Z", "0", "1", "9", " ", "\t", "\n", "\r", "!", "#", "$", "%", "&",
    "'", "(", ")", "*", "+", ",", "-", ".", "/", ":", ";", "<", "=", ">", "?", "@", "[", "\\",
    "]", "^", "_", "`", "{", "|", "}", "~", "\x00", "\x0b", "\x0c", "\xa0", "é", "ß", "²",
    "¾", "ǅ", "ʰ", "α", "Ω", "я", "ع", "٣", "क", "ि", "\u0301", "中", "日", "あ", "ア", "한",
    "Ａ", "\u3000", "\u2009", "\u200d", "😀", "▁", "Ġ",
)
# A repeat of at most this many (``{1,3}``) cannot be split in exponentially many ways.
UNBOUNDED_FROM = 32
# Characters tried after a run of the pump character to make the match fail.
BREAKERS = ("!", "\n", " ", "#", "0", "A", "~", "\x00", "é", "中", ".")
_PROBE_TIMEOUT = 0.05


@dataclass(eq=False)
class Node:
    """A piece of a pattern: ``kind`` and the span ``start:end`` of the pattern it spells."""

    kind: Literal["seq", "alt", "group", "repeat", "atom", "assert"]
    start: int
    end: int
    children: list[Node] = field(default_factory=list)
    low: int = 1
    high: int | None = 1
    possessive: bool = False
    atomic: bool = False  # an atomic group (?>…) or a lookaround

    @property
    def unbounded(self) -> bool:
        return self.kind == "repeat" and (self.high is None or self.high >= UNBOUNDED_FROM)


@dataclass(frozen=True)
class Hazard:
    """A construct of a pattern that can backtrack catastrophically."""

    rule: Rule
    start: int
    end: int
    fragment: str
    pump: str  # the character a run of which it splits in many ways
    tail: bool  # something after it can fail, which makes the engine try every split
    prefix: str  # text that leads the pattern to the construct


# -- parsing ---------------------------------------------------------------------------------
class _Parser:
    """Recursive descent over the syntax tokenizer patterns use (Oniguruma, fancy-regex,
    Python's ``regex``): enough structure for the checks, not a validator (the pattern has
    compiled already)."""

    def __init__(self, pattern: str, dialect: Dialect) -> None:
        self.p = pattern
        self.i = 0
        self.onig = dialect == "onig"

    def alternation(self) -> Node:
        start = self.i
        branches = [self.sequence()]
        while self.i < len(self.p) and self.p[self.i] == "|":
            self.i += 1
            branches.append(self.sequence())
        if len(branches) == 1:
            return branches[0]
        return Node("alt", start, self.i, branches)

    def sequence(self) -> Node:
        start = self.i
        items: list[Node] = []
        while self.i < len(self.p) and self.p[self.i] not in "|)":
            atom = self.atom()
            if atom is not None:
                items.append(self.quantified(atom))
        return Node("seq", start, self.i, items)

    def atom(self) -> Node | None:
        p, i = self.p, self.i
        ch = p[i]
        if ch == "(":
            return self.group()
        if ch == "[":
            self.i = _class_end(p, i)
            return Node("atom", i, self.i)
        if ch == "\\":
            return self.escape()
        self.i += 1
        if ch in "^$":
            return Node("assert", i, self.i)
        if ch in "*+?{" and ch != "{":
            return None  # a stray quantifier (the engines reject it; never here)
        return Node("atom", i, self.i)

    def escape(self) -> Node:
        p, i = self.p, self.i
        nxt = p[i + 1] if i + 1 < len(p) else ""
        end = i + 2
        if nxt in "pPxuUNkg" and end < len(p) and p[end] in "{<'":
            close = {"{": "}", "<": ">", "'": "'"}[p[end]]
            found = p.find(close, end + 1)
            end = found + 1 if found > 0 else len(p)
        elif nxt in "pP" and end < len(p):
            end += 1
        elif nxt == "x":
            end = min(len(p), i + 4)
        elif nxt == "u":
            end = min(len(p), i + 6)
        elif nxt == "U":
            end = min(len(p), i + 10)
        self.i = end
        kind = "assert" if nxt in "bBAzZG" else "atom"
        return Node(kind, i, end)

    def group(self) -> Node:
        p, start = self.p, self.i
        self.i += 1
        atomic = False
        lookaround = False
        if p.startswith("?", self.i):
            head = p[self.i + 1 : self.i + 4]
            if head.startswith("#"):
                self.i = p.find(")", self.i) + 1 or len(p)
                return Node("assert", start, self.i)
            if head.startswith(("=", "!", "<=", "<!")):
                lookaround = True
                self.i += 2 if head[0] in "=!" else 3
            elif head.startswith(">"):
                atomic = True
                self.i += 2
            elif head.startswith(("P<", "<", "'")):
                close = ">" if "<" in head[:2] else "'"
                self.i = p.find(close, self.i + 2) + 1
            else:
                # flags: (?i:…) is a group, (?i) sets them for what follows
                j = self.i + 1
                while j < len(p) and p[j] not in ":)":
                    j += 1
                if j < len(p) and p[j] == ")":
                    self.i = j + 1
                    return Node("assert", start, self.i)
                self.i = j + 1
        inner = self.alternation()
        if self.i < len(p) and p[self.i] == ")":
            self.i += 1
        node = Node("group", start, self.i, [inner], atomic=atomic or lookaround)
        if lookaround:
            node.kind = "assert"
        return node

    def quantified(self, atom: Node) -> Node:
        p = self.p
        node = atom
        while self.i < len(p):
            ch = p[self.i]
            low: int
            high: int | None
            if ch == "*":
                low, high, after = 0, None, self.i + 1
            elif ch == "+":
                low, high, after = 1, None, self.i + 1
            elif ch == "?":
                low, high, after = 0, 1, self.i + 1
            elif ch == "{":
                bounds = _braces(p, self.i)
                if bounds is None:
                    return node
                low, high, after = bounds
            else:
                return node
            possessive = False
            if after < len(p) and p[after] == "?":
                after += 1  # lazy: the same splits, tried in another order
            elif after < len(p) and p[after] == "+":
                if ch == "{" and self.onig:
                    # Oniguruma reads X{m,n}+ as (X{m,n})+: the "+" repeats again, next turn.
                    node = Node("repeat", node.start, after, [node], low, high)
                    self.i = after
                    continue
                possessive = True
                after += 1
            node = Node("repeat", node.start, after, [node], low, high, possessive)
            self.i = after
        return node


def _braces(p: str, i: int) -> tuple[int, int | None, int] | None:
    close = p.find("}", i)
    if close < 0:
        return None
    body = p[i + 1 : close]
    low_text, comma, high_text = body.partition(",")
    if not (low_text.isdigit() or (comma and not low_text)) or (
            high_text and not high_text.isdigit()):
        return None
    low = int(low_text) if low_text else 0
    high = int(high_text) if high_text else (None if comma else low)
    return low, high, close + 1


def parse(pattern: str, dialect: Dialect) -> Node:
    parser = _Parser(pattern, dialect)
    root = parser.alternation()
    while parser.i < len(pattern):  # a stray ")": read on at top level
        parser.i += 1
        more = parser.alternation()
        root = Node("alt", 0, parser.i, [root, more])
    return root


def top_alternatives(pattern: str, dialect: Dialect) -> list[str]:
    """The pattern's top-level alternatives as text (one: the whole pattern)."""
    root = parse(pattern, dialect)
    branches = root.children if root.kind == "alt" else [root]
    return [pattern[b.start : b.end] for b in branches]


# -- what a piece of the pattern matches ------------------------------------------------------
# Pieces of a pattern are asked about many times; only the lint's own few stay compiled.
@lru_cache(maxsize=512)
def _compiled(fragment: str, dialect: Dialect) -> regex.Pattern[str] | None:
    try:
        return regex.compile(f"(?:{translate(fragment, dialect)})")
    except (regex.error, ValueError, IndexError, OverflowError, RecursionError, MemoryError):
        return None  # a back-reference to a group outside it, say: not asked


def fullmatches(fragment: str, dialect: Dialect, text: str) -> bool:
    compiled = _compiled(fragment, dialect)
    if compiled is None:
        return False
    try:
        return compiled.fullmatch(text, timeout=_PROBE_TIMEOUT) is not None
    except TimeoutError:
        return False


class _Checks:
    def __init__(self, pattern: str, dialect: Dialect) -> None:
        self.p = pattern
        self.dialect = dialect
        self.found: list[Hazard] = []

    def src(self, node: Node) -> str:
        return self.p[node.start : node.end]

    def matches(self, node: Node, text: str) -> bool:
        return fullmatches(self.src(node), self.dialect, text)

    def walk(self, node: Node, tail: bool, before: Callable[[], str]) -> None:
        """``tail``: something after ``node`` can fail; ``before()``: text that leads the
        pattern to it (made only when a hazard is found)."""
        if node.kind == "seq":
            self.sequence(node, tail, before)
        elif node.kind == "alt":
            for child in node.children:
                self.walk(child, tail, before)
        elif node.kind in ("group", "assert") and node.children:
            # What follows an atomic group or a lookaround cannot send the engine back in.
            self.walk(node.children[0], tail and not node.atomic, before)
        elif node.kind == "repeat":
            if node.unbounded and not node.possessive:
                self.repeat(node, tail, before)
            self.walk(node.children[0], tail and not node.possessive, before)

    def sequence(self, node: Node, tail: bool, before: Callable[[], str]) -> None:
        items = node.children
        # failing_after[i]: something after item i can fail.
        failing_after = [tail] * len(items)
        for index in range(len(items) - 2, -1, -1):
            failing_after[index] = failing_after[index + 1] or _required(items[index + 1])

        def lead(index: int) -> Callable[[], str]:
            return lambda: before() + "".join(self.sample(c) for c in items[:index])

        for index, child in enumerate(items):
            self.walk(child, failing_after[index], lead(index))
        for index, first in enumerate(items):
            if not (first.unbounded and not first.possessive):
                continue
            for later in range(index + 1, len(items)):
                second = items[later]
                if second.unbounded and not second.possessive and failing_after[later]:
                    pump = self.shared_char(first.children[0], second.children[0])
                    if pump is not None:
                        self.add("adjacent", first.start, second.end, pump, True, lead(index))
                        break
                if not _can_be_empty(second):
                    break

    def repeat(self, node: Node, tail: bool, before: Callable[[], str]) -> None:
        body = node.children[0]
        if _has_inner_repeat(body):
            pump = next((c for c in PROBE_CHARS
                         if self.matches(body, c) and self.matches(body, c + c)), None)
            if pump is not None:
                self.add("nested", node.start, node.end, pump, tail, before)
                return
        branches = _branches(body)
        if len(branches) > 1:
            for c in PROBE_CHARS:
                if sum(self.matches(b, c) for b in branches) >= 2:
                    self.add("alternatives", node.start, node.end, c, tail, before)
                    return

    def shared_char(self, first: Node, second: Node) -> str | None:
        return next((c for c in PROBE_CHARS
                     if self.matches(first, c) and self.matches(second, c)), None)

    def add(self, rule: Rule, start: int, end: int, pump: str, tail: bool,
            before: Callable[[], str]) -> None:
        if any(h.start <= start and end <= h.end for h in self.found):
            return  # inside a construct already reported
        self.found.append(Hazard(rule, start, end, self.p[start:end], pump, tail, before()))

    def sample(self, node: Node) -> str:
        """A short text this piece of the pattern matches ("" for an assertion)."""
        if node.kind == "assert":
            return ""
        if node.kind == "atom":
            text = self.src(node)
            if len(text) == 1 and text not in ".":
                return text
            if len(text) == 2 and text[0] == "\\" and not text[1].isalnum():
                return text[1]
            return next((c for c in PROBE_CHARS if self.matches(node, c)), "")
        if node.kind == "seq":
            return "".join(self.sample(c) for c in node.children)
        if node.kind == "alt":
            return self.sample(node.children[0])
        if node.kind == "repeat":
            return self.sample(node.children[0]) * node.low
        return self.sample(node.children[0]) if node.children else ""


def _can_be_empty(node: Node) -> bool:
    if node.kind == "assert":
        return True
    if node.kind == "atom":
        return False
    if node.kind == "seq":
        return all(_can_be_empty(c) for c in node.children)
    if node.kind == "alt":
        return any(_can_be_empty(c) for c in node.children)
    if node.kind == "repeat":
        return node.low == 0 or _can_be_empty(node.children[0])
    return _can_be_empty(node.children[0])


def _required(node: Node) -> bool:
    """Whether matching ``node`` can fail: an assertion, or something that takes text."""
    return node.kind == "assert" or not _can_be_empty(node)


def _has_inner_repeat(node: Node) -> bool:
    return any(n.kind == "repeat" and (n.high is None or n.high >= 2) and not n.possessive
               for n in _descendants(node))


def _descendants(node: Node) -> Iterator[Node]:
    yield node
    for child in node.children:
        if not child.atomic:
            yield from _descendants(child)


def _branches(node: Node) -> list[Node]:
    while node.kind in ("group", "seq") and len(node.children) == 1 and not node.atomic:
        node = node.children[0]
    return node.children if node.kind == "alt" else [node]


def hazards(pattern: str, dialect: Dialect) -> list[Hazard]:
    """The constructs of ``pattern`` that can backtrack catastrophically (see the module)."""
    checks = _Checks(pattern, dialect)
    checks.walk(parse(pattern, dialect), False, lambda: "")
    return checks.found


def breaker(pattern: str, dialect: Dialect, hazard: Hazard) -> str:
    """The character after a run of the pump that makes ``pattern`` work longest: each is
    tried on a short run with the regex alone (a timeout counts as longest)."""
    compiled = _compiled.__wrapped__(pattern, dialect)  # once: not worth a place in the cache
    run = 22 if hazard.rule != "adjacent" else 300
    best, best_time = BREAKERS[0] if BREAKERS[0] != hazard.pump else BREAKERS[1], -1.0
    if compiled is None:
        return best
    for candidate in BREAKERS:
        if candidate == hazard.pump:
            continue
        text = hazard.prefix + hazard.pump * run + candidate
        started = time.thread_time()
        try:
            compiled.findall(text, timeout=0.25)
            spent = time.thread_time() - started
        except TimeoutError:
            spent = math.inf
        if spent > best_time * 1.5:
            best, best_time = candidate, spent
        if spent == math.inf:
            break
    return best


# -- the clock -------------------------------------------------------------------------------
@dataclass
class Budget:
    """CPU seconds the measurements may still take, in all."""

    seconds: float
    spent: float = 0.0

    @property
    def left(self) -> bool:
        return self.spent < self.seconds


@dataclass(frozen=True)
class Growth:
    """CPU seconds per input length, and why the lengths stopped growing."""

    points: tuple[tuple[int, float], ...]
    timed_out: bool = False  # the pattern ran out of its time budget at the next length
    capped: bool = False  # a point took longer than the cap
    error: str = ""


def measure(encode: Callable[[str], object], text_of: Callable[[int], str],
            sizes: Sequence[int], *, cap: float, repeats: int, budget: Budget,
            step: Callable[[], None] | None = None) -> Growth:
    """The CPU time of ``encode`` at each length, the median of ``repeats`` runs (the
    shorter of two when both take more than a quarter of ``cap``), until a length takes more
    than ``cap``.

    Each repetition encodes a text one character longer than the last (``n``, ``n + 1`` …):
    every cache on the way (pieces, lines) misses, as it would on text never seen."""
    points: list[tuple[int, float]] = []
    for n in sizes:
        if not budget.left:
            break
        times: list[float] = []
        for r in range(repeats):
            text = text_of(n + r)
            started = time.thread_time()
            try:
                encode(text)
            except PatternTimeout:
                budget.spent += time.thread_time() - started
                return Growth(tuple(points), timed_out=True)
            except EncodeError as exc:
                return Growth(tuple(points), error=str(exc))
            spent = time.thread_time() - started
            budget.spent += spent
            times.append(spent)
            if len(times) >= 2 and min(times) > cap / 4:
                break  # runs this long are barely noisy; two tell a one-off cost (a table
                # built on first use) from the encoding's own
        # Of two runs the shorter: the other may have paid for something done once.
        points.append((n, statistics.median(times) if len(times) > 2 else min(times)))
        if step is not None:
            step()
        if points[-1][1] > cap:
            return Growth(tuple(points), capped=True)
    return Growth(tuple(points))


# Points faster than this are mostly the call's own overhead: the fit leaves them out when
# enough slower ones remain.
FIT_FROM_SECONDS = 1e-3
FIT_POINTS = 3  # the fewest points a fit is made from, when there are that many


def fit_exponent(points: Sequence[tuple[int, float]]) -> float | None:
    """The slope of log(seconds) against log(n), least squares, over the longer half of the
    points that took at least FIT_FROM_SECONDS (time ∝ nᵏ as n grows: an engine that
    changes algorithm with the length, as BPE Lens's merge does at 32 KiB, is judged by the
    longest inputs)."""
    usable = [(n, t) for n, t in points if t >= FIT_FROM_SECONDS]
    if len(usable) >= FIT_POINTS:
        usable = usable[-max(FIT_POINTS, math.ceil(len(usable) / 2)):]
    else:
        usable = [(n, t) for n, t in points if t > 0]
    if len({n for n, _ in usable}) < 2:
        return None
    xs = [math.log(n) for n, _ in usable]
    ys = [math.log(t) for _, t in usable]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx


def geometric_sizes(first: int, last: int, ratio: float = math.sqrt(2)) -> tuple[int, ...]:
    out: list[int] = []
    value = float(first)
    while value <= last:
        if not out or round(value) > out[-1]:
            out.append(round(value))
        value *= ratio
    return tuple(out)
