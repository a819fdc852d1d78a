"""The vocabulary as a place to look things up: by id, text, regex or bytes."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    LOOKUP_MODES,
    BpeLensError,
    Tokenizer,
    find_tokens,
    token_facts,
)

from ... import style
from .common import audit_line, label_of, tree_lines


class LookupPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.query = QLineEdit()
        self.query.setPlaceholderText("an id, a text, /regex/, or 0x hex bytes")
        self.mode = QComboBox()
        for mode in LOOKUP_MODES:
            self.mode.addItem(mode, mode)
        self.corpus = QPlainTextEdit()
        self.corpus.setPlaceholderText("Texts to search for the token (one per line)")
        self.corpus.setMaximumHeight(90)
        self.results = QTableWidget(0, 3)
        self.results.setHorizontalHeaderLabels(["id", "token", "text"])
        self.results.verticalHeader().hide()
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.results.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.problem = QLabel()
        self.problem.setStyleSheet(style.ERROR_TEXT)
        row = QHBoxLayout()
        row.addWidget(self.query, 1)
        row.addWidget(self.mode)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.results)
        split.addWidget(self.details)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        layout.addWidget(self.corpus)
        layout.addWidget(split, 1)
        self.query.returnPressed.connect(self.search)
        self.results.currentCellChanged.connect(lambda r, *_: self._show(r))

    def search(self) -> None:
        if self.tokenizer is None:
            return
        try:
            found = find_tokens(self.tokenizer, self.query.text(), self.mode.currentData())
        except BpeLensError as exc:
            self.problem.setText(str(exc))
            return
        self.problem.clear()
        self.results.setRowCount(len(found))
        for row, tid in enumerate(found):
            for col, text in enumerate((str(tid), label_of(self.tokenizer, tid),
                                        self.tokenizer.decode([tid], errors="replace"))):
                self.results.setItem(row, col, QTableWidgetItem(text))
        if found:
            self.results.setCurrentCell(0, 0)

    def _show(self, row: int) -> None:
        if self.tokenizer is None or row < 0 or self.results.item(row, 0) is None:
            return
        tid = int(self.results.item(row, 0).text())
        texts = [t for t in self.corpus.toPlainText().splitlines() if t]
        facts = token_facts(self.tokenizer, tid, texts)
        lines = [f"id {tid}: {facts.label!r} — text {facts.text!r}",
                 f"bytes {facts.data.hex(' ')}, kind {facts.kind}, rank {facts.rank}",
                 audit_line(self.tokenizer, facts.audit),
                 "derivation:", *tree_lines(self.tokenizer, facts.tree, 1)]
        if texts:
            used = [texts[i] for i in facts.used_in]
            lines.append(f"used in {len(used)} of {len(texts)} texts:")
            lines.extend(f"  {t}" for t in used[:50])
        self.details.setPlainText("\n".join(lines))
