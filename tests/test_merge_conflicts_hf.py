"""Merge conflicts on Hugging Face vocabulary + merges BPE (core/debugging/conflicts.py), checked
against the official `tokenizers` library reading the file BPE Lens writes: the seed's a+b /
b+c / a+bc conflict on hand-built tokenizer.json files (character and byte level), merges that
make new tokens on real files (ids for many texts equal HF's, old ids and added tokens' ids
unchanged), a shadowed merge found on real files, conflicts reported exactly when HF cannot
produce the token, and the tokenizers that take no merges refused in one line."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from bpelens.core import ConfigError, Tokenizer, open_tokenizer
from bpelens.core.debugging.conflicts import (
    add_merges,
    apply_fixes,
    find_conflicts,
    save_extended,
)
from bpelens.core.formats.hf_json import tokenizer_from_hf
from bpelens.core.text.byte_level import bytes_to_printable

from conftest import SHARED_DATA, needs_shared_data

tokenizers = pytest.importorskip("tokenizers")

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
TOKENIZERS = SHARED_DATA / "tokenizers"
HF_DIR = TOKENIZERS / "hf"
JAPANESE = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。"


def hf_ids(hf: Any, text: str) -> list[int]:
    return hf.encode(text, add_special_tokens=False).ids


def ours(tokenizer: Tokenizer, text: str) -> list[int]:
    return tokenizer.encode_ids(text, special="none")


def saved_and_read_by_hf(tokenizer: Tokenizer, path: Path) -> Any:
    save_extended(tokenizer, path)
    return tokenizers.Tokenizer.from_file(str(path))


def is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


@cache
def real(name: str) -> Tokenizer:
    return open_tokenizer(HF_DIR / f"{name}.tokenizer.json")


@cache
def multilingual_inputs() -> tuple[str, ...]:
    path = TOKENIZERS / "testvectors" / "hf_multilingual" / "inputs.json"
    return tuple(entry["text"] for entry in json.loads(path.read_text("utf-8")))


def whole_character_pairs(tokenizer: Tokenizer, text: str, count: int
                          ) -> list[tuple[bytes, bytes]]:
    """Adjacent tokens of ``text``'s encoding whose join is letters (one pre-tokenized piece
    in these tokenizers, whole characters) and no token yet: merges that make new tokens, and
    fire on ``text``."""
    spelled = tokenizer.model.vocab  # type: ignore[attr-defined]
    ids = ours(tokenizer, text)
    pairs: list[tuple[bytes, bytes]] = []
    taken = -1  # pairs do not overlap, so that each one's merge fires
    for at in range(len(ids) - 1):
        left, right = tokenizer.token_bytes(ids[at]), tokenizer.token_bytes(ids[at + 1])
        if at == taken or (left, right) in pairs or not is_text(left + right):
            continue
        if not (left + right).decode("utf-8").isalpha():
            continue
        if bytes_to_printable(left + right) not in spelled:
            pairs.append((left, right))
            taken = at + 1
    assert len(pairs) >= count, f"{text!r} has {len(pairs)} such pairs"
    return pairs[:count]


# -- the seed's conflict, on hand-built files ---------------------------------------------------

def seed_document(level: str) -> dict[str, Any]:
    """Vocabulary a b c ab, merge a+b, and an added token the vocabulary does not hold (HF
    numbers such a token by the vocabulary's size: tokens added must not move it)."""
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                  "use_regex": False}
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": 4, "content": "<s>", "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": True}],
        "normalizer": None,
        "pre_tokenizer": byte_level if level == "byte" else None,
        "post_processor": None,
        "decoder": byte_level if level == "byte" else {"type": "Fuse"},
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": {"a": 0, "b": 1, "c": 2, "ab": 3}, "merges": ["a b"]},
    }


@pytest.mark.parametrize("level", ["char", "byte"])
def test_the_seeds_conflict_on_a_tokenizer_json_found_fixed_and_hf_agrees(level, tmp_path):
    base = tokenizer_from_hf(seed_document(level))
    extended, made = add_merges(base, [(b"b", b"c"), (b"a", b"bc")])
    bc, abc = made
    assert made == (5, 6)  # after the vocabulary's ids and the added token's 4
    assert [extended.token_label(i) for i in made] == ["bc", "abc"]
    assert ours(extended, "abc") == [3, 2]  # ab | c
    assert ours(extended, "bc") == [bc]

    (conflict,) = find_conflicts(extended, made)
    assert conflict.token_id == abc and conflict.text == "abc"
    assert conflict.stops_at == (3, 2)
    rule = conflict.blocked_by
    assert rule is not None and (rule.rank, rule.left_id, rule.right_id, rule.new_id) == (
        0, 0, 1, 3)
    assert conflict.fix == ((b"ab", b"c"),) and conflict.fixed

    hf = saved_and_read_by_hf(extended, tmp_path / "extended.json")
    assert hf_ids(hf, "abc") == [3, 2] and hf_ids(hf, "bc") == [bc]
    assert hf.token_to_id("<s>") == 4 and extended.specials.ids == {"<s>": 4}

    fixed = apply_fixes(extended, [conflict])
    assert ours(fixed, "abc") == [abc] and find_conflicts(fixed, made) == []
    hf_fixed = saved_and_read_by_hf(fixed, tmp_path / "fixed.json")
    for text in ("abc", "cabcab", "bcabc", "abcabc"):
        assert hf_ids(hf_fixed, text) == ours(fixed, text), text
    assert hf_ids(hf_fixed, "abc") == [abc]
    assert hf_fixed.token_to_id("<s>") == 4
    # The fix joins two tokens that exist: nothing new, the merge list one longer.
    assert fixed.vocab_size == extended.vocab_size
    assert fixed.model.merge_count == extended.model.merge_count + 1


def test_merge_list_style_a_space_and_a_merge_already_there(tmp_path):
    """The merges are written as [left, right] lists whatever the file used, so a token with a
    space (possible at character level) survives; a merge the tokenizer has already is not
    appended again (HF would give it the later rank)."""
    doc = seed_document("char")
    doc["model"]["vocab"][" "] = 4
    doc["added_tokens"][0]["id"] = 5  # as HF numbers it: after the five entries
    base = tokenizer_from_hf(doc)
    extended, made = add_merges(base, [(b"a", b"b"), (b" ", b"ab"), (b"ab", b" ")])
    assert made[0] == 3 and made[1:] == (6, 7)
    assert extended.specials.ids == {"<s>": 5}
    assert extended.model.merge_count == 3
    path = tmp_path / "extended.json"
    save_extended(extended, path)
    written = json.loads(path.read_text("utf-8"))["model"]
    assert written["merges"] == [["a", "b"], [" ", "ab"], ["ab", " "]]
    assert written["vocab"][" ab"] == 6 and written["vocab"]["ab "] == 7
    hf = tokenizers.Tokenizer.from_file(str(path))
    for text in (" ab", "ab ", "a b ab  ab"):
        assert hf_ids(hf, text) == ours(extended, text), text


# -- real files ----------------------------------------------------------------------------------

@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "qwen3", "llama3"])
def test_new_tokens_on_a_real_file_give_hfs_ids_and_move_no_old_id(name, tmp_path):
    base = real(name)
    merges = whole_character_pairs(base, JAPANESE, 3)
    hf_base = tokenizers.Tokenizer.from_file(str(HF_DIR / f"{name}.tokenizer.json"))
    extended, made = add_merges(base, merges)
    # New ids come after every id there is, the added tokens' included (Qwen 3 and Llama 3
    # keep theirs outside the vocabulary, right after it).
    first = max(hf_base.get_vocab(with_added_tokens=True).values()) + 1
    assert made == tuple(range(first, first + len(merges)))
    assert extended.vocab_size == base.vocab_size + len(merges)
    assert extended.specials.ids == base.specials.ids

    hf = saved_and_read_by_hf(extended, tmp_path / "extended.tokenizer.json")
    old = hf_base.get_vocab(with_added_tokens=True)
    new = hf.get_vocab(with_added_tokens=True)
    assert {t: new[t] for t in old} == old  # every old id, added tokens' too, kept
    assert hf.get_vocab_size(with_added_tokens=True) == len(old) + len(merges)
    assert len(set(new.values())) == len(new)

    texts = [JAPANESE, *multilingual_inputs()]
    for text in texts:
        assert ours(extended, text) == hf_ids(hf, text), text
    assert set(made) <= set(ours(extended, JAPANESE))  # the merges do fire
    # Texts without the new pairs encode as before.
    english = "The quick brown fox jumps over the lazy dog, 12345 times!"
    assert ours(extended, english) == ours(base, english) == hf_ids(hf_base, english)


def kitten_fish(tokenizer: Tokenizer) -> tuple[list[tuple[bytes, bytes]], int, int]:
    """The seed's shape on a real vocabulary: " kitten" is made by a+b (an existing merge);
    appending b+"fish" and a+(b"fish") leaves " kittenfish" stuck at " kitten" | "fish".
    Returns the merges, the id of " kitten" and of "fish"."""
    vocab = tokenizer.model.vocab  # type: ignore[attr-defined]
    kitten, fish = vocab[bytes_to_printable(b" kitten")], vocab[bytes_to_printable(b"fish")]
    rule = tokenizer.model.built_by(kitten)
    assert rule is not None
    a, b = tokenizer.token_bytes(rule.left_id), tokenizer.token_bytes(rule.right_id)
    assert bytes_to_printable(b + b"fish") not in vocab
    assert bytes_to_printable(b" kittenfish") not in vocab
    assert ours(tokenizer, " kittenfish") == [kitten, fish]
    return [(b, b"fish"), (a, b + b"fish")], kitten, fish


@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "qwen3"])
def test_a_shadowed_merge_on_a_real_file_is_found_and_fixed_as_hf_sees_it(name, tmp_path):
    base = real(name)
    merges, kitten, fish = kitten_fish(base)
    extended, made = add_merges(base, merges)
    target = made[1]
    conflicts = find_conflicts(extended, made)
    assert [c.token_id for c in conflicts] == [target]
    (conflict,) = conflicts
    assert conflict.text == " kittenfish" and conflict.stops_at == (kitten, fish)
    rule = base.model.built_by(kitten)
    assert conflict.blocked_by is not None and rule is not None
    assert conflict.blocked_by.rank == rule.rank < base.model.merge_count
    assert conflict.fix == ((b" kitten", b"fish"),) and conflict.fixed

    hf = saved_and_read_by_hf(extended, tmp_path / "extended.json")
    assert hf_ids(hf, " kittenfish") == [kitten, fish]
    assert hf.token_to_id(bytes_to_printable(b" kittenfish")) == target

    fixed = apply_fixes(extended, conflicts)
    hf_fixed = saved_and_read_by_hf(fixed, tmp_path / "fixed.json")
    for text in (" kittenfish", "A kittenfish and a kitten fish.", " kittens", "tenfish"):
        assert ours(fixed, text) == hf_ids(hf_fixed, text), text
    assert hf_ids(hf_fixed, " kittenfish") == [target]
    assert find_conflicts(fixed, made) == []


def unreachable_in_hf(hf: Any, token_ids: Sequence[int]) -> list[int]:
    """The reference: a token is unreachable when its own text, decoded by HF, does not
    encode to it."""
    return [tid for tid in token_ids if hf_ids(hf, hf.decode([tid])) != [tid]]


@needs_shared_data
@pytest.mark.parametrize("name", ["gpt2", "qwen3", "llama3", "falcon", "llama-spm"])
def test_the_conflicts_reported_are_exactly_the_tokens_hf_cannot_produce(name, tmp_path):
    """Japanese merges (some cut a character in two), and the kitten-fish pair where the
    vocabulary has its parts. Llama 3 looks a whole piece up first (ignore_merges), so the
    shadowed " kittenfish" still comes out there; Falcon splits digits-like characters such
    as ¾ (byte 0xBE in GPT-2's alphabet) off before the merges, so some byte pairs never
    meet; Llama 2's vocabulary (character level) prepends ▁ to the text."""
    base = real(name)
    ids = ours(base, JAPANESE)
    # At character level a merge joins whole characters: <0xNN> fallback bytes take none.
    merges = list(dict.fromkeys(
        (base.token_bytes(a), base.token_bytes(b)) for a, b in pairwise(ids)
        if base.model.pair_merge(a, b) is None
        and (base.model.level == "byte" or is_text(base.token_bytes(a) + base.token_bytes(b)))
    ))[:8]
    if base.model.level == "byte":
        merges += kitten_fish(base)[0]
    extended, made = add_merges(base, merges)
    hf = saved_and_read_by_hf(extended, tmp_path / "extended.json")
    for text in (JAPANESE, " kittenfish"):
        assert ours(extended, text) == hf_ids(hf, text), text
    conflicts = find_conflicts(extended, made)
    reported = [c.token_id for c in conflicts]
    assert reported == unreachable_in_hf(hf, list(dict.fromkeys(made)))
    for number, conflict in enumerate(conflicts):
        # A fix is offered only when it builds this very token (not for half a character,
        # whose text is U+FFFD, nor Llama 2's "▁" + token), and "fixed" is what HF says of
        # it (no merge joins what a pre-tokenizer split: である | 。, Falcon's ¾).
        if not conflict.fix:
            continue
        left, right = conflict.fix[-1]
        assert left + right == extended.token_bytes(conflict.token_id)
        repaired = saved_and_read_by_hf(apply_fixes(extended, [conflict]),
                                        tmp_path / f"fixed{number}.json")
        assert conflict.fixed == (hf_ids(repaired, conflict.text) == [conflict.token_id])
    if name in ("gpt2", "qwen3"):
        assert [c.fixed for c in conflicts if c.token_id == made[-1]] == [True]
    if name in ("gpt2", "qwen3"):
        assert made[-1] in reported  # " kittenfish"
        assert any(not c.fixed for c in conflicts)  # one a merge cannot fix
    if name == "llama3":
        assert made[-1] not in reported


@needs_shared_data
def test_gpt2s_two_files_take_merges_and_are_written_as_a_tokenizer_json(tmp_path):
    base = open_tokenizer(TOKENIZERS / "gpt2-original")
    merges = whole_character_pairs(base, JAPANESE, 2)
    extended, made = add_merges(base, merges)
    assert made == (50257, 50258)
    hf = saved_and_read_by_hf(extended, tmp_path / "tokenizer.json")
    for text in (JAPANESE, *multilingual_inputs()[:20]):
        assert ours(extended, text) == hf_ids(hf, text), text


# -- refusals ------------------------------------------------------------------------------------

def one_line_refusal(tokenizer: Tokenizer, merges: list[tuple[bytes, bytes]]) -> str:
    with pytest.raises(ConfigError) as caught:
        add_merges(tokenizer, merges)
    message = str(caught.value)
    assert "\n" not in message and message
    return message


@needs_shared_data
@pytest.mark.parametrize("path", ["tiktoken/cl100k_base.tiktoken",
                                  "sentencepiece/botchan_en_bpe_1000.model",
                                  "sentencepiece/botchan_en_unigram_1000.model",
                                  "hf/bert-base-uncased-minilm.tokenizer.json",
                                  "hf/pegasus-unigram.tokenizer.json"])
def test_tokenizers_without_merges_to_extend_are_refused_in_one_line(path, tmp_path):
    tokenizer = open_tokenizer(TOKENIZERS / path)
    message = one_line_refusal(tokenizer, [(b"a", b"b")])
    assert "trained or saved by BPE Lens" in message
    assert "Hugging Face vocabulary + merges BPE" in message
    assert tokenizer.model.describe() in message
    with pytest.raises(ConfigError):
        save_extended(tokenizer, tmp_path / "out.json")


def test_affixed_vocabularies_and_unknown_bytes_are_refused_naming_what_is_wrong():
    doc = seed_document("char")
    doc["model"]["continuing_subword_prefix"] = "##"
    doc["model"]["vocab"] = {"a": 0, "##b": 1, "b": 2, "ab": 3}
    doc["model"]["merges"] = [["a", "##b"]]
    message = one_line_refusal(tokenizer_from_hf(doc), [(b"a", b"b")])
    assert "continuing_subword_prefix '##'" in message

    base = tokenizer_from_hf(seed_document("byte"))
    assert repr(b"zz") in one_line_refusal(base, [(b"a", b"b"), (b"a", b"zz")])
    assert repr(b"\xff") in one_line_refusal(base, [(b"\xff", b"a")])
    assert repr(b"") in one_line_refusal(base, [(b"", b"a")])
    char = tokenizer_from_hf(seed_document("char"))
    assert repr(b"\xe3") in one_line_refusal(char, [(b"\xe3", b"a")])
    # A token made by an earlier merge of the same call may be joined; one made later not.
    assert repr(b"bc") in one_line_refusal(char, [(b"a", b"bc"), (b"b", b"c")])
