"""Weighting languages exactly (seed 000 §4): shares, per-line weights, temperature, and
training on weighted languages, which must equal training on the same lines with those weights
(and on lines repeated, for integer weights); and the split of a parallel corpus by position.

Every expected Fraction here is worked out by hand in the comment beside it.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import (
    LanguageCorpus,
    ParallelCorpus,
    SplitSizes,
    TrainingConfig,
    TrainingError,
    byte_shares,
    normalized_shares,
    open_parallel_corpus,
    split_parallel,
    temperature_shares,
    train,
    train_languages,
    weights_for_shares,
)
from bpelens.core.training.language_weights import SHARE_SCALE, parse_language_values
from bpelens.core.training.languages import read_language_file

from conftest import SHARED_DATA, needs_shared_data

F = Fraction
FIVE = ("en", "ja", "zh", "ar", "hi")


# -- normalized_shares ----------------------------------------------------------------------
@pytest.mark.parametrize("shares", [
    {"en": 80, "ja": 5, "zh": 5, "ar": 5, "hi": 5},
    {"en": 0.8, "ja": 0.05, "zh": 0.05, "ar": 0.05, "hi": 0.05},
    {"en": "4/5", "ja": "1/20", "zh": "1/20", "ar": "1/20", "hi": "1/20"},
    {"en": "80", "ja": "5", "zh": "5.0", "ar": F(5), "hi": 5},
    {"en": 16, "ja": 1, "zh": 1, "ar": 1, "hi": 1},
])
def test_normalized_shares_any_unit_gives_the_same_exact_fractions(shares):
    got = normalized_shares(shares)
    # 80 / (80 + 4·5) = 4/5 and 5/100 = 1/20, whatever the unit
    assert got == {"en": F(4, 5), "ja": F(1, 20), "zh": F(1, 20), "ar": F(1, 20),
                   "hi": F(1, 20)}
    assert all(type(value) is Fraction for value in got.values())
    assert sum(got.values()) == 1
    assert list(got) == list(FIVE)  # the languages keep their order


def test_normalized_shares_floats_are_read_as_their_decimal_spelling():
    # 0.1 + 0.2 are 1/10 and 2/10 (not their binary values): 1/3 and 2/3 exactly.
    assert normalized_shares({"a": 0.1, "b": 0.2}) == {"a": F(1, 3), "b": F(2, 3)}
    # 50 / 12.5 ×4 = 100: 1/2 and 1/8 each.
    assert normalized_shares({"en": 50, "ja": 12.5, "zh": "12.5", "ar": "25/2", "hi": 12.5}) \
        == {"en": F(1, 2), "ja": F(1, 8), "zh": F(1, 8), "ar": F(1, 8), "hi": F(1, 8)}


@pytest.mark.parametrize(("bad", "says"), [
    (0, "must be greater than zero"),
    (-5, "must be greater than zero"),
    ("-0.5", "must be greater than zero"),
    (0.0, "must be greater than zero"),
    ("x", "is not a number"),
    ("", "is not a number"),
    (None, "is not a number"),
    (True, "is not a number"),
    ("1/0", "is not a number"),
    (float("nan"), "is not a number"),
])
def test_normalized_shares_rejects_bad_values_naming_the_language(bad, says):
    with pytest.raises(TrainingError, match=says) as caught:
        normalized_shares({"en": 80, "ja": bad, "zh": 5})
    assert "--byte-shares ja:" in str(caught.value)
    assert "zh" not in str(caught.value) and "en:" not in str(caught.value)
    with pytest.raises(TrainingError, match=r"^--shares hi: "):
        normalized_shares({"hi": bad}, where="--shares")


# -- weights_for_shares and byte_shares ------------------------------------------------------
def test_weights_for_shares_two_languages_by_hand():
    totals = {"en": 300, "ja": 90}
    shares = normalized_shares({"en": 80, "ja": 20})
    assert shares == {"en": F(4, 5), "ja": F(1, 5)}
    weights = weights_for_shares(totals, shares)
    # 100000 · 4/5 / 300 = 80000/300 = 800/3;  100000 · 1/5 / 90 = 20000/90 = 2000/9
    assert weights == {"en": F(800, 3), "ja": F(2000, 9)}
    assert all(type(w) is Fraction for w in weights.values())
    # weighted bytes: 800/3 · 300 = 80000 and 2000/9 · 90 = 20000, of 100000
    assert byte_shares(totals, weights) == {"en": F(4, 5), "ja": F(1, 5)}
    assert sum(weights[n] * totals[n] for n in totals) == SHARE_SCALE == 100_000


def test_weights_for_shares_three_languages_by_hand():
    totals = {"en": 1000, "ja": 240, "zh": 7}
    shares = normalized_shares({"en": 2, "ja": 1, "zh": 1})  # 1/2, 1/4, 1/4
    weights = weights_for_shares(totals, shares)
    # 50000/1000 = 50;  25000/240 = 625/6;  25000/7
    assert weights == {"en": F(50), "ja": F(625, 6), "zh": F(25000, 7)}
    assert byte_shares(totals, weights) == {"en": F(1, 2), "ja": F(1, 4), "zh": F(1, 4)}


def test_byte_shares_without_weights_are_the_byte_proportions():
    # no weight given: 1 each, so 300/390 = 10/13 and 90/390 = 3/13
    assert byte_shares({"en": 300, "ja": 90}, {}) == {"en": F(10, 13), "ja": F(3, 13)}
    # ja weighted 2: 300 and 180 of 480
    assert byte_shares({"en": 300, "ja": 90}, {"ja": F(2)}) == {"en": F(5, 8), "ja": F(3, 8)}
    assert byte_shares({"en": 0, "ja": 0}, {}) == {"en": 0, "ja": 0}


@given(st.lists(st.integers(1, 10**6), min_size=1, max_size=6),
       st.lists(st.integers(1, 1000), min_size=6, max_size=6))
@settings(max_examples=200)
def test_byte_shares_of_share_weights_give_back_the_shares(byte_counts, raw_shares):
    names = [f"l{i}" for i in range(len(byte_counts))]
    totals = dict(zip(names, byte_counts, strict=True))
    shares = normalized_shares(dict(zip(names, raw_shares, strict=False)))
    weights = weights_for_shares(totals, shares)
    assert byte_shares(totals, weights) == shares
    for name in names:
        assert weights[name] == F(SHARE_SCALE * raw_shares[names.index(name)],
                                  sum(raw_shares[: len(names)]) * totals[name])


def test_weights_for_shares_missing_or_extra_language_is_named():
    shares = {"en": F(1, 2), "ja": F(1, 2)}
    with pytest.raises(TrainingError, match="no share for zh") as caught:
        weights_for_shares({"en": 10, "ja": 10, "zh": 10}, shares)
    assert "en, ja, zh" in str(caught.value)  # the training languages, listed
    with pytest.raises(TrainingError, match="ja has no training text"):
        weights_for_shares({"en": 10}, shares)
    with pytest.raises(TrainingError, match="no share for hi; ja has no training text"):
        weights_for_shares({"en": 10, "hi": 10}, shares)


def test_weights_for_shares_language_without_bytes_is_named():
    with pytest.raises(TrainingError, match="ja has no training bytes"):
        weights_for_shares({"en": 10, "ja": 0}, {"en": F(1, 2), "ja": F(1, 2)})


# -- temperature_shares ---------------------------------------------------------------------
def test_temperature_one_keeps_binary_exact_proportions_exactly():
    # 1/4, 3/4, 1/8, 5/8 are exact in binary and within 12 decimals: no rounding at all.
    assert temperature_shares({"a": 100, "b": 300}, 1) == {"a": F(1, 4), "b": F(3, 4)}
    assert temperature_shares({"a": 1, "b": 2, "c": 5}, 1.0) == {
        "a": F(1, 8), "b": F(2, 8), "c": F(5, 8)}


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=6).filter(any))
@settings(max_examples=200)
def test_temperature_one_is_the_byte_proportions_up_to_the_rounding(byte_counts):
    totals = {f"l{i}": b for i, b in enumerate(byte_counts)}
    got = temperature_shares(totals, 1)
    assert sum(got.values()) == 1 and all(type(v) is Fraction for v in got.values())
    whole = sum(byte_counts)
    for name, b in totals.items():
        # each share rounded to 12 decimals (at most 5e-13 off), then divided by their sum
        assert abs(got[name] - F(b, whole)) < F(1, 10**11)
        assert (got[name] == 0) == (b == 0)
    # the order of the shares is the order of the byte counts
    for x in totals:
        for y in totals:
            if totals[x] < totals[y]:
                assert got[x] < got[y]


def test_temperature_half_turns_the_seed_80_percent_into_50_percent():
    # The seed's second condition is the square root of the first, normalized:
    # √0.8 = 2·√0.2 and √0.05 = √0.2 / 2, so 80/5/5/5/5 becomes 2 : ½ ×4 = 50/12.5 ×4.
    # Rounded to 12 decimals, √0.8 → 0.894427191 is exactly 4 × (√0.05 → 0.22360679775),
    # so the result is exact.
    totals = {"en": 1600, "ja": 100, "zh": 100, "ar": 100, "hi": 100}
    assert temperature_shares(totals, 0.5) == {
        "en": F(1, 2), "ja": F(1, 8), "zh": F(1, 8), "ar": F(1, 8), "hi": F(1, 8)}


@given(st.lists(st.integers(1, 10**6), min_size=2, max_size=6),
       st.sampled_from([0.1, 0.3, 0.5, 0.7, 0.9]))
@settings(max_examples=200)
def test_temperature_below_one_flattens(byte_counts, alpha):
    totals = {f"l{i}": b for i, b in enumerate(byte_counts)}
    plain = temperature_shares(totals, 1)
    flat = temperature_shares(totals, alpha)
    assert sum(flat.values()) == 1 and all(type(v) is Fraction for v in flat.values())
    if len(set(byte_counts)) == 1:
        assert all(v == F(1, len(totals)) for v in flat.values())
        return
    smallest = min(totals, key=totals.__getitem__)
    largest = max(totals, key=totals.__getitem__)
    assert flat[smallest] > plain[smallest]
    assert flat[largest] < plain[largest]
    # and flatter still with a smaller α
    flatter = temperature_shares(totals, alpha / 2)
    assert flatter[smallest] > flat[smallest] and flatter[largest] < flat[largest]


def test_temperature_above_one_sharpens_and_a_share_can_round_to_zero():
    sharp = temperature_shares({"a": 1, "b": 3}, 2)
    assert sharp["a"] < F(1, 4) and sharp["b"] > F(3, 4)
    assert abs(sharp["a"] - F(1, 10)) < F(1, 10**11)  # 1/16 : 9/16 → 1/10 : 9/10
    with pytest.raises(TrainingError, match="rounds to 0; use a smaller α"):
        temperature_shares({"a": 1, "b": 10**6}, 10)


def test_temperature_language_without_bytes_keeps_share_zero():
    assert temperature_shares({"a": 0, "b": 1, "c": 3}, 0.5)["a"] == 0
    with pytest.raises(TrainingError, match="training text is empty"):
        temperature_shares({"a": 0, "b": 0}, 1)


@pytest.mark.parametrize("alpha", [0, 0.0, -1, 11, 10.5, "x", "0.5", True, False, None,
                                   float("nan"), float("inf"), F(1, 2)])
def test_temperature_rejects_bad_alpha(alpha):
    with pytest.raises(TrainingError) as caught:
        temperature_shares({"a": 1, "b": 2}, alpha)
    message = str(caught.value)
    assert message.startswith(f"--temperature {alpha!r}: ")
    assert "above 0 and at most 10" in message


def test_temperature_accepts_the_range_ends():
    assert sum(temperature_shares({"a": 1, "b": 2}, 10).values()) == 1
    tiny = temperature_shares({"a": 1, "b": 2}, 1e-9)
    assert abs(tiny["a"] - F(1, 2)) < F(1, 10**8)


# -- parse_language_values ------------------------------------------------------------------
def test_parse_language_values():
    assert parse_language_values(["en=80", "ja=0.05", "zh-CN=1/20", "x=a=b"], "--byte-shares") \
        == {"en": "80", "ja": "0.05", "zh-CN": "1/20", "x": "a=b"}
    assert parse_language_values([], "--weight") == {}


@pytest.mark.parametrize("spec", ["en", "en:80", "=80", "en=", ""])
def test_parse_language_values_needs_lang_equals_value(spec):
    with pytest.raises(TrainingError, match=r"expected LANG=VALUE") as caught:
        parse_language_values(["ja=1", spec], "--weight")
    assert str(caught.value).startswith(f"--weight {spec!r}: ")
    assert "--weight ja=0.2" in str(caught.value)  # the example uses the option's name


def test_parse_language_values_duplicate_language():
    with pytest.raises(TrainingError, match=r"^--byte-shares: ja is given twice$"):
        parse_language_values(["ja=1", "en=2", "ja=1"], "--byte-shares")


# -- LanguageCorpus and reading a language's file --------------------------------------------
def test_train_bytes_counts_utf8_bytes_of_training_lines_only():
    corpus = LanguageCorpus("ja", ["日本\n", "ab\n"], dev=["xxxxxxxx\n"],
                            evaluation=["yyyyyyy\n"])
    assert corpus.train_bytes == 7 + 3  # 日本 is 6 bytes, +\n; ab\n is 3
    assert LanguageCorpus("x", []).train_bytes == 0
    assert LanguageCorpus("ar", ["سلام\n"]).train_bytes == 9


def test_read_language_file(tmp_path):
    path = tmp_path / "ja.txt"
    path.write_bytes("\ufeff一\n二\r\n\n三".encode())
    assert read_language_file("ja", path) == ["一\n", "二\r\n", "\n", "三"]
    with pytest.raises(TrainingError) as caught:
        read_language_file("ja", tmp_path / "missing.txt", option="--dev")
    assert str(caught.value).startswith(f"--dev ja={tmp_path / 'missing.txt'}: cannot open")
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xff\n")
    with pytest.raises(TrainingError, match=r"^--corpus en=.*bad\.txt: not UTF-8 at byte 3 "):
        read_language_file("en", bad)


# -- weighted training is exact -------------------------------------------------------------
def classic(vocab_extra: int, **kw) -> TrainingConfig:
    return TrainingConfig(**{"vocab_size": 256 + vocab_extra, "level": "byte",
                             "byte_order": "value", "pretokenizer": "none", **kw})


def merges_of(result) -> list[tuple[int, int, int, object]]:
    return [(m.left_id, m.right_id, m.new_id, m.count) for m in result.merges]


def ids_of(result) -> list[tuple[int, int, int]]:
    return [(m.left_id, m.right_id, m.new_id) for m in result.merges]


def test_weights_decide_the_first_merge_fixed_example():
    # en: "abab\n" holds a+b twice; ja: "cdcdcd\n" holds c+d three times.
    en, ja = ["abab\n"], ["cdcdcd\n"]
    config = classic(1, min_frequency=0)
    plain = train_languages([LanguageCorpus("en", en), LanguageCorpus("ja", ja)], config)
    assert merges_of(plain) == [(99, 100, 256, 3)]  # c+d: 3 > 2
    # en weighted 2: a+b counts 2·2 = 4 > 3
    heavy = [LanguageCorpus("en", en, weight=F(2)), LanguageCorpus("ja", ja)]
    assert merges_of(train_languages(heavy, config)) == [(97, 98, 256, 4)]
    # ja weighted 1/2 instead: c+d 3/2 < 2
    light = [LanguageCorpus("en", en), LanguageCorpus("ja", ja, weight=F(1, 2))]
    assert merges_of(train_languages(light, config)) == [(97, 98, 256, 2)]
    # exactly tied at ja weight 2/3 (3 · 2/3 = 2): the smaller ids, a+b, win
    tied = [LanguageCorpus("en", en), LanguageCorpus("ja", ja, weight=F(2, 3))]
    assert merges_of(train_languages(tied, config)) == [(97, 98, 256, 2)]
    assert merges_of(train_languages(tied, classic(2, min_frequency=0)))[1] == (
        99, 100, 257, 2)
    # and train() on (line, weight) pairs learns the same
    for languages in (heavy, light, tied):
        pairs = [(line, lang.weight) for lang in languages for line in lang.train]
        assert merges_of(train(pairs, config)) == merges_of(train_languages(languages, config))


def test_weighted_languages_fixed_example_matches_train():
    en = LanguageCorpus("en", ["the cat sat on the mat\n", "the hat\n"], weight=F(800, 3))
    ja = LanguageCorpus("ja", ["猫が座った\n", "猫の帽子\n"], weight=F(2000, 9))
    config = classic(30)
    got = train_languages([en, ja], config)
    want = train([(line, lang.weight) for lang in (en, ja) for line in lang.train], config)
    assert merges_of(got) == merges_of(want)
    assert len(got.merges) == 30 and got.stop_reason == "vocab_size"
    assert any(isinstance(m.count, Fraction) and m.count.denominator != 1
               for m in got.merges)


line_text = st.text(alphabet="ab c日本\u0639", min_size=1, max_size=10).map(lambda t: t + "\n")
weights = st.builds(Fraction, st.integers(1, 6), st.integers(1, 5))
language_lists = st.lists(st.tuples(st.lists(line_text, min_size=1, max_size=4), weights),
                          min_size=1, max_size=3)


def corpora_of(drawn, weight_of=lambda w: w) -> list[LanguageCorpus]:
    return [LanguageCorpus(f"l{i}", lines, weight=weight_of(w))
            for i, (lines, w) in enumerate(drawn)]


@given(language_lists, st.integers(1, 25), st.sampled_from(["none", "gpt2"]),
       st.sampled_from(["smallest_ids", "first_occurrence"]), st.sampled_from([0, 1, 2]))
@settings(max_examples=60)
def test_weighted_languages_equal_train_on_weighted_lines(drawn, extra, pre, tie, minimum):
    config = classic(extra, pretokenizer=pre, tie_break=tie, min_frequency=minimum)
    languages = corpora_of(drawn)
    got = train_languages(languages, config)
    want = train([(line, lang.weight) for lang in languages for line in lang.train], config)
    assert merges_of(got) == merges_of(want)
    assert got.stop_reason == want.stop_reason


@given(language_lists, st.integers(1, 25),
       st.sampled_from([F(3), F(1, 7), F(5, 2), F(10**6, 3)]))
@settings(max_examples=40)
def test_scaling_every_weight_scales_counts_only(drawn, extra, factor):
    config = classic(extra, min_frequency=0)  # no threshold that scaling could cross
    base = train_languages(corpora_of(drawn), config)
    scaled = train_languages(corpora_of(drawn, lambda w: w * factor), config)
    assert ids_of(scaled) == ids_of(base)
    assert [m.count for m in scaled.merges] == [m.count * factor for m in base.merges]


@given(st.lists(st.tuples(st.lists(line_text, min_size=1, max_size=4), st.integers(1, 4)),
                min_size=1, max_size=3),
       st.integers(1, 25), st.sampled_from(["smallest_ids", "first_occurrence"]))
@settings(max_examples=40)
def test_integer_weight_equals_repeating_each_line(drawn, extra, tie):
    config = classic(extra, tie_break=tie)  # min_frequency 2: counts are equal, so is it
    weighted = train_languages([LanguageCorpus(f"l{i}", lines, weight=F(k))
                                for i, (lines, k) in enumerate(drawn)], config)
    repeated_lines = [[line for line in lines for _ in range(k)] for lines, k in drawn]
    repeated = train_languages([LanguageCorpus(f"l{i}", lines)
                                for i, lines in enumerate(repeated_lines)], config)
    assert merges_of(weighted) == merges_of(repeated)
    assert all(type(m.count) is int for m in weighted.merges)
    flat = train([line for lines in repeated_lines for line in lines], config)
    assert merges_of(flat) == merges_of(weighted)
    assert weighted.stop_reason == repeated.stop_reason == flat.stop_reason


def test_integer_weight_two_is_each_line_twice_fixed_example():
    # seed 000 §4.1: w = 2 counts as including each training sentence twice
    config = classic(30)
    lines = ["low lower\n", "newest widest\n"]
    weighted = train_languages([LanguageCorpus("en", lines, weight=F(2)),
                                LanguageCorpus("ja", ["ひくい\n"])], config)
    twice = train_languages([LanguageCorpus("en", [x for x in lines for _ in (1, 2)]),
                             LanguageCorpus("ja", ["ひくい\n"])], config)
    assert merges_of(weighted) == merges_of(twice)
    # l+o, o+w, w+e, e+s, s+t occur twice each in en, 2·2 = 4; ひくい's bytes E3+81 only 3
    # times: the first merge is the smallest ids among the fours, e+s. Unweighted, E3+81 wins.
    assert merges_of(weighted)[0] == (101, 115, 256, 4)
    unweighted = train_languages([LanguageCorpus("en", lines),
                                  LanguageCorpus("ja", ["ひくい\n"])], config)
    assert merges_of(unweighted)[0] == (0xE3, 0x81, 256, 3)


def test_language_weight_must_be_a_positive_fraction():
    for bad in (F(0), F(-1, 2)):
        with pytest.raises(TrainingError, match="ja: weight must be a positive Fraction"):
            train_languages([LanguageCorpus("en", ["ab\n"]),
                             LanguageCorpus("ja", ["ab\n"], weight=bad)], classic(2))


# -- split_parallel -------------------------------------------------------------------------
def small_parallel(rows: int = 7, *, gap: int | None = None) -> ParallelCorpus:
    en = tuple(f"sentence {i}" for i in range(rows))
    ja = tuple(None if i == gap else f"文{i}" for i in range(rows))
    return ParallelCorpus(name="small", source="test", languages=("en", "ja"),
                          ids=tuple(str(i + 1) for i in range(rows)),
                          texts={"en": en, "ja": ja})


def test_split_parallel_by_position():
    corpus = small_parallel(7)
    en, ja = split_parallel(corpus, SplitSizes(train=3, dev=2))
    assert (en.name, ja.name) == ("en", "ja")
    assert list(en.train) == ["sentence 0\n", "sentence 1\n", "sentence 2\n"]
    assert list(en.dev) == ["sentence 3\n", "sentence 4\n"]
    assert list(en.evaluation) == ["sentence 5\n", "sentence 6\n"]
    assert list(ja.train) == ["文0\n", "文1\n", "文2\n"]
    assert list(ja.dev) == ["文3\n", "文4\n"]
    assert list(ja.evaluation) == ["文5\n", "文6\n"]
    assert en.weight == ja.weight == 1
    assert split_parallel(corpus, SplitSizes(train=3, dev=2)) == [en, ja]  # deterministic


def test_split_parallel_no_dev_languages_chosen_and_all_used():
    corpus = small_parallel(4)
    (ja,) = split_parallel(corpus, SplitSizes(train=4), ["ja"])
    assert list(ja.train) == ["文0\n", "文1\n", "文2\n", "文3\n"]
    assert list(ja.dev) == [] and list(ja.evaluation) == []
    ja2, en = split_parallel(corpus, SplitSizes(1), ["JA", "en"])  # codes in any case, order kept
    assert (ja2.name, en.name) == ("ja", "en")
    assert list(en.train) == ["sentence 0\n"] and len(en.evaluation) == 3


def test_split_parallel_uses_the_ids_every_language_has():
    corpus = small_parallel(6, gap=1)  # ja lacks sentence 1
    en, ja = split_parallel(corpus, SplitSizes(train=2, dev=1))
    assert list(en.train) == ["sentence 0\n", "sentence 2\n"]
    assert list(ja.train) == ["文0\n", "文2\n"]
    assert list(en.dev) == ["sentence 3\n"] and list(en.evaluation) == ["sentence 4\n",
                                                                          "sentence 5\n"]
    (alone,) = split_parallel(corpus, SplitSizes(train=2), ["en"])  # en alone has them all
    assert list(alone.train) == ["sentence 0\n", "sentence 1\n"]


@pytest.mark.parametrize(("train_size", "dev", "message"), [
    (6, 2, "6 training + 2 dev sentences need 8, but the corpus has 7 per language"),
    (8, 0, "8 training + 0 dev sentences need 8, but the corpus has 7 per language"),
    (0, 0, "a training size of 1 or more and a dev size of 0 or more, not 0/0"),
    (3, -1, "a training size of 1 or more and a dev size of 0 or more, not 3/-1"),
])
def test_split_parallel_sizes_that_do_not_fit(train_size, dev, message):
    with pytest.raises(TrainingError) as caught:
        split_parallel(small_parallel(7), SplitSizes(train=train_size, dev=dev))
    assert message in str(caught.value)


def test_split_parallel_counts_only_shared_ids():
    with pytest.raises(TrainingError, match="need 7, but the corpus has 6 per language"):
        split_parallel(small_parallel(7, gap=3), SplitSizes(train=7))


@needs_shared_data
def test_split_parallel_on_ntrex_takes_the_files_first_lines():
    folder = SHARED_DATA / "parallel" / "ntrex128"
    corpus = open_parallel_corpus(folder)
    codes = ["eng", "jpn", "zho-CN", "arb", "hin"]
    split = split_parallel(corpus, SplitSizes(train=16), codes)
    assert [lang.name for lang in split] == codes
    jpn = (folder / "newstest2019-ref.jpn.txt").read_text(encoding="utf-8").splitlines()
    assert list(split[1].train) == [line + "\n" for line in jpn[:16]]
    assert list(split[1].evaluation[:8]) == [line + "\n" for line in jpn[16:24]]
    assert all(len(lang.train) == 16 and len(lang.evaluation) == len(corpus) - 16
               for lang in split)
