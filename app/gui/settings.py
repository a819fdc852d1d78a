"""Where the app keeps what must survive a restart: the text, the tokenizer, recent files,
view options. An INI file in the user's config folder (``BPELENS_CONFIG_DIR`` moves it —
the tests do)."""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

from bpelens.core import encoded, write_atomic

RECENT_LIMIT = 10


@dataclass(frozen=True, slots=True)
class ViewOptions:
    """How the views draw tokens; each field is kept under ``view/<name>`` (defaults here)."""

    ids: bool = True  # ids under the chips
    alternating: bool = False  # two alternating colours instead of one per id
    spelling: bool = False  # the vocabulary's spelling (Ġ, ▁, ##) instead of the text

    @classmethod
    def load(cls, settings: QSettings) -> ViewOptions:
        values = {f.name: _as_bool(settings.value(f"view/{f.name}", f.default), f.default)
                  for f in fields(cls)}
        return cls(**values)

    def save(self, settings: QSettings) -> None:
        for f in fields(self):
            settings.setValue(f"view/{f.name}", getattr(self, f.name))

    def with_(self, **changes: bool) -> ViewOptions:
        return replace(self, **changes)


def _as_bool(value: object, default: object) -> bool:
    # An INI file gives back "true"/"false" strings; anything else keeps the default.
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    return True if text == "true" else False if text == "false" else bool(default)


def settings_path() -> Path:
    folder = os.environ.get("BPELENS_CONFIG_DIR") or QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.AppConfigLocation) or str(Path.home() / ".config")
    return Path(folder) / "bpelens.ini"


def runs_folder(settings: QSettings) -> Path:
    """Where the training studio saves its runs: beside the settings file."""
    return Path(settings.fileName()).parent / "bpelens-runs"


def app_settings() -> QSettings:
    return QSettings(str(settings_path()), QSettings.Format.IniFormat)


def text_path(settings: QSettings) -> Path:
    """The editor's text lives beside the settings file, as plain UTF-8 (an INI value would
    escape every non-ASCII character: slow and unreadable for a megabyte of text)."""
    return Path(settings.fileName()).with_name("bpelens-text.txt")


def load_saved_text(settings: QSettings) -> str | None:
    try:
        return text_path(settings).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def save_text(settings: QSettings, text: str) -> None:
    """Keep the text for next time (see :func:`write_text`)."""
    write_text(text_path(settings), text)


def write_text(path: Path, text: str) -> None:
    """Written whole or not at all (a temporary file, then renamed: a crash never leaves half
    a text), with the permissions the user's umask gives a new file, through a symbolic link
    to wherever it points. Raises the engine's file error, which names the file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, encoded(text))


def _recent(settings: QSettings, key: str) -> list[str]:
    value = settings.value(key, [])
    if isinstance(value, str):  # an INI list of one comes back as a string
        value = [value]
    return [str(v) for v in value or [] if v]


def _remember(settings: QSettings, key: str, path: str) -> list[str]:
    recent = [path, *(p for p in _recent(settings, key) if p != path)][:RECENT_LIMIT]
    settings.setValue(key, recent)
    return recent


def recent_tokenizers(settings: QSettings) -> list[str]:
    return _recent(settings, "tokenizers/recent")


def remember_tokenizer(settings: QSettings, path: str) -> list[str]:
    return _remember(settings, "tokenizers/recent", path)


def current_tokenizer(settings: QSettings
                      ) -> tuple[str, str, str | None, str | None] | None:
    """(kind, key, encoding, pattern) of the tokenizer shown last, as saved; None if nothing
    usable (settings of earlier versions have no pattern)."""
    saved = settings.value("tokenizers/current")
    if not isinstance(saved, list) or len(saved) not in (3, 4):
        return None
    kind, key, encoding, *rest = (str(v) for v in saved)
    return kind, key, encoding or None, (rest[0] if rest else "") or None


def remember_current_tokenizer(settings: QSettings, kind: str, key: str,
                               encoding: str | None, pattern: str | None = None) -> None:
    settings.setValue("tokenizers/current", [kind, key, encoding or "", pattern or ""])


JOBS_KEY = "compare/jobs"
MAX_JOBS = 64


def corpus_jobs(settings: QSettings) -> int:
    """Worker processes for corpus work as last chosen: 0 (one per core) unless set."""
    try:
        value = int(str(settings.value(JOBS_KEY, 0)))
    except ValueError:
        return 0  # a hand-edited file: the default, not a crash
    return min(max(0, value), MAX_JOBS)


def recent_corpora(settings: QSettings) -> list[str]:
    return _recent(settings, "compare/recent_corpora")


def remember_corpus(settings: QSettings, path: str) -> list[str]:
    return _remember(settings, "compare/recent_corpora", path)
