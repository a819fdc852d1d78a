"""The comparison as a sortable table: one row per tokenizer × language, a column per metric
(its meaning in the header's tooltip), exact values formatted as the CLI's table does.

The cells live in a Qt item model (C++), filled once per comparison: painting, sizing the
columns to their contents and sorting never call back into Python — which, while a worker
thread counts, would wait for the interpreter lock at every cell (a repaint took 0.3 s).
``ROW_ROLE`` gives a row's :class:`ComparisonRow`.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
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
    format_value,
    short_name,
)

from .. import style

SORT_ROLE = Qt.ItemDataRole.UserRole
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
HEADERS = ("tokenizer", "language", *(m.label for m in METRICS))
NUMBER = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter


class ComparisonTable(QWidget):
    """``row_picked(tokenizer, language)`` when a row is clicked."""

    row_picked = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = QStandardItemModel(0, len(HEADERS), self)
        self.model.setSortRole(SORT_ROLE)
        for column, title in enumerate(HEADERS):
            header = QStandardItem(title)
            if column >= 2:
                header.setToolTip(METRICS[column - 2].description)
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
        self.summary.setStyleSheet(style.MUTED)
        self.summary.setToolTip(f"Gini coefficient of the per-language token totals: "
                                f"{GINI_FORMULA}")
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
        parts = [f"{short_name(name)}: Gini {comparison.gini[name]:.3f}, "
                 f"{comparison.totals[name]:,} tokens" for name in comparison.tokenizers]
        self.summary.setText(
            f"{comparison.sentences:,} sentences per language, reference "
            f"{comparison.reference}. Across languages — " + " · ".join(parts)
            + f"  ({GINI_FORMULA})")

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
    name = comparison.language_names.get(row.language, row.language)
    label = row.language if name == row.language else f"{name} ({row.language})"
    language = QStandardItem(label)
    language.setData(label.lower(), SORT_ROLE)
    cells = [tokenizer, language]
    for metric in METRICS:
        value = row.value(metric.key)
        cell = QStandardItem(format_value(metric.key, value))
        cell.setData(float("-inf") if value is None else float(value), SORT_ROLE)
        cell.setTextAlignment(NUMBER)
        cell.setToolTip(metric.description)
        cells.append(cell)
    return cells
