"""`bpelens train` by language, run as the real command: parity-aware merges equal tokenizers'
ParityBpeTrainer (0.23.3) on the same lines, files are read line by line as ``read_lines``
says, exact weights (LANG=FILE@W, --byte-shares, --temperature) give what the core gives on
the same weighted lines, --parallel trains on exactly its split, the summary agrees with the
saved record, and every mistake is one line with exit status 2."""

from __future__ import annotations

import json
import os
import random
import re
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest
from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models, pre_tokenizers
from tokenizers.trainers import ParityBpeTrainer

from bpelens.core import (
    LanguageCorpus,
    SplitSizes,
    TrainingConfig,
    bytes_to_printable,
    gini,
    load_tokenizer,
    open_parallel_corpus,
    split_parallel,
    train,
    train_languages,
)

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

NTREX = SHARED_DATA / "parallel" / "ntrex128"
BOM = "\ufeff"


# --- helpers ------------------------------------------------------------------------------

def write(path: Path, text: str) -> Path:
    """Exactly these characters, as UTF-8 (no newline translation)."""
    path.write_bytes(text.encode("utf-8"))
    return path


def train_cli(out_dir: Path, *args: str, quiet: bool = True):
    """Run ``bpelens train ARGS -o OUT``; (summary, saved tokenizer, the finished process)."""
    out = out_dir / "out.json"
    run = bpelens("train", *args, "-o", str(out), *(["--quiet"] if quiet else []))
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert len(run.stdout.splitlines()) == 1, run.stdout  # one-line JSON summary
    summary = json.loads(run.stdout)
    assert summary["output"] == str(out)
    return summary, load_tokenizer(out), run


def refused(*args: str) -> str:
    """Run ``bpelens train ARGS`` expecting a refusal; its one stderr line."""
    run = bpelens("train", "--vocab-size", "300", "-o", "never-written.json", "--quiet", *args)
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert run.stdout == ""
    assert "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


def printable_merges(tokenizer) -> list[tuple[str, str]]:
    table = tokenizer.model.token_bytes
    return [(bytes_to_printable(table[r.left_id]), bytes_to_printable(table[r.right_id]))
            for r in tokenizer.model.rules]


def byte_merges(tokenizer) -> list[tuple[bytes, bytes]]:
    table = tokenizer.model.token_bytes
    return [(bytes(table[r.left_id]), bytes(table[r.right_id])) for r in tokenizer.model.rules]


def result_byte_merges(result) -> list[tuple[bytes, bytes]]:
    table = result.tokenizer.model.token_bytes
    return [(bytes(table[m.left_id]), bytes(table[m.right_id])) for m in result.merges]


def hf_parity_merges(train_lines: list[list[str]], dev_lines: list[list[str]] | None,
                     merges: int, *, variant: str = "base", global_merges: int = 0,
                     window_size: int = 100, ratio: list[float] | None = None
                     ) -> list[tuple[str, str]]:
    """Hugging Face's ParityBpeTrainer, configured as BPE Lens's byte-level gpt2 training
    with --byte-order hf --min-frequency 0."""
    tok = HFTokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    trainer = ParityBpeTrainer(
        num_merges=merges, variant=variant, min_frequency=0, ratio=ratio,
        global_merges=global_merges, window_size=window_size, alpha=2.0, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    trainer.train_from_iterator(
        tok, [iter(lines) for lines in train_lines],
        dev_iterators=[iter(d) for d in dev_lines] if dev_lines is not None else None)
    found = json.loads(tok.to_str())["model"]["merges"]
    return [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in found]


def naive_gini(values) -> float:
    """G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄), straight from the formula."""
    n, total = len(values), sum(values)
    return sum(abs(a - b) for a in values for b in values) / (2 * n * total)


def utf8_len(lines) -> int:
    return sum(len(line.encode("utf-8")) for line in lines)


def dev_tokens_with(tokenizer, lines) -> int:
    """How many tokens the saved tokenizer makes of a dev set, one text per line."""
    return sum(len(tokenizer.encode_ids(line)) for line in lines)


# --- small generated corpora ----------------------------------------------------------------

EN_WORDS = ("the", "cat", "sat", "on", "a", "mat", "and", "then", "went", "home", "quickly",
            "running", "dog", "barked", "at", "night", "over", "hills")
JA_WORDS = ("ねこ", "が", "まった", "いぬ", "は", "よる", "に", "ほえた", "やま", "を",
            "こえて", "かえった", "すぐ", "です", "。")
FR_WORDS = ("le", "chat", "est", "sur", "un", "tapis", "et", "puis", "rentre", "vite")


def sentences(words, count: int, seed: int, sep: str = " ") -> list[str]:
    rng = random.Random(seed)
    return [sep.join(rng.choice(words) for _ in range(rng.randint(3, 9))) for _ in range(count)]


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """en/ja training and dev files of generated text (lines end in \\n)."""
    folder = tmp_path_factory.mktemp("small")
    data = {
        "en": ([s + "\n" for s in sentences(EN_WORDS, 80, 1)],
               [s + "\n" for s in sentences(EN_WORDS, 15, 2)]),
        "ja": ([s + "\n" for s in sentences(JA_WORDS, 60, 3, sep="")],
               [s + "\n" for s in sentences(JA_WORDS, 15, 4, sep="")]),
    }
    files = {}
    for name, (train_lines, dev_lines) in data.items():
        files[name] = (write(folder / f"{name}.txt", "".join(train_lines)),
                       write(folder / f"{name}.dev", "".join(dev_lines)))
    return SimpleNamespace(data=data, files=files, folder=folder)


def corpus_args(small_, dev: bool = True) -> list[str]:
    args = []
    for name, (train_file, dev_file) in small_.files.items():
        args += ["--corpus", f"{name}={train_file}"]
        if dev:
            args += ["--dev", f"{name}={dev_file}"]
    return args


# --- 1. parity-aware merges equal Hugging Face's ---------------------------------------------

def test_parity_base_on_generated_text_equals_hf(small, tmp_path):
    merges = 120
    summary, tokenizer, _ = train_cli(
        tmp_path, *corpus_args(small), "--parity-aware", "base", "--byte-order", "hf",
        "--min-frequency", "0", "--vocab-size", str(256 + merges))
    train_lines = [small.data[n][0] for n in ("en", "ja")]
    dev_lines = [small.data[n][1] for n in ("en", "ja")]
    expected = hf_parity_merges(train_lines, dev_lines, merges)
    assert len(expected) == merges
    assert printable_merges(tokenizer) == expected
    assert summary["merges"] == merges
    assert summary["parity_aware"]["variant"] == "base"
    # before any merge, a byte-level dev set is one token per UTF-8 byte
    assert summary["dev_tokens"]["en"][0] == utf8_len(dev_lines[0])
    assert summary["dev_tokens"]["ja"][0] == utf8_len(dev_lines[1])


def ntrex_files(folder: Path, codes: tuple[str, ...], n_train: int, n_dev: int):
    """The first n_train lines of each NTREX file (bytes as they are: CRLF) into a training
    file, the next n_dev into a dev file; the lines, decoded, for the reference."""
    out = {}
    for code in codes:
        name = "newstest2019-src.eng.txt" if code == "eng" else f"newstest2019-ref.{code}.txt"
        lines = (NTREX / name).read_bytes().split(b"\n")[: n_train + n_dev]
        lines = [line + b"\n" for line in lines]
        train_path, dev_path = folder / f"{code}.train", folder / f"{code}.dev"
        train_path.write_bytes(b"".join(lines[:n_train]))
        dev_path.write_bytes(b"".join(lines[n_train:]))
        out[code] = (train_path, dev_path, [x.decode() for x in lines[:n_train]],
                     [x.decode() for x in lines[n_train:]])
    return out


PROGRESS_LINE = re.compile(r"counting pieces…|merging: \d+/\d+ merges(, last chosen by "
                           r"(?P<lang>.+?|the summed counts))?(, dev Gini \d\.\d{4})?|done: .*")


@needs_shared_data
@pytest.mark.parametrize("codes, options", [
    (("eng", "jpn"), ("--parity-aware", "base")),
    (("eng", "jpn", "hin"), ("--parity-aware", "window", "--window-size", "30")),
    (("eng", "jpn", "hin"), ("--parity-aware", "base", "--global-merges", "50")),
    (("eng", "jpn"), ("--parity-aware", "base", "--ratio", "eng=1", "--ratio", "jpn=2.5")),
], ids=["base", "window-30", "hybrid-50", "ratio"])
def test_parity_on_ntrex_equals_hf(tmp_path, codes, options):
    merges = 1000
    with_dev = "--ratio" not in options
    files = ntrex_files(tmp_path, codes, 300, 50 if with_dev else 0)
    args = []
    for code in codes:
        args += ["--corpus", f"{code}={files[code][0]}"]
        if with_dev:
            args += ["--dev", f"{code}={files[code][1]}"]
    summary, tokenizer, run = train_cli(
        tmp_path, *args, *options, "--byte-order", "hf", "--min-frequency", "0",
        "--vocab-size", str(256 + merges), quiet=False)
    settings: dict = {"variant": options[1]}
    if "--window-size" in options:
        settings["window_size"] = 30
    if "--global-merges" in options:
        settings["global_merges"] = 50
    if not with_dev:
        settings["ratio"] = [1.0, 2.5]
    expected = hf_parity_merges([files[c][2] for c in codes],
                                [files[c][3] for c in codes] if with_dev else None,
                                merges, **settings)
    assert len(expected) == merges
    ours = printable_merges(tokenizer)
    assert len(ours) == merges
    first_difference = next((i for i, (a, b) in enumerate(zip(ours, expected, strict=True))
                             if a != b), None)
    assert first_difference is None, (first_difference, ours[first_difference],
                                      expected[first_difference])
    assert summary["merges"] == merges and summary["languages"] == list(codes)
    chosen_by = summary["merges_chosen_by"]
    assert sum(chosen_by.values()) == merges
    if "--global-merges" in options:
        assert chosen_by["summed counts"] == 50
    assert summary["parity_aware"]["variant"] == options[1]
    # progress: only lines of the known kinds, the last one the finished line
    lines = run.stderr.splitlines()
    assert lines and lines[-1].startswith(f"done: {merges} merges")
    for line in lines:
        match = PROGRESS_LINE.fullmatch(line)
        assert match, line
        if match.group("lang") and match.group("lang") != "the summed counts":
            assert match.group("lang") in codes, line


# --- 2. one text per line, as read_lines reads a file --------------------------------------

def test_lines_keep_their_endings_bom_dropped_last_line_without_newline(tmp_path):
    # en comes from two files, each starting with a BOM; CRLF lines; no final newline;
    # lines ending and starting in spaces (pieces differ if the lines were joined)
    en_a = BOM + "ab ab ab\r\ncd cd\r\nx  \n  y y\r\n" * 6 + "ab tail"
    en_b = BOM + "cd ab\r\n" * 5 + "zz zz\n"
    ja = "ねこ\u3000ねこ\r\n" * 4 + "いぬ" + BOM + "が\n"  # a BOM inside the file is text
    dev_en = BOM + "ab ab\r\ncd"
    dev_ja = "ねこ\r\nいぬ\n"
    files = {name: write(tmp_path / name, text) for name, text in (
        ("en_a.txt", en_a), ("en_b.txt", en_b), ("ja.txt", ja), ("en.dev", dev_en),
        ("ja.dev", dev_ja))}
    summary, tokenizer, _ = train_cli(
        tmp_path, "--corpus", f"en={files['en_a.txt']}", "--corpus", f"en={files['en_b.txt']}",
        "--corpus", f"ja={files['ja.txt']}", "--dev", f"en={files['en.dev']}",
        "--dev", f"ja={files['ja.dev']}", "--vocab-size", "290", "--min-frequency", "1")
    # the lines by hand: split after each \n only, \r kept, the leading BOM of each file gone
    en_lines = (["ab ab ab\r\n", "cd cd\r\n", "x  \n", "  y y\r\n"] * 6 + ["ab tail"]
                + ["cd ab\r\n"] * 5 + ["zz zz\n"])
    ja_lines = ["ねこ\u3000ねこ\r\n"] * 4 + ["いぬ\ufeffが\n"]
    dev = {"en": ["ab ab\r\n", "cd"], "ja": ["ねこ\r\n", "いぬ\n"]}
    assert summary["dev_tokens"]["en"][0] == utf8_len(dev["en"]) == 9
    assert summary["dev_tokens"]["ja"][0] == utf8_len(dev["ja"])
    total = utf8_len(en_lines) + utf8_len(ja_lines)
    assert summary["byte_shares"] == {"en": round(utf8_len(en_lines) / total, 6),
                                      "ja": round(utf8_len(ja_lines) / total, 6)}
    config = TrainingConfig(vocab_size=290, min_frequency=1)
    expected = train_languages([LanguageCorpus("en", en_lines, dev["en"]),
                                LanguageCorpus("ja", ja_lines, dev["ja"])], config)
    assert byte_merges(tokenizer) == result_byte_merges(expected)
    assert list(tokenizer.training.dev_tokens) == list(expected.record.dev_tokens)
    assert (b"\r", b"\n") in byte_merges(tokenizer)  # CR kept before LF
    # the per-line reading matters here: the same lines as one text train differently
    joined = train_languages([LanguageCorpus("en", ["".join(en_lines)], dev["en"]),
                              LanguageCorpus("ja", ja_lines, dev["ja"])], config)
    assert result_byte_merges(joined) != result_byte_merges(expected)


# --- 3. exact weights ---------------------------------------------------------------------

def weighted_union(lines_by_language: dict[str, list[str]], weights: dict[str, Fraction]):
    return [(line, weights[name]) for name, lines in lines_by_language.items() for line in lines]


def test_file_weight_equals_weighted_lines(small, tmp_path):
    en_file, ja_file = small.files["en"][0], small.files["ja"][0]
    summary, tokenizer, _ = train_cli(
        tmp_path, "--corpus", f"en={en_file}@2", "--corpus", f"ja={ja_file}@1/3",
        "--vocab-size", "330")
    lines = {"en": small.data["en"][0], "ja": small.data["ja"][0]}
    weights = {"en": Fraction(2), "ja": Fraction(1, 3)}
    config = TrainingConfig(vocab_size=330)
    expected = train(weighted_union(lines, weights), config)
    assert byte_merges(tokenizer) == result_byte_merges(expected)
    assert list(tokenizer.training.merge_counts) == [m.count for m in expected.merges]
    weighted = {n: weights[n] * utf8_len(lines[n]) for n in lines}
    assert summary["byte_shares"] == {n: round(float(w / sum(weighted.values())), 6)
                                      for n, w in weighted.items()}
    # the weights change what is learned (so the comparison above can tell)
    unweighted = train(weighted_union(lines, {"en": Fraction(1), "ja": Fraction(1)}), config)
    assert result_byte_merges(unweighted) != result_byte_merges(expected)


def test_byte_shares_weigh_each_line_by_share_over_bytes(small, tmp_path):
    en_file, ja_file = small.files["en"][0], small.files["ja"][0]
    summary, tokenizer, _ = train_cli(
        tmp_path, "--corpus", f"en={en_file}", "--corpus", f"ja={ja_file}",
        "--byte-shares", "en=80", "--byte-shares", "ja=20", "--vocab-size", "320")
    assert summary["byte_shares"] == {"en": 0.8, "ja": 0.2}
    lines = {"en": small.data["en"][0], "ja": small.data["ja"][0]}
    # seed §4.2: each line of language ℓ weighs 100000·p_ℓ / B_ℓ
    weights = {"en": Fraction(100000) * Fraction(4, 5) / utf8_len(lines["en"]),
               "ja": Fraction(100000) * Fraction(1, 5) / utf8_len(lines["ja"])}
    expected = train(weighted_union(lines, weights), TrainingConfig(vocab_size=320))
    assert byte_merges(tokenizer) == result_byte_merges(expected)
    assert list(tokenizer.training.merge_counts) == [m.count for m in expected.merges]
    assert summary["merges"] == len(expected.merges) == 64


@pytest.fixture(scope="module")
def unequal(tmp_path_factory):
    """Three languages of very different sizes."""
    folder = tmp_path_factory.mktemp("unequal")
    lines = {"en": [s + "\n" for s in sentences(EN_WORDS, 120, 5)],
             "ja": [s + "\n" for s in sentences(JA_WORDS, 20, 6, sep="")],
             "fr": [s + "\n" for s in sentences(FR_WORDS, 4, 7)]}
    files = {n: write(folder / f"{n}.txt", "".join(ls)) for n, ls in lines.items()}
    args = [a for n, path in files.items() for a in ("--corpus", f"{n}={path}")]
    return lines, args


def test_temperature_one_keeps_the_data_proportions(unequal, tmp_path):
    lines, args = unequal
    summary, _, _ = train_cli(tmp_path, *args, "--temperature", "1", "--vocab-size", "280")
    sizes = {n: utf8_len(ls) for n, ls in lines.items()}
    assert summary["byte_shares"] == {n: round(b / sum(sizes.values()), 6)
                                      for n, b in sizes.items()}


def test_temperature_below_one_flattens(unequal, tmp_path):
    lines, args = unequal
    summary, tokenizer, _ = train_cli(tmp_path, *args, "--temperature", "0.3",
                                      "--vocab-size", "280")
    sizes = {n: utf8_len(ls) for n, ls in lines.items()}
    raw = {n: (b / sum(sizes.values())) ** 0.3 for n, b in sizes.items()}
    expected = {n: q / sum(raw.values()) for n, q in raw.items()}
    shares = summary["byte_shares"]
    assert shares.keys() == expected.keys()
    for name in expected:
        assert shares[name] == pytest.approx(expected[name], abs=2e-6)
    proportions = {n: b / sum(sizes.values()) for n, b in sizes.items()}
    assert shares["fr"] > proportions["fr"] and shares["en"] < proportions["en"]
    # and training used those shares: weights q_ℓ·100000 / B_ℓ
    weights = {n: Fraction(100000) * Fraction(expected[n]) / sizes[n] for n in sizes}
    reference = train(weighted_union(lines, weights), TrainingConfig(vocab_size=280))
    assert byte_merges(tokenizer) == result_byte_merges(reference)


# --- 4. a parallel corpus split for the user ------------------------------------------------

def test_parallel_split_trains_on_exactly_the_split(tmp_path):
    rows = [(f"row {i} of the english side {'x' * (i % 4)}", f"第{i}行の日本語{'あ' * (i % 3)}",
             f"ligne {i} en français") for i in range(30)]
    tsv = write(tmp_path / "corpus.tsv",
                "en\tja\tfr\n" + "".join("\t".join(row) + "\n" for row in rows))
    summary, tokenizer, _ = train_cli(tmp_path, "--parallel", str(tsv), "--split", "20/5",
                                      "--languages", "en,ja", "--vocab-size", "300")
    assert summary["languages"] == ["en", "ja"]
    by_hand = {name: ([r[col] + "\n" for r in rows[:20]], [r[col] + "\n" for r in rows[20:25]])
               for col, name in enumerate(("en", "ja"))}
    split = split_parallel(open_parallel_corpus(tsv), SplitSizes(20, 5), ["en", "ja"])
    assert [(c.name, list(c.train), list(c.dev)) for c in split] == [
        (n, *by_hand[n]) for n in ("en", "ja")]
    expected = train_languages(split, TrainingConfig(vocab_size=300))
    assert byte_merges(tokenizer) == result_byte_merges(expected)
    assert list(tokenizer.training.merge_counts) == [m.count for m in expected.merges]
    # before: one token per UTF-8 byte of the dev lines (each a text ending in \n);
    # after: what the saved tokenizer makes of them
    for name, (_, dev_lines) in by_hand.items():
        before, after = summary["dev_tokens"][name]
        assert before == utf8_len(dev_lines)
        assert after == dev_tokens_with(tokenizer, dev_lines) < before
    assert "fr" not in summary["dev_tokens"]


# --- 5. mistakes: one line, exit status 2 -----------------------------------------------------

@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad")
    (folder / "a-folder").mkdir()
    bad = folder / "bad.txt"
    bad.write_bytes(BOM.encode() + b"fine\nab\xffcd\n")  # 0xff at byte 3 + 5 + 2 = 10
    rows = "".join(f"s{i}\tt{i}\n" for i in range(30))
    return SimpleNamespace(
        en=write(folder / "en.txt", "hello world\nhello there\n"),
        ja=write(folder / "ja.txt", "こんにちは世界\nこんにちは\n"),
        empty=write(folder / "empty.txt", ""),
        folder=folder / "a-folder", bad=bad, missing=folder / "missing.txt",
        tsv=write(folder / "p.tsv", "en\tja\n" + rows),
    )


def two(f) -> list[str]:
    return ["--corpus", f"en={f.en}", "--corpus", f"ja={f.ja}"]


def test_missing_file_and_folder(files):
    line = refused("--corpus", f"en={files.missing}", "--corpus", f"ja={files.ja}")
    assert line == f"bpelens: error: --corpus en={files.missing}: no such file"
    line = refused(*two(files), "--dev", f"ja={files.missing}")
    assert line == f"bpelens: error: --dev ja={files.missing}: no such file"
    line = refused("--corpus", f"en={files.folder}", "--corpus", f"ja={files.ja}")
    assert line.startswith(f"bpelens: error: --corpus en={files.folder}: is a folder")


def test_file_not_utf8_names_language_and_byte(files):
    line = refused("--corpus", f"en={files.en}", "--corpus", f"ja={files.bad}")
    assert line.startswith(f"bpelens: error: --corpus ja={files.bad}: not UTF-8 at byte 10")
    line = refused(*two(files), "--dev", f"ja={files.bad}")
    assert line.startswith(f"bpelens: error: --dev ja={files.bad}: not UTF-8 at byte 10")


def test_dev_sets(files):
    line = refused(*two(files), "--dev", f"fr={files.en}")
    assert line.startswith("bpelens: error: --dev fr=")
    assert "fr is not a training language (en, ja)" in line
    line = refused(*two(files), "--dev", f"en={files.en}", "--parity-aware", "base")
    assert line.startswith("bpelens: error: --dev: no dev set for ja")
    assert "every training language" in line


def test_parity_only_options(files):
    line = refused(*two(files), "--ratio", "en=1", "--ratio", "ja=2")
    assert line.startswith("bpelens: error: --ratio applies to parity-aware training")
    assert "--parity-aware base or --parity-aware window" in line
    line = refused(*two(files), "--parity-aware", "base", "--ratio", "en=1")
    assert line.startswith("bpelens: error: --ratio: no ratio for ja")
    assert "LANG=R for every training language" in line
    line = refused(*two(files), "--parity-aware", "base", "--window-size", "30")
    assert line.startswith("bpelens: error: --window-size")
    assert "--parity-aware window" in line


def test_one_way_of_weighting(files):
    line = refused(*two(files), "--byte-shares", "en=1", "--byte-shares", "ja=1",
                   "--temperature", "0.3")
    assert line == ("bpelens: error: weight the languages one way: --byte-shares or "
                    "--temperature, not both")
    line = refused("--corpus", f"en={files.en}@2", "--corpus", f"ja={files.ja}",
                   "--byte-shares", "en=1", "--byte-shares", "ja=1")
    assert line.startswith("bpelens: error: weight the languages one way: LANG=FILE@WEIGHT "
                           "or --byte-shares")


def test_plain_corpus_in_training_by_language(files):
    line = refused("--corpus", f"en={files.en}", "--corpus", str(files.ja))
    assert line.startswith(f"bpelens: error: --corpus {files.ja}: name its language")
    assert f"LANG={files.ja}" in line


def test_parallel_and_split(files):
    line = refused("--parallel", str(files.tsv), "--corpus", f"en={files.en}")
    assert line == ("bpelens: error: give either --parallel CORPUS or --corpus LANG=FILE, "
                    "not both")
    line = refused("--parallel", str(files.tsv), "--split", "twenty")
    assert line.startswith("bpelens: error: --split 'twenty': expected TRAIN/DEV")
    line = refused("--parallel", str(files.tsv), "--split", "20/x")
    assert line.startswith("bpelens: error: --split '20/x': expected TRAIN/DEV")
    line = refused("--parallel", str(files.tsv), "--split", "26/5")
    assert line.startswith("bpelens: error: ")
    assert "split" in line and "31" in line and "30 per language" in line


def test_trace_top_and_temperature(files):
    line = refused(*two(files), "--trace-top", "5")
    assert line.startswith("bpelens: error: --trace-top")
    assert "by language" in line
    line = refused(*two(files), "--temperature", "warm")
    # a usage mistake caught by argparse: prefixed with the subcommand, like every other one
    assert line.startswith("bpelens train: error: argument --temperature: invalid float "
                           "value: 'warm'")
    line = refused(*two(files), "--temperature", "0")
    assert line.startswith("bpelens: error: --temperature 0")
    assert "above 0 and at most 10" in line


def test_temperature_on_an_empty_language_names_temperature(files):
    line = refused("--corpus", f"en={files.en}", "--corpus", f"ja={files.empty}",
                   "--temperature", "0.3")
    assert line.startswith("bpelens: error: --temperature")


# --- 6. progress on stderr ------------------------------------------------------------------

def test_progress_ends_with_done_and_quiet_is_silent(small, tmp_path):
    summary, _, run = train_cli(tmp_path, *corpus_args(small), "--parity-aware", "window",
                                "--vocab-size", "300", quiet=False)
    lines = run.stderr.splitlines()
    assert lines[-1] == f"done: {summary['merges']} merges, vocabulary {summary['vocab_size']}"
    assert all(PROGRESS_LINE.fullmatch(line) for line in lines), lines
    _, _, quiet = train_cli(tmp_path, *corpus_args(small), "--parity-aware", "window",
                            "--vocab-size", "300")
    assert quiet.stderr == ""


@pytest.mark.parametrize("global_merges", [0, 10_000])
def test_progress_names_the_language_that_chose(small, tmp_path, monkeypatch, capsys,
                                                 global_merges):
    """In process with clocks that move a second per look (the CPU-time one paces the
    reports), so every report is printed (a real run this short prints only its last line)."""
    from bpelens.app.cli import run as cli_run
    from bpelens.app.cli import train_command

    ticks = iter(range(0, 10**6))
    clock = lambda: float(next(ticks))  # noqa: E731
    monkeypatch.setattr(train_command, "time",
                        SimpleNamespace(perf_counter=clock, process_time=clock))
    out = tmp_path / "out.json"
    status = cli_run(["train", *corpus_args(small), "--parity-aware", "base",
                      "--global-merges", str(global_merges), "--vocab-size", "400",
                      "-o", str(out)])
    captured = capsys.readouterr()
    assert status == 0, captured.err
    record = load_tokenizer(out).training
    names = list(record.languages)
    lines = captured.err.splitlines()
    assert lines[0] == "counting pieces…"
    assert lines[-1].startswith("done: ")
    merging = [line for line in lines if line.startswith("merging: ")]
    chosen_lines = [line for line in merging if "last chosen by" in line]
    assert chosen_lines, lines
    for line in merging:
        match = re.fullmatch(r"merging: (\d+)/(\d+) merges(?:, last chosen by (.+?))?"
                             r", dev Gini (\d\.\d{4})", line)
        assert match, line
        done = int(match.group(1))
        assert match.group(4) == f"{gini(record.dev_tokens[done]):.4f}"
        if done == 0:
            assert match.group(3) is None
            continue
        last = record.chosen[done - 1]
        assert match.group(3) == (names[last] if last >= 0 else "the summed counts")
    summary = json.loads(captured.out)
    if global_merges:
        assert summary["merges_chosen_by"] == {"en": 0, "ja": 0,
                                               "summed counts": summary["merges"]}


# --- 7. the summary agrees with the saved record ---------------------------------------------

def test_summary_matches_saved_record(small, tmp_path):
    summary, tokenizer, _ = train_cli(
        tmp_path, *corpus_args(small), "--parity-aware", "window", "--window-size", "10",
        "--global-merges", "5", "--vocab-size", "360")
    record = tokenizer.training
    chosen_by = summary["merges_chosen_by"]
    assert sum(chosen_by.values()) == summary["merges"] == len(tokenizer.model.rules) == 104
    assert chosen_by == {"en": list(record.chosen).count(0), "ja": list(record.chosen).count(1),
                         "summed counts": 5}
    assert chosen_by["en"] > 0 and chosen_by["ja"] > 0
    first, last = record.dev_tokens[0], record.dev_tokens[-1]
    assert len(record.dev_tokens) == summary["merges"] + 1
    assert summary["dev_tokens"] == {"en": [first[0], last[0]], "ja": [first[1], last[1]]}
    assert summary["dev_gini"] == [round(gini(first), 6), round(gini(last), 6)]
    assert summary["dev_gini"] == pytest.approx([naive_gini(first), naive_gini(last)],
                                                abs=1e-6)
    # the last row is what the saved tokenizer makes of the dev sets
    assert list(last) == [dev_tokens_with(tokenizer, small.data[n][1]) for n in ("en", "ja")]
