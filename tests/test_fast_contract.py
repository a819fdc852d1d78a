"""The fast paths' contract (``pipeline/capabilities.py``).

Every way to ids agrees with the walk (``pipeline/walk.py``, the reference) for every kind
of stage a tokenizer.json can name: each normalizer, pre-tokenizer and decoder in a BPE
tokenizer trained by HF ``tokenizers`` with that stage, on generated text — the fast ids, a
batch, the token table (the fast record where it is taken) and a table spliced after an edit
— and the ids equal the library's own. A stage a test adds that declares nothing is exact
on the walk's way; declaring what holds for it, it takes the fast paths, still exact."""

from __future__ import annotations

import json

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st
from test_table_splice import apply, edited
from test_token_table import assert_same

from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import Tokenizer, TrainingConfig, open_tokenizer, token_table, train
from bpelens.core.fast.declared import decoding_joins_bytes
from bpelens.core.pipeline.capabilities import Can
from bpelens.core.pipeline.pre_tokenizers.base import PreTokenizer, RegexPreTokenizer, Spans

from fidelity_helpers import EMOJI, WHITESPACE

NORMALIZERS = {
    "none": None,
    "Bert": {"type": "BertNormalizer", "clean_text": True, "handle_chinese_chars": True,
             "strip_accents": None, "lowercase": True},
    "Strip": {"type": "Strip", "strip_left": True, "strip_right": True},
    "StripAccents": {"type": "Sequence", "normalizers": [{"type": "NFD"},
                                                        {"type": "StripAccents"}]},
    "NFC": {"type": "NFC"}, "NFD": {"type": "NFD"}, "NFKC": {"type": "NFKC"},
    "NFKD": {"type": "NFKD"}, "Lowercase": {"type": "Lowercase"},
    "Replace": {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"},
    "Replace-regex": {"type": "Replace", "pattern": {"Regex": "\\d+"}, "content": "0"},
    "Prepend": {"type": "Sequence", "normalizers": [
        {"type": "Prepend", "prepend": "\u2581"},
        {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]},
}
BYTE_LEVEL = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
              "use_regex": True}
PRE_TOKENIZERS = {
    "none": None,
    "ByteLevel": BYTE_LEVEL,
    "ByteLevel-prefix": {**BYTE_LEVEL, "add_prefix_space": True},
    "ByteLevel-no-regex": {**BYTE_LEVEL, "use_regex": False},
    "Bert": {"type": "BertPreTokenizer"},
    "Whitespace": {"type": "Whitespace"},
    "WhitespaceSplit": {"type": "WhitespaceSplit"},
    "Punctuation": {"type": "Punctuation", "behavior": "Isolated"},
    "Digits": {"type": "Digits", "individual_digits": True},
    "CharDelimiterSplit": {"type": "CharDelimiterSplit", "delimiter": " "},
    "Metaspace-always": {"type": "Metaspace", "replacement": "\u2581",
                         "prepend_scheme": "always", "split": True},
    "Metaspace-first": {"type": "Metaspace", "replacement": "\u2581",
                        "prepend_scheme": "first", "split": True},
    "Metaspace-never-whole": {"type": "Metaspace", "replacement": "\u2581",
                              "prepend_scheme": "never", "split": False},
    "Split-isolated": {"type": "Split", "pattern": {"Regex": "\\p{L}+|\\p{N}|\\s+|."},
                       "behavior": "Isolated", "invert": False},
    "Split-removed": {"type": "Split", "pattern": {"String": " "}, "behavior": "Removed",
                      "invert": False},
    "Sequence": {"type": "Sequence", "pretokenizers": [
        {"type": "Split", "pattern": {"Regex": "\\s*\\p{L}+|\\s*\\p{N}{1,3}|\\s+|."},
         "behavior": "Isolated", "invert": False},
        {**BYTE_LEVEL, "use_regex": False}]},
}
DECODERS = {
    "none": None,
    "ByteLevel": BYTE_LEVEL,
    "Metaspace": {"type": "Metaspace", "replacement": "\u2581", "prepend_scheme": "always",
                  "split": True},
    "BPEDecoder": {"type": "BPEDecoder", "suffix": "</w>"},
    "WordPiece": {"type": "WordPiece", "prefix": "##", "cleanup": True},
    "Replace+Fuse+Strip": {"type": "Sequence", "decoders": [
        {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
        {"type": "ByteFallback"}, {"type": "Fuse"},
        {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
}
# One tokenizer per stage kind, the other two stages plain (or byte-level, so that every
# character has a token).
CASES = {
    **{f"normalizer:{k}": (k, "ByteLevel", "ByteLevel") for k in NORMALIZERS},
    **{f"pre:{k}": ("none", k, "none") for k in PRE_TOKENIZERS},
    **{f"decoder:{k}": ("none", "Whitespace", k) for k in DECODERS},
}
# A model with a marker on its tokens (CLIP's "</w>"): the decoder reads it as text.
MARKED = {"model:suffix": {"end_of_word_suffix": "</w>"}}
CASES |= {name: ("none", "ByteLevel", "ByteLevel") for name in MARKED}
FRAGMENTS = st.one_of(
    st.text(max_size=8), st.sampled_from(WHITESPACE), st.sampled_from(EMOJI),
    st.sampled_from(["Hello", " world", "日本語", "مرحبا", "नमस्ते", "e\u0301", "ﬁ", "2024",
                     "<|end|>", "\n", " \n", "\n\n", "A猫🙂", "ÀÉÎ", "  "]),
)
TEXTS = st.lists(FRAGMENTS, max_size=8).map("".join)
_built: dict[str, tuple[Tokenizer, object]] = {}


def built(case: str, tmp_path_factory) -> tuple[Tokenizer, object]:
    """(ours, HF's), both from the tokenizer.json HF's trainer wrote for this case."""
    if case not in _built:
        from tokenizers import Tokenizer as HFTokenizer
        from tokenizers import models, pre_tokenizers, trainers

        normalizer, pre, decoder = CASES[case]
        byte_level = pre.startswith("ByteLevel") or pre == "Sequence"
        marks = MARKED.get(case, {})
        hf = HFTokenizer(models.BPE(unk_token=None if byte_level else "[UNK]",
                                    byte_fallback=False, **marks))
        config = json.loads(hf.to_str())
        config["normalizer"] = NORMALIZERS[normalizer]
        config["pre_tokenizer"] = PRE_TOKENIZERS[pre]
        hf = HFTokenizer.from_str(json.dumps(config))
        corpus = [s for lang in demo_corpus().languages for s in demo_corpus().sentences(lang)]
        hf.train_from_iterator(corpus, trainers.BpeTrainer(
            vocab_size=400, special_tokens=["[UNK]", "<|end|>"], show_progress=False, **marks,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet() if byte_level else []))
        config = json.loads(hf.to_str())
        config["decoder"] = DECODERS[decoder]
        path = tmp_path_factory.mktemp("contract") / "tokenizer.json"
        path.write_text(json.dumps(config), encoding="utf-8")
        _built[case] = (open_tokenizer(path), HFTokenizer.from_file(str(path)))
    return _built[case]


@pytest.mark.parametrize("case", sorted(CASES))
@settings(max_examples=25, deadline=None)
@given(text=TEXTS, other=TEXTS, special=st.sampled_from(["all", "none"]))
def test_every_path_gives_the_walks_ids(case, tmp_path_factory, text, other, special):
    ours, hf = built(case, tmp_path_factory)
    walked = list(ours.encode(text, special=special).ids)
    assert ours.encode_ids(text, special=special) == walked
    assert ours.encode_batch_ids([text, other, text], special=special) == [
        walked, list(ours.encode(other, special=special).ids), walked]
    if special == "all":
        assert walked == hf.encode(text, add_special_tokens=False).ids
    assert_same(ours, text, special)
    old = token_table(ours, text, special=special)
    edited(ours, old, apply(text, len(text) // 2, 1, other), special)


@pytest.mark.parametrize("case", sorted(CASES))
def test_where_decoding_is_declared_to_join_bytes_it_does(case, tmp_path_factory):
    # The audit reads a token's text from its bytes, and the splice a table's decoded text,
    # where decoding_joins_bytes says so: every model token, decoded alone, agrees.
    ours, _ = built(case, tmp_path_factory)
    joins = decoding_joins_bytes(ours.decoder, ours.model)
    # A ByteLevel decoder over a plain byte-level BPE joins bytes; with "</w>" it does not.
    assert joins == case.startswith("normalizer:")
    if not joins:
        return
    added = ours.specials.by_id
    for tid in range(ours.model.vocab_size):
        if tid not in added:
            assert ours.decode([tid], errors="replace") == ours.token_bytes(tid).decode(
                "utf-8", "replace"), (tid, ours.id_to_token(tid))


# -- a stage added knowing nothing of the fast paths ---------------------------------------------

class PipeSplit(PreTokenizer):
    """A pre-tokenizer a test adds: a piece ends after each "|", and each newline is a piece.
    It declares nothing."""

    kind = "pipe"
    _pieces = regex.compile(r"[^|\n]+\|?|\||\n")

    def split(self, text: str) -> Spans:
        return [m.span() for m in self._pieces.finditer(text)]

    def split_str(self, text: str) -> list[str]:
        return self._pieces.findall(text)


class DeclaredPipeSplit(PipeSplit):
    """The same stage, declaring what holds for it: no piece depends on where the input
    starts, pieces are the text's own, and none runs across a newline."""

    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT | Can.CUT_AT_NEWLINES


def with_pipes(pre: PreTokenizer) -> Tokenizer:
    corpus = ["a|bb|ccc|hello|world", "日本|語|🙂|नमस्ते", "one\ntwo|three\nfour"] * 3
    model = train(corpus, TrainingConfig(vocab_size=300, level="byte")).tokenizer.model
    return Tokenizer(model, pretokenizer=pre, special_tokens={"<|end|>": 300})


PIPE_TEXT = "\n".join(f"line {i}|hello|world|日本|語 and|🙂|<|end|> more|a" for i in range(12))
EDITED = PIPE_TEXT.replace("line 5|hello", "line 5|new|hello")


def test_a_stage_that_declares_nothing_is_exact_on_the_walks_way():
    tokenizer = with_pipes(PipeSplit())
    assert tokenizer.pretokenizer.capabilities == Can.NOTHING
    table = token_table(tokenizer, PIPE_TEXT)
    assert not table.fast  # the walk's columns
    assert_same(tokenizer, PIPE_TEXT, "all")
    assert tokenizer.encode_ids(PIPE_TEXT) == list(tokenizer.encode(PIPE_TEXT).ids)
    edit = edited(tokenizer, table, EDITED, "all")
    assert edit.window is None  # encoded whole


def test_the_same_stage_declaring_its_capabilities_takes_the_fast_paths():
    tokenizer = with_pipes(DeclaredPipeSplit())
    table = token_table(tokenizer, PIPE_TEXT)
    assert table.fast
    assert_same(tokenizer, PIPE_TEXT, "all")
    assert tokenizer.encode_ids(PIPE_TEXT) == list(tokenizer.encode(PIPE_TEXT).ids)
    edit = edited(tokenizer, table, EDITED, "all")
    assert edit.window is not None  # spliced: the lines around the edit encoded again
    assert 0 < edit.window.char_start <= EDITED.index("line 5")
    assert edit.window.new_char_end < len(EDITED)


@settings(max_examples=60, deadline=None)
@given(text=st.lists(st.one_of(FRAGMENTS, st.sampled_from(["|", "||", "a|b", "\n|"])),
                     max_size=10).map("".join))
def test_the_declared_stage_stays_exact_on_any_text(text):
    for pre in (PipeSplit(), DeclaredPipeSplit()):
        tokenizer = _pipes.setdefault(type(pre), with_pipes(pre))
        assert tokenizer.encode_ids(text) == list(tokenizer.encode(text).ids)
        assert_same(tokenizer, text, "all")


_pipes: dict[type, Tokenizer] = {}


def test_a_subclass_inherits_no_declaration():
    class Changed(DeclaredPipeSplit):
        def split_str(self, text: str) -> list[str]:
            return [p[::-1] for p in super().split_str(text)]

    assert Changed().capabilities == Can.NOTHING
    assert DeclaredPipeSplit().capabilities != Can.NOTHING
    assert RegexPreTokenizer(r"\w+|\W").capabilities != Can.NOTHING

    class FromRegex(RegexPreTokenizer):
        pass

    assert FromRegex(r"\w+|\W").capabilities == Can.NOTHING


# -- a file read back from the disk cache declares what it declared when built ----------------

REAL_FILES = [
    "hf/qwen3.tokenizer.json", "hf/llama3.tokenizer.json", "hf/gpt2.tokenizer.json",
    "hf/falcon.tokenizer.json", "hf/llama-spm.tokenizer.json", "hf/pegasus-unigram.tokenizer.json",
    "hf/bert-base-uncased-minilm.tokenizer.json", "sentencepiece/botchan_en_bpe_1000.model",
    "sentencepiece/kyoto_ja_unigram_8000.model", "tiktoken/cl100k_base.tiktoken",
]


STAGES = ("normalizer", "pretokenizer", "model", "decoder")


def declarations(tokenizer: Tokenizer) -> dict[str, Can | None]:
    stages = {name: getattr(tokenizer, name) for name in STAGES}
    return {name: None if stage is None else stage.capabilities
            for name, stage in stages.items()}


@pytest.mark.parametrize("name", REAL_FILES)
def test_a_file_from_the_disk_cache_declares_what_it_declared_when_built(name, tmp_path,
                                                                         monkeypatch):
    from conftest import SHARED_DATA

    path = SHARED_DATA / "tokenizers" / name
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/data is not beside the checkout)")
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path))
    built = open_tokenizer(path)
    assert not any(type(getattr(built, stage)).__name__.startswith("Cached")
                   for stage in STAGES)
    cached = open_tokenizer(path)
    assert declarations(cached) == declarations(built)
    assert (decoding_joins_bytes(cached.decoder, cached.model)
            == decoding_joins_bytes(built.decoder, built.model))
