"""What a normalizer needs of a precompiled character map before any long rule, read from
the darts-clone trie without listing its keys.

A real map (nmt_nfkc) has 44,000 trie units but 225,000 keys: darts-clone shares suffixes,
so most keys are paths through the same few nodes (200,000 of them are 9-byte Hangul and
combining-mark sequences). Listing every key (``darts_trie.trie_keys``) walks every path;
what a text needs first is far less: the one-character rules, the first two characters of
the longer ones, and facts about all of them (how many, how long, whether every key is
whole UTF-8 and every replacement readable). Those facts are sums and maxima over paths,
so they are computed over the trie's *nodes*, a level at a time, with the number of paths
reaching each node as a weight; only paths shorter than two characters are followed one by
one. The keys themselves are listed only when a text needs a longer rule.

The answer is the one listing every key would give, or None when this cannot tell (a trie
the walk refuses, a key or replacement that is not UTF-8, a replacement not where it should
be): the caller then lists the keys, which names the problem or handles the odd map.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

import numpy as np

from . import darts_trie
from .darts_trie import IS_VALUE, TrieChildren

# Strict UTF-8 (what bytes.decode accepts) as a state machine over bytes: state 0 is "at a
# character boundary", 1-7 wait for continuation bytes, 8 is "not UTF-8" (absorbing).
_BAD = 8


def _utf8_states() -> np.ndarray:
    table = np.full((_BAD + 1, 256), _BAD, dtype=np.int8)
    lead = table[0]
    lead[0x00:0x80] = 0
    lead[0xC2:0xE0] = 1
    lead[0xE0] = 2
    lead[0xE1:0xED] = 3
    lead[0xED] = 4
    lead[0xEE:0xF0] = 3
    lead[0xF0] = 5
    lead[0xF1:0xF4] = 6
    lead[0xF4] = 7
    table[1, 0x80:0xC0] = 0  # the last continuation byte
    table[2, 0xA0:0xC0] = 1  # E0: no overlong form
    table[3, 0x80:0xC0] = 1
    table[4, 0x80:0xA0] = 1  # ED: no surrogate
    table[5, 0x90:0xC0] = 3  # F0: no overlong form
    table[6, 0x80:0xC0] = 3
    table[7, 0x80:0x90] = 3  # F4: nothing past U+10FFFF
    return table


_NEXT = _utf8_states()
# Two characters of at most 4 bytes each.
_SHORT_PATH_BYTES = 8


@dataclass(frozen=True, slots=True)
class MapSummary:
    """What listing every key of a map would tell, without the keys of two characters or
    more: ``singles``: each one-character key → its replacement; ``pairs``: the first two
    characters of every longer key; ``count``: the keys; ``max_key_bytes``,
    ``max_key_chars``: the longest key; ``double_space``: some key's replacement holds two
    spaces in a row."""

    singles: dict[str, str]
    pairs: frozenset[str]
    count: int
    max_key_bytes: int
    max_key_chars: int
    double_space: bool


def summarize(blob: bytes, trie_bytes: int, *, nul_is_label: bool,
              max_key_bytes: int) -> MapSummary | None:
    """The summary of the map in ``blob``: a 4-byte size, then ``trie_bytes`` of trie units
    (a multiple of 4) and the replacement pool. None when it cannot tell (see the module)."""
    count = trie_bytes // 4
    if count == 0 or 4 + trie_bytes > len(blob):
        return None
    unit = np.frombuffer(blob, dtype="<u4", count=count, offset=4).astype(np.int64)
    pool = blob[4 + trie_bytes:]
    try:
        pool.decode("utf-8")  # then a value read from a character boundary to a NUL is too
    except UnicodeDecodeError:
        return None
    trie = TrieChildren(unit, nul_is_label)
    walked = _paths(trie, max_key_bytes)
    if walked is None:
        return None
    keys, longest, most_chars, leaves = walked
    spans = _values(unit, trie.base[leaves], pool)
    if spans is None:
        return None
    double_space, start, end = spans
    single_keys, single_leaves, pair_keys, pair_nodes = _short_paths(trie)
    below = _with_keys_below(trie, max_key_bytes)
    if below is None:
        return None
    # A pair counts when a key ends where it does, or below.
    found = np.minimum(np.searchsorted(below, pair_nodes), max(len(below) - 1, 0))
    kept = (pair_nodes < 0) | ((below[found] == pair_nodes) if len(below) else False)
    pairs = frozenset(compress(pair_keys, kept.tolist()))
    where = np.searchsorted(leaves, single_leaves)  # leaves: sorted, and every single's is one
    singles = {key: pool[first:last].decode("utf-8") for key, first, last in zip(
        single_keys, start[where].tolist(), end[where].tolist(), strict=True)}
    return MapSummary(singles, pairs, keys, longest, most_chars, double_space)


def _paths(trie: TrieChildren, max_key_bytes: int) -> tuple[int, int, int, np.ndarray] | None:
    """(keys, longest key in bytes, in characters, the units where keys end), a level at a
    time over (node, UTF-8 state) with the number of paths to each; None when the walk of
    every path would refuse the trie (too many paths, a key too long) or a key is not UTF-8."""
    bases = np.array([trie.root], dtype=np.int64)
    states = np.zeros(1, dtype=np.int64)
    weights = np.ones(1, dtype=np.int64)
    chars = np.zeros(1, dtype=np.int64)
    walked, keys, longest, most_chars, depth = 1, 0, 0, 0, 0
    leaves: list[np.ndarray] = []
    while len(bases):
        if depth >= max_key_bytes:
            return None
        parent, at = trie.children(bases)
        if not len(at):
            break
        depth += 1
        weight = weights[parent]
        walked += int(weight.sum())
        if walked > darts_trie.MAX_PATHS:
            return None
        state = _NEXT[states[parent], trie.label[at]].astype(np.int64)
        char_count = chars[parent] + (state == 0)
        leaf = trie.leaf[at]
        if leaf.any():
            if (state[leaf] != 0).any():
                return None  # a key that is not whole UTF-8
            keys += int(weight[leaf].sum())
            longest = depth
            most_chars = max(most_chars, int(char_count[leaf].max()))
            leaves.append(at[leaf])
        # The next level: each (node, state) once, with the paths to it summed.
        pair = trie.base[at] * (_BAD + 1) + state
        merged, where = np.unique(pair, return_inverse=True)
        where = where.reshape(-1)
        bases, states = np.divmod(merged, _BAD + 1)
        weights = np.bincount(where, weights=weight, minlength=len(merged)).astype(np.int64)
        chars = np.zeros(len(merged), dtype=np.int64)
        np.maximum.at(chars, where, char_count)
    found = _distinct(np.concatenate(leaves)) if leaves else np.zeros(0, dtype=np.int64)
    return keys, longest, most_chars, found


def _distinct(values: np.ndarray) -> np.ndarray:
    """np.unique without numpy.ma, which np.unique imports (15 ms) when asked for no more."""
    ordered = np.sort(values)
    keep = np.ones(len(ordered), dtype=bool)
    keep[1:] = ordered[1:] != ordered[:-1]
    return ordered[keep]


def _values(unit: np.ndarray, at: np.ndarray,
            pool: bytes) -> tuple[bool, np.ndarray, np.ndarray] | None:
    """(some replacement holds two spaces in a row, where each replacement starts, where it
    ends) for the value units ``at``; None unless each starts at a character of the pool
    and ends at a NUL byte (the pool being UTF-8, each is then UTF-8 too)."""
    if len(at) and int(at.max()) >= len(unit):
        return None
    start = unit[at] & (IS_VALUE - 1)
    data = np.frombuffer(pool, dtype=np.uint8)
    if len(start) and (int(start.max()) >= len(data)
                       or ((data[start] & 0xC0) == 0x80).any()):
        return None  # past the pool, or inside a character
    nuls = np.flatnonzero(data == 0)
    found = np.searchsorted(nuls, start)
    if len(found) and int(found.max()) >= len(nuls):
        return None  # no NUL ends it
    end = nuls[found]
    doubles = np.flatnonzero((data[:-1] == 0x20) & (data[1:] == 0x20))
    first = np.searchsorted(doubles, start)
    some = first < len(doubles)
    double_space = bool((doubles[first[some]] + 1 < end[some]).any())
    return double_space, start, end


def _short_paths(trie: TrieChildren) -> tuple[list[str], list[int], list[str], np.ndarray]:
    """The keys of one character with the units where they end, and the first two
    characters of every path that has them with the node it reaches (-1 when a key ends
    there), following paths one by one until they hold two characters. The keys of a level
    are whole characters of one width: decoded together, then cut."""
    keys = np.zeros((1, 0), dtype=np.uint8)
    bases = np.array([trie.root], dtype=np.int64)
    states = np.zeros(1, dtype=np.int64)
    chars = np.zeros(1, dtype=np.int64)
    singles: list[str] = []
    single_leaves: list[int] = []
    pairs: list[str] = []
    pair_nodes: list[np.ndarray] = []
    for depth in range(1, _SHORT_PATH_BYTES + 1):
        if not len(bases):
            break
        parent, at = trie.children(bases)
        state = _NEXT[states[parent], trie.label[at]].astype(np.int64)
        char_count = chars[parent] + (state == 0)
        key = np.empty((len(at), depth), dtype=np.uint8)
        key[:, :-1] = keys[parent]
        key[:, -1] = trie.label[at]
        leaf = trie.leaf[at]
        single = leaf & (state == 0) & (char_count == 1)
        singles += key[single].tobytes().decode("utf-8")
        single_leaves += at[single].tolist()
        pair = (state == 0) & (char_count == 2)
        text = key[pair].tobytes().decode("utf-8")
        pairs += [text[i:i + 2] for i in range(0, len(text), 2)]
        pair_nodes.append(np.where(leaf[pair], -1, trie.base[at[pair]]))
        going = (char_count < 2) & (state != _BAD)
        keys, bases = key[going], trie.base[at[going]]
        states, chars = state[going], char_count[going]
    nodes = np.concatenate(pair_nodes) if pair_nodes else np.zeros(0, dtype=np.int64)
    return singles, single_leaves, pairs, nodes


def _with_keys_below(trie: TrieChildren, rounds: int) -> np.ndarray | None:
    """The nodes (bases, sorted) with a key ending at or below one of their children; None
    when ``rounds`` of spreading up the trie do not settle it."""
    node = trie.base[trie.child]
    names = _distinct(np.concatenate([trie.group, node]))
    group_at = np.searchsorted(names, trie.group)
    node_at = np.searchsorted(names, node)
    marked = np.zeros(len(names), dtype=bool)
    marked[group_at[trie.leaf[trie.child]]] = True
    for _ in range(rounds):
        more = marked.copy()
        more[group_at[marked[node_at]]] = True
        if (more == marked).all():
            return names[marked]
        marked = more
    return None
