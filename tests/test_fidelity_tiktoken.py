"""tiktoken rank files give tiktoken's ids, id for id, in both special-token modes."""

import ast

import pytest
from hypothesis import given, settings

from conftest import needs_shared_data
from fidelity_helpers import (
    TIKTOKEN_DIR,
    TIKTOKEN_FILES,
    VECTORS,
    ntrex_lines,
    ours_tiktoken,
    texts,
    tiktoken_reference,
)

pytestmark = needs_shared_data
NAMES = list(TIKTOKEN_FILES)


@pytest.mark.parametrize("name", NAMES)
def test_presets_are_tiktokens_definitions(name):
    ref = tiktoken_reference(name)
    ours = ours_tiktoken(name)
    assert ours.pretokenizer.pattern == ref._pat_str
    assert ours.specials.ids == ref._special_tokens
    assert ours.vocab_size == ref.n_vocab
    # Every special id decodes as tiktoken decodes it (o200k_harmony names 200018 twice).
    special_ids = sorted(set(ref._special_tokens.values()))
    for token_id in special_ids:
        assert ours.decode_bytes([token_id]) == ref.decode_bytes([token_id]), token_id


@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base", "o200k_base"])
def test_files_are_recognised_by_name_and_by_hash(name, tmp_path):
    from bpelens.core import open_tokenizer

    from conftest import SHARED_DATA

    renamed = tmp_path / "mystery.tiktoken"
    renamed.write_bytes((SHARED_DATA / "tokenizers" / "tiktoken" / f"{name}.tiktoken").read_bytes())
    assert open_tokenizer(renamed).name == name


@pytest.mark.parametrize("name", NAMES)
def test_all_ntrex_sentences(name):
    ref, ours = tiktoken_reference(name), ours_tiktoken(name)
    lines = ntrex_lines()
    expected = ref.encode_ordinary_batch(lines, num_threads=1)
    got = [ours.encode_ids(line, special="none") for line in lines]
    mismatches = [i for i, (a, b) in enumerate(zip(got, expected, strict=True)) if a != b]
    assert not mismatches, f"{len(mismatches)} lines differ, first: {lines[mismatches[0]]!r}"


@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base", "o200k_base"])
def test_whole_ntrex_files_first_time_and_again(name):
    # Whole documents: newlines between sentences, cut by the cache of lines.
    from conftest import SHARED_DATA

    ref, ours = tiktoken_reference(name), ours_tiktoken(name)
    for path in sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        want = ref.encode_ordinary(text)
        assert ours.encode_ids(text, special="none") == want, path.name
        assert ours.encode_ids(text, special="none") == want, path.name


@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_all_ntrex_at_once_goes_through_the_vectorized_merge(name, tmp_path, monkeypatch):
    from bpelens.core import open_tokenizer

    from conftest import SHARED_DATA

    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path))  # the pair table built, then read
    text = "".join(p.read_text(encoding="utf-8") for p in
                   sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt")))
    want = tiktoken_reference(name).encode_ordinary(text)
    for _ in range(2):
        ours = open_tokenizer(TIKTOKEN_DIR / TIKTOKEN_FILES[name], encoding=name)
        assert ours.encode_ids(text, special="none") == want
        assert ours.model._pair_table is not None


def test_gpt_tokenizer_test_plans():
    blocks = (VECTORS / "tiktoken" / "gpt-tokenizer-TestPlans.txt").read_text("utf-8")
    checked = 0
    for block in blocks.split("\n\n"):
        fields = {}
        for line in block.split("\n"):
            key, _, value = line.partition(": ")
            fields[key] = value
        if "EncodingName" not in fields:
            continue
        expected = ast.literal_eval(fields["Encoded"])
        got = ours_tiktoken(fields["EncodingName"]).encode_ids(fields["Sample"], special="all")
        assert got == expected, fields["Sample"]
        checked += 1
    assert checked == 313


@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base", "o200k_base", "o200k_harmony"])
@given(text=texts)
@settings(max_examples=150, deadline=None)
def test_generated_text_both_special_modes(name, text):
    ref, ours = tiktoken_reference(name), ours_tiktoken(name)
    assert ours.encode_ids(text, special="none") == ref.encode_ordinary(text)
    assert ours.encode_ids(text, special="all") == ref.encode(text, allowed_special="all")
    ids = ref.encode(text, allowed_special="all")
    assert ours.decode_bytes(ids) == ref.decode_bytes(ids)
    assert ours.decode(ids, errors="replace") == ref.decode(ids)


def test_text_partly_seen_before_mixes_known_lines_pieces_and_new_ones(tmp_path, monkeypatch):
    # The bulk path with lines already cached (only the new ones are merged) and pieces
    # cached by short encodes before it: the ids still equal tiktoken's.
    from bpelens.core import open_tokenizer

    from conftest import SHARED_DATA

    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path))
    folder = SHARED_DATA / "parallel" / "ntrex128"
    first, second = (folder / f"newstest2019-ref.{lang}.txt" for lang in ("deu", "hin"))
    a, b = first.read_text(encoding="utf-8"), second.read_text(encoding="utf-8")
    ref = tiktoken_reference("o200k_base")
    ours = open_tokenizer(TIKTOKEN_DIR / TIKTOKEN_FILES["o200k_base"], encoding="o200k_base")
    for line in b.splitlines()[:50]:
        assert ours.encode_ids(line, special="none") == ref.encode_ordinary(line)
    assert ours.encode_ids(a, special="none") == ref.encode_ordinary(a)
    text = b + a + b[: len(b) // 2] + "\n" + a[: len(a) // 3]
    assert len(text) - len(a) > 20_000
    assert ours.encode_ids(text, special="none") == ref.encode_ordinary(text)
    assert ours.encode_ids(text, special="none") == ref.encode_ordinary(text)


@pytest.mark.parametrize("name", ["cl100k_base", "o200k_base"])
def test_a_batch_of_all_ntrex_sentences_merged_together(name, tmp_path, monkeypatch):
    from bpelens.core import open_tokenizer

    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path))
    lines = ntrex_lines()
    ours = open_tokenizer(TIKTOKEN_DIR / TIKTOKEN_FILES[name], encoding=name)
    ref = tiktoken_reference(name)
    got = ours.encode_batch_ids(lines, special="none")
    assert ours.model._pair_table is not None  # the vectorized merge ran
    assert got == ref.encode_ordinary_batch(lines, num_threads=1)
    with_specials = [line + "<|endoftext|>" for line in lines[:3000]]
    assert ours.encode_batch_ids(with_specials) == ref.encode_batch(
        with_specials, allowed_special="all", num_threads=1)
