"""Unicode normalization as Hugging Face tokenizers does it: with Unicode 9.0's data.

``tokenizers`` normalizes with a crate frozen at Unicode 9.0: characters assigned since are
unassigned to it — starters with no decomposition, composing with nothing — while Python's
``unicodedata`` knows them. Normalization results of assigned characters never change
between versions (Unicode's stability policy), so treating exactly those newer characters as
unassigned reproduces HF: each is swapped for a private-use starter, the text normalized,
and the characters put back.
"""

from __future__ import annotations

import unicodedata
from functools import cache

import regex

# Code points assigned in Unicode 10.0 to 15.0 (DerivedAge.txt of Unicode 15.0).
_ASSIGNED_AFTER_9_SPEC = """
0560 0588 05EF 061D 07FD-07FF 0860-086A 0870-088E 0890-0891 0898-089F 08B5 08BE-08D3 09FC-09FE
0A76 0AFA-0AFF 0B55 0C04 0C3C 0C5D 0C77 0C84 0CDD 0CF3 0D00 0D04 0D3B-0D3C 0D81 0E86 0E89 0E8C
0E8E-0E93 0E98 0EA0 0EA8-0EA9 0EAC 0EBA 0ECE 170D 1715 171F 180F 1878 1ABF-1ACE 1B4C 1B7D-1B7E
1C90-1CBA 1CBD-1CBF 1CF7 1CFA 1DF6-1DFA 20BF-20C0 23FF 2B97 2BBA-2BBC 2BC9 2BD2-2BEB 2BF0-2BFF
2C2F 2C5F 2E45-2E5D 312E-312F 31BB-31BF 32FF 4DB6-4DBF 9FD6-9FFF A7AF A7B8-A7CA A7D0-A7D1 A7D3
A7D5-A7D9 A7F2-A7F6 A82C A8FE-A8FF AB66-AB6B FBC2 FD40-FD4F FDCF FDFE-FDFF 1019C 1032D-1032F
10570-1057A 1057C-1058A 1058C-10592 10594-10595 10597-105A1 105A3-105B1 105B3-105B9 105BB-105BC
10780-10785 10787-107B0 107B2-107BA 10A34-10A35 10A48 10D00-10D27 10D30-10D39 10E80-10EA9
10EAB-10EAD 10EB0-10EB1 10EFD-10F27 10F30-10F59 10F70-10F89 10FB0-10FCB 10FE0-10FF6 11070-11075
110C2 110CD 11144-11147 111CE-111CF 1123F-11241 1133B 1145A 1145E-11461 116B8-116B9 1171A
11740-11746 11800-1183B 11900-11906 11909 1190C-11913 11915-11916 11918-11935 11937-11938
1193B-11946 11950-11959 119A0-119A7 119AA-119D7 119DA-119E4 11A00-11A47 11A50-11AA2 11AB0-11ABF
11B00-11B09 11D00-11D06 11D08-11D09 11D0B-11D36 11D3A 11D3C-11D3D 11D3F-11D47 11D50-11D59
11D60-11D65 11D67-11D68 11D6A-11D8E 11D90-11D91 11D93-11D98 11DA0-11DA9 11EE0-11EF8 11F00-11F10
11F12-11F3A 11F3E-11F59 11FB0 11FC0-11FF1 11FFF 12F90-12FF2 1342F-13455 16A70-16ABE 16AC0-16AC9
16E40-16E9A 16F45-16F4A 16F4F 16F7F-16F87 16FE1-16FE4 16FF0-16FF1 187ED-187F7 18AF3-18CD5
18D00-18D08 1AFF0-1AFF3 1AFF5-1AFFB 1AFFD-1AFFE 1B002-1B122 1B132 1B150-1B152 1B155 1B164-1B167
1B170-1B2FB 1CF00-1CF2D 1CF30-1CF46 1CF50-1CFC3 1D1E9-1D1EA 1D2C0-1D2D3 1D2E0-1D2F3 1D372-1D378
1DF00-1DF1E 1DF25-1DF2A 1E030-1E06D 1E08F 1E100-1E12C 1E130-1E13D 1E140-1E149 1E14E-1E14F
1E290-1E2AE 1E2C0-1E2F9 1E2FF 1E4D0-1E4F9 1E7E0-1E7E6 1E7E8-1E7EB 1E7ED-1E7EE 1E7F0-1E7FE 1E94B
1EC71-1ECB4 1ED01-1ED3D 1F10D-1F10F 1F12F 1F16C-1F16F 1F1AD 1F260-1F265 1F6D3-1F6D7 1F6DC-1F6DF
1F6F7-1F6FC 1F774-1F776 1F77B-1F77F 1F7D5-1F7D9 1F7E0-1F7EB 1F7F0 1F8B0-1F8B1 1F900-1F90F 1F91F
1F928-1F92F 1F931-1F932 1F93F 1F94C-1F94F 1F95F-1F97F 1F992-1F9BF 1F9C1-1FA53 1FA60-1FA6D
1FA70-1FA7C 1FA80-1FA88 1FA90-1FABD 1FABF-1FAC5 1FACE-1FADB 1FAE0-1FAE8 1FAF0-1FAF8 1FB00-1FB92
1FB94-1FBCA 1FBF0-1FBF9 2A6D7-2A6DF 2B735-2B739 2CEB0-2EBE0 30000-3134A 31350-323AF
"""
_PLACEHOLDER = "\ue000"
# A long text is checked, and normalized where it must be, about this many characters at a time.
BLOCK_CHARS = 1 << 13


@cache
def _newer() -> regex.Pattern[str]:
    parts = []
    for item in _ASSIGNED_AFTER_9_SPEC.split():
        first, _, last = item.partition("-")
        a = f"\\U{int(first, 16):08x}"
        parts.append(a if not last else f"{a}-\\U{int(last, 16):08x}")
    return regex.compile("[" + "".join(parts) + "]")


@cache
def _newer_chars() -> frozenset[str]:
    chars: set[str] = set()
    for item in _ASSIGNED_AFTER_9_SPEC.split():
        first, _, last = item.partition("-")
        chars.update(map(chr, range(int(first, 16), int(last or first, 16) + 1)))
    return frozenset(chars)


def normalize_as_unicode_9(form: str, text: str) -> str:
    """``unicodedata.normalize(form, text)`` as a Unicode 9.0 implementation computes it."""
    # Text already in the form is left as it is by Unicode 9 too: a newer character in it,
    # read as an unassigned starter, ends runs of marks (those left stay in order) and
    # composes with nothing, so nothing the newer tables left alone would change.
    if unicodedata.is_normalized(form, text):  # type: ignore[arg-type]
        return text
    if len(text) <= BLOCK_CHARS:
        return _normalized_block(form, text)
    # Most of a long text is often in the form already: checked a block at a time (in C,
    # quick), only the other blocks normalized. Blocks end after a newline, a starter that
    # composes with nothing: normalization never reaches across it.
    out: list[str] = []
    start = 0
    while start < len(text):
        end = text.find("\n", start + BLOCK_CHARS)
        end = len(text) if end < 0 else end + 1
        block = text[start:end]
        if not unicodedata.is_normalized(form, block):  # type: ignore[arg-type]
            block = _normalized_block(form, block)
        out.append(block)
        start = end
    return "".join(out)


def _normalized_block(form: str, text: str) -> str:
    # A set of the text's characters is ~15× faster than searching with a 300-range class.
    if text.isascii() or _newer_chars().isdisjoint(set(text)):
        return unicodedata.normalize(form, text)  # type: ignore[arg-type]
    newer = _newer()
    # Every private-use starter in order: the ones standing in for newer characters and any
    # the text had; normalization keeps starters in order, so they can be put back in turn.
    held = [m.group() for m in regex.finditer(f"{newer.pattern}|{_PLACEHOLDER}", text)]
    swapped = newer.sub(_PLACEHOLDER, text)
    normalized = unicodedata.normalize(form, swapped)  # type: ignore[arg-type]
    restored = iter(held)
    return regex.sub(_PLACEHOLDER, lambda _: next(restored), normalized)
