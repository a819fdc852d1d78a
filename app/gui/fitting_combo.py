"""A combo box as wide as its current entry needs (up to a limit), no wider than its
minimum contents length demands when room is short. Qt's own policies size a box by its
longest entry (a recent file's path widens the window) or by a fixed number of characters
(the entry in use is cut: "Bundled demo: 20 sentences in 12 langua")."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QComboBox, QStyle, QStyleOptionComboBox, QWidget

MAX_WIDTH = 640  # a path as the entry in use does not take the whole row


class FittingComboBox(QComboBox):
    def __init__(self, parent: QWidget | None = None, *, minimum_length: int = 16) -> None:
        super().__init__(parent)
        self.setMinimumContentsLength(minimum_length)
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self._measured: str | None = None  # the entry the layout last asked the width of

    def setCurrentIndex(self, index: int) -> None:  # type: ignore[override]
        super().setCurrentIndex(index)
        self._refit()

    def paintEvent(self, event) -> None:
        # The entry can change without a signal (its box blocked them while refilled, the
        # model changed under it): the layout asks again whenever another entry shows.
        self._refit()
        super().paintEvent(event)

    def _refit(self) -> None:
        if self.currentText() != self._measured:
            self.updateGeometry()

    def sizeHint(self) -> QSize:
        self._measured = self.currentText()
        least = super().sizeHint()
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        text = self.fontMetrics().horizontalAdvance(self.currentText())
        icon = self.iconSize().width() + 4 if not self.itemIcon(
            self.currentIndex()).isNull() else 0
        wanted = self.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option, QSize(text + icon, least.height()), self)
        return QSize(min(MAX_WIDTH, max(least.width(), wanted.width())), least.height())

    def minimumSizeHint(self) -> QSize:
        return super().sizeHint()
