"""The text box: what the user types, pastes or drops.

Its text is mirrored as a Python string (:mod:`.editor_text`), so reading it costs nothing. A
long text — a paste, a decoded list of ids, an opened file — is checked off the GUI thread
(:func:`~.text_checks.box_safe`: line endings, lone surrogates; ~0.1 s for 10 MB, as is taking
a pasted text out of Qt) and then goes in slice by slice (:mod:`.text_slices`), the box
read-only meanwhile, as one undoable edit. A dropped file is handed to the window instead of
pasted as a URL.

Qt lays out a paragraph whole, and wrapping one costs time quadratic in its length (1.4 s for
100,000 characters, 80 s for a million). So a text with a line longer than
:data:`WRAP_LINE_CHARS` is shown unwrapped, and one with a line longer than
:data:`HOLD_LINE_CHARS` (a megabyte of minified JSON, ten million times "a") is not put in
the box at all: the box *holds* it — the window encodes, shows and saves it as it is — and
says so in its place; Delete clears it, a paste or a drop replaces it.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QMimeData, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent, QKeySequence, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bpelens.core import decoded

from .editor_text import TextMirror, code_points_in_units, longest_line
from .text_checks import box_safe
from .text_slices import SliceInserter, at_once
from .worker import Runner

WRAP_LINE_CHARS = 10_000
HOLD_LINE_CHARS = 50_000
# A paste longer than this many bytes is taken out of Qt as bytes and decoded off the GUI
# thread (bytes cost half what a Python string does).
PASTE_BYTES_AT_ONCE = 800_000


def prepared(text: str | QByteArray) -> tuple[str, list[str], int]:
    """A text checked for the box: the text it can hold, what changed, its longest line."""
    if not isinstance(text, str):
        text = decoded(text.data(), "replace")
    safe, notes = box_safe(text)
    return safe, notes, longest_line(safe)


class InputEditor(QPlainTextEdit):
    """``files_dropped(paths)``; ``filling_changed(bool)`` while a long text goes in;
    ``text_noted(messages)`` when a text had to change to fit the box (the window says so)."""

    files_dropped = Signal(list)
    filling_changed = Signal(bool)
    text_noted = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._mirror = TextMirror(self.document())
        self._inserter = SliceInserter(self)
        self._inserter.finished.connect(self._on_filled)
        self._preparer = Runner("paste", self)
        self._preparer.done.connect(self._on_prepared)
        self._preparer.failed.connect(self._on_prepare_failed)
        self._target: QTextCursor | None = None  # where the text being prepared goes
        self._filling = False
        self._held: str | None = None
        self._held_changes = 0

    # -- the text ----------------------------------------------------------------------------
    def text(self) -> str:
        """The text exactly as typed. (``toPlainText`` turns no-break spaces into spaces and
        U+2028 into a newline — another text, other tokens.)"""
        return self._held if self._held is not None else self._mirror.text()

    @property
    def revision(self) -> int:
        """Counts the changes of the text."""
        return self._mirror.revision + self._held_changes

    def take_change_size(self) -> int:
        """How much the text changed (UTF-16 units removed or added) since the last call."""
        changed, self._mirror.changed = self._mirror.changed, 0
        return changed

    @property
    def filling(self) -> bool:
        """A long text is being checked or going in, slice by slice."""
        return self._filling

    @property
    def held(self) -> bool:
        """The text has a line too long for the box: the box holds it without showing it."""
        return self._held is not None

    def set_text(self, text: str) -> None:
        """The first text, already checked (not undoable)."""
        self._stop()
        longest = longest_line(text)
        if longest > HOLD_LINE_CHARS:
            self._hold(text, longest)
            return
        self._release()
        self._wrap_for(longest)
        self.setPlainText(text)

    def finish(self) -> None:
        """Put in at once what is still going in slice by slice (closing: the text saved
        must be whole); a text still being checked is dropped (the old text stays)."""
        self._preparer.cancel()
        self._target = None
        if self._inserter.active:
            self._inserter.finish()
        self._set_filling(False)

    def replace_text(self, text: str) -> None:
        """All of the text replaced by ``text``, as one undoable edit (after the checks)."""
        self.insert_at(self._whole(), text)

    def insert_at(self, cursor: QTextCursor, text: str | QByteArray) -> None:
        """``text`` (or its UTF-8 bytes) in place of the cursor's selection, as one undoable
        edit; a long one is checked off the GUI thread and goes in a slice per turn of the
        event loop, the box read-only meanwhile."""
        self._stop()
        if isinstance(text, str) and at_once(text):
            self._put(cursor, *prepared(text))
            return
        self._set_filling(True)
        self._target = QTextCursor(cursor)
        self._preparer.submit(lambda job: prepared(text))

    # -- inside ------------------------------------------------------------------------------
    def _whole(self) -> QTextCursor:
        cursor = QTextCursor(self.document())
        cursor.select(QTextCursor.SelectionType.Document)
        return cursor

    def _on_prepared(self, result: tuple[str, list[str], int]) -> None:
        target, self._target = self._target, None
        if target is not None:
            self._put(target, *result)

    def _put(self, cursor: QTextCursor, safe: str, notes: list[str], longest: int) -> None:
        if notes:
            self.text_noted.emit(notes)
        if self._held is not None:
            cursor = self._whole()  # a held text is replaced whole
        if longest > HOLD_LINE_CHARS:
            self._hold(self._spliced(cursor, safe), longest)
            return
        if self._held is not None:
            self._release()
            cursor = self._whole()
        if longest > WRAP_LINE_CHARS or self._whole_selected(cursor):
            self._wrap_for(longest)
        if at_once(safe):
            cursor.beginEditBlock()
            cursor.insertText(safe)
            cursor.endEditBlock()
            self.setTextCursor(cursor)
            self._set_filling(False)
            return
        self._set_filling(True)
        self._inserter.start(cursor, safe)

    def _whole_selected(self, cursor: QTextCursor) -> bool:
        return cursor.selectionStart() == 0 and (
            cursor.selectionEnd() >= self.document().characterCount() - 1)

    def _spliced(self, cursor: QTextCursor, inserted: str) -> str:
        """The whole text once ``inserted`` replaces the cursor's selection."""
        if self._held is not None or self._whole_selected(cursor):
            return inserted
        text = self._mirror.text()
        start = code_points_in_units(text, 0, cursor.selectionStart()) or 0
        length = code_points_in_units(text, start, cursor.selectionEnd()
                                      - cursor.selectionStart()) or 0
        return text[:start] + inserted + text[start + length :]

    def _wrap_for(self, longest: int) -> None:
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap if longest > WRAP_LINE_CHARS
                             else QPlainTextEdit.LineWrapMode.WidgetWidth)

    def _hold(self, text: str, longest: int) -> None:
        self._held = text
        self._held_changes += 1
        self._set_filling(False)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        lines = text.count("\n") + 1
        counted = (self.tr("{n:,} lines") if lines > 1 else self.tr("{n:,} line")).format(n=lines)
        self.setPlainText(self.tr(
            "This text is too long for the box to show: {characters:,} characters, {lines}, "
            "the longest {longest:,} characters (the box shows lines of up to {limit:,}).\n\n"
            "It is encoded, shown in the views and saved as it is.\n\n"
            "Press Delete to clear it; paste, drop or open another text to replace it.").format(
            characters=len(text), lines=counted, longest=longest, limit=HOLD_LINE_CHARS))

    def _release(self) -> None:
        if self._held is None:
            return
        self._held = None
        self._held_changes += 1
        self.setReadOnly(self._filling)
        self.setPlainText("")

    def _on_prepare_failed(self, exc: BaseException) -> None:
        self._target = None
        self._set_filling(False)
        self.text_noted.emit([self.tr("The text could not be put in the box: {error}").format(
            error=exc)])

    def _on_filled(self) -> None:
        self._set_filling(False)

    def _stop(self) -> None:
        self._preparer.cancel()
        self._target = None
        if self._inserter.active:
            self._inserter.stop()
        self._set_filling(False)

    def _set_filling(self, filling: bool) -> None:
        if filling != self._filling:
            self._filling = filling
            self.setReadOnly(filling or self._held is not None)
            self.filling_changed.emit(filling)

    # -- keys and drops ----------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self._held is not None and not self._filling:
            if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
                self._stop()
                self._release()
                return
            if event.matches(QKeySequence.StandardKey.Paste):
                self.paste()
                return
        super().keyPressEvent(event)

    def paste(self) -> None:
        if self._held is not None:  # read-only, yet a paste replaces what it holds
            self.insertFromMimeData(QGuiApplication.clipboard().mimeData())
            return
        super().paste()

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return source.hasUrls() or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        paths = [u.toLocalFile() for u in source.urls() if u.isLocalFile()]
        if paths:
            self.files_dropped.emit(paths)
            return
        if self.filling or (self.isReadOnly() and self._held is None):
            return
        if source.hasText():
            data = source.data("text/plain")
            cursor = self._whole() if self._held is not None else self.textCursor()
            if data.isEmpty() or data.size() <= PASTE_BYTES_AT_ONCE:
                self.insert_at(cursor, source.text())
            else:
                self.insert_at(cursor, data)
            return
        super().insertFromMimeData(source)
