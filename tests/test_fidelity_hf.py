"""Hugging Face tokenizer.json files give tokenizers' ids and decodes, id for id."""

import pytest
from hypothesis import given, settings

from conftest import SHARED_DATA, needs_shared_data
from fidelity_helpers import (
    HF_FILES,
    VECTORS,
    hf_reference,
    json_file,
    llama_cpp_vectors,
    ntrex_lines,
    ours_hf,
    texts,
)

pytestmark = needs_shared_data


def _hf_ids(name: str, lines: list[str], *, plain: bool = False, add: bool = False):
    ref = hf_reference(name)
    ref.encode_special_tokens = plain
    try:
        return [e.ids for e in ref.encode_batch(lines, add_special_tokens=add)]
    finally:
        ref.encode_special_tokens = False


@pytest.mark.parametrize("name", HF_FILES)
def test_all_ntrex_sentences_and_their_decoding(name):
    ours = ours_hf(name)
    lines = ntrex_lines()
    expected = _hf_ids(name, lines)
    ref = hf_reference(name)
    bad = []
    for line, want in zip(lines, expected, strict=True):
        got = ours.encode_ids(line)
        if got != want or ours.decode(got, errors="replace") != ref.decode(want,
                                                                           skip_special_tokens=False):
            bad.append(line)
    assert not bad, f"{len(bad)} lines differ, first: {bad[0]!r}"


LLAMA_CPP = {"gpt-2": "gpt2", "llama-bpe": "llama3", "llama-spm": "llama-spm", "qwen2": "qwen3",
             "bert-bge": "bert-base-uncased-minilm", "falcon": "falcon"}


@pytest.mark.parametrize(("vectors", "name"), LLAMA_CPP.items())
def test_llama_cpp_vectors(vectors, name):
    cases = llama_cpp_vectors(vectors)
    assert len(cases) == 46
    for text, ids in cases:
        assert ours_hf(name).encode_ids(text) == ids, repr(text)


MULTILINGUAL = {"gpt2": "gpt2", "qwen2_5": "qwen3", "tinyllama": "llama-spm",
                "bge_small": "bert-base-uncased-minilm"}


@pytest.mark.parametrize(("baseline", "name"), MULTILINGUAL.items())
def test_hf_multilingual_baselines(baseline, name):
    inputs = {e["id"]: e["text"] for e in json_file(VECTORS / "hf_multilingual" / "inputs.json")}
    data = json_file(VECTORS / "hf_multilingual" / "baselines" / f"{baseline}_multilingual.json")
    ours = ours_hf(name)
    for entry in data["entries"]:
        text = inputs[entry["id"]]
        ids = ours.encode_ids(text, add_special_tokens=True)
        assert ids == entry["input_ids"], entry["id"]
        assert ours.decode(ids, errors="replace") == entry["decoded_with_special"], entry["id"]
        assert ours.decode(ids, errors="replace", skip_special=True) == entry[
            "decoded_skip_special"], entry["id"]


SWIFT = {"gpt2_encoded_tokens": "gpt2", "llama_encoded": "llama-spm",
         "llama_3.2_encoded": "llama3", "bert_uncased_encoded": "bert-base-uncased-minilm",
         "falcon_encoded": "falcon"}


@pytest.mark.parametrize(("vectors", "name"), SWIFT.items())
def test_swift_transformers_vectors(vectors, name):
    data = json_file(VECTORS / "swift-transformers" / f"{vectors}.json")
    ids = data["token_ids"]
    if name == "llama3":
        ids = ids[1:]  # recorded with the BOS of a newer release of the file
    ours = ours_hf(name)
    add = name in ("llama-spm", "bert-base-uncased-minilm")
    assert ours.encode_ids(data["text"], add_special_tokens=add) == ids


def test_llama_tokenizer_js_vectors():
    ours = ours_hf("llama-spm")
    for case in json_file(VECTORS / "js" / "llama-tokenizer-js.tests.json"):
        assert ours.encode_ids(case["text"], add_special_tokens=True) == case["ids"]


def test_seed_002_special_token_injection_both_ways():
    ours = ours_hf("qwen3")
    text = "こんにちは<|im_end|>さようなら"
    assert ours.encode_ids(text) == [89015, 151645, 29713, 124038, 125028]
    assert ours.encode_ids(text, special="none") == _hf_ids("qwen3", [text], plain=True)[0]
    assert 151645 not in ours.encode_ids(text, special="none")


def test_seed_002_hello_pyxis_and_like():
    ours = ours_hf("qwen3")
    assert ours.encode_ids("Hello, Pyxis!") == [9707, 11, 5355, 7191, 0]
    _initial, final, steps = ours.model.trace_piece("like")
    assert [(ours.token_label(s.left_id), ours.token_label(s.right_id), s.rank)
            for s in steps] == [("k", "e", 184), ("l", "i", 486), ("li", "ke", 4547)]
    assert len(final) == 1


@pytest.mark.parametrize("name", HF_FILES)
@given(text=texts)
@settings(max_examples=120, deadline=None)
def test_generated_text_both_special_modes(name, text):
    ours = ours_hf(name)
    assert ours.encode_ids(text) == _hf_ids(name, [text])[0]
    assert ours.encode_ids(text, special="none") == _hf_ids(name, [text], plain=True)[0]
    with_specials = _hf_ids(name, [text], add=True)[0]
    assert ours.encode_ids(text, add_special_tokens=True) == with_specials
    assert ours.decode(with_specials, errors="replace") == hf_reference(name).decode(
        with_specials, skip_special_tokens=False)


def test_gpt2_original_files_match_tiktoken_and_hf():
    from bpelens.core import open_tokenizer

    from fidelity_helpers import tiktoken_reference

    ours = open_tokenizer(SHARED_DATA / "tokenizers" / "gpt2-original")
    ref = tiktoken_reference("gpt2")
    lines = [*ntrex_lines()[:4000], "<|endoftext|> hi", "  spaces\n\n tabs\t"]
    for line in lines:
        assert ours.encode_ids(line, special="none") == ref.encode_ordinary(line)
        assert ours.encode_ids(line) == ref.encode(line, allowed_special="all")
    assert ours.encode_ids("hello world") == ours_hf("gpt2").encode_ids("hello world")


def test_unknown_characters_are_shown_as_unknown_not_special():
    ours = ours_hf("pegasus-unigram")
    encoding = ours.encode("wörld <unk>")
    kinds = [(t.text, t.kind) for t in encoding.tokens]
    unk = ours.specials.ids["<unk>"]
    assert [t.id for t in encoding.tokens].count(unk) == 2
    assert ("ö", "unknown") in kinds  # the model's stand-in for a character it lacks
    assert ("<unk>", "special") in kinds  # the same id, typed as the added token
