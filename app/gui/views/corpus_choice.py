"""The corpus box's entries the comparison and the training studio share: the recent corpora,
"open a file", "open a folder", and what choosing one of them asks the user."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

from ...parallel_corpora import DEMO_LABEL
from ..i18n import translate

CORPUS_FILTER = QT_TRANSLATE_NOOP("CorpusChoice",
                                  "Parallel corpora (*.tsv *.jsonl *.tar.gz *.tgz *.tar.xz "
                                  "*.txz);;All files (*)")
OPEN_FILE, OPEN_FOLDER = "open-file", "open-folder"
# parallel_corpora.DEMO_LABEL, listed for lupdate (tests/test_i18n.py checks they agree).
QT_TRANSLATE_NOOP("CorpusChoice", "Bundled demo: 20 sentences in 12 languages")


def demo_label() -> str:
    """The bundled demo corpus's entry, in the window's language."""
    return translate("CorpusChoice", DEMO_LABEL)


def add_recent_and_open_items(box: QComboBox, recent: list[str]) -> None:
    """The recent corpora (the full path as a tooltip), then the two "open…" entries."""
    for path in recent:
        box.addItem(Path(path).name or path, path)
        box.setItemData(box.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
    box.addItem(translate("CorpusChoice", "Open a corpus file (TSV, JSONL, archive)…"), OPEN_FILE)
    box.addItem(translate("CorpusChoice", "Open a folder of line-aligned files…"), OPEN_FOLDER)


def corpus_for(parent: QWidget, data: str) -> str:
    """The corpus an entry stands for: asked in a dialog for the "open…" entries ("" when
    the user cancels), the entry's own spec otherwise."""
    if data == OPEN_FILE:
        path, _ = QFileDialog.getOpenFileName(
            parent, translate("CorpusChoice", "Open a parallel corpus"), "",
            translate("CorpusChoice", CORPUS_FILTER))
        return path
    if data == OPEN_FOLDER:
        return QFileDialog.getExistingDirectory(
            parent, translate("CorpusChoice", "Open a folder of line-aligned files"))
    return data
