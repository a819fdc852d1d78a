"""The demo tokenizers shipped in resources/ are what the demo corpus trains."""

import pytest

from bpelens.app import demo_data
from bpelens.core import tokenizer_to_dict
from bpelens.resources import DEMO_TOKENIZERS


@pytest.mark.parametrize("name", list(DEMO_TOKENIZERS))
def test_shipped_demo_tokenizer_matches_a_fresh_training(name):
    assert tokenizer_to_dict(demo_data.load_demo(name)) == tokenizer_to_dict(demo_data.build(name))


def test_parallel_demo_has_aligned_languages():
    corpus = demo_data.parallel_demo()
    assert {"en", "ja", "zh", "ar", "hi"} <= set(corpus)
    assert len(corpus) >= 10
    assert len({len(sentences) for sentences in corpus.values()}) == 1


def test_welcome_text_round_trips_on_the_byte_demo():
    tok = demo_data.load_demo("demo-multilingual-byte")
    enc = tok.encode(demo_data.welcome_text())
    assert enc.round_trip
    assert any(t.kind == "special" for t in enc.tokens)
