"""What the window keeps across restarts (its size and place, its splitters, the text) and how
it writes files (with the user's umask, through symbolic links); which files it offers to
open. Each on a temporary settings file."""

from __future__ import annotations

import os
import stat

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog

from bpelens.app.gui.settings import save_text, text_path
from bpelens.app.gui.tokenizer_files import TOKENIZER_FILTER, looks_like_tokenizer
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


def test_a_first_start_fits_the_screen(make_window):
    window = make_window(text="hello")
    area = (window.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    assert window.width() <= area.width() and window.height() <= area.height()
    assert window.width() >= min(1280, area.width()) - 1


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
