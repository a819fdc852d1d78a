"""Big answers written as they are made, from a ``TokenTable``'s columns.

``json.dumps(encoding_dict(...))`` needs an object per token and then one string holding the
whole answer (~150 bytes a token: 400 MB for 10 MB of text). This writes the very same text —
same keys, order, separators and escaping — a few thousand tokens at a time, so memory stays
that of the columns.
"""

from __future__ import annotations

from collections.abc import Iterable
from json.encoder import encode_basestring  # what json.dumps(ensure_ascii=False) uses
from typing import TextIO

from bpelens.core import TokenTable

from .json_output import model_text_differs, warnings_of
from .text_input import NotUtf8

# Tokens per write: big enough that the loop's overhead vanishes, small enough to stay in
# cache and keep a reader (| head) served promptly.
CHUNK = 4096
# Distinct tokens whose escaped id, bytes and text are kept for reuse (~300 bytes each): a
# bound, so memory never grows with the text, only up to this.
MAX_HEADS = 50_000


def write_ids_json(out: TextIO, ids: list[int]) -> None:
    """``{"ids": [...]}`` and a newline."""
    out.write('{"ids": [')
    _write_ids(out, ids)
    out.write("]}\n")


def write_table_json(out: TextIO, table: TokenTable, not_utf8: NotUtf8 | None = None) -> None:
    """What ``json.dumps(encoding_dict(tokenizer, encoding), ensure_ascii=False)`` prints for
    the same text, and a newline."""
    out.write('{"ids": [')
    _write_ids(out, table.ids)
    out.write('], "tokens": [')
    _write_tokens(out, table)
    out.write("]")
    if model_text_differs(table.text, table.model_text, table.replaced_surrogates):
        out.write(', "normalized_text": ')
        out.write(encode_basestring(table.model_text))
    warnings = warnings_of(table, not_utf8=not_utf8)
    if warnings:
        out.write(', "warnings": [' + ", ".join(map(encode_basestring, warnings)) + "]")
    out.write("}\n")


def _write_ids(out: TextIO, ids: list[int]) -> None:
    for start in range(0, len(ids), CHUNK):
        if start:
            out.write(", ")
        out.write(", ".join(map(str, ids[start : start + CHUNK])))


_ROW = ('%s"byte_start": %d, "byte_end": %d, "char_start": %d, "char_end": %d, '
        '"partial": %s, "kind": %s}')
_FLAG = ("false", "true")


def _write_tokens(out: TextIO, table: TokenTable) -> None:
    data = table.model_text.encode("utf-8")
    # A token's id, bytes, text and kind repeat across the text: each distinct one is escaped
    # once (the kind depends on the id and on whether an added token put it there).
    heads: dict[object, tuple[str, str]] = {}
    kind = table.kind
    fast = table.fast
    n = len(table.ids)
    for start in range(0, n, CHUNK):
        stop = min(n, start + CHUNK)
        rows: list[tuple[str, int, int, int, int, str, str]] = []
        append = rows.append
        for i, tid, b0, b1, c0, c1, partial, special in zip(
                range(start, stop), *_columns(table, start, stop), strict=True):
            # From the fast path a token covers exactly its own bytes: its id says them.
            key = (tid << 1 | special) if fast else (tid, data[b0:b1], special)
            cached = heads.get(key)
            if cached is None:
                if len(heads) >= MAX_HEADS:
                    heads.clear()
                chunk = data[b0:b1]
                cached = heads[key] = (
                    f'{{"id": {tid}, "bytes": "{chunk.hex()}", "text": '
                    f'{encode_basestring(chunk.decode("utf-8", "backslashreplace"))}, ',
                    encode_basestring(kind(i)))
            append((cached[0], b0, b1, c0, c1, _FLAG[partial], cached[1]))
        if start:
            out.write(", ")
        out.write(", ".join(map(_ROW.__mod__, rows)))


def _columns(table: TokenTable, start: int, stop: int) -> Iterable[list]:
    return (table.ids[start:stop], table.byte_starts[start:stop], table.byte_ends[start:stop],
            table.char_starts[start:stop], table.char_ends[start:stop],
            table.partial[start:stop], table.from_special[start:stop])
