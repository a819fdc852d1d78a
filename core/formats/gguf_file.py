"""GGUF files (llama.cpp, Ollama, LM Studio): the tokenizer in a model's key–value header,
built as llama.cpp builds it.

Each ``tokenizer.ggml.model`` is turned into a format BPE Lens already reads exactly, with
llama.cpp's settings for it (learned from ``src/llama-vocab.cpp``):

* ``llama`` — SentencePiece BPE merged by score with byte fallback: a SentencePiece model
  with the file's pieces, scores and types; only ASCII spaces become ``▁``, a ``▁`` goes
  before the text (``add_space_prefix``, default on), no other normalization;
* ``t5`` — SentencePiece Unigram with the file's precompiled character map;
* ``gpt2`` — byte-level BPE with the merge list, split first by the regexes llama.cpp uses
  for ``tokenizer.ggml.pre`` (``gguf_pre``), ``ignore_merges`` where it sets it;
* ``bert`` — WordPiece: the vocabulary back in Hugging Face's spelling (llama.cpp's converter
  writes ``▁word`` for a word's first piece and ``piece`` for ``##piece``), lowercased, with
  BERT's splitting at punctuation and CJK.

Control tokens are special tokens (recognised in text only when special tokens are);
user-defined tokens are always recognised, as in llama.cpp. With special tokens added, the
BOS/EOS (CLS … SEP for WordPiece) llama.cpp adds are added.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import BpeLensError, TokenizerFileError
from ..pipeline.added_tokens import AddedToken
from ..pipeline.origin import Origin
from ..pipeline.post_processors import TemplatePostProcessor, around
from ..pipeline.tokenizer import Tokenizer
from .gguf_pre import BY_NAME, DEFAULT, NOT_REPRODUCED, LlamaCppPre
from .gguf_reading import (
    MERGES,
    MODEL,
    PRE,
    SCORES,
    TOKEN_TYPE,
    TOKENS,
    GgufVocab,
    header_digest,
    read_gguf_vocab,
)

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
MODELS = "llama (SentencePiece BPE), gpt2 (byte-level BPE), bert (WordPiece), t5 (Unigram)"
_PHANTOM_SPACE = "\u2581"


def load_gguf(path: str | Path) -> Tokenizer:
    """Open the tokenizer of a GGUF file."""
    path = Path(path)
    vocab = read_gguf_vocab(path)
    build = _BUILDERS.get(vocab.model)
    if build is None:
        raise TokenizerFileError(str(path), Message(
            "{key} is {model!r}, a tokenizer BPE Lens does not reproduce; it reads {models}",
            key=MODEL, model=vocab.model, models=MODELS))
    notes: list[Message] = []
    try:
        tokenizer = build(vocab, notes)
    except TokenizerFileError:
        raise
    except BpeLensError as exc:
        raise TokenizerFileError(str(path), exc.message) from None
    tokenizer.name = vocab.name or path.stem
    tokenizer.chat_templates = dict(vocab.chat_templates)
    tokenizer.chat_tokens = {f"{name}_token": vocab.tokens[tid] for name, tid in
                             vocab.ids.items() if name in ("bos", "eos", "unk", "pad", "sep",
                                                           "cls", "mask")}
    digest = header_digest(path, vocab.header_bytes)
    tokenizer.source = Origin("gguf", str(path), sha256=digest,
                              model_type=vocab.model, normalizer=vocab.pre,
                              trainer={"architecture": vocab.architecture,
                                       "tensors": vocab.tensor_count, **vocab.flags})
    tokenizer.load_notes.extend(notes)
    return tokenizer


def _types(vocab: GgufVocab) -> list[int]:
    return vocab.types if vocab.types is not None else [NORMAL] * len(vocab.tokens)


def _added(vocab: GgufVocab) -> list[AddedToken]:
    """Control tokens as special tokens, user-defined ones as always-recognised tokens."""
    return [AddedToken(text, tid, special=kind == CONTROL)
            for tid, (text, kind) in enumerate(zip(vocab.tokens, _types(vocab), strict=True))
            if kind in (CONTROL, USER_DEFINED) and text]


def _check_unique(vocab: GgufVocab) -> None:
    seen: dict[str, int] = {}
    for tid, text in enumerate(vocab.tokens):
        first = seen.setdefault(text, tid)
        if first != tid:
            raise TokenizerFileError(vocab.path, Message(
                "{key}[{tid}] is {text!r} again (as token {first}); llama.cpp refuses a "
                "vocabulary with a token twice", key=TOKENS, tid=tid, text=text[:40],
                first=first))


def _bos_eos(vocab: GgufVocab, add_bos: bool, add_eos: bool) -> TemplatePostProcessor | None:
    """What llama.cpp puts around the ids with special tokens added (keys override)."""
    add_bos = vocab.flags.get("add_bos", add_bos)
    add_eos = vocab.flags.get("add_eos", add_eos)
    before = [(vocab.tokens[vocab.ids["bos"]], vocab.ids["bos"])] if (
        add_bos and "bos" in vocab.ids) else []
    after = [(vocab.tokens[vocab.ids["eos"]], vocab.ids["eos"])] if (
        add_eos and "eos" in vocab.ids) else []
    return around(before, after)


# -- SentencePiece (llama, t5) ---------------------------------------------------------------
def _sentencepiece(vocab: GgufVocab, model_type: int, *, add_prefix: bool,
                   remove_spaces: bool, charsmap: bytes | None) -> Tokenizer:
    from .sentencepiece_file import tokenizer_from_model_proto
    from .sentencepiece_schema import _classes

    _check_unique(vocab)
    if vocab.scores is None:
        raise TokenizerFileError(vocab.path, Message(
            "no {key}: a {model} vocabulary ranks its pieces by score", key=SCORES,
            model=vocab.model))
    types = _types(vocab)
    proto = _classes()["ModelProto"]()
    for text, score, kind in zip(vocab.tokens, vocab.scores, types, strict=True):
        piece = proto.pieces.add()
        piece.piece = text.encode("utf-8")
        piece.score = score
        piece.type = kind
    trainer = proto.trainer_spec
    trainer.model_type = model_type
    trainer.byte_fallback = BYTE in types
    trainer.unk_id = vocab.ids.get("unk", types.index(UNKNOWN) if UNKNOWN in types else 0)
    for name in ("bos", "eos", "pad"):
        tid = vocab.ids.get(name, -1)
        setattr(trainer, f"{name}_id", tid)
        if tid >= 0:
            setattr(trainer, f"{name}_piece", vocab.tokens[tid].encode("utf-8"))
    if 0 <= trainer.unk_id < len(vocab.tokens):
        trainer.unk_piece = vocab.tokens[trainer.unk_id].encode("utf-8")
    spec = proto.normalizer_spec
    spec.name = b"identity"
    spec.add_dummy_prefix = add_prefix
    spec.remove_extra_whitespaces = remove_spaces
    spec.escape_whitespaces = True
    if charsmap:
        spec.precompiled_charsmap = charsmap
    built = tokenizer_from_model_proto(proto.SerializeToString(), path=vocab.path)
    return Tokenizer(built.model, normalizer=built.normalizer, pretokenizer=built.pretokenizer,
                     added_tokens=_added(vocab), decoder=built.decoder)


def _llama(vocab: GgufVocab, notes: list[Message]) -> Tokenizer:
    from .sentencepiece_schema import BPE as BPE_TYPE

    tokenizer = _sentencepiece(
        vocab, BPE_TYPE, add_prefix=vocab.flags.get("add_space_prefix", True),
        remove_spaces=False, charsmap=None)  # llama.cpp's SPM never removes spaces
    tokenizer.post_processor = _bos_eos(vocab, add_bos=True, add_eos=False)
    return tokenizer


def _t5(vocab: GgufVocab, notes: list[Message]) -> Tokenizer:
    from .sentencepiece_schema import UNIGRAM as UNIGRAM_TYPE

    tokenizer = _sentencepiece(
        vocab, UNIGRAM_TYPE, add_prefix=vocab.flags.get("add_space_prefix", False),
        remove_spaces=vocab.flags.get("remove_extra_whitespaces", False),
        charsmap=vocab.charsmap)
    tokenizer.post_processor = _bos_eos(vocab, add_bos=False, add_eos=True)
    return tokenizer


# -- byte-level BPE (gpt2) -------------------------------------------------------------------
def pre_for(vocab: GgufVocab, notes: list[Message]) -> LlamaCppPre:
    """llama.cpp's pre-tokenizer for the file's ``tokenizer.ggml.pre``."""
    name = vocab.pre
    if not name:
        notes.append(Message("{key} is missing: llama.cpp splits with its default regexes and "
                             "warns that generation quality will be degraded; so does BPE Lens",
                             key=PRE))
        return DEFAULT
    found = BY_NAME.get(name)
    if found is not None:
        return found
    if name in NOT_REPRODUCED:
        raise TokenizerFileError(vocab.path, Message(
            "{key} is {name!r}, which llama.cpp splits with {how}; BPE Lens does not reproduce "
            "it yet", key=PRE, name=name, how=NOT_REPRODUCED[name]))
    raise TokenizerFileError(vocab.path, Message(
        "{key} is {name!r}, a pre-tokenizer llama.cpp does not know (it refuses to load such "
        "a file); known names include llama-bpe, qwen2, gpt-2, falcon, tekken, gpt-4o",
        key=PRE, name=name))


def _gpt2(vocab: GgufVocab, notes: list[Message]) -> Tokenizer:
    from .hf_json import tokenizer_from_hf

    _check_unique(vocab)
    pre = pre_for(vocab, notes)
    if not pre.byte_encode:
        raise TokenizerFileError(vocab.path, Message("{key} {name!r} is not byte-level",
                                                     key=PRE, name=vocab.pre))
    if vocab.merges is None:
        raise TokenizerFileError(vocab.path, Message(
            "no {key}: a gpt2 (byte-level BPE) vocabulary needs its merges", key=MERGES))
    merges = []
    for index, line in enumerate(vocab.merges):
        cut = line.find(" ", 1)
        if cut < 0:
            raise TokenizerFileError(vocab.path, Message(
                "{key}[{index}] is {line!r}; a merge is two tokens with a space between",
                key=MERGES, index=index, line=line[:40]))
        merges.append([line[:cut], line[cut + 1:]])
    types = _types(vocab)
    doc: dict[str, Any] = {
        "version": "1.0",
        "added_tokens": [
            {"id": t.id, "content": t.content, "single_word": False, "lstrip": False,
             "rstrip": False, "normalized": False, "special": t.special} for t in _added(vocab)],
        "normalizer": None,
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            *({"type": "Split", "pattern": {"Regex": r}, "behavior": "Isolated",
               "invert": False} for r in pre.regexes),
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
             "use_regex": False}]},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                    "use_regex": False},
        "model": {"type": "BPE", "dropout": None, "unk_token": None,
                  "continuing_subword_prefix": None, "end_of_word_suffix": None,
                  "fuse_unk": False, "byte_fallback": False, "ignore_merges": pre.ignore_merges,
                  "vocab": {t: i for i, (t, k) in enumerate(zip(vocab.tokens, types,
                                                                strict=True))},
                  "merges": merges},
    }
    tokenizer = tokenizer_from_hf(doc, path=vocab.path)
    tokenizer.post_processor = _bos_eos(vocab, add_bos=pre.add_bos, add_eos=False)
    return tokenizer


# -- WordPiece (bert) ------------------------------------------------------------------------
def _bert(vocab: GgufVocab, notes: list[Message]) -> Tokenizer:
    from .hf_json import tokenizer_from_hf

    _check_unique(vocab)
    types = _types(vocab)
    hf_vocab: dict[str, int] = {}
    for tid, (text, kind) in enumerate(zip(vocab.tokens, types, strict=True)):
        if kind == CONTROL or (text.startswith("[") and text.endswith("]")):
            spelled = text
        elif text.startswith(_PHANTOM_SPACE):
            spelled = text[1:]
        else:
            spelled = "##" + text
        hf_vocab.setdefault(spelled, tid)
    unk = vocab.ids.get("unk")
    if unk is None:
        raise TokenizerFileError(vocab.path, Message(
            "no tokenizer.ggml.unknown_token_id: a bert (WordPiece) vocabulary needs its "
            "unknown token"))
    doc: dict[str, Any] = {
        "version": "1.0",
        "added_tokens": [
            {"id": t.id, "content": t.content, "single_word": False, "lstrip": False,
             "rstrip": False, "normalized": False, "special": t.special} for t in _added(vocab)],
        "normalizer": {"type": "BertNormalizer", "clean_text": True,
                       "handle_chinese_chars": True, "strip_accents": None, "lowercase": True},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": None,
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {"type": "WordPiece", "unk_token": vocab.tokens[unk],
                  "continuing_subword_prefix": "##", "max_input_chars_per_word": 1 << 30,
                  "vocab": hf_vocab},
    }
    tokenizer = tokenizer_from_hf(doc, path=vocab.path)
    # llama.cpp always puts the BOS (CLS) first and the SEP last.
    cls = vocab.ids.get("bos", vocab.ids.get("cls"))
    sep = vocab.ids.get("sep")
    tokenizer.post_processor = around(
        [(vocab.tokens[cls], cls)] if cls is not None else [],
        [(vocab.tokens[sep], sep)] if sep is not None else [])
    return tokenizer


_BUILDERS = {"llama": _llama, "gpt2": _gpt2, "bert": _bert, "t5": _t5}
__all__ = ["MODELS", "TOKEN_TYPE", "load_gguf"]
