"""Putting a long text into a text box a slice per turn of the event loop.

Qt inserts 10 MB into a text box in ~0.6 s (0.25 s without undo), all on the GUI thread: the
window would freeze. Slices of :data:`SLICE_CHARS` characters take ~15 ms each; the event
loop runs between them (painting, timers, the user's clicks). In an editable box the slices
form one undoable edit (Ctrl+Z takes the whole paste back).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QTextCursor

SLICE_CHARS = 100_000  # ~15 ms a slice in a 10 MB box (200,000: up to 50 ms and more)
# The next slice waits for a timer, not for a posted event: posted events posted while Qt
# delivers them are delivered in the same pass, so a chain of them would keep timers and
# input waiting until the whole text is in.
NEXT_TURN_MS = 1


def next_turn(context: QObject, step) -> None:
    """Run ``step`` on a later turn of the event loop, after what is waiting (input, paint,
    timers)."""
    QTimer.singleShot(NEXT_TURN_MS, context, step)
# Below this many characters a text goes in at once.
AT_ONCE_CHARS = 600_000


def at_once(text: str) -> bool:
    """Short enough to go in in one piece."""
    return len(text) <= AT_ONCE_CHARS


class SliceInserter(QObject):
    """Inserts ``text`` at a cursor (replacing its selection), slice by slice.

    ``progressed(fraction)`` after each slice, ``finished()`` after the last one; ``active``
    while slices remain."""

    progressed = Signal(float)
    finished = Signal()

    def __init__(self, parent: QObject | None = None, *,
                 slice_chars: int | None = None) -> None:
        super().__init__(parent)
        self._slice_chars = slice_chars
        self._text = ""
        self._at = 0
        self._cursor: QTextCursor | None = None
        self._generation = 0

    @property
    def active(self) -> bool:
        return self._cursor is not None

    def start(self, cursor: QTextCursor, text: str) -> None:
        """Replace the cursor's selection with ``text``: the first slice now, the others on
        the next turns of the event loop. A new start abandons the slices of the last."""
        self._generation += 1
        self._text, self._at, self._cursor = text, 0, QTextCursor(cursor)
        self._cursor.beginEditBlock()
        self._cursor.removeSelectedText()
        self._insert_slice(first=True)

    def finish(self) -> None:
        """Insert the rest at once (the window is closing: the text must be whole)."""
        if self._cursor is not None:
            self._generation += 1
            self._insert_slice(rest=True)

    def stop(self) -> None:
        """Insert no more slices (what is in stays in)."""
        self._generation += 1
        self._cursor = None
        self._text = ""

    def _insert_slice(self, *, first: bool = False, rest: bool = False) -> None:
        cursor = self._cursor
        if cursor is None:
            return
        if not first:
            cursor.joinPreviousEditBlock()
        size = len(self._text) if rest else (self._slice_chars or SLICE_CHARS)
        end = min(len(self._text), self._at + size)
        if end < len(self._text):  # cut after a newline when one is near: fewer split lines
            newline = self._text.rfind("\n", self._at, end)
            if newline > self._at + size // 2:
                end = newline + 1
        cursor.insertText(self._text[self._at : end])
        cursor.endEditBlock()
        self._at = end
        if end >= len(self._text):
            self._cursor = None
            self._text = ""
            self.progressed.emit(1.0)
            self.finished.emit()
            return
        self.progressed.emit(end / len(self._text))
        generation = self._generation
        next_turn(self, lambda: self._next(generation))

    def _next(self, generation: int) -> None:
        if generation == self._generation:
            self._insert_slice()
