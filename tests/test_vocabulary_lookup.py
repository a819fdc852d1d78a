"""Looking tokens up by id, text, part of a text, regex (time-bounded) and hex bytes, checked
against tiktoken's own vocabulary; and one token's facts, with the corpus texts that use it."""

from __future__ import annotations

import pytest

from bpelens.core import ConfigError, TrainingConfig, open_tokenizer, train
from bpelens.core.debugging.lookup import find_tokens, token_facts

from conftest import needs_shared_data
from fidelity_helpers import TIKTOKEN_DIR, tiktoken_reference


@needs_shared_data
def test_lookups_agree_with_tiktokens_vocabulary():
    ours = open_tokenizer(TIKTOKEN_DIR / "o200k_base.tiktoken")
    reference = tiktoken_reference("o200k_base")
    the = reference.encode_single_token(" the")
    assert find_tokens(ours, " the") == [the]  # exact text first
    assert find_tokens(ours, str(the)) == [the]  # a number is an id
    hiragana = "あ".encode()
    assert find_tokens(ours, "0x" + hiragana.hex()) == [
        reference.encode_single_token(hiragana)]
    # Every token holding "ize" as text, as tiktoken's vocabulary has them.
    expected = []
    for tid in range(reference.n_vocab):
        try:
            data = reference.decode_single_token_bytes(tid)
        except KeyError:
            continue
        if "ize" in data.decode("utf-8", "replace"):
            expected.append(tid)
    assert find_tokens(ours, "ize", "contains", limit=10**6) == expected
    regex_hits = find_tokens(ours, "/^ize[sd]?$/", limit=10**6)
    assert regex_hits and all(
        reference.decode_single_token_bytes(t).decode() in ("ize", "izes", "ized")
        for t in regex_hits)


def test_one_tokens_facts_and_the_texts_that_use_it():
    lines = ["low lower lowest\n", "newest widest\n"] * 5
    tokenizer = train(lines, TrainingConfig(vocab_size=256 + 6, level="byte",
                                            pretokenizer="whitespace")).tokenizer
    (low,) = find_tokens(tokenizer, "low")
    facts = token_facts(tokenizer, low, ["lowest", "newest", "a low note"])
    assert facts.text == "low" and facts.data == b"low" and facts.kind == "merged"
    assert facts.used_in == (0, 2)
    leaves = [node.label for node in facts.tree.leaves()]
    assert "".join(leaves) == "low"
    assert facts.rank is not None and facts.rank < 6


def test_bad_queries_are_refused_with_a_reason():
    tokenizer = train(["ab ab\n"], TrainingConfig(vocab_size=258, min_frequency=1)).tokenizer
    with pytest.raises(ConfigError, match="its ids are"):
        find_tokens(tokenizer, "999999", "id")
    with pytest.raises(ConfigError, match="hex"):
        find_tokens(tokenizer, "zz", "hex")
    with pytest.raises(ConfigError, match="not a valid regular expression"):
        find_tokens(tokenizer, "/(/")
    with pytest.raises(ConfigError, match="unknown lookup"):
        find_tokens(tokenizer, "a", "fuzzy")  # type: ignore[arg-type]


def test_a_regex_that_backtracks_on_a_token_is_stopped_with_a_reason(monkeypatch):
    """The search's limit is CPU time (a busy machine does not use it up: o200k's 200,000
    tokens take ~1.2 s of it for a plain pattern, whatever the load); a pattern backtracking
    on one token (2³⁶ steps) uses it all and is refused, naming itself."""
    from bpelens.core.debugging import lookup

    stuck = "a" * 36 + "b"
    tokenizer = train([stuck + "\n"] * 3, TrainingConfig(
        vocab_size=256 + 12, level="byte", pretokenizer="whitespace", min_frequency=1)).tokenizer
    assert find_tokens(tokenizer, stuck) and find_tokens(tokenizer, "/^a+b$/")
    monkeypatch.setattr(lookup, "REGEX_SECONDS", 1.0)  # a second of it is enough here
    with pytest.raises(ConfigError, match=r"^/\(a\|a\)\+\$/ took longer than 1 s over the "
                                          r"vocabulary; simplify it$"):
        find_tokens(tokenizer, "/(a|a)+$/")
