"""The keys of a darts-clone trie listed a level at a time with numpy (``_level_keys``) are
those of the walk one path at a time (``_walk_keys``), in the same order, on every real map
(SentencePiece models, Hugging Face's Precompiled), on maps built here and on arbitrary
units (cycles, shared nodes, keys past the limit): where the walk refuses a trie, so does
``trie_keys``, with the walk's message."""

from __future__ import annotations

import base64
import json
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_precompiled_normalizer import build_charsmap

from bpelens.core.errors import ConfigError
from bpelens.core.formats.sentencepiece_schema import parse_model_proto
from bpelens.core.text import darts_trie

from conftest import SHARED_DATA, needs_shared_data
from sentencepiece_models import REAL_MODELS, model_bytes


def units_of(blob: bytes) -> tuple[int, ...]:
    (size,) = struct.unpack_from("<I", blob, 0)
    return struct.unpack_from(f"<{size // 4}I", blob, 4)


def outcome(walk, units: tuple[int, ...], nul: bool, limit: int):
    try:
        return walk(units, nul_is_label=nul, max_key_bytes=limit)
    except ConfigError as exc:
        return ("error", exc.message)


def real_maps() -> list[bytes]:
    blobs = []
    for name in REAL_MODELS:
        proto = parse_model_proto(model_bytes(name))
        for spec in (proto.normalizer_spec, proto.denormalizer_spec):
            if len(spec.precompiled_charsmap) > 4:
                blobs.append(bytes(spec.precompiled_charsmap))
    doc = json.loads((SHARED_DATA / "tokenizers" / "hf" / "pegasus-unigram.tokenizer.json")
                     .read_text(encoding="utf-8"))
    normalizers = doc["normalizer"].get("normalizers", [doc["normalizer"]])
    blobs += [base64.b64decode(n["precompiled_charsmap"]) for n in normalizers
              if n.get("type") == "Precompiled"]
    return blobs


@needs_shared_data
@pytest.mark.parametrize("nul", [True, False])
def test_every_real_map_gives_the_walks_keys_in_its_order(nul: bool) -> None:
    blobs = real_maps()
    assert len(blobs) >= 3
    for blob in blobs:
        units = units_of(blob)
        want = darts_trie._walk_keys(units, nul_is_label=nul, max_key_bytes=1024)
        assert len(want) > 1000
        assert darts_trie._level_keys(units, nul_is_label=nul, max_key_bytes=1024) == want


keys = st.binary(min_size=1, max_size=6).map(lambda b: bytes(c % 5 for c in b))


@settings(max_examples=200)
@given(rules=st.dictionaries(keys, st.text("xyz", max_size=3), max_size=30),
       nul=st.booleans())
def test_a_built_map_gives_the_walks_keys(rules: dict[bytes, str], nul: bool) -> None:
    units = units_of(build_charsmap(rules))
    # (HF's maps never hold a key with a NUL byte: unused units are zeros, which SentencePiece
    # reads as NUL labels, looping; an empty map does.)
    want = outcome(darts_trie._walk_keys, units, nul, 1024)
    assert outcome(darts_trie.trie_keys, units, nul, 1024) == want
    if not nul:
        assert {key for key, _ in want} == {key for key in rules if 0 not in key}
        assert darts_trie._level_keys(units, nul_is_label=nul, max_key_bytes=1024) == want


# Arbitrary units: labels and offsets among a few positions, so that nodes are shared, paths
# loop and multiply.
unit_values = st.builds(
    lambda label, offset, leaf, value, wide: (
        (1 << 31) | offset if value else
        (offset << 10) | (leaf << 8) | label | (wide << 9)),
    st.integers(0, 7), st.integers(0, 15), st.integers(0, 1), st.booleans(),
    st.sampled_from([0, 0, 0, 1]))


@settings(max_examples=400)
@given(units=st.lists(unit_values, min_size=1, max_size=24).map(tuple), nul=st.booleans(),
       limit=st.integers(1, 9), paths=st.sampled_from([5, 50, 1 << 20]))
def test_arbitrary_units_give_the_walks_keys_or_its_error(
        units: tuple[int, ...], nul: bool, limit: int, paths: int) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(darts_trie, "MAX_PATHS", paths)
        want = outcome(darts_trie._walk_keys, units, nul, limit)
        assert outcome(darts_trie.trie_keys, units, nul, limit) == want
        fast = darts_trie._level_keys(units, nul_is_label=nul, max_key_bytes=limit)
        assert fast is None or fast == want
