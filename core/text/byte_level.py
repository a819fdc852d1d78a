"""The GPT-2 map between the 256 byte values and 256 printable characters (Ġ for space, Ċ for \\n).

Byte-level vocabularies are written with these characters in `vocab.json`, `merges.txt` and
`tokenizer.json`, so that every token, even half a UTF-8 character, is a printable string.
"""

from __future__ import annotations

from functools import cache


@cache
def table_order() -> tuple[int, ...]:
    """The byte values in the order GPT-2's code lists them: the 188 printable Latin-1 bytes,
    then the other 68 (CLIP numbers its byte symbols in this order)."""
    keep = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
            *range(ord("®"), ord("ÿ") + 1)]
    kept = set(keep)
    return (*keep, *(b for b in range(256) if b not in kept))


@cache
def bytes_to_unicode() -> tuple[str, ...]:
    """Printable character for each byte value: ``bytes_to_unicode()[0x20] == "Ġ"``.

    Bytes that are already printable Latin-1 keep their own character; the other 68 are
    shifted to U+0100 onwards, in byte order.
    """
    kept = set(table_order()[:188])
    table: list[str] = []
    shifted = 0
    for b in range(256):
        if b in kept:
            table.append(chr(b))
        else:
            table.append(chr(256 + shifted))
            shifted += 1
    return tuple(table)


@cache
def unicode_to_bytes() -> dict[str, int]:
    """Inverse of :func:`bytes_to_unicode`: ``unicode_to_bytes()["Ġ"] == 0x20``."""
    return {ch: b for b, ch in enumerate(bytes_to_unicode())}


def bytes_to_printable(data: bytes) -> str:
    """``b" hi"`` → ``"Ġhi"``."""
    # Each byte a character of Latin-1, each mapped by str.translate (C speed: the audit
    # labels 200k tokens).
    return data.decode("latin-1").translate(bytes_to_unicode())


def printable_to_bytes(text: str) -> bytes:
    """``"Ġhi"`` → ``b" hi"``; raises ``KeyError`` naming the first character outside the map."""
    inverse = unicode_to_bytes()
    return bytes(inverse[ch] for ch in text)


def hf_byte_order() -> list[int]:
    """Byte values ordered as Hugging Face's trainer numbers them: by the mapped character.

    HF's BpeTrainer sorts its initial alphabet by code point, and the alphabet of a byte-level
    tokenizer is the 256 mapped characters, so byte 0x21 ('!') gets id 0 and 0x00 ('Ā') id 188.
    """
    table = bytes_to_unicode()
    return sorted(range(256), key=lambda b: table[b])
