"""The main window, driven through its real widgets; everything it shows is checked against the
core result for the same text. No fixed sleeps: every wait is for a condition."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent, QMimeData, QPoint, QSettings, Qt, QUrl
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QToolTip

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.main_window import MainWindow
from bpelens.app.gui.settings import recent_tokenizers
from bpelens.app.gui.tokenizer_picker import Choice
from bpelens.app.gui.views import ids_panel
from bpelens.app.gui.views.ids_panel import format_ids, parse_ids
from bpelens.app.pictures.layers_layout import compute_bands
from bpelens.core.formats.export import save_hf_json
from bpelens.core.results.token_table import token_table
from bpelens.core.text.display import hex_bytes, visible

from shaped_checks import assert_shaped_colors

DEMO = "demo-multilingual-byte"


def type_text(widget, text: str) -> None:
    """Non-ASCII typing through key events carrying text (keyClicks crashes on it)."""
    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))


def press(widget, key: Qt.Key, modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
        QApplication.sendEvent(widget, QKeyEvent(kind, key, modifiers))


def settings_in(folder) -> QSettings:
    return QSettings(str(folder / "bpelens.ini"), QSettings.Format.IniFormat)


def window_factory(qtbot, tmp_path):
    """Windows on a settings file in ``tmp_path``, shown, their first encoding on screen."""

    def make(**kwargs) -> MainWindow:
        kwargs.setdefault("settings", settings_in(tmp_path))
        kwargs.setdefault("discover", False)
        window = MainWindow(**kwargs)
        qtbot.addWidget(window)
        window.show()
        # (a real tokenizer file takes seconds to load on a busy machine)
        qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
        return window

    return make


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def test_typing_shows_the_core_encoding_in_every_view(make_window, qtbot):
    window = make_window(text="")
    window.resize(800, 860)  # the layers view holds every band of the text below
    window.editor.setFocus()
    typed = "A猫🙂 こんにちは مرحبا नमस्ते"
    type_text(window.editor, typed)
    qtbot.waitUntil(lambda: window.table is not None and window.table.text == typed
                    and window.settled())
    tokenizer = load_demo(DEMO)
    expected = tokenizer.encode(typed)
    assert window.table.ids == list(expected.ids)
    assert parse_ids(window.ids_panel.box.toPlainText()) == list(expected.ids)
    assert f"{len(expected.ids):,} tokens" in window.stats.text()
    assert "round trip ✓" in window.stats.text()
    # the tokens row: one chip per token, in order, labelled with its text or hex bytes
    chips = window.layers.visible_chips()
    assert [i for i, _ in chips] == list(range(len(expected.tokens)))
    for (_, label), token in zip(chips, expected.tokens, strict=True):
        want = hex_bytes(token.bytes) if token.partial else visible(token.bytes.decode())
        assert label == want
    assert any(t.partial for t in expected.tokens)  # 猫 and 🙂 are cut inside
    assert all("\ufffd" not in label for _, label in chips)
    # the shaped view holds the text once, coloured token by token
    assert window.shaped.shown_text() == expected.model_text
    assert_shaped_colors(window)
    coloured = [(s, e) for s, e, _, _ in window.shaped.colored()]
    assert all(any(s <= c < e for s, e in coloured)
               for t in expected.tokens for c in range(t.span.char_start, t.span.char_end)
               if expected.model_text[c] != "\n")
    # painting the views works (what a screen shows)
    assert not window.layers.viewport().grab().isNull()


def test_switching_tokenizers_re_encodes(make_window, qtbot):
    window = make_window(text="The weather is nice")
    before = list(window.table.ids)
    row = next(r for r in range(window.picker.count())
               if window.picker.itemData(r) == Choice("demo", "demo-english-char",
                                                      label="demo-english-char"))
    window.picker.setCurrentIndex(row)
    expected = load_demo("demo-english-char").encode_ids("The weather is nice")
    qtbot.waitUntil(lambda: window.table.ids == expected and window.settled())
    assert window.table.ids != before
    assert "demo-english-char" in window.about_tokenizer.text()


def test_hover_shows_id_bytes_text_and_merge(make_window, qtbot):
    window = make_window(text="lowest lowest")
    table = window.table
    index = next(i for i in range(len(table)) if table.kind(i) == "merged")
    rect = window.layers.token_rect(index)
    qtbot.mouseMove(window.layers.viewport(), rect.center())
    qtbot.waitUntil(lambda: window.layers.hovered == index)
    qtbot.waitUntil(QToolTip.isVisible)
    tip = QToolTip.text()
    # What the tip must say, read from the model itself (not from the code that wrote the tip).
    token_id = table.ids[index]
    model = window.tokenizer.model
    rule = next(r for r in model.rules if r.new_id == token_id)
    assert f"id {token_id}" in tip
    assert " ".join(f"{b:02X}" for b in window.tokenizer.token_bytes(token_id)) in tip
    assert f"merge rank {rule.rank}" in tip
    left, right = (window.tokenizer.id_to_token(i) for i in (rule.left_id, rule.right_id))
    assert f"merged from “{left}” ({rule.left_id}) + “{right}” ({rule.right_id})" in tip


def test_clicking_a_chip_selects_it_everywhere(make_window, qtbot):
    window = make_window(text="Hello 世界 hello")
    table = window.table
    index = 2
    qtbot.mouseClick(window.layers.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.layers.token_rect(index).center())
    assert window.selected == index
    assert window.layers.selected == index
    assert window.shaped.selected == index
    assert window.ids_panel.highlighted_text() == str(table.ids[index])
    # and from the shaped view: a click on a character selects the token covering it
    shaped = window.shaped
    cursor = shaped.textCursor()
    cursor.setPosition(table.char_starts[0])
    point = shaped.cursorRect(cursor).center() + QPoint(2, 0)
    qtbot.mouseClick(shaped.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.layers.selected == 0


def test_special_token_warning_and_one_click_switch(make_window, qtbot):
    tokenizer = load_demo(DEMO)
    special = next(iter(tokenizer.specials.ids))
    text = f"say {special} now"
    window = make_window(text=text)
    assert window.table.specials_recognised
    assert "⚠" in window.specials_note.text() and special in window.specials_note.text()
    assert window.special_switch.isVisible()
    qtbot.mouseClick(window.special_switch, Qt.MouseButton.LeftButton)
    plain = tokenizer.encode_ids(text, special="none")
    qtbot.waitUntil(lambda: window.table.ids == plain and window.settled())
    assert "plain text" in window.specials_note.text()
    assert tokenizer.specials.ids[special] not in window.table.ids
    qtbot.mouseClick(window.special_switch, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table.ids == tokenizer.encode_ids(text) and window.settled())


def test_pasting_ids_decodes_them_and_bad_ids_are_named(make_window, qtbot):
    window = make_window(text="first text")
    tokenizer = load_demo(DEMO)
    ids = tokenizer.encode_ids("日本語 and ids")
    QApplication.clipboard().setText(json.dumps(ids))
    box = window.ids_panel.box
    box.selectAll()
    box.paste()
    qtbot.waitUntil(lambda: window.editor.text() == "日本語 and ids")
    qtbot.waitUntil(lambda: window.table.text == "日本語 and ids" and window.settled())
    assert window.table.ids == ids
    window.editor.undo()  # the text that was replaced comes back
    assert window.editor.text() == "first text"
    qtbot.waitUntil(lambda: window.table.text == "first text" and window.settled())
    box.setFocus()
    box.selectAll()
    type_text(box, "[12, x3]")
    press(box, Qt.Key.Key_Return)
    assert "not an id: 'x3' at character 5 (field 2)" in window.ids_panel.message.text()
    box.selectAll()
    type_text(box, "[12, 99999999]")
    press(box, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "id 99999999 at position 1" in window.ids_panel.message.text())
    assert window.editor.text() == "first text"


def test_a_bad_tokenizer_file_shows_an_error_and_keeps_everything(make_window, qtbot, tmp_path):
    window = make_window(text="keep me 猫")
    ids = list(window.table.ids)
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    window.open_path(str(bad))
    qtbot.waitUntil(lambda: window.banner.isVisible())
    assert "bad.json: invalid JSON at line 1" in window.banner.text()
    assert window.editor.text() == "keep me 猫"
    assert window.tokenizer.name == DEMO
    assert window.table.ids == ids
    assert window.picker.current_choice().key == DEMO


def test_opening_a_real_format_and_the_text_surviving_a_restart(make_window, qtbot, tmp_path):
    exported = tmp_path / "mine" / "tokenizer.json"
    exported.parent.mkdir()
    save_hf_json(load_demo(DEMO), exported)
    window = make_window(text="")
    window.open_path(str(exported.parent))  # a folder: the tokenizer inside it
    qtbot.waitUntil(lambda: window.choice is not None and window.choice.kind == "path")
    window.editor.setFocus()
    type_text(window.editor, "survives 再起動")
    qtbot.waitUntil(lambda: window.table.text == "survives 再起動" and window.settled())
    assert window.table.ids == load_demo(DEMO).encode_ids("survives 再起動")
    window.close()
    again = make_window()
    assert again.editor.text() == "survives 再起動"
    qtbot.waitUntil(lambda: again.choice is not None and again.choice.kind == "path")
    assert str(exported.parent) in [c.key for c in again.picker.choices()]


def test_dropped_files_open_as_text_or_tokenizer(make_window, qtbot, tmp_path):
    window = make_window(text="before")
    text_file = tmp_path / "notes.txt"
    text_file.write_text("dropped текст", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(text_file))])
    window.editor.insertFromMimeData(mime)
    qtbot.waitUntil(lambda: window.table.text == "dropped текст" and window.settled())
    binary = tmp_path / "image.bin"
    binary.write_bytes(b"ok\xff\xfe")
    mime.setUrls([QUrl.fromLocalFile(str(binary))])
    window.editor.insertFromMimeData(mime)
    qtbot.waitUntil(lambda: "image.bin is not UTF-8 text (byte 2 is 0xFF)"
                    in window.banner.text())
    assert window.editor.text() == "dropped текст"


def test_view_options(make_window, qtbot):
    window = make_window(text=" hello world")
    window.spelling_action.trigger()
    spelled = [label for _, label in window.layers.visible_chips()]
    tokenizer = window.tokenizer
    assert spelled == [visible(tokenizer.id_to_token(i)) for i in window.table.ids]
    window.ids_action.trigger()
    assert not window.layers.show_ids
    window.alternate_action.trigger()
    assert window.layers.alternating and window.shaped.alternating


def test_long_text_is_encoded_off_the_gui_thread(make_window, qtbot):
    window = make_window(text="")
    text = ("Tokenizers cut text into pieces. 日本語の文章も。\n" * 4000)
    window.editor.setPlainText(text)  # ~170k characters: debounced, then a worker
    assert window._debounce.isActive()
    qtbot.waitUntil(lambda: window.table is not None and window.table.text == text)
    assert window.table.ids == load_demo(DEMO).encode_ids(text)
    assert len(window.layers.bands) > 4000  # every line has a band, painted only on screen
    assert window.layers.visible_chips()
    qtbot.waitUntil(window.settled)  # the ids box filled slice by slice
    box_text = window.ids_panel.box.toPlainText()
    assert len(window.table) > ids_panel.FILL_LINES * ids_panel.IDS_PER_LINE  # many slices
    assert parse_ids(box_text) == window.table.ids


def test_bands_cut_at_newlines_and_never_inside_a_character():
    table = token_table(load_demo(DEMO), "ab\n猫猫猫猫\n")
    bands = compute_bands(table.model_text, table.char_bytes, 7)
    assert bands == [(0, 3), (3, 9), (9, 16)]  # 猫 is 3 bytes; the second band holds two


def test_ids_text_round_trips():
    ids = list(range(100))
    assert parse_ids(format_ids(ids)) == ids
    assert parse_ids("1 2,3") == [1, 2, 3]


def test_what_the_text_box_holds_is_what_is_encoded(make_window, qtbot):
    # A no-break space and a line separator are other characters (other tokens) than a space
    # and a newline; the window must not swap them. A carriage return cannot live in a text
    # box: it becomes a newline, and the window says so.
    window = make_window(text="")
    window.editor.setFocus()
    type_text(window.editor, "a\u00a0b\u2028c")
    qtbot.waitUntil(lambda: window.table.text == "a\u00a0b\u2028c" and window.settled())
    assert window.table.ids == load_demo(DEMO).encode_ids("a\u00a0b\u2028c")
    window.replace_text("one\r\ntwo")
    qtbot.waitUntil(lambda: window.table.text == "one\ntwo" and window.settled())
    assert window.banner.isVisible() and "carriage returns" in window.banner.text()


def test_picker_lists_bundled_cached_and_recent_tokenizers(make_window, qtbot, tmp_path,
                                                           monkeypatch):
    from test_tokenizer_sources import fake_hub

    hub = fake_hub(tmp_path / "hub")
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    window = make_window(text="cached", discover=True)
    qtbot.waitUntil(lambda: any(c.label == "org/tiny" for c in window.picker.choices()))
    labels = [window.picker.itemText(r) for r in range(window.picker.count())]
    assert "Bundled demos" in labels and "Hugging Face cache" in labels
    choice = next(c for c in window.picker.choices() if c.label == "org/tiny")
    window.picker.select_choice(choice)
    qtbot.waitUntil(lambda: window.choice == choice and window.settled())
    assert window.about_tokenizer.text().startswith("org/tiny")
    # remembered among recent files (listed once: it is already in the cache section)
    assert recent_tokenizers(window.settings)[0] == choice.key
    assert [window.picker.itemText(r) for r in range(window.picker.count())].count(
        "   org/tiny") == 1


def test_loading_shows_progress_and_can_be_cancelled(make_window, qtbot):
    window = make_window(text="hi")
    window.choose(Choice("demo", "demo-english-char", label="demo-english-char"))
    assert window.progress.isVisible() and window.cancel_button.isVisible()
    qtbot.mouseClick(window.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.progress.isVisible()
    qtbot.waitUntil(lambda: not window.session.loader.busy)
    assert window.tokenizer.name == DEMO  # the cancelled load was dropped


def test_command_line_opens_the_window_on_a_tokenizer_and_text(qtbot, tmp_path):
    from bpelens.app.gui.launch import parse_gui_args

    exported = tmp_path / "t" / "tokenizer.json"
    exported.parent.mkdir()
    save_hf_json(load_demo(DEMO), exported)
    args = parse_gui_args(["--tokenizer", str(exported), "--text", "from the command line"])
    window = MainWindow(tokenizer_path=args.tokenizer, text=args.text,
                        settings=settings_in(tmp_path), discover=False)
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.choice is not None and window.settled())
    assert window.choice.key == str(exported), window.banner.text()
    assert window.table.ids == load_demo(DEMO).encode_ids("from the command line")


def test_what_loading_noticed_is_shown(make_window, qtbot, tmp_path):
    from test_bad_files import byte_level_doc

    doc = byte_level_doc()
    doc["added_tokens"][0]["id"] = 999  # Hugging Face gives it the next id instead
    path = tmp_path / "noted" / "tokenizer.json"
    path.parent.mkdir()
    path.write_text(json.dumps(doc), encoding="utf-8")
    window = make_window(tokenizer_path=str(path), text="Hello<|endoftext|>")
    qtbot.waitUntil(lambda: window.banner.isVisible())
    assert "take other ids than the file declares" in window.banner.text()
    assert "'<|endoftext|>' 999 →" in window.banner.text()


def test_a_user_defined_token_is_no_warning_only_a_special_one_is(qapp):
    # A user-defined (non-special) added token is matched in either mode, as HF and
    # llama.cpp match it: "Treat as plain text" could not change it, so the bar keeps quiet.
    from bpelens.app.gui.status_text import specials_note
    from bpelens.core import AddedToken, Tokenizer, token_table

    demo = load_demo(DEMO)
    special = next(iter(demo.specials.ids))
    tokenizer = Tokenizer(demo.model, pretokenizer=demo.pretokenizer,
                          added_tokens=[AddedToken("<user>", 5, special=False),
                                        AddedToken(special, demo.specials.ids[special])])
    quiet = specials_note(token_table(tokenizer, "say <user> now"))
    assert (quiet.text, quiet.warning, quiet.switch) == ("", False, "")
    both = token_table(tokenizer, f"say <user> {special} now")
    assert len(both.specials_recognised) == 2
    loud = specials_note(both)
    assert loud.warning and "1 special-token string" in loud.text and "<user>" not in loud.text
    for mode in ("all", "none"):  # matched either way, so nothing to switch
        assert 5 in token_table(tokenizer, "say <user> now", special=mode).ids
