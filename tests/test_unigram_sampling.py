"""Subword sampling on Unigram models against sentencepiece's own sampling.

The statistical test, stated: for each (model, word, alpha, nbest_size), sentencepiece's
``encode(word, enable_sampling=True, ...)`` is drawn N = 6,000 times with its generator seeded
(so the draws are fixed, the test cannot flake), and the total variation distance between its
empirical distribution and our exact one must be below 2.5 times the distance an honest
sample of N is expected to have, E ≈ ½ Σᵢ √(2 pᵢ(1−pᵢ)/(πN)) (0.005 for 4 segmentations,
0.017 for the 200 of "understanding"). A wrong alpha is several times further (a test shows
the bound tells it apart). Our own sampler, seeded, is held to the same bound; the exact
probabilities sum to 1 and equal a brute force over every segmentation.
"""

from __future__ import annotations

import itertools
import json
import math
import subprocess
import sys
from collections import Counter

import pytest

from bpelens.core import (
    ConfigError,
    open_tokenizer,
    sample_segmentations,
    segmentation_distribution,
)

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data

SP = SHARED_DATA / "tokenizers" / "sentencepiece"
DRAWS = 6000
SLACK = 2.5

CASES = [
    ("botchan_en_unigram_1000.model", "hello", 0.1, -1),
    ("botchan_en_unigram_1000.model", "understanding", 0.2, -1),
    ("botchan_en_unigram_1000.model", "understanding", 0.5, 8),
    ("kyoto_ja_unigram_8000.model", "東京都庁", 0.2, -1),
    ("kyoto_ja_unigram_8000.model", "東京都庁", 0.5, 4),
    ("kyoto_ja_unigram_8000.model", "京都大学", 1.0, -1),
]


def total_variation(counts: Counter, exact: dict[tuple[int, ...], float]) -> float:
    n = sum(counts.values())
    keys = set(counts) | set(exact)
    return 0.5 * sum(abs(counts.get(k, 0) / n - exact.get(k, 0.0)) for k in keys)


def bound(exact: dict[tuple[int, ...], float], draws: int = DRAWS) -> float:
    """SLACK times the total variation distance expected of an honest sample."""
    return SLACK * 0.5 * sum(math.sqrt(2 * p * (1 - p) / (math.pi * draws))
                             for p in exact.values())


_DRAW = """
import json, sys
import sentencepiece as spm
model, word, alpha, nbest, draws = json.loads(sys.argv[1])
spm.set_random_generator_seed(11)
processor = spm.SentencePieceProcessor(model_file=model)
print(json.dumps([processor.encode(word, enable_sampling=True, alpha=alpha, nbest_size=nbest)
                  for _ in range(draws)]))
"""


def sentencepiece_draws(model: str, word: str, alpha: float, nbest: int) -> Counter:
    """sentencepiece's draws in a process of their own: its seed takes effect only where a
    thread first draws, so in a test process the draws would depend on the tests run
    before (they did, once, under xdist)."""
    done = subprocess.run(
        [sys.executable, "-c", _DRAW, json.dumps([str(SP / model), word, alpha, nbest, DRAWS])],
        capture_output=True, text=True, timeout=300, check=True)
    return Counter(tuple(ids) for ids in json.loads(done.stdout))


@needs_shared_data
@pytest.mark.parametrize(("model", "word", "alpha", "nbest"), CASES)
def test_the_distribution_matches_sentencepiece_sampling(model, word, alpha, nbest) -> None:
    tokenizer = open_tokenizer(SP / model)
    exact = segmentation_distribution(tokenizer, word, alpha=alpha, nbest=nbest)
    probabilities = {s.ids: s.probability for s in exact.segmentations}
    assert sum(probabilities.values()) + exact.rest == pytest.approx(1.0)
    assert total_variation(sentencepiece_draws(model, word, alpha, nbest),
                           probabilities) < bound(probabilities)
    ours = sample_segmentations(tokenizer, word, alpha=alpha, nbest=nbest, samples=DRAWS,
                                seed=5)
    assert total_variation(ours, probabilities) < bound(probabilities)
    # The most probable segmentation is the Viterbi one, which the encoder gives.
    assert exact.segmentations[0].ids == tuple(tokenizer.encode_ids(word))


@needs_shared_data
def test_the_bound_tells_a_wrong_alpha_apart() -> None:
    tokenizer = open_tokenizer(SP / "botchan_en_unigram_1000.model")
    wrong = {s.ids: s.probability for s in segmentation_distribution(
        tokenizer, "understanding", alpha=0.35).segmentations}
    draws = sentencepiece_draws("botchan_en_unigram_1000.model", "understanding", 0.2, -1)
    assert total_variation(draws, wrong) > 2 * bound(wrong)


@needs_shared_data
def test_exact_probabilities_equal_a_brute_force_over_every_segmentation() -> None:
    tokenizer = open_tokenizer(SP / "kyoto_ja_unigram_8000.model")
    model = tokenizer.model
    word = "東京都庁舎"
    piece = tokenizer.model_inputs(word)[0]
    nodes = {(s, e): (tid, score) for tid, s, e, score in model.lattice(piece)}
    paths = []
    for cuts in itertools.product((False, True), repeat=len(piece) - 1):
        bounds = [0, *(i + 1 for i, cut in enumerate(cuts) if cut), len(piece)]
        spans = list(itertools.pairwise(bounds))
        if all(span in nodes for span in spans):
            paths.append((tuple(nodes[s][0] for s in spans), sum(nodes[s][1] for s in spans)))
    for alpha in (0.1, 0.7):
        z = sum(math.exp(alpha * score) for _, score in paths)
        expected = {ids: math.exp(alpha * score) / z for ids, score in paths}
        exact = segmentation_distribution(tokenizer, word, alpha=alpha)
        assert exact.total == len(paths)
        assert {s.ids: pytest.approx(s.probability) for s in exact.segmentations} == expected
    viterbi = segmentation_distribution(tokenizer, word, alpha=0.7, nbest=1)
    assert [s.ids for s in viterbi.segmentations] == [tuple(tokenizer.encode_ids(word))]
    assert viterbi.segmentations[0].probability == 1.0
    # Alpha 0 draws every segmentation equally often, as sentencepiece does.
    uniform = segmentation_distribution(tokenizer, word, alpha=0.0)
    assert [s.probability for s in uniform.segmentations] == pytest.approx(
        [1 / len(paths)] * len(paths))


def test_bad_input_is_one_clear_message() -> None:
    from bpelens.app.demo_data import load_demo

    bpe = load_demo("demo-english-char")
    with pytest.raises(ConfigError, match="needs a Unigram model"):
        segmentation_distribution(bpe, "hello", alpha=0.1)


@needs_shared_data
def test_the_command_line_gives_both_samplings(tmp_path) -> None:
    done = bpelens("sample", "-t", str(SP / "kyoto_ja_unigram_8000.model"), "東京都庁",
                   "--alpha", "0.2", "--samples", "300", "--seed", "3")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    tokenizer = open_tokenizer(SP / "kyoto_ja_unigram_8000.model")
    exact = segmentation_distribution(tokenizer, "東京都庁", alpha=0.2)
    assert [e["ids"] for e in out["listed"]] == [list(s.ids) for s in exact.segmentations]
    assert sum(e["drawn"] for e in out["listed"]) == 300
    dropout = bpelens("sample", "-t", "demo-english-char", "hello", "--dropout", "0.3",
                      "--samples", "200")
    assert dropout.returncode == 0, dropout.stderr
    assert sum(s["drawn"] for s in json.loads(dropout.stdout)["segmentations"]) == 200
    negative = bpelens("sample", "-t", str(SP / "kyoto_ja_unigram_8000.model"), "東京",
                       "--alpha", "-1")
    assert negative.returncode == 2 and "alpha -1.0: expected a number of 0 or more" in \
        negative.stderr
