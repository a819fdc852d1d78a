"""What the shaped view should show on screen, worked out from the encoding and Qt's grapheme
boundaries alone: under each token's characters, the token's colour (as the layers view
numbers it, in the shaped text's shade); striped exactly where a token boundary falls inside a
grapheme cluster; and the text itself laid out with no format at all, glyph for glyph as the
same text laid out plain."""

from __future__ import annotations

from PySide6.QtCore import QTextBoundaryFinder
from PySide6.QtGui import QTextLayout

from bpelens.app.gui.ui_theme import palette_for
from bpelens.app.pictures.token_colors import chip_color


def _units(text: str) -> list[int]:
    """UTF-16 position of each character of text, then the end."""
    out = [0]
    for ch in text:
        out.append(out[-1] + (2 if ord(ch) > 0xFFFF else 1))
    return out


def _graphemes(text: str) -> list[int]:
    finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Grapheme, text)
    edges = [0]
    while (at := finder.toNextBoundary()) != -1:
        edges.append(at)
    return edges


def expected_colors(window) -> dict[int, set[tuple[str, bool]]]:
    """For each character on screen: the (colour, striped) its tokens should paint under it."""
    shaped, table = window.shaped, window.table
    palette = palette_for(shaped)
    numbers = window.encoded.colors
    text = shaped.shown_text()
    out: dict[int, set[tuple[str, bool]]] = {}
    height = shaped.viewport().height()
    for block in shaped.visible_lines():
        line = block.text()
        c0 = _chars_before(text, block.position())
        units = _units(line)
        # the characters of the block's lines on screen (a block may begin above the top)
        layout = block.layout()
        top = (shaped.blockBoundingGeometry(block).translated(shaped.contentOffset()).top()
               + layout.position().y())
        shown_units = set()
        for number in range(layout.lineCount()):
            row = layout.lineAt(number)
            if top + row.y() + row.height() >= 0 and top + row.y() <= height:
                shown_units.update(range(row.textStart(), row.textStart() + row.textLength()))
        edges = _graphemes(line)
        cut = set()  # graphemes (by their first unit) a token boundary falls inside
        owners: dict[int, int] = {}
        for index in range(len(table)):
            for at in (table.char_starts[index], table.char_ends[index]):
                if c0 < at < c0 + len(line):
                    u = units[at - c0]
                    if u not in edges:
                        cut.add(max(e for e in edges if e < u))
            for c in range(max(table.char_starts[index], c0),
                           min(table.char_ends[index], c0 + len(line))):
                owners[c] = owners.get(c, 0) + 1
        for c, count in owners.items():
            if count > 1:  # a character two tokens share: a cut inside it
                cut.add(max(e for e in edges if e <= units[c - c0]))
        for index in range(len(table)):
            start, end = table.char_starts[index], table.char_ends[index]
            number = numbers[index]
            color = (chip_color(number, index, alternating=True)
                     if shaped.alternating and number < 8 else palette.text_fill(number))
            chosen = index == shaped.selected
            if chosen:
                color = palette.selected_fill(color)
            for c in range(max(start, c0), min(end, c0 + len(line))):
                u = units[c - c0]
                if u not in shown_units:
                    continue
                grapheme = max(e for e in edges if e <= u)
                out.setdefault(c, set()).add((color, grapheme in cut and not chosen))
    return out


def _chars_before(text: str, units: int) -> int:
    """How many characters of ``text`` make its first ``units`` UTF-16 units."""
    return len(text.encode("utf-16-le")[: 2 * units].decode("utf-16-le"))


def assert_shaped_colors(window) -> None:
    expected = expected_colors(window)
    painted: dict[int, set[tuple[str, bool]]] = {}
    for first, end, color, striped in window.shaped.colored():
        for c in range(first, end):
            painted.setdefault(c, set()).add((color, striped))
    assert expected, "nothing on screen to check"
    for c, wanted in expected.items():
        assert wanted <= painted.get(c, set()), (c, wanted, painted.get(c))
    assert set(painted) <= set(expected)
    assert_lines_shaped_plain(window.shaped)


def glyphs(layout: QTextLayout, number: int) -> list[tuple]:
    """The glyphs of a layout's line: font, glyph indexes and positions of every run."""
    line = layout.lineAt(number)
    flags = (QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes
             | QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphPositions)
    return [(run.rawFont().familyName(), tuple(run.glyphIndexes()),
             tuple((round(p.x(), 3), round(p.y(), 3)) for p in run.positions()))
            for run in line.glyphRuns(-1, -1, flags)]


def assert_lines_shaped_plain(shaped) -> None:
    """Every line on screen holds the glyphs the same text gets laid out plain (no colours,
    no formats) at the same width and font: colouring never changed how a line is shaped."""
    checked = 0
    for block in shaped.visible_lines():
        layout = block.layout()
        assert not layout.formats(), "a line carries formats: they split shaping runs"
        plain = QTextLayout(block.text(), shaped.font())
        plain.setTextOption(layout.textOption())
        plain.beginLayout()
        for number in range(layout.lineCount()):
            line = plain.createLine()
            original = layout.lineAt(number)
            line.setLineWidth(original.width())
            line.setPosition(original.position())
        plain.endLayout()
        for number in range(layout.lineCount()):
            assert glyphs(layout, number) == glyphs(plain, number), block.text()
            checked += 1
    assert checked
