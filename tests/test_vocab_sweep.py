"""The vocabulary-size sweep: its numbers at each size equal those of the tokenizer cut at that
size, encoded in full — our own BPE cut by rebuilding it, tiktoken's ranks and Hugging Face
files cut and encoded by tiktoken and `tokenizers` themselves."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
import regex
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import BPEModel, ConfigError, Tokenizer, TrainingConfig, open_tokenizer, train
from bpelens.core.analysis.vocab_sweep import parse_sizes, vocab_sweep
from bpelens.core.formats.tiktoken_file import read_ranks

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data


def expected_gini(values: list[int]) -> float:
    n, mean = len(values), sum(values) / len(values)
    return sum(abs(a - b) for a in values for b in values) / (2 * n * n * mean)


def expected_renyi(ids: list[int], size: int, vocabulary: int, alpha: float = 2.5) -> float:
    """H_α / log |V|, |V| the cut's vocabulary: the size, at most the whole vocabulary, at
    least the tokens in use (a cut below the base tokens still holds them)."""
    counts = Counter(ids)
    total = len(ids)
    size = max(min(size, vocabulary), len(counts))
    return math.log(sum((c / total) ** alpha for c in counts.values())) / (1 - alpha) \
        / math.log(size)


def check_against(sweep, texts: dict[str, list[str]], encode_at, pieces_of,
                  vocabulary: int) -> None:
    """Each row and point of ``sweep`` against ``encode_at(size, text)`` of every text."""
    for point in sweep.points:
        totals = []
        for language, lines in texts.items():
            ids = [i for line in lines for i in encode_at(point, line)]
            row = sweep.row(point.size, language)
            assert row.tokens == len(ids), (point.size, language)
            assert row.bytes == sum(len(line.encode()) for line in lines)
            assert row.renyi == pytest.approx(expected_renyi(ids, point.size, vocabulary),
                                              rel=1e-9)
            words = [p for line in lines for p in pieces_of(line)
                     if regex.search(r"[\p{L}\p{N}]", p)]
            whole = sum(1 for p in words if len(encode_at(point, p)) == 1)
            assert row.whole_words == pytest.approx(whole / len(words) if words else 0.0)
            totals.append(len(ids))
        assert point.tokens == sum(totals)
        assert point.gini == pytest.approx(expected_gini(totals), abs=1e-12)
        reference = totals[0]
        for language, total in zip(texts, totals, strict=True):
            assert sweep.row(point.size, language).ratio == pytest.approx(total / reference)


def cut_bpe(tokenizer: Tokenizer, merges: int) -> Tokenizer:
    """Our BPE rebuilt with only its first ``merges`` merges."""
    model = tokenizer.model
    cut = BPEModel(level="byte", byte_order=model.byte_order)
    for rule in model.rules[:merges]:
        cut.merge_pair(rule.left_id, rule.right_id)
    return Tokenizer(cut, pretokenizer=tokenizer.pretokenizer.to_config())


LINE = st.lists(st.sampled_from(["ab", "ba", "aab", "b", " ", "c", "abc", "1", "é"]),
                min_size=1, max_size=8).map("".join)


@given(texts=st.tuples(st.lists(LINE, min_size=1, max_size=6),
                       st.lists(LINE, min_size=1, max_size=6)),
       training=st.lists(LINE, min_size=1, max_size=20),
       sizes=st.lists(st.integers(256, 280), min_size=1, max_size=4))
@settings(max_examples=60, deadline=None, derandomize=True)
def test_each_size_equals_our_bpe_cut_there(texts, training, sizes) -> None:
    trained = train(training, TrainingConfig(vocab_size=280, min_frequency=1)).tokenizer
    count = min(len(texts[0]), len(texts[1]))
    by_language = {"xx": texts[0][:count], "yy": texts[1][:count]}
    sweep = vocab_sweep(trained, by_language, sizes)
    assert [p.size for p in sweep.points] == sorted(set(sizes))
    cuts: dict[int, Tokenizer] = {}

    def encode_at(point, text):
        assert point.merges == min(point.size - 256, len(trained.model.rules))
        if point.merges not in cuts:
            cuts[point.merges] = cut_bpe(trained, point.merges)
        return cuts[point.merges].encode_ids(text, special="none")

    check_against(sweep, by_language, encode_at, trained.model_inputs, trained.vocab_size)
    assert [p.saturated for p in sweep.points] == [p.size >= trained.model.vocab_size
                                                   for p in sweep.points]


def ntrex(languages: tuple[str, ...], lines: int) -> dict[str, list[str]]:
    folder = SHARED_DATA / "parallel" / "ntrex128"
    def path(lang: str):
        return folder / ("newstest2019-src.eng.txt" if lang == "eng"
                         else f"newstest2019-ref.{lang}.txt")

    return {lang: path(lang).read_text(encoding="utf-8").splitlines()[:lines]
            for lang in languages}


@needs_shared_data
@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_each_size_equals_tiktoken_cut_there(name) -> None:
    source = SHARED_DATA / "tokenizers" / "tiktoken" / f"{name}.tiktoken"
    tokenizer = open_tokenizer(source)
    ranks = read_ranks(source)[0]
    texts = ntrex(("eng", "jpn", "hin", "arb"), 60)
    sizes = [300, 1000, 8000, 60000]
    sweep = vocab_sweep(tokenizer, texts, sizes, name=name)
    pattern = tokenizer.pretokenizer.pattern
    cuts = {size: tiktoken.Encoding(f"{name}-{size}", pat_str=pattern, special_tokens={},
                                    mergeable_ranks={b: r for b, r in ranks.items() if r < size})
            for size in sizes}

    def pieces(line: str) -> list[str]:
        return [p for p in regex.findall(pattern, line) if p]

    check_against(sweep, texts, lambda point, text: cuts[point.size].encode_ordinary(text),
                  pieces, tokenizer.model.vocab_size)
    assert [p.merges for p in sweep.points] == [None] * len(sizes)  # merges implied by ranks


def cut_hf_json(data: dict, size: int) -> dict:
    """A tokenizer.json holding only the tokens with ids below ``size`` and the merges among
    them, in their order."""
    data = json.loads(json.dumps(data))
    model = data["model"]
    model["vocab"] = {t: i for t, i in model["vocab"].items() if i < size}
    vocab = model["vocab"]
    model["merges"] = [m for m in model["merges"] if all(
        t in vocab for t in ((*m, "".join(m)) if isinstance(m, list)
                             else (*m.split(" "), m.replace(" ", ""))))]
    return data


@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "llama3"])
def test_each_size_equals_a_hf_file_cut_there(name) -> None:
    path = SHARED_DATA / "tokenizers" / "hf" / f"{name}.tokenizer.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    tokenizer = open_tokenizer(path)
    texts = ntrex(("eng", "deu", "rus", "zho-CN"), 40)
    sizes = [500, 3000, 20000]
    sweep = vocab_sweep(tokenizer, texts, sizes)
    cuts = {p.size: HFTokenizer.from_str(json.dumps(cut_hf_json(data, p.size)))
            for p in sweep.points}
    ids = {t: i for t, i in data["model"]["vocab"].items()}
    pairs = [m if isinstance(m, list) else m.split(" ") for m in data["model"]["merges"]]
    for point in sweep.points:
        assert point.merges == sum(1 for a, b in pairs if max(
            ids[a], ids[b], ids[a + b]) < point.size)

    def encode_at(point, text):
        return cuts[point.size].encode(text, add_special_tokens=False).ids

    def pieces(line: str) -> list[str]:
        return [p for p, _ in cuts[sizes[0]].pre_tokenizer.pre_tokenize_str(line)]

    # Pieces are model inputs here (GPT-2's byte spelling): count words on the text itself.
    for point in sweep.points:
        for language, lines in texts.items():
            ids = [i for line in lines for i in encode_at(point, line)]
            assert sweep.row(point.size, language).tokens == len(ids)
            assert sweep.row(point.size, language).renyi == pytest.approx(
                expected_renyi(ids, point.size, tokenizer.model.vocab_size), rel=1e-9)
    assert pieces("a b")  # the cut files load and split


def test_sizes_and_bad_input() -> None:
    assert parse_sizes("1000:64000:x2") == [1000, 2000, 4000, 8000, 16000, 32000, 64000]
    assert parse_sizes("1000:3000:+1000") == [1000, 2000, 3000]
    assert parse_sizes("300,100") == [100, 300]
    for bad in ("1000:64000", "x", "0,5", "10:20:x1", "10:20:+0", "", "1:10:xinf",
                "1:2000000000:+1", "1:10:x1e400", "5:1:x2"):
        with pytest.raises(ConfigError, match="--sizes"):
            parse_sizes(bad)
    unigram = SHARED_DATA / "tokenizers" / "hf" / "pegasus-unigram.tokenizer.json"
    if unigram.exists():
        with pytest.raises(ConfigError, match="cuts a BPE's merges"):
            vocab_sweep(open_tokenizer(unigram), {"en": ["a"]}, [10])
    trained = train(["ab ab"], TrainingConfig(vocab_size=260, min_frequency=1)).tokenizer
    with pytest.raises(ConfigError, match="reference 'zz'"):
        vocab_sweep(trained, {"en": ["a"]}, [300], reference="zz")
    with pytest.raises(ConfigError, match="share no sentence"):
        vocab_sweep(trained, {"en": [], "de": []}, [300])
    spm_bpe = SHARED_DATA / "tokenizers" / "sentencepiece" / "botchan_en_bpe_1000.model"
    if spm_bpe.exists():
        with pytest.raises(ConfigError, match="SentencePiece BPE"):
            vocab_sweep(open_tokenizer(spm_bpe), {"en": ["日本語"]}, [500])


def test_the_command_line_sweeps_a_trained_tokenizer(tmp_path) -> None:
    corpus = tmp_path / "c.txt"
    corpus.write_text("the cat sat on the mat\n" * 20 + "el gato se sentó\n" * 10,
                      encoding="utf-8")
    model = tmp_path / "m.json"
    assert bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "-o", str(model),
                   "--quiet").returncode == 0
    done = bpelens("sweep", "-t", str(model), "--corpus", "demo", "--sizes", "256:300:+22",
                   "--quiet")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    (sweep,) = out["sweeps"]
    assert [p["size"] for p in sweep["points"]] == [256, 278, 300]
    assert sweep["points"][0]["merges"] == 0
    totals = [p["tokens"] for p in sweep["points"]]
    assert totals[0] >= totals[1] >= totals[2]
    bad = bpelens("sweep", "-t", str(model), "--corpus", "demo", "--sizes", "x")
    assert bad.returncode == 2 and "--sizes 'x'" in bad.stderr
