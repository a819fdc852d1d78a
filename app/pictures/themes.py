"""The pictures' themes: light (the window's look), dark, and high contrast for projectors.

Token chips keep the window's colour-blind-safe palette (token_colors) in light and dark: its
colours are light enough for black text at 9:1, and on a dark page they read as lit chips.
High contrast uses Okabe and Ito's hues at full strength with a black outline and whichever of
black or white text contrasts more (at least 7:1 against each fill, WCAG AAA), on white:
a projector washes pastels out, not saturated colours and black edges.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..gui.token_colors import COLORS, DARK_COLORS

# Okabe and Ito's eight hues in token_colors.PALETTE's order, as published where black or
# white text already reads at 7:1, else moved toward white or black just far enough (bluish
# green, blue, vermilion, reddish purple); then the special, fallback and unknown shades.
STRONG = ("#e69f00", "#56b4e9", "#21ab85", "#f0e442", "#005b8e", "#de8036", "#cf80ab",
          "#999999")
STRONG_DARK = ("#6542a7", "#5a3596", "#9f2e2d", "#a02a2a", "#7f1818", "#5e1010")


@dataclass(frozen=True)
class Theme:
    name: str
    background: str
    text: str  # titles, characters
    muted: str  # byte values, ids, notes
    rule: str  # lines between rows
    chip_edge: str
    chip_edge_width: float
    fills: tuple[str, ...]  # one per token_colors colour number
    font_scale: float = 1.0

    def fill(self, number: int) -> str:
        return self.fills[number]

    def text_fill(self, number: int) -> str:
        """A token's background under text drawn in one colour (the shaped picture draws a
        line as one run, so Qt and SVG viewers shape it whole): the light palette, and
        light shades of the special, fallback and unknown colours, all under black text."""
        return LIGHT_TEXT_FILLS[number]

    def chip_text(self, number: int) -> str:
        fill = self.fills[number]
        if self.name == "contrast":
            return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") \
                else "#ffffff"
        return "#ffffff" if COLORS[number] in DARK_COLORS else "#000000"


def _luminance(color: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two #rrggbb colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# token_colors' colours, the dark ones (special, fallback, unknown: white text) lightened.
LIGHT_TEXT_FILLS = (*COLORS[:8], "#cdb9f2", "#b9a3e6", "#f2b8b7", "#e8a1a0", "#e3a3a3",
                    "#d98c8c", *COLORS[14:])
SHAPED_INK = "#000000"

LIGHT = Theme("light", "#ffffff", "#1b1b1b", "#5f6b7a", "#d5dae0", "#6b7785", 0.8, COLORS)
DARK = Theme("dark", "#16191d", "#eef1f4", "#a9b3bf", "#3a424b", "#0b0d10", 0.8, COLORS)
CONTRAST = Theme("contrast", "#ffffff", "#000000", "#000000", "#000000", "#000000", 2.0,
                 (*STRONG, *STRONG_DARK, *COLORS[14:]), font_scale=1.15)
THEMES: dict[str, Theme] = {t.name: t for t in (LIGHT, DARK, CONTRAST)}
