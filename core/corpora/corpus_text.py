"""Bytes of corpus files as lines of text: sizes checked before reading, UTF-8 checked with the
place of the first bad byte (file, line, language), CRLF and a byte-order mark handled."""

from __future__ import annotations

import stat
from pathlib import Path

from bpelens.core.messages import Message

from ..errors import CorpusError

# A corpus file larger than this is refused before it is read (NTREX-128's largest file is
# 0.9 MB; a whole FLORES-200 split is 200 files of ~0.3 MB).
MAX_FILE_BYTES = 512 << 20
# All files of a folder or an archive together.
MAX_TOTAL_BYTES = 1 << 30


def read_corpus_file(path: Path, *, limit: int | None = None) -> bytes:
    """A regular file's bytes, refused when bigger than ``limit`` (checked first; by default
    :data:`MAX_FILE_BYTES`)."""
    if limit is None:
        limit = MAX_FILE_BYTES
    try:
        info = path.stat()
    except OSError as exc:
        raise CorpusError(Message("{path}: cannot read it ({value})", path=path,
                                  value=exc.strerror or exc)) from None
    if stat.S_ISDIR(info.st_mode):
        raise CorpusError(Message("{path}: is a folder, not a file", path=path))
    if not stat.S_ISREG(info.st_mode):
        raise CorpusError(Message("{path}: is not a regular file (a device or a pipe)", path=path))
    check_size(str(path), info.st_size, limit)
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise CorpusError(Message("{path}: cannot read it ({value})", path=path,
                                  value=exc.strerror or exc)) from None
    check_size(str(path), len(data), limit)
    return data


PARALLEL_FILE = Message("a parallel corpus file")


def check_size(where: str, size: int, limit: int, *, what: str = PARALLEL_FILE
               ) -> None:
    if size > limit:
        raise CorpusError(Message("{where}: {size:,} bytes is more than the {limit} {what} "
                                  "may have",
                                  where=where, size=size, limit=_size(limit), what=what))


def _size(count: int) -> str:
    return f"{count >> 20:,} MB" if count >= 1 << 20 else f"{count:,} bytes"


def decode_text(data: bytes, where: str, *, language: str | None = None) -> str:
    """``data`` as UTF-8 (a leading byte-order mark dropped); a bad byte is an error naming
    ``where``, the line, the column and the language."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        about = f" ({language})" if language else ""
        raise CorpusError(Message("{where}{about}, line {line}: not UTF-8 at byte {column} of the "
                                  "line (0x{data:02X}); save the file as UTF-8", where=where,
                                  about=about, line=line, column=column,
                                  data=data[exc.start])) from None
    return text[1:] if text.startswith("\ufeff") else text


def split_lines(text: str) -> list[str]:
    """Lines split at ``\\n`` only (a sentence may hold U+2028 or a form feed), each with a
    final ``\\r`` dropped (CRLF files); a newline at the very end ends the last line, it does
    not start an empty one."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    return lines
