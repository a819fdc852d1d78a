"""The engine's words in the interface's language: a core Message keeps its template and
values, the app translates the template (Qt in the window, the .ts read without Qt on the
command line), every template core can say has a Japanese translation with the same
placeholders, and no message in core is built in a way the catalogue cannot see."""

from __future__ import annotations

import ast
import json
import pickle
import string
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bpelens.app import engine_words
from bpelens.core import (
    ConfigError,
    Message,
    TokenizerFileError,
    localize,
    open_tokenizer,
    set_translator,
)
from bpelens.core.formats.detect import SeveralTokenizersError

from cli_helpers import bpelens

ROOT = Path(__file__).resolve().parent.parent
TS = ROOT / "resources" / "i18n" / "bpelens_ja.ts"


@pytest.fixture
def pig_latin():
    """A translator that marks every template it knows, as a catalogue would."""
    known = {
        "{where}: {problem}": "[{problem} @ {where}]",
        "cannot read ({value})": "unreadable ({value})",
        "a list": "LIST",
        "{key} must be {what}, not {value}": "{key}={value}?! want {what}",
        "open one of them": "pick one",
        "give one of them to -t (-t {folder}/NAME)": "use -t {folder}/NAME",
        "holds {count} tokenizers; {advice}: {names}": "{count} tokenizers here; {advice}: "
                                                       "{names}",
        "bad {x}": "mauvais {y}",  # a broken translation: a placeholder renamed
    }
    set_translator(lambda template: known.get(template, template))
    yield known
    set_translator(None)


def test_a_message_is_its_english_text_and_remembers_how_it_was_made():
    message = Message("{name!r} has {count:,} ids ({{braces}} stay)", name="gpt2", count=50257)
    assert message == "'gpt2' has 50,257 ids ({braces} stay)"
    assert message.template == "{name!r} has {count:,} ids ({{braces}} stay)"
    assert dict(message.values) == {"name": "gpt2", "count": 50257}
    assert Message("no {{values}}") == "no {values}"


def test_without_a_translator_everything_is_english():
    error = ConfigError(Message("cannot read ({value})", value="disk full"))
    assert str(error) == localize(error) == "cannot read (disk full)"


def test_a_translator_says_the_template_and_the_nested_messages(pig_latin):
    problem = Message("{key} must be {what}, not {value}", key="model.merges",
                      what=Message("a list"), value="an object")
    error = TokenizerFileError("tok.json", problem)
    assert error.message == "tok.json: model.merges must be a list, not an object"
    assert str(error) == "[model.merges=an object?! want LIST @ tok.json]"
    # A plain value is the user's (a path, a token): never looked up, even when it is a
    # word the catalogue holds.
    assert localize(Message("cannot read ({value})", value="a list")) == "unreadable (a list)"


def test_a_translation_with_the_wrong_placeholders_falls_back_to_english(pig_latin):
    assert localize(Message("bad {x}", x=1)) == "bad 1"


def test_an_error_wrapping_another_keeps_its_words_translatable(pig_latin):
    inner = ConfigError(Message("cannot read ({value})", value="EIO"))
    outer = TokenizerFileError("t.json", inner.message)
    assert str(outer) == "[unreadable (EIO) @ t.json]"
    # Wrapping the error itself works too: its English text goes into the English message.
    wrapped = ConfigError(Message("{where}: {problem}", where="x", problem=inner))
    assert wrapped.message == "x: cannot read (EIO)"
    assert str(wrapped) == "[unreadable (EIO) @ x]"


def test_the_command_lines_fix_is_translated_with_the_words_it_replaces(pig_latin, tmp_path):
    error = SeveralTokenizersError(tmp_path, [tmp_path / "a.json", tmp_path / "b.model"])
    assert str(error) == f"[2 tokenizers here; pick one: a.json, b.model @ {tmp_path}]"
    assert error.for_interface("cli") == (
        f"[2 tokenizers here; use -t {tmp_path}/NAME: a.json, b.model @ {tmp_path}]")


def test_a_message_survives_pickling_inside_an_error():
    error = ConfigError(Message("cannot read ({value})", value="x"))
    back = pickle.loads(pickle.dumps(error))
    assert back.message.template == "cannot read ({value})" and str(back) == str(error)


# -- the catalogue -------------------------------------------------------------------------------
def _fields(template: str) -> list[tuple[str, str | None, str | None]]:
    return sorted((name, conversion, spec) for _, name, spec, conversion
                  in string.Formatter().parse(template) if name is not None)


def _engine_catalogue() -> dict[str, ET.Element]:
    root = ET.parse(TS).getroot()
    return {m.findtext("source") or "": m.find("translation")
            for c in root.iter("context") if c.findtext("name") == engine_words.CONTEXT
            for m in c.iter("message")}


def test_core_says_hundreds_of_templates_and_the_marks_file_lists_them_all():
    templates = engine_words.engine_templates()
    assert len(templates) > 300
    assert "not a tiktoken rank file" in templates
    assert "{where}.type must be a string, not {kind}" in templates
    assert engine_words.MARKS_FILE.read_text(encoding="utf-8") == engine_words.marks_source(
        templates), "run python -m bpelens.app.gui.i18n --update"


def test_every_template_of_the_engine_has_a_finished_japanese_translation():
    catalogue = _engine_catalogue()
    missing, unfinished, mismatched = [], [], []
    for template in engine_words.engine_templates():
        translation = catalogue.get(template)
        if translation is None:
            missing.append(template)
        elif translation.get("type") == "unfinished" or not translation.text:
            unfinished.append(template)
        elif (_fields(translation.text) != _fields(template)
              or translation.text.count("{{") != template.count("{{")):
            mismatched.append(template)
        elif not any(ch.isascii() is False for ch in translation.text) and any(
                word.isalpha() for word in template.replace("{", " ").split()):
            unfinished.append(template)  # copied as English
    assert not missing, f"not in the catalogue (run --update): {missing[:5]}"
    assert not unfinished, f"no Japanese yet: {unfinished[:5]}"
    assert not mismatched, f"placeholders differ: {mismatched[:5]}"


def test_the_guard_below_finds_a_message_built_where_the_catalogue_cannot_see_it():
    bad = 'raise ConfigError(f"field {name} is wrong")\nraise ConfigError("a " + what)\n'
    assert len(_hidden_messages(bad)) == 2
    good = ('raise ConfigError(Message("field {name} is wrong", name=name))\n'
            'raise ConfigError("plain words")\nraise ConfigError(exc.message)\n')
    assert _hidden_messages(good) == []


def _hidden_messages(source: str) -> list[int]:
    """Lines where an engine error (or a helper raising one) gets words built by an f-string,
    a ``+`` or ``%``: the catalogue holds templates only."""
    hidden = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = engine_words._called(node)
        index = engine_words.ERRORS.get(name or "", engine_words.HELPERS.get(name or ""))
        if index is None or len(node.args) <= index:
            continue
        words = node.args[index]
        if isinstance(words, ast.JoinedStr | ast.BinOp):
            hidden.append(node.lineno)
    return hidden


def test_no_engine_message_is_built_where_the_catalogue_cannot_see_it():
    found = {str(path.relative_to(ROOT)): lines for path in sorted((ROOT / "core").rglob("*.py"))
             if (lines := _hidden_messages(path.read_text(encoding="utf-8")))}
    assert not found, f"use Message(template, **values) in {found}"


# -- end to end: a bad file in Japanese ------------------------------------------------------------
def _japanese(template: str) -> str:
    translation = _engine_catalogue()[template]
    assert translation.text and translation.text != template
    return translation.text


def test_the_command_lines_error_for_a_bad_file_is_japanese(tmp_path):
    bad = tmp_path / "broken.tiktoken"
    bad.write_bytes(b"YQ== 0\nYg== x\n")
    english = bpelens("inspect", "-t", str(bad))
    assert "the rank 'x' is not a whole number" in english.stderr
    japanese = bpelens("--lang", "ja", "inspect", "-t", str(bad))
    assert japanese.returncode == english.returncode != 0
    expected = _japanese("line {number}: the rank {rank!r} is not a whole number").format(
        number=2, rank="x")
    assert expected in japanese.stderr, japanese.stderr
    assert "not a whole number" not in japanese.stderr and str(bad) in japanese.stderr


def test_the_window_says_a_bad_files_error_in_japanese(qapp, tmp_path):
    from bpelens.app.gui import i18n

    bad = tmp_path / "tokenizer.json"
    bad.write_text(json.dumps({"model": {"type": "BPE", "vocab": [], "merges": []}}))
    with pytest.raises(TokenizerFileError) as english:
        open_tokenizer(str(bad))
    assert "must be an object" in str(english.value)
    assert i18n.install_language(qapp, "ja") == "ja"
    try:
        said = str(english.value)
    finally:
        i18n.remove_language(qapp)
    assert _japanese("an object") in said and "must be an object" not in said, said
    assert str(bad) in said
    assert str(english.value) == english.value.message  # English again once removed
