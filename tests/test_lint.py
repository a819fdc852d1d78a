"""The pathology lint: the static check flags the backtracking shapes and not the presets, its
worst cases are what the official libraries say they are (Oniguruma gives up on them; a run
is one piece for Hugging Face's own pre-tokenizer), and the growth it states holds for
tiktoken too, measured in CPU time on the same inputs."""

from __future__ import annotations

import json
import math
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import ConfigError, LintReport, lint_tokenizer, open_tokenizer
from bpelens.core.debugging.lint import RUNS, WorstCase, growth_range
from bpelens.core.debugging.lint_probes import fit_exponent, hazards
from bpelens.core.pipeline.pre_tokenizers.base import REGEX_PRESETS
from bpelens.core.text.byte_level import bytes_to_unicode

from cli_helpers import assert_clean_outcome, bpelens
from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import HF_DIR, TIKTOKEN_DIR, hf_reference, ours_tiktoken, tiktoken_reference

GGUF_DIR = SHARED_DATA / "tokenizers" / "gguf"
SPLIT = "pre_tokenizer.pretokenizers[0].pattern.Regex"


def byte_level_doc(pattern: str | None = None, added: int = 0) -> dict[str, Any]:
    """A small byte-level BPE tokenizer.json; with ``pattern``, a Split on it comes first."""
    alphabet = bytes_to_unicode()
    vocab = {alphabet[b]: b for b in range(256)}
    merges = [("Ġ", "w"), ("o", "r"), ("a", "a"), ("aa", "aa")]
    for left, right in merges:
        vocab[left + right] = len(vocab)
    level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
             "use_regex": True}
    pre: dict[str, Any] = dict(level)
    if pattern is not None:
        pre = {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated",
             "invert": False}, {**level, "use_regex": False}]}
    tokens = [{"id": len(vocab) + i, "content": f"<|extra_{i}|>", "single_word": False,
               "lstrip": False, "rstrip": False, "normalized": False, "special": True}
              for i in range(added)]
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": tokens,
            "normalizer": None, "pre_tokenizer": pre, "post_processor": None,
            "decoder": dict(level),
            "model": {"type": "BPE", "dropout": None, "unk_token": None,
                      "continuing_subword_prefix": None, "end_of_word_suffix": None,
                      "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                      "vocab": vocab, "merges": [f"{a} {b}" for a, b in merges]}}


def write(tmp_path: Path, doc: dict[str, Any]) -> Path:
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def oniguruma_gives_up(path: Path, text: str) -> bool:
    """Whether Hugging Face's own engine stops on ``text`` at Oniguruma's retry limit."""
    tokenizer = HFTokenizer.from_file(str(path))
    try:
        tokenizer.encode(text)
    except BaseException as exc:  # a Rust panic is not an Exception
        assert "retry-limit" in str(exc), exc
        return True
    return False


def cpu_median(encode, text_of, n: int, repeats: int = 3) -> float:
    times = []
    for r in range(repeats):
        text = text_of(n + r)
        started = time.thread_time()
        encode(text)
        times.append(time.thread_time() - started)
    return statistics.median(times)


def slope(points: list[tuple[int, float]]) -> float:
    return float(np.polyfit(np.log([n for n, _ in points]), np.log([t for _, t in points]), 1)[0])


# -- the static check ------------------------------------------------------------------------
CATASTROPHIC = [(r"(a+)+$", "(a+)+", "nested"), (r"(a|a)+$", "(a|a)+", "alternatives"),
                (r"(\w+\s?)*$", r"(\w+\s?)*", "nested"), (r"x(\d+)*y", r"(\d+)*", "nested")]


@pytest.mark.parametrize(("pattern", "fragment", "rule"), CATASTROPHIC)
def test_the_static_check_flags_what_oniguruma_gives_up_on(tmp_path: Path, pattern: str,
                                                           fragment: str, rule: str) -> None:
    path = write(tmp_path, byte_level_doc(pattern))
    report = lint_tokenizer(open_tokenizer(path), timing=False)
    [finding] = report.of_kind("backtracking")
    assert (finding.where, finding.pattern, finding.severity) == (SPLIT, fragment, "warning")
    assert [h.rule for h in hazards(pattern, "onig")] == [rule]
    # Its worst case, 64 characters of it, is past the retry limit of HF's engine; as many
    # characters the pattern never takes are not.
    case = finding.worst_case
    assert len(case.text(64)) == 64
    assert oniguruma_gives_up(path, case.text(64))
    assert not oniguruma_gives_up(path, "-" * 64)


@pytest.mark.parametrize("pattern", [r"(a+)+", r"(a|a)*", r"(\w+\s?)*"])
def test_a_shape_nothing_can_fail_after_is_flagged_as_harmless_here(tmp_path: Path,
                                                                   pattern: str) -> None:
    path = write(tmp_path, byte_level_doc(pattern))
    [finding] = lint_tokenizer(open_tokenizer(path), timing=False).of_kind("backtracking")
    assert (finding.pattern, finding.severity) == (pattern, "info")
    assert "harmless here" in finding.reason
    assert not oniguruma_gives_up(path, finding.worst_case.text(4096))


@pytest.mark.parametrize("name", sorted(REGEX_PRESETS))
def test_the_presets_have_no_backtracking_shape(name: str) -> None:
    pattern = REGEX_PRESETS[name]
    assert hazards(pattern, "tiktoken") == []
    if name != "cl100k_base":  # its \p{N}{1,3}+ is (\p{N}{1,3})+ to Oniguruma
        assert hazards(pattern, "onig") == []


def real_files() -> list[Path]:
    return sorted([*TIKTOKEN_DIR.glob("[cor]*_base.tiktoken"), *HF_DIR.glob("*.tokenizer.json"),
                   *GGUF_DIR.glob("*.gguf")])


@needs_shared_data
def test_real_files_have_no_backtracking_finding() -> None:
    files = real_files()
    assert len(files) >= 15
    for path in files:
        report = lint_tokenizer(open_tokenizer(path), timing=False)
        assert report.of_kind("backtracking") == [], path.name


# -- unbounded pieces ------------------------------------------------------------------------
@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "llama3", "qwen3", "falcon", "llama-spm",
                                  "pegasus-unigram", "bert-base-uncased-minilm"])
def test_a_run_is_reported_exactly_when_hugging_face_keeps_it_one_piece(name: str) -> None:
    report = lint_tokenizer(open_tokenizer(HF_DIR / f"{name}.tokenizer.json"), timing=False)
    reported = {run for f in report.of_kind("unbounded_piece")
                for run in (f.worst_case.name, *f.also)}
    hf = hf_reference(name)
    for run, unit, _ in RUNS:
        text = unit * 512
        normalized = hf.normalizer.normalize_str(text) if hf.normalizer else text
        pieces = hf.pre_tokenizer.pre_tokenize_str(normalized) if hf.pre_tokenizer else [
            (normalized, None)]
        longest = max((len(piece) for piece, _ in pieces), default=0)
        assert (longest >= 256) == (run in reported), (name, run, longest)


@needs_shared_data
def test_o200k_names_the_alternatives_that_take_the_runs() -> None:
    report = lint_tokenizer(ours_tiktoken("o200k_base"), timing=False)
    found = {f.worst_case.name: (f.where, f.pattern, f.also)
             for f in report.of_kind("unbounded_piece")}
    # o200k's first, fourth, fifth and sixth alternatives
    letters = (r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"
               r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?")
    assert REGEX_PRESETS["o200k_base"].startswith(letters + "|")
    assert found == {
        "letters": ("pat_str", letters, ("cjk",)),
        "punctuation": ("pat_str", r" ?[^\s\p{L}\p{N}]+[\r\n/]*", ()),
        "newlines": ("pat_str", r"\s*[\r\n]+", ()),
        "spaces": ("pat_str", r"\s+(?!\S)", ()),
    }
    # As tiktoken's own pattern cuts them: the run is one piece, digits go three at a time.
    import regex

    pat = tiktoken_reference("o200k_base")._pat_str
    for run, unit, _ in RUNS:
        assert (len(regex.findall(pat, unit * 512)) == 1) == (run in (*found, "cjk")), run


# -- growth, measured ------------------------------------------------------------------------
@needs_shared_data
def test_a_letter_run_grows_as_the_lint_says_in_ours_and_in_tiktoken() -> None:
    # Inputs long enough that each point takes tens of milliseconds of CPU; the tolerance is
    # wide: only a different class of growth (quadratic where near-linear is said) fails.
    sizes = [1 << 18, 1 << 19, 1 << 20]
    report = lint_tokenizer(ours_tiktoken("o200k_base"), sizes=sizes, time_cap=10.0)
    finding = next(f for f in report.findings if f.worst_case.name == "letters")
    assert [n for n, _ in finding.points] == sizes
    low, high = growth_range(finding.growth)
    assert finding.growth == "near-linear" and low == 0.0 and high is not None
    reference = tiktoken_reference("o200k_base")
    theirs = [(n, cpu_median(reference.encode_ordinary, finding.worst_case.text, n))
              for n in sizes]
    for exponent in (finding.exponent, slope(list(finding.points)), slope(theirs)):
        assert exponent is not None and 0.7 <= exponent <= high + 0.3, (finding.points, theirs)
    # Same ids on the worst case itself.
    text = finding.worst_case.text(sizes[0])
    assert ours_tiktoken("o200k_base").encode_ids(text) == reference.encode_ordinary(text)


def test_a_catastrophic_pattern_is_confirmed_and_the_lint_stays_bounded(tmp_path: Path) -> None:
    path = write(tmp_path, byte_level_doc(r"(a|a)+$"))
    cap = 0.5
    report = lint_tokenizer(open_tokenizer(path), time_cap=cap)
    [finding] = report.of_kind("backtracking")
    assert finding.severity == "error"
    assert finding.timed_out or (finding.exponent or 0) >= 2, finding.points
    assert finding.growth == "catastrophic" or finding.exponent >= 2
    # All the timing stops after 12 caps; a pattern's time budget (1 s and a little) may
    # overrun it once.
    assert report.seconds < 12 * cap + 5, report.seconds


def test_many_added_tokens_are_timed_on_near_misses(tmp_path: Path) -> None:
    path = write(tmp_path, byte_level_doc(added=3000))
    sizes = [1 << 12, 1 << 13, 1 << 14, 1 << 15]
    report = lint_tokenizer(open_tokenizer(path), sizes=sizes)
    [finding] = report.of_kind("added_tokens")
    assert finding.where == "added_tokens" and "3,000 added tokens" in finding.detail
    assert [n for n, _ in finding.points] == sizes
    assert finding.exponent is not None and 0.6 <= finding.exponent <= 1.8
    # Near misses indeed: HF finds no added token in them, and one in each token's text.
    hf = HFTokenizer.from_file(str(path))
    first_added = 256 + 4
    assert all(i < first_added for i in hf.encode(finding.worst_case.text(4096)).ids)
    assert hf.encode("<|extra_7|>").ids == [first_added + 7]


def test_a_few_added_tokens_are_no_finding(tmp_path: Path) -> None:
    path = write(tmp_path, byte_level_doc(added=50))
    assert lint_tokenizer(open_tokenizer(path), timing=False).of_kind("added_tokens") == []


# -- the pieces ------------------------------------------------------------------------------
@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(max_size=3), st.text(min_size=1, max_size=4), st.text(max_size=3),
       st.integers(0, 50))
def test_a_worst_case_is_its_recipe_n_characters_long(prefix: str, unit: str, suffix: str,
                                                      n: int) -> None:
    text = WorstCase("x", unit, prefix, suffix).text(n)
    body = max(0, n - len(prefix) - len(suffix))
    expected = prefix + "".join(unit[i % len(unit)] for i in range(body)) + suffix
    assert text == expected


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.floats(0.5, 3.0), st.floats(1e-3, 1e-1), st.integers(3, 8))
def test_the_fit_recovers_a_power_law(exponent: float, scale: float, count: int) -> None:
    points = [(1 << k, scale * (2 ** (k - 10)) ** exponent) for k in range(10, 10 + count)]
    assert math.isclose(fit_exponent(points), exponent, abs_tol=1e-9)


@pytest.mark.parametrize(("options", "needle"), [
    ({"sizes": []}, "sizes"), ({"sizes": [0]}, "sizes"), ({"sizes": [10**12]}, "sizes"),
    ({"time_cap": 0}, "time_cap"), ({"time_cap": float("nan")}, "time_cap"),
    ({"repeats": 0}, "repeats"), ({"budget": -1}, "budget")])
def test_bad_options_are_refused_before_anything_runs(tmp_path: Path, options, needle) -> None:
    tokenizer = open_tokenizer(write(tmp_path, byte_level_doc()))
    with pytest.raises(ConfigError, match=needle) as caught:
        lint_tokenizer(tokenizer, **options)
    assert "\n" not in str(caught.value)


def test_the_report_is_json(tmp_path: Path) -> None:
    report = lint_tokenizer(open_tokenizer(write(tmp_path, byte_level_doc(r"(a+)+$"))),
                            sizes=[1024, 2048], time_cap=0.2)
    assert isinstance(report, LintReport)
    out = json.loads(json.dumps(report.to_json(), allow_nan=False))
    assert out["counts"]["backtracking"] == 1
    first = out["findings"][0]
    assert first["input"]["recipe"].startswith("'a' × k + '")
    assert first["input_preview"] == "a" * 32 + "…" + first["input"]["suffix"]
    assert all(len(point) == 2 for point in first["points"])


# -- the command line ------------------------------------------------------------------------
@needs_shared_data
def test_cli_end_to_end() -> None:
    run = bpelens("lint", "-t", str(TIKTOKEN_DIR / "o200k_base.tiktoken"), "--no-timing")
    assert_clean_outcome(run, allow_refusal=False)
    out = json.loads(run.stdout)
    assert out["tokenizer"] == "o200k_base" and out["timed"] is False
    assert out["counts"] == {"backtracking": 0, "unbounded_piece": 4, "added_tokens": 0}
    assert {f["where"] for f in out["findings"]} == {"pat_str"}


def test_cli_times_a_catastrophic_file(tmp_path: Path) -> None:
    path = write(tmp_path, byte_level_doc(r"(\w+\s?)*$"))
    run = bpelens("lint", "-t", str(path), "--max-seconds", "0.3")
    assert_clean_outcome(run, allow_refusal=False)
    [finding] = [f for f in json.loads(run.stdout)["findings"] if f["kind"] == "backtracking"]
    assert finding["severity"] == "error" and finding["where"] == SPLIT
    assert finding["points"] and finding["growth"] in ("catastrophic", "quadratic",
                                                       "cubic or worse")


@pytest.mark.parametrize("value", ["0", "-1", "nan", "inf", "1e9"])
def test_cli_refuses_a_bad_time_cap(tmp_path: Path, value: str) -> None:
    run = bpelens("lint", "-t", str(write(tmp_path, byte_level_doc())), "--max-seconds", value)
    assert_clean_outcome(run)
    assert run.returncode == 2 and "--max-seconds" in run.stderr


def test_cli_refuses_a_missing_file(tmp_path: Path) -> None:
    run = bpelens("lint", "-t", str(tmp_path / "nothing.json"))
    assert_clean_outcome(run)
    assert run.returncode == 2
