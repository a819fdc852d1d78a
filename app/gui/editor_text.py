"""The editor's text as a Python string, kept up to date edit by edit.

Reading a text box's whole text copies it out of Qt: ~0.1 s for 10 MB, on the GUI thread, on
every keystroke (to encode it) and every autosave. Instead the text is mirrored: each change
of the document (``contentsChange``: where, how many UTF-16 units removed and added) is
spliced into the string, reading only the added part. A change that does not add up (Qt counts
the final paragraph separator in some changes) is clamped to the document's length; if the
lengths still disagree, the mirror reads the whole text again, so it is never wrong.

The text is "exactly as typed": paragraph breaks are newlines, and no-break spaces and U+2028
stay what they are (``toPlainText`` would turn them into spaces and newlines).
"""

from __future__ import annotations

from PySide6.QtGui import QTextCursor, QTextDocument

from bpelens.core import lines_of


def longest_line(text: str) -> int:
    """The length of the text's longest line, in characters."""
    return max(map(len, lines_of(text))) if text else 0  # split in steps: see short_steps


def raw_text(document: QTextDocument) -> str:
    return document.toRawText().replace("\u2029", "\n")


def utf16_units(text: str) -> int:
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


def code_points_in_units(text: str, start: int, units: int) -> int | None:
    """How many code points from ``start`` make ``units`` UTF-16 units; None when the units
    end inside a character (half of a surrogate pair)."""
    piece = text[start : start + units]
    if piece.isascii():
        return len(piece)
    data = piece.encode("utf-16-le")[: 2 * units]
    if len(data) >= 2 and 0xD8 <= data[-1] <= 0xDB:  # a high surrogate, its pair cut off
        return None
    return len(data.decode("utf-16-le"))


class TextMirror:
    """``text()``: the document's text; ``revision``: counts the changes; ``changed``: how
    many UTF-16 units the changes since it was last set to 0 removed or added (the larger of
    the two, summed)."""

    def __init__(self, document: QTextDocument) -> None:
        self._document = document
        self.revision = 0
        self.changed = 0
        self.resyncs = 0  # times the whole text had to be read again (tests watch it)
        self._text = ""
        self._units = 0
        self._exact = True  # the text maps unit for unit onto the document
        self._resync()
        self.resyncs = 0
        document.contentsChange.connect(self._on_change)

    def text(self) -> str:
        return self._text

    def _on_change(self, position: int, removed: int, added: int) -> None:
        self.revision += 1
        self.changed += max(removed, added)
        if not self._exact:
            self._resync()
            return
        old, old_units = self._text, self._units
        new_units = max(0, self._document.characterCount() - 1)
        start16 = min(position, old_units)
        removed16 = min(removed, old_units - start16)
        added16 = new_units - (old_units - removed16)
        if added16 < 0 or added16 > added:
            self._resync()
            return
        if old_units == len(old):  # no character outside the BMP: units are code points
            start, end = start16, start16 + removed16
        else:
            start = code_points_in_units(old, 0, start16)
            removed_chars = None if start is None else code_points_in_units(old, start, removed16)
            if start is None or removed_chars is None:
                self._resync()  # a change that cut a character in two
                return
            end = start + removed_chars
        inserted = ""
        if added16:
            cursor = QTextCursor(self._document)
            cursor.setPosition(start16)
            cursor.setPosition(start16 + added16, QTextCursor.MoveMode.KeepAnchor)
            inserted = cursor.selectedText().replace("\u2029", "\n")
        text = old[:start] + inserted + old[end:] if (start, end) != (0, len(old)) else inserted
        units = old_units - removed16 + added16
        if utf16_units(inserted) != added16:
            self._resync()
            return
        self._text, self._units = text, units

    def _resync(self) -> None:
        self.resyncs += 1
        self._text = raw_text(self._document)
        self._units = max(0, self._document.characterCount() - 1)
        # A document holding half a surrogate pair (a program set a cursor inside one) has
        # units Python never sees: until it is gone, every change reads the text whole.
        self._exact = utf16_units(self._text) == self._units
