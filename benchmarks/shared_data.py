"""Locating ../shared/data and building the benchmark corpora from it (never copied here)."""

from __future__ import annotations

import os
import sys
import tarfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("BPELENS_SHARED_DATA", REPO.parent / "shared" / "data"))
NTREX_ARCHIVE = SHARED_DATA / "parallel" / "ntrex128" / "NTREX-128.tar.xz"
SHAKESPEARE = SHARED_DATA / "corpus" / "tinyshakespeare.txt"


def require_shared_data() -> None:
    if not SHARED_DATA.is_dir():
        sys.exit(f"benchmark needs the shared data folder at {SHARED_DATA} "
                 "(or set BPELENS_SHARED_DATA)")


def multilingual_lines(target_bytes: int = 10_000_000) -> list[str]:
    """≈target_bytes of text: tinyshakespeare, then NTREX-128 files in archive order (CR
    stripped), cut at a line boundary. Lines keep their '\\n'."""
    lines = SHAKESPEARE.read_text(encoding="utf-8").splitlines(keepends=True)
    size = sum(len(line.encode("utf-8")) for line in lines)
    with tarfile.open(NTREX_ARCHIVE, "r:xz") as archive:
        for member in archive:
            if size >= target_bytes:
                break
            if not member.isfile() or not member.name.endswith(".txt"):
                continue
            handle = archive.extractfile(member)
            if handle is None:
                continue
            text = handle.read().decode("utf-8").replace("\r", "")
            for line in text.splitlines(keepends=True):
                lines.append(line)
                size += len(line.encode("utf-8"))
                if size >= target_bytes:
                    break
    return lines
