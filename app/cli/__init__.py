"""Command line: `bpelens train|encode|decode|inspect|export|compare|audit|diff|extend|render`,
JSON on stdout.

User errors print one line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import contextlib
import io
import sys

SUBCOMMANDS = ("train", "encode", "decode", "inspect", "export", "compare", "audit", "diff",
               "extend", "render", "chat", "sweep", "sample", "canon", "lint", "churn",
               "residue", "boundary")
# A command whose parser arguments.py does not build itself lives in <name>_command.py with
# add_parser(sub, shared) and run(args): adding one is that module and its name above.


def run(argv: list[str]) -> int:
    from . import cli_i18n
    from .errors import closest, fail, run_guarded

    # The language first: every word after it, argparse's help included, is in it.
    try:
        lang, argv = cli_i18n.split_language_option(argv)
    except cli_i18n.LanguageOptionError as exc:
        cli_i18n.set_language(cli_i18n.environment_language())
        return fail(str(exc))
    cli_i18n.set_language(lang or cli_i18n.environment_language())
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
        return fail(cli_i18n.translate("Cli", "choose a command: {commands}").format(
            commands=", ".join(SUBCOMMANDS)))
    return run_guarded(args.handler, args)


def _not_a_command(word: str, guess: str | None) -> str:
    from pathlib import Path

    from .cli_i18n import translate

    message = translate("Cli", "{word} is not a command").format(word=repr(word))
    if guess:
        message += translate("Cli", "; did you mean {guess}?").format(guess=guess)
    else:
        message += translate("Cli", " (commands: {commands})").format(
            commands=", ".join(SUBCOMMANDS))
    try:
        exists = Path(word).exists()
    except (OSError, ValueError):
        exists = False
    if exists:
        message += translate("Cli", "; to open it in the app: bpelens --tokenizer {word}").format(
            word=word)
    return message + translate("Cli", " (see bpelens --help)")


def _utf8_output() -> None:
    """JSON is UTF-8 whatever the locale says (a Latin-1 terminal would otherwise turn the
    first 猫 into a UnicodeEncodeError)."""
    for stream, errors in ((sys.stdout, "strict"), (sys.stderr, "backslashreplace")):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower().replace(
                "-", "") != "utf8":
            with contextlib.suppress(OSError, ValueError):
                stream.reconfigure(encoding="utf-8", errors=errors)
