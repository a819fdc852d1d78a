"""The views' encoding of an edited text, made from the encoding shown (only the edit
re-encoded; bands, colours, shaped text and its UTF-16 map moved around it): always the same
as encoding the whole new text for the views."""

from __future__ import annotations

import random

import pytest

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.encode_job import encode_for_views
from bpelens.core import open_tokenizer

from conftest import SHARED_DATA
from test_gui_main_window import DEMO

TOKENIZERS = {"o200k": "tiktoken/o200k_base.tiktoken", "qwen3": "hf/qwen3.tokenizer.json"}
PIECES = ["a", "猫", " ", "\n", "🙂", "👍🏽", "ب", "9", "\r\n", "\r", "<|endoftext|>",
          "Word", "\n\n", "  ", "x" * 40]
BASE = ("The first line.\nSecond line with 🙂 emoji\n猫が好きです。\nمرحبا بالعالم\n"
        "नमस्ते दुनिया\n\n  indented\nnumbers 12345\n<|endoftext|>after\n") * 30


class Job:
    def progress(self, *_args) -> None:
        pass

    def check(self) -> None:
        pass


def views_of(tokenizer, text, previous=None, capacity=24):
    return encode_for_views(tokenizer, text, special="all", capacity=capacity, revision=0,
                            job=Job(), previous=previous)


def assert_same(spliced, whole) -> None:
    assert spliced.table.ids == whole.table.ids
    assert list(spliced.table.char_bytes) == list(whole.table.char_bytes)
    assert spliced.colors == whole.colors
    assert list(spliced.bands) == list(whole.bands)
    assert spliced.shaped_text == whole.shaped_text
    assert spliced.shaped_cut == whole.shaped_cut
    assert spliced.utf16 == whole.utf16


def edits(rng: random.Random, text: str, count: int):
    for _ in range(count):
        at = rng.randrange(len(text) + 1)
        gone = rng.choice([0, 0, 0, 1, 2, 5, 30])
        text = text[:at] + rng.choice(["", *PIECES]) + text[at + gone :]
        yield text


@pytest.mark.parametrize("name", sorted(TOKENIZERS))
def test_an_edited_texts_view_data_equals_encoding_it_whole(name):
    path = SHARED_DATA / "tokenizers" / TOKENIZERS[name]
    if not path.exists():
        pytest.skip(f"../shared/data is not here ({SHARED_DATA}): the real tokenizers are in it")
    tokenizer = open_tokenizer(str(path))
    rng = random.Random(11)
    shown = views_of(tokenizer, BASE)
    spliced = 0
    for text in edits(rng, BASE, 60):
        new = views_of(tokenizer, text, previous=shown)
        assert_same(new, views_of(tokenizer, text))
        if new.edit is not None:
            spliced += 1
            assert new.edited == shown.serial
            assert new.edit_of(shown.serial) is new.edit and new.edit_of(None) is None
            assert new.edit.new_char_end - new.edit.char_start < len(text) / 2
        shown = new
    assert spliced >= 40  # most edits re-encode only around themselves


def test_a_long_line_cut_from_the_shaped_view_moves_with_edits(monkeypatch):
    from bpelens.app.gui import encode_job

    monkeypatch.setattr(encode_job, "SHAPED_LINE_CHARS", 200)
    path = SHARED_DATA / "tokenizers" / TOKENIZERS["o200k"]
    if not path.exists():
        pytest.skip(f"../shared/data is not here ({SHARED_DATA}): the real tokenizers are in it")
    tokenizer = open_tokenizer(str(path))
    text = BASE[:300] + "Long " * 60 + "\n" + BASE[:300]
    shown = views_of(tokenizer, text)
    assert shown.shaped_cut
    for new_text in (text[:10] + "x" + text[10:], text[:-5], text.replace("Long " * 60, "ok")):
        new = views_of(tokenizer, new_text, previous=shown)
        assert_same(new, views_of(tokenizer, new_text))
        shown = new


def test_a_tokenizer_that_cannot_splice_encodes_whole():
    tokenizer = load_demo(DEMO)
    shown = views_of(tokenizer, BASE)
    new = views_of(tokenizer, BASE + "more", previous=shown)
    assert_same(new, views_of(tokenizer, BASE + "more"))



def test_another_width_cuts_the_bands_again():
    path = SHARED_DATA / "tokenizers" / TOKENIZERS["o200k"]
    if not path.exists():
        pytest.skip(f"../shared/data is not here ({SHARED_DATA}): the real tokenizers are in it")
    tokenizer = open_tokenizer(str(path))
    shown = views_of(tokenizer, BASE)
    wider = views_of(tokenizer, BASE + "more!", previous=shown, capacity=40)
    assert wider.edit is not None and wider.capacity == 40
    assert_same(wider, views_of(tokenizer, BASE + "more!", capacity=40))
