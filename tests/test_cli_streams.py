"""Closed, full and vanishing standard streams: one line on stderr and a non-zero exit (or,
for a reader that stops early, a quiet exit 0) — never a traceback, never a silent success."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from cli_helpers import COMMAND, SEED_CORPUS, _env, assert_clean_outcome, bpelens_in_shell
from conftest import HANG_SECONDS

DEMO = "demo-english-char"
# What each command needs to run; the text or ids are left off where stdin would be read.
NEEDS_STDIN = {
    "encode": ["encode", "-t", DEMO],
    "encode --jsonl": ["encode", "-t", DEMO, "--jsonl"],
    "inspect": ["inspect", "-t", DEMO],
    "decode": ["decode", "-t", DEMO],
}
WRITES_STDOUT = {
    "encode": ["encode", "-t", DEMO, "hello"],
    "encode --ids-only": ["encode", "-t", DEMO, "--ids-only", "hello"],
    "inspect": ["inspect", "-t", DEMO, "hello"],
    "decode": ["decode", "-t", DEMO, "280", "281"],
    "train": ["train", "--corpus", "CORPUS", "--vocab-size", "30", "--level", "char",
              "-o", "OUT", "--quiet"],
}


def _fill(args: list[str], tmp_path) -> list[str]:
    corpus = tmp_path / "seed.txt"
    corpus.write_text(SEED_CORPUS, encoding="utf-8")
    return [str(corpus) if a == "CORPUS" else str(tmp_path / "out.json") if a == "OUT" else a
            for a in args]


def _one_line_error(run: subprocess.CompletedProcess, status: int = 2) -> str:
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == status, (run.returncode, run.stderr)
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    return lines[0]


@pytest.mark.parametrize("command", list(NEEDS_STDIN))
def test_closed_stdin_is_one_line_and_status_2(command):
    line = _one_line_error(bpelens_in_shell("<&-", *NEEDS_STDIN[command]))
    assert "standard input is closed" in line


@pytest.mark.parametrize("command", list(WRITES_STDOUT))
def test_closed_stdout_is_one_line_and_status_2(command, tmp_path):
    line = _one_line_error(bpelens_in_shell(">&-", *_fill(WRITES_STDOUT[command], tmp_path)))
    assert "standard output is closed" in line
    if command == "train":
        assert not (tmp_path / "out.json").exists()  # nothing done that looked like success


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", list(WRITES_STDOUT))
def test_a_full_output_is_one_line_and_status_2(command, tmp_path):
    line = _one_line_error(bpelens_in_shell(">/dev/full", *_fill(WRITES_STDOUT[command],
                                                                  tmp_path)))
    assert "cannot write the output" in line and "No space left" in line


@pytest.mark.parametrize("command", list(WRITES_STDOUT))
def test_closed_stderr_keeps_the_exit_status(command, tmp_path):
    args = [a for a in _fill(WRITES_STDOUT[command], tmp_path) if a != "--quiet"]
    ok = bpelens_in_shell("2>&-", *args)
    assert ok.returncode == 0 and ok.stdout
    json_commands = ("encode", "encode --ids-only", "decode", "train")
    if command in json_commands:
        json.loads(ok.stdout)  # progress lines did not leak into stdout
    failed = bpelens_in_shell("2>&-", "encode", "-t", "missing.json", "x")
    assert failed.returncode == 2 and failed.stdout == ""


def test_a_reader_that_stops_mid_output_is_not_an_error(tmp_path):
    # `bpelens encode … | head -c 100`: a big answer, a reader that leaves after 100 bytes.
    text = tmp_path / "big.txt"
    text.write_text("the weather is nice today " * 40_000, encoding="utf-8")
    proc = subprocess.Popen([*COMMAND, "encode", "-t", DEMO, "--file", str(text)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
    head = proc.stdout.read(100)
    proc.stdout.close()
    _, err = proc.communicate(timeout=HANG_SECONDS)
    assert head.startswith(b'{"ids": [')
    assert err.decode() == ""
    assert proc.returncode == 0


def test_stdin_that_is_not_utf8_is_reported_not_fatal():
    run = subprocess.run([*COMMAND, "encode", "-t", DEMO], input=b"caf\xe9", env=_env(),
                         capture_output=True, timeout=HANG_SECONDS)
    assert_clean_outcome(run)
    assert run.returncode == 0
    # said as what it is: a byte that is not UTF-8 (not a lone surrogate, which Python
    # made of it)
    assert json.loads(run.stdout)["warnings"][0] == (
        "1 byte of standard input is not UTF-8 (at byte 3); it is read as U+FFFD")


def test_a_terminal_on_stdin_is_told_how_to_end_the_text():
    pty = pytest.importorskip("pty")
    leader, follower = pty.openpty()
    try:
        proc = subprocess.Popen([*COMMAND, "encode", "-t", DEMO, "--ids-only"], stdin=follower,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env())
        os.write(leader, b"hello\n\x04")  # a line, then Ctrl-D
        out, err = proc.communicate(timeout=HANG_SECONDS)
    finally:
        os.close(leader)
        os.close(follower)
    assert "end it with Ctrl-D" in err.decode()
    assert json.loads(out)["ids"]



def test_a_bug_is_still_one_line_with_its_own_status(capsys, monkeypatch):
    # Whatever the engine raises that is not a user error: one line naming it and where,
    # status 1 (not 2: a script can tell a bug from its own mistake).
    import argparse

    from bpelens.app.cli.errors import INTERNAL_ERROR, run_guarded

    monkeypatch.delenv("BPELENS_TRACEBACK", raising=False)
    status = run_guarded("no_such_command", argparse.Namespace())
    err = capsys.readouterr().err
    assert status == INTERNAL_ERROR == 1
    assert err.startswith("bpelens: error: internal error: ModuleNotFoundError")
    assert "BPELENS_TRACEBACK=1" in err and len(err.strip().splitlines()) == 1
    monkeypatch.setenv("BPELENS_TRACEBACK", "1")
    with pytest.raises(ModuleNotFoundError):
        run_guarded("no_such_command", argparse.Namespace())


def test_inspect_streamed_reads_as_the_report_made_whole():
    from bpelens.app.cli.inspect_command import render, render_lines
    from bpelens.app.demo_data import load_demo
    from bpelens.core import piece_traces

    tokenizer = load_demo("demo-multilingual-byte")
    text = "naïve café こんにちは 🙂👍🏽 lowest newest"
    whole = tokenizer.encode(text, trace=True)
    plain = tokenizer.encode(text)
    streamed = "\n".join(render_lines(tokenizer, plain, None, piece_traces(tokenizer, plain)))
    assert streamed == render(tokenizer, whole)
    assert list(piece_traces(tokenizer, plain)) == list(whole.traces)
