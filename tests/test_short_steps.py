"""Whole-column work in steps gives what the single C call gives, on columns longer than a
step and at the edges of one."""

import numpy as np
import pytest

from bpelens.core.fast.short_steps import (
    CHARS,
    STEP,
    column,
    counting,
    decoded,
    encoded,
    int64s,
    joined,
    joins_to,
    lines_of,
    mapped,
    mapped_array,
    text_slices,
)

SIZES = [0, 1, STEP - 1, STEP, STEP + 1, 4 * STEP + 17]


@pytest.mark.parametrize("n", SIZES)
def test_each_step_function_equals_the_single_call(n: int) -> None:
    values = [(i * 7919) % 1000 - 500 for i in range(n)]
    parts = [str(v).encode() for v in values]
    assert mapped(abs, values) == [abs(v) for v in values]
    assert joined(parts) == b"".join(parts)
    assert joins_to(parts, b"".join(parts))
    assert list(counting(n)) == list(range(n))
    assert list(counting(n, 7)) == list(range(7, 7 + n))
    assert column(np.array(values, dtype=np.int64)).tolist() == values
    assert int64s(values).tolist() == values
    assert mapped_array(len, parts, np.int64).tolist() == [len(p) for p in parts]
    table = {p: i for i, p in enumerate(parts[::2])}
    assert mapped_array(table.get, parts, np.int64, -1).tolist() == [table.get(p, -1)
                                                                      for p in parts]


def test_joins_to_tells_every_kind_of_difference() -> None:
    parts = [b"ab", b"c"] * STEP
    data = b"".join(parts)
    assert joins_to(parts, data)
    assert not joins_to(parts, data + b"x")  # longer
    assert not joins_to(parts, data[:-1])  # shorter
    assert not joins_to(parts, data[:-1] + b"d")  # one byte differs, in the last step
    changed = list(parts)
    changed[STEP + 3] = None  # an id without bytes, in the second step
    assert not joins_to(changed, data)
    assert not joins_to([], b"x") and joins_to([], b"")


def test_joined_refuses_what_join_refuses() -> None:
    with pytest.raises(TypeError):
        joined([b"a"] * STEP + [None])


@pytest.mark.parametrize("text", ["", "abc", "猫" * (CHARS + 3), "a" * (CHARS - 1) + "🙂" * 5,
                                  ("日本語 " * 100_000)[: 2 * CHARS + 1]])
def test_decoded_equals_decode_across_slice_edges(text: str) -> None:
    data = text.encode("utf-8")
    assert decoded(data) == text and encoded(text) == data
    broken = data[: CHARS + 1] + b"\xff" + data[CHARS + 1 :]  # inside a character, too
    assert decoded(broken, "replace") == broken.decode("utf-8", "replace")
    with pytest.raises(UnicodeDecodeError):
        decoded(broken)


def test_text_slices_cover_the_text() -> None:
    text = "é" * (3 * CHARS + 5)
    parts = text_slices(text)
    assert "".join(parts) == text and max(map(len, parts)) <= CHARS and len(parts) == 4


@pytest.mark.parametrize("text", [
    "", "\n", "a\nb", "a" * (3 * CHARS), "\n" * (CHARS + 2), "x" * (CHARS - 1) + "\n\n" + "y",
    ("line one\n" * 300_000), "é" * CHARS + "\n" + "é" * CHARS])
def test_lines_of_equals_split_across_slice_edges(text: str) -> None:
    assert lines_of(text) == text.split("\n")
