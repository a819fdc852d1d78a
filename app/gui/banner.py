"""The banner above the views: what went wrong, or what the window changed, until it is dealt
with or dismissed.

Messages have a kind (a tokenizer that did not open, a text that could not be encoded, a
change made to the text): a new message replaces the one of its kind, and what resolves a
kind clears only that kind (a tokenizer that opens does not hide a note about the text).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QToolButton, QWidget

from . import style


class Banner(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # "<unk>" is not a tag
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        style.set_tone(self.label, "banner")
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setToolTip(self.tr("Dismiss"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button)
        self.close_button.clicked.connect(self.dismiss)
        self._messages: dict[str, str] = {}
        self.hide()

    def text(self) -> str:
        return self.label.text()

    def show_message(self, message: str, kind: str = "note") -> None:
        self._messages.pop(kind, None)
        self._messages[kind] = message  # the newest last
        self._render()

    def clear(self, kind: str) -> None:
        if self._messages.pop(kind, None) is not None:
            self._render()

    def dismiss(self) -> None:
        self._messages.clear()
        self._render()

    def _render(self) -> None:
        self.label.setText("\n".join(self._messages.values()))
        self.setVisible(bool(self._messages))
