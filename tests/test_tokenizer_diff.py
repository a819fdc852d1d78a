"""Two tokenizers compared, against facts computed independently from the official libraries'
own vocabularies: Llama 3's first 100,256 ids are cl100k_base's, the tokens each has alone,
the cuts each makes in a text; and `bpelens diff`."""

from __future__ import annotations

import json

import pytest

from bpelens.core import TrainingConfig, diff_tokenizers, open_tokenizer, train
from bpelens.core.text.byte_level import unicode_to_bytes

from cli_helpers import bpelens
from conftest import needs_shared_data
from fidelity_helpers import HF_DIR, hf_reference, tiktoken_reference

TEXT = "Hello 世界, tokenizers differ: naïve café 🙂 1234567"


def hf_vocabulary_bytes(name: str) -> dict[bytes, int]:
    """id → bytes from HF's own vocabulary (byte-level strings mapped back), added tokens as
    their text."""
    tok = hf_reference(name)
    table = unicode_to_bytes()
    out: dict[bytes, int] = {}
    added = {i: t.content for i, t in tok.get_added_tokens_decoder().items()}
    for token, tid in sorted(tok.get_vocab(with_added_tokens=False).items(),
                             key=lambda x: x[1]):
        out.setdefault(bytes(table[c] for c in token), tid)
    for tid, content in added.items():
        out.setdefault(content.encode(), tid)
    return out


@needs_shared_data
def test_llama3_starts_with_cl100k_and_each_has_tokens_of_its_own():
    llama = open_tokenizer(HF_DIR / "llama3.tokenizer.json")
    cl100k = open_tokenizer(HF_DIR.parent / "tiktoken" / "cl100k_base.tiktoken")
    result = diff_tokenizers(llama, cl100k, TEXT)
    assert result.same_id_prefix == 100_256
    # The same facts from the libraries themselves.
    theirs_left = hf_vocabulary_bytes("llama3")
    encoding = tiktoken_reference("cl100k_base")
    theirs_right = {encoding.decode_single_token_bytes(i): i for i in range(encoding.n_vocab)
                    if _has(encoding, i)}
    only_left = {b for b in theirs_left if b not in theirs_right}
    only_right = {b for b in theirs_right if b not in theirs_left}
    assert {b for _, b in result.only_left} == only_left
    assert {b for _, b in result.only_right} == only_right
    same = sum(1 for b, i in theirs_left.items() if theirs_right.get(b) == i)
    assert result.shared_same_id == same
    assert result.shared_merge_prefix == 100_000 == result.right_merges
    # Cuts: each side's token ends on the text's bytes, from the libraries' encodings.
    left_ids = hf_reference("llama3").encode(TEXT, add_special_tokens=False).ids
    right_ids = encoding.encode_ordinary(TEXT)
    assert list(result.segmentation.left_ids) == left_ids
    assert list(result.segmentation.right_ids) == right_ids
    ends, pos = [], 0
    for tid in right_ids:
        pos += len(encoding.decode_single_token_bytes(tid))
        ends.append(pos)
    assert list(result.segmentation.right_cuts) == ends
    assert result.segmentation.left_cuts[-1] == len(TEXT.encode()) == ends[-1]


def _has(encoding, tid: int) -> bool:
    try:
        encoding.decode_single_token_bytes(tid)
    except KeyError:
        return False
    return True


def test_two_trainings_share_their_first_merges_and_differ_after():
    lines = ["low lower lowest newest widest\n"] * 5
    short = train(lines, TrainingConfig(vocab_size=256 + 5, min_frequency=1)).tokenizer
    longer = train(lines + ["newer news\n"] * 50,
                   TrainingConfig(vocab_size=256 + 8, min_frequency=1)).tokenizer
    same = diff_tokenizers(short, short, "lowest")
    assert same.only_left == same.only_right == () and same.first_merge_difference is None
    assert same.same_id_prefix == short.vocab_size
    assert same.segmentation.only_left_cuts == same.segmentation.only_right_cuts == ()
    other = diff_tokenizers(short, longer, "lowest newer")
    expected_prefix = 0
    for a, b in zip(short.model.rules, longer.model.rules, strict=False):
        if short.token_bytes(a.new_id) != longer.token_bytes(b.new_id):
            break
        expected_prefix += 1
    assert other.shared_merge_prefix == expected_prefix < 5
    assert other.left_merges == 5 and other.right_merges == 8


def test_the_command_prints_the_diff_as_json():
    done = bpelens("diff", "-t", "demo-multilingual-byte", "-t", "demo-english-char", "lowest")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["left"] == "demo-multilingual-byte"
    assert data["segmentation"]["text"] == "lowest"
    assert data["segmentation"]["left_cuts"][-1] == 6
    one = bpelens("diff", "-t", "demo-multilingual-byte")
    assert one.returncode == 2 and "exactly two" in one.stderr
    assert one.stderr.count("\n") == 1


@pytest.mark.parametrize("missing", ["nope.json"])
def test_a_missing_tokenizer_is_one_line(missing):
    done = bpelens("diff", "-t", missing, "-t", "demo-english-char")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and missing in done.stderr


def test_cuts_are_where_tokens_end_in_the_text_even_when_the_pipeline_drops_whitespace():
    from bpelens.app.demo_data import load_demo
    from bpelens.core import segmentation_diff

    byte_level = load_demo("demo-multilingual-byte")  # keeps the space: " ne"
    words = load_demo("demo-english-char")  # splits on whitespace and drops it
    seg = segmentation_diff(byte_level, words, "lowest newest")
    assert [words.token_label(i) for i in seg.right_ids] == [
        "lo", "w", "e", "st</w>", "ne", "w", "e", "st</w>"]
    # "newest" starts at byte 7: its tokens end at 9, 10, 11, 13 — not 8, 9, 10, 12.
    assert seg.right_cuts == (2, 3, 4, 6, 9, 10, 11, 13)
    assert seg.left_cuts == (1, 2, 3, 5, 6, 9, 10, 12, 13)
    assert seg.only_right_cuts == (4, 11) and seg.only_left_cuts == (1, 5, 12)
