"""A pair index whose ties go to the largest (left text, right text), as parity-aware BPE
breaks them (the Python reference takes ``max(stats, key=(count, pair))``; HF's
``ParityBpeTrainer`` reproduces that with string keys).

The classic index orders its heap by ints that put the smallest (left id, right id) first.
Here each entry is ``(-count, key(left), key(right), int key)``, where a token's key is its
text with every character c written as 3 bytes of 0xFFFFFE − c and 0xFFFFFF at the end: the
keys then sort in the reverse order of the texts (a text sorts above its own prefixes, whose
key ends earlier with the larger 0xFFFFFF), so the heap's smallest entry is the largest count,
then the largest left text, then the largest right text.
"""

from __future__ import annotations

import heapq

import numpy as np

from ..models.bpe import BPEModel
from ..text.byte_level import bytes_to_printable
from .pair_index import PairIndex

_END = b"\xff\xff\xff"


def tie_key(text: str) -> bytes:
    """Bytes that sort in the reverse order of ``text``."""
    return b"".join((0xFFFFFE - ord(c)).to_bytes(3, "big") for c in text) + _END


def token_text(model: BPEModel, token_id: int) -> str:
    """The text parity-aware BPE compares a token by: byte-level tokens as GPT-2's printable
    characters (HF's ByteLevel alphabet), character-level tokens as their text."""
    data = model.token_bytes[token_id]
    if model.level == "byte":
        return bytes_to_printable(data)
    return data.decode("utf-8", "backslashreplace")


class StringTieIndex(PairIndex):
    """:class:`PairIndex` with parity-aware BPE's tie rule; ``keys[id]`` is :func:`tie_key`
    of token ``id``'s text, a list the trainer extends as it makes tokens."""

    def __init__(self, words: list[str], counts: list[int], shift: int, base_size: int,
                 keys: list[bytes]) -> None:
        self.keys = keys
        super().__init__(words, counts, shift, base_size)

    def _priorities(self, keys: np.ndarray, counts: np.ndarray) -> list:  # type: ignore[override]
        tie, shift, mask = self.keys, self.shift, self.mask
        return [(-c, tie[k >> shift], tie[k & mask], k)
                for k, c in zip(keys.tolist(), counts.tolist(), strict=True)]

    def push(self, pair: str, count: int) -> None:
        left, right = ord(pair[0]), ord(pair[1])
        tie = self.keys
        heapq.heappush(self.heap, (-count, tie[left], tie[right], left << self.shift | right))

    def pop(self) -> tuple[int, str]:
        count, _, _, key = heapq.heappop(self.heap)
        return -count, chr(key >> self.shift) + chr(key & self.mask)

    def peek_count(self) -> int:
        return -self.heap[0][0]


class LengthIndex(PairIndex):
    """A pair index kept only to merge pieces and count what merging removes (a dev set's
    token totals): it never chooses a pair, so it keeps no heap."""

    def _priorities(self, keys: np.ndarray, counts: np.ndarray) -> list[int]:
        return []

    def push(self, pair: str, count: int) -> None:
        return None
