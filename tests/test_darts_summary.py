"""A map's summary read from the trie's nodes (``darts_summary.summarize``) is what listing
every key of the map one path at a time (``darts_trie.trie_keys``) tells: on every real map
(SentencePiece models, Hugging Face's Precompiled), on maps built here and on arbitrary
units and pools (cycles, shared nodes, keys past the limit, replacements out of place,
bytes that are not UTF-8). Where it cannot tell it says None, never something else; on real
and built maps it always tells."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_darts_trie import real_maps, unit_values
from test_precompiled_normalizer import build_charsmap

from bpelens.core.errors import ConfigError
from bpelens.core.text import darts_trie
from bpelens.core.text.darts_summary import MapSummary, summarize

from conftest import needs_shared_data


def listed(blob: bytes, trie_bytes: int, nul: bool, limit: int) -> MapSummary | None:
    """The summary from every key listed, None when a key or replacement is not whole
    UTF-8 or not where it should be (a NUL byte ends each), or when the walk refuses."""
    units = struct.unpack_from(f"<{trie_bytes // 4}I", blob, 4)
    pool = blob[4 + trie_bytes:]
    try:
        found = darts_trie.trie_keys(units, nul_is_label=nul, max_key_bytes=limit)
    except ConfigError:
        return None
    rules: dict[str, str] = {}
    for key, at in found:
        if at >= len(units):
            return None
        offset = units[at] & (darts_trie.IS_VALUE - 1)
        end = pool.find(b"\0", offset)
        if offset >= len(pool) or end < 0:
            return None
        try:
            rules[key.decode("utf-8")] = pool[offset:end].decode("utf-8")
        except UnicodeDecodeError:
            return None
    return MapSummary(
        singles={k: v for k, v in rules.items() if len(k) == 1},
        pairs=frozenset(k[:2] for k in rules if len(k) > 1), count=len(rules),
        max_key_bytes=max((len(k.encode()) for k in rules), default=0),
        max_key_chars=max(map(len, rules), default=0),
        double_space=any("  " in v for v in rules.values()))


def trie_bytes_of(blob: bytes) -> int:
    (size,) = struct.unpack_from("<I", blob, 0)
    return size - size % 4


@needs_shared_data
@pytest.mark.parametrize("nul", [True, False])
def test_every_real_map_is_summarized_as_its_keys_say(nul: bool) -> None:
    blobs = real_maps()
    assert len(blobs) >= 3
    for blob in blobs:
        size = trie_bytes_of(blob)
        want = listed(blob, size, nul, 1024)
        assert want is not None and want.count > 200_000 and len(want.singles) > 4000
        assert summarize(blob, size, nul_is_label=nul, max_key_bytes=1024) == want


# Keys of whole characters of 1 to 4 bytes, a NUL, and now and then a stray byte.
keys = st.lists(st.sampled_from([b"a", b"b", b" ", b"\x00", "é".encode(), "e\u0301".encode(),
                                 "あ".encode(), "😀".encode(), b"\x80", b"\xc3"]),
                min_size=1, max_size=3).map(b"".join)


@settings(max_examples=300)
@given(rules=st.dictionaries(keys, st.text("xy é", max_size=4), max_size=30),
       nul=st.booleans())
def test_a_built_map_is_summarized_as_its_keys_say(rules: dict[bytes, str], nul: bool) -> None:
    blob = build_charsmap(rules)
    size = trie_bytes_of(blob)
    want = listed(blob, size, nul, 1024)
    got = summarize(blob, size, nul_is_label=nul, max_key_bytes=1024)
    assert got == want
    if not nul and all(_utf8(key) for key in rules):
        assert got is not None  # whole UTF-8 keys: always told


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


# Mostly UTF-8 pools (then most keys are told), some with a stray byte.
pools = st.one_of(
    st.lists(st.sampled_from([b"a", b" ", b"\x00", "é".encode()]), max_size=16).map(b"".join),
    st.binary(max_size=24).map(lambda b: bytes(b"a \x00\xc3\xa9\x80\xff"[c % 7] for c in b)))


@settings(max_examples=500)
@given(units=st.lists(unit_values, min_size=1, max_size=24), pool=pools, nul=st.booleans(),
       limit=st.integers(1, 9), paths=st.sampled_from([5, 50, 1 << 20]))
def test_arbitrary_units_are_summarized_as_their_keys_say_or_not_at_all(
        units: list[int], pool: bytes, nul: bool, limit: int, paths: int) -> None:
    blob = struct.pack(f"<I{len(units)}I", 4 * len(units), *units) + pool
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(darts_trie, "MAX_PATHS", paths)
        want = listed(blob, 4 * len(units), nul, limit)
        got = summarize(blob, 4 * len(units), nul_is_label=nul, max_key_bytes=limit)
    assert got is None or got == want
