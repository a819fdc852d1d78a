"""The shaped view: the model text rendered once, as a text engine shapes it, with each token's
characters on the token's colour.

Chips drawn one by one break shaping — Arabic letters stop joining, Devanagari conjuncts fall
apart, right-to-left runs come out reversed. Here the text is laid out whole by Qt and the
colours are extra selections painted under it, so shaping and bidi are untouched. Only the
tokens on screen get a selection. A character shared by two tokens (a token ending inside
it) is hatched.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from bpelens.core.token_table import TokenTable

from .token_colors import chip_color, text_color
from .utf16 import Utf16Map


class ShapedView(QPlainTextEdit):
    token_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFont(QFont("Noto Sans", 15))
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table: TokenTable | None = None
        self.alternating = False
        self.selected: int | None = None
        self._map = Utf16Map("")
        self.verticalScrollBar().valueChanged.connect(self.recolor)

    def set_table(self, table: TokenTable | None) -> None:
        self.table = table
        text = table.model_text if table is not None else ""
        # A carriage return would end a line and vanish; shown as ␍ positions stay exact.
        shown = text.replace("\r", "\u240d")
        if shown != self.shown_text():
            self._map = Utf16Map(shown)
            # Selections on the old text would be carried through the change, one by one.
            self.setExtraSelections([])
            self.setPlainText(shown)
        if table is None or (self.selected is not None and self.selected >= len(table)):
            self.selected = None
        self.recolor()

    def shown_text(self) -> str:
        return self.document().toRawText().replace("\u2029", "\n")

    def set_alternating(self, alternating: bool) -> None:
        self.alternating = alternating
        self.recolor()

    def select(self, index: int | None) -> None:
        self.selected = index
        table = self.table
        if index is not None and table is not None and index < len(table):
            cursor = QTextCursor(self.document())
            cursor.setPosition(self._map.to_utf16(table.char_starts[index]))
            self.setTextCursor(cursor)
            self.ensureCursorVisible()
        self.recolor()

    def visible_chars(self) -> tuple[int, int]:
        """Character range of the model text on screen."""
        viewport = self.viewport()
        first = self.cursorForPosition(QPoint(0, 0)).position()
        last = self.cursorForPosition(QPoint(viewport.width(), viewport.height())).position()
        return self._map.from_utf16(first), self._map.from_utf16(last) + 1

    def recolor(self) -> None:
        table = self.table
        if table is None or not len(table):
            self.setExtraSelections([])
            return
        c0, c1 = self.visible_chars()
        first = bisect_right(table.char_ends, c0)
        last = bisect_left(table.char_starts, c1)
        selections: list[QTextEdit.ExtraSelection] = []
        shared_from = -1
        for index in range(max(0, first - 1), min(len(table), last + 1)):
            start, end = table.char_starts[index], table.char_ends[index]
            if end <= start:
                continue
            color = QColor(chip_color(table.ids[index], table.kind(index), index,
                                      alternating=self.alternating))
            fmt = QTextCharFormat()
            if table.partial[index] or start < shared_from:
                fmt.setBackground(QBrush(color, Qt.BrushStyle.BDiagPattern))
            else:
                fmt.setBackground(color)
            fmt.setForeground(QColor(text_color(color.name())))
            if index == self.selected:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
                fmt.setUnderlineColor(QColor("#1f4fff"))
                fmt.setFontUnderline(True)
                fmt.setBackground(color.darker(125))
            shared_from = max(shared_from, end)
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.document())
            cursor.setPosition(self._map.to_utf16(start))
            cursor.setPosition(self._map.to_utf16(end), QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor  # type: ignore[attr-defined]
            selection.format = fmt  # type: ignore[attr-defined]
            selections.append(selection)
        self.setExtraSelections(selections)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.recolor()

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        if self.table is None or self.textCursor().hasSelection():
            return
        char = self._map.from_utf16(self.cursorForPosition(event.position().toPoint())
                                    .position())
        index = self.table.token_at_char(min(char, len(self.table.model_text) - 1))
        if index is not None:
            self.selected = index
            self.recolor()
            self.token_clicked.emit(index)
