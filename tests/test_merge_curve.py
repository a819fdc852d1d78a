"""The dev-set curve read off a trained tokenizer (``tokens_after_each_merge``) against the
tokenizer rebuilt with its first k merges, for classic BPE, SuperBPE and Picky BPE."""

from __future__ import annotations

import random

import pytest

from bpelens.core import (
    BPEModel,
    ConfigError,
    PickyBPEModel,
    SuperBPEConfig,
    Tokenizer,
    TrainingConfig,
    tokens_after_each_merge,
    train,
    train_picky,
    train_superbpe,
)

WORDS = ["lower", "lowest", "newer", "newest", "wider", "widest", "the", "cat", "sat", "on",
         "mat", "東京", "都庁"]


def corpus(seed: int, lines: int) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 9))) for _ in range(lines)]


def cut(tokenizer: Tokenizer, merges: int) -> Tokenizer:
    model = tokenizer.model
    base = model.base if isinstance(model, PickyBPEModel) else model
    rebuilt = BPEModel(level="byte", byte_order=base.byte_order)
    for rule in base.rules[:merges]:
        rebuilt.merge_pair(rule.left_id, rule.right_id)
    if isinstance(model, PickyBPEModel):
        rebuilt = PickyBPEModel(rebuilt, [r for r in model.removals if r[0] <= merges])
    return Tokenizer(rebuilt, pretokenizer=tokenizer.pretokenizer.to_config())


@pytest.mark.parametrize("trainer", ["classic", "superbpe", "picky"])
def test_each_row_is_the_tokenizer_cut_there(trainer):
    texts = corpus(1, 150)
    config = TrainingConfig(vocab_size=330)
    result = {"classic": lambda: train(texts, config),
              "superbpe": lambda: train_superbpe(texts, config, SuperBPEConfig(300)),
              "picky": lambda: train_picky(texts, config, 0.6)}[trainer]()
    tokenizer = result.tokenizer
    dev = {"a": corpus(2, 12), "b": ["the cat sat 東京都庁", "lowest newer"]}
    rows = tokens_after_each_merge(tokenizer, dev)
    merges = len(tokenizer.model.rules)
    assert len(rows) == merges + 1
    for k in sorted({0, 1, 2, merges // 3, merges // 2, merges - 1, merges}):
        shorter = cut(tokenizer, k)
        assert rows[k] == tuple(sum(len(shorter.encode(t).ids) for t in group)
                                for group in dev.values()), k
    if trainer == "picky":
        assert tokenizer.model.removals  # the curve went through removals


def test_a_model_without_merges_is_refused():
    from bpelens.core.models.unigram import UnigramModel

    tokenizer = Tokenizer(UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -2.0)], unk_id=0),
                          pretokenizer="whitespace")
    with pytest.raises(ConfigError, match="no merge list"):
        tokens_after_each_merge(tokenizer, {"x": ["a b"]})
