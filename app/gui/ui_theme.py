"""The window's themes: light, dark and high contrast, following the system by default
(View → Theme, `--theme`; the choice is remembered). A theme is a palette; the views that
paint themselves (layers, playback chips, sentences, derivation trees) take their page, ink
and rules from the palette of the moment (:func:`canvas_ink`), so presentation mode's
palette reaches them too. Token chips keep the colour-blind-safe palette under black text in
every theme: on a dark page they read as lit chips."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory, QWidget

THEMES = ("system", "light", "dark", "contrast")
THEME_KEY = "ui/theme"

_DARK = {QPalette.ColorRole.Window: "#202328", QPalette.ColorRole.WindowText: "#e8eaed",
         QPalette.ColorRole.Base: "#16181c", QPalette.ColorRole.AlternateBase: "#24272d",
         QPalette.ColorRole.Text: "#e8eaed", QPalette.ColorRole.Button: "#2b2f36",
         QPalette.ColorRole.ButtonText: "#e8eaed", QPalette.ColorRole.Highlight: "#3d7bd9",
         QPalette.ColorRole.HighlightedText: "#ffffff", QPalette.ColorRole.ToolTipBase: "#2b2f36",
         QPalette.ColorRole.ToolTipText: "#e8eaed", QPalette.ColorRole.PlaceholderText: "#9aa3ad",
         QPalette.ColorRole.Link: "#7fb2ff", QPalette.ColorRole.Mid: "#3a3f47",
         QPalette.ColorRole.Dark: "#101215", QPalette.ColorRole.Light: "#3a3f47"}
_CONTRAST = {QPalette.ColorRole.Window: "#ffffff", QPalette.ColorRole.WindowText: "#000000",
             QPalette.ColorRole.Base: "#ffffff", QPalette.ColorRole.AlternateBase: "#f0f0f0",
             QPalette.ColorRole.Text: "#000000", QPalette.ColorRole.Button: "#ffffff",
             QPalette.ColorRole.ButtonText: "#000000", QPalette.ColorRole.Highlight: "#0044aa",
             QPalette.ColorRole.HighlightedText: "#ffffff",
             QPalette.ColorRole.ToolTipBase: "#ffffff", QPalette.ColorRole.ToolTipText: "#000000",
             QPalette.ColorRole.PlaceholderText: "#333333", QPalette.ColorRole.Mid: "#000000"}


def palette_of(colors: dict[QPalette.ColorRole, str], base: QPalette) -> QPalette:
    palette = QPalette(base)
    for role, color in colors.items():
        palette.setColor(role, QColor(color))
    return palette


def contrast_palette() -> QPalette:
    return palette_of(_CONTRAST, QPalette())


def theme_palette(shown: str, base: QPalette) -> QPalette:
    """The palette of theme ``shown`` (light, dark or contrast), over ``base`` (light is
    ``base`` itself: the style's own palette)."""
    if shown == "light":
        return QPalette(base)
    return palette_of(_DARK if shown == "dark" else _CONTRAST, base)


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


@dataclass(frozen=True)
class CanvasInk:
    page: QColor  # the canvas's background
    ink: QColor  # characters, labels
    muted: QColor  # code points, byte values, ids, row names
    rule: QColor  # cell outlines
    cell: QColor  # a cell's fill
    cell_lead: QColor  # the first byte of a character
    dark: bool


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def canvas_ink(widget: QWidget) -> CanvasInk:
    palette = widget.palette()
    page = palette.color(QPalette.ColorRole.Base)
    ink = palette.color(QPalette.ColorRole.Text)
    dark = page.lightness() < 128
    strong = palette.color(QPalette.ColorRole.Mid) == QColor("#000000")  # high contrast
    return CanvasInk(
        page=page, ink=ink,
        muted=ink if strong else _mix(ink, page, 0.42),
        rule=ink if strong else _mix(ink, page, 0.75),
        cell=_mix(page, ink, 0.03), cell_lead=_mix(page, ink, 0.08), dark=dark)
