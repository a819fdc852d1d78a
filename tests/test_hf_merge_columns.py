"""A tokenizer.json's merges, read as two columns (``hf_models._merges``), are the pairs the
file lists, in order, in both spellings ("a b" and ["a", "b"]); a merge that is not two
tokens is named by its rank, as before the columns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core.errors import ConfigError
from bpelens.core.formats.hf_models import _merges
from bpelens.core.formats.json_fields import Fields
from bpelens.core.models.merges import MergePairs

tokens = st.text(st.characters(exclude_characters=" ", exclude_categories=["Cs"]), max_size=4)


@settings(max_examples=300)
@given(pairs=st.lists(st.tuples(tokens, tokens), max_size=30))
def test_both_spellings_give_the_listed_pairs(pairs: list[tuple[str, str]]) -> None:
    as_text = _merges(Fields({"merges": [f"{a} {b}" for a, b in pairs]}, "model"))
    as_lists = _merges(Fields({"merges": [[a, b] for a, b in pairs]}, "model"))
    for read in (as_text, as_lists):
        assert isinstance(read, MergePairs)
        assert list(read) == pairs
        assert len(read) == len(pairs)
        assert list(read[1:3]) == pairs[1:3]


@pytest.mark.parametrize(("merges", "rank"), [
    (["a b", "ab", "c d"], 1), (["a b", "c d", "a b c"], 2), (["a b", "a  b"], 1),
    ([["a", "b"], ["c"]], 1), ([["a", "b"], ["c", 1]], 1)])
def test_a_merge_that_is_not_two_tokens_is_named(merges: list, rank: int) -> None:
    with pytest.raises(ConfigError, match=rf"model\.merges\[{rank}\]"):
        _merges(Fields({"merges": merges}, "model"))
