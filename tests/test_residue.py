"""Residue tokens: final counts against the official libraries' encodings, formed and
absorbed counts against a naive replay of the merges written here, and the removal effect
against a LiteToken encoder written here (merges as before, removed tokens opened into the
parts of their merge)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from functools import cache
from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import (
    ConfigError,
    Tokenizer,
    TrainingConfig,
    find_residues,
    open_tokenizer,
    train_picky,
)
from bpelens.core.debugging import residue
from bpelens.resources import DEMO_TOKENIZERS, resource

from cli_helpers import assert_clean_outcome, bpelens
from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import (
    HF_DIR,
    TIKTOKEN_DIR,
    hf_reference,
    ntrex_lines,
    ours_hf,
    ours_tiktoken,
    texts,
    tiktoken_reference,
)

NTREX_FILE = SHARED_DATA / "parallel" / "ntrex128" / "newstest2019-ref.deu.txt"
DEMO = "demo-multilingual-byte"


@cache
def sample_lines() -> list[str]:
    """Every 97th line of NTREX: about 550 lines across all its languages."""
    return ntrex_lines()[::97]


# -- a naive BPE, written for the tests --------------------------------------------------------

def replay(symbols: list[Hashable], rank: Callable[[Hashable, Hashable], int | None],
           join: Callable[[Hashable, Hashable], Hashable]):
    """Merge the lowest-ranked adjacent pair (leftmost on ties) until none is left. Returns
    the final tokens, every token formed and absorbed in order, and each final token's tree
    of the merges that made it here."""
    seq = list(symbols)
    trees: list[tuple] = [(s, None, None) for s in seq]  # (token, left tree, right tree)
    formed, absorbed = [], []
    while True:
        best = None
        for i in range(len(seq) - 1):
            r = rank(seq[i], seq[i + 1])
            if r is not None and (best is None or r < best[0]):
                best = (r, i)
        if best is None:
            return seq, formed, absorbed, trees
        i = best[1]
        new = join(seq[i], seq[i + 1])
        formed.append(new)
        absorbed += [seq[i], seq[i + 1]]
        seq[i : i + 2] = [new]
        trees[i : i + 2] = [(new, trees[i], trees[i + 1])]


def open_tree(tree: tuple, removed: set) -> int:
    """How many tokens LiteToken writes for a final token: a removed one opened into the two
    parts the merge that made it joined, here."""
    token, left, right = tree
    if token in removed and left is not None:
        return open_tree(left, removed) + open_tree(right, removed)
    return 1


def open_up(token: Hashable, removed: set, parts: Callable[[Hashable], tuple]) -> list:
    """LiteToken's output for one final token: a removed one as its merge's two parts."""
    if token not in removed:
        return [token]
    left, right = parts(token)
    return open_up(left, removed, parts) + open_up(right, removed, parts)


class Naive:
    """Counts of a naive BPE over pieces, by token id."""

    def __init__(self) -> None:
        self.formed: Counter[int] = Counter()
        self.absorbed: Counter[int] = Counter()
        self.final: Counter[int] = Counter()

    def add(self, final: Iterable[int], formed: Iterable[int], absorbed: Iterable[int]) -> None:
        self.final.update(final)
        self.formed.update(formed)
        self.absorbed.update(absorbed)


def assert_counts_equal(report, naive: Naive) -> None:
    for name in ("formed", "absorbed", "final"):
        ours = {row.id: getattr(row, name) for row in report.tokens if getattr(row, name)}
        assert ours == dict(getattr(naive, name)), name


# -- tiktoken: a piece that is a token whole is looked up, no merge runs -------------------------

class NaiveTiktoken:
    def __init__(self, name: str) -> None:
        import regex

        self.encoding = tiktoken_reference(name)
        self.ranks: dict[bytes, int] = self.encoding._mergeable_ranks
        self.pattern = regex.compile(self.encoding._pat_str)

    def rank(self, a: bytes, b: bytes) -> int | None:
        return self.ranks.get(a + b)

    def pieces(self, line: str) -> list[bytes]:
        return [m.group().encode("utf-8") for m in self.pattern.finditer(line)]

    def merges(self, piece: bytes):
        return replay([piece[i : i + 1] for i in range(len(piece))], self.rank,
                      lambda a, b: a + b)

    def count(self, lines: list[str]) -> Naive:
        naive = Naive()
        ids = self.ranks.__getitem__
        for line in lines:
            for piece in self.pieces(line):
                if piece in self.ranks:
                    naive.final[ids(piece)] += 1
                    if len(piece) > 1:
                        naive.formed[ids(piece)] += 1  # formed by the lookup, nothing absorbed
                    continue
                final, formed, absorbed, _ = self.merges(piece)
                naive.add(map(ids, final), map(ids, formed), map(ids, absorbed))
        return naive

    def parts(self, token: bytes) -> tuple[bytes, bytes]:
        """The last merge the merges take on the token's own bytes."""
        seq = [token[i : i + 1] for i in range(len(token))]
        last = None
        while True:
            ranked = [(r, i) for i in range(len(seq) - 1)
                      if (r := self.rank(seq[i], seq[i + 1])) is not None]
            if not ranked:
                break
            _, i = min(ranked)
            last = (seq[i], seq[i + 1])
            seq[i : i + 2] = [seq[i] + seq[i + 1]]
        assert seq == [token] and last is not None
        return last

    def tokens_without(self, lines: list[str], removed_ids: set[int]) -> int:
        removed = {data for data, rank in self.ranks.items() if rank in removed_ids}
        total = 0
        for line in lines:
            for piece in self.pieces(line):
                if piece in self.ranks and piece not in removed:
                    total += 1
                    continue
                final = self.merges(piece)[0]
                total += sum(len(open_up(t, removed, self.parts)) for t in final)
        return total


@needs_shared_data
@pytest.mark.parametrize("name", ["o200k_base", "cl100k_base"])
def test_tiktoken_counts_and_removal_match_a_naive_replay(name):
    lines = sample_lines()
    report = find_residues(ours_tiktoken(name), lines, min_formed=5, max_final_share=0.1,
                           special="none")
    encoding = tiktoken_reference(name)
    official = Counter(chain.from_iterable(encoding.encode_ordinary(line) for line in lines))
    assert {row.id: row.final for row in report.tokens if row.final} == dict(official)
    assert report.tokens_before == official.total()
    naive_bpe = NaiveTiktoken(name)
    naive = naive_bpe.count(lines)
    assert_counts_equal(report, naive)
    assert report.looked_up == sum(1 for line in lines for p in naive_bpe.pieces(line)
                                   if len(p) > 1 and p in naive_bpe.ranks)
    removed = {row.id for row in report.residues}
    assert len(removed) > 10
    assert report.tokens_after == naive_bpe.tokens_without(lines, removed)
    assert report.tokens_after > report.tokens_before


@needs_shared_data
@settings(max_examples=60)
@given(st.lists(texts, min_size=1, max_size=4))
def test_tiktoken_final_counts_on_generated_text(lines):
    encoding = tiktoken_reference("cl100k_base")
    report = find_residues(ours_tiktoken("cl100k_base"), lines, min_formed=1,
                           max_final_share=0.5, special="none")
    official = Counter(chain.from_iterable(encoding.encode_ordinary(line) for line in lines))
    assert {row.id: row.final for row in report.tokens if row.final} == dict(official)
    naive_bpe = NaiveTiktoken("cl100k_base")
    assert_counts_equal(report, naive_bpe.count(lines))
    removed = {row.id for row in report.residues}
    assert report.tokens_after == naive_bpe.tokens_without(lines, removed)


# -- Hugging Face: GPT-2 and Llama 3 replayed naively, all against the library --------------

class NaiveHF:
    """A Hugging Face byte-level BPE replayed from its file: the library splits the pieces,
    the merges run here; with ``ignore_merges`` a piece in the vocabulary is looked up."""

    def __init__(self, name: str) -> None:
        data = json.loads((HF_DIR / f"{name}.tokenizer.json").read_text("utf-8"))
        assert data["normalizer"] is None
        self.vocab: dict[str, int] = data["model"]["vocab"]
        self.lookup = bool(data["model"].get("ignore_merges"))
        merges = [tuple(m.split(" ", 1)) if isinstance(m, str) else tuple(m)
                  for m in data["model"]["merges"]]
        # A pair listed twice merges at its first rank; Llama 3 also lists other pairs that
        # make the same token, so a token opens into the parts that made it in its piece.
        self.ranks = {pair: rank for rank, pair in reversed(list(enumerate(merges)))}
        self.split = hf_reference(name).pre_tokenizer.pre_tokenize_str

    def pieces(self, line: str) -> list[str]:
        return [piece for piece, _ in self.split(line)]

    def merges(self, piece: str):
        return replay(list(piece), lambda a, b: self.ranks.get((a, b)), lambda a, b: a + b)

    def count(self, lines: list[str]) -> Naive:
        naive = Naive()
        ids = self.vocab.__getitem__
        for line in lines:
            for piece in self.pieces(line):
                if self.lookup and piece in self.vocab:
                    naive.final[ids(piece)] += 1
                    if len(piece) > 1:
                        naive.formed[ids(piece)] += 1
                    continue
                final, formed, absorbed, _ = self.merges(piece)
                naive.add(map(ids, final), map(ids, formed), map(ids, absorbed))
        return naive

    def tokens_without(self, lines: list[str], removed_ids: set[int]) -> int:
        removed = {token for token, tid in self.vocab.items() if tid in removed_ids}
        total = 0
        for line in lines:
            for piece in self.pieces(line):
                if self.lookup and piece in self.vocab and piece not in removed:
                    total += 1
                    continue
                total += sum(open_tree(tree, removed) for tree in self.merges(piece)[3])
        return total


@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "llama3"])
def test_hf_counts_and_removal_match_a_naive_replay(name):
    lines = sample_lines()
    report = find_residues(ours_hf(name), lines, min_formed=5, max_final_share=0.1)
    official = Counter(chain.from_iterable(
        e.ids for e in hf_reference(name).encode_batch(lines, add_special_tokens=False)))
    assert {row.id: row.final for row in report.tokens if row.final} == dict(official)
    naive_bpe = NaiveHF(name)
    assert_counts_equal(report, naive_bpe.count(lines))
    removed = {row.id for row in report.residues}
    assert len(removed) > 10
    assert report.tokens_after == naive_bpe.tokens_without(lines, removed)
    assert (report.looked_up > 0) == naive_bpe.lookup


@needs_shared_data
@pytest.mark.parametrize("name", ["qwen3", "llama3"])
def test_final_counts_equal_the_libraries_encoding(name):
    # Llama 3 looks a whole piece up first (ignore_merges): its final counts say whether
    # such a piece was counted as the encoder gives it.
    lines = sample_lines()
    reference = hf_reference(name)
    encoded = reference.encode_batch(lines, add_special_tokens=False)
    added = {token.content for token in reference.get_added_tokens_decoder().values()}
    assert not any(token in added for e in encoded for token in e.tokens)
    official = Counter(chain.from_iterable(e.ids for e in encoded))
    report = find_residues(ours_hf(name), lines)
    assert {row.id: row.final for row in report.tokens if row.final} == dict(official)
    assert report.tokens_before == official.total()


# -- a BPE trained here (the bundled demo), on generated text ----------------------------------

@cache
def demo_tokenizer() -> Tokenizer:
    return open_tokenizer(str(resource(DEMO_TOKENIZERS[DEMO])))


@cache
def demo_merges() -> list[tuple[int, int, int]]:
    data = json.loads(resource(DEMO_TOKENIZERS[DEMO]).read_text("utf-8"))
    assert data["model"]["byte_order"] == "value"  # token b is byte b
    return [tuple(m) for m in data["model"]["merges"]]


@cache
def demo_sentences() -> list[str]:
    rows = resource("corpus/parallel_demo.tsv").read_text("utf-8").splitlines()[1:]
    return [text for row in rows for text in row.split("\t")[1:]]


def demo_words() -> st.SearchStrategy[str]:
    words = sorted({w for s in demo_sentences() for w in s.split()})
    return st.lists(st.sampled_from(words), max_size=12).map(" ".join)


@settings(max_examples=80)
@given(st.lists(demo_words(), min_size=1, max_size=6), st.integers(1, 4),
       st.sampled_from([0.2, 0.5, 0.9]))
def test_a_trained_bpe_matches_a_naive_replay(lines, min_formed, share):
    merges = demo_merges()
    ranks = {(left, right): rank for rank, (left, right, _) in enumerate(merges)}
    new = [n for _, _, n in merges]
    made_from = {n: (left, right) for left, right, n in reversed(merges)}
    tokenizer = demo_tokenizer()
    report = find_residues(tokenizer, lines, min_formed=min_formed, max_final_share=share)
    naive = Naive()
    outputs = []
    for line in lines:
        for piece in tokenizer.model_inputs(line):
            final, formed, absorbed, _ = replay(list(piece.encode("utf-8")),
                                             lambda a, b: ranks.get((a, b)),
                                             lambda a, b: new[ranks[a, b]])
            naive.add(final, formed, absorbed)
            outputs.append(final)
    assert_counts_equal(report, naive)
    assert report.tokens_before == sum(len(tokenizer.encode_ids(line)) for line in lines)
    expected = {row.id for row in report.tokens
                if row.formed >= min_formed and row.final < share * (row.absorbed + row.final)}
    assert {row.id for row in report.residues} == expected
    assert [row.formed for row in report.residues] == sorted(
        (row.formed for row in report.residues), reverse=True)
    removed = {row.id for row in report.residues}
    assert report.tokens_after == sum(len(open_up(t, removed, made_from.__getitem__))
                                      for final in outputs for t in final)


def test_the_ratio_is_absorbed_over_absorbed_and_final():
    row = residue.ResidueRow(300, "ab", formed=10, absorbed=9, final=1)
    assert row.ratio == pytest.approx(0.9)
    assert row.final_share == pytest.approx(0.1)
    assert row.to_json() == {"id": 300, "text": "ab", "formed": 10, "absorbed": 9, "final": 1,
                             "ratio": 0.9}
    # Formed, then split back after the merges (SentencePiece's unused pieces): never stays.
    gone = residue.ResidueRow(1, "x", formed=3, absorbed=0, final=0)
    assert (gone.ratio, gone.final_share) == (1.0, 0.0)


@needs_shared_data
@pytest.mark.parametrize("unused", [False, True])
def test_sentencepiece_bpe_final_counts_equal_the_library(tmp_path, unused):
    import sentencepiece as spm

    from sentencepiece_models import _unused, edited, real_model

    data = real_model("botchan_bpe").read_bytes()
    if unused:  # pieces the merges make and the model splits back afterwards
        data = edited(data, _unused)
    path = tmp_path / "bpe.model"
    path.write_bytes(data)
    lines = sample_lines()
    official = Counter(chain.from_iterable(
        spm.SentencePieceProcessor(model_file=str(path)).encode(lines)))
    report = find_residues(open_tokenizer(path), lines, min_formed=5, max_final_share=0.1)
    assert {row.id: row.final for row in report.tokens if row.final} == dict(official)
    assert report.tokens_before == official.total() <= report.tokens_after
    if unused:
        split_back = [row for row in report.tokens if row.formed > row.absorbed + row.final]
        assert split_back and all(row.final_share < 1 for row in split_back)


def test_the_report_finds_a_row_by_id_and_lists_the_top_residues():
    report = find_residues(demo_tokenizer(), demo_sentences(), min_formed=2,
                           max_final_share=0.5)
    assert len(report.residues) > 5
    first = report.residues[0]
    assert report.row(first.id) == first
    assert report.row(10**9) is None
    out = report.to_json(top=3)
    assert [r["id"] for r in out["residues"]] == [r.id for r in report.residues[:3]]
    assert out["removal"]["vocabulary_freed"] == len(report.residues)
    assert out["totals"]["final"] == report.tokens_before
    assert len(report.to_json(top=None)["residues"]) == len(report.residues)


def test_progress_rises_to_one_and_can_stop_the_work():
    seen: list[float] = []
    lines = demo_sentences() * 40  # many pieces, so that progress is called on the way
    words = [f"{line} {i}" for i, line in enumerate(lines)]
    report = find_residues(demo_tokenizer(), words, min_formed=2, max_final_share=0.5,
                           progress=seen.append)
    assert report.residues and len(seen) > 2
    assert seen == sorted(seen) and seen[-1] == 1.0 and 0 < seen[0] < 1

    class Stop(Exception):
        pass

    def stop(fraction: float) -> None:
        raise Stop

    with pytest.raises(Stop):
        find_residues(demo_tokenizer(), words, progress=stop)


def test_a_text_is_read_line_by_line():
    text = "\n".join(demo_sentences())
    assert find_residues(demo_tokenizer(), text) == find_residues(demo_tokenizer(),
                                                                   demo_sentences())


# -- refusals ----------------------------------------------------------------------------------

def test_a_unigram_model_is_refused_naming_its_type():
    from bpelens.core.models.unigram import UnigramModel

    tokenizer = Tokenizer(UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -2.0)], unk_id=0),
                          pretokenizer="whitespace")
    with pytest.raises(ConfigError, match=r"need BPE merges.*Unigram") as caught:
        find_residues(tokenizer, ["a b"])
    assert "\n" not in str(caught.value)


def test_picky_bpe_is_refused_in_one_line():
    corpus = ["low lower lowest newer newest"] * 5
    tokenizer = train_picky(corpus, TrainingConfig(vocab_size=300, min_frequency=1), 0.6
                            ).tokenizer
    with pytest.raises(ConfigError, match="Picky BPE") as caught:
        find_residues(tokenizer, corpus)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(("options", "field"), [
    ({"min_formed": 0}, "min_formed"), ({"min_formed": 2.5}, "min_formed"),
    ({"max_final_share": 0}, "max_final_share"), ({"max_final_share": 1.5}, "max_final_share"),
    ({"max_final_share": True}, "max_final_share"),
])
def test_bad_options_are_refused_naming_them(options, field):
    with pytest.raises(ConfigError, match=field):
        find_residues(demo_tokenizer(), ["a"], **options)


def test_the_cli_defaults_are_the_cores():
    from bpelens.app.cli import residue_command

    assert residue_command.MIN_FORMED == residue.DEFAULT_MIN_FORMED
    assert residue_command.MAX_FINAL_SHARE == residue.DEFAULT_MAX_FINAL_SHARE


# -- the command line --------------------------------------------------------------------------

def test_cli_on_the_bundled_demo():
    run = bpelens("residue", "-t", DEMO, "--corpus", "demo", "--min-formed", "2",
                  "--max-final-share", "0.5", "--top", "4")
    assert_clean_outcome(run, allow_refusal=False)
    out = json.loads(run.stdout)
    assert out["corpus"] == "demo (12 languages)" and out["languages"] == 12
    report = find_residues(demo_tokenizer(), demo_sentences(), min_formed=2,
                           max_final_share=0.5)
    expected = report.to_json(top=4)
    assert {k: out[k] for k in expected} == expected
    assert out["removal"]["tokens_before"] == sum(
        len(demo_tokenizer().encode_ids(s)) for s in demo_sentences())
    assert len(out["residues"]) == 4 and all(r["text"] for r in out["residues"])
    # The demo is the default corpus; --lines takes the first sentences of each language.
    default = json.loads(bpelens("residue", "-t", DEMO, "--lines", "3").stdout)
    assert default["corpus"] == out["corpus"] and default["lines"] == 3 * 12
    assert default["min_formed"] == residue.DEFAULT_MIN_FORMED


@needs_shared_data
def test_cli_on_a_real_file_agrees_with_the_library(tmp_path):
    run = bpelens("residue", "-t", str(HF_DIR / "gpt2.tokenizer.json"), "--file",
                  str(NTREX_FILE), "--lines", "120", "--top", "5")
    assert_clean_outcome(run, allow_refusal=False)
    out = json.loads(run.stdout)
    with open(NTREX_FILE, encoding="utf-8") as handle:
        lines = [line.rstrip("\n") for _, line in zip(range(120), handle, strict=False)]
    official = sum(len(e.ids) for e in hf_reference("gpt2").encode_batch(
        lines, add_special_tokens=False))
    assert out["lines"] == 120 and out["file"] == str(NTREX_FILE)
    assert out["removal"]["tokens_before"] == official
    assert out["removal"]["tokens_after"] >= official
    assert len(out["residues"]) <= 5
    piped = bpelens("residue", "-t", str(TIKTOKEN_DIR / "o200k_base.tiktoken"), "--file", "-",
                    "--special", "none", stdin="\n".join(lines) + "\n")
    assert_clean_outcome(piped, allow_refusal=False)
    encoding = tiktoken_reference("o200k_base")
    assert json.loads(piped.stdout)["removal"]["tokens_before"] == sum(
        len(encoding.encode_ordinary(line)) for line in lines)


@needs_shared_data
def test_cli_refuses_a_unigram_tokenizer_in_one_line():
    run = bpelens("residue", "-t", str(HF_DIR / "pegasus-unigram.tokenizer.json"), "--lines",
                  "2")
    assert_clean_outcome(run)
    assert run.returncode == 2 and "Unigram" in run.stderr


@pytest.mark.parametrize("args", [
    ["--min-formed", "0"], ["--max-final-share", "0"], ["--max-final-share", "1.5"],
    ["--lines", "0"], ["--top", "-1"], ["--file", "/no/such/file.txt"],
    ["--corpus", "demo", "--file", "x.txt"], ["--corpus", "/no/such/corpus"],
])
def test_cli_refuses_bad_options_in_one_line(args):
    run = bpelens("residue", "-t", DEMO, *args)
    assert_clean_outcome(run)
    assert run.returncode == 2
