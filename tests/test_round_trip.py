"""Why a round trip fails: round_trip_difference finds the first character that does not
come back and names its cause."""

from __future__ import annotations

import dataclasses

from bpelens.core import BPEModel, Tokenizer, round_trip_difference, token_table

from conftest import SHARED_DATA, needs_shared_data


def nfkc_tokenizer() -> Tokenizer:
    model = BPEModel(level="char", alphabet=" 1abcd\ufffd", merges=[])
    return Tokenizer(model, normalizer="nfkc", pretokenizer="whitespace")


def why(tokenizer: Tokenizer, text: str):
    return round_trip_difference(tokenizer, token_table(tokenizer, text))


def test_a_round_trip_that_holds_has_no_difference():
    assert why(nfkc_tokenizer(), "abcd1") is None


def test_text_the_pipeline_drops_is_named():
    found = why(nfkc_tokenizer(), "ab cd")  # the whitespace pre-tokenizer drops the space
    assert (found.cause, found.char, found.before, found.after) == ("decoder", 2, " ", "")
    assert str(found.sentence()) == "decoding drops “·” at character 2"


def test_the_normalizer_is_named_with_what_it_changes_and_where():
    found = why(nfkc_tokenizer(), "abcd①")
    assert (found.cause, found.char, found.before, found.after, found.step) == (
        "normalizer", 4, "①", "1", "NFKC")
    assert str(found.sentence()) == "NFKC changes “①” to “1” at character 4"


def test_a_lone_surrogate_is_named():
    tokenizer = nfkc_tokenizer()
    found = why(tokenizer, "ab\ud800cd")
    assert (found.cause, found.char) == ("surrogate", 2)


def test_bytes_that_decode_to_u_fffd_are_named():
    tokenizer = nfkc_tokenizer()
    table = token_table(tokenizer, "abcd")
    found = round_trip_difference(tokenizer, dataclasses.replace(table, decoded="ab\ufffdd"))
    assert (found.cause, found.char) == ("invalid_utf8", 2)
    assert "not valid UTF-8" in str(found.sentence())


@needs_shared_data
def test_an_unknown_token_is_named_with_its_label():
    from bpelens.core import open_tokenizer

    bert = open_tokenizer(SHARED_DATA / "tokenizers" / "hf" /
                          "bert-base-uncased-minilm.tokenizer.json")
    found = why(bert, "hello 🙂 world")
    assert (found.cause, found.char, found.token) == ("unknown", 6, "[UNK]")
    assert str(found.sentence()) == "an unknown token [UNK] at character 6"
    lowered = why(bert, "Hello")
    assert (lowered.cause, lowered.char, lowered.before, lowered.after) == (
        "normalizer", 0, "H", "h")
