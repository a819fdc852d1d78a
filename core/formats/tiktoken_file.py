"""`.tiktoken` rank files: one ``base64(token bytes) rank`` per line.

A rank file carries neither a pre-tokenizer pattern nor special tokens; they come from the
encoding it belongs to (recognised by name or SHA-256, or named by the user) or from the
user directly.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
from pathlib import Path

from .. import disk_cache
from ..errors import TokenizerFileError
from ..pretokenizers import RegexPreTokenizer
from ..tiktoken_model import TiktokenModel
from ..tiktoken_presets import BY_SHA256, PRESETS, TiktokenPreset, preset
from ..tokenizer import Tokenizer


def read_ranks(path: str | Path) -> tuple[dict[bytes, int], str]:
    """The ranks and the file's SHA-256; a malformed line is named by number."""
    path = Path(path)
    cached = disk_cache.load("tiktoken", path)
    if isinstance(cached, tuple) and len(cached) == 2:
        return cached
    ranks, digest = _parse_ranks(path)
    disk_cache.store("tiktoken", path, (ranks, digest))
    return ranks, digest


def _parse_ranks(path: Path) -> tuple[dict[bytes, int], str]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TokenizerFileError(str(path), f"cannot read ({exc.strerror})") from None
    digest = hashlib.sha256(data).hexdigest()
    parts = data.split()
    try:
        if len(parts) % 2:
            raise ValueError("odd number of fields")
        ranks = dict(zip(map(binascii.a2b_base64, parts[0::2]), map(int, parts[1::2]),
                         strict=True))
        if len(ranks) * 2 != len(parts):
            raise ValueError("a token appears twice")
    except (ValueError, binascii.Error):
        raise TokenizerFileError(str(path), _first_bad_line(data)) from None
    return ranks, digest


def _first_bad_line(data: bytes) -> str:
    seen: set[bytes] = set()
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        fields = line.split()
        if len(fields) != 2:
            return f"line {number}: expected 'base64-token rank', got {len(fields)} fields"
        try:
            token = base64.b64decode(fields[0], validate=True)
            int(fields[1])
        except (ValueError, binascii.Error):
            return f"line {number}: not base64 and an integer: {line[:60]!r}"
        if token in seen:
            return f"line {number}: token {fields[0].decode('ascii', 'replace')} appears twice"
        seen.add(token)
    return "not a tiktoken rank file"


def identify(path: str | Path, digest: str) -> TiktokenPreset | None:
    """The encoding a rank file belongs to, by name first, then by SHA-256."""
    found = preset(Path(path).name.removesuffix(".tiktoken"))
    if found is not None:
        return found
    name = BY_SHA256.get(digest)
    return PRESETS[name] if name else None


def load_tiktoken(
    path: str | Path,
    *,
    encoding: str | None = None,
    pattern: str | None = None,
    special_tokens: dict[str, int] | None = None,
) -> Tokenizer:
    """A tokenizer from a rank file, as tiktoken would build it.

    ``encoding`` names the definition to use (``o200k_harmony`` for the o200k file, say);
    without it the file is recognised by name or hash. An unknown file needs ``pattern``.
    """
    ranks, digest = read_ranks(path)
    sidecar = Path(str(path) + ".json")
    if encoding is None and pattern is None and sidecar.is_file():
        # Written by BPE Lens's export: the pattern and special tokens beside the ranks.
        try:
            definition = json.loads(sidecar.read_text(encoding="utf-8"))
            pattern = str(definition["pat_str"])
            special_tokens = {**dict(definition.get("special_tokens") or {}),
                              **(special_tokens or {})}
        except (OSError, ValueError, KeyError, TypeError):
            raise TokenizerFileError(str(sidecar), "expected {\"pat_str\": …, "
                                     "\"special_tokens\": {…}}") from None
    chosen: TiktokenPreset | None = None
    if encoding is not None:
        chosen = preset(encoding)
        if chosen is None:
            raise TokenizerFileError(
                str(path), f"unknown encoding {encoding!r}; choose one of {', '.join(PRESETS)}"
            )
    elif pattern is None:
        chosen = identify(path, digest)
        if chosen is None:
            raise TokenizerFileError(
                str(path),
                "unknown rank file (neither its name nor its SHA-256 is a known encoding): "
                f"name the encoding with encoding=NAME ({', '.join(PRESETS)}) or give a "
                "pre-tokenizer regex with pattern=REGEX",
                fixes={"cli": {"encoding=NAME": "--encoding NAME",
                               "pattern=REGEX": "--pattern REGEX"}},
            )
    try:
        model = TiktokenModel(ranks, name=chosen.name if chosen else Path(path).stem)
    except ValueError as exc:
        raise TokenizerFileError(str(path), str(exc)) from None
    model.cache_source = Path(path)
    specials = dict(chosen.special_tokens) if chosen else {}
    if special_tokens:
        specials.update(special_tokens)
    pre = RegexPreTokenizer(pattern or (chosen.pattern if chosen else ""))
    name = chosen.name if chosen else Path(path).stem
    tokenizer = Tokenizer(model, pretokenizer=pre, special_tokens=specials, name=name)
    tokenizer.source = {"format": "tiktoken", "path": str(path), "sha256": digest,
                        "encoding": chosen.name if chosen else None}
    return tokenizer


def rank_lines(ranks: dict[bytes, int]) -> bytes:
    """A rank file's content, sorted by rank."""
    return b"".join(
        base64.b64encode(token) + b" " + str(rank).encode() + b"\n"
        for token, rank in sorted(ranks.items(), key=lambda item: item[1])
    )

