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
import time
from collections import deque
from collections.abc import Iterator, Sequence
from fractions import Fraction

from bpelens.core.messages import Message

from ..errors import ConfigError, TrainingError
from ..fast.gc_pause import gc_paused
from ..models.merges import MergeRule
from ..pipeline.tokenizer import Tokenizer
from .config import TrainingConfig
from .dev_sets import DevSets
from .languages import LanguageCorpus
from .parity_config import ParityConfig
from .record import TrainingRecord
from .string_ties import StringTieIndex, tie_key, token_text
from .trainer import (
    MAX_ID,
    TRACE_WORDS,
    TrainingProgress,
    TrainingResult,
    _base_words,
    _earliest_of_ties,
    _PairIndex,
    _replacements,
    count_pieces,
)

GLOBAL = -1  # a merge chosen on the summed counts
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


def _pop_best(index: _PairIndex) -> tuple[int, str] | None:
    """The pair with the largest current count (the index's tie rule), or None."""
    heap, pc = index.heap, index.pair_counts
    while heap:
        stored, pair = index.pop()
        current = pc.get(pair, 0)
        if current <= 0:
            continue
        if stored != current:
            index.push(pair, current)
            continue
        return current, pair
    return None


def _removed(index: _PairIndex, pair: str) -> int:
    """How many tokens merging ``pair`` removes from the index's pieces (weighted)."""
    if pair[0] != pair[1]:
        return index.pair_counts.get(pair, 0)  # a+b with a ≠ b never overlaps
    return _replacements(pair, index)


def _length(index: _PairIndex) -> int:
    return sum(c * len(w) for c, w in zip(index.counts, index.words, strict=True))


def iter_multilingual_training(
    languages: Sequence[LanguageCorpus], config: TrainingConfig,
    parity: ParityConfig | None = None, *, progress_seconds: float = REPORT_SECONDS,
) -> Iterator[TrainingProgress]:
    """Train on ``languages``, yielding progress (with the dev-set rows since the last report);
    the last item is ``phase="done"`` with the result. Stop iterating to cancel."""
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
    counted: list[tuple[dict[str, int], dict[str, int]]] = []
    done = 0
    for language in languages:
        train_counts: dict[str, int] = {}
        dev_counts: dict[str, int] = {}
        for texts, into in ((language.train, train_counts), (language.dev, dev_counts)):
            for start in range(0, len(texts), COUNT_LINES):
                chunk = texts[start : start + COUNT_LINES]
                with gc_paused():
                    _add_counts(into, count_pieces(chunk, config)[0])
                done += len(chunk)
                yield TrainingProgress("counting", done, lines)
        counted.append((train_counts, dev_counts))
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
    specials = len(config.special_tokens)
    base_size = model.vocab_size
    if config.vocab_size < base_size + specials:
        kind = Message("bytes") if config.level == "byte" else Message("symbols")
        if specials:
            raise TrainingError(Message(
                "vocab size {vocab_size} is smaller than the base vocabulary ({base_size} "
                "{kind} + {specials} special tokens)", vocab_size=config.vocab_size,
                base_size=base_size, kind=kind, specials=specials))
        raise TrainingError(Message("vocab size {vocab_size} is smaller than the base vocabulary "
                                    "({base_size} {kind})", vocab_size=config.vocab_size,
                                    base_size=base_size, kind=kind))
    target = config.vocab_size - specials
    if target - 1 > MAX_ID:
        raise TrainingError(Message("vocab size {vocab_size} is above the limit of {max_id}",
                                    vocab_size=config.vocab_size, max_id=MAX_ID + 1))
    shift = max(1, (target - 1).bit_length())
    threshold = max(1, math.ceil(Fraction(config.min_frequency) * denominator))
    keys = [tie_key(token_text(model, i)) for i in range(base_size)]

    def index_of(counts: dict[str, int], scale: int, kind: type[_PairIndex]) -> _PairIndex:
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

    per_language: list[_PairIndex] = []
    shared: _PairIndex | None = None
    # One index at a time, reporting between them: a large language takes a while.
    with gc_paused():
        if parity is None:
            shared = index_of(summed(), 1, _PairIndex)
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
    dev_lengths = dev_sets.totals if dev_sets is not None else [0] * len(counted)
    # As HF: given dev sets, they choose and the ratios are ignored.
    ratio = parity.ratio if parity is not None and not has_dev else None
    # What chooses the language: dev totals; or training lengths (ratio mode, as floats).
    train_lengths = [_length(index) for index in per_language]
    initial_lengths = [float(length) for length in train_lengths]
    use_dev = has_dev and ratio is None

    records: list[MergeRule] = []
    chosen: list[int] = []
    # The training text's length in tokens (all languages, weighted), before and after each
    # merge: playback's corpus curve.
    corpus_tokens = [_length(shared) if parity is None and shared is not None
                     else sum(train_lengths)]
    lengths_after = [corpus_tokens[0]]
    history: list[tuple[int, ...]] = [tuple(dev_lengths)] if has_dev else []
    exhausted: set[int] = set()
    recent: deque[int] = deque()
    first_occurrence = config.tie_break == "first_occurrence"
    total = target - base_size
    stop = ""

    def choose() -> int:
        assert parity is not None
        count = len(per_language)
        if ratio is not None:
            scores = [_ratio_score(initial_lengths[i], float(train_lengths[i]), ratio[i])
                      for i in range(count)]
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
            lengths = dev_lengths if use_dev else train_lengths
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
        picked = _window_choice(values, floor, recent, parity.window_size,
                                parity.alpha / count)
        recent.append(picked)
        if len(recent) > parity.window_size:
            recent.popleft()
        return picked

    def merge_some(seconds: float) -> str | None:
        """Merges for about ``seconds``; the reason to stop, if training is over."""
        nonlocal shared
        deadline = time.perf_counter() + seconds
        done = 0
        while not done or time.perf_counter() < deadline:
            if parity is None:
                if model.vocab_size >= target:
                    return "vocab_size"
            elif len(records) >= total:
                return "merges"
            if per_language and len(exhausted) >= len(per_language):
                return "languages_exhausted"
            in_global = parity is None or len(records) < parity.global_merges
            lang = GLOBAL if in_global else choose()
            index = shared if lang == GLOBAL else per_language[lang]
            assert index is not None
            was_out = lang in exhausted
            best = _pop_best(index)
            if (best is None or best[0] < threshold) and was_out and parity is not None \
                    and parity.variant == "base":
                # Base chose a language already left out: no language left has a score that
                # compares (ratios of a language without text, 0/0). HF would choose it again
                # forever; the first language left takes its turn instead.
                lang = next(i for i in range(len(per_language)) if i not in exhausted)
                index = per_language[lang]
                best = _pop_best(index)
            if best is None or best[0] < threshold:
                if lang == GLOBAL:
                    return "no_pairs" if best is None else "min_frequency"
                exhausted.add(lang)
                continue
            count, pair = best
            if first_occurrence:
                pair = _earliest_of_ties(pair, count, index)
            a, b = ord(pair[0]), ord(pair[1])
            new = model.merge_pair(a, b).new_id
            if new == len(keys):
                keys.append(tie_key(token_text(model, new)))
            records.append(MergeRule(len(records), a, b, new,
                                     count if denominator == 1 else Fraction(count, denominator)))
            chosen.append(lang)
            token = chr(new)
            # An index whose pieces do not hold the pair (its count is exact, so 0 means
            # nowhere) is left alone: most languages lack most pairs, and a call per index
            # per merge was a third of a classic run with dev sets.
            for i, language_index in enumerate(per_language):
                if not language_index.pair_counts.get(pair):
                    continue
                removed = _removed(language_index, pair)
                train_lengths[i] -= removed
                corpus_tokens[0] -= removed
                language_index.merge(pair, token)
            if parity is None:
                corpus_tokens[0] -= _removed(shared, pair)
            if shared is not None:
                if parity is not None and len(records) >= parity.global_merges:
                    shared = None  # past the hybrid phase: the summed counts are not needed
                else:
                    shared.merge(pair, token)
            if dev_sets is not None:
                dev_sets.merge(pair, token)
                history.append(tuple(dev_lengths))
            lengths_after.append(corpus_tokens[0])
            done += 1
        return None

    yield TrainingProgress("merging", 0, total, dev_tokens=tuple(history), chosen=())
    reported = len(history)
    while True:
        before = len(chosen)
        with gc_paused():
            stop = merge_some(progress_seconds) or ""
        done = model.vocab_size - base_size if parity is None else len(records)
        yield TrainingProgress("merging", done, total, dev_tokens=tuple(history[reported:]),
                               chosen=tuple(chosen[before:]))
        reported = len(history)
        if stop:
            break

    special_ids = {s: model.vocab_size + i for i, s in enumerate(config.special_tokens)}
    tokenizer = Tokenizer(model, normalizer=config.normalizer, pretokenizer=config.pretokenizer,
                          special_tokens=special_ids)
    def exact(count: int) -> int | Fraction:
        return count if denominator == 1 else Fraction(count, denominator)

    # Playback's word chips: the most frequent pieces of all languages, weighted.
    weighted = summed()
    top = sorted(weighted, key=weighted.__getitem__, reverse=True)[:TRACE_WORDS]
    record = TrainingRecord(
        tuple(r.count for r in records), stop,
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
