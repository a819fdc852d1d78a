"""Pathology lint: what in a tokenizer makes encoding slow on the wrong input, measured.

Three kinds of finding:

* ``backtracking``: a pre-tokenizer regex with nested repeats, a repeat over overlapping
  alternatives, or overlapping repeats side by side (``(a+)+``, ``(a|a)*``, ``\\s*\\s*x``;
  see :mod:`lint_probes`). It is confirmed by timing a run of the character the construct
  splits in many ways, ended by one that makes the match fail, at lengths from 8 characters
  growing by √2: a pattern from a file runs under a time budget, and running out of it
  (:class:`PatternTimeout`) confirms it too.
* ``unbounded_piece``: a pre-token class with no length bound (``\\p{L}+``, ``\\s+``, no
  pre-tokenizer at all): a run of one letter, CJK character, digit, punctuation mark, space
  or newline stays one piece however long. Merging a BPE piece of n symbols costs O(n²) in a
  runtime that rescans it after every merge; with a heap (Hugging Face, BPE Lens, recent
  tiktoken) O(n log n). Each class is named by the pre-tokenizer field and, for a regex, the
  top-level alternative that takes the run.
* ``added_tokens``: thousands of added tokens, found in the text by one alternation of them
  all; text full of near misses (each token without its last character) is timed.

Every finding carries its worst-case input as a recipe (:class:`WorstCase`: ``text(n)`` is n
characters) and, unless timing is off, the CPU time of ``tokenizer.encode_ids`` on it at
growing lengths (each point the median of a few runs, each run one character longer than the
last, so that no cache of the tokenizer answers), with the least-squares slope of log(time)
against log(n): 1 is linear, 2 quadratic. Lengths stop growing when a point takes more than
``time_cap`` CPU seconds, and all the timing stops after ``budget`` seconds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

import regex

from bpelens.core.messages import Message

from ..errors import ConfigError, EncodeError
from ..models.sentencepiece.unigram import SentencePieceUnigram
from ..models.unigram import UnigramModel
from ..models.wordpiece import WordPieceModel
from ..pipeline.pre_tokenizers.base import (
    GPT2_PATTERN,
    DigitsPreTokenizer,
    PreTokenizer,
    RegexPreTokenizer,
    WhitespacePreTokenizer,
)
from ..pipeline.pre_tokenizers.hf import (
    ByteLevelPreTokenizer,
    HFWhitespacePreTokenizer,
    MetaspacePreTokenizer,
    SplitPreTokenizer,
)
from ..pipeline.tokenizer import Tokenizer
from ..text.regex_dialects import Dialect, translate
from .lint_probes import (
    Budget,
    Growth,
    Hazard,
    breaker,
    fit_exponent,
    geometric_sizes,
    hazards,
    measure,
    top_alternatives,
)

Kind = Literal["backtracking", "unbounded_piece", "added_tokens"]
Severity = Literal["error", "warning", "info"]
KINDS: tuple[Kind, ...] = ("backtracking", "unbounded_piece", "added_tokens")

# Input lengths (characters) for the unbounded pieces and the added tokens: 1 KiB … 512 KiB.
DEFAULT_SIZES: tuple[int, ...] = tuple(1 << k for k in range(10, 20))
# Backtracking blows up within tens of characters: lengths from 8 growing by √2.
BACKTRACKING_SIZES = geometric_sizes(8, 1 << 16)
BACKTRACKING_CAP_SHARE = 0.25
TIME_CAP = 2.0  # CPU seconds one point may take before the lengths stop growing
BUDGET_PER_CAP = 12  # all the timing together: this many caps
REPEATS = 3
MAX_SIZE = 1 << 24  # characters of the longest input asked for
MAX_TIME_CAP = 600.0
# A run this long tells whether a class is bounded: its longest piece is at least half of it.
DETECT_CHARS = 512
# This many added tokens make the alternation that finds them worth timing.
MANY_ADDED = 1000
NEAR_MISS_TOKENS = 256  # the near-miss text cycles through this many tokens' near misses
# Growth classes by exponent: (name, lowest, highest). n log n measured over a few doublings
# reads 1.1–1.4 (memory grows with the heap): near-linear, as linear is.
GROWTH_CLASSES: tuple[tuple[str, float, float], ...] = (
    ("near-linear", 0.0, 1.5), ("superlinear", 1.5, 1.8), ("quadratic", 1.8, 2.5),
    ("cubic or worse", 2.5, math.inf))
SUPERLINEAR_FROM = 1.5  # a finding measured to grow faster is confirmed (error, warning)

# The runs tried for unbounded pieces: (name, the character repeated, what it is).
RUNS: tuple[tuple[str, str, str], ...] = (
    ("letters", "a", "a run of one letter"),
    ("cjk", "中", "a run of one CJK character"),
    ("digits", "1", "a run of digits"),
    ("punctuation", "!", "a run of punctuation"),
    ("spaces", " ", "a run of spaces"),
    ("newlines", "\n", "a run of newlines"),
)


@dataclass(frozen=True)
class WorstCase:
    """A generated worst-case input: ``text(n)`` is ``prefix``, then ``unit`` repeated, then
    ``suffix``, n characters in all."""

    name: str  # letters, cjk, digits, punctuation, spaces, newlines, backtracking, near_misses
    unit: str
    prefix: str = ""
    suffix: str = ""

    def text(self, n: int) -> str:
        body = max(0, n - len(self.prefix) - len(self.suffix))
        copies = -(-body // len(self.unit)) if self.unit else 0
        return self.prefix + (self.unit * copies)[:body] + self.suffix

    def preview(self, chars: int = 32) -> str:
        """The prefix, the unit repeated to about ``chars`` characters, "…", the suffix."""
        run = (self.unit * (chars // max(1, len(self.unit)) + 1))[:chars]
        return f"{self.prefix}{run}…{self.suffix}"

    def recipe(self) -> str:
        parts = [f"{self.prefix!r} + " if self.prefix else "", f"{self.unit!r} × k",
                 f" + {self.suffix!r}" if self.suffix else ""]
        return "".join(parts)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "prefix": self.prefix, "unit": self.unit,
                "suffix": self.suffix, "recipe": self.recipe(), "preview": self.preview(),
                "n": "characters"}


@dataclass(frozen=True)
class LintFinding:
    """One pathology: where it is, why it matters, its worst-case input and how the encode
    time grows on it (``points``: (n characters, CPU seconds), empty when not timed)."""

    kind: Kind
    severity: Severity
    where: str  # the field, as the file names it (pre_tokenizer.pretokenizers[0].pattern.Regex)
    pattern: str  # the part of the pattern responsible, or ""
    detail: str
    reason: str
    worst_case: WorstCase
    points: tuple[tuple[int, float], ...] = ()
    exponent: float | None = None
    timed_out: bool = False  # the pattern ran out of its time budget at the next length
    note: str = ""  # why the timing stopped early, when it did for another reason
    also: tuple[str, ...] = ()  # other runs (WorstCase names) this same cause keeps whole

    @property
    def input_preview(self) -> str:
        return self.worst_case.preview()

    @property
    def growth(self) -> str:
        """``catastrophic`` (timed out), or the class of the exponent (GROWTH_CLASSES)."""
        if self.timed_out:
            return "catastrophic"
        return growth_class(self.exponent)

    def to_json(self) -> dict[str, Any]:
        last = self.points[-1] if self.points else None
        return {
            "kind": self.kind, "severity": self.severity, "where": self.where,
            "pattern": self.pattern, "detail": self.detail, "reason": self.reason,
            "input": self.worst_case.to_json(), "input_preview": self.input_preview,
            "points": [[n, round(t, 6)] for n, t in self.points],
            "exponent": None if self.exponent is None else round(self.exponent, 3),
            "growth": self.growth, "growth_range": list(growth_range(self.growth)),
            "timed_out": self.timed_out,
            "seconds_per_mib": None if last is None else round(last[1] / last[0] * (1 << 20), 3),
            "note": self.note, "also": list(self.also),
        }


@dataclass(frozen=True)
class LintReport:
    """The findings for one tokenizer; ``seconds``: CPU time the lint took."""

    name: str
    findings: tuple[LintFinding, ...]
    timed: bool = True
    time_cap: float = TIME_CAP
    seconds: float = 0.0

    def of_kind(self, kind: Kind) -> list[LintFinding]:
        return [f for f in self.findings if f.kind == kind]

    def to_json(self) -> dict[str, Any]:
        return {"tokenizer": self.name, "timed": self.timed, "time_cap": self.time_cap,
                "counts": {k: len(self.of_kind(k)) for k in KINDS},
                "findings": [f.to_json() for f in self.findings],
                "cpu_seconds": round(self.seconds, 3)}


def growth_class(exponent: float | None) -> str:
    if exponent is None:
        return ""
    return next(name for name, low, high in GROWTH_CLASSES if exponent < high)


def growth_range(name: str) -> tuple[float | None, float | None]:
    """The exponents a growth class stands for (None: no end; both for ``catastrophic``,
    which ran out of time, and for a finding not timed)."""
    for label, low, high in GROWTH_CLASSES:
        if label == name:
            return low, None if math.isinf(high) else high
    return None, None


# -- the pre-tokenizer's steps, named as the file names them ---------------------------------
@dataclass(frozen=True)
class _Step:
    where: str
    label: str
    pattern: str | None
    dialect: Dialect
    pre: PreTokenizer
    passes_through: bool = False


def _steps(tokenizer: Tokenizer) -> list[_Step]:
    flat = list(tokenizer.pretokenizer.flat_steps())
    paths = _paths(tokenizer, len(flat))
    return [_step(tokenizer, step, path, index)
            for index, (step, path) in enumerate(zip(flat, paths, strict=True))]


def _paths(tokenizer: Tokenizer, count: int) -> list[str]:
    source = tokenizer.source
    document = source.document if source is not None else None
    if document is not None:
        leaves: list[str] = []
        _leaf_paths(document.get("pre_tokenizer"), "pre_tokenizer", leaves)
        if len(leaves) == count:
            return leaves
    if count == 1 and tokenizer.pretokenizer.kind != "sequence":
        return ["pre_tokenizer"]
    return [f"pre_tokenizer.pretokenizers[{i}]" for i in range(count)]


def _leaf_paths(config: Any, path: str, out: list[str]) -> None:
    if isinstance(config, dict) and config.get("type") == "Sequence":
        for index, inner in enumerate(config.get("pretokenizers") or []):
            _leaf_paths(inner, f"{path}.pretokenizers[{index}]", out)
    else:
        out.append(path)


def _step(tokenizer: Tokenizer, step: PreTokenizer, path: str, index: int) -> _Step:
    pattern, dialect, suffix, label = _pattern_of(step)
    source = tokenizer.source
    fmt = source.format if source is not None else ""
    where = path + suffix
    if fmt == "tiktoken":
        where = "pat_str"
    elif fmt == "gguf":
        where = _gguf_where(tokenizer, step, index)
    elif fmt == "sentencepiece":
        where = "model"
        label = Message("SentencePiece: no pre-tokenizer, a text without spaces is one piece")
    return _Step(where, label, pattern, dialect, step, step.passes_through)


def _pattern_of(step: PreTokenizer) -> tuple[str | None, Dialect, str, str]:
    """The regex a step cuts with (None: it has none), as which library reads it, the
    field under the step that holds or implies it, and what to call the step."""
    if isinstance(step, RegexPreTokenizer):
        return (step.pattern, "tiktoken", ".preset" if step.preset else ".pattern",
                Message("regex pre-tokenizer"))
    if isinstance(step, SplitPreTokenizer):
        if step.is_regex:
            return step.pattern, "onig", ".pattern.Regex", Message("Split")
        return None, "python", ".pattern.String", Message("Split on a string")
    if isinstance(step, ByteLevelPreTokenizer):
        if step.use_regex:
            return GPT2_PATTERN, "onig", ".use_regex", Message("ByteLevel's own GPT-2 pattern")
        return None, "python", "", Message("ByteLevel without its pattern")
    if isinstance(step, HFWhitespacePreTokenizer):
        return r"\w+|[^\w\s]+", "python", "", Message("Whitespace")
    if isinstance(step, WhitespacePreTokenizer):
        return r"\S+", "python", "", Message("WhitespaceSplit")
    if isinstance(step, DigitsPreTokenizer):
        if step.individual:
            return None, "python", "", Message("Digits")
        return r"\p{N}+", "python", ".individual_digits", Message("Digits")
    if isinstance(step, MetaspacePreTokenizer):
        if step.split_on_replacement:
            return None, "python", "", Message("Metaspace (pieces start at ▁)")
        return None, "python", ".split", Message("Metaspace without split")
    labels = {"bert": Message("BertPreTokenizer (cuts at spaces and punctuation only)"),
              "none": Message("no pre-tokenizer")}
    return None, "python", "", labels.get(step.kind, Message("{kind} pre-tokenizer",
                                                             kind=step.kind))


def _gguf_where(tokenizer: Tokenizer, step: PreTokenizer, index: int) -> str:
    source = tokenizer.source
    pre = source.normalizer if source is not None else None
    model = source.model_type if source is not None else None
    if isinstance(step, SplitPreTokenizer):
        return f'tokenizer.ggml.pre ("{pre}") regex {index + 1}'
    if pre:
        return f'tokenizer.ggml.pre ("{pre}")'
    return f'tokenizer.ggml.model ("{model}")'


# -- the findings before timing --------------------------------------------------------------
@dataclass
class _Plan:
    finding: LintFinding
    encode: Callable[[str], object]
    sizes: Sequence[int]
    cap_share: float = 1.0  # of time_cap a point may take


def _backtracking(tokenizer: Tokenizer, steps: list[_Step]) -> list[_Plan]:
    plans = []
    for step in steps:
        if step.pattern is None:
            continue
        for hazard in hazards(step.pattern, step.dialect):
            ender = breaker(step.pattern, step.dialect, hazard)
            case = WorstCase("backtracking", hazard.pump, hazard.prefix, ender)
            finding = LintFinding(
                "backtracking", "warning" if hazard.tail else "info", step.where,
                hazard.fragment, _hazard_detail(hazard), _hazard_reason(hazard), case)
            # Its growth shows within a fraction of a second; a timeout takes over a second.
            plans.append(_Plan(finding, _encoder(tokenizer, "none"), BACKTRACKING_SIZES,
                               BACKTRACKING_CAP_SHARE))
    return plans


def _hazard_detail(hazard: Hazard) -> str:
    what = {"nested": Message("nested repeats"),
            "alternatives": Message("a repeat over alternatives that overlap"),
            "adjacent": Message("overlapping repeats side by side")}[hazard.rule]
    return Message("{what}, characters {start}–{end} of the pattern", what=what,
                   start=hazard.start, end=hazard.end)


def _hazard_reason(hazard: Hazard) -> str:
    pump = repr(hazard.pump)
    if hazard.rule == "adjacent":
        cause = Message("both repeats take {pump}: a run of n is shared between them in n "
                        "ways, at each of n starts", pump=pump)
    elif hazard.rule == "nested":
        cause = Message("its body matches both {pump} and {pump}×2: a run of n splits into "
                        "iterations in 2ⁿ⁻¹ ways", pump=pump)
    else:
        cause = Message("two of its alternatives match {pump}: a run of n can be taken in 2ⁿ "
                        "ways", pump=pump)
    if hazard.tail:
        return Message("{cause}; when what follows fails, every way is tried before giving up "
                       "(Hugging Face stops at Oniguruma's retry limit and fails)", cause=cause)
    return Message("{cause}; harmless here: nothing after it can fail, so the first way "
                   "succeeds, but a pattern that adds anything after it backtracks "
                   "catastrophically", cause=cause)


def _unbounded(tokenizer: Tokenizer, steps: list[_Step]) -> list[_Plan]:
    found: dict[tuple[str, str, str], _Plan] = {}
    for name, unit, what in RUNS:
        text = unit * DETECT_CHARS
        try:
            pieces = tokenizer.model_inputs(text, special="none")
        except EncodeError:
            continue  # a pattern that runs out of time here is a backtracking finding
        if max(map(len, pieces), default=0) < DETECT_CHARS // 2:
            continue
        step, pattern, detail = _cause(steps, text)
        key = (step.where, pattern, detail)
        if key in found:
            earlier = found[key].finding
            found[key].finding = replace(earlier, also=(*earlier.also, name))
            continue
        reason = Message("{what} stays one piece however long: {cost}", what=what,
                         cost=_piece_cost(tokenizer))
        finding = LintFinding("unbounded_piece", "info", step.where, pattern, detail, reason,
                              WorstCase(name, unit))
        found[key] = _Plan(finding, _encoder(tokenizer, "none"), ())
    return list(found.values())


def _cause(steps: list[_Step], text: str) -> tuple[_Step, str, str]:
    """The step (and its pattern's alternative) that leaves the run ``text`` whole: the first
    whose pattern takes the run as one match; else the first whose pattern leaves it whole
    between its matches; else the first step that cuts at all."""
    between: tuple[_Step, str, str] | None = None
    for step in steps:
        if step.pattern is None:
            continue
        try:
            longest = max(map(len, step.pre.split_str(text)), default=0)
        except EncodeError:
            continue
        if longest >= len(text) // 2:
            pattern, detail, matched = _alternative(step, text)
            if matched:
                return step, pattern, detail
            between = between or (step, pattern, detail)
    if between is not None:
        return between
    cutting = [s for s in steps if not s.passes_through] or steps
    return cutting[0], "", cutting[0].label


def _alternative(step: _Step, text: str) -> tuple[str, str, bool]:
    """The top-level alternative of the step's pattern that takes the run ``text`` (the
    first that matches where its longest match starts: the one the engine takes), its
    description, and whether a match took it at all (else the run lies between matches)."""
    assert step.pattern is not None
    whole = regex.compile(translate(step.pattern, step.dialect))
    try:
        longest = max(whole.finditer(text, timeout=1.0), key=lambda m: m.end() - m.start(),
                      default=None)
    except TimeoutError:
        longest = None
    if longest is None or longest.end() - longest.start() < len(text) // 2:
        return step.pattern, Message("{label}: the text between its matches",
                                     label=step.label), False
    branches = top_alternatives(step.pattern, step.dialect)
    if len(branches) > 1:
        for index, branch in enumerate(branches):
            try:
                hit = regex.compile(translate(branch, step.dialect)).match(
                    text, longest.start(), timeout=1.0)
            except (regex.error, TimeoutError):
                break
            if hit:
                return branch, Message("{label}: alternative {index} of {count}",
                                       label=step.label, index=index + 1,
                                       count=len(branches)), True
    return step.pattern, step.label, True


def _piece_cost(tokenizer: Tokenizer) -> str:
    model = tokenizer.model
    if isinstance(model, UnigramModel | SentencePieceUnigram):
        return Message("a Unigram lattice over a piece of n characters holds every token "
                       "starting at each of them (O(n·L), L the longest token)")
    if isinstance(model, WordPieceModel):
        return Message("greedy longest match tries the longest prefix first at each position, "
                       "up to O(n²) without a word-length limit (Hugging Face gives [UNK] past "
                       "max_input_chars_per_word)")
    return Message("merging a piece of n symbols costs O(n²) in runtimes that rescan it after "
                   "every merge (older tiktoken releases, naive ports), O(n log n) with a heap "
                   "(Hugging Face, tiktoken since its large-piece merge, BPE Lens)")


def _added_tokens(tokenizer: Tokenizer) -> list[_Plan]:
    tokens = sorted(tokenizer.specials.tokens, key=lambda t: t.id)
    if len(tokens) < MANY_ADDED:
        return []
    unit = "".join(t.content[:-1] for t in tokens[:NEAR_MISS_TOKENS] if len(t.content) > 1)
    if not unit:
        return []
    source = tokenizer.source
    where = {"tiktoken": "special_tokens", "gguf": "tokenizer.ggml.token_type",
             "sentencepiece": "pieces"}.get(source.format if source else "", "added_tokens")
    finding = LintFinding(
        "added_tokens", "warning", where, "",
        Message("{count:,} added tokens", count=len(tokens)),
        Message("every added token is looked for at each position of the text: one "
                "alternation of {count:,} strings costs up to their number per character on "
                "text full of near misses (Hugging Face uses Aho-Corasick, linear whatever "
                "their number)", count=len(tokens)),
        WorstCase("near_misses", unit))
    return [_Plan(finding, _encoder(tokenizer, "all"), ())]


def _encoder(tokenizer: Tokenizer, special: Literal["all", "none"]) -> Callable[[str], object]:
    return lambda text: tokenizer.encode_ids(text, special=special)


# -- timing ----------------------------------------------------------------------------------
def _timed(plan: _Plan, growth: Growth) -> LintFinding:
    finding = plan.finding
    exponent = fit_exponent(growth.points)
    severity = finding.severity
    faster = exponent is not None and exponent >= SUPERLINEAR_FROM
    if finding.kind == "backtracking" and (growth.timed_out or faster):
        severity = "error"
    elif finding.kind == "unbounded_piece" and faster:
        severity = "warning"
    note = growth.error
    if growth.timed_out and finding.kind != "backtracking":
        note = Message("the pattern ran out of its time budget on this input: it backtracks")
    return replace(finding, severity=severity, points=growth.points, exponent=exponent,
                   timed_out=growth.timed_out, note=note)


def _stepper(progress: Callable[[float], None] | None, index: int, plans: int,
             points: int) -> Callable[[], None] | None:
    """Reports the fraction done after each point of plan ``index`` (of ``plans``)."""
    if progress is None:
        return None
    done = [0]

    def step() -> None:
        done[0] += 1
        progress((index + min(1.0, done[0] / points)) / plans)

    return step


def _check(sizes: Sequence[int], time_cap: float, repeats: int, budget: float | None) -> None:
    # Before any text is made: the longest input is len(text) characters.
    if not sizes:
        raise ConfigError(Message("sizes: give at least one input length"))
    for size in sizes:
        if type(size) is not int or not 1 <= size <= MAX_SIZE:
            raise ConfigError(Message("sizes: {size!r} is not a length from 1 to {most:,} "
                                      "characters", size=size, most=MAX_SIZE))
    if not (isinstance(time_cap, int | float) and 0 < time_cap <= MAX_TIME_CAP):
        raise ConfigError(Message("time_cap {value!r}: expected seconds above 0 and at most "
                                  "{most:g}", value=time_cap, most=MAX_TIME_CAP))
    if type(repeats) is not int or not 1 <= repeats <= 15:
        raise ConfigError(Message("repeats {value!r}: expected a whole number from 1 to 15",
                                  value=repeats))
    if budget is not None and not (isinstance(budget, int | float) and budget > 0):
        raise ConfigError(Message("budget {value!r}: expected seconds above 0", value=budget))


def lint_tokenizer(tokenizer: Tokenizer, *, sizes: Sequence[int] = DEFAULT_SIZES,
                   time_cap: float = TIME_CAP, budget: float | None = None,
                   repeats: int = REPEATS, timing: bool = True,
                   progress: Callable[[float], None] | None = None) -> LintReport:
    """Every pathology of ``tokenizer`` (see the module), each timed with its own encoder
    unless ``timing`` is off. ``sizes``: the input lengths (characters) for unbounded pieces
    and added tokens (backtracking grows from 8 characters by √2); ``time_cap``: CPU seconds
    a point may take before lengths stop growing; ``budget``: CPU seconds for all the timing
    (default ``BUDGET_PER_CAP × time_cap``). ``progress(fraction)`` may raise to stop."""
    _check(sizes, time_cap, repeats, budget)
    started = time.thread_time()
    sizes = sorted(set(sizes))
    steps = _steps(tokenizer)
    plans = [*_backtracking(tokenizer, steps), *_unbounded(tokenizer, steps),
             *_added_tokens(tokenizer)]
    clock = Budget(budget if budget is not None else BUDGET_PER_CAP * time_cap)
    findings = []
    for index, plan in enumerate(plans):
        if progress is not None:
            progress(index / len(plans))
        if not timing:
            findings.append(plan.finding)
            continue
        lengths = plan.sizes or sizes
        growth = measure(plan.encode, plan.finding.worst_case.text, lengths,
                         cap=time_cap * plan.cap_share, repeats=repeats, budget=clock,
                         step=_stepper(progress, index, len(plans), len(lengths)))
        findings.append(_timed(plan, growth))
    if progress is not None:
        progress(1.0)
    return LintReport(tokenizer.name, tuple(findings), timing, time_cap,
                      time.thread_time() - started)


__all__ = ["DEFAULT_SIZES", "GROWTH_CLASSES", "LintFinding", "LintReport", "WorstCase",
           "growth_class", "growth_range", "lint_tokenizer"]
