"""Reading and writing tokenizer files, with errors that name the file and the place."""

from __future__ import annotations

import json
import os
import tempfile
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
    """A temporary file beside ``path``, then a rename: never half a file."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                               dir=path.parent if str(path.parent) else ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise TokenizerFileError(str(path), f"cannot write ({exc.strerror})") from None
