"""Tokenizers trained in BPE Lens, and BPE tokenizers read from files, exported, give the same
ids in tokenizers and tiktoken."""

import json

import pytest
import tiktoken
from hypothesis import given, settings
from hypothesis import strategies as st
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import ConfigError, TrainingConfig, open_tokenizer, train
from bpelens.core.formats.export import save_hf_json, save_tiktoken, to_hf_json
from bpelens.core.formats.tiktoken_file import read_ranks
from bpelens.core.text.regex_dialects import onig_pattern

from conftest import SHARED_DATA, needs_shared_data
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
    with pytest.raises(ConfigError, match=r"tiktoken ranks\), 256 tokens model cannot be "
                                          r"written as tokenizer.json"):
        to_hf_json(foreign)


def _ntrex_lines(count: int) -> list[str]:
    folder = SHARED_DATA / "parallel" / "ntrex128"
    lines: list[str] = []
    for lang in ("deu", "jpn", "hin", "arb", "rus", "kor"):
        text = (folder / f"newstest2019-ref.{lang}.txt").read_text(encoding="utf-8")
        lines += text.splitlines()[:count]
    return lines


@needs_shared_data
@pytest.mark.parametrize("name", ["qwen3", "llama3", "llama-spm", "falcon"])
def test_a_tokenizer_json_written_back_gives_the_librarys_ids(tmp_path, name):
    """Read from tokenizer.json, written with save_hf_json: HF loads the copy and gives the
    original file's ids (each test line, with its added tokens)."""
    source = SHARED_DATA / "tokenizers" / "hf" / f"{name}.tokenizer.json"
    save_hf_json(open_tokenizer(source), tmp_path / "tokenizer.json")
    original = HFTokenizer.from_file(str(source))
    copy = HFTokenizer.from_file(str(tmp_path / "tokenizer.json"))
    for line in [*_ntrex_lines(40), "<|endoftext|> x  <s>\u00a0 \t 1234567"]:
        assert copy.encode(line).ids == original.encode(line).ids, line


@needs_shared_data
def test_gpt2s_two_files_become_one_tokenizer_json(tmp_path):
    folder = SHARED_DATA / "tokenizers" / "gpt2-original"
    tokenizer = open_tokenizer(folder / "vocab.bpe")
    save_hf_json(tokenizer, tmp_path / "tokenizer.json")
    hf = HFTokenizer.from_file(str(tmp_path / "tokenizer.json"))
    for line in [*_ntrex_lines(40), "  indented\n\ttabs <|endoftext|>"]:
        assert hf.encode(line).ids == tokenizer.encode_ids(line), line
        assert hf.decode(hf.encode(line).ids, skip_special_tokens=False) == line


@needs_shared_data
def test_a_rank_file_written_back_gives_tiktokens_ids(tmp_path):
    source = SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken"
    tokenizer = open_tokenizer(source)
    sidecar = save_tiktoken(tokenizer, tmp_path / "copy.tiktoken")
    definition = json.loads(sidecar.read_text(encoding="utf-8"))
    copy = tiktoken.Encoding("copy", pat_str=definition["pat_str"],
                             mergeable_ranks=read_ranks(tmp_path / "copy.tiktoken")[0],
                             special_tokens=definition["special_tokens"])
    reference = tiktoken.Encoding(
        "o200k", pat_str=definition["pat_str"], mergeable_ranks=read_ranks(source)[0],
        special_tokens=definition["special_tokens"])
    assert (tmp_path / "copy.tiktoken").read_bytes() == source.read_bytes()
    for line in [*_ntrex_lines(40), "<|endoftext|> x"]:
        assert copy.encode(line, allowed_special="all") == tokenizer.encode_ids(line)
        assert reference.encode(line, allowed_special="all") == tokenizer.encode_ids(line)


@needs_shared_data
def test_a_sentencepiece_model_is_refused_for_tokenizer_json_with_the_reason():
    model = open_tokenizer(SHARED_DATA / "tokenizers" / "sentencepiece" /
                           "botchan_en_bpe_1000.model")
    with pytest.raises(ConfigError, match=r"cannot be written as tokenizer\.json"):
        to_hf_json(model)
