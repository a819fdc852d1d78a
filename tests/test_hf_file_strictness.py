"""tokenizer.json files mutated field by field: BPE Lens accepts what Hugging Face accepts and
gives the same ids, and refuses what it refuses with one line naming the file and the field.

Hugging Face itself runs in a subprocess (tests/hf_reference_worker.py): some malformed files
abort its process. Where BPE Lens is deliberately stricter than HF, the refusal must say why
in one of the ways listed in STRICTER.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from bpelens.core import BpeLensError
from bpelens.core.formats.hf_json import load_hf_tokenizer

from conftest import SHARED_DATA, needs_shared_data
from hf_file_mutations import TEXTS, mutated, small_copy

HF_FILES = sorted((SHARED_DATA / "tokenizers" / "hf").glob("*.tokenizer.json"))
WORKER = Path(__file__).with_name("hf_reference_worker.py")
# What BPE Lens refuses although Hugging Face accepts it, each for a reason the message gives.
STRICTER = (
    r"both have id \d+; each id must belong to one token",  # HF keeps one of them at random
    r"is not supported by BPE Lens",  # a component BPE Lens does not implement
    r"BPE-dropout is random",
    r"the largest id BPE Lens supports",
)


class Reference:
    """Hugging Face in a subprocess, restarted when a document kills it."""

    def __init__(self) -> None:
        self.process: subprocess.Popen[str] | None = None

    def answer(self, document: str) -> dict[str, Any]:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, str(WORKER), json.dumps(TEXTS)], stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                env={**os.environ, "RUST_BACKTRACE": "0"})
        assert self.process.stdin is not None and self.process.stdout is not None
        try:
            self.process.stdin.write(document + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except BrokenPipeError:
            line = ""
        if not line:
            self.process = None
            return {"error": "the library aborted"}
        return json.loads(line)

    def close(self) -> None:
        if self.process is not None:
            self.process.kill()


@pytest.fixture(scope="module")
def reference():
    ref = Reference()
    yield ref
    ref.close()


def ours(document: str, tmp: Path) -> tuple[list[list[int]] | None, str | None]:
    path = tmp / "tokenizer.json"
    path.write_text(document, encoding="utf-8")
    try:
        tokenizer = load_hf_tokenizer(path)
        return [tokenizer.encode_ids(t) for t in TEXTS], None
    except BpeLensError as exc:
        return None, str(exc)


def check_against_hf(document: dict[str, Any], what: str, reference: Reference,
                     tmp: Path) -> None:
    text = json.dumps(document)
    theirs = reference.answer(text)
    ids, error = ours(text, tmp)
    if error is not None:
        assert "\n" not in error and str(tmp) in error, error  # one line, naming the file
        if "ids" in theirs:
            assert any(re.search(p, error) for p in STRICTER), (
                f"{what}: Hugging Face accepts the file, BPE Lens refuses it: {error}")
    else:
        assert "ids" in theirs, f"{what}: Hugging Face refuses the file ({theirs['error']}), " \
                                "BPE Lens accepts it"
        assert ids == theirs["ids"], f"{what}: ids differ from Hugging Face's"


@needs_shared_data
@pytest.mark.parametrize("source", HF_FILES, ids=lambda p: p.name)
def test_real_files_mutated_field_by_field(source: Path, reference: Reference,
                                           tmp_path_factory, monkeypatch) -> None:
    monkeypatch.setenv("BPELENS_CACHE", "0")
    base = small_copy(source)
    tmp = tmp_path_factory.mktemp("mutated")
    check_against_hf(base, "unchanged", reference, tmp)

    @settings(max_examples=70, deadline=None)
    @given(mutated(base))
    def one(case: tuple[dict[str, Any], str]) -> None:
        document, what = case
        check_against_hf(document, what, reference, tmp)

    one()
