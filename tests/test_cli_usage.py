"""Using the command line: help, misspelt commands, demos by name, folders of tokenizers,
--file, --pattern and hints in the CLI's own spelling, training's last line, corpus errors."""

from __future__ import annotations

import json
import os

import pytest

from bpelens.app.demo_data import load_demo
from bpelens.app.entry import wants_cli
from bpelens.core import save_tokenizer
from bpelens.core.formats.export import save_hf_json

from cli_helpers import SEED_CORPUS, assert_clean_outcome, bpelens
from conftest import SHARED_DATA

TOKENIZERS = SHARED_DATA / "tokenizers"
needs_tokenizers = pytest.mark.skipif(not TOKENIZERS.is_dir(), reason="../shared/data is absent")
QWEN_PATTERN = (r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+"
                r"[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+")


def one_line(run) -> str:
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert "Traceback" not in run.stderr
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


# -- help and misspelt commands --------------------------------------------------------------

def test_top_level_help_lists_every_subcommand_with_a_line():
    run = bpelens("--help")
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    for command in ("train", "encode", "decode", "inspect", "export"):
        described = [line for line in lines if line.split()[:1] == [command]]
        assert len(described) == 1 and len(described[0].split()) > 2, command
    assert "bpelens COMMAND --help" in run.stdout


@pytest.mark.parametrize(("typed", "meant"), [
    ("encdoe", "encode"), ("decod", "decode"), ("insepct", "inspect"), ("trian", "train"),
    ("exprot", "export"), ("Encode", "encode"), ("enc", "encode"),
])
def test_a_misspelt_command_suggests_the_nearest(typed, meant):
    line = one_line(bpelens(typed, "-t", "x", "hello"))
    assert f"'{typed}' is not a command; did you mean {meant}?" in line
    assert "usage: bpelens [-h] [--tokenizer" not in line  # not the GUI's usage


def test_an_unknown_word_lists_the_commands_and_never_starts_the_gui():
    line = one_line(bpelens("frobnicate"))
    assert "'frobnicate' is not a command" in line
    assert "train, encode, decode, inspect, export" in line
    # The GUI takes only options: any bare first word goes to the command line.
    assert wants_cli(["frobnicate"]) and wants_cli(["tokenizer.json"])
    assert not wants_cli([]) and not wants_cli(["--tokenizer", "x.json"])


def test_a_tokenizer_file_as_first_word_says_how_to_open_it_in_the_app(tmp_path):
    file = tmp_path / "mine.json"
    file.write_text("{}", encoding="utf-8")
    line = one_line(bpelens(str(file)))
    assert f"bpelens --tokenizer {file}" in line


def test_a_misspelt_option_suggests_the_nearest():
    line = one_line(bpelens("encode", "-t", "demo-english-char", "--ids-onyl", "hi"))
    assert "--ids-onyl" in line and "did you mean --ids-only?" in line
    assert line.startswith("bpelens encode: error:")


# -- the bundled demos by name -----------------------------------------------------------------

@pytest.mark.parametrize("name", ["demo-multilingual-byte", "demo-english-char"])
def test_demos_by_name(name):
    run = bpelens("encode", "-t", name, "--ids-only", "The weather is nice")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["ids"] == load_demo(name).encode_ids("The weather is nice")
    assert bpelens("inspect", "-t", name, "hi").returncode == 0


def test_a_demo_can_be_exported(tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    out = tmp_path / "tokenizer.json"
    run = bpelens("export", "-t", "demo-multilingual-byte", "--format", "tokenizer.json",
                  "-o", str(out))
    assert run.returncode == 0, run.stderr
    demo = load_demo("demo-multilingual-byte")
    assert HFTokenizer.from_file(str(out)).encode("猫 cat").ids == demo.encode_ids("猫 cat")


@pytest.mark.parametrize("typed", ["demo-englsh-char", "demo", "demo-multi"])
def test_an_unknown_demo_name_lists_the_demos(typed):
    line = one_line(bpelens("encode", "-t", typed, "hi"))
    assert "no such file or folder, nor a bundled demo" in line
    assert "demo-multilingual-byte, demo-english-char" in line


def test_a_file_named_like_a_demo_wins(tmp_path):
    save_hf_json(load_demo("demo-multilingual-byte"), tmp_path / "demo-english-char")
    run = bpelens("encode", "-t", "demo-english-char", "--ids-only", "cat", cwd=tmp_path)
    assert json.loads(run.stdout)["ids"] == load_demo("demo-multilingual-byte").encode_ids("cat")


# -- folders -----------------------------------------------------------------------------------

@needs_tokenizers
@pytest.mark.parametrize(("folder", "count"), [("tiktoken", 6), ("hf", 7)])
def test_a_folder_of_several_tokenizers_lists_them(folder, count):
    path = TOKENIZERS / folder
    line = one_line(bpelens("encode", "-t", str(path), "hi"))
    assert f"holds {count} tokenizers; give one of them to -t" in line
    names = sorted(p.name for p in path.iterdir() if p.suffix in (".tiktoken", ".json")
                   and p.name != "encodings.json")
    assert len(names) == count and all(name in line for name in names)
    assert "encodings.json" not in line  # tiktoken's metadata is no tokenizer


def test_a_model_folder_opens_its_tokenizer_json(tmp_path):
    byte_demo, char_demo = load_demo("demo-multilingual-byte"), load_demo("demo-english-char")
    save_hf_json(byte_demo, tmp_path / "tokenizer.json")
    # What else a model repository ships does not make the folder ambiguous.
    save_tokenizer(char_demo, tmp_path / "other.json")
    (tmp_path / "tokenizer_config.json").write_text('{"added_tokens_decoder": {}}')
    run = bpelens("encode", "-t", str(tmp_path), "--ids-only", "猫 cat")
    assert json.loads(run.stdout)["ids"] == byte_demo.encode_ids("猫 cat")


def test_a_folder_with_one_tokenizer_file_opens_it(tmp_path):
    save_tokenizer(load_demo("demo-english-char"), tmp_path / "english.json")
    (tmp_path / "config.json").write_text('{"model_type": "x"}')
    (tmp_path / "notes.txt").write_text("not a tokenizer")
    run = bpelens("encode", "-t", str(tmp_path), "--ids-only", "the cat")
    assert json.loads(run.stdout)["ids"] == load_demo("demo-english-char").encode_ids("the cat")


def test_a_hugging_face_cache_entry_opens_its_newest_snapshot(tmp_path):
    entry = tmp_path / "models--org--name"
    # names sort the other way round: the modification time decides
    old, new = entry / "snapshots" / "bbb", entry / "snapshots" / "aaa"
    old.mkdir(parents=True)
    new.mkdir(parents=True)
    save_tokenizer(load_demo("demo-english-char"), old / "tokenizer.json")
    save_hf_json(load_demo("demo-multilingual-byte"), new / "tokenizer.json")
    os.utime(old, (1_000_000_000, 1_000_000_000))
    os.utime(new, (2_000_000_000, 2_000_000_000))
    run = bpelens("encode", "-t", str(entry), "--ids-only", "猫 cat")
    assert json.loads(run.stdout)["ids"] == load_demo("demo-multilingual-byte").encode_ids(
        "猫 cat")
    # A hub folder holding two entries lists them.
    second = tmp_path / "models--org--other" / "snapshots" / "c"
    second.mkdir(parents=True)
    save_tokenizer(load_demo("demo-english-char"), second / "tokenizer.json")
    line = one_line(bpelens("encode", "-t", str(tmp_path), "hi"))
    assert "holds 2 tokenizers" in line and "models--org--name, models--org--other" in line


def test_an_empty_folder_says_so(tmp_path):
    line = one_line(bpelens("encode", "-t", str(tmp_path), "hi"))
    assert "no tokenizer in this folder" in line


# -- text from a file --------------------------------------------------------------------------

def test_encode_file_equals_the_same_text_as_argument(tmp_path):
    text = "Line one 猫\nline two\twith tab\n"
    file = tmp_path / "text.txt"
    file.write_text(text, encoding="utf-8", newline="")
    from_file = bpelens("encode", "-t", "demo-multilingual-byte", "--file", str(file))
    from_arg = bpelens("encode", "-t", "demo-multilingual-byte", text)
    assert from_file.returncode == 0 and from_file.stdout == from_arg.stdout
    assert bpelens("inspect", "-t", "demo-multilingual-byte", "--file", str(file)).returncode == 0


@pytest.mark.parametrize(("content", "message"), [
    (None, "no such file"),
    ("FOLDER", "is a folder, not a text file"),
    (b"fine\nalso fine\ncaf\xe9 au lait\n", "not UTF-8 at line 3 (byte 18 of the file: invalid "
     "continuation byte); save it as UTF-8"),
])
def test_encode_file_problems_are_named(tmp_path, content, message):
    path = tmp_path / "input.txt"
    if content == "FOLDER":
        path.mkdir()
    elif content is not None:
        path.write_bytes(content)
    line = one_line(bpelens("encode", "-t", "demo-english-char", "--file", str(path)))
    assert f"--file {path}: {message}" in line


def test_text_and_file_together_are_refused(tmp_path):
    path = tmp_path / "t.txt"
    path.write_text("x")
    line = one_line(bpelens("encode", "-t", "demo-english-char", "--file", str(path), "hi"))
    assert "either as TEXT or with --file" in line


# -- hints in the CLI's spelling, --pattern ----------------------------------------------------

@needs_tokenizers
def test_an_unknown_rank_file_is_told_the_cli_options():
    line = one_line(bpelens("encode", "-t", str(TOKENIZERS / "tiktoken" / "qwen.tiktoken"), "hi"))
    assert "--encoding NAME" in line and "--pattern REGEX" in line
    assert "encoding=NAME" not in line and "pattern=REGEX" not in line


@needs_tokenizers
def test_pattern_makes_an_unknown_rank_file_usable():
    from tokenizers import Tokenizer as HFTokenizer

    reference = HFTokenizer.from_file(str(TOKENIZERS / "hf" / "qwen3.tokenizer.json"))
    ranks = str(TOKENIZERS / "tiktoken" / "qwen.tiktoken")
    for text in ["Hello, Pyxis!", "猫が好き 123456 don't\n\n  x"]:
        run = bpelens("encode", "-t", ranks, "--pattern", QWEN_PATTERN, "--ids-only", text)
        assert run.returncode == 0, run.stderr
        ids = json.loads(run.stdout)["ids"]
        assert ids == reference.encode(text, add_special_tokens=False).ids
        decoded = bpelens("decode", "-t", ranks, "--pattern", QWEN_PATTERN, *map(str, ids))
        assert json.loads(decoded.stdout)["text"] == text
    assert bpelens("inspect", "-t", ranks, "--pattern", QWEN_PATTERN, "hi").returncode == 0


def test_decode_hint_is_spelled_for_the_cli(tmp_path):
    demo = load_demo("demo-multilingual-byte")
    # The first byte of a character the demo spells in bytes: not UTF-8 on its own.
    split = [ch for ch in "猫𓀀ꙮ龘䨻" if len(demo.encode_ids(ch)) > 1]
    assert split, "the demo holds every one of these characters whole"
    first = demo.encode_ids(split[0])[0]
    line = one_line(bpelens("decode", "-t", "demo-multilingual-byte", str(first)))
    assert "--errors replace" in line and "errors='replace'" not in line


# -- decode: ids from anywhere -----------------------------------------------------------------

def test_decode_takes_ids_as_encode_prints_them():
    ids = load_demo("demo-english-char").encode_ids("the cat")
    expected = json.loads(bpelens("decode", "-t", "demo-english-char", *map(str, ids)).stdout)
    assert expected["text"] == "the cat"
    pasted = bpelens("decode", "-t", "demo-english-char", json.dumps(ids))  # "[1, 2, 3]"
    assert json.loads(pasted.stdout) == expected
    piped = bpelens("decode", "-t", "demo-english-char", stdin=json.dumps({"ids": ids}))
    assert json.loads(piped.stdout) == expected
    spaced = bpelens("decode", "-t", "demo-english-char", stdin=" ".join(map(str, ids)))
    assert json.loads(spaced.stdout) == expected


def test_decode_with_no_ids_anywhere_says_how_to_give_them():
    line = one_line(bpelens("decode", "-t", "demo-english-char", stdin=""))
    assert "no ids" in line


# -- train -------------------------------------------------------------------------------------

def test_the_last_progress_line_says_what_training_did(tmp_path):
    corpus = tmp_path / "seed.txt"
    corpus.write_text(SEED_CORPUS, encoding="utf-8")
    # vocabulary target unreachable: the words run out of pairs first
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "56", "--level", "char",
                  "--pretokenizer", "whitespace", "-o", str(tmp_path / "a.json"))
    summary = json.loads(run.stdout)
    last = run.stderr.strip().splitlines()[-1]
    assert last == (f"done: {summary['merges']} merges (no pair left to merge: every piece is "
                    f"one token), vocabulary {summary['vocab_size']} of 56")
    # stopped by the minimum frequency
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "56", "--level", "char",
                  "--pretokenizer", "whitespace", "--min-frequency", "5",
                  "-o", str(tmp_path / "b.json"))
    summary = json.loads(run.stdout)
    assert summary["stop_reason"] == "min_frequency"
    assert run.stderr.strip().splitlines()[-1] == (
        f"done: {summary['merges']} merges (no pair occurs 5 times or more), vocabulary "
        f"{summary['vocab_size']} of 56")
    # reached
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "14", "--level", "char",
                  "--pretokenizer", "whitespace", "-o", str(tmp_path / "c.json"))
    assert run.stderr.strip().splitlines()[-1] == "done: 4 merges, vocabulary 14"


def test_a_corpus_folder_is_called_a_folder(tmp_path):
    line = one_line(bpelens("train", "--corpus", str(tmp_path), "--vocab-size", "300", "-o",
                            str(tmp_path / "o.json")))
    assert f"--corpus {tmp_path}: is a folder, not a text file" in line


def test_a_corpus_not_utf8_names_the_line(tmp_path):
    corpus = tmp_path / "mixed.txt"
    corpus.write_bytes(("good line\n" * 1000).encode() + b"na\xefve\n")
    line = one_line(bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "-o",
                            str(tmp_path / "o.json")))
    assert f"--corpus {corpus}: not UTF-8 at line 1001 (byte 10002 of the file" in line


# -- inspect on tokenizers read from files ------------------------------------------------------

@needs_tokenizers
def test_inspect_names_the_merges_of_a_rank_file():
    run = bpelens("inspect", "-t", str(TOKENIZERS / "tiktoken" / "cl100k_base.tiktoken"),
                  "Hello")
    assert_clean_outcome(run, allow_refusal=False)
    assert "→ Hello" in run.stdout and "ids [9906]" in run.stdout


def test_what_loading_noticed_is_a_note_on_stderr(tmp_path):
    import json

    from test_bad_files import byte_level_doc

    doc = byte_level_doc()
    doc["added_tokens"][0]["id"] = 999
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = bpelens("encode", "-t", str(path), "--ids-only", "x<|endoftext|>")
    assert done.returncode == 0
    assert done.stderr.startswith("bpelens: note: 1 added token(s) take other ids")
    assert json.loads(done.stdout)["ids"][-1] == len(doc["model"]["vocab"]) - 1
