"""The training studio's work, without widgets: what a run is made of (a :class:`StudioPlan`),
the languages it trains on with their exact weights, the byte shares those weights amount to,
and a run itself — trained off the GUI thread, its dev-set rows handed over as they come, the
tokenizer saved to the runs folder, its evaluation sentences counted at the end.

Every run is saved (BPE Lens's own format, with its training record), so a run can be opened
in the main view, compared, played back or exported, today or in a later session.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from bpelens.core import (
    TRAINERS,
    BpeLensError,
    ConfigError,
    LanguageCorpus,
    ParallelCorpus,
    ParityConfig,
    SplitSizes,
    Sweep,
    TrainingConfig,
    TrainingError,
    byte_shares,
    counting_jobs,
    gini,
    iter_multilingual_training,
    language_of_file,
    load_tokenizer,
    new_file_name,
    normalized_shares,
    parse_sizes,
    parse_weight,
    read_language_file,
    save_tokenizer,
    split_parallel,
    temperature_shares,
    tokens_after_each_merge,
    trainer_named,
    vocab_sweep,
    weights_for_shares,
)

from .gui.i18n import translate
from .parallel_corpora import open_corpus

WeightMode = Literal["equal", "weights", "byte_shares", "temperature"]
WEIGHT_MODES: dict[WeightMode, str] = {
    "equal": "Equal (every line weighs 1)",
    "weights": "A weight per language",
    "byte_shares": "Target byte shares p (each line 100000·p / B)",
    "temperature": "Temperature sampling q ∝ (bytes share)^α",
}


@dataclass(frozen=True)
class WeightPlan:
    mode: WeightMode = "equal"
    values: Mapping[str, str] = field(default_factory=dict)  # weights or shares, as typed
    alpha: float = 0.3


@dataclass(frozen=True)
class StudioPlan:
    """Everything a run needs: the corpus (``demo`` or a path), the languages, the split, the
    weights, the trainer's settings and parity-aware settings (None: classic BPE)."""

    corpus: str
    languages: tuple[str, ...]
    split: SplitSizes
    config: TrainingConfig
    parity: ParityConfig | None = None
    weights: WeightPlan = WeightPlan()
    ratios: Mapping[str, float] = field(default_factory=dict)  # ratio mode, by language
    # A trainer of the registry on the weighted lines (with parity None); "classic" trains
    # by language, which also counts the dev set after every merge.
    trainer: str = "classic"
    trainer_options: Mapping[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        if self.parity is None and self.trainer != "classic":
            # The options set away from their defaults (a run's name, a plot's key).
            trainer = trainer_named(self.trainer)
            defaults = {option.name: option.default for option in trainer.options}
            kind = " ".join([trainer.name, *(
                f"{name.replace('_', ' ')} {value:g}" if isinstance(value, float)
                else f"{name.replace('_', ' ')} {value}"
                for name, value in self.trainer_options.items()
                if value != defaults.get(name))])
        elif self.parity is None:
            kind = "classic BPE"
        else:
            kind = f"PA-BPE {self.parity.variant}"
            if self.parity.variant == "window":
                kind += f" W{self.parity.window_size} α{self.parity.alpha:g}"
            if self.parity.global_merges:
                kind += f" hybrid {self.parity.global_merges}"
            if self.parity.ratio is not None:
                kind += " ratios"
        weights = "" if self.weights.mode == "equal" else f", {self.weights.mode.replace('_', ' ')}"
        return f"{kind}, vocab {self.config.vocab_size}, {len(self.languages)} languages{weights}"


def weights_of(languages: Sequence[LanguageCorpus], plan: WeightPlan) -> dict[str, Fraction]:
    """Each language's exact per-line weight under ``plan``."""
    names = [language.name for language in languages]
    if plan.mode == "equal":
        return dict.fromkeys(names, Fraction(1))
    if plan.mode == "weights":
        return {name: parse_weight(plan.values.get(name, "1"), where=f"weight of {name}")
                for name in names}
    totals = {language.name: language.train_bytes for language in languages}
    if plan.mode == "byte_shares":
        shares = normalized_shares({name: plan.values.get(name, "1") for name in names},
                                   where="byte share of")
    else:
        shares = temperature_shares(totals, plan.alpha)
    return weights_for_shares(totals, shares)


FILES_PREFIX = "files:"  # a corpus spec naming text files, one per language


@dataclass(frozen=True)
class LanguageFiles:
    """Text files, one per language, not aligned line by line: each is split by position as a
    parallel corpus is (the first lines train, the next are the dev set, the rest evaluate)."""

    name: str
    lines: Mapping[str, tuple[str, ...]]

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.lines)

    def shared_rows(self, languages: Sequence[str]) -> range:
        """As many rows as the shortest file has (what a split can use in every language)."""
        return range(min((len(self.lines[x]) for x in languages), default=0))

    def split(self, sizes: SplitSizes, languages: Sequence[str]) -> list[LanguageCorpus]:
        unknown = [x for x in languages if x not in self.lines]
        if unknown:
            raise TrainingError(translate("TrainingStudio", "{language} is not one of the "
                                          "files' languages ({languages})").format(
                                              language=unknown[0],
                                              languages=", ".join(self.lines)))
        sizes.check(len(self.shared_rows(languages)))
        end = sizes.train + sizes.dev
        return [LanguageCorpus(x, self.lines[x][: sizes.train],
                               self.lines[x][sizes.train : end], evaluation=self.lines[x][end:])
                for x in languages]


def files_spec(paths: Sequence[str]) -> str:
    return FILES_PREFIX + "\n".join(paths)


def open_language_files(spec: str) -> LanguageFiles:
    """The files of a ``files:`` spec; each file's language from its name (``ja.txt``,
    ``newstest2019-ref.jpn.txt``), else its stem; two files of one language are an error."""
    paths = [Path(x) for x in spec.removeprefix(FILES_PREFIX).split("\n") if x]
    if not paths:
        raise TrainingError(translate("TrainingStudio", "no text file given"))
    lines: dict[str, tuple[str, ...]] = {}
    for path in paths:
        name = language_of_file(path.name) or path.stem
        if name in lines:
            raise TrainingError(translate("TrainingStudio", "{path}: a second file for {name}; "
                                          "give one file per language").format(path=path,
                                                                               name=name))
        if not path.is_file():
            raise TrainingError(translate("TrainingStudio", "{path}: no such file").format(
                path=path))
        lines[name] = tuple(read_language_file(name, path, option="file"))
    return LanguageFiles(translate("TrainingStudio", "{n} text files").format(n=len(paths)),
                         lines)


def open_studio_corpus(spec: str) -> ParallelCorpus | LanguageFiles:
    """A parallel corpus (``demo`` or a path) or text files (``files:``…)."""
    if spec.startswith(FILES_PREFIX):
        return open_language_files(spec)
    return open_corpus(spec)


def plan_languages(plan: StudioPlan, corpus: ParallelCorpus | LanguageFiles
                   ) -> list[LanguageCorpus]:
    """The plan's languages split and weighted."""
    if not plan.languages:
        raise TrainingError("tick at least one language to train on")
    if isinstance(corpus, LanguageFiles):
        languages = corpus.split(plan.split, plan.languages)
    else:
        languages = split_parallel(corpus, plan.split, plan.languages)
    weights = weights_of(languages, plan.weights)
    return [replace(language, weight=weights[language.name]) for language in languages]


def shares_preview(languages: Sequence[LanguageCorpus]) -> dict[str, Fraction]:
    """The share of the weighted training bytes each language gets (shown before training)."""
    return byte_shares({x.name: x.train_bytes for x in languages},
                       {x.name: x.weight for x in languages})


@dataclass(frozen=True)
class StudioRows:
    """Rows a running training hands over: per merge, each language's dev tokens after it and
    the language that chose it (-1: the summed counts)."""

    dev_tokens: tuple[tuple[int, ...], ...]
    chosen: tuple[int, ...]


@dataclass(frozen=True)
class StudioRun:
    """A finished run: the saved tokenizer, what it was, and its evaluation counts."""

    path: Path
    name: str
    description: str
    languages: tuple[str, ...]
    merges: int
    seconds: float
    stop_reason: str
    dev_tokens: tuple[tuple[int, ...], ...] = ()
    chosen: tuple[int, ...] = ()
    evaluation: Mapping[str, int] = field(default_factory=dict)
    # The trainer of the registry that made it, what it reports (superwords, removals), and
    # the evaluation sentences' bytes (for bytes per token).
    trainer: str = "classic"
    report: Mapping[str, Any] = field(default_factory=dict)
    evaluation_bytes: int = 0

    @property
    def bytes_per_token(self) -> float | None:
        tokens = sum(self.evaluation.values())
        return self.evaluation_bytes / tokens if tokens and self.evaluation_bytes else None

    @property
    def evaluation_gini(self) -> float | None:
        return gini(list(self.evaluation.values())) if self.evaluation else None

    def summary(self) -> str:
        parts = [translate("TrainingStudio", "{merges:,} merges in {seconds:.1f} s").format(
            merges=self.merges, seconds=self.seconds)]
        if self.evaluation:
            parts.append(translate("TrainingStudio", "evaluation: {tokens:,} tokens, Gini "
                                   "{gini:.3f}").format(tokens=sum(self.evaluation.values()),
                                                        gini=self.evaluation_gini))
        if self.dev_tokens:
            parts.append(translate("TrainingStudio", "dev Gini {first:.3f} → {last:.3f}").format(
                first=gini(self.dev_tokens[0]), last=gini(self.dev_tokens[-1])))
        return translate("TrainingStudio", "; ").join(parts)


def run_file_name(plan: StudioPlan, runs_dir: Path) -> Path:
    """A new file in the runs folder named after the run (never an existing one)."""
    return new_file_name(runs_dir, (plan.describe().split(",")[0], str(plan.config.vocab_size)),
                         ".json")


def run_plan(plan: StudioPlan, runs_dir: Path, job: Any, *,
             corpus: ParallelCorpus | LanguageFiles | None = None,
             jobs: int = 1) -> StudioRun:
    """Train (``job`` is the worker's: check, progress, hand_over), save, count evaluation.
    ``jobs``: worker processes that count a large corpus's pieces (the same run)."""
    job.progress(None, translate("TrainingStudio", "Reading the corpus…"))
    corpus = corpus if corpus is not None else open_studio_corpus(plan.corpus)
    job.check()
    languages = plan_languages(plan, corpus)
    parity = plan.parity
    if parity is not None and plan.ratios:
        parity = replace(parity, ratio=[plan.ratios[x.name] for x in languages])
    started = time.perf_counter()
    if parity is None and plan.trainer != "classic":
        # Other trainers see one corpus: every language's lines with its weight. The record
        # still names the languages (each merge chosen on the summed counts), so the run is
        # listed again in a later session and plays back like the others.
        if plan.config.level == "char":
            _check_alphabet(languages)
        lines = [(line, language.weight) for language in languages for line in language.train]
        training = trainer_named(plan.trainer).train(lines, plan.config, plan.trainer_options)
    else:
        training = iter_multilingual_training(languages, plan.config, parity)
    training_by_language = parity is not None or plan.trainer == "classic"
    with counting_jobs(jobs):
        result = _follow_training(training, job, training_by_language, started)
    if result is None:
        raise TrainingError(translate("TrainingStudio", "training ended without a result"))
    seconds = time.perf_counter() - started
    if not result.record.languages:
        # The dev curve a trainer by language counts as it goes, read off the result.
        rows: tuple[tuple[int, ...], ...] = ()
        if any(language.dev for language in languages):
            job.progress(None, translate("TrainingStudio", "Counting the dev set after each "
                                         "merge…"))
            rows = tokens_after_each_merge(result.tokenizer, {
                x.name: list(x.dev) for x in languages}, lambda _fraction: job.check())
            job.hand_over(StudioRows(rows, ()))
        record = replace(result.record, languages=tuple(x.name for x in languages),
                         chosen=(-1,) * len(result.record.merge_counts), dev_tokens=rows)
        result.tokenizer.training = record
        result = replace(result, record=record)
    tokenizer = result.tokenizer
    runs_dir.mkdir(parents=True, exist_ok=True)
    path = run_file_name(plan, runs_dir)
    tokenizer.name = path.stem
    job.progress(None, translate("TrainingStudio", "Counting the evaluation sentences…"))
    evaluation = {}
    for language in languages:
        job.check()
        if language.evaluation:
            evaluation[language.name] = sum(
                map(len, tokenizer.encode_batch_ids(list(language.evaluation))))
    save_tokenizer(tokenizer, path)
    record = result.record
    trainer = trainer_named(plan.trainer) if parity is None else None
    return StudioRun(path, path.stem, plan.describe(), record.languages, len(result.merges),
                     seconds, record.stop_reason, record.dev_tokens, record.chosen, evaluation,
                     trainer.name if trainer else "classic",
                     trainer.reported(tokenizer) if trainer else {},
                     sum(len(text.encode("utf-8")) for x in languages
                         for text in x.evaluation))


def _follow_training(training: Any, job: Any, training_by_language: bool, started: float
                     ) -> Any:
    """Run the training to its end, reporting to ``job``: its result (None without one).
    Stopped (``job.check``), the training is closed at once, its counting processes too."""
    result = None
    try:
        for progress in training:
            job.check()
            if progress.dev_tokens or progress.chosen:
                job.hand_over(StudioRows(progress.dev_tokens, progress.chosen))
            if progress.phase == "counting" and training_by_language:
                job.progress(None, translate("TrainingStudio", "Counting pieces: {done} of "
                                             "{total} languages…").format(
                                                 done=progress.done, total=progress.total))
            elif progress.phase == "counting":
                job.progress(None, translate("TrainingStudio", "Counting the pieces of every "
                                             "language's lines…"))
            elif progress.phase == "merging" and progress.total:
                job.progress(progress.done / progress.total,
                             translate("TrainingStudio", "Merge {done:,} of {total:,}").format(
                                 done=progress.done, total=progress.total)
                             + eta_text(progress.done, progress.total, started))
            if progress.result is not None:
                result = progress.result
    finally:
        training.close()
    return result


def _check_alphabet(languages: Sequence[LanguageCorpus]) -> None:
    """A character-level trainer of one corpus learns its alphabet from the training lines;
    the dev and evaluation sentences are encoded with it afterwards: a character only they
    hold is refused now, before training, not after it."""
    seen = set().union(*(set(line) for x in languages for line in x.train))
    for language in languages:
        for said, lines in (
                (translate("TrainingStudio", "{language}'s dev sentences hold {char!r} (U+"
                           "{code:04X}), which no training line does: a character-level run "
                           "of this trainer could not encode them; train at byte level, or on "
                           "more lines"), language.dev),
                (translate("TrainingStudio", "{language}'s evaluation sentences hold {char!r} "
                           "(U+{code:04X}), which no training line does: a character-level run "
                           "of this trainer could not encode them; train at byte level, or on "
                           "more lines"), language.evaluation)):
            for line in lines:
                extra = set(line) - seen
                if extra:
                    char = min(extra)
                    raise TrainingError(said.format(language=language.name, char=char,
                                                    code=ord(char)))


def plans_for_values(plan: StudioPlan, option: str, values: str) -> list[StudioPlan]:
    """One plan per value of the trainer's ``option`` (``"1000:2000:+250"`` or ``"1000,
    1500"`` for a whole number, ``"0.5, 0.7"`` for a number); the plan alone when ``values``
    is blank. ConfigError naming the option for a value it cannot take."""
    if not values.strip():
        return [plan]
    declared = {o.name: o for o in trainer_named(plan.trainer).options}.get(option)
    if declared is None:
        raise ConfigError(translate("TrainingStudio", "{trainer} has no option {option}")
                          .format(trainer=plan.trainer, option=option))
    if declared.kind == "int" and ":" in values:
        numbers: list[int | float] = [declared.parse(v) for v in parse_sizes(values)]
    else:
        numbers = [declared.parse(v.strip(), where=declared.title or option)
                   for v in values.split(",") if v.strip()]
    return [replace(plan, trainer_options={**plan.trainer_options, option: value})
            for value in dict.fromkeys(numbers)]


class _RunOf:
    """A worker's job as one of several runs sees it: its messages say which run it is."""

    def __init__(self, job: Any, number: int, count: int) -> None:
        self.job, self.number, self.count = job, number, count

    def check(self) -> None:
        self.job.check()

    def hand_over(self, item: Any) -> None:
        self.job.hand_over(item)

    def progress(self, fraction: float | None, message: str) -> None:
        self.job.progress(fraction, translate("TrainingStudio", "Run {number} of {count}: "
                                              "{message}").format(
            number=self.number, count=self.count, message=message))


def run_plans(plans: Sequence[StudioPlan], runs_dir: Path, job: Any, *,
              corpus: ParallelCorpus | LanguageFiles | None = None,
              jobs: int = 1) -> StudioRun:
    """The plans one after another: each run but the last is handed over when it is done
    (``job.hand_over``), the last returned. Cancelling stops the run under way; the runs
    done before it stay saved. ``jobs``: as :func:`run_plan` takes it."""
    if len(plans) == 1:
        return run_plan(plans[0], runs_dir, job, corpus=corpus, jobs=jobs)
    corpus = corpus if corpus is not None else open_studio_corpus(plans[0].corpus)
    for number, plan in enumerate(plans, start=1):
        run = run_plan(plan, runs_dir, _RunOf(job, number, len(plans)), corpus=corpus,
                       jobs=jobs)
        if number < len(plans):
            job.hand_over(run)
    return run


def eta_text(done: int, total: int, started: float) -> str:
    """`` — about 12 s left`` once a few merges give a rate."""
    elapsed = time.perf_counter() - started
    if done < 20 or elapsed < 0.5 or done >= total:
        return ""
    left = elapsed / done * (total - done)
    if left < 120:
        return translate("TrainingStudio", " — about {seconds:.0f} s left").format(seconds=left)
    return translate("TrainingStudio", " — about {minutes:.0f} min left").format(
        minutes=left / 60)


def earlier_runs(runs_dir: Path) -> list[StudioRun]:
    """The runs saved in earlier sessions, newest first (files that no longer read are left
    out: the folder is the app's own)."""
    runs = []
    if not runs_dir.is_dir():
        return runs
    for path in sorted(runs_dir.glob("*.json"), reverse=True):
        try:
            tokenizer = load_tokenizer(path)
        except (BpeLensError, OSError):  # a damaged run file must not hide the others
            continue
        record = tokenizer.training
        if record is None or not record.languages:
            continue
        name = str(record.config.get("trainer", "classic"))
        trainer = TRAINERS.get(name)
        runs.append(StudioRun(path, path.stem, str(record.config.get("vocab_size", "")),
                              record.languages, len(record.merge_counts), 0.0,
                              record.stop_reason, record.dev_tokens, record.chosen,
                              trainer=name,
                              report=trainer.reported(tokenizer) if trainer else {}))
    return runs


def sweep_runs(paths: Sequence[Path], corpus: ParallelCorpus | LanguageFiles,
               split: SplitSizes, sizes: Sequence[int] | None, job: Any,
               jobs: int = 1) -> list[Sweep]:
    """Each run's tokenizer cut at ``sizes`` and measured on the evaluation sentences (those
    after the split's training and dev lines) of the languages every run was trained on.
    Without sizes: doubling up to the largest run's vocabulary (:func:`offered_sizes`).
    ``jobs``: worker processes (:func:`vocab_sweep`)."""
    tokenizers = []
    for path in paths:
        job.check()
        job.progress(None, translate("TrainingStudio", "Opening {name}…").format(name=path.stem))
        tokenizers.append(load_tokenizer(path))
    wanted = [language for language in corpus.languages if all(
        t.training is None or not t.training.languages or language in t.training.languages
        for t in tokenizers)]
    if not wanted:
        raise TrainingError(translate("TrainingStudio", "the runs share no language of this "
                                      "corpus"))
    if isinstance(corpus, LanguageFiles):
        split_languages = corpus.split(split, wanted)
    else:
        split_languages = split_parallel(corpus, split, wanted)
    texts = {x.name: list(x.evaluation) for x in split_languages}
    if not any(texts.values()):
        raise TrainingError(translate("TrainingStudio", "the split leaves no evaluation "
                                      "sentences: lower train or dev"))
    reference = next((x for x in ("eng", "en", "eng_Latn") if x in texts), wanted[0])
    if sizes is None:
        sizes = offered_sizes(max(t.model.vocab_size for t in tokenizers))
    sweeps = []
    for index, (path, tokenizer) in enumerate(zip(paths, tokenizers, strict=True)):
        def report(fraction: float, index: int = index, name: str = path.stem) -> None:
            job.check()
            job.progress((index + fraction) / len(paths), translate(
                "TrainingStudio", "Sweeping {name}: {done:.0%}").format(name=name,
                                                                       done=fraction))
        sweeps.append(vocab_sweep(tokenizer, texts, sizes, reference=reference,
                                  name=short_run_name(path.stem), progress=report,
                                  jobs=jobs))
    return sweeps


def offered_sizes(largest: int) -> list[int]:
    """Sizes ending at ``largest``: halving down to a thirty-second of it (six sizes), or,
    for a vocabulary too small to halve that often above the 256 bytes, six sizes evenly
    spaced from 260 up."""
    low = max(260, largest // 32)
    if largest >= 16 * low:
        return sorted(largest >> i for i in range(6) if largest >> i >= 256)
    if largest <= low:
        return [largest]
    step = (largest - low) / 5
    return sorted({round(low + i * step) for i in range(6)})


def short_run_name(stem: str) -> str:
    """A run's file name without the date and time it starts with (a plot's key)."""
    return re.sub(r"^\d{8}-\d{6}-", "", stem) or stem
