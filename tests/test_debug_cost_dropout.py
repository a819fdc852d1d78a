"""The cost calculator against the seed's figures, and BPE-dropout against Hugging Face's
``BPE(dropout=p)``: p = 0 is the ordinary encoding, and for p > 0 the segmentations drawn
have the same support and frequencies within sampling error."""

from __future__ import annotations

import math
import os
from collections import Counter
from fractions import Fraction

import pytest

from bpelens.core import ConfigError, open_tokenizer
from bpelens.core.debugging.cost import embedding_cost, megabytes
from bpelens.core.debugging.dropout import dropout_samples

from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def test_the_seeds_embedding_figures_exactly():
    extra = embedding_cost(50_000, 4_096)
    assert extra.parameters == 204_800_000
    assert megabytes(extra.bytes("bf16")) == Fraction(4096, 10)  # 409.6 MB per matrix
    untied = embedding_cost(50_000, 4_096, tied=False)
    assert megabytes(untied.bytes("bf16")) == Fraction(8192, 10)  # 819.2 MB
    qwen = embedding_cost(151_669, 2_048, rows=151_936)
    assert qwen.parameters_per_matrix == 311_164_928
    assert embedding_cost(151_669, 2_048, pad_to=128).rows == 151_680
    assert embedding_cost(100, 8).bytes("int4") == 400
    assert embedding_cost(101, 8).bytes("int4") == Fraction(808, 2)
    assert embedding_cost(100, 8, tied=False).bytes("fp32") == 6_400


@pytest.mark.parametrize(("kwargs", "message"), [
    (dict(vocab_size=0, d_model=8), "vocab size"),
    (dict(vocab_size=10, d_model=-1), "d_model"),
    (dict(vocab_size=10, d_model=8, pad_to=0), "pad to"),
    (dict(vocab_size=10, d_model=8, rows=9), "fewer than"),
])
def test_bad_sizes_are_refused(kwargs, message):
    with pytest.raises(ConfigError, match=message):
        embedding_cost(**kwargs)
    with pytest.raises(ConfigError, match="storage type"):
        embedding_cost(10, 8).bytes("fp8")


GPT2 = SHARED_DATA / "tokenizers" / "hf" / "gpt2.tokenizer.json"


@needs_shared_data
def test_dropout_zero_is_the_ordinary_encoding():
    tokenizer = open_tokenizer(str(GPT2))
    text = "Tokenization of unbelievable words, 猫 and 🙂."
    result = dropout_samples(tokenizer, text, 0, 50, seed=3)
    assert result.segmentations == ((tuple(tokenizer.encode_ids(text, special="none")), 50),)


@needs_shared_data
@pytest.mark.parametrize(("text", "p"), [(" unbelievable", 0.3), ("lowest newest", 0.1),
                                         (" Tokenization", 0.5)])
def test_dropout_matches_hf_distribution(text: str, p: float):
    from tokenizers import Tokenizer as HFTokenizer

    ours = dropout_samples(open_tokenizer(str(GPT2)), text, p, 12_000, seed=11)
    hf = HFTokenizer.from_file(str(GPT2))
    hf.model.dropout = p
    n = ours.samples
    theirs = Counter(tuple(hf.encode(text).ids) for _ in range(n))
    mine = dict(ours.segmentations)
    assert sum(mine.values()) == n
    # Every segmentation either side draws often must be drawn by the other; frequencies
    # agree within 4.5 standard deviations of the difference of two proportions (the test
    # is derandomized: our seed is fixed, HF's draws are not, hence the wide margin).
    for segmentation in set(mine) | set(theirs):
        a, b = mine.get(segmentation, 0) / n, theirs.get(segmentation, 0) / n
        pooled = (a + b) / 2
        if pooled * n < 15:
            continue
        assert segmentation in mine and segmentation in theirs, segmentation
        sd = math.sqrt(pooled * (1 - pooled) * 2 / n)
        assert abs(a - b) <= 4.5 * sd, (segmentation, a, b)
    # Every draw decodes to the text: dropout changes the cut, never the bytes.
    tokenizer = open_tokenizer(str(GPT2))
    for segmentation, _ in ours.segmentations:
        assert tokenizer.decode(list(segmentation)) == text


@needs_shared_data
def test_dropout_is_reproducible_with_its_seed_and_refuses_bad_settings():
    tokenizer = open_tokenizer(str(GPT2))
    first = dropout_samples(tokenizer, "lowest newest", 0.2, 500, seed=5)
    assert first == dropout_samples(tokenizer, "lowest newest", 0.2, 500, seed=5)
    assert first != dropout_samples(tokenizer, "lowest newest", 0.2, 500, seed=6)
    assert dropout_samples(tokenizer, "lowest", 1.0, 20).segmentations[0][0] == tuple(
        tokenizer.encode_ids(x)[0] for x in "lowest")  # p = 1: no merge at all
    for bad in (-0.1, 1.5, "x"):
        with pytest.raises(ConfigError, match="probability"):
            dropout_samples(tokenizer, "a", bad, 10)
    with pytest.raises(ConfigError, match="samples"):
        dropout_samples(tokenizer, "a", 0.1, 0)
