"""One palette per theme, read by every view, plot, stylesheet and picture: every kind of text
it draws reads on its background (WCAG AA, AAA in high contrast), the window's tones follow the
theme, and no other module defines colours of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bpelens.app.pictures.palette import LINE_TARGET, PALETTES, contrast, mix

APP = Path(__file__).resolve().parent.parent / "app"
# The palette, and the token colouring rule whose hues and neighbour tables belong together.
COLOUR_MODULES = {"pictures/palette.py", "pictures/token_colors.py"}
HEX = re.compile(r"[\"']#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?[\"']")


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_every_text_reads_on_its_background(name):
    palette = PALETTES[name]
    low = [(what, round(contrast(ink, page), 2)) for what, ink, page in palette.text_pairs()
           if contrast(ink, page) < palette.text_target]
    assert not low, f"{name}: below {palette.text_target}:1: {low}"


@pytest.mark.parametrize("name", sorted(PALETTES))
def test_every_plotted_line_stands_out_from_its_page(name):
    palette = PALETTES[name]
    assert len(palette.series) >= 8 and {"count", "length", "gini", "cursor"} <= set(
        palette.curves)
    low = [(what, round(contrast(line, page), 2)) for what, line, page in palette.line_pairs()
           if contrast(line, page) < LINE_TARGET]
    assert not low, f"{name}: lines below {LINE_TARGET}:1: {low}"


def test_the_pairs_cover_every_token_colour_plain_striped_and_selected():
    palette = PALETTES["dark"]
    whats = {what for what, _, _ in palette.text_pairs()}
    for number in range(len(palette.text_fills)):
        assert {f"shaped text on {number}", f"shaped text on {number}, striped",
                f"shaped text on {number}, selected"} <= whats
    assert {f"chip {n}" for n in range(len(palette.fills))} <= whats


def test_contrast_and_mix_are_what_wcag_and_arithmetic_say():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#777777") == pytest.approx(1.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#102030", "#102030", 0.7) == "#102030"


def test_no_module_but_the_palette_defines_colours():
    found = []
    for path in sorted(APP.rglob("*.py")):
        relative = path.relative_to(APP).as_posix()
        if relative in COLOUR_MODULES:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HEX.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert not found, "colours outside app/pictures/palette.py:\n" + "\n".join(found)
