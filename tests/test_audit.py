"""The reachability audit (core/debugging/audit.py, `bpelens audit`) against the official
libraries: every id of every real tokenizer in ../shared/data classified again, independently,
with tiktoken, Hugging Face `tokenizers` and `sentencepiece`, and compared id by id; the
`ignore_merges` and merge-conflict examples of the seed article (§7.1) on hand-built files;
the command line; cancelling `iter_audit`.

The reference classes, computed with each library's own calls:

* ``special``: the library's special or added tokens (tiktoken ``special_tokens_set``, HF
  ``get_added_tokens_decoder()``, SentencePiece control / unknown / unused pieces);
* ``byte_fallback``: SentencePiece ``is_byte``; HF ``<0xNN>`` vocab pieces of a model with
  ``byte_fallback``;
* ``undecodable``: the token's raw bytes are not valid UTF-8 on their own;
* ``reachable``: ``decode([id])`` encoded again (no special tokens, nothing added) is ``[id]``;
* ``unreachable``: anything else.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bpelens.core import (
    AUDIT_CLASSES,
    Audit,
    BpeLensError,
    Tokenizer,
    audit,
    iter_audit,
    open_tokenizer,
)
from bpelens.core.debugging import audit as audit_module
from bpelens.core.formats.tiktoken_file import load_tiktoken

from cli_helpers import assert_clean_outcome, bpelens
from conftest import SHARED_DATA, needs_shared_data

os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
TOKENIZERS = SHARED_DATA / "tokenizers"
TIKTOKEN_DIR = TOKENIZERS / "tiktoken"
HF_DIR = TOKENIZERS / "hf"
SPM_DIR = TOKENIZERS / "sentencepiece"
GPT2_DIR = TOKENIZERS / "gpt2-original"
BYTE_FALLBACK_PIECE = re.compile(r"<0x[0-9A-F]{2}>")

# Every real tokenizer of ../shared/data, heaviest first so that two workers share them evenly
# (seconds of ours + reference on this machine in the comments; ~90 s in all, ~50 s on two).
REAL_TOKENIZERS = [
    ("sentencepiece", "ai21-j2-tokenizer"),  # 262k ids, 12 s
    ("hf", "pegasus-unigram"),  # 96k ids (Unigram), 11 s
    ("tiktoken", "o200k_base"),  # 200k ids, 11 s
    ("tiktoken", "qwen"),  # 152k ids, 10 s
    ("hf", "qwen3"),  # 152k ids, 6 s
    ("hf", "llama3"),  # 128k ids, 7 s
    ("tiktoken", "cl100k_base"),  # 6 s
    ("hf", "llama-spm"),
    ("hf", "falcon"),
    ("tiktoken", "whisper_multilingual"),
    ("tiktoken", "r50k_base"),
    ("tiktoken", "p50k_base"),
    ("hf", "gpt2"),
    ("gpt2-original", "gpt2"),
    ("hf", "bert-base-uncased-minilm"),
    ("sentencepiece", "kyoto_ja_unigram_8000"),
    ("sentencepiece", "botchan_en_bpe_1000"),
    ("sentencepiece", "botchan_en_unigram_1000"),
]


# -- the references ----------------------------------------------------------------------------

@dataclass
class Reference:
    """Each id's class as the official library sees it, and its decoded text and encoding."""

    classes: dict[int, str] = field(default_factory=dict)
    texts: dict[int, str] = field(default_factory=dict)
    encodes_to: dict[int, list[int]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    encode_batch: Any = None  # the library's own encoding of many texts

    def confirm_witnesses(self, result: Audit) -> None:
        """A token whose own text does not give it is ``in_context`` when the library's
        encoding of our witness contains it (the witness is proof only if the library agrees).
        Ours ``whole_piece_only`` is the library's reachable: other tests check the split."""
        found = [t for t in result.tokens if t.witness is not None
                 and self.classes.get(t.id) == "unreachable"]
        encoded = self.encode_batch([t.witness.text for t in found]) if found else []
        for token, ids in zip(found, encoded, strict=True):
            if token.id in list(ids):
                self.classes[token.id] = "in_context"
        for token in result.tokens:
            if token.cls == "whole_piece_only" and self.classes.get(token.id) == "reachable":
                self.classes[token.id] = "whole_piece_only"

    def counts(self) -> dict[str, int]:
        counted = Counter(self.classes.values())
        return {cls: counted.get(cls, 0) for cls in AUDIT_CLASSES}


def _valid_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _classify(ids, *, special: set[int], byte_fallback: set[int], raw_bytes, decode_batch,
              encode_batch) -> Reference:
    """The classes, in the audit's order of precedence, from the library's own calls."""
    ref = Reference(encode_batch=encode_batch)
    decodable: list[int] = []
    for tid in ids:
        if tid in special:
            ref.classes[tid] = "special"
        elif tid in byte_fallback:
            ref.classes[tid] = "byte_fallback"
        elif not _valid_utf8(raw_bytes(tid)):
            ref.classes[tid] = "undecodable"
        else:
            decodable.append(tid)
    texts = decode_batch(decodable)
    encoded = encode_batch(texts)
    for tid, text, ids_back in zip(decodable, texts, encoded, strict=True):
        ids_back = list(ids_back)
        ref.texts[tid] = text
        ref.classes[tid] = "reachable" if ids_back == [tid] else "unreachable"
        if ids_back != [tid]:
            ref.encodes_to[tid] = ids_back
    return ref


@cache
def tiktoken_spec(name: str) -> dict[str, Any]:
    spec = json.loads((TIKTOKEN_DIR / "encodings.json").read_text(encoding="utf-8"))
    return spec["encodings"][name]


def tiktoken_reference(name: str) -> Reference:
    """tiktoken itself, built from the rank file and encodings.json (pattern, specials)."""
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    spec = tiktoken_spec(name)
    ranks = load_tiktoken_bpe(str(TIKTOKEN_DIR / spec["ranks_file"]),
                              expected_hash=spec["ranks_sha256"])
    enc = tiktoken.Encoding(f"reference-{name}", pat_str=spec["pat_str"],
                            mergeable_ranks=ranks, special_tokens=spec["special_tokens"],
                            explicit_n_vocab=spec.get("explicit_n_vocab"))
    ids = []
    for tid in range(enc.n_vocab):  # cl100k and o200k have gaps between ranks and specials
        try:
            enc.decode_single_token_bytes(tid)
        except KeyError:
            continue
        ids.append(tid)
    return _classify(
        ids, special={enc.encode_single_token(s) for s in enc.special_tokens_set},
        byte_fallback=set(), raw_bytes=enc.decode_single_token_bytes,
        decode_batch=lambda tids: [enc.decode([tid]) for tid in tids],
        encode_batch=enc.encode_ordinary_batch)


@cache
def gpt2_byte_decoder() -> dict[str, int]:
    """GPT-2's printable stand-ins for bytes (encoder.py's bytes_to_unicode), inverted."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
                 *range(ord("®"), ord("ÿ") + 1)]
    chars = list(printable)
    extra = 0
    for byte in range(256):
        if byte not in printable:
            printable.append(byte)
            chars.append(256 + extra)
            extra += 1
    return {chr(c): b for b, c in zip(printable, chars, strict=True)}


def hf_document(name: str) -> dict[str, Any]:
    return json.loads((HF_DIR / f"{name}.tokenizer.json").read_text(encoding="utf-8"))


def hf_tokenizer(document: dict[str, Any]):
    from tokenizers import Tokenizer as HFTokenizer

    tok = HFTokenizer.from_str(json.dumps(document))
    tok.no_padding()
    tok.no_truncation()
    # The audit encodes with special="none": special tokens typed in the text are plain text,
    # while non-special added tokens are still matched (bpelens's "none" and HF agree on
    # that). HF's encode() always matches special tokens inside text — a token whose text
    # holds "<|endoftext|>" would be split there — so the reference turns that off with HF's
    # own switch, encode_special_tokens, instead of counting it as a difference.
    tok.encode_special_tokens = True
    return tok


def hf_reference(document: dict[str, Any]) -> Reference:
    tok = hf_tokenizer(document)
    model = document["model"]
    by_id = {tid: piece for piece, tid in tok.get_vocab(with_added_tokens=True).items()}
    byte_fallback: set[int] = set()
    if model.get("byte_fallback"):
        byte_fallback = {tid for piece, tid in tok.get_vocab(with_added_tokens=False).items()
                         if BYTE_FALLBACK_PIECE.fullmatch(piece)}
    if "ByteLevel" in json.dumps(document.get("decoder")):
        # Byte-level vocabularies spell bytes with GPT-2's stand-ins: mapped back, they are
        # the raw bytes. (decode([id]) is no test: it writes U+FFFD for invalid bytes, but a
        # valid token can hold U+FFFD itself.)
        table = gpt2_byte_decoder()

        def raw_bytes(tid: int) -> bytes:
            return bytes(table[c] for c in by_id[tid])
    else:
        # Metaspace, WordPiece and Unigram pieces are Unicode text: valid UTF-8 alone, always;
        # their raw bytes exist only as <0xNN> byte-fallback pieces, classified before this.
        def raw_bytes(tid: int) -> bytes:
            return by_id[tid].replace("▁", " ").encode("utf-8", "surrogatepass")

    return _classify(
        sorted(by_id), special=set(tok.get_added_tokens_decoder()),
        byte_fallback=byte_fallback, raw_bytes=raw_bytes,
        decode_batch=lambda tids: tok.decode_batch([[tid] for tid in tids],
                                                   skip_special_tokens=False),
        encode_batch=lambda texts: [e.ids for e in
                                    tok.encode_batch(texts, add_special_tokens=False)])


def sentencepiece_reference(path: Path) -> Reference:
    import sentencepiece as spm
    from sentencepiece import sentencepiece_model_pb2

    sp = spm.SentencePieceProcessor(model_file=str(path))
    n = sp.get_piece_size()
    special = {tid for tid in range(n) if sp.is_control(tid) or sp.is_unknown(tid)
               or sp.is_unused(tid)}
    # SentencePiece's user-defined pieces are its added tokens: matched whole in the text
    # before the model runs (HF's converters make them added tokens). The audit counts every
    # added token as special (our model kind "added"), so they are special here too; read
    # from the model proto with sentencepiece's own protobuf class (the processor has no
    # is_user_defined).
    proto = sentencepiece_model_pb2.ModelProto()
    proto.ParseFromString(path.read_bytes())
    user_defined = {tid for tid, piece in enumerate(proto.pieces)
                    if piece.type == sentencepiece_model_pb2.ModelProto.SentencePiece.USER_DEFINED}
    ref = _classify(
        range(n), special=special | user_defined,
        byte_fallback={tid for tid in range(n) if sp.is_byte(tid)},
        raw_bytes=lambda tid: sp.id_to_piece(tid).replace("▁", " ").encode("utf-8"),
        decode_batch=lambda tids: [sp.decode([tid]) for tid in tids],
        encode_batch=lambda texts: sp.encode(texts))
    if user_defined:
        # Were they not counted special, SentencePiece would call each of them reachable.
        pieces = [sp.id_to_piece(tid) for tid in sorted(user_defined)]
        assert sp.encode(pieces) == [[tid] for tid in sorted(user_defined)]
        ref.notes.append(f"{len(user_defined)} user-defined pieces counted special "
                         f"(SentencePiece: reachable): {pieces[:10]}")
    return ref


def gpt2_original_reference() -> Reference:
    """GPT-2's own encoder.json + vocab.bpe are HF's gpt2.tokenizer.json, checked here; HF's
    merges-only BPE is then the reference (tiktoken's r50k_base has the same ids, but looks a
    piece up whole before merging, which GPT-2's encoder.py never did)."""
    document = hf_document("gpt2")
    encoder = json.loads((GPT2_DIR / "encoder.json").read_text(encoding="utf-8"))
    lines = (GPT2_DIR / "vocab.bpe").read_text(encoding="utf-8").split("\n")
    merges = [line for line in lines[1:] if line]
    assert document["model"]["vocab"] == encoder
    assert [m if isinstance(m, str) else " ".join(m) for m in document["model"]["merges"]] \
        == merges
    return hf_reference(document)


def reference(kind: str, name: str) -> Reference:
    if kind == "tiktoken":
        return tiktoken_reference(name)
    if kind == "hf":
        return hf_reference(hf_document(name))
    if kind == "sentencepiece":
        return sentencepiece_reference(SPM_DIR / f"{name}.model")
    assert kind == "gpt2-original"
    return gpt2_original_reference()


# -- ours --------------------------------------------------------------------------------------

def open_ours(kind: str, name: str) -> Tokenizer:
    if kind == "tiktoken":
        if name in ("qwen", "whisper_multilingual"):
            # Not an OpenAI encoding BPE Lens knows by name: its pattern and special tokens
            # come from encodings.json, as the reference's do.
            spec = tiktoken_spec(name)
            return load_tiktoken(TIKTOKEN_DIR / spec["ranks_file"], pattern=spec["pat_str"],
                                 special_tokens=spec["special_tokens"])
        return open_tokenizer(TIKTOKEN_DIR / f"{name}.tiktoken")
    if kind == "hf":
        return open_tokenizer(HF_DIR / f"{name}.tokenizer.json")
    if kind == "sentencepiece":
        return open_tokenizer(SPM_DIR / f"{name}.model")
    assert kind == "gpt2-original"
    return open_tokenizer(GPT2_DIR / "encoder.json")


@cache
def ours(kind: str, name: str) -> tuple[Tokenizer, Audit]:
    tokenizer = open_ours(kind, name)
    return tokenizer, audit(tokenizer)


def differences(result: Audit, ref: Reference, tokenizer: Tokenizer) -> list[str]:
    """Every id whose class, text or encoding differs, grouped by (reference, ours)."""
    problems: list[str] = []
    mine = {t.id: t for t in result.tokens}
    if set(mine) != set(ref.classes):
        only_ours = sorted(set(mine) - set(ref.classes))
        only_ref = sorted(set(ref.classes) - set(mine))
        problems.append(f"id sets differ: only ours {only_ours[:10]} ({len(only_ours)}), only "
                        f"the reference's {only_ref[:10]} ({len(only_ref)})")
    by_pair: dict[tuple[str, str], list[str]] = {}
    for tid, expected in sorted(ref.classes.items()):
        token = mine.get(tid)
        if token is None:
            continue
        detail = (f"{tid} {tokenizer.token_label(tid, printable=True)!r} "
                  f"text {ref.texts.get(tid)!r}")
        if token.cls != expected:
            by_pair.setdefault((expected, token.cls), []).append(
                f"{detail}: reference → {ref.encodes_to.get(tid)}, ours → "
                f"{list(token.encodes_to)}")
        elif tid in ref.texts and token.text != ref.texts[tid]:
            by_pair.setdefault(("text", "text"), []).append(f"{detail}, ours {token.text!r}")
        elif (expected in ("unreachable", "in_context")
              and list(token.encodes_to) != ref.encodes_to[tid]):
            by_pair.setdefault(("encodes_to", "encodes_to"), []).append(
                f"{detail}: reference {ref.encodes_to[tid]}, ours {list(token.encodes_to)}")
    for (theirs, ours_cls), items in sorted(by_pair.items()):
        problems.append(f"{len(items)} ids reference {theirs} / ours {ours_cls}: "
                        + "; ".join(items[:8]))
    return problems


# -- 1. every real tokenizer, id by id ---------------------------------------------------------

@needs_shared_data
@pytest.mark.parametrize(("kind", "name"), REAL_TOKENIZERS,
                         ids=[f"{k}:{n}" for k, n in REAL_TOKENIZERS])
def test_audit_matches_the_official_library_id_by_id(kind, name):
    ref = reference(kind, name)
    try:
        tokenizer, result = ours(kind, name)
    except BpeLensError as exc:
        refused = str(exc)
    else:
        refused = None
    if refused is not None:
        pytest.fail(f"{kind}:{name}: BPE Lens cannot open the file the reference reads "
                    f"({refused}); reference counts {ref.counts()}")
    ref.confirm_witnesses(result)
    counts = {"ours": result.counts, "reference": ref.counts()}
    print(f"{kind}:{name} {result.vocab_size:,} ids {counts} {ref.notes}")
    assert sum(result.counts.values()) == len(result.tokens)
    problems = differences(result, ref, tokenizer)
    assert not problems, f"{kind}:{name} {counts}\n" + "\n".join(problems)
    assert result.counts == ref.counts()


@needs_shared_data
def test_whole_piece_only_is_what_ignore_merges_alone_reaches_in_llama3():
    """Llama 3 has ignore_merges: the tokens it reaches only by looking a piece up whole are
    those HF's own BPE, the same file with ignore_merges off, encodes to something else."""
    _, result = ours("hf", "llama3")
    document = hf_document("llama3")
    assert document["model"]["ignore_merges"] is True
    document["model"]["ignore_merges"] = False
    merges_only = hf_tokenizer(document)
    reachable = result.of_class("reachable") + result.of_class("whole_piece_only")
    encoded = merges_only.encode_batch([t.text for t in reachable], add_special_tokens=False)
    expected = {t.id for t, e in zip(reachable, encoded, strict=True) if e.ids != [t.id]}
    whole = {t.id for t in result.tokens if t.whole_piece_only}
    assert whole == expected, (len(whole), len(expected), sorted(whole ^ expected)[:10])
    assert len(whole) == 588 == result.counts["whole_piece_only"]


@needs_shared_data
@pytest.mark.parametrize(("kind", "name"), [("hf", "qwen3"), ("hf", "llama-spm"),
                                            ("sentencepiece", "botchan_en_bpe_1000")])
def test_blocked_by_is_a_merge_of_the_tokens_own_symbols(kind, name):
    """``blocked_by``: the first merge applied to the token's symbols that its derivation does
    not use — a merge of the file (HF: merges[rank] is that pair), joining two parts of the
    token's own bytes. A merge that joins bytes the token does not have (its text was changed
    on the way to the model: NFC composed it, a ▁ was put in front) cannot be what gets to the
    token's symbols first."""
    tokenizer, result = ours(kind, name)
    blocked = [t for t in result.tokens if t.blocked_by is not None]
    # Tokens whose text the pipeline changes before the model sees it have no blocking
    # merge: qwen3's id 132515 (a decomposed ế that NFC composes), llama-spm's and botchan's
    # tokens without ▁ (the dummy prefix puts one in front).
    changed = {"qwen3": [132515], "llama-spm": [261]}.get(name, [])
    if name == "botchan_en_bpe_1000":
        changed = [t.id for t in result.tokens if t.cls in ("in_context", "unreachable")
                   and not t.label.startswith("▁")][:20]
    assert changed
    by_id = {t.id: t for t in result.tokens}
    for tid in changed:
        assert by_id[tid].cls in ("in_context", "unreachable"), tid
        assert by_id[tid].blocked_by is None, tid
    merges = None
    if kind == "hf":
        merges = [m.split(" ") if isinstance(m, str) else m
                  for m in hf_document(name)["model"]["merges"]]
    foreign = []
    for token in blocked:
        rule = token.blocked_by
        left, right = (tokenizer.model.id_to_token(rule.left_id),
                       tokenizer.model.id_to_token(rule.right_id))
        if merges is not None:
            assert merges[rule.rank] == [left, right], (token.id, rule)
            assert tokenizer.model.id_to_token(rule.new_id) == left + right, (token.id, rule)
        joined = tokenizer.token_bytes(rule.left_id) + tokenizer.token_bytes(rule.right_id)
        own = tokenizer.token_bytes(token.id)
        if joined not in own:
            foreign.append(f"{token.id} {token.label!r} (text {token.text!r}, bytes {own!r}, "
                           f"encodes to {list(token.encodes_to)}): blocked_by rank {rule.rank} "
                           f"{left!r} + {right!r} = {joined!r}")
    assert not foreign, (f"{kind}:{name}: {len(foreign)} of {len(blocked)} blocked_by merges "
                         "join bytes the token does not have:\n" + "\n".join(foreign[:10]))


# -- 2. the seed's §7.1: ignore_merges and a merge that blocks ---------------------------------

def plain_bpe(vocab: list[str], merges: list[str], *, ignore_merges: bool) -> dict[str, Any]:
    """A character BPE tokenizer.json split on whitespace only: "abc" and "xabc" are each
    one piece."""
    return {
        "version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
        "normalizer": None, "pre_tokenizer": {"type": "WhitespaceSplit"},
        "post_processor": None, "decoder": None,
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": ignore_merges,
                  "vocab": {token: i for i, token in enumerate(vocab)}, "merges": merges},
    }


def write_json(path: Path, document: dict[str, Any]) -> Path:
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


SEED_VOCAB = ["a", "b", "c", "x", "ab", "abc"]
CONFLICT_VOCAB = ["a", "b", "c", "ab", "bc", "abc"]
CONFLICT_MERGES = ["a b", "b c", "a bc"]


def hf_ids(path: Path, text: str) -> list[int]:
    from tokenizers import Tokenizer as HFTokenizer

    return HFTokenizer.from_file(str(path)).encode(text, add_special_tokens=False).ids


@pytest.mark.parametrize(("vocab", "merges"), [
    (SEED_VOCAB, ["a b"]),
    (["a", "b", "c", "x", "ab", "bc", "abc"], CONFLICT_MERGES),  # the article's three rules
], ids=["a+b only", "three rules"])
def test_ignore_merges_makes_abc_reachable_only_as_a_whole_piece(tmp_path, vocab, merges):
    path = write_json(tmp_path / "tokenizer.json", plain_bpe(vocab, merges, ignore_merges=True))
    tokenizer = open_tokenizer(path)
    vid = {token: i for i, token in enumerate(vocab)}
    # abc alone is looked up whole; inside the longer piece xabc the merges run: x | ab | c.
    assert tokenizer.encode_ids("abc", special="none") == hf_ids(path, "abc") == [vid["abc"]]
    assert tokenizer.encode_ids("xabc", special="none") == hf_ids(path, "xabc") \
        == [vid["x"], vid["ab"], vid["c"]]
    result = audit(tokenizer)
    assert result.counts == {"reachable": len(vocab) - 1, "whole_piece_only": 1,
                             "in_context": 0, "unreachable": 0, "undecodable": 0,
                             "special": 0, "byte_fallback": 0}
    assert [t.id for t in result.tokens if t.whole_piece_only] == [vid["abc"]]
    abc = result.tokens[vid["abc"]]
    assert (abc.cls, abc.text, abc.whole_piece_only) == ("whole_piece_only", "abc", True)
    # With a + b alone no merge makes abc at all: an orphan too.
    orphan = {"orphan": True} if "bc" not in vid else {}
    assert abc.to_json() == {"id": vid["abc"], "class": "whole_piece_only", "token": "abc",
                             "text": "abc", **orphan}


def test_without_ignore_merges_abc_is_unreachable(tmp_path):
    path = write_json(tmp_path / "tokenizer.json",
                      plain_bpe(SEED_VOCAB, ["a b"], ignore_merges=False))
    tokenizer = open_tokenizer(path)
    vid = {token: i for i, token in enumerate(SEED_VOCAB)}
    assert hf_ids(path, "abc") == [vid["ab"], vid["c"]]
    result = audit(tokenizer)
    abc = result.tokens[vid["abc"]]
    assert (abc.cls, abc.text, abc.encodes_to) == ("unreachable", "abc", (vid["ab"], vid["c"]))
    assert not abc.whole_piece_only
    assert result.of_class("unreachable") == [abc]
    assert result.counts["reachable"] == len(SEED_VOCAB) - 1


def test_a_lower_rank_merge_blocks_abc(tmp_path):
    """a + b (rank 0) comes before b + c and a + bc: "abc" stops at ab | c."""
    path = write_json(tmp_path / "tokenizer.json",
                      plain_bpe(CONFLICT_VOCAB, CONFLICT_MERGES, ignore_merges=False))
    tokenizer = open_tokenizer(path)
    vid = {token: i for i, token in enumerate(CONFLICT_VOCAB)}
    assert hf_ids(path, "abc") == tokenizer.encode_ids("abc", special="none") \
        == [vid["ab"], vid["c"]]
    result = audit(tokenizer)
    abc = result.tokens[vid["abc"]]
    assert (abc.cls, abc.encodes_to) == ("unreachable", (vid["ab"], vid["c"]))
    rule = abc.blocked_by
    assert rule is not None
    assert (rule.rank, rule.left_id, rule.right_id, rule.new_id) == (
        0, vid["a"], vid["b"], vid["ab"])
    assert abc.to_json()["blocked_by"] == {"rank": 0, "left": vid["a"], "right": vid["b"],
                                           "new": vid["ab"]}
    assert [t.id for t in result.of_class("unreachable")] == [vid["abc"]]
    # bc is reachable alone: nothing blocks b + c when no a comes first.
    assert result.tokens[vid["bc"]].cls == "reachable"


# -- 3. the command line -----------------------------------------------------------------------

@pytest.fixture
def conflict_file(tmp_path) -> Path:
    return write_json(tmp_path / "tokenizer.json",
                      plain_bpe(CONFLICT_VOCAB, CONFLICT_MERGES, ignore_merges=False))


def check_cli_json(path: Path) -> dict[str, Any]:
    run = bpelens("audit", "-t", str(path), "--format", "json", "--quiet")
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    data = json.loads(run.stdout)
    expected = audit(open_tokenizer(path))
    assert data["counts"] == expected.counts
    assert sum(data["counts"].values()) == len(data["tokens"]) == len(expected.tokens)
    assert data["vocab_size"] == expected.vocab_size
    assert data == json.loads(json.dumps(expected.to_json()))
    return data


def test_cli_json_is_the_audit(conflict_file):
    data = check_cli_json(conflict_file)
    assert data["vocab_size"] == len(CONFLICT_VOCAB)
    assert [t["class"] for t in data["tokens"]] == ["reachable"] * 5 + ["unreachable"]
    # No text gives abc (ab is always made first): every context tried is counted.
    last = data["tokens"][-1]
    assert last.pop("contexts_tried") >= 10
    assert last == {"id": 5, "class": "unreachable", "token": "abc", "text": "abc",
                    "encodes_to": [3, 2],
                    "blocked_by": {"rank": 0, "left": 0, "right": 1, "new": 3}}


@needs_shared_data
def test_cli_json_on_a_real_file():
    data = check_cli_json(SPM_DIR / "botchan_en_bpe_1000.model")
    assert data["vocab_size"] == 1000


def test_cli_table_lists_the_unreachable_tokens(conflict_file):
    run = bpelens("audit", "-t", str(conflict_file), "--format", "table", "--quiet")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert f"{len(CONFLICT_VOCAB)} ids" in lines[0]
    assert any(line.split() == ["unreachable", "1"] for line in lines)
    assert any(line.split() == ["reachable", "5"] for line in lines)
    listed = [line for line in lines if line.lstrip().startswith("unreachable ")
              and ":" in line]
    assert len(listed) == 1
    assert "unreachable 5: 'abc' → [3, 2]" in listed[0]
    assert "merge 0 (a + b)" in listed[0]


def test_cli_missing_tokenizer_is_one_line_with_exit_2(tmp_path):
    missing = tmp_path / "nowhere" / "tokenizer.json"
    run = bpelens("audit", "-t", str(missing), "--format", "json")
    assert run.returncode == 2
    assert_clean_outcome(run)
    assert run.stdout == ""
    assert str(missing) in run.stderr and "no such file" in run.stderr


# -- 4. iter_audit: progress and cancelling ----------------------------------------------------

def test_iter_audit_can_be_stopped_after_its_first_report():
    from bpelens.app.demo_data import load_demo

    steps = iter_audit(load_demo("demo-multilingual-byte"))
    done, total, result = next(steps)
    assert result is None and 0 <= done <= total
    steps.close()  # cancel: no error, no further work
    with pytest.raises(StopIteration):
        next(steps)


def test_iter_audit_reports_progress_up_to_the_total(monkeypatch):
    from bpelens.app.demo_data import load_demo

    monkeypatch.setattr(audit_module, "BATCH", 100)  # several batches from a small vocabulary
    tokenizer = load_demo("demo-multilingual-byte")
    reports = list(iter_audit(tokenizer))
    dones = [done for done, _, _ in reports]
    totals = {total for _, total, _ in reports}
    ids = sum(end - start + 1 for start, end in tokenizer.id_ranges())
    assert totals == {ids}
    assert dones == sorted(dones) and dones[-1] == ids
    assert len(reports) > 5
    assert all(result is None for _, _, result in reports[:-1])
    final = reports[-1][2]
    assert final is not None and len(final.tokens) == ids
    assert final.counts == audit(tokenizer).counts


def witness(tokenizer, tid: int, text: str, letters: str = "abcdefghijklmnopqrstuvwxyz"):
    """A word in which the token comes out, with the token's text inside it (or None)."""
    import itertools

    for a, b in itertools.product(letters, repeat=2):
        for word in (text + a + b, a + text + b, text + a):
            if tid in tokenizer.encode(word, add_special_tokens=False).ids:
                return word
    return None


def test_a_token_without_the_end_of_word_mark_is_audited_inside_a_word():
    # demo-english-char marks word ends with </w>: "th" only ever stands inside a word, so its
    # text alone (which ends a word) says nothing; the audit asks the merges inside a word,
    # and each token it finds reachable there really comes out of some word.
    from bpelens.app.demo_data import load_demo

    tokenizer = load_demo("demo-english-char")
    result = audit(tokenizer)
    inside = [t for t in result.tokens if tokenizer.model.inside_word_only(t.id)
              and t.cls in ("reachable", "unreachable")]
    assert len(inside) > 50
    reachable = [t for t in inside if t.cls == "reachable"]
    assert len(reachable) == len(inside)  # trained on words: every part is built somewhere
    for token in reachable:
        assert witness(tokenizer, token.id, token.text) is not None, token.text
    from bpelens.core import audit_token

    for token in result.tokens:  # one token's audit says the same (the token inspector's)
        alone = audit_token(tokenizer, token.id)
        assert (alone.cls, alone.encodes_to) == (token.cls, token.encodes_to), token.label
    ends = [t for t in result.tokens if t.cls in ("reachable", "unreachable")
            and not tokenizer.model.inside_word_only(t.id)]
    for token in ends:  # a word's end: its own text, as before
        got = list(tokenizer.encode(token.text, add_special_tokens=False).ids)
        assert (got == [token.id]) == (token.cls == "reachable"), token.text
