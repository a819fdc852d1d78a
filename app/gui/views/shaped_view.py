"""The shaped view: the model text rendered once, as a text engine shapes it, with each token's
characters on the token's colour.

Chips drawn one by one break shaping — Arabic letters stop joining, Devanagari conjuncts fall
apart, right-to-left runs come out reversed — and so do formats that colour parts of a line:
each format range is a shaping run of its own, so a token boundary inside a cluster (``स्त |
े``, ``👍 | skin tone``) would cut the glyphs. Here the lines carry no formats at all: the
colours are painted *under* the text, where the line's layout put each token's glyphs (the
same code draws the shaped picture: :mod:`bpelens.app.pictures.shaped_text`); a cluster shared
by two tokens is split between them and striped.

The work follows what changed and what is on screen, not the length of the text: a new
encoding's text goes into the document as the difference from the text shown (the edited
lines, not the whole text again), and only lines on screen are painted — the places of each
line's glyphs are kept until its text, width or type changes. A long text goes in a slice per
turn of the event loop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QPoint, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPalette, QTextBlock, QTextCursor, QTextLine
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bpelens.core import TokenTable, common_affixes

from ...pictures.qt_paint import font, paint_shapes
from ...pictures.shaped_text import (
    SHAPED_SIZE,
    Backdrop,
    backdrop_shapes,
    backdrops,
    grapheme_bounds,
    line_clusters,
    token_parts,
)
from ...pictures.token_colors import chip_color
from ..encode_job import EncodedText, shaped_text
from ..text_slices import SliceInserter, at_once
from ..ui_theme import palette_for
from ..utf16 import Utf16Map
from .token_menu import token_menu

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

SHAPED_SLICE_CHARS = 50_000
# Lines whose glyph places are kept; past this many the memory is dropped and the lines on
# screen are measured again.
REMEMBERED_LINES = 20_000



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
        self.setFont(font(SHAPED_SIZE))
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
        # A line's glyph clusters, by what places them (its text, width and type); and its
        # tokens' colours, for the table shown (dropped with it).
        self._clusters: dict[tuple, tuple] = {}
        self._backdrops: dict[tuple, list[Backdrop]] = {}
        self._palette = palette_for(self)
        self._follow_palette()
        self._serial: int | None = None  # of the encoding shown
        self._inserter.finished.connect(self._on_filled)
        self.verticalScrollBar().valueChanged.connect(self.recolor)

    # -- a view of a session -------------------------------------------------------------------

    def set_zoom(self, zoom: float) -> None:
        """Larger type (presentation mode); the colours follow the glyphs."""
        self.setFont(font(round(SHAPED_SIZE * zoom, 1)))
        self.recolor()

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
            self._backdrops.clear()
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
        if at_once(shown):
            self.setPlainText(shown)
        else:
            self.setPlainText("")
            self.filled_changed.emit(False)
            self._inserter.start(QTextCursor(self.document()), shown)

    def _on_slice(self, _fraction: float) -> None:
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
        """The background token ``index``'s characters are drawn on."""
        number = self.colors[index] if index < len(self.colors) else 7
        if self.alternating and number < 8:
            return chip_color(number, index, alternating=True)
        return self._palette.text_fill(number)

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
        """Paint the colours again (new tokens, colours or selection)."""
        self.viewport().update()

    def line_backdrops(self, block: QTextBlock) -> list[tuple[QTextLine, list[Backdrop]]]:
        """Each line of a block that is on screen, with its tokens' colours (positions in
        the block's text): none until the text under them is in. Only the lines on screen
        are measured: a paragraph of a hundred thousand characters costs what a screenful
        does."""
        table = self.table
        layout = block.layout()
        if table is None or not len(table) or layout is None or layout.lineCount() == 0:
            return []
        start16 = block.position()
        if start16 + block.length() - 1 > self.document().characterCount() - 1:
            return []
        text = block.text()
        c0 = self._map.from_utf16(start16)
        if c0 + len(text) > len(table.model_text):
            return []  # the text shown is not this table's yet
        top = (self.blockBoundingGeometry(block).translated(self.contentOffset()).top()
               + layout.position().y())
        height = self.viewport().height()
        units = text.encode("utf-16-le", "surrogatepass")
        out = []
        for number in range(layout.lineCount()):
            line = layout.lineAt(number)
            if top + line.y() + line.height() < 0:
                continue
            if top + line.y() > height:
                break
            first, count = line.textStart(), line.textLength()
            piece = units[2 * first : 2 * (first + count)].decode("utf-16-le", "surrogatepass")
            before = len(units[: 2 * first].decode("utf-16-le", "surrogatepass"))
            key = (piece, first, line.width(), self.font().pixelSize())
            made = self._backdrops.get((key, c0 + before))
            if made is None:
                found = self._clusters.get(key)
                if found is None:
                    if len(self._clusters) > REMEMBERED_LINES:
                        self._clusters.clear()
                    found = self._clusters[key] = (line_clusters(line, text),
                                                   grapheme_bounds(layout, line))
                parts, byte_at = token_parts(table, c0 + before, piece, base=first)
                made = backdrops(found[0], parts, byte_at, found[1])
                if len(self._backdrops) > REMEMBERED_LINES:
                    self._backdrops.clear()
                self._backdrops[(key, c0 + before)] = made
            out.append((line, made))
        return out

    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        offset = self.contentOffset()
        palette = self._palette
        for block in self.visible_lines():
            origin = self.blockBoundingGeometry(block).translated(offset).topLeft()
            origin += block.layout().position()
            for line, found in self.line_backdrops(block):
                shapes = backdrop_shapes(
                    found, origin.x(), origin.y() + line.y(), line.height(),
                    fill=self.token_color, hatch=palette.hatch, selected=self.selected,
                    selected_fill=palette.selected_fill, underline=palette.selected_edge)
                paint_shapes(painter, shapes)
        painter.end()
        super().paintEvent(event)  # the text, whole, over its colours

    def colored(self) -> list[tuple[int, int, str, bool]]:
        """What the lines on screen are coloured with: (first character, end character,
        background colour, striped) in text order — for tests."""
        out = []
        for block in self.visible_lines():
            start16 = block.position()
            for _line, found in self.line_backdrops(block):
                for backdrop in found:
                    color = self.token_color(backdrop.index)
                    chosen = backdrop.index == self.selected
                    out.append((self._map.from_utf16(start16 + backdrop.start),
                                self._map.from_utf16(start16 + backdrop.end),
                                self._palette.selected_fill(color) if chosen else color,
                                backdrop.split and not chosen))
        return out

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._follow_palette()

    def _follow_palette(self) -> None:
        """The text in the theme's ink for shaped text (the ink its token colours are made
        for); its colours from the theme."""
        self._palette = palette_for(self)
        ink = QColor(self._palette.shaped_ink)
        own = self.palette()
        if own.color(QPalette.ColorRole.Text) != ink:
            own.setColor(QPalette.ColorRole.Text, ink)
            self.setPalette(own)
        self.recolor()

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


