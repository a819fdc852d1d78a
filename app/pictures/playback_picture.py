"""Merge playback as pictures: a frame of either order the window plays — *one piece at a
time* (the piece's states one row each, the newest at the bottom, the token just made in
orange and the pair merged next dashed) or *the whole text* (every piece after the first N
text steps, the tokens the step made in orange) — laid out and drawn by the chip rows the
window's playback draws (:mod:`.chip_rows`), so a frame looks like the window."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bpelens.core import (
    ConfigError,
    EncodingPlayback,
    SpecialMode,
    Tokenizer,
    isolated,
    visible,
)

from .chip_rows import (
    MARGIN as ROW_MARGIN,
)
from .chip_rows import (
    MERGED,
    ChipMetrics,
    RowChip,
    chip_body,
    chip_caption,
    chip_label,
    piece_rows,
    piece_step,
    place_groups,
)
from .chips import title_text
from .layers_picture import check_length
from .palette import Palette
from .picture import Picture, Text
from .qt_paint import baseline

Order = Literal["piece", "text"]
MARGIN = 16.0
TITLE = 34.0
# Chip label sizes (px): one piece large, the whole text smaller — as the window (20 pt, 14 pt).
PIECE_SIZE, TEXT_SIZE = 26.7, 18.7


@dataclass(frozen=True)
class PlaybackFrames:
    """A playback to draw frame by frame: the traced encoding, the order, the piece."""

    tokenizer: Tokenizer
    playback: EncodingPlayback
    order: Order
    slot: int  # the piece played (piece order)

    @property
    def steps(self) -> int:
        if self.order == "text":
            return len(self.playback.text_steps)
        piece = self.playback.pieces[self.slot]
        return len(piece.steps) + (1 if piece.finish else 0)

    def label(self, token_id: int) -> str:
        return chip_label(self.tokenizer, token_id)


def playback_of(tokenizer: Tokenizer, text: str, *, order: Order = "text",
                piece: int | None = None, special: SpecialMode = "none") -> PlaybackFrames:
    """``piece``: which piece plays in piece order (1 is the first; by default the first
    that merges at all, as the window starts)."""
    check_length(text)
    playback = EncodingPlayback(tokenizer, tokenizer.encode(text, special=special, trace=True))
    slot = 0
    if order == "piece":
        pieces = playback.pieces
        if not pieces:
            raise ConfigError("this text has no pieces to play")
        if piece is None:
            slot = next((i for i, p in enumerate(pieces) if p.steps), 0)
        elif not 1 <= piece <= len(pieces):
            raise ConfigError(f"--piece {piece}: this text has pieces 1 to {len(pieces)}")
        else:
            slot = piece - 1
    return PlaybackFrames(tokenizer, playback, order, slot)


def playback_picture(tokenizer: Tokenizer, text: str, palette: Palette, *,
                     step: int | None = None, width: float = 1200, title: str | None = None,
                     order: Order = "text", piece: int | None = None,
                     special: SpecialMode = "none") -> Picture:
    """The frame after ``step`` steps (None: the last, every merge done)."""
    return frame_picture(playback_of(tokenizer, text, order=order, piece=piece,
                                     special=special), palette, step=step, width=width,
                         title=title)


def frame_picture(frames: PlaybackFrames, palette: Palette, *, step: int | None = None,
                  width: float = 1200, title: str | None = None) -> Picture:
    steps = frames.steps
    if step is None:
        step = steps
    if not 0 <= step <= steps:
        raise ConfigError(f"--step {step}: this playback has steps 0 to {steps}")
    name = title or f"{frames.tokenizer.name or 'tokenizer'}: merge playback"
    if frames.order == "text":
        groups, caption = _text_frame(frames, step)
        size = TEXT_SIZE
    else:
        groups, caption = _piece_frame(frames, step)
        size = PIECE_SIZE
    metrics = ChipMetrics(round(size * palette.font_scale, 1))
    picture = Picture(width, 0, palette.page, name)
    picture.shapes.append(title_text(palette, MARGIN, 22, name))
    caption_size = 15 * palette.font_scale
    top = TITLE + 4
    for line in caption:
        picture.shapes.append(Text(MARGIN, baseline(top, caption_size * 1.5, caption_size), line,
                                   caption_size, palette.ink, anchor="start"))
        top += caption_size * 1.5
    top += 8

    def offsets(g: int) -> list[float]:
        out = [0.0]
        for chip in groups[g]:
            out.append(out[-1] + metrics.width(chip) + 2)
        return out

    prefix = [offsets(g) for g in range(len(groups))]
    segments, _x, y = place_groups(prefix.__getitem__, len(groups),
                                   width - 2 * MARGIN + ROW_MARGIN, metrics.row_height,
                                   own_row=frames.order == "piece")
    left = MARGIN - ROW_MARGIN
    for seg_y, seg_x, g, first, end in segments:
        base = seg_x - prefix[g][first]
        for i in range(first, end):
            chip = groups[g][i]
            x, w = left + base + prefix[g][i], prefix[g][i + 1] - prefix[g][i] - 2
            picture.shapes.extend(chip_body(x, top + seg_y, w, metrics.chip_h, chip,
                                            metrics.size, palette))
            if chip.caption:
                picture.shapes.append(chip_caption(x, top + seg_y, w, chip, metrics, palette))
    picture.height = top + (y + metrics.row_height if segments else 0) + MARGIN
    return picture


def _text_frame(frames: PlaybackFrames, step: int) -> tuple[list[list[RowChip]], list[str]]:
    playback, label = frames.playback, frames.label
    made = playback.text_steps[step - 1] if step else None
    touched = set(made.pieces) if made is not None else set()
    new = made.rule.new_id if made is not None else -1
    positions = playback.text_positions(step)
    groups = [[RowChip(label(t), t, MERGED if slot in touched and t == new else "")
               for t in piece.states[k]]
              for slot, (piece, k) in enumerate(zip(playback.pieces, positions, strict=True))]
    tokens = sum(map(len, groups))
    steps = len(playback.text_steps)
    if made is None:
        line = (f"step 0 of {steps:,}: {tokens:,} starting symbols in {len(groups):,} pieces"
                if steps else "no merge applies")
    else:
        rule = made.rule
        line = (f"step {step:,} of {steps:,}: rank {rule.rank:,}, {_pair(label, rule)} — "
                f"applied {made.count}× · {tokens:,} tokens now")
    return groups, [line]


def _piece_frame(frames: PlaybackFrames, position: int) -> tuple[list[list[RowChip]], list[str]]:
    playback, label = frames.playback, frames.label
    piece = playback.pieces[frames.slot]
    state = piece_step(piece, position)
    groups = piece_rows(piece, state, label)
    head = (f"piece {frames.slot + 1} of {len(playback.pieces)}: “{visible(piece.text)}” · "
            f"step {position} of {frames.steps}")
    merges = len(piece.steps)
    if state.finishing:
        line = f"last step: {piece.finish}"
    elif position == 0:
        line = f"start: {len(state.ids)} symbols"
    else:
        done = piece.steps[position - 1]
        line = f"rank {done.rank:,}: {_pair(label, done)}, new id {done.new_id}"
    if state.candidates and not state.finishing:
        nxt = state.candidates[0].rule
        line += f" · next: {_pair(label, nxt)} (the lowest rank present)"
    elif position >= merges and not state.finishing:
        line += " · done"
    return groups, [head, line]


def _pair(label, rule) -> str:
    # Isolated, so a right-to-left token keeps the arrow's direction.
    return (f"{isolated(label(rule.left_id))} + {isolated(label(rule.right_id))} → "
            f"{isolated(label(rule.new_id))}")
