"""Every tokenizer file format BPE Lens reads, recognised by its content first.

A format is one :class:`FileFormat` in :data:`FILE_FORMATS`: what it is called, how its
first bytes (and, where the content cannot tell, its name) show it, and the loader. Adding a
format is one module with a loader plus one entry here; :func:`recognise` asks the entries
in order, so the order is part of the meaning: content that can only be one thing (the GGUF
magic, a rank file's lines, JSON) before what is only told by elimination (a SentencePiece
protobuf has no magic), and names only where the content is shared (``merges.txt``).

Loaders are imported when used: recognising a file never imports a format's reader.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..pipeline.tokenizer import Tokenizer

GGUF_MAGIC = b"GGUF"
# Meta's tokenizer.model, Kimi's tiktoken.model and mistral-common's tokenizer.model.v3 are
# named like SentencePiece models whatever they hold.
_MODEL_NAME = re.compile(r"\.model(\.v\d+[a-z0-9]*)?$")


@dataclass(frozen=True, slots=True)
class FileFormat:
    """One kind of tokenizer file. ``sniff(path, head)`` says whether the file is one, from
    its first 4 KiB (``head``) and, only where the content is shared, its name; ``loader``
    is ``"module:function"`` in this package, called as ``function(path, **options)``."""

    name: str
    label: str  # in messages: "a GGUF model file (.gguf)"
    sniff: Callable[[Path, bytes], bool]
    loader: str
    suffixes: tuple[str, ...] = ()  # for open dialogs and folder listings
    options: tuple[str, ...] = ()  # the open options it takes (encoding, pattern)

    def load(self, path: Path, **options: object) -> Tokenizer:
        module, function = self.loader.split(":")
        loaded = importlib.import_module(f"{__package__}.{module}")
        return getattr(loaded, function)(path, **options)


def _is_gguf(path: Path, head: bytes) -> bool:
    return head[:4] == GGUF_MAGIC


def _json_object(head: bytes) -> bool:
    return head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{")


def _is_tekken(path: Path, head: bytes) -> bool:
    # tekken.json opens with its "config" (pattern, num_vocab_tokens, default_vocab_size…)
    # before the long "vocab" list; tokenizer.json has neither key.
    return _json_object(head) and b'"config"' in head and (
        b'"default_vocab_size"' in head or b'"num_vocab_tokens"' in head)


def _is_json(path: Path, head: bytes) -> bool:
    return _json_object(head)


def looks_like_ranks(head: bytes) -> bool:
    """A tiktoken rank file: lines of base64 token, one space, rank."""
    lines = [line for line in head.split(b"\n")[:-1] if line.strip()][:8]
    return bool(lines) and all(
        len(line.split()) == 2 and line.split()[1].isdigit()
        and re.fullmatch(rb"[A-Za-z0-9+/]*={0,2}", line.split()[0]) is not None
        for line in lines
    )


def _is_ranks(path: Path, head: bytes) -> bool:
    return looks_like_ranks(head)


def _is_clip_vocab(path: Path, head: bytes) -> bool:
    from .clip_vocab import looks_like_clip_vocab

    return looks_like_clip_vocab(path, head)


def _is_gpt2_pair(path: Path, head: bytes) -> bool:
    from .gpt2_files import PAIRS

    return any(path.name in pair for pair in PAIRS)


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value = shift = 0
    while at < len(data) and shift < 64:
        byte = data[at]
        value |= (byte & 0x7F) << shift
        at += 1
        if not byte & 0x80:
            return value, at
        shift += 7
    return -1, at


def looks_like_model_proto(head: bytes) -> bool:
    """A SentencePiece ModelProto: its first field is a piece (field 1, a message) whose own
    first field is the piece's text (field 1), followed by its score (field 2, a float) or
    type (field 3) or the end of the piece."""
    if head[:1] != b"\x0a":
        return False
    size, at = _varint(head, 1)
    if size <= 0 or head[at:at + 1] != b"\x0a":
        return False
    text, after = _varint(head, at + 1)
    end = after + text
    if text < 0 or end > at + size or end >= len(head):
        return False
    return end == at + size or head[end] in (0x15, 0x18)


def _is_sentencepiece(path: Path, head: bytes) -> bool:
    # Other binary files named *.model go to the reader too, which says what is wrong.
    return looks_like_model_proto(head) or _MODEL_NAME.search(path.name) is not None


FILE_FORMATS: tuple[FileFormat, ...] = (
    FileFormat("gguf", "a GGUF model file (.gguf)", _is_gguf, "gguf_file:load_gguf",
               (".gguf",)),
    FileFormat("tekken", "Mistral's tekken.json", _is_tekken, "tekken_file:load_tekken"),
    FileFormat("json", "tokenizer.json or a BPE Lens tokenizer (.json)", _is_json,
               "json_files:load_json", (".json",)),
    FileFormat("tiktoken", "a tiktoken rank file (*.tiktoken, Meta's tokenizer.model)",
               _is_ranks, "tiktoken_file:load_tiktoken", (".tiktoken",),
               ("encoding", "pattern")),
    FileFormat("clip", "CLIP's bpe_simple_vocab_16e6.txt.gz", _is_clip_vocab,
               "clip_vocab:load_clip_vocab", (".txt.gz",)),
    FileFormat("gpt2", "vocab.json + merges.txt or encoder.json + vocab.bpe", _is_gpt2_pair,
               "gpt2_files:load_pair", ("vocab.bpe", "merges.txt")),
    FileFormat("sentencepiece", "a SentencePiece model (tokenizer.model, *.model.v3)",
               _is_sentencepiece, "sentencepiece_file:load_sentencepiece", (".model",)),
)

FORMATS = ", ".join(f.label for f in FILE_FORMATS)


def recognise(path: Path, head: bytes) -> FileFormat | None:
    """The format of the file at ``path`` whose first bytes are ``head``: by content, else
    by name (a damaged ``x.tiktoken`` goes to the rank-file reader, which says what is wrong
    on which line)."""
    for file_format in FILE_FORMATS:
        if file_format.sniff(path, head):
            return file_format
    for file_format in FILE_FORMATS:
        if path.name.endswith(file_format.suffixes):
            return file_format
    return None


def by_name(name: str) -> FileFormat:
    return next(f for f in FILE_FORMATS if f.name == name)
