"""The `bpelens` command line: JSON out, one-line errors with exit status 2."""

import json
import subprocess
import sys

import pytest

from cli_helpers import SEED_CORPUS, _env, bpelens
from conftest import HANG_SECONDS, SHARED_DATA, needs_shared_data


@pytest.fixture(scope="module")
def seed_tokenizer(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    corpus = folder / "seed.txt"
    corpus.write_text(SEED_CORPUS, encoding="utf-8")
    out = folder / "seed.json"
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "14", "--level", "char",
                  "--pretokenizer", "whitespace", "-o", str(out))
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["vocab_size"] == 14 and summary["merges"] == 4
    assert "merging" in run.stderr or "done" in run.stderr  # progress on stderr
    return out


@pytest.fixture(scope="module")
def byte_tokenizer(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli-byte")
    corpus = folder / "mixed.txt"
    corpus.write_text("Hello world. 猫が好き。 Hello again!\n" * 20, encoding="utf-8")
    out = folder / "byte.json"
    run = bpelens("train", "--corpus", f"{corpus}@1/2", "--vocab-size", "300",
                  "--special", "<|im_end|>", "-o", str(out), "--quiet")
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    return out


def test_encode_lowest_gives_13_11(seed_tokenizer):
    run = bpelens("encode", "-t", str(seed_tokenizer), "lowest")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["ids"] == [13, 11]
    assert data["tokens"] == [
        {"id": 13, "bytes": "6c6f77", "text": "low", "byte_start": 0, "byte_end": 3,
         "char_start": 0, "char_end": 3, "partial": False, "kind": "merged"},
        {"id": 11, "bytes": "657374", "text": "est", "byte_start": 3, "byte_end": 6,
         "char_start": 3, "char_end": 6, "partial": False, "kind": "merged"},
    ]


def test_encode_trace(seed_tokenizer):
    data = json.loads(bpelens("encode", "-t", str(seed_tokenizer), "--trace", "lowest").stdout)
    steps = data["trace"][0]["steps"]
    assert [s["new_text"] for s in steps] == ["es", "est", "lo", "low"]
    assert [s["rank"] for s in steps] == [0, 1, 2, 3]
    assert data["trace"][0]["stopped_at"] == [["low", "est"]]  # no merge joins them
    assert "finish" not in data["trace"][0]


@needs_shared_data
def test_encode_trace_says_why_merging_stopped_on_qwen3():
    path = SHARED_DATA / "tokenizers" / "hf" / "qwen3.tokenizer.json"
    data = json.loads(bpelens("encode", "-t", str(path), "--trace", "Hello, Pyxis!").stdout)
    assert {t["text"]: t["stopped_at"] for t in data["trace"]} == {
        "Hello": [], ",": [], " Pyxis": [[" Py", "xis"]], "!": []}


def test_partial_tokens_and_special_modes(byte_tokenizer):
    data = json.loads(bpelens("encode", "-t", str(byte_tokenizer), "A猫🙂<|im_end|>").stdout)
    kinds = [t["kind"] for t in data["tokens"]]
    assert kinds[-1] == "special"
    partial = [t for t in data["tokens"] if t["partial"]]
    assert all(t["char_start"] in (1, 2) for t in partial)
    assert any("control tokens" in w for w in data["warnings"])
    plain = json.loads(bpelens("encode", "-t", str(byte_tokenizer), "--special", "none",
                               "A<|im_end|>").stdout)
    assert "special" not in [t["kind"] for t in plain["tokens"]]
    assert any("plain text" in w for w in plain["warnings"])


def test_encode_reads_stdin(byte_tokenizer):
    from_arg = json.loads(bpelens("encode", "-t", str(byte_tokenizer), "Hello 猫").stdout)
    from_stdin = json.loads(bpelens("encode", "-t", str(byte_tokenizer), stdin="Hello 猫").stdout)
    assert from_arg["ids"] == from_stdin["ids"]


def test_jsonl_streams_one_object_per_line(byte_tokenizer):
    # Every input line gets exactly one output line, in order: an error object for a bad or
    # blank line.
    lines = ['"Hello"', '"猫が好き"', '""', "not json", "[1]", "", "   ", '"Hello again!"',
             '{"text": "x"}', "42"]
    run = bpelens("encode", "-t", str(byte_tokenizer), "--jsonl", stdin="\n".join(lines) + "\n")
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(out) == len(lines) and run.returncode == 2
    single = json.loads(bpelens("encode", "-t", str(byte_tokenizer), "猫が好き").stdout)["ids"]
    assert out[1]["ids"] == single
    assert out[2] == {"ids": []}  # "" is a text, the empty one
    assert out[7]["ids"] == json.loads(bpelens("encode", "-t", str(byte_tokenizer), "--ids-only",
                                               "Hello again!").stdout)["ids"]
    errors = {i: o["error"] for i, o in enumerate(out) if "error" in o}
    assert sorted(errors) == [3, 4, 5, 6, 8, 9]
    for i, message in errors.items():
        assert message.startswith(f"line {i + 1}")
        assert "each line must be a JSON string" in message
    assert "not JSON" in errors[3]
    assert "a JSON array, not a string" in errors[4]
    assert "blank" in errors[5] and "blank" in errors[6]
    assert "a JSON object" in errors[8] and "a JSON number" in errors[9]
    # One summary line on stderr, not one per bad line.
    assert len(run.stderr.strip().splitlines()) == 1
    assert "6 of 10 lines" in run.stderr


def test_jsonl_output_is_formatted_like_the_other_json(byte_tokenizer):
    run = bpelens("encode", "-t", str(byte_tokenizer), "--jsonl", stdin='"猫 cat"\n')
    ids = json.loads(run.stdout)["ids"]
    assert run.stdout == json.dumps({"ids": ids}) + "\n"  # ", " and ": " separators
    traced = bpelens("encode", "-t", str(byte_tokenizer), "--jsonl", "--trace",
                     stdin='"猫 cat"\n')
    single = bpelens("encode", "-t", str(byte_tokenizer), "--trace", "猫 cat")
    assert traced.stdout == single.stdout  # same object, same spelling (猫 not \u732b)
    assert "猫" in traced.stdout


def test_jsonl_reads_a_file_and_names_a_line_that_is_not_utf8(byte_tokenizer, tmp_path):
    lines = tmp_path / "lines.jsonl"
    lines.write_bytes(b'"Hello"\n"caf\xe9"\n"ok"')  # no newline at the end
    run = bpelens("encode", "-t", str(byte_tokenizer), "--jsonl", "--file", str(lines))
    out = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(out) == 3 and "ids" in out[0] and "ids" in out[2]
    assert out[1]["error"].startswith("line 2: not UTF-8 at byte 4")


def test_jsonl_answers_each_line_before_the_next_arrives(byte_tokenizer):
    proc = subprocess.Popen(
        [sys.executable, "-m", "bpelens.app", "encode", "-t", str(byte_tokenizer), "--jsonl"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
    )
    try:
        for text in ["Hello", "world"]:
            proc.stdin.write(json.dumps(text) + "\n")
            proc.stdin.flush()
            assert "ids" in json.loads(proc.stdout.readline())  # would hang if buffered
    finally:
        proc.stdin.close()
        proc.wait(timeout=HANG_SECONDS)


def test_a_reader_that_stops_early_is_not_an_error(byte_tokenizer):
    # `bpelens encode --jsonl … | head -1`: the pipe closes; no message, exit 0.
    proc = subprocess.Popen(
        [sys.executable, "-m", "bpelens.app", "encode", "-t", str(byte_tokenizer), "--jsonl"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    proc.stdout.close()
    _, err = proc.communicate(("\n".join(['"Hello"'] * 20000) + "\n").encode(),
                              timeout=HANG_SECONDS)
    assert err.decode() == ""
    assert proc.returncode == 0


def test_decode(seed_tokenizer, byte_tokenizer):
    data = json.loads(bpelens("decode", "-t", str(seed_tokenizer), "13", "11").stdout)
    assert data["text"] == "lowest" and data["tokens"] == ["low", "est"]
    ids = json.loads(bpelens("encode", "-t", str(byte_tokenizer), "猫").stdout)["ids"]
    if len(ids) > 1:
        half = bpelens("decode", "-t", str(byte_tokenizer), str(ids[0]))
        assert half.returncode == 2 and "not valid UTF-8" in half.stderr
        replaced = json.loads(bpelens("decode", "-t", str(byte_tokenizer), "--errors",
                                      "replace", str(ids[0])).stdout)
        assert replaced["text"] == "\ufffd" and not replaced["valid_utf8"]


def test_inspect_is_readable(seed_tokenizer):
    run = bpelens("inspect", "-t", str(seed_tokenizer), "lowest")
    assert run.returncode == 0
    assert "l o w [es] t" in run.stdout
    assert "[low] est" in run.stdout
    assert "ids [13, 11]" in run.stdout
    data = json.loads(bpelens("inspect", "-t", str(seed_tokenizer), "--json", "lowest").stdout)
    assert data["ids"] == [13, 11]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["encode", "-t", "missing.json", "x"], "missing.json: no such file or folder"),
        (["train", "--corpus", "nope.txt", "--vocab-size", "300", "-o", "x.json"],
         "--corpus nope.txt: no such file"),
        (["encode", "-t", "SEED", "lowesx"], "character 'x' (U+0078) at character 5"),
        (["decode", "-t", "SEED", "13", "99"], "id 99 at position 1 is not in this tokenizer: "
         "its ids are 0–13"),
        (["decode", "-t", "SEED", "thirteen"], "'thirteen' (position 0) is not a token id (a "
         "whole number): its ids are 0–13"),
        (["decode", "-t", "SEED", "13", "-1"], "id -1 at position 1 is not in this tokenizer"),
        (["decode", "-t", "SEED", "1.5"], "'1.5' (position 0) is not a token id"),
        (["decode", "-t", "SEED", "1" * 5000], "is not in this tokenizer: its ids are 0–13"),
        (["train", "--corpus", "CORPUS", "--vocab-size", "5", "--level", "char", "-o",
          "x.json"], "smaller than the base vocabulary"),
        (["encode", "--special", "some", "-t", "SEED", "x"], "invalid choice: 'some'"),
    ],
)
def test_user_errors_are_one_line_with_status_2(tmp_path, seed_tokenizer, args, message):
    corpus = tmp_path / "c.txt"
    corpus.write_text(SEED_CORPUS, encoding="utf-8")
    args = [str(seed_tokenizer) if a == "SEED" else str(corpus) if a == "CORPUS" else a
            for a in args]
    run = bpelens(*args, cwd=tmp_path)
    assert run.returncode == 2
    assert message in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1
    assert "Traceback" not in run.stderr


# The program with a wall clock racing ahead of the work, as a busy machine's does: each
# reading of it a second later than the last.
RACING_CLOCK = """
import itertools, sys, time
ticks = itertools.count()
time.perf_counter = time.monotonic = time.time = lambda: float(next(ticks))
from bpelens.app.entry import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("case", ["not UTF-8", "vocabulary too small"])
def test_a_busy_machine_puts_no_progress_line_before_an_error(tmp_path, case):
    """Training reports progress by the work done (CPU time), so a run that fails early says
    only its one-line error, however slowly the machine got there."""
    corpus = tmp_path / "c.txt"
    if case == "not UTF-8":
        corpus.write_bytes(b"caf\xe9\n")
        args = ["--vocab-size", "300"]
    else:
        corpus.write_text(SEED_CORPUS, encoding="utf-8")
        args = ["--vocab-size", "5", "--level", "char"]
    run = subprocess.run([sys.executable, "-c", RACING_CLOCK, "train", "--corpus", str(corpus),
                          *args, "-o", str(tmp_path / "o.json")], capture_output=True,
                         text=True, env=_env(), timeout=HANG_SECONDS)
    assert run.returncode == 2
    assert run.stderr.startswith("bpelens: error:") and len(run.stderr.splitlines()) == 1, \
        run.stderr


def test_corpus_not_utf8_names_file_and_byte(tmp_path):
    corpus = tmp_path / "latin1.txt"
    corpus.write_bytes(b"caf\xe9\n")
    run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "-o",
                  str(tmp_path / "o.json"))
    assert run.returncode == 2
    assert "--corpus" in run.stderr and "latin1.txt: not UTF-8 at line 1 (byte 3 of the file" \
        in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_cli_never_imports_qt(seed_tokenizer):
    code = (
        "import sys, runpy; sys.argv = ['bpelens', 'encode', '-t', sys.argv[1], 'lowest'];\n"
        "from bpelens.app.entry import main\n"
        "main()\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', "
        "'pyqtgraph')]\n"
        "print('QT', bad, file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", code, str(seed_tokenizer)],
                         capture_output=True, text=True, timeout=HANG_SECONDS)
    assert "QT []" in run.stderr


def test_export_then_encode_in_tokenizers(byte_tokenizer, tmp_path):
    from tokenizers import Tokenizer as HFTokenizer

    out = tmp_path / "tokenizer.json"
    run = bpelens("export", "-t", str(byte_tokenizer), "--format", "tokenizer.json", "-o",
                  str(out))
    assert run.returncode == 0, run.stderr
    ours = json.loads(bpelens("encode", "-t", str(byte_tokenizer), "Hello 猫!").stdout)["ids"]
    assert HFTokenizer.from_file(str(out)).encode("Hello 猫!").ids == ours
    refused = bpelens("export", "-t", str(byte_tokenizer), "--format", "tiktoken", "-o",
                      str(tmp_path / "x.tiktoken"))
    assert refused.returncode == 0  # byte-level with a regex pre-tokenizer: exportable


def test_jsonl_batch_of_many_lines_equals_each_line_alone(byte_tokenizer):
    # Thousands of lines arrive at once: they are merged together (cache_texts), and each
    # answer must still be what encoding that line alone gives.
    from bpelens.core import open_tokenizer

    words = ["Hello", "world", "猫が好き", "again!", "<|im_end|>", "  spaced", "12345", "é"]
    texts = [" ".join(words[(i * k) % len(words)] for k in range(1, 2 + i % 9)) + f" {i}"
             for i in range(4000)]
    texts[17] = "two\nlines\n"
    stdin = "".join(json.dumps(t) + "\n" for t in texts)
    assert len(stdin) > 40_000
    run = bpelens("encode", "-t", str(byte_tokenizer), "--jsonl", stdin=stdin)
    assert run.returncode == 0, run.stderr
    got = [json.loads(line)["ids"] for line in run.stdout.splitlines()]
    alone = open_tokenizer(byte_tokenizer)
    assert got == [alone.encode_ids(t) for t in texts]
