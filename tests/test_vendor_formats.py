"""Tokenizers as their vendors ship them, recognised by content whatever their names: Meta's
Llama 3 and Llama 4 ``tokenizer.model`` rank files (against Meta's own ``llama_models``),
Mistral's ``tekken.json`` (against ``mistral_common``'s Tekkenizer) and its SentencePiece
files named ``*.model.vN`` (against ``sentencepiece``) — the real files those packages ship."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import llama_models
import mistral_common
import pytest
import sentencepiece
from hypothesis import given, settings
from llama_models.llama3.tokenizer import Tokenizer as Llama3Reference
from llama_models.llama4.tokenizer import Tokenizer as Llama4Reference
from mistral_common.tokens.tokenizers.tekken import Tekkenizer

from bpelens.core import TokenizerFileError, open_tokenizer

from cli_helpers import bpelens
from conftest import SHARED_DATA
from fidelity_helpers import texts

LLAMA = Path(llama_models.__file__).parent
MISTRAL = Path(mistral_common.__file__).parent / "data"
TEKKEN = sorted(MISTRAL.glob("tekken_*.json"))
SENTENCEPIECE_VERSIONS = sorted(MISTRAL.glob("*.model.v*"))
REFERENCES = {"llama3": Llama3Reference, "llama4": Llama4Reference}
# Text in many scripts, written here (../shared/data may be absent).
SAMPLES = [
    "Hello world! 1234567  \n\n  x", "naïve café, 東京都の天気は晴れ。", "नमस्ते दुनिया 🙂👍🏽",
    "Привет, мир! Ça va? ¿Qué tal?", "مرحبا بالعالم", "def f(x):\n\treturn x**2  # ok",
    "   leading and trailing   ", "I'm sure they'll've DONE it", "😀😃😄 emoji ZWJ 👨‍👩‍👧",
]


def real_lines() -> list[str]:
    folder = SHARED_DATA / "parallel" / "ntrex128"
    lines = list(SAMPLES)
    for path in sorted(folder.glob("*.txt"))[:26]:
        lines += path.read_text(encoding="utf-8").replace("\r", "").split("\n")[:40]
    return [line for line in lines if line]


# -- Meta's rank files ----------------------------------------------------------------------
@pytest.mark.parametrize("version", ["llama3", "llama4"])
def test_metas_tokenizer_model_is_recognised_and_gives_metas_ids(version):
    path = LLAMA / version / "tokenizer.model"
    ours = open_tokenizer(path)
    reference = REFERENCES[version](path)
    assert ours.source.format == "tiktoken" and ours.source.encoding == version
    for line in real_lines():
        assert ours.encode_ids(line, special="none") == reference.encode(
            line, bos=False, eos=False), line
    for name, tid in reference.special_tokens.items():
        assert ours.encode_ids(name) == [tid], name
    assert ours.encode_ids("Hi", add_special_tokens=False) == reference.encode(
        "Hi", bos=False, eos=False)


@given(texts)
@settings(max_examples=150, deadline=None)
def test_llama3_on_generated_text(text):
    ours, reference = _llama3()
    assert ours.encode_ids(text, special="none") == reference.encode(text, bos=False, eos=False)


_CACHE: dict[str, object] = {}


def _llama3():
    if "llama3" not in _CACHE:
        path = LLAMA / "llama3" / "tokenizer.model"
        _CACHE["llama3"] = (open_tokenizer(path), Llama3Reference(path))
    return _CACHE["llama3"]


def test_a_rank_file_under_any_name_takes_a_pattern(tmp_path):
    """Meta's file renamed: unknown by name, known by its hash; with --pattern it is read as
    ranks with that pattern (before, every .model went to the SentencePiece reader)."""
    renamed = tmp_path / "tokenizer.model"
    shutil.copy(LLAMA / "llama3" / "tokenizer.model", renamed)
    assert open_tokenizer(renamed).source.encoding == "llama3"
    done = bpelens("encode", "-t", str(renamed), "--pattern", r"\S+|\s+", "hello world")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ids"] == [15339, 220, 14957]


def test_a_pattern_for_a_sentencepiece_model_is_refused_in_one_line(tmp_path):
    model = SENTENCEPIECE_VERSIONS[0]
    done = bpelens("encode", "-t", str(model), "--pattern", r"\S+", "hello")
    assert done.returncode == 2
    assert "--pattern is for tiktoken rank files" in done.stderr
    assert "SentencePiece" in done.stderr and done.stderr.count("\n") == 1, done.stderr


# -- Mistral ----------------------------------------------------------------------------------
@pytest.mark.parametrize("path", TEKKEN, ids=lambda p: p.name)
def test_tekken_gives_the_tekkenizers_ids(path):
    ours = open_tokenizer(path)
    reference = Tekkenizer.from_file(str(path))
    assert ours.source.format == "tekken"
    for line in [*real_lines(), "[INST] <s> special text stays text"]:
        assert ours.encode_ids(line, special="none") == reference.encode(
            line, bos=False, eos=False), line
    assert ours.encode_ids("Hi", special="none", add_special_tokens=True) == reference.encode(
        "Hi", bos=True, eos=False)
    assert ours.vocab_size == reference.n_words


@pytest.mark.parametrize("path", SENTENCEPIECE_VERSIONS, ids=lambda p: p.name)
def test_mistrals_versioned_sentencepiece_files_open(path):
    ours = open_tokenizer(path)
    reference = sentencepiece.SentencePieceProcessor(model_file=str(path))
    for line in real_lines():
        assert ours.encode_ids(line, special="none") == reference.encode(line), line


def test_a_sentencepiece_model_under_any_name_is_read_by_its_content(tmp_path):
    renamed = tmp_path / "weights.bin"
    shutil.copy(SENTENCEPIECE_VERSIONS[0], renamed)
    assert open_tokenizer(renamed).source.format == "sentencepiece"


def _tekken(tmp_path: Path, **config) -> Path:
    doc = {"config": {"pattern": r"\S+|\s+", "num_vocab_tokens": 256,
                      "default_vocab_size": 260, "default_num_special_tokens": 3,
                      "version": "v3", **config},
           "vocab": [{"rank": i, "token_bytes": __import__("base64").b64encode(
               bytes([i])).decode(), "token_str": None} for i in range(256)]}
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_small_tekken_file(tmp_path):
    tokenizer = open_tokenizer(_tekken(tmp_path))
    assert tokenizer.encode_ids("ab", special="none") == [3 + 97, 3 + 98]
    assert tokenizer.encode_ids("<s>") == [1]  # the standard specials when none are listed
    assert tokenizer.vocab_size == 259  # 3 specials + 256 ranks (the file allows 260)


@pytest.mark.parametrize(("change", "words"), [
    ({"version": "v99"}, "config.version is 'v99'"),
    ({"default_num_special_tokens": 300}, "default_num_special_tokens 300"),
    ({"pattern": 5}, "config.pattern must be a regex"),
])
def test_a_broken_tekken_file_is_one_line(tmp_path, change, words):
    path = _tekken(tmp_path, **change)
    with pytest.raises(TokenizerFileError) as raised:
        open_tokenizer(path)
    assert words in str(raised.value) and str(path) in str(raised.value)
