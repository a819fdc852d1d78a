"""The window on a bad start: a --tokenizer that cannot be opened, a --text Qt cannot hold.
Driven through the real widgets; every wait is for a condition."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QTextCursor

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.launch import parse_gui_args
from bpelens.app.gui.main_window import MainWindow
from bpelens.app.gui.settings import load_saved_text
from bpelens.app.gui.tokenizer_picker import Choice

from test_gui_main_window import DEMO, settings_in, type_text

OTHER_DEMO = "demo-english-char"


def open_window(qtbot, tmp_path, **kwargs) -> MainWindow:
    kwargs.setdefault("settings", settings_in(tmp_path))
    kwargs.setdefault("discover", False)
    window = MainWindow(**kwargs)
    qtbot.addWidget(window)
    window.show()
    return window


def pick(window: MainWindow, name: str) -> None:
    row = next(r for r in range(window.picker.count())
               if window.picker.itemData(r) == Choice("demo", name, label=name))
    window.picker.setCurrentIndex(row)


BAD_FILES = {
    "missing": ("missing.json", None, "missing.json: no such file or folder"),
    "bad JSON": ("bad.json", "{not json", "bad.json: invalid JSON at line 1, column 2"),
    "unknown format": ("weights.xyz", "hello", "weights.xyz: not a tokenizer file"),
    "unknown model type": ("tokenizer.json", json.dumps({"model": {"type": "Foo"}}),
                           "'Foo'"),
}


@pytest.mark.parametrize("name, content, says", BAD_FILES.values(), ids=BAD_FILES.keys())
def test_a_bad_tokenizer_at_launch_falls_back_to_the_demo(qtbot, tmp_path, name, content,
                                                         says):
    path = tmp_path / name
    if content is not None:
        path.write_text(content, encoding="utf-8")
    args = parse_gui_args(["--tokenizer", str(path), "--text", "still works 猫"])
    window = open_window(qtbot, tmp_path, tokenizer_path=args.tokenizer, text=args.text)
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    # fully working on the default demo: the text encoded in every view ...
    assert window.tokenizer.name == DEMO
    expected = load_demo(DEMO).encode_ids("still works 猫")
    assert window.table.ids == expected
    assert window.ids_panel.ids == expected
    assert window.shaped.shown_text() == "still works 猫"
    assert window.layers.visible_chips()
    assert window.picker.current_choice() == Choice("demo", DEMO, label=DEMO)
    # ... the error in the banner, naming the file ...
    assert window.banner.isVisible()
    assert says in window.banner.text()
    assert f"Cannot open {path}" in window.banner.text()  # the file, by its full path
    assert f"Showing the bundled demo {DEMO} instead" in window.banner.text()
    assert str(path) not in [c.key for c in window.picker.choices()]  # not a recent file
    # ... and the picker usable, the text editable.
    pick(window, OTHER_DEMO)
    qtbot.waitUntil(lambda: window.tokenizer.name == OTHER_DEMO and window.settled())
    assert window.table.ids == load_demo(OTHER_DEMO).encode_ids("still works 猫")
    assert not window.banner.isVisible()  # the load that worked answers the one that did not
    window.editor.setFocus()
    window.editor.moveCursor(QTextCursor.MoveOperation.End)
    type_text(window.editor, "!")
    qtbot.waitUntil(lambda: window.table.text == "still works 猫!" and window.settled())


def test_a_saved_tokenizer_gone_bad_falls_back_too(qtbot, tmp_path):
    broken = tmp_path / "was-fine.json"
    broken.write_text('{"model": ', encoding="utf-8")
    settings = settings_in(tmp_path)
    settings.setValue("tokenizers/current", ["path", str(broken), ""])
    window = open_window(qtbot, tmp_path, text="hello", settings=settings)
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    assert window.tokenizer.name == DEMO
    assert "was-fine.json" in window.banner.text()


def test_lone_surrogates_in_the_text_are_replaced_and_said(qtbot, tmp_path):
    # Bytes of the command line that are not UTF-8 arrive as lone surrogates; Qt would drop
    # them without a word.
    args = parse_gui_args(["--text", "caf\udce9 ok \ud800!"])
    window = open_window(qtbot, tmp_path, text=args.text)
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    assert window.editor.text() == "caf\ufffd ok \ufffd!"
    assert window.table.ids == load_demo(DEMO).encode_ids("caf\ufffd ok \ufffd!")
    message = window.banner.text()
    assert window.banner.isVisible()
    assert "2 lone surrogates (U+D800, U+DCE9" in message
    assert "replaced by U+FFFD at characters 3, 8" in message
    # the note stays when the tokenizer changes (it is about the text, not the tokenizer)
    pick(window, OTHER_DEMO)
    qtbot.waitUntil(lambda: window.tokenizer.name == OTHER_DEMO and window.settled())
    assert "lone surrogates" in window.banner.text()


def test_a_text_without_surrogates_says_nothing(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, text="plain 猫 text")
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    assert not window.banner.isVisible()
    assert window.editor.text() == "plain 猫 text"


def test_the_saved_text_is_read_back_as_it_was(qtbot, tmp_path):
    window = open_window(qtbot, tmp_path, text="é\u00a0\u2028x")
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    window.close()
    assert load_saved_text(settings_in(tmp_path)) == "é\u00a0\u2028x"
