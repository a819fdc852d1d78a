"""Text for people: whitespace made visible, invisible characters named, control characters
escaped, hex bytes.

Display helpers live beside the engine (not in it): the algorithms never format anything.

Characters that draw nothing — format characters (``Cf``: ZWJ, bidi controls, tags), the other
default-ignorable code points (variation selectors, Hangul fillers, CGJ) and spaces other than
U+0020 — would leave a blank chip or a blank cell; each gets a short name instead (Unicode's
own abbreviation where it has one: ZWJ, ZWNJ, VS16, NBSP…), shown as ``⟨ZWJ⟩`` inside a text.
"""

from __future__ import annotations

import codecs
import unicodedata

VISIBLE_WHITESPACE = {" ": "·", "\n": "↵", "\t": "⇥", "\r": "␍"}
OPEN_NAME, CLOSE_NAME = "⟨", "⟩"

# Unicode's abbreviations (NameAliases.txt, type "abbreviation") and a few short names for
# characters that have none.
_NAMES = {
    0x00A0: "NBSP", 0x00AD: "SHY", 0x034F: "CGJ", 0x061C: "ALM",
    0x115F: "HCF", 0x1160: "HJF", 0x3164: "HF", 0xFFA0: "HWHF",
    0x1680: "OGHAM SP", 0x180E: "MVS", 0x180B: "FVS1", 0x180C: "FVS2", 0x180D: "FVS3",
    0x180F: "FVS4",
    0x2000: "NQSP", 0x2001: "MQSP", 0x2002: "ENSP", 0x2003: "EMSP", 0x2004: "3/MSP",
    0x2005: "4/MSP", 0x2006: "6/MSP", 0x2007: "FSP", 0x2008: "PSP", 0x2009: "THSP",
    0x200A: "HSP", 0x200B: "ZWSP", 0x200C: "ZWNJ", 0x200D: "ZWJ", 0x200E: "LRM",
    0x200F: "RLM", 0x2028: "LSEP", 0x2029: "PSEP",
    0x202A: "LRE", 0x202B: "RLE", 0x202C: "PDF", 0x202D: "LRO", 0x202E: "RLO",
    0x202F: "NNBSP", 0x205F: "MMSP", 0x2060: "WJ", 0x2061: "FUNC APP", 0x2062: "INV TIMES",
    0x2063: "INV SEP", 0x2064: "INV PLUS", 0x2066: "LRI", 0x2067: "RLI", 0x2068: "FSI",
    0x2069: "PDI", 0x206A: "ISS", 0x206B: "ASS", 0x206C: "IAFS", 0x206D: "AAFS",
    0x206E: "NADS", 0x206F: "NODS", 0x3000: "IDSP", 0xFEFF: "BOM",
    0xFFF9: "IAA", 0xFFFA: "IAS", 0xFFFB: "IAT", 0xE0001: "LANGUAGE TAG",
    0xE007F: "CANCEL TAG",
}
# Default-ignorable code points outside the format category (DerivedCoreProperties.txt).
_IGNORABLE_RANGES = (
    (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8),
    (0xE0000, 0xE0FFF),
)


def invisible_name(ch: str) -> str | None:
    """A short readable name for a character that draws nothing (``"\\u200d"`` → ``"ZWJ"``,
    ``"\\ufe0f"`` → ``"VS16"``, ``"\\u00a0"`` → ``"NBSP"``), ``U+XXXX`` for one with no short
    name; None for any other character (U+0020 and the control characters included: they
    have their own signs and escapes)."""
    cp = ord(ch)
    name = _NAMES.get(cp)
    if name is not None:
        return name
    if 0xFE00 <= cp <= 0xFE0F:
        return f"VS{cp - 0xFE00 + 1}"
    if 0xE0100 <= cp <= 0xE01EF:
        return f"VS{cp - 0xE0100 + 17}"
    if 0xE0020 <= cp <= 0xE007E:
        return f"TAG {chr(cp - 0xE0000)}"
    category = unicodedata.category(ch)
    if category in ("Cf", "Zl", "Zp") or (category == "Zs" and cp != 0x20):
        return f"U+{cp:04X}"
    if category in ("Mn", "Lo", "Cn") and any(a <= cp <= b for a, b in _IGNORABLE_RANGES):
        return f"U+{cp:04X}"
    return None


def visible(text: str) -> str:
    """``"a b\\n"`` → ``"a·b↵"``; ``"👩\\u200d🔬"`` → ``"👩⟨ZWJ⟩🔬"``; control characters
    become ``\\u0007``-style escapes, so nothing invisible (or terminal-altering) reaches the
    screen."""
    if text.isascii() and text.isprintable():
        return "".join(VISIBLE_WHITESPACE.get(ch, ch) for ch in text) if " " in text else text
    out: list[str] = []
    for ch in text:
        shown = VISIBLE_WHITESPACE.get(ch)
        if shown is not None:
            out.append(shown)
            continue
        category = unicodedata.category(ch)
        if category in ("Cc", "Cs"):
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
            continue
        name = invisible_name(ch) if not ch.isascii() else None
        out.append(OPEN_NAME + name + CLOSE_NAME if name is not None else ch)
    return "".join(out)


FSI, PDI = "\u2068", "\u2069"  # first-strong isolate … pop directional isolate


def isolated(text: str) -> str:
    """``text`` wrapped in a bidi isolate (FSI … PDI) when it holds a right-to-left letter,
    else unchanged. A token written into a sentence ("ا + ل → ال") is otherwise one run
    with the arrow and the plus beside it, and the bidi algorithm reverses them together;
    isolated, each token keeps its own direction and the sentence its order."""
    if text.isascii():
        return text
    for ch in text:
        if unicodedata.bidirectional(ch) in ("R", "AL"):
            return FSI + text + PDI
    return text


def display_width(text: str) -> int:
    """The terminal columns ``text`` takes: East Asian wide and fullwidth characters two,
    combining marks (Mn, Me) and other characters that draw nothing of their own (format
    characters, ZWJ, variation selectors) none, every other character one. Every table the
    command line prints pads by it, so こんにちは and naïve (with a combining diaeresis) line up
    with ASCII."""
    if text.isascii():
        return len(text)
    width = 0
    for ch in text:
        if unicodedata.east_asian_width(ch) in ("W", "F"):
            width += 2
        elif unicodedata.category(ch) not in ("Mn", "Me", "Cf") and ch != "\u200b":
            width += 1
    return width


def ljust(text: str, width: int) -> str:
    """``f"{text:<width}"`` by terminal columns (:func:`display_width`)."""
    return text + " " * max(0, width - display_width(text))


def rjust(text: str, width: int) -> str:
    """``f"{text:>width}"`` by terminal columns (:func:`display_width`)."""
    return " " * max(0, width - display_width(text)) + text


def hex_bytes(data: bytes, sep: str = " ") -> str:
    """``b"\\xe7\\x8c"`` → ``"E7 8C"``."""
    return sep.join(f"{b:02X}" for b in data)


def _hex_bytes_handler(error: UnicodeError) -> tuple[str, int]:
    assert isinstance(error, UnicodeDecodeError)
    bad = error.object[error.start : error.end]
    return "".join(f"<{b:02X}>" for b in bad), error.end


# Bytes that are not whole characters written <E6>: b" \xe6" is a space and a byte, "·<E6>",
# not three hex codes (nor Python's "\\xe6", which JSON would escape once more).
HEX_ERRORS = "bpelens-hex"
codecs.register_error(HEX_ERRORS, _hex_bytes_handler)


def hex_text(data: bytes) -> str:
    """A token's bytes as people read them everywhere in BPE Lens: its text with whitespace
    made visible, each byte that is not part of a whole character as ``<E0>``
    (``b"\xe0\xa4"`` → ``"<E0><A4>"``, ``b" \xe6"`` → ``"·<E6>"``)."""
    return visible(data.decode("utf-8", HEX_ERRORS))


def token_text(data: bytes) -> str:
    """Visible text of a token's bytes, or its hex bytes when they are not whole characters."""
    try:
        return visible(data.decode("utf-8"))
    except UnicodeDecodeError:
        return "<" + hex_bytes(data) + ">"
