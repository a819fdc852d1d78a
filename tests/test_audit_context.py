"""The audit's "reachable in context" against a brute-force witness search.

Small models are trained by the official libraries (sentencepiece's Unigram and BPE, HF
tokenizers' byte-level BPE) on words over four letters; every text of up to seven letters and
spaces is encoded by the library, which gives the exact set of tokens some short text
reaches. The audit must reach every one of them (alone, as a whole piece or with a witness),
and every witness it shows must contain the token when the library encodes it."""

from __future__ import annotations

import io
import itertools
import json
import random
from functools import cache
from pathlib import Path

import pytest

from bpelens.core import audit, audit_token, open_tokenizer

ALPHABET = "abcd "
LONGEST = 7


def corpus(seed: int) -> list[str]:
    rng = random.Random(seed)
    words = ["".join(rng.choice("abcd") for _ in range(rng.randint(1, 6))) for _ in range(300)]
    return [" ".join(rng.choice(words) for _ in range(8)) for _ in range(2000)]


def every_short_text() -> list[str]:
    return ["".join(t) for n in range(1, LONGEST + 1)
            for t in itertools.product(ALPHABET, repeat=n)]


@cache
def sentencepiece_model(kind: str, seed: int) -> bytes:
    import sentencepiece as spm

    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(corpus(seed)), model_writer=out, vocab_size=60, model_type=kind,
        character_coverage=1.0, minloglevel=2)
    return out.getvalue()


def check(tokenizer, library_encode, ids_reached_by_brute_force: set[int]) -> dict[str, int]:
    result = audit(tokenizer)
    reached = {t.id for t in result.tokens if t.reached}
    missed = ids_reached_by_brute_force - reached
    assert not missed, [(tid, tokenizer.token_label(tid)) for tid in sorted(missed)]
    with_witness = [t for t in result.tokens if t.cls == "in_context"]
    assert all(t.witness is not None for t in with_witness)
    encoded = library_encode([t.witness.text for t in with_witness])
    for token, ids in zip(with_witness, encoded, strict=True):
        assert list(ids) == list(token.witness.ids), token
        assert ids[token.witness.index] == token.id, token
    # The classes that say "its own text does not give it" are right about that.
    own = library_encode([t.text for t in with_witness])
    assert all(ids != [t.id] for t, ids in zip(with_witness, own, strict=True))
    # The token alone gives the same answer as the whole audit.
    for token in result.tokens[:: max(1, len(result.tokens) // 12)]:
        alone = audit_token(tokenizer, token.id)
        assert (alone.cls, alone.witness) == (token.cls, token.witness), token
    return result.counts


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("kind", ["unigram", "bpe"])
def test_sentencepiece_models_reach_what_brute_force_reaches(tmp_path: Path, kind: str,
                                                             seed: int):
    import sentencepiece as spm

    data = sentencepiece_model(kind, seed)
    sp = spm.SentencePieceProcessor(model_proto=data)
    brute: set[int] = set()
    for ids in sp.encode(every_short_text()):
        brute.update(ids)
    path = tmp_path / "tiny.model"
    path.write_bytes(data)
    tokenizer = open_tokenizer(path)
    counts = check(tokenizer, sp.encode, brute)
    # Alone, most of these tokens come out after the ▁ token: only the context finds them.
    assert counts["in_context"] > 0
    # Without the search they are all unreachable, as the audit used to say.
    plain = audit(tokenizer, context=False).counts
    assert plain["in_context"] == 0
    assert plain["unreachable"] == counts["unreachable"] + counts["in_context"]


@pytest.mark.parametrize("seed", [0, 1])
def test_byte_level_bpe_reaches_what_brute_force_reaches(tmp_path: Path, seed: int):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    hf = Tokenizer(models.BPE())
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    hf.decoder = decoders.ByteLevel()
    hf.train_from_iterator(corpus(seed), trainers.BpeTrainer(
        vocab_size=300, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False))
    path = tmp_path / "tokenizer.json"
    path.write_text(hf.to_str(), encoding="utf-8")
    brute: set[int] = set()
    for encoding in hf.encode_batch(every_short_text(), add_special_tokens=False):
        brute.update(encoding.ids)

    def library_encode(texts: list[str]) -> list[list[int]]:
        return [e.ids for e in hf.encode_batch(texts, add_special_tokens=False)]

    check(open_tokenizer(path), library_encode, brute)


@pytest.mark.parametrize("seed", [0, 1])
def test_wordpiece_reaches_what_brute_force_reaches(tmp_path: Path, seed: int):
    """Continuation tokens (##ing) are reached after another piece of the word: their text
    in context is "ing", not "##ing" (a search on the latter would never find one)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    hf = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    hf.pre_tokenizer = pre_tokenizers.Whitespace()
    hf.decoder = decoders.WordPiece()
    hf.train_from_iterator(corpus(seed), trainers.WordPieceTrainer(
        vocab_size=80, special_tokens=["[UNK]"], show_progress=False))
    path = tmp_path / "tokenizer.json"
    path.write_text(hf.to_str(), encoding="utf-8")
    brute: set[int] = set()
    for encoding in hf.encode_batch(every_short_text(), add_special_tokens=False):
        brute.update(encoding.ids)

    def library_encode(texts: list[str]) -> list[list[int]]:
        return [e.ids for e in hf.encode_batch(texts, add_special_tokens=False)]

    tokenizer = open_tokenizer(path)
    counts = check(tokenizer, library_encode, brute)
    continuations = [tid for tid in brute if hf.id_to_token(tid).startswith("##")]
    assert continuations and counts["in_context"] >= len(continuations)


def test_an_unreachable_token_says_how_many_texts_were_tried(tmp_path: Path):
    """abc is built from a + bc, but a + b is merged first wherever a stands before b: no
    text gives abc, and the audit says so instead of finding a witness."""
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "bc": 4, "abc": 5}
    document = {
        "version": "1.0", "added_tokens": [], "normalizer": None, "pre_tokenizer": None,
        "post_processor": None, "decoder": None,
        "model": {"type": "BPE", "vocab": vocab, "merges": ["a b", "b c", "a bc"],
                  "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
                  "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False,
                  "ignore_merges": False}}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    tokenizer = open_tokenizer(path)
    result = audit(tokenizer)
    abc = result.tokens[5]
    assert abc.cls == "unreachable" and abc.witness is None
    assert abc.contexts_tried >= 10
    # bc alone is reachable; nothing else is missing.
    assert [t.cls for t in result.tokens[:5]] == ["reachable"] * 5
    assert "witness" not in abc.to_json() and abc.to_json()["contexts_tried"] >= 10
