"""A GGUF file's tokenizer keys, read with ggml's own reader (the ``gguf`` package) and
checked: the vocabulary, its token types and scores or merges, the special ids and flags,
the chat templates. Tensors are never read: a model file of many gigabytes is opened as
fast as its key–value header (the reader maps the file; nothing past the header is
touched).

The reader is wrapped at a few points only, so that bad files get one line naming the key
and what is wrong: a count larger than what is left of the file is refused before the
reader loops over it, and a value the file ends inside of is refused (the reader would
slice it short without a word); the tensor index is not parsed (a
tokenizer needs none of it, and a truncated model file still has an intact tokenizer); and
the reader's own errors are said with the last key it read.
"""

from __future__ import annotations

import struct
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from bpelens.core.messages import Message

from ..errors import TokenizerFileError

# The largest real vocabularies have ~262k tokens; ids are laid out densely up to 2²¹.
MAX_TOKENS = 1 << 21
WHAT_IT_IS = "a GGUF file holds a tokenizer in its tokenizer.ggml.* keys"

# Key names, as gguf-py's constants spell them (Keys.Tokenizer).
MODEL = "tokenizer.ggml.model"
PRE = "tokenizer.ggml.pre"
TOKENS = "tokenizer.ggml.tokens"
TOKEN_TYPE = "tokenizer.ggml.token_type"
SCORES = "tokenizer.ggml.scores"
MERGES = "tokenizer.ggml.merges"
CHARSMAP = "tokenizer.ggml.precompiled_charsmap"
CHAT_TEMPLATE = "tokenizer.chat_template"
CHAT_TEMPLATES = "tokenizer.chat_templates"
ID_KEYS = {
    "bos": "tokenizer.ggml.bos_token_id", "eos": "tokenizer.ggml.eos_token_id",
    "eot": "tokenizer.ggml.eot_token_id", "eom": "tokenizer.ggml.eom_token_id",
    "unk": "tokenizer.ggml.unknown_token_id", "sep": "tokenizer.ggml.seperator_token_id",
    "pad": "tokenizer.ggml.padding_token_id", "cls": "tokenizer.ggml.cls_token_id",
    "mask": "tokenizer.ggml.mask_token_id",
    "fim_pre": "tokenizer.ggml.fim_pre_token_id", "fim_suf": "tokenizer.ggml.fim_suf_token_id",
    "fim_mid": "tokenizer.ggml.fim_mid_token_id", "fim_pad": "tokenizer.ggml.fim_pad_token_id",
    "fim_rep": "tokenizer.ggml.fim_rep_token_id", "fim_sep": "tokenizer.ggml.fim_sep_token_id",
}
FLAG_KEYS = {
    "add_bos": "tokenizer.ggml.add_bos_token", "add_eos": "tokenizer.ggml.add_eos_token",
    "add_sep": "tokenizer.ggml.add_sep_token", "add_space_prefix":
    "tokenizer.ggml.add_space_prefix", "remove_extra_whitespaces":
    "tokenizer.ggml.remove_extra_whitespaces",
}


@dataclass(frozen=True)
class GgufVocab:
    """What a GGUF file says about its tokenizer, checked."""

    path: str
    model: str  # tokenizer.ggml.model: llama, gpt2, bert, t5, …
    pre: str | None  # tokenizer.ggml.pre, when present
    tokens: list[str]
    types: list[int] | None  # TokenType per id (1 normal … 6 byte)
    scores: list[float] | None
    merges: list[str] | None  # "left right"
    charsmap: bytes | None
    ids: dict[str, int]  # bos, eos, unk, … as the file gives them
    flags: dict[str, bool]  # add_bos, add_eos, add_space_prefix, …
    chat_templates: dict[str, str]  # "default" and named ones
    architecture: str | None
    name: str | None
    tensor_count: int
    header_bytes: int  # where the key–value header ends
    other_keys: dict[str, Any] = field(default_factory=dict)


def _fail(path: Path, problem: str | Message, key: str | None = None) -> TokenizerFileError:
    # The messages name the key themselves ("tokenizer.ggml.tokens[7] is …").
    return TokenizerFileError(str(path), problem)


def _reader_class():
    from gguf.constants import GGUFValueType
    from gguf.gguf_reader import GGUFReader

    sizes = {int(t): np.dtype(n).itemsize for t, n in GGUFReader.gguf_scalar_to_np.items()}
    array_type = int(GGUFValueType.ARRAY)
    string_type = int(GGUFValueType.STRING)
    scalars = {int(t): n for t, n in GGUFReader.gguf_scalar_to_np.items()}
    string_array = [GGUFValueType.ARRAY, GGUFValueType.STRING]

    class CheckedReader(GGUFReader):
        """ggml's reader, with counts checked against the file and no tensor index."""

        last_key = "(the header)"
        reading: str | None = None  # the key whose value is being read
        _depth = 0
        _last_string = b""

        def _get_str(self, offset: int):
            length, text = super()._get_str(offset)
            self._last_string = text
            return length, text

        @property  # the reader's memmap as a plain array: slicing one is ~4× cheaper
        def data(self):
            return self._plain

        @data.setter
        def data(self, value):
            self._plain = value.view(np.ndarray)

        def _left(self, offset: int) -> int:
            return len(self._plain) - offset

        def _get(self, offset, dtype, count=1, override_order=None):
            # The reader slices past the end of the file without a word (a short or empty
            # array): every value must be there whole.
            values = super()._get(offset, dtype, count, override_order)
            if len(values) < int(count):
                raise _Refused(Message("the file ends at byte {size:,}, inside a value",
                                       size=len(self._plain)))
            return values

        def _get_field_parts(self, orig_offs: int, raw_type: int):
            if not self._depth:  # a key's value: its key was the string just read
                self.reading = bytes(self._last_string).decode("utf-8", "replace")[:80]
            if raw_type == array_type:
                item_type = self._get(orig_offs, np.uint32)
                count = self._get(orig_offs + 4, np.uint64)
                if len(item_type) and len(count):
                    # A string takes 8 bytes at least, a scalar its size: more items than
                    # that fits in the rest of the file is a corrupt count.
                    smallest = sizes.get(int(item_type[0]), 8)
                    room = max(0, self._left(orig_offs + 12)) // smallest
                    if int(count[0]) > room:
                        raise _Refused(Message(
                            "an array of {count:,} items, but the rest of the file holds at "
                            "most {room:,}", count=int(count[0]), room=room))
                    if (int(item_type[0]) == string_type and self.byte_order == "I"
                            and sys.byteorder == "little"):
                        return self._strings(orig_offs, item_type, count)
                    scalar = scalars.get(int(item_type[0]))
                    if scalar is not None:  # one view of the whole array, not one per item
                        values = self._get(orig_offs + 12, scalar, int(count[0]))
                        return (12 + int(values.nbytes), [item_type, count, values], [2],
                                [GGUFValueType.ARRAY, GGUFValueType(int(item_type[0]))])
            self._depth += 1
            try:
                return super()._get_field_parts(orig_offs, raw_type)
            finally:
                self._depth -= 1

        def _strings(self, orig_offs: int, item_type, count):
            """An array of strings as the reader lays it out (parts: item type, count, then
            each string's length and bytes), read in one pass over the bytes: the reader
            makes two numpy views per string, 6 s of a 150,000-token header."""
            view = memoryview(self._plain)
            end = len(view)
            offs = orig_offs + 12
            parts: list[Any] = [item_type, count]
            idxs: list[int] = []
            add_part, add_index, unpack = parts.append, idxs.append, struct.Struct("<Q").unpack_from
            for _ in range(int(count[0])):
                if offs + 8 > end:
                    raise _Refused(Message("the file ends at byte {size:,}, inside a value",
                                           size=end))
                length = unpack(view, offs)[0]
                start = offs + 8
                offs = start + length
                if offs > end:  # before a byte of it is copied
                    raise _Refused(Message("a string of {length:,} bytes runs past the end "
                                           "of the file", length=length))
                add_part((length,))
                add_index(len(parts))
                add_part(bytes(view[start:offs]))
            return offs - orig_offs, parts, idxs, list(string_array)

        def _build_fields(self, offs: int, count: int) -> int:
            if int(count) > max(0, self._left(offs)) // 13:  # key length, key, type, value
                raise _Refused(Message("{count:,} keys, more than the file can hold",
                                       count=int(count)))
            return super()._build_fields(offs, count)

        def _push_field(self, reader_field, skip_sum: bool = False) -> int:
            self.last_key = reader_field.name
            return super()._push_field(reader_field, skip_sum)

        def _build_tensor_info(self, offs: int, count: int):
            return offs, []  # tensors are never read

        def _build_tensors(self, start_offs: int, fields) -> None:
            self.tensors = []

    return CheckedReader


class _Refused(Exception):
    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


def read_gguf_vocab(path: str | Path) -> GgufVocab:
    """The tokenizer keys of the GGUF file at ``path``; from the disk cache when this file's
    header was read before (ggml's reader takes seconds for a large vocabulary)."""
    path = Path(path)
    cached = _cached(path)
    if cached is not None:
        return cached
    vocab = _read(path)
    _store(path, vocab)
    return vocab


# -- the disk cache: an entry per file (path, size, time), checked against the header's bytes
def _file_key(path: Path) -> str | None:
    from ..fast import disk_cache

    try:
        info = path.stat()
    except OSError:
        return None
    return disk_cache.content_digest(
        f"{path.resolve()}|{info.st_size}|{info.st_mtime_ns}|{info.st_ino}".encode())


def header_digest(path: Path, size: int) -> str | None:
    """The SHA-256 of the file's first ``size`` bytes (its header; less if it is shorter)."""
    import hashlib

    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            left = size
            while left > 0:
                chunk = handle.read(min(left, 1 << 20))
                if not chunk:
                    break
                digest.update(chunk)
                left -= len(chunk)
    except OSError:
        return None
    return digest.hexdigest()


def _cached(path: Path) -> GgufVocab | None:
    from dataclasses import fields as dataclass_fields

    from ..fast import disk_cache

    key = _file_key(path)
    stored = disk_cache.load("gguf", key) if key else None
    if not isinstance(stored, dict):
        return None
    try:
        if header_digest(path, stored["header_bytes"]) != stored["header_sha256"]:
            return None  # the same name, size and time, other bytes: read it again
        values = {f.name: stored[f.name] for f in dataclass_fields(GgufVocab)}
        return GgufVocab(**{**values, "path": str(path)})
    except (KeyError, TypeError):
        return None


def _store(path: Path, vocab: GgufVocab) -> None:
    from dataclasses import fields

    from ..fast import disk_cache

    key = _file_key(path)
    header = header_digest(path, vocab.header_bytes)
    if key and header:
        # Its fields as they are (asdict copies every list item by item: 3 s for qwen2).
        entry = {f.name: getattr(vocab, f.name) for f in fields(vocab)}
        disk_cache.store("gguf", key, {**entry, "header_sha256": header})


def _read(path: Path) -> GgufVocab:
    reader_class = _reader_class()
    reader = None
    try:
        reader = reader_class.__new__(reader_class)
        reader.__init__(path)
    except _Refused as exc:
        raise _fail(path, Message("{where}: {problem}; the file is truncated or "
                                  "corrupt", where=_last_key(reader), problem=exc.message),
                    ) from None
    except OSError as exc:
        raise _fail(path, Message("cannot read ({strerror})", strerror=exc.strerror)) from None
    except (ValueError, IndexError, KeyError, TypeError, OverflowError, UnicodeDecodeError,
            struct.error) as exc:
        if str(exc) == "GGUF magic invalid":
            raise _fail(path, Message("not a GGUF file (it does not start with GGUF); "
                                      "{what_it_is}", what_it_is=WHAT_IT_IS)) from None
        if "version" in str(exc):
            raise _fail(path, Message("GGUF version {detail}; BPE Lens reads versions 2 and 3",
                                      detail=str(exc).split("version ")[-1].split(" ")[0]),
                        "GGUF.version") from None
        raise _fail(path, Message("{where}: the file ends too early or a value "
                                  "has the wrong type ({detail}); the file is truncated or "
                                  "corrupt", where=_last_key(reader), detail=_short(exc)),
                    ) from None
    return _vocab(path, reader)


def _last_key(reader: Any) -> str:
    """Where the reader was: in a key's value, or after the last key it read whole."""
    reading = getattr(reader, "reading", None)
    last = getattr(reader, "last_key", "(the header)")
    if reading and reading != last:
        return Message("key {key}", key=reading)
    return Message("the key after {key}", key=last)


def _short(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:80]


def _vocab(path: Path, reader: Any) -> GgufVocab:
    from gguf.constants import GGUFValueType as T

    fields = reader.fields
    tensor_count = int(fields["GGUF.tensor_count"].parts[0][0])

    def typed(key: str, *types: Any) -> Any:
        entry = fields.get(key)
        if entry is None:
            return None
        if entry.types[0] not in types:
            raise _fail(path, Message("{key} is a {found}, not a {wanted}", key=key,
                                      found=entry.types[0].name.lower(),
                                      wanted=" or ".join(t.name.lower() for t in types)), key)
        return entry

    def string(key: str) -> str | None:
        entry = typed(key, T.STRING)
        return None if entry is None else _string(path, key, entry.parts, len(entry.parts) - 1)

    def array(key: str, *items: Any) -> Any:
        entry = typed(key, T.ARRAY)
        if entry is None:
            return None
        count = int(entry.parts[1][0])
        item = entry.types[1] if len(entry.types) > 1 else None
        if count and item not in items:
            raise _fail(path, Message("{key} is an array of {found}, not of {wanted}", key=key,
                                      found=item.name.lower() if item else "nothing",
                                      wanted=" or ".join(t.name.lower() for t in items)), key)
        return entry

    model = string(MODEL)
    if model is None:
        what = (Message("it holds {count:,} tensors and no tokenizer", count=tensor_count)
                if tensor_count else Message("it has no tokenizer keys"))
        raise _fail(path, Message("no {key}: {what} ({what_it_is})", key=MODEL, what=what,
                                  what_it_is=WHAT_IT_IS), MODEL)
    token_field = array(TOKENS, T.STRING)
    if token_field is None:
        raise _fail(path, Message("no {key}: the vocabulary is missing", key=TOKENS), TOKENS)
    count = len(token_field.data)
    if not count or count > MAX_TOKENS:
        raise _fail(path, Message("{count:,} tokens; BPE Lens opens vocabularies of 1 to "
                                  "{most:,}", count=count, most=MAX_TOKENS), TOKENS)
    tokens = [_string(path, f"{TOKENS}[{i}]", token_field.parts, j)
              for i, j in enumerate(token_field.data)]

    def numbers(key: str, *items: Any) -> list | None:
        entry = array(key, *items)
        if entry is None:
            return None
        values = (np.concatenate([entry.parts[j] for j in entry.data]).tolist()
                  if entry.data else [])
        if len(values) != count:
            raise _fail(path, Message("{key} has {found:,} entries for {count:,} tokens",
                                      key=key, found=len(values), count=count), key)
        return values

    types = numbers(TOKEN_TYPE, T.INT32, T.UINT32, T.INT8, T.UINT8, T.INT16, T.UINT16)
    if types is not None:
        bad = next((i for i, t in enumerate(types) if not 1 <= t <= 6), None)
        if bad is not None:
            raise _fail(path, Message("{key}[{index}] is {value}; token types are 1 normal, 2 "
                                      "unknown, 3 control, 4 user-defined, 5 unused, 6 byte",
                                      key=TOKEN_TYPE, index=bad, value=types[bad]),
                        f"{TOKEN_TYPE}[{bad}]")
    scores = numbers(SCORES, T.FLOAT32, T.FLOAT64)
    merge_field = array(MERGES, T.STRING)
    merges = None if merge_field is None else [
        _string(path, f"{MERGES}[{i}]", merge_field.parts, j)
        for i, j in enumerate(merge_field.data)]
    charsmap_field = array(CHARSMAP, T.UINT8, T.INT8)
    charsmap = None if charsmap_field is None else b"".join(
        bytes(charsmap_field.parts[j]) for j in charsmap_field.data)

    ids: dict[str, int] = {}
    for name, key in ID_KEYS.items():
        entry = typed(key, T.UINT32, T.INT32, T.UINT64, T.INT64)
        if entry is None:
            continue
        value = int(entry.parts[-1][0])
        if value == -1 or value == 0xFFFFFFFF:  # "none", as llama.cpp writes it
            continue
        if not 0 <= value < count:
            raise _fail(path, Message("{key} is {value:,}, not a token id (0–{last:,})",
                                      key=key, value=value, last=count - 1), key)
        ids[name] = value
    flags = {}
    for name, key in FLAG_KEYS.items():
        entry = typed(key, T.BOOL)
        if entry is not None:
            flags[name] = bool(entry.parts[-1][0])

    templates: dict[str, str] = {}
    default = string(CHAT_TEMPLATE)
    if default is not None:
        templates["default"] = default
    names = array(CHAT_TEMPLATES, T.STRING)
    for j in names.data if names is not None else ():
        name = _string(path, CHAT_TEMPLATES, names.parts, j)
        text = string(f"{CHAT_TEMPLATE}.{name}")
        if text is not None:
            templates[name] = text
    return GgufVocab(
        path=str(path), model=model, pre=string(PRE), tokens=tokens, types=types,
        scores=scores, merges=merges, charsmap=charsmap, ids=ids, flags=flags,
        chat_templates=templates, architecture=string("general.architecture"),
        name=string("general.name"), tensor_count=tensor_count,
        # (a vocabulary-only file ends before the aligned start of its absent tensor data)
        header_bytes=min(int(reader.data_offset), len(reader.data)))


def _string(path: Path, key: str, parts: list, index: int) -> str:
    """The string at ``parts[index]``, whose declared length is ``parts[index - 1]``: the
    reader cuts a string that runs past the end of the file short, silently."""
    data = bytes(parts[index])
    if len(data) != int(parts[index - 1][0]):
        raise _fail(path, Message("{key}: a string of {length:,} bytes runs past the end of "
                                  "the file; the file is truncated or corrupt", key=key,
                                  length=int(parts[index - 1][0])), key)
    return _utf8(path, key, data)


def _utf8(path: Path, key: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(path, Message("{key} is not UTF-8 text (byte {position})", key=key,
                                  position=exc.start), key) from None
