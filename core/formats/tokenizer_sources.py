"""Tokenizers already on this machine: Hugging Face's hub cache and tiktoken's cache.

Read-only discovery for the GUI's picker (and anyone else): nothing is downloaded, files are
only listed and, for tiktoken's cache (whose files are named by a hash of their URL),
recognised by their SHA-256.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .detect import find_in_folder
from .tiktoken_presets import BY_SHA256

# Beyond this size a file in tiktoken's cache is not a rank file worth hashing.
_MAX_RANK_FILE = 16 << 20


@dataclass(frozen=True, slots=True)
class FoundTokenizer:
    name: str  # "Qwen/Qwen3-8B", "o200k_base"
    path: Path  # what open_tokenizer takes
    origin: str  # "huggingface-cache" | "tiktoken-cache"
    encoding: str | None = None  # the tiktoken encoding a cached rank file belongs to


def huggingface_hub_dir() -> Path:
    """Where huggingface_hub keeps models (its own environment variables respected)."""
    if os.environ.get("HF_HUB_CACHE"):
        return Path(os.environ["HF_HUB_CACHE"])
    if os.environ.get("HUGGINGFACE_HUB_CACHE"):
        return Path(os.environ["HUGGINGFACE_HUB_CACHE"])
    home = os.environ.get("HF_HOME") or str(
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "huggingface")
    return Path(home) / "hub"


def tiktoken_cache_dir() -> Path:
    """Where tiktoken caches downloaded rank files."""
    for variable in ("TIKTOKEN_CACHE_DIR", "DATA_GYM_CACHE_DIR"):
        if os.environ.get(variable):
            return Path(os.environ[variable])
    return Path(tempfile.gettempdir()) / "data-gym-cache"


def find_huggingface(hub: Path | None = None) -> list[FoundTokenizer]:
    hub = hub or huggingface_hub_dir()
    found: list[FoundTokenizer] = []
    try:
        entries = sorted(hub.glob("models--*"))
    except OSError:
        return []
    for entry in entries:
        try:
            find_in_folder(entry)
        except Exception:  # any unreadable entry is simply not listed
            continue
        name = entry.name.removeprefix("models--").replace("--", "/")
        found.append(FoundTokenizer(name, entry, "huggingface-cache"))
    return found


def find_tiktoken(cache: Path | None = None) -> list[FoundTokenizer]:
    cache = cache or tiktoken_cache_dir()
    found: list[FoundTokenizer] = []
    try:
        files = sorted(p for p in cache.iterdir() if p.is_file())
    except OSError:
        return []
    for path in files:
        try:
            if path.stat().st_size > _MAX_RANK_FILE:
                continue
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            continue
        encoding = BY_SHA256.get(digest)
        if encoding is not None:
            found.append(FoundTokenizer(encoding, path, "tiktoken-cache", encoding))
    return found


def find_local_tokenizers() -> list[FoundTokenizer]:
    """Everything both caches hold (may take a moment: run it off the GUI thread)."""
    return find_huggingface() + find_tiktoken()
