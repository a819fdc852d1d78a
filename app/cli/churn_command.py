"""`bpelens churn`: how much a tokenization changes under typos, Unicode normalization,
homoglyphs, zero-width characters, full-width forms and OCR confusions, per language."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from bpelens.core import PERTURBATIONS, measure_churn

from ..parallel_corpora import open_corpus
from .cli_i18n import translate
from .errors import CliError
from .text_input import read_text_file
from .tokenizer_argument import open_cli_tokenizer


def add_parser(sub, shared) -> None:
    p = sub.add_parser(
        "churn", help=translate("CliHelp", "how much the tokens change when the text is lightly "
                                           "perturbed (typos, NFD, homoglyphs …)"),
        description=translate(
            "CliHelp", "Perturb each line (typo, strip_diacritics, add_diacritics, nfd, nfc, "
            "homoglyphs, zero_width, full_width, ocr) and measure, per language and kind, the "
            "tokens before and after, the tokens changed (len(a) - LCS(a, b) of the original "
            "ids a and the perturbed ids b) and the token edit distance (Levenshtein over the "
            "ids), with the lines that changed most. nfc is measured from each line's NFD "
            "form. JSON on stdout."))
    shared.tokenizer(p)
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--corpus", metavar="PATH", help=translate(
        "CliHelp", "a parallel corpus, as bpelens compare takes it (a folder or archive of "
        "line-aligned files, a .tsv, a .jsonl), or demo (the bundled 12-language corpus)"))
    source.add_argument("--file", metavar="FILE", help=translate(
        "CliHelp", "a UTF-8 text file, one line a text (blank lines are left out)"))
    p.add_argument("--kinds", metavar="K1,K2,…", help=translate(
        "CliHelp", "the perturbations, comma-separated (default: all of {kinds})").format(
        kinds=",".join(PERTURBATIONS)))
    p.add_argument("--languages", metavar="L1,L2,…", help=translate(
        "CliHelp", "with --corpus: only these languages (codes or names); default: all"))
    p.add_argument("--lines", type=int, metavar="N", help=translate(
        "CliHelp", "the first N lines (per language); default: all"))
    p.add_argument("--seed", type=int, default=0, metavar="S", help=translate(
        "CliHelp", "the seed of the perturbations' random choices (default 0)"))
    p.add_argument("--rate", type=float, default=0.1, metavar="R", help=translate(
        "CliHelp", "the share of eligible places a rate-based kind changes, 0 to 1 (default "
        "0.1; at least one place in a line that has any)"))
    p.add_argument("--examples", type=int, default=5, metavar="N", help=translate(
        "CliHelp", "lines with the largest edit distance to list per kind and language "
        "(default 5)"))
    p.add_argument("--special", choices=("all", "none"), default="none", help=translate(
        "CliHelp", "none: special-token strings in the lines are plain text (default); all: "
        "they become control tokens"))
    p.add_argument("--compare", action="append", default=[], metavar="TOKENIZER",
                   help=translate("CliHelp", "measure this tokenizer too, on the same "
                                             "perturbed lines (repeatable); its report is in "
                                             "\"others\""))
    p.set_defaults(handler="churn_command")


def run(args: argparse.Namespace) -> int:
    kinds = _kinds(args.kinds)
    _check_numbers(args)
    if args.file is not None and args.languages is not None:
        raise CliError(translate("Cli", "--languages goes with --corpus; a --file's lines have "
                                 "no languages"))
    if args.corpus is not None:
        lines, where, name = _corpus_lines(args.corpus, args.languages, args.lines)
        key = "sentence_id"
    else:
        lines, where, name = _file_lines(args.file, args.lines)
        key = "file_line"
    out: dict[str, Any] = {}
    # The same lines and seed for each: the perturbations are the same texts for every one.
    for spec in [args.tokenizer, *args.compare]:
        args.tokenizer = spec
        tokenizer = open_cli_tokenizer(args)
        started = time.perf_counter()
        report = measure_churn(tokenizer, lines, kinds=kinds, seed=args.seed, rate=args.rate,
                               keep=args.examples, special=args.special)
        one = {**report.to_json(), "tokenizer": spec, "source": name,
               "seconds": round(time.perf_counter() - started, 3)}
        _locate_examples(one, key, where)
        if not out:
            out = one
        else:
            out.setdefault("others", []).append(one)
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _kinds(value: str | None) -> tuple[str, ...]:
    if value is None:
        return PERTURBATIONS
    kinds = [part.strip() for part in value.split(",") if part.strip()]
    valid = ",".join(PERTURBATIONS)
    if not kinds:
        raise CliError(translate("Cli", "--kinds: give perturbations separated by commas; "
                                 "valid kinds: {kinds}").format(kinds=valid))
    for kind in kinds:
        if kind not in PERTURBATIONS:
            raise CliError(translate("Cli", "--kinds {value}: {kind} is not a perturbation; "
                                     "valid kinds: {kinds}").format(value=value, kind=kind,
                                                                    kinds=valid))
    return tuple(dict.fromkeys(kinds))


def _check_numbers(args: argparse.Namespace) -> None:
    if args.lines is not None and args.lines < 1:
        raise CliError(translate("Cli", "--lines {value}: expected 1 or more").format(
            value=args.lines))
    if args.examples < 0:
        raise CliError(translate("Cli", "--examples {value}: expected 0 or more").format(
            value=args.examples))
    if not 0 <= args.rate <= 1:
        raise CliError(translate("Cli", "--rate {value}: expected a share from 0 to 1").format(
            value=args.rate))


def _corpus_lines(spec: str, languages: str | None, limit: int | None
                  ) -> tuple[dict[str, list[str]], dict[Any, list[Any]], str]:
    """Each language's sentences on the rows every chosen language has (so languages are
    compared on the same sentences), their sentence ids, and the corpus's name."""
    corpus = open_corpus(spec)
    chosen = list(corpus.languages)
    if languages is not None:
        wanted = [part.strip() for part in languages.split(",") if part.strip()]
        if not wanted:
            raise CliError(translate("Cli", "--languages: give language codes separated by "
                                     "commas (en,ja,zh)"))
        chosen = corpus.check_languages(wanted)
    rows = corpus.shared_rows(chosen)[:limit]
    ids = [corpus.ids[row] for row in rows]
    return ({code: corpus.sentences(code, rows) for code in chosen},
            {code: ids for code in chosen}, corpus.name)


def _file_lines(path: str, limit: int | None) -> tuple[list[str], dict[Any, list[Any]], str]:
    """The file's non-blank lines and their line numbers (from 1)."""
    numbered = [(number, line.removesuffix("\r")) for number, line in
                enumerate(read_text_file(path).split("\n"), start=1)]
    kept = [(number, line) for number, line in numbered if line.strip()][:limit]
    return [line for _, line in kept], {None: [n for n, _ in kept]}, path


def _locate_examples(out: dict[str, Any], key: str, where: dict[Any, list[Any]]) -> None:
    """Each example's sentence id in the corpus (a line-aligned file's line number), or its
    line number in the --file, beside ``line``, its index among the lines measured."""
    groups = [kind for language in out["languages"] for kind in language["kinds"].values()]
    for kind in [*groups, *out["totals"].values()]:
        for example in kind["examples"]:
            example[key] = where[example["language"]][example["line"]]
