"""Perturbation churn: how much the tokens change when a corpus's text is lightly damaged
(typos, diacritics, Unicode normalization, homoglyphs, zero-width characters, full-width forms,
OCR confusions), per language and kind as a heat-coloured table; a cell's worst lines, original
and perturbed with both cuts, one click away.

The corpus box here is the residue page's too: the bundled demo corpus, a parallel corpus
(file or folder) or a text file of one text per line."""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    PERTURBATIONS,
    ChurnReport,
    Tokenizer,
    isolated,
    measure_churn,
    visible,
)

from ...i18n import translate
from ...ui_theme import palette_for
from .common import attach_runner, muted, text_of
from .corpus_lines import CorpusBox, CorpusLines, read_corpus

KIND_NAMES = {
    "typo": QT_TRANSLATE_NOOP("ChurnPage", "typos"),
    "strip_diacritics": QT_TRANSLATE_NOOP("ChurnPage", "strip diacritics"),
    "add_diacritics": QT_TRANSLATE_NOOP("ChurnPage", "add diacritics"),
    "nfd": QT_TRANSLATE_NOOP("ChurnPage", "NFD"),
    "nfc": QT_TRANSLATE_NOOP("ChurnPage", "NFC (from NFD)"),
    "homoglyphs": QT_TRANSLATE_NOOP("ChurnPage", "homoglyphs"),
    "zero_width": QT_TRANSLATE_NOOP("ChurnPage", "zero-width"),
    "full_width": QT_TRANSLATE_NOOP("ChurnPage", "full-width"),
    "ocr": QT_TRANSLATE_NOOP("ChurnPage", "OCR"),
}
KIND_HELP = {
    "typo": QT_TRANSLATE_NOOP("ChurnPage", "in rate of the words, two adjacent letters "
                                           "swapped, one dropped or one doubled"),
    "strip_diacritics": QT_TRANSLATE_NOOP("ChurnPage", "every nonspacing mark dropped (in "
                                                       "Devanagari, Thai or Hebrew vowel signs "
                                                       "too)"),
    "add_diacritics": QT_TRANSLATE_NOOP("ChurnPage", "rate of the ASCII vowels get an acute, "
                                                     "grave, circumflex or diaeresis"),
    "nfd": QT_TRANSLATE_NOOP("ChurnPage", "the text decomposed (NFD)"),
    "nfc": QT_TRANSLATE_NOOP("ChurnPage", "measured from each line's NFD form to its NFC form"),
    "homoglyphs": QT_TRANSLATE_NOOP("ChurnPage", "rate of the Latin letters that have a "
                                                 "Cyrillic or Greek look-alike become it"),
    "zero_width": QT_TRANSLATE_NOOP("ChurnPage", "in rate of the words, a zero-width character "
                                                 "between two letters"),
    "full_width": QT_TRANSLATE_NOOP("ChurnPage", "rate of the runs of printable ASCII become "
                                                 "full-width forms"),
    "ocr": QT_TRANSLATE_NOOP("ChurnPage", "rate of the places an OCR confusion fits get it "
                                          "(rn → m, l → 1, O → 0 …)"),
}
KEEP = 10  # worst lines kept per cell
DEFAULT_LINES = 200  # per language: a large corpus's 128 languages stay quick
CHECK_COLUMNS = 5


def kind_name(kind: str) -> str:
    return translate("ChurnPage", KIND_NAMES.get(kind, kind))


# -- the page ---------------------------------------------------------------------------------

class ChurnPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.report: ChurnReport | None = None
        self.corpus: CorpusLines | None = None
        self.corpus_box = CorpusBox()
        self.kind_boxes: dict[str, QCheckBox] = {}
        for kind in PERTURBATIONS:
            box = QCheckBox(kind_name(kind))
            box.setToolTip(translate("ChurnPage", KIND_HELP[kind]))
            box.setChecked(True)
            self.kind_boxes[kind] = box
        self.rate = QDoubleSpinBox()
        self.rate.setRange(0, 1)
        self.rate.setDecimals(2)
        self.rate.setSingleStep(0.05)
        self.rate.setValue(0.1)
        self.rate.setToolTip(self.tr("the share of eligible places a rate-based kind changes "
                                     "(at least one in a line that has any)"))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.lines = QSpinBox()
        self.lines.setRange(0, 10_000_000)
        self.lines.setSpecialValueText(self.tr("all"))
        self.lines.setGroupSeparatorShown(True)
        self.lines.setValue(DEFAULT_LINES)
        self.lines.setToolTip(self.tr("the first sentences every language has (a text file: "
                                      "its first lines)"))
        self.run_button = QPushButton(self.tr("Measure"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.intro = self.tr("Perturb every line lightly and count the tokens that change: "
                             "a tokenizer that churns under typos or Unicode variants gives "
                             "the model different ids for nearly the same text.")
        self.status = muted(self.intro)
        self.legend = muted()
        self.table = QTableWidget(0, 0)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.examples = QTextBrowser()
        self.examples.setPlaceholderText(self.tr("Click a cell: its lines that changed most, "
                                                 "original and perturbed, with both cuts."))
        self._build_layout()
        self.run_button.clicked.connect(self.run)
        self.table.currentCellChanged.connect(lambda row, column, *_: self.show_cell(row,
                                                                                    column))

    def _build_layout(self) -> None:
        source = QHBoxLayout()
        source.addWidget(QLabel(self.tr("Corpus")))
        source.addWidget(self.corpus_box, 1)
        kinds = QGridLayout()
        kinds.setHorizontalSpacing(12)
        kinds.setVerticalSpacing(2)
        for at, box in enumerate(self.kind_boxes.values()):
            kinds.addWidget(box, at // CHECK_COLUMNS, at % CHECK_COLUMNS)
        kinds.setColumnStretch(CHECK_COLUMNS, 1)
        settings = QHBoxLayout()
        for label, box in ((self.tr("Rate"), self.rate), (self.tr("Seed"), self.seed),
                           (self.tr("Lines per language"), self.lines)):
            settings.addWidget(QLabel(label))
            settings.addWidget(box)
        settings.addWidget(self.run_button)
        settings.addWidget(self.cancel_button)
        settings.addStretch(1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(self.examples)
        split.setSizes([330, 200])
        layout = QVBoxLayout(self)
        layout.addLayout(source)
        layout.addLayout(kinds)
        layout.addLayout(settings)
        layout.addWidget(self.status)
        layout.addWidget(self.legend)
        layout.addWidget(split, 1)

    def title(self) -> str:
        return self.tr("Churn")

    def attach(self, session) -> None:
        self.runner = attach_runner(self, session, "churn", self.show_report,
                                    self.tr("Could not measure: {error}"))

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self._clear()
        self.status.setText(self.intro)

    def _clear(self) -> None:
        self.report = None
        self.table.clear()
        self.table.setRowCount(0)
        self.table.setColumnCount(0)
        self.legend.clear()
        self.examples.clear()

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        self.run_button.setEnabled(not busy)

    def chosen_kinds(self) -> tuple[str, ...]:
        return tuple(kind for kind, box in self.kind_boxes.items() if box.isChecked())

    def cancel(self) -> None:
        if self.runner is not None and self.runner.busy:
            self.runner.cancel()
            self.status.setText(self.tr("Cancelled: nothing measured."))

    def run(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None or self.runner is None:
            return
        kinds = self.chosen_kinds()
        if not kinds:
            self.status.setText(self.tr("Choose at least one perturbation."))
            return
        spec, limit = self.corpus_box.spec(), self.lines.value() or None
        rate, seed = self.rate.value(), self.seed.value()
        self._clear()

        def work(job):
            # Off the GUI thread: translate(), not self.tr.
            job.progress(None, translate("ChurnPage", "Reading the corpus…"))
            corpus = read_corpus(spec, limit)
            job.check()

            def progress(fraction: float) -> None:
                job.check()
                job.progress(fraction, translate(
                    "ChurnPage", "Perturbing and encoding {lines:,} lines: {percent:.0%}")
                    .format(lines=corpus.count(), percent=fraction))

            report = measure_churn(tokenizer, corpus.measured(), kinds=kinds, seed=seed,
                                   rate=rate, keep=KEEP, progress=progress)
            return tokenizer, corpus, report

        self.runner.submit(work)

    # -- the result ---------------------------------------------------------------------------
    def show_report(self, outcome) -> None:
        tokenizer, corpus, report = outcome
        if tokenizer is not self.tokenizer:
            return
        self.report, self.corpus = report, corpus
        groups = self.groups()
        self.table.setRowCount(len(groups))
        self.table.setColumnCount(len(report.kinds))
        self.table.setHorizontalHeaderLabels([kind_name(k).replace(" ", "\n", 1)
                                              for k in report.kinds])
        self.table.setVerticalHeaderLabels([label for label, _ in groups])
        for column, kind in enumerate(report.kinds):
            self.table.horizontalHeaderItem(column).setToolTip(
                translate("ChurnPage", KIND_HELP[kind]))
        for row, (label, kinds) in enumerate(groups):
            for column, churn in enumerate(kinds):
                self.table.setItem(row, column, self._cell(label, churn))
        self._paint_cells()
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        lines = sum(group.lines for group in report.languages)
        if corpus.by_language is None:
            where = self.tr("{corpus}: {lines:,} lines").format(corpus=corpus.name, lines=lines)
        else:
            where = self.tr("{corpus}: {lines:,} lines in {languages} languages").format(
                corpus=corpus.name, lines=lines, languages=len(report.languages))
        self.status.setText(self.tr("{where}; rate {rate:g}, seed {seed}. Click a cell for its "
                                    "worst lines.").format(where=where, rate=report.rate,
                                                           seed=report.seed))
        self.legend.setText(self.tr("Each cell: the share of tokens changed · the edit "
                                    "distance per 100 tokens. The hotter the colour, the more "
                                    "tokens changed."))
        if groups:
            self.table.setCurrentCell(0, 0)

    def groups(self) -> list[tuple[str, tuple]]:
        """The table's rows: each language (or the file's lines), then all of them."""
        report, corpus = self.report, self.corpus
        if report is None or corpus is None:
            return []
        if corpus.by_language is None:
            return [(corpus.name, report.languages[0].kinds)]
        rows = [(corpus.labels.get(g.language, g.language), g.kinds) for g in report.languages]
        if len(rows) > 1:
            rows.append((self.tr("all languages"), report.totals))
        return rows

    def _cell(self, label: str, churn) -> QTableWidgetItem:
        item = QTableWidgetItem(cell_text(churn))
        item.setData(Qt.ItemDataRole.UserRole, churn.changed_share)
        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        item.setToolTip(self.tr(
            "{kind} on {where}: {changed:,} of {before:,} tokens changed ({share:.2%}); edit "
            "distance {distance:,} ({per100:.2f} per 100 tokens); {perturbed:,} of {lines:,} "
            "lines perturbed, {churned:,} with other ids").format(
            kind=kind_name(churn.kind), where=label, changed=churn.tokens_changed,
            before=churn.tokens_before, share=churn.changed_share,
            distance=churn.edit_distance, per100=churn.distance_per_100_tokens,
            perturbed=churn.perturbed_lines, lines=churn.lines, churned=churn.churned_lines))
        return item

    def _paint_cells(self) -> None:
        """Each cell from the table's own background (nothing changed) to the theme's hot
        fill (the most changed in the table), its words dark where the fill is light."""
        cells = [self.table.item(r, c) for r in range(self.table.rowCount())
                 for c in range(self.table.columnCount())]
        cells = [item for item in cells if item is not None]
        if not cells:
            return
        top = max(float(item.data(Qt.ItemDataRole.UserRole)) for item in cells) or 1.0
        # The page's palette: a theme reaches the page before the table inside it.
        base = self.palette().color(QPalette.ColorRole.Base)
        colors = palette_for(self)
        hot = QColor(colors.merged_fill)
        ink = QColor(colors.plain_ink)  # the chips' ink: readable on a light fill in any theme
        text = self.palette().color(QPalette.ColorRole.Text)
        for item in cells:
            # The square root: one language's 90 % leaves the others' 5 % still visible.
            heat = (float(item.data(Qt.ItemDataRole.UserRole)) / top) ** 0.5
            fill = QColor.fromRgbF(*(b + (h - b) * heat for b, h in zip(
                base.getRgbF()[:3], hot.getRgbF()[:3], strict=True)))
            item.setBackground(fill)
            item.setForeground(ink if fill.lightness() > 150 else text)

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._paint_cells()  # a theme chosen after the table was filled

    def show_cell(self, row: int, column: int) -> None:
        groups = self.groups()
        if self.tokenizer is None or not (0 <= row < len(groups)) or not (
                0 <= column < len(groups[row][1])):
            return
        label, kinds = groups[row]
        totals = self.report is not None and kinds is self.report.totals
        self.examples.setHtml(examples_html(self.tokenizer, label, kinds[column],
                                            palette_for(self).merged_fill,
                                            with_language=totals))


def cell_text(churn) -> str:
    return f"{churn.changed_share:.1%} · {churn.distance_per_100_tokens:.1f}"


def _differing(a, b) -> tuple[int, int]:
    """How many ids ``a`` and ``b`` share at their start and at their end."""
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head, tail


def marked_cut(tokenizer: Tokenizer, ids, head: int, tail: int, fill: str) -> str:
    """The tokens as the kit writes a cut, those between the shared start and end marked."""
    parts = [html.escape(text_of(tokenizer, tid)) for tid in ids]
    middle = parts[head:len(parts) - tail]
    if middle:
        parts[head:len(parts) - tail] = [
            f'<span style="background-color:{fill}; color:#000000;">{p}</span>' for p in middle]
    # Each token isolated: Arabic tokens side by side would otherwise run right to left.
    return " | ".join(isolated(p) for p in parts)


def examples_html(tokenizer: Tokenizer, where: str, churn, fill: str, *,
                  with_language: bool = False) -> str:
    """A cell's worst lines; ``with_language``: each line's language said (all languages)."""
    title = translate("ChurnPage", "{kind} on {where}: the lines that changed most").format(
        kind=kind_name(churn.kind), where=where)
    out = [f"<p><b>{html.escape(title)}</b></p>"]
    if not churn.examples:
        none = translate("ChurnPage", "No line's tokens changed.")
        out.append(f"<p>{html.escape(none)}</p>")
    original = html.escape(translate("ChurnPage", "original"))
    perturbed = html.escape(translate("ChurnPage", "perturbed"))
    for example in churn.examples:
        head, tail = _differing(example.original_ids, example.perturbed_ids)
        heading = translate("ChurnPage", "line {line}: edit distance {distance}, {changed} "
                            "token(s) changed").format(
            line=example.line + 1, distance=example.distance, changed=example.tokens_changed)
        if with_language and example.language is not None:
            heading = f"{example.language} · {heading}"
        out.append(
            f"<p><b>{html.escape(heading)}</b><br>"
            f"{original}: {html.escape(visible(example.original))}<br>"
            f"&nbsp;&nbsp;{marked_cut(tokenizer, example.original_ids, head, tail, fill)}<br>"
            f"{perturbed}: {html.escape(visible(example.perturbed))}<br>"
            f"&nbsp;&nbsp;{marked_cut(tokenizer, example.perturbed_ids, head, tail, fill)}</p>")
    return "".join(out)
