"""CLIP's bpe_simple_vocab_16e6.txt.gz (OpenAI CLIP, open_clip, and the models reusing CLIP's
text encoder) opens by its content: ids equal transformers' CLIP tokenizer (built in the
reference venv from the vocabulary CLIP's own code derives from the file) on NTREX-128
sentences and generated text, with and without the special tokens around; a damaged file is
one line naming it.

The file is not in ../shared/data: .ci/run takes it from the open_clip_torch wheel on PyPI
and names it in BPELENS_CLIP_VOCAB."""

from __future__ import annotations

import gzip
import json
import os
import random
import subprocess
from pathlib import Path

import pytest
from test_chat_templates import REPO, reference_python
from test_vendor_formats import real_lines

from bpelens.core import TokenizerFileError, open_tokenizer

from conftest import HANG_SECONDS

CLIP_VOCAB = os.environ.get("BPELENS_CLIP_VOCAB", "")
needs_clip = pytest.mark.skipif(
    not Path(CLIP_VOCAB).is_file(),
    reason="BPELENS_CLIP_VOCAB does not name CLIP's bpe_simple_vocab_16e6.txt.gz (.ci/run "
           "takes it from the open_clip_torch wheel)")


def transformers_ids(texts: list[str]) -> list[dict]:
    done = subprocess.run(
        [reference_python(), str(REPO / "tests" / "clip_reference_worker.py")],
        input=json.dumps({"vocab_gz": CLIP_VOCAB, "texts": texts}), capture_output=True,
        text=True, encoding="utf-8", timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def clip():
    return open_tokenizer(CLIP_VOCAB)


def compare(clip, texts: list[str]) -> None:
    for text, answer in zip(texts, transformers_ids(texts), strict=True):
        assert list(clip.encode(text, add_special_tokens=False).ids) == answer["plain"], text
        assert list(clip.encode(text, add_special_tokens=True).ids) == answer["around"], text


@needs_clip
def test_ids_equal_transformers_on_real_sentences(clip):
    assert clip.vocab_size == 49408
    assert any("ftfy" in note for note in clip.load_notes)  # what is not reproduced, said
    compare(clip, [*real_lines(), "A photo of a CAT, naïve café 東京 123!",
                   "<|startoftext|>a dog<|endoftext|>", "it's   the  DOG'S\tball\n\nyes"])


PARTS = [*"aZ éÉß'sStTdDmM.,!?-_/1234567890\n\t", "東", "京", "ç", "\u0301", "İ", "ﬁ", "🙂",
         "Ⅻ", "<|endoftext|>", "</w>", "&amp;", "'ll", " DOG'S "]


@needs_clip
def test_generated_text_matches_transformers(clip):
    # Generated from a fixed seed (one batch through the reference, not one process each).
    rng = random.Random(2026)
    texts = ["".join(rng.choice(PARTS) for _ in range(rng.randrange(0, 30)))
             for _ in range(400)]
    compare(clip, texts)


def gz(path: Path, text: bytes) -> Path:
    path.write_bytes(gzip.compress(text))
    return path


@pytest.mark.parametrize(("content", "words"), [
    (b"#version: 0.2\nh e\nhe llo\n", "holds 2 merges; CLIP's vocabulary takes the first"),
    (b"#version: 0.2\nh e\nbad\n" + b"a b\n" * 50000, "line 3: 'bad' is not a merge"),
    (b"#version: 0.2\n" + b"\xff\xfe" * 10, "not UTF-8 at byte"),
])
def test_a_damaged_vocabulary_is_one_line_naming_it(tmp_path, content, words):
    path = gz(tmp_path / "bpe_simple_vocab_16e6.txt.gz", content)
    with pytest.raises(TokenizerFileError) as caught:
        open_tokenizer(path)
    assert str(path) in str(caught.value) and words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_truncated_or_oversized_gzip_is_refused_before_it_is_unpacked_whole(tmp_path):
    whole = gzip.compress(b"#version: 0.2\n" + b"a b\n" * 60000)
    cut = tmp_path / "cut.txt.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(TokenizerFileError) as caught:
        open_tokenizer(cut)
    assert "is not whole gzip data" in str(caught.value)
    bomb = gz(tmp_path / "bomb.txt.gz", b"#version: 0.2\n" + b"\n" * (65 << 20))
    with pytest.raises(TokenizerFileError) as caught:
        open_tokenizer(bomb)
    assert "unpacks to more than" in str(caught.value)


@needs_clip
def test_the_audit_reads_word_ends_and_the_normalizer(clip):
    # Inside a word (no </w>), a token is asked of the merges inside a word, after CLIP's
    # lowercase: "A" never comes out; sampled reachable ones come out of some word.
    from test_audit import witness

    from bpelens.core import audit

    result = audit(clip)
    assert result.merges is not None and not result.merges.never_applied
    by_text = {t.label: t for t in result.tokens}
    assert by_text["A"].cls == "unreachable" and by_text["a"].cls == "reachable"
    rng = random.Random(7)
    inside = [t for t in result.tokens if clip.model.inside_word_only(t.id)
              and t.cls == "reachable" and t.text.isalpha() and t.text.isascii()]
    for token in rng.sample(inside, 60):
        assert witness(clip, token.id, token.text) is not None, token.text
