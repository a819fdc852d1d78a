"""Pathology lint: what in the tokenizer makes encoding slow on the wrong input (backtracking
patterns, pieces without a length bound, thousands of added tokens), as a table of findings;
the selected one's field, reason and worst-case input, and how its encode time grows with the
input's length on a log–log plot, its fitted slope beside the slopes of linear and quadratic
growth."""

from __future__ import annotations

import html
import inspect
import math
import statistics

import pyqtgraph as pg
from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QStackedLayout,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import LintFinding, LintReport, Tokenizer, lint_tokenizer, localize, visible

from ...i18n import translate
from ...ui_theme import palette_for
from ..plot_look import PlotLook
from ..plot_parts import new_plot, set_plot_title, style_plot
from ..plot_theme import LINE_WIDTH, SYMBOL_SIZE, plot_font, zoomed
from .common import attach_runner, muted

# The core's own default, so the page and `bpelens lint` time alike unless asked otherwise.
DEFAULT_TIME_CAP = float(inspect.signature(lint_tokenizer).parameters["time_cap"].default)
MAX_TIME_CAP = 600.0
MIN_TIME_CAP = 0.01
MIN_PLOT_HEIGHT = 180
# Points faster than this are mostly the call's own overhead; the core's fit leaves them out
# when enough slower ones remain and judges by the longer half (an engine may change its
# algorithm with the length): the line is drawn through the same points.
FIT_FROM_SECONDS = 1e-3
FIT_POINTS = 3
REFERENCE_SLOPES = (1, 2)
HEADROOM = 0.12  # of the data's height, above it
MAX_COLUMN = 280  # px: a long field name is shortened (its tooltip has it whole)

HEADERS = (QT_TRANSLATE_NOOP("LintPage", "severity"), QT_TRANSLATE_NOOP("LintPage", "kind"),
           QT_TRANSLATE_NOOP("LintPage", "where"), QT_TRANSLATE_NOOP("LintPage", "growth"),
           QT_TRANSLATE_NOOP("LintPage", "exponent"), QT_TRANSLATE_NOOP("LintPage", "reason"))
SEVERITIES = {"error": QT_TRANSLATE_NOOP("LintPage", "error"),
              "warning": QT_TRANSLATE_NOOP("LintPage", "warning"),
              "info": QT_TRANSLATE_NOOP("LintPage", "info")}
KINDS = {"backtracking": QT_TRANSLATE_NOOP("LintPage", "backtracking"),
         "unbounded_piece": QT_TRANSLATE_NOOP("LintPage", "unbounded piece"),
         "added_tokens": QT_TRANSLATE_NOOP("LintPage", "added tokens")}
GROWTHS = {"catastrophic": QT_TRANSLATE_NOOP("LintPage", "catastrophic"),
           "near-linear": QT_TRANSLATE_NOOP("LintPage", "near-linear"),
           "superlinear": QT_TRANSLATE_NOOP("LintPage", "superlinear"),
           "quadratic": QT_TRANSLATE_NOOP("LintPage", "quadratic"),
           "cubic or worse": QT_TRANSLATE_NOOP("LintPage", "cubic or worse")}
RUN_NAMES = {"letters": QT_TRANSLATE_NOOP("LintPage", "a run of one letter"),
             "cjk": QT_TRANSLATE_NOOP("LintPage", "a run of one CJK character"),
             "digits": QT_TRANSLATE_NOOP("LintPage", "a run of digits"),
             "punctuation": QT_TRANSLATE_NOOP("LintPage", "a run of punctuation"),
             "spaces": QT_TRANSLATE_NOOP("LintPage", "a run of spaces"),
             "newlines": QT_TRANSLATE_NOOP("LintPage", "a run of newlines"),
             "backtracking": QT_TRANSLATE_NOOP("LintPage", "a run that makes the match fail"),
             "near_misses": QT_TRANSLATE_NOOP("LintPage", "near misses of the added tokens")}


def _said(table: dict[str, str], key: str) -> str:
    return translate("LintPage", table[key]) if key in table else key


def exponent_text(finding: LintFinding) -> str:
    return "—" if finding.exponent is None else f"{finding.exponent:.2f}"


def growth_text(finding: LintFinding) -> str:
    return _said(GROWTHS, finding.growth) if finding.growth else "—"


def finding_cells(finding: LintFinding) -> list[str]:
    """A finding's row in the table, column by column (HEADERS)."""
    return [_said(SEVERITIES, finding.severity), _said(KINDS, finding.kind), finding.where,
            growth_text(finding), exponent_text(finding), localize(finding.reason)]


# -- the plot ---------------------------------------------------------------------------------

def fit_points(points) -> list[tuple[int, float]]:
    """The points the core's slope is read from (see FIT_FROM_SECONDS)."""
    usable = [(n, t) for n, t in points if t >= FIT_FROM_SECONDS]
    if len(usable) >= FIT_POINTS:
        return usable[-max(FIT_POINTS, math.ceil(len(usable) / 2)):]
    return [(n, t) for n, t in points if t > 0]


def fitted_line(points, exponent: float) -> tuple[list[float], list[float]]:
    """log10 n and log10 t of the line of slope ``exponent`` through the fitted points (least
    squares for its height), over the lengths those points span."""
    used = fit_points(points)
    height = statistics.fmean(math.log10(t) - exponent * math.log10(n) for n, t in used)
    ends = [math.log10(used[0][0]), math.log10(used[-1][0])]
    return ends, [height + exponent * x for x in ends]


class LintPlot(PlotLook, QWidget):
    """Encode CPU time against input length, both on log axes: the measured points, the line
    of the fitted exponent through them, and faint dashed lines of slope 1 and 2 from the
    fit's left end, so a steeper climb reads at a glance. A finding without points shows why
    instead."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        pg.setConfigOptions(antialias=True)
        self._init_look()
        self.finding: LintFinding | None = None
        self.why_not = ""
        self.title_text = ""
        self.plot = new_plot(min_height=MIN_PLOT_HEIGHT)
        self.plot.setLogMode(True, True)
        self.plot.setLabel("bottom", self.tr("characters"))
        self.plot.setLabel("left", self.tr("CPU seconds"))
        # Drawn first, so they lie under the fit and the points.
        self.references = {slope: self.plot.plot() for slope in REFERENCE_SLOPES}
        self.reference_labels = {slope: pg.TextItem() for slope in REFERENCE_SLOPES}
        for label in self.reference_labels.values():
            self.plot.addItem(label, ignoreBounds=True)
        self.fit = self.plot.plot()
        self.points = self.plot.plot(pen=None, symbol="o")
        self.not_timed = QLabel()
        self.not_timed.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.not_timed.setWordWrap(True)
        self.not_timed.setMinimumWidth(240)
        self.stack = QStackedLayout(self)
        self.stack.setContentsMargins(0, 0, 0, 0)
        self.stack.addWidget(self.plot)
        self.stack.addWidget(self.not_timed)
        self._restyle()
        self.show_finding(None)

    # -- look ----------------------------------------------------------------------------------
    def _relook(self) -> None:
        self._restyle()
        self.show_finding(self.finding, self.why_not)

    def _restyle(self) -> None:
        ink = self.ink
        style_plot(self.plot, ink, self.zoom, grid=True, title=self.title_text,
                   pixel_ratio=self.pixel_ratio)
        width = LINE_WIDTH * self.zoom * self.pixel_ratio
        color = ink.curve("count")
        self.fit.setPen(pg.mkPen(color, width=width))
        self.points.setSymbolSize(SYMBOL_SIZE * 1.3 * self.zoom * self.pixel_ratio)
        dashes = {1: Qt.PenStyle.DashLine, 2: Qt.PenStyle.DotLine}
        for slope, line in self.references.items():
            line.setPen(pg.mkPen(ink.rule, width=0.75 * width, style=dashes[slope]))
        for label in self.reference_labels.values():
            label.setColor(ink.axis)
            label.setFont(plot_font(zoomed(11, self.zoom)))
        self.not_timed.setFont(plot_font(zoomed(13, self.zoom)))
        self.not_timed.setStyleSheet(f"color: {ink.text.name()}; "
                                     f"background: {ink.page.name()};")

    # -- data ----------------------------------------------------------------------------------
    def show_finding(self, finding: LintFinding | None, why_not: str = "") -> None:
        """``finding``'s points, or ``why_not`` (it was not timed) in the plot's place."""
        self.finding, self.why_not = finding, why_not
        if finding is None or not finding.points:
            self.title_text = ""
            self.not_timed.setText(why_not or self.tr("not timed"))
            self.stack.setCurrentWidget(self.not_timed)
            for item in (self.points, self.fit, *self.references.values()):
                item.setData([], [])
            for label in self.reference_labels.values():
                label.setText("")
            return
        self.stack.setCurrentWidget(self.plot)
        points = finding.points
        # The points the slope is read from filled, the others (mostly the call's own
        # overhead, or an engine that changes algorithm with the length) hollow.
        used = set(fit_points(points))
        color = self.ink.curve("count")
        self.points.setData([n for n, _ in points], [t for _, t in points],
                            symbolBrush=[pg.mkBrush(color if p in used else self.ink.page)
                                         for p in points],
                            symbolPen=pg.mkPen(color, width=1.5 * self.zoom
                                               * self.pixel_ratio))
        self.title_text = self._title(finding)
        xs = [math.log10(n) for n, _ in points]
        ys = [math.log10(t) for _, t in points if t > 0]
        fit: tuple[list[float], list[float]] | None = None
        if finding.exponent is not None and len(set(xs)) > 1:
            fit = fitted_line(points, finding.exponent)
            self.fit.setData([10 ** x for x in fit[0]], [10 ** y for y in fit[1]])
            ys += fit[1]
        else:
            self.fit.setData([], [])
        low, high = min(ys, default=-6.0), max(ys, default=0.0)
        if high - low < 1:  # at least a decade tall: a flat line still looks flat
            middle = (low + high) / 2
            low, high = middle - 0.5, middle + 0.5
        self._draw_references(fit, high)
        # Under a decade wide (a pattern that backtracks stops within tens of characters)
        # the log axis would label one length or none: each measured length is labelled.
        lengths = sorted({n for n, _ in points})
        self.plot.getAxis("bottom").setTicks(
            [[(math.log10(n), f"{n:,}") for n in lengths], []]
            if max(xs) - min(xs) < 1 else None)
        box = self.plot.getViewBox()
        box.setXRange(min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1, padding=0.06)
        # Headroom above the data for the labels of the lines cut at its top.
        box.setYRange(low, high + HEADROOM * (high - low), padding=0.05)
        set_plot_title(self.plot, self.title_text, self.ink, self.zoom)

    def _draw_references(self, fit: tuple[list[float], list[float]] | None,
                         top: float) -> None:
        """Slopes 1 and 2 from the fit's left end, each cut where it leaves the top of the
        data's range (a quadratic line over nine doublings would squash the points)."""
        for slope, line in self.references.items():
            label = self.reference_labels[slope]
            if fit is None:
                line.setData([], [])
                label.setText("")
                continue
            fit_x, fit_y = fit
            x0, y0 = fit_x[0], fit_y[0]
            x1 = min(fit_x[1], x0 + (top - y0) / slope) if top > y0 else fit_x[1]
            y1 = y0 + slope * (x1 - x0)
            line.setData([10 ** x0, 10 ** x1], [10 ** y0, 10 ** y1])
            label.setText(self.tr("slope {slope}").format(slope=slope))
            # Above-left of the line's end, clear of the line (which climbs to it from the
            # lower left); a line cut at the data's top has the page's headroom above it.
            label.setAnchor((1.0, 1.0))
            label.setPos(x1, y1)

    def _title(self, finding: LintFinding) -> str:
        if finding.exponent is None:
            return self.tr("Encode CPU time: too few lengths for a slope")
        if finding.timed_out:
            return self.tr("Encode CPU time: slope {exponent:.2f}, then out of time "
                           "(catastrophic)").format(exponent=finding.exponent)
        return self.tr("Encode CPU time: slope {exponent:.2f} ({growth})").format(
            exponent=finding.exponent, growth=growth_text(finding))


# -- the page ---------------------------------------------------------------------------------

class LintPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.report: LintReport | None = None
        self.time_cap = QDoubleSpinBox()
        self.time_cap.setRange(MIN_TIME_CAP, MAX_TIME_CAP)
        self.time_cap.setDecimals(2)
        self.time_cap.setSingleStep(0.5)
        self.time_cap.setSuffix(self.tr(" s"))
        self.time_cap.setValue(DEFAULT_TIME_CAP)
        self.time_cap.setToolTip(self.tr(
            "an input stops growing once encoding it takes more than this many CPU seconds; "
            "all the timing together stops after 12 times this"))
        self.static_only = QCheckBox(self.tr("static only (no timing)"))
        self.static_only.setToolTip(self.tr("find and describe the pathologies; time nothing"))
        self.static_only.toggled.connect(lambda on: self.time_cap.setEnabled(not on))
        self.run_button = QPushButton(self.tr("Run"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.intro = self.tr("Find what makes this tokenizer slow on the wrong input — "
                             "backtracking patterns, pieces without a length bound, thousands "
                             "of added tokens — and time encoding each worst case as it "
                             "grows.")
        self.status = muted(self.intro)
        self.table = QTableWidget(0, len(HEADERS))
        self.table.setHorizontalHeaderLabels([self.tr(h) for h in HEADERS])
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.details = QTextBrowser()
        self.details.setPlaceholderText(self.tr("Select a finding: its field, why it matters, "
                                                "its worst-case input and its timing."))
        self.plot = LintPlot()
        self._build_layout()
        self.run_button.clicked.connect(self.run)
        self.table.currentCellChanged.connect(lambda row, *_: self.show_finding(row))

    def _build_layout(self) -> None:
        controls = QHBoxLayout()
        controls.addWidget(QLabel(self.tr("Time cap per length")))
        controls.addWidget(self.time_cap)
        controls.addWidget(self.static_only)
        controls.addWidget(self.run_button)
        controls.addWidget(self.cancel_button)
        controls.addStretch(1)
        below = QSplitter(Qt.Orientation.Horizontal)
        below.addWidget(self.details)
        below.addWidget(self.plot)
        below.setSizes([400, 600])
        below.setChildrenCollapsible(False)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.table)
        split.addWidget(below)
        split.setSizes([170, 380])
        split.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

    def title(self) -> str:
        return self.tr("Lint")

    def attach(self, session) -> None:
        self.runner = attach_runner(self, session, "lint", self.show_report,
                                    self.tr("Could not lint: {error}"))

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        if self.runner is not None and self.runner.busy:
            self.runner.cancel()  # its findings would be another tokenizer's
        self.tokenizer = tokenizer
        self._clear()
        self.status.setText(self.intro)

    def _clear(self) -> None:
        self.report = None
        self.table.setRowCount(0)
        self.details.clear()
        self.plot.show_finding(None, "")

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        self.run_button.setEnabled(not busy)

    def cancel(self) -> None:
        if self.runner is not None and self.runner.busy:
            self.runner.cancel()
            self.status.setText(self.tr("Cancelled: nothing linted."))

    def run(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None or self.runner is None:
            return
        timing = not self.static_only.isChecked()
        cap = self.time_cap.value()
        self._clear()

        def work(job):
            # Off the GUI thread: translate(), not self.tr.
            job.progress(None, translate("LintPage", "Reading the pre-tokenizer…"))

            def progress(fraction: float) -> None:
                job.check()
                if timing:
                    job.progress(fraction, translate(
                        "LintPage", "Timing each worst case as it grows: {percent:.0%}")
                        .format(percent=fraction))

            report = lint_tokenizer(tokenizer, time_cap=cap, timing=timing, progress=progress)
            return tokenizer, report

        self.runner.submit(work)

    # -- the result ---------------------------------------------------------------------------
    def show_report(self, outcome) -> None:
        tokenizer, report = outcome
        if tokenizer is not self.tokenizer:
            return
        self.report = report
        findings = report.findings
        self.table.setRowCount(len(findings))
        for row, finding in enumerate(findings):
            for column, text in enumerate(finding_cells(finding)):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                if column == 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        self._paint_severities()
        self.table.resizeColumnsToContents()
        for column in range(len(HEADERS)):
            self.table.setColumnWidth(column, min(MAX_COLUMN, self.table.columnWidth(column)))
        self.status.setText(self._summary(report))
        if findings:
            self.table.setCurrentCell(0, 0)
        else:
            self.plot.show_finding(None, self.tr("no findings"))

    def _summary(self, report: LintReport) -> str:
        findings = report.findings
        if not findings:
            text = self.tr("No findings: nothing in this tokenizer makes encoding slow on the "
                           "inputs the lint knows.")
        else:
            count = {s: sum(f.severity == s for f in findings) for s in SEVERITIES}
            text = self.tr("{count} finding(s): {errors} error(s), {warnings} warning(s), "
                           "{infos} for information.").format(
                count=len(findings), errors=count["error"], warnings=count["warning"],
                infos=count["info"])
        if report.timed:
            return text + " " + self.tr("{seconds:.1f} CPU seconds.").format(
                seconds=report.seconds)
        return text + " " + self.tr("Static only: nothing timed.")

    def _paint_severities(self) -> None:
        """Errors and warnings in the theme's error and warning colours, the rest muted."""
        colors = palette_for(self)
        tones = {"error": colors.error, "warning": colors.warning, "info": colors.muted}
        report = self.report
        if report is None:
            return
        for row, finding in enumerate(report.findings):
            item = self.table.item(row, 0)
            if item is not None:
                item.setForeground(QColor(tones[finding.severity]))

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self._paint_severities()  # a theme chosen after the table was filled
            self.show_finding(self.table.currentRow())

    def selected(self) -> LintFinding | None:
        row = self.table.currentRow()
        if self.report is None or not 0 <= row < len(self.report.findings):
            return None
        return self.report.findings[row]

    def show_finding(self, row: int) -> None:
        report = self.report
        if report is None or not 0 <= row < len(report.findings):
            return
        finding = report.findings[row]
        self.details.setHtml(finding_html(finding, palette_for(self)))
        self.plot.show_finding(finding, self._why_not_timed(report, finding))

    def _why_not_timed(self, report: LintReport, finding: LintFinding) -> str:
        if finding.points:
            return ""
        if not report.timed:
            return self.tr("not timed: the run was static only")
        if finding.note:
            return self.tr("not timed: {note}").format(note=localize(finding.note))
        return self.tr("not timed: the timing's budget (12 × the time cap) was spent on the "
                       "findings before it")


def finding_html(finding: LintFinding, colors) -> str:
    """A finding in words: what and where, why, its worst-case input, its timing."""
    tone = {"error": colors.error, "warning": colors.warning}.get(finding.severity,
                                                                   colors.muted)
    head = (f'<p><b style="color:{tone}">{html.escape(_said(SEVERITIES, finding.severity))}'
            f"</b> · <b>{html.escape(_said(KINDS, finding.kind))}</b> · "
            f"<code>{html.escape(finding.where)}</code></p>")
    out = [head, f"<p>{html.escape(localize(finding.detail))}</p>"]

    def row(label: str, value: str, *, code: bool = False) -> None:
        shown = f"<code>{html.escape(value)}</code>" if code else html.escape(value)
        out.append(f"<p><b>{html.escape(label)}</b> {shown}</p>")

    if finding.pattern:
        row(translate("LintPage", "Pattern:"), finding.pattern, code=True)
    row(translate("LintPage", "Why:"), localize(finding.reason))
    case = finding.worst_case
    row(translate("LintPage", "Worst case ({what}):").format(
        what=_said(RUN_NAMES, case.name)), case.recipe(), code=True)
    row(translate("LintPage", "Looks like:"), visible(finding.input_preview), code=True)
    if finding.points:
        n, seconds = finding.points[-1]
        timing = translate("LintPage", "{n:,} characters took {seconds:.3g} CPU seconds; "
                           "growth {growth}, exponent {exponent}").format(
            n=n, seconds=seconds, growth=growth_text(finding), exponent=exponent_text(finding))
        if finding.timed_out:
            timing += translate("LintPage", "; the next length ran out of the pattern's time "
                                "budget")
        row(translate("LintPage", "Timing:"), timing)
        if len(fit_points(finding.points)) < len(finding.points):
            out.append("<p>" + html.escape(translate(
                "LintPage", "The slope is read from the filled points, the longest inputs: "
                "shorter ones time mostly the call itself, or an engine that changes its "
                "algorithm with the length.")) + "</p>")
    if finding.note:
        row(translate("LintPage", "Note:"), localize(finding.note))
    if finding.also:
        row(translate("LintPage", "The same cause keeps whole:"),
            ", ".join(_said(RUN_NAMES, name) for name in finding.also))
    return "".join(out)
