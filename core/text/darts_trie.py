"""Reading a darts-clone double-array trie: the format of the ``precompiled_charsmap`` that
SentencePiece models and Hugging Face's ``Precompiled`` normalizer carry.

One walk lists every key with the unit holding its value; the two readers differ only in
what they accept around it (HF's search stops at a NUL byte, SentencePiece's passes it as a
label) and in how they read values, so each keeps those rules and shares this walk. The file
is untrusted: the walk is bounded in key length and in the number of paths (darts-clone
shares suffixes, so a crafted trie could double its paths at every level)."""

from __future__ import annotations

from bpelens.core.messages import Message

from ..errors import ConfigError

IS_VALUE = 1 << 31  # a unit holding a leaf value, never a label
_HAS_LEAF = 1 << 8
# A real map's trie has some 250,000 nodes; a corrupt one may share nodes so that the paths to
# walk multiply: the walk stops past this many.
MAX_PATHS = 1 << 20


def _offset(unit: int) -> int:
    # darts-clone packs the child offset in bits 10..30, shifted by 8 more when bit 9 is set.
    return (unit >> 10) << ((unit & (1 << 9)) >> 6)


def trie_keys(units: tuple[int, ...], *, nul_is_label: bool,
              max_key_bytes: int) -> list[tuple[bytes, int]]:
    """Every key (bytes) with the position of the unit holding its value (not checked to be
    inside the trie: the caller says what is wrong with a value)."""
    # The child with label c of the node whose children start at `base` sits at base ^ c and
    # carries label c; grouping units by position ^ label lists every node's children at once
    # instead of probing 255 labels per node.
    children: dict[int, list[int]] = {}
    for pos, unit in enumerate(units):
        label = unit & 0xFF
        if unit & IS_VALUE or (label == 0 and not nul_is_label):
            continue
        children.setdefault(pos ^ label, []).append(pos)
    found: list[tuple[bytes, int]] = []
    stack: list[tuple[int, bytes]] = [(_offset(units[0]), b"")]
    walked = 0
    while stack:
        base, key = stack.pop()
        walked += 1
        if walked > MAX_PATHS:
            raise ConfigError(Message("precompiled_charsmap: the trie has more than {max_paths:,} "
                                      "paths; it is corrupt", max_paths=MAX_PATHS))
        if len(key) >= max_key_bytes:
            raise ConfigError(Message("precompiled_charsmap: a key grows past {max_key_bytes} "
                                      "bytes ({key!r}...); the trie has a cycle",
                                      max_key_bytes=max_key_bytes, key=key[:16]))
        for pos in children.get(base, ()):
            unit = units[pos]
            child = pos ^ _offset(unit)
            child_key = key + bytes((pos ^ base,))
            if unit & _HAS_LEAF:  # the key ends here; its value sits at the child's base
                found.append((child_key, child))
            stack.append((child, child_key))
    return found


def value_offset(units: tuple[int, ...], at: int, key: bytes) -> int:
    """Where in the replacement pool the value of ``key`` (held at unit ``at``) starts."""
    if at >= len(units):
        raise ConfigError(Message("precompiled_charsmap: the value of key {key!r} is at unit {at}, "
                                  "past the trie's {units_count} units", key=key, at=at,
                                  units_count=len(units)))
    return units[at] & (IS_VALUE - 1)
