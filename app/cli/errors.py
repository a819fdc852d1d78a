"""Turning user errors into one line on stderr and exit status 2.

Whatever goes wrong — a bad option, an unreadable file, a closed or full output, even a bug —
the user sees one line, never a traceback (``BPELENS_TRACEBACK=1`` shows it, for a bug
report).
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import os
import sys
import traceback
from collections.abc import Callable, Iterable
from importlib import import_module

from bpelens.core import BpeLensError

from .cli_i18n import translate

USER_ERROR = 2
# A bug, not a user error: a different status, so scripts and tests can tell them apart.
INTERNAL_ERROR = 1


class CliError(BpeLensError):
    """A problem with the command line itself (an option, a stream, a text file)."""


def fail(message: str, status: int = USER_ERROR) -> int:
    say(translate("Cli", "bpelens: error: {message}").format(message=message))
    return status


def say(line: str) -> None:
    """One line on stderr, if there is a stderr (``2>&-`` closes it: then say nothing;
    ``print(file=None)`` would write to stdout instead)."""
    stream = sys.stderr
    if stream is None:
        return
    # stderr full or gone: the exit status still tells
    with contextlib.suppress(OSError, ValueError):
        print(line.replace("\n", " "), file=stream, flush=True)


def closest(word: str, choices: Iterable[str]) -> str | None:
    """The choice a mistyped ``word`` most likely meant (``encdoe`` → ``encode``), or None."""
    choices = list(choices)
    lowered = word.lower()
    starting = [c for c in choices if c.startswith(lowered)] if lowered else []
    if len(starting) == 1:
        return starting[0]
    match = difflib.get_close_matches(lowered, choices, n=1, cutoff=0.6)
    return match[0] if match else None


def run_guarded(command: str, args: argparse.Namespace) -> int:
    """Run ``app/cli/<command>.py``'s ``run`` (imported only now: each command loads only
    what it needs)."""
    if sys.stdout is None:
        # `>&-`: the process started with no standard output. Nothing could be written, so
        # doing the work would only look like success.
        return fail(translate("Cli", "standard output is closed: nothing could be written "
                              "(send it somewhere, e.g. > out.json or | less)"))
    try:
        handler: Callable[[argparse.Namespace], int] = import_module(
            f"bpelens.app.cli.{command}"
        ).run
        status = handler(args)
        # Inside the guard: a full disk or a vanished reader shows up at this flush.
        sys.stdout.flush()
        return status
    except BpeLensError as exc:
        return fail(exc.for_interface("cli"))
    except BrokenPipeError:
        # The reader went away (`| head`): not an error. Point stdout at /dev/null so the
        # interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as exc:
        if exc.filename:
            return fail(f"{exc.filename}: {exc.strerror or exc}")  # the system's words
        # No file named: standard output (a full disk, a device that refuses writes).
        _discard_pending_output()
        return fail(translate("Cli", "cannot write the output ({reason})").format(
            reason=exc.strerror or exc))
    except KeyboardInterrupt:
        return fail(translate("Cli", "interrupted"))
    except MemoryError:
        return fail(translate("Cli", "out of memory (try a shorter text, or --ids-only)"))
    except Exception as exc:  # a bug: still one line, with where it happened
        if os.environ.get("BPELENS_TRACEBACK"):
            raise
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
        return fail(translate("Cli", "internal error: {error}: {message} (at {where}; please "
                              "report it — BPELENS_TRACEBACK=1 shows the traceback)").format(
                                  error=type(exc).__name__, message=exc, where=where),
                    INTERNAL_ERROR)


def _discard_pending_output() -> None:
    """After a failed write, drop what is still buffered so the interpreter's final flush
    does not fail again (and print a traceback)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line (naming the option, suggesting the one
    probably meant) and exit status 2."""

    # The subcommand being parsed: the top-level parser reports unrecognized arguments, but
    # they are meant for the subcommand's options (set by ``cli.run``).
    command_parser: argparse.ArgumentParser | None = None

    def error(self, message: str) -> None:  # type: ignore[override]
        parser = self.command_parser or self
        unrecognized = translate("CliArgparse", "unrecognized arguments: %s").split("%s")[0]
        if message.startswith(unrecognized):
            words = message[len(unrecognized):].split()
            options = [s for a in parser._actions for s in a.option_strings
                       if s.startswith("--")]
            guess = next((g for w in words if w.startswith("--")
                          for g in [closest(w.split("=", 1)[0], options)] if g), None)
            if guess:
                message += translate("Cli", "; did you mean {guess}?").format(guess=guess)
        self.exit(USER_ERROR, translate("Cli", "{prog}: error: {message} (see {prog} --help)")
                  .format(prog=parser.prog, message=message) + "\n")

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        if message:
            say(message.rstrip("\n"))
        sys.exit(status)

    def _print_message(self, message: str, file=None) -> None:  # type: ignore[no-untyped-def]
        # --help and --version: stdout may be closed or gone; that is no reason for a traceback
        with contextlib.suppress(OSError, ValueError):
            super()._print_message(message, file)
