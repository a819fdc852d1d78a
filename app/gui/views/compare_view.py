"""Compare languages and tokenizers on a parallel corpus: choose the corpus (the bundled demo,
a folder or archive of line-aligned files, a TSV, a JSONL), the tokenizers (anything the picker
offers, or a file) and the languages; read the table, the bars, the ratio heatmap and the
Lorenz curves; click any of them to see that language's sentences under every tokenizer side by
side. Counting runs off the GUI thread with progress and Cancel; each tokenizer's results
appear as it finishes. The table exports as CSV or JSON, each plot as PNG or SVG.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    BpeLensError,
    comparison_csv,
    comparison_json,
    default_jobs,
    localize,
    write_atomic,
)

from ...parallel_corpora import DEMO_CORPUS
from .. import style
from ..compare_session import MAX_TOKENIZERS, ComparisonSession
from ..fitting_combo import FittingComboBox
from ..language_labels import corpus_label, language_label
from ..settings import JOBS_KEY, MAX_JOBS, corpus_jobs, recent_corpora, remember_corpus
from ..tokenizer_files import path_choice, tokenizer_filter
from ..tokenizer_picker import Choice
from ..ui_theme import palette_for
from ..zoom import zoom_tree
from .compare_plots import BarsPlot, ComparisonPlot, LorenzPlot, RatioHeatmap
from .compare_table import ComparisonTable
from .corpus_choice import OPEN_FILE, add_recent_and_open_items, corpus_for, demo_label
from .playback_parts import title_label
from .plot_export import ask_export_target
from .sentence_comparison import SentenceComparison

if TYPE_CHECKING:
    from bpelens.core import ParallelCorpus

    from ..session import Session
    from . import Pane

PAGES = ("table", "bars", "heatmap", "lorenz", "sentences")


class CompareView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zoom = 1.0
        self.compare: ComparisonSession | None = None
        self.session: Session | None = None
        self.choices: list[Choice] = []
        self.current: Choice | None = None
        self._defaults_chosen = False
        self._started = False
        self.pending_tokenizers: list[Choice] | None = None  # --compare, before the corpus
        self.pending_page: str | None = None
        # A session's languages and reference, put back once its corpus is read.
        self.pending_languages: list[str] | None = None
        self.pending_reference: str | None = None
        self._stale: set[str] = set()  # pages not yet showing the latest comparison

        self.corpus_box = FittingComboBox(minimum_length=24)
        self.corpus_info = QLabel()
        style.set_tone(self.corpus_info, "muted")
        self.corpus_info.setTextFormat(Qt.TextFormat.PlainText)
        self.corpus_info.setWordWrap(True)
        self.reference_box = FittingComboBox(minimum_length=14)
        self.reference_box.setToolTip(self.tr("Ratios are taken to this language's tokens"))
        self.special_box = QComboBox()
        self.special_box.addItem(self.tr("special tokens as text"), "none")
        self.special_box.addItem(self.tr("special tokens as control tokens"), "all")
        self.special_box.setToolTip(self.tr("Whether special-token strings (<|endoftext|>) in "
                                            "the sentences stay text (default) or become "
                                            "control tokens"))
        self.bos_box = QCheckBox(self.tr("count BOS/EOS"))
        self.bos_box.setToolTip(self.tr("Count the tokens a tokenizer's post-processor adds "
                                        "around each sentence (BOS, EOS, [CLS] …); by default "
                                        "only the text's own"))
        self.jobs_box = QSpinBox()
        self.jobs_box.setRange(0, max(MAX_JOBS, default_jobs()))
        self.jobs_box.setSpecialValueText(self.tr("auto ({n})").format(n=default_jobs()))
        self.jobs_box.setToolTip(self.tr(
            "How many processes count a large corpus (4 million characters or more): auto is "
            "one per core, 1 counts in the window's own process. The counts are the same."))
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setMaximumWidth(200)
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = QLabel()
        style.set_tone(self.status, "muted")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.problem = QLabel()
        style.set_tone(self.problem, "error")
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setWordWrap(True)
        self.problem.hide()

        self.tokenizer_list = QListWidget()
        self.tokenizer_list.setToolTip(self.tr("Tick up to {n} tokenizers to compare").format(
            n=MAX_TOKENIZERS))
        self.add_tokenizer_button = QPushButton(self.tr("Add tokenizer file…"))
        self.language_list = QListWidget()
        self.all_languages = QPushButton(self.tr("All"))
        self.no_languages = QPushButton(self.tr("None"))

        self.table = ComparisonTable()
        self.bars = BarsPlot()
        self.heatmap = RatioHeatmap()
        self.lorenz = LorenzPlot()
        self.sentences = SentenceComparison()
        self.pages = QTabWidget()
        self.pages.addTab(self.table, self.tr("Table"))
        self.pages.addTab(self.bars, self.tr("Bars"))
        self.pages.addTab(self.heatmap, self.tr("Ratio heatmap"))
        self.pages.addTab(self.lorenz, self.tr("Lorenz curves"))
        self.pages.addTab(self.sentences, self.tr("Sentences"))
        self.export_table_button = QPushButton(self.tr("Export table…"))
        self.export_table_button.setToolTip(self.tr("Save the table as CSV or JSON"))
        self.export_plot_button = QPushButton(self.tr("Export plot…"))
        self.export_plot_button.setToolTip(self.tr("Save the plot shown for slides: PNG at a "
                                                   "chosen size and scale, or SVG"))
        self._build_layout()
        self._wire()

    def _build_layout(self) -> None:
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Corpus")))
        top.addWidget(self.corpus_box)
        top.addWidget(self.corpus_info, 1)
        settings = QHBoxLayout()
        settings.addWidget(QLabel(self.tr("Reference")))
        settings.addWidget(self.reference_box)
        settings.addWidget(self.special_box)
        settings.addWidget(self.bos_box)
        jobs_label = QLabel(self.tr("Processes"))
        jobs_label.setBuddy(self.jobs_box)
        jobs_label.setToolTip(self.jobs_box.toolTip())
        settings.addWidget(jobs_label)
        settings.addWidget(self.jobs_box)
        settings.addStretch(1)
        settings.addWidget(self.status)
        settings.addWidget(self.progress)
        settings.addWidget(self.cancel_button)
        settings.addWidget(self.export_table_button)
        settings.addWidget(self.export_plot_button)

        side = QWidget()
        column = QVBoxLayout(side)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(title_label(self.tr("Tokenizers")))
        column.addWidget(self.tokenizer_list, 3)
        column.addWidget(self.add_tokenizer_button)
        column.addWidget(title_label(self.tr("Languages")))
        column.addWidget(self.language_list, 4)
        buttons = QHBoxLayout()
        buttons.addWidget(self.all_languages)
        buttons.addWidget(self.no_languages)
        column.addLayout(buttons)
        body = QSplitter(Qt.Orientation.Horizontal)
        body.addWidget(side)
        body.addWidget(self.pages)
        body.setStretchFactor(1, 1)
        body.setSizes([230, 1000])
        self.body = body

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(settings)
        layout.addWidget(self.problem)
        layout.addWidget(body, 1)
        self.setMinimumSize(240, 120)

    def _wire(self) -> None:
        self.corpus_box.activated.connect(self._on_corpus_chosen)
        self.tokenizer_list.itemChanged.connect(lambda _: self._on_tokenizers_ticked())
        self.language_list.itemChanged.connect(lambda _: self._on_languages_ticked())
        self.all_languages.clicked.connect(lambda: self._tick_all_languages(True))
        self.no_languages.clicked.connect(lambda: self._tick_all_languages(False))
        self.reference_box.activated.connect(self._on_reference_chosen)
        self.special_box.activated.connect(lambda _: self._on_special())
        self.bos_box.toggled.connect(lambda _: self._on_special())
        self.jobs_box.valueChanged.connect(self._on_jobs)
        self.add_tokenizer_button.clicked.connect(self.ask_add_tokenizer)
        self.export_table_button.clicked.connect(self.ask_export_table)
        self.export_plot_button.clicked.connect(self.ask_export_plot)
        for plot in self.plots():
            plot.picked.connect(self.open_sentences)
        self.table.row_picked.connect(self.open_sentences)
        self.pages.currentChanged.connect(lambda _: self._refresh_page())
        self.pages.currentChanged.connect(lambda _: self._update_export_buttons())

    def plots(self) -> tuple[ComparisonPlot, ...]:
        return (self.bars, self.heatmap, self.lorenz)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables, plots and sentence canvas at ``zoom`` (presentation mode, Ctrl +
        / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    # -- a view of a session -------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self.session = session
        compare = self.compare = ComparisonSession(session.runner, self)
        compare.corpus_changed.connect(self._on_corpus_changed)
        compare.comparison_changed.connect(self._on_comparison)
        compare.problem.connect(self._show_problem)
        compare.problem_solved.connect(self.problem.hide)
        compare.choices_changed.connect(self._show_choices)
        compare.sentence_ready.connect(self.sentences.show_sentence)
        compare.counter.progressed.connect(self._on_progress)
        compare.counter.busy_changed.connect(self._on_busy)
        compare.reader.busy_changed.connect(self._on_reading)
        self.cancel_button.clicked.connect(compare.cancel)
        self.sentences.sentence_wanted.connect(compare.show_sentence)
        session.loaded.connect(self._on_tokenizer_loaded)
        settings = getattr(session, "settings", None)
        if settings is not None:
            self.jobs_box.setValue(corpus_jobs(settings))
        compare.set_jobs(self.jobs_box.value())
        self._fill_corpus_box()

    def shows(self, encoded) -> bool:
        return True  # it shows a corpus of its own, not the text in the box

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._started:
            self._started = True
            if self.compare is not None and self.compare.corpus is None:
                self.open_corpus(DEMO_CORPUS)  # something useful at once

    # -- corpus --------------------------------------------------------------------------------
    def _fill_corpus_box(self) -> None:
        self.corpus_box.blockSignals(True)
        self.corpus_box.clear()
        self.corpus_box.addItem(demo_label(), DEMO_CORPUS)
        settings = self.session.settings if self.session is not None else None
        add_recent_and_open_items(self.corpus_box,
                                  recent_corpora(settings) if settings is not None else [])
        spec = self.compare.corpus_spec if self.compare is not None else None
        index = self.corpus_box.findData(spec) if spec else 0
        self.corpus_box.setCurrentIndex(max(0, index))
        self.corpus_box.blockSignals(False)

    def _on_corpus_chosen(self, index: int) -> None:
        path = corpus_for(self, self.corpus_box.itemData(index))
        if path:
            self.open_corpus(path)
        else:
            self._fill_corpus_box()  # back to the corpus in use

    def ask_open_corpus_file(self) -> None:
        self._on_corpus_chosen(self.corpus_box.findData(OPEN_FILE))

    def open_corpus(self, spec: str) -> None:
        self._started = True  # the demo is no longer wanted when the tab first shows
        if self.compare is not None:
            self.status.setText(self.reading_text())
            self.compare.open_corpus(spec)

    def reading_text(self) -> str:
        # Compared with the status line to clear it once the corpus is read.
        return self.tr("Reading the corpus…")

    def _on_reading(self, busy: bool) -> None:
        if not busy and self.status.text() == self.reading_text():
            self.status.clear()

    def _on_corpus_changed(self, corpus) -> None:
        if self.compare is not None and self.compare.corpus_spec not in (None, DEMO_CORPUS) \
                and self.session is not None:
            remember_corpus(self.session.settings, str(self.compare.corpus_spec))
        self._fill_corpus_box()
        info = self.tr("{name}: {sentences:,} sentences in {languages} languages").format(
            name=corpus_label(corpus.name), sentences=len(corpus),
            languages=len(corpus.languages))
        if corpus.notes:
            info += " — " + "; ".join(map(localize, corpus.notes))
        self.corpus_info.setText(info)
        self.corpus_info.setToolTip(f"{corpus.source}\n{info}")
        if not self._defaults_chosen or self.pending_tokenizers is not None:
            self._choose_default_tokenizers()
        if self.compare is not None and self.pending_languages is not None:
            wanted = [x for x in self.pending_languages if x in corpus.languages]
            self.pending_languages = None
            if wanted:
                self.compare.set_languages(wanted)
        if self.compare is not None and self.pending_reference is not None:
            reference, self.pending_reference = self.pending_reference, None
            if reference in self.compare.languages:
                self.compare.set_reference(reference)

    # -- tokenizers ------------------------------------------------------------------------------
    def current_corpus(self) -> ParallelCorpus | None:
        """The corpus this tab has open (None before one is read)."""
        return self.compare.corpus if self.compare is not None else None

    def set_choices(self, choices: list[Choice]) -> None:
        """Everything the tokenizer picker offers (the window passes its list on)."""
        ticked = set(self.ticked_tokenizers())
        extra = [c for c in self.choices if c not in choices and c.kind == "path"]
        self.choices = list(dict.fromkeys([*choices, *extra]))
        self._fill_tokenizer_list(ticked)

    def _fill_tokenizer_list(self, ticked: set[Choice]) -> None:
        self.tokenizer_list.blockSignals(True)
        self.tokenizer_list.clear()
        failed = self.compare.failed if self.compare is not None else {}
        for choice in self.choices:
            item = QListWidgetItem(choice.label or choice.key)
            item.setData(Qt.ItemDataRole.UserRole, choice)
            item.setToolTip(choice.key)
            if choice in failed:
                item.setForeground(QColor(palette_for(self).error))
                item.setToolTip(f"{choice.key}\n{failed[choice]}")
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if choice in ticked
                               else Qt.CheckState.Unchecked)
            self.tokenizer_list.addItem(item)
        self.tokenizer_list.blockSignals(False)

    def ticked_tokenizers(self) -> list[Choice]:
        out = []
        for row in range(self.tokenizer_list.count()):
            item = self.tokenizer_list.item(row)
            if item.checkState() == Qt.CheckState.Checked:
                out.append(item.data(Qt.ItemDataRole.UserRole))
        return out

    def set_tokenizers(self, choices: list[Choice]) -> None:
        """Tick exactly these tokenizers (adding any the list lacks)."""
        self.choices = list(dict.fromkeys([*self.choices, *choices]))
        self._fill_tokenizer_list(set(choices))
        self._on_tokenizers_ticked()

    def compare_on(self, corpus: str, choices: list[Choice]) -> None:
        """These tokenizers on this corpus (opened first if another one is shown)."""
        choices = list(dict.fromkeys(choices))[:MAX_TOKENIZERS]
        if self.compare is not None and self.compare.corpus_spec == corpus \
                and self.compare.corpus is not None:
            self.set_tokenizers(choices)
            return
        self.pending_tokenizers = choices
        self.open_corpus(corpus)

    def _choose_default_tokenizers(self) -> None:
        self._defaults_chosen = True
        if self.pending_tokenizers is not None:
            chosen, self.pending_tokenizers = self.pending_tokenizers, None
        else:
            demos = [c for c in self.choices if c.kind == "demo"]
            chosen = list(dict.fromkeys([*([self.current] if self.current else []), *demos]))
        self.set_tokenizers(chosen[:MAX_TOKENIZERS])

    def _on_tokenizer_loaded(self, choice: Choice, tokenizer, fallback: bool) -> None:
        self.current = choice
        if choice not in self.choices:
            self.choices.append(choice)
            self._fill_tokenizer_list(set(self.ticked_tokenizers()))

    def _on_tokenizers_ticked(self) -> None:
        if self.compare is not None:
            self.compare.set_tokenizers(self.ticked_tokenizers())

    def ask_add_tokenizer(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Add a tokenizer to compare"), "",
                                              tokenizer_filter())
        if path:
            self.set_tokenizers([*self.ticked_tokenizers(), path_choice(path)])

    # -- languages and settings ----------------------------------------------------------------
    def _show_choices(self) -> None:
        compare = self.compare
        if compare is None:
            return
        self._fill_tokenizer_list(set(self.ticked_tokenizers()))
        if compare.corpus is None:
            return
        corpus = compare.corpus
        chosen = set(compare.languages)
        self.language_list.blockSignals(True)
        if self.language_list.count() != len(corpus.languages) or any(
                self.language_list.item(i).data(Qt.ItemDataRole.UserRole) != lang
                for i, lang in enumerate(corpus.languages)):
            self.language_list.clear()
            for language in corpus.languages:
                item = QListWidgetItem(language_label(corpus.language_name(language),
                                                      language))
                item.setData(Qt.ItemDataRole.UserRole, language)
                missing = corpus.missing(language)
                if missing:
                    item.setToolTip(self.tr("lacks {missing:,} of the corpus's {total:,} "
                                            "sentences").format(missing=missing,
                                                                total=len(corpus)))
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                self.language_list.addItem(item)
        for i in range(self.language_list.count()):
            item = self.language_list.item(i)
            item.setCheckState(Qt.CheckState.Checked
                               if item.data(Qt.ItemDataRole.UserRole) in chosen
                               else Qt.CheckState.Unchecked)
        self.language_list.blockSignals(False)
        self.reference_box.blockSignals(True)
        self.reference_box.clear()
        for language in compare.languages:
            self.reference_box.addItem(language_label(corpus.language_name(language),
                                                      language), language)
        self.reference_box.setCurrentIndex(max(0, self.reference_box.findData(
            compare.reference)))
        self.reference_box.blockSignals(False)

    def ticked_languages(self) -> list[str]:
        return [self.language_list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.language_list.count())
                if self.language_list.item(i).checkState() == Qt.CheckState.Checked]

    def _on_languages_ticked(self) -> None:
        if self.compare is not None:
            self.compare.set_languages(self.ticked_languages())

    def _tick_all_languages(self, on: bool) -> None:
        self.language_list.blockSignals(True)
        for i in range(self.language_list.count()):
            self.language_list.item(i).setCheckState(
                Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.language_list.blockSignals(False)
        self._on_languages_ticked()

    def _on_reference_chosen(self, index: int) -> None:
        if self.compare is not None:
            self.compare.set_reference(self.reference_box.itemData(index))

    def set_reference(self, language: str) -> None:
        self.reference_box.setCurrentIndex(self.reference_box.findData(language))
        self._on_reference_chosen(self.reference_box.currentIndex())

    def _on_jobs(self, jobs: int) -> None:
        compare = getattr(self, "compare", None)
        if compare is None:
            return
        compare.set_jobs(jobs)
        settings = getattr(self.session, "settings", None)
        if settings is not None:
            settings.setValue(JOBS_KEY, jobs)

    def _on_special(self) -> None:
        if self.compare is not None:
            self.compare.set_special(self.special_box.currentData(), self.bos_box.isChecked())

    # -- results -------------------------------------------------------------------------------
    def _on_comparison(self, comparison) -> None:
        # Only the page in sight is drawn now (a corpus's list of sentences, a heatmap's
        # labels take a while); the others when they are shown.
        self._stale = set(PAGES)
        self._refresh_page()
        self._update_export_buttons()
        if comparison is not None and self.pending_page is not None:
            self.show_page(self.pending_page)
            self.pending_page = None

    def _refresh_page(self) -> None:
        page = PAGES[self.pages.currentIndex()]
        if page not in self._stale:
            return
        self._stale.discard(page)
        comparison = self.compare.comparison if self.compare is not None else None
        if page == "table":
            self.table.set_comparison(comparison)
        elif page == "sentences":
            self.sentences.set_comparison(comparison, self.compare.corpus
                                          if self.compare is not None else None)
        else:
            self.pages.currentWidget().show_comparison(comparison)

    def current_page(self) -> str:
        return PAGES[self.pages.currentIndex()]

    def show_page(self, page: str) -> None:
        """``table``, ``bars``, ``heatmap``, ``lorenz`` or ``sentences``."""
        self.pages.setCurrentIndex(PAGES.index(page))

    def open_sentences(self, tokenizer: str, language: str) -> None:
        """Sentence by sentence, ``language`` under every tokenizer (from a click)."""
        self.pages.setCurrentWidget(self.sentences)
        self._refresh_page()
        self.sentences.open(language, self.sentences.index)

    def _on_progress(self, fraction, message: str) -> None:
        if fraction is not None:
            self.progress.setValue(int(fraction * 1000))
        self.status.setText(message)

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            self.progress.setValue(0)
        else:
            compare = self.compare
            done = compare is not None and not compare.missing()
            self.status.setText("" if done else self.tr("Cancelled: the table shows the "
                                                        "tokenizers counted so far"))

    def _show_problem(self, message: str) -> None:
        self.problem.setText(message)
        self.problem.setToolTip(message)
        self.problem.show()
        if self.status.text() == self.reading_text():
            self.status.clear()

    # -- export ---------------------------------------------------------------------------------
    def _update_export_buttons(self) -> None:
        has = self.compare is not None and self.compare.comparison is not None
        self.export_table_button.setEnabled(has)
        self.export_plot_button.setEnabled(has and self.pages.currentWidget() in self.plots())

    def export_table(self, path: Path) -> None:
        """The table as CSV, or as JSON (what ``bpelens compare`` prints), by the suffix."""
        comparison = self.compare.comparison if self.compare is not None else None
        if comparison is None:
            raise BpeLensError(self.tr("nothing to export yet"))
        if path.suffix.lower() == ".json":
            import json

            data = json.dumps(comparison_json(comparison), ensure_ascii=False, indent=1) + "\n"
        else:
            data = comparison_csv(comparison)
        write_atomic(path, data.encode("utf-8"))

    def ask_export_table(self) -> None:
        target = self._save_path(self.tr("Export the table"), "comparison.csv",
                                 (("CSV", ".csv"), ("JSON", ".json")))
        if target is not None:
            self._export(lambda: self.export_table(target), target)

    def ask_export_plot(self) -> None:
        """The plot shown, drawn again at the size, scale and format asked (a slide's size or
        its size on screen), where the user says."""
        plot = self.pages.currentWidget()
        if not isinstance(plot, ComparisonPlot):
            return
        target = ask_export_target(self, plot, PAGES[self.pages.currentIndex()])
        if target is not None:
            path, choice = target
            self._export(lambda: plot.export_image(path, size=choice.size, scale=choice.scale),
                         path)

    def _save_path(self, title: str, default: str,
                   kinds: tuple[tuple[str, str], ...]) -> Path | None:
        """A file name asked for; without one of ``kinds``' suffixes, the filter's is added."""
        filters = ";;".join(f"{label} (*{suffix})" for label, suffix in kinds)
        path, chosen = QFileDialog.getSaveFileName(self, title, default, filters)
        if not path:
            return None
        target = Path(path)
        suffixes = [suffix for _, suffix in kinds]
        if target.suffix.lower() in suffixes:
            return target
        picked = next((suffix for label, suffix in kinds if chosen.startswith(label)),
                      suffixes[0])
        return target.with_suffix(picked)

    def _export(self, write, target: Path) -> None:
        try:
            write()
        except (BpeLensError, OSError, ValueError) as exc:
            self._show_problem(self.tr("Could not export to {path}: {error}").format(
                path=target, error=exc))
            return
        self.status.setText(self.tr("Saved {path}").format(path=target))
