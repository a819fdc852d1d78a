"""Unicode as Hugging Face ``tokenizers`` (0.23) sees it in BERT's components (``BertNormalizer``,
``BertPreTokenizer``, ``StripAccents``) and in its lowercasing.

Why explicit code point tables: HF does not classify characters with the Unicode data Python
ships. Its predicates come from several Rust crates, each frozen at its own Unicode version:

* "control" (removed by ``clean_text``) is Cc/Cf/Co of an old Unicode — unassigned code points
  (Cn) are *kept*, and format characters added since (U+0890, U+13430…) are kept too;
* punctuation (``BertPreTokenizer``) is ASCII punctuation plus the P* categories of an old
  Unicode (U+166D, now So, still counts; U+2E43…, added later, does not);
* non-spacing marks (``strip_accents``) and combining marks (``StripAccents``) are old tables
  as well, and HF's NFD does not decompose U+11938 and gives newer marks combining class 0;
* lowercasing is Rust's own (Unicode 16), which knows case pairs Python 3.11 does not.

So each class below is a list of code point ranges read off tokenizers 0.23.3 by running the
component on every code point; the tests compare every code point against HF again. That also
keeps the classes independent of the Python version's Unicode data. NFD and lowercasing still use
Python's ``unicodedata`` plus the few corrections below, measured on Python 3.11 (Unicode 14.0);
the every-code-point tests show it if a newer Python's data drifts from HF's.
"""

from __future__ import annotations

import re
import string
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable
from functools import cache

# -- character classes (ranges of hexadecimal code points) ------------------------------------

# Removed by clean_text: NUL, U+FFFD and HF's "control" characters (not \t \n \r).
_CONTROL_SPEC = """
0000-0008 000B-000C 000E-001F 007F-009F 00AD 0600-0605 061C 06DD 070F 180E 200B-200F 202A-202E
2060-2064 2066-206F E000-F8FF FEFF FFF9-FFFB FFFD 110BD 1BCA0-1BCA3 1D173-1D17A E0001
E0020-E007F F0000-FFFFD 100000-10FFFD
"""

# Rust's char::is_whitespace (the White_Space property): unlike str.isspace, not U+001C–U+001F.
_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)

# HF's is_chinese_char: the CJK ideograph blocks only (not kana, not hangul).
_CHINESE_SPEC = (
    "4E00-9FFF 3400-4DBF 20000-2A6DF 2A700-2B73F 2B740-2B81F 2B920-2CEAF F900-FAFF 2F800-2FA1F"
)

# Punctuation beyond ASCII (ASCII punctuation is string.punctuation, as Rust defines it).
_PUNCT_SPEC = """
00A1 00A7 00AB 00B6-00B7 00BB 00BF 037E 0387 055A-055F 0589-058A 05BE 05C0 05C3 05C6 05F3-05F4
0609-060A 060C-060D 061B 061E-061F 066A-066D 06D4 0700-070D 07F7-07F9 0830-083E 085E 0964-0965
0970 0AF0 0DF4 0E4F 0E5A-0E5B 0F04-0F12 0F14 0F3A-0F3D 0F85 0FD0-0FD4 0FD9-0FDA 104A-104F 10FB
1360-1368 1400 166D-166E 169B-169C 16EB-16ED 1735-1736 17D4-17D6 17D8-17DA 1800-180A 1944-1945
1A1E-1A1F 1AA0-1AA6 1AA8-1AAD 1B5A-1B60 1BFC-1BFF 1C3B-1C3F 1C7E-1C7F 1CC0-1CC7 1CD3 2010-2027
2030-2043 2045-2051 2053-205E 207D-207E 208D-208E 2308-230B 2329-232A 2768-2775 27C5-27C6
27E6-27EF 2983-2998 29D8-29DB 29FC-29FD 2CF9-2CFC 2CFE-2CFF 2D70 2E00-2E2E 2E30-2E42 3001-3003
3008-3011 3014-301F 3030 303D 30A0 30FB A4FE-A4FF A60D-A60F A673 A67E A6F2-A6F7 A874-A877
A8CE-A8CF A8F8-A8FA A8FC A92E-A92F A95F A9C1-A9CD A9DE-A9DF AA5C-AA5F AADE-AADF AAF0-AAF1 ABEB
FD3E-FD3F FE10-FE19 FE30-FE52 FE54-FE61 FE63 FE68 FE6A-FE6B FF01-FF03 FF05-FF0A FF0C-FF0F
FF1A-FF1B FF1F-FF20 FF3B-FF3D FF3F FF5B FF5D FF5F-FF65 10100-10102 1039F 103D0 1056F 10857 1091F
1093F 10A50-10A58 10A7F 10AF0-10AF6 10B39-10B3F 10B99-10B9C 11047-1104D 110BB-110BC 110BE-110C1
11140-11143 11174-11175 111C5-111C9 111CD 111DB 111DD-111DF 11238-1123D 112A9 114C6 115C1-115D7
11641-11643 1173C-1173E 12470-12474 16A6E-16A6F 16AF5 16B37-16B3B 16B44 1BC9F 1DA87-1DA8B
"""

# Non-spacing marks as BertNormalizer's strip_accents sees them (after its NFD).
_NONSPACING_MARK_SPEC = """
0300-036F 0483-0487 0591-05BD 05BF 05C1-05C2 05C4-05C5 05C7 0610-061A 064B-065F 0670 06D6-06DC
06DF-06E4 06E7-06E8 06EA-06ED 0711 0730-074A 07A6-07B0 07EB-07F3 0816-0819 081B-0823 0825-0827
0829-082D 0859-085B 08E3-0902 093A 093C 0941-0948 094D 0951-0957 0962-0963 0981 09BC 09C1-09C4
09CD 09E2-09E3 0A01-0A02 0A3C 0A41-0A42 0A47-0A48 0A4B-0A4D 0A51 0A70-0A71 0A75 0A81-0A82 0ABC
0AC1-0AC5 0AC7-0AC8 0ACD 0AE2-0AE3 0B01 0B3C 0B3F 0B41-0B44 0B4D 0B56 0B62-0B63 0B82 0BC0 0BCD
0C00 0C3E-0C40 0C46-0C48 0C4A-0C4D 0C55-0C56 0C62-0C63 0C81 0CBC 0CBF 0CC6 0CCC-0CCD 0CE2-0CE3
0D01 0D41-0D44 0D4D 0D62-0D63 0DCA 0DD2-0DD4 0DD6 0E31 0E34-0E3A 0E47-0E4E 0EB1 0EB4-0EB9
0EBB-0EBC 0EC8-0ECD 0F18-0F19 0F35 0F37 0F39 0F71-0F7E 0F80-0F84 0F86-0F87 0F8D-0F97 0F99-0FBC
0FC6 102D-1030 1032-1037 1039-103A 103D-103E 1058-1059 105E-1060 1071-1074 1082 1085-1086 108D
109D 135D-135F 1712-1714 1732-1734 1752-1753 1772-1773 17B4-17B5 17B7-17BD 17C6 17C9-17D3 17DD
180B-180D 18A9 1920-1922 1927-1928 1932 1939-193B 1A17-1A18 1A1B 1A56 1A58-1A5E 1A60 1A62
1A65-1A6C 1A73-1A7C 1A7F 1AB0-1ABD 1B00-1B03 1B34 1B36-1B3A 1B3C 1B42 1B6B-1B73 1B80-1B81
1BA2-1BA5 1BA8-1BA9 1BAB-1BAD 1BE6 1BE8-1BE9 1BED 1BEF-1BF1 1C2C-1C33 1C36-1C37 1CD0-1CD2
1CD4-1CE0 1CE2-1CE8 1CED 1CF4 1CF8-1CF9 1DC0-1DF5 1DFC-1DFF 20D0-20DC 20E1 20E5-20F0 2CEF-2CF1
2D7F 2DE0-2DFF 302A-302D 3099-309A A66F A674-A67D A69E-A69F A6F0-A6F1 A802 A806 A80B A825-A826
A8C4 A8E0-A8F1 A926-A92D A947-A951 A980-A982 A9B3 A9B6-A9B9 A9BC A9E5 AA29-AA2E AA31-AA32
AA35-AA36 AA43 AA4C AA7C AAB0 AAB2-AAB4 AAB7-AAB8 AABE-AABF AAC1 AAEC-AAED AAF6 ABE5 ABE8 ABED
FB1E FE00-FE0F FE20-FE2F 101FD 102E0 10376-1037A 10A01-10A03 10A05-10A06 10A0C-10A0F 10A38-10A3A
10A3F 10AE5-10AE6 11001 11038-11046 1107F-11081 110B3-110B6 110B9-110BA 11100-11102 11127-1112B
1112D-11134 11173 11180-11181 111B6-111BE 111CA-111CC 1122F-11231 11234 11236-11237 112DF
112E3-112EA 11300-11301 1133C 11340 11366-1136C 11370-11374 114B3-114B8 114BA 114BF-114C0
114C2-114C3 115B2-115B5 115BC-115BD 115BF-115C0 115DC-115DD 11633-1163A 1163D 1163F-11640 116AB
116AD 116B0-116B5 116B7 1171D-1171F 11722-11725 11727-1172B 16AF0-16AF4 16B30-16B36 16F8F-16F92
1BC9D-1BC9E 1D167-1D169 1D17B-1D182 1D185-1D18B 1D1AA-1D1AD 1D242-1D244 1DA00-1DA36 1DA3B-1DA6C
1DA75 1DA84 1DA9B-1DA9F 1DAA1-1DAAF 1E8D0-1E8D6 E0100-E01EF
"""

# Combining marks as the StripAccents normalizer sees them (any of Mn, Mc, Me, old tables).
_COMBINING_MARK_SPEC = """
0300-036F 0483-0489 0591-05BD 05BF 05C1-05C2 05C4-05C5 05C7 0610-061A 064B-065F 0670 06D6-06DC
06DF-06E4 06E7-06E8 06EA-06ED 0711 0730-074A 07A6-07B0 07EB-07F3 0816-0819 081B-0823 0825-0827
0829-082D 0859-085B 08D4-08E1 08E3-0903 093A-093C 093E-094F 0951-0957 0962-0963 0981-0983 09BC
09BE-09C4 09C7-09C8 09CB-09CD 09D7 09E2-09E3 0A01-0A03 0A3C 0A3E-0A42 0A47-0A48 0A4B-0A4D 0A51
0A70-0A71 0A75 0A81-0A83 0ABC 0ABE-0AC5 0AC7-0AC9 0ACB-0ACD 0AE2-0AE3 0B01-0B03 0B3C 0B3E-0B44
0B47-0B48 0B4B-0B4D 0B56-0B57 0B62-0B63 0B82 0BBE-0BC2 0BC6-0BC8 0BCA-0BCD 0BD7 0C00-0C03
0C3E-0C44 0C46-0C48 0C4A-0C4D 0C55-0C56 0C62-0C63 0C81-0C83 0CBC 0CBE-0CC4 0CC6-0CC8 0CCA-0CCD
0CD5-0CD6 0CE2-0CE3 0D01-0D03 0D3E-0D44 0D46-0D48 0D4A-0D4D 0D57 0D62-0D63 0D82-0D83 0DCA
0DCF-0DD4 0DD6 0DD8-0DDF 0DF2-0DF3 0E31 0E34-0E3A 0E47-0E4E 0EB1 0EB4-0EB9 0EBB-0EBC 0EC8-0ECD
0F18-0F19 0F35 0F37 0F39 0F3E-0F3F 0F71-0F84 0F86-0F87 0F8D-0F97 0F99-0FBC 0FC6 102B-103E
1056-1059 105E-1060 1062-1064 1067-106D 1071-1074 1082-108D 108F 109A-109D 135D-135F 1712-1714
1732-1734 1752-1753 1772-1773 17B4-17D3 17DD 180B-180D 1885-1886 18A9 1920-192B 1930-193B
1A17-1A1B 1A55-1A5E 1A60-1A7C 1A7F 1AB0-1ABE 1B00-1B04 1B34-1B44 1B6B-1B73 1B80-1B82 1BA1-1BAD
1BE6-1BF3 1C24-1C37 1CD0-1CD2 1CD4-1CE8 1CED 1CF2-1CF4 1CF8-1CF9 1DC0-1DF5 1DFB-1DFF 20D0-20F0
2CEF-2CF1 2D7F 2DE0-2DFF 302A-302F 3099-309A A66F-A672 A674-A67D A69E-A69F A6F0-A6F1 A802 A806
A80B A823-A827 A880-A881 A8B4-A8C5 A8E0-A8F1 A926-A92D A947-A953 A980-A983 A9B3-A9C0 A9E5
AA29-AA36 AA43 AA4C-AA4D AA7B-AA7D AAB0 AAB2-AAB4 AAB7-AAB8 AABE-AABF AAC1 AAEB-AAEF AAF5-AAF6
ABE3-ABEA ABEC-ABED FB1E FE00-FE0F FE20-FE2F 101FD 102E0 10376-1037A 10A01-10A03 10A05-10A06
10A0C-10A0F 10A38-10A3A 10A3F 10AE5-10AE6 11000-11002 11038-11046 1107F-11082 110B0-110BA
11100-11102 11127-11134 11173 11180-11182 111B3-111C0 111CA-111CC 1122C-11237 1123E 112DF-112EA
11300-11303 1133C 1133E-11344 11347-11348 1134B-1134D 11357 11362-11363 11366-1136C 11370-11374
11435-11446 114B0-114C3 115AF-115B5 115B8-115C0 115DC-115DD 11630-11640 116AB-116B7 1171D-1172B
11C2F-11C36 11C38-11C3F 11C92-11CA7 11CA9-11CB6 16AF0-16AF4 16B30-16B36 16F51-16F7E 16F8F-16F92
1BC9D-1BC9E 1D165-1D169 1D16D-1D172 1D17B-1D182 1D185-1D18B 1D1AA-1D1AD 1D242-1D244 1DA00-1DA36
1DA3B-1DA6C 1DA75 1DA84 1DA9B-1DA9F 1DAA1-1DAAF 1E000-1E006 1E008-1E018 1E01B-1E021 1E023-1E024
1E026-1E02A 1E8D0-1E8D6 1E944-1E94A E0100-E01EF
"""

# Rust lowercases these (Unicode 16 case pairs); Python 3.11's str.lower leaves them alone.
# (first, last, lowercase of first): the range maps one to one.
_LOWER_EXTRA: tuple[tuple[int, int, int], ...] = (
    (0x1C89, 0x1C89, 0x1C8A), (0xA7CB, 0xA7CB, 0x0264), (0xA7CC, 0xA7CC, 0xA7CD),
    (0xA7CE, 0xA7CE, 0xA7CF), (0xA7D2, 0xA7D2, 0xA7D3), (0xA7D4, 0xA7D4, 0xA7D5),
    (0xA7DA, 0xA7DA, 0xA7DB), (0xA7DC, 0xA7DC, 0x019B), (0x10D50, 0x10D65, 0x10D70),
    (0x16EA0, 0x16EB8, 0x16EBB),
)

# Python decomposes these in NFD; HF's NFD (an older Unicode) leaves them whole.
_NFD_KEEP = "\U00011938"


def _parse(spec: str) -> tuple[tuple[int, int], ...]:
    ranges = []
    for item in spec.split():
        first, _, last = item.partition("-")
        ranges.append((int(first, 16), int(last or first, 16)))
    return tuple(sorted(ranges))


def _escape(cp: int) -> str:
    return f"\\U{cp:08x}" if cp > 0xFFFF else f"\\u{cp:04x}"


class _CodePoints:
    """A set of code points kept as ranges: ``ch in`` by bisection, and a regex class body."""

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for first, last in sorted(ranges):
            if merged and first <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
            else:
                merged.append((first, last))
        self.ranges = tuple(merged)
        self._starts = [a for a, _ in merged]
        self._ends = [b for _, b in merged]

    def __contains__(self, ch: str) -> bool:
        cp = ord(ch)
        i = bisect_right(self._starts, cp) - 1
        return i >= 0 and cp <= self._ends[i]

    def __or__(self, other: _CodePoints) -> _CodePoints:
        return _CodePoints(self.ranges + other.ranges)

    def class_body(self) -> str:
        return "".join(
            _escape(a) if a == b else f"{_escape(a)}-{_escape(b)}" for a, b in self.ranges
        )


def _chars(text: str) -> _CodePoints:
    return _CodePoints((ord(c), ord(c)) for c in text)


CONTROL = _CodePoints(_parse(_CONTROL_SPEC))
WHITESPACE = _chars(_WHITESPACE)
CHINESE = _CodePoints(_parse(_CHINESE_SPEC))
PUNCTUATION = _chars(string.punctuation) | _CodePoints(_parse(_PUNCT_SPEC))
NONSPACING_MARK = _CodePoints(_parse(_NONSPACING_MARK_SPEC))
COMBINING_MARK = _CodePoints(_parse(_COMBINING_MARK_SPEC))
# What clean_text turns into " ": whitespace that is not removed as control first (so \t \n \r
# and the Unicode spaces, but not \x0b \x0c \x85, which are Cc). " " itself is left out: the
# substitution then only touches text that changes.
_CLEAN_SPACE = "".join(c for c in _WHITESPACE if c not in CONTROL and c != " ")

_LOWER_TABLE: dict[int, int] = {
    cp: low + (cp - first) for first, last, low in _LOWER_EXTRA for cp in range(first, last + 1)
}

CONTROL_RE = re.compile(f"[{CONTROL.class_body()}]")
CLEAN_SPACE_RE = re.compile(f"[{_chars(_CLEAN_SPACE).class_body()}]")
CHINESE_RE = re.compile(f"[{CHINESE.class_body()}]")
NONSPACING_RE = re.compile(f"[{NONSPACING_MARK.class_body()}]")
COMBINING_RE = re.compile(f"[{COMBINING_MARK.class_body()}]")
_LOWER_EXTRA_RE = re.compile(
    "[" + "".join(f"{_escape(a)}-{_escape(b)}" for a, b, _ in _LOWER_EXTRA) + "]"
)


def lowercase_str(text: str) -> str:
    """HF's lowercase: Rust's per-character ``to_lowercase`` (no final sigma ``ς``)."""
    if text.isascii():
        return text.lower()
    if "Σ" in text:
        # str.lower() would write ς at the end of a word; σ lowercases to itself.
        text = text.replace("Σ", "σ")
    text = text.lower()
    if _LOWER_EXTRA_RE.search(text):
        text = text.translate(_LOWER_TABLE)
    return text


# -- NFD as HF computes it --------------------------------------------------------------------


def hf_ccc(ch: str) -> int:
    # HF's combining classes come from the same (older) tables as its combining marks: a mark
    # those tables do not know is a starter, so canonical reordering stops at it.
    ccc = unicodedata.combining(ch)
    return ccc if ccc and ch in COMBINING_MARK else 0


@cache
def _nfd_special_re() -> re.Pattern[str]:
    """Characters on which Python's NFD and HF's can disagree (the slow path handles them)."""
    # Every character with a combining class lies in planes 0 and 1.
    marks = [
        cp for cp in range(0x300, 0x20000)
        if unicodedata.combining(chr(cp)) and chr(cp) not in COMBINING_MARK
    ]
    special = _chars(_NFD_KEEP) | _CodePoints((cp, cp) for cp in marks)
    return re.compile(f"[{special.class_body()}]")


def decompose(ch: str) -> str:
    return ch if ch in _NFD_KEEP else unicodedata.normalize("NFD", ch)


def nfd_str(text: str) -> str:
    """NFD as HF's normalizer computes it."""
    if text.isascii():
        return text
    if not _nfd_special_re().search(text):
        return unicodedata.normalize("NFD", text)
    return nfd_aligned(text, [(i, i + 1) for i in range(len(text))])[0]


Span = tuple[int, int]  # (start, end) input characters


def nfd_aligned(text: str, spans: list[Span]) -> tuple[str, list[Span]]:
    items: list[tuple[str, Span]] = []
    for ch, span in zip(text, spans, strict=True):
        if ch < "\u00c0":  # nothing below U+00C0 decomposes
            items.append((ch, span))
        else:
            items.extend((d, span) for d in decompose(ch))
    _reorder(items)
    return "".join(c for c, _ in items), [span for _, span in items]


def _reorder(items: list[tuple[str, Span]]) -> None:
    """Canonical ordering: each run of non-starters stably sorted by combining class.

    When a run really moves, every character of it gets the span of the whole run, so output
    sources stay in input order.
    """
    i, n = 0, len(items)
    while i < n:
        if hf_ccc(items[i][0]) == 0:
            i += 1
            continue
        j = i
        while j < n and hf_ccc(items[j][0]) != 0:
            j += 1
        run = items[i:j]
        ordered = sorted(run, key=lambda item: hf_ccc(item[0]))
        if ordered != run:
            joined = (min(sp[0] for _, sp in run), max(sp[1] for _, sp in run))
            items[i:j] = [(c, joined) for c, _ in ordered]
        i = j
