"""Cutting text at safe newlines (the cache of lines that makes re-encoding fast) never
changes a preset's pieces, so never changes the ids."""

import itertools
import sys

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import Tokenizer, TrainingConfig, train
from bpelens.core.pipeline.capabilities import Can
from bpelens.core.pipeline.pre_tokenizers.base import (
    REGEX_PRESETS,
    RegexPreTokenizer,
    newline_chunks,
)

# Alphabet weighted towards what decides a cut: newlines, spaces of all kinds, letters of
# several scripts and cases, marks, digits, apostrophes, slashes, punctuation.
ALPHABET = st.sampled_from([*"\n\n\n\r \t\u00a0\u3000aZé日ßΣς'/!.,-9٣\u0301\u0915\u094d",
                            "\x85", "\u2028", "'s", "\n/", " \n", "\n\n"])
TEXTS = st.lists(ALPHABET, max_size=60).map("".join) | st.text(max_size=60)


@pytest.mark.parametrize("name", sorted(REGEX_PRESETS))
@settings(max_examples=400, deadline=None)
@given(text=TEXTS)
def test_chunks_split_like_the_whole_text(name, text):
    pre = RegexPreTokenizer(REGEX_PRESETS[name])
    assert Can.CUT_AT_NEWLINES in pre.capabilities
    chunks = newline_chunks(text)
    assert "".join(chunks) == text
    assert [p for chunk in chunks for p in pre.split_str(chunk)] == pre.split_str(text)


def test_cuts_only_between_a_non_space_newline_and_a_letter():
    assert newline_chunks("ab\ncd\n ef\n\ngh\nij\n") == ["ab\n", "cd\n ef\n\ngh\n", "ij\n"]
    assert newline_chunks("a \nb\n1\n/x") == ["a \nb\n1\n/x"]
    assert newline_chunks("") == []


def test_python_letter_and_space_tests_agree_with_the_patterns_classes():
    # The cut tests characters with str.isalpha / str.isspace; they must never call a
    # character a letter that \p{L} does not match, nor miss one that \s matches.
    letter = regex.compile(r"\p{L}")
    space = regex.compile(r"\s")
    for code in range(sys.maxunicode + 1):
        ch = chr(code)
        if ch.isalpha():
            assert letter.match(ch), f"U+{code:04X}"
        if space.match(ch):
            assert ch.isspace(), f"U+{code:04X}"


@pytest.fixture(scope="module")
def o200k_like():
    corpus = ["Hello world\nsecond line, third\n\n  indented\nLast/line", "日本語\nテキスト"] * 5
    model = train(corpus, TrainingConfig(vocab_size=400, level="byte")).tokenizer.model
    return lambda: Tokenizer(model, pretokenizer="o200k_base")


@settings(max_examples=200, deadline=None)
@given(text=TEXTS)
def test_ids_with_and_without_the_line_cache(o200k_like, text):
    cached, plain = o200k_like(), o200k_like()
    plain.fast.chunked = False
    assert cached.fast.chunked
    want = plain.encode_ids(text)
    assert cached.encode_ids(text) == want
    assert cached.encode_ids(text) == want  # second time from the cache


def test_lines_split_in_one_pass_equal_line_by_line(o200k_like):
    tok = o200k_like()
    lines = newline_chunks("Hello world\nsecond line, third\n\n  indented\nLast/line 12345\n" * 3)
    pieces, counts = tok.fast.split_lines(lines)
    per_line = [tok.fast.split(line) for line in lines]
    assert pieces == [p for ps in per_line for p in ps]
    assert counts.tolist() == list(itertools.accumulate(map(len, per_line)))
    # Lines whose joins a piece would cross (not what newline_chunks makes): split apart.
    crossing = ["ab ", "cd", "  ", "ef"]
    pieces, counts = tok.fast.split_lines(crossing)
    assert pieces == ["ab", " ", "cd", "  ", "ef"] and counts.tolist() == [2, 3, 4, 5]


def _hf_pretokenizers() -> dict[str, object]:
    from bpelens.core.pipeline.pre_tokenizers.base import (
        GPT2_PATTERN,
        LLAMA3_PATTERN,
        O200K_PATTERN,
        QWEN2_PATTERN,
        PreTokenizerSequence,
    )
    from bpelens.core.pipeline.pre_tokenizers.hf import ByteLevelPreTokenizer, SplitPreTokenizer

    def split(pattern: str) -> SplitPreTokenizer:
        return SplitPreTokenizer(pattern, is_regex=True, behavior="Isolated", invert=False)

    passing = ByteLevelPreTokenizer(add_prefix_space=False, use_regex=False)
    return {
        # as tokenizer.json files have them: gpt2, llama3, qwen2/3
        "gpt2 ByteLevel": ByteLevelPreTokenizer(add_prefix_space=False),
        "llama3 Split+ByteLevel": PreTokenizerSequence([split(LLAMA3_PATTERN), passing]),
        "qwen2 Split+ByteLevel": PreTokenizerSequence([split(QWEN2_PATTERN), passing]),
        "o200k Split": split(O200K_PATTERN),
        "two cutting steps": PreTokenizerSequence([split(QWEN2_PATTERN),
                                                   ByteLevelPreTokenizer(add_prefix_space=False)]),
        "gpt2 Split": split(GPT2_PATTERN),
    }


@pytest.mark.parametrize("name", sorted(_hf_pretokenizers()))
@settings(max_examples=300, deadline=None)
@given(text=TEXTS)
def test_hf_pre_tokenizers_reading_a_preset_cut_where_it_does(name, text):
    """tokenizer.json's Split with a preset's pattern (Oniguruma reads it as tiktoken does)
    and ByteLevel's own GPT-2 split cut at the same newlines, alone or in a sequence."""
    pre = _hf_pretokenizers()[name]
    assert Can.CUT_AT_NEWLINES in pre.capabilities
    chunks = newline_chunks(text)
    assert [p for chunk in chunks for p in pre.split_str(chunk)] == pre.split_str(text)
    assert [(s + a, s + b) for s, chunk in zip(
        itertools.accumulate(map(len, chunks), initial=0), chunks, strict=False)
        for a, b in pre.split(chunk)] == pre.split(text)


def test_hf_pre_tokenizers_that_may_cross_a_newline_say_so():
    from bpelens.core.pipeline.pre_tokenizers.base import (
        CL100K_PATTERN,
        QWEN2_PATTERN,
        DigitsPreTokenizer,
        PreTokenizerSequence,
    )
    from bpelens.core.pipeline.pre_tokenizers.hf import (
        ByteLevelPreTokenizer,
        SplitPreTokenizer,
        punctuation,
    )

    def split(pattern: str, behavior: str = "Isolated", invert: bool = False,
              is_regex: bool = True) -> SplitPreTokenizer:
        return SplitPreTokenizer(pattern, is_regex=is_regex, behavior=behavior, invert=invert)

    for pre in (
        split(QWEN2_PATTERN, behavior="Removed"), split(QWEN2_PATTERN, invert=True),
        split(QWEN2_PATTERN, behavior="MergedWithNext"),
        split(r"\s+"), split("\n", is_regex=False),
        # cl100k read by Oniguruma: "{1,3}+" and "$" mean other things there
        split(CL100K_PATTERN),
        ByteLevelPreTokenizer(add_prefix_space=True),  # a space added to every part cut apart
        ByteLevelPreTokenizer(add_prefix_space=False, use_regex=False),  # one piece
        PreTokenizerSequence([split(QWEN2_PATTERN), DigitsPreTokenizer()]),
        PreTokenizerSequence([punctuation(), ByteLevelPreTokenizer(add_prefix_space=False)]),
        PreTokenizerSequence([]),
    ):
        assert Can.CUT_AT_NEWLINES not in pre.capabilities, pre.to_config()
    # why cl100k's pattern read by Oniguruma is not the preset: "{1,3}+" repeats, not possessive
    assert split(CL100K_PATTERN).split_str("12345") == ["12345"]
    assert RegexPreTokenizer(CL100K_PATTERN).split_str("12345") == ["123", "45"]
