"""View → Language switches at once: a new window in the chosen language carries over the
text, the prepared texts, the tokenizer and the view, and the choice is remembered; the
engine's own words (an error from a bad file) follow the switch too."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QApplication
from shiboken6 import isValid
from test_i18n import japanese

from bpelens.app.gui import i18n
from bpelens.app.gui.main_window import MainWindow

from test_gui_main_window import settings_in


@pytest.fixture
def english():
    """English again afterwards, and the windows the switches made closed (qtbot cannot own
    them: each switch deletes the window before it)."""
    yield
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, MainWindow) and isValid(widget):
            widget.close()
            widget.deleteLater()
    i18n.remove_language(QApplication.instance())


def test_the_language_menu_switches_at_once_and_keeps_the_session(english, qtbot, tmp_path):
    # Not given to qtbot: the switch deletes it, as it must to free its tokenizer.
    window = MainWindow(text="first text", settings=settings_in(tmp_path), discover=False)
    window.show()
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    window.keep_text()
    typed = "猫は「ねこ」と読む"
    window.editor.set_text(typed)
    window.show_view("playback")
    chosen = window.choice
    assert window.menuBar().actions()[0].text() == "&File"

    window.language_actions["ja"].trigger()
    new = next(w for w in QApplication.topLevelWidgets()
               if isinstance(w, MainWindow) and w is not window and w.isVisible())
    qtbot.waitUntil(lambda: new.tokenizer is not None and new.settled())
    qtbot.waitUntil(lambda: not isValid(window))  # closed and freed
    assert new.menuBar().actions()[0].text() == japanese("MainWindow", "&File")
    assert new.editor.toPlainText() == typed
    assert new.prepared_texts[0] == "first text" and new.prepared_index == 1
    assert new.choice == chosen
    assert new.tab_keys[new.tabs.currentIndex()] == "playback"
    assert i18n.saved_language(new.settings) == "ja"
    assert new.language_actions["ja"].isChecked()

    # The engine's words are Japanese now: a broken file's error, as the banner shows it.
    bad = tmp_path / "tokenizer.json"
    bad.write_text(json.dumps({"model": {"type": "BPE", "vocab": [], "merges": []}}))
    new.open_path(str(bad))
    qtbot.waitUntil(lambda: japanese("Engine", "an object") in new.banner.text())
    assert "must be" not in new.banner.text()

    new.language_actions["en"].trigger()
    back = next(w for w in QApplication.topLevelWidgets()
                if isinstance(w, MainWindow) and w is not new and w.isVisible())
    assert back.menuBar().actions()[0].text() == "&File"
    assert back.editor.toPlainText() == typed


def test_a_language_switch_keeps_the_splitters(english, qtbot, tmp_path):
    # Not given to qtbot: the switch deletes it, as it must to free its tokenizer.
    window = MainWindow(text="hello", settings=settings_in(tmp_path),
                                    discover=False)
    window.resize(1280, 800)
    window.show()
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    window.splitter.setSizes([300, 300, 100])
    window.splitter.splitterMoved.emit(300, 1)
    text_sizes = window.splitter.sizes()
    window.language_actions["ja"].trigger()
    new = next(w for w in QApplication.topLevelWidgets()
               if isinstance(w, MainWindow) and w is not window and w.isVisible())
    qtbot.waitUntil(lambda: new.tokenizer is not None and new.settled())
    qtbot.waitUntil(lambda: new.isVisible())
    # (the Japanese words take other heights around the splitter: its shares are kept)
    shares = [size / sum(text_sizes) for size in text_sizes]
    now = new.splitter.sizes()
    assert [round(size / sum(now), 2) for size in now] == pytest.approx(shares, abs=0.02)
