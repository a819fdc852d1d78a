"""Shaped text never breaks a cluster: with real tokenizers whose token boundaries fall inside
grapheme clusters (a Devanagari conjunct cut after its virama, a skin tone split from its
emoji, a flag cut between its regional indicators, harakat and niqqud cut from their letters),
every line — in the window, in every theme, in presentation mode and after leaving it, and in
`render --view shaped` — is laid out exactly as the same text without colours, and each
token's colour lies under the glyphs of its own characters."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import Qt, QTextBoundaryFinder
from PySide6.QtGui import QColor, QTextLayout, QTextOption
from PySide6.QtTest import QTest

from bpelens.app.pictures.palette import PALETTES
from bpelens.app.pictures.picture import Chip, TextRun
from bpelens.app.pictures.qt_paint import font
from bpelens.app.pictures.shaped_picture import shaped_picture
from bpelens.core import open_tokenizer, token_table

from conftest import SHARED_DATA, needs_shared_data
from shaped_checks import assert_shaped_colors, glyphs
from test_gui_main_window import window_factory

TOKENIZERS = SHARED_DATA / "tokenizers"
PATHS = {"o200k": TOKENIZERS / "tiktoken" / "o200k_base.tiktoken",
         "qwen3": TOKENIZERS / "hf" / "qwen3.tokenizer.json"}
# One line per script; written for these tests.
SAMPLES = {
    "devanagari": "नमस्ते दुनिया, आज मौसम अच्छा है",
    "bengali": "আমি বাংলায় গান গাই, ক্ষমা করবেন",
    "tamil": "தமிழ் மொழி மிகவும் அழகானது",
    "thai": "ภาษาไทยง่ายนิดเดียว น้ำใจ",
    "khmer": "ភាសាខ្មែរ ស្រស់ស្អាត",
    "myanmar": "မြန်မာဘာသာ စကား",
    "arabic harakat": "الْعَرَبِيَّةُ لُغَةٌ جَمِيلَةٌ",
    "hebrew points": "שָׁלוֹם עוֹלָם, מָה שְׁלוֹמְךָ",
    "skin tones": "👍🏽 👋🏿 🧑🏻‍💻 ok",
    "zwj families": "👨‍👩‍👧‍👦 👩‍❤️‍👨 family",
    "flags": "🇯🇵 🇫🇷 🏴󠁧󠁢󠁳󠁣󠁴󠁿 flags",
    "combining marks": "cafe\u0301 n\u0303o a\u0308\u0304 Z\u0335\u0321alg\u0336o",
}
ALL = "\n".join(SAMPLES.values())


def _graphemes(text: str) -> list[int]:
    """Character offsets of the grapheme cluster edges (Qt's rules, as the layout's)."""
    finder = QTextBoundaryFinder(QTextBoundaryFinder.BoundaryType.Grapheme, text)
    units = [0]
    while (at := finder.toNextBoundary()) != -1:
        units.append(at)
    chars, unit = {0: 0}, 0
    for number, ch in enumerate(text, 1):
        unit += 2 if ord(ch) > 0xFFFF else 1
        chars[unit] = number
    return [chars[u] for u in units]


@pytest.fixture(scope="module")
def tokenizers():
    if not SHARED_DATA.is_dir():
        pytest.skip(f"../shared/data is not here ({SHARED_DATA}): real tokenizers needed")
    return {name: open_tokenizer(path) for name, path in PATHS.items()}


def _plain(text: str, size: float, rtl: bool) -> QTextLayout:
    """The line laid out with nothing but its font and direction."""
    layout = QTextLayout(text, font(size))
    option = QTextOption()
    option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl
                            else Qt.LayoutDirection.LeftToRight)
    option.setWrapMode(QTextOption.WrapMode.NoWrap)
    layout.setTextOption(option)
    layout.beginLayout()
    layout.createLine()
    layout.endLayout()
    return layout


def _char_places(layout: QTextLayout, text: str) -> list[tuple[int, list[tuple[float, float]]]]:
    """(character, the places of the glyphs it is drawn with): asked position by position,
    each glyph from its position over its advance (a mark, of no advance, is left out)."""
    line = layout.lineAt(0)
    flags = (QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes
             | QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphPositions)
    out, unit = [], 0
    for number, ch in enumerate(text):
        size = 2 if ord(ch) > 0xFFFF else 1
        places = []
        for run in line.glyphRuns(unit, size, flags):
            advances = run.rawFont().advancesForGlyphIndexes(run.glyphIndexes())
            places += [(p.x(), p.x() + a.x()) for p, a in zip(run.positions(), advances,
                                                               strict=True) if a.x() > 0.5]
        if places:
            out.append((number, places))
        unit += size
    return out


@needs_shared_data
@pytest.mark.parametrize("sample", sorted(SAMPLES))
@pytest.mark.parametrize("name", sorted(PATHS))
def test_render_draws_each_line_whole_over_its_tokens_colours(tokenizers, name, sample, qapp):
    tokenizer = tokenizers[name]
    table = token_table(tokenizer, SAMPLES[sample])
    text = table.model_text  # (NFC, for Qwen 3)
    picture = shaped_picture(tokenizer, text, PALETTES["light"], width=1600)
    (run,) = [s for s in picture.shapes if isinstance(s, TextRun)]
    assert run.text == text  # one run: the line is drawn whole
    plain = _plain(text, run.size, run.rtl)
    from bpelens.app.pictures.qt_paint import line_layout
    assert glyphs(line_layout(run.text, run.size, run.rtl), 0) == glyphs(plain, 0)
    chips = [s for s in picture.shapes if isinstance(s, Chip)]
    # Each character's glyphs have a colour of its grapheme cluster's tokens under them (no
    # drift after emoji): its own token's, or a share of a cluster a boundary cuts.
    token_of: dict[int, set[int]] = {}
    for index in range(len(table)):
        for c in range(table.char_starts[index], table.char_ends[index]):
            token_of.setdefault(c, set()).add(table.ids[index])
    edges = _graphemes(text)
    for a, b in pairwise(edges):
        together = set().union(*(token_of.get(c, set()) for c in range(a, b)))
        for c in range(a, b):
            token_of[c] = together
    checked = 0
    for char, places in _char_places(plain, text):
        if text[char].isspace():
            continue
        under = {chip.token_id for chip in chips for left, right in places
                 if chip.box.x < run.x + right - 0.5 and chip.box.x + chip.box.w > run.x + left
                 + 0.5}
        assert under & token_of[char], (sample, char, text[char])
        checked += 1
    assert checked
    # The sample is one whose boundaries fall inside clusters: some colours are striped.
    if name == "qwen3":
        assert any(chip.box.hatch for chip in chips), sample


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def _painted_backdrops(window) -> tuple[int, int]:
    """(backdrops whose fill shows on screen at their top edge, backdrops checked): a line's
    colours painted, not only computed."""
    shaped = window.shaped
    image = shaped.viewport().grab().toImage()
    ratio = image.devicePixelRatio()
    offset = shaped.contentOffset()
    seen = checked = 0
    for block in shaped.visible_lines():
        origin = shaped.blockBoundingGeometry(block).translated(offset).topLeft()
        origin += block.layout().position()
        for line, found in shaped.line_backdrops(block):
            for backdrop in found:
                if backdrop.split or backdrop.x1 - backdrop.x0 < 6:
                    continue
                if backdrop.index == shaped.selected:
                    continue
                want = QColor(shaped.token_color(backdrop.index))
                # Where no glyph is likely to be: near the corners and the middle of the
                # top and bottom edges (any one showing the colour will do).
                points = [(int((origin.x() + x) * ratio), int((origin.y() + line.y() + y)
                                                              * ratio))
                          for x in (backdrop.x0 + 2, (backdrop.x0 + backdrop.x1) / 2,
                                    backdrop.x1 - 2)
                          for y in (1, line.height() - 2)]
                points = [(x, y) for x, y in points
                          if 0 <= x < image.width() and 0 <= y < image.height()]
                if not points:
                    continue
                checked += 1
                if any(_close(image.pixelColor(x, y), want) for x, y in points):
                    seen += 1
    return seen, checked


def _close(got: QColor, want: QColor) -> bool:
    return (abs(got.red() - want.red()) + abs(got.green() - want.green())
            + abs(got.blue() - want.blue())) < 24


def _assert_painted(window) -> None:
    seen, checked = _painted_backdrops(window)
    assert checked > 10 and seen == checked, (seen, checked)


@needs_shared_data
@pytest.mark.parametrize("name", sorted(PATHS))
def test_the_window_keeps_clusters_whole_in_every_theme_and_in_presentation(make_window, qtbot,
                                                                            name):
    window = make_window(text=ALL, tokenizer_path=str(PATHS[name]))
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    shaped = window.shaped
    assert shaped.shown_text() == window.table.model_text  # (NFC, for Qwen 3)
    assert any(striped for *_, striped in shaped.colored())
    assert_shaped_colors(window)
    _assert_painted(window)

    window.theme_actions["dark"].trigger()
    qtbot.waitUntil(lambda: QColor(shaped.palette().text().color()).name()
                    == PALETTES["dark"].shaped_ink)
    assert_shaped_colors(window)  # the dark shades, under the dark theme's light ink
    _assert_painted(window)
    assert shaped.token_color(0) in PALETTES["dark"].text_fills

    window.theme_actions["light"].trigger()
    QTest.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: window.presentation.active)
    qtbot.waitUntil(lambda: shaped.font().pixelSize() > 20)
    assert_shaped_colors(window)
    _assert_painted(window)
    QTest.keyClick(window, Qt.Key.Key_F5)
    qtbot.waitUntil(lambda: not window.presentation.active)
    qtbot.waitUntil(lambda: shaped.font().pixelSize() == 20)
    assert_shaped_colors(window)  # every line coloured again after leaving
    _assert_painted(window)

    # The selected token: its colour, deepened, solid, over a cluster it shares too.
    index = next(i for i in range(len(window.table)) if window.table.partial[i])
    window.session.select(index)
    qtbot.waitUntil(lambda: shaped.selected == index)
    assert_shaped_colors(window)
