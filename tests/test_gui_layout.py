"""The window's layout as a user meets it: tabs of their own data (training, comparison,
studio, kit) get the page with the text panes folded into a button in the tab bar's corner;
the text tabs keep the text above them; switching tabs never moves the splitter, and each kind
of tab keeps the user's own sizes, across restarts too. The status bar's passing messages never
cover the counts."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from bpelens.app.gui import main_window
from bpelens.app.gui.views.sentence_canvas import NAME_WIDTH
from bpelens.core import short_name

from test_gui_main_window import settings_in, window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def sized(window, qtbot, width=1280, height=800):
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height)
    return window


def test_tabs_of_their_own_data_get_the_page_and_a_button_brings_the_text_back(
        make_window, qtbot):
    window = sized(make_window(text="hello"), qtbot)
    assert window.top_splitter.isVisible() and not window.text_button.isVisible()
    for key in ("training", "compare", "studio", "debug"):
        window.show_view(key)
        qtbot.waitUntil(lambda: not window.top_splitter.isVisible())
        assert not window.panes["ids"].isVisible()
        qtbot.waitUntil(lambda: window.tabs.height() >= 0.95 * window.splitter.height())
        assert window.text_button.isVisible()

    QTest.mouseClick(window.text_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.top_splitter.isVisible())
    assert window.panes["ids"].isVisible()
    assert 0 < window.top_splitter.height() < window.tabs.height()  # a short text box
    assert window.text_action.isChecked()
    window.show_view("compare")
    assert window.top_splitter.isVisible()  # for every tab of that kind, and remembered
    window.close()
    again = sized(make_window(text="hello"), qtbot)
    again.show_view("studio")
    assert again.top_splitter.isVisible()
    QTest.mouseClick(again.text_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not again.top_splitter.isVisible())


def test_the_text_tabs_keep_the_text_and_switching_never_moves_the_splitter(
        make_window, qtbot):
    window = sized(make_window(text="hello"), qtbot)
    window.splitter.setSizes([300, 300, 100])
    text_sizes = window.splitter.sizes()
    window.splitter.splitterMoved.emit(300, 1)  # as a drag says it
    for key in ("playback", "layers", "training", "playback", "debug", "layers"):
        window.show_view(key)
        if key in ("layers", "playback"):
            qtbot.waitUntil(lambda: window.top_splitter.isVisible())
            assert window.splitter.sizes() == text_sizes, key

    window.show_view("compare")
    window.show_text_on_analysis(True)
    qtbot.waitUntil(lambda: window.top_splitter.isVisible())
    window.splitter.setSizes([200, 420, 80])
    analysis_sizes = window.splitter.sizes()
    window.splitter.splitterMoved.emit(200, 1)
    for key in ("studio", "layers", "debug", "playback", "training"):
        window.show_view(key)
        qtbot.waitUntil(lambda: window.top_splitter.isVisible())
        want = text_sizes if key in ("layers", "playback") else analysis_sizes
        assert window.splitter.sizes() == want, key

    window.close()  # both kinds' sizes are kept
    again = sized(make_window(text="hello"), qtbot)
    assert again.splitter.sizes() == text_sizes
    again.show_view("debug")
    qtbot.waitUntil(lambda: again.top_splitter.isVisible())
    assert again.splitter.sizes() == analysis_sizes


def test_a_passing_message_never_covers_the_counts(make_window, qtbot):
    window = sized(make_window(text="hello world"), qtbot)
    bar = window.statusBar()
    counts = window.stats.text()
    assert "tokens" in counts
    bar.showMessage("Opened the session a-rather-long-session-name-for-a-talk.bpelens", 8000)
    assert window.status_message.text().startswith("Opened the session")
    qtbot.waitUntil(lambda: window.status_message.isVisible())
    assert window.stats.isVisible() and window.stats.text() == counts
    shown = [w for w in (window.stats, window.status_message, window.specials_note,
                         window.special_switch) if w.isVisible()]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            ra = a.geometry().translated(a.parentWidget().mapTo(window, QPoint(0, 0)))
            rb = b.geometry().translated(b.parentWidget().mapTo(window, QPoint(0, 0)))
            assert not ra.intersects(rb), (a, b)
    # the counts are not cut to make room for it
    assert window.stats.width() >= window.stats.sizeHint().width()
    assert bar.currentMessage().startswith("Opened the session")
    bar.clearMessage()
    assert window.status_message.text() == "" and bar.currentMessage() == ""


def test_the_playback_opens_on_its_first_row_and_keeps_the_newest_state_in_sight(
        make_window, qtbot):
    # A piece of many bytes (a Japanese sentence in a byte-level tokenizer) wraps its first
    # state over more rows than the view holds.
    window = sized(make_window(text="日本語のトークン化を見てみましょう日本語のトークン化"), qtbot)
    window.show_view("playback")
    playback = window.views["playback"]
    qtbot.waitUntil(lambda: playback.playback is not None and bool(playback.playback.pieces))
    pieces = playback.playback.pieces
    longest = max(range(len(pieces)), key=lambda i: len(pieces[i].states[0]))
    playback.set_slot(longest)
    window.splitter.setSizes([400, 260, 40])  # a short chip area
    canvas, bar = playback.canvas, playback.scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: canvas.height() > playback.scroll.viewport().height() + 20)
    playback.controls.set_count(playback.step_count(), 0)
    qtbot.waitUntil(lambda: bar.maximum() > 0)
    assert bar.value() == 0  # the first row of the piece, not its last
    assert len(pieces[longest].steps) >= 3
    for _ in range(3):
        playback.controls.forward()
        newest = canvas.chip_rect(len(canvas.groups) - 1, 0)
        top = bar.value()
        # the newest state's first row is on screen
        qtbot.waitUntil(lambda newest=newest: bar.value() <= newest.top()
                        and newest.bottom() <= bar.value()
                        + playback.scroll.viewport().height())
        assert bar.value() >= top


def test_the_sentence_rows_name_their_tokenizers_whole(make_window, qtbot):
    window = sized(make_window(text="hello"), qtbot)
    window.show_view("compare")
    compare = window.compare_view
    qtbot.waitUntil(lambda: compare.compare is not None and compare.compare.comparison
                    is not None and not compare.compare.counter.busy)
    compare.open_sentences("", "en")
    canvas = compare.sentences.canvas
    qtbot.waitUntil(lambda: canvas.aligned is not None and len(canvas.aligned.rows) >= 2)
    names = [f"{short_name(row.tokenizer)}  {len(row.tokens)}" for row in canvas.aligned.rows]
    assert any("demo-multilingual-byte" in name for name in names)
    width = getattr(canvas, "name_width", NAME_WIDTH)
    for name in names:  # "demo-multilingual-byte  31", not "demo-m…-byte  31"
        assert canvas.small_metrics.elidedText(
            name, Qt.TextElideMode.ElideMiddle, width - 8) == name
    assert width <= 0.3 * canvas.width() + 1  # the chips keep the room


def test_the_comparison_table_opened_first_sizes_its_columns_to_its_rows(
        qtbot, tmp_path, monkeypatch):
    # As `bpelens --view compare` on a full-HD screen: the tab in front before the window
    # shows, the rows coming while nothing around the table moves.
    monkeypatch.setattr(main_window, "bring_inside", lambda window: False)
    window = main_window.MainWindow(text="hello", settings=settings_in(tmp_path),
                                    discover=False)
    qtbot.addWidget(window)
    window.show_view("compare")
    window.compare_view.open_corpus("demo")
    window.resize(1920, 1080)
    window.show()
    compare = window.compare_view
    qtbot.waitUntil(lambda: compare.compare is not None and compare.compare.comparison
                    is not None and not compare.compare.counter.busy)
    table = compare.table
    header = table.view.horizontalHeader()
    for column in (0, 1):  # "demo-multilingual-byte", "Portuguese (pt)", not "demo-…"
        qtbot.waitUntil(lambda column=column: header.sectionSize(column)
                        >= table.view.sizeHintForColumn(column))



def test_presenting_leaves_the_users_splitter_as_it_was(make_window, qtbot):
    window = sized(make_window(text="hello"), qtbot)
    window.splitter.setSizes([300, 300, 100])
    window.splitter.splitterMoved.emit(300, 1)
    sizes = window.splitter.sizes()
    window.presentation.enter()
    window.splitter.splitterMoved.emit(300, 1)  # a drag while presenting, the ids hidden
    window.presentation.leave()
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.panes["ids"].isVisible() and window.height() == 800)
    window.show_view("compare")
    window.show_view("layers")  # the sizes this kind of tab keeps
    qtbot.waitUntil(lambda: window.splitter.sizes() == sizes)
