"""Starting the app: `bpelens [--tokenizer PATH] [--text TEXT]`."""

from __future__ import annotations

import argparse
import sys


def parse_gui_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="bpelens",
        description="Open BPE Lens. Subcommands (train, encode, decode, inspect) run the CLI; "
        "see bpelens --help.",
    )
    parser.add_argument("--tokenizer", metavar="PATH", help="a tokenizer file to open")
    parser.add_argument("--text", metavar="TEXT", help="the text to show")
    parser.add_argument("--encoding", metavar="NAME",
                        help="for a .tiktoken file: the encoding it belongs to (o200k_harmony…)")
    return parser.parse_args(argv)


def launch(argv: list[str]) -> int:
    args = parse_gui_args(argv)
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow
    from .quit_signals import QuitOnSignals

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("BPE Lens")
    window = MainWindow(tokenizer_path=args.tokenizer, text=args.text, encoding=args.encoding)
    # Ctrl+C or SIGTERM close the window as its close button does (the text is saved).
    quit_on_signals = QuitOnSignals(window.close, app)
    window.show()
    try:
        return app.exec()
    finally:
        quit_on_signals.restore()
