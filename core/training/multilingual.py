"""Training on several languages at once: classic BPE on exactly weighted languages, or
parity-aware BPE; either way each language's dev-set token total is followed merge by merge.

Classic: one index over every language's pieces, each piece counted Σ_ℓ w_ℓ n_ℓ(piece), so pair
counts are C(a,b) = Σ_ℓ w_ℓ C_ℓ(a,b) (seed 000 §4); the merges are those of
:func:`~.trainer.iter_training` on the same weighted lines.

Parity-aware (:class:`~.parity_config.ParityConfig`), as Hugging Face's ``ParityBpeTrainer``
(tokenizers 0.23.3) does it, which is what the tests compare against merge for merge:

* one pair index per language; each merge, a language is chosen (below) and its most frequent
  pair is merged in every language; ties between pairs go to the largest (left text, right
  text) (:mod:`.string_ties`);
* the language: the largest dev-set token total (``base``, first language on ties); through
  a moving window of the last W choices, where a language chosen more than α/L·W times gives
  way to the next longest (``window``); with ratios and no dev set, the smallest (initial /
  current training length) / ratio (given both, the dev sets choose, as in HF); without
  either, the largest training length;
* the first ``global_merges`` merges are chosen on counts summed over the languages;
* a language whose best pair is below ``min_frequency`` (or that has none) is left out from
  then on, and training goes on with the others; it stops after ``vocab_size − base −
  specials`` merges (counted as merges: a merge that spells an existing token adds none),
  when every language is left out, or when the summed counts have no pair left.

The original Python code (swiss-ai/parity-aware-bpe) differs: it stops altogether when the
chosen language's best pair is below ``min_frequency`` (default 2; HF's default is 0), and in
hybrid mode its window threshold is α/(L+1). Ties are the same. We follow HF, except where HF
never returns (a window whose only unmasked languages are left out; base with ratios where no
language left has a comparable score): there the best language left takes the turn.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator, Sequence
from fractions import Fraction

from bpelens.core.messages import Message

from ..errors import ConfigError, TrainingError
from ..fast.gc_pause import gc_paused
from ..models.bpe import BPEModel
from ..pipeline.tokenizer import Tokenizer
from .config import TrainingConfig
from .dev_sets import DevSets
from .languages import LanguageCorpus
from .merge_loop import GLOBAL, MergeLoop, merge_target
from .pair_index import PairIndex, removed_by, total_length
from .parity_config import ParityConfig
from .record import TrainingRecord
from .string_ties import StringTieIndex, tie_key, token_text
from .trainer import (
    TRACE_WORDS,
    TrainingProgress,
    TrainingResult,
    _base_words,
    counted_chunks,
)

COUNT_LINES = 1 << 13  # lines counted between two progress reports
# Merging reports this often, carrying the dev rows for live plots; a cancel is seen at the
# next report.
REPORT_SECONDS = 0.03
_I64_MIN = -(1 << 63)  # HF's "left out" length in the window's choice


def _add_counts(into: dict[str, int], counts: dict[str, int]) -> None:
    if not into:
        into.update(counts)
        return
    get = into.get
    for piece, count in counts.items():
        into[piece] = get(piece, 0) + count


def _check_languages(languages: Sequence[LanguageCorpus]) -> None:
    if not languages:
        raise TrainingError("no training language given")
    names = [language.name for language in languages]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise TrainingError(Message("language {twice} is given twice", twice=twice[0]))
    for language in languages:
        if not isinstance(language.weight, Fraction) or language.weight <= 0:
            raise TrainingError(Message("{name}: weight must be a positive Fraction, not "
                                        "{weight!r}",
                                        name=language.name, weight=language.weight))


def _ratio_score(initial: float, current: float, ratio: float) -> float:
    """(initial / current) / ratio in IEEE doubles, as Rust computes it (x/0 is ±inf or NaN
    there, where Python would raise)."""
    if current == 0:
        rate = math.nan if initial == 0 else math.copysign(math.inf, initial)
    else:
        rate = initial / current
    return rate / ratio


def _window_choice(values: Sequence[float], floor: float, recent: deque[int], size: int,
                   threshold: float) -> int:
    """The largest value (first on ties) whose share of the last ``size`` choices is at most
    ``threshold``; the next largest if not, and so on; the last one tried if none qualifies.

    Languages left out have the ``floor`` value (NaN scores compare false) and are never the
    largest: the search falls back on the first language. When that one is already ruled out
    while left-out ones remain, HF's loop runs forever; the largest value is taken instead,
    the window aside (an input HF never finishes, so no merge of its differs)."""
    allowed = [True] * len(values)
    while True:
        best, best_value = 0, floor
        for i, value in enumerate(values):
            if allowed[i] and value > best_value:
                best, best_value = i, value
        if not allowed[best]:
            return _largest(values, floor)
        if recent.count(best) / size <= threshold:
            return best
        allowed[best] = False
        if not any(allowed):
            return best


def _largest(values: Sequence[float], floor: float) -> int:
    """The first of the largest values above ``floor``; the first not at the floor if none
    compares (NaN)."""
    best, best_value = -1, floor
    for i, value in enumerate(values):
        if value > best_value:
            best, best_value = i, value
    if best >= 0:
        return best
    return next((i for i, value in enumerate(values) if value != floor), 0)


class LanguageLoop(MergeLoop):
    """The merge loop over languages: who chooses each merge (the summed counts, or a
    language by parity-aware BPE's rules), and each merge applied to every language's pieces
    and dev set, their token totals followed merge by merge."""

    CLOCK_EVERY = 1  # a merge applies to every language: the clock is cheap beside it

    def __init__(self, model: BPEModel, target: int, threshold: int, keys: list[bytes],
                 shared: PairIndex | None, per_language: list[PairIndex],
                 dev_sets: DevSets | None, parity: ParityConfig | None, *,
                 first_occurrence: bool = False) -> None:
        super().__init__(shared, threshold, target - model.vocab_size,
                         first_occurrence=first_occurrence)
        self.model, self.target, self.keys = model, target, keys
        self.per_language, self.dev_sets, self.parity = per_language, dev_sets, parity
        has_dev = dev_sets is not None
        self.dev_lengths = dev_sets.totals if dev_sets is not None else [0] * len(per_language)
        # As HF: given dev sets, they choose and the ratios are ignored.
        self.ratio = parity.ratio if parity is not None and not has_dev else None
        # What chooses the language: dev totals; or training lengths (ratio mode, as floats).
        self.train_lengths = [total_length(index) for index in per_language]
        self.initial_lengths = [float(length) for length in self.train_lengths]
        self.use_dev = has_dev and self.ratio is None
        # The training text's length in tokens (all languages, weighted), before and after
        # each merge: playback's corpus curve.
        self.corpus_tokens = total_length(shared) if parity is None and shared is not None \
            else sum(self.train_lengths)
        self.lengths_after = [self.corpus_tokens]
        self.history: list[tuple[int, ...]] = [tuple(self.dev_lengths)] if has_dev else []
        self.exhausted: set[int] = set()
        self.recent: deque[int] = deque()

    def finished(self) -> str | None:
        if self.parity is None:
            if self.model.vocab_size >= self.target:
                return "vocab_size"
        elif len(self.merges) >= self.limit:
            return "merges"
        if self.per_language and len(self.exhausted) >= len(self.per_language):
            return "languages_exhausted"
        return None

    def choose(self) -> int:
        parity = self.parity
        if parity is None or len(self.merges) < parity.global_merges:
            return GLOBAL
        picked = self._choose_language(parity)
        if picked in self.exhausted and parity.variant == "base":
            # Base chose a language already left out: no language left has a score that
            # compares (ratios of a language without text, 0/0). HF would choose it again
            # forever; the first language left takes its turn instead. (A language left out
            # never gets a pair back at the threshold: merges only shrink its counts.)
            picked = next(i for i in range(len(self.per_language)) if i not in self.exhausted)
        return picked

    def _choose_language(self, parity: ParityConfig) -> int:
        count = len(self.per_language)
        exhausted, ratio = self.exhausted, self.ratio
        if ratio is not None:
            scores = [_ratio_score(self.initial_lengths[i], float(self.train_lengths[i]),
                                   ratio[i]) for i in range(count)]
            if parity.variant == "base":
                best, best_value = 0, math.inf
                for i, value in enumerate(scores):
                    if i not in exhausted and value < best_value:
                        best, best_value = i, value
                return best
            values: list[float] = [-s for s in scores]
            for i in exhausted:
                values[i] = -math.inf
            floor: float = -math.inf
        else:
            lengths = self.dev_lengths if self.use_dev else self.train_lengths
            if parity.variant == "base":
                best, best_length = 0, _I64_MIN
                for i, length in enumerate(lengths):
                    if i not in exhausted and length > best_length:
                        best, best_length = i, length
                return best
            values = list(lengths)
            for i in exhausted:
                values[i] = _I64_MIN
            floor = _I64_MIN
        recent = self.recent
        picked = _window_choice(values, floor, recent, parity.window_size,
                                parity.alpha / count)
        recent.append(picked)
        if len(recent) > parity.window_size:
            recent.popleft()
        return picked

    def index_of(self, chooser: int) -> PairIndex:
        index = self.index if chooser == GLOBAL else self.per_language[chooser]
        assert index is not None
        return index

    def left_out(self, chooser: int, reason: str) -> str | None:
        if chooser == GLOBAL:
            return reason
        self.exhausted.add(chooser)
        return None

    def make(self, left: int, right: int) -> int:
        new = self.model.merge_pair(left, right).new_id
        if new == len(self.keys):
            self.keys.append(tie_key(token_text(self.model, new)))
        return new

    def apply(self, pair: str, new: str) -> None:
        # An index whose pieces do not hold the pair (its count is exact, so 0 means
        # nowhere) is left alone: most languages lack most pairs, and a call per index
        # per merge was a third of a classic run with dev sets.
        train_lengths = self.train_lengths
        for i, language_index in enumerate(self.per_language):
            if not language_index.pair_counts.get(pair):
                continue
            removed = removed_by(language_index, pair)
            train_lengths[i] -= removed
            self.corpus_tokens -= removed
            language_index.merge(pair, new)
        shared = self.index
        if self.parity is None:
            assert shared is not None
            self.corpus_tokens -= removed_by(shared, pair)
        if shared is not None:
            if self.parity is not None and len(self.merges) >= self.parity.global_merges:
                self.index = None  # past the hybrid phase: the summed counts are not needed
            else:
                shared.merge(pair, new)
        if self.dev_sets is not None:
            self.dev_sets.merge(pair, new)
            self.history.append(tuple(self.dev_lengths))
        self.lengths_after.append(self.corpus_tokens)


def iter_multilingual_training(
    languages: Sequence[LanguageCorpus], config: TrainingConfig,
    parity: ParityConfig | None = None, *, progress_seconds: float = REPORT_SECONDS,
    jobs: int | None = None,
) -> Iterator[TrainingProgress]:
    """Train on ``languages``, yielding progress (with the dev-set rows since the last report);
    the last item is ``phase="done"`` with the result. Stop iterating to cancel. ``jobs``:
    worker processes that count a large corpus's pieces (None: :func:`counting_jobs`'s;
    the same result)."""
    config.validate()
    _check_languages(languages)
    if parity is not None:
        parity.validate(len(languages))
    if config.tie_break != "smallest_ids" and parity is not None:
        raise ConfigError("parity-aware BPE breaks ties by token text, as its reference does; "
                          "the tie rule applies to classic training only")
    # Counting reports (and can be cancelled) every COUNT_LINES lines, however large a
    # language is.
    lines = sum(len(x.train) + len(x.dev) for x in languages)
    yield TrainingProgress("counting", 0, lines)
    counted: list[tuple[dict[str, int], dict[str, int]]] = [({}, {}) for _ in languages]
    # Each language's training lines, then its dev lines, in chunks: counted in that order
    # (by worker processes for a large corpus, ``jobs``), each chunk's counts added to its
    # language's in that order, as one process does.
    chunks = [(into, texts[start : start + COUNT_LINES])
              for language, (train_counts, dev_counts) in zip(languages, counted, strict=True)
              for texts, into in ((language.train, train_counts), (language.dev, dev_counts))
              for start in range(0, len(texts), COUNT_LINES)]
    counts_of = counted_chunks([chunk for _, chunk in chunks], config, jobs)
    done = 0
    try:
        for (into, chunk), counts in zip(chunks, counts_of, strict=True):
            with gc_paused():
                _add_counts(into, counts)
            done += len(chunk)
            yield TrainingProgress("counting", done, lines)
    finally:
        counts_of.close()  # (stopped: the workers too)
    if not any(train for train, _ in counted):
        raise TrainingError("the corpus has no text to learn from")
    # Exact weights as integers: every count times w_ℓ · D, D the weights' common denominator.
    denominator = math.lcm(*(language.weight.denominator for language in languages))
    scales = [int(language.weight * denominator) for language in languages]

    every_piece = list(dict.fromkeys(
        piece for train, dev in counted for piece in (*train, *dev)))
    words_of: dict[str, str] = {}
    # Byte-level pieces map on their own, so in parts between reports; characters need the
    # alphabet of them all first.
    part = max(1, len(every_piece)) if config.level != "byte" else COUNT_LINES * 8
    for start in range(0, max(len(every_piece), 1), part):
        chunk = every_piece[start : start + part]
        with gc_paused():
            model, words = _base_words(chunk, config)
            words_of.update(zip(chunk, words, strict=True))
        yield TrainingProgress("counting", lines, lines)
    base_size = model.vocab_size
    target = merge_target(config.vocab_size, base_size, len(config.special_tokens), config.level)
    shift = max(1, (target - 1).bit_length())
    threshold = max(1, math.ceil(Fraction(config.min_frequency) * denominator))
    keys = [tie_key(token_text(model, i)) for i in range(base_size)]

    def index_of(counts: dict[str, int], scale: int, kind: type[PairIndex]) -> PairIndex:
        pieces = list(counts)
        words = [words_of[p] for p in pieces]
        values = [c * scale for c in counts.values()] if scale != 1 else list(counts.values())
        if kind is StringTieIndex:
            return StringTieIndex(words, values, shift, base_size, keys)
        return kind(words, values, shift, base_size)

    def summed() -> dict[str, int]:
        total: dict[str, int] = {}
        for (train, _), scale in zip(counted, scales, strict=True):
            for piece, c in train.items():
                total[piece] = total.get(piece, 0) + c * scale
        return total

    per_language: list[PairIndex] = []
    shared: PairIndex | None = None
    # One index at a time, reporting between them: a large language takes a while.
    with gc_paused():
        if parity is None:
            shared = index_of(summed(), 1, PairIndex)
        elif parity.global_merges > 0:
            shared = index_of(summed(), 1, StringTieIndex)
    yield TrainingProgress("counting", lines, lines)
    for (train, _), scale in zip(counted, scales, strict=True):
        with gc_paused():
            if parity is not None:
                per_language.append(index_of(train, scale, StringTieIndex))
        yield TrainingProgress("counting", lines, lines)
    has_dev = any(dev for _, dev in counted)
    with gc_paused():
        dev_sets = DevSets([dev for _, dev in counted], words_of) \
            if has_dev else None
    loop = LanguageLoop(model, target, threshold, keys, shared, per_language, dev_sets,
                        parity, first_occurrence=config.tie_break == "first_occurrence")
    total = target - base_size
    yield TrainingProgress("merging", 0, total, dev_tokens=tuple(loop.history), chosen=())
    reported = len(loop.history)
    merges = loop.merges
    while True:
        before = len(merges)
        with gc_paused():
            stop = loop.run(progress_seconds)
        done = model.vocab_size - base_size if parity is None else len(merges)
        yield TrainingProgress("merging", done, total, dev_tokens=tuple(loop.history[reported:]),
                               chosen=tuple(m.chooser for m in merges[before:]))
        reported = len(loop.history)
        if stop is not None:
            break
    records = merges
    chosen = [m.chooser for m in merges]
    lengths_after = loop.lengths_after
    history = loop.history

    special_ids = {s: model.vocab_size + i for i, s in enumerate(config.special_tokens)}
    tokenizer = Tokenizer(model, normalizer=config.normalizer, pretokenizer=config.pretokenizer,
                          special_tokens=special_ids)
    def exact(count: int) -> int | Fraction:
        return count if denominator == 1 else Fraction(count, denominator)

    # Playback's word chips: the most frequent pieces of all languages, weighted.
    weighted = summed()
    top = sorted(weighted, key=weighted.__getitem__, reverse=True)[:TRACE_WORDS]
    record = TrainingRecord(
        tuple(exact(r.count) for r in records), stop,
        len({piece for train, _ in counted for piece in train}), config.to_dict(),
        corpus_tokens=tuple(map(exact, lengths_after)),
        words=tuple((piece, exact(weighted[piece])) for piece in top),
        languages=tuple(language.name for language in languages), chosen=tuple(chosen),
        dev_tokens=tuple(history), parity=parity.to_dict() if parity is not None else {},
    )
    tokenizer.training = record
    yield TrainingProgress("done", total, total, TrainingResult(tokenizer, record, config))


def train_languages(
    languages: Sequence[LanguageCorpus], config: TrainingConfig,
    parity: ParityConfig | None = None,
) -> TrainingResult:
    """Run :func:`iter_multilingual_training` to the end and return its result."""
    for progress in iter_multilingual_training(languages, config, parity):
        if progress.result is not None:
            return progress.result
    raise TrainingError("training ended without a result")
