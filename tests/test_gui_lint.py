"""The lint page of the debugging kit, driven through its widgets on a real window's session:
its table shows what lint_tokenizer finds for the same tokenizer; a catastrophic pattern,
timed, is an error whose plot holds the report's points with the fitted slope and the slopes
1 and 2 beside it, in the window's theme and zoom; cancelling shows nothing; an error is one
line."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest
from test_lint import byte_level_doc, write

from bpelens.app.gui.ui_theme import palette_for
from bpelens.app.gui.views.debugging import lint_page
from bpelens.app.gui.views.debugging.lint_page import LintPage
from bpelens.app.gui.zoom import zoom_tree
from bpelens.core import lint_tokenizer, open_tokenizer

from test_gui_main_window import window_factory

COLUMNS = ["severity", "kind", "where", "growth", "exponent", "reason"]


@pytest.fixture
def lint(qtbot, tmp_path):
    """The page as the kit wires it: attached to a real window's session, given the
    window's tokenizer, shown."""
    window = window_factory(qtbot, tmp_path)()
    page = LintPage()
    qtbot.addWidget(page)
    page.attach(window.session)
    page.set_tokenizer(window.session.tokenizer)
    page.resize(1100, 700)
    page.show()
    page.window_ = window
    return page


def table_rows(page: LintPage) -> list[list[str]]:
    table = page.table
    return [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def run(page: LintPage, qtbot, *, timeout: int = 20_000) -> None:
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.report is not None, timeout=timeout)


def catastrophic(tmp_path):
    return open_tokenizer(write(tmp_path, byte_level_doc(r"(a|a)+$")))


def test_static_run_shows_the_cores_findings(lint, qtbot):
    page = lint
    assert page.minimumSizeHint().width() <= 680
    assert [page.table.horizontalHeaderItem(c).text() for c in range(6)] == COLUMNS
    tokenizer = page.tokenizer
    page.static_only.setChecked(True)
    assert not page.time_cap.isEnabled()
    run(page, qtbot)
    expected = lint_tokenizer(tokenizer, timing=False)
    assert expected.findings  # the demo's pattern leaves runs whole: there is something
    assert table_rows(page) == [
        [f.severity, f.kind.replace("_", " "), f.where, "—", "—", f.reason]
        for f in expected.findings]
    assert page.table.currentRow() == 0
    first = expected.findings[0]
    shown = page.details.toPlainText()
    for part in (first.where, first.detail, first.reason, first.worst_case.recipe()):
        assert part in shown
    # Nothing timed: words in the plot's place.
    assert page.plot.stack.currentWidget() is page.plot.not_timed
    assert page.plot.not_timed.text() == "not timed: the run was static only"
    assert page.status.text().endswith("Static only: nothing timed.")
    assert page.run_button.isEnabled() and not page.cancel_button.isVisible()


def test_a_catastrophic_pattern_is_an_error_plotted_from_the_report(lint, qtbot, tmp_path):
    page = lint
    tokenizer = catastrophic(tmp_path)
    page.set_tokenizer(tokenizer)
    page.time_cap.setValue(0.05)
    run(page, qtbot)
    report = page.report
    assert report.timed and report.time_cap == pytest.approx(0.05)
    # The same findings a static lint names, now timed.
    static = lint_tokenizer(tokenizer, timing=False)
    assert [(f.kind, f.where, f.pattern) for f in report.findings] == [
        (f.kind, f.where, f.pattern) for f in static.findings]
    finding = report.findings[0]
    assert finding.kind == "backtracking" and finding.pattern == "(a|a)+"
    row = table_rows(page)[0]
    assert row[0] == "error" and row[1] == "backtracking"
    assert row[4] == f"{finding.exponent:.2f}"
    assert page.table.currentRow() == 0
    plot = page.plot
    assert plot.stack.currentWidget() is plot.plot
    xs, ys = plot.points.getOriginalDataset()
    assert list(zip(xs.tolist(), ys.tolist(), strict=True)) == list(finding.points)
    assert len(finding.points) >= 2
    assert plot.plot.getPlotItem().getAxis("bottom").labelText == "characters"
    assert plot.plot.getPlotItem().getAxis("left").labelText == "CPU seconds"
    assert plot.plot.getAxis("bottom").logMode and plot.plot.getAxis("left").logMode
    assert f"slope {finding.exponent:.2f}" in plot.title_text

    def slope(item) -> float:
        x, y = item.getOriginalDataset()
        return float(np.diff(np.log10(y))[0] / np.diff(np.log10(x))[0])

    assert slope(plot.fit) == pytest.approx(finding.exponent)
    fit_x, fit_y = plot.fit.getOriginalDataset()
    # Through the points: between the fastest and the slowest, over their lengths.
    assert min(xs) * (1 - 1e-9) <= fit_x[0] < fit_x[-1] <= max(xs) * (1 + 1e-9)
    assert min(ys) / 2 < fit_y[-1] < max(ys) * 2
    for k, line in plot.references.items():
        assert slope(line) == pytest.approx(k)
        x, y = line.getOriginalDataset()
        assert (x[0], y[0]) == pytest.approx((fit_x[0], fit_y[0]))  # from the fit's start
    # A finding the timing reached shows its own points when selected.
    timed = [r for r, f in enumerate(report.findings) if f.points and r > 0]
    if timed:
        page.table.setCurrentCell(timed[0], 0)
        xs, _ = plot.points.getOriginalDataset()
        assert xs.tolist() == [n for n, _ in report.findings[timed[0]].points]
        page.table.setCurrentCell(0, 0)


def test_the_plot_and_table_follow_the_theme_and_zoom(lint, qtbot, tmp_path):
    page = lint
    page.set_tokenizer(catastrophic(tmp_path))
    page.time_cap.setValue(0.05)
    run(page, qtbot)
    window = page.window_
    light_page = QColor(page.plot.ink.page)
    try:
        window.set_theme("dark", remember=False)
        qtbot.waitUntil(lambda: page.plot.ink.theme == "dark")
        ink = page.plot.ink
        assert ink.page.lightness() < 100 and ink.page != light_page
        assert page.plot.plot.backgroundBrush().color() == ink.page
        assert page.plot.fit.opts["pen"].color() == ink.curve("count")
        error = QColor(palette_for(page).error)
        assert page.table.item(0, 0).foreground().color() == error
        assert f"color:{error.name()}" in page.details.toHtml().replace(" ", "")
    finally:
        window.set_theme("light", remember=False)
    qtbot.waitUntil(lambda: page.plot.ink.theme == "light")
    tick = page.plot.plot.getAxis("bottom").style["tickFont"].pixelSize()
    zoom_tree(page, 1.5)  # presentation mode asks the plot, as the kit does
    assert page.plot.zoom == 1.5
    assert page.plot.plot.getAxis("bottom").style["tickFont"].pixelSize() == round(tick * 1.5)
    assert page.plot.stack.currentWidget() is page.plot.plot  # still the same finding


def test_cancel_stops_the_run_and_shows_nothing(lint, qtbot, tmp_path):
    page = lint
    page.set_tokenizer(catastrophic(tmp_path))
    page.time_cap.setValue(5.0)  # a minute of timing at most: still running when cancelled
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.cancel_button.isVisible() and "%" in page.status.text())
    assert page.runner.running
    QTest.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    # The job stops at its next check and its thread reports back: nothing is shown.
    qtbot.waitUntil(lambda: page.runner.finished_jobs == 1 and not page.runner.running,
                    timeout=15_000)
    assert page.report is None
    assert page.table.rowCount() == 0
    assert page.status.text() == "Cancelled: nothing linted."
    assert page.run_button.isEnabled() and not page.cancel_button.isVisible()


def test_an_error_is_one_line(lint, qtbot, monkeypatch):
    page = lint

    def broken(*args, **kwargs):
        raise ValueError("time_cap: something is wrong\nTraceback (most recent call last):")

    monkeypatch.setattr(lint_page, "lint_tokenizer", broken)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.runner.finished_jobs == 1 and not page.runner.busy)
    assert page.status.text() == "Could not lint: time_cap: something is wrong"
    assert page.report is None and page.table.rowCount() == 0
