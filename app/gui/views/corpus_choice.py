"""The corpus box's entries the comparison and the training studio share: the recent corpora,
"open a file", "open a folder", and what choosing one of them asks the user."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

CORPUS_FILTER = ("Parallel corpora (*.tsv *.jsonl *.tar.gz *.tgz *.tar.xz *.txz);;"
                 "All files (*)")
OPEN_FILE, OPEN_FOLDER = "open-file", "open-folder"


def add_recent_and_open_items(box: QComboBox, recent: list[str]) -> None:
    """The recent corpora (the full path as a tooltip), then the two "open…" entries."""
    for path in recent:
        box.addItem(Path(path).name or path, path)
        box.setItemData(box.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
    box.addItem("Open a corpus file (TSV, JSONL, archive)…", OPEN_FILE)
    box.addItem("Open a folder of line-aligned files…", OPEN_FOLDER)


def corpus_for(parent: QWidget, data: str) -> str:
    """The corpus an entry stands for: asked in a dialog for the "open…" entries ("" when
    the user cancels), the entry's own spec otherwise."""
    if data == OPEN_FILE:
        path, _ = QFileDialog.getOpenFileName(parent, "Open a parallel corpus", "",
                                              CORPUS_FILTER)
        return path
    if data == OPEN_FOLDER:
        return QFileDialog.getExistingDirectory(parent, "Open a folder of line-aligned files")
    return data
