"""The trainer box of training playback: every trainer of the registry, and a box for each of
its options, made from the options' declarations (a new trainer needs nothing here)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from bpelens.core import TRAINERS, Trainer, TrainerOption, TrainingConfig, localize

from ..flow_layout import FlowLayout

INT_LIMIT = 2_000_000_000


class TrainerChoice(QWidget):
    """``trainer`` and ``options()`` are what the next run uses; ``changed`` when either is."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, form: bool = False) -> None:
        """``form``: one row per box (a narrow settings column), else one line that wraps
        when the width runs out (each box beside its label)."""
        super().__init__(parent)
        self.box = QComboBox()
        self.box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for trainer in TRAINERS.values():
            self.box.addItem(localize(trainer.label), trainer.name)
            self.box.setItemData(self.box.count() - 1, localize(trainer.summary),
                                 Qt.ItemDataRole.ToolTipRole)
        self.fields: dict[tuple[str, str], tuple[QLabel, QAbstractSpinBox]] = {}
        self.edited: set[tuple[str, str]] = set()
        self.form = QFormLayout(self) if form else None
        flow = None if form else FlowLayout(self)
        # In a line, each label stays with its box: a pair per option, and the trainer's.
        self.pairs: dict[tuple[str, str], QWidget] = {}
        if self.form is not None:
            self.form.setContentsMargins(0, 0, 0, 0)
            self.form.addRow(self.tr("Trainer"), self.box)
        elif flow is not None:
            flow.addWidget(_pair(QLabel(self.tr("Trainer")), self.box))
        for trainer in TRAINERS.values():
            for option in trainer.options:
                label = QLabel(localize(option.title) or option.name.replace("_", " "))
                field = _field(option)
                field.setToolTip(localize(option.help))
                label.setToolTip(localize(option.help))
                key = (trainer.name, option.name)
                field.valueChanged.connect(lambda _v, key=key: self._edited(key))
                self.fields[key] = (label, field)
                if self.form is not None:
                    self.form.addRow(label, field)
                elif flow is not None:
                    self.pairs[key] = _pair(label, field)
                    flow.addWidget(self.pairs[key])
        self.box.currentIndexChanged.connect(self._shown)
        self._shown()

    @property
    def trainer(self) -> Trainer:
        return TRAINERS[self.box.currentData()]

    def options(self) -> dict[str, Any]:
        trainer = self.trainer
        return {option.name: self.fields[(trainer.name, option.name)][1].value()
                for option in trainer.options}

    def offer(self, config: TrainingConfig | None) -> None:
        """Fill the boxes the user has not touched with what suits ``config`` (a corpus's
        settings): a transition inside its vocabulary, say."""
        if config is None:
            return
        for trainer in TRAINERS.values():
            for option in trainer.options:
                key = (trainer.name, option.name)
                value = option.offered(config)
                if key in self.edited or value is None:
                    continue
                field = self.fields[key][1]
                field.blockSignals(True)
                field.setValue(value)
                field.blockSignals(False)

    def _edited(self, key: tuple[str, str]) -> None:
        self.edited.add(key)
        self.changed.emit()

    def _shown(self) -> None:
        chosen = self.box.currentData()
        for key, (_label, field) in self.fields.items():
            if self.form is not None:
                self.form.setRowVisible(field, key[0] == chosen)
            else:
                self.pairs[key].setVisible(key[0] == chosen)
        if self.form is None:
            self.updateGeometry()  # the line's height for its width changes with its boxes
        self.changed.emit()


def _pair(label: QLabel, field: QWidget) -> QWidget:
    pair = QWidget()
    row = QHBoxLayout(pair)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(label)
    row.addWidget(field)
    return pair


def _field(option: TrainerOption) -> QSpinBox | QDoubleSpinBox:
    if option.kind == "int":
        field: QSpinBox | QDoubleSpinBox = QSpinBox()
        field.setRange(int(option.minimum) if option.minimum is not None else 0,
                       int(option.maximum) if option.maximum is not None else INT_LIMIT)
    else:
        field = QDoubleSpinBox()
        field.setDecimals(3)
        field.setSingleStep(0.01)
        field.setRange(option.minimum if option.minimum is not None else 0.0,
                       option.maximum if option.maximum is not None else 1e9)
    if option.default is not None:
        field.setValue(option.default)
    field.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
    return field
