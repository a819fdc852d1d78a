"""What the shaped view should show on screen, worked out from the encoding alone: each
token's characters on its colour (the layers view's), line by line, hatched where a character
is shared with the token before — compared with what the lines' layouts really hold."""

from __future__ import annotations

from PySide6.QtGui import QColor


def expected_colors(window) -> list[tuple[int, int, str, bool]]:
    shaped, table = window.shaped, window.table
    text = shaped.shown_text()
    out = []
    for block in shaped.visible_lines():
        # the line's characters: from its first to the newline that ends it
        c0 = _chars_before(text, block.position())
        c1 = c0 + len(block.text())
        covered = -1  # the furthest character a token before has reached
        for index in range(len(table)):
            start, end = table.char_starts[index], table.char_ends[index]
            if end <= start:
                continue
            hatched = bool(table.partial[index]) or start < covered
            covered = max(covered, end)
            s, e = max(start, c0), min(end, c1)
            if s < e:
                color = window.layers.token_color(index)
                if index == shaped.selected:
                    color, hatched = QColor(color).darker(125).name(), False
                out.append((s, e, color, hatched))
    return out


def _chars_before(text: str, units: int) -> int:
    """How many characters of ``text`` make its first ``units`` UTF-16 units."""
    return len(text.encode("utf-16-le")[: 2 * units].decode("utf-16-le"))


def assert_shaped_colors(window) -> None:
    assert window.shaped.colored() == expected_colors(window)
