"""The vocabulary as a place to look things up: by id, text, regex or bytes."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
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
    texts_using,
    token_facts,
)

from ... import style
from ...i18n import translate
from ...zoom import zoom_tree
from .common import audit_line, label_of, tree_lines

if TYPE_CHECKING:
    from bpelens.core import ParallelCorpus


# How the query is read (core's LOOKUP_MODES): the mode is the data, this what the box shows.
MODE_NAMES = {
    "auto": QT_TRANSLATE_NOOP("LookupPage", "auto"),
    "id": QT_TRANSLATE_NOOP("LookupPage", "id"),
    "text": QT_TRANSLATE_NOOP("LookupPage", "text"),
    "contains": QT_TRANSLATE_NOOP("LookupPage", "contains"),
    "regex": QT_TRANSLATE_NOOP("LookupPage", "regex"),
    "hex": QT_TRANSLATE_NOOP("LookupPage", "hex"),
}


class LookupPage(QWidget):
    """A search over the vocabulary and, for the token chosen, what is known of it and the
    texts that use it (pasted ones, and the comparison tab's corpus if asked). Searches and
    a corpus's encoding run off the GUI thread when the view gives runners."""

    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None  # the search
        self.use_runner = None  # the texts that use the chosen token
        # () → the comparison tab's corpus, or None when it has none (set by the window).
        self.corpus_of_comparison: Callable[[], ParallelCorpus | None] = lambda: None
        self.query = QLineEdit()
        self.query.setPlaceholderText(self.tr("an id, a text, /regex/, or 0x hex bytes"))
        self.mode = QComboBox()
        for mode in LOOKUP_MODES:
            self.mode.addItem(self.tr(MODE_NAMES.get(mode, mode)), mode)
        self.corpus = QPlainTextEdit()
        self.corpus.setPlaceholderText(self.tr("Texts to search for the token (one per line)"))
        self.corpus.setMaximumHeight(90)
        self.in_comparison = QCheckBox(self.tr("and every sentence of the comparison tab's "
                                               "corpus"))
        self.results = QTableWidget(0, 3)
        self.results.setHorizontalHeaderLabels([self.tr("id"), self.tr("token"),
                                                self.tr("text")])
        self.results.verticalHeader().hide()
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.results.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.problem = QLabel()
        style.set_tone(self.problem, "error")
        self.shown_id: int | None = None
        self._facts = ""  # the chosen token's details, before the texts that use it
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
        layout.addWidget(self.in_comparison)
        layout.addWidget(split, 1)
        self.query.returnPressed.connect(self.search)
        self.results.currentCellChanged.connect(lambda r, *_: self._show(r))

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def search(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        query, mode = self.query.text(), self.mode.currentData()
        if self.runner is None:
            try:
                self.show_found((tokenizer, find_tokens(tokenizer, query, mode)))
            except BpeLensError as exc:
                self.show_problem(exc)
            return
        # A regex over 200,000 tokens takes a second or more (its limit: REGEX_SECONDS).
        self.problem.setText(self.tr("Searching…"))
        self.runner.submit(lambda job: (tokenizer, find_tokens(tokenizer, query, mode)))

    def show_problem(self, exc: BaseException) -> None:
        self.problem.setText(str(exc))

    def show_found(self, outcome: tuple[Tokenizer, list[int]]) -> None:
        tokenizer, found = outcome
        if tokenizer is not self.tokenizer:
            return
        self.problem.clear()
        self.results.setRowCount(len(found))
        for row, tid in enumerate(found):
            for col, text in enumerate((str(tid), label_of(tokenizer, tid),
                                        tokenizer.decode([tid], errors="replace"))):
                self.results.setItem(row, col, QTableWidgetItem(text))
        if found:
            self.results.setCurrentCell(0, 0)
        else:
            self.details.setPlainText(self.tr("No token matches."))

    def _texts(self) -> list[str]:
        texts = [t for t in self.corpus.toPlainText().splitlines() if t]
        corpus = self.corpus_of_comparison() if self.in_comparison.isChecked() else None
        if corpus is not None:
            for language in corpus.languages:
                texts.extend(corpus.sentences(language, corpus.shared_rows([language])))
        return texts

    def _show(self, row: int) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None or row < 0 or self.results.item(row, 0) is None:
            return
        tid = int(self.results.item(row, 0).text())
        self.shown_id = tid
        facts = token_facts(tokenizer, tid)
        lines = [self.tr("id {id}: {label} — text {text}").format(
                     id=tid, label=repr(facts.label), text=repr(facts.text)),
                 self.tr("bytes {bytes}, kind {kind}, rank {rank}").format(
                     bytes=facts.data.hex(" "), kind=facts.kind, rank=facts.rank),
                 audit_line(tokenizer, facts.audit),
                 self.tr("derivation:"), *tree_lines(tokenizer, facts.tree, 1)]
        self._facts = "\n".join(lines)
        self.details.setPlainText(self._facts)
        texts = self._texts()
        if not texts:
            return
        if self.use_runner is None:
            self.show_uses((tokenizer, tid, texts, texts_using(tokenizer, tid, texts)))
            return
        self.details.appendPlainText("\n" + self.tr("Looking for it in {n:,} texts…").format(
            n=len(texts)))

        def work(job):
            def check(done: int, total: int) -> None:
                job.check()
                job.progress(done / total, translate("LookupPage", "{done:,} of {total:,} texts")
                             .format(done=done, total=total))

            return tokenizer, tid, texts, texts_using(tokenizer, tid, texts, check=check)

        self.use_runner.submit(work)

    def show_uses(self, outcome) -> None:
        tokenizer, tid, texts, used = outcome
        if tokenizer is not self.tokenizer or tid != self.shown_id:
            return  # the user chose another token meanwhile
        lines = [self._facts]
        lines.append(self.tr("used in {used:,} of {total:,} texts:").format(used=len(used),
                                                                           total=len(texts)))
        lines.extend(f"  {texts[i]}" for i in used[:50])
        if len(used) > 50:
            lines.append("  " + self.tr("… and {n:,} more").format(n=len(used) - 50))
        self.details.setPlainText("\n".join(lines))
