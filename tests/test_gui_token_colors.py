"""Token colours: neighbours never share a colour (nor one too alike in any common colour
vision), each id keeps to its two colours, both views agree, text on them stays readable.

The colour-vision check simulates protanopia, deuteranopia and tritanopia with Machado, Oliveira
and Fernandes' matrices (2009, severity 1.0) in linear RGB and measures CIE76 ΔE in CIELAB (D65).
"""

from __future__ import annotations

import pytest

from bpelens.app.demo_data import welcome_text
from bpelens.app.gui.ui_theme import palette_for
from bpelens.app.pictures import token_colors as tc
from bpelens.core import open_tokenizer
from bpelens.core.results.token_table import token_table

from conftest import SHARED_DATA, needs_shared_data
from shaped_checks import assert_shaped_colors
from test_gui_main_window import window_factory

QWEN3 = SHARED_DATA / "tokenizers" / "hf" / "qwen3.tokenizer.json"
MIN_DELTA_E = 20

VISIONS = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}



@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)

def _linear(hex_color: str) -> tuple[float, float, float]:
    channels = [int(hex_color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    return tuple(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
                 for c in channels)  # type: ignore[return-value]


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def delta_e(a: str, b: str, vision: str) -> float:
    m = VISIONS[vision]

    def seen(color: str) -> tuple[float, float, float]:
        rgb = _linear(color)
        return _lab(tuple(sum(m[i][j] * rgb[j] for j in range(3))
                          for i in range(3)))  # type: ignore[arg-type]

    la, lb = seen(a), seen(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def contrast(a: str, b: str) -> float:
    def luminance(color: str) -> float:
        r, g, bl = _linear(color)
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_any_two_neighbours_differ_in_every_vision():
    # every left colour a token can follow, every first colour it can have
    for left in range(len(tc.PALETTE)):
        for first in range(len(tc.PALETTE)):
            shown = tc.next_color(first, left)
            assert shown in (first, tc.second_color(first))
            for vision in VISIONS:
                assert delta_e(tc.COLORS[left], tc.COLORS[shown], vision) >= MIN_DELTA_E, (
                    tc.COLORS[left], tc.COLORS[first], tc.COLORS[shown], vision)
            if shown != first:  # the second only when the first would be too alike
                assert min(delta_e(tc.COLORS[left], tc.COLORS[first], v)
                           for v in VISIONS) < MIN_DELTA_E


def test_the_close_pairs_are_exactly_the_alike_ones():
    for a in range(len(tc.PALETTE)):
        for b in range(a + 1, len(tc.PALETTE)):
            alike = min(delta_e(tc.PALETTE[a], tc.PALETTE[b], v) for v in VISIONS) < MIN_DELTA_E
            assert ((a, b) in tc.CLOSE) == alike, (tc.PALETTE[a], tc.PALETTE[b])


def test_text_on_every_colour_is_readable():
    for color in tc.PALETTE + tc.ALTERNATING:
        assert tc.text_color(color) == "#000000"
        assert contrast(color, "#000000") >= 9  # WCAG AAA asks 7
        assert min(delta_e(color, "#ffffff", v) for v in VISIONS) >= 17  # a chip, not a hole
    for color in tc.COLORS[8:14]:
        assert tc.text_color(color) == "#ffffff"
        assert contrast(color, "#ffffff") >= 4.5  # WCAG AA
    for kind in ("special", "byte_fallback", "unknown"):
        first = tc.first_color(7, kind)
        assert tc.next_color(first, first) != first  # two in a row get two shades


def _check_sequence(table, colors) -> None:
    assert len(colors) == len(table)
    left = None
    for i, number in enumerate(colors):
        first = tc.first_color(table.ids[i], table.kind(i))
        assert number in (first, tc.second_color(first))  # stable: one of the id's two
        assert number == tc.next_color(first, left)  # and which one: from its left neighbour
        if left is not None:
            assert number != left
        left = number


@pytest.mark.parametrize("name", ["demo-multilingual-byte", "demo-english-char"])
def test_neighbours_never_share_a_colour_with_the_demos(name):
    from bpelens.app.demo_data import load_demo

    tokenizer = load_demo(name)
    for text in (welcome_text(), "aaaaaaaa " * 50, "<|im_end|><|im_end|>" * 3):
        table = token_table(tokenizer, text)
        _check_sequence(table, tc.token_colors(table))


@needs_shared_data
def test_the_pairs_that_were_both_grey_now_differ():
    table = token_table(open_tokenizer(QWEN3), welcome_text())
    colors = tc.token_colors(table)
    _check_sequence(table, colors)
    pieces = [table.model_text[table.char_starts[i] : table.char_ends[i]]
              for i in range(len(table))]
    for left, right in (("ン", "化"), (" جميل", " اليوم")):
        i = next(k for k in range(len(pieces) - 1)
                 if pieces[k] == left and pieces[k + 1] == right)
        assert colors[i] != colors[i + 1]
        for vision in VISIONS:
            assert delta_e(tc.COLORS[colors[i]], tc.COLORS[colors[i + 1]], vision) >= MIN_DELTA_E
    # ン and 化 even have the same first colour (grey, as both were drawn before)
    i = pieces.index("化")
    assert tc.first_color(table.ids[i]) == tc.first_color(table.ids[i - 1]) == 7


@needs_shared_data
def test_both_views_draw_every_token_in_the_same_colour(make_window, qtbot):
    window = make_window(text=welcome_text(), tokenizer_path=str(QWEN3))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    window.resize(800, 800)  # the shaped view shows the lines it counts (the first size
    qtbot.waitUntil(lambda: window.height() == 800)  # follows the screen)
    table = window.table
    shaped = window.shaped
    assert_shaped_colors(window)  # the layers view's colour, token by token
    # every token with a character other than a line break has a coloured range
    drawn = [i for i in range(len(table))
             if table.model_text[table.char_starts[i] : table.char_ends[i]].strip("\n")]
    assert len(shaped.colored()) >= len(drawn) > 20
    # The same colour number: the chip's colour, and its shade under shaped text (the dark
    # ones — special, fallback, unknown — lightened under black text).
    palette = palette_for(shaped)
    numbers = window.layers.colors
    for index in drawn:
        assert window.layers.token_color(index) == palette.fill(numbers[index])
        assert shaped.token_color(index) == palette.text_fill(numbers[index])
    window.alternate_action.setChecked(True)
    for index in drawn:
        assert window.layers.token_color(index) == shaped.token_color(index) or numbers[index] >= 8
    window.alternate_action.setChecked(False)
    _check_sequence(table, window.layers.colors)


def _darker(color: str) -> str:
    from PySide6.QtGui import QColor

    return QColor(color).darker(125).name()  # the selected token
