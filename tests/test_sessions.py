"""Sessions (`.bpelens`): a session round-trips exactly, a bad file is named with its field,
and in the window everything saved comes back — the prepared texts, the tokenizer, the tab, the
playback's step, the comparison's corpus, tokenizers, languages and page — also when the
tokenizer file has moved (the window asks for it) or cannot be found (everything else still
comes back). `bpelens talk.bpelens` opens one."""

from __future__ import annotations

import json
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QFileDialog

from bpelens.app.entry import wants_cli
from bpelens.app.gui.launch import parse_gui_args
from bpelens.app.session_file import (
    CompareState,
    SessionFile,
    TokenizerRef,
    read_session,
    save_session,
    session_from_json,
)
from bpelens.core import ConfigError, save_tokenizer

from test_gui_main_window import window_factory

refs = st.builds(TokenizerRef, st.sampled_from(["demo", "path"]),
                 st.text(min_size=1, max_size=30), st.none() | st.text(max_size=10))
sessions = st.builds(
    lambda texts, current, tokenizer, view, order, step, compare, options: SessionFile(
        tuple(texts), current % len(texts), tokenizer, view, order, step, compare, options),
    st.lists(st.text(max_size=200), min_size=1, max_size=5), st.integers(0, 10),
    st.none() | refs, st.sampled_from(["layers", "playback", "compare", "debug"]),
    st.sampled_from(["text", "piece"]), st.integers(0, 10_000),
    st.none() | st.builds(CompareState, st.text(min_size=1, max_size=20),
                          st.lists(refs, max_size=3).map(tuple),
                          st.lists(st.text(max_size=5), max_size=4).map(tuple),
                          st.none() | st.text(max_size=5),
                          st.none() | st.sampled_from(["table", "bars", "lorenz"])),
    st.dictionaries(st.sampled_from(["ids", "alternating", "spelling", "special"]),
                    st.booleans()))


@settings(max_examples=150, deadline=None)
@given(sessions)
def test_a_session_round_trips_exactly(session):
    assert session_from_json(json.loads(json.dumps(session.to_json()))) == session


def test_a_session_file_is_written_atomically_and_read_back(tmp_path):
    session = SessionFile(("猫が寝ている。", "lowest newest"), 1,
                          TokenizerRef("path", "/x/o200k_base.tiktoken", "o200k_base"),
                          "playback", "text", 4)
    path = save_session(session, tmp_path / "talk")
    assert path.name == "talk.bpelens" and read_session(path) == session
    assert [p.name for p in tmp_path.iterdir()] == ["talk.bpelens"]  # no temporary left


@pytest.mark.parametrize(("change", "message"), [
    ({"format": "x"}, '"format" must be "bpelens-session"'),
    ({"version": 9}, "version 9"),
    ({"texts": []}, '"texts" must be a list of one or more strings'),
    ({"current": 3}, '"current" is 3; a whole number, 0 to 1'),
    ({"view": "slides"}, '"view" is \'slides\''),
    ({"playback_step": -1}, '"playback_step" is -1'),
    ({"tokenizer": {"kind": "url", "key": "x"}}, '"tokenizer" must be'),
    ({"compare": {"corpus": 3}}, '"compare" must hold "corpus"'),
    ({"options": {"ids": "yes"}}, '"options" must map names to true or false'),
])
def test_a_bad_session_is_named_with_its_field(tmp_path, change, message):
    data = SessionFile(("a", "b")).to_json() | change
    path = tmp_path / "bad.bpelens"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        read_session(path)
    assert message in str(caught.value) and str(path) in str(caught.value)
    assert "\n" not in str(caught.value)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError, match="JSON error at line 1"):
        read_session(path)


def test_the_command_opens_a_session_in_the_window():
    assert not wants_cli(["talk.bpelens"])
    assert wants_cli(["encode", "x"]) and wants_cli(["talk"])
    assert parse_gui_args(["talk.bpelens", "--view", "layers"]).session == "talk.bpelens"


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def test_the_window_puts_everything_saved_back(make_window, qtbot, tmp_path):
    from bpelens.app.demo_data import load_demo

    tokenizer_file = tmp_path / "tok.json"
    save_tokenizer(load_demo("demo-english-char"), tokenizer_file)
    window = make_window(tokenizer_path=str(tokenizer_file), text="lowest newest widest")
    window.keep_text()
    window.editor.set_text("a second slide")
    window.show_view("compare")
    compare = window.compare_view
    qtbot.waitUntil(lambda: compare.current_corpus() is not None
                    and compare.compare.comparison is not None)
    compare.compare.set_languages(["en", "ja", "de"])
    compare.compare.set_reference("ja")
    compare.show_page("lorenz")
    window.show_view("playback")
    playback = window.views["playback"]
    playback.set_order("text")
    qtbot.waitUntil(lambda: playback.step_count() > 2)
    playback.controls.go(2)
    saved = window.save_session(tmp_path / "talk.bpelens")
    expected = read_session(saved)
    assert expected.texts == ("lowest newest widest", "a second slide")
    assert expected.current == 1 and expected.view == "playback"
    assert expected.playback_step == 2 and expected.compare.reference == "ja"

    again = make_window()
    assert again.open_session(saved)
    qtbot.waitUntil(lambda: again.session.choice is not None
                    and again.session.choice.key == str(tokenizer_file))
    assert again.editor.toPlainText() == "a second slide"
    assert again.tab_keys[again.tabs.currentIndex()] == "playback"
    again_playback = again.views["playback"]
    qtbot.waitUntil(lambda: again_playback.playback is not None
                    and again_playback.position == 2)
    again_compare = again.compare_view
    qtbot.waitUntil(lambda: again_compare.compare is not None
                    and again_compare.compare.comparison is not None
                    and again_compare.compare.languages == ["en", "ja", "de"])
    assert again_compare.compare.reference == "ja"
    assert again_compare.current_page() == "lorenz"
    assert again.prepared_texts == ["lowest newest widest", "a second slide"]
    again.show_prepared_text(+1)
    assert again.editor.toPlainText() == "lowest newest widest"
    assert collect_texts(again) == ("lowest newest widest", "a second slide")


def collect_texts(window):
    from bpelens.app.gui.session_io import collect_session

    return collect_session(window).texts


def test_a_moved_tokenizer_is_asked_for_and_a_lost_one_keeps_the_rest(make_window, qtbot,
                                                                      tmp_path, monkeypatch):
    from bpelens.app.demo_data import load_demo

    original = tmp_path / "first" / "tok.json"
    original.parent.mkdir()
    save_tokenizer(load_demo("demo-english-char"), original)
    session = SessionFile(("moved along",), 0, TokenizerRef("path", str(original)), "layers")
    path = save_session(session, tmp_path / "talk.bpelens")
    moved = tmp_path / "elsewhere" / "tok.json"
    moved.parent.mkdir()
    shutil.move(original, moved)
    asked = []

    def answer(*args, **kwargs):
        asked.append(args[1])
        return str(moved), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", answer)
    window = make_window()
    assert window.open_session(path)
    assert asked and "tok.json" in asked[0]
    qtbot.waitUntil(lambda: window.session.choice.key == str(moved))
    assert window.editor.toPlainText() == "moved along"

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: ("", ""))
    shown = window.session.choice.key
    other = save_session(SessionFile(("still here",), 0,
                                     TokenizerRef("path", str(tmp_path / "gone.json"))),
                         tmp_path / "lost.bpelens")
    assert window.open_session(other)
    assert window.editor.toPlainText() == "still here"
    assert window.session.choice.key == shown
    assert "gone.json was not found" in window.banner.text()


@pytest.mark.parametrize(("document", "at", "reason"), [
    ('{"format": "bpelens-session", "texts": ["a\tb"]}', "\t", "Invalid control character"),
    ('{"format": "bpelens-session",\n "texts": ["a"', None, "Expecting ',' delimiter"),
    ('{"format": "bpelens-session", "texts": ["unended]}', '"unended', "Unterminated string "
     "starting"),
])
def test_a_json_error_in_a_session_gives_its_whole_reason_line_and_column(tmp_path, document,
                                                                          at, reason):
    path = tmp_path / "bad.bpelens"
    path.write_text(document, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        read_session(path)
    offset = document.index(at) if at is not None else len(document)  # None: at the end
    line = document.count("\n", 0, offset) + 1
    column = offset - (document.rfind("\n", 0, offset) + 1) + 1
    message = str(caught.value)
    assert message.endswith(f"(JSON error at line {line}, column {column}: {reason})"), message
