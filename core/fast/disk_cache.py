"""A cache of parsed tokenizer files, so that opening a big vocabulary again takes a few
milliseconds instead of a parse.

Entries live in ``$BPELENS_CACHE_DIR`` (default ``$XDG_CACHE_HOME/bpelens`` or
``~/.cache/bpelens``) and are keyed by the SHA-256 of the file's *content*: a file replaced
by another of the same size and date is another entry, never a stale answer. An entry holds
``marshal`` data only (never code) behind a header with the checksum of that data, and is
written atomically; a damaged entry (a flipped byte, a truncated write) fails the checksum and
is ignored, and what an entry holds is checked by its caller before use. ``BPELENS_CACHE=0``
turns the cache off. Any problem with the cache is ignored: the file is simply parsed again.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import tempfile
from pathlib import Path
from typing import Any

# Bump when what is cached changes shape.
FORMAT = 7
_MAGIC = b"bpelens-cache\n"


def cache_dir() -> Path | None:
    if os.environ.get("BPELENS_CACHE", "1") == "0":
        return None
    explicit = os.environ.get("BPELENS_CACHE_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "bpelens"


def content_digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _entry(kind: str, digest: str) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    return folder / f"{kind}-{FORMAT}-{digest[:40]}.marshal"


def load(kind: str, digest: str) -> Any | None:
    """The value stored for the file whose content has this SHA-256, or None."""
    entry = _entry(kind, digest)
    if entry is None:
        return None
    try:
        raw = entry.read_bytes()
    except OSError:
        return None
    header_end = len(_MAGIC) + 64
    if not raw.startswith(_MAGIC) or len(raw) < header_end + 1:
        return None
    payload = raw[header_end + 1:]
    if raw[len(_MAGIC):header_end].decode("ascii", "replace") != content_digest(payload):
        return None  # damaged: never unmarshal bytes that were not written as they are
    try:
        stored = marshal.loads(payload)
    except (EOFError, ValueError, TypeError):
        return None
    if not (isinstance(stored, dict) and stored.get("kind") == kind
            and stored.get("digest") == digest and stored.get("format") == FORMAT):
        return None
    return stored.get("value")


def store(kind: str, digest: str, value: Any) -> None:
    entry = _entry(kind, digest)
    if entry is None:
        return
    try:
        payload = marshal.dumps({"kind": kind, "digest": digest, "format": FORMAT,
                                 "value": value})
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=entry.parent)
    except (OSError, ValueError):
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(_MAGIC + content_digest(payload).encode("ascii") + b"\n" + payload)
        os.replace(tmp, entry)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
