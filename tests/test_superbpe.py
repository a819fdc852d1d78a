"""SuperBPE: merges equal to a brute-force implementation of the authors' rules, written here
from the paper and their code's conditions; its tokenizer.json encodes with the same ids in
Hugging Face's `tokenizers`."""

from __future__ import annotations

import json
from collections import Counter

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import ConfigError, TrainingConfig
from bpelens.core.formats.export import save_hf_json
from bpelens.core.training.superbpe import SuperBPEConfig, is_superword, train_superbpe

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data

GPT2 = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
# The authors' stage-2 split, as their script gives it to HF's Split (behavior isolated).
STAGE2 = r"\p{N}{1,3}| ?[^\s\p{L}\p{N}]{2,}[\r\n/]*| +(?!\S)"


def isolated(pattern: str, text: str) -> list[str]:
    """HF's Split with behavior "isolated": each match a piece, the text between too."""
    out, pos = [], 0
    for m in regex.finditer(pattern, text):
        if m.start() == m.end():
            continue
        if m.start() > pos:
            out.append(text[pos : m.start()])
        out.append(m.group())
        pos = m.end()
    if pos < len(text):
        out.append(text[pos:])
    return out


def apply(seq: list[int], left: int, right: int, new: int) -> list[int]:
    out, i = [], 0
    while i < len(seq):
        if i + 1 < len(seq) and seq[i] == left and seq[i + 1] == right:
            out.append(new)
            i += 2
        else:
            out.append(seq[i])
            i += 1
    return out


def brute_bpe(words: Counter, table: list[bytes], merges: list[tuple[int, int, int]],
              vocab_size: int, min_count: int, allowed) -> None:
    """Recount every pair, take the largest count among the allowed pairs (smallest ids on
    ties), merge, until the table holds vocab_size tokens or no pair reaches min_count."""
    seqs = {tuple(w): c for w, c in words.items()}
    while len(table) < vocab_size:
        pairs: Counter = Counter()
        for seq, c in seqs.items():
            for i in range(len(seq) - 1):
                pairs[seq[i], seq[i + 1]] += c
        candidates = [(c, p) for p, c in pairs.items() if allowed(table[p[0]] + table[p[1]])]
        if not candidates:
            return
        best_count = max(c for c, _ in candidates)
        if best_count < min_count:
            return
        left, right = min(p for c, p in candidates if c == best_count)
        data = table[left] + table[right]
        new = table.index(data) if data in table else len(table)
        if new == len(table):
            table.append(data)
        merges.append((left, right, new))
        merged: Counter = Counter()
        for seq, c in seqs.items():
            merged[tuple(apply(list(seq), left, right, new))] += c
        seqs = merged


def reference_superbpe(texts: list[str], transition: int, vocab_size: int, max_words: int,
                       min_count: int, stage2_texts: list[str] | None = None,
                       ) -> list[tuple[int, int, int]]:
    table = [bytes([b]) for b in range(256)]  # byte order "value": id = byte
    merges: list[tuple[int, int, int]] = []
    stage1 = Counter(tuple(p.encode()) for t in texts for p in regex.findall(GPT2, t))
    brute_bpe(stage1, table, merges, transition, min_count, lambda data: True)
    stage2: Counter = Counter()
    for text in texts if stage2_texts is None else stage2_texts:
        for piece in isolated(STAGE2, text):
            seq = list(piece.encode())
            for left, right, new in merges:
                seq = apply(seq, left, right, new)
            stage2[tuple(seq)] += 1

    def allowed(data: bytes) -> bool:
        return b": " not in data and sum(1 for w in data.split(b" ") if w) <= max_words

    brute_bpe(stage2, table, merges, vocab_size, min_count, allowed)
    return merges


WORDS = ["a", "ab", "ba", "b:", ":", "a,", "1", "12", "..", "\n"]


@given(
    lines=st.lists(st.lists(st.sampled_from(WORDS), min_size=1, max_size=9).map(" ".join),
                   min_size=1, max_size=14),
    transition=st.integers(256, 262), extra=st.integers(0, 14),
    max_words=st.integers(1, 4), min_count=st.integers(1, 2),
)
@settings(max_examples=120, deadline=None, derandomize=True)
def test_merges_equal_a_brute_force_of_the_rules(lines, transition, extra, max_words,
                                                 min_count):
    config = TrainingConfig(vocab_size=transition + extra, min_frequency=min_count)
    result = train_superbpe(lines, config, SuperBPEConfig(transition, max_words=max_words))
    ours = [(r.left_id, r.right_id, r.new_id) for r in result.tokenizer.model.rules]
    assert ours == reference_superbpe(lines, transition, transition + extra, max_words,
                                      min_count)


def test_stage_two_learns_from_every_kth_line_of_a_corpus_over_its_budget() -> None:
    """With stage2_mb below the corpus, stage 2 takes every k-th line, k the smallest that
    fits; stage 1 still learns from all of them. Said in the record."""
    lines = [" ".join(["a ab", "ba b:", "a, 12", ".. a"][i % 4] for _ in range(1 + i % 3))
             + "\n" for i in range(40)]
    total = sum(len(line.encode()) for line in lines)
    budget = total // 3 + 1  # bytes: k = 3
    config = TrainingConfig(vocab_size=275, min_frequency=1)
    result = train_superbpe(lines, config, SuperBPEConfig(262, stage2_mb=budget / 1e6))
    ours = [(r.left_id, r.right_id, r.new_id) for r in result.tokenizer.model.rules]
    assert ours == reference_superbpe(lines, 262, 275, 4, 1, stage2_texts=lines[::3])
    assert ours != reference_superbpe(lines, 262, 275, 4, 1)  # the budget changed stage 2
    settings = result.record.config["superbpe"]
    assert settings["stage2_bytes"] == sum(len(line.encode()) for line in lines[::3])
    assert settings["corpus_bytes"] == total
    with pytest.raises(ConfigError, match="stage2_mb"):
        train_superbpe(lines, config, SuperBPEConfig(262, stage2_mb=-1))


def shakespeare() -> list[str]:
    return (SHARED_DATA / "corpus" / "tinyshakespeare.txt").read_text(
        encoding="utf-8").splitlines(keepends=True)


@pytest.fixture(scope="module")
def trained():
    config = TrainingConfig(vocab_size=3000, byte_order="hf")
    return train_superbpe(shakespeare()[:20000], config, SuperBPEConfig(transition=2000),
                          trace_top=5)


@needs_shared_data
def test_stage_two_learns_superwords_within_the_rules(trained) -> None:
    model = trained.tokenizer.model
    switch = trained.record.config["superbpe"]["stage_switch"]
    new_tokens = [model.token_bytes[r.new_id] for r in model.rules]
    assert not any(is_superword(t) for t in new_tokens[:switch])  # stage 1: none
    later = [t for t in new_tokens[switch:] if is_superword(t)]
    assert len(later) > 100
    assert b" of the" in later or b" in the" in later
    assert all(b": " not in t and len([w for w in t.split(b" ") if w]) <= 4
               for t in new_tokens[switch:])
    record = trained.record
    assert len(record.merge_counts) == len(model.rules)
    assert len(record.top_pairs) == len(model.rules)
    assert len(record.corpus_tokens) == len(model.rules) + 1
    # Stage 2's counts start over on the coarser pieces, but each stage's counts only fall
    # (a pair's count never rises above the best count already merged).
    counts = record.merge_counts
    assert counts[switch - 1] >= counts[-1]


@needs_shared_data
def test_its_tokenizer_json_gives_the_same_ids_in_hf(trained, tmp_path) -> None:
    path = tmp_path / "superbpe.json"
    save_hf_json(trained.tokenizer, path)
    hf = HFTokenizer.from_file(str(path))
    lines = [*shakespeare()[20000:21000], "naïve café: 12345 … 日本語 😀\n", "a  b   c\n"]
    for line in lines:
        assert hf.encode(line, add_special_tokens=False).ids == trained.tokenizer.encode_ids(
            line), line
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["model"]["type"] == "BPE"


def test_bad_settings_say_what_would_be_valid() -> None:
    config = TrainingConfig(vocab_size=300)
    with pytest.raises(ConfigError, match="transition 400"):
        train_superbpe(["a b"], config, SuperBPEConfig(transition=400))
    with pytest.raises(ConfigError, match="max_words 0"):
        train_superbpe(["a b"], config, SuperBPEConfig(transition=280, max_words=0))
    with pytest.raises(ConfigError, match="byte"):
        train_superbpe(["a b"], TrainingConfig(vocab_size=30, level="char"),
                       SuperBPEConfig(transition=20))


def test_the_command_line_takes_the_trainer_and_its_options(tmp_path) -> None:
    corpus = tmp_path / "c.txt"
    corpus.write_text("the cat sat on the mat\nof the cat: yes\n" * 30, encoding="utf-8")
    out = tmp_path / "sb.json"
    done = bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "--trainer",
                   "superbpe", "--transition", "280", "--byte-order", "hf", "-o", str(out),
                   "--quiet")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["trainer"] == "superbpe"
    assert summary["trainer_options"] == {"transition": 280, "max_words": 4, "stage2_mb": 100.0}
    assert summary["stage2_bytes"] == summary["corpus_bytes"] == corpus.stat().st_size
    # The same run in core gives the same merges; the summary counts its superwords.
    result = train_superbpe(corpus.read_text(encoding="utf-8").splitlines(keepends=True),
                            TrainingConfig(vocab_size=300, byte_order="hf"),
                            SuperBPEConfig(280))
    model = result.tokenizer.model
    switch = result.record.config["superbpe"]["stage_switch"]
    assert summary["stage_switch"] == switch
    made = [model.token_bytes[r.new_id] for r in model.rules[switch:]]
    assert summary["superword_tokens"] == len({t for t in made if is_superword(t)}) > 3
    assert "of the cat" in summary["expressions"]
    assert all(": " not in e for e in summary["expressions"])
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["training"]["config"]["trainer"] == "superbpe"


@pytest.mark.parametrize(("extra", "said"), [
    ((), "superbpe needs --transition"),
    (("--transition", "2x"), "--transition '2x': expected a whole number of 1 or more"),
    (("--transition", "400"), "transition 400"),
    (("--trainer", "classic", "--transition", "280"), "--transition applies to another trainer"),
])
def test_bad_trainer_options_are_one_line(tmp_path, extra, said) -> None:
    corpus = tmp_path / "c.txt"
    corpus.write_text("a b\n", encoding="utf-8")
    args = ["train", "--corpus", str(corpus), "--vocab-size", "300", "-o",
            str(tmp_path / "x.json")]
    if "--trainer" not in extra:
        args += ["--trainer", "superbpe"]
    done = bpelens(*args, *extra)
    assert done.returncode == 2
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "x.json").exists()
