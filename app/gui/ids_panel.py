"""The ids list: the encoding's ids, copyable; paste (or type) a list of ids to decode it."""

from __future__ import annotations

import re

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QFont, QGuiApplication, QTextCursor
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

IDS_PER_LINE = 16
FILL_SLICE = 400_000  # characters of ids text per event-loop turn (~5 ms)
_SEPARATORS = re.compile(r"[\s,\[\]]+")


def parse_ids(text: str) -> list[int]:
    """``"[1, 2, 3]"``, ``"1 2 3"``, ``"1,2,3"`` → ``[1, 2, 3]``; anything else is named."""
    ids: list[int] = []
    pos = 0
    for field in _SEPARATORS.split(text):
        if field:
            pos = text.index(field, pos)
            if not field.isascii() or not field.isdigit():
                raise ValueError(f"not an id: {field[:20]!r} at character {pos}")
            ids.append(int(field))
            pos += len(field)
    return ids


def format_ids(ids: list[int]) -> str:
    lines = [", ".join(map(str, ids[i : i + IDS_PER_LINE]))
             for i in range(0, len(ids), IDS_PER_LINE)]
    return "[" + ",\n ".join(lines) + "]"


class IdsPanel(QWidget):
    """``ids_entered(list)`` when the user puts other ids in the box than the encoding's."""

    ids_entered = Signal(list)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.box = QPlainTextEdit()
        self.box.setFont(QFont("DejaVu Sans Mono", 10))
        self.box.setPlaceholderText("token ids — paste a list of ids here to decode it")
        self.copy_button = QPushButton("Copy ids")
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020")
        row = QHBoxLayout()
        row.addWidget(QLabel("Ids"))
        row.addWidget(self.message, 1)
        row.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.box, 1)
        self.ids: list[int] = []
        self._programmatic = False
        self._fill_generation = 0
        self.box.textChanged.connect(self._on_text_changed)
        self.copy_button.clicked.connect(self.copy)

    def set_ids(self, ids: list[int], *, text: str | None = None) -> None:
        """Show these ids (``text``: their :func:`format_ids`, when already made).

        A long list goes into the box a slice per turn of the event loop, so half a million
        ids never freeze the window; ``filled`` says when all of it is there."""
        self.ids = list(ids)
        self.message.clear()
        text = format_ids(self.ids) if text is None else text
        self._fill_generation += 1
        self._set_box(lambda: self.box.setPlainText(text[:FILL_SLICE]))
        if len(text) > FILL_SLICE:
            self.box.setUndoRedoEnabled(False)
            QTimer.singleShot(0, lambda: self._fill(text, FILL_SLICE, self._fill_generation))

    @property
    def filled(self) -> bool:
        return self.box.isUndoRedoEnabled()

    def _fill(self, text: str, start: int, generation: int) -> None:
        if generation != self._fill_generation:
            return  # newer ids arrived meanwhile
        piece = text[start : start + FILL_SLICE]

        def append() -> None:
            cursor = QTextCursor(self.box.document())
            cursor.movePosition(QTextCursor.MoveOperation.End)
            cursor.insertText(piece)

        self._set_box(append)
        if start + FILL_SLICE < len(text):
            QTimer.singleShot(0, lambda: self._fill(text, start + FILL_SLICE, generation))
        else:
            self.box.setUndoRedoEnabled(True)

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

    def select(self, index: int) -> None:
        """Select the ``index``-th id in the box."""
        if not 0 <= index < len(self.ids):
            return
        line, column = divmod(index, IDS_PER_LINE)
        block = self.box.document().findBlockByNumber(line)
        text = block.text()
        offset = 1  # after the "[" of the first line, the space that starts the others
        for _ in range(column):
            offset = text.index(", ", offset) + 2
        end = offset + len(str(self.ids[index]))
        cursor = QTextCursor(block)
        cursor.setPosition(block.position() + offset)
        cursor.setPosition(block.position() + end, QTextCursor.MoveMode.KeepAnchor)
        self._programmatic = True
        try:
            self.box.setTextCursor(cursor)
            self.box.ensureCursorVisible()
        finally:
            self._programmatic = False

    def selected_index(self) -> int | None:
        """The id under the box's cursor, by position."""
        cursor = self.box.textCursor()
        block = cursor.block()
        before = block.text()[: cursor.positionInBlock()]
        index = block.blockNumber() * IDS_PER_LINE + before.count(",")
        return index if 0 <= index < len(self.ids) else None

    def _on_text_changed(self) -> None:
        if self._programmatic:
            return
        try:
            ids = parse_ids(self.box.toPlainText())
        except ValueError as exc:
            self.message.setText(str(exc))
            return
        self.message.clear()
        if ids and ids != self.ids:
            self.ids_entered.emit(ids)
