"""Where a command's text comes from: the argument, ``--file PATH``, or all of standard input."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .cli_i18n import translate
from .errors import CliError, say


@dataclass(frozen=True)
class NotUtf8:
    """Bytes of the input that are not UTF-8: how many, where the first is (from 0), and
    where they came from (``stdin`` or ``argument``)."""

    count: int
    offset: int
    source: str


@dataclass(frozen=True)
class InputText:
    text: str
    not_utf8: NotUtf8 | None = None


def not_utf8(data: bytes, source: str) -> NotUtf8 | None:
    """What is not UTF-8 in ``data`` (None when all of it is)."""
    try:
        data.decode("utf-8")
        return None
    except UnicodeDecodeError as exc:
        first = exc.start
    escaped = data.decode("utf-8", "surrogateescape")
    return NotUtf8(sum(1 for ch in escaped if "\udc80" <= ch <= "\udcff"), first, source)


def input_text(text: str | None, file: str | None = None) -> InputText:
    """The command's text, and what of it was not UTF-8. Bytes that are not UTF-8 (on
    standard input, or in the argument vector, which Python reads the same way) become lone
    surrogates, which the engine replaces with U+FFFD instead of failing on the whole input;
    the caller reports them as what they were, bytes that are not UTF-8."""
    if text is not None and file is not None:
        raise CliError(translate("Cli", "give the text either as TEXT or with --file, not "
                                 "both"))
    if file is not None and file != "-":
        return InputText(read_text_file(file))
    if text is not None and text != "-":
        if any("\udc80" <= ch <= "\udcff" for ch in text):
            return InputText(text, not_utf8(os.fsencode(text), "argument"))
        return InputText(text)
    data = stdin_binary(translate("Cli", "the text"), with_file=True).read()
    return InputText(data.decode("utf-8", "surrogateescape"), not_utf8(data, "stdin"))


def text_argument(text: str | None, file: str | None = None) -> str:
    return input_text(text, file).text


def stdin_binary(what: str, *, with_file: bool = False) -> BinaryIO:
    """Standard input as bytes, or a one-line error when there is none (``<&-``)."""
    stream = sys.stdin
    if stream is None:
        if with_file:
            raise CliError(translate("Cli", "standard input is closed: give {what} as an "
                                     "argument or with --file PATH").format(what=what))
        raise CliError(translate("Cli", "standard input is closed: give {what} as an "
                                 "argument").format(what=what))
    binary = getattr(stream, "buffer", None)
    if binary is None:  # a text stream put in place of stdin (embedding)
        return _TextAsBinary(stream)
    if stream.isatty():
        say(translate("Cli", "bpelens: reading {what} from the terminal; end it with "
                      "Ctrl-D").format(what=what))
    return _Guarded(binary)


def read_text_file(name: str) -> str:
    data = read_file_bytes(name, "--file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CliError(translate("Cli", "--file {name}: {problem}; save it as UTF-8").format(
            name=name, problem=utf8_problem(data, exc))) from None


def read_file_bytes(name: str, option: str) -> bytes:
    path = Path(name).expanduser()
    check_readable_file(path, f"{option} {name}")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise CliError(translate("Cli", "{option} {name}: cannot read it ({reason})").format(
            option=option, name=name, reason=exc.strerror or exc)) from None


def check_readable_file(path: Path, where: str) -> None:
    if path.is_dir():
        raise CliError(translate("Cli", "{where}: is a folder, not a text file").format(
            where=where))
    if not path.exists():
        raise CliError(translate("Cli", "{where}: no such file").format(where=where))


def utf8_problem(data: bytes, exc: UnicodeDecodeError) -> str:
    return utf8_problem_at(data.count(b"\n", 0, exc.start) + 1, exc.start, exc.reason)


def utf8_problem_at(line: int, offset: int, reason: str) -> str:
    """``not UTF-8 at line 3 (byte 120 of the file: invalid start byte)`` (bytes from 0)."""
    return translate("Cli", "not UTF-8 at line {line} (byte {offset} of the file: "
                     "{reason})").format(line=line, offset=offset, reason=reason)


class _Guarded:
    """Standard input whose read errors (``< folder``) become one-line messages."""

    def __init__(self, stream: BinaryIO) -> None:
        self._stream = stream

    def read(self, size: int = -1) -> bytes:
        return self._call(self._stream.read, size)

    def read1(self, size: int = -1) -> bytes:
        return self._call(self._stream.read1, size)  # type: ignore[attr-defined]

    def fileno(self) -> int:
        return self._stream.fileno()

    @staticmethod
    def _call(method, size: int) -> bytes:  # type: ignore[no-untyped-def]
        try:
            return method(size)
        except OSError as exc:
            raise CliError(translate("Cli", "cannot read standard input ({reason})").format(
                reason=exc.strerror or exc)) from None


class _TextAsBinary:
    def __init__(self, stream) -> None:  # type: ignore[no-untyped-def]
        self._stream = stream

    def read(self, size: int = -1) -> bytes:
        return self._stream.read(size).encode("utf-8", "surrogateescape")
