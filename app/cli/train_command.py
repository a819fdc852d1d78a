"""`bpelens train`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from bpelens.core import (
    TRAINERS,
    ConfigError,
    Trainer,
    TrainingConfig,
    TrainingError,
    TrainingProgress,
    TrainingResult,
    WeightedText,
    all_options,
    counting_jobs,
    gini,
    iter_multilingual_training,
    parse_weight,
    read_lines,
    save_tokenizer,
    trainer_named,
)

from .cli_i18n import QT_TRANSLATE_NOOP, translate
from .jobs_option import jobs_of
from .output_path import check_output_path
from .text_input import utf8_problem_at
from .train_languages import (
    by_language,
    check_dev_sets,
    languages_from_args,
    parity_from_args,
    shares_summary,
)


def corpus_spec(spec: str) -> tuple[Path, Fraction]:
    """``FILE`` or ``FILE@WEIGHT`` (an existing file named with @ wins)."""
    if "@" in spec and not Path(spec).exists():
        name, _, weight = spec.rpartition("@")
        return Path(name), parse_weight(weight, where=f"--corpus {spec}")
    return Path(spec), Fraction(1)


def run(args: argparse.Namespace) -> int:
    jobs = jobs_of(args)
    check_output_path(args.output)  # before training, not after it
    trace_top = trace_top_option(args.trace_top)
    try:
        min_frequency = Fraction(args.min_frequency)
    except (ValueError, ZeroDivisionError):
        raise ConfigError(translate("Cli", "--min-frequency {value} is not a number").format(
            value=repr(args.min_frequency))) from None
    config = TrainingConfig(
        vocab_size=args.vocab_size,
        level=args.level,
        byte_order=args.byte_order,
        normalizer=args.normalizer,
        pretokenizer=args.pretokenizer,
        min_frequency=min_frequency,
        tie_break=args.tie_break.replace("-", "_"),
        end_of_word=args.end_of_word,
        byte_fallback=args.byte_fallback,
        special_tokens=tuple(args.special),
    )
    if by_language(args):
        if args.trainer != "classic":
            raise ConfigError(translate("Cli", "--trainer {trainer} trains on one corpus: give "
                                        "--corpus FILE (training by language is classic or "
                                        "parity-aware)").format(trainer=args.trainer))
        with counting_jobs(jobs):
            return _run_by_language(args, config, trace_top)
    if not args.corpus:
        raise ConfigError(translate("Cli", "give the training text: --corpus FILE "
                                    "(repeatable), --corpus LANG=FILE or --parallel CORPUS"))
    sources = [corpus_spec(spec) for spec in args.corpus]
    for path, _ in sources:
        if path.is_dir():
            raise ConfigError(translate("Cli", "--corpus {path}: is a folder, not a text file "
                                        "(give the files in it, e.g. --corpus {pattern})")
                              .format(path=path, pattern=path / "*.txt"))
        if not path.is_file():
            raise ConfigError(translate("Cli", "--corpus {path}: no such file").format(
                path=path))

    def corpus() -> Iterator[WeightedText]:
        for path, weight in sources:
            try:
                yield from read_lines(path, weight=weight)
            except TrainingError:
                problem = utf8_problem_in_file(path)
                if problem is None:
                    raise
                raise TrainingError(translate("Cli", "--corpus {path}: {problem}; save it as "
                                              "UTF-8").format(path=path, problem=problem)
                                    ) from None

    trainer, options = trainer_from_args(args)
    started = time.perf_counter()
    with counting_jobs(jobs):  # (every trainer counts its corpus through count_pieces)
        result = _follow(trainer.train(corpus(), config, options, trace_top=trace_top), args,
                         None)
    return _save(result, args, started, _trainer_summary(result))


def trainer_from_args(args: argparse.Namespace) -> tuple[Trainer, dict[str, object]]:
    """The trainer chosen and the options given for it (checked when it starts)."""
    trainer = trainer_named(args.trainer)
    given = {name: getattr(args, f"trainer_{name}") for name in all_options()
             if getattr(args, f"trainer_{name}", None) is not None}
    trainer.settings(given)  # an option of another trainer: said before reading
    return trainer, given


def _trainer_summary(result: TrainingResult) -> dict[str, object]:
    settings = result.record.config
    out: dict[str, object] = {"trainer": settings.get("trainer", "classic")}
    if settings.get("trainer_options"):
        out["trainer_options"] = settings["trainer_options"]
    trainer = TRAINERS.get(str(out["trainer"]))
    if trainer is not None:
        out |= trainer.reported(result.tokenizer)
    return out


def _run_by_language(args: argparse.Namespace, config: TrainingConfig, trace_top: int) -> int:
    if trace_top:
        raise ConfigError(translate("Cli", "--trace-top records training on one corpus; leave "
                                    "it out when training by language (the record keeps each "
                                    "language's dev tokens per merge instead)"))
    started = time.perf_counter()
    languages = languages_from_args(args)
    names = [language.name for language in languages]
    parity = parity_from_args(args, names)
    check_dev_sets(languages, parity)
    steps = iter_multilingual_training(languages, config, parity)
    result = _follow(steps, args, names)
    record = result.record
    extra: dict[str, object] = {
        "languages": names,
        "byte_shares": shares_summary(languages),
        "parity_aware": parity.to_dict() if parity is not None else None,
    }
    if parity is not None:
        extra["merges_chosen_by"] = {name: record.chosen.count(i) for i, name in
                                     enumerate(names)} | (
            {"summed counts": record.chosen.count(-1)} if -1 in record.chosen else {})
    if record.dev_tokens:
        first, last = record.dev_tokens[0], record.dev_tokens[-1]
        extra["dev_tokens"] = {name: [first[i], last[i]] for i, name in enumerate(names)}
        extra["dev_gini"] = [round(gini(first), 6), round(gini(last), 6)]
    return _save(result, args, started, extra)


def _follow(steps: Iterator[TrainingProgress], args: argparse.Namespace,
            languages: list[str] | None) -> TrainingResult:
    """Run training to the end, reporting on stderr (a line every 0.5 s at most)."""
    result = None
    progress_stream = sys.stderr
    show = not args.quiet and progress_stream is not None
    interactive = show and progress_stream.isatty()
    # A line every 0.5 s of CPU time, not wall time: a short run prints only its last line
    # however busy the machine (by the wall clock a loaded machine put "counting pieces…"
    # before a bad corpus's one-line error).
    last_report = time.process_time()
    dev_row: tuple[int, ...] = ()
    last_choice = None
    for progress in steps:
        if progress.result is not None:
            result = progress.result
        if progress.dev_tokens:
            dev_row = progress.dev_tokens[-1]
        if progress.chosen:
            last_choice = progress.chosen[-1]
        now = time.process_time()
        if show and (now - last_report > 0.5 or progress.phase == "done"):
            last_report = now
            if progress.phase == "counting":
                line = translate("CliTrain", "counting pieces…")
            elif progress.result is not None:
                line = finished_line(progress.result, args.vocab_size)
            else:
                line = translate("CliTrain", "{phase}: {done}/{total} merges").format(
                    phase=phase_name(progress.phase), done=progress.done, total=progress.total)
                if languages and last_choice is not None:
                    line += translate("CliTrain", ", last chosen by {chooser}").format(
                        chooser=languages[last_choice] if last_choice >= 0
                        else translate("CliTrain", "the summed counts"))
                if dev_row:
                    line += translate("CliTrain", ", dev Gini {gini:.4f}").format(
                        gini=gini(dev_row))
            try:
                # \r rewrites the line in a terminal; clear what a longer line left behind
                print(("\r\x1b[K" + line) if interactive else line,
                      end="" if interactive else "\n", file=progress_stream, flush=True)
            except OSError:
                show = False  # stderr went away: training goes on, its result matters more
    if show and interactive:
        print(file=progress_stream)
    if result is None:
        raise TrainingError(translate("CliTrain", "training stopped without a result"))
    return result


def _save(result: TrainingResult, args: argparse.Namespace, started: float,
          extra: dict[str, object]) -> int:
    tokenizer = result.tokenizer
    tokenizer.name = args.name or Path(args.output).stem
    save_tokenizer(tokenizer, args.output)
    summary = {
        "output": str(args.output),
        "vocab_size": tokenizer.vocab_size,
        "merges": len(result.merges),
        "stop_reason": result.stop_reason,
        "distinct_pieces": result.distinct_pieces,
        "seconds": round(time.perf_counter() - started, 3),
    } | extra
    print(json.dumps(summary, ensure_ascii=False))
    return 0


MAX_TRACE_TOP = 1000


def trace_top_option(value: str) -> int:
    """``--trace-top K``: a whole number from 0 to 1000 (a longer list per merge would only
    make the file large; playback shows a handful)."""
    try:
        k = int(value)
    except ValueError:
        k = -1
    if not 0 <= k <= MAX_TRACE_TOP:
        raise ConfigError(translate("Cli", "--trace-top {value}: expected a whole number from "
                                    "0 to {top}").format(value=repr(value), top=MAX_TRACE_TOP))
    return k


def finished_line(result: TrainingResult, target: int) -> str:
    """What training did: ``done: 14 merges (no pair occurs 2 times or more), vocabulary 42
    of 56``."""
    merges = len(result.merges)
    size = result.tokenizer.vocab_size
    line = (translate("CliTrain", "done: {merges} merges") if merges != 1
            else translate("CliTrain", "done: {merges} merge")).format(merges=merges)
    minimum = result.config.min_frequency
    if result.stop_reason == "min_frequency":
        line += translate("CliTrain", " (no pair occurs {minimum} times or more)").format(
            minimum=minimum)
    elif result.stop_reason == "languages_exhausted":
        line += translate("CliTrain", " (no language has a pair occurring {minimum} times or "
                          "more)").format(minimum=minimum)
    elif result.stop_reason == "no_pairs":
        line += translate("CliTrain", " (no pair left to merge: every piece is one token)")
    if size >= target:
        return line + translate("CliTrain", ", vocabulary {size}").format(size=size)
    return line + translate("CliTrain", ", vocabulary {size} of {target}").format(
        size=size, target=target)


# The training phases as the progress line names them.
PHASE_NAMES = {
    "counting": QT_TRANSLATE_NOOP("CliTrain", "counting"),
    "merging": QT_TRANSLATE_NOOP("CliTrain", "merging"),
    "done": QT_TRANSLATE_NOOP("CliTrain", "done"),
}


def phase_name(phase: str) -> str:
    return translate("CliTrain", PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase


def utf8_problem_in_file(path: Path) -> str | None:
    """Where a file stops being UTF-8 (``not UTF-8 at line 3 (byte 120 of the file: …)``),
    or None when it is UTF-8 (the problem was another one)."""
    try:
        handle = path.open("rb")
    except OSError:
        return None
    offset = 0
    with handle:
        # \n never occurs inside a UTF-8 sequence, so line by line finds the same first error
        for number, line in enumerate(handle, start=1):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError as exc:
                return utf8_problem_at(number, offset + exc.start, exc.reason)
            offset += len(line)
    return None
