"""`bpelens lint`: what in a tokenizer makes encoding slow on the wrong input, measured."""

from __future__ import annotations

import argparse
import json
import math
import sys
import time

from bpelens.core import lint_tokenizer

from .cli_i18n import translate
from .errors import CliError
from .tokenizer_argument import open_cli_tokenizer

# The core's defaults, said again here so that --help can print them without loading it.
TIME_CAP = 2.0
BUDGET_PER_CAP = 12
MAX_TIME_CAP = 600.0


def add_parser(sub: argparse._SubParsersAction, shared) -> None:
    p = sub.add_parser(
        "lint",
        help=translate("CliHelp", "pathologies that make encoding slow: backtracking patterns, "
                                  "pieces without a length bound, thousands of added tokens"),
        description=translate(
            "CliHelp", "Find what makes this tokenizer slow on the wrong input: pre-tokenizer "
                       "regexes that can backtrack catastrophically, pre-token classes with no "
                       "length bound (a run of one letter stays one piece), and thousands of "
                       "added tokens. Each finding names the field, says why, gives a generated "
                       "worst-case input, and times encoding it at doubling lengths (CPU time, "
                       "median of three), with the exponent of a log-log fit (1 linear, 2 "
                       "quadratic)."),
    )
    shared.tokenizer(p)
    p.add_argument("--max-seconds", type=float, default=TIME_CAP, metavar="S", help=translate(
        "CliHelp", "stop lengthening an input once encoding it takes more than S CPU seconds; "
                   "all the timing stops after {budget} times S (default {value})"
    ).format(budget=BUDGET_PER_CAP, value=TIME_CAP))
    p.add_argument("--no-timing", action="store_true", help=translate(
        "CliHelp", "only find and describe; time nothing"))
    p.set_defaults(handler="lint_command")


def run(args: argparse.Namespace) -> int:
    cap = args.max_seconds
    if not (math.isfinite(cap) and 0 < cap <= MAX_TIME_CAP):
        raise CliError(translate("Cli", "--max-seconds {value}: expected seconds above 0 and at "
                                        "most {most:g}").format(value=cap, most=MAX_TIME_CAP))
    tokenizer = open_cli_tokenizer(args)
    started = time.perf_counter()
    report = lint_tokenizer(tokenizer, time_cap=cap, timing=not args.no_timing)
    out = {"path": args.tokenizer, **report.to_json(),
           "seconds": round(time.perf_counter() - started, 3)}
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
