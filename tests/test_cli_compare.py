"""`bpelens compare`, the real command in a subprocess: the JSON, CSV and table it prints for
languages × tokenizers on a parallel corpus, every number checked against counts made here
independently (the official `tiktoken` / `tokenizers`, or `Tokenizer.encode_ids` sentence by
sentence), and its refusals — one line on stderr, exit status 2."""

from __future__ import annotations

import csv
import io
import json
import tarfile
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from bpelens.core import open_tokenizer

from cli_helpers import assert_clean_outcome, bpelens
from conftest import REPO, SHARED_DATA, needs_shared_data

DEMO_TOKENIZERS = ("demo-multilingual-byte", "demo-english-char")
DEMO_TSV = REPO / "resources" / "corpus" / "parallel_demo.tsv"
TIKTOKEN_DIR = SHARED_DATA / "tokenizers" / "tiktoken"
O200K = TIKTOKEN_DIR / "o200k_base.tiktoken"
BERT = SHARED_DATA / "tokenizers" / "hf" / "bert-base-uncased-minilm.tokenizer.json"
FIRST_KEYS = ["reference", "languages", "tokenizers", "sentences", "rows", "gini"]
ROW_KEYS = ["tokenizer", "language", "sentences", "chars", "bytes", "tokens", "ratio",
            "mean_sentence_ratio", "bytes_per_token"]

Counter = Callable[[str], int]  # a sentence → its number of tokens


# ---- independent expectations ---------------------------------------------------------------

def demo_sentences() -> dict[str, list[str]]:
    """The bundled corpus read here with plain string splitting (not the project's reader)."""
    lines = DEMO_TSV.read_text(encoding="utf-8").split("\n")
    rows = [line.split("\t") for line in lines if line.strip()]
    header, body = rows[0], rows[1:]
    return {lang: [row[i] for row in body] for i, lang in enumerate(header) if lang != "id"}


def demo_counter(name: str, special: str = "none") -> Counter:
    tokenizer = open_tokenizer(REPO / "resources" / "tokenizers" / f"{name}.json")
    return lambda text: len(tokenizer.encode_ids(text, special=special))


def expected_rows(texts: dict[str, list[str]], count: Counter, reference: str
                  ) -> dict[str, dict[str, float | int]]:
    """Per language: what each row must say, computed sentence by sentence."""
    per_sentence = {lang: [count(s) for s in sentences] for lang, sentences in texts.items()}
    ref = per_sentence[reference]
    out = {}
    for lang, sentences in texts.items():
        tokens = sum(per_sentence[lang])
        size = sum(len(s.encode("utf-8")) for s in sentences)
        ratios = [a / b for a, b in zip(per_sentence[lang], ref, strict=True) if b]
        out[lang] = {"sentences": len(sentences), "chars": sum(map(len, sentences)),
                     "bytes": size, "tokens": tokens, "ratio": tokens / sum(ref),
                     "mean_sentence_ratio": sum(ratios) / len(ratios),
                     "bytes_per_token": size / tokens}
    return out


def gini_by_definition(totals: list[int]) -> float:
    """G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄), the double sum written out."""
    n = len(totals)
    mean = Fraction(sum(totals), n)
    return float(Fraction(sum(abs(a - b) for a in totals for b in totals), 2 * n * n) / mean)


def assert_report(data: dict, texts: dict[str, list[str]], counters: dict[str, Counter],
                  reference: str) -> None:
    """``data`` (the command's JSON) says exactly what the independent counts say."""
    assert list(data)[:len(FIRST_KEYS)] == FIRST_KEYS
    assert data["reference"] == reference
    assert data["languages"] == list(texts)
    assert data["tokenizers"] == list(counters)
    assert data["sentences"] == len(next(iter(texts.values())))
    assert [(r["tokenizer"], r["language"]) for r in data["rows"]] == [
        (name, lang) for name in counters for lang in texts]
    assert list(data["gini"]) == list(counters)
    for name, count in counters.items():
        want = expected_rows(texts, count, reference)
        rows = [r for r in data["rows"] if r["tokenizer"] == name]
        for row in rows:
            assert list(row)[:len(ROW_KEYS)] == ROW_KEYS
            expected = want[row["language"]]
            for key in ("sentences", "chars", "bytes", "tokens"):
                assert row[key] == expected[key], (name, row["language"], key)
            for key in ("ratio", "mean_sentence_ratio", "bytes_per_token"):
                assert row[key] == pytest.approx(expected[key], rel=1e-12), (
                    name, row["language"], key)
            if row["language"] == reference:
                assert row["ratio"] == 1.0 and row["mean_sentence_ratio"] == 1.0
        assert data["gini"][name] == pytest.approx(
            gini_by_definition([want[lang]["tokens"] for lang in texts]), rel=1e-12)


def compare_json(*args: str, cwd: Path | None = None) -> dict:
    run = bpelens("compare", *args, "--format", "json", "--quiet", cwd=cwd)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # --quiet: nothing on stderr
    return json.loads(run.stdout)


def tiktoken_encoding(name: str):
    from fidelity_helpers import tiktoken_reference

    return tiktoken_reference(name)


# ---- the bundled demo -----------------------------------------------------------------------

DEMO_ARGS = ("--corpus", "demo", "-t", DEMO_TOKENIZERS[0], "-t", DEMO_TOKENIZERS[1])


@pytest.fixture(scope="module")
def demo_run():
    run = bpelens("compare", *DEMO_ARGS)
    assert run.returncode == 0, run.stderr
    return run


@pytest.fixture(scope="module")
def demo_counters() -> dict[str, Counter]:
    return {name: demo_counter(name) for name in DEMO_TOKENIZERS}


def test_demo_json_is_the_promised_shape_and_every_number_checks_out(demo_run, demo_counters):
    data = json.loads(demo_run.stdout)  # stdout is the JSON alone, progress went elsewhere
    texts = demo_sentences()
    assert len(texts) == 12 and data["sentences"] == 20
    assert data["reference"] == "en"  # English by default
    assert data["tokenizers"] == list(DEMO_TOKENIZERS)  # named as given
    assert len(data["rows"]) == 2 * 12
    assert_report(data, texts, demo_counters, "en")
    assert data["special"] == "none" and data["add_special_tokens"] is False


def test_progress_goes_to_stderr_and_quiet_silences_it(demo_run):
    lines = demo_run.stderr.strip().splitlines()
    assert lines and all(line.startswith("bpelens: ") for line in lines)
    assert "error" not in demo_run.stderr
    assert all(any(name in line for line in lines) for name in DEMO_TOKENIZERS)
    quiet = bpelens("compare", *DEMO_ARGS, "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == ""
    assert quiet.stdout == demo_run.stdout


def test_reference_ja(demo_counters):
    data = compare_json(*DEMO_ARGS, "--reference", "ja")
    texts = demo_sentences()
    assert data["languages"] == list(texts)  # all twelve still, ratios to Japanese
    assert_report(data, texts, demo_counters, "ja")


def test_languages_with_a_reference_are_those_and_the_reference(demo_counters):
    # Codes or names, any case; the reference comes first.
    data = compare_json(*DEMO_ARGS, "--languages", "Japanese,ZH", "--reference", "ko")
    texts = demo_sentences()
    assert_report(data, {lang: texts[lang] for lang in ("ko", "ja", "zh")}, demo_counters,
                  "ko")


def test_languages_without_reference_adds_english_the_default_reference(demo_counters):
    # --help: "--reference: default: English when the corpus has it"; "--languages: … the
    # reference is added". The demo has English, so en is the reference and is compared too.
    data = compare_json(*DEMO_ARGS, "--languages", "ja,zh")
    texts = demo_sentences()
    assert data["reference"] == "en"
    assert_report(data, {lang: texts[lang] for lang in ("en", "ja", "zh")}, demo_counters,
                  "en")


def test_csv_has_a_header_and_the_json_numbers(demo_run, demo_counters):
    run = bpelens("compare", *DEMO_ARGS, "--format", "csv", "--quiet")
    assert run.returncode == 0, run.stderr
    table = list(csv.reader(io.StringIO(run.stdout)))
    header, body = table[0], table[1:]
    assert header[:2] == ["tokenizer", "language"]
    assert set(ROW_KEYS) <= set(header)
    rows = json.loads(demo_run.stdout)["rows"]
    assert len(body) == len(rows)
    texts = demo_sentences()
    want = {name: expected_rows(texts, count, "en") for name, count in demo_counters.items()}
    for line, row in zip(body, rows, strict=True):
        assert len(line) == len(header)
        got = dict(zip(header, line, strict=True))
        assert (got["tokenizer"], got["language"]) == (row["tokenizer"], row["language"])
        for key in ("sentences", "chars", "bytes", "tokens"):
            assert int(got[key]) == row[key] == want[row["tokenizer"]][row["language"]][key]
        for key in ("ratio", "mean_sentence_ratio", "bytes_per_token"):
            assert float(got[key]) == pytest.approx(row[key], abs=1e-6)


def test_table_is_readable_and_names_every_language_and_the_gini(demo_run):
    run = bpelens("compare", *DEMO_ARGS, "--format", "table", "--quiet")
    assert run.returncode == 0, run.stderr
    data = json.loads(demo_run.stdout)
    lines = run.stdout.splitlines()
    rows = [line.split() for line in lines if line.split()[:1] in ([n] for n in DEMO_TOKENIZERS)]
    assert [(r[0], r[1]) for r in rows] == [(r["tokenizer"], r["language"])
                                            for r in data["rows"]]
    for row, want in zip(rows, data["rows"], strict=True):
        assert f"{want['tokens']:,}" in row  # the counts are there as counts
    assert any("Gini" in line for line in lines)
    for name in DEMO_TOKENIZERS:
        assert any(name in line and f"Gini {data['gini'][name]:.4f}" in line for line in lines)
    assert "\t" not in run.stdout and "{" not in run.stdout


# ---- special tokens -------------------------------------------------------------------------

SPECIAL_TSV = (
    "id\ten\tja\n"
    "1\tHello<|endoftext|>world.\tこんにちは<|endoftext|>世界。\n"
    "2\tThe cat sleeps. <|endoftext|><|endoftext|>\t猫が寝ている。\n"
    "3\tNo special token here.\t特別なトークンはない。\n"
)


def special_texts() -> dict[str, list[str]]:
    rows = [line.split("\t") for line in SPECIAL_TSV.splitlines()[1:]]
    return {"en": [r[1] for r in rows], "ja": [r[2] for r in rows]}


@needs_shared_data
@pytest.mark.parametrize("special", ["all", "none"])
def test_special_all_makes_control_tokens_none_keeps_text(tmp_path, special):
    corpus = tmp_path / "special.tsv"
    corpus.write_text(SPECIAL_TSV, encoding="utf-8")
    data = compare_json("--corpus", str(corpus), "-t", str(O200K), "--special", special)
    encoding = tiktoken_encoding("o200k_base")
    if special == "all":
        def count(text: str) -> int:
            return len(encoding.encode(text, allowed_special="all"))
    else:
        def count(text: str) -> int:
            return len(encoding.encode_ordinary(text))
    assert_report(data, special_texts(), {str(O200K): count}, "en")
    assert data["special"] == special
    # And they differ as they should: <|endoftext|> is 1 token, or ≥ 5 as plain text.
    plain = sum(len(encoding.encode_ordinary(s)) for s in special_texts()["en"])
    control = sum(len(encoding.encode(s, allowed_special="all")) for s in special_texts()["en"])
    assert control < plain
    tokens = next(r["tokens"] for r in data["rows"] if r["language"] == "en")
    assert tokens == (control if special == "all" else plain)


@needs_shared_data
def test_add_special_tokens_adds_cls_and_sep_to_each_bert_sentence():
    from fidelity_helpers import hf_reference

    bert = hf_reference("bert-base-uncased-minilm")
    texts = demo_sentences()
    plain = compare_json("--corpus", "demo", "-t", str(BERT))
    added = compare_json("--corpus", "demo", "-t", str(BERT), "--add-special-tokens")
    assert added["add_special_tokens"] is True
    assert_report(plain, texts, {str(BERT): lambda s: len(
        bert.encode(s, add_special_tokens=False).ids)}, "en")
    assert_report(added, texts, {str(BERT): lambda s: len(
        bert.encode(s, add_special_tokens=True).ids)}, "en")
    for before, after in zip(plain["rows"], added["rows"], strict=True):
        assert after["tokens"] - before["tokens"] == 2 * before["sentences"] == 40


@needs_shared_data
def test_file_at_encoding_opens_the_named_encoding_and_keeps_the_name(tmp_path):
    corpus = tmp_path / "chat.tsv"
    corpus.write_text(
        "en\tja\n"
        "<|start|>user<|message|>Hello there<|end|>\t<|start|>user<|message|>こんにちは<|end|>\n"
        "Plain text, no markers.\t普通の文です。\n", encoding="utf-8")
    harmony = f"{O200K}@o200k_harmony"
    data = compare_json("--corpus", str(corpus), "-t", str(O200K), "-t", harmony,
                        "--special", "all")
    assert data["tokenizers"] == [str(O200K), harmony]
    texts = {"en": ["<|start|>user<|message|>Hello there<|end|>", "Plain text, no markers."],
             "ja": ["<|start|>user<|message|>こんにちは<|end|>", "普通の文です。"]}
    base, chat = tiktoken_encoding("o200k_base"), tiktoken_encoding("o200k_harmony")
    assert_report(data, texts, {
        str(O200K): lambda s: len(base.encode(s, allowed_special="all")),
        harmony: lambda s: len(chat.encode(s, allowed_special="all")),
    }, "en")
    # <|start|> and friends are control tokens in o200k_harmony only.
    assert data["rows"][2]["tokens"] < data["rows"][0]["tokens"]


@needs_shared_data
def test_a_relative_path_is_named_as_given():
    data = compare_json("--corpus", "demo", "-t", "tiktoken/o200k_base.tiktoken",
                        "--languages", "en,ja", cwd=SHARED_DATA / "tokenizers")
    assert data["tokenizers"] == ["tiktoken/o200k_base.tiktoken"]
    assert list(data["gini"]) == ["tiktoken/o200k_base.tiktoken"]
    encoding = tiktoken_encoding("o200k_base")
    texts = demo_sentences()
    assert_report(data, {"en": texts["en"], "ja": texts["ja"]}, {
        "tiktoken/o200k_base.tiktoken": lambda s: len(encoding.encode_ordinary(s))}, "en")


# ---- the user's corpora ---------------------------------------------------------------------

USER_TEXTS = {
    "en": ["The weather is nice today.", "", "Tokenizers cut text into pieces: 猫 🙂!"],
    "ja": ["今日は天気がいいです。", "猫が寝ている。", "トークナイザーは文を切る：猫 🙂！"],
}


def write_folder(folder: Path) -> Path:
    """en.txt with CRLF line ends, ja.txt with a byte-order mark: both are read as UTF-8
    sentences without them."""
    folder.mkdir()
    (folder / "en.txt").write_bytes("".join(s + "\r\n" for s in USER_TEXTS["en"]).encode())
    (folder / "ja.txt").write_bytes(b"\xef\xbb\xbf" + "".join(
        s + "\n" for s in USER_TEXTS["ja"]).encode())
    return folder


def user_counters() -> dict[str, Counter]:
    return {"demo-multilingual-byte": demo_counter("demo-multilingual-byte")}


def test_user_tsv(tmp_path):
    corpus = tmp_path / "corpus.tsv"
    rows = zip(USER_TEXTS["en"], USER_TEXTS["ja"], strict=True)
    corpus.write_text("id\ten\tja\n" + "".join(f"s{i}\t{en}\t{ja}\n"
                                               for i, (en, ja) in enumerate(rows)),
                      encoding="utf-8")
    data = compare_json("--corpus", str(corpus), "-t", "demo-multilingual-byte")
    # The empty English sentence has no token: it is left out of the mean sentence ratio.
    assert_report(data, USER_TEXTS, user_counters(), "en")


def test_user_jsonl_with_an_id_one_language_lacks(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    lines = [{"lang": "en", "id": "a", "text": "Hello world."},
             {"lang": "ja", "id": "a", "text": "こんにちは世界。"},
             {"lang": "en", "id": "b", "text": "Only in English."},
             {"lang": "ja", "id": 7, "text": "猫が寝ている。"},
             {"lang": "en", "id": 7, "text": "The cat sleeps.", "source": "ignored"}]
    corpus.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines),
                      encoding="utf-8")
    run = bpelens("compare", "--corpus", str(corpus), "-t", "demo-multilingual-byte")
    assert run.returncode == 0, run.stderr
    assert "ja lacks 1" in run.stderr  # said, not an error
    data = json.loads(run.stdout)
    assert data["sentences"] == 2  # the ids both languages have: a and 7
    assert_report(data, {"en": ["Hello world.", "The cat sleeps."],
                         "ja": ["こんにちは世界。", "猫が寝ている。"]}, user_counters(), "en")


def test_user_folder_and_its_tar_gz(tmp_path):
    folder = write_folder(tmp_path / "corpus")
    archive = tmp_path / "corpus.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname="corpus")
    from_folder = compare_json("--corpus", str(folder), "-t", "demo-multilingual-byte")
    from_archive = compare_json("--corpus", str(archive), "-t", "demo-multilingual-byte")
    for data in (from_folder, from_archive):
        assert_report(data, USER_TEXTS, user_counters(), "en")
    assert from_folder["rows"] == from_archive["rows"]


# ---- refusals: one line on stderr, exit status 2 --------------------------------------------

def refused(run, *words: str) -> str:
    assert_clean_outcome(run)
    assert run.returncode == 2, run.stdout
    assert run.stdout == ""
    message = run.stderr.strip()
    assert "error" in message
    for word in words:
        assert word in message, (word, message)
    return message


def test_ragged_tsv_row_names_the_file_and_line(tmp_path):
    corpus = tmp_path / "ragged.tsv"
    corpus.write_text("id\ten\tja\n1\tHello.\tこんにちは。\n2\tOnly two fields\n",
                      encoding="utf-8")
    refused(bpelens("compare", "--corpus", str(corpus), "-t", "demo-multilingual-byte"),
            "ragged.tsv", "line 3")


def test_unaligned_folder_names_the_files_and_languages(tmp_path):
    folder = tmp_path / "unaligned"
    folder.mkdir()
    (folder / "en.txt").write_text("one\ntwo\nthree\n", encoding="utf-8")
    (folder / "ja.txt").write_text("一\n二\n", encoding="utf-8")
    message = refused(bpelens("compare", "--corpus", str(folder), "-t",
                              "demo-multilingual-byte"), "en.txt", "ja.txt", "line-aligned")
    assert "3" in message and "2" in message


def test_undecodable_bytes_name_the_file_line_and_language(tmp_path):
    folder = tmp_path / "latin1"
    folder.mkdir()
    (folder / "en.txt").write_text("Hello\nCafe\n", encoding="utf-8")
    (folder / "fr.txt").write_bytes("Bonjour\nCafé\n".encode("latin-1"))
    refused(bpelens("compare", "--corpus", str(folder), "-t", "demo-multilingual-byte"),
            "fr.txt", "(fr)", "line 2", "UTF-8")


def test_undecodable_tsv_names_the_line(tmp_path):
    corpus = tmp_path / "latin1.tsv"
    corpus.write_bytes("en\tfr\nHello\tBonjour\nCoffee\tCafé\n".encode("latin-1"))
    refused(bpelens("compare", "--corpus", str(corpus), "-t", "demo-multilingual-byte"),
            "latin1.tsv", "line 3", "UTF-8")


def test_jsonl_line_without_an_id_names_the_line(tmp_path):
    corpus = tmp_path / "no-id.jsonl"
    corpus.write_text('{"lang": "en", "id": "1", "text": "Hi."}\n'
                      '{"lang": "ja", "text": "やあ。"}\n', encoding="utf-8")
    refused(bpelens("compare", "--corpus", str(corpus), "-t", "demo-multilingual-byte"),
            "no-id.jsonl", "line 2", "'id'")


def test_unknown_reference_names_it_and_the_languages():
    refused(bpelens("compare", *DEMO_ARGS, "--reference", "xx"), "'xx'", "en, ja, zh")


def test_unknown_language_in_languages_names_it():
    refused(bpelens("compare", *DEMO_ARGS, "--languages", "ja,xx"), "'xx'", "en, ja, zh")


def test_tokenizer_that_does_not_exist_is_named(tmp_path):
    missing = tmp_path / "no-such-tokenizer.json"
    refused(bpelens("compare", "--corpus", "demo", "-t", "demo-multilingual-byte",
                    "-t", str(missing)), str(missing))


def test_the_same_tokenizer_twice_is_refused():
    refused(bpelens("compare", "--corpus", "demo", "-t", "demo-english-char",
                    "-t", "demo-english-char"), "demo-english-char", "twice")


def test_missing_corpus_path_is_named(tmp_path):
    missing = tmp_path / "nowhere.tsv"
    refused(bpelens("compare", "--corpus", str(missing), "-t", "demo-multilingual-byte"),
            str(missing))


@pytest.mark.parametrize("value", [",", " , "])
def test_languages_with_no_language_is_refused(value):
    refused(bpelens("compare", *DEMO_ARGS, f"--languages={value}"), "--languages")
