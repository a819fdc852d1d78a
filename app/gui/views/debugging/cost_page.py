"""What the vocabulary costs in embedding parameters and memory."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    BYTES_PER_PARAMETER,
    BpeLensError,
    embedding_cost,
    megabytes,
)

from ... import style
from ...zoom import zoom_tree
from .common import muted


class CostPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.vocab = QSpinBox()
        self.vocab.setRange(1, 10_000_000)
        self.vocab.setGroupSeparatorShown(True)
        self.d_model = QSpinBox()
        self.d_model.setRange(1, 1_000_000)
        self.d_model.setValue(4096)
        self.d_model.setGroupSeparatorShown(True)
        self.pad_to = QSpinBox()
        self.pad_to.setRange(1, 1_000_000)
        self.pad_to.setValue(1)
        self.rows = QSpinBox()
        self.rows.setRange(0, 10_000_000)
        self.rows.setSpecialValueText(self.tr("padded"))
        self.rows.setGroupSeparatorShown(True)
        self.untied = QCheckBox(self.tr("untied output layer (a second V × d matrix)"))
        self.result = QTableWidget(len(BYTES_PER_PARAMETER), 2)
        self.result.setHorizontalHeaderLabels([self.tr("stored as"), self.tr("size")])
        self.result.verticalHeader().hide()
        self.result.horizontalHeader().setStretchLastSection(True)
        self.summary = muted()
        self.problem = QLabel()
        style.set_tone(self.problem, "error")
        form = QFormLayout()
        form.addRow(self.tr("Vocabulary (tokens)"), self.vocab)
        form.addRow(self.tr("Hidden size d"), self.d_model)
        form.addRow(self.tr("Pad rows to a multiple of"), self.pad_to)
        form.addRow(self.tr("Or exactly this many rows"), self.rows)
        form.addRow(self.untied)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.summary)
        layout.addWidget(self.result, 1)
        for box in (self.vocab, self.d_model, self.pad_to, self.rows):
            box.valueChanged.connect(self.recompute)
        self.untied.toggled.connect(self.recompute)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def set_vocab(self, size: int) -> None:
        self.vocab.setValue(size)
        self.recompute()

    def recompute(self) -> None:
        try:
            cost = embedding_cost(self.vocab.value(), self.d_model.value(),
                                  tied=not self.untied.isChecked(), pad_to=self.pad_to.value(),
                                  rows=self.rows.value() or None)
        except BpeLensError as exc:
            self.problem.setText(str(exc))
            return
        self.problem.clear()
        matrices = (self.tr("{n} matrix") if cost.matrices == 1
                    else self.tr("{n} matrices")).format(n=cost.matrices)
        self.summary.setText(self.tr(
            "{rows:,} rows × {d:,} = {per_matrix:,} parameters per matrix; {matrices}: "
            "{parameters:,} parameters").format(
            rows=cost.rows, d=cost.d_model, per_matrix=cost.parameters_per_matrix,
            matrices=matrices, parameters=cost.parameters))
        for row, dtype in enumerate(BYTES_PER_PARAMETER):
            self.result.setItem(row, 0, QTableWidgetItem(dtype))
            size = megabytes(cost.bytes(dtype))
            self.result.setItem(row, 1, QTableWidgetItem(self.tr(
                "{mb:,.1f} MB ({gb:,.2f} GB)").format(mb=float(size), gb=float(size) / 1000)))
