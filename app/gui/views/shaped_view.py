"""The shaped view: the model text rendered once, as a text engine shapes it, with each token's
characters on the token's colour.

Chips drawn one by one break shaping — Arabic letters stop joining, Devanagari conjuncts fall
apart, right-to-left runs come out reversed. Here the text is laid out whole by Qt and the
colours are formats of each line's layout (as a syntax highlighter sets them), so shaping and
bidi are untouched. A character shared by two tokens (a token ending inside it) is hatched.

The work follows what changed and what is on screen, not the length of the text: a new
encoding's text goes into the document as the difference from the text shown (the edited
lines, not the whole text again), and only lines on screen get colours — each remembers what
it was coloured for, so a line whose tokens did not change is left alone. A long text goes in
a slice per turn of the event loop.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from itertools import count
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextLayout,
)
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bpelens.core import TokenTable, common_affixes

from ..encode_job import EncodedText, shaped_text
from ..text_slices import SliceInserter, at_once
from ..token_colors import chip_color, text_color
from ..utf16 import Utf16Map
from .token_menu import token_menu

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

SHAPED_SLICE_CHARS = 50_000
# Lines whose colouring is remembered (a line's user state is its key); past this many the
# memory is dropped and lines on screen are coloured again.
REMEMBERED_LINES = 20_000
SELECTED_UNDERLINE = "#1f4fff"


FONT_SIZE = 15


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
        self.setFont(QFont("Noto Sans", FONT_SIZE))
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
        # user state of a line → what its colours were made for (see _line_ranges)
        self._line_keys: dict[int, tuple] = {}
        self._line_ids = count(1)
        self._formats: dict[tuple[str, bool, bool], QTextCharFormat] = {}
        self._recoloring = self._recolor_again = False
        self._serial: int | None = None  # of the encoding shown
        self._inserter.finished.connect(self._on_filled)
        self.verticalScrollBar().valueChanged.connect(self.recolor)

    # -- a view of a session -------------------------------------------------------------------

    def set_zoom(self, zoom: float) -> None:
        """Larger type (presentation mode); the colours are the text's own formats."""
        self.setFont(QFont("Noto Sans", round(FONT_SIZE * zoom)))
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
            edit = encoded.edit_of(self._serial)
            self.set_table(encoded.table, colors=encoded.colors, shown=encoded.shaped_text,
                           cut=encoded.shaped_cut, utf16=encoded.utf16,
                           changed=(edit.char_start, edit.old_char_end, edit.new_char_end)
                           if edit is not None else None)
        self._serial = encoded.serial if encoded is not None else None

    @property
    def filled(self) -> bool:
        """All of the text is in (a long one goes in slice by slice)."""
        return not self._inserter.active

    def set_table(self, table: TokenTable | None, *, colors: bytearray | None = None,
                  shown: str | None = None, cut: str = "", utf16: Utf16Map | None = None,
                  changed: tuple[int, int, int] | None = None) -> None:
        """Show a table with its tokens' colour numbers (``shown``, ``cut`` and ``utf16``:
        its text as shown, why that stops early, and that text's UTF-16 map, when made off
        the GUI thread; ``changed``: the characters ``start`` to ``old_end`` of the text shown
        became ``start`` to ``new_end`` of ``shown``, the rest is the same)."""
        self._serial = None  # (the encoding's, set by _show once it is shown)
        if table is not self.table:  # the session selects nothing in a new encoding
            self.selected = None
        self.table = table
        self.colors = colors if colors is not None else bytearray(len(table or ()))
        if shown is None:
            shown, cut = shaped_text(table.model_text) if table is not None else ("", "")
        if cut != self.cut:
            self.cut = cut
            self.cut_changed.emit(cut)
        if shown != self._shown:
            old_map = self._map
            self._map = utf16 if utf16 is not None else Utf16Map(shown)
            self._put_text(shown, old_map, changed)
        self.recolor()

    def _put_text(self, shown: str, old_map: Utf16Map,
                  changed: tuple[int, int, int] | None) -> None:
        """The document takes ``shown``: only the part that differs from the text in it, when
        that text is all in and the part is short; else all of it (slice by slice if long)."""
        old, self._shown = self._shown, shown
        if not self._inserter.active and old and shown:
            # Where they differ: inside what changed, when known (no pass over the text).
            start, old_end, new_end = changed or (0, len(old), len(shown))
            prefix, suffix = common_affixes(old[start:old_end], shown[start:new_end])
            prefix += start
            suffix += len(old) - old_end
            middle = shown[prefix : len(shown) - suffix]
            if at_once(middle):
                cursor = QTextCursor(self.document())
                cursor.setPosition(old_map.to_utf16(prefix))
                cursor.setPosition(old_map.to_utf16(len(old) - suffix),
                                   QTextCursor.MoveMode.KeepAnchor)
                cursor.insertText(middle)
                return
        self._inserter.stop()
        self._line_keys.clear()
        if at_once(shown):
            self.setPlainText(shown)
        else:
            self.setPlainText("")
            self.filled_changed.emit(False)
            self._inserter.start(QTextCursor(self.document()), shown)

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

    def visible_lines(self) -> list[QTextBlock]:
        """The lines (blocks) of the document on screen."""
        lines = []
        block = self.firstVisibleBlock()
        offset = self.contentOffset()
        height = self.viewport().height()
        while block.isValid():
            if self.blockBoundingGeometry(block).translated(offset).top() > height:
                break
            lines.append(block)
            block = block.next()
        return lines

    def recolor(self) -> None:
        """Colour the tokens of the lines on screen (a line coloured for the same tokens, text
        and options keeps its colours)."""
        if self._recoloring:  # a line laid out again moved the scroll bar: once more after
            self._recolor_again = True
            return
        self._recoloring = True
        try:
            self._recolor_again = True
            while self._recolor_again:
                self._recolor_again = False
                self._recolor_lines()
        finally:
            self._recoloring = False

    def _recolor_lines(self) -> None:
        table = self.table
        in_document = self.document().characterCount() - 1  # UTF-16 units there so far
        self._screen_incomplete = False
        if len(self._line_keys) > REMEMBERED_LINES:
            self._line_keys.clear()
        document = self.document()
        for block in self.visible_lines():
            start16 = block.position()
            end16 = start16 + block.length() - 1
            if table is None or not len(table):
                ranges, key = [], ()
            elif end16 > in_document:
                self._screen_incomplete = True
                break  # not in yet
            else:
                ranges, key = self._line_ranges(table, block, start16, end16)
            remembered = self._line_keys.get(block.userState())
            if remembered == key:
                continue
            layout = block.layout()
            layout.setFormats([self._format_range(*r) for r in ranges])
            state = next(self._line_ids)
            block.setUserState(state)
            self._line_keys[state] = key
            document.markContentsDirty(start16, block.length())

    def _line_ranges(self, table: TokenTable, block: QTextBlock, start16: int, end16: int
                     ) -> tuple[list[tuple[int, int, str, bool, bool]], tuple]:
        """The coloured ranges of one line (UTF-16 start and length in the line, colour,
        hatched, selected), and the key they were made for: the line's text and ranges."""
        utf16 = self._map
        c0, c1 = utf16.from_utf16(start16), utf16.from_utf16(end16)
        starts, ends, partial, colors = (table.char_starts, table.char_ends, table.partial,
                                         self.colors)
        first = bisect_right(ends, c0)
        last = bisect_left(starts, c1)
        shared_from = ends[first - 1] if first > 0 else -1
        # Positions are code points but for characters outside the BMP (two units each).
        to16 = utf16.to_utf16 if utf16.units != utf16.length else None
        alternating, selected = self.alternating, self.selected
        ranges = []
        for index in range(first, last):
            start, end = starts[index], ends[index]
            if end <= start:
                continue
            s, e = max(start, c0), min(end, c1)
            if to16 is not None:
                s, e = to16(s), to16(e)
            hatched = start < shared_from or partial[index] != 0
            if end > shared_from:
                shared_from = end
            if e > s:
                number = colors[index] if index < len(colors) else 7
                ranges.append((s - start16, e - s, chip_color(number, index,
                                                              alternating=alternating),
                               hatched, index == selected))
        return ranges, (block.text(), *ranges)

    def _format_range(self, start: int, length: int, color: str, hatched: bool,
                      selected: bool) -> QTextLayout.FormatRange:
        fmt = self._formats.get((color, hatched, selected))
        if fmt is None:
            fmt = self._formats[(color, hatched, selected)] = token_format(color, hatched,
                                                                           selected)
        out = QTextLayout.FormatRange()
        out.start, out.length, out.format = start, length, fmt
        return out

    def colored(self) -> list[tuple[int, int, str, bool]]:
        """What the lines on screen are coloured with, read back from their layouts: (first
        character, end character, background colour, hatched) in text order — for tests."""
        out = []
        for block in self.visible_lines():
            for r in block.layout().formats():
                first16 = block.position() + r.start
                brush = r.format.background()
                out.append((self._map.from_utf16(first16),
                            self._map.from_utf16(first16 + r.length),
                            brush.color().name(),
                            brush.style() == Qt.BrushStyle.BDiagPattern))
        return out

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


def token_format(color: str, hatched: bool, selected: bool) -> QTextCharFormat:
    """The format of a token's characters: its colour (hatched where a character is shared),
    darker and underlined when selected."""
    background = QColor(color)
    fmt = QTextCharFormat()
    if selected:  # solid even where hatched: the selection is what the eye looks for
        fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
        fmt.setUnderlineColor(QColor(SELECTED_UNDERLINE))
        fmt.setFontUnderline(True)
        fmt.setBackground(background.darker(125))
    else:
        fmt.setBackground(QBrush(background, Qt.BrushStyle.BDiagPattern) if hatched
                          else QBrush(background))
    fmt.setForeground(QColor(text_color(color)))
    return fmt
