"""The `bpelens` command: a subcommand runs the CLI (which never imports Qt); none opens the GUI."""

from __future__ import annotations

import sys

from .cli import SUBCOMMANDS


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args and (args[0] in SUBCOMMANDS or args[0] in ("-h", "--help", "--version")):
        from .cli import run

        return run(args)
    from .gui.launch import launch

    return launch(args)


if __name__ == "__main__":
    sys.exit(main())
