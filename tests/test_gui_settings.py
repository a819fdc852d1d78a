"""What the window keeps across restarts (its size and place, its splitters, the text) and how
it writes files (with the user's umask, through symbolic links); which files it offers to
open. Each on a temporary settings file."""

from __future__ import annotations

import os
import stat

import pytest
from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog

from bpelens.app.gui.settings import save_text, text_path
from bpelens.app.gui.tokenizer_files import TOKENIZER_FILTER, looks_like_tokenizer
from bpelens.app.gui.window_state import FRAME_ALLOWANCE, first_size, inside
from bpelens.core import open_tokenizer

from conftest import SHARED_DATA, needs_shared_data
from test_gui_main_window import settings_in, window_factory

BOTCHAN = SHARED_DATA / "tokenizers" / "sentencepiece" / "botchan_en_bpe_1000.model"



@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)

def test_size_place_and_splitters_survive_a_restart(make_window, qtbot, tmp_path):
    window = make_window(text="hello")
    window.resize(700, 540)
    window.move(QPoint(37, 29))
    window.splitter.setSizes([150, 250, 120])
    window.top_splitter.setSizes([260, 420])
    qtbot.waitUntil(lambda: window.size().width() == 700)
    main_sizes, top_sizes = window.splitter.sizes(), window.top_splitter.sizes()
    geometry = window.geometry()
    window.close()

    again = make_window()  # a new window on the same settings file
    assert again.geometry() == geometry
    assert again.splitter.sizes() == main_sizes
    assert again.top_splitter.sizes() == top_sizes


def test_a_first_start_fits_the_screen_with_its_frame(make_window):
    window = make_window(text="hello")
    area = (window.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    assert area.contains(window.frameGeometry())
    # ... with room for a window manager's title bar and borders, not known before it shows
    assert window.width() + FRAME_ALLOWANCE.width() <= area.width()
    assert window.height() + FRAME_ALLOWANCE.height() <= area.height()
    assert window.width() >= area.width() - FRAME_ALLOWANCE.width() - 1  # a small screen: all


@pytest.mark.parametrize("screen", [(1280, 800 - 30), (1366, 768 - 30), (1920, 1080 - 40),
                                    (2560, 1440 - 40), (3840, 2160 - 60)])
def test_the_first_size_fits_a_small_screen_and_takes_a_share_of_a_large_one(screen):
    width, height = screen
    size = first_size(QSize(width, height))
    assert size.width() + FRAME_ALLOWANCE.width() <= width
    assert size.height() + FRAME_ALLOWANCE.height() <= height
    # a screen with room for more than the default size gives the window a share of it
    assert size.width() >= min(width * 0.8, width - FRAME_ALLOWANCE.width()) - 1
    assert size.height() >= min(height * 0.85, height - FRAME_ALLOWANCE.height()) - 1
    if width >= 1920:
        assert size.width() > 1280 and size.height() > 860
        assert size.width() <= width * 0.9 and size.height() <= height * 0.9  # not all of it


def test_saved_geometry_larger_than_the_screen_is_brought_back_inside(make_window, qtbot):
    window = make_window(text="hello")
    area = (window.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    window.resize(area.width() + 400, area.height() + 300)
    window.move(QPoint(area.right() - 200, area.bottom() - 150))  # mostly off the screen
    qtbot.waitUntil(lambda: window.width() == area.width() + 400)
    window.close()

    again = make_window()
    qtbot.waitUntil(lambda: area.contains(again.frameGeometry()))
    assert again.frameGeometry().width() == area.width()


def test_inside_moves_a_frame_in_and_shrinks_it_only_where_it_is_larger():
    area = QRect(0, 30, 1280, 770)
    assert inside(QRect(100, 100, 500, 400), area) == QRect(100, 100, 500, 400)
    assert inside(QRect(1000, 600, 500, 400), area) == QRect(780, 400, 500, 400)
    assert inside(QRect(-50, 0, 1400, 400), area) == QRect(0, 30, 1280, 400)
    assert inside(QRect(20, 10, 600, 900), area) == QRect(20, 30, 600, 770)


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_the_saved_text_gets_the_users_umask(make_window, qtbot, tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        window = make_window(text="kept 猫")
        window.close()  # saves at once
    finally:
        os.umask(old)
    path = text_path(window.settings)
    assert path.read_text(encoding="utf-8") == "kept 猫"
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".")]  # no temporaries


def test_the_saved_text_is_written_through_a_symlink(tmp_path):
    settings = settings_in(tmp_path)
    elsewhere = tmp_path / "synced" / "my-text.txt"
    elsewhere.parent.mkdir()
    elsewhere.write_text("old", encoding="utf-8")
    os.chmod(elsewhere, 0o640)
    text_path(settings).symlink_to(elsewhere)
    save_text(settings, "new 文字")
    assert text_path(settings).is_symlink()
    assert elsewhere.read_text(encoding="utf-8") == "new 文字"
    assert stat.S_IMODE(elsewhere.stat().st_mode) == 0o640  # an existing file keeps its mode


def test_an_autosave_that_fails_says_so(make_window, qtbot, tmp_path):
    window = make_window(text="x")
    blocked = tmp_path / "blocked"
    blocked.mkdir()
    window.autosave.path = blocked  # a folder where the file should be
    window.editor.setPlainText("changed")
    qtbot.waitUntil(lambda: "Cannot save the text for next time" in window.banner.text())
    assert "blocked" in window.banner.text()


def test_the_open_dialog_offers_sentencepiece_models(make_window, qtbot, monkeypatch):
    asked = {}

    def fake_dialog(parent, caption, folder, filters):
        asked["filters"] = filters
        return str(BOTCHAN), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(fake_dialog))
    window = make_window(text="Hello world")
    window.open_action.trigger()
    assert "*.model" in asked["filters"] and asked["filters"] == TOKENIZER_FILTER
    first = asked["filters"].split(";;")[0]
    for pattern in first[first.index("(") + 1 : first.index(")")].split():
        assert looks_like_tokenizer(type(BOTCHAN)("x" + pattern[1:])) or pattern == "*.txt"
    assert window.session.loading[0].key == str(BOTCHAN)


@needs_shared_data
def test_a_sentencepiece_model_opens_from_the_dialog(make_window, qtbot, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *args: (str(BOTCHAN), "")))
    window = make_window(text="Hello world")
    window.open_action.trigger()
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    assert window.table.ids == open_tokenizer(BOTCHAN).encode_ids("Hello world")
