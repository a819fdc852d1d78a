"""Tokenizers written as JSON: Hugging Face's ``tokenizer.json``, BPE Lens's own files, and
a GPT-2 ``vocab.json`` (with ``merges.txt`` or ``vocab.bpe`` beside it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import TokenizerFileError
from ..pipeline.origin import Origin
from ..pipeline.tokenizer import Tokenizer
from .file_io import parse_json_file, read_head
from .gpt2_files import PAIRS, load_gpt2_files

JSON_FORMATS = "tokenizer.json, a BPE Lens tokenizer, or a GPT-2 vocab.json beside its merges"


def load_json(path: Path) -> Tokenizer:
    head = read_head(path)
    is_ours = b'"bpelens-tokenizer"' in head
    if not is_ours and (b'"model"' in head or b'"added_tokens"' in head):
        # tokenizer.json goes through the loader with the disk cache.
        from .hf_json import load_hf_tokenizer

        try:
            tokenizer = load_hf_tokenizer(path)
            tokenizer.name = display_name(path)
            return tokenizer
        except TokenizerFileError as exc:
            if "no \"model\" object" not in exc.message:
                raise
    return _open_json(path)


def _open_json(path: Path) -> Tokenizer:
    data: Any = parse_json_file(path)
    if isinstance(data, dict) and data.get("format") == "bpelens-tokenizer":
        from .own_format import tokenizer_from_dict

        tokenizer = tokenizer_from_dict(data, path=str(path))
        tokenizer.name = tokenizer.name or path.stem
        tokenizer.source = Origin("bpelens", str(path))
        return tokenizer
    if isinstance(data, dict) and isinstance(data.get("model"), dict):
        from .hf_json import tokenizer_from_hf

        tokenizer = tokenizer_from_hf(data, path=str(path))
        tokenizer.name = display_name(path)
        return tokenizer
    if isinstance(data, dict) and data and all(isinstance(v, int) for v in data.values()):
        for _, merges_name in PAIRS:
            merges = path.with_name(merges_name)
            if merges.is_file():
                return load_gpt2_files(path, merges, vocab_data=data)
        raise TokenizerFileError(
            str(path), "a vocabulary without merges: put merges.txt (or vocab.bpe) beside it"
        )
    raise TokenizerFileError(str(path), Message("this JSON is not a tokenizer BPE Lens reads "
                                                "({formats})", formats=JSON_FORMATS))


def display_name(path: Path) -> str:
    name = path.name.removesuffix(".json").removesuffix(".tokenizer")
    if name == "tokenizer":
        parent = path.parent
        if parent.parent.name == "snapshots":  # HF cache: models--org--name/snapshots/<rev>
            return parent.parent.parent.name.removeprefix("models--").replace("--", "/")
        return parent.name or name
    return name
