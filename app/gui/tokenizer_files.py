"""Which files are tokenizers, how the open dialog lists them, loading a picker choice, and
reading a text file."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP

from bpelens.app.demo_data import load_demo
from bpelens.core import BpeLensError, Tokenizer, open_tokenizer

from .i18n import translate
from .tokenizer_picker import Choice

DEFAULT_DEMO = "demo-multilingual-byte"
TOKENIZER_SUFFIXES = (".json", ".tiktoken", ".bpe", ".model", ".gguf")
TOKENIZER_NAMES = ("merges.txt", "vocab.bpe", "encoder.json")
# The open dialog's filter: every kind of file `open_tokenizer` reads (merges.txt for a
# vocab.json + merges.txt pair; a SentencePiece .model, Mistral's .model.v3; Meta's rank
# files are named .model too). Shown through tokenizer_filter().
TOKENIZER_FILTER = QT_TRANSLATE_NOOP("TokenizerFiles",
                                     "Tokenizers (*.json *.tiktoken *.gguf *.bpe *.model "
                                     "*.model.v* *.txt);;GGUF models (*.gguf);;"
                                     "SentencePiece and rank files (*.model *.model.v*);;"
                                     "All files (*)")
TEXT_FILTER = QT_TRANSLATE_NOOP("TokenizerFiles", "Text (*.txt *.md);;All files (*)")


def tokenizer_filter() -> str:
    """The open dialog's filter in the window's language (the patterns stay)."""
    return translate("TokenizerFiles", TOKENIZER_FILTER)


def text_filter() -> str:
    return translate("TokenizerFiles", TEXT_FILTER)


def looks_like_tokenizer(path: Path) -> bool:
    return (path.is_dir() or path.suffix in TOKENIZER_SUFFIXES or path.name in TOKENIZER_NAMES
            or ".model.v" in path.name)


def load_choice(choice: Choice) -> Tokenizer:
    if choice.kind == "demo":
        return load_demo(choice.key)
    return open_tokenizer(choice.key, encoding=choice.encoding, pattern=choice.pattern)


def path_choice(path: str, *, encoding: str | None = None) -> Choice:
    full = Path(path).expanduser()
    return Choice("path", str(full), encoding, label=file_label(full))


def demo_choice(name: str = DEFAULT_DEMO) -> Choice:
    return Choice("demo", name, label=name)


def file_label(path: Path) -> str:
    if path.name in ("tokenizer.json", "vocab.json", "merges.txt"):
        return f"{path.parent.name}/{path.name}"
    return path.name


class TextFileError(BpeLensError):
    """A text file that cannot be read, or is not UTF-8 (the message names it)."""


def read_text_file(path: str) -> str:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise TextFileError(translate("TokenizerFiles", "Cannot read {path}: {error}").format(
            path=path, error=exc.strerror)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TextFileError(translate(
            "TokenizerFiles", "{name} is not UTF-8 text (byte {position} is 0x{byte:02X}); the "
            "text was left as it is").format(name=Path(path).name, position=exc.start,
                                             byte=data[exc.start])) from None
