"""Where a command's text comes from: the argument, or all of standard input."""

from __future__ import annotations

import sys


def text_argument(text: str | None) -> str:
    if text is not None and text != "-":
        return text
    data = sys.stdin.buffer.read()
    # Like the argument vector, stdin bytes that are not UTF-8 become lone surrogates, which
    # the engine then replaces (and reports) instead of failing on the whole input.
    return data.decode("utf-8", "surrogateescape")
