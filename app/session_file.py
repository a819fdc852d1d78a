"""A saved session (`.bpelens`): the texts prepared for a talk, the tokenizer (by its path or
bundled name), the view on screen and where each view stood — the playback's order and step,
the comparison's corpus, tokenizers, languages, reference and page. JSON, written atomically,
read back exactly; a bad file is named with the field that is wrong and what would be valid.

Tokenizers are kept as paths, not copies: a session whose tokenizer file has moved is opened
with everything else, and the window asks where the file is now."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from bpelens.core import ConfigError, json_reason, write_atomic

FORMAT = "bpelens-session"
VERSION = 1
SUFFIX = ".bpelens"
MAX_BYTES = 64 * 1024 * 1024  # texts for a talk, not a corpus: checked before reading
VIEWS = ("layers", "playback", "training", "compare", "studio", "debug")


@dataclass(frozen=True)
class TokenizerRef:
    kind: str  # "demo" or "path"
    key: str  # a bundled demo's name, or a file or folder path
    encoding: str | None = None  # a tiktoken rank file's encoding


@dataclass(frozen=True)
class CompareState:
    corpus: str  # "demo" or a path
    tokenizers: tuple[TokenizerRef, ...] = ()
    languages: tuple[str, ...] = ()  # ticked; () for the tab's default
    reference: str | None = None
    page: str | None = None


@dataclass(frozen=True)
class SessionFile:
    texts: tuple[str, ...]  # the prepared texts; the one in the box is ``current``
    current: int = 0
    tokenizer: TokenizerRef | None = None
    view: str = "layers"
    playback_order: str = "text"  # "text" (whole-text steps) or "piece"
    playback_step: int = 0
    compare: CompareState | None = None
    options: dict[str, bool] = field(default_factory=dict)  # the View menu's toggles

    @property
    def text(self) -> str:
        return self.texts[self.current]

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["texts"] = list(self.texts)
        return {"format": FORMAT, "version": VERSION, **data}


def save_session(session: SessionFile, path: str | Path) -> Path:
    path = Path(path)
    if path.suffix != SUFFIX:
        path = path.with_name(path.name + SUFFIX)
    write_atomic(path, (json.dumps(session.to_json(), ensure_ascii=False, indent=1) + "\n")
                 .encode("utf-8"))
    return path


def read_session(path: str | Path) -> SessionFile:
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ConfigError(f"{path}: cannot open the session ({exc.strerror or exc})") from None
    if size > MAX_BYTES:
        raise ConfigError(f"{path}: {size:,} bytes is too big for a session (at most "
                          f"{MAX_BYTES:,})")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not UTF-8 (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{path}: not a BPE Lens session (JSON error at line {exc.lineno}, "
                          f"column {exc.colno}: {json_reason(exc)})") from None
    return session_from_json(data, str(path))


def session_from_json(data: Any, where: str = "session") -> SessionFile:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ConfigError(f"{where}: not a BPE Lens session (\"format\" must be \"{FORMAT}\")")
    if data.get("version") != VERSION:
        raise ConfigError(f"{where}: version {data.get('version')!r}; this BPE Lens reads "
                          f"version {VERSION}")
    texts = data.get("texts")
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise ConfigError(f"{where}: \"texts\" must be a list of one or more strings")
    current = _int(data.get("current", 0), f"{where}: \"current\"", 0, len(texts) - 1)
    view = data.get("view", "layers")
    if view not in VIEWS:
        raise ConfigError(f"{where}: \"view\" is {view!r}; one of {', '.join(VIEWS)}")
    order = data.get("playback_order", "text")
    if order not in ("text", "piece"):
        raise ConfigError(f"{where}: \"playback_order\" is {order!r}; \"text\" or \"piece\"")
    step = _int(data.get("playback_step", 0), f"{where}: \"playback_step\"", 0, None)
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, bool) for v in options.values()):
        raise ConfigError(f"{where}: \"options\" must map names to true or false")
    tokenizer = data.get("tokenizer")
    compare = data.get("compare")
    return SessionFile(
        tuple(texts), current,
        None if tokenizer is None else _tokenizer(tokenizer, f"{where}: \"tokenizer\""),
        view, order, step, None if compare is None else _compare(compare, where),
        {str(k): v for k, v in options.items()})


def _int(value: Any, what: str, low: int, high: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (
            high is not None and value > high):
        span = f"{low} to {high}" if high is not None else f"{low} or more"
        raise ConfigError(f"{what} is {value!r}; a whole number, {span}")
    return value


def _tokenizer(value: Any, what: str) -> TokenizerRef:
    if not isinstance(value, dict) or value.get("kind") not in ("demo", "path") or not \
            isinstance(value.get("key"), str) or not value["key"]:
        raise ConfigError(f"{what} must be {{\"kind\": \"demo\" or \"path\", \"key\": NAME or "
                          "PATH}")
    encoding = value.get("encoding")
    if encoding is not None and not isinstance(encoding, str):
        raise ConfigError(f"{what}: \"encoding\" must be a name or null")
    return TokenizerRef(value["kind"], value["key"], encoding)


def _compare(value: Any, where: str) -> CompareState:
    what = f"{where}: \"compare\""
    if not isinstance(value, dict) or not isinstance(value.get("corpus"), str):
        raise ConfigError(f"{what} must hold \"corpus\": \"demo\" or a path")
    tokenizers = value.get("tokenizers", [])
    languages = value.get("languages", [])
    if not isinstance(tokenizers, list) or not isinstance(languages, list) or not all(
            isinstance(x, str) for x in languages):
        raise ConfigError(f"{what}: \"tokenizers\" and \"languages\" must be lists")
    reference, page = value.get("reference"), value.get("page")
    for name, item in (("reference", reference), ("page", page)):
        if item is not None and not isinstance(item, str):
            raise ConfigError(f"{what}: \"{name}\" must be a string or null")
    return CompareState(value["corpus"], tuple(
        _tokenizer(t, f"{what}: tokenizer {i + 1}") for i, t in enumerate(tokenizers)),
        tuple(languages), reference, page)
