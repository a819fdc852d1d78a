"""The sentences themselves: every compared sentence of a language with its token count under
each tokenizer (sortable: the costliest first), and the chosen one under every tokenizer side
by side, aligned on its bytes, with the same sentence in the reference language beside it.

``sentence_wanted(language, index)`` asks the session to encode a sentence (off the GUI
thread); :meth:`show_sentence` shows what comes back.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import Comparison, ParallelCorpus, short_name

from .. import style
from ..fitting_combo import FittingComboBox
from ..language_labels import language_label
from .playback_parts import quiet_button
from .sentence_canvas import SentenceCanvas

PREVIEW_CHARS = 80


class SentenceListModel(QAbstractTableModel):
    """Every compared sentence of one language: its number, its tokens under each tokenizer,
    its text. Sorted here with numpy (a proxy would ask Python for each comparison: seconds
    for a corpus of 60,000 sentences); nothing is made per row until it is on screen."""

    def __init__(self) -> None:
        super().__init__()
        self.names: list[str] = []
        self.counts = np.zeros((0, 0), dtype=np.int64)  # sentence × tokenizer
        self.texts: list[str] = []
        self.order = np.zeros(0, dtype=np.int64)  # view row → sentence
        self.where = np.zeros(0, dtype=np.int64)  # sentence → view row

    def set_sentences(self, names: list[str], counts: np.ndarray, texts: list[str]) -> None:
        self.beginResetModel()
        self.names, self.counts, self.texts = names, counts, texts
        self.order = np.arange(len(texts), dtype=np.int64)
        self.where = self.order.copy()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.texts)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 2 + len(self.names)

    def sentence_at(self, row: int) -> int:
        return int(self.order[row])

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        sentence = int(self.order[index.row()])
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return str(sentence + 1)
            if column <= len(self.names):
                return f"{int(self.counts[sentence, column - 1]):,}"
            text = self.texts[sentence]
            return text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS] + "…"
        if role == Qt.ItemDataRole.TextAlignmentRole and column <= len(self.names):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column > len(self.names):
            return self.texts[sentence]
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return "#"
            if section <= len(self.names):
                return _short_title(self.names[section - 1])
            return self.tr("sentence")
        if role == Qt.ItemDataRole.ToolTipRole and 0 < section <= len(self.names):
            return self.tr("tokens under {tokenizer} (click to sort)").format(
                tokenizer=self.names[section - 1])
        return None

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        if not len(self.texts):
            return
        if column == 0:
            keys = np.arange(len(self.texts))
            ranked = keys
        elif column <= len(self.names):
            ranked = np.argsort(self.counts[:, column - 1], kind="stable")
        else:
            ranked = np.array(sorted(range(len(self.texts)), key=self.texts.__getitem__))
        if order == Qt.SortOrder.DescendingOrder:
            ranked = ranked[::-1]
        self.layoutAboutToBeChanged.emit()
        kept = self.persistentIndexList()
        sentences = [int(self.order[i.row()]) for i in kept]
        self.order = np.asarray(ranked, dtype=np.int64)
        self.where = np.empty_like(self.order)
        self.where[self.order] = np.arange(len(self.order))
        # The selection follows its sentence to the sentence's new row.
        self.changePersistentIndexList(kept, [self.index(int(self.where[s]), i.column())
                                              for s, i in zip(sentences, kept, strict=True)])
        self.layoutChanged.emit()


def _short_title(name: str, width: int = 12) -> str:
    name = short_name(name)
    return name if len(name) <= width else name[: width // 2] + "…" + name[-(width // 2 - 1):]


class SentenceComparison(QWidget):
    sentence_wanted = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparison: Comparison | None = None
        self.corpus: ParallelCorpus | None = None
        self.language: str | None = None
        self.index = 0
        self.shown = None  # the SentenceView on screen
        self._listed: tuple | None = None  # (comparison, language) the list shows
        self._selecting = False
        self.language_box = FittingComboBox(minimum_length=12)
        self.number = QSpinBox()
        self.number.setMinimum(1)
        self.number.setKeyboardTracking(False)
        self.previous_button = quiet_button("◀", self.tr("The previous sentence"))
        self.next_button = quiet_button("▶", self.tr("The next sentence"))
        self.of_label = QLabel()
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Language")))
        top.addWidget(self.language_box, 1)
        top.addWidget(QLabel(self.tr("Sentence")))
        top.addWidget(self.number)
        top.addWidget(self.of_label)
        top.addWidget(self.previous_button)
        top.addWidget(self.next_button)

        self.model = SentenceListModel()
        self.list = QTableView()
        self.list.setModel(self.model)
        self.list.verticalHeader().setVisible(False)
        self.list.verticalHeader().setDefaultSectionSize(self.list.fontMetrics().height() + 6)
        self.list.setEditTriggers(QTableView.EditTrigger.NoEditTriggers)
        self.list.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.list.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.list.setWordWrap(False)
        self.list.setSortingEnabled(True)
        self.list.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.list.setToolTip(self.tr("Every compared sentence of the language with its tokens "
                                     "under each tokenizer; click a column's title to sort (the "
                                     "costliest first), a row to see the sentence"))

        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.TextFormat.PlainText)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.text.font()
        font.setPixelSize(15)  # a font, not a style sheet: it grows with the view's zoom
        self.text.setFont(font)
        self.reference = QLabel()
        self.reference.setWordWrap(True)
        self.reference.setTextFormat(Qt.TextFormat.PlainText)
        style.set_tone(self.reference, "muted")
        self.counts = QLabel()
        self.counts.setWordWrap(True)
        self.counts.setTextFormat(Qt.TextFormat.PlainText)
        self.canvas = SentenceCanvas()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.canvas)
        self.hover = QLabel(" ")
        style.set_tone(self.hover, "muted")
        self.hover.setTextFormat(Qt.TextFormat.PlainText)
        details = QWidget()
        column = QVBoxLayout(details)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.text)
        column.addWidget(self.reference)
        column.addWidget(self.counts)
        column.addWidget(scroll, 1)
        column.addWidget(self.hover)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(self.list)
        body.addWidget(details)
        body.setSizes([330, 800])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(body, 1)

        self.language_box.currentIndexChanged.connect(self._on_language_chosen)
        self.number.valueChanged.connect(lambda n: self.open(self.language, n - 1))
        self.previous_button.clicked.connect(lambda: self.open(self.language, self.index - 1))
        self.next_button.clicked.connect(lambda: self.open(self.language, self.index + 1))
        self.list.selectionModel().selectionChanged.connect(lambda *_: self._on_list_selected())
        self.canvas.token_hovered.connect(lambda words: self.hover.setText(words or " "))

    # -- what the tab gives ----------------------------------------------------------------------
    def set_comparison(self, comparison: Comparison | None, corpus: ParallelCorpus | None) -> None:
        self.comparison, self.corpus = comparison, corpus
        self.language_box.blockSignals(True)
        self.language_box.clear()
        if comparison is not None:
            for language in comparison.languages:
                self.language_box.addItem(language_label(
                    comparison.language_names.get(language, language), language), language)
        self.language_box.blockSignals(False)
        if comparison is None:
            self.model.set_sentences([], np.zeros((0, 0), dtype=np.int64), [])
            self._listed = None
            self.canvas.clear()
            self.text.clear()
            self.reference.clear()
            self.counts.clear()
            return
        language = self.language if self.language in comparison.languages \
            else comparison.reference
        self._listed = None  # new counts: the list is filled again
        self.open(language, self.index)

    def open(self, language: str | None, index: int) -> None:
        """Show sentence ``index`` (from 0, among the compared) of ``language``."""
        comparison = self.comparison
        if comparison is None or language not in comparison.languages:
            return
        index = max(0, min(index, comparison.sentences - 1))
        if self._listed != (comparison, language):
            self.language = language
            self._fill_list()
            self._listed = (comparison, language)
        self.language = language
        self.index = index
        self.language_box.blockSignals(True)
        self.language_box.setCurrentIndex(self.language_box.findData(language))
        self.language_box.blockSignals(False)
        self.number.blockSignals(True)
        self.number.setMaximum(comparison.sentences)
        self.number.setValue(index + 1)
        self.number.blockSignals(False)
        self.of_label.setText(self.tr("of {n:,}").format(n=comparison.sentences))
        self._select_in_list(index)
        self.sentence_wanted.emit(language, index)

    def show_sentence(self, view) -> None:
        """A sentence encoded under every tokenizer (from the session)."""
        if view.language != self.language or view.index != self.index:
            return  # the user moved on meanwhile
        self.shown = view
        aligned = view.aligned
        self.text.setText(aligned.text)
        self.reference.setText(
            f"{self.comparison.reference}: {view.reference_text}"
            if view.reference_text is not None and self.comparison is not None else "")
        differing = aligned.differing_cuts()
        counts = " · ".join(f"{short_name(row.tokenizer)} {len(row.tokens)}"
                            for row in aligned.rows)
        self.counts.setText(self.tr("Tokens: {counts}. {n} of the cuts are not made by every "
                                    "tokenizer (red lines).").format(counts=counts,
                                                                     n=len(differing)))
        self.canvas.show_sentence(aligned, view.tokenizers)

    # -- inside ------------------------------------------------------------------------------------
    def _on_language_chosen(self) -> None:
        language = self.language_box.currentData()
        if language is not None and language != self.language:
            self.open(language, self.index)

    def _fill_list(self) -> None:
        comparison, corpus, language = self.comparison, self.corpus, self.language
        assert comparison is not None and corpus is not None and language is not None
        tokenizers = list(comparison.tokenizers)
        column = corpus.texts[language]
        counts = np.stack([comparison.sentence_tokens(t, language) for t in tokenizers],
                          axis=1) if tokenizers else np.zeros((0, 0), dtype=np.int64)
        self.model.set_sentences(tokenizers, counts,
                                 [column[row] or "" for row in comparison.corpus_rows])
        header = self.list.horizontalHeader()
        self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        # Widths from the widest number and title (fitting to contents would ask every row).
        metrics = self.list.fontMetrics()
        largest = int(counts.max()) if counts.size else 0
        for c in range(1 + len(tokenizers)):
            title = str(self.model.headerData(c, Qt.Orientation.Horizontal))
            digits = f"{largest:,}" if c else f"{len(column):,}"
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(c, max(metrics.horizontalAdvance(title),
                                        metrics.horizontalAdvance(digits)) + 24)
        header.setSectionResizeMode(1 + len(tokenizers), QHeaderView.ResizeMode.Stretch)

    def _select_in_list(self, index: int) -> None:
        if index >= len(self.model.where):
            return
        row = int(self.model.where[index])
        self._selecting = True
        try:
            self.list.selectRow(row)
        finally:
            self._selecting = False
        self.list.scrollTo(self.model.index(row, 0))

    def _on_list_selected(self) -> None:
        if self._selecting:
            return
        rows = self.list.selectionModel().selectedRows()
        if rows:
            sentence = self.model.sentence_at(rows[0].row())
            if sentence != self.index:
                self.open(self.language, sentence)
