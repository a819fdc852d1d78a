"""Zoom as a speaker and a reader use it. Presentation mode (F5) sizes everything on screen at
one zoom — the text panes, every tab's view with its tables and plots, the tab bar — and
leaving it puts every size back exactly. Outside it, Ctrl + / Ctrl − zoom the view you are
on (the text panes when the keyboard is in them, else the tab in front), Ctrl 0 puts it back,
and each view keeps its zoom across restarts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QLabel, QTableView, QWidget
from shiboken6 import getCppPointer

from bpelens.app.gui.views.training_view import WORD_SIZE

from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def size_of(widget: QWidget) -> float:
    font = widget.font()
    return font.pointSizeF() if font.pointSizeF() > 0 else float(font.pixelSize())


def fonts(window) -> dict[int, tuple[str, str, float, bool]]:
    """Every widget's font (family, size, bold), by the widget."""
    return {getCppPointer(w)[0]: (type(w).__name__, w.font().family(), size_of(w),
                                  w.font().bold())
            for w in window.findChildren(QWidget)}


def rows(window) -> dict[int, int]:
    return {getCppPointer(t)[0]: t.verticalHeader().defaultSectionSize()
            for t in window.findChildren(QTableView)}


def grown(before: float, after: float, zoom: float) -> bool:
    return abs(after - before * zoom) <= 1.0  # a point (or pixel) of rounding


def open_every_tab(window, qtbot) -> None:
    """Each tab shown once (the plots are made when their tab first shows)."""
    for key in window.tab_keys:
        window.show_view(key)
        qtbot.waitUntil(lambda key=key: window.views[key].isVisible())
    window.show_view("compare")


def test_presentation_sizes_every_view_table_plot_and_the_tab_bar(make_window, qtbot):
    window = make_window(text="hello world")
    window.resize(1280, 800)
    open_every_tab(window, qtbot)
    plot_zooms: list[float] = []
    # A plot gains set_zoom on another branch: whatever has one is asked.
    window.compare_view.bars.set_zoom = plot_zooms.append
    compare, training, studio = (window.views[k] for k in ("compare", "training", "studio"))
    audit = window.views["debug"].audit_page
    sentence_canvas = compare.sentences.canvas
    watched = {
        "tab bar": window.tabs.tabBar(),
        "kit tab bar": window.views["debug"].pages.tabBar(),
        "compare corpus box": compare.corpus_box,
        "compare table": compare.table.view,
        "compare table header": compare.table.view.horizontalHeader(),
        "studio languages table": studio.languages,
        "studio status": studio.status,
        "training info": training.info,
        "training pairs": training.pairs,
        "audit table": audit.table,
        "audit status": audit.status,
        "ids box": window.ids_panel.box,
        "editor": window.editor,
        "text pane title": window.text_pane.label,
        "compare pane's view title": window.panes["training"].label,
    }
    before = {name: size_of(w) for name, w in watched.items()}
    before_rows = {name: w.verticalHeader().defaultSectionSize()
                   for name, w in watched.items() if isinstance(w, QTableView)}
    every_font, every_row = fonts(window), rows(window)
    canvas_font = sentence_canvas.font_.pointSizeF()
    chip_size = training.words.point_size
    shaped_size = window.shaped.font().pixelSize()

    QTest.keyClick(window, Qt.Key.Key_F5)
    zoom = window.presentation.zoom
    assert zoom > 1.2
    for name, widget in watched.items():
        assert grown(before[name], size_of(widget), zoom), (name, before[name],
                                                           size_of(widget))
    for name, height in before_rows.items():
        assert grown(height, watched[name].verticalHeader().defaultSectionSize(), zoom), name
    assert grown(canvas_font, sentence_canvas.font_.pointSizeF(), zoom)
    assert training.words.point_size == round(WORD_SIZE * zoom) != chip_size
    assert window.shaped.font().pixelSize() > shaped_size
    assert plot_zooms == [zoom]

    # Ctrl + changes the one zoom, for everything
    QTest.keyClick(window.editor, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert window.presentation.zoom > zoom
    for name in ("tab bar", "compare table", "training info", "editor"):
        assert grown(before[name], size_of(watched[name]), window.presentation.zoom), name

    QTest.keyClick(window.editor, Qt.Key.Key_Escape)
    assert not window.presentation.active
    assert fonts(window) == every_font  # every widget's font, exactly as before
    assert rows(window) == every_row
    assert sentence_canvas.font_.pointSizeF() == canvas_font
    assert training.words.point_size == chip_size
    assert plot_zooms[-1] == 1.0


def test_ctrl_plus_zooms_the_view_you_are_on_and_ctrl_0_puts_it_back(make_window, qtbot):
    window = make_window(text="hello world")
    window.resize(1280, 800)
    open_every_tab(window, qtbot)
    window.show_view("training")
    training = window.views["training"]
    training.setFocus()
    qtbot.waitUntil(lambda: window.zoom_target() == "training")
    info, tab_bar, table = training.info, window.tabs.tabBar(), training.pairs
    compare_box = window.compare_view.corpus_box
    sizes = (size_of(info), size_of(tab_bar), size_of(window.editor), size_of(compare_box))
    row = table.verticalHeader().defaultSectionSize()

    QTest.keyClick(training, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(training, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    zoom = window.view_zoom("training")
    assert zoom > 1.1
    assert grown(sizes[0], size_of(info), zoom)
    assert grown(row, table.verticalHeader().defaultSectionSize(), zoom)
    # the rest stays as it was: the tab bar, the text, the other tabs
    assert (size_of(tab_bar), size_of(window.editor), size_of(compare_box)) == sizes[1:]

    # in the text box, Ctrl − zooms the text panes (and the ids), not the tab
    window.editor.setFocus()
    qtbot.waitUntil(lambda: window.zoom_target() == "text")
    editor_size, ids_size = size_of(window.editor), size_of(window.ids_panel.box)
    QTest.keyClick(window.editor, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    text_zoom = window.view_zoom("text")
    assert text_zoom < 1.0
    assert grown(editor_size, size_of(window.editor), text_zoom)
    assert grown(ids_size, size_of(window.ids_panel.box), text_zoom)
    assert grown(sizes[0], size_of(info), zoom)  # the tab kept its own

    training.setFocus()
    qtbot.waitUntil(lambda: window.zoom_target() == "training")
    QTest.keyClick(training, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert window.view_zoom("training") == 1.0
    assert size_of(info) == sizes[0] and table.verticalHeader().defaultSectionSize() == row

    window.close()  # each view's zoom is remembered
    again = make_window(text="hello world")
    assert again.view_zoom("text") == text_zoom and again.view_zoom("training") == 1.0
    assert grown(editor_size, size_of(again.editor), text_zoom)


def test_zooming_in_and_out_again_gives_back_the_same_sizes(make_window, qtbot):
    window = make_window(text="hello")
    open_every_tab(window, qtbot)
    window.show_view("studio")
    every_font = fonts(window)
    for zoom in (1.5, 2.5, 0.8, 1.0):
        window.set_view_zoom("studio", zoom)
    assert fonts(window) == every_font
    labels = [w for w in window.views["studio"].findChildren(QLabel) if w.text()]
    assert labels  # (what the check covers)


def test_a_widget_made_after_zooming_takes_the_zoom_once(make_window, qtbot):
    window = make_window(text="hello")
    window.show_view("compare")
    window.set_view_zoom("compare", 2.0)
    later = QLabel("made later", window.compare_view)
    base = QFont(window.compare_view.property("bpelens_zoom_base_font"))
    window.set_view_zoom("compare", 2.0)  # again: no compounding
    assert grown(base.pointSizeF(), size_of(later), 2.0)
    window.set_view_zoom("compare", 1.0)
    assert size_of(later) == base.pointSizeF()
