"""OpenAI CLIP's ``bpe_simple_vocab_16e6.txt.gz`` (also shipped by open_clip and by the models
that reuse CLIP's text encoder): a gzipped merges list, one "left right" pair a line after a
version line. CLIP keeps the first 49,152 − 256 − 2 merges; its vocabulary is the 256 byte
symbols, the same with ``</w>`` (end of word), one token per merge, then ``<|startoftext|>``
and ``<|endoftext|>`` (49,408 ids).

It is read into the pipeline Hugging Face's fast CLIP tokenizer uses (transformers'
CLIPConverter): NFC, runs of whitespace as one space, lowercase; CLIP's pattern splits the text
and drops the spaces; byte-level BPE with ``</w>``; ``<|startoftext|>`` … ``<|endoftext|>``
added around. OpenAI's own code cleans the text with ftfy and unescapes HTML entities first;
that repair is not done here (a note says so), so text with mojibake or entities can differ."""

from __future__ import annotations

import gzip
import io
import zlib
from pathlib import Path

from bpelens.core.messages import Message

from ..errors import TokenizerFileError
from ..pipeline.tokenizer import Tokenizer
from ..text.byte_level import bytes_to_unicode, table_order
from .file_io import read_file

GZIP_MAGIC = b"\x1f\x8b"
CLIP_MERGES = 49152 - 256 - 2  # the merges CLIP keeps (simple_tokenizer.py)
MOST_TEXT = 64 << 20  # the vocabulary unpacked is 1.6 MB; a bigger one is not CLIP's
START, END = "<|startoftext|>", "<|endoftext|>"
PATTERN = (r"""<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|[\p{L}]+|[\p{N}]|"""
           r"""[^\s\p{L}\p{N}]+""")


def looks_like_clip_vocab(path: Path, head: bytes) -> bool:
    """Gzip whose text opens with the version line (``…#version: 0.2``)."""
    if head[:2] != GZIP_MAGIC:
        return False
    try:
        opened = zlib.decompressobj(wbits=47).decompress(head, 256)
    except zlib.error:
        return False
    first = opened.split(b"\n", 1)[0]
    return b"#version" in first


def load_clip_vocab(path: Path) -> Tokenizer:
    from .hf_json import tokenizer_from_hf

    lines = _text(path).rstrip("\n").split("\n")
    merges = []
    for number, line in enumerate(lines[1 : CLIP_MERGES + 1], start=2):
        pair = line.split()
        if len(pair) != 2:
            raise TokenizerFileError(str(path), Message(
                "line {number}: {line!r} is not a merge (two symbols and a space)",
                number=number, line=line[:40]))
        merges.append(f"{pair[0]} {pair[1]}")
    if len(merges) < CLIP_MERGES:
        raise TokenizerFileError(str(path), Message(
            "holds {found:,} merges; CLIP's vocabulary takes the first {needed:,}",
            found=len(merges), needed=CLIP_MERGES))
    # CLIP lists the byte symbols in GPT-2's table order (each byte's id is its place there,
    # not its value).
    table = bytes_to_unicode()
    symbols = [table[b] for b in table_order()]
    vocab = [*symbols, *(s + "</w>" for s in symbols), *(m.replace(" ", "") for m in merges),
             START, END]
    ids = {token: tid for tid, token in enumerate(vocab)}
    if len(ids) != len(vocab):
        raise TokenizerFileError(str(path), "two merges make the same token")
    document = {
        "added_tokens": [
            {"id": ids[token], "content": token, "single_word": False, "lstrip": False,
             "rstrip": False, "normalized": True, "special": True} for token in (START, END)],
        "normalizer": {"type": "Sequence", "normalizers": [
            {"type": "NFC"}, {"type": "Replace", "pattern": {"Regex": r"\s+"}, "content": " "},
            {"type": "Lowercase"}]},
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": PATTERN}, "behavior": "Removed",
             "invert": True},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
             "use_regex": True}]},
        "post_processor": {"type": "RobertaProcessing", "sep": [END, ids[END]],
                           "cls": [START, ids[START]], "trim_offsets": False,
                           "add_prefix_space": False},
        # transformers decodes byte-level, then writes each end of word as a space.
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
             "use_regex": True},
            {"type": "Replace", "pattern": {"String": "</w>"}, "content": " "}]},
        "model": {"type": "BPE", "dropout": None, "unk_token": END,
                  "continuing_subword_prefix": "", "end_of_word_suffix": "</w>",
                  "fuse_unk": False, "byte_fallback": False, "vocab": ids, "merges": merges},
    }
    tokenizer = tokenizer_from_hf(document, path=str(path))
    tokenizer.name = path.name.removesuffix(".gz").removesuffix(".txt")
    tokenizer.load_notes.append(Message(
        "read as Hugging Face's fast CLIP tokenizer reads it (NFC, whitespace, lowercase); "
        "OpenAI's ftfy repair and HTML unescaping are not done"))
    return tokenizer


def _text(path: Path) -> str:
    data = read_file(path)
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
            text = unpacked.read(MOST_TEXT + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise TokenizerFileError(str(path), Message("is not whole gzip data ({reason})",
                                                    reason=str(exc)[:80])) from None
    if len(text) > MOST_TEXT:
        raise TokenizerFileError(str(path), Message(
            "unpacks to more than {most:,} bytes; CLIP's vocabulary is 1.6 MB", most=MOST_TEXT))
    try:
        return text.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TokenizerFileError(str(path), Message("not UTF-8 at byte {at} once unpacked",
                                                    at=exc.start)) from None

