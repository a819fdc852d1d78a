"""The comparison as a sortable table: one row per tokenizer × language, a column per metric
(its meaning in the header's tooltip), exact values formatted as the CLI's table does. A thin
item model over the core's rows: ``ROW_ROLE`` gives a row's :class:`ComparisonRow`."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import GINI_FORMULA, METRICS, Comparison, ComparisonRow, format_value, short_name

from .. import style

SORT_ROLE = Qt.ItemDataRole.UserRole
ROW_ROLE = Qt.ItemDataRole.UserRole + 1
SHOWN_METRICS = tuple(m for m in METRICS)
HEADERS = ("tokenizer", "language", *(m.label for m in SHOWN_METRICS))


class ComparisonTableModel(QAbstractTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.comparison: Comparison | None = None
        self.rows: tuple[ComparisonRow, ...] = ()

    def set_comparison(self, comparison: Comparison | None) -> None:
        self.beginResetModel()
        self.comparison = comparison
        self.rows = comparison.rows if comparison is not None else ()
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.comparison is None:
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role == ROW_ROLE:
            return row
        if column == 0:
            if role in (Qt.ItemDataRole.DisplayRole, SORT_ROLE):
                return short_name(row.tokenizer)
            if role == Qt.ItemDataRole.ToolTipRole:
                return row.tokenizer
            return None
        if column == 1:
            name = self.comparison.language_names.get(row.language, row.language)
            label = row.language if name == row.language else f"{name} ({row.language})"
            if role == Qt.ItemDataRole.DisplayRole:
                return label
            if role == SORT_ROLE:
                return label.lower()
            return None
        metric = SHOWN_METRICS[column - 2]
        value = row.value(metric.key)
        if role == Qt.ItemDataRole.DisplayRole:
            return format_value(metric.key, value)
        if role == SORT_ROLE:
            return float("-inf") if value is None else float(value)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return metric.description
        return None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole and section >= 2:
            return SHOWN_METRICS[section - 2].description
        return None


class ComparisonTable(QWidget):
    """``row_picked(tokenizer, language)`` when a row is clicked."""

    row_picked = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = ComparisonTableModel()
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the core's order until asked
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
        self.model.set_comparison(comparison)
        if comparison is None:
            self.summary.setText("")
            return
        parts = [f"{short_name(name)}: Gini {comparison.gini[name]:.3f}, "
                 f"{comparison.totals[name]:,} tokens" for name in comparison.tokenizers]
        self.summary.setText(
            f"{comparison.sentences:,} sentences per language, reference "
            f"{comparison.reference}. Across languages — " + " · ".join(parts)
            + f"  ({GINI_FORMULA})")

    def row_at(self, view_row: int) -> ComparisonRow:
        return self.proxy.index(view_row, 0).data(ROW_ROLE)

    def view_row_of(self, tokenizer: str, language: str) -> int:
        for r in range(self.proxy.rowCount()):
            row = self.row_at(r)
            if row.tokenizer == tokenizer and row.language == language:
                return r
        raise KeyError((tokenizer, language))

    def _on_clicked(self, index: QModelIndex) -> None:
        row = index.data(ROW_ROLE)
        if row is not None:
            self.row_picked.emit(row.tokenizer, row.language)
