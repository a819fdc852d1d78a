"""The `bpelens` command: a subcommand runs the CLI (which never imports Qt); none opens the GUI.

The GUI takes only options (``--tokenizer``, ``--text``, ``--encoding``) and a saved session
(``talk.bpelens``), so any other bare first word is meant as a subcommand: a misspelt one is
answered by the CLI ("did you mean encode?"), never by opening a window.
"""

from __future__ import annotations

import os
import sys

# Process policy, so it lives here and not in the engine a library user imports: BPE Lens never
# calls BLAS, and numpy's OpenBLAS would otherwise start a pool of threads at import that spin
# on a core; once a process has threads every malloc takes a lock (12 MB encode ~5% slower).
# Set before anything imports numpy; a user's own choice is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from .cli import SUBCOMMANDS

CLI_OPTIONS = ("-h", "--help", "--version")
GUI_MODULES = ("PySide6", "shiboken6", "pyqtgraph")


def wants_cli(args: list[str]) -> bool:
    # --lang is both the window's and the command line's: the word after it decides.
    from .cli.cli_i18n import LanguageOptionError, split_language_option

    try:
        _, args = split_language_option(args)
    except LanguageOptionError:
        # A bad language is the CLI's to report when a subcommand follows it.
        return any(word in SUBCOMMANDS for word in args)
    if args and args[0].endswith(".bpelens"):
        return False  # `bpelens talk.bpelens` opens a saved session in the window
    return bool(args) and (args[0] in SUBCOMMANDS or args[0] in CLI_OPTIONS
                           or not args[0].startswith("-"))


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if wants_cli(args):
        from .cli import run

        return run(args)
    try:
        from .gui.launch import launch

        return launch(args)
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in GUI_MODULES:
            raise
        print(f"bpelens: error: the app needs {exc.name} ({exc}); the command line works "
              "without it (see bpelens --help)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
