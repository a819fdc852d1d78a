"""A rank file nothing names the encoding of, opened in the window: the banner says why it
cannot open yet, the window asks for its encoding or a pattern, and opens it with the answer
(kept for the next session)."""

from __future__ import annotations

import base64

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox

from bpelens.app.gui.settings import current_tokenizer

from test_gui_main_window import settings_in, window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def own_rank_file(folder):
    """256 bytes and three merges of one's own: no name or hash says what it is."""
    ranks = [bytes([b]) for b in range(256)] + [b"ab", b"abc", b" a"]
    path = folder / "mine.tiktoken"
    path.write_bytes(b"".join(base64.b64encode(t) + b" %d\n" % i for i, t in enumerate(ranks)))
    return path


def asked(window, qtbot, path):
    window.open_path(str(path))
    qtbot.waitUntil(lambda: getattr(window, "rank_dialog", None) is not None
                    and window.rank_dialog.isVisible())
    assert "unknown rank file" in window.banner.text()
    assert "pattern=REGEX" not in window.banner.text()  # Python's spelling, not the window's
    return window.rank_dialog


def test_an_unknown_rank_file_opens_with_a_pattern(make_window, qtbot, tmp_path):
    window = make_window(text="abc abc")
    path = own_rank_file(tmp_path)
    dialog = asked(window, qtbot, path)
    dialog.pattern.setFocus()
    QTest.keyClicks(dialog.pattern, r"\S+|\s+")
    assert dialog.by_pattern.isChecked()
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Open).click()
    qtbot.waitUntil(lambda: window.session.choice is not None
                    and window.session.choice.pattern == r"\S+|\s+" and window.settled())
    assert window.tokenizer.encode_ids("abc abc") == [257, 32, 257]
    assert current_tokenizer(settings_in(tmp_path))[3] == r"\S+|\s+"


def test_an_unknown_rank_file_opens_as_an_encoding(make_window, qtbot, tmp_path):
    window = make_window(text="abc abc")
    dialog = asked(window, qtbot, own_rank_file(tmp_path))
    dialog.encoding.setCurrentText("r50k_base")
    dialog.by_encoding.setChecked(True)
    dialog.accept()
    qtbot.waitUntil(lambda: window.session.choice is not None
                    and window.session.choice.encoding == "r50k_base" and window.settled())
    # r50k's pattern keeps " abc" one piece; "ab" (256) merges first, then "abc" (257)
    assert window.tokenizer.encode_ids(" abc") == [32, 257]
    assert window.tokenizer.encode_ids("<|endoftext|>") == [50256]  # r50k's special token
    assert "r50k_base" in window.banner.text()  # the note: not OpenAI's file, used as asked
