"""BPE Lens's own file format: exact round trips, clear errors, atomic saves."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import (
    BpeLensError,
    ConfigError,
    TokenizerFileError,
    TrainingConfig,
    load_tokenizer,
    save_tokenizer,
    tokenizer_to_dict,
    train,
)

CONFIGS = [
    TrainingConfig(vocab_size=300, level="byte", pretokenizer="o200k_base", normalizer="nfc",
                   special_tokens=("<|endoftext|>",)),
    TrainingConfig(vocab_size=290, level="byte", byte_order="hf", pretokenizer="gpt2"),
    TrainingConfig(vocab_size=60, level="char", pretokenizer="whitespace", end_of_word="</w>",
                   tie_break="first_occurrence"),
    TrainingConfig(vocab_size=320, level="char", pretokenizer={"type": "sequence",
                   "pretokenizers": ["qwen2", "digits"]}, byte_fallback=True,
                   normalizer={"type": "sequence", "normalizers": ["nfkc", "lowercase"]}),
]
TEXTS = [("The cat sat on the mat. 猫が座った。 2026 ", 3), ("the hat, the bat", Fraction(1, 3))]


@pytest.mark.parametrize("config", CONFIGS, ids=["byte", "byte-hf", "char-eow", "char-fallback"])
def test_trained_tokenizer_round_trips_exactly(tmp_path, config):
    original = train(TEXTS, config).tokenizer
    original.name = "demo"
    path = tmp_path / "tok.json"
    save_tokenizer(original, path)
    loaded = load_tokenizer(path)
    assert tokenizer_to_dict(loaded) == tokenizer_to_dict(original)
    assert loaded.model.token_bytes == original.model.token_bytes
    assert loaded.model.merges == original.model.merges
    assert loaded.specials.ids == original.specials.ids
    assert loaded.training == original.training
    for text in ["The cat", "猫が 2026", "the hat<|endoftext|>"]:
        assert _outcome(loaded, text) == _outcome(original, text)


def _outcome(tokenizer, text):
    try:
        return tokenizer.encode_ids(text)
    except BpeLensError as exc:  # e.g. '<' unknown to a character-level tokenizer
        return str(exc)


@given(st.text(min_size=1, max_size=40))
@settings(max_examples=40, deadline=None)
def test_round_trip_on_generated_corpora(tmp_path_factory, text):
    original = train([text, text], TrainingConfig(vocab_size=280, min_frequency=1)).tokenizer
    original.name = "generated"
    path = tmp_path_factory.mktemp("rt") / "t.json"
    save_tokenizer(original, path)
    assert tokenizer_to_dict(load_tokenizer(path)) == tokenizer_to_dict(original)


def good_dict() -> dict:
    return tokenizer_to_dict(train(TEXTS, CONFIGS[0]).tokenizer)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "format: not a BPE Lens tokenizer"),
        (lambda d: d.update(version=99), "version: version 99 is not supported"),
        (lambda d: d["model"].update(level="word"), "model.level"),
        (lambda d: d["model"]["merges"].__setitem__(3, [1, 2]), r"model.merges\[3\]"),
        (lambda d: d["model"]["merges"].__setitem__(0, [1, 2, 999]), "new id 999 must be 256"),
        (lambda d: d["model"]["merges"].__setitem__(0, [1, 5000, 256]), "right id 5000"),
        (lambda d: d.update(pretokenizer={"type": "regex", "preset": "gtp2"}), "unknown pre-tok"),
        (lambda d: d.update(special_tokens={"<x>": 3}), "already uses"),
        (lambda d: d["training"].update(merge_counts=[1]), "training.merge_counts"),
        (lambda d: d["training"].update(stop_reason=3), "training.stop_reason: expected a str"),
        (lambda d: d["training"].update(distinct_pieces="9"), "training.distinct_pieces"),
        (lambda d: d["training"].update(config=[]), "training.config: expected an object"),
    ],
)
def test_bad_files_name_the_field(tmp_path, change, message):
    data = good_dict()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(TokenizerFileError, match=message) as info:
        load_tokenizer(path)
    assert str(path) in str(info.value)


def test_bad_json_names_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "bpelens-tokenizer",\n  "version": 1,,}', encoding="utf-8")
    with pytest.raises(TokenizerFileError, match="line 2, column 16"):
        load_tokenizer(path)
    path.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(TokenizerFileError, match="not UTF-8 at byte 7"):
        load_tokenizer(path)
    with pytest.raises(TokenizerFileError, match="cannot read"):
        load_tokenizer(tmp_path / "missing.json")


def test_save_is_atomic(tmp_path, monkeypatch):
    tok = train(TEXTS, CONFIGS[0]).tokenizer
    path = tmp_path / "tok.json"
    path.write_text("previous content", encoding="utf-8")

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", failing_replace)
    with pytest.raises(TokenizerFileError, match="No space left"):
        save_tokenizer(tok, path)
    assert path.read_text(encoding="utf-8") == "previous content"
    assert [p.name for p in tmp_path.iterdir()] == ["tok.json"]  # no temporary file left


OWN_COMPONENTS = [
    ("normalizer", {"type": "none"}), ("normalizer", {"type": "nfkc"}),
    ("normalizer", {"type": "nfd"}), ("normalizer", {"type": "lowercase"}),
    ("normalizer", {"type": "sequence", "normalizers": [{"type": "nfc"},
                                                        {"type": "lowercase"}]}),
    ("pretokenizer", {"type": "none"}), ("pretokenizer", {"type": "whitespace"}),
    ("pretokenizer", {"type": "digits", "individual": False}),
    ("pretokenizer", {"type": "regex", "preset": "o200k_base"}),
    ("pretokenizer", {"type": "regex", "pattern": r"\w+|\s+"}),
    ("pretokenizer", {"type": "sequence", "pretokenizers": [
        {"type": "digits", "individual": True}, {"type": "regex", "preset": "gpt2"}]}),
]


@pytest.mark.parametrize(("what", "config"), OWN_COMPONENTS)
def test_every_own_component_is_written_as_the_config_it_was_read_from(what, config):
    from bpelens.core import make_normalizer, make_pretokenizer

    make = make_normalizer if what == "normalizer" else make_pretokenizer
    component = make(config)
    assert component.to_config() == config
    assert type(make(component.to_config())) is type(component)


def test_a_tokenizer_with_a_component_of_another_file_is_refused_by_name(tmp_path):
    from bpelens.core import Tokenizer
    from bpelens.core.pipeline.normalizers.hf import StripNormalizer

    model = train(["hello world"] * 3, TrainingConfig(vocab_size=270, level="byte")
                  ).tokenizer.model
    tokenizer = Tokenizer(model, normalizer=StripNormalizer(left=True, right=True))
    with pytest.raises(ConfigError, match=r"normalizer 'Strip' has no entry in BPE Lens's own "
                                          r"files \(they hold none, nfc"):
        save_tokenizer(tokenizer, tmp_path / "t.json")
    assert not (tmp_path / "t.json").exists()


@pytest.mark.parametrize(("config", "message"), [
    ({"type": "nfx"}, "unknown normalizer 'nfx'; choose one of none, nfc, nfkc"),
    ({"type": "sequence"}, "a sequence normalizer needs a list under 'normalizers'"),
])
def test_a_bad_own_normalizer_names_what_would_be_valid(config, message):
    from bpelens.core import make_normalizer

    with pytest.raises(ConfigError, match=message):
        make_normalizer(config)
