"""Unicode normalization as Hugging Face's ``tokenizers`` computes it (with Unicode 9's
tables), checked against its own normalizers: on text already in the form (returned as it
is) and on long text normalized a block at a time, blocks cut after newlines."""

from __future__ import annotations

from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core.text import unicode_compat
from bpelens.core.text.unicode_compat import normalize_as_unicode_9

# Bases, marks of several classes, Hangul jamo, precomposed and compatibility characters,
# characters assigned after Unicode 9 (a letter, combining marks of classes 220 and 230, a
# Latin letter), the placeholder the slow path uses, and newlines.
ALPHABET = ("a", "A", "e", "o", "\u0301", "\u0323", "\u0345", "\u0308", "\u1100", "\u1161",
            "\u11a8", "\uac00", "é", "Å", "\u1e0a", "ﬁ", "①", "\uff21", "\u0560", "\u1abf",
            "\u1df6", "\u1dfa", "\ua7af", "\U0001f97a", "\ue000", "\n", " ", "日")
TEXTS = st.lists(st.sampled_from(ALPHABET), max_size=60).map("".join)


def hf(form: str):
    from tokenizers import normalizers

    return getattr(normalizers, form)()


@pytest.mark.parametrize("form", ["NFC", "NFD", "NFKC", "NFKD"])
@settings(max_examples=150, deadline=None)
@given(text=TEXTS, block=st.integers(1, 12))
def test_the_same_as_hugging_face(form, text, block):
    want = hf(form).normalize_str(text)
    assert normalize_as_unicode_9(form, text) == want
    with mock.patch.object(unicode_compat, "BLOCK_CHARS", block):
        assert normalize_as_unicode_9(form, text * 3) == hf(form).normalize_str(text * 3)


@pytest.mark.parametrize("form", ["NFC", "NFKC"])
def test_text_already_in_the_form_comes_back_as_it_is(form):
    """A newer combining mark (U+1DF6, class 232 now, unassigned to Unicode 9) after older
    marks of classes 220 and 230 on a base they do not compose with: in order for both, so
    returned without being normalized."""
    text = "q\u0323\u0301\u1df6 \u0560\n" * 3
    assert normalize_as_unicode_9(form, text) is text
    assert text == hf(form).normalize_str(text)


def test_only_the_blocks_out_of_the_form_are_normalized():
    calls: list[str] = []
    real = unicode_compat._normalized_block

    def spy(form: str, text: str) -> str:
        calls.append(text)
        return real(form, text)

    lines = ["plain line\n"] * 40 + ["e\u0301\n"] + ["plain again\n"] * 40
    text = "".join(lines)
    with mock.patch.object(unicode_compat, "BLOCK_CHARS", 30), \
            mock.patch.object(unicode_compat, "_normalized_block", spy):
        assert normalize_as_unicode_9("NFC", text) == hf("NFC").normalize_str(text)
    assert len(calls) == 1 and "e\u0301" in calls[0] and len(calls[0]) < 60
