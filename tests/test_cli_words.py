"""The command line's words and checks (issue 26): tables padded by terminal columns, merges
with right-to-left tokens isolated, diff's JSON with real bytes, decode's id ranges and
--file, stdin that is not UTF-8, train's output checked first, extend's merges as text,
render's scale range, diff as a table, a bad session file's whole reason, the window's
options in --help, and a clear line without a display."""

from __future__ import annotations

import json

from bpelens.core import BPEModel, Tokenizer, save_tokenizer
from bpelens.core.text.display import FSI, PDI, display_width

from cli_helpers import bpelens
from conftest import HANG_SECONDS, SHARED_DATA, needs_shared_data


def test_display_width_counts_terminal_columns():
    assert display_width("こんにちは") == 10
    assert display_width("naïve") == display_width("nai\u0308ve") == 5  # a combining mark: 0
    assert display_width("ｱ") == 1 and display_width("Ａ") == 2  # halfwidth, fullwidth
    assert display_width("abc") == 3 and display_width("") == 0


def test_inspect_lines_up_wide_characters():
    run = bpelens("inspect", "-t", "demo-multilingual-byte", "こんにちは naïve")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()

    def column_of(line: str, word: str) -> int:
        return display_width(line[: line.index(word)])

    codepoints = lines[lines.index("codepoints (11)") + 1:][:11]
    assert len({column_of(line, "U+") for line in codepoints}) == 1, codepoints
    start = next(i for i, line in enumerate(lines) if line.startswith("tokens ("))
    tokens = [line for line in lines[start + 1:] if " id " in line]
    assert len(tokens) > 5
    assert len({column_of(line, "bytes ") for line in tokens}) == 1, tokens


def test_compare_table_in_japanese_lines_up():
    run = bpelens("--lang", "ja", "compare", "--corpus", "demo", "--format", "table",
                  "-t", "demo-multilingual-byte", "-t", "demo-english-char", "--quiet")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    table = lines[: lines.index("")]
    assert any(not line.isascii() for line in table[:1])  # Japanese headings
    assert len({display_width(line) for line in table}) == 1, table


def test_inspect_isolates_right_to_left_tokens_in_its_merges(tmp_path):
    model = BPEModel(level="char", alphabet="ال", merges=[(0, 1, 2)])
    path = tmp_path / "arabic.json"
    save_tokenizer(Tokenizer(model, pretokenizer="whitespace"), path)
    run = bpelens("inspect", "-t", str(path), "ال")
    assert run.returncode == 0, run.stderr
    merge = next(line for line in run.stdout.splitlines() if "→" in line)
    assert f"{FSI}ا{PDI} + {FSI}ل{PDI} → {FSI}ال{PDI}" in merge


def test_diff_json_carries_bytes_not_a_python_repr():
    run = bpelens("diff", "-t", "demo-multilingual-byte", "-t", "demo-english-char",
                  "नमस्ते")
    assert run.returncode == 0, run.stderr
    assert "\\\\x" not in run.stdout
    data = json.loads(run.stdout)
    first = data["merges"]["first_difference"]
    left = bytes.fromhex(first["left_bytes_hex"])
    assert first["left"] == "".join(f"<{b:02X}>" for b in left)  # b"\xe0\xa4": no character
    examples = data["vocabulary"]["examples_only_left"]
    assert examples and all(set(e) == {"id", "token", "bytes_hex"} for e in examples)
    partial = [e for e in examples if "<" in e["token"]]
    assert partial




@needs_shared_data
def test_decode_states_the_ids_with_their_gap_for_any_missing_id():
    path = str(SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken")
    gap = "its ids are 0–199997, 199999 and 200018"
    for missing in ("999999", "199998", "-5", "1" * 40):
        run = bpelens("decode", "-t", path, "13", missing)
        assert run.returncode == 2
        assert run.stderr.strip() == (f"bpelens: error: id {missing} at position 1 is not in "
                                      f"this tokenizer: {gap}"), run.stderr
    run = bpelens("decode", "-t", path, "x")
    assert run.stderr.strip().endswith(gap)


def test_stdin_bytes_that_are_not_utf8_are_named_as_such_even_with_ids_only():
    from cli_helpers import bpelens_bytes

    data = b"ab\xff\xfecd\xe3"  # three bytes that are not UTF-8, the first at byte 2
    run = bpelens_bytes("encode", "-t", "demo-multilingual-byte", stdin=data)
    assert run.returncode == 0, run.stderr
    warnings = json.loads(run.stdout)["warnings"]
    assert warnings == ["3 bytes of standard input are not UTF-8 (the first at byte 2); each "
                        "is read as U+FFFD"]
    assert "surrogate" not in run.stdout.decode()
    ids_only = bpelens_bytes("encode", "--ids-only", "-t", "demo-multilingual-byte",
                             stdin=data)
    assert ids_only.returncode == 0
    assert json.loads(ids_only.stdout)["ids"]
    assert ids_only.stderr.decode().strip() == (
        "bpelens: warning: 3 bytes of standard input are not UTF-8 (the first at byte 2); "
        "each is read as U+FFFD")
    clean = bpelens_bytes("encode", "--ids-only", "-t", "demo-multilingual-byte",
                          stdin=b"abcd")
    assert clean.stderr == b""


def test_train_checks_its_output_before_training(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("low lower newest widest\n" * 20, encoding="utf-8")
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    cases = {str(tmp_path / "missing" / "out.json"): "the folder",
             str(tmp_path): "is a folder; give a file name",
             str(a_file / "out.json"): "is not a folder"}
    for output, problem in cases.items():
        run = bpelens("train", "--corpus", str(corpus), "--vocab-size", "300", "-o", output)
        assert run.returncode == 2
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1 and problem in lines[0], run.stderr  # no "done: …" before it
        assert run.stdout == ""
    tokenizer = tmp_path / "tokenizer.json"
    tokenizer.write_text("{}")  # never read: the output is checked first
    extend = bpelens("extend", "-t", str(tokenizer), "--corpus", str(corpus), "--add", "5", "-o",
                     str(tmp_path / "missing" / "out.json"))
    assert extend.returncode == 2 and "the folder" in extend.stderr


@needs_shared_data
def test_extend_prints_its_merges_as_text_not_byte_level_spelling(tmp_path):
    gpt2 = SHARED_DATA / "tokenizers" / "hf" / "gpt2.tokenizer.json"
    corpus = tmp_path / "ja.txt"
    corpus.write_text("日本語のテキストです。ててていいい。\n" * 30 + "もう一つの文です。\n" * 20,
                      encoding="utf-8")
    out = tmp_path / "out.json"
    run = bpelens("extend", "-t", str(gpt2), "--corpus", str(corpus), "--add", "12", "-o",
                  str(out))
    assert run.returncode == 0, run.stderr
    first = json.loads(run.stdout)["first"]
    assert len(first) == 10
    text = corpus.read_text(encoding="utf-8")
    for left, right in first:
        for token in (left, right):
            assert not set(token) & set("ãģĠĦ¦"), first  # GPT-2's byte-level spelling
            assert token in text or token.startswith("<") or "<" in token, token
    assert any(left + right in text for left, right in first)  # whole characters joined


def test_render_scale_help_and_check_agree(tmp_path):
    import re

    help_text = " ".join(bpelens("render", "--help").stdout.split())
    found = re.search(r"--scale S pixels per point, from ([\d.]+) to ([\d.]+)", help_text)
    assert found, help_text
    low, high = float(found.group(1)), float(found.group(2))
    for scale, ok in ((low, True), (high, True), (5, high >= 5), (high * 1.01, False),
                      (low * 0.99, False)):
        run = bpelens("render", "-t", "demo-multilingual-byte", "--text", "hi", "-o",
                      str(tmp_path / "x.svg"), "--scale", str(scale))
        assert (run.returncode == 0) == ok, (scale, run.stderr)
        if not ok:
            assert f"choose from {low:g} to {high:g}" in run.stderr


def test_decode_reads_ids_from_a_file(tmp_path):
    expected = bpelens("decode", "-t", "demo-multilingual-byte", "72", "101", "108")
    assert expected.returncode == 0
    for content in ("72 101 108\n", "[72, 101, 108]", '{"ids": [72, 101, 108]}'):
        path = tmp_path / "ids.txt"
        path.write_text(content)
        run = bpelens("decode", "-t", "demo-multilingual-byte", "--file", str(path))
        assert run.returncode == 0, run.stderr
        assert run.stdout == expected.stdout
    both = bpelens("decode", "-t", "demo-multilingual-byte", "--file", str(path), "72")
    assert both.returncode == 2 and "not both" in both.stderr
    missing = bpelens("decode", "-t", "demo-multilingual-byte", "--file",
                      str(tmp_path / "nope.txt"))
    assert missing.returncode == 2 and "--file" in missing.stderr and "nope.txt" in missing.stderr


def test_diff_as_a_table_lines_up_and_says_what_the_json_says():
    args = ("diff", "-t", "demo-multilingual-byte", "-t", "demo-english-char",
            "lowest こんにちは")
    data = json.loads(bpelens(*args).stdout)
    run = bpelens(*args, "--format", "table")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].split() == ["demo-multilingual-byte", "demo-english-char"]
    assert set(lines[1]) == {"-", " "}
    rows = lines[: next(i for i, line in enumerate(lines) if line.startswith("only left"))]
    assert len({display_width(line) for line in rows}) == 1, rows
    by_name = {" ".join(line.split()[:-2]): line.split()[-2:] for line in rows[2:]}
    same = f"{data['vocabulary']['shared_same_id']:,}"
    assert by_name["shared, same id"] == [same, same]
    assert by_name["only in this one"] == [f"{data['vocabulary']['only_left']:,}",
                                           f"{data['vocabulary']['only_right']:,}"]
    first = data["merges"]["first_difference"]
    assert by_name[f"first that differs (rank {first['rank']})"] == [first["left"],
                                                                      first["right"]]
    assert "\\x" not in run.stdout


def _without_display() -> dict[str, str]:

    from cli_helpers import _env

    env = _env()
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        env.pop(name, None)
    return env


def test_the_window_without_a_display_says_so_in_one_line_and_how_to_run_headless():
    import subprocess

    from cli_helpers import COMMAND

    for extra in ({}, {"QT_QPA_PLATFORM": "xcb"}, {"QT_QPA_PLATFORM": "wayland"}):
        run = subprocess.run([*COMMAND, "--text", "hi"], env=_without_display() | extra,
                             capture_output=True, text=True, timeout=HANG_SECONDS)
        assert run.returncode == 2, (extra, run.returncode, run.stderr)
        lines = run.stderr.strip().splitlines()
        assert len(lines) == 1, run.stderr
        assert "needs a display" in lines[0] and "bpelens render" in lines[0]
        assert "QT_QPA_PLATFORM=offscreen" in lines[0] and "xcb-cursor0" not in lines[0]
    # --help needs no display
    helped = subprocess.run([*COMMAND, "--tokenizer", "x", "--help"], env=_without_display(),
                            capture_output=True, text=True, timeout=HANG_SECONDS)
    assert helped.returncode == 0 and "--view" in helped.stdout


def test_missing_xcb_libraries_are_named_as_debian_packages():
    from bpelens.app.gui.launch import XCB_LIBRARIES, display_problem

    def only(present: set[str]):
        return lambda name: f"lib{name}.so" if name in present else None

    everything = {library for library, _ in XCB_LIBRARIES}
    x11 = {"DISPLAY": ":0"}
    assert display_problem(x11, "linux", only(everything)) is None
    problem = display_problem(x11, "linux", only(everything - {"xcb-cursor", "xcb-xkb"}))
    assert "apt-get install libxcb-cursor0 libxcb-xkb1 " in problem
    # Wayland, another platform, another system: no X11 libraries needed
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux", only(set())) is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", only(set())) is None
    assert display_problem({}, "darwin", only(set())) is None


def test_diff_table_in_japanese_lines_up():
    from bpelens.app.cli import cli_i18n

    catalogue = cli_i18n.read_catalogue("ja")
    run = bpelens("--lang", "ja", "diff", "--format", "table", "-t", "demo-multilingual-byte",
                  "-t", "demo-english-char", "こんにちは")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    rows = lines[: next(i for i, line in enumerate(lines) if ":" in line)]
    assert catalogue[("CliDiff", "tokens", "")] in rows[2]
    assert len({display_width(line) for line in rows}) == 1, rows
