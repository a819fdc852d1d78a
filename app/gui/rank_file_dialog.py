"""The question a rank file nothing names the encoding of needs answered: which encoding it
belongs to (its pattern and special tokens), or at least its pre-tokenizer pattern."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import encoding_names

from .tokenizer_picker import Choice

# What a newcomer most likely holds: Meta's files are recognised by hash, so an unknown rank
# file is most often someone's own, split like GPT-4's.
DEFAULT_ENCODING = "cl100k_base"
# A regex, the same in every language: GPT-2's, as an example of what goes in the box.
PATTERN_EXAMPLE = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+|…"


class RankFileDialog(QDialog):
    def __init__(self, choice: Choice, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.choice = choice
        self.setWindowTitle(self.tr("Which encoding is this rank file?"))
        intro = QLabel(self.tr(
            "{name} is a rank file (token bytes and ranks only). Neither its name nor its "
            "content says which encoding it belongs to, so its pre-tokenizer pattern and "
            "special tokens are unknown.").format(name=Path(choice.key).name))
        intro.setWordWrap(True)
        self.by_encoding = QRadioButton(self.tr("It belongs to an encoding:"))
        self.by_pattern = QRadioButton(self.tr("Split it with this pattern (no special "
                                               "tokens):"))
        group = QButtonGroup(self)
        group.addButton(self.by_encoding)
        group.addButton(self.by_pattern)
        self.encoding = QComboBox()
        self.encoding.addItems(encoding_names())
        self.encoding.setCurrentText(choice.encoding or DEFAULT_ENCODING)
        self.pattern = QLineEdit(choice.pattern or "")
        self.pattern.setPlaceholderText(PATTERN_EXAMPLE)
        (self.by_pattern if choice.pattern else self.by_encoding).setChecked(True)
        self.encoding.activated.connect(lambda _i: self.by_encoding.setChecked(True))
        self.pattern.textEdited.connect(lambda _t: self.by_pattern.setChecked(True))
        form = QFormLayout()
        form.addRow(self.by_encoding, self.encoding)
        form.addRow(self.by_pattern, self.pattern)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

    def chosen(self) -> Choice:
        """The file again, with the encoding or the pattern given."""
        if self.by_pattern.isChecked() and self.pattern.text():
            return replace(self.choice, encoding=None, pattern=self.pattern.text())
        return replace(self.choice, encoding=self.encoding.currentText(), pattern=None)
