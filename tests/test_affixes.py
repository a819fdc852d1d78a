"""Common prefixes and suffixes, found by comparing slices, against a loop over items."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bpelens.core.text.affixes import common_affixes, common_prefix


def slow_prefix(a, b) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


texts = st.text(alphabet="ab猫\n🙂", max_size=300)


@given(texts, texts)
def test_the_prefix_is_where_the_first_difference_is(a, b):
    assert common_prefix(a, b) == slow_prefix(a, b)


@given(texts, st.integers(0, 300), st.integers(0, 40), texts.filter(lambda t: len(t) < 40))
def test_affixes_of_an_edit_never_overlap_and_are_longest(base, at, removed, inserted):
    at = min(at, len(base))
    edited = base[:at] + inserted + base[at + removed :]
    prefix, suffix = common_affixes(base, edited)
    assert prefix == slow_prefix(base, edited)
    assert prefix + suffix <= min(len(base), len(edited))
    rest_a, rest_b = base[prefix:], edited[prefix:]
    assert suffix == slow_prefix(rest_a[::-1], rest_b[::-1])


def test_lists_work_too_and_a_limit_bounds_the_prefix():
    assert common_affixes([1, 2, 3, 4], [1, 2, 9, 4]) == (2, 1)
    assert common_prefix("aaaa", "aaaa", limit=2) == 2
    assert common_affixes("", "abc") == (0, 0)
    assert common_affixes("abc", "abc") == (3, 0)


def test_long_texts_across_the_gallops_block_edges():
    a = "x" * 100_000
    for at in (0, 1, 15, 16, 17, 47, 48, 49, 111, 112, 255, 256, 257, 767, 768, 65_535, 99_999):
        b = a[:at] + "y" + a[at + 1 :]
        assert common_affixes(a, b) == (at, len(a) - at - 1)
