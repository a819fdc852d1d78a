"""A cache of parsed tokenizer files, so that opening a big vocabulary again takes a few
milliseconds instead of a parse.

Entries live in ``$BPELENS_CACHE_DIR`` (default ``$XDG_CACHE_HOME/bpelens`` or
``~/.cache/bpelens``), are keyed by the file's path, size and modification time, hold
``marshal`` data only (never code), and are written atomically. ``BPELENS_CACHE=0`` turns the
cache off. Any problem with the cache is ignored: the file is simply parsed again.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any

# Bump when what is cached changes shape.
FORMAT = 4


def cache_dir() -> Path | None:
    if os.environ.get("BPELENS_CACHE", "1") == "0":
        return None
    explicit = os.environ.get("BPELENS_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bpelens"


def _entry(kind: str, source: Path) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        stat = source.stat()
    except OSError:
        return None
    key = f"{FORMAT}:{kind}:{source.resolve()}:{stat.st_size}:{stat.st_mtime_ns}"
    return folder / f"{kind}-{hashlib.sha1(key.encode()).hexdigest()}.marshal"


def load(kind: str, source: Path) -> Any | None:
    entry = _entry(kind, source)
    if entry is None:
        return None
    try:
        return marshal.loads(entry.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None


def store(kind: str, source: Path, value: Any) -> None:
    entry = _entry(kind, source)
    if entry is None:
        return
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=entry.parent)
        with os.fdopen(fd, "wb") as handle:
            handle.write(marshal.dumps(value))
        os.replace(tmp, entry)
    except (OSError, ValueError):
        return
