"""Training playback: train on a small corpus here (or open a file trained with
``bpelens train --trace-top K``) and step through its merges — the corpus words in their
current segmentation, the top pair counts when each merge was chosen (ties and the rule that
broke them), the vocabulary so far, and plots of the chosen count and the corpus length per
merge with a cursor at the step. Training records what each step shows while it trains, so
scrubbing never recounts anything."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QScrollArea,
    QSplitter,
    QWidget,
)

from bpelens.core import TRAINERS, BpeLensError, Trainer, isolated, localize

from ...pictures.chip_rows import MERGED, RowChip, chip_label
from ...training_corpora import (
    TRACE_TOP,
    TrainingCorpus,
    file_config,
    file_corpus,
    preset_corpora,
)
from .. import style
from ..i18n import translate
from ..ui_theme import palette_for
from ..worker import Job, JobCancelled
from ..zoom import zoom_tree
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
from .trainer_choice import TrainerChoice

if TYPE_CHECKING:
    from bpelens.core import TrainingPlayback

    from ..session import Session
    from . import Pane

WORDS_SHOWN = 80
WORD_SIZE = 15  # the corpus words' chips, in points at zoom 1
FILE_ITEM, TRAINED_ITEM = "file", "trained"


def train_corpus(corpus: TrainingCorpus | Path, job: Job, trainer: Trainer | None = None,
                 options: dict[str, Any] | None = None) -> TrainingPlayback:
    """Train with the per-merge record playback needs (off the GUI thread)."""
    # Imported here: the trainer needs numpy, which a window opening elsewhere need not load.
    from bpelens.core import TrainingPlayback

    if isinstance(corpus, Path):
        if corpus.suffix == ".json":
            return open_trained(corpus, job)  # a tokenizer trained with --trace-top
        job.progress(None, translate("TrainingView", "Reading {name}…").format(name=corpus.name))
        corpus = file_corpus(corpus)
    trainer = trainer or TRAINERS["classic"]
    for progress in trainer.train(corpus.texts, corpus.config, options or {},
                                  trace_top=TRACE_TOP):
        job.check()
        if progress.phase == "merging" and progress.total:
            job.progress(progress.done / progress.total,
                         translate("TrainingView", "Training: {done:,} of {total:,} merges…")
                         .format(done=progress.done, total=progress.total))
        elif progress.phase == "counting":
            job.progress(None, translate("TrainingView", "Counting pairs…"))
        if progress.result is not None:
            return TrainingPlayback(progress.result.tokenizer)
    raise JobCancelled


def open_trained(path: Path, job: Job) -> TrainingPlayback:
    from bpelens.core import TrainingPlayback, load_tokenizer

    job.progress(None, translate("TrainingView", "Opening {name}…").format(name=path.name))
    return TrainingPlayback(load_tokenizer(path))


class TrainingView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.zoom = 1.0
        self.playback: TrainingPlayback | None = None
        self.pending_step: int | None = None
        self.runner = None
        self.corpora = preset_corpora()
        self.corpus_box = QComboBox()
        self.corpus_box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for corpus in self.corpora:
            self.corpus_box.addItem(corpus.label, corpus.key)
        self.corpus_box.addItem(self.tr("A text file…"), FILE_ITEM)
        self.corpus_box.addItem(self.tr("A tokenizer trained with --trace-top…"), TRAINED_ITEM)
        self.trainer_choice = TrainerChoice()
        self.corpus_box.currentIndexChanged.connect(self._offer_options)
        self._offer_options()
        self.train_button = quiet_button(self.tr("Train"))
        self.train_button.clicked.connect(self.train_chosen)
        self.cancel_button = quiet_button(self.tr("Cancel"))
        self.cancel_button.setVisible(False)
        self.status = QLabel()
        style.set_tone(self.status, "muted")
        self.status.setWordWrap(True)
        self.controls = StepControls(self)
        self.controls.moved.connect(self._render)

        self.info = info_label(self.tr("Choose a corpus and press Train."))
        self.words = ChipCanvas(WORD_SIZE)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.words)
        self.pairs = read_only_table([self.tr("pair"), self.tr("count"), ""])
        self.pairs_title = title_label(self.tr("Top pair counts at this merge"))
        self.vocab = QListWidget()
        self.vocab.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.vocab_title = title_label(self.tr("Vocabulary learned so far"))

        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(stacked(self.pairs_title, self.pairs))
        right.addWidget(stacked(self.vocab_title, self.vocab))
        right.setSizes([300, 120])
        # The plots are made when the view is first shown: importing pyqtgraph takes most of
        # a second, which a window that opens on another view should not wait for.
        plots = QWidget()
        self._plots_layout = QHBoxLayout(plots)
        self._plots_layout.setContentsMargins(0, 0, 0, 0)
        self.plots = None
        words = stacked(self.info, scroll)
        # Words over plots on the left; the pair counts and the vocabulary take the whole
        # height on the right, where a short window still shows several rows. The plots get
        # the larger share: at 1280×800 their data areas stay 180 px tall or more.
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(words)
        left.addWidget(plots)
        left.setStretchFactor(0, 2)
        left.setStretchFactor(1, 3)
        left.setSizes([200, 300])
        self.left_splitter = left
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(left)
        body.addWidget(right)
        body.setSizes([760, 380])

        top = self.top_row = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Corpus")))
        top.addWidget(self.corpus_box, 1)
        top.addWidget(self.train_button)
        top.addWidget(self.cancel_button)
        # The trainer shares the status line: a row of its own would take the height the
        # plots need at 1280×800.
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.trainer_choice)
        layout = view_layout(self)
        layout.addLayout(top)
        layout.addLayout(status_row)
        layout.addWidget(self.controls)
        layout.addWidget(body, 1)
        self._render(0)

    def _make_plots(self) -> None:
        if self.plots is not None:
            return
        from .training_plots import TrainingPlots

        self.plots = TrainingPlots()
        self._plots_layout.addWidget(self.plots)
        self.top_row.addWidget(self.plots.export_button)
        self.plots.exported.connect(lambda path: self.status.setText(
            self.tr("Saved {path}").format(path=path)))

    def showEvent(self, event) -> None:
        super().showEvent(event)
        made = self.plots is None
        self._make_plots()
        if made and self.zoom != 1.0:
            self.set_zoom(self.zoom)  # the plots just made, at the view's zoom

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables, chips and plots at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)
        self.words.set_point_size(round(WORD_SIZE * zoom))

    # -- a view of a session -------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self.runner = session.runner("training")
        self.runner.done.connect(self._on_trained)
        self.runner.failed.connect(self._on_failed)
        self.runner.progressed.connect(lambda _f, message: self.status.setText(message))
        self.runner.busy_changed.connect(self._on_busy)
        self.cancel_button.clicked.connect(self.cancel)

    def shows(self, encoded) -> bool:
        return True  # it shows a corpus of its own, not the text in the box

    # -- training ------------------------------------------------------------------------------
    def train_chosen(self) -> None:
        key = self.corpus_box.currentData()
        if key == FILE_ITEM:
            name, _ = QFileDialog.getOpenFileName(self, self.tr("Train on a text file"), "",
                                                  self.tr("Text files (*.txt);;All files (*)"))
            if name:
                self.train(Path(name))
            return
        if key == TRAINED_ITEM:
            name, _ = QFileDialog.getOpenFileName(
                self, self.tr("Open a tokenizer trained with --trace-top"), "",
                self.tr("BPE Lens (*.json)"))
            if name:
                self.open_file(Path(name))
            return
        if key.startswith("file:"):
            self.train(Path(key[len("file:"):]))
            return
        corpus = next(c for c in self.corpora if c.key == key)
        self.train(corpus)

    def _offer_options(self) -> None:
        key = self.corpus_box.currentData()
        corpus = next((c for c in self.corpora if c.key == key), None)
        self.trainer_choice.offer(corpus.config if corpus is not None
                                  else file_config())

    def train(self, corpus: TrainingCorpus | Path) -> None:
        if self.runner is None:
            return
        name = corpus.name if isinstance(corpus, Path) else corpus.label
        if isinstance(corpus, Path):
            self._show_source(corpus)
        self.status.setText(self.tr("Training on {name}…").format(name=name))
        self.trained_on = name
        trainer, options = self.trainer_choice.trainer, self.trainer_choice.options()
        if trainer.name == "superbpe" and not isinstance(corpus, Path) and \
                corpus.config.level != "byte":
            self.status.setText(self.tr("SuperBPE trains byte-level BPE: choose the demo corpus"
                                        " or a text file"))
            return
        self.runner.submit(lambda job: train_corpus(corpus, job, trainer, options))

    def open_file(self, path: Path) -> None:
        if self.runner is None:
            return
        self._show_source(path)
        self.trained_on = path.name
        self.runner.submit(lambda job: open_trained(path, job))

    def _show_source(self, path: Path) -> None:
        """The box says what is being played back: the file, listed once."""
        key = f"file:{path}"
        if self.corpus_box.findData(key) < 0:
            self.corpus_box.insertItem(len(self.corpora), path.name, key)
        self.corpus_box.setCurrentIndex(self.corpus_box.findData(key))

    def cancel(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
            self.status.setText(self.tr("Training cancelled; the last playback stays."))

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        self.train_button.setEnabled(not busy)

    def _on_failed(self, exc: BaseException) -> None:
        message = str(exc) if isinstance(exc, BpeLensError | OSError) else repr(exc)
        self.status.setText(self.tr("Could not train: {error}").format(error=message))

    def _on_trained(self, playback: TrainingPlayback) -> None:
        self.set_playback(playback)
        record = playback.record
        reason = {"vocab_size": self.tr("the vocabulary size was reached"),
                  "merges": self.tr("every merge asked for was learned"),
                  "languages_exhausted": self.tr("no language has a frequent enough pair left"),
                  "min_frequency": self.tr("no pair occurs often enough any more"),
                  "no_pairs": self.tr("no pair is left")}.get(record.stop_reason,
                                                             record.stop_reason)
        self.status.setText(self.tr("{name}: {steps} merges; training stopped because {reason}.")
                            .format(name=getattr(self, "trained_on", None) or self.tr("Trained"),
                                    steps=playback.steps, reason=reason))

    def set_playback(self, playback: TrainingPlayback | None) -> None:
        self.playback = playback
        self._make_plots()
        if playback is not None:
            self.plots.set_data(playback.chosen_counts(), playback.corpus_lengths())
            switch = playback.stage_switch
            if switch is not None:
                self.plots.set_stages(switch, [
                    step for step, m in enumerate(playback.merges[switch:], start=switch + 1)
                    if playback.superword(m.new_id)])
            self.plots.set_removals(sorted({after for after, _, _ in playback.removals}))
        else:
            self.plots.set_data([], [])
        position = 0
        if self.pending_step is not None and playback is not None:
            position, self.pending_step = self.pending_step, None
        self.controls.set_count(playback.steps if playback else 0, position)

    @property
    def position(self) -> int:
        return self.controls.position

    # -- one step ------------------------------------------------------------------------------
    def _render(self, step: int) -> None:
        playback = self.playback
        if playback is None:
            self.words.set_groups([])
            self.pairs.setRowCount(0)
            self.vocab.clear()
            return
        tok = playback.tokenizer
        label = lambda t: chip_label(tok, t)  # noqa: E731
        groups = []
        for word in playback.words_at(step)[:WORDS_SHOWN]:
            made = set(word.merged_now)
            groups.append([RowChip(label(t), t, MERGED if i in made else "",
                                f"×{word.count}" if i == 0 else "")
                           for i, t in enumerate(word.ids)])
        self.words.set_groups(groups)
        if self.plots is not None:
            self.plots.set_step(step)
        if step == 0:
            self.info.setText(self.tr("Start: the corpus as {base} base symbols. {steps} merges "
                                      "to play; → learns the first.").format(
                base=playback.base_size, steps=playback.steps))
        else:
            m = playback.merges[step - 1]
            lengths = playback.corpus_lengths()
            length = self.tr(" The corpus is {n:,.0f} tokens now.").format(
                n=lengths[step]) if len(lengths) > step else ""
            chooser = playback.chosen_by(step)
            by = self.tr(", chosen by {chooser}").format(chooser=localize(chooser)) \
                if chooser else ""
            self.info.setText(self.tr("Merge {step} of {steps} (rank {rank}): ({left}, {right}) "
                                      "→ {new} — new id {id}, seen {count} times{by}.").format(
                step=step, steps=playback.steps, rank=m.rank, left=isolated(label(m.left_id)),
                right=isolated(label(m.right_id)), new=isolated(label(m.new_id)), id=m.new_id,
                count=m.count, by=by) + length + self._stage_note(step, m.new_id)
                + self._removal_note(step, label))
        self._fill_pairs(step, label)
        learned = playback.vocabulary_at(step)
        self.vocab.clear()
        switch = playback.stage_switch
        for tid in reversed(learned[-200:]):
            self.vocab.addItem(f"{tid}  {label(tid)}")
            if switch is not None and playback.superword(tid):
                item = self.vocab.item(self.vocab.count() - 1)
                item.setText(self.tr("{token}   (superword)").format(token=item.text()))
                font = item.font()
                font.setBold(True)
                item.setFont(font)
        if learned:
            self.vocab.item(0).setBackground(QColor(palette_for(self).merged_fill))
            self.vocab.item(0).setForeground(QColor(palette_for(self).plain_ink))
        if playback.removals:
            removed = sum(1 for after, _, _ in playback.removals if after <= step)
            self.vocab_title.setText(self.tr(
                "Vocabulary so far: {learned} tokens after {step} of {steps} merges and "
                "{removed} removals (+{base} base)").format(
                learned=len(learned), step=step, steps=playback.steps, removed=removed,
                base=playback.base_size))
        else:
            self.vocab_title.setText(self.tr("Vocabulary learned so far: {learned} of {steps} "
                                             "merges (+{base} base)").format(
                learned=len(learned), steps=playback.steps, base=playback.base_size))

    def _stage_note(self, step: int, made: int) -> str:
        """SuperBPE: which stage this merge belongs to, and whether it made a superword."""
        playback = self.playback
        assert playback is not None
        switch = playback.stage_switch
        if switch is None:
            return ""
        if step <= switch:
            return self.tr(" SuperBPE stage 1: merges stay inside words ({left} merges to the "
                           "switch).").format(left=switch - step)
        note = self.tr(" SuperBPE stage 2 (from merge {first}): merges may cross spaces.").format(
            first=switch + 1)
        if playback.superword(made):
            note += self.tr(" This token holds several words.")
        return note

    def _removal_note(self, step: int, label) -> str:
        """Picky BPE: the tokens this merge made redundant, split back into their parts."""
        playback = self.playback
        assert playback is not None
        removed = playback.removed_after(step)
        if not removed:
            return ""
        said = (self.tr(" Picky BPE removed {tokens}: nearly all of it went into this merge.")
                if len(removed) == 1 else
                self.tr(" Picky BPE removed {tokens}: nearly all of each went into this "
                        "merge."))
        return said.format(tokens=", ".join(
            self.tr("{token} (split into {parts})").format(
                token=isolated(label(token)), parts=self._parts_text(parts, label))
            for token, parts in removed))

    def _parts_text(self, parts: tuple[int, ...], label) -> str:
        """``a + b + c``; a long split (down to the bytes of a long token) shortened."""
        shown = [isolated(label(p)) for p in parts]
        if len(shown) <= 6:
            return " + ".join(shown)
        return self.tr("{first} + … + {last}, {count} parts").format(
            first=" + ".join(shown[:3]), last=shown[-1], count=len(shown))

    def _fill_pairs(self, step: int, label) -> None:
        playback = self.playback
        assert playback is not None
        # The counts of the segmentation shown: the top one is the next merge.
        pairs = playback.pairs_at(step)
        if not playback.has_pair_counts:
            title = (self.tr("Training by language keeps no pair counts")
                     if playback.record.languages
                     else self.tr("This record has no pair counts (train with --trace-top K)"))
        elif step >= playback.steps:
            title = self.tr("Training is over: no merge after this one")
        else:
            title = self.tr("Pair counts now — the top one becomes merge {n}").format(n=step + 1)
        self.pairs_title.setText(self.tr("{title}; {rule}").format(
            title=title, rule=localize(playback.rule_rank_text())))
        colors = palette_for(self)
        rows = []
        for pair in pairs:
            note = self.tr("merged next") if pair.chosen else (
                self.tr("tied: the tie rule passed it over") if pair.tied else "")
            rows.append(([f"{isolated(label(pair.left_id))} + {isolated(label(pair.right_id))}",
                          str(pair.count), note],
                         colors.merged_fill if pair.chosen else colors.tied_fill if pair.tied
                         else ""))
        fill_table(self.pairs, rows)
