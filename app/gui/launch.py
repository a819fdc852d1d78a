"""Starting the app: `bpelens [--tokenizer PATH] [--text TEXT] [--view VIEW [--step N]]
[--corpus FILE]`, a playback in whole-text order (`--view playback --order text`), a kit page
(`--view debug --page audit`), straight into a comparison: `bpelens --view compare [--corpus
PATH] [--compare TOKENIZER …] [--show table|bars|heatmap|lorenz|sentences]`, or into the
training studio: `bpelens --view studio [--corpus PATH] [--train]`."""

from __future__ import annotations

import argparse
import os
import sys


def parse_gui_args(argv: list[str]) -> argparse.Namespace:
    """The window's options; their help and errors in the language ``--lang``, then
    ``BPELENS_LANG`` or the locale, names (the window itself also heeds View → Language,
    which needs Qt's settings, read once the options are known)."""
    from bpelens.app.cli.cli_i18n import (
        LanguageOptionError,
        environment_language,
        set_language,
        split_language_option,
        translate,
    )

    try:
        lang, _ = split_language_option(argv)
    except LanguageOptionError:
        lang = None  # argparse reports it below, with the valid choices
    set_language(lang or environment_language())
    parser = gui_parser()
    args = parser.parse_args(argv)
    if args.compare or args.show:
        if args.view not in (None, "compare"):
            parser.error(translate("CliGui", "--compare and --show go with --view compare"))
        args.view = "compare"
    if args.page is not None:
        if args.view not in (None, "debug"):
            parser.error(translate("CliGui", "--page goes with --view debug"))
        args.view = "debug"
    if args.order is not None:
        if args.view not in (None, "playback"):
            parser.error(translate("CliGui", "--order goes with --view playback"))
        args.view = "playback"
    if args.corpus is not None:
        if args.view not in (None, "training", "compare", "studio"):
            parser.error(translate("CliGui", "--corpus goes with --view training, compare or "
                                   "studio"))
        args.view = args.view or "training"
    if args.train and args.view != "studio":
        parser.error(translate("CliGui", "--train goes with --view studio"))
    if args.step is not None and args.view not in ("playback", "training"):
        parser.error(translate("CliGui", "--step goes with --view playback or --view training"))
    return args


def gui_parser() -> argparse.ArgumentParser:
    """The window's options (``bpelens --help`` lists them too, in its "window" section)."""
    from bpelens.app.cli import SUBCOMMANDS
    from bpelens.app.cli.cli_i18n import translate

    parser = argparse.ArgumentParser(
        prog="bpelens",
        description=translate("CliGui", "Open BPE Lens. The subcommands ({commands}) run the "
                              "command line instead; see bpelens --help.").format(
                                  commands=", ".join(SUBCOMMANDS)),
    )
    parser.add_argument("session", nargs="?", metavar="SESSION.bpelens",
                        help=translate("CliGui", "a saved session to open (texts, tokenizer, "
                                       "views)"))
    parser.add_argument("--tokenizer", metavar="PATH",
                        help=translate("CliGui", "a tokenizer file to open"))
    parser.add_argument("--text", metavar="TEXT", help=translate("CliGui", "the text to show"))
    parser.add_argument("--encoding", metavar="NAME",
                        help=translate("CliGui", "for a .tiktoken file: the encoding it belongs "
                                       "to (o200k_harmony…)"))
    parser.add_argument("--lang", choices=("en", "ja"),  # i18n.SUPPORTED; no Qt import here
                        help=translate("CliGui", "the window's language for this run (View → "
                                       "Language keeps one)"))
    parser.add_argument("--theme", choices=("system", "light", "dark", "contrast"),
                        help=translate("CliGui", "the window's colours for this run (View → "
                                       "Theme keeps one)"))
    parser.add_argument("--present", action="store_true",
                        help=translate("CliGui", "start in presentation mode (full screen, "
                                       "large; F5 or Esc ends it)"))
    parser.add_argument("--view", choices=VIEW_CHOICES,
                        help=translate("CliGui", "the tab to open on: layers (characters, "
                                       "bytes, pieces, tokens), playback (merge playback of the "
                                       "text), training (training playback), compare (languages "
                                       "and tokenizers on a parallel corpus), studio (training "
                                       "studio: train by language), debug (debugging kit), "
                                       "chat (a conversation through the chat template)"))
    parser.add_argument("--order", choices=PLAYBACK_ORDERS,
                        help=translate("CliGui", "with --view playback: piece (one piece at a "
                                       "time, the default) or text (the whole text, each rank "
                                       "everywhere at once)"))
    parser.add_argument("--step", metavar="N", type=_step,
                        help=translate("CliGui", "with --view playback or training: the step "
                                       "to stand on"))
    parser.add_argument("--page", choices=KIT_PAGES,
                        help=translate("CliGui", "with --view debug: the debugging kit's page "
                                       "(audit, lookup, diff, conflicts: merge conflicts, extend, "
                                       "algorithms: other algorithms, cost)"))
    parser.add_argument("--corpus", metavar="FILE",
                        help=translate("CliGui", "with --view training: a text file to train "
                                       "on (one text per line), or a .json tokenizer trained "
                                       "with bpelens train --trace-top; with --view compare: a "
                                       "parallel corpus (a folder or archive of line-aligned "
                                       "files, a .tsv, a .jsonl, or demo); with --view studio: "
                                       "a parallel corpus to train on"))
    parser.add_argument("--compare", action="append", metavar="TOKENIZER",
                        help=translate("CliGui", "with --view compare: a tokenizer to compare "
                                       "(repeatable; a file, a folder or a bundled demo's "
                                       "name)"))
    parser.add_argument("--show", choices=COMPARE_PAGES,
                        help=translate("CliGui", "with --view compare: the page to show first"))
    parser.add_argument("--train", action="store_true",
                        help=translate("CliGui", "with --view studio: start training on the "
                                       "corpus at once"))
    return parser


def window_help() -> str:
    """The window's options as a section of ``bpelens --help``."""
    from bpelens.app.cli.cli_i18n import translate

    parser = gui_parser()
    formatter = parser._get_formatter()
    formatter.start_section(translate("CliGui", "window (bpelens [SESSION.bpelens] [OPTIONS]; "
                                      "it needs a display)"))
    formatter.add_arguments([action for action in parser._actions
                             if action.option_strings and action.dest != "help"])
    formatter.end_section()
    return formatter.format_help()


VIEW_CHOICES = ("layers", "playback", "training", "compare", "studio", "debug", "chat")
COMPARE_PAGES = ("table", "bars", "heatmap", "lorenz", "sentences")
PLAYBACK_ORDERS = ("piece", "text")  # playback_view.PIECE, TEXT
# The debugging kit's pages, in its tab order (debug_view.DebugView.page_widgets).
from .kit_pages import KIT_PAGES  # noqa: E402


def _step(value: str) -> int:
    from bpelens.app.cli.cli_i18n import translate

    try:
        step = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(translate(
            "CliGui", "{value!r} is not a whole number").format(value=value)) from None
    if step < 0:
        raise argparse.ArgumentTypeError(translate(
            "CliGui", "{step} is negative; steps count from 0").format(step=step))
    return step


def start_in_view(window, args: argparse.Namespace) -> None:
    """``--view``, ``--step``, ``--corpus``: bring the view up where the user asked."""
    from pathlib import Path

    if args.view is None:
        return
    window.show_view(args.view)
    view = window.views[args.view]
    if args.order is not None:
        view.set_order(args.order)
    if args.page is not None:
        view.show_page(args.page)
    if args.step is not None:
        view.pending_step = args.step
    if args.view == "training":
        view.train(Path(args.corpus) if args.corpus else view.corpora[0])
    if args.view == "compare":
        from bpelens.resources import DEMO_TOKENIZERS

        from .tokenizer_files import demo_choice, path_choice

        if args.compare:
            view.pending_tokenizers = [demo_choice(t) if t in DEMO_TOKENIZERS
                                       and not Path(t).exists() else path_choice(t)
                                       for t in args.compare]
        view.pending_page = args.show
        view.open_corpus(args.corpus or "demo")
    if args.view == "studio":
        view.train_when_read = args.train
        view.open_corpus(args.corpus or "demo")


# The libraries Qt's xcb plugin loads (Qt 6), each with the Debian package that has it: when
# one is missing, Qt aborts with a hint about xcb-cursor0 only.
XCB_LIBRARIES = (
    ("xcb-cursor", "libxcb-cursor0"), ("xcb-icccm", "libxcb-icccm4"),
    ("xcb-image", "libxcb-image0"), ("xcb-keysyms", "libxcb-keysyms1"),
    ("xcb-randr", "libxcb-randr0"), ("xcb-render-util", "libxcb-render-util0"),
    ("xcb-shape", "libxcb-shape0"), ("xcb-xkb", "libxcb-xkb1"),
    ("xkbcommon-x11", "libxkbcommon-x11-0"),
)


def display_problem(environ: dict[str, str] | None = None, platform: str | None = None,
                    find_library=None) -> str | None:  # type: ignore[no-untyped-def]
    """Why the window cannot open here, in one line, or None when it can (as far as can be
    told before Qt starts: Qt itself aborts with exit 134 and a misleading hint). Only X11
    and Wayland systems need a display; QT_QPA_PLATFORM set to another platform (offscreen,
    vnc, eglfs…) is trusted."""
    from bpelens.app.cli.cli_i18n import translate

    env = dict(os.environ if environ is None else environ)
    system = sys.platform if platform is None else platform
    if not (system.startswith("linux") or "bsd" in system):
        return None
    chosen = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip().lower()
    x11, wayland = bool(env.get("DISPLAY")), bool(env.get("WAYLAND_DISPLAY"))
    if chosen and not chosen.startswith(("xcb", "wayland")):
        return None
    if (chosen.startswith("xcb") and not x11) or (chosen.startswith("wayland") and not wayland) \
            or not (x11 or wayland):
        return translate("CliGui", "bpelens: error: the window needs a display, and there is "
                         "none (DISPLAY and WAYLAND_DISPLAY are not set); without one use the "
                         "command line (bpelens --help: encode, inspect, compare…), draw "
                         "pictures with bpelens render, or run the window off screen with "
                         "QT_QPA_PLATFORM=offscreen")
    if chosen.startswith("wayland") or (not chosen and wayland):
        return None  # Qt picks Wayland: the xcb libraries are not needed
    if find_library is None:
        from ctypes.util import find_library
    missing = [package for library, package in XCB_LIBRARIES if find_library(library) is None]
    if missing:
        return translate("CliGui", "bpelens: error: the window cannot open on this X11 display: "
                         "Qt's xcb platform needs libraries that are not installed; install "
                         "them with: apt-get install {packages} (or run the window off screen "
                         "with QT_QPA_PLATFORM=offscreen)").format(packages=" ".join(missing))
    return None


def launch(argv: list[str]) -> int:
    args = parse_gui_args(argv)
    problem = display_problem()
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow
    from .quit_signals import QuitOnSignals

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("BPE Lens")
    from .i18n import install_language
    from .settings import app_settings

    settings = app_settings()
    install_language(app, args.lang, settings)  # before any widget reads its text
    window = MainWindow(tokenizer_path=args.tokenizer, text=args.text, encoding=args.encoding,
                        settings=settings)
    if args.theme:
        window.set_theme(args.theme, remember=False)
    if args.session:
        window.open_session(args.session)
    start_in_view(window, args)
    # Ctrl+C or SIGTERM close the window as its close button does (the text is saved).
    # Every window: View → Language replaces the first by a new one.
    quit_on_signals = QuitOnSignals(app.closeAllWindows, app)
    window.show()
    if args.present:
        window.presentation.enter()
    try:
        return app.exec()
    finally:
        quit_on_signals.restore()
