"""GPT-2-style vocabularies: ``vocab.json`` + ``merges.txt`` (HF's slow-tokenizer files) or
OpenAI's original ``encoder.json`` + ``vocab.bpe`` — both a byte-level vocabulary spelled in
GPT-2's printable alphabet, merges one pair per line after a ``#version`` header."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import BpeLensError, ConfigError, TokenizerFileError
from ..models.base import check_vocabulary_ids
from ..models.vocab_bpe import VocabBPEModel
from ..pipeline.added_tokens import AddedToken
from ..pipeline.decoders import ByteLevelDecoder
from ..pipeline.origin import Origin
from ..pipeline.pre_tokenizers.hf import ByteLevelPreTokenizer
from ..pipeline.tokenizer import Tokenizer
from .file_io import parse_json_file, read_utf8

PAIRS = (("vocab.json", "merges.txt"), ("encoder.json", "vocab.bpe"))


def read_vocab(path: Path, data: Any | None = None) -> dict[str, int]:
    if data is None:
        data = parse_json_file(path)
    try:
        check_vocabulary_ids(data, "(vocabulary)")
    except ConfigError as exc:
        raise TokenizerFileError(str(path), exc.message) from None
    return data


def read_merges(path: Path) -> list[tuple[str, str]]:
    text = read_utf8(path)
    merges: list[tuple[str, str]] = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line or line.startswith("#version"):
            continue
        parts = line.split(" ")
        if len(parts) != 2:
            raise TokenizerFileError(
                str(path), Message("line {number}: expected two tokens separated by one space",
                                   number=number)
            )
        merges.append((parts[0], parts[1]))
    return merges


def _special_tokens(folder: Path, vocab: dict[str, int]) -> list[AddedToken]:
    """Special tokens from HF's tokenizer_config.json / special_tokens_map.json beside the
    files, else the ``<|…|>`` entries of the vocabulary (GPT-2's ``<|endoftext|>``)."""
    names: set[str] = set()
    for config_name in ("special_tokens_map.json", "tokenizer_config.json"):
        config_path = folder / config_name
        if not config_path.is_file():
            continue
        try:
            config = json.loads(config_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for value in config.values() if isinstance(config, dict) else ():
            if isinstance(value, str):
                names.add(value)
            elif isinstance(value, dict) and isinstance(value.get("content"), str):
                names.add(value["content"])
    if not names:
        names = {t for t in vocab if t.startswith("<|") and t.endswith("|>")}
    return [AddedToken(t, vocab[t]) for t in sorted(names) if t in vocab]


def load_pair(path: Path) -> Tokenizer:
    """Either file of a pair, given alone: its partner must be beside it."""
    for vocab_name, merges_name in PAIRS:
        if path.name in (vocab_name, merges_name):
            vocab, merges = path.with_name(vocab_name), path.with_name(merges_name)
            missing = merges if path.name == vocab_name else vocab
            if not missing.is_file():
                raise TokenizerFileError(str(path), Message("{name} is not beside it",
                                                            name=missing.name))
            return load_gpt2_files(vocab, merges)
    raise TokenizerFileError(str(path), Message("not one of {pairs}", pairs=", ".join(
        f"{v} + {m}" for v, m in PAIRS)))


def load_gpt2_files(vocab_path: str | Path, merges_path: str | Path,
                    vocab_data: Any | None = None) -> Tokenizer:
    vocab_path, merges_path = Path(vocab_path), Path(merges_path)
    vocab = read_vocab(vocab_path, vocab_data)
    merges = read_merges(merges_path)
    try:
        model = VocabBPEModel(vocab=vocab, merges=merges, byte_level=True)
    except BpeLensError as exc:
        raise TokenizerFileError(str(merges_path), exc.message) from None
    tokenizer = Tokenizer(
        model,
        pretokenizer=ByteLevelPreTokenizer(add_prefix_space=False, use_regex=True),
        added_tokens=_special_tokens(vocab_path.parent, vocab),
        decoder=ByteLevelDecoder(),
        name=vocab_path.parent.name or vocab_path.stem,
    )
    tokenizer.source = Origin(f"{vocab_path.name}+{merges_path.name}", str(vocab_path.parent))
    return tokenizer
