"""The first window renders core results; driven through real widgets."""

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.main_window import MainWindow, tokens_html


def type_text(widget, text: str) -> None:
    """Non-ASCII typing through key events carrying text (keyClicks crashes on it)."""
    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))


@pytest.fixture
def window(qtbot):
    w = MainWindow(text="")
    qtbot.addWidget(w)
    return w


def test_typing_shows_the_tokens_and_ids_of_the_core_encoding(window, qtbot):
    window.editor.setFocus()
    type_text(window.editor, "A猫🙂 こんにちは")
    expected = load_demo("demo-multilingual-byte").encode("A猫🙂 こんにちは")
    qtbot.waitUntil(lambda: window.ids_view.toPlainText() == ", ".join(map(str, expected.ids)))
    assert f"{len(expected.ids)} tokens" in window.status.text()
    assert "round trip ✓" in window.status.text()
    shown = window.tokens_view.toPlainText().replace("\u200b", "")
    for tok in expected.tokens:  # each chip in order: its text, or its hex bytes if partial
        label = ("‹" + tok.bytes.hex(" ").upper() + "›") if tok.partial else tok.bytes.decode()
        label = label.replace(" ", "·") if not tok.partial else label
        assert shown.startswith(label), (shown, label)
        shown = shown[len(label):]
    assert shown == ""


def test_partial_tokens_show_hex_never_replacement_characters():
    enc = load_demo("demo-multilingual-byte").encode("猫🙂")
    html = tokens_html(enc)
    assert "\ufffd" not in html
    assert any(t.partial for t in enc.tokens) == ("‹" in html)


def test_switching_tokenizer_re_encodes(window, qtbot):
    window.editor.setPlainText("The weather")
    qtbot.waitUntil(lambda: window.ids_view.toPlainText() != "")
    before = window.ids_view.toPlainText()
    window.picker.setCurrentIndex(window.picker.findData("demo-english-char"))
    expected = load_demo("demo-english-char").encode_ids("The weather")
    qtbot.waitUntil(lambda: window.ids_view.toPlainText() == ", ".join(map(str, expected)))
    assert window.ids_view.toPlainText() != before


def test_a_bad_tokenizer_file_shows_an_error_and_keeps_the_text(window, qtbot, tmp_path,
                                                                monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: shown.append(args[2]))
    window.editor.setPlainText("keep me 猫")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert not window.open_tokenizer(str(bad))
    assert shown and "bad.json: invalid JSON at line 1" in shown[0]
    assert window.editor.toPlainText() == "keep me 猫"
    assert window.tokenizer is not None and window.tokenizer.name == "demo-multilingual-byte"
