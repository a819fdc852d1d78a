"""Residue tokens (LiteToken): tokens the merges pass through on the way to longer tokens but
the output rarely holds, counted from the merge trace of every piece of a corpus, and what
removing them from the vocabulary does to the corpus's token count."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import BpeLensError, ResidueReport, Tokenizer, find_residues, isolated

from ...i18n import translate
from .common import attach_runner, muted, one_line, text_of
from .corpus_lines import CorpusBox, CorpusLines, read_corpus

# The core's defaults (find_residues): formed at least 20 times, final in under 1 in 20.
MIN_FORMED = 20
MAX_FINAL_SHARE = 0.05
HEADERS = (QT_TRANSLATE_NOOP("ResiduePage", "id"), QT_TRANSLATE_NOOP("ResiduePage", "token"),
           QT_TRANSLATE_NOOP("ResiduePage", "formed"),
           QT_TRANSLATE_NOOP("ResiduePage", "absorbed"),
           QT_TRANSLATE_NOOP("ResiduePage", "final"), QT_TRANSLATE_NOOP("ResiduePage", "ratio"))
SORT_KEY = Qt.ItemDataRole.UserRole


class SortItem(QTableWidgetItem):
    """A cell that sorts by its number, not by its text ("1,200" after "999")."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT_KEY), other.data(SORT_KEY)
        if mine is None or theirs is None:
            return super().__lt__(other)
        return mine < theirs


def sort_item(text: str, key) -> SortItem:
    item = SortItem(text)
    item.setData(SORT_KEY, key)
    return item


def refusal_of(tokenizer: Tokenizer) -> str:
    """Why residues cannot be found for this tokenizer ("" when they can): the core's own
    check, run on no lines, which reads nothing and traces nothing."""
    try:
        find_residues(tokenizer, [])
    except BpeLensError as exc:
        return one_line(exc)
    return ""


class ResiduePage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.report: ResidueReport | None = None
        self.refusal = ""
        self.corpus_box = CorpusBox()
        self.min_formed = QSpinBox()
        self.min_formed.setRange(1, 1_000_000_000)
        self.min_formed.setGroupSeparatorShown(True)
        self.min_formed.setValue(MIN_FORMED)
        self.min_formed.setToolTip(self.tr("a token must be formed this often to be judged, so "
                                           "that its share is not read off a handful"))
        self.max_final_share = QDoubleSpinBox()
        self.max_final_share.setRange(0.001, 1)
        self.max_final_share.setDecimals(3)
        self.max_final_share.setSingleStep(0.01)
        self.max_final_share.setValue(MAX_FINAL_SHARE)
        self.max_final_share.setToolTip(self.tr("a residue ends in the output in less than "
                                                "this share of its occurrences (absorbed + "
                                                "final)"))
        self.run_button = QPushButton(self.tr("Find residues"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.intro = self.tr("Trace the merges of every piece of the corpus: tokens formed "
                             "often but rarely in the output are residues, vocabulary a "
                             "model learns embeddings for and hardly sees.")
        self.status = muted(self.intro)
        self.totals = QLabel()
        self.totals.setWordWrap(True)
        self.totals.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels([self.tr(h) for h in HEADERS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.setToolTip(self.tr("formed: made by a merge (or looked up whole); absorbed: "
                                      "taken by a later merge; final: in the output; ratio: "
                                      "absorbed / (absorbed + final). Click a header to sort."))
        source = QHBoxLayout()
        source.addWidget(QLabel(self.tr("Corpus")))
        source.addWidget(self.corpus_box, 1)
        settings = QHBoxLayout()
        settings.addWidget(QLabel(self.tr("Formed at least")))
        settings.addWidget(self.min_formed)
        settings.addWidget(QLabel(self.tr("Final share below")))
        settings.addWidget(self.max_final_share)
        settings.addWidget(self.run_button)
        settings.addWidget(self.cancel_button)
        settings.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(source)
        layout.addLayout(settings)
        layout.addWidget(self.status)
        layout.addWidget(self.totals)
        layout.addWidget(self.table, 1)
        self.run_button.clicked.connect(self.run)

    def title(self) -> str:
        return self.tr("Residues")

    def attach(self, session) -> None:
        self.runner = attach_runner(self, session, "residue", self.show_report,
                                    self.tr("Could not find residues: {error}"))

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.refusal = refusal_of(tokenizer)
        self._clear()
        self.status.setText(self.tr("No residues to find: {reason}").format(
            reason=self.refusal) if self.refusal else self.intro)
        self.run_button.setEnabled(not self.refusal and not self._busy())

    def _busy(self) -> bool:
        return self.runner is not None and self.runner.busy

    def _clear(self) -> None:
        self.report = None
        self.totals.clear()
        self.totals.hide()
        self.table.setSortingEnabled(False)
        self.table.setRowCount(0)

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        self.run_button.setEnabled(not busy and not self.refusal)

    def cancel(self) -> None:
        if self.runner is not None and self.runner.busy:
            self.runner.cancel()
            self.status.setText(self.tr("Cancelled: nothing found."))

    def run(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None or self.runner is None or self.refusal:
            return
        spec = self.corpus_box.spec()
        min_formed, max_share = self.min_formed.value(), self.max_final_share.value()
        self._clear()

        def work(job):
            # Off the GUI thread: translate(), not self.tr.
            job.progress(None, translate("ResiduePage", "Reading the corpus…"))
            corpus = read_corpus(spec, None, aligned=False)
            job.check()

            def progress(fraction: float) -> None:
                job.check()
                job.progress(fraction, translate(
                    "ResiduePage", "Tracing the merges of {lines:,} lines: {percent:.0%}")
                    .format(lines=corpus.count(), percent=fraction))

            report = find_residues(tokenizer, corpus.all_lines(), min_formed=min_formed,
                                   max_final_share=max_share, progress=progress)
            return tokenizer, corpus, report

        self.runner.submit(work)

    def show_report(self, outcome) -> None:
        tokenizer, corpus, report = outcome
        if tokenizer is not self.tokenizer:
            return
        self.report = report
        self.status.setText(self.summary(corpus, report))
        self.totals.setText(self.removal(report))
        self.totals.show()
        table = self.table
        table.setSortingEnabled(False)
        table.setRowCount(len(report.residues))
        for row, residue in enumerate(report.residues):
            cells = (sort_item(str(residue.id), residue.id),
                     sort_item(isolated(text_of(tokenizer, residue.id)), None),
                     sort_item(f"{residue.formed:,}", residue.formed),
                     sort_item(f"{residue.absorbed:,}", residue.absorbed),
                     sort_item(f"{residue.final:,}", residue.final),
                     sort_item(f"{residue.ratio:.3f}", residue.ratio))
            for column, item in enumerate(cells):
                if column != 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                table.setItem(row, column, item)
        # The core's order (most formed first) as the sort the header shows; the columns
        # sized once the header's sort arrow takes its room.
        table.horizontalHeader().setSortIndicator(2, Qt.SortOrder.DescendingOrder)
        table.setSortingEnabled(True)
        table.resizeColumnsToContents()

    def summary(self, corpus: CorpusLines, report: ResidueReport) -> str:
        return self.tr(
            "{corpus}: {lines:,} lines, {pieces:,} pieces ({distinct:,} distinct); "
            "{candidates:,} tokens formed at least {min_formed:,} times, {residues:,} of them "
            "residues (final share below {share:g}).").format(
            corpus=corpus.name, lines=report.lines, pieces=report.pieces,
            distinct=report.distinct_pieces, candidates=report.candidates,
            min_formed=report.min_formed, residues=len(report.residues),
            share=report.max_final_share)

    def removal(self, report: ResidueReport) -> str:
        return self.tr(
            "Removing them frees {freed:,} of {vocab:,} vocabulary entries ({share:.2%}); the "
            "corpus goes from {before:,} to {after:,} tokens ({change:+.2f}%).").format(
            freed=len(report.residues), vocab=report.vocab_size,
            share=report.vocabulary_share, before=report.tokens_before,
            after=report.tokens_after, change=report.change_percent)
