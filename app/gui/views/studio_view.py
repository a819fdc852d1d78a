"""Training studio: train a tokenizer on a parallel corpus here and watch what it does to every
language. Choose the corpus and its split, tick languages, weight them exactly (a weight each,
target byte shares, or temperature sampling — the resulting byte shares are shown before
training), choose classic or parity-aware BPE (base, window, hybrid, target ratios) and every
trainer option; press Train. Progress with an estimate of the time left and Cancel; each
language's dev-set tokens and their Gini plotted merge by merge as training runs. Every run is
saved to the runs folder and listed: open it in the main view, compare it with other
tokenizers or earlier runs, play it back, or export it (BPE Lens, tokenizer.json, .tiktoken).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    TRAINERS,
    BpeLensError,
    ConfigError,
    ParityConfig,
    SplitSizes,
    TrainingConfig,
    default_jobs,
    gini,
    localize,
    preset_names,
    trainer_named,
)

from ...parallel_corpora import DEMO_CORPUS
from ...training_studio import (
    FILES_PREFIX,
    WEIGHT_MODES,
    StudioPlan,
    StudioRows,
    StudioRun,
    WeightPlan,
    earlier_runs,
    files_spec,
    open_studio_corpus,
    plan_languages,
    plans_for_values,
    run_plans,
    shares_preview,
    sweep_runs,
)
from .. import style
from ..fitting_combo import FittingComboBox
from ..i18n import translate
from ..language_labels import corpus_label
from ..settings import corpus_jobs, recent_corpora, remember_corpus, runs_folder
from ..zoom import zoom_tree
from .corpus_choice import add_recent_and_open_items, corpus_for, demo_label
from .trainer_choice import TrainerChoice

if TYPE_CHECKING:
    from bpelens.core import ParallelCorpus

    from ...training_studio import LanguageFiles
    from ..session import Session
    from . import Pane
    from .sweep_dialog import SweepDialog

OPEN_TEXTS = "open-texts"
ALGORITHMS = (("classic", QT_TRANSLATE_NOOP("StudioView", "Classic BPE (weighted languages)")),
              ("base", QT_TRANSLATE_NOOP("StudioView", "Parity-aware BPE — base")),
              ("window", QT_TRANSLATE_NOOP("StudioView", "Parity-aware BPE — moving window")))
# The export dialog's filters (shown translated) and the format each saves.
EXPORTS = ((QT_TRANSLATE_NOOP("StudioView", "BPE Lens tokenizer (*.json)"), "own"),
           (QT_TRANSLATE_NOOP("StudioView", "Hugging Face tokenizer.json (*.json)"), "hf"),
           (QT_TRANSLATE_NOOP("StudioView", "tiktoken ranks (*.tiktoken)"), "tiktoken"))
# WEIGHT_MODES' labels (app/training_studio.py), listed for lupdate: the box shows them
# translated (tests/test_i18n.py checks the two lists agree).
WEIGHT_MODE_LABELS = (
    QT_TRANSLATE_NOOP("StudioView", "Equal (every line weighs 1)"),
    QT_TRANSLATE_NOOP("StudioView", "A weight per language"),
    QT_TRANSLATE_NOOP("StudioView", "Target byte shares p (each line 100000·p / B)"),
    QT_TRANSLATE_NOOP("StudioView", "Temperature sampling q ∝ (bytes share)^α"),
)
COMPARED_RUNS = 4  # the chosen run and the newest others, beside the main view's tokenizer
# Table columns.
LANGUAGE, BYTES, VALUE, RATIO, SHARE = range(5)


def _spin(low: int, high: int, value: int, step: int = 1, tip: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setSingleStep(step)
    box.setValue(value)
    box.setGroupSeparatorShown(True)
    box.setToolTip(tip)
    return box


def _export(run_path: Path, kind: str, target: Path) -> Path:
    from bpelens.core import load_tokenizer, save_hf_json, save_tiktoken, save_tokenizer

    tokenizer = load_tokenizer(run_path)
    {"own": save_tokenizer, "hf": save_hf_json, "tiktoken": save_tiktoken}[kind](
        tokenizer, target)
    return target


class StudioView(QWidget):
    """``open_requested(path)``, ``compare_requested(paths, corpus)`` (the chosen run first,
    then earlier ones),
    ``playback_requested(path)``: what the window does with a run."""

    open_requested = Signal(str)
    compare_requested = Signal(list, str)
    playback_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zoom = 1.0
        self.session: Session | None = None
        self.runner = self.reader = self.exporter = self.lister = None
        self.corpus: ParallelCorpus | LanguageFiles | None = None
        self.corpus_spec: str | None = None
        self.runs: list[StudioRun] = []
        self.running_languages: list[str] = []
        self.running_merges: int | None = None
        self.series: list[StudioRun] = []  # the runs of a series done so far
        self._started = False
        self.train_when_read = False  # --train: start as soon as the corpus is read

        self.corpus_box = FittingComboBox(minimum_length=24)
        self.corpus_info = QLabel()
        style.set_tone(self.corpus_info, "muted")
        self.corpus_info.setWordWrap(True)
        self.train_size = _spin(1, 10_000_000, 1500, 100, self.tr(
            "Sentences per language to train on (the first ones)"))
        self.dev_size = _spin(0, 10_000_000, 200, 50, self.tr(
            "Sentences per language after those, for the dev set; the rest are kept for "
            "evaluation"))
        self.languages = QTableWidget(0, 5)
        self.languages.setHorizontalHeaderLabels([
            self.tr("language"), self.tr("train bytes"), self.tr("weight"), self.tr("ratio"),
            self.tr("byte share")])
        self.languages.verticalHeader().hide()
        self.languages.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.languages.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.all_languages = QPushButton(self.tr("All"))
        self.no_languages = QPushButton(self.tr("None"))

        self.weight_mode = QComboBox()
        for mode, label in WEIGHT_MODES.items():
            self.weight_mode.addItem(self.tr(label), mode)
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(0.01, 10)
        self.temperature.setSingleStep(0.1)
        self.temperature.setValue(0.3)
        self.temperature.setToolTip(self.tr("α of q ∝ (n/Σn)^α: 1 keeps the data's "
                                            "proportions, 0.3 (XLM-R) flattens them"))
        self.shares_note = QLabel()
        style.set_tone(self.shares_note, "muted")
        self.shares_note.setWordWrap(True)

        self.algorithm = QComboBox()
        for key, label in ALGORITHMS:
            self.algorithm.addItem(self.tr(label), key)
        self.global_merges = _spin(0, 10_000_000, 0, 100, self.tr(
            "Hybrid: the first N merges are chosen on the summed counts, as classic BPE"))
        self.window_size = _spin(1, 1_000_000, 100, 10,
                                 self.tr("Window variant: the last W merges"))
        self.alpha = QDoubleSpinBox()
        self.alpha.setRange(0.01, 1000)
        self.alpha.setValue(2.0)
        self.alpha.setToolTip(self.tr("Window variant: a language may choose at most α/L of the "
                                      "last W merges"))
        # Trainers of the registry train the weighted lines as one corpus (classic only).
        self.trainer_choice = TrainerChoice(form=True)
        self.sweep_option = QComboBox()
        self.sweep_option.setToolTip(self.tr("Train one run per value of this option, the "
                                             "other settings unchanged"))
        self.sweep_values = QLineEdit()
        self.sweep_values.setPlaceholderText(self.tr("one run, or e.g. 1000:2000:+250"))
        self.sweep_values.setToolTip(self.tr("Values, one run each: a list (1000, 1500) or, "
                                             "for whole numbers, FIRST:LAST:+STEP or :xFACTOR; "
                                             "blank: one run"))
        self.use_ratios = QCheckBox(self.tr("Balance on target compression ratios (no dev set)"))
        self.use_ratios.setToolTip(self.tr("The language furthest below its target ratio "
                                           "chooses; set each ratio in the table (relative "
                                           "values matter)"))

        self.vocab_size = _spin(2, 1_000_000, 256 + 2000, 256,
                                self.tr("Base tokens + merges + special tokens"))
        self.level = QComboBox()
        self.level.addItem(self.tr("bytes (256 base tokens)"), "byte")
        self.level.addItem(self.tr("characters seen"), "char")
        self.pretokenizer = QComboBox()
        # The presets by their own names (as the CLI's --pretokenizer takes them).
        for name in (*preset_names(), "whitespace", "digits"):
            self.pretokenizer.addItem(name, name)
        self.pretokenizer.addItem(self.tr("none"), None)
        self.pretokenizer.setCurrentIndex(max(0, self.pretokenizer.findText("gpt2")))
        self.normalizer = QComboBox()
        self.normalizer.addItem(self.tr("none"), None)
        for name in ("nfc", "nfkc", "nfd", "nfkd", "lowercase"):
            self.normalizer.addItem(name, name)
        self.min_frequency = _spin(0, 1_000_000_000, 2, 1, self.tr(
            "A pair seen fewer times is never merged (parity-aware: that language stops "
            "choosing)"))
        self.tie_rule = QComboBox()
        self.tie_rule.addItem(self.tr("smallest ids"), "smallest_ids")
        self.tie_rule.addItem(self.tr("first occurrence"), "first_occurrence")
        self.tie_rule.setToolTip(self.tr("Classic BPE only; parity-aware BPE breaks ties by the "
                                         "largest (left, right) token text, as its reference "
                                         "does"))
        self.byte_order = QComboBox()
        self.byte_order.addItem(self.tr("Hugging Face's"), "hf")
        self.byte_order.addItem(self.tr("by byte value (tiktoken)"), "value")
        self.end_of_word = QLineEdit()
        self.end_of_word.setPlaceholderText(self.tr("none (e.g. </w>)"))
        self.byte_fallback = QCheckBox(self.tr("byte fallback <0xNN>"))
        self.specials = QLineEdit()
        self.specials.setPlaceholderText(self.tr("comma-separated, e.g. <|endoftext|>"))

        self.train_button = QPushButton(self.tr("Train"))
        self.train_button.setDefault(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.status = QLabel(self.tr("Choose a corpus and press Train."))
        style.set_tone(self.status, "muted")
        self.status.setWordWrap(True)
        self.problem = QLabel()
        style.set_tone(self.problem, "error")
        self.problem.setWordWrap(True)
        self.problem.hide()

        # The plots import pyqtgraph (most of a second): made when the tab is first shown.
        self.plots = None
        self._plots_holder = QVBoxLayout()
        self.run_list = QListWidget()
        self.run_list.setToolTip(self.tr("Every run is saved; earlier sessions' runs are listed "
                                         "too"))
        self.open_button = QPushButton(self.tr("Open in main view"))
        self.compare_button = QPushButton(self.tr("Compare…"))
        self.compare_button.setToolTip(self.tr("Open the comparison on this corpus with this run "
                                               "and the other runs ticked"))
        self.playback_button = QPushButton(self.tr("Play back"))
        self.export_button = QPushButton(self.tr("Export…"))
        self.sweep_button = QPushButton(self.tr("Sweep sizes…"))
        self.sweep_button.setToolTip(self.tr("Cut the selected runs (Ctrl+click selects several)"
                                             " at many vocabulary sizes and plot Gini against "
                                             "total tokens on the evaluation sentences"))
        self.sweep_dialog: SweepDialog | None = None
        self._build_layout()
        self._wire()
        self._update_algorithm()
        self._update_level()
        self._offer_trainer_values()

    # -- layout --------------------------------------------------------------------------------
    def _build_layout(self) -> None:
        corpus = QGroupBox(self.tr("Corpus"))
        form = QFormLayout(corpus)
        form.addRow(self.corpus_box)
        form.addRow(self.corpus_info)
        sizes = QHBoxLayout()
        sizes.addWidget(QLabel(self.tr("train")))
        sizes.addWidget(self.train_size)
        sizes.addWidget(QLabel(self.tr("dev")))
        sizes.addWidget(self.dev_size)
        sizes.addStretch(1)
        form.addRow(self.tr("Split"), sizes)
        ticks = QHBoxLayout()
        ticks.addWidget(QLabel(self.tr("Languages")))
        ticks.addStretch(1)
        ticks.addWidget(self.all_languages)
        ticks.addWidget(self.no_languages)
        form.addRow(ticks)
        form.addRow(self.languages)

        weights = QGroupBox(self.tr("Language weights (exact)"))
        form = QFormLayout(weights)
        form.addRow(self.weight_mode)
        form.addRow(self.tr("Temperature α"), self.temperature)
        form.addRow(self.shares_note)

        algorithm = QGroupBox(self.tr("Algorithm"))
        form = QFormLayout(algorithm)
        form.addRow(self.algorithm)
        form.addRow(self.tr("Global merges"), self.global_merges)
        form.addRow(self.tr("Window W"), self.window_size)
        form.addRow(self.tr("Alpha"), self.alpha)
        form.addRow(self.use_ratios)
        form.addRow(self.trainer_choice)
        form.addRow(self.tr("One run per"), self.sweep_option)
        form.addRow(self.tr("Values"), self.sweep_values)
        self._algorithm_form = form

        vocabulary = QGroupBox(self.tr("Vocabulary and pieces"))
        form = QFormLayout(vocabulary)
        form.addRow(self.tr("Vocabulary size"), self.vocab_size)
        form.addRow(self.tr("Level"), self.level)
        form.addRow(self.tr("Pre-tokenizer"), self.pretokenizer)
        form.addRow(self.tr("Normalizer"), self.normalizer)
        form.addRow(self.tr("Min frequency"), self.min_frequency)
        form.addRow(self.tr("Tie rule"), self.tie_rule)
        form.addRow(self.tr("Base-id order"), self.byte_order)
        form.addRow(self.tr("End-of-word marker"), self.end_of_word)
        form.addRow(self.byte_fallback)
        form.addRow(self.tr("Special tokens"), self.specials)

        settings = QWidget()
        column = QVBoxLayout(settings)
        column.setContentsMargins(0, 0, 4, 0)
        for box in (corpus, weights, algorithm, vocabulary):
            column.addWidget(box)
        column.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(settings)
        # Narrow enough that the whole window can still be made 700 pixels wide.
        scroll.setMinimumWidth(260)

        buttons = QHBoxLayout()
        buttons.addWidget(self.train_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(scroll, 1)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.status)
        left_layout.addWidget(self.problem)

        plots = QWidget()
        plots.setLayout(self._plots_holder)
        self._plots_holder.setContentsMargins(0, 0, 0, 0)
        runs = QWidget()
        runs_layout = QVBoxLayout(runs)
        runs_layout.setContentsMargins(0, 0, 0, 0)
        # The sweep works on several runs: it sits by the list's title, and the row of
        # actions on one run stays as narrow as before.
        title = QHBoxLayout()
        title.addWidget(QLabel(self.tr("Runs")))
        title.addStretch(1)
        title.addWidget(self.sweep_button)
        runs_layout.addLayout(title)
        runs_layout.addWidget(self.run_list, 1)
        actions = QHBoxLayout()
        for button in (self.open_button, self.compare_button, self.playback_button,
                       self.export_button):
            actions.addWidget(button)
        actions.addStretch(1)
        runs_layout.addLayout(actions)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(plots)
        right.addWidget(runs)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([560, 110])
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(left)
        body.addWidget(right)
        body.setStretchFactor(1, 1)
        body.setSizes([400, 800])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(body)

    def _wire(self) -> None:
        self.corpus_box.activated.connect(self._on_corpus_chosen)
        for box in (self.train_size, self.dev_size):
            box.valueChanged.connect(self._refresh_table)
        self.languages.itemChanged.connect(self._on_table_edited)
        self.all_languages.clicked.connect(lambda: self._tick_all(True))
        self.no_languages.clicked.connect(lambda: self._tick_all(False))
        self.weight_mode.currentIndexChanged.connect(self._refresh_table)
        self.temperature.valueChanged.connect(self._refresh_shares)
        self.algorithm.currentIndexChanged.connect(self._update_algorithm)
        self.trainer_choice.changed.connect(self._update_trainer)
        # Options with no default (SuperBPE's transition) follow the vocabulary size until
        # the user sets them.
        self.vocab_size.valueChanged.connect(self._offer_trainer_values)
        self.specials.textChanged.connect(self._offer_trainer_values)
        self.use_ratios.toggled.connect(self._update_algorithm)
        self.level.currentIndexChanged.connect(self._update_level)
        self.train_button.clicked.connect(self.train)
        self.cancel_button.clicked.connect(self.cancel)
        self.run_list.currentRowChanged.connect(self._on_run_chosen)
        self.run_list.itemDoubleClicked.connect(lambda _: self.open_run())
        self.open_button.clicked.connect(self.open_run)
        self.compare_button.clicked.connect(self.compare_runs)
        self.playback_button.clicked.connect(self.play_back_run)
        self.export_button.clicked.connect(self.ask_export)
        self.sweep_button.clicked.connect(self.sweep_runs)
        self.run_list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self._update_run_buttons()

    def _make_plots(self) -> None:
        if self.plots is not None:
            return
        from .studio_plots import StudioPlots

        self.plots = StudioPlots()
        self._plots_holder.addWidget(self.plots)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        made = self.plots is None
        self._make_plots()
        if made and self.zoom != 1.0:
            self.set_zoom(self.zoom)  # the plots just made, at the view's zoom
        if not self._started:
            self._started = True
            if self.corpus is None:
                self.open_corpus(DEMO_CORPUS)  # something to train on at once

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and plots at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)
        if self.sweep_dialog is not None:  # a window of its own: zoom_tree leaves it out
            zoom_tree(self.sweep_dialog, zoom)

    # -- a view of a session -------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self.session = session
        self.runner = session.runner("studio")
        self.runner.done.connect(self._on_trained)
        self.runner.failed.connect(self._on_failed)
        self.runner.progressed.connect(self._on_progress)
        self.runner.partial.connect(self._on_rows)
        self.runner.busy_changed.connect(self._on_busy)
        self.reader = session.runner("studio-corpus")
        self.reader.done.connect(self._on_corpus_read)
        self.reader.failed.connect(lambda exc: self._show_problem(
            self.tr("Could not read the corpus: {error}").format(error=exc)))
        self.lister = session.runner("studio-runs")
        self.lister.done.connect(self._on_exported)
        self.exporter = session.runner("studio-export")
        self.exporter.done.connect(self._on_exported)
        self.exporter.failed.connect(lambda exc: self._show_problem(
            self.tr("Could not export: {error}").format(error=exc)))
        self._fill_corpus_box()
        folder = self.runs_folder()
        self.lister.submit(lambda job: ("runs", earlier_runs(folder)))

    def shows(self, encoded) -> bool:
        return True  # it shows a corpus of its own, not the text in the box

    def runs_folder(self) -> Path:
        if self.session is None:
            raise RuntimeError("the studio is not attached to a session")
        return runs_folder(self.session.settings)

    # -- corpus --------------------------------------------------------------------------------
    def _fill_corpus_box(self) -> None:
        self.corpus_box.blockSignals(True)
        self.corpus_box.clear()
        self.corpus_box.addItem(demo_label(), DEMO_CORPUS)
        settings = self.session.settings if self.session is not None else None
        recent = recent_corpora(settings) if settings is not None else []
        if self.corpus_spec and self.corpus_spec not in recent and \
                self.corpus_spec != DEMO_CORPUS:
            label = (self.corpus.name if self.corpus_spec.startswith(FILES_PREFIX)
                     and self.corpus is not None else Path(self.corpus_spec).name)
            self.corpus_box.addItem(label, self.corpus_spec)
        add_recent_and_open_items(self.corpus_box, recent)
        self.corpus_box.addItem(self.tr("Open text files, one per language…"), OPEN_TEXTS)
        index = self.corpus_box.findData(self.corpus_spec) if self.corpus_spec else 0
        self.corpus_box.setCurrentIndex(max(0, index))
        self.corpus_box.blockSignals(False)

    def _on_corpus_chosen(self, index: int) -> None:
        data = self.corpus_box.itemData(index)
        if data == OPEN_TEXTS:
            paths, _ = QFileDialog.getOpenFileNames(
                self, self.tr("Text files, one per language (ja.txt, en.txt…)"), "",
                self.tr("Text files (*.txt);;All files (*)"))
            path = files_spec(paths) if paths else ""
        else:
            path = corpus_for(self, data)
        if path:
            self.open_corpus(path)
        else:
            self._fill_corpus_box()

    def open_corpus(self, spec: str) -> None:
        self._started = True
        if self.reader is not None:
            self.status.setText(self.tr("Reading the corpus…"))
            self.reader.submit(lambda job: (spec, open_studio_corpus(spec)))

    def _on_corpus_read(self, outcome) -> None:
        spec, corpus = outcome
        self.corpus, self.corpus_spec = corpus, spec
        if spec != DEMO_CORPUS and not spec.startswith(FILES_PREFIX) and self.session:
            remember_corpus(self.session.settings, spec)
        self.problem.hide()
        self.status.setText(self.tr("Press Train."))
        self._fill_corpus_box()
        rows = len(corpus.shared_rows(list(corpus.languages)))
        self.corpus_info.setText(self.tr("{name}: {rows:,} sentences in {languages} languages")
                                 .format(name=corpus_label(corpus.name), rows=rows,
                                         languages=len(corpus.languages)))
        # A split that fits: the preset for large corpora, about 60/20/20 for small ones.
        if self.train_size.value() + self.dev_size.value() > rows:
            self.train_size.setValue(max(1, rows * 3 // 5))
            self.dev_size.setValue(rows // 5)
        self._fill_languages()
        if self.train_when_read:
            self.train_when_read = False
            self.train()

    def _fill_languages(self) -> None:
        corpus = self.corpus
        self.languages.blockSignals(True)
        self.languages.setRowCount(0)
        if corpus is not None:
            self.languages.setRowCount(len(corpus.languages))
            for row, code in enumerate(corpus.languages):
                item = QTableWidgetItem(code)
                item.setData(Qt.ItemDataRole.UserRole, code)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
                item.setCheckState(Qt.CheckState.Checked)
                self.languages.setItem(row, LANGUAGE, item)
                for column, text in ((BYTES, ""), (SHARE, "")):
                    cell = QTableWidgetItem(text)
                    cell.setFlags(Qt.ItemFlag.ItemIsEnabled)
                    cell.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                    self.languages.setItem(row, column, cell)
                self.languages.setItem(row, VALUE, QTableWidgetItem("1"))
                self.languages.setItem(row, RATIO, QTableWidgetItem("1"))
        self.languages.blockSignals(False)
        self._refresh_table()

    def ticked_languages(self) -> list[str]:
        return [self.languages.item(r, LANGUAGE).data(Qt.ItemDataRole.UserRole)
                for r in range(self.languages.rowCount())
                if self.languages.item(r, LANGUAGE).checkState() == Qt.CheckState.Checked]

    def set_languages(self, codes: list[str]) -> None:
        self.languages.blockSignals(True)
        for r in range(self.languages.rowCount()):
            item = self.languages.item(r, LANGUAGE)
            item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                               in codes else Qt.CheckState.Unchecked)
        self.languages.blockSignals(False)
        self._refresh_shares()

    def _tick_all(self, on: bool) -> None:
        self.set_languages(list(self.corpus.languages) if on and self.corpus else [])

    def _on_table_edited(self, item: QTableWidgetItem) -> None:
        if item.column() in (LANGUAGE, VALUE):
            self._refresh_shares()

    def _refresh_table(self) -> None:
        mode = self.weight_mode.currentData()
        self.languages.setColumnHidden(VALUE, mode not in ("weights", "byte_shares"))
        self.languages.horizontalHeaderItem(VALUE).setText(
            self.tr("target share") if mode == "byte_shares" else self.tr("weight"))
        self.temperature.setEnabled(mode == "temperature")
        self._refresh_shares()

    def _values(self, column: int) -> dict[str, str]:
        return {self.languages.item(r, LANGUAGE).data(Qt.ItemDataRole.UserRole):
                (self.languages.item(r, column).text().strip() or "1")
                for r in range(self.languages.rowCount())}

    def _refresh_shares(self) -> None:
        """Bytes and the resulting byte shares of the ticked languages, before training."""
        if self.corpus is None:
            self.shares_note.setText("")
            return
        try:
            languages = plan_languages(self.plan(), self.corpus)
        except BpeLensError as exc:
            self.shares_note.setText(f"⚠ {exc}")
            style.set_tone(self.shares_note, "error")
            self._show_shares({}, {})
            return
        style.set_tone(self.shares_note, "muted")
        shares = shares_preview(languages)
        self._show_shares({x.name: x.train_bytes for x in languages}, shares)
        self.shares_note.setText(self.tr(
            "Each language's share of the weighted training bytes is in the table's last "
            "column; pair counts are Σ w·C, exact."))

    def _show_shares(self, totals: dict[str, int], shares: dict) -> None:
        self.languages.blockSignals(True)
        for r in range(self.languages.rowCount()):
            code = self.languages.item(r, LANGUAGE).data(Qt.ItemDataRole.UserRole)
            self.languages.item(r, BYTES).setText(f"{totals[code]:,}" if code in totals else "")
            share = shares.get(code)
            self.languages.item(r, SHARE).setText(f"{float(share):.1%}" if share is not None
                                                  else "")
        self.languages.blockSignals(False)

    # -- settings ------------------------------------------------------------------------------
    def _update_algorithm(self) -> None:
        kind = self.algorithm.currentData()
        parity = kind != "classic"
        self.global_merges.setEnabled(parity)
        self.window_size.setEnabled(kind == "window")
        self.alpha.setEnabled(kind == "window")
        self.use_ratios.setEnabled(parity)
        self.languages.setColumnHidden(RATIO, not (parity and self.use_ratios.isChecked()))
        self.tie_rule.setEnabled(not parity)
        if parity:
            self.tie_rule.setCurrentIndex(0)
            self.trainer_choice.box.setCurrentIndex(0)  # parity-aware BPE is its own trainer
        self.trainer_choice.setEnabled(not parity)
        self._update_trainer()

    def _offer_trainer_values(self) -> None:
        specials = tuple(x.strip() for x in self.specials.text().split(",") if x.strip())
        self.trainer_choice.offer(TrainingConfig(vocab_size=self.vocab_size.value(),
                                                 special_tokens=specials))

    def _update_trainer(self) -> None:
        """The option a series of runs can vary: the chosen trainer's (none for classic)."""
        trainer = self.trainer_choice.trainer
        chosen = self.sweep_option.currentData()
        self.sweep_option.blockSignals(True)
        self.sweep_option.clear()
        for option in trainer.options:
            self.sweep_option.addItem(localize(option.title) or option.name, option.name)
        self.sweep_option.setCurrentIndex(max(0, self.sweep_option.findData(chosen)))
        self.sweep_option.blockSignals(False)
        shown = bool(trainer.options) and self.trainer_choice.isEnabled()
        for field in (self.sweep_option, self.sweep_values):
            self._algorithm_form.setRowVisible(field, shown)

    def _update_level(self) -> None:
        char = self.level.currentData() == "char"
        self.end_of_word.setEnabled(char)
        self.byte_fallback.setEnabled(char)
        self.byte_order.setEnabled(not char)

    def plan(self) -> StudioPlan:
        """The run the settings describe (checked when training starts)."""
        kind = self.algorithm.currentData()
        char = self.level.currentData() == "char"
        specials = tuple(s.strip() for s in self.specials.text().split(",") if s.strip())
        config = TrainingConfig(
            vocab_size=self.vocab_size.value(), level=self.level.currentData(),
            byte_order=self.byte_order.currentData() if not char else "value",
            normalizer=self.normalizer.currentData(),
            pretokenizer=self.pretokenizer.currentData(),
            min_frequency=self.min_frequency.value(),
            tie_break=self.tie_rule.currentData() if kind == "classic" else "smallest_ids",
            end_of_word=(self.end_of_word.text() or None) if char else None,
            byte_fallback=self.byte_fallback.isChecked() and char,
            special_tokens=specials)
        parity = None
        ratios: dict[str, float] = {}
        if kind != "classic":
            parity = ParityConfig(variant=kind, global_merges=self.global_merges.value(),
                                  window_size=self.window_size.value(),
                                  alpha=self.alpha.value())
            if self.use_ratios.isChecked():
                ratios = {code: _ratio(text) for code, text in self._values(RATIO).items()}
        weights = WeightPlan(self.weight_mode.currentData(), self._values(VALUE),
                             self.temperature.value())
        dev = 0 if parity is not None and ratios else self.dev_size.value()
        trainer = self.trainer_choice.trainer.name if parity is None else "classic"
        return StudioPlan(self.corpus_spec or DEMO_CORPUS, tuple(self.ticked_languages()),
                          SplitSizes(self.train_size.value(), dev), config, parity, weights,
                          {k: v for k, v in ratios.items() if k in self.ticked_languages()},
                          trainer, self.trainer_choice.options() if parity is None else {})

    def plans(self) -> list[StudioPlan]:
        """The runs to train: the plan, or one per value of the option chosen to vary."""
        plan = self.plan()
        if plan.trainer == "classic" or not self.sweep_values.isVisibleTo(self):
            return [plan]
        return plans_for_values(plan, self.sweep_option.currentData(),
                                self.sweep_values.text())

    # -- training ------------------------------------------------------------------------------
    def train(self) -> None:
        if self.runner is None or self.corpus is None:
            return
        try:
            plans = self.plans()
            plan = plans[0]
            plan.config.validate()
            if plan.parity is not None:
                plan.parity.validate(len(plan.languages))
            for each in plans:
                trainer_named(each.trainer).settings(each.trainer_options)
            plan_languages(plan, self.corpus)
        except (BpeLensError, ValueError) as exc:
            self._show_problem(str(exc))
            return
        self.problem.hide()
        self._make_plots()
        self.running_languages = list(plan.languages)
        merges = (plan.config.vocab_size - len(plan.config.special_tokens)
                  - (256 if plan.config.level == "byte" else 0))
        self.running_merges = merges if plan.config.level == "byte" else None
        self.plots.start(self.running_languages, self.running_merges)
        self.run_list.clearSelection()
        corpus, folder = self.corpus, self.runs_folder()
        self.series = []
        self.status.setText(self.tr("Training {plan}…").format(plan=plan.describe()) if len(
            plans) == 1 else self.tr("Training {count} runs, {first} first…").format(
            count=len(plans), first=plan.describe()))
        jobs = self.processes()
        self.runner.submit(lambda job: run_plans(plans, folder, job, corpus=corpus, jobs=jobs))

    def cancel(self) -> None:
        done, self.series = self.series, []
        if self.runner is not None:
            self.runner.cancel()
            if done:
                self._select_runs(done)
                self.status.setText(self.tr(
                    "Cancelled the run under way; the run done before it is saved and "
                    "selected in the list.") if len(done) == 1 else self.tr(
                    "Cancelled the run under way; the {count} runs done before it are saved "
                    "and selected in the list.").format(count=len(done)))
                return
            self.status.setText(self.tr("Cancelled; nothing was saved. The plots show how far it "
                                        "got."))

    def _select_runs(self, runs: list[StudioRun]) -> None:
        """Select these runs in the list (they are its first rows: the newest)."""
        paths = {run.path for run in runs}
        self.run_list.blockSignals(True)
        self.run_list.clearSelection()
        for row, run in enumerate(self.runs):
            if run.path in paths:
                self.run_list.item(row).setSelected(True)
        self.run_list.blockSignals(False)
        self._update_run_buttons()

    def _on_progress(self, fraction, message: str) -> None:
        if fraction is not None:
            self.progress.setValue(int(fraction * 1000))
        self.status.setText(message)

    def _on_rows(self, rows: StudioRows | StudioRun) -> None:
        if isinstance(rows, StudioRun):  # one run of a series done: list it, plot the next
            self.series.append(rows)
            self._list_run(rows)
            self.plots.start(self.running_languages, self.running_merges)
            return
        if self.plots is not None and rows.dev_tokens:
            self.plots.add(rows.dev_tokens)

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.train_button.setEnabled(not busy)
        if busy:
            self.progress.setValue(0)

    def _on_failed(self, exc: BaseException) -> None:
        message = str(exc) if isinstance(exc, BpeLensError | OSError) else repr(exc)
        self.series = []
        self._show_problem(self.tr("Could not train: {error}").format(error=message))
        self.status.setText("")

    def _show_problem(self, message: str) -> None:
        self.problem.setText(message)
        self.problem.show()

    def _on_trained(self, run: StudioRun) -> None:
        self._list_run(run)
        if self.series:  # the last of a series: select them all (Sweep sizes…, Compare…)
            done = [*self.series, run]
            self.series = []
            self._select_runs(done)
            trainer = TRAINERS.get(run.trainer)
            if trainer is not None and not trainer.cuts_by_size:
                self.status.setText(self.tr("Done: {count} runs, selected in the list (each "
                                            "says what it learned): Compare… puts them side "
                                            "by side.").format(count=len(done)))
            else:
                self.status.setText(self.tr("Done: {count} runs, selected in the list (each "
                                            "says what it learned): Sweep sizes… or Compare… "
                                            "puts them side by side.").format(count=len(done)))
            return
        self.status.setText(self._done_text(run))

    def _list_run(self, run: StudioRun) -> None:
        self.runs.insert(0, run)
        self._fill_runs()
        # Chosen without redrawing: the plots already show this run's rows.
        self.run_list.blockSignals(True)
        self.run_list.setCurrentRow(0)
        self.run_list.blockSignals(False)
        self.plots.finish()
        self._update_run_buttons()

    def _done_text(self, run: StudioRun) -> str:
        reason = {"merges": self.tr("all merges learned"),
                  "vocab_size": self.tr("the vocabulary size was reached"),
                  "languages_exhausted": self.tr("no language has a frequent enough pair left"),
                  "min_frequency": self.tr("no pair occurs often enough any more"),
                  "no_pairs": self.tr("no pair is left")}.get(run.stop_reason, run.stop_reason)
        return self.tr("Done ({reason}): {summary}. Saved as {name}.").format(
            reason=reason, summary=self.run_summary(run), name=run.path.name)

    def run_summary(self, run: StudioRun) -> str:
        """What ``run.summary()`` says, in the window's language."""
        parts = [self.tr("{merges:,} merges in {seconds:.1f} s").format(merges=run.merges,
                                                                        seconds=run.seconds)]
        if run.evaluation:
            parts.append(self.tr("evaluation: {tokens:,} tokens, Gini {gini:.3f}").format(
                tokens=sum(run.evaluation.values()), gini=run.evaluation_gini))
        if run.bytes_per_token is not None:
            parts.append(self.tr("{bytes:.2f} bytes/token").format(bytes=run.bytes_per_token))
        if run.dev_tokens:
            parts.append(self.tr("dev Gini {first:.3f} → {last:.3f}").format(
                first=gini(run.dev_tokens[0]), last=gini(run.dev_tokens[-1])))
        trainer = TRAINERS.get(run.trainer)
        headline = trainer.headline_of(run.report) if trainer is not None else ""
        if headline:
            parts.append(localize(headline))
        return self.tr("; ").join(parts)

    # -- runs ----------------------------------------------------------------------------------
    def _on_exported(self, outcome) -> None:
        what, value = outcome
        if what == "runs":
            known = {run.path for run in self.runs}
            self.runs.extend(run for run in value if run.path not in known)
            self._fill_runs()
        else:
            self.status.setText(self.tr("Exported to {path}.").format(path=value))

    def _fill_runs(self) -> None:
        self.run_list.blockSignals(True)
        self.run_list.clear()
        for run in self.runs:
            summary = self.run_summary(run)
            text = run.name if not run.seconds else f"{run.description} — {summary}"
            item = QListWidgetItem(text)
            item.setToolTip(f"{run.path}\n{summary}")
            self.run_list.addItem(item)
        self.run_list.blockSignals(False)
        self._update_run_buttons()

    def chosen_run(self) -> StudioRun | None:
        row = self.run_list.currentRow()
        return self.runs[row] if 0 <= row < len(self.runs) else None

    def _update_run_buttons(self) -> None:
        has = self.chosen_run() is not None
        for button in (self.open_button, self.compare_button, self.playback_button,
                       self.export_button, self.sweep_button):
            button.setEnabled(has)

    def _on_run_chosen(self, row: int) -> None:
        self._update_run_buttons()
        run = self.chosen_run()
        if run is not None and self.plots is not None and run.dev_tokens and \
                not (self.runner is not None and self.runner.busy):
            self.plots.show_rows(list(run.languages), run.dev_tokens)

    def open_run(self) -> None:
        run = self.chosen_run()
        if run is not None:
            self.open_requested.emit(str(run.path))

    def compare_runs(self) -> None:
        run = self.chosen_run()
        if run is not None:
            others = [str(r.path) for r in self.runs if r is not run][:COMPARED_RUNS - 1]
            spec = self.corpus_spec or DEMO_CORPUS
            # Text files are not aligned: the comparison needs a parallel corpus.
            self.compare_requested.emit([str(run.path), *others],
                                        DEMO_CORPUS if spec.startswith(FILES_PREFIX) else spec)

    def play_back_run(self) -> None:
        run = self.chosen_run()
        if run is not None:
            self.playback_requested.emit(str(run.path))

    def selected_runs(self) -> list[StudioRun]:
        rows = sorted({self.run_list.row(item) for item in self.run_list.selectedItems()})
        runs = [self.runs[row] for row in rows if 0 <= row < len(self.runs)]
        chosen = self.chosen_run()
        return runs or ([chosen] if chosen is not None else [])

    def sweep_runs(self) -> None:
        """The sweep of the selected runs on the evaluation sentences of the corpus as it is
        split now."""
        runs = self.selected_runs()
        if not runs or self.session is None:
            return
        if self.corpus is None:
            self._show_problem(self.tr("Choose a corpus first: the sweep measures its "
                                       "evaluation sentences"))
            return
        if self.sweep_dialog is None:
            # Imported here: its plots load pyqtgraph, which a window need not at start.
            from .sweep_dialog import SweepDialog

            self.sweep_dialog = SweepDialog(self.session.runner("studio-sweep"), self)
            if self.zoom != 1.0:  # made in presentation mode: it starts at the view's zoom
                zoom_tree(self.sweep_dialog, self.zoom)
        corpus = self.corpus
        split = SplitSizes(self.train_size.value(), self.dev_size.value())
        paths = [run.path for run in runs]
        jobs = self.processes()
        self.sweep_dialog.show()
        self.sweep_dialog.raise_()
        self.sweep_dialog.start([run.name for run in runs], lambda sizes, job: sweep_runs(
            paths, corpus, split, sizes, job, jobs=jobs))

    def processes(self) -> int:
        """Worker processes for corpus work: the Compare tab's Processes setting (one setting
        for all of it), one per core on auto."""
        if self.session is None:
            return 1
        return corpus_jobs(self.session.settings) or default_jobs()

    def ask_export(self) -> None:
        run = self.chosen_run()
        if run is None:
            return
        kinds = {self.tr(label): kind for label, kind in EXPORTS}
        name, chosen = QFileDialog.getSaveFileName(self, self.tr("Export the tokenizer"),
                                                   run.path.stem, ";;".join(kinds))
        if name:
            self.export_run(run, kinds.get(chosen, "own"), Path(name))

    def export_run(self, run: StudioRun, kind: str, target: Path) -> None:
        if target.suffix == "":
            target = target.with_suffix(".tiktoken" if kind == "tiktoken" else ".json")
        if self.exporter is not None:
            self.exporter.submit(lambda job: ("export", _export(run.path, kind, target)))


def _ratio(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (value > 0 and math.isfinite(value)):
        raise ConfigError(translate("StudioView", "ratio {text}: expected a positive number")
                          .format(text=repr(text)))
    return value
