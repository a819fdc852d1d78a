"""Merge playback of the text in the box: every merge of the encoding, one step at a time,
one piece at a time or the whole text at once; the merges present at each step (the lowest
rank wins, the leftmost on a tie) and, at the end, the pairs no merge joins.

The traced encoding is built off the GUI thread, only while the view is on screen (tracing
costs far more than encoding), and kept: switching to another view and back keeps the place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QWidget,
)

from bpelens.core import (
    EncodingPlayback,
    PiecePlayback,
    Tokenizer,
    isolated,
    localize,
    visible,
    why_not_one,
)

from ...pictures.chip_rows import (
    MERGED,
    RowChip,
    chip_label,
    piece_rows,
    piece_step,
    state_chips,
)
from .. import style
from ..editor_text import code_points_in_units
from ..encode_job import EncodedText
from ..i18n import translate
from ..ui_theme import palette_for
from ..worker import Job
from .chip_canvas import ChipCanvas
from .playback_parts import (
    fill_table,
    info_label,
    quiet_button,
    read_only_table,
    stacked,
    title_label,
    view_layout,
)
from .step_controls import StepControls

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

# Tracing keeps every state of every piece: past this many characters only the start plays.
PLAYBACK_CHARS = 100_000
CANDIDATE_ROWS = 12
PIECE_SIZE, TEXT_SIZE = 20, 14  # chip font sizes: one piece large, the whole text smaller
WARM_SLICE = 150  # labels measured per turn of the event loop after a playback is built
PIECE, TEXT = "piece", "text"


def build_playback(tokenizer: Tokenizer, text: str, special, job: Job) -> EncodingPlayback:
    """The traced encoding of ``text`` (its first PLAYBACK_CHARS characters)."""
    def progress(fraction: float) -> None:
        job.check()
        job.progress(fraction, translate("PlaybackView", "Tracing the merges of {n:,} "
                                         "characters…").format(n=len(text)))

    encoding = tokenizer.encode(text[:PLAYBACK_CHARS], special=special, trace=True,
                                progress=progress)
    job.check()
    playback = EncodingPlayback(tokenizer, encoding)
    job.progress(None, translate("PlaybackView", "Looking up the merges present at every step…"))
    playback.prepare(job.check)
    return playback


class PlaybackView(QWidget):
    """``derivation_wanted(token_id, why)`` when a chip asks how it is built."""

    derivation_wanted = Signal(int, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.playback: EncodingPlayback | None = None
        self.encoded: EncodedText | None = None
        self._built_for: EncodedText | None = None
        self.order = PIECE
        self.zoom = 1.0  # presentation mode enlarges the chips
        self.slot = 0
        self.pending_step: int | None = None  # --step N, applied once the playback is built
        self.runner = None
        self.spelling = False  # the vocabulary's spelling (ĠPy) instead of the text (·Py)
        self._labels: dict[int, str] = {}
        self._text_chips: dict[tuple[int, int, int], list[RowChip]] = {}
        self._piece_chips: dict[tuple, list[RowChip]] = {}
        self.warmed = True
        self._marked_pieces: set[int] = set()  # pieces with orange chips on the canvas
        self._last_text_position: int | None = None

        self.order_box = QComboBox()
        self.order_box.addItem(self.tr("One piece at a time"), PIECE)
        self.order_box.addItem(self.tr("Whole text: each rank everywhere at once"), TEXT)
        self.order_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.order_box.currentIndexChanged.connect(
            lambda: self.set_order(self.order_box.currentData()))
        self.prev_piece = quiet_button(self.tr("◀ piece"), self.tr("The piece before"))
        self.next_piece = quiet_button(self.tr("piece ▶"), self.tr("The piece after"))
        self.prev_piece.clicked.connect(lambda: self.set_slot(self.slot - 1))
        self.next_piece.clicked.connect(lambda: self.set_slot(self.slot + 1))
        self.piece_label = QLabel()
        style.set_tone(self.piece_label, "muted")
        self.controls = StepControls(self)
        self.controls.moved.connect(self._render)

        self.info = info_label()
        self.canvas = ChipCanvas(PIECE_SIZE)
        self.canvas.rows_per_group = True
        self.canvas.chip_activated.connect(self._on_chip_activated)
        self.canvas.chip_clicked.connect(self._on_chip_clicked)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(self.canvas)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # Piece order keeps the newest state in sight (its first row first) as the canvas
        # grows to hold it; the start of a piece shows from its top.
        self._follow_newest = False
        self.scroll.verticalScrollBar().rangeChanged.connect(self._on_range)
        self.table = read_only_table([self.tr("rank"), self.tr("pair"), self.tr("makes"),
                                      self.tr("id"), self.tr("times")])
        self.table_title = title_label(self.tr("Merges present now — the lowest rank goes next"))
        self.derive_button = quiet_button(self.tr("How is the selected token built?"))
        self.derive_button.clicked.connect(self._derive_selected)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(stacked(self.info, self.scroll))
        self.splitter.addWidget(stacked(self.table_title, self.table, self.derive_button,
                                        grow=1))
        self.splitter.setSizes([760, 380])

        top = QHBoxLayout()
        top.addWidget(self.order_box)
        top.addWidget(self.prev_piece)
        top.addWidget(self.next_piece)
        top.addWidget(self.piece_label, 1)
        layout = view_layout(self)
        layout.addLayout(top)
        layout.addWidget(self.controls)
        layout.addWidget(self.splitter, 1)
        self._pane: Pane | None = None

    # -- a view of a session -------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self._pane = pane
        self.runner = session.runner("playback")
        self.runner.done.connect(self._on_built)
        self.runner.failed.connect(self._on_failed)
        self.runner.progressed.connect(lambda _f, message: pane.set_note(message))
        session.watch_encoding(self._show)
        session.selected.connect(self._on_selected)
        session.cursor_moved.connect(self._on_cursor)
        self.session = session
        self.derivation_wanted.connect(session.show_derivation)
        self.spelling = session.options.spelling
        session.options_changed.connect(self._on_options)

    def _on_options(self, options) -> None:
        if options.spelling != self.spelling:
            self.spelling = options.spelling
            self._labels.clear()
            self._text_chips.clear()
            self._piece_chips.clear()
            self._last_text_position = None  # every chip is written anew
            self._render(self.position)

    def shows(self, encoded: EncodedText) -> bool:
        # Off screen it shows nothing, so it is never behind.
        return not self.isVisible() or self._built_for is encoded

    def _show(self, encoded: EncodedText | None) -> None:
        self.encoded = encoded
        if encoded is None:
            self.set_playback(None)
        elif self.isVisible():
            self._build()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self.encoded is not None and self._built_for is not self.encoded:
            self._build()

    def _build(self) -> None:
        encoded = self.encoded
        if encoded is None or self.runner is None:
            return
        tokenizer, text, special = encoded.tokenizer, encoded.table.text, encoded.special
        self.runner.submit(lambda job: (encoded, build_playback(tokenizer, text, special, job)))

    def _on_built(self, result: tuple[EncodedText, EncodingPlayback]) -> None:
        encoded, playback = result
        if encoded is not self.encoded:
            return
        self._built_for = encoded
        cut = len(encoded.table.text) > PLAYBACK_CHARS
        if self._pane is not None:
            self._pane.set_note(self.tr("the first {n:,} characters").format(n=PLAYBACK_CHARS)
                                if cut else "")
        self.set_playback(playback)

    def _on_failed(self, exc: BaseException) -> None:
        if self._pane is not None:
            self._pane.set_note(self.tr("could not trace this text: {error}").format(error=exc))

    def _on_selected(self, index: int) -> None:
        table = self.encoded.table if self.encoded is not None else None
        if self.playback is None or table is None or not 0 <= index < len(table):
            return
        slot = self.playback.piece_at_char(table.char_starts[index])
        if slot is not None and slot != self.slot:
            self.set_slot(slot)

    def _on_cursor(self, units: int) -> None:
        """The piece under the editor's cursor plays (one piece at a time)."""
        table = self.encoded.table if self.encoded is not None else None
        if (self.playback is None or table is None or self.order != PIECE
                or not self.isVisible() or table.model_text != table.text):
            return  # (a normalizer moves characters: the selected chip still picks a piece)
        char = code_points_in_units(table.text, 0, units)
        if char is None:
            return
        slot = self.playback.piece_at_char(max(0, min(char, len(table.text) - 1)))
        if slot is not None and slot != self.slot:
            self.set_slot(slot)

    # -- what is shown -------------------------------------------------------------------------
    def set_playback(self, playback: EncodingPlayback | None) -> None:
        self.playback = playback
        self._labels.clear()
        self._text_chips.clear()
        self._piece_chips.clear()
        self._warm_up(playback)
        self._last_text_position = None
        self.slot = min(self.slot, max(0, len(playback.pieces) - 1)) if playback else 0
        # Start on the first piece that merges at all (a lone space shows nothing).
        if playback is not None and playback.pieces and not playback.pieces[self.slot].steps:
            self.slot = next((i for i, p in enumerate(playback.pieces) if p.steps), self.slot)
        self._reset_steps()

    def _warm_up(self, playback: EncodingPlayback | None) -> None:
        """Measure every token any state holds, a slice per turn of the event loop, so that
        steps and jumps in the whole-text order lay out without measuring."""
        self.warmed = playback is None
        if playback is None:
            return
        ids = playback.state_ids  # listed off the GUI thread (prepare)

        states = [(slot, k) for slot, piece in enumerate(playback.pieces)
                  for k in range(len(piece.states))] if playback.state_ids else []

        def turn(start: int) -> None:
            if self.playback is not playback:
                return
            if start < len(ids):
                self.canvas.measure([self.label(t) for t in ids[start : start + WARM_SLICE]],
                                    TEXT_SIZE)
            else:  # then every state's chips, so a scrub jump makes none
                first = start - len(ids)
                for slot, k in states[first : first + WARM_SLICE]:
                    self._chips_of(playback, slot, k, -1)
            if start + WARM_SLICE < len(ids) + len(states):
                QTimer.singleShot(0, lambda: turn(start + WARM_SLICE))
            else:
                self.warmed = True

        QTimer.singleShot(0, lambda: turn(0))

    def _chips_of(self, playback: EncodingPlayback, slot: int, k: int, new: int) -> list[RowChip]:
        """Piece ``slot``'s chips at its state ``k`` in whole-text order, the tokens with id
        ``new`` (made by this step) orange; made once."""
        key = (slot, k, new)
        chips = self._text_chips.get(key)
        if chips is None:
            label = self.label
            chips = self._text_chips[key] = [RowChip(label(t), t, MERGED if t == new else "")
                                             for t in playback.pieces[slot].states[k]]
        return chips

    def set_zoom(self, zoom: float) -> None:
        """Larger chips (presentation mode)."""
        self.zoom = zoom
        self._size_chips()

    def _size_chips(self) -> None:
        size = PIECE_SIZE if self.order == PIECE else TEXT_SIZE
        self.canvas.set_point_size(round(size * self.zoom))

    def set_order(self, order: str) -> None:
        if order == self.order:
            return
        self.order = order
        self._last_text_position = None
        self.order_box.setCurrentIndex(self.order_box.findData(order))
        self._size_chips()
        self.canvas.rows_per_group = order == PIECE
        self._reset_steps()

    def set_slot(self, slot: int) -> None:
        if self.playback is None or not self.playback.pieces:
            return
        slot = max(0, min(len(self.playback.pieces) - 1, slot))
        self.slot = slot
        if self.order == PIECE:
            self._reset_steps()

    def piece(self) -> PiecePlayback | None:
        if self.playback is None or not self.playback.pieces:
            return None
        return self.playback.pieces[self.slot]

    def step_count(self) -> int:
        if self.playback is None:
            return 0
        if self.order == TEXT:
            return len(self.playback.text_steps)
        piece = self.piece()
        return len(piece.steps) + (1 if piece is not None and piece.finish else 0) \
            if piece is not None else 0

    def _reset_steps(self) -> None:
        position = 0
        if self.pending_step is not None and self.playback is not None:
            position, self.pending_step = self.pending_step, None
        self.controls.set_count(self.step_count(), position)

    def shown_frame(self) -> dict:
        """The frame on screen, as a playback picture draws it: its step, order and piece."""
        if self.order == TEXT or self.playback is None or not self.playback.pieces:
            return {"step": self.text_step_shown(), "order": "text"}
        return {"step": self.position, "order": "piece", "piece": self.slot + 1}

    def animation_defaults(self) -> dict:
        """What an animation starts from: the order on screen and its piece."""
        pieces = len(self.playback.pieces) if self.playback is not None else 1
        return {"order": self.order, "piece": self.slot + 1, "pieces": max(1, pieces)}

    def text_step_shown(self) -> int | None:
        """The whole-text step on screen (None in piece order: the finished text)."""
        return self.position if self.order == TEXT else None

    @property
    def position(self) -> int:
        return self.controls.position

    def _render(self, position: int) -> None:
        playback = self.playback
        self.prev_piece.setVisible(self.order == PIECE)
        self.next_piece.setVisible(self.order == PIECE)
        if playback is None:
            self.info.setText(self.tr("Tracing the merges…") if self.encoded is not None else "")
            self.canvas.set_groups([])
            self.table.setRowCount(0)
            self.piece_label.setText("")
            return
        if not playback.merges:
            self.info.setText(playback.method)
            self.canvas.set_groups([])
            self.table.setRowCount(0)
            self.piece_label.setText("")
            return
        if not playback.pieces:
            self.info.setText(self.tr("Nothing to merge: the text has no pieces the model "
                                      "merges."))
            self.canvas.set_groups([])
            self.table.setRowCount(0)
            return
        if self.order == PIECE:
            self._render_piece(position)
        else:
            self._render_text(position)

    def label(self, token_id: int) -> str:
        found = self._labels.get(token_id)
        if found is None:
            found = self._labels[token_id] = chip_label(
                self.playback.tokenizer, token_id, spelling=self.spelling)  # type: ignore[union-attr]
        return found

    def _render_piece(self, position: int) -> None:
        playback, piece = self.playback, self.piece()
        assert playback is not None and piece is not None
        label = self.label
        self.piece_label.setText(self.tr("piece {n} of {count}: “{text}”").format(
            n=self.slot + 1, count=len(playback.pieces), text=visible(piece.text)))
        merges = len(piece.steps)
        step = piece_step(piece, position)
        finishing, ids, candidates, stops = step.finishing, step.ids, step.candidates, step.stops
        self.canvas.set_groups(piece_rows(piece, step, label, chips_of=self._state_chips))
        self._follow_newest = True
        self._show_newest()
        if finishing:
            # piece.finish (what the model did after the merges) is worded by the engine, in
            # English: the CLI prints it too.
            self.info.setText(self.tr("Last step: {finish}.\nFinal tokens: {tokens}").format(
                finish=piece.finish, tokens=" | ".join(isolated(label(t)) for t in ids)))
        elif position == 0:
            start = (self.tr("Start: “{text}” as {n} bytes. ")
                     if playback.tokenizer.model.level == "byte"
                     else self.tr("Start: “{text}” as {n} symbols. "))
            self.info.setText(start.format(text=visible(piece.text), n=len(ids))
                              + (self.tr("{n} merges to play.").format(n=merges) if merges else
                                 self.tr("No merge applies."))
                              + self._why_next(candidates))
        else:
            step = piece.steps[position - 1]
            self.info.setText(
                self.tr("Step {position} of {count}: ({left}, {right}) → {new} — rank {rank}, "
                        "new id {id}.").format(
                    position=position, count=merges, left=isolated(label(step.left_id)),
                    right=isolated(label(step.right_id)), new=isolated(label(step.new_id)),
                    rank=step.rank,
                    id=step.new_id)
                + self._why_next(candidates))
        if position >= merges and not finishing:
            why = why_not_one(piece)
            whole = ""
            if len(ids) == 1 and merges and playback.tokenizer.model.looks_up_whole_piece:
                whole = self.tr(" (tiktoken looks a piece up whole before merging: it is token "
                                "{id}, as the merges give)").format(id=ids[0])
            # Why a piece ends as several tokens is worded by the engine (the CLI prints it
            # too) and said in the window's language by localize.
            self.info.setText(self.info.text() + "\n" + (
                self.tr("Done: the piece is one token{whole}.").format(whole=whole)
                if len(ids) == 1 else
                self.tr("Done: {why}.").format(why=localize(why.sentence(playback.tokenizer,
                                                                         self.label)))))
        # A rule present twice in the piece is one row (its leftmost occurrence goes first).
        rows: dict[int, list] = {}
        for c in candidates:
            rows.setdefault(c.rule.rank, [c.rule, 0])[1] += 1
        self._fill_candidates([tuple(r) for r in rows.values()], stops=[
            (s.left_id, s.right_id, 1) for s in stops])

    def _state_chips(self, piece: PiecePlayback, k: int, current: bool, candidates, stops,
                     label) -> list[RowChip]:
        """:func:`state_chips`, made once per state and marks (a step repaints the rows it
        showed before)."""
        key = (id(piece), k, current, bool(stops), tuple((c.position, c.rule.rank)
                                                         for c in candidates[:1]))
        chips = self._piece_chips.get(key)
        if chips is None:
            if len(self._piece_chips) > 10_000:
                self._piece_chips.clear()
            chips = self._piece_chips[key] = state_chips(piece, k, current, candidates, stops,
                                                         label)
        return chips

    def _on_range(self, _low: int, _high: int) -> None:
        if self._follow_newest:
            self._show_newest()

    def _show_newest(self) -> None:
        """Scroll as little as shows the newest state (the last row group) whole, or its
        first rows when it is taller than the view; content that fits is not scrolled."""
        canvas, bar = self.canvas, self.scroll.verticalScrollBar()
        last = len(canvas.groups) - 1
        top_rect = canvas.chip_rect(last, 0) if last >= 0 and canvas.groups[last] else None
        if top_rect is None:
            bar.setValue(0)
            return
        end_rect = canvas.chip_rect(last, len(canvas.groups[last]) - 1) or top_rect
        top = max(0, int(top_rect.top()) - 4)
        bottom = int(end_rect.top()) + canvas.row_height
        height = self.scroll.viewport().height()
        value = max(bar.value(), bottom - height)
        bar.setValue(max(0, min(value, top)))

    def _why_next(self, candidates) -> str:
        if not candidates:
            return ""
        first = candidates[0].rule
        times = sum(1 for c in candidates if c.rule.rank == first.rank)
        rules = len({c.rule.rank for c in candidates})
        where = self.tr(" (present {n}×: the leftmost goes first)").format(n=times) \
            if times > 1 else ""
        sentence = (self.tr("Next: ({left}, {right}) — the lowest rank of the {n} merges "
                            "present{where}.") if rules != 1 else
                    self.tr("Next: ({left}, {right}) — the lowest rank of the {n} merge "
                            "present{where}."))
        return "\n" + sentence.format(left=isolated(self.label(first.left_id)),
                                      right=isolated(self.label(first.right_id)), n=rules,
                                      where=where)

    def _render_text(self, position: int) -> None:
        self._follow_newest = False
        playback = self.playback
        assert playback is not None
        label = self.label
        self.piece_label.setText(self.tr("{pieces} pieces, {merges} distinct merges").format(
            pieces=len(playback.pieces), merges=len(playback.text_steps)))
        made = playback.text_steps[position - 1] if position > 0 else None
        touched = set(made.pieces) if made is not None else set()
        cache = self._text_chips
        if len(cache) > 200_000:
            cache.clear()
        positions = playback.text_positions(position)
        states = [piece.states[k] for piece, k in zip(playback.pieces, positions, strict=True)]
        consecutive = (self._last_text_position is not None
                       and abs(position - self._last_text_position) == 1)
        # One step from the last one: only the pieces it touches, and those marked orange
        # before, change; the others keep their chips and their place on the canvas.
        changed = self._marked_pieces | touched if consecutive else range(len(states))
        groups = list(self.canvas.groups) if consecutive else [[]] * len(states)
        chips_of = self._chips_of
        for slot in changed:
            new = made.rule.new_id if made is not None and slot in touched else -1
            groups[slot] = chips_of(playback, slot, positions[slot], new)
        self._marked_pieces = touched
        self.canvas.set_groups(groups, same_before=min(changed, default=None)
                               if consecutive else None)
        self._last_text_position = position
        if touched:  # the first token this step made, in sight
            slot = min(touched)
            index = next((i for i, c in enumerate(groups[slot]) if c.mark == MERGED), 0)
            rect = self.canvas.chip_rect(slot, index)
            if rect is not None:
                self.scroll.ensureVisible(int(rect.center().x()), int(rect.center().y()),
                                          40, int(rect.height()))
        candidates = playback.text_candidates(position, CANDIDATE_ROWS)
        if made is None:
            self.info.setText(self.tr("Start: {symbols:,} symbols in {pieces:,} pieces.").format(
                symbols=sum(map(len, states)), pieces=len(states)))
        else:
            r = made.rule
            sentence = (self.tr("Text step {position} of {count}: rank {rank}, ({left}, {right}) "
                                "→ {new} (id {id}), applied {times}× in {pieces} pieces. "
                                "{tokens:,} tokens now.") if len(made.pieces) != 1 else
                        self.tr("Text step {position} of {count}: rank {rank}, ({left}, {right}) "
                                "→ {new} (id {id}), applied {times}× in {pieces} piece. "
                                "{tokens:,} tokens now."))
            self.info.setText(sentence.format(
                position=position, count=len(playback.text_steps), rank=r.rank,
                left=isolated(label(r.left_id)), right=isolated(label(r.right_id)),
                new=isolated(label(r.new_id)),
                id=r.new_id, times=made.count, pieces=len(made.pieces),
                tokens=sum(map(len, states))))
        stops: list[tuple[int, int, int]] = []
        if position >= len(playback.text_steps):
            stops = [(a, b, n) for (a, b), n in playback.text_stops().most_common(
                CANDIDATE_ROWS)]
            changed = [p for p in playback.pieces if p.finish]
            after = (self.tr(" Then {n:,} pieces change: {finish}.").format(
                n=len(changed), finish=changed[0].finish) if changed else "")
            self.info.setText(self.info.text() + "\n" + self.tr(
                "Done: {n:,} tokens; the pairs left are not merges.{after}").format(
                n=len(playback.encoding.ids), after=after))
        self._fill_candidates(candidates, stops=stops)

    def _fill_candidates(self, rows, *, stops) -> None:
        label = self.label
        if stops:
            self.table_title.setText(self.tr("Where merging stopped: adjacent pairs no merge "
                                             "joins"))
            fill_table(self.table, [
                (["—", f"{isolated(label(a))} + {isolated(label(b))}", self.tr("not a merge"),
                  "", str(n)], "") for a, b, n in stops])
            return
        self.table_title.setText(self.tr("Merges present now — the lowest rank goes next"))
        next_row = palette_for(self).next_row
        fill_table(self.table, [
            ([str(rule.rank), f"{isolated(label(rule.left_id))} + {isolated(label(rule.right_id))}",
              label(rule.new_id), str(rule.new_id), str(count or "")],
             next_row if row == 0 else "")
            for row, (rule, count) in enumerate(rows)])

    # -- chips -----------------------------------------------------------------------------
    def _chip_id(self, group: int, index: int) -> int | None:
        if 0 <= group < len(self.canvas.groups) and 0 <= index < len(self.canvas.groups[group]):
            return self.canvas.groups[group][index].token_id
        return None

    def _on_chip_clicked(self, group: int, index: int) -> None:
        if self.order == TEXT:
            self.slot = group  # the piece "one piece at a time" opens on

    def _on_chip_activated(self, group: int, index: int) -> None:
        token_id = self._chip_id(group, index)
        if token_id is None:
            return
        slot = self.slot if self.order == PIECE else group
        why = ""
        if self.playback is not None and self.playback.pieces:
            piece = self.playback.pieces[slot]
            if len(piece.final_ids) > 1:
                # The engine's sentence starts with the count ("3 tokens: …"): not said twice.
                why = self.tr("Its piece “{text}” ends as {why}").format(
                    text=visible(piece.text),
                    why=localize(why_not_one(piece).sentence(self.playback.tokenizer,
                                                             self.label)))
        self.derivation_wanted.emit(token_id, why)

    def _derive_selected(self) -> None:
        selected = self.canvas.selected
        if selected is None and self.canvas.groups and self.canvas.groups[0]:
            selected = (0, 0)
        if selected is not None:
            self._on_chip_activated(*selected)
