"""tokenizer.json's normalizers and pre-tokenizers: what BPE Lens writes for a component reads
back as the same component (hf_json's slots read, hf_components writes)."""

from __future__ import annotations

import json

import pytest
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import ConfigError, make_normalizer, make_pretokenizer
from bpelens.core.formats.hf_components import hf_normalizer, hf_pretokenizer
from bpelens.core.formats.hf_json import build_normalizer, build_pretokenizer

from conftest import SHARED_DATA

HF_FILES = sorted((SHARED_DATA / "tokenizers" / "hf").glob("*.json")) if SHARED_DATA.is_dir() \
    else []
TEXT = "Héllo  wörld! ＡＢＣ 123 日本語\tcafé ﬁ 👍🏽 —  end "
# Components tokenizer.json has beyond those the real files use, as HF writes them.
MORE_NORMALIZERS = [
    {"type": "Strip", "strip_left": True, "strip_right": False},
    {"type": "Replace", "pattern": {"String": "  "}, "content": " "},
    {"type": "Prepend", "prepend": "▁"},
    {"type": "Sequence", "normalizers": [{"type": "NFKD"}, {"type": "StripAccents"},
                                         {"type": "Lowercase"}]},
]
MORE_PRE_TOKENIZERS = [
    {"type": "Whitespace"}, {"type": "WhitespaceSplit"},
    {"type": "Digits", "individual_digits": False},
    {"type": "Punctuation", "behavior": "Isolated"},
    {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first", "split": True},
    {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": "\\s+"}, "behavior": "Removed", "invert": False},
        {"type": "Digits", "individual_digits": True}]},
]


def _documents() -> list[tuple[str, dict]]:
    return [(path.name, json.loads(path.read_text(encoding="utf-8"))) for path in HF_FILES]


def _check(config: dict, build, write, kind: str) -> None:
    component = build(config)
    written = write(component)
    assert written is not None
    again = build(written)
    assert type(again) is type(component)
    assert write(again) == written
    # And Hugging Face reads what was written as it read the original.
    reference = HFTokenizer.from_str(json.dumps(_minimal(kind, config)))
    rewritten = HFTokenizer.from_str(json.dumps(_minimal(kind, written)))
    if kind == "normalizer":
        assert (rewritten.normalizer.normalize_str(TEXT)
                == reference.normalizer.normalize_str(TEXT))
    else:
        assert (rewritten.pre_tokenizer.pre_tokenize_str(TEXT)
                == reference.pre_tokenizer.pre_tokenize_str(TEXT))


def _minimal(kind: str, config: dict) -> dict:
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
            "normalizer": config if kind == "normalizer" else None,
            "pre_tokenizer": config if kind == "pre_tokenizer" else None,
            "post_processor": None, "decoder": None,
            "model": {"type": "WordLevel", "vocab": {"[UNK]": 0}, "unk_token": "[UNK]"}}


@pytest.mark.skipif(not HF_FILES, reason="../shared/data is not here")
@pytest.mark.parametrize("kind", ["normalizer", "pre_tokenizer"])
def test_every_real_files_component_is_written_as_it_reads(kind):
    build, write = ((build_normalizer, hf_normalizer) if kind == "normalizer"
                    else (build_pretokenizer, hf_pretokenizer))
    checked = 0
    for name, document in _documents():
        if document.get(kind) is not None:
            try:
                _check(document[kind], build, write, kind)
            except AssertionError as exc:
                raise AssertionError(f"{name}: {exc}") from exc
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("config", MORE_NORMALIZERS, ids=lambda c: c["type"])
def test_other_normalizers_are_written_as_they_read(config):
    _check(config, build_normalizer, hf_normalizer, "normalizer")


@pytest.mark.parametrize("config", MORE_PRE_TOKENIZERS, ids=lambda c: c["type"])
def test_other_pre_tokenizers_are_written_as_they_read(config):
    _check(config, build_pretokenizer, hf_pretokenizer, "pre_tokenizer")


def test_own_components_are_written_as_the_hugging_face_components_that_act_alike():
    normalizer = make_normalizer({"type": "sequence", "normalizers": ["nfkc", "lowercase"]})
    assert hf_normalizer(normalizer) == {"type": "Sequence", "normalizers": [
        {"type": "NFKC"}, {"type": "Lowercase"}]}
    reference = HFTokenizer.from_str(json.dumps(_minimal("normalizer",
                                                         hf_normalizer(normalizer))))
    assert reference.normalizer.normalize_str(TEXT) == normalizer.normalize_str(TEXT)
    pre = make_pretokenizer({"type": "sequence", "pretokenizers": ["digits", "o200k_base"]})
    reference = HFTokenizer.from_str(json.dumps(_minimal("pre_tokenizer", hf_pretokenizer(pre))))
    assert [p for p, _ in reference.pre_tokenizer.pre_tokenize_str(TEXT)] == pre.split_str(TEXT)


def test_a_component_without_an_equivalent_is_refused_by_name():
    from bpelens.core.pipeline.normalizers.sentencepiece import SentencePieceNormalizer

    normalizer = SentencePieceNormalizer.__new__(SentencePieceNormalizer)
    with pytest.raises(ConfigError, match=r"normalizer 'sentencepiece' has no tokenizer\.json "
                                          r"equivalent"):
        hf_normalizer(normalizer)
