"""GGUF files: llama.cpp's own test pairs reproduced id for id on its six vocabulary files,
the same ids as each model's tokenizer.json (official ``tokenizers``) on real text, a model
file of gigabytes opened from its header alone, and every kind of broken file refused in one
line naming the file and the key."""

from __future__ import annotations

import os
import struct
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from gguf import GGUFReader, GGUFValueType, GGUFWriter

from bpelens.core import TokenizerFileError, open_tokenizer

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import hf_reference, llama_cpp_vectors, ntrex_lines

GGUF_DIR = SHARED_DATA / "tokenizers" / "gguf"
NAMES = ["llama-spm", "gpt-2", "falcon", "llama-bpe", "qwen2", "bert-bge"]
# The same model's tokenizer.json in ../shared/data/tokenizers/hf.
TOKENIZER_JSON = {"llama-spm": "llama-spm", "gpt-2": "gpt2", "falcon": "falcon",
                  "llama-bpe": "llama3", "qwen2": "qwen3", "bert-bge": "bert-base-uncased-minilm"}
T = GGUFValueType


def gguf_path(name: str) -> Path:
    return GGUF_DIR / f"ggml-vocab-{name}.gguf"


_OPENED: dict[str, object] = {}


def opened(name: str):
    if name not in _OPENED:
        _OPENED[name] = open_tokenizer(gguf_path(name))
    return _OPENED[name]


# -- llama.cpp's pairs and the tokenizer.json of the same model ----------------------------
@needs_shared_data
@pytest.mark.parametrize("name", NAMES)
def test_llama_cpp_pairs(name):
    """test-tokenizer-0: no special tokens added, none parsed (user-defined ones are)."""
    tokenizer = opened(name)
    cases = llama_cpp_vectors(name)
    assert len(cases) == 46
    wrong = [(text, tokenizer.encode_ids(text, special="none"), ids) for text, ids in cases
             if tokenizer.encode_ids(text, special="none") != ids]
    assert not wrong, wrong[:3]


# What llama.cpp adds with add_special: SPM and llama-bpe a BOS, WordPiece CLS … SEP.
ADDED = {"llama-spm": ([1], []), "gpt-2": ([], []), "falcon": ([], []),
         "llama-bpe": ([128000], []), "qwen2": ([], []), "bert-bge": ([101], [102])}


@needs_shared_data
@pytest.mark.parametrize("name", NAMES)
def test_special_tokens_added_as_llama_cpp_adds_them(name):
    before, after = ADDED[name]
    tokenizer = opened(name)
    for text, ids in llama_cpp_vectors(name)[:10]:
        assert tokenizer.encode_ids(text, special="none", add_special_tokens=True) == [
            *before, *ids, *after]


@needs_shared_data
@pytest.mark.parametrize("name", NAMES)
def test_same_ids_as_the_models_tokenizer_json_on_real_text(name):
    reference = hf_reference(TOKENIZER_JSON[name])
    tokenizer = opened(name)
    lines = [line for line in ntrex_lines()[::20] if line]
    if name == "qwen2":
        # Qwen's tokenizer.json normalizes to NFC, llama.cpp does not normalize: they agree
        # on NFC text (and test_runtime_diff shows where they part).
        lines = [unicodedata.normalize("NFC", line) for line in lines]
    assert len(lines) > 2000
    expected = [e.ids for e in reference.encode_batch(lines, add_special_tokens=False)]
    wrong = [(line, tokenizer.encode_ids(line, special="none"), ids)
             for line, ids in zip(lines, expected, strict=True)
             if tokenizer.encode_ids(line, special="none") != ids]
    assert not wrong, wrong[:2]


@needs_shared_data
def test_what_the_file_says_is_kept():
    qwen = opened("qwen2")
    assert "default" in qwen.chat_templates and "<|im_start|>" in qwen.chat_templates["default"]
    assert qwen.source.format == "gguf" and qwen.source.model_type == "gpt2"
    # 290 user-defined [PADn] tokens are recognised whatever the special-token mode
    assert qwen.encode_ids("a[PAD151646]b", special="none")[1] == 151646


# -- a model file of gigabytes ---------------------------------------------------------------
def _copy_keys(reader: GGUFReader, writer: GGUFWriter) -> None:
    for key, field in reader.fields.items():
        if key.startswith("GGUF.") or key == "general.architecture":
            continue
        main = field.types[0]
        if main == T.ARRAY:
            sub = field.types[-1]
            values = field.contents()
            writer.add_key_value(key, values, T.ARRAY, sub_type=sub)
        else:
            writer.add_key_value(key, field.contents(), main)


@needs_shared_data
def test_a_model_file_of_gigabytes_opens_from_its_header(tmp_path):
    """The header of a real vocabulary, then tensors whose data (4 GiB, sparse) is never read:
    the tokenizer is the vocabulary file's."""
    source = GGUFReader(gguf_path("llama-spm"))
    path = tmp_path / "model-q4.gguf"
    writer = GGUFWriter(path, "llama")
    _copy_keys(source, writer)
    for index in range(4):
        writer.add_tensor_info(f"blk.{index}.weight", (1 << 28,), np.dtype(np.float32),
                               1 << 30)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    with path.open("r+b") as handle:
        handle.truncate((4 << 30) + path.stat().st_size)
    assert path.stat().st_size > 4 << 30
    tokenizer = open_tokenizer(path)
    assert tokenizer.source.trainer["tensors"] == 4
    for text, ids in llama_cpp_vectors("llama-spm"):
        assert tokenizer.encode_ids(text, special="none") == ids


# -- broken files ------------------------------------------------------------------------------
def write_gguf(path: Path, keys: list[tuple[str, object, GGUFValueType, GGUFValueType | None]],
               tensors: int = 0) -> Path:
    writer = GGUFWriter(path, "llama")
    for key, value, kind, sub in keys:
        writer.add_key_value(key, value, kind, sub_type=sub)
    for index in range(tensors):
        writer.add_tensor(f"t{index}", np.zeros(4, dtype=np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


def small_spm(**changes) -> list:
    """A tiny SentencePiece-BPE vocabulary as llama.cpp writes one; ``changes`` replace keys
    (None removes one)."""
    tokens = ["<unk>", "<s>", "</s>", "\u2581", "a", "b", "\u2581a"]
    keys = {
        "tokenizer.ggml.model": ("llama", T.STRING, None),
        "tokenizer.ggml.tokens": (tokens, T.ARRAY, T.STRING),
        "tokenizer.ggml.scores": ([0.0, 0.0, 0.0, -1.0, -2.0, -3.0, -0.5], T.ARRAY, T.FLOAT32),
        "tokenizer.ggml.token_type": ([2, 3, 3, 1, 1, 1, 1], T.ARRAY, T.INT32),
        "tokenizer.ggml.bos_token_id": (1, T.UINT32, None),
    }
    for key, value in changes.items():
        key = "tokenizer.ggml." + key
        if value is None:
            keys.pop(key)
        else:
            keys[key] = value
    return [(k, v, kind, sub) for k, (v, kind, sub) in keys.items()]


def refused(path: Path, *words: str) -> str:
    with pytest.raises(TokenizerFileError) as raised:
        open_tokenizer(path)
    message = str(raised.value)
    assert str(path) in message and "\n" not in message, message
    for word in words:
        assert word in message, message
    return message


def test_the_small_vocabulary_opens(tmp_path):
    tokenizer = open_tokenizer(write_gguf(tmp_path / "ok.gguf", small_spm()))
    assert tokenizer.encode_ids("ab a", special="none") == [6, 5, 6]


BAD = {
    "no model key": (small_spm(model=None), "tokenizer.ggml.model"),
    "rwkv": (small_spm(model=("rwkv", T.STRING, None)), "'rwkv'"),
    "tokens not an array": (small_spm(tokens=("abc", T.STRING, None)), "tokenizer.ggml.tokens"),
    "tokens of numbers": (small_spm(tokens=([1, 2, 3], T.ARRAY, T.INT32)), "array of int32"),
    "scores too short": (small_spm(scores=([0.0], T.ARRAY, T.FLOAT32)), "1 entries for 7"),
    "token type 9": (small_spm(token_type=([2, 3, 3, 1, 1, 1, 9], T.ARRAY, T.INT32)),
                     "token_type[6] is 9"),
    "bos id a string": (small_spm(bos_token_id=("1", T.STRING, None)), "bos_token_id"),
    "bos id past the end": (small_spm(bos_token_id=(70, T.UINT32, None)), "70"),
    "no scores": (small_spm(scores=None), "tokenizer.ggml.scores"),
    "a token twice": (small_spm(tokens=(["<unk>", "<s>", "</s>", "\u2581", "a", "a", "b"],
                                        T.ARRAY, T.STRING)), "again"),
    "a tensor-only file": ([], "4 tensors and no tokenizer"),
}


@pytest.mark.parametrize("problem", list(BAD))
def test_a_broken_gguf_is_one_line_naming_the_key(problem, tmp_path):
    keys, words = BAD[problem]
    path = write_gguf(tmp_path / "broken.gguf", keys, tensors=4 if not keys else 0)
    refused(path, words)


def test_bpe_needs_merges_and_a_known_pre_tokenizer(tmp_path):
    base = [("tokenizer.ggml.model", "gpt2", T.STRING, None),
            ("tokenizer.ggml.tokens", [chr(c) for c in range(33, 127)] + ["ab"], T.ARRAY,
             T.STRING)]
    refused(write_gguf(tmp_path / "a.gguf", base), "tokenizer.ggml.merges")
    merges = [("tokenizer.ggml.merges", ["a b"], T.ARRAY, T.STRING)]
    refused(write_gguf(tmp_path / "b.gguf", [*base, *merges, (
        "tokenizer.ggml.pre", "not-a-pre-tokenizer", T.STRING, None)]), "'not-a-pre-tokenizer'",
        "llama.cpp does not know")
    refused(write_gguf(tmp_path / "c.gguf", [*base, ("tokenizer.ggml.merges", ["ab"], T.ARRAY,
                                                      T.STRING)]), "merges[0]")
    # without a pre-tokenizer name: llama.cpp's default regexes, and a note saying so
    tokenizer = open_tokenizer(write_gguf(tmp_path / "d.gguf", [*base, *merges]))
    assert tokenizer.encode_ids("ab", special="none") == [94]
    assert any("tokenizer.ggml.pre is missing" in note for note in tokenizer.load_notes)


@needs_shared_data
def test_truncated_at_every_key(tmp_path):
    """Cut at each key's start, one byte into it and in the middle of its value."""
    source = gguf_path("llama-spm")
    data = source.read_bytes()
    reader = GGUFReader(source)
    starts = sorted(f.offset for f in reader.fields.values() if not f.name.startswith("GGUF."))
    ends = [*starts[1:], len(data)]
    cuts = {0, 3, 10, 23}
    for start, end in zip(starts, ends, strict=True):
        cuts |= {start, start + 1, (start + end) // 2, end - 1}
    for cut in sorted(cuts):
        path = tmp_path / f"cut-{cut}.gguf"
        path.write_bytes(data[:cut])
        refused(path)


@needs_shared_data
def test_absurd_counts_are_refused_before_they_are_used(tmp_path):
    source = gguf_path("llama-spm")
    data = bytearray(source.read_bytes())
    tokens = GGUFReader(source).fields["tokenizer.ggml.tokens"]
    # key length, key, value type (ARRAY), item type (STRING), then the item count
    count_at = tokens.offset + 8 + len("tokenizer.ggml.tokens") + 4 + 4
    assert struct.unpack_from("<Q", data, count_at)[0] == 32000
    struct.pack_into("<Q", data, count_at, 1 << 60)
    path = tmp_path / "many-tokens.gguf"
    path.write_bytes(data)
    refused(path, "an array of", "truncated or corrupt")

    data = bytearray(source.read_bytes())
    struct.pack_into("<Q", data, 16, 1 << 40)  # the key count
    path = tmp_path / "many-keys.gguf"
    path.write_bytes(data)
    refused(path, "keys, more than the file can hold")

    data = bytearray(source.read_bytes())
    template_like = GGUFReader(source).fields["general.name"]
    length_at = template_like.offset + 8 + len("general.name") + 4
    struct.pack_into("<Q", data, length_at, 1 << 50)
    path = tmp_path / "long-string.gguf"
    path.write_bytes(data)
    refused(path, "general.name")


def test_not_gguf_and_other_versions(tmp_path):
    path = tmp_path / "v1.gguf"
    path.write_bytes(b"GGUF" + struct.pack("<I", 1) + b"\0" * 64)
    refused(path, "version")


def test_the_command_line_says_it_in_one_line(tmp_path):
    path = write_gguf(tmp_path / "rwkv.gguf", small_spm(model=("rwkv", T.STRING, None)))
    done = bpelens("encode", "-t", str(path), "hello")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "'rwkv'" in done.stderr, done.stderr


# -- the disk cache ------------------------------------------------------------------------------
def test_a_second_open_comes_from_the_cache_unless_the_header_changed(tmp_path, monkeypatch):
    from bpelens.core.formats import gguf_reading

    monkeypatch.setenv("BPELENS_CACHE", "1")
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path / "cache"))
    path = write_gguf(tmp_path / "small.gguf", small_spm())
    first = open_tokenizer(path).encode_ids("ab a", special="none")
    read = gguf_reading._read
    calls = []
    monkeypatch.setattr(gguf_reading, "_read", lambda p: calls.append(p) or read(p))
    assert open_tokenizer(path).encode_ids("ab a", special="none") == first
    assert calls == []  # from the cache
    # the same size and time, another token: read again, never the stale entry
    info = path.stat()
    data = path.read_bytes()
    path.write_bytes(data.replace("\u2581a".encode(), "\u2581b".encode()))
    os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns))
    assert path.stat().st_size == info.st_size
    assert open_tokenizer(path).encode_ids("ab a", special="none") != first
    assert calls == [path]
