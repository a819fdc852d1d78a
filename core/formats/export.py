"""Saving a tokenizer for other libraries: a Hugging Face ``tokenizer.json`` and a tiktoken
rank file (+ a small JSON with its pattern and special tokens). Both give the same ids as BPE
Lens in those libraries; what a format cannot express is refused with the reason, never
approximated.

What can be written: BPE models trained here (both formats), vocabulary + merges BPE read from
a tokenizer.json or GPT-2's vocab.json + merges.txt (tokenizer.json: the pipeline as read), and
tiktoken rank files (a rank file again). A rank file holds no pairs and a SentencePiece model
merges by piece score, so neither becomes a tokenizer.json here."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.bpe import BPEModel
from ..models.tiktoken_ranks import TiktokenModel
from ..models.vocab_bpe import VocabBPEModel
from ..pipeline.normalizers.base import Normalizer
from ..pipeline.pre_tokenizers.base import (
    PreTokenizer,
    RegexPreTokenizer,
)
from ..pipeline.tokenizer import Tokenizer
from ..text.byte_level import bytes_to_printable
from .file_io import write_atomic, write_files
from .hf_components import hf_normalizer, hf_pretokenizer
from .tiktoken_file import rank_lines


def _own_model(tokenizer: Tokenizer, fmt: str) -> BPEModel:
    model = tokenizer.model
    if not isinstance(model, BPEModel):
        raise ConfigError(Message("a {describe} model cannot be written as {fmt} (it takes BPE "
                                  "trained in BPE Lens, or vocabulary + merges BPE for "
                                  "tokenizer.json, or tiktoken ranks for .tiktoken)",
                                  describe=model.describe(), fmt=fmt))
    return model


def _vocab_bpe_document(tokenizer: Tokenizer, model: VocabBPEModel) -> dict[str, Any]:
    """A vocabulary + merges BPE as tokenizer.json: the document it was read from (or, for
    GPT-2's two files, its pipeline's Hugging Face configs) with the model's tables."""
    doc = tokenizer.source.document if tokenizer.source else None
    if doc is not None:
        document = copy.deepcopy(doc)
    else:
        document = {
            "version": "1.0", "truncation": None, "padding": None,
            "added_tokens": _added_tokens(tokenizer),
            "normalizer": hf_normalizer(tokenizer.normalizer),
            "pre_tokenizer": hf_pretokenizer(tokenizer.pretokenizer),
            "post_processor": None if tokenizer.post_processor is None
            else tokenizer.post_processor.to_config(),
            "decoder": None if tokenizer.decoder is None else tokenizer.decoder.to_config(),
            "model": {"type": "BPE", "dropout": None, "unk_token": model.unk_token,
                      "continuing_subword_prefix": model.prefix or None,
                      "end_of_word_suffix": model.suffix or None, "fuse_unk": model.fuse_unk,
                      "byte_fallback": model.byte_fallback,
                      "ignore_merges": model.ignore_merges},
        }
    document["model"]["vocab"] = dict(model.vocab)
    document["model"]["merges"] = [list(pair) for pair in model.merge_spellings()]
    return document


def keep_added_ids(vocab: dict[str, int], tokenizer: Tokenizer) -> None:
    """Before a tokenizer.json's vocabulary grows: HF numbers an added token the vocabulary
    does not hold by the vocabulary's size, so a bigger vocabulary would move every such
    token (Llama 3's and Qwen's specials) up. Kept in the vocabulary at its id, it keeps it."""
    for content, tid in tokenizer.specials.ids.items():
        vocab.setdefault(content, tid)


def _added_tokens(tokenizer: Tokenizer) -> list[dict[str, Any]]:
    return [
        {"id": tid, "content": text, "single_word": False, "lstrip": False, "rstrip": False,
         "normalized": False, "special": True}
        for text, tid in sorted(tokenizer.specials.ids.items(), key=lambda item: item[1])
    ]


def _hf_splits(pre: PreTokenizer) -> list[dict[str, Any]]:
    """The pre-tokenizer as the steps of one Sequence (tokenizer.json nests none here)."""
    config = hf_pretokenizer(pre)
    if config is None:
        return []
    return config["pretokenizers"] if config["type"] == "Sequence" else [config]


def to_hf_json(tokenizer: Tokenizer) -> dict[str, Any]:
    """The tokenizer as a Hugging Face ``tokenizer.json`` document."""
    if isinstance(tokenizer.model, VocabBPEModel):
        return _vocab_bpe_document(tokenizer, tokenizer.model)
    model = _own_model(tokenizer, "tokenizer.json")
    if model.end_of_word is not None:
        raise ConfigError(
            "an end-of-word marker that is a symbol of its own (seed 001's </w>) has no "
            "tokenizer.json equivalent (HF's end_of_word_suffix glues it to the last character)"
        )
    byte_level = model.level == "byte"

    def spell(token_id: int) -> str:
        if model.kind(token_id) == "byte_fallback":
            return model.token_label(token_id)
        data = model.token_bytes[token_id]
        return bytes_to_printable(data) if byte_level else data.decode("utf-8")

    vocab = {spell(i): i for i in range(model.vocab_size)}
    if len(vocab) != model.vocab_size:
        raise ConfigError("two tokens spell the same string; tokenizer.json cannot hold both")
    merges = [[spell(r.left_id), spell(r.right_id)] for r in model.rules]
    splits = _hf_splits(tokenizer.pretokenizer)
    if byte_level:
        splits.append({"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False,
                       "use_regex": False})
    pre: dict[str, Any] | None
    if not splits:
        pre = None
    elif len(splits) == 1:
        pre = splits[0]
    else:
        pre = {"type": "Sequence", "pretokenizers": splits}
    if byte_level:
        decoder: dict[str, Any] | None = {"type": "ByteLevel", "add_prefix_space": False,
                                          "trim_offsets": False, "use_regex": False}
    elif model.byte_fallback:
        decoder = {"type": "Sequence", "decoders": [{"type": "ByteFallback"}, {"type": "Fuse"}]}
    else:
        decoder = {"type": "Fuse"}
    added = _added_tokens(tokenizer)
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": hf_normalizer(tokenizer.normalizer),
        "pre_tokenizer": pre,
        "post_processor": None,
        "decoder": decoder,
        "model": {
            "type": "BPE", "dropout": None, "unk_token": None,
            "continuing_subword_prefix": None, "end_of_word_suffix": None, "fuse_unk": False,
            "byte_fallback": bool(model.byte_fallback), "ignore_merges": False,
            "vocab": vocab, "merges": merges,
        },
    }


def save_hf_json(tokenizer: Tokenizer, path: str | Path) -> None:
    document = to_hf_json(tokenizer)
    write_atomic(Path(path), json.dumps(document, ensure_ascii=False).encode("utf-8"))


def save_tiktoken(tokenizer: Tokenizer, path: str | Path) -> Path:
    """Write ``path`` (ranks) and ``path + ".json"`` (pattern and special tokens, for
    ``tiktoken.Encoding(pat_str=…, special_tokens=…)``). Returns the second path."""
    if isinstance(tokenizer.model, TiktokenModel):
        ranks = {data: i for i, data in enumerate(tokenizer.model.token_bytes)
                 if data is not None}
        return _write_tiktoken(tokenizer, path, ranks)
    model = _own_model(tokenizer, "a .tiktoken file")
    if model.level != "byte":
        raise ConfigError("a .tiktoken file holds byte-level tokens; this tokenizer is "
                          "character-level")
    if type(tokenizer.normalizer) is not Normalizer:
        raise ConfigError("tiktoken has no normalizer; this tokenizer normalizes its text")
    ranks = {model.token_bytes[i]: i for i in range(model.vocab_size)}
    if len(ranks) != model.vocab_size:
        raise ConfigError("two tokens have the same bytes; a rank file cannot hold both")
    return _write_tiktoken(tokenizer, path, ranks)


def _write_tiktoken(tokenizer: Tokenizer, path: str | Path, ranks: dict[bytes, int]) -> Path:
    pre = tokenizer.pretokenizer
    if not isinstance(pre, RegexPreTokenizer):
        raise ConfigError(Message("tiktoken splits text with one regex; this tokenizer's "
                                  "pre-tokenizer is {kind!r}", kind=pre.kind))
    path = Path(path)
    sidecar = path.with_name(path.name + ".json")
    definition = {"name": tokenizer.name or path.stem, "pat_str": pre.pattern,
                  "special_tokens": dict(tokenizer.specials.ids)}
    # The pair is one tokenizer: both are written, or neither.
    write_files([(path, rank_lines(ranks)),
                 (sidecar, json.dumps(definition, ensure_ascii=False, indent=1).encode("utf-8"))])
    return sidecar
