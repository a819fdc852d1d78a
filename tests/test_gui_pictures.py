"""File → Export picture, driven through the window's actions: the layers, the shaped text and
the playback frame on screen are written as the core encodes them (one SVG chip group per
token), PNG at the scale the dialog's filter names, the clipboard gets a 2× picture, the
playback animates every step, and any tab can be saved as shown."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog

from bpelens.app.gui.picture_export import picture_of
from bpelens.core import EncodingPlayback

from test_gui_main_window import window_factory

SVG = "{http://www.w3.org/2000/svg}"
TEXT = "lowest newest 世界"


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def answer_dialog(monkeypatch, path, chosen: str) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), chosen))


def token_ids_in(svg_path) -> list[int]:
    root = ET.parse(svg_path).getroot()
    # (a token's first chip; a playback chip whatever its mark: "chip token merged")
    return [int(g.get("data-token-id")) for g in root.iter(f"{SVG}g")
            if g.get("class", "").split()[:2] == ["chip", "token"]
            and "continued" not in g.get("class", "")]


def test_layers_and_shaped_pictures_hold_the_windows_tokens(make_window, qtbot, tmp_path,
                                                           monkeypatch):
    window = make_window(text=TEXT)
    ids = window.session.encoded.table.ids
    svg = tmp_path / "layers.svg"
    answer_dialog(monkeypatch, svg, "SVG, vector (*.svg)")
    window.export_layers_action.trigger()
    qtbot.waitUntil(svg.exists)
    assert token_ids_in(svg) == list(ids)

    png = tmp_path / "shaped"  # no suffix: the filter's format is added
    answer_dialog(monkeypatch, png, "PNG, 2× for slides (*.png)")
    window.pictures.export("shaped")
    written = tmp_path / "shaped.png"
    qtbot.waitUntil(written.exists)
    picture = picture_of(window.session, "shaped")
    image = QImage(str(written))
    assert (image.width(), image.height()) == (round(picture.width * 2),
                                               round(picture.height * 2))

    window.copy_layers_action.trigger()
    copied = QGuiApplication.clipboard().image()
    layers = picture_of(window.session, "layers")
    assert (copied.width(), copied.height()) == (round(layers.width * 2),
                                                 round(layers.height * 2))


def open_playback(make_window, qtbot, text: str):
    """A window on ``text`` with its merge playback built and on screen."""
    window = make_window(text=text)
    window.show_view("playback")
    view = window.views["playback"]
    qtbot.waitUntil(lambda: view.playback is not None and view.step_count() > 0)
    return window, view


def test_the_playback_frame_on_screen_and_the_animation(make_window, qtbot, tmp_path,
                                                       monkeypatch):
    from PIL import Image

    text = "lowest newest widest tokenization"
    window, view = open_playback(make_window, qtbot, text)
    view.set_order("text")
    qtbot.waitUntil(lambda: view.step_count() > 3)
    view.controls.go(3)
    step = view.text_step_shown()
    assert step == 3
    svg = tmp_path / "frame.svg"
    answer_dialog(monkeypatch, svg, "SVG, vector (*.svg)")
    window.pictures.export("playback", step)
    qtbot.waitUntil(svg.exists)
    tokenizer = window.session.tokenizer
    playback = EncodingPlayback(tokenizer, tokenizer.encode(text, special="none", trace=True))
    assert token_ids_in(svg) == [t for ids in playback.text_state(step) for t in ids]

    gif = tmp_path / "playback.gif"
    answer_dialog(monkeypatch, gif, "Animated GIF (*.gif)")
    asked = answer_animation(monkeypatch)
    window.pictures.export_animation(**view.animation_defaults())
    qtbot.waitUntil(gif.exists)
    assert asked[0]["order"] == "text"
    assert Image.open(gif).n_frames == len(playback.text_steps) + 1


def answer_animation(monkeypatch, **changes) -> list[dict]:
    """The animation dialog, built from what the window asks with (recorded), answered with
    its values after ``changes`` to its widgets."""
    from bpelens.app.gui import picture_export
    from bpelens.app.gui.animation_dialog import AnimationDialog

    asked: list[dict] = []

    def answer(parent, **defaults):
        asked.append(defaults)
        dialog = AnimationDialog(parent, **defaults)
        for name, value in changes.items():
            widget = getattr(dialog, name)
            if hasattr(widget, "setValue"):
                widget.setValue(value)
            else:
                widget.setCurrentIndex(widget.findData(value))
        return dialog.choice()

    monkeypatch.setattr(picture_export, "ask_animation", answer)
    return asked


def test_the_animation_plays_the_piece_on_screen_at_the_size_and_speed_chosen(
        make_window, qtbot, tmp_path, monkeypatch):
    from PIL import Image

    window, view = open_playback(make_window, qtbot, "lowest newest widest")
    view.set_slot(2)  # "·widest" (the pieces: lowest, ·newest, ·widest)
    piece = view.playback.pieces[2]
    assert view.order == "piece" and piece.steps
    gif = tmp_path / "piece.gif"
    answer_dialog(monkeypatch, gif, "Animated GIF (*.gif)")
    asked = answer_animation(monkeypatch, fps=4.0, hold_first=2.0, hold_last=3.0, scale=2,
                             width_box=800)
    window.pictures.export_animation(**view.animation_defaults())
    qtbot.waitUntil(gif.exists)
    assert asked == [{"order": "piece", "piece": 3, "pieces": len(view.playback.pieces)}]
    image = Image.open(gif)
    assert image.n_frames == len(piece.steps) + (1 if piece.finish else 0) + 1
    assert image.size[0] == 1600  # 800 px at 2×
    durations = []
    for frame in range(image.n_frames):
        image.seek(frame)
        durations.append(image.info["duration"])
    assert durations[0] == 2000 and durations[-1] == 3000
    assert set(durations[1:-1]) == {250}


def test_any_tab_is_saved_as_shown(make_window, qtbot, tmp_path, monkeypatch):
    window = make_window(text=TEXT)
    window.show_view("debug")
    svg = tmp_path / "tab.svg"
    answer_dialog(monkeypatch, svg, "SVG, vector (*.svg)")
    window.pictures.export_widget(window.tabs.currentWidget(), "debug")
    root = ET.parse(svg).getroot()
    assert root.tag == f"{SVG}svg"
    assert any((t.text or "").strip() == "Audit the vocabulary" for t in root.iter(f"{SVG}text"))
    png = tmp_path / "tab.png"
    answer_dialog(monkeypatch, png, "PNG, 3× (*.png)")
    window.pictures.export_widget(window.tabs.currentWidget(), "debug")
    image = QImage(str(png))
    widget = window.tabs.currentWidget()
    assert (image.width(), image.height()) == (widget.width() * 3, widget.height() * 3)


def test_a_derivation_tree_is_exported_whole_as_svg(make_window, qtbot, tmp_path, monkeypatch):
    window = make_window(text="lowest")
    dialog = window.derivation
    tokenizer = window.session.tokenizer
    tid = tokenizer.encode_ids("lowest")[0]
    dialog.show_token(tokenizer, tid)
    svg = tmp_path / "tree.svg"
    answer_dialog(monkeypatch, svg, "SVG, vector (*.svg)")
    dialog.picture_button.click()
    root = ET.parse(svg).getroot()
    drawn = [t.text for t in root.iter(f"{SVG}text") if t.text]
    labels = [dialog.tree_view.labels[p.node.id] for p in dialog.tree_view.placed]
    assert all(label in drawn for label in labels)
    view = dialog.tree_view  # whole, not what the dialog's scroll area shows
    assert root.get("viewBox").split()[2:] == [str(view.width()), str(view.height())]
