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

from ...pictures.palette import LINE_TARGET, Palette, contrast, ink_on
from ..ui_theme import palette_for

DASHES = (Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine, Qt.PenStyle.DotLine,
          Qt.PenStyle.DashDotLine)
SYMBOLS = ("o", "s", "t", "d", "star", "h", "p", "+")
# Cividis reads in colour-blind vision and in greyscale, and lightness grows with the value.
HEATMAP_COLORMAP = "cividis"
LINE_CONTRAST = LINE_TARGET

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
    colors: Palette  # the theme's palette: series and curves
    page: QColor  # the plot's background, the key's and the colour bar's too
    text: QColor  # titles, axis titles, tick labels, the key's names
    axis: QColor  # axis lines and ticks
    rule: QColor  # reference lines (equality, ratio 1), the key's frame
    grid_alpha: float

    @property
    def text_target(self) -> float:
        return self.colors.text_target

    def series(self, index: int) -> SeriesStyle:
        """The ``index``-th series' colour, dash and symbol: consecutive series differ in
        colour and in dash (told apart without colour too), and a colour that comes round
        again comes with another dash: 8 × 4 = 32 series each have their own pair."""
        colors = self.colors.series
        lap = index // len(colors)
        return SeriesStyle(QColor(colors[index % len(colors)]),
                           DASHES[(index + lap) % len(DASHES)],
                           SYMBOLS[index % len(SYMBOLS)])

    def curve(self, name: str) -> QColor:
        """count, length, gini or cursor: the single curves' colours."""
        return QColor(self.colors.curves[name])

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
        return QColor(ink_on(fill.name()))


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def plot_ink(widget: QWidget) -> PlotInk:
    """The theme of ``widget``'s palette, for its plots."""
    colors = palette_for(widget)
    strong = colors.name == "contrast"
    page, text = QColor(colors.page), QColor(colors.ink)
    axis = QColor(text) if strong else _mix(text, page, 0.35)
    rule = QColor(text) if strong else _mix(text, page, 0.45)
    return PlotInk(theme=colors.name, colors=colors, page=page, text=text, axis=axis,
                   rule=rule, grid_alpha=0.35 if strong else 0.18)


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
