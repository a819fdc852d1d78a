"""The shaped view: the model text rendered once, as a text engine shapes it, with each token's
characters on the token's colour.

Chips drawn one by one break shaping — Arabic letters stop joining, Devanagari conjuncts fall
apart, right-to-left runs come out reversed. Here the text is laid out whole by Qt and the
colours are extra selections painted under it, so shaping and bidi are untouched. Only the
tokens on screen get a selection. A character shared by two tokens (a token ending inside
it) is hatched. A long text goes in a slice per turn of the event loop.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

from bpelens.core import TokenTable

from ..encode_job import EncodedText, shaped_text
from ..text_slices import SliceInserter, at_once
from ..token_colors import chip_color, text_color
from ..utf16 import Utf16Map
from .token_menu import token_menu

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

SHAPED_SLICE_CHARS = 100_000


class ShapedView(QPlainTextEdit):
    """``token_clicked(index)``; ``cut_changed(why)`` when the view starts or stops showing
    less than the whole text (a line too long to lay out; ``why`` is "" when it shows all)."""

    token_clicked = Signal(int)
    derivation_requested = Signal(int)  # a token index: how is it built?
    filled_changed = Signal(bool)
    cut_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setUndoRedoEnabled(False)
        self.setFont(QFont("Noto Sans", 15))
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table: TokenTable | None = None
        self.colors: bytearray = bytearray()
        self.alternating = False
        self.selected: int | None = None
        self._shown = ""
        self.cut = ""
        self._map = Utf16Map("")
        # Smaller slices than the editor's: wrapped lines in a bigger font cost more to lay out.
        self._inserter = SliceInserter(self, slice_chars=SHAPED_SLICE_CHARS)
        self._inserter.progressed.connect(self._on_slice)
        self._screen_incomplete = False  # the last recolor stopped at text not in yet
        self._inserter.finished.connect(self._on_filled)
        self.verticalScrollBar().valueChanged.connect(self.recolor)

    # -- a view of a session -------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self.token_clicked.connect(session.select)
        self.derivation_requested.connect(session.show_derivation_of)
        self.cut_changed.connect(pane.set_note)
        session.selected.connect(self.select)
        session.watch_encoding(self._show)
        session.options_changed.connect(lambda options: self.set_alternating(
            options.alternating))
        self.set_alternating(session.options.alternating)

    def shows(self, encoded: EncodedText) -> bool:
        return self.table is encoded.table and self.filled

    def _show(self, encoded: EncodedText | None) -> None:
        if encoded is None:
            self.set_table(None)
        else:
            self.set_table(encoded.table, colors=encoded.colors, shown=encoded.shaped_text,
                           cut=encoded.shaped_cut, utf16=encoded.utf16)

    @property
    def filled(self) -> bool:
        """All of the text is in (a long one goes in slice by slice)."""
        return not self._inserter.active

    def set_table(self, table: TokenTable | None, *, colors: bytearray | None = None,
                  shown: str | None = None, cut: str = "", utf16: Utf16Map | None = None
                  ) -> None:
        """Show a table with its tokens' colour numbers (``shown``, ``cut`` and ``utf16``:
        its text as shown, why that stops early, and that text's UTF-16 map, when made off
        the GUI thread)."""
        self.table = table
        self.colors = colors if colors is not None else bytearray(len(table or ()))
        if shown is None:
            shown, cut = shaped_text(table.model_text) if table is not None else ("", "")
        if cut != self.cut:
            self.cut = cut
            self.cut_changed.emit(cut)
        if shown != self._shown:
            self._map = utf16 if utf16 is not None else Utf16Map(shown)
            self._shown = shown
            # Selections on the old text would be carried through the change, one by one.
            self.setExtraSelections([])
            self._inserter.stop()
            if at_once(shown):
                self.setPlainText(shown)
            else:
                self.setPlainText("")
                self.filled_changed.emit(False)
                self._inserter.start(QTextCursor(self.document()), shown)
        if table is None or (self.selected is not None and self.selected >= len(table)):
            self.selected = None
        self.recolor()

    def _on_slice(self, _fraction: float) -> None:
        if self._screen_incomplete:
            self.recolor()

    def _on_filled(self) -> None:
        self.recolor()
        self.filled_changed.emit(True)

    def shown_text(self) -> str:
        return self.document().toRawText().replace("\u2029", "\n")

    def set_alternating(self, alternating: bool) -> None:
        self.alternating = alternating
        self.recolor()

    def token_color(self, index: int) -> str:
        """The background token ``index`` is drawn on."""
        number = self.colors[index] if index < len(self.colors) else 7
        return chip_color(number, index, alternating=self.alternating)

    def select(self, index: int | None) -> None:
        self.selected = index
        table = self.table
        if index is not None and table is not None and index < len(table):
            position = self._map.to_utf16(table.char_starts[index])
            if position < self.document().characterCount():
                cursor = QTextCursor(self.document())
                cursor.setPosition(position)
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
        in_document = self.document().characterCount() - 1  # UTF-16 units there so far
        c0, c1 = self.visible_chars()
        first = bisect_right(table.char_ends, c0)
        last = bisect_left(table.char_starts, c1)
        selections: list[QTextEdit.ExtraSelection] = []
        shared_from = -1
        self._screen_incomplete = False
        for index in range(max(0, first - 1), min(len(table), last + 1)):
            start, end = table.char_starts[index], table.char_ends[index]
            if end <= start:
                continue
            start16, end16 = self._map.to_utf16(start), self._map.to_utf16(end)
            if end16 > in_document:
                self._screen_incomplete = True
                break  # not in yet
            color = QColor(self.token_color(index))
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
            cursor.setPosition(start16)
            cursor.setPosition(end16, QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor  # type: ignore[attr-defined]
            selection.format = fmt  # type: ignore[attr-defined]
            selections.append(selection)
        self.setExtraSelections(selections)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.recolor()

    def contextMenuEvent(self, event) -> None:
        index = self._token_at(event.pos())
        if index is None:
            super().contextMenuEvent(event)
            return
        token_menu(self, index, event.globalPos(), self.derivation_requested.emit,
                   base=self.createStandardContextMenu(event.pos()))

    def _token_at(self, point: QPoint) -> int | None:
        if self.table is None or not self._shown or not len(self.table):
            return None
        char = self._map.from_utf16(self.cursorForPosition(point).position())
        return self.table.token_at_char(min(char, len(self.table.model_text) - 1))

    def mouseReleaseEvent(self, event) -> None:
        super().mouseReleaseEvent(event)
        if self.table is None or self.textCursor().hasSelection() or not self._shown:
            return
        char = self._map.from_utf16(self.cursorForPosition(event.position().toPoint())
                                    .position())
        index = self.table.token_at_char(min(char, len(self.table.model_text) - 1))
        if index is not None:
            self.selected = index
            self.recolor()
            self.token_clicked.emit(index)
