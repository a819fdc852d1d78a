"""Where two versions of a sequence differ: the lengths of their common prefix and suffix.

An edit of a megabyte of text changes a few characters; everything that follows an edit
(re-encoding, the views) starts by finding them. A loop over characters would cost ~50 ms a
megabyte in Python; comparing slices runs in C, and galloping from small to large slices
keeps the comparisons near the edit: a few microseconds for an edit near either end.
"""

from __future__ import annotations

from collections.abc import Sequence


def common_prefix(a: Sequence, b: Sequence, limit: int | None = None) -> int:
    """The length of the longest common prefix of ``a`` and ``b`` (at most ``limit``)."""
    n = min(len(a), len(b)) if limit is None else min(len(a), len(b), limit)
    # Gallop: the prefix is at least `low` long; double until a slice differs.
    low, step = 0, 16
    while low < n:
        high = min(n, low + step)
        if a[low:high] != b[low:high]:
            break
        low, step = high, step * 2
    else:
        return n
    high = min(n, low + step)
    # Binary search in [low, high): a[low:mid] == b[low:mid] holds at mid = low.
    while high - low > 1:
        mid = (low + high) // 2
        if a[low:mid] == b[low:mid]:
            low = mid
        else:
            high = mid
    return low  # a[:low] is common, a[:low + 1] is not


def common_affixes(a: Sequence, b: Sequence) -> tuple[int, int]:
    """``(prefix, suffix)``: the lengths of the common prefix and the common suffix, never
    overlapping (``prefix + suffix`` ≤ the shorter length), the prefix found first."""
    prefix = common_prefix(a, b)
    room = min(len(a), len(b)) - prefix
    if not room:
        return prefix, 0
    n, m = len(a), len(b)
    low, step = 0, 16
    while low < room:
        high = min(room, low + step)
        if a[n - high : n - low] != b[m - high : m - low]:
            break
        low, step = high, step * 2
    else:
        return prefix, room
    high = min(room, low + step)
    while high - low > 1:
        mid = (low + high) // 2
        if a[n - mid : n - low] == b[m - mid : m - low]:
            low = mid
        else:
            high = mid
    return prefix, low
