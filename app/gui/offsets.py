"""Columns of offsets (``array('q')``) moved by an edit: everything after the edited part of a
megabyte of text moves by the same amount, in C, not a Python loop per entry."""

from __future__ import annotations

from array import array

_VECTOR_LENGTH = 2000  # below this, a list comprehension costs less than numpy's calls


def shifted(values: array, delta: int) -> array:
    """``values`` with ``delta`` added to each."""
    if not delta:
        return values[:]
    if len(values) < _VECTOR_LENGTH:
        return array("q", [v + delta for v in values])
    import numpy as np

    return array("q", (np.frombuffer(values, dtype=np.int64) + delta).tobytes())


def counted_from(values: array, first: int, offset: int) -> array:
    """``values[k] + k + offset`` for each ``k`` from ``first`` on."""
    if len(values) - first < _VECTOR_LENGTH:
        return array("q", [v + k + offset for k, v in enumerate(values[first:], start=first)])
    import numpy as np

    tail = np.frombuffer(values, dtype=np.int64)[first:]
    return array("q", (tail + np.arange(first + offset, first + offset + len(tail))).tobytes())
