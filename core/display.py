"""Text for people: whitespace made visible, control characters escaped, hex bytes.

Display helpers live beside the engine (not in it): the algorithms never format anything.
"""

from __future__ import annotations

import unicodedata

VISIBLE_WHITESPACE = {" ": "·", "\n": "↵", "\t": "⇥", "\r": "␍"}


def visible(text: str) -> str:
    """``"a b\\n"`` → ``"a·b↵"``; other control and format characters become ``\\u0007``-style
    escapes so nothing invisible (or terminal-altering) reaches the screen."""
    out: list[str] = []
    for ch in text:
        shown = VISIBLE_WHITESPACE.get(ch)
        if shown is not None:
            out.append(shown)
        elif unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp") or ch == "\x7f":
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return "".join(out)


def hex_bytes(data: bytes, sep: str = " ") -> str:
    """``b"\\xe7\\x8c"`` → ``"E7 8C"``."""
    return sep.join(f"{b:02X}" for b in data)


def token_text(data: bytes) -> str:
    """Visible text of a token's bytes, or its hex bytes when they are not whole characters."""
    try:
        return visible(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "<" + hex_bytes(data) + ">"
