"""The ids list: the encoding's ids, copyable; type or paste a list of ids to decode it.

Typing edits the box and nothing else: the ids are decoded on Enter or on a paste, never on
a keystroke, and the box is never rewritten while the user edits it (a new encoding's ids
wait until Enter or Esc). The id of the token selected in the views is highlighted in place,
without moving the user's cursor. A long list goes in a slice of lines per turn of the event
loop, formatted as it goes.

A new encoding after an edit of the text changes a few ids: only the lines holding them are
written again (they may then hold a few more or fewer than :data:`IDS_PER_LINE` ids; where
each line starts is kept), not the whole list.
"""

from __future__ import annotations

import re
from array import array
from bisect import bisect_right
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication, QKeyEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import common_affixes

from .. import style
from ..i18n import translate
from ..offsets import shifted
from ..text_slices import next_turn
from ..ui_theme import palette_for
from ..zoom import zoom_tree

if TYPE_CHECKING:
    from ..encode_job import EncodedText
    from ..session import Session
    from . import Pane

IDS_PER_LINE = 16
FILL_LINES = 600  # lines of ids per event-loop turn (~10 ms)
# A paste longer than this is decoded straight from the clipboard, not put in the box first
# (Qt would take a second to insert megabytes; the box gets the new encoding's ids anyway).
PASTE_AT_ONCE_CHARS = 200_000
_SEPARATORS = re.compile(r"[\s,\[\]]+")


def parse_ids(text: str) -> list[int]:
    """``"[1, 2, 3]"``, ``"1 2 3"``, ``"1,2,3"`` → ``[1, 2, 3]``; anything else is named."""
    ids: list[int] = []
    pos = 0
    for field in _SEPARATORS.split(text):
        if field:
            pos = text.index(field, pos)
            if not field.isascii() or not field.isdigit():
                raise ValueError(translate(
                    "IdsPanel", "not an id: {field} at character {position} (field {number}); "
                    "ids are whole numbers separated by commas or spaces").format(
                    field=repr(field[:20]), position=pos, number=len(ids) + 1))
            ids.append(int(field))
            pos += len(field)
    return ids


def format_ids(ids: list[int], start_line: int = 0, end_line: int | None = None) -> str:
    """The box's text for ``ids`` (or for its lines ``start_line`` to ``end_line``, each
    but the last followed by its line break), :data:`IDS_PER_LINE` ids a line."""
    n_lines = (len(ids) + IDS_PER_LINE - 1) // IDS_PER_LINE
    if not n_lines:
        return "[]"
    end_line = n_lines if end_line is None else min(end_line, n_lines)
    bounds = [min(len(ids), line * IDS_PER_LINE) for line in range(start_line, end_line + 1)]
    return format_lines(ids, bounds, first=start_line == 0, last=end_line == n_lines)


def format_lines(ids: list[int], bounds: list[int], *, first: bool, last: bool) -> str:
    """Lines of ids: line k holds ``ids[bounds[k]:bounds[k + 1]]``; ``first``: the first
    line opens the list, ``last``: the last line closes it (else it ends with its break)."""
    parts = []
    n = len(bounds) - 1
    for k in range(n):
        chunk = ", ".join(map(str, ids[bounds[k] : bounds[k + 1]]))
        head = "[" if first and k == 0 else " "
        tail = "]" if last and k == n - 1 else ",\n"
        parts.append(head + chunk + tail)
    return "".join(parts)


def even_bounds(start: int, end: int) -> list[int]:
    """Line bounds for ids ``start`` to ``end``, :data:`IDS_PER_LINE` a line (the last line
    may hold fewer; no ids: one empty line)."""
    return [*range(start, end, IDS_PER_LINE), end] if end > start else [start, start]


class IdsBox(QPlainTextEdit):
    """The box: ``committed()`` on Enter (Shift+Enter is a line break) or after a paste,
    ``pasted_long(text)`` for a paste too long to put in, ``escaped()`` on Esc."""

    committed = Signal()
    escaped = Signal()
    pasted_long = Signal(str)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not (
                event.modifiers() & Qt.KeyboardModifier.ShiftModifier):
            self.committed.emit()
            event.accept()
            return
        if key == Qt.Key.Key_Escape:
            self.escaped.emit()
            event.accept()
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if source.hasText() and len(source.text()) > PASTE_AT_ONCE_CHARS:
            self.pasted_long.emit(source.text())
            return
        super().insertFromMimeData(source)
        self.committed.emit()


class IdsPanel(QWidget):
    """``ids_entered(list)`` when the user commits other ids than the encoding's;
    ``index_clicked(index)`` when the user puts the cursor on an id."""

    ids_entered = Signal(list)
    index_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = IdsBox()
        self.box.setFont(QFont(*style.IDS_FONT))
        self.box.setPlaceholderText(self.tr("token ids — type or paste a list of ids and press "
                                            "Enter to decode it"))
        self.copy_button = QPushButton(self.tr("Copy ids"))
        self.message = QLabel()
        style.set_tone(self.message, "error")
        self.hint = QLabel()
        style.set_tone(self.hint, "muted")
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Ids")))
        row.addWidget(self.message, 1)
        row.addWidget(self.hint)
        row.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.box, 1)
        self.ids: list[int] = []
        self.editing = False  # the user changed the box since the ids were put in
        self.highlighted: int | None = None
        self._programmatic = False
        self._fill_generation = 0
        self._filled_lines = 0
        self._line_starts = array("q", [0, 0])  # the first id of each line, then the count
        self._in_sync = True  # the box holds self.ids as _line_starts says (not the user's)
        self._serial: int | None = None  # of the encoding whose ids the box holds
        self._waiting: list[int] | None = None  # ids that came while the user was editing
        self.box.textChanged.connect(self._on_text_changed)
        self.box.cursorPositionChanged.connect(self._on_cursor_moved)
        self.box.committed.connect(self.commit)
        self.box.escaped.connect(self.revert)
        self.box.pasted_long.connect(self._commit_text)
        self.copy_button.clicked.connect(self.copy)

    # -- a view of a session -------------------------------------------------------------------
    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and ids at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def attach(self, session: Session, pane: Pane) -> None:
        self.ids_entered.connect(session.decode)
        # The cursor on an id selects its token; selecting moves the cursor: once is enough.
        self.index_clicked.connect(
            lambda index: None if index == session.selection else session.select(index))
        session.selected.connect(self.highlight)
        session.watch_encoding(self._show)
        session.decoded.connect(lambda _count, _text: self.decoded())
        session.decode_failed.connect(self.show_error)

    def shows(self, encoded: EncodedText) -> bool:
        return self.ids is encoded.table.ids and self.filled

    # -- showing ids -----------------------------------------------------------------------
    def _show(self, encoded: EncodedText | None) -> None:
        if encoded is None:
            self.set_ids([])
            self._serial = None
            return
        edit = encoded.edit_of(self._serial)
        self.set_ids(encoded.table.ids, changed=(edit.token_start, edit.old_token_end,
                                                 edit.new_token_end) if edit else None)
        self._serial = encoded.serial if self._in_sync else None

    def set_ids(self, ids: list[int], changed: tuple[int, int, int] | None = None) -> None:
        """Show these ids (kept by reference: the caller does not change them; ``changed``:
        ids ``start`` to ``old_end`` of those shown became ``start`` to ``new_end`` of these,
        the others are the same). While the user edits the box they wait, and come in on Esc
        or after a commit."""
        self._serial = None  # (the encoding's, set by _show once these ids are in)
        if self.editing:
            self._waiting = ids
            return
        self._waiting = None
        old = self.ids
        self.message.clear()
        self.hint.clear()
        self.highlighted = None
        self.box.setExtraSelections([])
        if self._in_sync and self.filled and old and ids and self._patch(old, ids, changed):
            return
        self.ids = ids
        self._fill_generation += 1
        self._filled_lines = 0
        self._line_starts = array("q", even_bounds(0, len(ids)))
        self._set_box(lambda: self.box.setPlainText(""))
        self.box.setUndoRedoEnabled(False)
        self._in_sync = True
        if ids:
            self._fill(self._fill_generation)
        else:  # nothing: the placeholder says what the box is for
            self._filled_lines = self.n_lines
            self.box.setUndoRedoEnabled(True)

    def _patch(self, old: list[int], new: list[int],
               changed: tuple[int, int, int] | None) -> bool:
        """Write again only the lines holding ids that changed (False: too many of them, the
        box is filled anew)."""
        start, old_end, new_end = changed or (0, len(old), len(new))
        prefix, suffix = common_affixes(old[start:old_end], new[start:new_end])
        prefix += start
        suffix += len(old) - old_end
        starts = self._line_starts
        n = len(starts) - 1
        if prefix == len(old) == len(new):
            self.ids = new
            return True
        last = len(old) - suffix - 1  # the last old id that changed (< prefix: none did)

        def line_of(index: int) -> int:
            return min(n - 1, max(0, bisect_right(starts, index) - 1))

        a, b = line_of(prefix), line_of(max(prefix, last)) + 1
        delta = len(new) - len(old)
        if starts[a] == (starts[b] + delta if b < n else len(new)):
            # The lines' ids are all gone: the next line (or the one before, to close the
            # list) is written again with them.
            if b < n:
                b += 1
            elif a > 0:
                a -= 1
            else:
                return False
        first, end = starts[a], starts[b] + delta if b < n else len(new)
        if end - first > FILL_LINES * IDS_PER_LINE:
            return False
        bounds = even_bounds(first, end)
        text = format_lines(new, bounds, first=a == 0, last=b == n)
        document = self.box.document()
        begin = document.findBlockByNumber(a).position()
        stop = (document.findBlockByNumber(b).position() if b < n
                else document.characterCount() - 1)

        def replace() -> None:
            cursor = QTextCursor(document)
            cursor.setPosition(begin)
            cursor.setPosition(stop, QTextCursor.MoveMode.KeepAnchor)
            cursor.insertText(text)

        self.box.setUndoRedoEnabled(False)  # what the user undoes is their own typing
        self._set_box(replace)
        self.box.setUndoRedoEnabled(True)
        tail = starts[b:] if b < n else array("q", [len(old)])
        self._line_starts = starts[:a] + array("q", bounds[:-1]) + shifted(tail, delta)
        self._filled_lines = self.n_lines
        self.ids = new
        return True

    @property
    def waiting(self) -> list[int] | None:
        """A newer encoding's ids, waiting while the user edits the box."""
        return self._waiting

    @property
    def n_lines(self) -> int:
        return max(1, len(self._line_starts) - 1)

    @property
    def filled(self) -> bool:
        """All of the ids are in the box (a long list goes in slice by slice)."""
        return self._filled_lines >= self.n_lines

    def _fill(self, generation: int) -> None:
        if generation != self._fill_generation:
            return  # newer ids arrived meanwhile
        start = self._filled_lines
        end = min(self.n_lines, start + FILL_LINES)
        piece = format_lines(self.ids, list(self._line_starts[start : end + 1]),
                             first=start == 0, last=end == self.n_lines)

        def append() -> None:
            cursor = QTextCursor(self.box.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(piece)

        self._set_box(append)
        self._filled_lines = end
        if end < self.n_lines:
            next_turn(self, lambda: self._fill(generation))
        else:
            self.box.setUndoRedoEnabled(True)
        if self.highlighted is not None:
            self.highlight(self.highlighted)

    def _set_box(self, change) -> None:
        self._programmatic = True
        try:
            change()
        finally:
            self._programmatic = False

    def copy(self) -> None:
        QGuiApplication.clipboard().setText("[" + ", ".join(map(str, self.ids)) + "]")

    def show_error(self, message: str) -> None:
        self.message.setText(message)

    # -- the selected token's id -----------------------------------------------------------
    def id_range(self, index: int) -> tuple[int, int] | None:
        """Where the ``index``-th id is in the box (document positions), once it is in."""
        if self.editing or not 0 <= index < len(self.ids):
            return None
        line = bisect_right(self._line_starts, index) - 1
        if line >= self._filled_lines:
            return None
        block = self.box.document().findBlockByNumber(line)
        before = self.ids[self._line_starts[line] : index]
        offset = 1 + sum(len(str(i)) + 2 for i in before)  # after "[" or " ", ", " apart
        return (block.position() + offset, block.position() + offset + len(str(self.ids[index])))

    def highlight(self, index: int | None) -> None:
        """Mark the ``index``-th id (the token selected in the views) and scroll to it; the
        user's cursor stays where it is. An id not in the box yet is marked when it comes."""
        self.highlighted = index
        where = self.id_range(index) if index is not None else None
        if where is None:
            self.box.setExtraSelections([])
            return
        cursor = QTextCursor(self.box.document())
        cursor.setPosition(where[0])
        cursor.setPosition(where[1], QTextCursor.MoveMode.KeepAnchor)
        selection = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(palette_for(self).id_highlight))
        fmt.setForeground(QColor(palette_for(self).plain_ink))
        fmt.setFontWeight(QFont.Weight.Bold)
        selection.cursor = cursor  # type: ignore[attr-defined]
        selection.format = fmt  # type: ignore[attr-defined]
        self.box.setExtraSelections([selection])
        self._scroll_to(cursor)

    def highlighted_text(self) -> str:
        selections = self.box.extraSelections()
        return selections[0].cursor.selectedText() if selections else ""

    def _scroll_to(self, cursor: QTextCursor) -> None:
        rect = self.box.cursorRect(cursor)
        viewport = self.box.viewport().rect()
        if not viewport.contains(rect):
            bar = self.box.verticalScrollBar()
            # QPlainTextEdit scrolls by lines: put the id's line a third of the way down.
            lines_shown = max(1, viewport.height() // max(1, rect.height()))
            bar.setValue(max(0, cursor.blockNumber() - lines_shown // 3))

    def index_at_cursor(self) -> int | None:
        """The id under the box's cursor, by position."""
        cursor = self.box.textCursor()
        block = cursor.block()
        before = block.text()[: cursor.positionInBlock()]
        line = block.blockNumber()
        if line >= len(self._line_starts) - 1:
            return None
        index = self._line_starts[line] + before.count(",")
        return index if 0 <= index < len(self.ids) else None

    def _on_cursor_moved(self) -> None:
        if self._programmatic or self.editing or not self.box.hasFocus():
            return
        index = self.index_at_cursor()
        if index is not None:
            self.index_clicked.emit(index)

    # -- the user's ids ----------------------------------------------------------------------
    def _on_text_changed(self) -> None:
        if self._programmatic or self.editing:
            return
        self.editing = True
        self._in_sync = False
        self._serial = None
        self.box.setExtraSelections([])
        self.hint.setText(self.tr("Enter decodes these ids into the text · Esc puts back the "
                                  "encoding's"))

    def commit(self) -> None:
        """Decode what the box holds (Enter, or after a paste)."""
        self._commit_text(self.box.toPlainText())

    def _commit_text(self, text: str) -> None:
        try:
            ids = parse_ids(text)
        except ValueError as exc:
            self.message.setText(str(exc))
            return
        self.message.clear()
        if ids == self.ids:
            self.revert()
            return
        if not ids:
            self.message.setText(self.tr("no ids to decode: type ids separated by commas or "
                                         "spaces"))
            return
        self.ids_entered.emit(ids)

    def decoded(self) -> None:
        """The committed ids went into the text: the box follows the encoding again (its
        ids come with the encoding of the new text)."""
        self.editing = False
        self._waiting = None
        self.hint.clear()

    def revert(self) -> None:
        """Back to the encoding's ids (Esc)."""
        self.editing = False
        self.message.clear()
        self.hint.clear()
        waiting = self._waiting
        self.set_ids(waiting if waiting is not None else self.ids)

