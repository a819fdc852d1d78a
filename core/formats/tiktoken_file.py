"""`.tiktoken` rank files: one ``base64(token bytes) rank`` per line.

A rank file carries neither a pre-tokenizer pattern nor special tokens; they come from the
encoding it belongs to (recognised by its content's SHA-256, or named by the user) or from
the user directly.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

from bpelens.core.messages import Message

from ..errors import BpeLensError, ConfigError, TokenizerFileError, UnknownRankFileError
from ..fast import disk_cache
from ..models.base import MAX_TOKEN_ID
from ..models.tiktoken_ranks import TiktokenModel
from ..pipeline.origin import Origin
from ..pipeline.pre_tokenizers.base import RegexPreTokenizer
from ..pipeline.tokenizer import Tokenizer
from .file_io import parse_json_file, read_file
from .json_fields import Fields, check_integer, check_string
from .remote_code import UnreadableModule, remote_code_beside
from .tiktoken_presets import BY_SHA256, PRESETS, TiktokenPreset, preset

# A rank file bigger than this is not one (o200k's is 3.6 MB): read nothing past it.
MAX_RANK_FILE_BYTES = 256 << 20


def read_ranks(path: str | Path) -> tuple[dict[bytes, int], str]:
    """The ranks and the file's SHA-256; a malformed line is named by number."""
    path = Path(path)
    data = _read_rank_file(path)
    digest = disk_cache.content_digest(data)
    cached = disk_cache.load("tiktoken", digest)
    if isinstance(cached, dict) and cached and _plausible_ranks(cached):
        return cached, digest
    ranks = _parse_ranks(path, data)
    disk_cache.store("tiktoken", digest, ranks)
    return ranks, digest


def _plausible_ranks(ranks: dict) -> bool:
    """A cache entry that is a dict of bytes to ints, and valid (a damaged entry is parsed
    again, never trusted)."""
    return (set(map(type, ranks)) == {bytes} and set(map(type, ranks.values())) == {int}
            and _valid_ranks(ranks))


def _valid_ranks(ranks: dict[bytes, int]) -> bool:
    """Distinct ranks from 0 to MAX_TOKEN_ID (an empty token at most once: Whisper's files
    hold one, written ``=``, which tiktoken reads as no bytes)."""
    values = ranks.values()
    return (bool(ranks) and min(values) >= 0 and max(values) <= MAX_TOKEN_ID
            and len(set(values)) == len(ranks))


def _strict_base64(field: bytes) -> bytes:
    # "=" alone is how tiktoken writes an empty token; anything else must be strict base64.
    return b"" if field == b"=" else binascii.a2b_base64(field, strict_mode=True)


def _read_rank_file(path: Path) -> bytes:
    return read_file(path, limit=MAX_RANK_FILE_BYTES)




def _parse_ranks(path: Path, data: bytes) -> dict[bytes, int]:
    """Every line ``base64 rank``, as tiktoken writes them — and checked as tiktoken does
    not: strict base64 (tiktoken reads ``!!!!`` as an empty token), no token or rank twice,
    ranks from 0 to MAX_TOKEN_ID, no empty token."""
    parts = data.split()
    try:
        if len(parts) % 2 or not parts:
            raise ValueError
        ranks = dict(zip(map(_strict_base64, parts[0::2]), map(int, parts[1::2]), strict=True))
    except (ValueError, binascii.Error):
        raise TokenizerFileError(str(path), _first_bad_line(data)) from None
    if len(ranks) * 2 != len(parts) or not _valid_ranks(ranks):  # a token twice, say
        raise TokenizerFileError(str(path), _first_bad_line(data))
    return ranks


def _first_bad_line(data: bytes) -> Message:
    if not data.strip():
        return Message("empty; a rank file has one 'base64-token rank' per line")
    tokens: dict[bytes, int] = {}
    ranks: dict[int, int] = {}
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        fields = line.split()
        if len(fields) != 2:
            return Message("line {number}: expected 'base64-token rank', got {count} fields",
                           number=number, count=len(fields))
        try:
            token = _strict_base64(fields[0])
        except (ValueError, binascii.Error):
            return Message("line {number}: {token!r} is not base64", number=number,
                           token=fields[0][:40].decode("ascii", "replace"))
        try:
            rank = int(fields[1])
        except ValueError:
            return Message("line {number}: the rank {rank!r} is not a whole number",
                           number=number, rank=fields[1][:20].decode("ascii", "replace"))
        if not 0 <= rank <= MAX_TOKEN_ID:
            return Message("line {number}: rank {rank} is not from 0 to {largest:,}",
                           number=number, rank=rank, largest=MAX_TOKEN_ID)
        if token in tokens:
            return Message("line {number}: token {token} appears twice (first on line {first})",
                           number=number, token=fields[0].decode("ascii", "replace"),
                           first=tokens[token])
        if rank in ranks:
            return Message("line {number}: rank {rank} appears twice (first on line {first})",
                           number=number, rank=rank, first=ranks[rank])
        tokens[token] = number
        ranks[rank] = number
    return Message("not a tiktoken rank file")


def identify(path: str | Path, digest: str) -> TiktokenPreset | None:
    """The encoding a rank file is, by its content (SHA-256). A file named like an encoding
    whose content is another is refused: its ids would silently differ."""
    name = BY_SHA256.get(digest)
    if name is not None:
        return PRESETS[name]
    named = preset(Path(path).name.removesuffix(".tiktoken"))
    if named is not None:
        raise TokenizerFileError(
            str(path), Message("is named like {name}, but its content is not OpenAI's {name} ranks "
                               "(SHA-256 {digest}…, expected {ranks_sha256}…); its ids would "
                               "differ. To use it with {name}'s pattern and special tokens anyway, "
                               "name the encoding with encoding=NAME", name=named.name,
                               digest=digest[:12], ranks_sha256=named.ranks_sha256[:12]),
            fixes={"cli": {"encoding=NAME": f"--encoding {named.name}"}})
    return None


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
    from_sidecar_pattern = False
    if encoding is None and pattern is None and sidecar.is_file():
        from_sidecar_pattern = True
        # Written by BPE Lens's export: the pattern and special tokens beside the ranks.
        pattern, from_sidecar = _read_sidecar(sidecar)
        special_tokens = {**from_sidecar, **(special_tokens or {})}
    chosen: TiktokenPreset | None = None
    notes: list[str] = []
    remote = None
    if encoding is None and pattern is None:
        # A model folder whose tokenizer is Python code beside the ranks (Kimi K2).
        try:
            remote = remote_code_beside(Path(path), len(ranks))
        except UnreadableModule as exc:  # opened the other ways, with the reason said
            notes.append(exc.message)
        if remote is not None:
            pattern = remote.pattern
            special_tokens = {**remote.special_tokens, **(special_tokens or {})}
            notes.append(Message("the pattern and special tokens are those of {cls} in {file} "
                                 "(read, never run) and tokenizer_config.json",
                                 cls=remote.class_name, file=remote.module.name))
    if encoding is not None:
        chosen = preset(encoding)
        if chosen is None:
            raise TokenizerFileError(
                str(path), Message("unknown encoding {encoding!r}; choose one of {presets}",
                                   encoding=encoding, presets=', '.join(PRESETS))
            )
        actual = BY_SHA256.get(digest)
        if actual is not None and chosen.ranks_sha256 != digest:
            raise TokenizerFileError(
                str(path), Message("holds the {actual} ranks (by its SHA-256), not {name}'s; open "
                                   "it without encoding=NAME, or give {name}'s rank file",
                                   actual=actual, name=chosen.name),
                fixes={"cli": {"encoding=NAME": "--encoding"}})
        if actual is None:
            notes.append(Message("{file} is not OpenAI's {name} rank file (its SHA-256 "
                                 "differs); {name}'s pattern and special tokens are used with "
                                 "its ranks, as asked", file=Path(path).name, name=chosen.name))
    elif pattern is None:
        chosen = identify(path, digest)
        if chosen is None:
            raise UnknownRankFileError(
                str(path),
                Message("unknown rank file (neither its name nor its SHA-256 is a known encoding): "
                        "name the encoding with encoding=NAME ({presets}) or give a pre-tokenizer "
                        "regex with pattern=REGEX", presets=', '.join(PRESETS)),
                fixes={"cli": {"encoding=NAME": "--encoding NAME",
                               "pattern=REGEX": "--pattern REGEX"},
                       "gui": {"encoding=NAME": Message("the dialog that opens"),
                               "pattern=REGEX": Message("the dialog that opens")}},
            )
    try:
        model = TiktokenModel(ranks, name=chosen.name if chosen else Path(path).stem)
    except BpeLensError as exc:
        raise TokenizerFileError(str(path), exc.message) from None
    model.cache_digest = digest
    specials = dict(chosen.special_tokens) if chosen else {}
    if special_tokens:
        specials.update(special_tokens)
    try:
        pre = RegexPreTokenizer(pattern or (chosen.pattern if chosen else ""))
    except ConfigError as exc:
        # Whose pattern: the sidecar's pat_str, or the one given with the file.
        if from_sidecar_pattern or remote is not None:
            where = remote.module if remote is not None else sidecar
            raise TokenizerFileError(str(where), Message("pat_str: {problem}",
                                                         problem=exc.message)) from None
        raise TokenizerFileError(str(path), Message("pattern=REGEX: {problem}",
                                                    problem=exc.message),
                                 fixes={"cli": {"pattern=REGEX": "--pattern"}}) from None
    name = chosen.name if chosen else (Path(path).resolve().parent.name if remote is not None
                                       else Path(path).stem)
    tokenizer = Tokenizer(model, pretokenizer=pre, special_tokens=specials, name=name)
    tokenizer.source = Origin("tiktoken", str(path), sha256=digest,
                              encoding=chosen.name if chosen else None)
    tokenizer.load_notes.extend(notes)
    return tokenizer


def _read_sidecar(sidecar: Path) -> tuple[str, dict[str, int]]:
    """``{"pat_str": …, "special_tokens": {…}}`` beside an exported rank file."""
    try:
        fields = Fields(parse_json_file(sidecar), "(top level)")
        pattern = fields.string("pat_str")
        specials = fields.mapping("special_tokens") if fields.has("special_tokens") else {}
        for name, tid in specials.items():
            check_string(name, "special_tokens")
            check_integer(tid, f"special_tokens[{name!r}]", limit=MAX_TOKEN_ID + 1)
    except ConfigError as exc:
        raise TokenizerFileError(str(sidecar), exc.message) from None
    return pattern, specials


def rank_lines(ranks: dict[bytes, int]) -> bytes:
    """A rank file's content, sorted by rank."""
    return b"".join(
        base64.b64encode(token) + b" " + str(rank).encode() + b"\n"
        for token, rank in sorted(ranks.items(), key=lambda item: item[1])
    )

