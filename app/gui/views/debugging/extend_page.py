"""Continued training: new merges learned on a new corpus on top of the tokenizer in the main
view, every existing id kept; each language's tokens before and after, the merges learned,
and the result opened, compared (the comparison tab) or saved."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import Tokenizer, extend_refusal, isolated, localize

from ....parallel_corpora import DEMO_CORPUS, demo_corpus
from ....tokenizer_extension import LANGUAGE_SOURCE, ExtendOutcome, ExtendPlan
from ... import style
from ...fitting_combo import FittingComboBox
from ...language_labels import corpus_label, language_label
from ...zoom import zoom_tree
from .common import muted

TEXT_FILE = "file"  # the corpus box's "text file…" entry


class ExtendPage(QWidget):
    """``open_requested(path)``, ``compare_requested(paths, corpus)``: the extended
    tokenizer in the main view, or beside the current one in the comparison tab."""

    open_requested = Signal(str)
    compare_requested = Signal(list, str)
    run_requested = Signal(object)  # an ExtendPlan

    HEADERS = (QT_TRANSLATE_NOOP("ExtendPage", "language"),
               QT_TRANSLATE_NOOP("ExtendPage", "sentences"),
               QT_TRANSLATE_NOOP("ExtendPage", "tokens before"),
               QT_TRANSLATE_NOOP("ExtendPage", "after"), QT_TRANSLATE_NOOP("ExtendPage", "change"))

    def __init__(self) -> None:
        super().__init__()
        self.outcome: ExtendOutcome | None = None
        self.source_box = FittingComboBox(minimum_length=20)
        corpus = demo_corpus()
        for language in corpus.languages:
            self.source_box.addItem(self.tr("{language} — bundled demo corpus").format(
                language=language_label(corpus.language_name(language), language)),
                LANGUAGE_SOURCE + language)
        self.source_box.addItem(self.tr("Text file…"), TEXT_FILE)
        self.source_box.setCurrentIndex(max(0, self.source_box.findData(LANGUAGE_SOURCE + "ja")))
        self.add = QSpinBox()
        self.add.setRange(1, 1_000_000)
        self.add.setValue(300)
        self.add.setGroupSeparatorShown(True)
        self.min_frequency = QSpinBox()
        self.min_frequency.setRange(1, 1_000_000)
        self.min_frequency.setValue(2)
        self.run_button = QPushButton(self.tr("Learn merges"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.intro = self.tr("Learn new merges on a new corpus on top of this tokenizer (its "
                             "own pre-tokenizer and segmentation); every existing id stays.")
        self.refusal = ""  # why the tokenizer in the main view cannot be extended
        self.status = muted(self.intro)
        self.table = QTableWidget(0, len(self.HEADERS))
        self.table.setHorizontalHeaderLabels([self.tr(header) for header in self.HEADERS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.merges = QPlainTextEdit()
        self.merges.setReadOnly(True)
        self.merges.setPlaceholderText(self.tr("The merges learned, in order."))
        self.compare_button = QPushButton(self.tr("Compare before and after…"))
        self.open_button = QPushButton(self.tr("Open in the main view"))
        self.save_button = QPushButton(self.tr("Save tokenizer.json as…"))
        for button in (self.compare_button, self.open_button, self.save_button):
            button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("New corpus")))
        row.addWidget(self.source_box, 1)
        settings = QHBoxLayout()
        settings.addWidget(QLabel(self.tr("Merges")))
        settings.addWidget(self.add)
        settings.addWidget(QLabel(self.tr("min frequency")))
        settings.addWidget(self.min_frequency)
        settings.addWidget(self.run_button)
        settings.addWidget(self.cancel_button)
        settings.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.compare_button)
        buttons.addWidget(self.open_button)
        buttons.addWidget(self.save_button)
        buttons.addStretch(1)
        split = QSplitter()
        split.addWidget(self.table)
        split.addWidget(self.merges)
        split.setSizes([640, 360])
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(settings)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        layout.addLayout(buttons)
        self.source_box.activated.connect(self._on_source_chosen)
        self.run_button.clicked.connect(self.run)
        self.compare_button.clicked.connect(self._compare)
        self.open_button.clicked.connect(
            lambda: self.outcome and self.open_requested.emit(str(self.outcome.path)))
        self.save_button.clicked.connect(self.ask_save)

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        """Offered only for a tokenizer continued training works on; for another (a rank
        file, Unigram, WordPiece…) the page says why at once, before any work."""
        refusal = extend_refusal(tokenizer)
        self.refusal = localize(refusal) if refusal is not None else ""
        self.run_button.setEnabled(refusal is None)
        self.run_button.setToolTip(self.refusal)
        if refusal is not None:
            self.status.setText(self.tr("Not for this tokenizer: {why}. Open a BPE "
                                        "tokenizer.json or a BPE trained here to extend it.")
                                .format(why=self.refusal))
        else:
            self.status.setText(self.intro)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def _on_source_chosen(self, index: int) -> None:
        if self.source_box.itemData(index) != TEXT_FILE:
            return
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("A new corpus: UTF-8 text, one text per line"), "",
            self.tr("Text (*.txt);;All files (*)"))
        if path:
            self.add_text_file(path)
        else:
            self.source_box.setCurrentIndex(0)

    def add_text_file(self, path: str) -> None:
        found = self.source_box.findData(path)
        if found < 0:
            self.source_box.insertItem(self.source_box.count() - 1, Path(path).name, path)
            found = self.source_box.findData(path)
        self.source_box.setCurrentIndex(found)

    def plan(self) -> ExtendPlan:
        return ExtendPlan(self.source_box.currentData(), self.add.value(),
                          self.min_frequency.value(), DEMO_CORPUS)

    def run(self) -> None:
        if self.source_box.currentData() == TEXT_FILE or self.refusal:
            return
        self.run_requested.emit(self.plan())

    def set_busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy and not self.refusal)
        self.cancel_button.setVisible(busy)

    def show_outcome(self, outcome: ExtendOutcome) -> None:
        self.outcome = outcome
        self.status.setText(self.tr("{summary} Tokens per language of {corpus}:").format(
            summary=self.summary(outcome), corpus=corpus_label(outcome.corpus_name)))
        self.table.setRowCount(len(outcome.changes))
        for row, change in enumerate(outcome.changes):
            cells = (language_label(change.name, change.language), f"{change.sentences:,}",
                     f"{change.before:,}", f"{change.after:,}", f"{change.change:+.1%}")
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.merges.setPlainText("\n".join(
            self.tr("{n:>5}  {left} + {right}   ({count:,} times)").format(
                n=n, left=isolated(left), right=isolated(right), count=count)
            for n, (left, right, count) in enumerate(outcome.readable, start=1)))
        for button in (self.compare_button, self.open_button, self.save_button):
            button.setEnabled(True)

    def summary(self, outcome: ExtendOutcome) -> str:
        """What ``outcome.summary()`` says, in the window's language."""
        ext = outcome.extension
        why = {"merges": self.tr("as many as asked"), "no_pairs": self.tr("no pair was left"),
               "min_frequency": self.tr("the best pair was below the minimum frequency")}
        return self.tr("{merges:,} merges learned ({tokens:,} new tokens; stopped: {why}). "
                       "Saved as {name}.").format(
            merges=len(ext.merges), tokens=ext.new_tokens,
            why=why.get(ext.stop_reason, ext.stop_reason), name=outcome.path.name)

    def show_failure(self, message: str) -> None:
        self.status.setText(message)
        style.set_tone(self.status, "error")

    def clear_failure(self) -> None:
        style.set_tone(self.status, "muted")

    def _compare(self) -> None:
        if self.outcome is not None:
            self.compare_requested.emit([str(self.outcome.path)], self.outcome.corpus)

    def ask_save(self) -> None:
        if self.outcome is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, self.tr("Save the extended tokenizer"),
                                              "tokenizer.json", self.tr("tokenizer.json (*.json)"))
        if not name:
            return
        try:
            shutil.copyfile(self.outcome.path, name)
        except OSError as exc:
            self.show_failure(self.tr("Could not save {name}: {error}").format(
                name=name, error=exc.strerror or exc))
            return
        self.status.setText(self.tr("Saved to {name}.").format(name=name))
