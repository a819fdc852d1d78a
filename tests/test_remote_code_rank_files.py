"""A rank file whose model ships its tokenizer as Python (Kimi K2: ``tiktoken.model`` beside
``tokenization_kimi.py``, named by ``tokenizer_config.json``'s ``auto_map``): the pattern and
the reserved special tokens are read from the source, never run, and the ids equal tiktoken's
with the same pattern (its fancy-regex reads ``&&`` as class intersection; Python's ``regex``
does only in VERSION1, so the dialect rewrites it). The folder here is built by the test:
cl100k's ranks under Kimi's file names, Kimi's pattern written the way its module writes it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
import regex
from hypothesis import given
from hypothesis import strategies as st

from bpelens.core import TokenizerFileError, open_tokenizer
from bpelens.core.text.regex_dialects import translate

from conftest import SHARED_DATA, needs_shared_data

tiktoken = pytest.importorskip("tiktoken")

CL100K = SHARED_DATA / "tokenizers" / "tiktoken" / "cl100k_base.tiktoken"
KIMI_PARTS = [
    r"[\p{Han}]+",
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]*[\p{Ll}\p{Lm}\p{Lo}\p{M}"
    r"&&[^\p{Han}]]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}&&[^\p{Han}]]+[\p{Ll}\p{Lm}\p{Lo}\p{M}"
    r"&&[^\p{Han}]]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?",
    r"\p{N}{1,3}",
    r" ?[^\s\p{L}\p{N}]+[\r\n]*",
    r"\s*[\r\n]+",
    r"\s+(?!\S)",
    r"\s+",
]
KIMI_PATTERN = "|".join(KIMI_PARTS)
NAMED = {0: "[BOS]", 1: "[EOS]", 2: "<|im_end|>", 254: "[UNK]", 255: "[PAD]"}


def module_source(pattern_lines: str, reserved: str = "256") -> str:
    return ("import tiktoken\n\n\nclass TikTokenTokenizer:\n"
            f"    num_reserved_special_tokens = {reserved}\n"
            f"    pat_str = {pattern_lines}\n\n"
            "    def __init__(self):\n        raise SystemExit('never run')\n")


KIMI_MODULE = module_source('"|".join(\n        [\n' + "".join(
    f'            r"""{part}""",\n' for part in KIMI_PARTS) + "        ]\n    )")


def kimi_folder(folder, module: str = KIMI_MODULE, auto_map=None):
    folder.mkdir(exist_ok=True)
    shutil.copyfile(CL100K, folder / "tiktoken.model")
    (folder / "tokenization_kimi.py").write_text(module, encoding="utf-8")
    base = 100256
    config = {"auto_map": auto_map or {"AutoTokenizer": ["tokenization_kimi.TikTokenTokenizer",
                                                          None]},
              "added_tokens_decoder": {str(base + k): {"content": v, "special": True}
                                       for k, v in NAMED.items()}}
    (folder / "tokenizer_config.json").write_text(json.dumps(config), encoding="utf-8")
    return folder / "tiktoken.model"


def reference(path):
    """tiktoken built as tokenization_kimi.py builds it."""
    from tiktoken.load import load_tiktoken_bpe

    ranks = load_tiktoken_bpe(str(path))
    base = len(ranks)
    specials = {NAMED.get(i - base, f"<|reserved_token_{i}|>"): i
                for i in range(base, base + 256)}
    return tiktoken.Encoding("kimi-like", pat_str=KIMI_PATTERN, mergeable_ranks=ranks,
                             special_tokens=specials)


@pytest.fixture(scope="module")
def kimi(tmp_path_factory):
    if not CL100K.is_file():
        pytest.skip(f"{CL100K} is absent (../shared/data is not beside this checkout)")
    path = kimi_folder(tmp_path_factory.mktemp("kimi") / "Kimi-like")
    return open_tokenizer(path), reference(path)


SAMPLES = [
    "ABC漢字&&X HelloWorld 東京タワーです I'm here, they'll GO'S",
    "中文和English混合，日本語のカタカナ、한국어 문장도 있습니다.",
    "Ünïcödé ÀÉÎ naïve CAFÉ café\n\n  spaces\t\ttabs 1234567 ١٢٣",
    "[BOS]<|im_end|>text [EOS] <|reserved_token_100300|>",
    "देवनागरी लिपि में लिखा गया वाक्य। 🙂👍🏽",
]


@needs_shared_data
@pytest.mark.parametrize("text", SAMPLES)
def test_ids_equal_tiktoken_with_kimis_pattern(kimi, text):
    ours, theirs = kimi
    assert list(ours.encode(text).ids) == theirs.encode(text, allowed_special="all")


@needs_shared_data
@given(st.text(alphabet=st.sampled_from(
    [*"aZ漢字東京タワーカナ한국 \n\t'&&sStT.,!1234567890", "\u0301", "\u3000", "Ǆ", "ǅ", "ʰ",
     "々", "〇", "Ⅻ"]),
    max_size=60))
def test_generated_text_splits_as_tiktoken_splits(kimi, text):
    ours, theirs = kimi
    assert list(ours.encode(text).ids) == theirs.encode(text, allowed_special="all")


@needs_shared_data
def test_the_specials_are_laid_out_as_the_class_lays_them_out(kimi):
    ours, _ = kimi
    assert ours.name == "Kimi-like"
    assert any("tokenization_kimi.py" in note for note in ours.load_notes)
    ids = {t.content: t.id for t in ours.specials.tokens}
    assert len(ids) == 256
    assert ids["[EOS]"] == 100257
    assert ids["<|reserved_token_100259|>"] == 100259
    assert ids["[PAD]"] == 100256 + 255
    assert "<|reserved_token_100511|>" not in ids  # named [PAD] instead


@given(st.text(alphabet=st.sampled_from(list("aeiouxyzAEIOU漢 &^:bf")), max_size=30))
def test_class_intersection_reads_as_regex_version1_reads_it(text):
    for pattern in (r"[a-z&&[^aeiou]]+", r"[^a-z&&[^aeiou]]+", r"[\p{L}&&[^\p{Han}]&&\p{Ll}]+",
                    r"x[\w&&[^\d]]?y|[^\s&&[^ ]]", r"[a-z&&^e]+", r"[[:alpha:]&&[a-f]]+",
                    r"[a-z&&[^aeiou]x]+", r"[a-z&&b-y&&[^x]u]+"):
        ours = regex.compile(translate(pattern, "tiktoken"))
        version1 = regex.compile("(?V1)" + pattern)
        assert ours.findall(text) == version1.findall(text), pattern


@pytest.mark.parametrize("pattern", [r"[&&a]", r"[a&&]", r"[a&&&&b]"])
def test_an_empty_side_of_an_intersection_names_the_class(pattern):
    from bpelens.core import ConfigError

    with pytest.raises(ConfigError) as caught:
        translate(pattern, "tiktoken")
    assert f"a side of && is empty in {pattern!r}" in str(caught.value)


@needs_shared_data
@pytest.mark.parametrize(("module", "where", "words"), [
    (module_source('"[a-z"'), "tokenization_kimi.py", "pat_str: pattern does not"),
    (module_source('"a+"', reserved="-3"), "tokenization_kimi.py",
     "num_reserved_special_tokens must be"),
])
def test_a_bad_pattern_or_count_is_one_line_naming_the_file(tmp_path, module, where, words):
    path = kimi_folder(tmp_path / "model", module)
    with pytest.raises(TokenizerFileError) as caught:
        open_tokenizer(path)
    message = str(caught.value)
    assert where in message and words in message
    assert "\n" not in message


@needs_shared_data
@pytest.mark.parametrize(("module", "auto_map", "words"), [
    (KIMI_MODULE, {"AutoTokenizer": ["tokenization_missing.TikTokenTokenizer", None]},
     "tokenization_missing.py is not beside it"),
    (KIMI_MODULE.replace("class TikTokenTokenizer", "class Other"), None,
     "has no class TikTokenTokenizer"),
    (module_source("build_pattern()"), None, "TikTokenTokenizer.pat_str is computed"),
    # Qwen-1 writes PAT_STR at the module's top, GLM-4 sets pat_str in __init__:
    ("PAT_STR = r'\\S+'\nclass TikTokenTokenizer:\n    def __init__(self):\n"
     "        self.pat_str = 'x'\n", None, "has no pat_str written as text"),
    ("class TikTokenTokenizer(:\n", None, "is not Python that parses"),
])
def test_a_module_that_cannot_be_read_leaves_the_other_ways_open(tmp_path, module, auto_map,
                                                                 words):
    # The ranks here are cl100k's: recognised by their SHA-256 as before, with a note saying
    # why the module beside them was not used (a file nothing names gets the window's dialog).
    path = kimi_folder(tmp_path / "model", module, auto_map)
    tokenizer = open_tokenizer(path)
    assert tokenizer.source.encoding == "cl100k_base"
    assert any(words in note for note in tokenizer.load_notes), tokenizer.load_notes


def test_added_token_keys_must_be_ascii_ids(tmp_path):
    from bpelens.core.formats.remote_code import _added_tokens

    with pytest.raises(TokenizerFileError) as caught:
        _added_tokens(tmp_path / "tokenizer_config.json", {"²": {"content": "x"}})
    assert "added_tokens_decoder['²']" in str(caught.value)


def test_the_class_value_wins_and_the_last_assignment_counts(tmp_path):
    from bpelens.core.formats.remote_code import _class_literals

    module = tmp_path / "tokenization_x.py"
    module.write_text("pat_str = 'module'\nclass T:\n    pat_str = 'first'\n"
                      "    pat_str = 'last'\n    num_reserved_special_tokens = 8\n",
                      encoding="utf-8")
    assert _class_literals(module, "T", ("pat_str", "num_reserved_special_tokens")) == {
        "pat_str": "last", "num_reserved_special_tokens": 8}


@needs_shared_data
def test_the_command_line_reads_it_and_a_pattern_given_wins(tmp_path):
    path = kimi_folder(tmp_path / "model")
    text = "ABC漢字 HelloWorld"
    run = subprocess.run([sys.executable, "-m", "bpelens.app", "encode", "-t", str(path), text],
                         capture_output=True, text=True, encoding="utf-8", check=False)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["ids"] == reference(path).encode(text)
    assert "tokenization_kimi.py" in run.stderr  # the note says where the pattern came from
    plain = subprocess.run([sys.executable, "-m", "bpelens.app", "encode", "-t", str(path),
                            "--pattern", r"\S+|\s+", text], capture_output=True, text=True,
                           encoding="utf-8", check=False)
    assert plain.returncode == 0, plain.stderr
    ranks_only = tiktoken.Encoding("plain", pat_str=r"\S+|\s+",
                                   mergeable_ranks=reference(path)._mergeable_ranks,
                                   special_tokens={})
    assert json.loads(plain.stdout)["ids"] == ranks_only.encode(text)
