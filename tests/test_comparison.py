"""Comparing languages and tokenizers on parallel corpora: every metric against a computation
written here (Gini as the double sum, ratios from per-sentence encodings, shares from token
kinds and token tables), token counts against the official libraries on NTREX-128, the
exports, progress, and one sentence's tokens placed side by side on its bytes.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
import unicodedata
from fractions import Fraction
from functools import cache
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpelens.app.demo_data import load_demo
from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import (
    CorpusError,
    ParallelCorpus,
    Tokenizer,
    compare,
    comparison_csv,
    comparison_json,
    comparison_table,
    count_language,
    gini,
    iter_comparison,
    lorenz,
    open_parallel_corpus,
    open_tokenizer,
    segment,
    side_by_side,
    token_table,
)
from bpelens.core.analysis import language_counts

from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import hf_reference

TOKENIZERS = SHARED_DATA / "tokenizers"
TIKTOKEN_DIR = TOKENIZERS / "tiktoken"
HF_DIR = TOKENIZERS / "hf"
NTREX = SHARED_DATA / "parallel" / "ntrex128"
FALLBACK_KINDS = {"byte_fallback", "unknown"}


# -- independent computations ---------------------------------------------------------------
def direct_gini(values: list[int]) -> float:
    """G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄), as written; 0 by convention when there is nothing."""
    n, total = len(values), sum(values)
    if n == 0 or total == 0:
        return 0.0
    double_sum = sum(abs(a - b) for a in values for b in values)
    mean = Fraction(total, n)
    return float(Fraction(double_sum) / (2 * n * n * mean))


def utf8_boundaries(text: str) -> set[int]:
    out, offset = {0}, 0
    for char in text:
        offset += len(char.encode("utf-8"))
        out.add(offset)
    return out


@cache
def demo(name: str) -> Tokenizer:
    return load_demo(name)


@cache
def real(path: str) -> Tokenizer:
    return open_tokenizer(TOKENIZERS / path)


@cache
def tiktoken_reference(name: str):
    """tiktoken itself, built from the .tiktoken file and encodings.json's definition."""
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    spec = json.loads((TIKTOKEN_DIR / "encodings.json").read_text(encoding="utf-8"))
    spec = spec["encodings"][name]
    ranks = load_tiktoken_bpe(str(TIKTOKEN_DIR / spec["ranks_file"]),
                              expected_hash=spec["ranks_sha256"])
    return tiktoken.Encoding(f"reference-{name}", pat_str=spec["pat_str"],
                             mergeable_ranks=ranks, special_tokens=spec["special_tokens"],
                             explicit_n_vocab=spec.get("explicit_n_vocab"))


@cache
def gpt2_byte_decoder() -> dict[str, int]:
    """GPT-2's printable alphabet for bytes, inverted (written out here, as GPT-2 did)."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
                 *range(ord("®"), ord("ÿ") + 1)]
    chars = list(printable)
    extra = 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars, strict=True)}


@cache
def ntrex_sentences() -> dict[str, list[str]]:
    """NTREX's files read here (not by BPE Lens): code → its lines without CR LF."""
    if not NTREX.is_dir():
        pytest.skip(f"NTREX-128 is not here ({NTREX})")
    out: dict[str, list[str]] = {}
    for path in sorted(NTREX.glob("newstest2019-*.txt")):
        text = path.read_bytes().decode("utf-8")
        out[path.name.split(".")[1]] = [line.removesuffix("\r")
                                        for line in text.removesuffix("\n").split("\n")]
    return out


def corpus_from(columns: dict[str, list[str]], name: str = "test") -> ParallelCorpus:
    count = len(next(iter(columns.values())))
    return ParallelCorpus(name=name, source="test", languages=tuple(columns),
                          ids=tuple(str(i) for i in range(1, count + 1)),
                          texts={k: tuple(v) for k, v in columns.items()})


def expected_rows(tokenizer: Tokenizer, columns: dict[str, list[str]], reference: str,
                  *, special: str = "none") -> dict[str, dict]:
    """Each language's metrics computed sentence by sentence from the tokenizer's own
    encode_ids / encode / token_table (no counting code of BPE Lens's comparison)."""
    per_sentence = {lang: [tokenizer.encode_ids(s, special=special) for s in texts]
                    for lang, texts in columns.items()}
    ref_counts = [len(ids) for ids in per_sentence[reference]]
    out = {}
    for lang, texts in columns.items():
        counts = [len(ids) for ids in per_sentence[lang]]
        tokens = sum(counts)
        kinds = [t.kind for s in texts for t in tokenizer.encode(s, special=special).tokens]
        partial = sum(sum(token_table(tokenizer, s, special=special).partial) for s in texts)
        ratios = [c / r for c, r in zip(counts, ref_counts, strict=True) if r > 0]
        chars = sum(len(s) for s in texts)
        size = sum(len(s.encode("utf-8")) for s in texts)
        out[lang] = {
            "sentence_tokens": counts, "sentences": len(texts), "chars": chars, "bytes": size,
            "tokens": tokens,
            "tokens_per_sentence": tokens / len(texts) if texts else None,
            "ratio": tokens / sum(ref_counts) if sum(ref_counts) else None,
            "mean_sentence_ratio": sum(ratios) / len(ratios) if ratios else None,
            "bytes_per_token": size / tokens if tokens else None,
            "chars_per_token": chars / tokens if tokens else None,
            "fallback_tokens": sum(kind in FALLBACK_KINDS for kind in kinds),
            "fallback_share": (sum(kind in FALLBACK_KINDS for kind in kinds) / tokens
                               if tokens else None),
            "partial_tokens": partial,
            "partial_share": partial / tokens if tokens else None,
            "distinct_tokens": len({i for ids in per_sentence[lang] for i in ids}),
        }
        assert len(kinds) == tokens  # the walk and the fast path agree on the count
    return out


def close(got, expected) -> bool:
    if expected is None or got is None:
        return got is expected
    return got == pytest.approx(expected, rel=1e-12, abs=0)


ROW_FIELDS = ("sentences", "chars", "bytes", "tokens", "tokens_per_sentence", "ratio",
              "mean_sentence_ratio", "bytes_per_token", "chars_per_token", "fallback_share",
              "partial_share", "distinct_tokens")


# -- Gini and Lorenz ------------------------------------------------------------------------
totals_lists = st.lists(st.integers(min_value=0, max_value=10**9), max_size=40)


@given(totals_lists)
def test_gini_equals_the_double_sum(values):
    assert gini(values) == direct_gini(values)


@given(st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=12))
def test_gini_small_values_with_ties(values):
    assert gini(values) == direct_gini(values)


@pytest.mark.parametrize("values", [[], [5], [0], [7, 7, 7, 7], [0, 0, 0], [10**12] * 3])
def test_gini_is_zero_without_inequality(values):
    assert gini(values) == 0.0


@pytest.mark.parametrize("n", [2, 3, 4, 7, 10, 128])
def test_gini_of_one_language_with_every_token(n):
    for position in (0, n - 1):
        values = [0] * n
        values[position] = 12345
        assert gini(values) == pytest.approx((n - 1) / n, rel=1e-15)


def test_gini_does_not_depend_on_order_or_scale():
    values = [3, 1, 4, 1, 5, 9, 2, 6]
    assert gini(values) == gini(sorted(values)) == gini([v * 1000 for v in values[::-1]])


@given(totals_lists)
def test_lorenz_curve(values):
    points = lorenz(values)
    n = len(values)
    assert len(points) == n + 1
    assert points[0] == (0.0, 0.0)
    if n == 0:
        return
    assert points[-1] == (1.0, 1.0)
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    for k, x in enumerate(xs):
        assert x == pytest.approx(k / n, abs=1e-12)
    steps = [b - a for a, b in pairwise(ys)]
    assert all(step >= -1e-12 for step in steps)  # non-decreasing
    assert all(b >= a - 1e-12 for a, b in pairwise(steps))  # convex
    assert all(y <= x + 1e-12 for x, y in points)  # below the line of equality
    if sum(values):
        expected = sorted(values)
        for k in range(1, n + 1):
            assert ys[k] == pytest.approx(sum(expected[:k]) / sum(values), abs=1e-12)
        # The Gini coefficient is one minus twice the area under the curve.
        area = sum((ys[k - 1] + ys[k]) / (2 * n) for k in range(1, n + 1))
        assert direct_gini(values) == pytest.approx(1 - 2 * area, abs=1e-9)
    else:
        assert ys == pytest.approx(xs)


# -- the metrics on a tiny corpus -----------------------------------------------------------
DEMO_TOKENIZERS = ["demo-multilingual-byte", "demo-english-char"]


@pytest.fixture(scope="module")
def tiny() -> dict[str, list[str]]:
    corpus = demo_corpus()
    return {lang: corpus.sentences(lang)[:8] for lang in ("en", "ja", "ar", "hi", "ru", "zh")}


@pytest.mark.parametrize("name", DEMO_TOKENIZERS)
def test_every_metric_against_a_sentence_by_sentence_count(tiny, name):
    tokenizer = demo(name)
    result = compare(corpus_from(tiny), [(name, tokenizer)], reference="en")
    expected = expected_rows(tokenizer, tiny, "en")
    assert result.reference == "en"
    assert result.languages == tuple(tiny)
    assert result.sentences == 8
    for lang in tiny:
        row = result.row(name, lang)
        assert row.tokenizer == name and row.language == lang
        for field in ROW_FIELDS:
            assert close(getattr(row, field), expected[lang][field]), (lang, field)
        assert list(result.sentence_tokens(name, lang)) == expected[lang]["sentence_tokens"]
    assert close(result.row(name, "en").ratio, 1.0)
    assert close(result.row(name, "en").mean_sentence_ratio, 1.0)
    totals = [expected[lang]["tokens"] for lang in tiny]
    assert result.totals[name] == sum(totals)
    assert result.gini[name] == direct_gini(totals)
    # The ratios differ from each other (not the same number under two names).
    assert any(not close(result.row(name, lang).ratio, result.row(name, lang).mean_sentence_ratio)
               for lang in tiny)


def test_the_tiny_corpus_exercises_fallback_and_partial_tokens(tiny):
    """The shares checked above are not zeros everywhere."""
    char = expected_rows(demo("demo-english-char"), tiny, "en")
    byte = expected_rows(demo("demo-multilingual-byte"), tiny, "en")
    assert char["ja"]["fallback_tokens"] > 0 and char["en"]["fallback_tokens"] == 0
    assert any(byte[lang]["partial_tokens"] > 0 for lang in tiny)
    assert char["ja"]["partial_tokens"] > 0  # <0xE3> and friends split characters


def test_reference_sentences_without_tokens_are_left_out_of_the_mean():
    columns = {
        "en": ["The cat sleeps.", "", "Dogs bark loudly at night.", ""],
        "ja": ["猫が寝ている。", "空です", "犬は夜に大きな声で吠える。", ""],
    }
    tokenizer = demo("demo-multilingual-byte")
    result = compare(corpus_from(columns), [("demo", tokenizer)], reference="en")
    en = [len(tokenizer.encode_ids(s, special="none")) for s in columns["en"]]
    ja = [len(tokenizer.encode_ids(s, special="none")) for s in columns["ja"]]
    assert en[1] == en[3] == 0 and ja[1] > 0
    row = result.row("demo", "ja")
    assert close(row.mean_sentence_ratio, (ja[0] / en[0] + ja[2] / en[2]) / 2)
    assert close(row.ratio, sum(ja) / sum(en))  # the corpus ratio counts every sentence
    ratios = result.sentence_ratios("demo", "ja")
    assert math.isnan(ratios[1]) and math.isnan(ratios[3])
    assert close(float(ratios[0]), ja[0] / en[0])


def test_a_reference_without_any_token_has_no_ratios():
    columns = {"en": ["", ""], "ja": ["猫", "犬"]}
    result = compare(corpus_from(columns), [("demo", demo("demo-multilingual-byte"))],
                     reference="en")
    row = result.row("demo", "ja")
    assert row.ratio is None and row.mean_sentence_ratio is None
    assert row.tokens > 0
    empty = result.row("demo", "en")
    assert empty.bytes_per_token is None and empty.chars_per_token is None
    assert empty.fallback_share is None and empty.partial_share is None
    data = comparison_json(result)
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    ja_row = next(r for r in data["rows"] if r["language"] == "ja")
    assert ja_row["ratio"] is None and ja_row["mean_sentence_ratio"] is None


def test_count_language_against_direct_counts(tiny):
    tokenizer = demo("demo-english-char")
    expected = expected_rows(tokenizer, tiny, "en")
    seen: list[float] = []
    counts = count_language(tokenizer, tiny["hi"], language="hi", progress=seen.append)
    assert counts.language == "hi"
    assert counts.tokens == expected["hi"]["tokens"]
    assert counts.fallback_tokens == expected["hi"]["fallback_tokens"]
    assert counts.partial_tokens == expected["hi"]["partial_tokens"]
    assert counts.distinct_tokens == expected["hi"]["distinct_tokens"]
    assert list(counts.sentence_tokens) == expected["hi"]["sentence_tokens"]
    assert seen and seen[-1] == pytest.approx(1.0)
    assert not counts.sentence_tokens.flags.writeable


def test_small_batches_count_the_same(tiny, monkeypatch):
    tokenizer = demo("demo-multilingual-byte")
    whole = count_language(tokenizer, tiny["ja"], language="ja")
    monkeypatch.setattr(language_counts, "BATCH_CHARS", 7)
    seen: list[float] = []
    pieces = count_language(demo("demo-multilingual-byte"), tiny["ja"], language="ja",
                            progress=seen.append)
    assert len(seen) > 3
    assert seen == sorted(seen)
    assert list(pieces.sentence_tokens) == list(whole.sentence_tokens)
    assert (pieces.tokens, pieces.partial_tokens, pieces.distinct_tokens) == \
        (whole.tokens, whole.partial_tokens, whole.distinct_tokens)


# -- shares on real tokenizers --------------------------------------------------------------
REAL_SHARE_TOKENIZERS = {
    "o200k": "tiktoken/o200k_base.tiktoken",
    "qwen3": "hf/qwen3.tokenizer.json",
    "llama-spm": "hf/llama-spm.tokenizer.json",
    "kyoto-ja": "sentencepiece/kyoto_ja_unigram_8000.model",
    "bert-uncased": "hf/bert-base-uncased-minilm.tokenizer.json",
}
SCRIPTS = ("jpn", "hin", "amh", "arb", "eng")


@needs_shared_data
@pytest.mark.parametrize("name", list(REAL_SHARE_TOKENIZERS))
def test_shares_on_real_tokenizers_and_ntrex_sentences(name):
    tokenizer = real(REAL_SHARE_TOKENIZERS[name])
    every = ntrex_sentences()
    columns = {lang: every[lang][:6] for lang in SCRIPTS}
    result = compare(corpus_from(columns), [(name, tokenizer)], reference="eng")
    expected = expected_rows(tokenizer, columns, "eng")
    for lang in SCRIPTS:
        counts = result.counts[name].languages[lang]
        assert counts.partial_tokens == expected[lang]["partial_tokens"], lang
        assert counts.fallback_tokens == expected[lang]["fallback_tokens"], lang
        row = result.row(name, lang)
        for field in ROW_FIELDS:
            assert close(getattr(row, field), expected[lang][field]), (lang, field)
    if name in ("o200k", "qwen3"):
        assert expected["amh"]["partial_tokens"] > 0
    if name in ("llama-spm", "bert-uncased", "kyoto-ja"):
        assert expected["amh"]["fallback_tokens"] > 0


@needs_shared_data
@pytest.mark.parametrize(("name", "fallback"), [
    ("llama-spm", re.compile(r"<0x[0-9A-F]{2}>|<unk>")),
    ("bert-base-uncased-minilm", re.compile(r"\[UNK\]")),
], ids=["llama-spm", "bert-base-uncased-minilm"])
def test_fallback_tokens_as_the_official_library_spells_them(name, fallback):
    tokenizer = real(f"hf/{name}.tokenizer.json")
    every = ntrex_sentences()
    reference = hf_reference(name)
    for lang in SCRIPTS:
        texts = every[lang][:6]
        theirs = sum(bool(fallback.fullmatch(token)) for enc in
                     reference.encode_batch(texts, add_special_tokens=False)
                     for token in enc.tokens)
        ours = count_language(tokenizer, texts, language=lang)
        assert ours.fallback_tokens == theirs, lang


# -- what counts as a token: post-processor and special tokens ------------------------------
@needs_shared_data
def test_add_special_tokens_counts_bert_cls_and_sep_without_padding_or_truncation():
    name = "bert-base-uncased-minilm"
    tokenizer = real(f"hf/{name}.tokenizer.json")
    every = ntrex_sentences()
    long_sentence = " ".join(every["eng"][:12])
    columns = {"eng": [*every["eng"][:20], long_sentence],
               "jpn": [*every["jpn"][:20], " ".join(every["jpn"][:12])]}
    reference = hf_reference(name)  # padding and truncation switched off
    plain = compare(corpus_from(columns), [(name, tokenizer)])
    framed = compare(corpus_from(columns), [(name, tokenizer)], add_special_tokens=True)
    assert framed.add_special_tokens and not plain.add_special_tokens
    for lang, texts in columns.items():
        without = [len(e.ids) for e in reference.encode_batch(texts, add_special_tokens=False)]
        with_specials = [len(e.ids) for e in reference.encode_batch(texts)]
        assert list(plain.sentence_tokens(name, lang)) == without
        assert list(framed.sentence_tokens(name, lang)) == with_specials
        assert [b - a for a, b in zip(without, with_specials, strict=True)] == [2] * len(texts)
        assert framed.row(name, lang).tokens == plain.row(name, lang).tokens + 2 * len(texts)
    # The file's padding (to 128) and truncation (at 128) are not applied: a long sentence
    # counts in full, a short one is not padded.
    assert framed.sentence_tokens(name, "eng")[-1] > 128
    assert framed.sentence_tokens(name, "eng")[0] < 128
    # [CLS] and [SEP] are special tokens, neither fallback nor partial.
    for lang in columns:
        a, b = plain.counts[name].languages[lang], framed.counts[name].languages[lang]
        assert (a.fallback_tokens, a.partial_tokens) == (b.fallback_tokens, b.partial_tokens)
        assert b.distinct_tokens == a.distinct_tokens + 2


@needs_shared_data
def test_add_special_tokens_counts_llama_bos():
    name = "llama-spm"
    tokenizer = real(f"hf/{name}.tokenizer.json")
    texts = ntrex_sentences()["eng"][:10]
    reference = hf_reference(name)
    framed = compare(corpus_from({"eng": texts}), [(name, tokenizer)], add_special_tokens=True)
    assert list(framed.sentence_tokens(name, "eng")) == [
        len(e.ids) for e in reference.encode_batch(texts, add_special_tokens=True)]
    plain = compare(corpus_from({"eng": texts}), [(name, tokenizer)])
    assert list(plain.sentence_tokens(name, "eng")) == [
        len(e.ids) for e in reference.encode_batch(texts, add_special_tokens=False)]


def test_add_special_tokens_changes_nothing_without_a_post_processor(tiny):
    tokenizer = demo("demo-multilingual-byte")
    assert tokenizer.post_processor is None
    a = compare(corpus_from(tiny), [("demo", tokenizer)])
    b = compare(corpus_from(tiny), [("demo", tokenizer)], add_special_tokens=True)
    assert a.totals == b.totals


@needs_shared_data
def test_special_none_reads_special_strings_as_text_all_as_control_tokens():
    tokenizer = real("tiktoken/o200k_base.tiktoken")
    reference = tiktoken_reference("o200k_base")
    columns = {
        "eng": ["Hello <|endoftext|> world", "no special here", "<|endoftext|><|endoftext|>"],
        "deu": ["Hallo <|endoftext|> Welt", "nichts Besonderes", "<|endofprompt|>"],
    }
    none = compare(corpus_from(columns), [("o200k", tokenizer)])
    every = compare(corpus_from(columns), [("o200k", tokenizer)], special="all")
    assert none.special == "none" and every.special == "all"
    for lang, texts in columns.items():
        assert list(none.sentence_tokens("o200k", lang)) == [
            len(reference.encode_ordinary(t)) for t in texts]
        assert list(every.sentence_tokens("o200k", lang)) == [
            len(reference.encode(t, allowed_special="all")) for t in texts]
    assert every.sentence_tokens("o200k", "eng")[2] == 2
    assert none.sentence_tokens("o200k", "eng")[2] > 2
    assert comparison_json(every)["special"] == "all"


# -- NTREX-128 token totals equal the official libraries ------------------------------------
FIDELITY = {
    "o200k_base": ("tiktoken", "tiktoken/o200k_base.tiktoken"),
    "cl100k_base": ("tiktoken", "tiktoken/cl100k_base.tiktoken"),
    "qwen3": ("hf", "hf/qwen3.tokenizer.json"),
    "llama3": ("hf", "hf/llama3.tokenizer.json"),
    "gpt2": ("hf", "hf/gpt2.tokenizer.json"),
}


def reference_counts(name: str, texts: list[str]) -> list[int]:
    library, _ = FIDELITY[name]
    if library == "tiktoken":
        return [len(ids) for ids in tiktoken_reference(name).encode_ordinary_batch(texts)]
    return [len(e.ids) for e in hf_reference(name).encode_batch(texts, add_special_tokens=False)]


@needs_shared_data
@pytest.mark.parametrize("name", list(FIDELITY))
def test_ntrex_token_counts_equal_the_official_library(name):
    every = ntrex_sentences()
    assert len(every) == 26 and {len(lines) for lines in every.values()} == {1997}
    expected = {lang: reference_counts(name, texts) for lang, texts in every.items()}

    corpus = open_parallel_corpus(NTREX)
    result = compare(corpus, [(name, real(FIDELITY[name][1]))])
    assert result.reference == "eng"
    assert set(result.languages) == set(every)
    assert result.sentences == 1997
    for lang, counts in expected.items():
        got = result.sentence_tokens(name, lang).tolist()
        if got != counts:
            first = next(i for i, (a, b) in enumerate(zip(got, counts, strict=True)) if a != b)
            pytest.fail(f"{name} {lang} sentence {first + 1}: {got[first]} tokens, the "
                        f"library gives {counts[first]}: {every[lang][first]!r}")
        row = result.row(name, lang)
        assert row.tokens == sum(counts), lang
        assert row.chars == sum(map(len, every[lang]))
        assert row.bytes == sum(len(t.encode("utf-8")) for t in every[lang])
        assert close(row.ratio, sum(counts) / sum(expected["eng"]))
    totals = [sum(expected[lang]) for lang in result.languages]
    assert result.gini[name] == direct_gini(totals)
    assert result.totals[name] == sum(totals)


# -- iter_comparison: progress, counts as they finish, choices ------------------------------
def test_iter_comparison_progress_and_counts_as_each_tokenizer_finishes(tiny, monkeypatch):
    monkeypatch.setattr(language_counts, "BATCH_CHARS", 40)
    first, second = load_demo("demo-multilingual-byte"), load_demo("demo-english-char")
    calls: list[str] = []
    original = second.encode_batch_ids

    def spy(*args, **kwargs):
        calls.append("second")
        return original(*args, **kwargs)

    monkeypatch.setattr(second, "encode_batch_ids", spy)
    corpus = corpus_from(tiny)
    steps = []
    calls_when_first_finished = None
    for step in iter_comparison(corpus, [("byte", first), ("char", second)]):
        if step.finished is not None and step.finished.name == "byte":
            calls_when_first_finished = len(calls)
        steps.append(step)
    fractions = [s.fraction for s in steps]
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in fractions)
    assert fractions == sorted(fractions)
    assert len(set(fractions)) > 10  # progress between batches, not only per tokenizer
    assert calls_when_first_finished == 0  # handed over before the next tokenizer starts
    assert calls
    finished = [s.finished for s in steps if s.finished is not None]
    assert [f.name for f in finished] == ["byte", "char"]
    assert [i for i, s in enumerate(steps) if s.comparison is not None] == [len(steps) - 1]
    first_done = next(i for i, s in enumerate(steps) if s.finished is not None)
    assert all(s.message.startswith("byte") for s in steps[:first_done + 1])
    comparison = steps[-1].comparison
    assert comparison.tokenizers == ("byte", "char")
    for counts, tokenizer in zip(finished, (first, second), strict=True):
        assert comparison.counts[counts.name] is counts
        expected = expected_rows(tokenizer, tiny, "en")
        for lang in tiny:
            assert counts.languages[lang].tokens == expected[lang]["tokens"]


def test_languages_and_reference_choices(tiny):
    corpus = corpus_from(tiny)
    tok = demo("demo-multilingual-byte")
    result = compare(corpus, [("t", tok)], languages=["ja", "ar"], reference="en")
    assert result.reference == "en"
    assert result.languages == ("en", "ja", "ar")
    assert [r.language for r in result.rows] == ["en", "ja", "ar"]
    result = compare(corpus, [("t", tok)], languages=["Japanese", "hi", "en"])
    assert result.reference == "en" and result.languages == ("ja", "hi", "en")
    result = compare(corpus, [("t", tok)], reference="Hindi")
    assert result.reference == "hi" and result.languages == tuple(tiny)
    expected = expected_rows(tok, tiny, "hi")
    assert close(result.row("t", "hi").ratio, 1.0)
    for lang in tiny:
        assert close(result.row("t", lang).ratio, expected[lang]["ratio"])
        assert close(result.row("t", lang).mean_sentence_ratio,
                     expected[lang]["mean_sentence_ratio"])
    result = compare(corpus, [("t", tok)], languages=["ja", "ja", "ar"], reference="ar")
    assert result.languages == ("ja", "ar")


@pytest.mark.parametrize("options", [
    {"languages": ["ja", "Klingon"]},
    {"reference": "xx"},
    {"languages": ["ja"], "reference": "tlh"},
])
def test_unknown_languages_are_errors_listing_the_corpus_languages(tiny, options):
    with pytest.raises(CorpusError) as caught:
        compare(corpus_from(tiny), [("t", demo("demo-multilingual-byte"))], **options)
    message = str(caught.value)
    assert "\n" not in message
    for lang in tiny:
        assert lang in message


def test_languages_sharing_no_sentence_are_an_error():
    corpus = ParallelCorpus(name="gaps", source="test", languages=("en", "ja", "de"),
                            ids=("1", "2", "3"),
                            texts={"en": ("a", "b", None), "ja": (None, None, "c"),
                                   "de": ("d", "e", "f")})
    tok = demo("demo-multilingual-byte")
    with pytest.raises(CorpusError, match="share no sentence"):
        compare(corpus, [("t", tok)])
    result = compare(corpus, [("t", tok)], languages=["de"], reference="ja")
    assert result.corpus_rows == (2,)
    assert list(result.sentence_tokens("t", "de")) == [len(tok.encode_ids("f", special="none"))]


def test_two_tokenizers_with_one_name_are_refused(tiny):
    tok = demo("demo-multilingual-byte")
    with pytest.raises(CorpusError, match="same name"):
        compare(corpus_from(tiny), [("t", tok), ("t", demo("demo-english-char"))])
    with pytest.raises(CorpusError):
        compare(corpus_from(tiny), [])


# -- exports --------------------------------------------------------------------------------
PROMISED = ["reference", "languages", "tokenizers", "sentences", "rows", "gini"]
PROMISED_ROW = ["tokenizer", "language", "sentences", "chars", "bytes", "tokens", "ratio",
                "mean_sentence_ratio", "bytes_per_token"]


@pytest.fixture(scope="module")
def exported(tiny):
    names = DEMO_TOKENIZERS
    result = compare(corpus_from(tiny), [(n, demo(n)) for n in names], reference="ja")
    return result, {n: expected_rows(demo(n), tiny, "ja") for n in names}


def test_comparison_json_has_the_promised_keys_first(exported, tiny):
    result, expected = exported
    data = comparison_json(result)
    assert list(data)[: len(PROMISED)] == PROMISED
    assert data["reference"] == "ja"
    assert data["languages"] == list(tiny)
    assert data["tokenizers"] == DEMO_TOKENIZERS
    assert data["sentences"] == 8
    assert len(data["rows"]) == len(DEMO_TOKENIZERS) * len(tiny)
    rows = iter(data["rows"])
    for name in DEMO_TOKENIZERS:
        for lang in tiny:
            row = next(rows)
            assert list(row)[: len(PROMISED_ROW)] == PROMISED_ROW
            assert (row["tokenizer"], row["language"]) == (name, lang)
            for key in PROMISED_ROW[2:]:
                assert close(row[key], expected[name][lang][key]), (name, lang, key)
    for name in DEMO_TOKENIZERS:
        totals = [expected[name][lang]["tokens"] for lang in tiny]
        assert data["gini"][name] == direct_gini(totals)
    assert json.loads(json.dumps(data, ensure_ascii=False, allow_nan=False)) == data


def test_comparison_csv_matches_the_rows(exported, tiny):
    result, expected = exported
    text = comparison_csv(result)
    table = list(csv.reader(io.StringIO(text)))
    header, body = table[0], table[1:]
    assert header[:2] == ["tokenizer", "language"]
    for key in ("tokens", "ratio", "mean_sentence_ratio", "bytes_per_token", "fallback_share",
                "partial_share", "distinct_tokens", "chars", "bytes", "sentences"):
        assert key in header
    assert len(body) == len(DEMO_TOKENIZERS) * len(tiny)
    assert all(len(line) == len(header) for line in body)
    index = {key: header.index(key) for key in header}
    pairs = [(name, lang) for name in DEMO_TOKENIZERS for lang in tiny]
    for line, (name, lang) in zip(body, pairs, strict=True):
        assert (line[0], line[1]) == (name, lang)
        want = expected[name][lang]
        for key in ("tokens", "chars", "bytes", "sentences", "distinct_tokens"):
            assert int(line[index[key]]) == want[key], key
        for key in ("ratio", "mean_sentence_ratio", "bytes_per_token", "chars_per_token",
                    "tokens_per_sentence", "fallback_share", "partial_share"):
            assert float(line[index[key]]) == pytest.approx(want[key], abs=5e-7), key


def test_comparison_csv_leaves_undefined_values_empty():
    result = compare(corpus_from({"en": ["", ""], "ja": ["猫", "犬"]}),
                     [("demo", demo("demo-multilingual-byte"))], reference="en")
    table = list(csv.reader(io.StringIO(comparison_csv(result))))
    header = table[0]
    ja = next(line for line in table[1:] if line[1] == "ja")
    assert ja[header.index("ratio")] == "" and ja[header.index("mean_sentence_ratio")] == ""


def test_comparison_table_names_every_row_and_gini(exported, tiny):
    result, expected = exported
    text = comparison_table(result)
    for name in DEMO_TOKENIZERS:
        totals = [expected[name][lang]["tokens"] for lang in tiny]
        assert f"Gini {direct_gini(totals):.4f}" in text
        assert f"{sum(totals):,} tokens" in text


def test_comparison_lorenz_curves(exported, tiny):
    result, expected = exported
    for name in DEMO_TOKENIZERS:
        totals = {lang: expected[name][lang]["tokens"] for lang in tiny}
        curve = result.lorenz[name]
        assert curve[0] == ("", 0.0, 0.0)
        order = sorted(tiny, key=lambda lang: (totals[lang], list(tiny).index(lang)))
        assert [lang for lang, _, _ in curve[1:]] == order
        running = 0
        for k, (lang, x, y) in enumerate(curve[1:], start=1):
            running += totals[lang]
            assert x == pytest.approx(k / len(tiny))
            assert y == pytest.approx(running / sum(totals.values()))


# -- side by side ---------------------------------------------------------------------------
OWN_TEXTS = ["猫が好きです。ሰላም ለዓለም 👩‍👩‍👧 𝔸𝔹", "Größe ﬁx 😀 الْعَرَبِيَّة"]


def byte_level_texts(*, nfc_only: bool) -> list[str]:
    """Japanese, Amharic (and Burmese, which NFC rewrites: only for tokenizers that do not
    normalize, since the text a normalizing tokenizer sees is not the input's bytes)."""
    every = ntrex_sentences()
    texts = [*every["jpn"][:3], *every["amh"][:3], *every["mya"][:2], *OWN_TEXTS]
    if nfc_only:
        texts = [t for t in texts if unicodedata.is_normalized("NFC", t)]
        assert len(texts) == 8
    return texts


def tiktoken_cuts(name: str, text: str) -> set[int]:
    enc = tiktoken_reference(name)
    offsets, at = set(), 0
    for token in enc.encode_ordinary(text):
        at += len(enc.decode_single_token_bytes(token))
        offsets.add(at)
    offsets.discard(at)
    assert at == len(text.encode("utf-8"))
    return offsets


def hf_byte_level_cuts(name: str, text: str) -> set[int]:
    decoder = gpt2_byte_decoder()
    offsets, at = set(), 0
    for token in hf_reference(name).encode(text, add_special_tokens=False).tokens:
        at += len(token)  # one printable character per byte
        assert all(c in decoder for c in token)
        offsets.add(at)
    offsets.discard(at)
    assert at == len(text.encode("utf-8"))
    return offsets


@needs_shared_data
@pytest.mark.parametrize("path", ["tiktoken/o200k_base.tiktoken", "hf/qwen3.tokenizer.json"])
def test_byte_level_tokens_cover_the_bytes_in_order(path):
    tokenizer = real(path)
    partial_seen = 0
    for text in byte_level_texts(nfc_only="qwen3" in path):
        data = text.encode("utf-8")
        boundaries = utf8_boundaries(text)
        view = side_by_side(text, [("t", tokenizer)])
        assert view.text == text and view.byte_count == len(data)
        assert set(view.char_bytes) == boundaries
        tokens = view.rows[0].tokens
        assert tokens[0].byte_start == 0 and tokens[-1].byte_end == len(data)
        for a, b in pairwise(tokens):
            assert a.byte_end == b.byte_start  # no gap, no overlap
        for token in tokens:
            assert token.byte_start < token.byte_end
            assert data[token.byte_start:token.byte_end] == tokenizer.token_bytes(token.token_id)
            inside = token.byte_start not in boundaries or token.byte_end not in boundaries
            assert token.partial == inside
            partial_seen += token.partial
    assert partial_seen > 0


@needs_shared_data
def test_cuts_equal_the_official_libraries_and_differing_cuts_is_the_difference():
    o200k, qwen3 = real("tiktoken/o200k_base.tiktoken"), real("hf/qwen3.tokenizer.json")
    cl100k = real("tiktoken/cl100k_base.tiktoken")
    some_differ = False
    for text in byte_level_texts(nfc_only=True):
        a, b = tiktoken_cuts("o200k_base", text), hf_byte_level_cuts("qwen3", text)
        c = tiktoken_cuts("cl100k_base", text)
        view = side_by_side(text, [("o200k", o200k), ("qwen3", qwen3)])
        assert view.rows[0].cuts == a
        assert view.rows[1].cuts == b
        assert view.differing_cuts() == tuple(sorted(a ^ b))
        some_differ |= bool(a ^ b)
        three = side_by_side(text, [("o200k", o200k), ("qwen3", qwen3), ("cl100k", cl100k)])
        assert three.differing_cuts() == tuple(sorted((a | b | c) - (a & b & c)))
        assert three.cuts_only_here(2) == c - (a & b)
        rows = [segment("o200k", o200k, text), segment("cl100k", cl100k, text)]
        assert side_by_side(text, [("o200k", o200k), ("cl100k", cl100k)]).rows == tuple(rows)
    assert some_differ
    assert side_by_side(OWN_TEXTS[0], [("o200k", o200k)]).differing_cuts() == ()


@needs_shared_data
def test_side_by_side_special_tokens_follow_the_setting():
    o200k = real("tiktoken/o200k_base.tiktoken")
    reference = tiktoken_reference("o200k_base")
    text = "猫<|endoftext|>ሰላም<|endoftext|>"
    for special, ids in (("all", reference.encode(text, allowed_special="all")),
                         ("none", reference.encode_ordinary(text))):
        tokens = side_by_side(text, [("o200k", o200k)], special=special).rows[0].tokens
        assert [t.token_id for t in tokens] == ids
        at = 0
        for token, token_id in zip(tokens, ids, strict=True):
            size = len(reference.decode_single_token_bytes(token_id))
            assert (token.byte_start, token.byte_end) == (at, at + size)
            at += size
    specials = [t for t in side_by_side(text, [("o200k", o200k)], special="all").rows[0].tokens
                if t.kind == "special"]
    start = len("猫".encode())
    assert [(t.byte_start, t.byte_end) for t in specials] == [
        (start, start + 13), (len(text.encode()) - 13, len(text.encode()))]


def placed_on_characters(text: str, tokens) -> None:
    boundaries = utf8_boundaries(text)
    for token in tokens:
        assert token.byte_start in boundaries and token.byte_end in boundaries, token
        assert token.byte_start <= token.byte_end
    starts = [t.byte_start for t in tokens]
    ends = [t.byte_end for t in tokens]
    assert starts == sorted(starts) and ends == sorted(ends)


@needs_shared_data
def test_sentencepiece_style_tokens_are_placed_on_input_characters():
    """llama-spm rewrites spaces as ▁ (the model text is not the input): tokens are placed on
    the input's characters, and byte-fallback tokens, whose characters the model saw as they
    are, each on its own byte (<0xE7><0x8C><0xAB> on 猫, each marked partial)."""
    tokenizer = real("hf/llama-spm.tokenizer.json")
    text = "Hello wörld, tokenization  is fun. 猫が好き ሰላም"
    data = text.encode("utf-8")
    boundaries = utf8_boundaries(text)
    tokens = segment("llama", tokenizer, text).tokens
    assert any(t.kind == "byte_fallback" for t in tokens)
    for n, token in enumerate(tokens):
        piece = data[token.byte_start:token.byte_end]
        spelled = tokenizer.token_bytes(token.token_id)
        if token.kind == "byte_fallback":
            assert spelled == piece and len(piece) == 1
            assert token.partial == (piece[0] >= 0x80)
        else:
            assert token.byte_start in boundaries and token.byte_end in boundaries, token
            assert not token.partial
            expected = piece.decode("utf-8").replace(" ", "▁")
            got = spelled.decode("utf-8")
            assert got == expected or (n == 0 and got == "▁" + expected), (got, expected)
    assert tokens[0].byte_start == 0 and tokens[-1].byte_end == len(data)
    for left, right in pairwise(tokens):
        assert left.byte_end == right.byte_start


def bert_normal(text: str) -> str:
    lowered = unicodedata.normalize("NFD", text.lower())
    return "".join(c for c in lowered if unicodedata.category(c) != "Mn")


@needs_shared_data
def test_lowercasing_tokenizer_tokens_are_placed_on_input_characters():
    tokenizer = real("hf/bert-base-uncased-minilm.tokenizer.json")
    text = "Héllo WORLD, Tokenization of ÜNÏCODE naïve CAFÉ résumés!"
    data = text.encode("utf-8")
    tokens = segment("bert", tokenizer, text).tokens
    placed_on_characters(text, tokens)
    for a, b in pairwise(tokens):
        assert a.byte_end <= b.byte_start
    for token in tokens:
        piece = data[token.byte_start:token.byte_end].decode("utf-8")
        spelled = tokenizer.id_to_token(token.token_id).removeprefix("##")
        assert bert_normal(piece) == spelled, (piece, spelled)
        assert not token.partial
    words = [data[t.byte_start:t.byte_end].decode() for t in tokens]
    assert "".join(words) == re.sub(r"\s", "", text)  # every character but the spaces


@needs_shared_data
def test_nfkc_tokenizer_tokens_are_placed_on_input_characters():
    tokenizer = real("sentencepiece/kyoto_ja_unigram_8000.model")
    text = "ＡＢＣ１２３の本 ﾃｽﾄです。京都"
    data = text.encode("utf-8")
    tokens = segment("kyoto", tokenizer, text).tokens
    placed_on_characters(text, tokens)
    for a, b in pairwise(tokens):
        assert a.byte_end <= b.byte_start
    for n, token in enumerate(tokens):
        piece = unicodedata.normalize("NFKC", data[token.byte_start:token.byte_end].decode())
        spelled = tokenizer.token_bytes(token.token_id).decode("utf-8")
        expected = piece.replace(" ", "▁")
        assert spelled == expected or (n == 0 and spelled == "▁" + expected), (spelled, piece)
    assert tokens[-1].byte_end == len(data)


def test_side_by_side_with_one_or_no_row():
    tok = demo("demo-multilingual-byte")
    view = side_by_side("猫", [("demo", tok)])
    assert view.differing_cuts() == ()
    assert view.cuts_only_here(0) == frozenset()
    empty = side_by_side("", [("demo", tok)])
    assert empty.byte_count == 0 and empty.rows[0].tokens == ()


def test_side_by_side_of_a_text_with_a_lone_surrogate():
    tok = demo("demo-multilingual-byte")
    view = side_by_side("a\ud800b", [("demo", tok)])
    assert view.text == "a\ufffdb"
    tokens = view.rows[0].tokens
    assert tokens[0].byte_start == 0 and tokens[-1].byte_end == len("a\ufffdb".encode())

