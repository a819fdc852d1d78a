"""The trainers of one text corpus, each declared once: its name, what it is, its options.

The command line (``bpelens train --trainer NAME --OPTION VALUE``), the window's training
playback and the record saved with a tokenizer all read the declarations here, so a new
trainer is one module with a :class:`Trainer` and one line in :data:`TRAINERS`.
(Training by language, classic weighted or parity-aware, has its own options: languages,
dev sets, the parity settings.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from importlib import import_module
from typing import Any, Literal

from bpelens.core.messages import Message

from ..errors import ConfigError
from .config import TrainingConfig

OptionKind = Literal["int", "float"]


@dataclass(frozen=True)
class TrainerOption:
    """One setting of a trainer: ``name`` is its key in the record and, with dashes, its
    command-line flag; ``minimum``/``maximum`` bound it (inclusive; None: no bound)."""

    name: str
    kind: OptionKind
    default: int | float | None
    help: str
    minimum: float | None = None
    maximum: float | None = None
    required: bool = False
    # What a window calls it (the command line says the flag).
    title: str = ""
    # A value to offer for a run's settings where there is no default (the window's box).
    suggest: Callable[[TrainingConfig], int | float] | None = None

    def offered(self, config: TrainingConfig) -> int | float | None:
        """What an interface puts in the option's box for ``config``."""
        if self.suggest is not None:
            return self.suggest(config)
        return self.default

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")

    def parse(self, value: object, where: str | None = None) -> int | float:
        """``value`` (text or a number) checked; ConfigError naming ``where`` (the flag by
        default) and what would be valid."""
        where = where or self.flag
        try:
            if self.kind == "int":
                if isinstance(value, (float, bool)):
                    raise ValueError
                number: int | float = int(value)  # type: ignore[call-overload]
            else:
                number = float(value)  # type: ignore[arg-type]
                if number != number or number in (float("inf"), float("-inf")):
                    raise ValueError
        except (TypeError, ValueError):
            raise ConfigError(Message("{where} {value!r}: expected {kind}", where=where,
                                      value=value, kind=self._expected())) from None
        if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum):
            raise ConfigError(Message("{where} {value!r}: expected {kind}", where=where,
                                      value=value, kind=self._expected()))
        return number

    def _expected(self) -> Message:
        low, high = self.minimum, self.maximum
        if self.kind == "int":
            if low is not None and high is not None:
                return Message("a whole number from {low:g} to {high:g}", low=low, high=high)
            if low is not None:
                return Message("a whole number of {low:g} or more", low=low)
            return Message("a whole number")
        if low is not None and high is not None:
            return Message("a number from {low:g} to {high:g}", low=low, high=high)
        if low is not None:
            return Message("a number of {low:g} or more", low=low)
        return Message("a number")


# start(corpus, config, options, trace_top) → progress, the last with the result
Start = Callable[[Iterable[Any], TrainingConfig, Mapping[str, Any], int], Iterator[Any]]


@dataclass(frozen=True)
class Trainer:
    """``start`` names the function that runs it, ``"module:function"`` under
    ``bpelens.core.training`` (imported when it runs: choosing a trainer loads no numpy);
    ``label`` and ``summary`` are what a user reads when choosing it."""

    name: str
    label: str
    summary: str
    start: str
    options: tuple[TrainerOption, ...] = field(default=())
    # "module:function": what a run learned that is this trainer's own, as JSON (the command
    # line's summary adds it), from the trained tokenizer; None when it has nothing to add.
    report: str = ""
    # The report in a line for people: a Message template over the report's keys.
    headline: str = ""
    # Whether its tokenizers can be cut at smaller sizes (the size sweep): not when encoding
    # replays removals (Picky BPE).
    cuts_by_size: bool = True

    def runner(self) -> Start:
        return _imported(self.start)

    def reported(self, tokenizer: Any) -> dict[str, Any]:
        return (_imported(self.report)(tokenizer) or {}) if self.report else {}

    def headline_of(self, report: Mapping[str, Any]) -> str:
        """The report in a line (a Message: an interface says it in its language); "" when
        there is nothing to say."""
        if not self.headline or not report:
            return ""
        try:
            return Message(getattr(self.headline, "template", self.headline), **report)
        except (KeyError, ValueError, IndexError):  # a report written by another version
            return ""

    def settings(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value: given (checked) or its default; ConfigError for an option
        this trainer does not have or a required one missing."""
        known = {option.name: option for option in self.options}
        for name in given:
            if name not in known:
                raise ConfigError(Message("{flag} applies to another trainer, not {trainer}",
                                          flag="--" + name.replace("_", "-"),
                                          trainer=self.name))
        values: dict[str, Any] = {}
        for option in self.options:
            if option.name in given and given[option.name] is not None:
                values[option.name] = option.parse(given[option.name])
            elif option.required:
                raise ConfigError(Message("{trainer} needs {flag}: {help}", trainer=self.name,
                                          flag=option.flag, help=option.help))
            else:
                values[option.name] = option.default
        return values

    def train(self, corpus: Iterable[Any], config: TrainingConfig,
              given: Mapping[str, Any] | None = None, *, trace_top: int = 0) -> Iterator[Any]:
        """Progress of a run (:class:`~.trainer.TrainingProgress`); its result's record
        names the trainer and its settings."""
        values = self.settings(given or {})
        for progress in self.runner()(corpus, config, values, trace_top):
            if progress.result is not None:
                progress = replace(progress, result=_named(progress.result, self, values))
            yield progress


def _imported(where: str) -> Any:
    module, _, function = where.partition(":")
    return getattr(import_module(f"bpelens.core.training.{module}"), function)


def _named(result: Any, trainer: Trainer, values: dict[str, Any]) -> Any:
    record = result.record
    record = replace(record, config=record.config | {"trainer": trainer.name,
                                                     "trainer_options": values})
    result.tokenizer.training = record
    return replace(result, record=record)


def _three_quarters(config: TrainingConfig) -> int:
    """A transition three quarters of the way from the 256 bytes to the vocabulary size."""
    low = 256 + len(config.special_tokens)
    return low + max(0, config.vocab_size - low) * 3 // 4


CLASSIC = Trainer("classic", Message("Classic BPE"), Message(
    "the most frequent pair, merged, until the vocabulary is full (seed 000 §1)"), "trainer:start")
SUPERBPE = Trainer(
    "superbpe", Message("SuperBPE"), Message(
        "classic BPE up to the transition size, then merges across whitespace: tokens of "
        "several words (Liu et al. 2025)"), "superbpe:start", report="superbpe:report",
    headline=Message("{superword_tokens} of {stage2_tokens} stage-2 tokens hold several "
                     "words"),
    options=
    (TrainerOption("transition", "int", None, Message(
        "the vocabulary size where merges across whitespace begin (at most --vocab-size)"),
        minimum=1, required=True, title=Message("transition at size"),
        suggest=_three_quarters),
     TrainerOption("max_words", "int", 4, Message(
         "the most words a superword token may hold (default 4)"), minimum=1,
         title=Message("words per token at most")),
     TrainerOption("stage2_mb", "float", 100.0, Message(
         "the most text stage 2 learns from, in MB: every k-th line of a larger corpus (0: "
         "all of it). Its memory grows with the text, about 50 MB per MB (default 100)"),
         minimum=0, title=Message("stage 2 text at most (MB)"))))
PICKY = Trainer(
    "picky", Message("Picky BPE"), Message(
        "BPE that removes a token once nearly all of it went into a merge, splitting the rest "
        "back (Chizhov et al. 2024)"), "picky:start", report="picky:report",
    headline=Message("{removals} removals, {removed_tokens} tokens removed at the end"),
    cuts_by_size=False,
    options=(TrainerOption("ios_threshold", "float", 0.9, Message(
        "remove a token when more than this share of it went into one merge (1: never, "
        "classic BPE; default 0.9)"), minimum=0.01, maximum=1.0,
        title=Message("remove at IoS above")),))
TRAINERS: dict[str, Trainer] = {t.name: t for t in (CLASSIC, SUPERBPE, PICKY)}


def all_options() -> dict[str, tuple[TrainerOption, list[str]]]:
    """Each option name with its declaration and the trainers that have it (one flag per
    name on the command line)."""
    out: dict[str, tuple[TrainerOption, list[str]]] = {}
    for trainer in TRAINERS.values():
        for option in trainer.options:
            out.setdefault(option.name, (option, []))[1].append(trainer.name)
    return out


def trainer_named(name: str) -> Trainer:
    trainer = TRAINERS.get(name)
    if trainer is None:
        raise ConfigError(Message("unknown trainer {name!r}; choose one of {names}", name=name,
                                  names=", ".join(TRAINERS)))
    return trainer
