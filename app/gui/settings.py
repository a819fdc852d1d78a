"""Where the app keeps what must survive a restart: the text, the tokenizer, recent files,
view options. An INI file in the user's config folder (``BPELENS_CONFIG_DIR`` moves it —
the tests do)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths

RECENT_LIMIT = 10


def settings_path() -> Path:
    folder = os.environ.get("BPELENS_CONFIG_DIR") or QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.AppConfigLocation) or str(Path.home() / ".config")
    return Path(folder) / "bpelens.ini"


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
    """Written to a temporary file first, then moved: a crash never leaves half a text."""
    path = text_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".text-", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except OSError:
        Path(tmp).unlink(missing_ok=True)
        raise


def recent_tokenizers(settings: QSettings) -> list[str]:
    value = settings.value("tokenizers/recent", [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in value or [] if v]


def remember_tokenizer(settings: QSettings, path: str) -> list[str]:
    recent = [path, *(p for p in recent_tokenizers(settings) if p != path)][:RECENT_LIMIT]
    settings.setValue("tokenizers/recent", recent)
    return recent
