"""A BPE ``tokenizer.json`` opened again from the disk cache (hf_models.pack_bpe /
CachedVocabBPE) is the model parsed from the file: every attribute ``VocabBPEModel.__init__``
sets is there and equal, the vocabulary, labels and merge pairs (built on first use) equal
the parsed ones, the ids are the ``tokenizers`` library's; opening does not build the
vocabulary; a damaged or misshapen entry is ignored and the file parsed again."""

from __future__ import annotations

import marshal
import threading
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_load_cache import Calls

from bpelens.core import Tokenizer, open_tokenizer
from bpelens.core.fast import disk_cache
from bpelens.core.formats import hf_json
from bpelens.core.formats.hf_models import CachedVocabBPE, pack_bpe
from bpelens.core.models.vocab_bpe import VocabBPEModel

from conftest import SHARED_DATA, needs_shared_data

HF_DIR = SHARED_DATA / "tokenizers" / "hf"
NTREX = SHARED_DATA / "parallel" / "ntrex128"
# Byte-level (qwen3, llama3 with ignore_merges, gpt2, falcon) and character-level with byte
# fallback (llama-spm).
BPE_FILES = ["qwen3", "llama3", "gpt2", "falcon", "llama-spm"]
# What CachedVocabBPE keeps besides VocabBPEModel's attributes, and what either builds on
# first use (cached_property), so not set by construction.
OWN = {"_packed", "_count", "_size", "_tokens"}


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(folder))
    monkeypatch.delenv("BPELENS_CACHE", raising=False)
    return folder


@cache
def ntrex_text() -> str:
    lines: list[str] = []
    for language in ("eng", "kor", "hin", "vie", "jpn", "arb", "rus"):
        source = "src" if language == "eng" else "ref"
        text = (NTREX / f"newstest2019-{source}.{language}.txt").read_text(encoding="utf-8")
        lines += text.split("\n")[:40]
    return "\n".join(lines) + "\n  spaces\t\ttabs ｆｕｌｌ 👋🏽 <|endoftext|> <s>"


def model_state(model: VocabBPEModel) -> dict:
    """Every attribute, the ones built on first use forced."""
    for name in ("vocab", "labels", "_merge_lefts", "_merge_rights"):
        getattr(model, name)
    return {k: v for k, v in vars(model).items() if k not in OWN}


def tokenizer_state(tokenizer: Tokenizer) -> tuple:
    model = tokenizer.model
    return (model_state(model), model.vocab_size, model.entry_count, model.merge_count,
            tokenizer.specials.tokens, tokenizer.source, tokenizer.name, tokenizer.load_notes,
            model.describe(), model.merge_spellings())


@needs_shared_data
@pytest.mark.parametrize("name", BPE_FILES)
def test_a_bpe_tokenizer_json_from_the_cache_is_the_parsed_one(
        name: str, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tokenizers import Tokenizer as HFTokenizer

    path = HF_DIR / f"{name}.tokenizer.json"
    parses = Calls(monkeypatch, hf_json, "parse_json_bytes")
    fresh = open_tokenizer(path)
    cached = open_tokenizer(path)
    assert parses.count == 1, "the second open parsed the file instead of using the cache"
    assert type(fresh.model) is VocabBPEModel
    assert type(cached.model) is CachedVocabBPE
    # Nothing VocabBPEModel.__init__ sets is missing or different (an attribute added there
    # must be added to CachedVocabBPE.from_packed too).
    assert tokenizer_state(cached) == tokenizer_state(fresh)
    reference = HFTokenizer.from_file(str(path))
    reference.no_truncation()
    again = open_tokenizer(path)
    text = ntrex_text()
    want = reference.encode(text, add_special_tokens=False).ids
    assert again.encode_ids(text) == want
    for line in text.split("\n")[::7]:
        assert again.encode_ids(line) == reference.encode(line, add_special_tokens=False).ids
    assert again.decode(want) == fresh.decode(want)


@needs_shared_data
@pytest.mark.parametrize("name", ["qwen3", "llama3"])
def test_opening_from_the_cache_builds_no_vocabulary(name: str, cache_dir: Path) -> None:
    from tokenizers import Tokenizer as HFTokenizer

    path = HF_DIR / f"{name}.tokenizer.json"
    open_tokenizer(path)
    cached = open_tokenizer(path)
    model = cached.model
    assert type(model) is CachedVocabBPE
    built = {"vocab", "labels", "_merge_lefts", "_merge_rights", "_tokens"} & set(vars(model))
    assert not built, f"opening built {sorted(built)}"
    reference = HFTokenizer.from_file(str(path))
    line = "Tokenizers split text: 東京の天気は晴れ, नमस्ते 👋"
    assert cached.encode_ids(line) == reference.encode(line, add_special_tokens=False).ids
    # Only a vocabulary that encoding reads (llama3's ignore_merges) was built by it.
    assert ("vocab" in vars(cached.model)) == model.ignore_merges
    assert cached.model.token_to_id("hello") == reference.token_to_id("hello")
    assert cached.model.id_to_token(1000) == reference.id_to_token(1000)


@needs_shared_data
def test_threads_reading_the_vocabulary_first_see_all_of_it(cache_dir: Path) -> None:
    path = HF_DIR / "qwen3.tokenizer.json"
    fresh = open_tokenizer(path)
    def read(model: VocabBPEModel, start: threading.Barrier, seen: list) -> None:
        start.wait()
        seen.append((len(model.vocab), model.token_to_id("Ġthe"), model.labels[-1]))

    for _ in range(3):
        model = open_tokenizer(path).model
        seen: list[tuple[int, int | None, str | None]] = []
        start = threading.Barrier(4)
        threads = [threading.Thread(target=read, args=(model, start, seen)) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        want = (len(fresh.model.vocab), fresh.model.token_to_id("Ġthe"), fresh.model.labels[-1])
        assert seen == [want] * 4


def entry_of(path: Path) -> tuple[str, dict]:
    digest = disk_cache.content_digest(path.read_bytes())
    return digest, disk_cache.load("tokenizer.json", digest)


def cut(data: bytes) -> bytes:
    return data[:-4]


# Checksum-true entries whose content is not what pack_bpe wrote: each is refused, and the
# file is parsed again.
MISSHAPEN = {
    "a token lost": lambda t: t.update(tokens=t["tokens"].rsplit(b"\0", 1)[0]),
    "tokens as text": lambda t: t.update(tokens=t["tokens"].decode("utf-8")),
    "count": lambda t: t.update(count=t["count"] + 1),
    "size below count": lambda t: t.update(size=t["count"] - 1),
    "ids cut": lambda t: t.update(ids=bytes(4 * t["count"] - 4)),
    "lefts cut": lambda t: t.update(lefts=cut(t["lefts"])),
    "rights missing": lambda t: t.pop("rights"),
    "ranks a list": lambda t: t.update(ranks=list(t["ranks"])),
    "new a tuple": lambda t: t.update(new=tuple(t["new"])),
    "symbols short": lambda t: t.update(symbols=[t["symbols"][0][:255], t["symbols"][-1]]),
    "symbol id too big": lambda t: t.update(symbols=[[t["size"]] * 256] * 2),
    "level": lambda t: t.update(options=["word", *t["options"][1:]]),
    "options short": lambda t: t.update(options=t["options"][:3]),
    "unk id": lambda t: t.update(unk_id=-1),
    "not a dict": lambda t: t.clear(),
}


@needs_shared_data
@pytest.mark.parametrize("change", [*MISSHAPEN, "flip", "added", "added ids", "model"])
def test_a_damaged_bpe_entry_is_ignored(change: str, cache_dir: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = HF_DIR / "gpt2.tokenizer.json"
    fresh = open_tokenizer(path)
    (entry,) = cache_dir.glob(f"tokenizer.json-{disk_cache.FORMAT}-*.marshal")
    if change == "flip":
        raw = bytearray(entry.read_bytes())
        raw[len(raw) // 3] ^= 0x01
        entry.write_bytes(bytes(raw))
    else:
        digest, stored = entry_of(path)
        if change in MISSHAPEN:
            MISSHAPEN[change](stored["tables"])
        elif change == "added":
            stored["added"] = ["<|endoftext|>"]
        elif change == "added ids":
            stored["added"] = {"<|endoftext|>": "50256"}
        else:
            stored["model"] = "wordpiece"
        disk_cache.store("tokenizer.json", digest, stored)
    parses = Calls(monkeypatch, hf_json, "parse_json_bytes")
    again = open_tokenizer(path)
    assert parses.count == 1
    assert type(again.model) is VocabBPEModel
    assert tokenizer_state(again) == tokenizer_state(fresh)


# -- generated vocabularies: NUL in tokens, ids not in order, holes, affixes ----------------
@st.composite
def bpe_models(draw) -> VocabBPEModel:
    alphabet = draw(st.lists(st.sampled_from("ab\0é▁<>0x"), min_size=1, max_size=6,
                             unique=True))
    tokens = list(alphabet)
    merges: list[tuple[str, str]] = []
    for _ in range(draw(st.integers(0, 25))):
        left = draw(st.sampled_from(tokens))
        right = draw(st.sampled_from(tokens))
        if (left, right) in merges:
            continue
        merges.append((left, right))
        if left + right not in tokens:
            tokens.append(left + right)
    if draw(st.booleans()):
        tokens.append("<unk>")
    order = draw(st.permutations(range(len(tokens))))
    gap = draw(st.sampled_from([0, 0, 3]))
    vocab = {token: order[i] + (gap if order[i] > 1 else 0) for i, token in enumerate(tokens)}
    return VocabBPEModel(vocab=vocab, merges=merges, byte_level=False,
                         unk_token="<unk>" if "<unk>" in vocab else None,
                         fuse_unk=draw(st.booleans()), byte_fallback=draw(st.booleans()),
                         ignore_merges=draw(st.booleans()))


@settings(max_examples=200)
@given(model=bpe_models(), texts=st.lists(st.text("ab\0é▁<>0xc", max_size=12), max_size=5))
def test_a_generated_model_from_its_packed_tables_is_the_built_one(
        model: VocabBPEModel, texts: list[str]) -> None:
    packed = CachedVocabBPE.from_packed(marshal.loads(marshal.dumps(pack_bpe(model))))
    assert model_state(packed) == model_state(model)
    assert (packed.vocab_size, packed.entry_count) == (model.vocab_size, model.entry_count)
    for text in texts:
        assert packed.encode_piece(text) == model.encode_piece(text)
