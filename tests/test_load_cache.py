"""Opening a tokenizer file again from the disk cache gives the same tokenizer as parsing it:
SentencePiece ``.model`` files (the four real ones and models trained or edited to use every
switch) and Hugging Face Unigram ``tokenizer.json`` files come back with the same vocabulary
(pieces, scores, types, prefix table), the same normalizer and decoder, and encode and decode
as the reference library on real and generated text; a damaged or misshapen entry is ignored
(the file is parsed again); the normalizer reads a map's longer rules only for text that
needs them; the prefix table rebuilt from its proper prefixes is the one built from scratch,
and a Unigram model's plain lookup and sorted pieces answer as that table.
BPE tokenizer.json files: tests/test_load_cache_bpe.py."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpelens.core import Tokenizer, open_tokenizer
from bpelens.core.fast import disk_cache
from bpelens.core.formats import hf_json, sentencepiece_file
from bpelens.core.formats.sentencepiece_file import tokenizer_from_model_proto
from bpelens.core.models.prefix_table import (
    NOT_A_PIECE,
    SortedPieces,
    bounded_lookup,
    prefix_table,
    proper_prefixes,
)
from bpelens.core.models.sentencepiece.unigram import SentencePieceUnigram
from bpelens.core.models.unigram import UnigramModel
from bpelens.core.pipeline.normalizers import sentencepiece as sp_normalizer

from conftest import SHARED_DATA, needs_shared_data
from sentencepiece_models import EDITED, NTREX, REAL_MODELS, TRAINED, model_bytes

# A Unigram model's walk lookups (prefix_table.SortedThenTable), each made the only one.
WALKS = ("plain", "sorted", "table")


def walk_only(model, walk: str) -> None:
    model._plain_chars_left = 10**9 if walk == "plain" else 0
    model._sorted_chars_left = 10**9 if walk == "sorted" else 0

pytestmark = needs_shared_data

SP_MODELS = [*REAL_MODELS, *TRAINED, *EDITED]
HF_DIR = SHARED_DATA / "tokenizers" / "hf"
# Scripts whose text takes the normalizer's longer rules (Hangul jamo, combining marks) and
# those that never do.
LANGUAGES = ["eng", "kor", "hin", "vie", "jpn", "arb"]


@cache
def ntrex_lines() -> tuple[str, ...]:
    lines: list[str] = []
    for language in LANGUAGES:
        source = "src" if language == "eng" else "ref"
        text = (NTREX / f"newstest2019-{source}.{language}.txt").read_text(encoding="utf-8")
        lines += text.replace("\r", "").split("\n")[:60]
    # Decomposed jamo and combining marks, which NFKC-style maps compose.
    lines += ["\u1100\u1161\u11a8 \u1112\u1161\u11ab", "e\u0301 a\u0308 o\u0302\u0323",
              "ｆｕｌｌ　ｗｉｄｔｈ ①②", "  spaces   and\ttabs  "]
    return tuple(line for line in lines if line)


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty disk cache, and no normalizer kept in memory from another test."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("BPELENS_CACHE_DIR", str(folder))
    monkeypatch.delenv("BPELENS_CACHE", raising=False)
    sp_normalizer._built.cache_clear()
    yield folder
    sp_normalizer._built.cache_clear()


class Calls:
    """Counts the calls of ``module.name``: parses of a file the disk cache should spare."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> None:
        self.count = 0
        real = getattr(module, name)

        def counted(*args, **kwargs):
            self.count += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


def open_twice(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Tokenizer, Tokenizer]:
    """The model parsed (filling the cache), then opened again with nothing kept in memory;
    the second open must not parse."""
    parses = Calls(monkeypatch, sentencepiece_file, "_fields")
    data = model_bytes(name)
    fresh = tokenizer_from_model_proto(data, path=f"{name}.model")
    assert parses.count == 1
    sp_normalizer._built.cache_clear()
    cached = tokenizer_from_model_proto(data, path=f"{name}.model")
    assert parses.count == 1, "the second open parsed the file instead of using the cache"
    return fresh, cached


def normalizer_state(normalizer) -> tuple:
    if normalizer is None:
        return (None,)
    return (normalizer.to_config(), normalizer.describe(), normalizer.rules,
            normalizer.user_defined, normalizer.space)


def sp_state(tokenizer: Tokenizer) -> tuple:
    model, vocab, decoder = tokenizer.model, tokenizer.model.vocab, tokenizer.decoder
    return (type(model), vocab.pieces, vocab.scores, vocab.types, vocab.byte_fallback,
            vocab.names, vocab.unk_id, vocab.byte_ids, vocab.lookup, vocab.normal,
            vocab.reserved, vocab.user_defined, getattr(model, "prefixes", None),
            normalizer_state(tokenizer.normalizer), normalizer_state(decoder.denormalizer),
            decoder.strip_first, decoder.strip_all_leading,
            tokenizer.post_processor.to_config() if tokenizer.post_processor else None,
            tokenizer.source, model.describe())


@pytest.mark.parametrize("name", SP_MODELS)
def test_a_sentencepiece_model_from_the_cache_is_the_parsed_one(
        name: str, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh, cached = open_twice(name, monkeypatch)
    assert sp_state(cached) == sp_state(fresh)


@pytest.mark.parametrize("name", SP_MODELS)
def test_a_sentencepiece_model_from_the_cache_encodes_and_decodes_as_the_library(
        name: str, cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sentencepiece as spm

    reference = spm.SentencePieceProcessor(model_proto=model_bytes(name))
    _, cached = open_twice(name, monkeypatch)
    unigram = isinstance(cached.model, SentencePieceUnigram)
    # A Unigram model walks its pieces' dict, its sorted pieces, then the table of every
    # prefix: each alone.
    for walk in WALKS if unigram else ("model",):
        if unigram:
            if walk != "plain":  # opened from the cache again
                cached = tokenizer_from_model_proto(model_bytes(name), path=f"{name}.model")
            assert cached.model._prefix is None, "opening built the prefix table"
            assert cached.model._sorted_pieces is None, "opening sorted the pieces"
            walk_only(cached.model, walk)
        for line in ntrex_lines():
            want = reference.encode(line)
            assert cached.encode_ids(line) == want, line
            assert list(cached.encode(line).ids) == want, line
            assert cached.normalizer.normalize_str(line) == reference.normalize(line)
            assert cached.decode(want, errors="replace") == reference.decode(want)
        if unigram:
            assert (cached.model._prefix is None) == (walk != "table")
            assert (cached.model._sorted_pieces is None) == (walk != "sorted")


fragments = st.one_of(
    st.text(max_size=5),
    st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7F), max_size=8),
    st.text(st.characters(categories=["Mn", "Mc"]), min_size=1, max_size=2),
    st.text(st.characters(min_codepoint=0x1100, max_codepoint=0x11FF), min_size=1, max_size=3),
    st.sampled_from([" ", "  ", "\t", "\u3000", "▁", "<s>", "<unk>", "①", "ﬁ"]),
)


@pytest.mark.parametrize("name", ["ai21", "kyoto", "botchan_bpe", "unigram_suffix_fallback",
                                  "unigram_denormalizer", "unigram_unused"])
@settings(max_examples=60)
@given(pieces=st.lists(fragments, max_size=10))
def test_generated_text_from_the_cache_gives_the_librarys_ids(name: str,
                                                              pieces: list[str]) -> None:
    tokenizer, reference = cached_pair(name)
    text = "".join(pieces)
    want = reference.encode(text)
    assert tokenizer.encode_ids(text) == want
    assert tokenizer.normalizer.normalize_str(text) == reference.normalize(text)
    assert tokenizer.decode(want, errors="replace") == reference.decode(want)


@cache
def cached_pair(name: str):
    """The model opened from a cache entry (written by a first open) and the library's."""
    import sentencepiece as spm

    data = model_bytes(name)
    tokenizer_from_model_proto(data, path=f"{name}.model")  # writes the entry (or has it)
    sp_normalizer._built.cache_clear()
    entry = disk_cache.load("sentencepiece", disk_cache.content_digest(data))
    assert entry is not None, "no cache entry was written"
    cached = tokenizer_from_model_proto(data, path=f"{name}.model")
    return cached, spm.SentencePieceProcessor(model_proto=data)


def entry_path(cache_dir: Path, kind: str) -> Path:
    (found,) = cache_dir.glob(f"{kind}-{disk_cache.FORMAT}-*.marshal")
    return found


def test_a_damaged_sentencepiece_entry_is_ignored(cache_dir: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    fresh, _ = open_twice("botchan_unigram", monkeypatch)
    entry = entry_path(cache_dir, "sentencepiece")
    raw = bytearray(entry.read_bytes())
    raw[len(raw) // 2] ^= 0x40
    entry.write_bytes(bytes(raw))
    parses = Calls(monkeypatch, sentencepiece_file, "_fields")
    sp_normalizer._built.cache_clear()
    again = tokenizer_from_model_proto(model_bytes("botchan_unigram"), path="botchan_unigram.model")
    assert parses.count == 1
    assert sp_state(again) == sp_state(fresh)


# A checksum-true entry whose content is not what the loader wrote: each change is refused
# by the shape checks or by the vocabulary's own checks, and the file is parsed again.
MISSHAPEN = {
    "count": lambda e: e.update(count=e["count"] + 1),
    "pieces not text": lambda e: e.update(pieces=e["pieces"].split("\0")),
    "a piece lost": lambda e: e.update(pieces=e["pieces"].rsplit("\0", 1)[0]),
    "scores cut": lambda e: e.update(scores=e["scores"][:-8]),
    "scores odd": lambda e: e.update(scores=e["scores"][:-3]),
    "type 9": lambda e: e.update(types=b"\x09" + e["types"][1:]),
    "no unknown piece": lambda e: e.update(types=e["types"].replace(b"\x02", b"\x01")),
    "no names": lambda e: e.pop("names"),
    "names not five": lambda e: e.update(names=["<unk>"]),
    "model type 9": lambda e: e.update(model_type=9),
    "normalizer spec": lambda e: e.update(normalizer=[b"", "x"]),
    "not a dict": lambda e: e.clear(),
}


@pytest.mark.parametrize("change", list(MISSHAPEN))
def test_a_misshapen_sentencepiece_entry_is_ignored(change: str, cache_dir: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    data = model_bytes("botchan_unigram")
    fresh, _ = open_twice("botchan_unigram", monkeypatch)
    digest = disk_cache.content_digest(data)
    entry = disk_cache.load("sentencepiece", digest)
    MISSHAPEN[change](entry)
    disk_cache.store("sentencepiece", digest, entry)
    parses = Calls(monkeypatch, sentencepiece_file, "_fields")
    sp_normalizer._built.cache_clear()
    again = tokenizer_from_model_proto(data, path="botchan_unigram.model")
    assert parses.count == 1
    assert sp_state(again) == sp_state(fresh)


def test_open_tokenizer_on_a_model_file_uses_the_cache(cache_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       tmp_path: Path) -> None:
    path = tmp_path / "tokenizer.model"
    path.write_bytes(model_bytes("kyoto"))
    first = open_tokenizer(path)
    parses = Calls(monkeypatch, sentencepiece_file, "_fields")
    sp_normalizer._built.cache_clear()
    second = open_tokenizer(path)
    assert parses.count == 0
    assert sp_state(second) == sp_state(first)
    assert second.source == first.source and second.source.sha256


# -- the normalizer's map ----------------------------------------------------------------------
def test_the_longer_rules_are_read_only_for_text_that_needs_them(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sentencepiece as spm

    reference = spm.SentencePieceProcessor(model_proto=model_bytes("botchan_unigram"))
    fresh, cached = open_twice("botchan_unigram", monkeypatch)
    normalizer = cached.normalizer
    assert normalizer._charsmap._rules is None  # only the one-character rules so far
    for text in ("Plain text, ｆｕｌｌ　ｗｉｄｔｈ and ①", "東京 नमस्ते"):
        assert normalizer.normalize_str(text) == reference.normalize(text)
        assert normalizer.normalize(text).text == reference.normalize(text)
        assert cached.encode_ids(text) == reference.encode(text)
    assert normalizer._charsmap._rules is None
    jamo = "\u1100\u1161\u11a8 e\u0301"
    assert normalizer.normalize_str(jamo) == reference.normalize(jamo)
    assert normalizer._charsmap._rules is not None
    assert normalizer.rules == fresh.normalizer.rules
    assert cached.encode_ids(jamo) == reference.encode(jamo)


def test_the_map_read_at_once_is_the_map_read_key_by_key(monkeypatch: pytest.MonkeyPatch) -> None:
    from bpelens.core.formats.sentencepiece_schema import parse_model_proto

    for name in ("botchan_unigram", "unigram_suffix_fallback"):  # nmt_nfkc, nfkc_cf
        blob = bytes(parse_model_proto(model_bytes(name)).normalizer_spec.precompiled_charsmap)
        at_once = sp_normalizer.read_charsmap(blob)
        with monkeypatch.context() as patch:
            patch.setattr(sp_normalizer, "_rules_at_once", lambda *args: None)
            one_by_one = sp_normalizer.read_charsmap(blob)
        assert list(at_once.items()) == list(one_by_one.items())
        assert len(at_once) > 1000


def test_a_damaged_map_entry_is_ignored(cache_dir: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from bpelens.core.formats.sentencepiece_schema import parse_model_proto

    blob = bytes(parse_model_proto(model_bytes("kyoto")).normalizer_spec.precompiled_charsmap)
    digest = disk_cache.content_digest(blob)
    built = sp_normalizer._charsmap(blob)
    assert disk_cache.load(sp_normalizer._CORE_KIND, digest) == built.state()
    state = built.state()
    for bad in ({**state, "singles": {"a": 1}}, {**state, "count": "7"}, {"singles": {}}, [1]):
        disk_cache.store(sp_normalizer._CORE_KIND, digest, bad)
        again = sp_normalizer._charsmap(blob)
        assert again.state() == state
    disk_cache.store(sp_normalizer._CACHE_KIND, digest, {"a": 1})
    assert sp_normalizer._rules(blob) == built.rules


# -- Hugging Face Unigram --------------------------------------------------------------------
def unigram_state(model: UnigramModel) -> tuple:
    return (model._pieces, model._scores, model.unk_id, model.byte_fallback, model._ids,
            model.sorted_pieces._keys, model.sorted_pieces._ids, model.prefixes,
            model._byte_ids, model._byte_kind, model._bytes, model._unk_score)


def test_a_unigram_tokenizer_json_from_the_cache_is_the_parsed_one(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tokenizers import Tokenizer as HFTokenizer

    path = HF_DIR / "pegasus-unigram.tokenizer.json"
    parses = Calls(monkeypatch, hf_json, "parse_json_bytes")
    fresh = open_tokenizer(path)
    cached = open_tokenizer(path)
    assert parses.count == 1, "the second open parsed the file instead of using the cache"
    assert isinstance(cached.model, UnigramModel)
    assert cached.model._prefix is None, "opening built the prefix table"
    assert unigram_state(cached.model) == unigram_state(fresh.model)
    assert cached.source == fresh.source
    reference = HFTokenizer.from_file(str(path))
    # The file asks HF to cut every encoding at 192 tokens ("truncation"); BPE Lens shows
    # whole encodings (test_the_truncation_the_file_asks_for_is_the_only_difference).
    reference.no_truncation()
    # The model walks its pieces' dict, its sorted pieces, then the table of every prefix:
    # each alone.
    for walk in WALKS:
        cached = open_tokenizer(path)
        assert cached.model._prefix is None, "opening built the prefix table"
        assert cached.model._sorted_pieces is None, "opening sorted the pieces"
        walk_only(cached.model, walk)
        for line in ntrex_lines():
            want = reference.encode(line, add_special_tokens=False).ids
            assert cached.encode_ids(line) == want, line
            # BPE Lens shows the unknown token where HF's default drops special tokens.
            assert cached.decode(want) == reference.decode(want, skip_special_tokens=False)
        assert (cached.model._prefix is None) == (walk != "table")
        assert (cached.model._sorted_pieces is None) == (walk != "sorted")


def test_the_truncation_the_file_asks_for_is_the_only_difference() -> None:
    # Two NTREX lines run past pegasus's 192 tokens: HF, as the file asks, drops the rest.
    from tokenizers import Tokenizer as HFTokenizer

    path = HF_DIR / "pegasus-unigram.tokenizer.json"
    truncating = HFTokenizer.from_file(str(path))
    assert truncating.truncation["max_length"] == 192
    tokenizer = open_tokenizer(path)
    long = [line for line in ntrex_lines() if len(tokenizer.encode_ids(line)) > 192]
    assert long
    for line in long:
        assert truncating.encode(line, add_special_tokens=False).ids == (
            tokenizer.encode_ids(line)[:192])


@pytest.mark.parametrize("change", ["flip", "scores", "unk_id", "pieces", "model"])
def test_a_damaged_tokenizer_json_entry_is_ignored(change: str, cache_dir: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    path = HF_DIR / "pegasus-unigram.tokenizer.json"
    fresh = open_tokenizer(path)
    entry = entry_path(cache_dir, "tokenizer.json")
    if change == "flip":
        raw = bytearray(entry.read_bytes())
        raw[-100] ^= 0x01
        entry.write_bytes(bytes(raw))
    else:
        digest = disk_cache.content_digest(path.read_bytes())
        stored = disk_cache.load("tokenizer.json", digest)
        tables = stored["tables"]
        if change == "scores":
            tables["scores"] = tables["scores"][:-8]
        elif change == "unk_id":
            tables["unk_id"] = len(tables["pieces"])
        elif change == "pieces":
            tables["pieces"] = tuple(tables["pieces"])
        else:
            stored["model"] = "wordpiece"
        disk_cache.store("tokenizer.json", digest, stored)
    parses = Calls(monkeypatch, hf_json, "parse_json_bytes")
    again = open_tokenizer(path)
    assert parses.count == 1
    assert unigram_state(again.model) == unigram_state(fresh.model)


def test_a_bpe_entry_written_before_unigram_models_were_kept_is_still_read(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = HF_DIR / "llama-spm.tokenizer.json"
    fresh = open_tokenizer(path)
    digest = disk_cache.content_digest(path.read_bytes())
    stored = disk_cache.load("tokenizer.json", digest)
    assert stored.pop("model") == "bpe"
    disk_cache.store("tokenizer.json", digest, stored)
    parses = Calls(monkeypatch, hf_json, "parse_json_bytes")
    again = open_tokenizer(path)
    assert parses.count == 0
    text = " ".join(ntrex_lines()[:40])
    assert again.encode_ids(text) == fresh.encode_ids(text)


@settings(max_examples=150)
@given(vocab=st.lists(st.tuples(st.text("ab▁\u0301", max_size=5),
                                 st.floats(-20, 0, allow_nan=False)), max_size=30),
       unk=st.integers(0, 29), fallback=st.booleans())
def test_a_unigram_model_from_its_tables_is_the_built_one(vocab, unk: int,
                                                          fallback: bool) -> None:
    vocab = [*vocab, ("<0x41>", -1.0)]
    model = UnigramModel(vocab, unk if unk < len(vocab) else None, byte_fallback=fallback)
    again = UnigramModel.from_tables(model.to_tables())
    assert unigram_state(again) == unigram_state(model)


# -- the prefix table ------------------------------------------------------------------------
def naive_table(ids: dict[str, int], unusable: set[int]) -> dict[str, int]:
    table = {piece[:end]: NOT_A_PIECE for piece in ids for end in range(1, len(piece))}
    for piece, tid in ids.items():
        if piece:
            table[piece] = NOT_A_PIECE if tid in unusable else tid
    return table


@settings(max_examples=300)
@given(pieces=st.lists(st.text("ab▁é", max_size=6), max_size=40, unique=True),
       unusable=st.sets(st.integers(0, 39), max_size=6))
def test_the_prefix_table_from_its_heads_is_the_one_built(pieces: list[str],
                                                           unusable: set[int]) -> None:
    ids = {piece: tid for tid, piece in enumerate(pieces)}
    built = prefix_table(ids, unusable)
    assert built == naive_table(ids, unusable)
    assert prefix_table(ids, unusable, heads=list(proper_prefixes(ids))) == built
    assert prefix_table(ids, unusable, heads="\0".join(proper_prefixes(ids)).split("\0")) == built


@settings(max_examples=300)
@given(pieces=st.lists(st.text("ab▁é\U0001F44B", max_size=6), max_size=40, unique=True),
       unusable=st.sets(st.integers(0, 39), max_size=6),
       probes=st.lists(st.text("ab▁é\U0001F44Bc", min_size=1, max_size=8), max_size=20))
def test_the_sorted_pieces_answer_as_the_prefix_table(pieces: list[str], unusable: set[int],
                                                      probes: list[str]) -> None:
    ids = {piece: tid for tid, piece in enumerate(pieces)}
    table = naive_table(ids, unusable)
    walk = SortedPieces(ids, unusable)
    reach = max(map(len, ids), default=0)
    plain = bounded_lookup(ids.get, unusable, reach)
    for text in [*table, *probes, *(p + "c" for p in pieces)]:
        if text:
            assert walk.get(text) == table.get(text), text
            assert plain(text) == plain_answer(table, text, reach), text


def plain_answer(table: dict[str, int], text: str, reach: int) -> int | None:
    """What the plain lookup says: the same pieces as the table; it cannot tell a prefix
    from nothing, so it says NOT_A_PIECE for both, up to the longest piece (None past it)."""
    if len(text) > reach:
        return None
    want = table.get(text)
    return want if want is not None and want >= 0 else NOT_A_PIECE


def test_a_model_with_unused_pieces_looks_up_as_its_table(
        cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh, cached = open_twice("unigram_unused", monkeypatch)
    vocab = fresh.model.vocab
    unused = vocab.ids_of_type(5)  # UNUSED: prefixes only
    assert unused
    table = naive_table(vocab.normal, unused)
    assert fresh.model.prefixes == table
    walk = cached.model.sorted_pieces
    plain = cached.model._plain_lookup()
    for text in [*table, *(piece + "x" for piece in vocab.normal), *vocab.reserved]:
        assert walk.get(text) == table.get(text), text
        assert plain(text) == plain_answer(table, text, cached.model._reach), text


@pytest.mark.parametrize("name", ["sentencepiece/kyoto_ja_unigram_8000.model",
                                  "hf/pegasus-unigram.tokenizer.json"])
def test_a_corpus_announced_builds_the_unigram_table_before_it_comes(
        name: str, cache_dir: Path) -> None:
    """Opening leaves the table of pieces by prefix for the first long text; a caller that
    says a corpus is coming (a comparison's workers, the SentencePiece benchmark) has it
    built first, and the walk over it gives the sorted walk's ids."""
    path = SHARED_DATA / "tokenizers" / name
    if not path.exists():
        pytest.skip(f"{path} is absent (../shared/data is not beside the checkout)")
    open_tokenizer(path)  # (the cache entry written)
    sorted_walk = open_tokenizer(path)
    text = "東京で会議が開かれた。 The meeting was held in Tokyo."
    want = sorted_walk.encode_ids(text)
    assert sorted_walk.model._prefix is None
    announced = open_tokenizer(path)
    announced.expect_text(50 << 20)
    assert announced.model._prefix is not None
    assert announced.encode_ids(text) == want
