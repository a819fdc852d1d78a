"""Turning user errors into one line on stderr and exit status 2."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from importlib import import_module

from bpelens.core import BpeLensError

USER_ERROR = 2


def fail(message: str) -> int:
    print(f"bpelens: error: {message}", file=sys.stderr)
    return USER_ERROR


def run_guarded(command: str, args: argparse.Namespace) -> int:
    """Run ``app/cli/<command>.py``'s ``run`` (imported only now: each command loads only
    what it needs)."""
    try:
        handler: Callable[[argparse.Namespace], int] = import_module(
            f"bpelens.app.cli.{command}"
        ).run
        return handler(args)
    except BpeLensError as exc:
        return fail(str(exc))
    except BrokenPipeError:
        # The reader went away (`| head`): not an error. Point stdout at /dev/null so the
        # interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        return fail(f"{where}{exc.strerror or exc}")
    except KeyboardInterrupt:
        return fail("interrupted")


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line (naming the option) and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(USER_ERROR, f"{self.prog}: error: {message} (see {self.prog} --help)\n")
