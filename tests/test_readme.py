"""Every code block of the README runs, and says what it prints.

The shell blocks run in one temporary folder, in order, with the installed `bpelens` on the
PATH (real tokenizer files linked in from ../shared/data under the names the README uses);
an output the README gives in a comment (`# {"ids": [13, 11], ...}`) must be in what the
command prints. The two set-up commands are not run here: `.ci/run` is what runs this test,
and the install line is what ../shared/tools/fresh-install-check and `.ci/smoke` try.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import HANG_SECONDS, REPO, SHARED_DATA

README = (REPO / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```(\w+)\n(.*?)```", README, flags=re.S)
SETUP = ("S=$([", ".ci/run")
TOKENIZERS = SHARED_DATA / "tokenizers"


def shell_blocks() -> list[str]:
    return [body for lang, body in BLOCKS if lang == "sh"
            and not body.strip().startswith(SETUP)]


def test_the_setup_blocks_are_the_two_commands():
    setup = [body.strip() for lang, body in BLOCKS if lang == "sh"
             and body.strip().startswith(SETUP)]
    assert len(setup) == 2
    install, tests = setup
    assert "apt-get install" in install and "sudo" in install and 'id -u' in install
    assert ".venv/bin/pip install ." in install and install.endswith(".venv/bin/bpelens")
    assert tests == ".ci/run"


@pytest.mark.parametrize("index", range(sum(lang == "python" for lang, _ in BLOCKS)))
def test_python_blocks_run(index: int, tmp_path: Path) -> None:
    code = [body for lang, body in BLOCKS if lang == "python"][index]
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr[-2000:]


def expected_in(comment: str) -> list[str]:
    """What a README comment says the output holds: its JSON fields (`"ids": [13, 11]`)."""
    return re.findall(r'"\w+": (?:\[[^\].]*\]|"[^"]*")', comment)


def test_shell_blocks_run_and_print_what_they_say(tmp_path: Path) -> None:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"../shared/data is not here ({SHARED_DATA}); the README's examples "
                    "use real tokenizer files")
    home = tmp_path / "home"
    snapshot = home / ".cache/huggingface/hub/models--Qwen--Qwen3-8B/snapshots/0123abc"
    snapshot.mkdir(parents=True)
    (snapshot / "tokenizer.json").symlink_to(TOKENIZERS / "hf" / "qwen3.tokenizer.json")
    work = tmp_path / "work"
    work.mkdir()
    (work / "o200k_base.tiktoken").symlink_to(TOKENIZERS / "tiktoken" / "o200k_base.tiktoken")
    (work / "tokenizer.model").symlink_to(
        TOKENIZERS / "sentencepiece" / "kyoto_ja_unigram_8000.model")
    (work / "NTREX-128.tar.xz").symlink_to(
        SHARED_DATA / "parallel" / "ntrex128" / "NTREX-128.tar.xz")
    env = {**os.environ, "HOME": str(home),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    ran = 0
    for block in shell_blocks():
        for line in block.strip().splitlines():
            command, _, comment = line.partition("   # ")
            done = subprocess.run(["bash", "-c", "set -o pipefail; " + command], cwd=work,
                                  env=env, capture_output=True, text=True,
                                  timeout=HANG_SECONDS)
            assert done.returncode == 0, f"{command}: {done.stderr[-1000:]}"
            assert "Traceback" not in done.stderr, command
            for fragment in expected_in(comment):
                assert fragment in done.stdout, f"{command}: {fragment} not in the output"
            ran += 1
    assert ran >= 13
