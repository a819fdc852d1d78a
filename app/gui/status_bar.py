"""The status bar: the text's counts on the left, always in sight; passing messages (a
clicked token's facts, "Saved the session…") in their own place beside them, cut to the room
there with the whole message in the tooltip; the special-token note and the busy corner on
the right. QStatusBar would draw a message over its normal widgets and hide them."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

from .elided_label import ElidedLabel


class StatusBar(QStatusBar):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = ElidedLabel()
        # It takes the room the counts leave, and gives it up first.
        self.message.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)
        # Messages Qt shows itself (status tips) come here too, instead of over the widgets.
        self.messageChanged.connect(self._from_qt)

    def add_counts(self, counts: QLabel) -> None:
        """The counts first, then the message's place; both stay (Qt hides only a status bar's
        normal widgets under a message: these are all permanent ones)."""
        self.addPermanentWidget(counts)
        self.addPermanentWidget(self.message, 1)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # type: ignore[override]
        self.message.setText(text)
        if timeout > 0:
            self._timer.start(timeout)
        else:
            self._timer.stop()
        self.messageChanged.emit(text)

    def clearMessage(self) -> None:  # type: ignore[override]
        self._timer.stop()
        if self.message.text():
            self.message.clear()
            self.messageChanged.emit("")

    def currentMessage(self) -> str:  # type: ignore[override]
        return self.message.text()

    def _from_qt(self, _text: str) -> None:
        shown_by_qt = QStatusBar.currentMessage(self)
        if shown_by_qt:
            QStatusBar.clearMessage(self)
            self.showMessage(shown_by_qt)
