"""The table a Unigram lattice is walked with (SentencePiece's and Hugging Face's): every
piece a path may use → its id, every other prefix of a piece → NOT_A_PIECE, so that the walk
from one start stops at the first string no piece begins with (the job of the libraries'
tries; character prefixes find the same pieces, as every piece is whole UTF-8).

Building it walks every piece's prefixes in Python (0.3–0.5 s for 262k multi-word pieces);
the proper prefixes alone (:func:`proper_prefixes`) are what a disk cache keeps, since the
table is then rebuilt from them and the pieces with C-level dict operations only."""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping

NOT_A_PIECE = -1  # a prefix of a piece that is no piece a path may use


def proper_prefixes(pieces: Iterable[str]) -> dict[str, int]:
    """Every proper, non-empty prefix of the pieces → NOT_A_PIECE (some may be pieces too)."""
    prefix: dict[str, int] = {}
    for piece in pieces:
        for end in range(len(piece) - 1, 0, -1):
            head = piece[:end]
            if head in prefix:
                break  # whoever added it added its shorter prefixes too
            prefix[head] = NOT_A_PIECE
    return prefix


def prefix_table(ids: Mapping[str, int], unusable: Container[int] = (), *,
                 heads: Iterable[str] | None = None) -> dict[str, int]:
    """``ids``: piece → id; pieces whose id is in ``unusable`` are only prefixes. The empty
    piece is left out (no lattice node is empty). ``heads``: the pieces' proper prefixes
    (what :func:`proper_prefixes` gave for the same pieces, e.g. read back from a cache)."""
    prefix = proper_prefixes(ids) if heads is None else dict.fromkeys(heads, NOT_A_PIECE)
    return with_pieces(prefix, ids, unusable)


def with_pieces(prefix: dict[str, int], ids: Mapping[str, int],
                unusable: Container[int] = ()) -> dict[str, int]:
    """:func:`prefix_table` from the pieces' proper prefixes (``prefix``, completed in
    place and returned)."""
    prefix.update(ids)
    prefix.pop("", None)
    if unusable:
        for piece, tid in ids.items():
            if tid in unusable and piece:
                prefix[piece] = NOT_A_PIECE
    return prefix
