"""Reading and writing the files BPE Lens reads and writes, with errors that name the file and
the place."""

from __future__ import annotations

import json
import operator
import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from itertools import chain, compress, repeat
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import TokenizerFileError

# The largest tokenizer file read (the biggest real tokenizer.json files are ~35 MB): a
# bigger one, or a device such as /dev/zero, is refused before anything is allocated.
MAX_FILE_BYTES = 1 << 30


def json_reason(exc: json.JSONDecodeError) -> str:
    """Python's reason for a JSON error, whole: its message ends with "at" when it means
    the position ("Invalid control character at"), which callers say as line and column."""
    return exc.msg.removesuffix(" at")


def new_file_name(folder: Path, parts: tuple[str, ...], suffix: str) -> Path:
    """``folder/<time>-<part>-<part><suffix>``, each part reduced to letters, digits, dots and
    dashes, ``-2``, ``-3`` … added until no file has it (saved runs are never overwritten)."""
    name = "-".join(re.sub(r"[^A-Za-z0-9.-]+", "-", part).strip("-").lower() for part in parts)
    stem = f"{time.strftime('%Y%m%d-%H%M%S')}-{name}"
    path = folder / f"{stem}{suffix}"
    n = 2
    while path.exists():
        path = folder / f"{stem}-{n}{suffix}"
        n += 1
    return path


def read_file(path: Path, *, limit: int = MAX_FILE_BYTES) -> bytes:
    """A regular file's bytes, at most ``limit`` of them."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise TokenizerFileError(str(path), "is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise TokenizerFileError(str(path), "is not a regular file (a device or a pipe)")
        if info.st_size > limit:
            raise TokenizerFileError(str(path), Message("is {st_size:,} bytes, more than the "
                                                        "{limit} MB a tokenizer file may have",
                                                        st_size=info.st_size, limit=limit >> 20))
        with path.open("rb") as handle:
            # Not read(limit + 1) at once: that allocates a gigabyte for every file.
            data = handle.read(min(info.st_size, limit) + 1)
            if len(data) > info.st_size:  # it grew since: read on, up to the limit
                data += handle.read(limit + 1 - len(data))
            return data
    except OSError as exc:
        raise TokenizerFileError(str(path), Message("cannot read ({strerror})",
                                                    strerror=exc.strerror)) from None


def read_utf8(path: Path) -> str:
    return decode_utf8(path, read_file(path))


def decode_utf8(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise TokenizerFileError(str(path), Message("not UTF-8 at byte {start} (line {line})",
                                                    start=exc.start, line=line)
                                 ) from None


def read_head(path: Path, size: int = 4096) -> bytes:
    """A file's first ``size`` bytes (what recognising its format reads)."""
    try:
        with path.open("rb") as handle:
            return handle.read(size)
    except OSError as exc:
        raise TokenizerFileError(str(path), Message("cannot read ({strerror})",
                                                    strerror=exc.strerror)) from None


def parse_json_file(path: Path, *, max_depth: int | None = None) -> Any:
    return parse_json_bytes(path, read_file(path), max_depth=max_depth)


def parse_json_bytes(path: Path, data: bytes, *, max_depth: int | None = None,
                     parse_float: Callable[[str], float] | None = None) -> Any:
    """The JSON document ``data`` (read from ``path``), as strict JSON: ``NaN`` and
    ``Infinity`` are not JSON, a string holding a lone surrogate (``"\\ud800"``) is refused
    (no UTF-8 text can hold one), and so is nesting deeper than ``max_depth`` (Hugging Face's
    reader stops at 128). ``parse_float`` reads numbers with a fraction or an exponent
    (``hf_floats.json_float``: as Hugging Face reads them)."""
    text = decode_utf8(path, data)
    try:
        data = json.loads(text, parse_constant=_not_json, parse_float=parse_float)
    except json.JSONDecodeError as exc:
        raise TokenizerFileError(
            str(path), Message("invalid JSON at line {lineno}, column {colno}: {msg}",
                               lineno=exc.lineno, colno=exc.colno, msg=json_reason(exc))
        ) from None
    except ValueError as exc:
        raise TokenizerFileError(str(path), str(exc)) from None
    except RecursionError:
        raise TokenizerFileError(str(path), "JSON nested too deeply to read") from None
    if max_depth is not None and _deeper_than(data, max_depth):
        raise TokenizerFileError(str(path), Message("JSON nested more than {max_depth} levels deep "
                                                    "(Hugging Face's reader refuses it too)",
                                                    max_depth=max_depth))
    if _SURROGATE_ESCAPE.search(text):
        where = _lone_surrogate(data, "")
        if where is not None:
            raise TokenizerFileError(str(path), Message("{value} holds a lone surrogate (an "
                                                        "unpaired \\ud800-\\udfff escape), which "
                                                        "no UTF-8 text can hold",
                                                        value=where or 'a string'))
    return data


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def _deeper_than(data: Any, limit: int) -> bool:
    """Whether ``data`` nests more than ``limit`` lists and objects: a level at a time, each
    level's children gathered and sorted out with C-level iteration (a vocabulary of 151k
    pairs in a twentieth of a second; a loop over each container took three times that)."""
    level = [data] if isinstance(data, _CONTAINERS) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        is_dict = list(map(isinstance, level, repeat(dict)))
        values = chain.from_iterable(map(dict.values, compress(level, is_dict)))
        items = chain.from_iterable(compress(level, map(operator.not_, is_dict)))
        children = list(chain(values, items))
        level = list(compress(children, map(isinstance, children, repeat(_CONTAINERS))))
    return False


_CONTAINERS = (dict, list)


def _lone_surrogate(data: Any, where: str) -> str | None:
    """The path of the first string (key or value) holding a lone surrogate, or None."""
    if isinstance(data, str):
        return where if _has_surrogate(data) else None
    if isinstance(data, dict):
        if _has_surrogate("".join(data)):
            key = next(k for k in data if _has_surrogate(k))
            return f"{where}[{key!r}]"
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    else:
        return None
    for key, value in items:
        found = _lone_surrogate(value, _child_path(where, key))
        if found is not None:
            return found
    return None


def _child_path(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    return f"{where}.{key}" if where else key


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``path`` whole or not at all (see :func:`write_files`)."""
    write_files([(Path(path), data)])


def write_files(files: list[tuple[Path, bytes]]) -> None:
    """Write several files as a unit, each whole or not at all: every file goes to a
    temporary file beside its target first, and only when all are written are they renamed
    over their targets. A new file gets the permissions the user's umask gives (0644
    usually), an existing one keeps its own. A symbolic link is written through (its target
    changes, the link stays); a device or pipe (``-o /dev/stdout``) is written to directly,
    as it cannot be replaced; a folder is refused."""
    plans: list[tuple[Path, bytes, int | None]] = []
    for path, data in files:
        target = Path(os.path.realpath(path))
        try:
            info = target.stat()
        except FileNotFoundError:
            plans.append((target, data, None))
            continue
        except OSError as exc:
            raise TokenizerFileError(str(path), Message("cannot write ({strerror})",
                                                        strerror=exc.strerror)) from None
        if stat.S_ISDIR(info.st_mode):
            raise TokenizerFileError(str(path), "is a folder; give a file name")
        if not stat.S_ISREG(info.st_mode):
            _write_through(path, data)
            continue
        plans.append((target, data, stat.S_IMODE(info.st_mode)))
    written: list[tuple[Path, Path]] = []
    current = plans[0][0] if plans else Path()
    try:
        for current, data, mode in plans:
            written.append((_write_temporary(current, data, mode), current))
        for tmp, current in written:
            os.replace(tmp, current)
    except OSError as exc:
        for tmp, _ in written:
            tmp.unlink(missing_ok=True)
        raise TokenizerFileError(str(current), Message("cannot write ({value})",
                                                       value=exc.strerror or exc)) from None


def _write_temporary(target: Path, data: bytes, mode: int | None) -> Path:
    """A new file beside ``target`` holding ``data``. Opened with mode 0666 so that the
    kernel applies the umask (``mkstemp`` would make it 0600), or with the target's mode."""
    for _ in range(100):
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666 if mode is None
                         else mode)
            break
        except FileExistsError:
            continue
    else:  # pragma: no cover - a hundred random names taken
        raise FileExistsError(17, "no free temporary name", str(target.parent))
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if mode is not None:
            os.chmod(tmp, mode)  # the umask may have cleared bits the old file had
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


def _write_through(path: Path, data: bytes) -> None:
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise TokenizerFileError(str(path), Message("cannot write ({value})",
                                                    value=exc.strerror or exc)) from None
