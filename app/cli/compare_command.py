"""`bpelens compare`: languages × tokenizers on a parallel corpus — tokens, ratios to a
reference language, bytes per token, Gini — as JSON, CSV or a table."""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial

from bpelens.core import (
    Comparison,
    chosen_languages,
    comparison_csv,
    comparison_json,
    comparison_table,
    iter_comparison,
    localize,
)

from ..parallel_corpora import open_corpus
from .cli_i18n import QT_TRANSLATE_NOOP, display_width, translate
from .errors import CliError
from .jobs_option import jobs_of
from .tokenizer_argument import check_named_tokenizer, open_named_tokenizer


def run(args: argparse.Namespace) -> int:
    comparison = count_comparison(args.corpus, args.tokenizer, languages=args.languages,
                                  reference=args.reference, special=args.special,
                                  add_special_tokens=args.add_special_tokens, quiet=args.quiet,
                                  jobs=jobs_of(args))
    out = sys.stdout
    if args.format == "csv":
        out.write(comparison_csv(comparison))
    elif args.format == "table":
        out.write(comparison_table(comparison, words=_table_words, width=display_width))
    else:
        out.write(json.dumps(comparison_json(comparison), ensure_ascii=False) + "\n")
    return 0


def count_comparison(corpus_spec: str, specs: list[str], *, languages: str | None,
                     reference: str | None, special: str, add_special_tokens: bool,
                     quiet: bool, jobs: int = 1) -> Comparison:
    """The comparison of the tokenizers ``specs`` (as ``-t`` names them) on the corpus
    ``corpus_spec`` names, progress on stderr (``bpelens compare`` and ``bpelens render
    --view compare``)."""
    if len(set(specs)) != len(specs):
        twice = next(s for s in specs if specs.count(s) > 1)
        raise CliError(translate("Cli", "-t {tokenizer} is given twice; name each tokenizer "
                                 "once").format(tokenizer=twice))
    chosen = _languages(languages)
    corpus = open_corpus(corpus_spec)
    # Languages, and every -t, are checked before any counting: a mistake fails in a second,
    # not after minutes of work on the others. Each tokenizer is then opened when its turn
    # comes and let go after it is counted (five large vocabularies at once take a GB).
    chosen, reference = chosen_languages(corpus, chosen, reference)
    for spec in specs:
        check_named_tokenizer(spec)
    tokenizers = [(s, partial(open_named_tokenizer, s)) for s in specs]
    progress = _Progress(quiet)
    progress.line(translate("CliCompare", "{corpus}: {sentences:,} sentences in {languages} "
                            "languages").format(corpus=corpus.name, sentences=len(corpus),
                                                languages=len(corpus.languages))
                  + "".join(f"; {localize(n)}" for n in corpus.notes))
    comparison = None
    for step in iter_comparison(corpus, tokenizers, languages=chosen, reference=reference,
                                special=special, add_special_tokens=add_special_tokens,
                                jobs=jobs):
        if step.finished is not None:
            progress.done(step.finished.name)
        else:
            progress.step(step.fraction, localize(step.message))
        if step.comparison is not None:
            comparison = step.comparison
    progress.close()
    if comparison is None:
        raise CliError(translate("CliCompare", "the comparison stopped without a result"))
    return comparison


# The comparison table's own words (the metrics' names are the window's, context Metric).
TABLE_WORDS = frozenset((
    QT_TRANSLATE_NOOP("CliCompare", "tokenizer"),
    QT_TRANSLATE_NOOP("CliCompare", "language"),
    QT_TRANSLATE_NOOP("CliCompare", "reference: {reference}; {sentences:,} sentences per "
                      "language; corpus {corpus}"),
    QT_TRANSLATE_NOOP("CliCompare", "Gini across languages of the token totals ({formula}):"),
    QT_TRANSLATE_NOOP("CliCompare", "  {tokenizer}: Gini {gini:.4f}, {tokens:,} tokens"),
))


def _table_words(text: str) -> str:
    return translate("CliCompare" if text in TABLE_WORDS else "Metric", text)


def _languages(value: str | None) -> list[str] | None:
    if value is None:
        return None
    languages = [part.strip() for part in value.split(",") if part.strip()]
    if not languages:
        raise CliError(translate("Cli", "--languages: give language codes separated by "
                                 "commas (en,ja,zh)"))
    return languages


class _Progress:
    """Progress on stderr: a line rewritten in place in a terminal, a line per tokenizer
    done otherwise; nothing with --quiet."""

    def __init__(self, quiet: bool) -> None:
        self.stream = sys.stderr
        self.show = not quiet and self.stream is not None
        self.interactive = self.show and self.stream.isatty()
        self.started = self.last = time.perf_counter()

    def _print(self, line: str, *, final: bool) -> None:
        if not self.show:
            return
        try:
            if self.interactive:
                print("\r\x1b[K" + line, end="\n" if final else "", file=self.stream,
                      flush=True)
            else:
                print(line, file=self.stream, flush=True)
        except (OSError, ValueError):
            self.show = False  # stderr went away: the comparison matters more

    def line(self, text: str) -> None:
        self._print(f"bpelens: {text}", final=True)

    def step(self, fraction: float, message: str) -> None:
        now = time.perf_counter()
        if self.interactive and now - self.last > 0.2:
            self.last = now
            self._print(f"bpelens: {fraction:4.0%} {message}", final=False)

    def done(self, name: str) -> None:
        seconds = time.perf_counter() - self.started
        self._print(translate("CliCompare", "bpelens: {tokenizer}: counted ({seconds:.1f} s "
                              "so far)").format(tokenizer=name, seconds=seconds), final=True)

    def close(self) -> None:
        pass
