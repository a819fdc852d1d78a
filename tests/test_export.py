"""Tokenizers trained in BPE Lens, exported, give the same ids in tokenizers and tiktoken."""

import json

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import ConfigError, TrainingConfig, open_tokenizer, train
from bpelens.core.formats.export import onig_pattern, save_hf_json, save_tiktoken, to_hf_json
from bpelens.core.formats.tiktoken_file import read_ranks

from fidelity_helpers import texts

CORPUS = [
    "The cat sat on the mat. The hat is flat! 1234567 dogs, 89 cats.\n",
    "日本語のトークン化を見てみましょう。東京は晴れ。\n",
    "Привет, мир! Как дела? 😀👍🏽 ÉCOLE école ﬁn café\n",
    "  indented   code:  x = y  +  42;\n\n\ttabs\n",
] * 4
CONFIGS = {
    "gpt2": TrainingConfig(vocab_size=420, pretokenizer="gpt2", min_frequency=1,
                           special_tokens=("<|endoftext|>",)),
    "cl100k": TrainingConfig(vocab_size=420, pretokenizer="cl100k_base", min_frequency=1,
                             byte_order="hf"),
    "o200k": TrainingConfig(vocab_size=420, pretokenizer="o200k_base", min_frequency=1,
                            special_tokens=("<|im_start|>", "<|im_end|>")),
    "qwen2-nfc": TrainingConfig(vocab_size=420, pretokenizer="qwen2", normalizer="nfc",
                                min_frequency=1),
    "llama3-lower": TrainingConfig(vocab_size=420, pretokenizer="llama3",
                                   normalizer="lowercase", min_frequency=1),
    "char-fallback": TrainingConfig(vocab_size=500, level="char", pretokenizer="whitespace",
                                    byte_fallback=True, min_frequency=1),
}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = {}
    for name, config in CONFIGS.items():
        tok = train(CORPUS, config).tokenizer
        tok.name = name
        folder = tmp_path_factory.mktemp(name)
        save_hf_json(tok, folder / "tokenizer.json")
        hf = HFTokenizer.from_file(str(folder / "tokenizer.json"))
        tk = None
        if config.level == "byte" and config.normalizer is None:
            sidecar = save_tiktoken(tok, folder / f"{name}.tiktoken")
            definition = json.loads(sidecar.read_text())
            ranks, _ = read_ranks(folder / f"{name}.tiktoken")
            tk = tiktoken.Encoding(name, pat_str=definition["pat_str"], mergeable_ranks=ranks,
                                   special_tokens=definition["special_tokens"])
            assert open_tokenizer(folder / f"{name}.tiktoken").encode_ids("The cat") == \
                tok.encode_ids("The cat")
        out[name] = (tok, hf, tk, folder)
    return out


@pytest.mark.parametrize("name", list(CONFIGS))
@given(text=texts | st.sampled_from(CORPUS))
@settings(max_examples=120, deadline=None)
def test_exported_files_give_the_same_ids(exported, name, text):
    tok, hf, tk, _ = exported[name]
    try:
        ours = tok.encode_ids(text)
    except Exception:  # a character-level vocabulary may not cover the text: HF drops it
        assert tok.model.level == "char"
        return
    assert hf.encode(text, add_special_tokens=False).ids == ours
    if tk is not None:
        assert tk.encode(text, allowed_special="all") == ours
        assert tk.encode_ordinary(text) == tok.encode_ids(text, special="none")


@pytest.mark.parametrize("name", list(CONFIGS))
def test_exported_tokenizer_json_reloads_in_bpe_lens(exported, name):
    tok, _, _, folder = exported[name]
    reloaded = open_tokenizer(folder / "tokenizer.json")
    for text in CORPUS:
        assert reloaded.encode_ids(text) == tok.encode_ids(text)
        assert reloaded.decode(reloaded.encode_ids(text)) == tok.decode(tok.encode_ids(text))


def test_possessive_intervals_become_atomic_groups():
    assert onig_pattern(r"\p{N}{1,3}+|\s++$|[a-z]{2}+") == r"(?>\p{N}{1,3})|\s++\z|(?>[a-z]{2})"


def test_what_a_format_cannot_hold_is_refused(tmp_path):
    eow = train(CORPUS, TrainingConfig(vocab_size=300, level="char", pretokenizer="whitespace",
                                       end_of_word="</w>")).tokenizer
    with pytest.raises(ConfigError, match="end-of-word marker"):
        to_hf_json(eow)
    nfc = train(CORPUS, CONFIGS["qwen2-nfc"]).tokenizer
    with pytest.raises(ConfigError, match="tiktoken has no normalizer"):
        save_tiktoken(nfc, tmp_path / "x.tiktoken")
    from bpelens.core import Tokenizer
    from bpelens.core.models.tiktoken_ranks import TiktokenModel

    foreign = Tokenizer(TiktokenModel({bytes([b]): b for b in range(256)}))
    with pytest.raises(ConfigError, match="only tokenizers trained in BPE Lens"):
        to_hf_json(foreign)
