"""``--jobs N``: how many processes a command's corpus or vocabulary work may use (0: one per
core, 1: this process only), the same option wherever it appears."""

from __future__ import annotations

import argparse

from bpelens.core import default_jobs

from .cli_i18n import translate
from .errors import CliError


def add_jobs(parser: argparse.ArgumentParser, what: str, default: int = 0) -> None:
    """``what``: the sentence saying what the processes do and when they start."""
    parser.add_argument("--jobs", type=int, default=default, metavar="N", help=what)


def jobs_of(args: argparse.Namespace) -> int:
    if args.jobs < 0:
        raise CliError(translate("Cli", "--jobs {value}: expected 0 (one per core) or more")
                       .format(value=args.jobs))
    return args.jobs or default_jobs()
