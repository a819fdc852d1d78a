"""Every colour BPE Lens draws with: one :class:`Palette` per theme — light (the window's
look), dark, and high contrast (presentation mode, projectors). The window's views, its plots,
its stylesheet (:mod:`bpelens.app.gui.style`), the Qt palette of the dark and high-contrast
themes (:mod:`bpelens.app.gui.ui_theme`) and the exported pictures all read the same object,
so a picture looks like the window in the same theme.

Token chips keep the colour-blind-safe hues of :mod:`.token_colors` in light and dark: they are
light enough for black text at 9:1, and on a dark page they read as lit chips. Text shaped whole
(the "as the tokenizer cuts it" view) is written in :attr:`Palette.shaped_ink` on
:meth:`Palette.text_fill` in every theme, so its contrast does not depend on the page. High
contrast uses Okabe and Ito's hues at full strength with a black outline and whichever of black
or white text contrasts more (at least 7:1 against each fill, WCAG AAA), on white: a projector
washes pastels out, not saturated colours and black edges.

Every text/background pair a theme draws is listed by :meth:`Palette.text_pairs`; the tests
hold each to 4.5:1 (7:1 in high contrast).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .picture import HATCH_OPACITY
from .token_colors import COLORS, DARK_COLORS

# Okabe and Ito's eight hues in token_colors.PALETTE's order, as published where black or
# white text already reads at 7:1, else moved toward white or black just far enough (bluish
# green, blue, vermilion, reddish purple); then the special, fallback and unknown shades.
STRONG = ("#e69f00", "#56b4e9", "#21ab85", "#f0e442", "#005b8e", "#de8036", "#cf80ab",
          "#999999")
STRONG_DARK = ("#6542a7", "#5a3596", "#9f2e2d", "#a02a2a", "#7f1818", "#5e1010")
# token_colors' colours with the dark ones (special, fallback, unknown: white text on chips)
# lightened, so that one ink (black) reads on every token's background in shaped text.
LIGHT_TEXT_FILLS = (*COLORS[:8], "#cdb9f2", "#b9a3e6", "#f2b8b7", "#e8a1a0", "#e3a3a3",
                    "#d98c8c", *COLORS[14:])


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


def mix(a: str, b: str, t: float) -> str:
    """``a`` moved a fraction ``t`` of the way to ``b`` (#rrggbb)."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


def ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill``."""
    return "#000000" if contrast(fill, "#000000") >= contrast(fill, "#ffffff") else "#ffffff"


LINE_TARGET = 3.0  # WCAG's contrast for graphics (curves, bars, rules) on their page


def deepened(color: str, ink: str, target: float) -> str:
    """``color`` moved toward black just far enough for ``ink`` on it to reach ``target``."""
    t = 0.0
    shade = color
    while contrast(ink, shade) < target and t < 1:
        t = min(1.0, t + 0.02)
        shade = mix(color, "#000000", t)
    return shade


DARK_INK = "#e8eaed"
# The dark theme's shaped text is its light ink on each token colour deepened (the same hue),
# at 5:1 — a light page of pastel under the text would glare.
DARK_TEXT_FILLS = tuple(deepened(color, DARK_INK, 5.0) for color in COLORS)


# The Qt palette roles a theme sets on the application (names of QPalette.ColorRole).
WindowRoles = dict[str, str]


@dataclass(frozen=True)
class Palette:
    name: str
    dark: bool
    # The page and what is written on it.
    page: str  # a canvas's background (views that paint themselves, pictures, plots)
    ink: str  # characters, titles, labels
    muted: str  # code points, byte values, ids, row names, notes
    rule: str  # cell outlines, lines between rows
    cell: str  # a character's or byte's cell
    cell_lead: str  # the first byte of a character
    window: str  # the page under controls and labels (Qt's Window role)
    # Token chips.
    fills: tuple[str, ...]  # one per token_colors colour number
    chip_edge: str
    chip_edge_width: float
    selected_edge: str  # outline / underline of the selected token
    selected_shade: str  # #rrggbbaa over every row of the selected token's bytes
    hover_shade: str
    pieces: tuple[str, str, str]  # pre-token pieces: alternating two, then a special token's
    # Shaped text: one ink on every token's background, stripes where a cluster is split.
    shaped_ink: str
    hatch: str  # the stripes over a character or cluster shared by two tokens
    # Merge playback and training chips.
    plain_fill: str
    plain_edge: str
    plain_ink: str
    merged_fill: str  # just made by this step (seed 000, figure 1: orange)
    merged_edge: str
    next_edge: str  # the pair the lowest rank joins next (dashed)
    stopped_edge: str  # a pair no merge joins
    tied_fill: str  # a pair that tied with the chosen one
    next_row: str  # the merge that goes next, in the table
    id_highlight: str  # the selected token's id in the ids list
    cut: str  # where only one tokenizer cuts (the diff)
    # Derivation trees and the Unigram lattice.
    node_fill: str
    node_edge: str
    leaf_fill: str
    unbuilt_fill: str
    best_fill: str
    best_edge: str
    best_ink: str
    best_score: str
    candidate_ink: str
    candidate_score: str
    unknown_edge: str
    unknown_ink: str
    hover_columns: str
    column_fills: tuple[str, str]
    # Words in the window.
    warning: str
    error: str
    banner_fill: str
    banner_ink: str
    banner_edge: str
    # Plots: series told apart by colour (and by dash, in the plots' own styles), the single
    # curves (a training's pair count and corpus length, the studio's Gini, the cursor).
    series: tuple[str, ...] = ()
    curves: dict[str, str] = field(default_factory=dict)
    # The window's controls: None keeps the system's palette (the light theme).
    roles: WindowRoles | None = None
    font_scale: float = 1.0
    text_fills: tuple[str, ...] = field(default=LIGHT_TEXT_FILLS)

    def fill(self, number: int) -> str:
        return self.fills[number]

    def text_fill(self, number: int) -> str:
        """A token's background under text drawn whole in :attr:`shaped_ink` (the shaped
        view and picture draw a line as one run, so Qt and SVG viewers shape it whole)."""
        return self.text_fills[number]

    def selected_fill(self, fill: str) -> str:
        """The background of the selected token's characters: its own, moved away from the
        ink (so the text only gains contrast; the outline and underline mark it)."""
        away = "#ffffff" if _luminance(self.shaped_ink) < 0.5 else "#000000"
        return mix(fill, away, 0.3)

    def chip_text(self, number: int) -> str:
        """The ink of a token chip's label on fill ``number``."""
        fill = self.fills[number]
        if self.name == "contrast":
            return ink_on(fill)
        return "#ffffff" if COLORS[number] in DARK_COLORS else "#000000"

    def text_pairs(self) -> list[tuple[str, str, str]]:
        """(what, text colour, background) of every kind of text this theme draws."""
        pairs = [("ink on page", self.ink, self.page), ("muted on page", self.muted, self.page),
                 ("ink on cell", self.ink, self.cell),
                 ("ink on first byte", self.ink, self.cell_lead),
                 ("muted on cell", self.muted, self.cell),
                 ("muted on window", self.muted, self.window),
                 ("ink on window", self.ink, self.window),
                 ("warning on window", self.warning, self.window),
                 ("error on window", self.error, self.window),
                 ("error on page", self.error, self.page),
                 ("banner", self.banner_ink, self.banner_fill),
                 ("playback chip", self.plain_ink, self.plain_fill),
                 ("just merged chip", self.plain_ink, self.merged_fill),
                 ("tied pair", self.plain_ink, self.tied_fill),
                 ("next merge row", self.plain_ink, self.next_row),
                 ("selected id", self.plain_ink, self.id_highlight),
                 ("derivation node", self.plain_ink, self.node_fill),
                 ("derivation leaf", self.plain_ink, self.leaf_fill),
                 ("unbuilt leaf", self.plain_ink, self.unbuilt_fill),
                 ("best path", self.best_ink, self.best_fill),
                 ("candidate", self.candidate_ink, self.plain_fill),
                 ("unknown piece", self.unknown_ink, self.fills[12]),
                 ("candidate score", self.candidate_score, self.column_fills[0]),
                 ("candidate score, other column", self.candidate_score, self.column_fills[1])]
        for number in range(len(self.fills)):
            pairs.append((f"chip {number}", self.chip_text(number), self.fills[number]))
        for number in range(len(self.text_fills)):
            pairs.append((f"shaped text on {number}", self.shaped_ink, self.text_fills[number]))
            pairs.append((f"shaped text on {number}, selected", self.shaped_ink,
                          self.selected_fill(self.text_fills[number])))
            pairs.append((f"shaped text on {number}, striped", self.shaped_ink,
                          mix(self.text_fills[number], self.hatch, HATCH_OPACITY)))
        return pairs

    def line_pairs(self) -> list[tuple[str, str, str]]:
        """(what, line colour, background) of every plotted line: WCAG's 3:1 for non-text."""
        return ([(f"series {n}", color, self.page) for n, color in enumerate(self.series)]
                + [(f"curve {name}", color, self.page) for name, color in self.curves.items()])

    @property
    def text_target(self) -> float:
        """The contrast every text/background pair keeps: WCAG AA, AAA in high contrast."""
        return 7.0 if self.name == "contrast" else 4.5


_COMMON = dict(
    plain_fill="#e9edf2", plain_edge="#9aa5b1", plain_ink="#000000",
    merged_fill="#f5a623", merged_edge="#b35c00", tied_fill="#fde2b8", next_row="#ffff66",
    id_highlight="#ffd54a", node_fill="#fde2b8", node_edge="#b35c00", leaf_fill="#e9edf2",
    unbuilt_fill="#f4c7c3", best_fill="#0072b2", best_edge="#004c77", best_ink="#ffffff",
    best_score="#d9ecf8", candidate_ink="#2b3138", candidate_score="#5a6470",
    unknown_edge="#4a0c0c", unknown_ink="#ffffff", hover_columns="#ffe8a3",
    column_fills=("#ffffff", "#f1f3f5"), banner_fill="#fde7e9", banner_ink="#8a1020",
    banner_edge="#f3b6bd",
)

LIGHT = Palette(
    "light", False, page="#ffffff", ink="#1b1b1b", muted="#5a6573", rule="#c9d0d8",
    cell="#f7f8f9", cell_lead="#ebedf0", window="#efefef", fills=COLORS,
    chip_edge="#6b7785", chip_edge_width=0.8, selected_edge="#1f4fff",
    selected_shade="#1f4fff26", hover_shade="#00000010", pieces=("#c5ccd3", "#9aa5b1", "#7a4fc9"),
    next_edge="#1f5fbf", stopped_edge="#b00020", cut="#d0021b", warning="#a84300",
    error="#b00020", shaped_ink="#000000", hatch="#ffffff",
    # Okabe and Ito's hues, moved where needed to reach 3:1 on the page (yellow and sky blue
    # are too faint on white); strongest and most distinct first: a comparison of 2–4
    # tokenizers uses the first few.
    series=("#0072b2", "#d55e00", "#009e73", "#aa4499", "#8f6a00", "#000000", "#2b8cc4",
            "#cc79a7"),
    curves={"count": "#0072b2", "length": "#b35c00", "gini": "#b00020", "cursor": "#d0021b",
            "stage": "#6a3d9a"},
    **_COMMON)

_DARK_ROLES: WindowRoles = {
    "Window": "#202328", "WindowText": "#e8eaed", "Base": "#16181c", "AlternateBase": "#24272d",
    "Text": "#e8eaed", "Button": "#2b2f36", "ButtonText": "#e8eaed", "Highlight": "#3d7bd9",
    "HighlightedText": "#ffffff", "ToolTipBase": "#2b2f36", "ToolTipText": "#e8eaed",
    "PlaceholderText": "#9aa3ad", "Link": "#7fb2ff", "Mid": "#3a3f47", "Dark": "#101215",
    "Light": "#3a3f47", "BrightText": "#ffffff"}

DARK = Palette(
    "dark", True, page="#16181c", ink=DARK_INK, muted="#a9b3bf", rule="#3a424b",
    cell="#1e2126", cell_lead="#2a2e35", window="#202328", fills=COLORS,
    chip_edge="#0b0d10", chip_edge_width=0.8, selected_edge="#8fb3ff",
    selected_shade="#8fb3ff40", hover_shade="#ffffff14", pieces=("#5d6873", "#8a96a3", "#9b7be0"),
    next_edge="#7fb2ff", stopped_edge="#ff7a8a", cut="#ff5a6e", warning="#ffb070",
    error="#ff8a9a", shaped_ink=DARK_INK, hatch="#000000", text_fills=DARK_TEXT_FILLS,
    # (black vanishes on the dark page: the ink instead)
    series=("#56b4e9", "#e69f00", "#3dc79f", "#e58fc0", "#f0e442", DARK_INK, "#a99bff",
            "#ff7f7f"),
    curves={"count": "#56b4e9", "length": "#e69f00", "gini": "#ff7f7f", "cursor": "#ff5a5f",
            "stage": "#cab2d6"},
    roles=_DARK_ROLES, **_COMMON)

_CONTRAST_ROLES: WindowRoles = {
    "Window": "#ffffff", "WindowText": "#000000", "Base": "#ffffff", "AlternateBase": "#f0f0f0",
    "Text": "#000000", "Button": "#ffffff", "ButtonText": "#000000", "Highlight": "#0044aa",
    "HighlightedText": "#ffffff", "ToolTipBase": "#ffffff", "ToolTipText": "#000000",
    "PlaceholderText": "#333333", "Link": "#0033aa", "Mid": "#000000", "Dark": "#000000",
    "Light": "#ffffff", "BrightText": "#ffffff"}

CONTRAST = Palette(
    "contrast", False, page="#ffffff", ink="#000000", muted="#000000", rule="#000000",
    cell="#ffffff", cell_lead="#e6e6e6", window="#ffffff",
    fills=(*STRONG, *STRONG_DARK, *COLORS[14:]), chip_edge="#000000", chip_edge_width=2.0,
    selected_edge="#0044aa", selected_shade="#0044aa33", hover_shade="#00000018",
    pieces=("#8c8c8c", "#000000", "#5a3596"), next_edge="#0044aa", stopped_edge="#a0001a",
    cut="#c00018", warning="#8a3000", error="#a0001a", shaped_ink="#000000", hatch="#ffffff",
    series=("#0044aa", "#b00000", "#006400", "#6a0dad", "#7a4100", "#000000", "#00606b",
            "#a3006e"),
    curves={"count": "#0044aa", "length": "#7a4100", "gini": "#b00000", "cursor": "#b00000",
            "stage": "#5b007a"},
    roles=_CONTRAST_ROLES, font_scale=1.15,
    **{**_COMMON, "best_fill": "#004f7c", "best_edge": "#002a42", "candidate_score": "#2b3138"})

PALETTES: dict[str, Palette] = {p.name: p for p in (LIGHT, DARK, CONTRAST)}
