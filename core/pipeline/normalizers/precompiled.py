"""SentencePiece's precompiled normalizer, as Hugging Face tokenizers runs it (``Precompiled``).

The rules come in a blob (base64 in ``tokenizer.json``): a little-endian uint32 with the byte
size of a double-array trie, that many bytes of trie units (uint32 each), then a pool of
NUL-terminated UTF-8 replacement strings. Each key of the trie is a UTF-8 string of the input
and its leaf value is the offset of its replacement in the pool.

How HF applies them (``normalizers/precompiled.rs``; reproduced exactly here):

* The text is cut into extended grapheme clusters. A cluster shorter than 6 UTF-8 bytes is
  looked up whole: the *shortest* key that is a prefix of the cluster's bytes wins, and its
  replacement stands for the whole cluster. So "Ａ" + U+0301 becomes "A" (the accent is
  dropped, because "Ａ" alone is a key) and "\\r\\n" becomes " " (the "\\n" is dropped).
* Otherwise (no key starts the cluster, or it is 6 bytes or longer) each character is looked
  up on its own and replaced when it is a key.

Clusters must be exactly those of the Rust ``unicode-segmentation`` crate (1.13, Unicode
17.0) that HF uses; see :func:`graphemes`.
"""

from __future__ import annotations

import base64
import binascii
import functools
import re
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator
from itertools import compress
from pathlib import Path
from typing import Any

import regex

from bpelens.core.messages import Message

from ...errors import ConfigError
from ...fast import disk_cache
from ...text.darts_summary import MapSummary, summarize
from ...text.darts_trie import trie_keys, value_offset
from ...text.units import char_class
from .base import NormalizedText, Normalizer

# HF looks a cluster up whole only below this many UTF-8 bytes.
_WHOLE_CLUSTER_LIMIT = 6
_MAX_KEY_BYTES = 4097  # far beyond any real rule; past it the trie must loop

# -- grapheme clusters ----------------------------------------------------------------------
# HF cuts text with the Rust unicode-segmentation crate (1.13: Unicode 17.0 tables). The
# regex module's \X differs from it: it joins a linker (virama) to a following consonant
# (rule GB9c) even when no consonant precedes the linker, and its tables are Unicode 16.0.
# So clusters come from UAX #29's regular expression, compiled for the stdlib ``re`` with
# the regex module's property tables changed as below. The changes were found by comparing
# with HF's Precompiled every code point in contexts that show each rule.
_ADDED: dict[str, tuple[tuple[int, int], ...]] = {
    "InCB=Consonant": (
        (0x1000, 0x102A), (0x103F, 0x103F), (0x1050, 0x1055), (0x105A, 0x105D),
        (0x1061, 0x1061), (0x1065, 0x1066), (0x106E, 0x1070), (0x1075, 0x1081),
        (0x108E, 0x108E), (0x1780, 0x17B3), (0x1A20, 0x1A54), (0x1B0B, 0x1B0C),
        (0x1B13, 0x1B33), (0x1B45, 0x1B4C), (0x1B83, 0x1BA0), (0x1BAE, 0x1BAF),
        (0x1BBB, 0x1BBD), (0xA989, 0xA98B), (0xA98F, 0xA9B2), (0xA9E0, 0xA9E4),
        (0xA9E7, 0xA9EF), (0xA9FA, 0xA9FE), (0xAA60, 0xAA6F), (0xAA71, 0xAA73),
        (0xAA7A, 0xAA7A), (0xAA7E, 0xAA7F), (0xAAE0, 0xAAEA), (0xABC0, 0xABDA),
        (0x10A00, 0x10A00), (0x10A10, 0x10A13), (0x10A15, 0x10A17), (0x10A19, 0x10A35),
        (0x11103, 0x11126), (0x11144, 0x11144), (0x11147, 0x11147), (0x11380, 0x11389),
        (0x1138B, 0x1138B), (0x1138E, 0x1138E), (0x11390, 0x113B5), (0x11900, 0x11906),
        (0x11909, 0x11909), (0x1190C, 0x11913), (0x11915, 0x11916), (0x11918, 0x1192F),
        (0x11A00, 0x11A00), (0x11A0B, 0x11A32), (0x11A50, 0x11A50), (0x11A5C, 0x11A83),
        (0x11F04, 0x11F10), (0x11F12, 0x11F33),
    ),
    "InCB=Linker": (
        (0x1039, 0x1039), (0x17D2, 0x17D2), (0x1A60, 0x1A60), (0x1B44, 0x1B44),
        (0x1BAB, 0x1BAB), (0xA9C0, 0xA9C0), (0xAAF6, 0xAAF6), (0x10A3F, 0x10A3F),
        (0x11133, 0x11133), (0x113D0, 0x113D0), (0x1193E, 0x1193E), (0x11A47, 0x11A47),
        (0x11A99, 0x11A99), (0x11F42, 0x11F42),
    ),
    # New marks of Unicode 17.0 (GCB=Extend and InCB=Extend).
    "GCB=Extend": (
        (0x1ACF, 0x1ADD), (0x1AE0, 0x1AEB), (0x10EFA, 0x10EFB), (0x11B60, 0x11B60),
        (0x11B62, 0x11B64), (0x11B66, 0x11B66), (0x1E6E3, 0x1E6E3), (0x1E6E6, 0x1E6E6),
        (0x1E6EE, 0x1E6EF), (0x1E6F5, 0x1E6F5),
    ),
}
_ADDED["InCB=Extend"] = _ADDED["GCB=Extend"]
_REMOVED: dict[str, tuple[tuple[int, int], ...]] = {
    "Extended_Pictographic": (
        (0x2388, 0x2388), (0x2605, 0x2605), (0x2607, 0x260D), (0x260F, 0x2610),
        (0x2612, 0x2612), (0x2616, 0x2617), (0x2619, 0x261C), (0x261E, 0x261F),
        (0x2621, 0x2621), (0x2624, 0x2625), (0x2627, 0x2629), (0x262B, 0x262D),
        (0x2630, 0x2637), (0x263B, 0x263F), (0x2641, 0x2641), (0x2643, 0x2647),
        (0x2654, 0x265E), (0x2661, 0x2662), (0x2664, 0x2664), (0x2667, 0x2667),
        (0x2669, 0x267A), (0x267C, 0x267D), (0x2680, 0x2685), (0x2690, 0x2691),
        (0x2698, 0x2698), (0x269A, 0x269A), (0x269D, 0x269F), (0x26A2, 0x26A6),
        (0x26A8, 0x26A9), (0x26AC, 0x26AF), (0x26B2, 0x26BC), (0x26BF, 0x26C3),
        (0x26C6, 0x26C7), (0x26C9, 0x26CD), (0x26D0, 0x26D0), (0x26D2, 0x26D2),
        (0x26D5, 0x26E8), (0x26EB, 0x26EF), (0x26F6, 0x26F6), (0x26FB, 0x26FC),
        (0x26FE, 0x2701), (0x2703, 0x2704), (0x270E, 0x270E), (0x2710, 0x2711),
        (0x2765, 0x2767), (0x1F000, 0x1F003), (0x1F005, 0x1F02B), (0x1F030, 0x1F093),
        (0x1F0A0, 0x1F0AE), (0x1F0B1, 0x1F0BF), (0x1F0C1, 0x1F0CE), (0x1F0D1, 0x1F0F5),
        (0x1F10D, 0x1F10F), (0x1F12F, 0x1F12F), (0x1F16C, 0x1F16F), (0x1F1AD, 0x1F1AD),
        (0x1F260, 0x1F265), (0x1F322, 0x1F323), (0x1F394, 0x1F395), (0x1F398, 0x1F398),
        (0x1F39C, 0x1F39D), (0x1F3F1, 0x1F3F2), (0x1F3F6, 0x1F3F6), (0x1F4FE, 0x1F4FE),
        (0x1F546, 0x1F548), (0x1F54F, 0x1F54F), (0x1F568, 0x1F56E), (0x1F571, 0x1F572),
        (0x1F57B, 0x1F586), (0x1F588, 0x1F589), (0x1F58E, 0x1F58F), (0x1F591, 0x1F594),
        (0x1F597, 0x1F5A3), (0x1F5A6, 0x1F5A7), (0x1F5A9, 0x1F5B0), (0x1F5B3, 0x1F5BB),
        (0x1F5BD, 0x1F5C1), (0x1F5C5, 0x1F5D0), (0x1F5D4, 0x1F5DB), (0x1F5DF, 0x1F5E0),
        (0x1F5E2, 0x1F5E2), (0x1F5E4, 0x1F5E7), (0x1F5E9, 0x1F5EE), (0x1F5F0, 0x1F5F2),
        (0x1F5F4, 0x1F5F9), (0x1F6C6, 0x1F6CA), (0x1F6D3, 0x1F6D4), (0x1F6E6, 0x1F6E8),
        (0x1F6EA, 0x1F6EA), (0x1F6F1, 0x1F6F2), (0x1F774, 0x1F77F), (0x1F7D5, 0x1F7D9),
        (0x1F8B0, 0x1F8BB), (0x1F8C0, 0x1F8C1), (0x1F8D0, 0x1F8D8), (0x1FA00, 0x1FA57),
        (0x1FA60, 0x1FA6D),
    ),
    "GCB=Prepend": ((0x11A3A, 0x11A3A),),
    "InCB=Extend": _ADDED["InCB=Linker"],  # they became linkers
}
_PROPERTIES = (
    "GCB=CR", "GCB=LF", "GCB=Control", "GCB=Extend", "GCB=ZWJ", "GCB=RI", "GCB=Prepend",
    "GCB=SpacingMark", "GCB=L", "GCB=V", "GCB=T", "GCB=LV", "GCB=LVT",
    "Extended_Pictographic", "InCB=Consonant", "InCB=Linker", "InCB=Extend",
)


class _Segmenter:
    """UAX #29 extended grapheme clusters as a stdlib pattern, with unicode-segmentation's
    tables.

    The pattern comes twice: a class with code points past U+FFFF makes ``re`` scan a
    list of ranges for every character, while a class within the BMP is a bitmap; so text
    without astral characters uses the BMP-only version (the same answer for such text).
    """

    def __init__(self, patterns: tuple[str, str, str, str]) -> None:
        """``patterns``: cluster (BMP, any) and joiner (BMP, any), as :func:`_patterns`."""
        self.cluster = _SplitPattern(patterns[0], patterns[1])
        self.joiner = _SplitPattern(patterns[2], patterns[3])
        # Any text past ASCII needs these two: compiled now, so that patterns read back
        # from the disk cache that do not compile are found here.
        self.cluster.bmp  # noqa: B018
        self.joiner.bmp  # noqa: B018


def _patterns() -> tuple[str, str, str, str]:
    """The segmenter's patterns, from the regex module's property tables changed as above
    (0.15 s: every code point is classified)."""
    every = _every_code_point()
    sets: dict[str, set[int]] = {}
    for prop in _PROPERTIES:
        found: set[int] = set()
        for match in regex.finditer(rf"\p{{{prop}}}+", every):
            found.update(map(ord, match.group()))
        sets[prop] = found
    for prop, spans in _ADDED.items():
        sets[prop] |= _expand(spans)
    for prop, spans in _REMOVED.items():
        sets[prop] -= _expand(spans)
    sets["GCB=Control"] |= set(range(0xD800, 0xE000))  # lone surrogates, as in the UCD
    # Every rule that keeps two characters together involves one of these (CR × LF,
    # L × ..., × V, × T, × Extend, × ZWJ, × SpacingMark, Prepend ×, RI × RI; a linker is
    # an Extend): text without them is all one-character clusters.
    joiners = {0x0D}
    for prop in ("GCB=L", "GCB=V", "GCB=T", "GCB=Extend", "GCB=ZWJ", "GCB=SpacingMark",
                 "GCB=Prepend", "GCB=RI"):
        joiners |= sets[prop]
    return (_cluster_pattern(sets, True), _cluster_pattern(sets, False),
            char_class(c for c in joiners if c <= 0xFFFF), char_class(joiners))


def _every_code_point() -> str:
    """Every code point but the surrogates, in order (as UTF-32 decoded in one call: a fifth
    of the time of joining 1.1 million one-character strings)."""
    kind = next(code for code in "IL" if array(code).itemsize == 4)
    points = array(kind, range(0xD800))
    points.extend(range(0xE000, 0x110000))
    return points.tobytes().decode(f"utf-32-{'le' if sys.byteorder == 'little' else 'be'}")


class _SplitPattern:
    """A pattern in two versions: for text within the BMP and for any text."""

    def __init__(self, bmp: str, full: str) -> None:
        # Each compiled on first use (a big class takes milliseconds; most texts never hold
        # an astral character): whole, then assigned.
        self._sources = (bmp, full)

    @functools.cached_property
    def bmp(self) -> re.Pattern[str]:
        return re.compile(self._sources[0], re.DOTALL)

    @functools.cached_property
    def full(self) -> re.Pattern[str]:
        return re.compile(self._sources[1], re.DOTALL)

    @classmethod
    def of_class(cls, codes: set[int]) -> _SplitPattern:
        return cls(char_class(c for c in codes if c <= 0xFFFF), char_class(codes))

    def pick(self, text: str) -> re.Pattern[str]:
        return self.full if _ASTRAL.search(text) else self.bmp


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def _cluster_pattern(sets: dict[str, set[int]], bmp_only: bool) -> str:
    def cls(codes: Iterable[int]) -> str:
        return char_class(c for c in codes if c <= 0xFFFF or not bmp_only)

    c = {prop: cls(found) for prop, found in sets.items()}
    controls = cls(sets["GCB=Control"] | sets["GCB=CR"] | sets["GCB=LF"])
    not_control = "[^" + controls[1:]
    hangul = (
        f"{c['GCB=L']}*(?:{c['GCB=V']}+|{c['GCB=LV']}{c['GCB=V']}*|{c['GCB=LVT']})"
        f"{c['GCB=T']}*|{c['GCB=L']}+|{c['GCB=T']}+"
    )
    pictographic = (
        f"{c['Extended_Pictographic']}"
        f"(?:{c['GCB=Extend']}*{c['GCB=ZWJ']}{c['Extended_Pictographic']})*"
    )
    linking = cls(sets["InCB=Extend"] | sets["InCB=Linker"])
    # GB9c's "[Extend Linker]* Linker [Extend Linker]*", split at the first linker so that
    # a long run of marks that ends in no consonant backtracks in linear time.
    conjunct = (
        f"{c['InCB=Consonant']}"
        f"(?:{c['InCB=Extend']}*{c['InCB=Linker']}{linking}*{c['InCB=Consonant']})+"
    )
    marks = cls(sets["GCB=Extend"] | sets["GCB=ZWJ"] | sets["GCB=SpacingMark"])
    # UAX #29's regular expression for extended grapheme clusters.
    return (
        f"\r\n|{controls}|{c['GCB=Prepend']}*"
        f"(?:{hangul}|{c['GCB=RI']}{c['GCB=RI']}|{pictographic}|{conjunct}|{not_control})"
        f"{marks}*"
    )


def _expand(spans: tuple[tuple[int, int], ...]) -> set[int]:
    return {code for first, last in spans for code in range(first, last + 1)}


_SEGMENTER_KIND = "grapheme-patterns"


@functools.cache
def _segmenter() -> _Segmenter:
    # Built on first use; ASCII text never needs it. The patterns depend on this module and
    # the regex module's tables only: the disk cache keeps them under a digest of both.
    digest = disk_cache.content_digest(Path(__file__).read_bytes()
                                       + regex.__version__.encode("ascii", "replace"))
    cached = disk_cache.load(_SEGMENTER_KIND, digest)
    if isinstance(cached, tuple) and len(cached) == 4 and all(map(str.__instancecheck__,
                                                                   cached)):
        try:
            return _Segmenter(cached)
        except re.error:
            pass  # not patterns this module wrote: built again below
    patterns = _patterns()
    disk_cache.store(_SEGMENTER_KIND, digest, patterns)
    return _Segmenter(patterns)


def graphemes(text: str) -> list[str]:
    """Extended grapheme clusters as the Rust ``unicode-segmentation`` crate (1.13) cuts them."""
    segmenter = _segmenter()
    if segmenter.joiner.pick(text).search(text) is None:
        return list(text)
    return segmenter.cluster.pick(text).findall(text)


def parse_charsmap(blob: bytes) -> dict[bytes, str]:
    """Every key of the trie (UTF-8 bytes) → its replacement; ConfigError if malformed."""
    trie_bytes = _trie_bytes(blob)
    units = struct.unpack_from(f"<{trie_bytes // 4}I", blob, 4)
    pool = blob[4 + trie_bytes:]

    # darts-clone shares common suffixes (the trie is a DAG), so a node can be reached by
    # several keys; HF's search stops at a NUL byte.
    # Many keys share a replacement: each is read from the pool once.
    replacements: dict[int, str] = {}
    rules: dict[bytes, str] = {}
    for key, at in trie_keys(units, nul_is_label=False, max_key_bytes=_MAX_KEY_BYTES):
        offset = value_offset(units, at, key)
        value = replacements.get(offset)
        if value is None:
            value = replacements[offset] = _replacement(pool, offset, key)
        rules[key] = value
    return rules


def _trie_bytes(blob: bytes) -> int:
    """The byte size of the map's trie units (at least one), its pool checked to be UTF-8;
    ConfigError naming what is wrong otherwise."""
    if len(blob) < 4:
        raise ConfigError(
            Message("precompiled_charsmap has {blob_count} bytes; it must start with a 4-byte trie "
                    "size", blob_count=len(blob))
        )
    (trie_size,) = struct.unpack_from("<I", blob, 0)
    count = trie_size // 4  # like HF: a size that is not a multiple of 4 leaves bytes to the pool
    if 4 + 4 * count > len(blob):
        raise ConfigError(
            Message("precompiled_charsmap says its trie has {trie_size} bytes, but only "
                    "{blob_count} bytes follow the size", trie_size=trie_size,
                    blob_count=len(blob) - 4)
        )
    if count == 0:
        raise ConfigError("precompiled_charsmap has an empty trie (no root unit)")
    try:
        blob[4 + 4 * count:].decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(
            Message("precompiled_charsmap: the replacement strings are not UTF-8 ({reason} at byte "
                    "{start} of the pool)", reason=exc.reason, start=exc.start)
        ) from None
    return 4 * count


def _replacement(pool: bytes, offset: int, key: bytes) -> str:
    if offset > len(pool):
        raise ConfigError(
            Message("precompiled_charsmap: key {key!r} points at byte {offset} of a "
                    "{pool_count}-byte replacement pool", key=key, offset=offset,
                    pool_count=len(pool))
        )
    end = pool.find(b"\0", offset)
    try:
        return pool[offset:end if end >= 0 else len(pool)].decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(
            Message("precompiled_charsmap: key {key!r} points inside a character (byte {offset}) "
                    "of the replacement pool", key=key, offset=offset)
        ) from None


# The disk cache keeps a map in two entries: what every text needs (the one-character
# rules, what is known of the longer ones) and the rules themselves, read only for a text
# with a cluster that a longer rule may start (220k of pegasus' 225k rules are longer: Hangul
# jamo and combining marks, which most texts never hold).
_CORE_KIND = "precompiled-charsmap-core"
_RULES_KIND = "precompiled-charsmap-rules"


def _rule_lists(byte_rules: dict[bytes, str]) -> dict[str, Any]:
    """The rules as parallel lists, str keys when all are whole UTF-8, else bytes."""
    try:
        keys: list[str] | list[bytes] = [key.decode("utf-8") for key in byte_rules]
        text = True
    except UnicodeDecodeError:
        keys, text = list(byte_rules), False
    return {"keys": keys, "values": list(byte_rules.values()), "text": text}


def _core_of(lists: dict[str, Any]) -> dict[str, Any]:
    """What the normalizer needs before any longer rule, from :func:`_rule_lists`."""
    keys, values, text = lists["keys"], lists["values"], lists["text"]
    table: dict[int, str] = {}
    starts = pairs = ""
    if text:
        singles = list(map((1).__eq__, map(len, keys)))
        table = dict(zip(map(ord, compress(keys, singles)), compress(values, singles),
                         strict=True))
        starts = "".join({key[0]: None for key in keys})
        pairs = "".join({key[:2]: None for key in keys if len(key) > 1})
    changed = set(table)
    return {"text": text, "count": len(keys),
            "max_key_bytes": max(map(len, map(str.encode, keys)) if text else map(len, keys),
                                 default=0),
            "max_key_chars": max(map(len, keys), default=0) if text else 0,
            "table": table, "starts": starts, "pairs": pairs,
            "changed": (char_class(c for c in changed if c <= 0xFFFF), char_class(changed))}


def _checked_core(state: Any) -> dict[str, Any] | None:
    """``state`` when it has the shape :func:`_core_of` gives (read back from the disk
    cache), else None. The entry's checksum rules out damaged bytes; this rules out an
    entry of another shape."""
    try:
        table, changed, pairs = state["table"], state["changed"], state["pairs"]
        if not (isinstance(state["text"], bool) and type(state["count"]) is int
                and type(state["max_key_bytes"]) is int and type(state["max_key_chars"]) is int
                and isinstance(state["starts"], str) and isinstance(pairs, str)
                and len(pairs) % 2 == 0 and isinstance(changed, tuple) and len(changed) == 2
                and all(map(str.__instancecheck__, changed)) and isinstance(table, dict)
                and set(map(type, table)) <= {int} and set(map(type, table.values())) <= {str}):
            return None
        # A text map of any rule starts with some character; a bytes map has no str rules.
        if state["text"] != bool(state["count"] == 0 or state["starts"]) or (
                not state["text"] and (table or pairs or state["max_key_chars"])):
            return None
    except (KeyError, TypeError):
        return None
    return state


def _checked_lists(lists: Any, text: bool, count: int) -> dict[str, Any] | None:
    """``lists`` when it has the shape :func:`_rule_lists` gives for a map of ``count``
    rules, else None."""
    try:
        keys, values = lists["keys"], lists["values"]
        if not (isinstance(keys, list) and isinstance(values, list)
                and len(keys) == len(values) == count and lists["text"] is text
                and set(map(type, keys)) <= {str if text else bytes}
                and set(map(type, values)) <= {str}):
            return None
    except (KeyError, TypeError):
        return None
    return lists


def _core(blob: bytes, digest: str) -> dict[str, Any]:
    """The map's core, from the disk cache when it holds this very map (walking the trie
    and reading 224k replacements takes half a second)."""
    core = _checked_core(disk_cache.load(_CORE_KIND, digest))
    if core is None:
        summary = summarize(blob, _trie_bytes(blob), nul_is_label=False,
                            max_key_bytes=_MAX_KEY_BYTES)
        if summary is None:  # an odd map: every rule read, which names what is wrong
            lists = _rule_lists(parse_charsmap(blob))
            core = _core_of(lists)
            disk_cache.store(_RULES_KIND, digest, lists)
        else:  # the rules of two characters or more are read when a text needs them
            core = _core_of_summary(summary)
        disk_cache.store(_CORE_KIND, digest, core)
    return core


def _core_of_summary(summary: MapSummary) -> dict[str, Any]:
    """:func:`_core_of` for a map whose keys are all whole UTF-8, from its summary."""
    table = {ord(key): value for key, value in summary.singles.items()}
    starts = {*summary.singles, *(pair[0] for pair in summary.pairs)}
    return {"text": True, "count": summary.count, "max_key_bytes": summary.max_key_bytes,
            "max_key_chars": summary.max_key_chars, "table": table,
            "starts": "".join(sorted(starts)), "pairs": "".join(sorted(summary.pairs)),
            "changed": (char_class(c for c in table if c <= 0xFFFF), char_class(table))}


def _lists(blob: bytes, digest: str, text: bool, count: int) -> dict[str, Any]:
    lists = _checked_lists(disk_cache.load(_RULES_KIND, digest), text, count)
    if lists is None:
        lists = _rule_lists(parse_charsmap(blob))
        disk_cache.store(_RULES_KIND, digest, lists)
    return lists


class PrecompiledNormalizer(Normalizer):
    """SentencePiece's precompiled character map (HF's ``Precompiled`` normalizer)."""

    kind = "precompiled"

    def __init__(self, charsmap_b64: str) -> None:
        if not isinstance(charsmap_b64, str):
            raise ConfigError(
                Message("precompiled_charsmap must be a base64 string, not {name}",
                        name=type(charsmap_b64).__name__)
            )
        try:
            blob = base64.b64decode(charsmap_b64, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ConfigError(Message("precompiled_charsmap is not valid base64: {exc}",
                                      exc=exc)) from None
        self.charsmap_b64 = charsmap_b64
        self._blob = blob
        self._digest = disk_cache.content_digest(blob)
        core = _core(blob, self._digest)
        # With every key whole UTF-8 (always, for maps SentencePiece builds), the shortest
        # key that prefixes a string's bytes is the shortest that prefixes its characters,
        # so lookups can stay in str; otherwise every lookup goes through bytes.
        self._text: bool = core["text"]
        self._rule_count: int = core["count"]
        self._max_key_bytes: int = core["max_key_bytes"]
        self._max_key_chars: int = core["max_key_chars"]
        self._table: dict[int, str] = core["table"]  # the one-character rules, by code point
        self._starts = frozenset(core["starts"])
        # The first two characters of every longer rule: a text that holds none of them
        # needs no longer rule.
        pairs: str = core["pairs"]
        self._pairs = frozenset(pairs[i:i + 2] for i in range(0, len(pairs), 2))
        self._changed = _SplitPattern(*core["changed"])
        # Built on first use, whole, then assigned (a thread racing builds its own).
        self._rule_table: dict[str, str] | None = None
        self._byte_table: dict[bytes, str] | None = None
        self._crlf = self._whole("\r\n")

    def to_config(self) -> dict[str, Any]:
        return {"type": "Precompiled", "precompiled_charsmap": self.charsmap_b64}

    @property
    def _rules(self) -> dict[str, str]:
        """Every key → its replacement (a map whose keys are whole UTF-8)."""
        table = self._rule_table
        if table is None:
            lists = _lists(self._blob, self._digest, self._text, self._rule_count)
            table = self._rule_table = dict(zip(lists["keys"], lists["values"], strict=True))
        return table

    @property
    def _byte_rules(self) -> dict[bytes, str]:
        """Every key (UTF-8 bytes) → its replacement."""
        table = self._byte_table
        if table is None:
            if self._text:
                rules = self._rules
                table = dict(zip(map(str.encode, rules), rules.values(), strict=True))
            else:
                lists = _lists(self._blob, self._digest, self._text, self._rule_count)
                table = dict(zip(lists["keys"], lists["values"], strict=True))
            self._byte_table = table
        return table

    @property
    def rule_count(self) -> int:
        return self._rule_count

    def rule(self, key: str) -> str | None:
        """The replacement the map holds for exactly this key, or None."""
        return self._byte_rules.get(key.encode("utf-8", "surrogatepass"))

    # -- lookups ----------------------------------------------------------------------------
    def _transform(self, chunk: str) -> str | None:
        """HF's ``transform``: the replacement of the shortest key that starts ``chunk``."""
        if self._text and chunk:
            found = self._table.get(ord(chunk[0]))
            if found is not None or chunk[:2] not in self._pairs:
                return found
            rules = self._rules
            for end in range(2, min(len(chunk), self._max_key_chars) + 1):
                found = rules.get(chunk[:end])
                if found is not None:
                    return found
            return None
        data = chunk.encode("utf-8", "surrogatepass")
        for end in range(1, min(len(data), self._max_key_bytes) + 1):
            if data[end - 1] == 0:  # HF's trie search stops at a NUL byte
                return None
            found = self._byte_rules.get(data[:end])
            if found is not None:
                return found
        return None

    def _whole(self, cluster: str) -> str | None:
        """What a whole cluster becomes, or None when HF goes character by character."""
        if len(cluster.encode("utf-8", "surrogatepass")) >= _WHOLE_CLUSTER_LIMIT:
            return None
        return self._transform(cluster)

    def _cluster_edits(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, replacement) for each cluster of 2+ characters replaced whole."""
        edits: list[tuple[int, int, str]] = []
        if text.isascii():
            # In ASCII only "\r\n" is a cluster of more than one character.
            if self._crlf is not None:
                at = text.find("\r\n")
                while at >= 0:
                    edits.append((at, at + 2, self._crlf))
                    at = text.find("\r\n", at + 2)
            return edits
        clusters = graphemes(text)
        if len(clusters) == len(text):
            return edits
        starts = self._starts
        pos = 0
        for cluster in clusters:
            size = len(cluster)
            if size > 1 and cluster[0] in starts:
                whole = self._whole(cluster)
                if whole is not None:
                    edits.append((pos, pos + size, whole))
            pos += size
        return edits

    def _edits(self, text: str) -> Iterator[tuple[int, int, str]]:
        """(start, end, replacement) character spans, in order, for everything replaced."""
        if not self._text:
            yield from self._edits_by_bytes(text)
            return
        table = self._table
        changed = self._changed.pick(text)
        pos = 0
        for start, end, whole in [*self._cluster_edits(text), (len(text), len(text), "")]:
            for match in changed.finditer(text, pos, start):
                at = match.start()
                yield at, at + 1, table[ord(match.group())]
            if end > start:
                yield start, end, whole
            pos = end

    def _edits_by_bytes(self, text: str) -> Iterator[tuple[int, int, str]]:
        # The plain rule, cluster by cluster, for maps with keys that are not whole UTF-8.
        pos = 0
        for cluster in graphemes(text):
            size = len(cluster)
            whole = self._whole(cluster)
            if whole is not None:
                yield pos, pos + size, whole
            else:
                for i, char in enumerate(cluster, pos):
                    found = self._transform(char)
                    if found is not None:
                        yield i, i + 1, found
            pos += size

    # -- Normalizer -------------------------------------------------------------------------
    def normalize_str(self, text: str) -> str:
        if not self._text:
            return self.normalize(text).text
        table = self._table
        out: list[str] = []
        pos = 0
        # Between clusters replaced whole, characters are looked up one by one: one
        # str.translate call per stretch.
        for start, end, whole in self._cluster_edits(text):
            out.append(text[pos:start].translate(table))
            out.append(whole)
            pos = end
        if not out:
            return text.translate(table)
        out.append(text[pos:].translate(table))
        return "".join(out)

    def normalize(self, text: str) -> NormalizedText:
        out: list[str] = []
        sources: list[tuple[int, int]] = []
        pos = 0
        for start, end, replacement in self._edits(text):
            out.append(text[pos:start])
            sources.extend((i, i + 1) for i in range(pos, start))
            out.append(replacement)
            sources.extend([(start, end)] * len(replacement))
            pos = end
        if not out:
            return NormalizedText(text)
        out.append(text[pos:])
        sources.extend((i, i + 1) for i in range(pos, len(text)))
        result = "".join(out)
        if result == text:  # every change rewrote something to itself
            return NormalizedText(text)
        return NormalizedText(result, tuple(sources))

    def describe(self) -> str:
        return f"SentencePiece precompiled map, {self.rule_count} rules"
