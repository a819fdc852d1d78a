"""The table a Unigram lattice is walked with (SentencePiece's and Hugging Face's): every
piece a path may use → its id, every other prefix of a piece → NOT_A_PIECE, so that the walk
from one start stops at the first string no piece begins with (the job of the libraries'
tries; character prefixes find the same pieces, as every piece is whole UTF-8).

Building it walks every piece's prefixes in Python (0.3–0.5 s for 262k multi-word pieces);
the proper prefixes alone (:func:`proper_prefixes`) are what a disk cache keeps, since the
table is then rebuilt from them and the pieces with C-level dict operations only."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Container, Iterable, Mapping
from operator import lt

NOT_A_PIECE = -1  # a prefix of a piece that is no piece a path may use
# A model walks its sorted pieces (a binary search per candidate) for this many characters of
# text, then builds the table of every prefix (a dict lookup per candidate; 838k entries for
# 262k pieces, a fraction of a second): typing and short texts never need the table.
SORTED_WALK_CHARS = 4096


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


class SortedPieces:
    """What :func:`prefix_table` answers, from the pieces sorted instead of a table of every
    prefix: the pieces that start with a string follow it in sorted order, so the first piece
    not below it starts with it exactly when some piece does (``bisect``, in C). Building it
    costs one sort (nothing, given the order kept in a cache); a lookup costs a binary search,
    so a model walks with it until it has text enough to be worth the table."""

    __slots__ = ("_count", "_ids", "_keys", "order")

    def __init__(self, ids: Mapping[str, int], unusable: Container[int] = (),
                 order: list[int] | None = None) -> None:
        """``ids``, ``unusable``: as :func:`prefix_table`; ``order``: :meth:`sort_order` of
        the same pieces (read back from a cache), checked here (ValueError if it is not)."""
        self._build(list(ids), list(ids.values()), unusable, order)

    @classmethod
    def of_lists(cls, pieces: list[str], values: list[int], unusable: Container[int] = (),
                 order: list[int] | None = None) -> SortedPieces:
        """As ``SortedPieces(dict(zip(pieces, values)), unusable, order)`` for distinct
        pieces, without the dict (hashing 262k pieces read back from a cache: 40 ms)."""
        table = cls.__new__(cls)
        table._build(pieces, values, unusable, order)
        return table

    def _build(self, pieces: list[str], values: list[int], unusable: Container[int],
               order: list[int] | None) -> None:
        if unusable:
            values = [NOT_A_PIECE if tid in unusable else tid for tid in values]
        if order is None:
            order = sorted(range(len(pieces)), key=pieces.__getitem__)
        elif len(order) != len(pieces) or (order and not 0 <= min(order) <= max(order)
                                           < len(pieces)):
            raise ValueError("not the order of these pieces")
        keys = list(map(pieces.__getitem__, order))
        # Strictly increasing: sorted, and (the pieces being distinct) a permutation.
        if not all(map(lt, keys, keys[1:])):  # operator.lt: a third faster than str.__lt__
            raise ValueError("not the order of these pieces")
        self.order = order  # what a cache keeps
        if keys and keys[0] == "":
            # No lattice node is empty (prefix_table leaves the empty piece out).
            del keys[0]
            order = order[1:]
        self._keys = keys
        self._ids = list(map(values.__getitem__, order))
        self._count = len(keys)

    @staticmethod
    def sort_order(ids: Mapping[str, int] | list[str]) -> list[int]:
        """The pieces' positions in ``ids`` (or a list of them), in sorted order."""
        pieces = ids if isinstance(ids, list) else list(ids)
        return sorted(range(len(pieces)), key=pieces.__getitem__)

    def get(self, text: str) -> int | None:
        """``prefix_table(ids, unusable).get(text)`` for a non-empty ``text``."""
        at = bisect_left(self._keys, text)
        if at < self._count:
            key = self._keys[at]
            if key == text:
                return self._ids[at]
            if key.startswith(text):
                return NOT_A_PIECE
        return None


class SortedThenTable:
    """A Unigram model's walk lookups: its sorted pieces (``_sorted``) for the first
    SORTED_WALK_CHARS characters walked, then the table of every prefix (``prefixes``),
    built on first need by :meth:`_build_prefixes` (a fraction of a second for 262k pieces),
    whole, then assigned: a thread walking meanwhile uses the sorted pieces, which answer
    alike. The model sets the three attributes with :meth:`_walk_sorted_first`."""

    _sorted: SortedPieces
    _prefix: dict[str, int] | None
    _sorted_chars_left: int

    def _walk_sorted_first(self, pieces: SortedPieces) -> None:
        self._sorted = pieces
        self._prefix = None
        self._sorted_chars_left = SORTED_WALK_CHARS

    def _build_prefixes(self) -> dict[str, int]:
        raise NotImplementedError

    @property
    def prefixes(self) -> dict[str, int]:
        """Every piece a path may use → its id, every other prefix of a piece →
        NOT_A_PIECE: the walk from one start stops at the first string no piece begins
        with."""
        table = self._prefix
        if table is None:
            table = self._prefix = self._build_prefixes()
        return table

    def prepare_bulk(self) -> None:
        # A long text (a corpus) will walk past the sorted pieces' share: the table now.
        self.prefixes  # noqa: B018

    def _lookup(self, size: int):
        """What a walk over ``size`` characters looks its candidates up with."""
        table = self._prefix
        if table is not None:
            return table.get
        if size < self._sorted_chars_left:
            self._sorted_chars_left -= size  # a race only moves when the table is built
            return self._sorted.get
        return self.prefixes.get
