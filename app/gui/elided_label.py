"""A one-line label that is cut on purpose: it shows as much of its text as its width holds,
ending in "…", and the whole text in its tooltip. Used where a line of facts must not widen the
window (the tokenizer's description, the status bar's message); wherever the width allows,
the whole text shows (the layout asks for its whole width)."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

ELLIPSIS = "…"


class ElidedLabel(QLabel):
    def __init__(self, text: str = "", parent: QWidget | None = None, *,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._mode = mode
        self._full = ""
        self._tip = ""
        self.setText(text)

    # The whole text, as QLabel's own API gives and takes it.
    def text(self) -> str:  # type: ignore[override]
        return self._full

    def setText(self, text: str) -> None:  # type: ignore[override]
        self._full = text
        self._show()
        self.updateGeometry()

    def setToolTip(self, tip: str) -> None:  # type: ignore[override]
        self._tip = tip
        self._show()

    def clear(self) -> None:  # type: ignore[override]
        self.setText("")

    def shown_text(self) -> str:
        """What is on screen (the text, or its start and "…")."""
        return super().text()

    def is_elided(self) -> bool:
        return self.shown_text() != self._full

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(self._text_width(self._full), hint.height())

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(self._text_width(ELLIPSIS), self.sizeHint().width()), hint.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._show()

    def _text_width(self, text: str) -> int:
        margins = self.contentsMargins()
        return (self.fontMetrics().horizontalAdvance(text) + 2 * self.margin()
                + margins.left() + margins.right() + 1)

    def _show(self) -> None:
        room = self.contentsRect().width() - 2 * self.margin()
        full = self._full.replace("\n", " ")
        shown = full if self.fontMetrics().horizontalAdvance(full) <= room else \
            self.fontMetrics().elidedText(full, self._mode, max(0, room))
        super().setText(shown)
        # The whole text is a hover away whenever the line is cut.
        tip = self._tip or (self._full if shown != self._full else "")
        if shown != self._full and self._full not in tip:
            tip = f"{self._full}\n{tip}"
        super().setToolTip(tip)
