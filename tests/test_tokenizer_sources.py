"""Tokenizers already on the machine: a Hugging Face hub cache and tiktoken's cache."""

from __future__ import annotations

import hashlib
import shutil

import pytest

from bpelens.app.demo_data import load_demo
from bpelens.core import open_tokenizer
from bpelens.core.formats.export import save_hf_json
from bpelens.core.formats.tokenizer_sources import find_huggingface, find_tiktoken

from conftest import SHARED_DATA


def fake_hub(root):
    snapshot = root / "models--org--tiny" / "snapshots" / "abc123"
    snapshot.mkdir(parents=True)
    save_hf_json(load_demo("demo-multilingual-byte"), snapshot / "tokenizer.json")
    (root / "models--org--empty" / "snapshots" / "def").mkdir(parents=True)  # no tokenizer
    (root / "datasets--org--data").mkdir()
    return root


def test_hugging_face_cache_entries_with_a_tokenizer(tmp_path):
    found = find_huggingface(fake_hub(tmp_path))
    assert [(f.name, f.origin) for f in found] == [("org/tiny", "huggingface-cache")]
    tokenizer = open_tokenizer(found[0].path)
    assert tokenizer.name == "org/tiny"
    assert tokenizer.encode_ids("hello 猫") == load_demo("demo-multilingual-byte").encode_ids(
        "hello 猫")


def test_missing_caches_are_empty(tmp_path):
    assert find_huggingface(tmp_path / "absent") == []
    assert find_tiktoken(tmp_path / "absent") == []


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is not here")
def test_tiktoken_cache_files_are_recognised_by_content(tmp_path):
    source = SHARED_DATA / "tokenizers" / "tiktoken" / "cl100k_base.tiktoken"
    # tiktoken names cached files by the SHA-1 of their URL: no hint in the name
    cached = tmp_path / hashlib.sha1(b"https://example/cl100k_base.tiktoken").hexdigest()
    shutil.copy(source, cached)
    (tmp_path / "unrelated").write_bytes(b"not a rank file")
    found = find_tiktoken(tmp_path)
    assert [(f.name, f.encoding, f.path) for f in found] == [("cl100k_base", "cl100k_base",
                                                             cached)]
    assert open_tokenizer(cached).encode_ids("hello world") == [15339, 1917]
