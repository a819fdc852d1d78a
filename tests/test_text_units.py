import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpelens.core import BPEModel, EncodeError, Tokenizer, codepoints
from bpelens.core.text.units import (
    align_byte_spans,
    char_byte_starts,
    clean_surrogates,
    find_lone_surrogates,
    spans_from_lengths,
)


def test_cat_example_codepoints_and_bytes():
    cps = codepoints("A猫🙂")
    assert [cp.label for cp in cps] == ["U+0041", "U+732B", "U+1F642"]
    assert [cp.utf8.hex(" ").upper() for cp in cps] == ["41", "E7 8C AB", "F0 9F 99 82"]
    assert [(cp.byte_start, cp.byte_end) for cp in cps] == [(0, 1), (1, 4), (4, 8)]


def test_token_inside_cat_is_flagged_partial():
    # The seed's illustrative split: 41 | E7 8C | AB | F0 9F 99 82.
    spans = spans_from_lengths([1, 2, 1, 4], char_byte_starts("A猫🙂"))
    assert [s.partial for s in spans] == [False, True, True, False]
    assert spans[1].ends_inside and not spans[1].starts_inside
    assert spans[2].starts_inside and not spans[2].ends_inside
    assert [(s.char_start, s.char_end) for s in spans] == [(0, 1), (1, 2), (1, 2), (2, 3)]


def test_engine_flags_partial_tokens_of_cat():
    model = BPEModel(level="byte", merges=[(0xE7, 0x8C, 256), (0xF0, 0x9F, 257)])
    enc = Tokenizer(model).encode("A猫🙂")
    assert [t.bytes.hex(" ").upper() for t in enc.tokens] == [
        "41", "E7 8C", "AB", "F0 9F", "99", "82"]
    assert [t.partial for t in enc.tokens] == [False, True, True, True, True, True]
    assert enc.tokens[1].text is None  # half a character is never decoded on its own
    assert enc.round_trip


@given(st.text(), st.data())
def test_alignment_covers_every_byte(text, data):
    clean, _ = clean_surrogates(text)
    starts = char_byte_starts(clean)
    total = len(clean.encode("utf-8"))
    assert starts[-1] == total
    cuts = sorted(set(data.draw(st.lists(st.integers(0, total), max_size=10))) | {0, total})
    bounds = list(itertools.pairwise(cuts))
    for (b0, b1), span in zip(bounds, align_byte_spans(bounds, starts), strict=True):
        boundaries = set(starts)
        assert span.starts_inside == (b0 not in boundaries)
        assert span.ends_inside == (b1 not in boundaries)
        assert starts[span.char_start] <= b0
        assert span.char_end >= span.char_start
        if b1 > b0:
            assert starts[span.char_end] >= b1


def test_lone_surrogates_are_replaced_one_for_one():
    text = "a\ud800b\udfffc"
    assert find_lone_surrogates(text) == [1, 3]
    clean, replaced = clean_surrogates(text)
    assert clean == "a\ufffdb\ufffdc" and replaced == [1, 3]
    enc = Tokenizer(BPEModel(level="byte")).encode(text)
    assert enc.replaced_surrogates == (1, 3)
    assert enc.model_text == clean
    assert not enc.round_trip  # the lone surrogates cannot come back


def test_lone_surrogates_can_be_refused():
    with pytest.raises(EncodeError, match="U\\+D800 at character 1"):
        Tokenizer(BPEModel(level="byte")).encode_ids("a\ud800", surrogates="error")


@given(st.text(min_size=1), st.data())
def test_vectorized_alignment_agrees_with_the_plain_one(text, data):
    from bpelens.core.text import units as text_units

    clean, _ = clean_surrogates(text)
    starts = char_byte_starts(clean)
    cuts = sorted(set(data.draw(st.lists(st.integers(0, starts[-1]), max_size=20)))
                  | {0, starts[-1]})
    bounds = list(itertools.pairwise(cuts))
    assert text_units._align_vectorized(bounds, starts) == align_byte_spans(bounds, starts)


def test_lone_surrogates_are_found_in_any_slice_of_a_long_text() -> None:
    from bpelens.core.fast.short_steps import CHARS

    text = "猫" * (2 * CHARS) + "\udc80" + "a" * 10 + "\ud800"
    assert find_lone_surrogates(text) == [2 * CHARS, 2 * CHARS + 11]
    assert find_lone_surrogates("猫" * (2 * CHARS)) == []
