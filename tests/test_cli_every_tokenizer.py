"""Every subcommand on every real tokenizer in ../shared/data: an answer or a one-line
refusal (exit 2), never a traceback.

SentencePiece ``.model`` files are included: until their loader lands they fail here, which is
the point (they must work from the command line the day they load).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_helpers import assert_clean_outcome, bpelens, bpelens_bytes
from conftest import SHARED_DATA

TOKENIZERS = SHARED_DATA / "tokenizers"


def real_tokenizers() -> list[Path]:
    if not TOKENIZERS.is_dir():
        return []
    return [
        *sorted((TOKENIZERS / "tiktoken").glob("*.tiktoken")),
        *sorted((TOKENIZERS / "hf").glob("*.tokenizer.json")),
        TOKENIZERS / "gpt2-original",
        *sorted((TOKENIZERS / "sentencepiece").glob("*.model")),
    ]


# Scripts, a special-token string of several families, whitespace runs, an emoji, and (on
# stdin) a byte that is not UTF-8.
TEXT = "Hello, wörld! 猫が好き 🙂 <|endoftext|> [CLS] <s> \t  x\n"
STDIN = TEXT.encode("utf-8") + b"\xff tail"

COMMANDS = {
    "encode": ["encode", TEXT],
    "encode --trace": ["encode", "--trace", TEXT],
    "encode --jsonl": ["encode", "--jsonl"],
    "decode": ["decode"],
    "inspect": ["inspect", TEXT],
    "inspect --json": ["inspect", "--json", TEXT],
    "export": ["export", "--format", "tokenizer.json"],
}

if not TOKENIZERS.is_dir():
    pytestmark = pytest.mark.skip(reason=f"../shared/data is not here ({SHARED_DATA})")


@pytest.fixture(scope="module", autouse=True)
def every_tokenizer_is_listed():
    found = real_tokenizers()
    kinds = {p.suffix or p.name for p in found}
    assert {".tiktoken", ".json", "gpt2-original", ".model"} <= kinds, kinds


@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("tokenizer", real_tokenizers(),
                         ids=lambda p: p.name.removesuffix(".tokenizer.json"))
def test_every_command_on_every_tokenizer(tokenizer, command, tmp_path):
    args = [*COMMANDS[command]]
    args[1:1] = ["-t", str(tokenizer)]
    if command == "decode":
        ids = _ids_of(tokenizer)
        if ids is None:  # a refusal to load, already checked by encode
            return
        args += [str(i) for i in ids]
    if command == "export":
        args += ["-o", str(tmp_path / "out.json")]
    if command == "encode --jsonl":
        lines = [json.dumps(TEXT), "", "not json", json.dumps("second line")]
        run = bpelens_bytes(*args, stdin=("\n".join(lines) + "\n").encode())
        assert_clean_outcome(run)
        out = run.stdout.decode("utf-8").splitlines()
        if not _refused_to_load(run):
            assert len(out) == len(lines)  # one answer per line, bad ones included
            answers = [json.loads(line) for line in out]
            assert "ids" in answers[0] and "ids" in answers[3]
            assert "error" in answers[1] and "error" in answers[2]
            assert run.returncode == 2  # some lines failed
        return
    if command == "encode":
        run = bpelens_bytes(*args[:-1], stdin=STDIN)  # the text on stdin, with a bad byte
        assert_clean_outcome(run)
    run = bpelens(*args)
    assert_clean_outcome(run)
    if command == "export":
        # Vocabulary + merges BPE is written (HF reads it back with the same ids:
        # test_export.py); a rank file, WordPiece, Unigram and SentencePiece are refused.
        writable = tokenizer.name.endswith(".tokenizer.json") and tokenizer.name not in (
            "bert-base-uncased-minilm.tokenizer.json", "pegasus-unigram.tokenizer.json")
        writable = writable or tokenizer.name == "gpt2-original"
        assert run.returncode == (0 if writable else 2), run.stderr
        assert (tmp_path / "out.json").exists() == writable
        if writable:
            document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
            assert document["model"]["type"] == "BPE" and document["model"]["merges"]
        elif not _refused_to_load(run):  # (a rank file no preset names does not load)
            assert "cannot be written as tokenizer.json" in run.stderr
        return
    if run.returncode == 0 and command != "inspect":
        data = json.loads(run.stdout)
        assert ("text" if command == "decode" else "ids") in data


def _refused_to_load(run) -> bool:
    return run.returncode == 2 and not run.stdout


def _ids_of(tokenizer: Path) -> list[int] | None:
    run = bpelens("encode", "-t", str(tokenizer), "--ids-only", TEXT)
    assert_clean_outcome(run)
    return json.loads(run.stdout)["ids"] if run.returncode == 0 else None
