"""Bad and hostile files, by family: each gets one line naming the file and the field (or
line), never a traceback, a hang, a huge allocation or a silently different tokenizer.

The families are those a fuzzing run over the loaders found; tests/test_hf_file_strictness.py
mutates the real files field by field on top of these.
"""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from tokenizers import Tokenizer as HFTokenizer

from bpelens.core import BpeLensError, Tokenizer, open_tokenizer
from bpelens.core.formats.hf_json import load_hf_tokenizer
from bpelens.core.text.byte_level import bytes_to_unicode

from conftest import HANG_SECONDS, SHARED_DATA, needs_shared_data

TIKTOKEN = SHARED_DATA / "tokenizers" / "tiktoken"


def byte_level_doc() -> dict[str, Any]:
    """A small valid byte-level BPE tokenizer.json: 256 bytes, a few merges, one special."""
    alphabet = bytes_to_unicode()
    vocab = {alphabet[b]: b for b in range(256)}
    merges = [("Ġ", "w"), ("o", "r"), ("Ġw", "or"), ("l", "d"), ("H", "e"), ("l", "l"),
              ("He", "ll"), ("Hell", "o")]
    for left, right in merges:
        vocab[left + right] = len(vocab)
    vocab["<|endoftext|>"] = len(vocab)
    level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
             "use_regex": True}
    return {
        "version": "1.0", "truncation": None, "padding": None,
        "added_tokens": [{"id": vocab["<|endoftext|>"], "content": "<|endoftext|>",
                          "single_word": False, "lstrip": False, "rstrip": False,
                          "normalized": False, "special": True}],
        "normalizer": None, "pre_tokenizer": dict(level), "post_processor": None,
        "decoder": dict(level),
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                  "vocab": vocab, "merges": [f"{a} {b}" for a, b in merges]},
    }


def write(tmp_path: Path, doc: Any, name: str = "tokenizer.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8",
                    errors="surrogatepass")
    return path


def refused(path: Path, *needles: str, **options: Any) -> str:
    """The one-line message loading ``path`` gives; it names the file and every needle."""
    with pytest.raises(BpeLensError) as caught:
        open_tokenizer(path, **options)
    message = str(caught.value)
    assert "\n" not in message and str(path) in message, message
    for needle in needles:
        assert needle in message, f"{needle!r} not in {message!r}"
    return message


def hf_refuses(doc: dict[str, Any]) -> bool:
    try:
        HFTokenizer.from_str(json.dumps(doc))
    except Exception:
        return True
    return False


def mutate(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


@pytest.fixture(autouse=True)
def no_cache(monkeypatch):
    monkeypatch.setenv("BPELENS_CACHE", "0")


def test_the_small_file_is_valid_and_matches_hf(tmp_path: Path) -> None:
    doc = byte_level_doc()
    ours = open_tokenizer(write(tmp_path, doc))
    hf = HFTokenizer.from_str(json.dumps(doc))
    for text in ("Hello world", " world<|endoftext|>x", "héllo"):
        assert ours.encode_ids(text) == hf.encode(text).ids


# -- wrong JSON types ------------------------------------------------------------------------
WRONG_TYPES = [
    (("model", "merges", 2), 7, "model.merges[2]"),
    (("model", "continuing_subword_prefix"), 5, "model.continuing_subword_prefix"),
    (("model", "end_of_word_suffix"), 1.5, "model.end_of_word_suffix"),
    (("model", "unk_token"), [], "model.unk_token"),
    (("model", "fuse_unk"), "false", "model.fuse_unk"),
    (("model", "vocab", "Ġw"), 1.7, "model.vocab['Ġw']"),
    (("model", "vocab", "Ġw"), "5", "model.vocab['Ġw']"),
    (("model", "vocab", "Ġw"), True, "model.vocab['Ġw']"),
    (("added_tokens", 0, "content"), 7, "added_tokens[0].content"),
    (("added_tokens", 0, "content"), ["x"], "added_tokens[0].content"),
    (("added_tokens", 0, "id"), 1.7, "added_tokens[0].id"),
    (("added_tokens", 0, "special"), "true", "added_tokens[0].special"),
    (("added_tokens",), -1, "added_tokens"),
    (("pre_tokenizer", "add_prefix_space"), "false", "pre_tokenizer.add_prefix_space"),
    (("decoder",), {"type": "Strip", "content": " ", "start": "x", "stop": 0}, "decoder.start"),
    (("decoder",), {"type": "Strip", "content": " ", "start": None, "stop": 0},
     "decoder.start"),
    (("post_processor",), {"type": "TemplateProcessing", "single": 1.5, "pair": [],
                           "special_tokens": {}}, "post_processor.single"),
    (("version",), 1, "version"),
]


@pytest.mark.parametrize(("place", "value", "field"), WRONG_TYPES,
                         ids=[f"{'.'.join(map(str, p))}={v!r}" for p, v, _ in WRONG_TYPES])
def test_wrong_json_types_name_the_field(tmp_path: Path, place, value, field) -> None:
    doc = mutate(byte_level_doc(), place, value)
    assert hf_refuses(doc)  # as strict as the reference library
    refused(write(tmp_path, doc), field)


def test_a_boolean_written_as_a_string_is_not_read_as_true(tmp_path: Path) -> None:
    # "false" used to be read as True (any non-empty string), changing every id.
    doc = mutate(byte_level_doc(), ("pre_tokenizer", "add_prefix_space"), "false")
    refused(write(tmp_path, doc), "pre_tokenizer.add_prefix_space must be true or false, not "
                                  "the string 'false'")


def test_lone_surrogate_in_a_vocabulary_key(tmp_path: Path) -> None:
    text = json.dumps(byte_level_doc()).replace('"Hell": ', '"\\ud800": ')
    refused(write(tmp_path, text), "lone surrogate")


def test_missing_required_field(tmp_path: Path) -> None:
    doc = byte_level_doc()
    del doc["added_tokens"][0]["lstrip"]
    assert hf_refuses(doc)
    refused(write(tmp_path, doc), "added_tokens[0].lstrip is missing")


def test_own_format_wrong_types(tmp_path: Path) -> None:
    from bpelens.core import TrainingConfig, save_tokenizer, train

    result = train(["low lower lowest"] * 3, TrainingConfig(vocab_size=262, level="byte"))
    path = tmp_path / "mine.json"
    save_tokenizer(result.tokenizer, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    cases = [
        (("training", "merge_counts", 0), "1/0", "training.merge_counts[0]"),
        (("version",), True, "version"),
        (("special_tokens",), {"<a>": 10**12}, "special_tokens['<a>']"),
        (("special_tokens",), {"<a>": 300, "<b>": 300}, "special_tokens['<b>']"),
        (("name",), 5, "name"),
        (("pretokenizer",), {"type": "regex", "preset": 5}, "pre-tokenizer preset 5"),
    ]
    for place, value, field in cases:
        refused(write(tmp_path, mutate(data, place, value), "mine.json"), field)


# -- nesting ---------------------------------------------------------------------------------
def test_deeply_nested_sequences(tmp_path: Path) -> None:
    doc = byte_level_doc()
    pre: Any = doc["pre_tokenizer"]
    for _ in range(170):
        pre = {"type": "Sequence", "pretokenizers": [pre]}
    doc["pre_tokenizer"] = pre
    assert hf_refuses(doc)
    refused(write(tmp_path, doc), "nested more than 128 levels")


def test_json_nested_ten_thousand_deep(tmp_path: Path) -> None:
    path = write(tmp_path, '{"model": ' + "[" * 10_000 + "]" * 10_000 + "}")
    refused(path, "nested")


def test_pattern_with_two_thousand_nested_groups(tmp_path: Path) -> None:
    doc = mutate(byte_level_doc(), ("pre_tokenizer",), {
        "type": "Split", "pattern": {"Regex": "(" * 2000 + "a" + ")" * 2000},
        "behavior": "Isolated", "invert": False})
    refused(write(tmp_path, doc), "nests groups more than 200 deep")


# -- absurd sizes ----------------------------------------------------------------------------
@pytest.mark.parametrize("tid", [10**12, 3 * 10**7, 2**63, 2**64])
def test_huge_vocabulary_ids_are_refused_before_allocating(tmp_path: Path, tid: int) -> None:
    doc = mutate(byte_level_doc(), ("model", "vocab", "Hello"), tid)
    path = write(tmp_path, doc)
    tracemalloc.start()
    try:
        refused(path, "model.vocab['Hello']")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # Not a table up to the id being filled: 8 bytes an id, 240 MB for the smallest here
    # (a file of ids up to a million loads with a peak of 8.5 MB; refusing takes < 0.1 MB).
    assert peak < 16 << 20, f"{peak:,} bytes allocated to refuse it"


def test_huge_added_token_id(tmp_path: Path) -> None:
    doc = mutate(byte_level_doc(), ("added_tokens", 0, "id"), 10**12)
    assert hf_refuses(doc)  # not a u32
    refused(write(tmp_path, doc), "added_tokens[0].id")


def test_huge_repeat_in_a_split_pattern(tmp_path: Path) -> None:
    doc = mutate(byte_level_doc(), ("pre_tokenizer",), {
        "type": "Split", "pattern": {"Regex": "a{100000000}"}, "behavior": "Isolated",
        "invert": False})
    assert hf_refuses(doc)
    refused(write(tmp_path, doc), "repeats 100,000,000 times")


def test_a_device_as_a_rank_file() -> None:
    with pytest.raises(BpeLensError, match="not a regular file"):
        open_tokenizer("/dev/zero", encoding="o200k_base")


# -- catastrophic backtracking --------------------------------------------------------------
@pytest.mark.parametrize("slot", ["pre_tokenizer", "normalizer"])
def test_backtracking_pattern_stops_with_a_message(tmp_path: Path, slot: str) -> None:
    doc = byte_level_doc()
    if slot == "pre_tokenizer":
        doc["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": "(a|a)+$"}, "behavior": "Isolated",
             "invert": False}, {**doc["pre_tokenizer"], "use_regex": False}]}
    else:
        doc["normalizer"] = {"type": "Replace", "pattern": {"Regex": "(a|a)+$"},
                             "content": "x"}
    path = write(tmp_path, doc)
    # In a process of its own, so that a pattern its budget failed to stop (hours of
    # backtracking, the interpreter lock held) fails the test instead of hanging the run.
    code = ("import sys\n"
            "from bpelens.core import open_tokenizer\n"
            "from bpelens.core.text.bounded_regex import PatternTimeout\n"
            "try:\n"
            "    open_tokenizer(sys.argv[1]).encode_ids('a' * 36 + 'b')\n"
            "except PatternTimeout as exc:\n"
            "    print(exc)\n")
    try:
        run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                             text=True, timeout=HANG_SECONDS)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still encoding after {HANG_SECONDS} s: the pattern was never stopped")
    assert run.returncode == 0, run.stderr
    assert "(a|a)+$" in run.stdout and "backtracks catastrophically" in run.stdout, run.stdout


# -- silently accepted garbage --------------------------------------------------------------
def ranks_file(tmp_path: Path, lines: list[bytes], name: str = "mine.tiktoken") -> Path:
    path = tmp_path / name
    path.write_bytes(b"".join(lines))
    return path


def byte_lines() -> list[bytes]:
    return [base64.b64encode(bytes([b])) + b" %d\n" % b for b in range(256)]


@pytest.mark.parametrize(("extra", "problem"), [
    (b"!!!! 1000\n", "line 257: '!!!!' is not base64"),
    (base64.b64encode(b"ab") + b" 5\n", "line 257: rank 5 appears twice"),
    (base64.b64encode(b"ab") + b" -3\n", "line 257: rank -3 is not from 0"),
    (b"= 300\n= 301\n", "line 258: token = appears twice (first on line 257)"),
    (base64.b64encode(b"a") + b" 300\n", "appears twice (first on line 98)"),
])
def test_rank_file_garbage_is_refused(tmp_path: Path, extra: bytes, problem: str) -> None:
    path = ranks_file(tmp_path, [*byte_lines(), extra])
    refused(path, problem, pattern=r"\S+")


def test_an_empty_token_written_as_equals_is_read_as_tiktoken_reads_it(tmp_path: Path) -> None:
    """Whisper's rank files hold ``= 50256``: tiktoken's empty token (no bytes, never
    produced); it opens, and decodes to nothing."""
    path = ranks_file(tmp_path, [*byte_lines(), b"= 256\n"])
    tokenizer = open_tokenizer(path, pattern=r"\S+")
    assert tokenizer.token_bytes(256) == b""
    assert tokenizer.decode([104, 256, 105]) == "hi"
    assert tokenizer.encode_ids("hi") == [104, 105]


@needs_shared_data
def test_a_rank_file_named_like_an_encoding_but_different_is_refused(tmp_path: Path) -> None:
    lines = (TIKTOKEN / "r50k_base.tiktoken").read_bytes().splitlines(keepends=True)
    path = ranks_file(tmp_path, lines[:1000], "r50k_base.tiktoken")  # truncated
    refused(path, "named like r50k_base, but its content is not OpenAI's")
    # Named, it opens, saying what it is.
    tokenizer = open_tokenizer(path, encoding="r50k_base")
    assert any("is not OpenAI's r50k_base" in note for note in tokenizer.load_notes)


@needs_shared_data
def test_an_encoding_that_contradicts_the_file_is_refused() -> None:
    path = TIKTOKEN / "cl100k_base.tiktoken"
    refused(path, "holds the cl100k_base ranks", encoding="o200k_base")
    assert open_tokenizer(TIKTOKEN / "o200k_base.tiktoken", encoding="o200k_harmony").name == \
        "o200k_harmony"  # one file, two encodings: allowed


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    doc = mutate(byte_level_doc(), ("model", "vocab", "Hello"), 0)
    refused(write(tmp_path, doc), "both have id 0")
    vocab = {bytes_to_unicode()[b]: b for b in range(256)} | {"ab": 5}
    (tmp_path / "merges.txt").write_text("#version: 0.2\n", encoding="utf-8")
    refused(write(tmp_path, vocab, "vocab.json"), "both have id 5")


# -- ids that differ from HF on files HF accepts --------------------------------------------
def same_as_hf(doc: dict[str, Any], tmp_path: Path, texts: tuple[str, ...]) -> Tokenizer:
    ours = open_tokenizer(write(tmp_path, doc))
    hf = HFTokenizer.from_str(json.dumps(doc))
    for text in texts:
        assert ours.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids, text
    return ours


def test_an_added_token_takes_the_vocabularys_id_as_in_hf(tmp_path: Path) -> None:
    doc = byte_level_doc()
    doc["added_tokens"].append({"id": 999, "content": "Hello", "single_word": False,
                                "lstrip": False, "rstrip": False, "normalized": False,
                                "special": True})
    ours = same_as_hf(doc, tmp_path, ("Hello world", "xHellox"))
    assert ours.encode_ids("Hello") == [doc["model"]["vocab"]["Hello"]]
    assert any("'Hello' 999 →" in note for note in ours.load_notes)


def test_a_new_added_token_with_a_far_id_gets_the_next_id_as_in_hf(tmp_path: Path) -> None:
    doc = byte_level_doc()
    doc["added_tokens"][0]["id"] = 4_000_000_000
    ours = same_as_hf(doc, tmp_path, ("a<|endoftext|>b",))
    assert ours.vocab_size == len(doc["model"]["vocab"])  # nothing laid out up to 4·10⁹


def test_duplicated_added_contents_and_strip_options_as_in_hf(tmp_path: Path) -> None:
    doc = byte_level_doc()
    first = doc["added_tokens"][0]
    doc["added_tokens"].append({**first, "lstrip": True, "rstrip": True, "id": 5})
    doc["added_tokens"].append({**first, "content": "", "id": 6})  # HF skips it
    ours = same_as_hf(doc, tmp_path, ("a <|endoftext|> b", "<|endoftext|>  x"))
    # …without a word; here a note says so, naming the entry.
    assert any("added_tokens[2] (id 6) has empty content" in note for note in ours.load_notes)


@pytest.mark.parametrize("pre", [None, {"type": "Sequence", "pretokenizers": []}])
def test_no_pre_tokenizer_with_a_byte_level_decoder(tmp_path: Path, pre) -> None:
    doc = mutate(byte_level_doc(), ("pre_tokenizer",), pre)
    same_as_hf(doc, tmp_path, ("Hello world", "Hello, wörld"))


@needs_shared_data
def test_gpt2_without_pre_tokenizer_gives_hfs_ids(tmp_path: Path) -> None:
    doc = json.loads((SHARED_DATA / "tokenizers" / "hf" / "gpt2.tokenizer.json").read_text(
        encoding="utf-8"))
    doc["pre_tokenizer"] = None
    ours = open_tokenizer(write(tmp_path, doc))
    assert ours.encode_ids("Hello world") == [39, 5037, 1764]  # HF's, the space dropped


# -- the disk cache --------------------------------------------------------------------------
def test_cache_answers_by_content_not_by_name_size_or_date(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("BPELENS_CACHE", "1")
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path / "cache"))
    doc = byte_level_doc()
    path = write(tmp_path, doc)
    before = load_hf_tokenizer(path).encode_ids("Hello")
    stamp = path.stat()
    vocab = doc["model"]["vocab"]
    vocab["Hello"], vocab["<|endoftext|>"] = vocab["<|endoftext|>"], vocab["Hello"]
    doc["added_tokens"][0]["id"] = vocab["<|endoftext|>"]
    write(tmp_path, doc)
    os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns))
    assert path.stat().st_size == stamp.st_size
    after = load_hf_tokenizer(path).encode_ids("Hello")
    assert after != before and after == HFTokenizer.from_str(json.dumps(doc)).encode(
        "Hello").ids


def test_damaged_cache_entries_are_ignored(tmp_path: Path, monkeypatch) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("BPELENS_CACHE", "1")
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(cache))
    path = write(tmp_path, byte_level_doc())
    expected = load_hf_tokenizer(path).encode_ids("Hello world")
    (entry,) = cache.glob("tokenizer.json-*")
    good = entry.read_bytes()
    for damaged in (good[:-7], good[:100] + bytes([good[100] ^ 0xFF]) + good[101:], b"",
                    b"bpelens-cache\n" + b"0" * 64 + b"\n" + b"\x00" * 10):
        entry.write_bytes(damaged)
        assert load_hf_tokenizer(path).encode_ids("Hello world") == expected
    # An entry that passes its checksum but holds the wrong shape is parsed again too.
    from bpelens.core.fast import disk_cache

    digest = disk_cache.content_digest(path.read_bytes())
    disk_cache.store("tokenizer.json", digest, {"tables": {"vocab": 5}})
    assert load_hf_tokenizer(path).encode_ids("Hello world") == expected
    disk_cache.store("tokenizer.json", digest, ["not", "a", "dict"])
    assert load_hf_tokenizer(path).encode_ids("Hello world") == expected


def test_a_rank_file_refused_when_parsed_is_refused_with_a_cache(tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.setenv("BPELENS_CACHE", "1")
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(tmp_path / "cache"))
    good = ranks_file(tmp_path, byte_lines())
    open_tokenizer(good, pattern=r"\S+")
    bad = ranks_file(tmp_path, [*byte_lines(), b"!!!! 1000\n"])
    refused(bad, "is not base64", pattern=r"\S+")


# -- saving ----------------------------------------------------------------------------------
def test_saving_respects_umask_symlinks_and_devices(tmp_path: Path) -> None:
    from bpelens.core.formats.file_io import write_atomic

    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.json", b"1")
    finally:
        os.umask(old)
    assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o644
    (tmp_path / "link.json").symlink_to(tmp_path / "a.json")
    write_atomic(tmp_path / "link.json", b"2")
    assert (tmp_path / "link.json").is_symlink()
    assert (tmp_path / "a.json").read_bytes() == b"2"
    import stat

    write_atomic(Path(os.devnull), b"3")  # written through, the device stays a device
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    with pytest.raises(BpeLensError, match="is a folder"):
        write_atomic(tmp_path, b"4")


def test_a_tiktoken_export_is_saved_as_a_pair_or_not_at_all(tmp_path: Path) -> None:
    from bpelens.core import TrainingConfig, train
    from bpelens.core.formats.export import save_tiktoken

    tokenizer = train(["hello hello world"] * 4,
                      TrainingConfig(vocab_size=260, level="byte")).tokenizer
    (tmp_path / "out.tiktoken.json").mkdir()  # the sidecar cannot be written
    with pytest.raises(BpeLensError):
        save_tiktoken(tokenizer, tmp_path / "out.tiktoken")
    assert not (tmp_path / "out.tiktoken").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.tiktoken.json"]


# -- decoding ids a tokenizer does not have --------------------------------------------------
@needs_shared_data
def test_decoding_a_missing_id_names_the_ids_that_exist() -> None:
    tokenizer = open_tokenizer(TIKTOKEN / "o200k_base.tiktoken")
    with pytest.raises(BpeLensError) as caught:
        tokenizer.decode([5, 199998])
    assert str(caught.value) == ("id 199998 at position 1 is not in this tokenizer: its ids "
                                 "are 0–199997, 199999 and 200018")
    assert tokenizer.decode([199999]) == "<|endoftext|>"


# -- patterns that do not compile, named by where they are ----------------------------------
def test_a_split_pattern_that_does_not_compile_names_its_component(tmp_path: Path) -> None:
    doc = mutate(byte_level_doc(), ("pre_tokenizer",), {"type": "Sequence", "pretokenizers": [
        {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
         "use_regex": True},
        {"type": "Split", "pattern": {"Regex": "(unclosed"}, "behavior": "Isolated",
         "invert": False}]})
    refused(write(tmp_path, doc), "pre_tokenizer.pretokenizers[1].Split.pattern",
            "does not compile")


def test_a_replace_pattern_that_does_not_compile_names_its_component(tmp_path: Path) -> None:
    doc = mutate(byte_level_doc(), ("normalizer",), {
        "type": "Replace", "pattern": {"Regex": "[a-"}, "content": "x"})
    refused(write(tmp_path, doc), "normalizer.Replace.pattern", "does not compile")


def test_a_sidecars_pattern_that_does_not_compile_names_the_sidecar(tmp_path: Path) -> None:
    ranks = tmp_path / "mine.tiktoken"
    ranks.write_bytes(b"".join(base64.b64encode(bytes([b])) + b" %d\n" % b
                               for b in range(256)))
    sidecar = tmp_path / "mine.tiktoken.json"
    sidecar.write_text(json.dumps({"pat_str": "(bad", "special_tokens": {}}), encoding="utf-8")
    with pytest.raises(BpeLensError) as caught:
        open_tokenizer(ranks)
    message = str(caught.value)
    assert str(sidecar) in message and "pat_str" in message and "does not compile" in message


def test_an_empty_token_in_a_rank_file_is_refused_with_an_encoding(tmp_path: Path) -> None:
    ranks = tmp_path / "empty.tiktoken"
    ranks.write_bytes(b"".join(base64.b64encode(bytes([b])) + b" %d\n" % b
                               for b in range(256)) + b"== 256\n")
    for options in ({"encoding": "r50k_base"}, {"pattern": r"\S+"}):
        refused(ranks, "line 257", **options)
