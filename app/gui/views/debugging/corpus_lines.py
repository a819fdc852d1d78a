"""The corpus the Churn and Residues pages read: the bundled demo corpus, a parallel corpus
(file or folder) or a text file of one text per line, chosen in a box and read off the GUI
thread."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from ....parallel_corpora import DEMO_CORPUS, open_corpus
from ...fitting_combo import FittingComboBox
from ...i18n import translate
from ...language_labels import corpus_label, language_label
from ..corpus_choice import (
    OPEN_FILE,
    OPEN_FOLDER,
    add_recent_and_open_items,
    corpus_for,
    demo_label,
)

OPEN_TEXT = "open-text"  # the corpus box's "a text file, one text per line" entry
TEXT_PREFIX = "text:"  # a text file's entry: its lines have no language


@dataclass
class CorpusLines:
    """A corpus's texts read off the GUI thread: per language (``by_language``) or plain,
    each language's label in the window's language."""

    name: str
    by_language: dict[str, list[str]] | None = None
    plain: list[str] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)

    def measured(self) -> dict[str, list[str]] | list[str]:
        return self.by_language if self.by_language is not None else self.plain

    def all_lines(self) -> list[str]:
        if self.by_language is None:
            return self.plain
        return [text for texts in self.by_language.values() for text in texts]

    def count(self) -> int:
        return len(self.all_lines())


def read_corpus(spec: str, limit: int | None, *, aligned: bool = True) -> CorpusLines:
    """The corpus ``spec`` (demo, a parallel corpus's path, or ``text:`` and a text file's
    path), at most ``limit`` texts per language. ``aligned``: the sentences every language
    has (the languages compared on the same sentences); otherwise each language's own."""
    if spec.startswith(TEXT_PREFIX):
        path = spec.removeprefix(TEXT_PREFIX)
        return CorpusLines(Path(path).name, plain=text_lines(path, limit))
    corpus = open_corpus(spec)
    if aligned:
        rows = corpus.shared_rows(corpus.languages)[:limit]
        texts = {code: corpus.sentences(code, rows) for code in corpus.languages}
    else:
        texts = {code: [t for t in corpus.texts[code] if t is not None][:limit]
                 for code in corpus.languages}
    labels = {code: language_label(corpus.language_name(code), code)
              for code in corpus.languages}
    return CorpusLines(corpus_label(corpus.name), by_language=texts, labels=labels)


def text_lines(path: str, limit: int | None) -> list[str]:
    """A UTF-8 file's non-blank lines, at most ``limit``, read line by line (a large file is
    never held whole)."""
    name = Path(path).name
    try:
        with open(Path(path).expanduser(), encoding="utf-8") as handle:
            kept = (line.rstrip("\r\n") for line in handle)
            return list(islice((line for line in kept if line.strip()), limit))
    except UnicodeDecodeError:
        raise ValueError(translate("CorpusLines", "{name}: not UTF-8 text; save it as "
                                   "UTF-8").format(name=name)) from None
    except OSError as exc:
        raise ValueError(translate("CorpusLines", "{name}: cannot read it ({reason})").format(
            name=name, reason=exc.strerror or exc)) from None


class CorpusBox(FittingComboBox):
    """The bundled demo corpus, the corpora and text files chosen, and the entries that open
    them. ``spec()``: what :func:`read_corpus` takes."""

    def __init__(self) -> None:
        super().__init__(minimum_length=18)
        self.addItem(demo_label(), DEMO_CORPUS)
        add_recent_and_open_items(self, [])
        self.addItem(self.tr("Open a text file, one text per line…"), OPEN_TEXT)
        self._chosen = 0
        self.activated.connect(self._on_activated)

    def spec(self) -> str:
        return self.itemData(self._chosen)

    def add_source(self, path: str, *, text: bool = False) -> None:
        """A corpus (or, ``text``, a text file) chosen, and in use."""
        data = TEXT_PREFIX + path if text else path
        found = self.findData(data)
        if found < 0:
            found = 1  # after the demo, before the older choices
            self.insertItem(found, Path(path).name or path, data)
            self.setItemData(found, path, Qt.ItemDataRole.ToolTipRole)
        self._chosen = found
        self.setCurrentIndex(found)

    def _on_activated(self, index: int) -> None:
        data = self.itemData(index)
        if data == OPEN_TEXT:
            path, _ = QFileDialog.getOpenFileName(
                self, self.tr("A text file, one text per line"), "",
                self.tr("Text (*.txt);;All files (*)"))
            chosen = (path, True)
        elif data in (OPEN_FILE, OPEN_FOLDER):
            chosen = (corpus_for(self, data), False)
        else:
            self._chosen = index
            return
        if chosen[0]:
            self.add_source(chosen[0], text=chosen[1])
        else:
            self.setCurrentIndex(self._chosen)
