"""Every colour, line style, colour map and font size of the pyqtgraph plots, per theme (light,
dark, high contrast), in one place: the plots ask :func:`plot_ink` for the theme of the widget
they sit in (its palette: the window's theme, presentation mode's high contrast, or the one an
export asks for) and draw with what it gives.

Targets: text on the plot's page at 4.5:1 or more (7:1 in high contrast); curves, bars and
rules at 3:1 or more (WCAG's non-text contrast), so a projector does not wash them out. Series
are told apart by colour *and* dash (:meth:`PlotInk.series`): with 8 colours × 4 dashes, 32
series have each their own pair, so 26 languages stay apart without relying on hue alone."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QWidget

from ...pictures.themes import contrast
from ..ui_theme import canvas_ink

# Okabe and Ito's hues, moved where needed to reach 3:1 on the theme's page (yellow and sky
# blue are too faint on white; black vanishes on the dark page). Strongest and most distinct
# first: a comparison of 2–4 tokenizers uses the first few.
SERIES_COLORS = {
    "light": ("#0072B2", "#D55E00", "#009E73", "#AA4499", "#8F6A00", "#000000", "#2B8CC4",
              "#CC79A7"),
    "dark": ("#56B4E9", "#E69F00", "#3DC79F", "#E58FC0", "#F0E442", "#E8EAED", "#A99BFF",
             "#FF7F7F"),
    "contrast": ("#0044AA", "#B00000", "#006400", "#6A0DAD", "#7A4100", "#000000", "#00606B",
                 "#A3006E"),
}
DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
          Qt.PenStyle.DashDotLine)
SYMBOLS = ("o", "s", "t", "d", "star", "h", "p", "+")
# Cividis reads in colour-blind vision and in greyscale, and lightness grows with the value.
HEATMAP_COLORMAP = "cividis"
# The curves of the training playback and the studio's Gini: one series each.
SINGLE_CURVES = {
    "light": {"count": "#0072B2", "length": "#B35C00", "gini": "#B00020", "cursor": "#D0021B"},
    "dark": {"count": "#56B4E9", "length": "#E69F00", "gini": "#FF7F7F", "cursor": "#FF5A5F"},
    "contrast": {"count": "#0044AA", "length": "#7A4100", "gini": "#B00000",
                 "cursor": "#B00000"},
}
TEXT_CONTRAST = {"light": 4.5, "dark": 4.5, "contrast": 7.0}
LINE_CONTRAST = 3.0

# Sizes at zoom 1, in pixels (pixel sizes draw alike on screen, in PNG and in SVG).
FONT_FAMILIES = ("Noto Sans", "DejaVu Sans", "Arial")
TICK_PX = 12
LABEL_PX = 13
TITLE_PX = 14
KEY_PX = 12
CELL_PX = 12
END_LABEL_PX = 11
LINE_WIDTH = 2.0
THIN_LINE_WIDTH = 1.4  # many curves at once (26 languages)
SYMBOL_SIZE = 7


@dataclass(frozen=True)
class SeriesStyle:
    color: QColor
    dash: Qt.PenStyle
    symbol: str


@dataclass(frozen=True)
class PlotInk:
    """The colours of one theme, as the plots use them."""

    theme: str  # light, dark or contrast
    page: QColor  # the plot's background, the key's and the colour bar's too
    text: QColor  # titles, axis titles, tick labels, the key's names
    axis: QColor  # axis lines and ticks
    rule: QColor  # reference lines (equality, ratio 1), the key's frame
    grid_alpha: float

    @property
    def text_target(self) -> float:
        return TEXT_CONTRAST[self.theme]

    def series(self, index: int) -> SeriesStyle:
        """The ``index``-th series' colour, dash and symbol: consecutive series differ in
        colour and in dash (told apart without colour too), and a colour that comes round
        again comes with another dash: 8 × 4 = 32 series each have their own pair."""
        colors = SERIES_COLORS[self.theme]
        lap = index // len(colors)
        return SeriesStyle(QColor(colors[index % len(colors)]),
                           DASHES[(index + lap) % len(DASHES)],
                           SYMBOLS[index % len(SYMBOLS)])

    def curve(self, name: str) -> QColor:
        """count, length, gini or cursor: the single curves' colours."""
        return QColor(SINGLE_CURVES[self.theme][name])

    def readable(self, color: QColor) -> QColor:
        """``color`` moved toward the text colour just far enough to be read as text on the
        page (a series' colour for its label)."""
        for step in range(21):
            mixed = _mix(color, self.text, step / 20)
            if contrast(mixed.name(), self.page.name()) >= self.text_target:
                return mixed
        return QColor(self.text)

    def text_on(self, fill: QColor) -> QColor:
        """Black or white, whichever reads better on ``fill`` (a heatmap cell)."""
        black, white = QColor("#000000"), QColor("#ffffff")
        return black if contrast(fill.name(), "#000000") >= contrast(fill.name(), "#ffffff") \
            else white


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def plot_ink(widget: QWidget) -> PlotInk:
    """The theme of ``widget``'s palette, for its plots."""
    ink = canvas_ink(widget)
    strong = ink.muted == ink.ink  # the high-contrast palette: canvas_ink mixes nothing
    theme = "contrast" if strong else "dark" if ink.dark else "light"
    text = QColor(ink.ink)
    if contrast(text.name(), ink.page.name()) < TEXT_CONTRAST[theme]:
        text = QColor("#000000" if not ink.dark else "#ffffff")
    axis = QColor(text) if strong else _mix(text, ink.page, 0.35)
    rule = QColor(text) if strong else _mix(text, ink.page, 0.45)
    return PlotInk(theme=theme, page=QColor(ink.page), text=text, axis=axis, rule=rule,
                   grid_alpha=0.35 if strong else 0.18)


def plot_font(px: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setFamilies(list(FONT_FAMILIES))
    font.setPixelSize(max(1, round(px)))
    font.setBold(bold)
    return font


def zoomed(px: float, zoom: float) -> int:
    return max(1, round(px * zoom))


def export_palette(theme: str, base: QPalette) -> QPalette:
    """The window's palette for ``theme`` (an export drawn in a theme the window is not in)."""
    from ..ui_theme import theme_palette

    return theme_palette(theme, base)
