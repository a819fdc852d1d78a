"""The table of an edited text, re-encoded around the edit only: always equal to encoding the
whole new text, column for column; a small window where a splice is provably exact, the whole
text where it is not."""

from __future__ import annotations

import dataclasses
import random
import sys
import unicodedata
from array import array
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bpelens.core
from bpelens.core import (
    AddedToken,
    TableEdit,
    Tokenizer,
    TokenTable,
    TrainingConfig,
    token_table,
    token_table_after_edit,
    train,
)
from bpelens.core.fast import table_splice as table_edit
from bpelens.core.fast.table_splice import EditWindow
from bpelens.core.pipeline.normalizers.base import UnicodeForm, make_normalizer

from conftest import SHARED_DATA
from fidelity_helpers import EMOJI, SPECIAL_STRINGS

REAL = {
    "o200k": "tiktoken/o200k_base.tiktoken", "cl100k": "tiktoken/cl100k_base.tiktoken",
    "gpt2": "hf/gpt2.tokenizer.json", "llama3": "hf/llama3.tokenizer.json",
    "qwen3": "hf/qwen3.tokenizer.json",
}
NO_SHARED = f"../shared/data is not here ({SHARED_DATA}): the real tokenizers are in it"
_loaded: dict[str, Tokenizer] = {}


def _trained(pretokenizer: str | None = "o200k_base",
             specials: dict[str, int] | None = None) -> Tokenizer:
    corpus = ["Hello world, the line goes on.\nSecond line 123", "日本語のテキスト\nمرحبا بالعالم",
              "नमस्ते दुनिया 🙂\nПривет мир"] * 3
    model = train(corpus, TrainingConfig(vocab_size=320, level="byte")).tokenizer.model
    if specials is None:
        specials = {"<|endoftext|>": 320, "<|im_end|>": 321}
    return Tokenizer(model, pretokenizer=pretokenizer, special_tokens=specials)


def tokenizer(name: str) -> Tokenizer:
    if name not in _loaded:
        if name == "trained":
            _loaded[name] = _trained()
        else:
            if not SHARED_DATA.is_dir():
                pytest.skip(NO_SHARED)
            from bpelens.core import open_tokenizer

            _loaded[name] = open_tokenizer(SHARED_DATA / "tokenizers" / REAL[name])
    return _loaded[name]


def assert_same_table(got: TokenTable, want: TokenTable) -> None:
    """Every field of the dataclass: values as lists, bytes or strings, and the same types
    (``array('q')`` stays ``array('q')``, ``bytes`` stays ``bytes``)."""
    for field in dataclasses.fields(TokenTable):
        a, b = getattr(got, field.name), getattr(want, field.name)
        if field.name == "kinds":
            assert a is b, field.name
            continue
        assert type(a) is type(b), field.name
        if isinstance(a, array):
            assert a.typecode == b.typecode, field.name
            a, b = a.tolist(), b.tolist()
        assert a == b, field.name


def assert_window_fits(old: TokenTable, new: TokenTable, window: EditWindow) -> None:
    """What the window promises callers who splice their own data the same way."""
    w = window
    assert 0 <= w.char_start <= w.old_char_end <= len(old.model_text)
    assert w.new_char_end - w.old_char_end == len(new.model_text) - len(old.model_text)
    assert w.new_byte_end - w.old_byte_end == new.byte_count - old.byte_count
    assert new.model_text[: w.char_start] == old.model_text[: w.char_start]
    assert new.model_text[w.new_char_end :] == old.model_text[w.old_char_end :]
    # Windows start at a line (or at the end: an unchanged text re-encodes nothing)
    assert w.char_start in (0, len(new.model_text)) or new.model_text[w.char_start - 1] == "\n"
    assert old.char_bytes[w.char_start] == new.char_bytes[w.char_start] == w.byte_start
    assert old.char_bytes[w.old_char_end] == w.old_byte_end
    assert new.char_bytes[w.new_char_end] == w.new_byte_end
    assert new.ids[: w.token_start] == old.ids[: w.token_start]
    assert new.ids[w.new_token_end :] == old.ids[w.old_token_end :]
    assert list(new.byte_starts[: w.token_start]) == list(old.byte_starts[: w.token_start])
    tokens = range(w.token_start, w.new_token_end)
    assert all(w.byte_start <= new.byte_starts[i] < w.new_byte_end for i in tokens)
    pieces = range(w.piece_start, w.new_piece_end)
    assert all(w.byte_start <= new.piece_byte_starts[i] < w.new_byte_end for i in pieces)
    assert (len(new.piece_byte_starts) - w.new_piece_end
            == len(old.piece_byte_starts) - w.old_piece_end)


def edited(tok: Tokenizer, old: TokenTable, text: str, special: str) -> TableEdit:
    """The edit, checked against encoding the new text whole."""
    edit = token_table_after_edit(tok, old, text, special=special)
    assert_same_table(edit.table, token_table(tok, text, special=special))
    if edit.window is not None:
        assert_window_fits(old, edit.table, edit.window)
    return edit


# -- random edits on real tokenizers ------------------------------------------------------------

LINES = ["Hello world, this is an English line.", "Ceci est une phrase française.",
         "日本語のテキストです。", "مرحبا بالعالم", "नमस्ते दुनिया", "Привет, мир!",
         "Line with trailing spaces   ", "  indented line", "", "", "12345 67.89 2024",
         "\r", "tail\r", "'s and 'll and I'm", "x" * 40, "e\u0301 and é",
         *EMOJI, *SPECIAL_STRINGS[:4], "Text <|endoftext|>", "<|im_end|>"]
BASES = st.lists(st.sampled_from(LINES), min_size=3, max_size=14).map("\n".join)
INSERTS = st.one_of(
    st.sampled_from(["a", "Z", " ", "\n", "\n\n", "\r\n", " \n", "é", "日", "🙂", "1", "'s",
                     "<|endoftext|>", "<|end", "oftext|>", "|>", "<|im_end|>", "\nNew",
                     "A\nB", "\u0301", "\ud800", "ß", "\t", "\u00a0"]),
    st.text(max_size=4),
)
EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 6), INSERTS),
                 min_size=1, max_size=5)


def apply(text: str, at: int, delete: int, insert: str) -> str:
    at %= len(text) + 1
    return text[:at] + insert + text[at + delete :]


def run_edits(name: str, base: str, edits: list, special: str) -> int:
    """Each edit applied to the table the one before gave (a splice of a splice …)."""
    tok = tokenizer(name)
    table = token_table(tok, base, special=special)
    text = base
    spliced = 0
    for at, delete, insert in edits:
        text = apply(text, at, delete, insert)
        edit = edited(tok, table, text, special)
        spliced += edit.window is not None
        table = edit.table
    return spliced


@pytest.mark.parametrize("name", ["trained", *REAL])
@settings(max_examples=40, deadline=None)
@given(base=BASES, edits=EDITS, special=st.sampled_from(["all", "none"]))
def test_random_edits_give_the_table_of_the_whole_new_text(name, base, edits, special):
    # Any window size (the default encodes whole past half the text, as short texts are)
    with patch.object(table_edit, "WHOLE_SHARE", 1.0):
        run_edits(name, base, edits, special)


@pytest.mark.parametrize("name", ["trained", "o200k", "qwen3"])
@settings(max_examples=25, deadline=None)
@given(base=BASES, edits=EDITS)
def test_random_edits_with_the_default_window_limit(name, base, edits):
    run_edits(name, base * 3, edits, "all")


SAFE_INSERTS = ["a", "Z", " ", "\n", "\n\n", "\r\n", " \n", "é", "日", "🙂", "1", "'s", "\nNew",
                "A\nB", "ß", "\t", "", "  x"]


@pytest.mark.parametrize("name", ["trained", *REAL])
@pytest.mark.parametrize("special", ["all", "none"])
def test_every_edit_of_ordinary_text_is_spliced(name, special):
    """Edits typing nothing unsafe (no lone surrogate, no combining mark for qwen's NFC to
    compose, nothing that could complete an added token): each one is a splice, 200 in a row,
    each equal to the whole encoding."""
    rng = random.Random(7)
    base = "\n".join(rng.choice(LINES[:13]) for _ in range(30))
    edits = [(rng.randrange(10_000), rng.choice([0, 0, 1, 3]), rng.choice(SAFE_INSERTS))
             for _ in range(200)]
    with patch.object(table_edit, "WHOLE_SHARE", 1.0):
        assert run_edits(name, base, edits, special) == len(edits)


# -- a splice really happens, and is small -----------------------------------------------------

@pytest.fixture(scope="module")
def long_text() -> str:
    """≈1,000,000 characters of NTREX-128 (many scripts), lines as in the files."""
    if not SHARED_DATA.is_dir():
        pytest.skip(NO_SHARED)
    parts: list[str] = []
    size = 0
    for path in sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt")):
        parts.append(path.read_text(encoding="utf-8").replace("\r", ""))
        size += len(parts[-1])
        if size >= 1_000_000:
            break
    return "".join(parts)[:1_000_000]


@pytest.mark.parametrize("name", ["o200k", "qwen3"])
def test_a_one_character_edit_of_a_megabyte_re_encodes_a_small_window(name, long_text):
    tok = tokenizer(name)
    long_text = tok.normalizer.normalize_str(long_text)  # qwen's NFC: a few files are not
    table = token_table(tok, long_text)
    assert table.fast
    middle = long_text.index("\n", len(long_text) // 2) - 5
    for text in (long_text + "x", long_text[:middle] + "x" + long_text[middle:],
                 long_text[:-1], "Q" + long_text):
        edit = edited(tok, table, text, "all")
        assert edit.window is not None
        w = edit.window
        assert w.new_char_end - w.char_start < len(text) / 100
        assert w.new_token_end - w.token_start < len(edit.table) / 100


def test_an_unchanged_text_gives_the_old_table_back():
    tok = tokenizer("trained")
    table = token_table(tok, "Hello\nworld")
    edit = token_table_after_edit(tok, table, "Hello\nworld")
    assert edit.table is table
    assert edit.window == EditWindow(11, 11, 11, 11, 11, 11, len(table), len(table),
                                     len(table), len(table.piece_byte_starts),
                                     len(table.piece_byte_starts),
                                     len(table.piece_byte_starts))


def test_the_window_runs_from_the_nearest_cut_before_to_the_nearest_after():
    tok = tokenizer("trained")
    text = "First line\nSecond line\nThird line\nFourth line"
    table = token_table(tok, text)
    new = text.replace("Third", "Thirdly")
    edit = edited(tok, table, new, "all")
    assert edit.window is not None
    w = edit.window
    assert new[w.char_start : w.new_char_end] == "Thirdly line\n"
    assert (w.char_start, w.old_char_end, w.new_char_end) == (23, 34, 36)


# -- unsafe cases fall back ----------------------------------------------------------------------

LINES_TEXT = "\n".join(f"Line number {i} says hello." for i in range(200))


def _edit_at_line(text: str, line: int, insert: str) -> str:
    at = text.index(f"number {line} ") + 7
    return text[:at] + insert + text[at:]


def test_a_lone_surrogate_is_encoded_whole_and_splicing_resumes_after():
    tok = tokenizer("trained")
    table = token_table(tok, LINES_TEXT)
    assert edited(tok, table, _edit_at_line(LINES_TEXT, 100, "x"), "all").window is not None
    broken = _edit_at_line(LINES_TEXT, 100, "\ud800")
    edit = edited(tok, table, broken, "all")
    assert edit.window is None and edit.table.replaced_surrogates
    # From a table with a replaced surrogate, the next edit is encoded whole too …
    assert edited(tok, edit.table, broken + "y", "all").window is None
    # … and once the surrogate is gone, splices resume.
    fixed = edited(tok, edit.table, broken.replace("\ud800", ""), "all")
    assert fixed.window is None
    assert edited(tok, fixed.table, _edit_at_line(LINES_TEXT, 50, "z"), "all").window


def test_an_added_token_holding_a_newline_stops_splicing():
    for content, splices in (("<|a\nb|>", False), ("<|ab|>", True)):
        tok = _trained(specials={content: 320})
        text = LINES_TEXT.replace("number 3 ", f"number 3 {content} ")
        table = token_table(tok, text)
        assert table.fast
        edit = edited(tok, table, _edit_at_line(text, 150, "x"), "all")
        assert (edit.window is not None) == splices, content


def test_a_pre_tokenizer_that_does_not_cut_at_newlines_is_encoded_whole():
    whole = _trained(pretokenizer=None)  # the whole text one piece: fast, but not chunked
    table = token_table(whole, LINES_TEXT)
    assert table.fast and not whole.fast.chunked
    assert edited(whole, table, _edit_at_line(LINES_TEXT, 150, "x"), "all").window is None


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason=NO_SHARED)
@pytest.mark.parametrize("path", ["hf/llama-spm.tokenizer.json",
                                  "hf/bert-base-uncased-minilm.tokenizer.json",
                                  "hf/falcon.tokenizer.json"])
def test_sentencepiece_wordpiece_and_respelling_tokenizers_are_encoded_whole(path):
    from bpelens.core import open_tokenizer

    tok = open_tokenizer(SHARED_DATA / "tokenizers" / path)
    table = token_table(tok, LINES_TEXT)
    edit = edited(tok, table, _edit_at_line(LINES_TEXT, 150, "x"), "all")
    assert edit.window is None


def test_a_table_of_another_tokenizer_is_not_spliced():
    one, other = _trained(), _trained()
    table = token_table(other, LINES_TEXT)
    assert edited(one, table, _edit_at_line(LINES_TEXT, 150, "x"), "all").window is None
    assert edited(other, table, _edit_at_line(LINES_TEXT, 150, "x"), "all").window is not None


def test_a_table_whose_columns_do_not_fit_its_text_is_encoded_whole():
    """The caller's promise broken (the old table is of another text): no cut is a token
    boundary of it, and the answer is still the new text's table."""
    tok = tokenizer("trained")
    text = LINES_TEXT
    table = token_table(tok, text)
    shifted = "Extra words. " + text
    lying = dataclasses.replace(table, text=shifted, model_text=shifted, decoded=shifted,
                                char_bytes=token_table(tok, shifted).char_bytes)
    assert edited(tok, lying, _edit_at_line(shifted, 150, "x"), "all").window is None


def test_an_edit_inside_an_added_token_is_spliced_around_it():
    tok = tokenizer("trained")
    text = LINES_TEXT.replace("number 100 says", "number 100 <|endoftext|> says")
    table = token_table(tok, text)
    for new in (text.replace("<|endoftext|>", "<|endoftxt|>"),
                text.replace("<|endoftext|>", "<|endoftext|><|im_end|>")):
        edit = edited(tok, table, new, "all")
        assert edit.window is not None
        assert new[edit.window.char_start : edit.window.new_char_end].startswith("Line number 100")


def test_a_cut_an_added_token_touches_is_passed_over():
    tok = tokenizer("trained")
    with patch.object(table_edit, "WHOLE_SHARE", 1.0):
        for before, start in (("Aaa <|endoftext|>\n", 0), ("Aaa <|endoftext|\n", 17)):
            text = before + "Bbb ccc\nDdd"
            edit = edited(tok, token_table(tok, text), text.replace("ccc", "cxc"), "all")
            assert edit.window is not None
            assert edit.window.char_start == start, before


def test_an_lstrip_token_at_the_window_start_is_encoded_whole():
    """"Hello" swallows the newline before it (lstrip): made by the edit, it would reach out
    of the window, so the whole text is encoded — and that table has the match from the
    newline on, which a splice would have missed."""
    base = _trained()
    tok = Tokenizer(base.model, pretokenizer="o200k_base", added_tokens=[
        AddedToken("Hello", 330, special=False, lstrip=True)])
    text = "First line\nHellx world\nLast line"
    table = token_table(tok, text)
    assert table.fast and not table.specials_recognised
    with patch.object(table_edit, "WHOLE_SHARE", 1.0):
        edit = edited(tok, table, text.replace("Hellx", "Hello"), "all")
    assert edit.window is None
    assert edit.table.specials_recognised[0].start == 10  # the newline
    # The same edit where the token does not start a line (nor follows a space): spliced.
    text = "First line\nSay-Hellx world\nLast line"
    with patch.object(table_edit, "WHOLE_SHARE", 1.0):
        edit = edited(tok, token_table(tok, text), text.replace("Hellx", "Hello"), "all")
    assert edit.window is not None


def test_an_added_token_made_just_before_the_windows_last_newline_is_encoded_whole():
    """The cut after the window would then open a text segment with its newline, where the
    pre-tokenizer's rule (a newline after a non-space) says nothing: encoded whole."""
    base = _trained()
    tok = Tokenizer(base.model, pretokenizer="o200k_base", added_tokens=[
        AddedToken("<x>", 330)])
    text = "First line\nabc <y>\nLast line"
    with patch.object(table_edit, "WHOLE_SHARE", 1.0):
        edit = edited(tok, token_table(tok, text), text.replace("<y>", "<x>"), "all")
        assert edit.window is None and edit.table.fast
        edit = edited(tok, token_table(tok, text), text.replace("<y>", "<x>z"), "all")
        assert edit.window is not None


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason=NO_SHARED)
def test_a_byte_level_decoder_reading_an_added_token_otherwise_is_encoded_whole():
    """HF's ByteLevel decoder reads "é" as byte 0xE9 — not the token's UTF-8: decoding is
    then more than the text, and tables are encoded whole."""
    gpt2 = tokenizer("gpt2")
    for content, splices in (("<é>", False), ("<e>", True)):
        tok = Tokenizer(gpt2.model, pretokenizer=gpt2.pretokenizer, decoder=gpt2.decoder,
                        added_tokens=[AddedToken("<|endoftext|>", 50256),
                                      AddedToken(content, 50257)])
        table = token_table(tok, LINES_TEXT)
        edit = edited(tok, table, _edit_at_line(LINES_TEXT, 150, "x"), "all")
        assert (edit.window is not None) == splices, content


def test_a_normalizer_that_is_not_local_at_newlines_stops_splicing():
    base = _trained()
    for normalizer, splices in (("lowercase", False), ("nfc", True), (None, True)):
        tok = Tokenizer(base.model, pretokenizer="o200k_base", normalizer=normalizer)
        text = LINES_TEXT.lower()
        table = token_table(tok, text)
        assert table.fast
        edit = edited(tok, table, _edit_at_line(text, 150, "x"), "all")
        assert (edit.window is not None) == splices, normalizer


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason=NO_SHARED)
def test_qwen_nfc_splices_while_the_text_stays_normalized():
    tok = tokenizer("qwen3")
    text = LINES_TEXT.replace("number 7 ", "number 7 café 한국어 ")
    table = token_table(tok, text)
    assert table.fast and not tok.fast.normalize_identity
    # A combining accent after "e": NFC composes it, the fast path does not apply; whole.
    decomposed = edited(tok, table, _edit_at_line(text, 150, "e\u0301"), "all")
    assert decomposed.window is None and not decomposed.table.fast
    # A leading vowel jamo after a newline composes with nothing: NFC leaves the text alone.
    jamo = edited(tok, table, _edit_at_line(text, 150, "\n\u1161"), "all")
    assert jamo.table.fast and jamo.window is not None
    composed = edited(tok, table, _edit_at_line(text, 150, "é"), "all")
    assert composed.window is not None


# -- the pieces of the proof --------------------------------------------------------------------

def test_no_character_normalizes_into_a_newline():
    """Decomposition is per character (NFKD is the widest: compatibility and canonical) and
    reordering and composition never make or remove a character, so counting newlines in one
    string of every code point proves none decomposes to hold one."""
    chars = [chr(c) for c in range(sys.maxunicode + 1)
             if c != 0x0A and not 0xD800 <= c <= 0xDFFF]
    joined = "\n".join(chars)
    assert unicodedata.normalize("NFKD", joined).count("\n") == len(chars) - 1
    assert unicodedata.combining("\n") == 0 and unicodedata.decomposition("\n") == ""


# Characters that compose, reorder or are newer than HF's Unicode 9 (U+0860, U+1F97A).
TRICKY = st.sampled_from(["e", "\u0301", "\u0327", "\u0323", "\u1100", "\u1161", "\u11a8",
                          "가", "\u0915", "\u093c", "ﬁ", "Å", "\u212b", "\u0860", "🥺",
                          "\u0f73", "\u0344", "\n", " ", "a", "\ue000"])
SIDES = st.lists(TRICKY, max_size=8).map("".join)


@pytest.mark.parametrize("form", ["nfc", "nfd", "nfkc", "nfkd"])
@settings(max_examples=300, deadline=None)
@given(left=SIDES, right=SIDES)
def test_unicode_forms_normalize_each_side_of_a_newline_apart(form, left, right):
    normalizer = make_normalizer(form)
    assert isinstance(normalizer, UnicodeForm)
    assert table_edit._local_at_newlines(normalizer)
    n = normalizer.normalize_str
    assert n(left + "\n" + right) == n(left) + "\n" + n(right)


def edit_counting_cut_checks(monkeypatch, text: str) -> tuple[TableEdit, int]:
    """A character typed in the middle of ``text`` (trained tokenizer), and how many cut
    candidates were checked in Python meanwhile."""
    tok = tokenizer("trained")
    table = token_table(tok, text)
    looked: list[int] = []
    real = table_edit._is_cut
    monkeypatch.setattr(table_edit, "_is_cut", lambda *a: looked.append(1) or real(*a))
    middle = len(text) // 2
    return edited(tok, table, text[:middle] + "b" + text[middle:], "all"), len(looked)


def test_the_cut_search_is_bounded(monkeypatch):
    """Newlines the regex takes for cuts but Python's tests reject (U+001C is a space to
    Python, not to \\s): a hundred thousand of them, and only CUT_TRIES are looked at on each
    side before giving up."""
    edit, looked = edit_counting_cut_checks(monkeypatch, "\x1c\nA" * 100_000)
    assert edit.window is None
    assert 0 < looked <= table_edit.CUT_TRIES


def test_newlines_that_are_no_cut_are_skipped_in_c(monkeypatch):
    """Lines starting with a space never look like cuts: none is examined in Python, and with
    no cut near the edit the text is encoded whole."""
    edit, looked = edit_counting_cut_checks(monkeypatch, "word\n word" * 50_000)
    assert edit.window is None
    assert looked == 0


# -- progress and the public names ------------------------------------------------------------

class _Stop(Exception):
    pass


def test_progress_rises_to_one_and_may_stop_the_work():
    tok = tokenizer("trained")
    table = token_table(tok, LINES_TEXT)
    for text in (_edit_at_line(LINES_TEXT, 150, "x"), _edit_at_line(LINES_TEXT, 150, "\ud800")):
        seen: list[float] = []
        token_table_after_edit(tok, table, text, progress=seen.append)
        assert seen and seen == sorted(seen) and seen[0] >= 0 and seen[-1] == 1.0

        def stop(fraction: float) -> None:
            raise _Stop

        with pytest.raises(_Stop):
            token_table_after_edit(tok, table, text, progress=stop)


def test_the_names_are_public():
    assert bpelens.core.token_table_after_edit is token_table_after_edit
    assert bpelens.core.TableEdit is TableEdit
    assert bpelens.core.EditWindow is EditWindow


def test_deleting_every_character_gives_the_empty_table():
    # A one-character text deleted whole: the window and the new text are both empty (this
    # divided by zero once, found by tests/test_fast_contract.py).
    tok = tokenizer("trained")
    for text in ("0", "a\n", "\n"):
        edit = edited(tok, token_table(tok, text), "", "all")
        assert edit.table.ids == []
