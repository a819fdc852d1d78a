"""A picture as plain shapes — boxes, texts, lines, and token chips (a box with its label
and id) — that SVG and a QPainter both draw the same way. Coordinates are pixels at scale 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape, quoteattr

# Fonts the pictures ask for, in order: what the window uses, then CJK, Arabic, Devanagari
# and emoji faces, so an SVG viewer finds glyphs for every script the app shows.
FONT_FAMILIES = ("Noto Sans", "Noto Sans CJK JP", "Noto Sans Arabic", "Noto Sans Devanagari",
                 "Noto Color Emoji", "DejaVu Sans", "sans-serif")
MONO_FAMILIES = ("DejaVu Sans Mono", "Noto Sans Mono", "monospace")


@dataclass(frozen=True, slots=True)
class Text:
    x: float  # the anchor: the text's centre (middle) or start, on its baseline
    y: float
    text: str
    size: float
    color: str
    anchor: str = "middle"  # "middle", "start" or "end"
    bold: bool = False
    mono: bool = False


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str
    edge: str | None = None
    edge_width: float = 1.0
    radius: float = 0.0
    hatch: str | None = None  # stripes of this colour over the fill (a shared cluster)
    dashed: bool = False  # a dashed edge
    opacity: float = 1.0  # of the fill (a shade over other shapes)


@dataclass(frozen=True, slots=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    color: str
    width: float = 1.0
    dashed: bool = False


@dataclass(frozen=True, slots=True)
class TextRun:
    """A line of text shaped whole, as one run (never cut by colours: they are boxes under
    it), its layout's top left at (x, top); ``rtl``: its paragraph reads right to left."""

    x: float
    top: float
    text: str
    size: float
    color: str
    rtl: bool = False
    ascent: float = 0.0  # from the top to the baseline (for SVG, which places baselines)
    width: float = 0.0  # its advance (an SVG viewer starts a right-to-left run at its right)


@dataclass(frozen=True, slots=True)
class Chip:
    """One token: its box, its label (possibly shortened to fit), its id below it."""

    box: Box
    label: Text | None  # None: the text is drawn over the chip (the shaped view)
    token_id: int
    text: str  # the token's whole text, as shown (spaces as ·)
    id_text: Text | None = None
    kind: str = "token"


Shape = Box | Text | Line | Chip | TextRun


@dataclass
class Picture:
    width: float
    height: float
    background: str
    title: str = ""
    shapes: list[Shape] = field(default_factory=list)

    def chips(self) -> list[Chip]:
        return [s for s in self.shapes if isinstance(s, Chip)]

    def to_svg(self) -> str:
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(self.width)}" '
               f'height="{fmt(self.height)}" viewBox="0 0 {fmt(self.width)} {fmt(self.height)}">',
               f"<title>{escape(self.title)}</title>"]
        boxes = [s.box if isinstance(s, Chip) else s for s in self.shapes
                 if isinstance(s, Box | Chip)]
        hatches = sorted({b.hatch for b in boxes if b.hatch})
        if hatches:
            out.append("<defs>")
            out.extend(_pattern(color) for color in hatches)
            out.append("</defs>")
        out.append(f'<rect width="100%" height="100%" fill="{self.background}"/>')
        for shape in self.shapes:
            if isinstance(shape, Chip):
                out.append(f'<g class="chip {shape.kind}" data-token-id="{shape.token_id}" '
                           f"data-text={quoteattr(shape.text)}>")
                out.append(f"<title>{escape(shape.text)} ({shape.token_id})</title>")
                out.append(_box(shape.box))
                if shape.label is not None:
                    out.append(_text(shape.label))
                if shape.id_text is not None:
                    out.append(_text(shape.id_text))
                out.append("</g>")
            elif isinstance(shape, Box):
                out.append(_box(shape))
            elif isinstance(shape, Text):
                out.append(_text(shape))
            elif isinstance(shape, TextRun):
                out.append(_text_run(shape))
            else:
                out.append(f'<line x1="{fmt(shape.x1)}" y1="{fmt(shape.y1)}" x2="{fmt(shape.x2)}" '
                           f'y2="{fmt(shape.y2)}" stroke="{shape.color}" '
                           f'stroke-width="{fmt(shape.width)}"{_dash(shape.dashed)}/>')
        out.append("</svg>")
        return "\n".join(out) + "\n"


def fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


HATCH_SPACING = 6.0  # px between stripes
HATCH_WIDTH = 2.0
HATCH_OPACITY = 0.55  # palette.HATCH_STRENGTH: how far a stripe moves its fill


def _pattern(color: str) -> str:
    return (f'<pattern id="{_pattern_id(color)}" width="{fmt(HATCH_SPACING)}" '
            f'height="{fmt(HATCH_SPACING)}" patternUnits="userSpaceOnUse" '
            f'patternTransform="rotate(-45)"><rect width="{fmt(HATCH_WIDTH)}" '
            f'height="{fmt(HATCH_SPACING)}" fill="{color}" fill-opacity="{HATCH_OPACITY}"/>'
            "</pattern>")


def _pattern_id(color: str) -> str:
    return "hatch-" + color.lstrip("#")


def _dash(dashed: bool) -> str:
    return ' stroke-dasharray="5 3"' if dashed else ""


def _box(box: Box) -> str:
    edge = (f' stroke="{box.edge}" stroke-width="{fmt(box.edge_width)}"{_dash(box.dashed)}'
            if box.edge is not None else "")
    radius = f' rx="{fmt(box.radius)}"' if box.radius else ""
    rect = (f'<rect x="{fmt(box.x)}" y="{fmt(box.y)}" width="{fmt(box.w)}" '
            f'height="{fmt(box.h)}"{radius}')
    opacity = f' fill-opacity="{fmt(box.opacity)}"' if box.opacity < 1 else ""
    out = f'{rect} fill="{box.fill}"{opacity}{edge}/>'
    if box.hatch:
        out += f'{rect} fill="url(#{_pattern_id(box.hatch)})"/>'
    return out


def _families(mono: bool) -> str:
    return ", ".join(f"'{f}'" if " " in f else f
                     for f in (MONO_FAMILIES if mono else FONT_FAMILIES))


def _text_run(run: TextRun) -> str:
    # One <text> per line: the viewer shapes it whole, as the window does.
    direction = ' direction="rtl" unicode-bidi="embed"' if run.rtl else ""
    x = run.x + run.width if run.rtl else run.x
    # The run's measured advance: a viewer whose fonts differ still fits the text over the
    # colours placed under its glyphs.
    fit = (f' textLength="{fmt(run.width)}" lengthAdjust="spacingAndGlyphs"'
           if run.width > 0 else "")
    return (f'<text x="{fmt(x)}" y="{fmt(run.top + run.ascent)}"{fit} '
            f'font-family="{_families(False)}" font-size="{fmt(run.size)}" fill="{run.color}"'
            f'{direction} xml:space="preserve">{escape(run.text)}</text>')


def _text(text: Text) -> str:
    families = _families(text.mono)
    weight = ' font-weight="bold"' if text.bold else ""
    # xml:space keeps a run of spaces as typed (a token of spaces is shown with ·, but a
    # label may hold other whitespace-looking characters).
    return (f'<text x="{fmt(text.x)}" y="{fmt(text.y)}" font-family="{families}" '
            f'font-size="{fmt(text.size)}" fill="{text.color}" text-anchor="{text.anchor}"'
            f'{weight} xml:space="preserve">{escape(text.text)}</text>')
