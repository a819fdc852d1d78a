"""The vocabulary-size sweep: a BPE cut at several sizes k, measured per language on a
parallel corpus (seed 000 §5.1, §6: parity against compression, size by size).

A BPE's merges cut after a prefix are a vocabulary of their own, and encoding a piece with
the cut merges stops the full encoding's merge trace at its first step the cut lacks (every
step merges the best pair present; once that pair is cut, no kept pair is present). So each
distinct piece is traced once, with the full model, and every size is read off the traces:
no encode per size.

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
from dataclasses import dataclass

import regex

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.base import TokenModel
from ..models.sentencepiece.bpe import SentencePieceBPE
from ..pipeline.tokenizer import Tokenizer
from .inequality import gini

RENYI_ALPHA = 2.5
MAX_SIZES = 1000
PROGRESS_PIECES = 2000  # pieces traced between two progress reports (each may cancel)
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
                progress: Callable[[float], None] | None = None) -> Sweep:
    """The sweep of ``tokenizer`` cut at each of ``sizes`` over ``texts`` (language → the
    same sentences in each). ``progress(fraction)`` may raise to stop."""
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
    # Distinct model inputs per language, with counts; and each language's bytes.
    counted: list[Counter[str]] = []
    sizes_in_bytes: list[int] = []
    for index, language in enumerate(languages):
        pieces: Counter[str] = Counter()
        total_bytes = 0
        for text in texts[language]:
            total_bytes += len(text.encode("utf-8"))
            pieces.update(tokenizer.model_inputs(text, special="none"))
        counted.append(pieces)
        sizes_in_bytes.append(total_bytes)
        if progress is not None:
            progress(0.5 * (index + 1) / len(languages))
    traces: dict[str, _Trace] = {}
    for index, pieces in enumerate(counted):
        for piece in pieces:
            if piece not in traces:
                traces[piece] = _Trace(model, piece)
                if progress is not None and len(traces) % PROGRESS_PIECES == 0:
                    progress(0.5 + 0.25 * index / len(counted))
    if progress is not None:
        progress(0.75)
    # Per language: the token counts at the current size, walked up size by size.
    points: list[SweepPoint] = []
    rows: list[SweepRow] = []
    states = [{piece: traces[piece].start() for piece in pieces} for pieces in counted]
    token_counts: list[Counter[int]] = []
    for pieces, state in zip(counted, states, strict=True):
        counts: Counter[int] = Counter()
        for piece, n in pieces.items():
            for token in state[piece][0]:
                counts[token] += n
        token_counts.append(counts)
    vocabulary = model.vocab_size
    for position, size in enumerate(sizes):
        if progress is not None:
            progress(0.75 + 0.25 * position / len(sizes))
        totals: list[int] = []
        renyi: list[float] = []
        whole: list[float] = []
        for pieces, state, counts in zip(counted, states, token_counts, strict=True):
            words = kept = 0
            for piece, n in pieces.items():
                trace = traces[piece]
                state[piece] = trace.advance(state[piece], size, counts, n)
                if trace.wordish:
                    words += n
                    if len(state[piece][0]) == 1:
                        kept += n
            totals.append(sum(counts.values()))
            # |V| of the cut: the size asked, but no more than the vocabulary holds, nor
            # fewer than the tokens in use (a cut never drops the base tokens).
            in_use = sum(1 for c in counts.values() if c > 0)
            renyi.append(renyi_efficiency(counts, max(min(size, vocabulary), in_use)))
            whole.append(kept / words if words else 0.0)
        reference_tokens = totals[languages.index(reference)]
        for i, language in enumerate(languages):
            rows.append(SweepRow(size, language, totals[i], sizes_in_bytes[i],
                                 totals[i] / reference_tokens if reference_tokens else 0.0,
                                 renyi[i], whole[i]))
        points.append(SweepPoint(size, cut.merges_at(size), gini(totals), sum(totals),
                                 size >= vocabulary))
    if progress is not None:
        progress(1.0)
    sentences = len(next(iter(texts.values())))
    return Sweep(name or tokenizer.name or "", reference, languages, sentences, tuple(points),
                 tuple(rows))


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
