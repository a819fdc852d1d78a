"""The depth check of a JSON document (Hugging Face's reader refuses more than 128 levels)
counts as a plain recursive walk does, on generated documents of every shape: objects and
lists mixed, empty ones, scalars at every level, deep single chains."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core.formats.file_io import _deeper_than


def depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(depth, value), default=0)
    return 0


documents = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=2), inner,
                                                                max_size=4),
    max_leaves=40)


@settings(max_examples=400)
@given(document=documents, limit=st.integers(0, 8))
def test_the_depth_is_that_of_a_recursive_walk(document: Any, limit: int) -> None:
    assert _deeper_than(document, limit) == (depth(document) > limit)


def test_a_deep_chain_is_counted_to_its_end() -> None:
    chain: Any = "x"
    for level in range(300):
        chain = [chain] if level % 2 else {"k": chain}
    assert _deeper_than(chain, 299) and not _deeper_than(chain, 300)
