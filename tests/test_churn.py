"""Perturbation churn: each perturbation checked for what it promises (Unicode's own
normalization forms, NFKC for full-width forms, character categories), the distances against
a plain dynamic-programming table, and the churn counts against texts encoded one at a time
by tiktoken (o200k) and `tokenizers` (Qwen 3)."""

from __future__ import annotations

import json
import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import PERTURBATIONS, ChurnReport, measure_churn, perturb
from bpelens.core.debugging.churn import (
    HOMOGLYPHS,
    OCR_CONFUSIONS,
    VOWEL_MARKS,
    edit_distance,
    lcs_length,
)
from bpelens.core.errors import ConfigError

from cli_helpers import assert_clean_outcome, bpelens
from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import (
    HF_DIR,
    TIKTOKEN_DIR,
    hf_reference,
    ours_hf,
    ours_tiktoken,
    tiktoken_reference,
)

PIECES = ["the ", "Crème ", "brûlée", "naïve", "café ", "e\u0301", "ÅNGSTRÖM", "modern ",
          "clay", "will ", "OIL50 ", "Жили-были ", "Ελληνικά ", "日本語の", "テキスト", "नमस्ते ",
          "ٱلْعَرَبِيَّة ", "한국어 ", "Tiếng Việt ", "aa ", "x", "  ", "\n", "12,345.67 ",
          "(hello)!", "👍🏽 ", "שָׁלוֹם ", "\u00a0", "ǅ", "ﬁ"]
texts = st.lists(st.sampled_from(PIECES), max_size=12).map("".join)
rates = st.sampled_from([0.0, 0.05, 0.1, 0.3, 0.5, 1.0])
seeds = st.integers(0, 2**40)
ZW = "\u200b\u200c\u200d"


def expected_count(eligible: int, rate: float) -> int:
    """The documented count: ``rate`` of the eligible places, rounded half up, at least one
    when there are any and the rate is not 0."""
    if eligible == 0 or rate == 0:
        return 0
    return min(eligible, max(1, int(rate * eligible + 0.5)))


def words(text: str) -> list[str]:
    """Runs of letters, each letter with the combining marks after it."""
    return re.findall(r"(?:[^\W\d_][\u0300-\u036f\u0591-\u05c7\u064b-\u065f\u0670"
                      r"\u0900-\u0903\u093a-\u094f]*)+", text)


# -- each perturbation ------------------------------------------------------------------------

@settings(max_examples=300, deadline=None, derandomize=True)
@given(texts)
def test_normalization_kinds(text):
    nfd = perturb(text, "nfd")
    assert unicodedata.is_normalized("NFD", nfd)
    assert unicodedata.normalize("NFC", nfd) == unicodedata.normalize("NFC", text)
    nfc = perturb(text, "nfc")
    assert unicodedata.is_normalized("NFC", nfc)
    assert unicodedata.normalize("NFD", nfc) == unicodedata.normalize("NFD", text)
    stripped = perturb(text, "strip_diacritics")
    assert not any(unicodedata.category(c) == "Mn" for c in stripped)
    assert unicodedata.is_normalized("NFC", stripped)
    kept = "".join(c for c in unicodedata.normalize("NFD", text)
                   if unicodedata.category(c) != "Mn")
    assert unicodedata.normalize("NFD", stripped) == unicodedata.normalize("NFD", kept)


def test_strip_diacritics_examples():
    assert perturb("Crème brûlée, ÅNGSTRÖM, Tiếng Việt", "strip_diacritics") == \
        "Creme brulee, ANGSTROM, Tieng Viet"
    assert perturb("plain ASCII text.", "strip_diacritics") == "plain ASCII text."


@settings(max_examples=300, deadline=None, derandomize=True)
@given(texts, seeds, rates)
def test_add_diacritics(text, seed, rate):
    out = perturb(text, "add_diacritics", seed, rate)
    assert len(out) == len(text)
    changed = [i for i, (a, b) in enumerate(zip(text, out, strict=True)) if a != b]
    for i in changed:
        assert text[i] in "aeiouAEIOU"
        base, *marks = unicodedata.normalize("NFD", out[i])
        assert base == text[i] and len(marks) == 1 and marks[0] in VOWEL_MARKS
    eligible = sum(1 for i, c in enumerate(text) if c in "aeiouAEIOU" and not (
        i + 1 < len(text) and unicodedata.combining(text[i + 1])))
    assert len(changed) == expected_count(eligible, rate)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(texts, seeds, rates)
def test_homoglyphs(text, seed, rate):
    out = perturb(text, "homoglyphs", seed, rate)
    assert len(out) == len(text)
    changed = [i for i, (a, b) in enumerate(zip(text, out, strict=True)) if a != b]
    for i in changed:
        assert unicodedata.name(text[i]).startswith("LATIN ")
        assert unicodedata.name(out[i]).startswith(("CYRILLIC ", "GREEK "))
        assert out[i].isupper() == text[i].isupper()
    eligible = sum(1 for c in text if c in HOMOGLYPHS)
    assert len(changed) == expected_count(eligible, rate)


def test_homoglyphs_are_letters_of_the_same_case():
    for latin, other in HOMOGLYPHS.items():
        assert unicodedata.category(other) == unicodedata.category(latin), latin
        assert unicodedata.name(other).startswith(("CYRILLIC ", "GREEK ")), latin


@settings(max_examples=300, deadline=None, derandomize=True)
@given(texts, seeds, rates)
def test_zero_width(text, seed, rate):
    out = perturb(text, "zero_width", seed, rate)
    inserted = [i for i, c in enumerate(out) if c in ZW]
    assert re.sub(f"[{ZW}]", "", out) == text
    for i in inserted:  # always inside a word: a letter (or its mark) on each side
        assert unicodedata.category(out[i - 1])[0] in "LM"
        assert unicodedata.category(out[i + 1])[0] == "L"
    eligible = sum(1 for w in words(text) if len(re.findall(r"[^\W\d_]", w)) >= 2)
    assert len(inserted) == expected_count(eligible, rate)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(texts, seeds, rates)
def test_full_width(text, seed, rate):
    out = perturb(text, "full_width", seed, rate)
    assert len(out) == len(text)
    assert unicodedata.normalize("NFKC", out) == unicodedata.normalize("NFKC", text)
    for i, (a, b) in enumerate(zip(text, out, strict=True)):
        if a != b:
            assert "!" <= a <= "~" and ord(b) == ord(a) + 0xFEE0
            # whole runs: the printable ASCII next to it changed too
            for j in (i - 1, i + 1):
                if 0 <= j < len(text) and "!" <= text[j] <= "~":
                    assert out[j] != text[j]
    runs = re.findall(r"[!-~]+", text)
    changed_runs = re.findall(r"[\uff01-\uff5e]+", out)
    assert len(changed_runs) - len(re.findall(r"[\uff01-\uff5e]+", text)) == \
        expected_count(len(runs), rate)


def _typo_of(before: str, after: str) -> bool:
    """``after`` is ``before`` with two adjacent letters swapped, one dropped or one doubled."""
    if len(after) == len(before) - 1:
        return any(before[:i] + before[i + 1:] == after for i in range(len(before)))
    if len(after) == len(before) + 1:
        return any(after[:i] + after[i + 1:] == before and after[i] == after[i + 1]
                   for i in range(len(after) - 1))
    return len(after) == len(before) and any(
        before[:i] + before[i + 1] + before[i] + before[i + 2:] == after
        for i in range(len(before) - 1))


plain_words = st.lists(st.sampled_from(["the", "aa", "Crème", "brûlée", "日本語の", "Жили",
                                        "x", "modern", "ab"]), max_size=10)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(plain_words, st.lists(st.sampled_from([" ", ", ", "-", " 12 "]), min_size=11,
                             max_size=11), seeds, rates)
def test_typo(word_list, separators, seed, rate):
    text = "".join(w + s for w, s in zip(word_list, separators, strict=False))
    out = perturb(text, "typo", seed, rate)
    separator = r"(?: 12 |, | |-)"
    out_words = re.split(separator, out)[:len(word_list)]
    assert re.findall(separator, out) == re.findall(separator, text)
    changed = [(a, b) for a, b in zip(word_list, out_words, strict=True) if a != b]
    assert all(_typo_of(a, b) for a, b in changed), changed
    assert len(changed) == expected_count(sum(len(w) >= 2 for w in word_list), rate)


def test_ocr_examples():
    assert perturb("modern clay", "ocr", rate=1.0) == "rnoclem day"
    assert perturb("OIL50 SB", "ocr", rate=1.0) == "0lLSO 58"
    assert perturb("no confusions here? yes", "ocr", rate=1.0) == "no confusions here? yes"
    for source, target in OCR_CONFUSIONS:
        assert perturb(source, "ocr", rate=1.0) == target


@settings(max_examples=300, deadline=None, derandomize=True)
@given(texts, seeds, rates)
def test_ocr_changes_only_confusions(text, seed, rate):
    out = perturb(text, "ocr", seed, rate)
    targets = dict(OCR_CONFUSIONS)
    # Read both texts together: between two places they are equal, and at each place (the
    # confusions' sources, longest first, left to right) the output keeps it or confuses it.
    pattern = "|".join(re.escape(source) for source, _ in OCR_CONFUSIONS)
    changed = 0
    places = len(re.findall(pattern, text))
    out_at = 0
    text_at = 0
    for match in re.finditer(pattern, text):
        plain = text[text_at:match.start()]
        assert out[out_at:out_at + len(plain)] == plain
        out_at += len(plain)
        source, target = match.group(), targets[match.group()]
        if out.startswith(target, out_at):
            changed += 1
            out_at += len(target)
        else:
            assert out.startswith(source, out_at)
            out_at += len(source)
        text_at = match.end()
    assert out[out_at:] == text[text_at:]
    assert changed == expected_count(places, rate)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(texts, seeds, st.sampled_from(PERTURBATIONS))
def test_seeded_and_deterministic(text, seed, kind):
    assert perturb(text, kind, seed) == perturb(text, kind, seed)
    if kind in ("typo", "add_diacritics", "homoglyphs", "zero_width", "full_width", "ocr"):
        assert perturb(text, kind, seed, 0.0) == text


def test_seeds_differ():
    text = "The quick brown fox jumps over the lazy dog while modern clocks tick " * 3
    for kind in ("typo", "add_diacritics", "homoglyphs", "zero_width", "ocr"):
        assert len({perturb(text, kind, seed) for seed in range(20)}) > 5, kind


def test_bad_arguments():
    with pytest.raises(ConfigError, match="valid kinds: typo, strip_diacritics"):
        perturb("x", "typos")
    with pytest.raises(ConfigError, match="rate"):
        perturb("x", "typo", rate=1.5)
    with pytest.raises(ConfigError, match="not one string"):
        measure_churn(None, "a line")  # type: ignore[arg-type]


# -- distances --------------------------------------------------------------------------------

def reference_levenshtein(a: list[int], b: list[int]) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        for j in range(len(b) + 1):
            if i == 0 or j == 0:
                table[i][j] = i + j
            else:
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1,
                                  table[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    return table[len(a)][len(b)]


def reference_lcs(a: list[int], b: list[int]) -> int:
    table = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            table[i][j] = table[i - 1][j - 1] + 1 if a[i - 1] == b[j - 1] else max(
                table[i - 1][j], table[i][j - 1])
    return table[len(a)][len(b)]


id_lists = st.lists(st.integers(0, 5), max_size=90)


@settings(max_examples=600, deadline=None, derandomize=True)
@given(id_lists, id_lists)
def test_distances_against_the_table(a, b):
    assert edit_distance(a, b) == reference_levenshtein(a, b)
    assert lcs_length(a, b) == reference_lcs(a, b)


# -- churn against the official libraries ----------------------------------------------------

LANGUAGES = {"eng": "newstest2019-src.eng.txt", "deu": "newstest2019-ref.deu.txt",
             "vie": "newstest2019-ref.vie.txt", "rus": "newstest2019-ref.rus.txt",
             "arb": "newstest2019-ref.arb.txt", "hin": "newstest2019-ref.hin.txt",
             "jpn": "newstest2019-ref.jpn.txt"}


def ntrex(count: int) -> dict[str, list[str]]:
    folder = SHARED_DATA / "parallel" / "ntrex128"
    return {code: (folder / name).read_text("utf-8").splitlines()[:count]
            for code, name in LANGUAGES.items()}


def expected(corpus: dict[str, list[str]], encode, seed: int, keep: int) -> dict:
    """Every line and kind encoded one at a time, distances from the plain tables."""
    out = {}
    for code, lines in corpus.items():
        for kind in PERTURBATIONS:
            sums = dict(perturbed=0, churned=0, before=0, after=0, changed=0, distance=0)
            worst = []
            for index, line in enumerate(lines):
                original = unicodedata.normalize("NFD", line) if kind == "nfc" else line
                perturbed = perturb(line, kind, seed)
                a, b = encode(original), encode(perturbed)
                distance = reference_levenshtein(a, b)
                sums["before"] += len(a)
                sums["after"] += len(b)
                sums["perturbed"] += perturbed != original
                sums["churned"] += a != b
                sums["changed"] += len(a) - reference_lcs(a, b)
                sums["distance"] += distance
                if a != b:
                    worst.append((-distance, index, a, b))
            out[code, kind] = sums, [(i, -d, a, b) for d, i, a, b in sorted(worst)[:keep]]
    return out


def check_report(report: ChurnReport, want: dict, lines: int) -> None:
    for (code, kind), (sums, worst) in want.items():
        got = report.language(code).kind(kind)
        assert (got.lines, got.perturbed_lines, got.churned_lines, got.tokens_before,
                got.tokens_after, got.tokens_changed, got.edit_distance) == (
            lines, sums["perturbed"], sums["churned"], sums["before"], sums["after"],
            sums["changed"], sums["distance"]), (code, kind)
        assert [(e.line, e.distance, list(e.original_ids), list(e.perturbed_ids))
                for e in got.examples] == worst, (code, kind)
    for kind in PERTURBATIONS:
        total = report.total(kind)
        assert total.edit_distance == sum(s["distance"] for (c, k), (s, _) in want.items()
                                          if k == kind)
        assert total.tokens_before == sum(s["before"] for (c, k), (s, _) in want.items()
                                          if k == kind)


@needs_shared_data
def test_o200k_against_tiktoken():
    corpus = ntrex(12)
    ref = tiktoken_reference("o200k_base")
    report = measure_churn(ours_tiktoken("o200k_base"), corpus, seed=7, keep=3)
    check_report(report, expected(corpus, ref.encode_ordinary, 7, 3), 12)
    # Every kind changes something in this corpus (nfc: the Vietnamese and German).
    assert all(report.total(kind).churned_lines > 0 for kind in PERTURBATIONS)


@needs_shared_data
def test_qwen3_against_tokenizers():
    corpus = ntrex(10)
    ref = hf_reference("qwen3")
    report = measure_churn(ours_hf("qwen3"), corpus, seed=3, keep=2)
    check_report(report, expected(
        corpus, lambda t: ref.encode(t, add_special_tokens=False).ids, 3, 2), 10)
    # Qwen 3 normalizes to NFC first: decomposing a text changes none of its ids.
    assert report.total("nfd").perturbed_lines > 0
    assert report.total("nfd").churned_lines == 0


@needs_shared_data
def test_progress_and_stopping():
    seen: list[float] = []
    lines = ntrex(600)["eng"]
    report = measure_churn(ours_tiktoken("o200k_base"), lines, kinds=["nfd"],
                           language="en", progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen) and len(seen) == 2
    assert report.languages[0].language == "en" and report.languages[0].lines == 600

    def stop(fraction: float) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        measure_churn(ours_tiktoken("o200k_base"), lines, progress=stop)


# -- the command line -------------------------------------------------------------------------

@needs_shared_data
def test_cli_on_the_demo_corpus():
    from bpelens.app.parallel_corpora import demo_corpus

    o200k = str(TIKTOKEN_DIR / "o200k_base.tiktoken")
    run = bpelens("churn", "-t", o200k, "--corpus", "demo", "--languages", "en,vi",
                  "--kinds", "typo,nfd", "--lines", "6", "--seed", "4", "--examples", "2")
    assert_clean_outcome(run, allow_refusal=False)
    out = json.loads(run.stdout)
    assert out["kinds"] == ["typo", "nfd"] and out["source"] == "demo (12 languages)"
    corpus = demo_corpus()
    ref = tiktoken_reference("o200k_base")
    want = expected({code: corpus.sentences(code)[:6] for code in ("en", "vi")},
                    ref.encode_ordinary, 4, 2)
    for language in out["languages"]:
        for kind in ("typo", "nfd"):
            sums, worst = want[language["language"], kind]
            got = language["kinds"][kind]
            assert (got["tokens_before"], got["tokens_after"], got["edit_distance"],
                    got["tokens_changed"]) == (sums["before"], sums["after"],
                                               sums["distance"], sums["changed"])
            assert [(e["line"], e["distance"]) for e in got["examples"]] == \
                [(i, d) for i, d, _, _ in worst]
            for example in got["examples"]:
                assert example["sentence_id"] == corpus.ids[example["line"]]
                assert ref.decode(example["perturbed_ids"]) == example["perturbed"]
                assert ref.decode(example["original_ids"]) == example["original"]


def test_cli_file_lines(tmp_path):
    path = tmp_path / "lines.txt"
    path.write_text("first line here\n\n  \nnaïve café\r\n", encoding="utf-8")
    run = bpelens("churn", "-t", "demo-multilingual-byte", "--file", str(path), "--kinds",
                  "nfd", "--examples", "1")
    assert_clean_outcome(run, allow_refusal=False)
    nfd = json.loads(run.stdout)["languages"][0]["kinds"]["nfd"]
    assert (nfd["lines"], nfd["perturbed_lines"]) == (2, 1)
    assert nfd["examples"][0]["file_line"] == 4
    assert nfd["examples"][0]["original"] == "naïve café"


@needs_shared_data
def test_cli_compares_tokenizers_on_the_same_perturbed_lines():
    """--compare: qwen3 measured beside o200k on the same lines, each against its own
    library's encoding of every sentence (NFC in qwen3's normalizer: nfd changes nothing)."""
    from bpelens.app.parallel_corpora import demo_corpus

    o200k = str(TIKTOKEN_DIR / "o200k_base.tiktoken")
    qwen3 = str(HF_DIR / "qwen3.tokenizer.json")
    run = bpelens("churn", "-t", o200k, "--compare", qwen3, "--corpus", "demo", "--languages",
                  "en,vi", "--kinds", "typo,nfd", "--lines", "6", "--seed", "4")
    assert_clean_outcome(run, allow_refusal=False)
    out = json.loads(run.stdout)
    assert out["tokenizer"] == o200k and [o["tokenizer"] for o in out["others"]] == [qwen3]
    corpus = demo_corpus()
    hf = hf_reference("qwen3")
    want = expected({code: corpus.sentences(code)[:6] for code in ("en", "vi")},
                    lambda text: hf.encode(text, add_special_tokens=False).ids, 4, 5)
    for language in out["others"][0]["languages"]:
        for kind in ("typo", "nfd"):
            sums, _ = want[language["language"], kind]
            got = language["kinds"][kind]
            assert (got["tokens_before"], got["tokens_after"], got["edit_distance"]) == (
                sums["before"], sums["after"], sums["distance"])
        assert language["kinds"]["nfd"]["edit_distance"] == 0


def test_cli_unknown_kind():
    run = bpelens("churn", "-t", "demo-multilingual-byte", "--corpus", "demo", "--kinds",
                  "typo,typos")
    assert_clean_outcome(run)
    assert run.returncode == 2 and run.stdout == ""
    assert "typos" in run.stderr and ",".join(PERTURBATIONS) in run.stderr
