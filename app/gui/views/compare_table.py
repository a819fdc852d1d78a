"""The comparison as a sortable table: one row per tokenizer × language, a column per metric
(its meaning in the header's tooltip), exact values formatted as the CLI's table does.

The cells live in a Qt item model (C++), filled once per comparison: painting, sizing the
columns to their contents and sorting never call back into Python — which, while a worker
thread counts, would wait for the interpreter lock at every cell (a repaint took 0.3 s).
``ROW_ROLE`` gives a row's :class:`ComparisonRow`.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QModelIndex, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    GINI_FORMULA,
    METRICS,
    Comparison,
    ComparisonRow,
    Metric,
    format_value,
    short_name,
)

from .. import style
from ..i18n import translate
from ..language_labels import language_label

SORT_ROLE = Qt.ItemDataRole.UserRole
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
HEADERS = (QT_TRANSLATE_NOOP("ComparisonTable", "tokenizer"),
           QT_TRANSLATE_NOOP("ComparisonTable", "language"), *(m.label for m in METRICS))
NUMBER = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


# The words of core's METRICS and GINI_FORMULA, listed for lupdate: the table and the plots
# show them translated (tests/test_i18n.py checks every one is here).
METRIC_WORDS = (
    QT_TRANSLATE_NOOP("Metric", "sentences"),
    QT_TRANSLATE_NOOP("Metric", "sentences compared (those every chosen language has)"),
    QT_TRANSLATE_NOOP("Metric", "characters"),
    QT_TRANSLATE_NOOP("Metric", "Unicode code points of the sentences"),
    QT_TRANSLATE_NOOP("Metric", "bytes"),
    QT_TRANSLATE_NOOP("Metric", "UTF-8 bytes of the sentences"),
    QT_TRANSLATE_NOOP("Metric", "tokens"),
    QT_TRANSLATE_NOOP("Metric", "tokens of the sentences, each encoded on its own"),
    QT_TRANSLATE_NOOP("Metric", "tokens / sentence"),
    QT_TRANSLATE_NOOP("Metric", "tokens ÷ sentences"),
    QT_TRANSLATE_NOOP("Metric", "ratio to ref."),
    QT_TRANSLATE_NOOP("Metric", "corpus-level ratio T_ℓ / T_ref: this language's tokens over "
                      "the reference language's, on the same sentences (Petrov et al.)"),
    QT_TRANSLATE_NOOP("Metric", "mean sentence ratio"),
    QT_TRANSLATE_NOOP("Metric", "mean over sentences of t_ℓ,i / t_ref,i (TokSuite); sentences "
                      "whose reference has no token are left out"),
    QT_TRANSLATE_NOOP("Metric", "bytes / token"),
    QT_TRANSLATE_NOOP("Metric", "UTF-8 bytes ÷ tokens: how much text a token carries"),
    QT_TRANSLATE_NOOP("Metric", "chars / token"),
    QT_TRANSLATE_NOOP("Metric", "characters ÷ tokens"),
    QT_TRANSLATE_NOOP("Metric", "byte-fallback / unknown"),
    QT_TRANSLATE_NOOP("Metric", "share of tokens that are byte-fallback (<0xNN>) or unknown "
                      "tokens"),
    QT_TRANSLATE_NOOP("Metric", "inside a character"),
    QT_TRANSLATE_NOOP("Metric", "share of tokens that start or end inside a character (part "
                      "of its UTF-8 bytes)"),
    QT_TRANSLATE_NOOP("Metric", "distinct tokens"),
    QT_TRANSLATE_NOOP("Metric", "different token ids used"),
    QT_TRANSLATE_NOOP("Metric", "G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄), x = per-language token totals"),
)


def metric_label(metric: Metric) -> str:
    """A metric's column title in the window's language."""
    return translate("Metric", metric.label)


def metric_description(metric: Metric) -> str:
    return translate("Metric", metric.description)


def gini_formula() -> str:
    return translate("Metric", GINI_FORMULA)


class ComparisonTable(QWidget):
    """``row_picked(tokenizer, language)`` when a row is clicked."""

    row_picked = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = QStandardItemModel(0, len(HEADERS), self)
        self.model.setSortRole(SORT_ROLE)
        for column, title in enumerate(HEADERS):
            if column >= 2:
                header = QStandardItem(metric_label(METRICS[column - 2]))
                header.setToolTip(metric_description(METRICS[column - 2]))
            else:
                header = QStandardItem(self.tr(title))
            self.model.setHorizontalHeaderItem(column, header)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSortingEnabled(True)
        self.view.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 8)
        self.view.setAlternatingRowColors(True)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        style.set_tone(self.summary, "muted")
        self.summary.setToolTip(self.tr("Gini coefficient of the per-language token totals: "
                                        "{formula}").format(formula=gini_formula()))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        self.view.clicked.connect(self._on_clicked)

    def set_comparison(self, comparison: Comparison | None) -> None:
        self.model.setRowCount(0)
        if comparison is None:
            self.summary.setText("")
            return
        for row in comparison.rows:
            self.model.appendRow(_cells(comparison, row))
        header = self.view.horizontalHeader()
        if header.sortIndicatorSection() >= 0:  # the user's sort is kept
            self.model.sort(header.sortIndicatorSection(), header.sortIndicatorOrder())
        # Sized to the rows now here: a table filled while out of sight (or before its
        # window took its size) can keep the widths of its empty header ("demo-…").
        header.resizeSections(QHeaderView.ResizeMode.ResizeToContents)
        parts = [self.tr("{name}: Gini {gini:.3f}, {tokens:,} tokens").format(
                     name=short_name(name), gini=comparison.gini[name],
                     tokens=comparison.totals[name]) for name in comparison.tokenizers]
        self.summary.setText(self.tr(
            "{sentences:,} sentences per language, reference {reference}. Across languages — "
            "{parts}  ({formula})").format(sentences=comparison.sentences,
                                           reference=comparison.reference,
                                           parts=" · ".join(parts), formula=gini_formula()))

    def row_at(self, view_row: int) -> ComparisonRow:
        return self.model.item(view_row, 0).data(ROW_ROLE)

    def view_row_of(self, tokenizer: str, language: str) -> int:
        for r in range(self.model.rowCount()):
            row = self.row_at(r)
            if row.tokenizer == tokenizer and row.language == language:
                return r
        raise KeyError((tokenizer, language))

    def _on_clicked(self, index: QModelIndex) -> None:
        row = self.model.item(index.row(), 0).data(ROW_ROLE)
        if row is not None:
            self.row_picked.emit(row.tokenizer, row.language)


def _cells(comparison: Comparison, row: ComparisonRow) -> list[QStandardItem]:
    tokenizer = QStandardItem(short_name(row.tokenizer))
    tokenizer.setToolTip(row.tokenizer)
    tokenizer.setData(short_name(row.tokenizer), SORT_ROLE)
    tokenizer.setData(row, ROW_ROLE)
    label = language_label(comparison.language_names.get(row.language, row.language),
                           row.language)
    language = QStandardItem(label)
    language.setData(label.lower(), SORT_ROLE)
    cells = [tokenizer, language]
    for metric in METRICS:
        value = row.value(metric.key)
        cell = QStandardItem(format_value(metric.key, value))
        cell.setData(float("-inf") if value is None else float(value), SORT_ROLE)
        cell.setTextAlignment(NUMBER)
        cell.setToolTip(metric_description(metric))
        cells.append(cell)
    return cells
