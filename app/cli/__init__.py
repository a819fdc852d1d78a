"""Command line: `bpelens train|encode|decode|inspect|export`, JSON on stdout.

User errors print one line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

SUBCOMMANDS = ("train", "encode", "decode", "inspect", "export")


def run(argv: list[str]) -> int:
    from .arguments import build_parser
    from .errors import run_guarded

    parser = build_parser()
    args = parser.parse_args(argv)
    return run_guarded(args.handler, args)
