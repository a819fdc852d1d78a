"""Mistral's ``tekken.json``: tiktoken ranks with Mistral's pattern, behind a block of special
tokens, as ``mistral_common``'s Tekkenizer reads it.

* ``config.default_num_special_tokens`` special tokens take ids 0 … n−1 (those the file
  lists in ``special_tokens``, each at its rank; the rest are ``<SPECIAL_i>``; a file
  without the list has Mistral's 20 standard ones first);
* the vocabulary's ranks follow, each id its rank + n, cut to ``config.default_vocab_size``
  ids in all (the shipped files list 150,000 ranks and use 130,072);
* the text is split with ``config.pattern`` and merged by rank, as tiktoken does.

Tekkenizer never reads special-token text in the user's text as a special token; Hugging
Face's conversion does. Both are one switch away here (special tokens recognised or not).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import BpeLensError, ConfigError, TokenizerFileError
from ..models.base import MAX_TOKEN_ID
from ..models.tiktoken_ranks import TiktokenModel
from ..pipeline.added_tokens import AddedToken
from ..pipeline.origin import Origin
from ..pipeline.post_processors import around
from ..pipeline.pre_tokenizers.base import RegexPreTokenizer
from ..pipeline.tokenizer import Tokenizer
from .file_io import parse_json_bytes, read_file

# Tekkenizer's list for files that have none (versions up to v7), in id order.
STANDARD_SPECIALS = ("<unk>", "<s>", "</s>", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]",
                     "[/AVAILABLE_TOOLS]", "[TOOL_RESULTS]", "[/TOOL_RESULTS]", "[TOOL_CALLS]",
                     "[IMG]", "<pad>", "[IMG_BREAK]", "[IMG_END]", "[PREFIX]", "[MIDDLE]",
                     "[SUFFIX]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]", "[TOOL_CONTENT]")
VERSIONS = ("v1", "v2", "v3", "v7", "v11", "v13", "v15")


def load_tekken(path: str | Path) -> Tokenizer:
    path = Path(path)
    data = read_file(path)
    doc = parse_json_bytes(path, data)
    try:
        tokenizer = tokenizer_from_tekken(doc)
    except BpeLensError as exc:
        raise TokenizerFileError(str(path), exc.message) from None
    tokenizer.name = path.parent.name if path.stem == "tekken" and path.parent.name else \
        path.stem
    tokenizer.source = Origin("tekken", str(path), sha256=hashlib.sha256(data).hexdigest(),
                              encoding=doc["config"].get("version"))
    return tokenizer


def _need(value: Any, kind: type | tuple[type, ...], where: str, what: str) -> Any:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ConfigError(Message("{where} must be {what}", where=where, what=what))
    return value


def tokenizer_from_tekken(doc: Any) -> Tokenizer:
    _need(doc, dict, "(top level)", "an object with config and vocab")
    config = _need(doc.get("config"), dict, "config", "an object (pattern, default_vocab_size, "
                   "default_num_special_tokens, version)")
    pattern = _need(config.get("pattern"), str, "config.pattern", "a regex (text)")
    size = _need(config.get("default_vocab_size"), int, "config.default_vocab_size",
                 "a whole number")
    count = _need(config.get("default_num_special_tokens"), int,
                  "config.default_num_special_tokens", "a whole number")
    version = config.get("version")
    if version not in VERSIONS:
        raise ConfigError(Message("config.version is {version!r}; Tekken versions are {versions}",
                                  version=version, versions=", ".join(VERSIONS)))
    if not 0 <= count < size <= MAX_TOKEN_ID + 1:
        raise ConfigError(Message(
            "config.default_num_special_tokens {count:,} and default_vocab_size {size:,}: the "
            "special tokens must leave room for the vocabulary (at most {most:,} ids)",
            count=count, size=size, most=MAX_TOKEN_ID + 1))
    specials = _specials(doc.get("special_tokens"), count)
    vocab = _need(doc.get("vocab"), list, "vocab", "a list of {rank, token_bytes, token_str}")
    ranks: dict[bytes, int] = {}
    for index, entry in enumerate(vocab[:size - count]):
        where = f"vocab[{index}]"
        _need(entry, dict, where, "an object with rank, token_bytes and token_str")
        if entry.get("rank") != index:
            raise ConfigError(Message("{where}.rank is {rank!r}; ranks run 0, 1, 2 … in order",
                                      where=where, rank=entry.get("rank")))
        encoded = _need(entry.get("token_bytes"), str, f"{where}.token_bytes", "base64 text")
        try:
            token = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise ConfigError(Message("{where}.token_bytes is not base64", where=where)) from None
        if not token or token in ranks:
            raise ConfigError(Message("{where}.token_bytes is {problem}", where=where,
                                      problem="empty" if not token else Message(
                                          "the bytes of vocab[{other}] again",
                                          other=ranks[token] - count)))
        ranks[token] = index + count
    model = TiktokenModel(ranks, name="tekken")
    added = [AddedToken(text, tid) for tid, text in enumerate(specials)]
    tokenizer = Tokenizer(model, pretokenizer=RegexPreTokenizer(pattern), added_tokens=added)
    if "<s>" in specials:
        tokenizer.post_processor = around([("<s>", specials.index("<s>"))], [])
    return tokenizer


def _specials(listed: Any, count: int) -> list[str]:
    if listed is None:
        names = list(STANDARD_SPECIALS[:count])
    else:
        _need(listed, list, "special_tokens", "a list of {rank, token_str, is_control}")
        names = []
        for index, entry in enumerate(listed):
            where = f"special_tokens[{index}]"
            _need(entry, dict, where, "an object with rank, token_str and is_control")
            if entry.get("rank") != index:
                raise ConfigError(Message("{where}.rank is {rank!r}; special tokens take the "
                                          "ids 0, 1, 2 … in order", where=where,
                                          rank=entry.get("rank")))
            text = _need(entry.get("token_str"), str, f"{where}.token_str", "text")
            if not text or text in names:
                raise ConfigError(Message("{where}.token_str {text!r} is empty or repeats one",
                                          where=where, text=text))
            names.append(text)
    if len(names) > count:
        raise ConfigError(Message("{listed:,} special tokens listed for "
                                  "config.default_num_special_tokens {count:,}",
                                  listed=len(names), count=count))
    names += [f"<SPECIAL_{i}>" for i in range(len(names), count)]
    return names
