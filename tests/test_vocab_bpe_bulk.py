"""A byte-level BPE from a tokenizer.json (Hugging Face's model) merges many pieces together
with the vectorized merge: the ids of every piece are HF's model's, with ``ignore_merges``
(a piece that is a token is that token) and without, and a model the bulk path cannot take
(an end-of-word suffix, bytes missing from the vocabulary) still encodes piece by piece."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import open_tokenizer
from bpelens.core.models import vocab_bpe
from bpelens.core.text.byte_level import bytes_to_unicode

from conftest import SHARED_DATA, needs_shared_data

SPELLING = bytes_to_unicode()
PIECES = st.lists(st.one_of(
    st.text(max_size=12),
    st.sampled_from(["the", " the", "Hello", " world", "日本語", "مرحبا", "नमस्ते", "🙂🙂",
                     "e\u0301", "aaaa" * 40, "", " ", "\n\n", "ab" * 700]),
), max_size=40)
CASES = {
    "plain": ({}, True),
    "ignore_merges": ({"ignore_merges": True}, True),
    "suffix": ({"end_of_word_suffix": "</w>"}, True),
    "bytes missing": ({}, False),
}
_built: dict[str, tuple[object, object]] = {}


def built(case: str, tmp_path_factory):
    """(our model, HF's tokenizer), both from the tokenizer.json HF's trainer wrote."""
    if case not in _built:
        from tokenizers import Tokenizer as HFTokenizer
        from tokenizers import models, pre_tokenizers, trainers

        options, every_byte = CASES[case]
        marks = {k: v for k, v in options.items() if k == "end_of_word_suffix"}
        hf = HFTokenizer(models.BPE(**options))
        hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        corpus = [s for lang in demo_corpus().languages for s in demo_corpus().sentences(lang)]
        hf.train_from_iterator(corpus, trainers.BpeTrainer(
            vocab_size=600, show_progress=False, **marks,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet() if every_byte else []))
        config = json.loads(hf.to_str())
        config["model"].update(options)
        path = tmp_path_factory.mktemp("vocab-bpe") / "tokenizer.json"
        path.write_text(json.dumps(config), encoding="utf-8")
        _built[case] = (open_tokenizer(path).model, HFTokenizer.from_file(str(path)))
    return _built[case]


def hf_ids(hf, piece: str) -> list[int]:
    """HF's model alone on the piece, spelled as its ByteLevel pre-tokenizer hands it over."""
    spelled = "".join(SPELLING[b] for b in piece.encode("utf-8"))
    return [token.id for token in hf.model.tokenize(spelled)] if spelled else []


@pytest.mark.parametrize("case", sorted(CASES))
@settings(max_examples=40, deadline=None)
@given(pieces=PIECES)
def test_many_pieces_at_once_are_hfs_ids(case, tmp_path_factory, pieces):
    model, hf = built(case, tmp_path_factory)
    want = [hf_ids(hf, piece) for piece in pieces]
    with mock.patch.multiple(vocab_bpe, BULK_FIRST=0, BULK_AGAIN=0):
        assert model.encode_pieces(pieces) == want
        pool, starts, lens = model.encode_pieces_arrays(pieces)
    assert [pool[a : a + n].tolist() for a, n in zip(starts, lens, strict=True)] == want


@pytest.mark.parametrize("case", sorted(CASES))
def test_which_models_merge_together(case, tmp_path_factory, monkeypatch):
    model, hf = built(case, tmp_path_factory)
    monkeypatch.setattr(vocab_bpe, "BULK_FIRST", 0)
    pieces = ["Hello", " world", "日本語"] * 5
    assert model.encode_pieces(pieces) == [hf_ids(hf, p) for p in pieces]
    together = case in ("plain", "ignore_merges")
    assert ("_long_table" in vars(model)) == together


def test_ignore_merges_takes_a_token_whole_that_merges_would_split(tmp_path, monkeypatch):
    """The case that tells the two apart: "abc" is a token, but its bytes merge to "ab" "c"
    (the merge of "a" "b" ranks first, and no rule joins "ab" and "c")."""
    from tokenizers import Tokenizer as HFTokenizer

    monkeypatch.setattr(vocab_bpe, "BULK_FIRST", 0)
    vocab = {SPELLING[b]: b for b in range(256)}
    vocab |= {"ab": 256, "bc": 257, "abc": 258}
    pieces = ["abc", "abcabc", "xabc", "ab", "bc", "abcd", "c", "日本"] * 3
    for ignore in (False, True):
        config = {"version": "1.0", "added_tokens": [], "normalizer": None, "post_processor": None,
                  "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False,
                                    "trim_offsets": False, "use_regex": False},
                  "decoder": {"type": "ByteLevel", "add_prefix_space": False,
                              "trim_offsets": False, "use_regex": False},
                  "model": {"type": "BPE", "vocab": vocab, "merges": ["a b", "b c", "a bc"],
                            "ignore_merges": ignore, "dropout": None, "unk_token": None,
                            "fuse_unk": False, "byte_fallback": False}}
        path = tmp_path / f"ignore-{ignore}.json"
        path.write_text(json.dumps(config), encoding="utf-8")
        model = open_tokenizer(path).model
        hf = HFTokenizer.from_file(str(path))
        want = [hf_ids(hf, p) for p in pieces]
        assert want[0] == ([258] if ignore else [256, ord("c")])
        assert model.encode_pieces(pieces) == want
        assert "_long_table" in vars(model)


def gpt2_byte_spelling() -> dict[str, int]:
    """GPT-2's printable character → byte, as its encoder.py builds the table (written out here
    apart from the engine's)."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
                 *range(ord("®"), ord("ÿ") + 1)]
    chars = list(printable)
    extra = 0
    for b in range(256):
        if b not in printable:
            printable.append(b)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars, strict=True)}


@needs_shared_data
@pytest.mark.parametrize("name", ["qwen3", "llama3", "gpt2", "falcon"])
def test_token_bytes_and_merges_alone_of_real_files(name):
    model = open_tokenizer(SHARED_DATA / "tokenizers" / "hf" / f"{name}.tokenizer.json").model
    reading = gpt2_byte_spelling()
    for tid, label in enumerate(model.labels):
        if label is None:
            assert model.token_bytes[tid] is None
        elif all(c in reading for c in label):
            assert model.token_bytes[tid] == bytes(reading[c] for c in label), tid
        else:  # an added token kept in the vocabulary: its own text
            assert model.token_bytes[tid] == label.encode("utf-8"), tid
    ids = [*range(0, len(model.labels), 7), -1, len(model.labels) + 5]
    want = []
    for tid in ids:
        start = model.own_symbols(tid) if 0 <= tid < len(model.labels) else None
        want.append(None if start is None else vocab_bpe.merge_by_rank(
            start, model._ranks, model._new_ids, model._shift))
    assert model.merges_alone(ids) == want


def test_a_model_for_spelled_pieces_made_after_a_bulk_encode_reads_them_spelled(
        tmp_path_factory):
    """Found by a review: the copy for pieces spelled one character per byte kept the text
    model's bulk path when it had been used before the copy was made."""
    model, hf = built("plain", tmp_path_factory)
    pieces = ["Hello", " world", "日本語", "🙂"] * 10
    with mock.patch.multiple(vocab_bpe, BULK_FIRST=0, BULK_AGAIN=0):
        model.encode_pieces(pieces)  # the bulk path worked out, for text
        spelled = model.with_spelled_input()
        as_spelled = ["".join(SPELLING[b] for b in p.encode("utf-8")) for p in pieces]
        assert spelled.encode_pieces(as_spelled) == [hf_ids(hf, p) for p in pieces]
