"""The window's options open what they say: every tab (--view), every page of the debugging
kit (--page), the playback's whole-text order (--order text); `bpelens --help` lists them in
a "window" section, and the window's own --help names every subcommand and every view."""

from __future__ import annotations

import pytest

from bpelens.app.cli import SUBCOMMANDS
from bpelens.app.gui.launch import (
    KIT_PAGES,
    PLAYBACK_ORDERS,
    VIEW_CHOICES,
    gui_parser,
    parse_gui_args,
    start_in_view,
)

from cli_helpers import bpelens
from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def launched(make_window, argv: list[str]):
    args = parse_gui_args(argv)
    window = make_window(text="lowest newest")
    start_in_view(window, args)
    return window, args


@pytest.mark.parametrize("view", VIEW_CHOICES)
def test_every_tab_has_a_view_option_that_opens_it(make_window, view):
    window, _ = launched(make_window, ["--view", view])
    assert window.tab_keys[window.tabs.currentIndex()] == view
    assert window.tabs.currentWidget().view is window.views[view]


@pytest.mark.parametrize("page", KIT_PAGES)
def test_every_kit_page_has_a_page_option_that_opens_it(make_window, page):
    window, args = launched(make_window, ["--page", page])
    assert args.view == "debug"
    assert window.tab_keys[window.tabs.currentIndex()] == "debug"
    kit = window.views["debug"]
    assert kit.current_page() is kit.page_widgets[page]
    assert len(kit.page_widgets) == kit.pages.count() == len(KIT_PAGES)


def test_the_order_option_opens_the_whole_text_playback(make_window, qtbot):
    window, args = launched(make_window, ["--view", "playback", "--order", "text"])
    view = window.views["playback"]
    assert args.order == "text" and view.order == "text"
    assert view.order_box.currentData() == "text"
    qtbot.waitUntil(lambda: view.playback is not None and window.settled())
    # whole-text order: every piece of the text on the canvas at once
    assert len(view.canvas.groups) == len(view.playback.pieces) > 1
    assert set(PLAYBACK_ORDERS) == {view.order_box.itemData(i)
                                    for i in range(view.order_box.count())}


@pytest.mark.parametrize(("argv", "wrong"), [
    (["--view", "layers", "--page", "audit"], "--page goes with --view debug"),
    (["--view", "debug", "--order", "text"], "--order goes with --view playback"),
])
def test_a_page_or_an_order_with_another_view_is_refused(argv, wrong, capsys):
    with pytest.raises(SystemExit):
        parse_gui_args(argv)
    assert wrong in capsys.readouterr().err


def test_bpelens_help_lists_the_windows_options():
    run = bpelens("--help")
    assert run.returncode == 0
    section = run.stdout[run.stdout.index("\nwindow ("):]
    options = [s for action in gui_parser()._actions for s in action.option_strings
               if s.startswith("--") and s != "--help"]
    for option in ("--tokenizer", "--text", "--encoding", "--view", "--present", "--lang",
                   "--step", "--theme", "--page", "--order"):
        assert option in options
    for option in options:
        assert f"  {option}" in section, option
    assert "display" in section


def test_the_windows_own_help_names_every_subcommand_and_view():
    text = " ".join(gui_parser().format_help().split())
    assert "Subcommands (train, encode, decode, inspect)" not in text
    assert "(" + ", ".join(SUBCOMMANDS) + ")" in text
    view_help = text[text.rindex("--view {"):text.rindex("--order {")]  # the option, not usage
    for view in VIEW_CHOICES:
        assert f"{view} (" in view_help, view
