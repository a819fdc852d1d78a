"""The tokenizer picker: bundled demos, tokenizers found in the local caches, recent files.

Each entry's data is a :class:`Choice`; section titles are disabled entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QWidget

from bpelens.core import FoundTokenizer

from .fitting_combo import FittingComboBox


@dataclass(frozen=True, slots=True)
class Choice:
    kind: str  # "demo" | "path"
    key: str  # demo name or file/folder path
    encoding: str | None = None  # for tiktoken rank files
    label: str = ""
    pattern: str | None = None  # for a rank file no encoding is known for


class TokenizerPicker(FittingComboBox):
    """``choices_changed(choices)`` whenever the list is rebuilt (the comparison offers the
    same tokenizers)."""

    choices_changed = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, minimum_length=24)
        self._demos: list[str] = []
        self._found: list[FoundTokenizer] = []
        self._recent: list[str] = []
        self._opened: list[Choice] = []

    def choices(self) -> list[Choice]:
        out = []
        for row in range(self.count()):
            data = self.itemData(row)
            if isinstance(data, Choice):
                out.append(data)
        return out

    def current_choice(self) -> Choice | None:
        data = self.currentData()
        return data if isinstance(data, Choice) else None

    def set_sources(self, *, demos: list[str] | None = None,
                    found: list[FoundTokenizer] | None = None,
                    recent: list[str] | None = None) -> None:
        if demos is not None:
            self._demos = demos
        if found is not None:
            self._found = found
        if recent is not None:
            self._recent = recent
        self._rebuild()

    def add_opened(self, choice: Choice) -> None:
        """A tokenizer the user opened: listed (once) and selected, without a signal."""
        if choice not in self._opened:
            self._opened.append(choice)
        self._rebuild(select=choice)

    def select_choice(self, choice: Choice) -> bool:
        for row in range(self.count()):
            if self.itemData(row) == choice:
                self.setCurrentIndex(row)
                return True
        return False

    def _rebuild(self, select: Choice | None = None) -> None:
        current = select or self.current_choice()
        model = QStandardItemModel(self)
        sections: list[tuple[str, list[Choice]]] = [
            (self.tr("Bundled demos"), [Choice("demo", name, label=name)
                                        for name in self._demos]),
            (self.tr("Opened"), self._opened),
            (self.tr("Hugging Face cache"), [Choice("path", str(f.path), None, f.name)
                                             for f in self._found
                                             if f.origin == "huggingface-cache"]),
            (self.tr("tiktoken cache"), [Choice("path", str(f.path), f.encoding, f.name)
                                         for f in self._found if f.origin == "tiktoken-cache"]),
            (self.tr("Recent files"), [Choice("path", p, label=_short(p))
                                       for p in self._recent]),
        ]
        shown: set[tuple[str, str, str | None]] = set()
        for title, choices in sections:
            fresh = [c for c in choices if (c.kind, c.key, c.encoding) not in shown]
            if not fresh:
                continue
            header = QStandardItem(title)
            header.setEnabled(False)
            font = header.font()
            font.setBold(True)
            header.setFont(font)
            model.appendRow(header)
            for choice in fresh:
                shown.add((choice.kind, choice.key, choice.encoding))
                item = QStandardItem("   " + (choice.label or _short(choice.key)))
                item.setData(choice, Qt.ItemDataRole.UserRole)
                item.setToolTip(choice.key)
                model.appendRow(item)
        self.blockSignals(True)
        try:
            self.setModel(model)
            if current is None or not self.select_choice(current):
                for row in range(self.count()):
                    if isinstance(self.itemData(row), Choice):
                        self.setCurrentIndex(row)
                        break
        finally:
            self.blockSignals(False)
        self.choices_changed.emit(self.choices())


def _short(path: str) -> str:
    p = Path(path)
    if p.name in ("tokenizer.json", "vocab.json", "merges.txt", "encoder.json", "vocab.bpe"):
        return f"{p.parent.name}/{p.name}"
    return p.name or path
