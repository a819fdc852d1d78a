"""Reading and writing the files BPE Lens reads and writes, with errors that name the file and
the place."""

from __future__ import annotations

import json
import os
import secrets
import stat
from pathlib import Path
from typing import Any

from ..errors import TokenizerFileError


def read_utf8(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except OSError as exc:
        raise TokenizerFileError(str(path), f"cannot read ({exc.strerror})") from None
    except UnicodeDecodeError as exc:
        raise TokenizerFileError(str(path), f"not UTF-8 at byte {exc.start}") from None


def parse_json_file(path: Path) -> Any:
    text = read_utf8(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise TokenizerFileError(
            str(path), f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


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
            raise TokenizerFileError(str(path), f"cannot write ({exc.strerror})") from None
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
        raise TokenizerFileError(str(current), f"cannot write ({exc.strerror or exc})") from None


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
        raise TokenizerFileError(str(path), f"cannot write ({exc.strerror or exc})") from None
