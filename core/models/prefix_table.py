"""The table a Unigram lattice is walked with (SentencePiece's and Hugging Face's): every
piece a path may use → its id, every other prefix of a piece → NOT_A_PIECE, so that the walk
from one start stops at the first string no piece begins with (the job of the libraries'
tries; character prefixes find the same pieces, as every piece is whole UTF-8)."""

from __future__ import annotations

from collections.abc import Container, Mapping

NOT_A_PIECE = -1  # a prefix of a piece that is no piece a path may use


def prefix_table(ids: Mapping[str, int], unusable: Container[int] = ()) -> dict[str, int]:
    """``ids``: piece → id; pieces whose id is in ``unusable`` are only prefixes. The empty
    piece is left out (no lattice node is empty)."""
    prefix: dict[str, int] = {}
    for piece in ids:
        for end in range(len(piece) - 1, 0, -1):
            head = piece[:end]
            if head in prefix:
                break  # whoever added it added its shorter prefixes too
            prefix[head] = NOT_A_PIECE
    for piece, tid in ids.items():
        if piece:
            prefix[piece] = NOT_A_PIECE if tid in unusable else tid
    return prefix
