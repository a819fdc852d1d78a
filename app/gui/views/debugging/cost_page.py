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
        self.rows.setSpecialValueText("padded")
        self.rows.setGroupSeparatorShown(True)
        self.untied = QCheckBox("untied output layer (a second V × d matrix)")
        self.result = QTableWidget(len(BYTES_PER_PARAMETER), 2)
        self.result.setHorizontalHeaderLabels(["stored as", "size"])
        self.result.verticalHeader().hide()
        self.result.horizontalHeader().setStretchLastSection(True)
        self.summary = muted()
        self.problem = QLabel()
        self.problem.setStyleSheet(style.ERROR_TEXT)
        form = QFormLayout()
        form.addRow("Vocabulary (tokens)", self.vocab)
        form.addRow("Hidden size d", self.d_model)
        form.addRow("Pad rows to a multiple of", self.pad_to)
        form.addRow("Or exactly this many rows", self.rows)
        form.addRow(self.untied)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.summary)
        layout.addWidget(self.result, 1)
        for box in (self.vocab, self.d_model, self.pad_to, self.rows):
            box.valueChanged.connect(self.recompute)
        self.untied.toggled.connect(self.recompute)

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
        self.summary.setText(
            f"{cost.rows:,} rows × {cost.d_model:,} = {cost.parameters_per_matrix:,} parameters "
            f"per matrix; {cost.matrices} matri{'x' if cost.matrices == 1 else 'ces'}: "
            f"{cost.parameters:,} parameters")
        for row, dtype in enumerate(BYTES_PER_PARAMETER):
            self.result.setItem(row, 0, QTableWidgetItem(dtype))
            size = megabytes(cost.bytes(dtype))
            self.result.setItem(row, 1, QTableWidgetItem(f"{float(size):,.1f} MB "
                                                         f"({float(size) / 1000:,.2f} GB)"))
