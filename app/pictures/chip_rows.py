"""Rows of token chips in groups (a piece, a corpus word), wrapped to a width: what both
playbacks draw, on screen (:class:`~bpelens.app.gui.views.chip_canvas.ChipCanvas`) and in
pictures and animations (:mod:`.playback_picture`) — the same places, the same chips.

A chip is a token's label on a plain chip; its *mark* says what the step did: just made by
this step (orange, seed 000's figure 1), the pair the lowest rank joins next (dashed blue), a
pair no merge joins (red: where merging stopped). A caption under it gives its id or rank.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from bpelens.core import PiecePlayback, Tokenizer, hex_text, visible

from .palette import Palette
from .picture import Box, Chip, Shape, Text
from .qt_paint import baseline, line_height, text_width

MERGED, NEXT, STOPPED = "merged", "next", "stopped"
GROUP_GAP = 10.0  # between groups on a row
CHIP_GAP = 2.0  # between chips of a group
MARGIN = 4.0
STATE_ROWS = 10  # rows of earlier states drawn above the current one, at most


@dataclass(frozen=True, slots=True)
class RowChip:
    label: str
    token_id: int
    mark: str = ""
    caption: str = ""  # under the chip: its id, a rank
    next_pair: bool = False  # part of the pair the lowest rank joins next (dashed outline)


def chip_label(tokenizer: Tokenizer, token_id: int, *, spelling: bool = False) -> str:
    """How a chip writes a token: its text with whitespace made visible; bytes that are not
    a whole character as hex (<E6>); SentencePiece's ▁ and <0xNN> as the file spells them.
    With ``spelling``, as the vocabulary spells it (ĠPy, ##ing)."""
    if spelling:
        spelled = tokenizer.id_to_token(token_id)
        if spelled is not None:
            return visible(spelled)
    label = tokenizer.token_label(token_id)
    if "\\x" in label:
        data = tokenizer.token_bytes(token_id)
        if data:
            return hex_text(data)
    return visible(label) if label else "∅"


@dataclass(frozen=True)
class ChipMetrics:
    """A chip's sizes for labels of ``size`` px."""

    size: float

    @cached_property
    def caption_size(self) -> float:
        return max(8.0, round(self.size * 0.55, 1))

    @cached_property
    def chip_h(self) -> float:
        return round(line_height(self.size) + 10)

    @cached_property
    def caption_h(self) -> float:
        return round(line_height(self.caption_size, mono=True) + 2)

    @property
    def row_height(self) -> float:
        return self.chip_h + self.caption_h + 6

    def width(self, chip: RowChip) -> float:
        width = max(18.0, round(text_width(chip.label, self.size)) + 14)
        if chip.caption:  # a caption wider than its chip would run into the next one
            width = max(width, round(text_width(chip.caption, self.caption_size,
                                                mono=True)) + 4)
        return width


Segment = tuple[float, float, int, int, int]  # (y, x, group, first chip, end chip)


def place_groups(offsets_of: Callable[[int], Sequence[float]], count: int, available: float,
                 row_height: float, *, own_row: bool, start: tuple[float, float, int] = (
                     MARGIN, MARGIN, 0)) -> tuple[list[Segment], float, float]:
    """Where the chips of groups go, left to right, wrapped at ``available``: a group that
    fits on the row is one segment; a group wider than a row is cut where chips stop fitting.
    ``offsets_of(g)``: x of each chip of group g from its start, then its end (an empty
    group has ``[0]``); ``own_row``: each group starts a row (a playback's states);
    ``start``: (x, y, first group) to go on from. Returns the segments and the x and y where
    the last one ends."""
    x, y, first_group = start
    segments: list[Segment] = []
    append = segments.append
    for g in range(first_group, count):
        offsets = offsets_of(g)
        if len(offsets) < 2:
            continue
        total = offsets[-1]
        if x > MARGIN and (own_row or x + total > available):
            x, y = MARGIN, y + row_height
        if x + total <= available:
            append((y, x, g, 0, len(offsets) - 1))
            x += total + GROUP_GAP
            continue
        first, n = 0, len(offsets) - 1
        while first < n:
            end = first + 1
            while end < n and x + offsets[end + 1] - offsets[first] <= available:
                end += 1
            append((y, x, g, first, end))
            x += offsets[end] - offsets[first]
            first = end
            if first < n:
                x, y = MARGIN, y + row_height
        x += GROUP_GAP
    return segments, x, y


def chip_body(x: float, y: float, w: float, h: float, chip: RowChip, size: float,
              palette: Palette, *, selected: bool = False) -> list[Shape]:
    """The chip itself (its box and label, not its caption)."""
    fill, edge, width = palette.plain_fill, palette.plain_edge, 1.0
    dashed = chip.next_pair or chip.mark == NEXT
    if chip.mark == MERGED:
        fill, edge, width = palette.merged_fill, palette.merged_edge, 2.5
    elif chip.mark == STOPPED:
        edge, width = palette.stopped_edge, 2.0
    if dashed:
        edge, width = palette.next_edge, 2.5
    if selected:
        edge, width = palette.plain_ink, 3.0
    return [Chip(Box(x + 1, y + 1, w - 2, h - 2, fill, edge, width, 5, dashed=dashed),
                 Text(x + w / 2, baseline(y, h, size), chip.label, size, palette.plain_ink),
                 chip.token_id, chip.label, kind=f"token {chip.mark}".strip())]


def chip_caption(x: float, y: float, w: float, chip: RowChip, metrics: ChipMetrics,
                 palette: Palette) -> Text:
    """The caption under a chip whose box is ``h`` tall from ``y``."""
    return Text(x, baseline(y + metrics.chip_h + 1, metrics.caption_h, metrics.caption_size,
                            mono=True), chip.caption, metrics.caption_size, palette.muted,
                anchor="start", mono=True)


def state_chips(piece: PiecePlayback, k: int, current: bool, candidates, stops,
                label: Callable[[int], str]) -> list[RowChip]:
    """Chips of a piece's state ``k``: the token step ``k`` made in orange; on the current row
    the pair merged next dashed and, at the end, the pairs no merge joins in red."""
    ids = piece.states[k]
    marks = [""] * len(ids)
    if k > 0:
        marks[piece.steps[k - 1].position] = MERGED
    nxt: set[int] = set()
    if current:
        if candidates:
            nxt = {candidates[0].position, candidates[0].position + 1}
        for s in stops:
            for i in (s.position, s.position + 1):
                marks[i] = marks[i] or STOPPED
    return [RowChip(label(t), t, marks[i], str(t), i in nxt) for i, t in enumerate(ids)]


@dataclass(frozen=True)
class PieceStep:
    """What one piece's playback shows after ``position`` steps."""

    state_index: int  # the state on the current row
    finishing: bool  # past the merges: what the model did after them
    ids: list[int]  # the tokens now
    candidates: Sequence  # the merges present now, the lowest rank first
    stops: Sequence  # at the end: the adjacent pairs no merge joins


def piece_step(piece: PiecePlayback, position: int) -> PieceStep:
    merges = len(piece.steps)
    finishing = bool(piece.finish) and position > merges
    state_index = min(position, merges)
    ids = list(piece.final_ids if finishing else piece.states[state_index])
    candidates = () if finishing else piece.candidates(state_index)
    stops = piece.stops() if position >= merges and not finishing else ()
    return PieceStep(state_index, finishing, ids, candidates, stops)


def piece_rows(piece: PiecePlayback, step: PieceStep, label: Callable[[int], str], *,
               chips_of: Callable | None = None) -> list[list[RowChip]]:
    """The states so far, one row each, the newest at the bottom (seed 000 figure 1); a long
    piece keeps its last rows only. ``chips_of``: :func:`state_chips` with a cache."""
    make = chips_of or state_chips
    first = max(0, step.state_index + 1 - STATE_ROWS)
    rows = [make(piece, k, k == step.state_index and not step.finishing, step.candidates,
                 step.stops, label) for k in range(first, step.state_index + 1)]
    if step.finishing:
        rows.append([RowChip(label(t), t, MERGED, str(t)) for t in step.ids])
    return rows
