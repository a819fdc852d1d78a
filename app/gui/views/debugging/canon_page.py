"""Canonical or not: ids pasted (or the rows of a JSONL file) against what encoding their own
text gives, every span that differs marked in the text with its reason."""

from __future__ import annotations

import html
from bisect import bisect_left, bisect_right

import regex
from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    CanonicalCheck,
    Tokenizer,
    check_canonical,
    iter_jsonl_checks,
    visible,
)

from ...i18n import translate
from ...ui_theme import palette_for
from .common import attach_runner, cut_line, muted

REASON_NAMES = {
    "merge": QT_TRANSLATE_NOOP("CanonPage", "a merge the encoding applies"),
    "split_character": QT_TRANSLATE_NOOP("CanonPage", "a character's bytes split across tokens"),
    "special_as_text": QT_TRANSLATE_NOOP("CanonPage", "a special token spelled as text"),
    "resegmented": QT_TRANSLATE_NOOP("CanonPage", "cut otherwise"),
    "undecodable": QT_TRANSLATE_NOOP("CanonPage", "not UTF-8: the text differs"),
}
# The marks in the text: a merge missed as the playback marks a merge just made, the other
# reasons as a tie (the theme's palette, so dark mode reads too).
MERGE_LIKE = frozenset({"merge", "resegmented"})
EXAMPLES_KEPT = 200


def reason_name(reason: str) -> str:
    return translate("CanonPage", REASON_NAMES.get(reason, reason))


class CanonPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.checks: list[tuple[int, CanonicalCheck]] = []
        self.ids = QLineEdit()
        self.ids.setPlaceholderText(self.tr("token ids, e.g. 9906, 1917 (commas, spaces or a "
                                            "JSON list)"))
        self.check_button = QPushButton(self.tr("Check"))
        self.example_button = QPushButton(self.tr("Example"))
        self.example_button.setToolTip(self.tr("ids of “Hello world” encoded a character at "
                                               "a time: not what encoding the text gives"))
        self.open_button = QPushButton(self.tr("Open JSONL…"))
        self.open_button.setToolTip(self.tr("rows of {\"ids\": […]} or {\"prompt_ids\": […], "
                                            "\"completion_ids\": […]}, one per line"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = muted(self.tr("Are these ids what encoding their own text gives? "
                                    "Decode, encode again, compare span by span."))
        self.rows = QTableWidget(0, 4)
        self.rows.setHorizontalHeaderLabels([self.tr("line"), self.tr("tokens"),
                                             self.tr("spans"), self.tr("reasons")])
        self.rows.verticalHeader().hide()
        self.rows.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rows.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.rows.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.rows.horizontalHeader().setStretchLastSection(True)
        self.detail = QTextBrowser()
        self.detail.setPlaceholderText(self.tr("The decoded text, each span that is not "
                                               "canonical marked, and why."))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Ids")))
        top.addWidget(self.ids, 1)
        for button in (self.check_button, self.example_button, self.open_button,
                       self.cancel_button):
            top.addWidget(button)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.rows)
        split.addWidget(self.detail)
        split.setSizes([160, 320])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        self.check_button.clicked.connect(self.check_ids)
        self.ids.returnPressed.connect(self.check_ids)
        self.example_button.clicked.connect(self.fill_example)
        self.open_button.clicked.connect(self.ask_jsonl)
        self.rows.currentCellChanged.connect(lambda row, *_: self._show_row(row))

    def title(self) -> str:
        return self.tr("Canonical?")

    def attach(self, session) -> None:
        self.runner = attach_runner(self, session, "canon", self.show_checks,
                                    self.tr("Could not check: {error}"))

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        if self.runner is not None and self.runner.busy:
            self.runner.cancel()  # its rows would be read with another vocabulary
        self.tokenizer = tokenizer
        self.checks = []
        self.rows.setRowCount(0)
        self.detail.clear()

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        for button in (self.check_button, self.open_button, self.example_button):
            button.setEnabled(not busy)

    def fill_example(self) -> None:
        if self.tokenizer is None:
            return
        ids = [i for ch in "Hello world" for i in self.tokenizer.encode_ids(ch)]
        self.ids.setText(", ".join(map(str, ids)))
        self.check_ids()

    def parsed_ids(self) -> list[int] | None:
        words = self.ids.text().replace(",", " ").replace("[", " ").replace("]", " ").split()
        try:
            return [int(word) for word in words]
        except ValueError:
            bad = next(w for w in words if not w.lstrip("-").isdigit())
            self.status.setText(self.tr("{word!r} is not a token id (a whole number)").format(
                word=bad))
            return None

    def check_ids(self) -> None:
        ids = self.parsed_ids()
        if ids is None or self.tokenizer is None or not ids:
            return
        tokenizer = self.tokenizer
        self.runner.submit(lambda job: (tokenizer, None,
                                        [(0, check_canonical(tokenizer, ids))]))

    def ask_jsonl(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Rows of ids to check"), "",
                                              self.tr("JSON lines (*.jsonl *.json);;All files "
                                                      "(*)"))
        if path:
            self.check_jsonl(path)

    def check_jsonl(self, path: str) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return

        def work(job):
            # Off the GUI thread: translate(), not self.tr.
            rows = tokens = bad_rows = 0
            reasons: dict[str, int] = {}
            kept: list[tuple[int, CanonicalCheck]] = []

            def progress(line: int) -> None:
                job.check()
                job.progress(None, translate("CanonPage", "line {line:,}: {bad:,} of {rows:,} "
                                             "rows not canonical").format(
                    line=line, bad=bad_rows, rows=rows))

            for line, check in iter_jsonl_checks(tokenizer, path, progress=progress):
                rows += 1
                tokens += len(check.ids)
                if not check.is_canonical:
                    bad_rows += 1
                    for drift in check.drifts:
                        reasons[drift.reason] = reasons.get(drift.reason, 0) + 1
                    if len(kept) < EXAMPLES_KEPT:
                        kept.append((line, check))
            return tokenizer, (path, rows, tokens, bad_rows, reasons), kept

        self.runner.submit(work)

    def show_checks(self, outcome) -> None:
        tokenizer, summary, checks = outcome
        if tokenizer is not self.tokenizer:
            self.status.clear()  # another tokenizer's answer: its ids mean other tokens
            return
        self.checks = checks
        if summary is None:
            check = checks[0][1]
            self.status.setText(
                self.tr("Canonical: encoding the text gives these ids.") if check.is_canonical
                else self.tr("Not canonical: {n:,} spans differ from encoding the text "
                             "({canonical:,} ids instead of {given:,}).").format(
                    n=len(check.drifts), canonical=len(check.canonical),
                    given=len(check.ids)))
        else:
            path, rows, tokens, bad, reasons = summary
            share = bad / rows if rows else 0.0
            why = self.tr(", ").join(f"{reason_name(r)} {n:,}" for r, n in sorted(
                reasons.items(), key=lambda item: -item[1]))
            self.status.setText(self.tr(
                "{path}: {bad:,} of {rows:,} rows not canonical ({share:.2%}), {tokens:,} "
                "tokens; spans: {why}").format(path=path, bad=bad, rows=rows, share=share,
                                               tokens=tokens, why=why or "—"))
        self.rows.setRowCount(len(checks))
        for row, (line, check) in enumerate(checks):
            reasons = sorted({d.reason for d in check.drifts})
            cells = [str(line) if summary is not None else "—", f"{len(check.ids):,}",
                     f"{len(check.drifts):,}", ", ".join(reason_name(r) for r in reasons)]
            for column, text in enumerate(cells):
                self.rows.setItem(row, column, QTableWidgetItem(text))
        self.rows.resizeColumnsToContents()
        if checks:
            self.rows.selectRow(0)
            self._show_row(0)
        else:
            self.detail.setPlainText(self.tr("Every row is canonical."))

    def _show_row(self, row: int) -> None:
        if self.tokenizer is None or not 0 <= row < len(self.checks):
            return
        self.detail.setHtml(check_html(self.tokenizer, self.checks[row][1],
                                       palette_for(self)))


def check_html(tokenizer: Tokenizer, check: CanonicalCheck, palette) -> str:
    """The decoded text with each drift's bytes marked, then each drift in words."""
    text = check.text
    data = text.encode("utf-8")
    marks = _whole_clusters(text, sorted((d.byte_start, d.byte_end, d.reason)
                                         for d in check.drifts if d.byte_start is not None))
    parts: list[str] = []
    at = 0
    for start, end, reason in marks:
        parts.append(_escaped(data[at:start]))
        fill = palette.merged_fill if reason in MERGE_LIKE else palette.tied_fill
        parts.append(f'<span style="background-color:{fill}; color:{palette.plain_ink};">'
                     f"{_escaped(data[start:end]) or '&nbsp;'}</span>")
        at = end
    parts.append(_escaped(data[at:]))
    out = [f'<p style="white-space:pre-wrap;">{"".join(parts)}</p>']
    if check.is_canonical:
        out.append("<p>" + html.escape(translate("CanonPage", "Canonical: encoding this text "
                                                 "gives exactly these ids.")) + "</p>")
    for drift in check.drifts:
        line = translate("CanonPage", "ids {start}–{end}: {reason} — given {given}; encoding "
                         "gives {canonical}").format(
            start=drift.start, end=drift.end - 1, reason=reason_name(drift.reason),
            given=cut_line(tokenizer, drift.given), canonical=cut_line(tokenizer,
                                                                       drift.canonical))
        out.append(f"<p>{html.escape(line)}</p>")
    return "".join(out)


def _whole_clusters(text: str, marks: list[tuple[int, int, str]]
                    ) -> list[tuple[int, int, str]]:
    """The marks widened to whole grapheme clusters (a mark that ends inside one would set a
    vowel sign on a dotted circle, a skin tone beside its emoji), overlapping ones joined."""
    bounds = [0]
    for cluster in regex.finditer(r"\X", text):
        bounds.append(bounds[-1] + len(cluster.group().encode("utf-8")))
    out: list[tuple[int, int, str]] = []
    for start, end, reason in marks:
        start = bounds[bisect_right(bounds, start) - 1]
        end = bounds[min(bisect_left(bounds, end), len(bounds) - 1)]
        if out and start < out[-1][1]:
            out[-1] = (out[-1][0], max(end, out[-1][1]), out[-1][2])
        else:
            out.append((start, end, reason))
    return out


def _escaped(data: bytes) -> str:
    return html.escape(visible(data.decode("utf-8", "replace")))
