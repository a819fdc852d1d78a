"""Token colours under text shaped whole: the shaped view and the shaped picture both lay a
line out once, in one run per line (no format ever splits it, so Arabic joins, a Devanagari
conjunct and an emoji with its skin tone stay whole), read where Qt put each cluster of
glyphs, and paint each token's colour *under* the glyphs of its characters.

A cluster of glyphs (HarfBuzz's: a base with its marks, a conjunct, an emoji sequence) is the
smallest piece of the line with a place of its own. When a token boundary falls inside one —
``स्त | े`` in o200k, ``👍 | F0 9F 8F | BD`` — the cluster's place is split between its tokens
by their bytes in it (from the right in a right-to-left run) and striped: the glyphs are never
cut, the colours say where the cut is.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Protocol

from PySide6.QtGui import QTextLayout, QTextLine

from .picture import Box, Line

# The type of shaped text at zoom 1, in pixels (15 pt at 96 dpi): the window's and the
# picture's.
SHAPED_SIZE = 20.0

_FLAGS = (QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphPositions
          | QTextLayout.GlyphRunRetrievalFlag.RetrieveStringIndexes
          | QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes)
_FLAGS_BY_POSITION = (QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphPositions
                      | QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes)


@dataclass(frozen=True, slots=True)
class Cluster:
    """A cluster of glyphs: the text positions (UTF-16, in the layout's text) it draws, and
    where (x, from the layout's origin; x0 ≤ x1)."""

    start: int
    end: int
    x0: float
    x1: float
    rtl: bool


@dataclass(frozen=True, slots=True)
class TokenPart:
    """A token's characters in a layout's text (UTF-16 positions), and its bytes."""

    start: int
    end: int
    byte_start: int
    byte_end: int
    index: int  # the token's index in its table


@dataclass(frozen=True, slots=True)
class Backdrop:
    """A token's colour under a line: from x0 to x1 (layout coordinates)."""

    x0: float
    x1: float
    index: int
    split: bool  # striped: under a grapheme cluster a token boundary falls inside
    start: int  # the text positions (UTF-16) it lies under
    end: int


def line_clusters(line: QTextLine, text: str) -> list[Cluster]:
    """The line's clusters of glyphs in text order (``text``: the layout's)."""
    runs = line.glyphRuns(-1, -1, _FLAGS)
    if _indexes_hold(line, runs):
        clusters = _clusters_of_runs(line, runs)
    else:
        # Qt gives wrong string indexes for the glyphs of an item drawn in several runs (an
        # item's words with a space in a fallback font between them: the later word's glyphs
        # all point at one place), and right-to-left runs cannot be checked by their order:
        # those lines ask where each position's glyphs are, one by one.
        clusters = _clusters_by_position(line)
    if clusters:
        # The spaces a line wraps after draw no glyph: they are not part of the last cluster
        # (its tokens would share them), but a place of no width at its end.
        last = clusters[-1]
        units = text.encode("utf-16-le", "surrogatepass")[2 * last.start : 2 * last.end]
        body = units.decode("utf-16-le", "surrogatepass")
        kept = body.rstrip()
        if kept and len(kept) < len(body):
            cut = last.start + len(kept.encode("utf-16-le", "surrogatepass")) // 2
            edge = last.x0 if last.rtl else last.x1
            clusters[-1] = Cluster(last.start, cut, last.x0, last.x1, last.rtl)
            clusters.append(Cluster(cut, last.end, edge, edge, last.rtl))
    return clusters


def _indexes_hold(line: QTextLine, runs) -> bool:
    """Whether the runs' string indexes can be trusted: left to right, each run's in the line
    and in order, and each run after the one before."""
    start, end = line.textStart(), line.textStart() + line.textLength()
    last = start - 1
    for run in runs:
        if run.isRightToLeft():
            return False
        indexes = run.stringIndexes()
        if not indexes:
            continue
        if indexes[0] <= last or indexes[-1] >= end:
            return False
        if any(b < a for a, b in pairwise(indexes)):
            return False
        last = indexes[-1]
    return True


def _clusters_of_runs(line: QTextLine, runs) -> list[Cluster]:
    """Clusters from the glyphs' string indexes. A glyph's place runs to the next glyph of
    its run (its shaped advance); characters that draw no glyph of their own (a mark the font
    fuses, a zero-width joiner) belong to the cluster before them."""
    end_of_line = line.textStart() + line.textLength()
    places: dict[int, list[float]] = {}
    for run in runs:
        xs = [p.x() for p in run.positions()]
        if not xs:
            continue
        indexes = run.stringIndexes()
        right = run.boundingRect().right()
        count = len(xs)
        for k in range(count):
            x0, x1 = xs[k], xs[k + 1] if k + 1 < count else right
            x1 = max(x0, x1)
            at = indexes[k]
            place = places.get(at)
            if place is None:
                places[at] = [x0, x1]
            elif x1 > x0:
                if place[1] <= place[0]:  # only zero-width glyphs so far
                    place[0], place[1] = x0, x1
                else:
                    place[0], place[1] = min(place[0], x0), max(place[1], x1)
    starts = sorted(places)
    out = []
    for k, start in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else end_of_line
        x0, x1 = places[start]
        out.append(Cluster(start, max(end, start + 1), x0, x1, False))
    return out


def _clusters_by_position(line: QTextLine) -> list[Cluster]:
    """Clusters from the glyphs of each text position: positions whose glyphs overlap make
    one cluster, which lies where its glyphs advance (a mark, of no advance, adds nothing;
    Qt's own rectangles for a position share a cluster's place out evenly, and overlap the
    next letter's when marks sit on it)."""
    places: dict[tuple[int, float], tuple[float, float, bool]] = {}
    for run in line.glyphRuns(-1, -1, _FLAGS_BY_POSITION):
        indexes = run.glyphIndexes()
        advances = run.rawFont().advancesForGlyphIndexes(indexes)
        rtl = run.isRightToLeft()
        for index, point, advance in zip(indexes, run.positions(), advances, strict=True):
            places[(index, round(point.x(), 2))] = (point.x(), point.x() + advance.x(), rtl)
    start, end = line.textStart(), line.textStart() + line.textLength()
    out: list[Cluster] = []
    last_glyphs: set[tuple[int, float]] = set()
    for position in range(start, end):
        glyphs = {(index, round(point.x(), 2))
                  for run in line.glyphRuns(position, 1, _FLAGS_BY_POSITION)
                  for index, point in zip(run.glyphIndexes(), run.positions(), strict=True)}
        found = [places[g] for g in glyphs if g in places]
        if out and (not found or glyphs & last_glyphs):  # part of the cluster before
            before = out[-1]
            x0, x1 = _extent(found, before.x0, before.x1)
            out[-1] = Cluster(before.start, position + 1, x0, x1, before.rtl)
            last_glyphs |= glyphs
            continue
        if not found:
            continue  # (a line that starts with what draws nothing)
        x0, x1 = _extent(found, None, None)
        out.append(Cluster(position, position + 1, x0, x1, found[0][2]))
        last_glyphs = glyphs
    return out


def _extent(places, x0: float | None, x1: float | None) -> tuple[float, float]:
    """The span of the glyphs that advance (or of all of them, if none does), with
    (x0, x1) so far."""
    wide = [p for p in places if p[1] > p[0]] or list(places)
    for left, right, _ in wide:
        if x0 is None or x1 is None or x1 <= x0:
            x0, x1 = left, right
        elif right > left:
            x0, x1 = min(x0, left), max(x1, right)
    return (x0 or 0.0), (x1 if x1 is not None else 0.0)


def grapheme_bounds(layout: QTextLayout, line: QTextLine) -> list[int]:
    """The edges of the line's grapheme clusters (where a text cursor may stand)."""
    start, end = line.textStart(), line.textStart() + line.textLength()
    return [p for p in range(start, end + 1)
            if p in (start, end) or layout.isValidCursorPosition(p)]


def cut_graphemes(bounds: Sequence[int], parts: Sequence[TokenPart]) -> list[tuple[int, int]]:
    """The grapheme clusters a token boundary falls inside (``bounds``: their edges)."""
    edges = set(bounds)
    cut = set()
    for part in parts:
        for at in (part.start, part.end):
            if bounds and bounds[0] < at < bounds[-1] and at not in edges:
                k = bisect_right(bounds, at)
                cut.add((bounds[k - 1], bounds[k]))
    return sorted(cut)


def backdrops(clusters: Sequence[Cluster], parts: Sequence[TokenPart],
              byte_at: Callable[[int], int], bounds: Sequence[int] = ()) -> list[Backdrop]:
    """Each token's colour under the clusters of its characters; ``parts`` in text order,
    ``byte_at(position)``: the UTF-8 offset of a text position (for splitting a cluster by
    the tokens' bytes in it); ``bounds``: the line's grapheme edges. A cluster of glyphs
    that holds characters of several tokens is split between them; the colours under a
    grapheme cluster a token boundary falls inside, or under a character two tokens share,
    are striped. Neighbouring whole clusters
    of one token make one backdrop."""
    out: list[Backdrop] = []
    ends = [p.end for p in parts]
    cut = cut_graphemes(bounds, parts)
    cut_ends = [e for _, e in cut]
    for cluster in clusters:
        a, b = cluster.start, cluster.end
        k = bisect_right(cut_ends, a)
        striped = k < len(cut) and cut[k][0] < b
        first = bisect_right(ends, a)
        inside = []
        for k in range(first, len(parts)):
            part = parts[k]
            if part.start >= b:
                break
            if part.end > a:
                inside.append(part)
        if not inside:
            continue
        if len(inside) == 1 and inside[0].start <= a and inside[0].end >= b:
            index = inside[0].index
            last = out[-1] if out else None
            if (last is not None and last.index == index and last.split == striped
                    and last.end == a
                    and (abs(last.x1 - cluster.x0) < 0.5 or abs(last.x0 - cluster.x1) < 0.5)):
                out[-1] = Backdrop(min(last.x0, cluster.x0), max(last.x1, cluster.x1), index,
                                   striped, last.start, b)
            else:
                out.append(Backdrop(cluster.x0, cluster.x1, index, striped, a, b))
            continue
        # Tokens that share a character (bytes of one character in two tokens) are a cut
        # inside it, whatever the grapheme edges.
        shared = {k for k, (p, q) in enumerate(pairwise(inside)) if p.end > q.start}
        shared |= {k + 1 for k in shared}
        lo, hi = byte_at(a), byte_at(b)
        weights = [max(0, min(p.byte_end, hi) - max(p.byte_start, lo)) for p in inside]
        total = sum(weights)
        if total == 0:
            weights, total = [1] * len(inside), len(inside)
        width = cluster.x1 - cluster.x0
        at = cluster.x1 if cluster.rtl else cluster.x0
        for k, (part, weight) in enumerate(zip(inside, weights, strict=True)):
            share = width * weight / total
            x0, x1 = (at - share, at) if cluster.rtl else (at, at + share)
            at = x0 if cluster.rtl else x1
            out.append(Backdrop(x0, x1, part.index, striped or k in shared, a, b))
    return out


class _Table(Protocol):
    char_starts: Sequence[int]
    char_ends: Sequence[int]
    byte_starts: Sequence[int]
    byte_ends: Sequence[int]
    char_bytes: Sequence[int]


def token_parts(table: _Table, c0: int, text: str, *, base: int = 0
                ) -> tuple[list[TokenPart], Callable[[int], int]]:
    """The parts of the table's tokens in ``text`` (its characters from ``c0`` on) in the
    UTF-16 positions of a layout whose text holds ``text`` from position ``base``, and the
    UTF-8 offset (in the whole text) of each of those positions."""
    units = [0]  # UTF-16 position of each character of text, then the end
    for ch in text:
        units.append(units[-1] + (2 if ord(ch) > 0xFFFF else 1))
    n = len(text)
    starts, ends = table.char_starts, table.char_ends
    first = bisect_right(ends, c0)
    last = bisect_left(starts, c0 + n)
    # A token of no characters (an empty special match) at the start is not in the text.
    parts = []
    for index in range(first, last):
        s, e = max(starts[index], c0) - c0, min(ends[index], c0 + n) - c0
        if e > s:
            parts.append(TokenPart(base + units[s], base + units[e], table.byte_starts[index],
                                   table.byte_ends[index], index))
    char_bytes = table.char_bytes

    def byte_at(position: int) -> int:
        # (a position inside a surrogate pair counts as its character's start)
        return char_bytes[c0 + bisect_right(units, position - base) - 1]

    return parts, byte_at


def backdrop_shapes(found: Sequence[Backdrop], left: float, top: float, height: float, *,
                    fill: Callable[[int], str], hatch: str, selected: int | None = None,
                    selected_fill: Callable[[str], str] | None = None,
                    underline: str | None = None) -> list[Box | Line]:
    """The boxes that paint ``found`` under a line whose layout origin is at ``left`` and
    whose top is ``top``: a token's colour, striped where it shares a cluster; the selected
    token darker (solid: the selection is what the eye looks for) and underlined."""
    shapes: list[Box | Line] = []
    for backdrop in found:
        color = fill(backdrop.index)
        chosen = backdrop.index == selected
        if chosen and selected_fill is not None:
            color = selected_fill(color)
        shapes.append(Box(left + backdrop.x0, top, max(backdrop.x1 - backdrop.x0, 0.5), height,
                          color, underline if chosen else None, 1.5,
                          hatch=None if chosen or not backdrop.split else hatch))
        if chosen and underline is not None:
            y = top + height - 1.5
            shapes.append(Line(left + backdrop.x0, y, left + backdrop.x1, y, underline, 2.0))
    return shapes
