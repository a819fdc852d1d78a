"""Two runtimes of one tokenizer on the user's text: where their ids part, and which stage of
the pipelines says why — special tokens, the normalizer, the pre-tokenizer, ignore_merges,
what is added around the ids — in the engine, ``bpelens diff`` and the Diff page."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.core import diff_tokenizers, open_tokenizer
from bpelens.core.debugging.runtime_diff import runtime_diff
from bpelens.core.formats.hf_json import tokenizer_from_hf

from cli_helpers import bpelens
from conftest import SHARED_DATA, needs_shared_data
from test_gui_debug import make_window, open_debug  # noqa: F401 (a fixture)

GGUF = SHARED_DATA / "tokenizers" / "gguf"
HF = SHARED_DATA / "tokenizers" / "hf"


def small(*, ignore_merges=False, pattern=r"\S+|\s+", normalizer=None):
    vocab = {c: i for i, c in enumerate("abcdeĠ")}
    vocab.update({"bc": 6, "ab": 7, "abc": 8})
    doc = {"version": "1.0", "added_tokens": [], "normalizer": normalizer,
           "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
               {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated",
                "invert": False},
               {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                "use_regex": False}]},
           "post_processor": None, "decoder": None,
           "model": {"type": "BPE", "vocab": vocab, "merges": [["b", "c"], ["a", "b"]],
                     "ignore_merges": ignore_merges}}
    return tokenizer_from_hf(doc)


def only(diff):
    assert len(diff.differences) == 1, diff.differences
    return diff.differences[0]


def test_ignore_merges_is_named():
    # "abc" is a token; merging pair by pair gives a + bc, as b c ranks first
    diff = runtime_diff(small(ignore_merges=True), small(), "abc de")
    difference = only(diff)
    assert difference.stage == "model" and "ignore_merges" in difference.reason
    assert (difference.char_start, difference.char_end) == (0, 3)
    assert difference.left_ids == (8,) and difference.right_ids == (0, 6)


def test_a_pre_tokenizer_that_cuts_elsewhere_is_named():
    diff = runtime_diff(small(), small(pattern=r"."), "ab e")
    difference = only(diff)
    assert difference.stage == "pre-tokenizer"
    assert "'ab'" in difference.reason and "'a' | 'b'" in difference.reason


def test_the_same_ids_have_no_differences():
    diff = runtime_diff(small(), small(), "abc abc")
    assert diff.same and not diff.differences


@needs_shared_data
def test_qwens_gguf_and_tokenizer_json_part_at_nfc_and_at_user_defined_tokens():
    gguf = open_tokenizer(GGUF / "ggml-vocab-qwen2.gguf")
    hf = open_tokenizer(HF / "qwen3.tokenizer.json")
    text = "Cafe\u0301 ok [PAD151646] x"
    diff = runtime_diff(gguf, hf, text)
    stages = [d.stage for d in diff.differences]
    assert stages == ["normalizer", "special tokens"], diff.differences
    normalizer, special = diff.differences
    assert "nfc" in normalizer.reason.lower() and normalizer.char_start <= 3 < 5 <= \
        normalizer.char_end
    assert "'[PAD151646]' is one token on the left" in special.reason
    assert 151646 in special.left_ids and 151646 not in special.right_ids
    # every id of either side is accounted for by a region or shared
    assert list(diff.left_ids) == gguf.encode_ids(text)
    assert list(diff.right_ids) == hf.encode_ids(text)


@needs_shared_data
def test_a_bos_added_by_one_runtime_only():
    gguf = open_tokenizer(GGUF / "ggml-vocab-llama-bpe.gguf")
    hf = open_tokenizer(HF / "llama3.tokenizer.json")  # the original release adds no BOS
    diff = runtime_diff(gguf, hf, "Hello world", add_special_tokens=True)
    difference = only(diff)
    assert difference.stage == "added around" and difference.left_ids == (128000,)
    assert runtime_diff(gguf, hf, "Hello world").same


@needs_shared_data
def test_bpelens_diff_says_where_and_why():
    done = bpelens("diff", "-t", str(GGUF / "ggml-vocab-qwen2.gguf"), "-t",
                   str(HF / "qwen3.tokenizer.json"), "Cafe\u0301 ok")
    assert done.returncode == 0, done.stderr
    runtime = json.loads(done.stdout)["runtime"]
    assert not runtime["same_ids"] and runtime["differences"][0]["stage"] == "normalizer"
    table = bpelens("diff", "-t", str(GGUF / "ggml-vocab-qwen2.gguf"), "-t",
                    str(HF / "qwen3.tokenizer.json"), "--format", "table", "Cafe\u0301 ok")
    assert "(normalizer): the normalizers differ" in table.stdout, table.stdout


@pytest.mark.parametrize("add", [False, True])
def test_diff_tokenizers_carries_it(add):
    result = diff_tokenizers(small(ignore_merges=True), small(), "abc")
    assert result.runtime is not None and result.runtime.differences[0].stage == "model"
    assert result.to_json()["runtime"]["differences"][0]["left_ids"] == [8]


def test_the_diff_page_lists_the_reasons(make_window, qtbot):  # noqa: F811 (the fixture)
    window = make_window()
    view = open_debug(window)
    page = view.diff_page
    page.other_box.setCurrentIndex(page.other_box.findText("demo-english-char"))
    page.text.setText("lowest newest")
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "places:" in page.output.toPlainText()
                    or "the same ids" in page.output.toPlainText())
    shown = page.output.toPlainText()
    assert "the ids differ in" in shown and "characters 0–" in shown, shown
