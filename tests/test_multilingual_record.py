"""What a training by language records for playback, checked against the trained tokenizer:
the training text's length in tokens after every merge, the most frequent pieces with their
weighted counts, and who chose each merge."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bpelens.core import (
    LanguageCorpus,
    ParityConfig,
    TrainingConfig,
    TrainingPlayback,
    make_pretokenizer,
    train_languages,
)

EN = ["the cat sleeps on the mat\n", "a dog runs in the park\n", "cats and dogs\n"] * 7
JA = ["猫がマットの上で寝ている。\n", "犬が公園で走る。\n"] * 5
HI = ["बिल्ली चटाई पर सोती है\n", "कुत्ता पार्क में दौड़ता है\n"] * 4


def languages(weights: tuple[Fraction, ...] = (Fraction(1),) * 3) -> list[LanguageCorpus]:
    return [LanguageCorpus(name, lines, dev=lines[:2], weight=w) for (name, lines), w in
            zip((("en", EN), ("ja", JA), ("hi", HI)), weights, strict=True)]


@pytest.mark.parametrize("parity", [None, ParityConfig("base"),
                                    ParityConfig("window", window_size=5, global_merges=4)])
@pytest.mark.parametrize("weights", [(Fraction(1),) * 3,
                                     (Fraction(2), Fraction(1, 3), Fraction(5, 2))])
def test_corpus_tokens_after_training_are_the_trained_tokenizers_count(parity, weights):
    result = train_languages(languages(weights), TrainingConfig(vocab_size=256 + 60,
                                                                min_frequency=1), parity)
    record, tokenizer = result.record, result.tokenizer
    assert len(record.corpus_tokens) == len(result.merges) + 1
    # Before: every byte is a token; after: what the tokenizer encodes; weighted per line.
    expected_start = sum(w * len(line.encode()) for x, w in zip(languages(), weights,
                                                                 strict=True)
                         for line in x.train)
    expected_end = sum(w * len(tokenizer.encode_ids(line)) for x, w in zip(
        languages(), weights, strict=True) for line in x.train)
    assert record.corpus_tokens[0] == expected_start
    assert record.corpus_tokens[-1] == expected_end
    assert list(record.corpus_tokens) == sorted(record.corpus_tokens, reverse=True)


def test_words_are_the_most_frequent_pieces_with_weighted_counts():
    weights = (Fraction(1), Fraction(3), Fraction(1, 2))
    result = train_languages(languages(weights), TrainingConfig(vocab_size=256 + 30), None)
    split = make_pretokenizer("gpt2").split_fast
    counts: dict[str, Fraction] = {}
    for x, w in zip(languages(), weights, strict=True):
        for line in x.train:
            for piece in split(line):
                counts[piece] = counts.get(piece, Fraction(0)) + w
    words = dict(result.record.words)
    assert words == {piece: counts[piece] for piece in words}
    assert sorted(words.values(), reverse=True) == sorted(counts.values(), reverse=True)[
        :len(words)]


def test_playback_says_who_chose_each_merge_and_breaks_ties_as_parity_aware_bpe():
    result = train_languages(languages(), TrainingConfig(vocab_size=256 + 20),
                             ParityConfig("base", global_merges=3))
    playback = TrainingPlayback(result.tokenizer)
    names = [playback.chosen_by(step) for step in range(1, playback.steps + 1)]
    assert names[:3] == ["the summed counts"] * 3
    assert names[3:] == [("en", "ja", "hi")[i] for i in result.record.chosen[3:]]
    assert playback.chosen_by(0) is None and playback.chosen_by(playback.steps + 1) is None
    assert "largest (left, right) token text" in playback.rule_rank_text()
    # The words replay to the tokenizer's own segmentation at the end.
    final = playback.words_at(playback.steps)
    for word in final:
        assert list(word.ids) == result.tokenizer.model.encode_piece(word.text)
    classic = TrainingPlayback(train_languages(languages(), TrainingConfig(vocab_size=270),
                                               None).tokenizer)
    assert classic.chosen_by(1) == "the summed counts"
    assert "smallest (left id, right id)" in classic.rule_rank_text()
