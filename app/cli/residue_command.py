"""`bpelens residue`: tokens merging passes through but the output rarely holds (LiteToken),
and what removing them from the vocabulary would do to a corpus's token count."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from itertools import islice
from pathlib import Path

from bpelens.core import find_residues

from ..parallel_corpora import open_corpus
from .cli_i18n import translate
from .errors import CliError
from .text_input import check_readable_file
from .tokenizer_argument import open_cli_tokenizer

# The core's defaults, said again here so that --help can print them without loading it.
MIN_FORMED = 20
MAX_FINAL_SHARE = 0.05
TOP = 50


def add_parser(sub: argparse._SubParsersAction, shared) -> None:
    p = sub.add_parser(
        "residue",
        help=translate("CliHelp", "residue tokens: formed by merges, rarely in the output "
                                  "(LiteToken)"),
        description=translate(
            "CliHelp", "Trace the merges of every piece of a corpus and count, per token, how "
                       "often it ends in the output (final) and how often a later merge absorbs "
                       "it. A residue is formed at least --min-formed times with a final share "
                       "final / (absorbed + final) below --max-final-share. Removing the "
                       "residues while their merges stay as internal steps writes each final "
                       "one as its parts: the JSON gives the vocabulary freed and the corpus's "
                       "tokens before and after. Each line is encoded on its own."),
    )
    shared.tokenizer(p)
    shared.special(p)
    source = p.add_mutually_exclusive_group()
    source.add_argument("--corpus", metavar="PATH", help=translate(
        "CliHelp", "a parallel corpus, as compare takes it (default demo): every language's "
                   "sentences"))
    source.add_argument("--file", metavar="PATH", help=translate(
        "CliHelp", "a UTF-8 text file instead, one line at a time (- for standard input)"))
    p.add_argument("--lines", type=int, metavar="N", help=translate(
        "CliHelp", "at most N lines of the file, or N sentences of each language (default: "
                   "all)"))
    p.add_argument("--min-formed", type=int, default=MIN_FORMED, metavar="M", help=translate(
        "CliHelp", "a token must be formed at least M times to be judged (default {value})"
    ).format(value=MIN_FORMED))
    p.add_argument("--max-final-share", type=float, default=MAX_FINAL_SHARE, metavar="S",
                   help=translate("CliHelp", "a residue ends in the output in less than this "
                                             "share of its occurrences (default {value})"
                                  ).format(value=MAX_FINAL_SHARE))
    p.add_argument("--top", type=int, default=TOP, metavar="N", help=translate(
        "CliHelp", "residues listed, most formed first (default {value}; 0: none)"
    ).format(value=TOP))
    p.set_defaults(handler="residue_command")


def run(args: argparse.Namespace) -> int:
    _check(args)
    tokenizer = open_cli_tokenizer(args)
    if args.file is not None:
        source, lines = {"file": args.file}, _file_lines(args.file, args.lines)
    else:
        source, lines = _corpus_lines(args.corpus or "demo", args.lines)
    started = time.perf_counter()
    report = find_residues(tokenizer, lines, min_formed=args.min_formed,
                           max_final_share=args.max_final_share, special=args.special)
    out = {"tokenizer": args.tokenizer, **source, **report.to_json(top=args.top),
           "seconds": round(time.perf_counter() - started, 3)}
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def _check(args: argparse.Namespace) -> None:
    # Before the tokenizer and the corpus are read.
    for option, value, least in (("--lines", args.lines, 1), ("--min-formed", args.min_formed, 1),
                                 ("--top", args.top, 0)):
        if value is not None and value < least:
            raise CliError(translate("Cli", "{option} {value}: expected {least} or more").format(
                option=option, value=value, least=least))
    share = args.max_final_share
    if not 0 < share <= 1:
        raise CliError(translate("Cli", "--max-final-share {value}: expected a share above 0 "
                                        "and at most 1 (e.g. 0.05)").format(value=share))
    if args.file is not None and args.file != "-":
        check_readable_file(Path(args.file).expanduser(), f"--file {args.file}")


def _corpus_lines(spec: str, limit: int | None) -> tuple[dict[str, object], list[str]]:
    corpus = open_corpus(spec)
    lines: list[str] = []
    for language in corpus.languages:
        present = [text for text in corpus.texts[language] if text is not None]
        lines += present[:limit]
    return {"corpus": corpus.name, "languages": len(corpus.languages)}, lines


def _file_lines(name: str, limit: int | None) -> Iterator[str]:
    """The file's lines without their line ends, streamed (a large file is never held)."""
    if name == "-":
        handle = open(sys.stdin.fileno(), encoding="utf-8", closefd=False)  # noqa: SIM115
    else:
        try:
            handle = open(Path(name).expanduser(), encoding="utf-8")  # noqa: SIM115
        except OSError as exc:
            raise CliError(translate("Cli", "--file {name}: cannot read it ({reason})").format(
                name=name, reason=exc.strerror or exc)) from None
    with handle:
        try:
            for line in islice(handle, limit):
                yield line.rstrip("\n")
        except UnicodeDecodeError:
            raise CliError(translate("Cli", "--file {name}: not UTF-8 text; save it as "
                                            "UTF-8").format(name=name)) from None
