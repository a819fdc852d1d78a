"""PrecompiledNormalizer gives exactly what Hugging Face's ``Precompiled`` gives: on the real
SentencePiece map of pegasus (NTREX-128 lines in 26 languages, every code point in contexts
that show each grapheme rule, hypothesis text) and on small maps built here to pin the rules
(shortest key wins, the 6-byte cluster limit, keys that are not whole UTF-8). A map and the
grapheme patterns read back from the disk cache are the ones built, and a damaged or
misshapen entry is ignored."""

from __future__ import annotations

import base64
import json
import os
import struct
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import normalizers as hf_normalizers

from bpelens.core.errors import ConfigError
from bpelens.core.fast import disk_cache
from bpelens.core.formats.hf_json import build_normalizer
from bpelens.core.pipeline.normalizers import precompiled
from bpelens.core.pipeline.normalizers.base import NormalizedText
from bpelens.core.pipeline.normalizers.precompiled import (
    PrecompiledNormalizer,
    _segmenter,
    graphemes,
)

from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

PEGASUS = SHARED_DATA / "tokenizers" / "hf" / "pegasus-unigram.tokenizer.json"
NTREX = SHARED_DATA / "parallel" / "ntrex128"


@cache
def pegasus() -> tuple[PrecompiledNormalizer, object]:
    """Ours and HF's Precompiled, both from pegasus' tokenizer.json."""
    config = json.loads(PEGASUS.read_text(encoding="utf-8"))["normalizer"]
    assert config["type"] == "Sequence"
    assert config["normalizers"][0]["type"] == "Precompiled"
    ours = PrecompiledNormalizer(config["normalizers"][0]["precompiled_charsmap"])
    theirs = HFTokenizer.from_file(str(PEGASUS)).normalizer[0]  # type: ignore[index]
    return ours, theirs


def ntrex_lines() -> list[str]:
    files = sorted(NTREX.glob("*.txt"))
    assert len(files) == 26
    lines: list[str] = []
    for path in files:
        lines += [line.rstrip("\r") for line in path.read_text(encoding="utf-8").split("\n")]
    return lines


def check_sources(text: str, result: NormalizedText) -> None:
    """Sources cover the output, stay inside the input and never go back."""
    if result.sources is None:
        assert result.text == text
        return
    assert len(result.sources) == len(result.text)
    previous = 0
    for start, end in result.sources:
        assert 0 <= start < end <= len(text)
        assert start >= previous
        previous = start


@needs_shared_data
def test_every_ntrex_line_matches_hf() -> None:
    ours, theirs = pegasus()
    lines = ntrex_lines()
    assert len(lines) > 50_000
    # Whole files too: one long text crosses the "\n" and "\r\n" clusters between lines.
    texts = lines + [p.read_text(encoding="utf-8") for p in sorted(NTREX.glob("*.txt"))]
    bad = [t for t in texts if ours.normalize_str(t) != theirs.normalize_str(t)]
    assert not bad, f"{len(bad)} of {len(texts)} texts differ, e.g. {bad[:3]!r}"
    changed = sum(ours.normalize_str(line) != line for line in lines)
    assert changed > 1000  # the map really does something on this text


@needs_shared_data
def test_ntrex_aligned_output_matches_hf_and_sources_are_consistent() -> None:
    ours, theirs = pegasus()
    for line in ntrex_lines():
        result = ours.normalize(line)
        assert result.text == theirs.normalize_str(line)  # type: ignore[attr-defined]
        check_sources(line, result)


# Contexts that make each grapheme rule visible through the map: a cluster under 6 bytes
# that starts with a key is replaced whole (its other characters vanish), so whether a
# character joins its neighbours shows in the output.
CONTEXTS = {
    "joins the previous character (Extend, SpacingMark)": lambda c: "\u00a8" + c,
    "the next character joins it (Prepend, Control)": lambda c: c + "\u00a8\u0301",
    "conjunct member (InCB Consonant, Extend, Linker)": lambda c: "क" + c + "्\u0958\u0301",
    "starts an emoji ZWJ sequence (Extended_Pictographic)": lambda c: c + "\u200d™\u0301",
}


@needs_shared_data
@pytest.mark.parametrize("context", list(CONTEXTS))
def test_every_code_point_in_grapheme_contexts_matches_hf(context: str) -> None:
    ours, theirs = pegasus()
    make = CONTEXTS[context]
    codes = [c for c in range(0x110000) if not 0xD800 <= c < 0xE000]
    bad: list[str] = []
    for first in range(0, len(codes), 5000):
        probes = [make(chr(c)) for c in codes[first:first + 5000]]
        joined = "\n".join(probes)  # "\n" is a control: clusters never cross it
        if ours.normalize_str(joined) != theirs.normalize_str(joined):  # type: ignore[attr-defined]
            bad += [p for p in probes if ours.normalize_str(p) != theirs.normalize_str(p)]
    assert not bad, f"{len(bad)} code points differ, e.g. {[hex(ord(p[1])) for p in bad[:5]]}"


def test_text_without_joiners_is_all_one_character_clusters() -> None:
    # graphemes() skips the cluster pattern when no character can join another; check that
    # shortcut against the pattern on every other code point, next to each other.
    segmenter = _segmenter()
    loners = [chr(c) for c in range(0x110000)
              if not 0xD800 <= c < 0xE000 and not segmenter.joiner.full.match(chr(c))]
    assert len(loners) > 1_000_000
    for text in ("".join(loners), "".join(reversed(loners))):
        assert len(segmenter.cluster.full.findall(text)) == len(text)


def test_known_grapheme_rules() -> None:
    assert graphemes("a\r\nb") == ["a", "\r\n", "b"]
    assert graphemes("e\u0301x") == ["e\u0301", "x"]
    # GB9c: a linker joins consonants only after a consonant (the regex module's \X joins
    # "a्क" too; unicode-segmentation does not).
    assert graphemes("क्ष") == ["क्ष"]
    assert graphemes("a्क") == ["a्", "क"]
    assert graphemes("🇫🇷🇩") == ["🇫🇷", "🇩"]
    assert graphemes("👩\u200d🔬!") == ["👩\u200d🔬", "!"]
    assert graphemes("") == []


@needs_shared_data
def test_hf_rules_on_the_real_map() -> None:
    ours, _ = pegasus()
    # Shortest key wins for a whole cluster: "Ａ" alone is a key, so the accent goes.
    assert ours.normalize_str("Ａ\u0301") == "A"
    # Composition through a two-character key.
    assert ours.normalize_str("A\u0300") == "À"
    # "\r" is a key, so the "\r\n" cluster becomes its replacement alone.
    assert ours.normalize_str("a\r\nb") == "a b"
    assert ours.normalize_str("plain ascii") == "plain ascii"
    assert ours.normalize("plain ascii").sources is None
    result = ours.normalize("x Ａ\u0301y")
    assert result.text == "x Ay"
    assert result.sources == ((0, 1), (1, 2), (2, 4), (4, 5))


# -- hypothesis ------------------------------------------------------------------------------
INTERESTING = (
    "aAeE ~\t\r\n\x00\x01\x7f\x85\u00a0\u00a8\u00b4\u00bd\u2122\u2026\u3000"
    "\u0300\u0301\u0308\u0327\u0338\u093c\u094d\u0915\u0958\u09cd\u09a4"  # marks, Indic
    "ＡＢａ０！～\uff61\uff76\uff9e"  # full-width and half-width forms
    "\u1100\u1161\u11a8\uac00\u3131"  # Hangul jamo and syllables
    "\u1000\u1039\u17d2\u1780\u0e33\u0e40"  # Myanmar, Khmer, Thai
    "\U0001f600\U0001f3fd\u200d\u200c\ufe0f\U0001f1eb\U0001f1f7\u2605\u2600"  # emoji
    "\U0001d400\u0600\U00011a3a\u1acf\u2460\u33a1\ufb01"
)
texts = st.text(
    alphabet=st.one_of(st.sampled_from(INTERESTING), st.characters(exclude_categories=("Cs",))),
    max_size=40,
)


@needs_shared_data
@given(texts)
@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_hypothesis_text_matches_hf(text: str) -> None:
    ours, theirs = pegasus()
    assert ours.normalize_str(text) == theirs.normalize_str(text)  # type: ignore[attr-defined]
    result = ours.normalize(text)
    assert result.text == theirs.normalize_str(text)  # type: ignore[attr-defined]
    check_sources(text, result)


# -- small maps built here -------------------------------------------------------------------
def build_charsmap(rules: dict[bytes, str]) -> bytes:
    """A double-array trie in the darts-clone layout HF reads, then the replacement pool."""
    children: list[dict[int, int]] = [{}]
    terminal: dict[int, str] = {}
    for key, value in rules.items():
        node = 0
        for byte in key:
            node = children[node].setdefault(byte, len(children))
            if node == len(children):
                children.append({})
        terminal[node] = value
    pool = b""
    offsets: dict[str, int] = {}
    for value in terminal.values():
        if value not in offsets:
            offsets[value] = len(pool)
            pool += value.encode("utf-8") + b"\0"
    # A base per node: children at base ^ label, the value (if any) at base itself.
    used = {0}
    base: dict[int, int] = {}
    for node in range(len(children)):
        slots = list(children[node]) + ([0] if node in terminal else [])
        candidate = 256
        while candidate in base.values() or any(candidate ^ s in used for s in slots):
            candidate += 1
        base[node] = candidate
        used.update(candidate ^ s for s in slots)
    # HF probes base ^ label for any byte without a bounds check: like darts-clone, cover
    # every base's whole block of 256 units.
    units = [0] * ((max(max(used), *base.values()) | 0xFF) + 1)
    units[0] = base[0] << 10
    for node, kids in enumerate(children):
        for label, child in kids.items():
            pos = base[node] ^ label
            leaf = 1 << 8 if child in terminal else 0
            units[pos] = ((pos ^ base[child]) << 10) | leaf | label
        if node in terminal:
            units[base[node]] = (1 << 31) | offsets[terminal[node]]
    trie = struct.pack(f"<{len(units)}I", *units)
    return struct.pack("<I", len(trie)) + trie + pool


def both(rules: dict[bytes, str]) -> tuple[PrecompiledNormalizer, object]:
    blob = build_charsmap(rules)
    ours = PrecompiledNormalizer(base64.b64encode(blob).decode("ascii"))
    return ours, hf_normalizers.Precompiled(blob)


SMALL_RULES = {
    b"a": "1",
    b"ab": "2",  # never wins: "a" is shorter
    "b\u0301".encode(): "β",
    b"c": "",  # removed
    "\u00e9".encode(): "e\u0301",
    "\u0301".encode(): "´",
    b"xyz": "XYZ",
    b"\r": "<CR>",
}


def test_built_map_reads_back() -> None:
    ours, _ = both(SMALL_RULES)
    assert ours.rule_count == len(SMALL_RULES)
    assert ours.rule("ab") == "2"
    assert ours.rule("zz") is None


SMALL_TEXTS = [
    "", "a", "ab", "abc", "b\u0301", "bb\u0301", "c\u0301", "ccc", "\u00e9\u0301", "xyz", "xy",
    "xyz\u0301", "e\u0301\u0301\u0301", "a\u0301\u0301", "a\u0301\u0301\u0301", "\r\n", "\r\r\n",
    "b\u0301\u0301\u0301", "xyz\u0301\u0301",
]


@pytest.mark.parametrize("text", SMALL_TEXTS)
def test_small_map_matches_hf(text: str) -> None:
    ours, theirs = both(SMALL_RULES)
    assert ours.normalize_str(text) == theirs.normalize_str(text)  # type: ignore[attr-defined]
    result = ours.normalize(text)
    assert result.text == theirs.normalize_str(text)  # type: ignore[attr-defined]
    check_sources(text, result)


def test_small_map_semantics() -> None:
    ours, _ = both(SMALL_RULES)
    assert ours.normalize_str("ab") == "1b"  # two clusters; "ab" is a key but "a" is shorter
    assert ours.normalize_str("a\u0301") == "1"  # one cluster: shortest key "a" wins
    # 6 bytes or more: character by character ("a" + two accents is 5 bytes; three, 7).
    assert ours.normalize_str("a\u0301\u0301") == "1"
    assert ours.normalize_str("a\u0301\u0301\u0301") == "1´´´"
    assert ours.normalize_str("c\u0301") == ""
    result = ours.normalize("za\u0301c")
    assert result.text == "z1"
    assert result.sources == ((0, 1), (1, 3))


small_texts = st.text(alphabet=st.sampled_from(list("abcxyz\u0301\u00e9\r\n \u00ff\u0915\u094d")),
                      max_size=12)


@given(small_texts)
@settings(max_examples=300, deadline=None)
def test_hypothesis_small_map_matches_hf(text: str) -> None:
    ours, theirs = both(SMALL_RULES)
    assert ours.normalize_str(text) == theirs.normalize_str(text)  # type: ignore[attr-defined]
    check_sources(text, ours.normalize(text))


BYTE_RULES = {
    b"\xc3": "<C3>",  # the first byte of é, ü, ÿ...: a key that is not whole UTF-8
    "\u00e9x".encode(): "never",  # "\xc3" is shorter
    b"q": "Q",
}


@given(st.text(alphabet=st.sampled_from(list("qé\u00ffa\u0301ü\u00c0\u0100")), max_size=10))
@settings(max_examples=200, deadline=None)
def test_keys_that_are_not_whole_utf8_match_hf(text: str) -> None:
    ours, theirs = both(BYTE_RULES)
    assert ours.normalize_str(text) == theirs.normalize_str(text)  # type: ignore[attr-defined]
    check_sources(text, ours.normalize(text))


def test_trie_size_not_a_multiple_of_four_matches_hf() -> None:
    # The two stray bytes become the start of HF's string pool, shifting every offset.
    rules = {b"a": "A", b"b": "B"}
    blob = build_charsmap(rules)
    (size,) = struct.unpack_from("<I", blob)
    odd = struct.pack("<I", size + 2) + blob[4:4 + size] + b"zz" + blob[4 + size:]
    theirs = hf_normalizers.Precompiled(odd)
    ours = PrecompiledNormalizer(base64.b64encode(odd).decode())
    for text in ("a", "b", "ab", "abc"):
        assert ours.normalize_str(text) == theirs.normalize_str(text)


# -- configuration and errors ----------------------------------------------------------------
def test_config_round_trip() -> None:
    blob = base64.b64encode(build_charsmap(SMALL_RULES)).decode()
    normalizer = PrecompiledNormalizer(blob)
    assert normalizer.kind == "precompiled"
    assert normalizer.to_config() == {"type": "Precompiled", "precompiled_charsmap": blob}
    again = build_normalizer(normalizer.to_config())
    assert again.normalize_str("a\u0301b") == normalizer.normalize_str("a\u0301b")
    assert "8 rules" in normalizer.describe()


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def blob_with_value(value: int, pool: bytes) -> bytes:
    """One key "a" whose value unit says ``value``."""
    good = build_charsmap({b"a": "x"})
    (size,) = struct.unpack_from("<I", good)
    units = list(struct.unpack_from(f"<{size // 4}I", good, 4))
    at = next(i for i, u in enumerate(units) if u >> 31)
    units[at] = (1 << 31) | value
    return struct.pack("<I", size) + struct.pack(f"<{len(units)}I", *units) + pool


@pytest.mark.parametrize(("charsmap", "problem"), [
    ("not base64!", "not valid base64"),
    (b64(b"\x01\x00"), "4-byte trie size"),
    (b64(struct.pack("<I", 400) + b"\x00" * 8), "says its trie has 400 bytes"),
    (b64(struct.pack("<I", 0)), "empty trie"),
    (b64(build_charsmap({b"a": "x"})[:-2] + b"\xff\x00"), "not UTF-8"),
    (b64(blob_with_value(99, b"x\0")), "points at byte 99"),
    (b64(blob_with_value(1, "é\0".encode())), "inside a character"),
])
def test_malformed_maps_raise_config_error(charsmap: str, problem: str) -> None:
    with pytest.raises(ConfigError, match=problem):
        PrecompiledNormalizer(charsmap)


def test_a_cycle_is_reported() -> None:
    # The root's child "a" points back at the root's own base: keys a, aa, aaa, ...
    base = 256
    units = [0] * 512
    units[0] = base << 10
    pos = base ^ ord("a")
    units[pos] = ((pos ^ base) << 10) | ord("a")
    blob = struct.pack("<I", 4 * len(units)) + struct.pack(f"<{len(units)}I", *units)
    with pytest.raises(ConfigError, match="cycle"):
        PrecompiledNormalizer(b64(blob))


def test_not_a_string() -> None:
    with pytest.raises(ConfigError, match="base64 string"):
        PrecompiledNormalizer(b"abc")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="precompiled_charsmap"):
        build_normalizer({"type": "Precompiled"})



# -- the disk cache ----------------------------------------------------------------------------
def normalizer_state(normalizer: PrecompiledNormalizer) -> tuple:
    return (normalizer._text, normalizer._rules if normalizer._text else None,
            normalizer._byte_rules, normalizer._pairs, normalizer.rule_count,
            normalizer._max_key_bytes, normalizer._max_key_chars, normalizer._table,
            normalizer._starts, normalizer._changed.bmp.pattern, normalizer._changed.full.pattern,
            normalizer._crlf)


@pytest.fixture
def cache_dir(tmp_path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("BPELENS_CACHE", raising=False)
    return tmp_path


def pegasus_charsmap() -> str:
    config = json.loads(PEGASUS.read_text(encoding="utf-8"))["normalizer"]
    return config["normalizers"][0]["precompiled_charsmap"]


@needs_shared_data
def test_a_map_from_the_disk_cache_is_the_parsed_one(cache_dir, monkeypatch) -> None:
    charsmap = pegasus_charsmap()
    fresh = PrecompiledNormalizer(charsmap)
    digest = disk_cache.content_digest(base64.b64decode(charsmap))
    assert disk_cache.load(precompiled._CORE_KIND, digest) is not None
    # Opening the map reads its summary only; every rule is read (and kept) on first need.
    assert disk_cache.load(precompiled._RULES_KIND, digest) is None
    want = normalizer_state(fresh)
    assert disk_cache.load(precompiled._RULES_KIND, digest) is not None
    monkeypatch.setattr(precompiled, "parse_charsmap", None)  # the cache must answer
    cached = PrecompiledNormalizer(charsmap)
    assert normalizer_state(cached) == want
    _, theirs = pegasus()
    for line in ntrex_lines()[::7]:
        assert cached.normalize_str(line) == theirs.normalize_str(line), line
        assert cached.normalize(line) == fresh.normalize(line), line


@pytest.mark.parametrize("rules", [
    {b"a": "b", "é".encode(): "e", b"ab": "X"},
    {b"q": "Q", b"\xc3": "x", "é".encode(): "E"},  # a key that is not whole UTF-8
])
def test_a_small_map_from_the_disk_cache_is_the_parsed_one(rules, cache_dir) -> None:
    charsmap = b64(build_charsmap(rules))
    fresh = PrecompiledNormalizer(charsmap)
    cached = PrecompiledNormalizer(charsmap)
    assert normalizer_state(cached) == normalizer_state(fresh)
    for text in ("aé\u0301bqé\r\n", "qab", ""):
        assert cached.normalize(text) == fresh.normalize(text)


@needs_shared_data
@pytest.mark.parametrize("change", [
    "flip core", "flip rules", "keys", "values", "text of rules", "rules not a dict", "text",
    "table", "changed", "pairs", "core not a dict"])
def test_a_damaged_map_entry_is_ignored(change: str, cache_dir) -> None:
    charsmap = pegasus_charsmap()
    fresh = PrecompiledNormalizer(charsmap)
    want = normalizer_state(fresh)  # every rule read: both entries kept
    digest = disk_cache.content_digest(base64.b64decode(charsmap))
    kind = precompiled._CORE_KIND if change in (
        "flip core", "text", "table", "changed", "pairs", "core not a dict",
    ) else precompiled._RULES_KIND
    if change.startswith("flip"):
        [entry] = cache_dir.glob(f"{kind}-*")
        raw = bytearray(entry.read_bytes())
        raw[-100] ^= 0x01
        entry.write_bytes(bytes(raw))
    else:
        state = disk_cache.load(kind, digest)
        if change == "keys":
            state["keys"] = state["keys"][:-1]
        elif change == "values":
            state["values"][3] = 7
        elif change in ("text", "text of rules"):
            state["text"] = False  # str keys where bytes would be
        elif change == "table":
            state["table"] = {"a": "b"}
        elif change == "changed":
            state["changed"] = ("[a]",)
        elif change == "pairs":
            state["pairs"] = state["pairs"][:-1]
        else:
            state = [1, 2]
        disk_cache.store(kind, digest, state)
    again = PrecompiledNormalizer(charsmap)
    assert normalizer_state(again) == want
    _, theirs = pegasus()
    for line in ntrex_lines()[::50]:
        assert again.normalize_str(line) == theirs.normalize_str(line), line


@needs_shared_data
def test_the_longer_rules_are_read_only_for_text_that_may_need_them(cache_dir) -> None:
    charsmap = pegasus_charsmap()
    PrecompiledNormalizer(charsmap)  # fills the cache
    normalizer = PrecompiledNormalizer(charsmap)
    _, theirs = pegasus()
    for text in ("plain ASCII\r\n", "नमस्ते, مرحبا, Ünïcödé 👋 東京", "ｆｕｌｌ①"):
        assert normalizer.normalize_str(text) == theirs.normalize_str(text)
        assert normalizer.normalize(text).text == theirs.normalize_str(text)
    assert normalizer._rule_table is None, "the longer rules were read"
    for text in ("\u1100\u1161\u11a8", "e\u0301 a\u0308"):
        assert normalizer.normalize_str(text) == theirs.normalize_str(text)
    assert normalizer._rule_table is not None


def segmenter_patterns() -> tuple[str, ...]:
    segmenter = _segmenter()
    return tuple(p.pattern for pair in (segmenter.cluster, segmenter.joiner)
                 for p in (pair.bmp, pair.full))


@pytest.mark.parametrize("damage", [None, ("x",) * 3, ("[", "a", "b", "c"), "patterns"])
def test_the_grapheme_patterns_from_the_disk_cache_are_the_built_ones(damage, cache_dir,
                                                                       monkeypatch) -> None:
    built = precompiled._patterns()
    texts = ("नमस्ते", "a\u0301\r\n", "🇫🇷👍🏽", "\u1100\u1161\u11a8")
    _segmenter.cache_clear()
    try:
        assert segmenter_patterns() == built  # and written to the cache
        want = [graphemes(text) for text in texts]
        assert len(list(cache_dir.glob(f"{precompiled._SEGMENTER_KIND}-*"))) == 1
        if damage is None:
            monkeypatch.setattr(precompiled, "_patterns", None)  # the cache must answer
        else:
            monkeypatch.setattr(disk_cache, "load", lambda kind, digest: damage)
        _segmenter.cache_clear()
        assert segmenter_patterns() == built
        assert [graphemes(text) for text in texts] == want
    finally:
        _segmenter.cache_clear()
