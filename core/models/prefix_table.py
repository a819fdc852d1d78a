"""The table a Unigram lattice is walked with (SentencePiece's and Hugging Face's): every
piece a path may use → its id, every other prefix of a piece → NOT_A_PIECE, so that the walk
from one start stops at the first string no piece begins with (the job of the libraries'
tries; character prefixes find the same pieces, as every piece is whole UTF-8).

Building it walks every piece's prefixes in Python (0.3–0.5 s for 262k multi-word pieces);
the proper prefixes alone (:func:`proper_prefixes`) are what a disk cache keeps, since the
table is then rebuilt from them and the pieces with C-level dict operations only."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Container, Iterable, Mapping

NOT_A_PIECE = -1  # a prefix of a piece that is no piece a path may use
# A model walks its sorted pieces (a binary search per candidate) for this many characters of
# text, then builds the table of every prefix (a dict lookup per candidate; 838k entries for
# 262k pieces, a fraction of a second): typing and short texts never need the table.
SORTED_WALK_CHARS = 4096
# Before those, the pieces' own dict, trying every length up to the longest piece (126
# characters in a 262k model): a few milliseconds for a line, no sort to open a model.
PLAIN_WALK_CHARS = 256


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
    costs one sort (a tenth of a second for 262k pieces); a lookup costs a binary search, so
    a model walks with it until it has text enough to be worth the table."""

    __slots__ = ("_count", "_ids", "_keys")

    def __init__(self, ids: Mapping[str, int], unusable: Container[int] = ()) -> None:
        """``ids``, ``unusable``: as :func:`prefix_table`."""
        self._build(list(ids), list(ids.values()), unusable)

    @classmethod
    def of_lists(cls, pieces: list[str], values: list[int],
                 unusable: Container[int] = ()) -> SortedPieces:
        """As ``SortedPieces(dict(zip(pieces, values)), unusable)`` for distinct pieces,
        without the dict."""
        table = cls.__new__(cls)
        table._build(pieces, values, unusable)
        return table

    def _build(self, pieces: list[str], values: list[int], unusable: Container[int]) -> None:
        if unusable:
            values = [NOT_A_PIECE if tid in unusable else tid for tid in values]
        order = sorted(range(len(pieces)), key=pieces.__getitem__)
        keys = list(map(pieces.__getitem__, order))
        if keys and keys[0] == "":
            # No lattice node is empty (prefix_table leaves the empty piece out).
            del keys[0]
            order = order[1:]
        self._keys = keys
        self._ids = list(map(values.__getitem__, order))
        self._count = len(keys)

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
    """A Unigram model's walk lookups, in three stages by the characters walked so far:

    * the first PLAIN_WALK_CHARS: the pieces' own dict, every length up to the longest
      piece tried (:meth:`_plain_lookup`; nothing to build: opening a model and encoding a
      line costs no sort);
    * then up to SORTED_WALK_CHARS: the sorted pieces (:meth:`_build_sorted`, one sort),
      which stop at the first string no piece begins with;
    * then the table of every prefix (``prefixes``, :meth:`_build_prefixes`), a fraction of
      a second for 262k pieces.

    Each is built on first need, whole, then assigned: a thread walking meanwhile uses an
    earlier stage, which answers alike (a lookup gives an id, NOT_A_PIECE, or None past the
    pieces that start with the string: a walk from one start stops at None, and the plain
    stage says None only past the longest piece). The model calls :meth:`_walk_sorted_first`
    once built."""

    _sorted_pieces: SortedPieces | None
    _prefix: dict[str, int] | None
    _plain_chars_left: int
    _sorted_chars_left: int

    def _walk_sorted_first(self) -> None:
        self._plain: Callable[[str], int | None] | None = None
        self._sorted_pieces = None
        self._prefix = None
        self._plain_chars_left = PLAIN_WALK_CHARS
        self._sorted_chars_left = SORTED_WALK_CHARS

    def _build_sorted(self) -> SortedPieces:
        raise NotImplementedError

    def _plain_lookup(self) -> Callable[[str], int | None]:
        raise NotImplementedError

    def _build_prefixes(self) -> dict[str, int]:
        raise NotImplementedError

    @property
    def sorted_pieces(self) -> SortedPieces:
        pieces = self._sorted_pieces
        if pieces is None:
            pieces = self._sorted_pieces = self._build_sorted()
        return pieces

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
        # A long text (a corpus) will walk past the earlier stages' share: the table now.
        self.prefixes  # noqa: B018

    def _lookup(self, size: int) -> Callable[[str], int | None]:
        """What a walk over ``size`` characters looks its candidates up with."""
        table = self._prefix
        if table is not None:
            return table.get
        # (A race only moves the moment the next stage is built.)
        if size <= self._plain_chars_left:
            self._plain_chars_left -= size
            plain = self._plain
            if plain is None:
                plain = self._plain = self._plain_lookup()
            return plain
        if size < self._sorted_chars_left:
            self._sorted_chars_left -= size
            return self.sorted_pieces.get
        return self.prefixes.get


def bounded_lookup(ids: Callable[[str, int], int], unusable: Container[int],
                   reach: int) -> Callable[[str], int | None]:
    """A walk lookup from a piece → id ``get`` (called with NOT_A_PIECE as its default):
    the id of a piece whose id is not ``unusable``, NOT_A_PIECE for any other string of up
    to ``reach`` characters (the longest piece), None past it."""

    def lookup(text: str) -> int | None:
        if len(text) > reach:
            return None
        tid = ids(text, NOT_A_PIECE)
        return NOT_A_PIECE if tid in unusable else tid

    return lookup
