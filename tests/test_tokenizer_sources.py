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


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is not here")
@pytest.mark.parametrize(("relative", "fmt", "fact"), [
    ("tiktoken/o200k_base.tiktoken", "tiktoken", ("encoding", "o200k_base")),
    ("hf/gpt2.tokenizer.json", "tokenizer.json", None),
    ("sentencepiece/botchan_en_unigram_1000.model", "sentencepiece", ("model_type", "UNIGRAM")),
    ("gpt2-original/vocab.bpe", "encoder.json+vocab.bpe", None),
])
def test_a_tokenizer_knows_the_file_it_came_from(relative, fmt, fact):
    from bpelens.core import Origin

    path = SHARED_DATA / "tokenizers" / relative
    origin = open_tokenizer(path).source
    assert isinstance(origin, Origin) and origin.format == fmt
    if fmt == "encoder.json+vocab.bpe":
        assert origin.path == str(path.parent)
        return
    assert origin.path == str(path)
    assert origin.sha256 == hashlib.sha256(path.read_bytes()).hexdigest()
    if fact is not None:
        assert getattr(origin, fact[0]) == fact[1]
    if fmt == "tokenizer.json":
        document = origin.document
        assert document is not None and document["model"]["type"] == "BPE"
        assert "vocab" not in document["model"] and "merges" not in document["model"]
