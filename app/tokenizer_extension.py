"""Continued training from the debugging kit, without widgets: where the new corpus comes
from (a language of a parallel corpus, or text files), the extension itself off the GUI
thread, the extended tokenizer saved beside the studio's runs, and every language's tokens
on a parallel corpus before and after."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpelens.core import (
    ConfigError,
    Extension,
    LanguageChange,
    Tokenizer,
    extend_tokenizer,
    localize,
    new_file_name,
    open_tokenizer,
    read_lines,
    tokens_before_after,
)

from .gui.i18n import translate
from .parallel_corpora import DEMO_CORPUS, open_corpus

EXTENDED_FOLDER = "extended"  # inside the runs folder
LANGUAGE_SOURCE = "lang:"  # "lang:ja" — a language of the comparison corpus


@dataclass(frozen=True)
class ExtendPlan:
    source: str  # "lang:CODE" (a language of ``corpus``) or a text file's path
    add: int
    min_frequency: int = 2
    corpus: str = DEMO_CORPUS  # the parallel corpus counted before and after

    def source_label(self) -> str:
        if self.source.startswith(LANGUAGE_SOURCE):
            return self.source.removeprefix(LANGUAGE_SOURCE)
        return Path(self.source).stem


@dataclass(frozen=True)
class ExtendOutcome:
    path: Path  # the extended tokenizer.json
    extension: Extension
    corpus_name: str
    corpus: str  # its spec, for the comparison tab
    changes: tuple[LanguageChange, ...]
    # The merges as text (left, right, times), a space as ·, a part of a character as bytes.
    readable: tuple[tuple[str, str, int], ...] = ()

    def summary(self) -> str:
        ext = self.extension
        why = {"merges": translate("TokenizerExtension", "as many as asked"),
               "no_pairs": translate("TokenizerExtension", "no pair was left"),
               "min_frequency": translate("TokenizerExtension",
                                          "the best pair was below the minimum frequency")}
        return translate("TokenizerExtension", "{merges:,} merges learned ({tokens:,} new "
                         "tokens; stopped: {why}). Saved as {file}.").format(
                             merges=len(ext.merges), tokens=ext.new_tokens,
                             why=why.get(ext.stop_reason, ext.stop_reason), file=self.path.name)


def source_lines(plan: ExtendPlan) -> list[str]:
    """The new corpus's lines (a bad file or language: a one-line error)."""
    if plan.source.startswith(LANGUAGE_SOURCE):
        corpus = open_corpus(plan.corpus)
        language = plan.source.removeprefix(LANGUAGE_SOURCE)
        if language not in corpus.languages:
            raise ConfigError(translate("TokenizerExtension", "{language}: not a language of "
                                        "{corpus} (it has {languages})").format(
                                            language=language, corpus=corpus.name,
                                            languages=", ".join(corpus.languages)))
        rows = corpus.shared_rows([language])
        return corpus.sentences(language, rows)
    path = Path(plan.source)
    if not path.is_file():
        raise ConfigError(translate("TokenizerExtension", "{path}: no such text file").format(
            path=path))
    return [line for line, _ in read_lines(path)]


def extension_path(folder: Path, tokenizer: Tokenizer, plan: ExtendPlan) -> Path:
    """A new file named after the tokenizer, the merges and the corpus (never an existing)."""
    return new_file_name(folder, (f"{tokenizer.name or 'tokenizer'}-plus-{plan.add}-"
                                  f"{plan.source_label()}",), ".tokenizer.json")


def run_extension(plan: ExtendPlan, tokenizer: Tokenizer, runs_dir: Path, job: Any
                  ) -> ExtendOutcome:
    """Extend (``job``: the worker's check and progress), save, count before and after."""
    job.progress(None, translate("TokenizerExtension", "Reading the corpus…"))
    lines = source_lines(plan)
    job.check()

    def report(message: str, fraction: float | None) -> None:
        job.check()
        job.progress(fraction, localize(message))

    extension = extend_tokenizer(tokenizer, lines, plan.add, min_frequency=plan.min_frequency,
                                 report=report)
    folder = runs_dir / EXTENDED_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = extension_path(folder, tokenizer, plan)
    extension.write(path)
    job.progress(None, translate("TokenizerExtension",
                                 "Counting every language's tokens before and after…"))
    extended = open_tokenizer(path)
    parallel = open_corpus(plan.corpus)
    changes = tokens_before_after(tokenizer, extended, parallel)
    return ExtendOutcome(path, extension, parallel.name, plan.corpus, tuple(changes),
                         extension.readable(extended))
