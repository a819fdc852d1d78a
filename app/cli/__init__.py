"""Command line: `bpelens train|encode|decode|inspect|export|compare|audit|diff|extend|render`,
JSON on stdout.

User errors print one line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import sys

SUBCOMMANDS = ("train", "encode", "decode", "inspect", "export", "compare", "audit", "diff",
               "extend", "render")


def run(argv: list[str]) -> int:
    from .errors import closest, fail, run_guarded

    if argv and not argv[0].startswith("-") and argv[0] not in SUBCOMMANDS:
        return fail(_not_a_command(argv[0], closest(argv[0], SUBCOMMANDS)))
    _utf8_output()
    from .arguments import build_parser

    parser = build_parser()
    if argv and argv[0] in SUBCOMMANDS:
        parser.command_parser = parser.commands[argv[0]]  # type: ignore[attr-defined]
    args = parser.parse_args(argv)
    if getattr(args, "handler", None) is None:  # options only (bpelens --tokenizer x)
        parser.print_usage()
        return fail("choose a command: " + ", ".join(SUBCOMMANDS))
    return run_guarded(args.handler, args)


def _not_a_command(word: str, guess: str | None) -> str:
    from pathlib import Path

    message = f"{word!r} is not a command"
    if guess:
        message += f"; did you mean {guess}?"
    else:
        message += f" (commands: {', '.join(SUBCOMMANDS)})"
    try:
        exists = Path(word).exists()
    except (OSError, ValueError):
        exists = False
    if exists:
        message += f"; to open it in the app: bpelens --tokenizer {word}"
    return message + " (see bpelens --help)"


def _utf8_output() -> None:
    """JSON is UTF-8 whatever the locale says (a Latin-1 terminal would otherwise turn the
    first 猫 into a UnicodeEncodeError)."""
    for stream, errors in ((sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower().replace(
                "-", "") != "utf8":
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(encoding="utf-8", errors=errors)
