"""A layout that places its widgets left to right and wraps to a new line when the width runs
out: a row of settings that must not set the window's minimum width (a trainer with three
options in Japanese is wider than a narrow window)."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items in reading order, wrapped at the layout's width; its minimum width is that of
    its widest item, and its height follows the width it is given."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.setSpacing(spacing)
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        # One line when there is room for it.
        visible = [i for i in self._items if not i.isEmpty()]
        width = sum(i.sizeHint().width() for i in visible) + self.spacing() * max(
            0, len(visible) - 1)
        height = max((i.sizeHint().height() for i in visible), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        margins = self.contentsMargins()
        return size + QSize(margins.left() + margins.right(), margins.top() + margins.bottom())

    def _place(self, rect: QRect, *, move: bool) -> int:
        """Lay the items out in ``rect`` (or only measure); the height they take. Lines are
        right-aligned, as the row they stand in ends at the right edge."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        spacing = self.spacing()
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        used = 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            needed = hint.width() + (spacing if lines[-1] else 0)
            if lines[-1] and used + needed > area.width():
                lines.append([])
                used = 0
                needed = hint.width()
            lines[-1].append((item, hint))
            used += needed
        y = area.y()
        for line in lines:
            if not line:
                continue
            height = max(hint.height() for _, hint in line)
            width = sum(hint.width() for _, hint in line) + spacing * (len(line) - 1)
            x = area.x() + max(0, area.width() - width)
            for item, hint in line:
                if move:
                    size = QSize(min(hint.width(), area.width()), hint.height())
                    item.setGeometry(QRect(QPoint(x, y + (height - hint.height()) // 2), size))
                x += hint.width() + spacing
            y += height + spacing
        return y - spacing - area.y() + margins.top() + margins.bottom() if y > area.y() else 0
