"""The session on its own (no window): loading, encoding, selection, options and decoding as
signals; and a view added by one registration line, observed like the built-in ones."""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel

from bpelens.app.demo_data import load_demo
from bpelens.app.gui import main_window, views
from bpelens.app.gui.session import Session
from bpelens.app.gui.settings import ViewOptions
from bpelens.app.gui.tokenizer_files import demo_choice

DEMO = "demo-multilingual-byte"


def settings_in(folder) -> QSettings:
    return QSettings(str(folder / "bpelens.ini"), QSettings.Format.IniFormat)


def loaded_session(qtbot, tmp_path) -> Session:
    session = Session(settings_in(tmp_path))
    with qtbot.waitSignal(session.loaded):
        session.choose(demo_choice(DEMO))
    return session


def test_a_session_encodes_for_its_observers_in_order_one_turn_each(qtbot, tmp_path):
    session = loaded_session(qtbot, tmp_path)
    seen: list[tuple[str, object]] = []
    session.watch_encoding(lambda e: seen.append(("first", e)))
    session.watch_encoding(lambda e: seen.append(("second", e)))
    with qtbot.waitSignal(session.encoding_changed) as signal:
        session.encode("Hello 世界", revision=7, capacity=40)
    encoded = signal.args[0]
    assert [name for name, _ in seen] == ["first"]  # the second waits for the next turn
    qtbot.waitUntil(lambda: len(seen) == 2)
    assert seen == [("first", encoded), ("second", encoded)]
    assert encoded.table.ids == load_demo(DEMO).encode_ids("Hello 世界")
    assert session.settled(7) and not session.settled(8)


def test_selection_options_and_decoding_are_signals(qtbot, tmp_path):
    session = loaded_session(qtbot, tmp_path)
    with qtbot.waitSignal(session.encoding_changed):
        session.encode("abc abc", revision=1, capacity=40)
    with qtbot.waitSignal(session.selected) as selected:
        session.select(1)
    assert selected.args == [1] and session.selection == 1
    with qtbot.assertNotEmitted(session.selected):
        session.select(len(session.table))  # past the end: nothing happens
    with qtbot.waitSignal(session.options_changed) as changed:
        session.set_options(session.options.with_(ids=False))
    assert changed.args[0].ids is False
    assert ViewOptions.load(session.settings).ids is False  # kept for the next start
    ids = load_demo(DEMO).encode_ids("héllo")
    with qtbot.waitSignal(session.decoded) as decoded:
        session.decode(ids)
    assert decoded.args == [len(ids), "héllo"]


def test_a_failed_first_load_falls_back_to_the_demo_and_says_why(qtbot, tmp_path):
    session = Session(settings_in(tmp_path))
    problems: list[str] = []
    session.problem.connect(lambda message, kind: problems.append(kind + ": " + message))
    with qtbot.waitSignal(session.loaded) as loaded:
        from bpelens.app.gui.tokenizer_files import path_choice

        session.choose(path_choice(str(tmp_path / "missing.json")))
    choice, _tokenizer, fallback = loaded.args
    assert choice == demo_choice() and fallback
    assert len(problems) == 1 and problems[0].startswith("load: Cannot open")
    assert "missing.json" in problems[0]


class NoteView(QLabel):
    """A view as small as a view can be: the number of tokens, and the selected one."""

    def attach(self, session, pane) -> None:
        self.session = session
        session.watch_encoding(self.show_encoding)
        session.selected.connect(lambda index: pane.set_note(f"token {index}"))
        self.encoded = None

    def show_encoding(self, encoded) -> None:
        self.encoded = encoded
        self.setText("" if encoded is None else f"{len(encoded.table)} tokens")

    def shows(self, encoded) -> bool:
        return self.encoded is encoded


def test_a_view_is_one_module_and_one_registration_line(qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(main_window, "VIEWS", (*views.VIEWS, views.ViewSpec(
        "count", "Count", NoteView, "below", 40)))
    window = main_window.MainWindow(settings=settings_in(tmp_path), text="one two three",
                                    discover=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.tokenizer is not None and window.settled())
    count = window.views["count"]
    assert count.text() == f"{len(window.table)} tokens"
    assert window.splitter.indexOf(window.panes["count"]) == window.splitter.count() - 1
    window.select_token(2)
    assert window.panes["count"].label.text() == "Count — token 2"
    assert window.layers.selected == 2 and window.shaped.selected == 2
