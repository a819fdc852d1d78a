"""What chips and character cells say: a token wrapped to the next row of the layers view is
labelled there too, and characters that draw nothing (ZWJ, variation selectors, other format
and default-ignorable characters) get a readable name — never an escape, never a blank."""

from __future__ import annotations

import sys
import unicodedata

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor

from bpelens.app.gui.views.layers_view import ROW_IDS
from bpelens.app.pictures.layers_layout import codepoint_label
from bpelens.core import open_tokenizer
from bpelens.core.text.display import invisible_name, token_text, visible

from conftest import SHARED_DATA, needs_shared_data
from painted import whole_layers
from test_gui_main_window import window_factory

O200K = SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken"
WRAPPING = ("Hello! BPE Lens shows how text becomes tokens: lowest, A猫🙂. "
            "الطقس جميل اليوم، لذلك سنذهب في نزهة. 日本語のトークン化を見てみましょう。 ") * 3



@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)

def _ink(image, rect: QRect, background: QColor) -> int:
    """Pixels inside ``rect`` far from the background: the drawn text."""
    count = 0
    for y in range(rect.top(), rect.bottom()):
        for x in range(rect.left(), rect.right()):
            c = image.pixelColor(x, y)
            if abs(c.red() - background.red()) + abs(c.green() - background.green()) + abs(
                    c.blue() - background.blue()) > 200:
                count += 1
    return count


def test_a_wrapped_token_repeats_its_label_and_id_on_the_next_row(make_window, qtbot):
    window = make_window(text=WRAPPING)
    window.resize(800, 800)  # the size the text wraps in (the first size follows the screen)
    qtbot.waitUntil(lambda: window.width() == 800 and window.height() == 800)
    layers = window.layers
    table = window.table
    bands = layers.bands
    wrapped = [i for i in range(len(table)) if table.byte_ends[i] > table.byte_starts[i]
               and bands.band_of_byte(table.byte_starts[i])
               != bands.band_of_byte(table.byte_ends[i] - 1)]
    assert wrapped, "the text must wrap inside some token at this width"
    checked = 0
    for index in wrapped:
        band = bands.band_of_byte(table.byte_ends[index] - 1)
        layers.verticalScrollBar().setValue((band - 1) * layers.band_height)
        image = whole_layers(qtbot, layers)
        chip = next(c for c in layers.band_chips(band) if c.index == index)
        first = next(c for c in layers.band_chips(band - 1) if c.index == index)
        assert not chip.first and first.first
        assert chip.label == first.label and chip.label.strip()
        rect = chip.rect.toRect().adjusted(4, 4, -4, -4)
        if rect.width() < 12:
            continue  # too narrow a piece for a label
        background = QColor(layers.token_color(index))
        assert _ink(image, rect, background) > 15, f"blank chip for token {index}"
        ids_row = QRect(rect.x(), int(chip.rect.bottom()) + 2, rect.width(), ROW_IDS - 2)
        assert _ink(image, ids_row, QColor("#ffffff")) > 5, f"no id under token {index}"
        checked += 1
    assert checked


def test_bands_a_paint_leaves_blank_are_drawn_by_the_next_paints(make_window, qtbot,
                                                                 monkeypatch):
    from bpelens.app.gui.views import layers_view

    window = make_window(text=WRAPPING)
    # The first size follows the screen (a CI screen may be small): the size users have most.
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.width() == 1280 and window.height() == 800)
    layers = window.layers
    whole = whole_layers(qtbot, layers)
    shown = layers.viewport().height() // layers.band_height
    assert shown >= 2
    # A machine so busy that every paint runs out of its budget at once: one new band each.
    monkeypatch.setattr(layers_view, "PAINT_BUDGET", -1.0)
    layers._pictures.clear()
    first = layers.viewport().grab().toImage()
    assert not layers.drawn_whole and first != whole
    assert whole_layers(qtbot, layers) == whole


INVISIBLE = {
    "\u200d": "ZWJ", "\u200c": "ZWNJ", "\ufe0f": "VS16", "\ufe0e": "VS15", "\u200b": "ZWSP",
    "\u2060": "WJ", "\ufeff": "BOM", "\u00ad": "SHY", "\u034f": "CGJ", "\u200e": "LRM",
    "\u202e": "RLO", "\u2066": "LRI", "\U000e0067": "TAG g", "\U000e007f": "CANCEL TAG",
    "\U000e0100": "VS17", "\u180b": "FVS1", "\u115f": "HCF", "\u3164": "HF",
    "\u00a0": "NBSP", "\u3000": "IDSP", "\u2028": "LSEP",
}


@pytest.mark.parametrize("ch, name", INVISIBLE.items(), ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_invisible_characters_have_names(ch, name):
    assert invisible_name(ch) == name
    assert codepoint_label(ch) == name
    assert visible(f"a{ch}b") == f"a⟨{name}⟩b"
    assert token_text(ch.encode()) == f"⟨{name}⟩"


def _draws_something(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LNPS" and invisible_name(ch) is None


def test_every_format_and_default_ignorable_character_is_shown_readably():
    ignorable = [(0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                 (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8),
                 (0xE0000, 0xE0FFF)]
    chars = [chr(c) for c in range(sys.maxunicode + 1)
             if unicodedata.category(chr(c)) in ("Cf", "Zl", "Zp", "Zs") and c != 0x20]
    chars += [chr(c) for a, b in ignorable for c in range(a, b + 1)]
    assert len(chars) > 4000
    for ch in chars:
        shown = visible(ch)
        assert shown.startswith("⟨") and shown.endswith("⟩"), repr(ch)
        assert "\\u" not in shown and "\\U" not in shown
        assert all(_draws_something(c) for c in shown.replace(" ", "")), (repr(ch), shown)
        assert codepoint_label(ch).strip() and all(_draws_something(c)
                                                   for c in codepoint_label(ch).replace(" ", ""))


@needs_shared_data
def test_chips_and_cells_name_zero_width_characters(make_window, qtbot):
    text = "👨\u200d👩\u200d👧 ❤\ufe0f ☺\ufe0e a\u200cb x\u2060y"
    window = make_window(text=text, tokenizer_path=str(O200K))  # has these as tokens
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    window.resize(800, 860)  # the layers view holds every band of the text
    qtbot.waitUntil(lambda: window.height() == 860)
    table = window.table
    layers = window.layers
    cells = {ch: codepoint_label(ch) for ch in text}
    assert cells["\u200d"] == "ZWJ" and cells["\ufe0f"] == "VS16" and cells["\u2060"] == "WJ"
    chips = window.layers.visible_chips()
    assert len(chips) == len(table)
    labels = [label for _, label in chips]
    for label in labels:
        assert label.strip() and "\\u" not in label
        assert all(_draws_something(c) or c in "·⟨⟩ " or unicodedata.category(c) in ("Mn", "So")
                   for c in label.replace(" ", "")), label
    joined = "".join(labels)
    for name in ("ZWJ", "VS16", "VS15", "ZWNJ", "WJ"):
        assert f"⟨{name}⟩" in joined
    # the tokens covering each invisible character say it, in order
    expected = [token_text(t.bytes) if not t.partial else None
                for t in open_tokenizer(O200K).encode(text).tokens]
    assert [lab for lab, e in zip(labels, expected, strict=True) if e is not None] == [
        e for e in expected if e is not None]
    # and a ZWJ chip really shows its name: ink on it
    image = whole_layers(qtbot, layers)
    zwj = next(i for i, lab in enumerate(labels) if lab == "⟨ZWJ⟩")
    chip = next(c for c in layers.band_chips(layers.band_of_byte(table.byte_starts[zwj]))
                if c.index == zwj)
    assert _ink(image, chip.rect.toRect().adjusted(4, 4, -4, -4),
                QColor(layers.token_color(zwj))) > 15
