"""Typing redraws only what changed — and what the views show is still exactly the encoding
of the text in the box: after edits in the middle of the text, after undo, after a paste that
replaces everything, each view is compared with what a fresh window shows for the same text,
and with the encoding worked out apart from the window."""

from __future__ import annotations

import gc
import random

import pytest
from PySide6.QtGui import QGuiApplication, QTextCursor

from bpelens.app.demo_data import load_demo
from bpelens.app.gui import main_window
from bpelens.app.gui.encode_job import EncodedText
from bpelens.app.gui.tokenizer_picker import Choice
from bpelens.app.gui.views.ids_panel import IdsPanel, parse_ids
from bpelens.core import open_tokenizer
from bpelens.core.results.token_table import token_table

from conftest import SHARED_DATA, needs_shared_data
from painted import whole_layers
from shaped_checks import assert_shaped_colors
from test_gui_main_window import DEMO, type_text, window_factory

O200K = SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken"
LINES = [
    "The quick brown fox jumps over the lazy dog.",
    "猫が好きです。東京は大きい。",
    "مرحبا بالعالم، كيف حالك؟",
    "नमस्ते दुनिया, आप कैसे हैं?",
    "emoji 🙂👍🏽 and numbers 12345 678",
    "  indented line with trailing spaces   ",
    "",
    "<|endoftext|> a special token's text",
]


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def base_text(lines: int = 40) -> str:
    return "\n".join(LINES[i % len(LINES)] + f" {i}" for i in range(lines)) + "\n"


def check_views(window, make_window, tokenizer) -> None:
    """Every view shows the encoding of the box's text: the same as a fresh window shows,
    and as the core encodes it."""
    text = window.editor.text()
    table = window.table
    assert table.text == text and window.settled()
    assert table.ids == token_table(tokenizer, text, special=window.special_mode).ids
    assert parse_ids(window.ids_panel.box.toPlainText()) == table.ids
    assert window.shaped.shown_text() == table.model_text
    assert_shaped_colors(window)
    fresh = make_window(text=text, tokenizer_path=window.choice.key
                        if window.choice.kind == "path" else None)
    fresh.resize(window.size())
    fresh.special_action.setChecked(window.special_action.isChecked())
    window.qtbot.waitUntil(fresh.settled)
    if window.session.selection is not None:
        fresh.session.select(window.session.selection)
    assert fresh.table.ids == table.ids
    assert list(fresh.layers.colors) == list(window.layers.colors)
    assert list(fresh.layers.bands) == list(window.layers.bands)
    for view in (window, fresh):  # both at the top, as a fresh window is
        view.layers.verticalScrollBar().setValue(0)
        view.shaped.verticalScrollBar().setValue(0)
    assert (whole_layers(window.qtbot, window.layers)
            == whole_layers(window.qtbot, fresh.layers))
    assert window.shaped.colored() == fresh.shaped.colored()
    fresh.close()


def edit_in_the_middle(window, rng: random.Random, steps: int) -> None:
    """Edits where both views show them (the first lines), so a picture or a line's colours
    kept from before the edit would be seen."""
    editor = window.editor
    for _ in range(steps):
        cursor = editor.textCursor()
        cursor.setPosition(rng.randrange(min(300, editor.document().characterCount())))
        editor.setTextCursor(cursor)
        if rng.random() < 0.3:
            cursor.deletePreviousChar()
        else:
            type_text(editor, rng.choice(["a", "猫", " ", "\n", "🙂", "ب", "9", "<|"]))
        window.qtbot.waitUntil(window.settled)


def typing_session(window, make_window, tokenizer) -> None:
    rng = random.Random(7)
    window.editor.setFocus()
    edit_in_the_middle(window, rng, 12)
    check_views(window, make_window, tokenizer)
    # the same text and tokens, other colours or marks: a selection, alternating colours
    window.session.select(5)
    check_views(window, make_window, tokenizer)
    window.alternate_action.setChecked(True)
    check_views(window, make_window, tokenizer)
    window.alternate_action.setChecked(False)
    window.special_action.setChecked(False)  # the same text, other tokens
    window.qtbot.waitUntil(window.settled)
    check_views(window, make_window, tokenizer)
    window.special_action.setChecked(True)
    window.qtbot.waitUntil(window.settled)
    for _ in range(5):
        window.editor.undo()
    window.qtbot.waitUntil(window.settled)
    check_views(window, make_window, tokenizer)
    QGuiApplication.clipboard().setText("Everything replaced: 全部 🙂\nnew lines\n")
    window.editor.selectAll()
    window.editor.paste()
    window.qtbot.waitUntil(lambda: window.table.text.startswith("Everything")
                           and window.settled())
    check_views(window, make_window, tokenizer)


def test_edits_undo_and_a_paste_leave_no_stale_view_demo(make_window, qtbot):
    window = make_window(text=base_text())
    window.qtbot = qtbot
    typing_session(window, make_window, load_demo(DEMO))


@needs_shared_data
def test_edits_undo_and_a_paste_leave_no_stale_view_o200k(make_window, qtbot):
    window = make_window(text=base_text(), tokenizer_path=str(O200K))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    window.qtbot = qtbot
    typing_session(window, make_window, open_tokenizer(str(O200K)))


def test_the_ids_box_rewrites_only_changed_lines_and_stays_exact(qtbot):
    panel = IdsPanel()
    qtbot.addWidget(panel)
    panel.show()
    rng = random.Random(3)
    ids = [rng.randrange(100_000) for _ in range(500)]
    panel.set_ids(ids)
    qtbot.waitUntil(lambda: panel.filled)
    written: list[int] = []
    panel.box.document().contentsChange.connect(lambda _at, _gone, added: written.append(added))
    for step in range(150):
        ids = list(ids)
        at = rng.randrange(len(ids) + 1)
        removed = rng.choice([0, 0, 1, 2, 17, 40])
        added = [rng.randrange(100_000) for _ in range(rng.choice([0, 1, 1, 2, 3, 20]))]
        ids[at : at + removed] = added
        if not ids:
            ids = [1]
        written.clear()
        panel.set_ids(ids)
        assert panel.filled
        assert parse_ids(panel.box.toPlainText()) == ids, step
        if step % 10 == 0:
            for index in rng.sample(range(len(ids)), min(5, len(ids))):
                where = panel.id_range(index)
                cursor = QTextCursor(panel.box.document())
                cursor.setPosition(where[0])
                cursor.setPosition(where[1], QTextCursor.MoveMode.KeepAnchor)
                assert cursor.selectedText() == str(ids[index])
                cursor.setPosition(where[0] + 1)
                panel.box.setTextCursor(cursor)
                assert panel.index_at_cursor() == index
        assert sum(written) < 1000  # a few lines written again, not the 500 ids' 4,000 chars
    panel.set_ids(list(ids))  # equal ids: nothing to write
    assert parse_ids(panel.box.toPlainText()) == ids


@needs_shared_data
def test_a_long_text_is_encoded_on_every_keystroke_when_edits_splice(make_window, qtbot):
    text = base_text(700)  # ~30,000 characters: more than a keystroke encodes whole at once
    assert len(text) > main_window.IMMEDIATE_LIMIT
    window = make_window(text=text, tokenizer_path=str(O200K))
    qtbot.waitUntil(lambda: window.choice.kind == "path" and window.settled())
    window.qtbot = qtbot
    window.editor.setFocus()
    cursor = window.editor.textCursor()
    cursor.setPosition(15_000)
    window.editor.setTextCursor(cursor)
    shown = window.encoded
    type_text(window.editor, "猫")
    assert not window._debounce.isActive()  # encoding already, no pause in typing awaited
    qtbot.waitUntil(window.settled)
    assert window.encoded.edited == shown.serial  # only around the edit
    assert window.encoded.edit.new_char_end - window.encoded.edit.char_start < 1_000
    check_views(window, make_window, open_tokenizer(str(O200K)))


def test_a_long_text_waits_for_a_pause_when_edits_do_not_splice(make_window, qtbot):
    window = make_window(text=base_text(700))
    window.choose(Choice("demo", "demo-english-char", label="demo-english-char"))
    qtbot.waitUntil(lambda: window.choice.key == "demo-english-char" and window.settled())
    assert not window.session.edits_in_place()  # characters: no newline cuts proven
    window.editor.setFocus()
    type_text(window.editor, "x")
    assert window._debounce.isActive()
    qtbot.waitUntil(window.settled)
    assert window.encoded.edit is None


def test_an_encoding_replaced_is_freed_at_once_not_at_the_next_collection(make_window, qtbot):
    """An encoding of a long text holds megabytes of columns: if old ones waited for the
    garbage collector (a reference cycle), every keystroke would take fresh memory."""
    window = make_window(text=base_text())
    window.editor.setFocus()
    gc.collect()
    gc.disable()
    try:
        # (other windows' encodings may still be about, and this window's first one)
        before = [o for o in gc.get_objects() if isinstance(o, EncodedText)]
        for ch in "abcdef":
            type_text(window.editor, ch)
            qtbot.waitUntil(window.settled)  # every view shows the new one
        alive = [o for o in gc.get_objects() if isinstance(o, EncodedText)
                 and not any(o is b for b in before)]
        # the one shown, and at most the one the encode job last started from
        assert len(alive) <= 2, [a.revision for a in alive]
    finally:
        gc.enable()
