"""The window's words as a reader meets them, in English and in Japanese, in a 1280×800 and a
1920×1080 window: on every tab, and every page of the debugging kit, no two text-bearing
widgets overlap and no word is cut short (the rule: tests/layout_checks.py — a label may be cut
on purpose, with its whole text in a tooltip, only where a full-HD window would not need it).
"""

from __future__ import annotations

import pytest
from layout_checks import clipped, overlaps
from PySide6.QtWidgets import QApplication

from bpelens.app.gui import i18n, main_window
from bpelens.app.gui.main_window import MainWindow

from conftest import SHARED_DATA, needs_shared_data
from test_gui_main_window import settings_in

SIZES = {"1280x800": (1280, 800), "1920x1080": (1920, 1080)}


@pytest.fixture
def language(request, qapp):
    lang = request.param
    used = i18n.install_language(qapp, lang)
    assert used == lang
    yield lang
    i18n.remove_language(qapp)


def shown_at(width: int, height: int, qtbot, tmp_path, monkeypatch) -> MainWindow:
    """A window shown at this size from the start, as on a screen of that size (a window
    resized after showing lays its widgets out again, which can hide a stale layout). The
    test screen is smaller: the window is not brought inside it."""
    monkeypatch.setattr(main_window, "bring_inside", lambda window: False)
    window = MainWindow(text="hello world — こんにちは", settings=settings_in(tmp_path),
                        discover=False)
    qtbot.addWidget(window)
    window.resize(width, height)
    window.show()
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    assert (window.width(), window.height()) == (width, height)
    return window


def settle(window, qtbot) -> None:
    """The tabs that read a corpus on first showing have read it and counted; the training
    playback has trained on its first corpus (its tables have rows)."""
    training = window.views["training"]
    training.train(training.corpora[0])
    qtbot.waitUntil(lambda: training.playback is not None)
    compare, studio = window.compare_view, window.studio_view
    qtbot.waitUntil(lambda: compare.compare is not None and compare.compare.comparison
                    is not None and not compare.compare.counter.busy)
    qtbot.waitUntil(lambda: studio.corpus is not None)


def states(window, qtbot):
    """(name, how to get there) of every tab and kit page."""
    playback = window.views["playback"]

    def show_playback():
        window.show_view("playback")
        qtbot.waitUntil(lambda: playback.playback is not None)

    for key in window.tab_keys:
        yield key, show_playback if key == "playback" else (
            lambda key=key: window.show_view(key))
    debug = window.views["debug"]
    for page in range(debug.pages.count()):
        yield f"debug/{debug.pages.tabText(page)}", lambda page=page: (
            window.show_view("debug"), debug.pages.setCurrentIndex(page))


@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("size", list(SIZES))
def test_no_words_overlap_or_are_cut_short_on_any_tab(language, size, qtbot, tmp_path,
                                                      monkeypatch):
    width, height = SIZES[size]
    window = shown_at(width, height, qtbot, tmp_path, monkeypatch)
    for key in ("compare", "studio", "training"):
        window.show_view(key)
    settle(window, qtbot)
    problems = check_every_state(window, qtbot, f"{language} {size}")
    # The text shown over the tabs of their own data too (the corner button), a message in
    # the status bar: the tabs are shorter, the bar fuller.
    window.show_text_on_analysis(True)
    window.statusBar().showMessage("Opened the session a-talk-with-a-rather-long-name.bpelens")
    problems += check_every_state(window, qtbot, f"{language} {size} with the text")
    assert not problems, "\n".join(problems)


@needs_shared_data
@pytest.mark.parametrize("language", ["en", "ja"], indirect=True)
def test_a_large_corpus_is_named_whole_in_a_small_window(language, qtbot, tmp_path,
                                                        monkeypatch):
    """NTREX-128: 1,997 sentences in 26 languages, in the comparison and the studio."""
    window = shown_at(1280, 800, qtbot, tmp_path, monkeypatch)
    corpus = str(SHARED_DATA / "parallel" / "ntrex128")
    problems = []
    for key in ("compare", "studio"):
        view = window.views[key]
        window.show_view(key)
        view.open_corpus(corpus)
        qtbot.waitUntil(lambda view=view: "1,997" in view.corpus_info.text()
                        and view.corpus_box.currentText() == "ntrex128")
        for _ in range(3):
            QApplication.processEvents()
        problems += [f"[{language} {key}] overlap: {p}" for p in overlaps(window)]
        problems += [f"[{language} {key}] cut: {p}" for p in clipped(window, elided_ok=True)]
    assert not problems, "\n".join(problems)


def check_every_state(window, qtbot, where: str) -> list[str]:
    width, height = window.width(), window.height()
    problems = []
    for name, show in states(window, qtbot):
        show()
        for _ in range(3):  # the layouts the change asked for, and those they ask for
            QApplication.processEvents()
        assert (window.width(), window.height()) == (width, height), name  # none widened it
        problems += [f"[{where} {name}] overlap: {p}" for p in overlaps(window)]
        problems += [f"[{where} {name}] cut: {p}"
                     for p in clipped(window, elided_ok=width < 1920)]
    return problems
