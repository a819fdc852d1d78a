"""The vocabulary-size sweep: a BPE cut at several sizes k, measured per language on a
parallel corpus (seed 000 §5.1, §6: parity against compression, size by size).

A BPE's merges cut after a prefix are a vocabulary of their own, and encoding a piece with
the cut merges stops the full encoding's merge trace at its first step the cut lacks (every
step merges the best pair present; once that pair is cut, no kept pair is present). So each
distinct piece is traced once, with the full model, and every size is read off the traces:
no encode per size. Languages are measured independently of each other, so worker processes
can take one each (``jobs``) and give the same numbers, bit for bit.

Per language and size: tokens, the ratio to the reference language, bytes per token, the
Rényi efficiency of the token distribution (α = 2.5, Zouhar et al. 2023:
H_α(p) / log k) and the share of words (pieces holding a letter or digit) kept whole; per
size, the Gini coefficient of the languages' token totals and the total.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

import regex

from bpelens.core.messages import Message

from ..errors import BpeLensError, ConfigError
from ..models.base import TokenModel
from ..models.sentencepiece.bpe import SentencePieceBPE
from ..pipeline.tokenizer import Tokenizer
from .inequality import gini
from .parallel_counts import (
    Recipe,
    TokenizerPool,
    recipe_of,
    worker_stopping,
    worker_tokenizer,
)

RENYI_ALPHA = 2.5
MAX_SIZES = 1000
PROGRESS_PIECES = 2000  # pieces traced between two progress reports (each may cancel)
# Below this many characters in all the languages, a sweep stays in one process: starting
# workers (a few tenths of a second each, the tokenizer opened again) and tracing again the
# pieces two of them meet cost more than they save.
MIN_PARALLEL_SWEEP_CHARS = 1 << 20
TICK = 0.2  # seconds between two progress reports while workers sweep (each may stop it)
_WORDISH = regex.compile(r"[\p{L}\p{N}]")


@dataclass(frozen=True, slots=True)
class SweepRow:
    """One language at one size."""

    size: int
    language: str
    tokens: int
    bytes: int
    ratio: float  # tokens / the reference language's tokens
    renyi: float
    whole_words: float

    @property
    def bytes_per_token(self) -> float:
        return self.bytes / self.tokens if self.tokens else 0.0

    def to_json(self) -> dict[str, object]:
        return {"size": self.size, "language": self.language, "tokens": self.tokens,
                "bytes": self.bytes, "ratio": round(self.ratio, 6),
                "bytes_per_token": round(self.bytes_per_token, 6),
                "renyi_efficiency": round(self.renyi, 6),
                "whole_words": round(self.whole_words, 6)}


@dataclass(frozen=True, slots=True)
class SweepPoint:
    """Every language at one size: the Gini of their token totals, and the total."""

    size: int
    merges: int | None
    gini: float
    tokens: int
    saturated: bool = False  # the size is the whole vocabulary or more: nothing more is cut

    def to_json(self) -> dict[str, object]:
        return {"size": self.size, "merges": self.merges, "gini": round(self.gini, 6),
                "tokens": self.tokens, "saturated": self.saturated}


@dataclass(frozen=True)
class Sweep:
    name: str
    reference: str
    languages: tuple[str, ...]
    sentences: int
    points: tuple[SweepPoint, ...]
    rows: tuple[SweepRow, ...]

    def row(self, size: int, language: str) -> SweepRow:
        index = self.__dict__.get("_index")
        if index is None:  # built once: a plot asks for every size of every language
            index = {(r.size, r.language): r for r in self.rows}
            object.__setattr__(self, "_index", index)
        return index[(size, language)]

    def to_json(self) -> dict[str, object]:
        return {"tokenizer": self.name, "reference": self.reference,
                "languages": list(self.languages), "sentences": self.sentences,
                "renyi_alpha": RENYI_ALPHA,
                "points": [p.to_json() for p in self.points],
                "rows": [r.to_json() for r in self.rows]}


def parse_sizes(spec: str, where: str = "--sizes") -> list[int]:
    """``1000:64000:x2`` (from, to, times), ``1000:8000:+1000`` (from, to, step) or
    ``1000,4000,16000``: ascending vocabulary sizes, each at least 1."""
    def bad() -> ConfigError:
        return ConfigError(Message("{where} {spec!r}: expected FROM:TO:xFACTOR (1000:64000:x2), "
                                   "FROM:TO:+STEP or sizes separated by commas, 1 or more, at "
                                   "most {limit} sizes", where=where, spec=spec,
                                   limit=MAX_SIZES))
    try:
        if ":" in spec:
            start_text, end_text, step = spec.split(":")
            start, end = int(start_text), int(end_text)
            if start < 1 or end < start:
                raise bad()
            if step.startswith("x"):
                factor = float(step[1:])
                if not (math.isfinite(factor) and factor > 1) or \
                        math.log(end / start) / math.log(factor) > MAX_SIZES:
                    raise bad()
                sizes, value = [], float(start)
                while round(value) <= end:
                    sizes.append(round(value))
                    value *= factor
            elif step.startswith("+"):
                increment = int(step[1:])
                if increment < 1 or (end - start) // increment >= MAX_SIZES:
                    raise bad()
                sizes = list(range(start, end + 1, increment))
            else:
                raise bad()
        else:
            sizes = [int(part) for part in spec.split(",") if part.strip()]
    except (ValueError, OverflowError):
        raise bad() from None
    sizes = sorted(set(sizes))
    if not sizes or sizes[0] < 1 or len(sizes) > MAX_SIZES:
        raise bad()
    return sizes


class _Cut:
    """Which merges a cut keeps. A cut at size k holds the tokens with ids below k, and keeps
    the merges whose two parts and result it holds: in a merge list ordered as trained (ids
    made in merge order), the first merges; for merges implied by ranks (tiktoken), the
    tokens of rank below k. A model whose merges come out of order (llama3's list, made from
    ranks, makes most tokens several ways) is cut the same way, by ids."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        rules = tokenizer.model.merge_list()
        self.needs = None if rules is None else sorted(
            max(r.left_id, r.right_id, r.new_id) + 1 for r in rules)

    def merges_at(self, size: int) -> int | None:
        """How many merges of the model's list a cut at ``size`` keeps (None: the model has
        no list)."""
        return None if self.needs is None else bisect_right(self.needs, size)


def vocab_sweep(tokenizer: Tokenizer, texts: dict[str, Sequence[str]], sizes: Sequence[int],
                *, reference: str | None = None, name: str = "",
                progress: Callable[[float], None] | None = None, jobs: int = 1) -> Sweep:
    """The sweep of ``tokenizer`` cut at each of ``sizes`` over ``texts`` (language → the
    same sentences in each). ``progress(fraction)`` may raise to stop. ``jobs`` > 1: the
    languages are swept by that many worker processes (a corpus large enough to pay for
    them; the same sweep, bit for bit)."""
    languages = tuple(texts)
    if not languages:
        raise ConfigError("the sweep needs at least one language")
    reference = reference or languages[0]
    if reference not in texts:
        raise ConfigError(Message("reference {reference!r} is not among the languages ({names})",
                                  reference=reference, names=", ".join(languages)))
    sizes = sorted(set(sizes))
    cut = _Cut(tokenizer)
    model = tokenizer.model
    if type(model).trace_piece is TokenModel.trace_piece:
        raise ConfigError(Message("the sweep cuts a BPE's merges; {describe} has none",
                                  describe=model.describe()))
    if model.replays_history:
        # A removal undoes merges made before it: a cut by ids would keep tokens the full
        # model split back.
        raise ConfigError(Message("the sweep cuts a BPE's merges by id; {describe} also removes "
                                  "tokens, which a cut does not follow: sweep by training Picky "
                                  "BPE at each size", describe=model.describe()))
    if isinstance(model, SentencePieceBPE):
        # Its unknown-character and unused-piece rules rewrite the merged ids afterwards,
        # which a cut trace does not follow.
        raise ConfigError(Message("the sweep cannot cut a SentencePiece BPE model yet ({describe});"
                                  " its tokenizer.json conversion can be swept",
                                  describe=model.describe()))
    if not any(texts.values()):
        raise ConfigError("the languages share no sentence to measure")
    # Each language's share of the work, for progress (and the order workers take them in).
    chars = [sum(map(len, texts[language])) or 1 for language in languages]
    measured = None
    jobs = min(jobs, len(languages))
    if jobs > 1 and sum(chars) >= MIN_PARALLEL_SWEEP_CHARS:
        # (asked only when the corpus is large enough: a recipe encodes a probe text)
        recipe = recipe_of(tokenizer, in_memory=True)
        if recipe is not None:
            measured = _swept_in_workers(recipe, jobs, [texts[x] for x in languages], sizes,
                                         chars, progress)
    if measured is None:
        measured = _swept_here(tokenizer, [texts[x] for x in languages], sizes, chars,
                               progress)
    # Per size: every language's row, the Gini of their totals, the total.
    points: list[SweepPoint] = []
    rows: list[SweepRow] = []
    vocabulary = model.vocab_size
    where = languages.index(reference)
    for position, size in enumerate(sizes):
        totals = [m.tokens[position] for m in measured]
        reference_tokens = totals[where]
        for language, m in zip(languages, measured, strict=True):
            rows.append(SweepRow(size, language, m.tokens[position], m.bytes,
                                 m.tokens[position] / reference_tokens if reference_tokens
                                 else 0.0, m.renyi[position], m.whole[position]))
        points.append(SweepPoint(size, cut.merges_at(size), gini(totals), sum(totals),
                                 size >= vocabulary))
    if progress is not None:
        progress(1.0)
    sentences = len(next(iter(texts.values())))
    return Sweep(name or tokenizer.name or "", reference, languages, sentences, tuple(points),
                 tuple(rows))


@dataclass(frozen=True, slots=True)
class _Measured:
    """One language at every size of a sweep: its bytes, and per size its tokens, the Rényi
    efficiency of their distribution and the share of its words kept whole."""

    bytes: int
    tokens: tuple[int, ...]
    renyi: tuple[float, ...]
    whole: tuple[float, ...]


# A language's work, for progress within it: counting its pieces, tracing the new ones,
# walking the sizes (shares roughly as measured with o200k on NTREX).
_COUNTED, _TRACED = 0.05, 0.8


def _measured(tokenizer: Tokenizer, sentences: Sequence[str], sizes: Sequence[int],
              traces: dict[str, _Trace], report: Callable[[float], None] | None = None
              ) -> _Measured:
    """One language measured at ``sizes``; ``traces`` (piece → its trace) holds the pieces
    traced so far and gains this language's new ones. ``report(fraction of this
    language)`` may raise to stop. Languages are independent: the same numbers whether one
    process sweeps them all, or workers sweep them in any grouping."""
    model = tokenizer.model
    pieces: Counter[str] = Counter()
    total_bytes = 0
    for text in sentences:
        total_bytes += len(text.encode("utf-8"))
        pieces.update(tokenizer.model_inputs(text, special="none"))
    if report is not None:
        report(_COUNTED)
    new = [piece for piece in pieces if piece not in traces]
    for done, piece in enumerate(new, start=1):
        traces[piece] = _Trace(model, piece)
        if report is not None and done % PROGRESS_PIECES == 0:
            report(_COUNTED + (_TRACED - _COUNTED) * done / len(new))
    # The token counts at the current size, walked up size by size.
    state = {piece: traces[piece].start() for piece in pieces}
    counts: Counter[int] = Counter()
    for piece, n in pieces.items():
        for token in state[piece][0]:
            counts[token] += n
    vocabulary = model.vocab_size
    tokens: list[int] = []
    renyi: list[float] = []
    whole: list[float] = []
    for position, size in enumerate(sizes):
        if report is not None:
            report(_TRACED + (1 - _TRACED) * position / len(sizes))
        words = kept = 0
        for piece, n in pieces.items():
            trace = traces[piece]
            state[piece] = trace.advance(state[piece], size, counts, n)
            if trace.wordish:
                words += n
                if len(state[piece][0]) == 1:
                    kept += n
        tokens.append(sum(counts.values()))
        # |V| of the cut: the size asked, but no more than the vocabulary holds, nor fewer
        # than the tokens in use (a cut never drops the base tokens).
        in_use = sum(1 for c in counts.values() if c > 0)
        renyi.append(renyi_efficiency(counts, max(min(size, vocabulary), in_use)))
        whole.append(kept / words if words else 0.0)
    return _Measured(total_bytes, tuple(tokens), tuple(renyi), tuple(whole))


def _swept_here(tokenizer: Tokenizer, texts: list[Sequence[str]], sizes: Sequence[int],
                chars: list[int], progress: Callable[[float], None] | None
                ) -> list[_Measured]:
    """Every language in this process, each distinct piece traced once."""
    traces: dict[str, _Trace] = {}
    total = sum(chars)
    done = 0
    measured = []
    for sentences, share in zip(texts, chars, strict=True):
        def report(fraction: float, before: int = done, share: int = share) -> None:
            assert progress is not None
            progress((before + fraction * share) / total)

        measured.append(_measured(tokenizer, sentences, sizes, traces,
                                  report if progress is not None else None))
        done += share
    return measured


def _swept_in_workers(recipe: Recipe, jobs: int, texts: list[Sequence[str]],
                      sizes: Sequence[int], chars: list[int],
                      progress: Callable[[float], None] | None) -> list[_Measured] | None:
    """Every language swept by a worker process (a task each, the largest first so that the
    last to finish is a small one); None when the workers could not start or open the
    tokenizer (the caller sweeps here). A piece two workers meet is traced by both (about a
    tenth of NTREX's pieces are in several languages): what this buys is that nothing but a
    language's sentences goes out and its few numbers per size come back, and that the walk
    through the sizes is shared out too. Stopping (progress raising) tells the languages
    under way to end, then stops the workers."""
    order = sorted(range(len(texts)), key=lambda i: (-chars[i], i))
    total = sum(chars)
    pool = TokenizerPool(recipe, jobs)
    try:
        # (a language takes seconds: between them, a tick lets progress stop the sweep)
        steps = pool.run(sweep_language, [(list(texts[i]), list(sizes)) for i in order],
                         ahead=2, tick=TICK)
        while True:
            try:
                done = next(steps)
            except StopIteration as finished:
                found = finished.value
                break
            if progress is not None:
                progress(sum(chars[i] for i in order[:done]) / total)
    except (BrokenProcessPool, BpeLensError):
        return None
    finally:
        pool.close()
    measured: list[_Measured | None] = [None] * len(texts)
    for i, result in zip(order, found, strict=True):
        measured[i] = result
    return measured  # type: ignore[return-value]


# A worker's traces, kept from one language to the next (its tokenizer never changes).
_WORKER_TRACES: dict[str, _Trace] = {}


def sweep_language(sentences: list[str], sizes: list[int]) -> _Measured:
    """A worker's task: one language measured with the worker's tokenizer."""
    _unless_stopping(0.0)  # (a task queued before the stop: not begun at all)
    return _measured(worker_tokenizer(), sentences, sizes, _WORKER_TRACES, _unless_stopping)


class _Stopped(Exception):
    """A worker's language abandoned: the sweep was stopped."""


def _unless_stopping(_fraction: float) -> None:
    if worker_stopping():
        raise _Stopped


def renyi_efficiency(counts: Counter[int], size: int, alpha: float = RENYI_ALPHA) -> float:
    """H_α of the token distribution divided by log of the vocabulary size (Zouhar et al.
    2023): 1 when every token of the vocabulary is used equally often."""
    total = sum(counts.values())
    if total == 0 or size < 2:
        return 0.0
    power = sum((c / total) ** alpha for c in counts.values() if c > 0)
    entropy = math.log(power) / (1 - alpha)
    return entropy / math.log(size)


class _Trace:
    """One piece's full merge trace: where it starts, each step with the size it needs
    (the cut must hold its parts and result; a running maximum, as a cut stops at the first
    step it lacks), and a whole-token lookup the model does before merging (tiktoken; HF's
    ignore_merges), which needs the size that holds that token."""

    __slots__ = ("initial", "needs", "steps", "whole", "whole_needs", "wordish")

    def __init__(self, model: TokenModel, piece: str) -> None:
        traced = model.trace_piece(piece)
        # A model that never looks a piece up whole traces it once.
        merged = traced if type(model).trace_merges is TokenModel.trace_merges \
            else model.trace_merges(piece)
        assert traced is not None and merged is not None
        final = traced[1]
        initial, merged_final, steps = merged
        self.initial = tuple(initial)
        self.steps = tuple((s.position, s.new_id) for s in steps)
        needs: list[int] = []
        highest = 0
        for s in steps:
            highest = max(highest, s.left_id + 1, s.right_id + 1, s.new_id + 1)
            needs.append(highest)
        self.needs = needs
        # The model took the piece whole rather than by its merges: from the size that
        # holds that token on.
        self.whole = final[0] if list(final) != list(merged_final) else None
        self.whole_needs = self.whole + 1 if self.whole is not None else 0
        self.wordish = _WORDISH.search(piece) is not None

    def start(self) -> tuple[list[int], int]:
        """(the tokens before any merge, steps applied)."""
        return list(self.initial), 0

    def advance(self, state: tuple[list[int], int], size: int, counts: Counter[int],
                weight: int) -> tuple[list[int], int]:
        """The state at ``size`` (sizes only grow), ``counts`` kept in step (times
        ``weight``)."""
        tokens, done = state
        if self.whole is not None and size >= self.whole_needs:
            if tokens != [self.whole]:
                for token in tokens:
                    counts[token] -= weight
                counts[self.whole] += weight
            return [self.whole], len(self.steps)
        upto = bisect_right(self.needs, size)
        if upto <= done:
            return state
        for position, new in self.steps[done:upto]:
            counts[tokens[position]] -= weight
            counts[tokens[position + 1]] -= weight
            counts[new] += weight
            tokens[position : position + 2] = [new]
        return tokens, upto
