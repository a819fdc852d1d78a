"""The window's themes: light, dark and high contrast, following the system by default
(View → Theme, `--theme`; the choice is remembered). A theme is one
:class:`~bpelens.app.pictures.palette.Palette`: the application's Qt palette and its stylesheet
of tones (:mod:`.style`) are made from it, and the views that paint themselves (layers, shaped
text, playback chips, sentences, derivation trees, plots) take their colours from the palette
of the moment (:func:`palette_for`), so presentation mode's high contrast reaches them too."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

from ..pictures.palette import CONTRAST, DARK, LIGHT, PALETTES, Palette
from .style import retone

THEMES = ("system", "light", "dark", "contrast")
THEME_KEY = "ui/theme"


def theme_palette(shown: str, base: QPalette) -> QPalette:
    """The Qt palette of theme ``shown`` (light, dark or contrast): ``base`` with the roles
    its :class:`Palette` sets (light sets none: the style's own palette)."""
    palette = QPalette(base)
    for role, color in (PALETTES[shown].roles or {}).items():
        palette.setColor(getattr(QPalette.ColorRole, role), QColor(color))
    return palette


def contrast_palette() -> QPalette:
    return theme_palette(CONTRAST.name, QPalette())


def system_is_dark() -> bool:
    hints = QGuiApplication.styleHints()
    return hints.colorScheme() == Qt.ColorScheme.Dark


def resolved(name: str) -> str:
    """The theme ``system`` stands for now."""
    if name == "system":
        return "dark" if system_is_dark() else "light"
    return name


class ThemeKeeper:
    """The application's theme: the standard style and palette it started with are kept, so
    light puts them back exactly."""

    def __init__(self, app: QApplication) -> None:
        self.app = app
        self.style_name = app.style().name()
        self.palette = QPalette(app.palette())
        self.name = "system"

    def apply(self, name: str) -> str:
        if name not in THEMES:
            raise ValueError(f"unknown theme {name!r}; one of {', '.join(THEMES)}")
        self.name = name
        shown = resolved(name)
        # Fusion draws every control from the palette; native styles may not.
        style = self.style_name if shown == "light" else "Fusion"
        if self.app.style().name().lower() != style.lower():
            self.app.setStyle(QStyleFactory.create(style))
        palette = theme_palette(shown, self.palette)
        self.app.setPalette(palette)

        # Windows made before the change keep the palette they resolved at their birth:
        # each top-level window is given the new one (its children inherit it).
        for window in self.app.topLevelWidgets():
            window.setPalette(palette)
            retone(window)  # words in muted, warning and error tones
        return shown


_keeper: ThemeKeeper | None = None


def theme_keeper(app: QApplication) -> ThemeKeeper:
    """One keeper per application: it must see the style and palette the application had
    before any theme, however many windows come and go."""
    global _keeper
    if _keeper is None or _keeper.app is not app:
        _keeper = ThemeKeeper(app)
    return _keeper


def saved_theme(settings: QSettings) -> str:
    value = str(settings.value(THEME_KEY, "system"))
    return value if value in THEMES else "system"


def save_theme(settings: QSettings, name: str) -> None:
    settings.setValue(THEME_KEY, name)


def palette_for(widget: QWidget) -> Palette:
    """The palette a widget is drawn in now, told from its Qt palette: presentation mode's
    high contrast (set on its window), dark, or light."""
    qt = widget.palette()
    if qt.color(QPalette.ColorRole.Mid) == QColor(CONTRAST.roles["Mid"]):  # type: ignore[index]
        return CONTRAST
    return DARK if qt.color(QPalette.ColorRole.Base).lightness() < 128 else LIGHT


@dataclass(frozen=True)
class CanvasInk:
    """A palette's canvas colours as QColors, for painters."""

    page: QColor  # the canvas's background
    ink: QColor  # characters, labels
    muted: QColor  # code points, byte values, ids, row names
    rule: QColor  # cell outlines
    cell: QColor  # a cell's fill
    cell_lead: QColor  # the first byte of a character
    dark: bool
    palette: Palette


def canvas_ink(widget: QWidget) -> CanvasInk:
    colors = palette_for(widget)
    return CanvasInk(page=QColor(colors.page), ink=QColor(colors.ink),
                     muted=QColor(colors.muted), rule=QColor(colors.rule),
                     cell=QColor(colors.cell), cell_lead=QColor(colors.cell_lead),
                     dark=colors.dark, palette=colors)
