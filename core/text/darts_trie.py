"""Reading a darts-clone double-array trie: the format of the ``precompiled_charsmap`` that
SentencePiece models and Hugging Face's ``Precompiled`` normalizer carry.

One walk lists every key with the unit holding its value; the two readers differ only in
what they accept around it (HF's search stops at a NUL byte, SentencePiece's passes it as a
label) and in how they read values, so each keeps those rules and shares this walk. The file
is untrusted: the walk is bounded in key length and in the number of paths (darts-clone
shares suffixes, so a crafted trie could double its paths at every level)."""

from __future__ import annotations

from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError

IS_VALUE = 1 << 31  # a unit holding a leaf value, never a label
HAS_LEAF = 1 << 8
# A real map's trie has some 250,000 nodes; a corrupt one may share nodes so that the paths to
# walk multiply: the walk stops past this many.
MAX_PATHS = 1 << 20


def _offset(unit: int) -> int:
    # darts-clone packs the child offset in bits 10..30, shifted by 8 more when bit 9 is set.
    return (unit >> 10) << ((unit & (1 << 9)) >> 6)


def trie_keys(units: tuple[int, ...], *, nul_is_label: bool,
              max_key_bytes: int) -> list[tuple[bytes, int]]:
    """Every key (bytes) with the position of the unit holding its value (not checked to be
    inside the trie: the caller says what is wrong with a value), in the order of the walk
    of :func:`_walk_keys` (so that the first problem a caller finds is always the same)."""
    found = _level_keys(units, nul_is_label=nul_is_label, max_key_bytes=max_key_bytes)
    if found is None:  # a trie the walk refuses: it names the problem
        found = _walk_keys(units, nul_is_label=nul_is_label, max_key_bytes=max_key_bytes)
    return found


def _level_keys(units: tuple[int, ...], *, nul_is_label: bool,
                max_key_bytes: int) -> list[tuple[bytes, int]] | None:
    """:func:`_walk_keys` with numpy, a level of the trie at a time (a real map: a tenth of
    the time); None when the walk would refuse the trie (too many paths, a key too long)."""
    import numpy as np

    trie = TrieChildren(np.array(units, dtype=np.int64), nul_is_label)
    # Level 0 is the root; each level: its entries' bases, keys, parent entry and position.
    bases = [np.array([trie.root], dtype=np.int64)]
    keys = [np.zeros((1, 0), dtype=np.uint8)]
    parents: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    positions: list[np.ndarray] = [np.zeros(0, dtype=np.int64)]
    walked = 1
    while len(bases[-1]):
        if keys[-1].shape[1] >= max_key_bytes:
            return None
        base = bases[-1]
        parent, at = trie.children(base)
        total = len(at)
        walked += total
        if walked > MAX_PATHS:
            return None
        child_key = np.empty((total, keys[-1].shape[1] + 1), dtype=np.uint8)
        child_key[:, :-1] = keys[-1][parent]
        child_key[:, -1] = trie.label[at]
        bases.append(trie.base[at])
        keys.append(child_key)
        parents.append(parent)
        positions.append(at)
    # The walk's order: an entry's children are listed (leaves found) in position order when
    # it is visited, then visited in reverse position order, each subtree whole (a stack).
    # Number every entry in visiting order from the sizes of the subtrees.
    depth = len(bases)
    sizes: list[np.ndarray] = [np.ones(0)] * depth
    sizes[-1] = np.ones(len(bases[-1]))
    for level in range(depth - 1, 0, -1):
        sizes[level - 1] = 1 + np.bincount(parents[level], weights=sizes[level],
                                           minlength=len(bases[level - 1]))
    visit = [np.zeros(1, dtype=np.int64)]
    for level in range(1, depth):
        parent, size = parents[level], sizes[level]
        inclusive = np.cumsum(size)
        group_total = np.bincount(parent, weights=size, minlength=len(bases[level - 1]))
        group_end = np.cumsum(group_total)[parent]
        # Siblings visited before this one: those after it in position order.
        visit.append(visit[level - 1][parent] + 1
                     + (group_end - inclusive).astype(np.int64))
    found_keys: list[bytes] = []
    found_at: list[np.ndarray] = []
    order_parent: list[np.ndarray] = []
    order_pos: list[np.ndarray] = []
    for level in range(1, depth):
        leaf = trie.leaf[positions[level]]
        if not leaf.any():
            continue
        blob = keys[level][leaf].tobytes()
        found_keys += [blob[i:i + level] for i in range(0, len(blob), level)]
        found_at.append(bases[level][leaf])
        order_parent.append(visit[level - 1][parents[level][leaf]])
        order_pos.append(positions[level][leaf])
    if not found_keys:
        return []
    order = np.lexsort((np.concatenate(order_pos), np.concatenate(order_parent)))
    values = np.concatenate(found_at)[order].tolist()
    return list(zip(map(found_keys.__getitem__, order.tolist()), values, strict=True))


class TrieChildren:
    """Every unit that is a child, grouped by the base of its parent (``position ^ label``,
    by position within a group), and each unit's own base (where its children start, and a
    leaf's value sits): a level of the trie at a time with numpy, for every path at once."""

    def __init__(self, unit: Any, nul_is_label: bool) -> None:
        """``unit``: the units as a numpy int64 array."""
        import numpy as np

        position = np.arange(len(unit), dtype=np.int64)
        label = unit & 0xFF
        usable = (unit & IS_VALUE) == 0
        if not nul_is_label:
            usable &= label != 0  # HF's search stops at a NUL byte
        child = position[usable]
        group = child ^ label[usable]
        order = np.lexsort((child, group))
        self.group = group[order]
        self.child = child[order]
        self.label = label
        self.leaf = (unit & HAS_LEAF) != 0
        self.base = position ^ ((unit >> 10) << ((unit & (1 << 9)) >> 6))
        self.root = int(self.base[0])

    def children(self, bases: Any) -> tuple[Any, Any]:
        """(parent entry, child unit) for every child of every base given, in order."""
        import numpy as np

        low = np.searchsorted(self.group, bases, "left")
        counts = np.searchsorted(self.group, bases, "right") - low
        total = int(counts.sum())
        parent = np.repeat(np.arange(len(bases), dtype=np.int64), counts)
        first = np.repeat(np.cumsum(counts) - counts, counts)
        at = self.child[np.repeat(low, counts) + np.arange(total, dtype=np.int64) - first]
        return parent, at


def _walk_keys(units: tuple[int, ...], *, nul_is_label: bool,
               max_key_bytes: int) -> list[tuple[bytes, int]]:
    """Every key with the unit of its value, one path at a time (bounded in key length and
    in paths; ConfigError naming the problem)."""
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
            if unit & HAS_LEAF:  # the key ends here; its value sits at the child's base
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
