"""tiktoken's BPE: the id of a token is its rank, and merging goes by the rank of the *joined
bytes* — any two adjacent parts whose concatenation is a token may merge, lowest rank first,
leftmost on ties. A piece that is itself a token is looked up whole before any merging.

(Hugging Face's BPE instead ranks *pairs* of ids; the two agree only when every token has
exactly one pair that builds it.)
"""

from __future__ import annotations

import contextlib
import itertools
from array import array
from collections.abc import Mapping, Sequence
from functools import cached_property
from heapq import heapify, heappop, heappush
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..fast import disk_cache
from ..fast.short_steps import joined, mapped, mapped_array
from .base import TokenKind, TokenModel
from .merges import MergeRule, MergeStep
from .rank_merge import NO_RANK, VECTOR_PIECE

# Above this many bytes the heap over a linked list beats rescanning a list of ranks (the
# rank of joined bytes costs a slice per lookup: the crossover is later than rank_merge's).
HEAP_FROM_BYTES = 256
# A piece this long builds the join table (~0.6 s the first time on a machine, then read
# from the disk cache) to merge in rounds; a table already built is used from VECTOR_PIECE,
# one in the disk cache is loaded (~10 ms) from VECTOR_PIECE_LOAD (a 16 KB piece: 22 ms with
# the heap, 10 ms loading the table and merging in rounds).
VECTOR_PIECE_BUILD = 1 << 15
VECTOR_PIECE_LOAD = 1 << 13
# Pieces to merge at once before the vectorized merge pays for building its table (~0.2 s
# for o200k), and once it is built.
BULK_FIRST = 15_000
BULK_AGAIN = 1_000
# Disk cache kinds: the pair table (saved without its empty slots; "tiktoken-pairs" held it
# whole, which earlier versions still read), and whether merging finds every token.
_PAIRS_KIND = "tiktoken-pair-table"
_WHOLE_KIND = "tiktoken-whole"


class TiktokenModel(TokenModel):
    level = "byte"

    def __init__(self, ranks: Mapping[bytes, int], *, name: str = "") -> None:
        self.encoder: dict[bytes, int] = dict(ranks)
        self.name = name
        missing = [b for b in range(256) if bytes([b]) not in self.encoder]
        if missing:
            raise ConfigError(
                Message("a tiktoken vocabulary needs all 256 single bytes; missing "
                        "{missing_count}, e.g. byte 0x{missing:02X}", missing_count=len(missing),
                        missing=missing[0])
            )
        self._built: dict[int, MergeRule | None] = {}
        # Set by the file loader: the SHA-256 of the file, under which the pair table may be
        # cached on disk.
        self.cache_digest: str | None = None
        self._pair_table: Any = None
        self._merge_finds_tokens: bool | None = None

    @cached_property
    def token_bytes(self) -> list[bytes | None]:  # type: ignore[override]
        size = self._size
        if size == len(self.encoder) and list(self.encoder.values()) == list(range(size)):
            return list(self.encoder)  # listed by rank, as rank files are: no loop
        table: list[bytes | None] = [None] * size
        for data, rank in self.encoder.items():
            table[rank] = data
        return table

    @property
    def merge_count(self) -> int:
        return len(self.encoder) - 256

    def describe(self) -> str:
        return Message("byte-level BPE (tiktoken ranks), {tokens} tokens",
                       tokens=len(self.encoder))

    def kind(self, token_id: int) -> TokenKind:
        data = self.token_bytes[token_id]
        return "byte" if data is not None and len(data) == 1 else "merged"

    def merge_rank(self, token_id: int) -> int | None:
        # A rank file ranks the joined bytes themselves, so the token's rank is its id — also
        # for a token no pair of tokens builds (its own bytes merge into something else).
        data = self.token_bytes[token_id] if 0 <= token_id < len(self.token_bytes) else None
        return token_id if data is not None and len(data) > 1 else None

    # -- encoding ---------------------------------------------------------------------------
    def encode_piece(self, piece: str) -> list[int]:
        data = piece.encode("utf-8")
        rank = self.encoder.get(data)
        if rank is not None:
            return [rank]
        if len(data) > HEAP_FROM_BYTES:
            return self._merge_long(data)
        return self._merge_short(data)

    def merges_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        # Every token's bytes merged at once by the vectorized merge: o200k's 200k tokens in
        # well under a second, where merging them one by one in Python takes seconds.
        import numpy as np

        table = self.token_bytes
        datas = [table[t] or b"" if 0 <= t < len(table) else b"" for t in token_ids]
        sizes = np.fromiter(map(len, datas), dtype=np.int64, count=len(datas))
        merged = self.pair_table().merge_flat(self._byte_symbols(b"".join(datas)), sizes)
        return [ids or None for ids in merged]

    def joins(self, token_id: int) -> list[tuple[int, int]]:
        data = self.token_bytes[token_id] if 0 <= token_id < len(self.token_bytes) else None
        if not data:
            return []
        get = self.encoder.get
        out = []
        for k in range(1, len(data)):
            left, right = get(data[:k]), get(data[k:])
            if left is not None and right is not None:
                out.append((left, right))
        return out

    def encode_pieces(self, pieces: list[str]) -> list[list[int]]:
        """``[encode_piece(p) for p in pieces]``; many pieces are merged together by the
        vectorized merge (bulk_bpe), on a table of every pair of tokens that joins into one."""
        if len(pieces) < self._bulk_enough():
            return list(map(self.encode_piece, pieces))
        from ..fast.bulk_bpe import split_lists

        return split_lists(*self.encode_pieces_arrays(pieces))

    def encode_pieces_arrays(self, pieces: list[str]) -> tuple[Any, Any, Any]:
        """:meth:`encode_pieces` as numpy arrays ``(pool, starts, lens)``: the ids of piece
        ``i`` are ``pool[starts[i] : starts[i] + lens[i]]``."""
        import numpy as np

        if len(pieces) < self._bulk_enough():
            lists = list(map(self.encode_piece, pieces))
            lens = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
            pool = np.fromiter(itertools.chain.from_iterable(lists), dtype=np.int64,
                               count=int(lens.sum()))
            return pool, np.cumsum(lens) - lens, lens
        if self.merge_finds_tokens():
            # No piece is looked up first (the merge of a token's bytes is that token).
            from ..fast.bulk_bpe import pieces_bytes

            data, sizes = pieces_bytes(pieces)
            return self.pair_table().merge_flat_arrays(self._byte_symbols(data), sizes)
        datas = mapped(str.encode, pieces)  # UTF-8
        n = len(datas)
        whole = mapped_array(self.encoder.get, datas, np.int64, -1)
        sizes = mapped_array(len, datas, np.int64)
        todo = whole < 0
        # The pieces to merge, shortest first (the order the merge works in: it then reads
        # them in place), every byte as the id of its single-byte token.
        by_len = np.flatnonzero(todo)
        by_len = by_len[np.argsort(sizes[by_len], kind="stable")]
        data = joined(mapped(datas.__getitem__, by_len.tolist()))
        merged, merged_starts, counts = self.pair_table().merge_flat_arrays(
            self._byte_symbols(data), sizes[by_len])
        # A piece that is a token is that one id, put after the merged ones.
        tokens = np.flatnonzero(~todo)
        starts = np.empty(n, dtype=np.int64)
        starts[by_len] = merged_starts
        starts[tokens] = merged.size + np.arange(tokens.size)
        lens = np.ones(n, dtype=np.int64)
        lens[by_len] = counts
        return np.concatenate((merged, whole[tokens])), starts, lens

    def prepare_bulk(self) -> None:
        self.pair_table()
        self.merge_finds_tokens()

    def merges_rebuild_every_token(self) -> bool:
        return self.merge_finds_tokens()

    def merge_finds_tokens(self) -> bool:
        """Whether merging the bytes of every token gives that token back: then merging a
        piece gives what tiktoken gives, which looks a piece that is a token up before
        merging, and the bulk path skips that lookup. True of every tiktoken vocabulary
        seen (r50k to o200k); checked once per file with the vectorized merge (0.2-0.4 s)
        and kept in the disk cache. Without a file to key the cache by, pieces are looked up
        as tiktoken does."""
        if self._merge_finds_tokens is None:
            digest = self.cache_digest
            known = disk_cache.load(_WHOLE_KIND, digest) if digest else None
            if isinstance(known, bool):
                self._merge_finds_tokens = known
            elif digest is None:
                self._merge_finds_tokens = False
            else:
                self._merge_finds_tokens = self._tokens_merge_to_themselves()
                disk_cache.store(_WHOLE_KIND, digest, self._merge_finds_tokens)
        return self._merge_finds_tokens

    def _tokens_merge_to_themselves(self) -> bool:
        import numpy as np

        table = self.token_bytes
        ids = [rank for rank, data in enumerate(table) if data]
        datas = list(map(table.__getitem__, ids))
        sizes = np.fromiter(map(len, datas), dtype=np.int64, count=len(datas))
        pool, starts, counts = self.pair_table().merge_flat_arrays(
            self._byte_symbols(b"".join(datas)), sizes)  # type: ignore[arg-type]
        return bool(np.all(counts == 1)) and np.array_equal(pool[starts], ids)

    def _bulk_enough(self) -> int:
        return BULK_FIRST if self._pair_table is None else BULK_AGAIN

    @cached_property
    def _byte_ids(self) -> Any:
        import numpy as np

        ids = [self.encoder[bytes([b])] for b in range(256)]
        return np.array(ids, dtype=np.int32 if max(ids) < 1 << 31 else np.int64)

    @cached_property
    def _byte_table(self) -> bytes | None:
        """``bytes.translate`` table byte → id of its token, when every such id is below 256
        (tiktoken's files: the 256 single bytes rank first)."""
        ids = self._byte_ids.tolist()
        return bytes(ids) if max(ids) < 256 else None

    def _byte_symbols(self, data: bytes) -> Any:
        """The id of each byte's token, as an integer array (one byte each when they fit:
        translated in C, and a quarter of the memory for the merge to read)."""
        import numpy as np

        if self._byte_table is not None:
            return np.frombuffer(data.translate(self._byte_table), dtype=np.uint8)
        return self._byte_ids[np.frombuffer(data, dtype=np.uint8)]

    def pair_table(self) -> Any:
        """bulk_bpe.PairTable of the join rules: (left id, right id) → rank of their bytes."""
        if self._pair_table is None and self._saved_pair_table() is None:
            from ..fast.bulk_bpe import PairTable

            table = PairTable.from_arrays(*self.join_pair_arrays(), range(self._size),
                                          self.pair_shift)
            if self.cache_digest:
                disk_cache.store(_PAIRS_KIND, self.cache_digest, table.to_state())
            self._use_pair_table(table)
        return self._pair_table

    def _saved_pair_table(self) -> Any:
        """The pair table, if built already or kept in the disk cache (then loaded, in
        milliseconds); None when it would have to be built."""
        if self._pair_table is None and self.cache_digest:
            from ..fast.bulk_bpe import PairTable

            state = disk_cache.load(_PAIRS_KIND, self.cache_digest)
            if isinstance(state, dict):
                # A damaged or foreign entry: built again instead.
                with contextlib.suppress(KeyError, TypeError, ValueError, IndexError):
                    self._use_pair_table(PairTable.from_state(state, range(self._size)))
        return self._pair_table

    def _use_pair_table(self, table: Any) -> None:
        # Merging a partly merged piece on from its bytes ends where the rules would; the
        # rules dict (~50 MB for o200k) is then never needed.
        table.finish = self._finish_merge
        table.forget_rules()
        self._pair_table = table

    @cached_property
    def _size(self) -> int:
        """Ranks 0 … size - 1 (an id past the largest rank is no token)."""
        return max(self.encoder.values(), default=-1) + 1

    def _finish_merge(self, ids: list[int]) -> list[int]:
        table = self.token_bytes
        data = b"".join([table[i] for i in ids])  # type: ignore[misc]
        return self._merge_heap(data) if len(data) > HEAP_FROM_BYTES else self._merge_short(data)

    @property
    def pair_shift(self) -> int:
        return max(1, self._size.bit_length())

    def join_pair_arrays(self) -> tuple[Any, Any]:
        """Every way a token splits into two tokens, as int64 arrays of the keys
        ``left << shift | right`` and of the rank of the joined bytes (each key once: its
        two halves give the joined bytes). Built in C arrays: a dict of o200k's 446k pairs
        would take ~50 MB more at its peak."""
        import numpy as np

        get = self.encoder.get
        shift = self.pair_shift
        keys, ranks = array("q"), array("q")
        for data, rank in self.encoder.items():
            for k in range(1, len(data)):
                left = get(data[:k])
                if left is not None:
                    right = get(data[k:])
                    if right is not None:
                        keys.append(left << shift | right)
                        ranks.append(rank)
        return np.frombuffer(keys, dtype=np.int64), np.frombuffer(ranks, dtype=np.int64)

    def _merge_short(self, data: bytes) -> list[int]:
        get = self.encoder.get
        bounds = list(range(len(data) + 1))
        pair_ranks = [get(data[i : i + 2], NO_RANK) for i in range(len(data) - 1)]
        while len(pair_ranks) > 0:
            best = min(pair_ranks)
            if best == NO_RANK:
                break
            i = pair_ranks.index(best)  # leftmost of the lowest rank
            del bounds[i + 1]
            del pair_ranks[i]
            if i:
                pair_ranks[i - 1] = get(data[bounds[i - 1] : bounds[i + 1]], NO_RANK)
            if i < len(pair_ranks):
                pair_ranks[i] = get(data[bounds[i] : bounds[i + 2]], NO_RANK)
        encoder = self.encoder
        return [encoder[data[a:b]] for a, b in itertools.pairwise(bounds)]

    def _merge_long(self, data: bytes) -> list[int]:
        # Thousands of bytes: rounds over the whole piece (the join table is built once, and
        # kept on disk); below, the heap.
        if len(data) >= VECTOR_PIECE_BUILD or (
                self._pair_table is not None and len(data) >= VECTOR_PIECE) or (
                len(data) >= VECTOR_PIECE_LOAD and self._saved_pair_table() is not None):
            table = self.pair_table()
            if table.can_merge_long:
                return table.merge_long(self._byte_symbols(data))
        return self._merge_heap(data)

    def _merge_heap(self, data: bytes) -> list[int]:
        # Parts as a linked list of byte offsets; heap entries (rank, start) go stale when a
        # neighbour merges, and are skipped when the bytes they name no longer form a pair.
        get = self.encoder.get
        n = len(data)
        nxt = list(range(1, n + 1))
        prv = list(range(-1, n - 1))
        alive = [True] * (n + 1)
        heap = [(r, i) for i in range(n - 1) if (r := get(data[i : i + 2], NO_RANK)) != NO_RANK]
        heapify(heap)
        while heap:
            rank, i = heappop(heap)
            if not alive[i]:
                continue
            j = nxt[i]
            if j >= n:
                continue
            k = nxt[j]
            if get(data[i:k]) != rank:
                continue
            alive[j] = False
            nxt[i] = k
            if k < n:
                prv[k] = i
                r = get(data[i : nxt[k]])
                if r is not None:
                    heappush(heap, (r, i))
            p = prv[i]
            if p >= 0:
                r = get(data[p:k])
                if r is not None:
                    heappush(heap, (r, p))
        encoder = self.encoder
        out = []
        i = 0
        while i < n:
            out.append(encoder[data[i : nxt[i]]])
            i = nxt[i]
        return out

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        """The merges that build the piece from its bytes, in order.

        When the piece is itself a token, tiktoken looks it up whole and the final ids are
        that one token, whatever the merges would have given.
        """
        data = piece.encode("utf-8")
        initial, merged, steps = self._trace(data)
        whole = self.encoder.get(data)
        return initial, [whole] if whole is not None else merged, steps

    def trace_merges(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        return self._trace(piece.encode("utf-8"))

    def _trace(self, data: bytes) -> tuple[list[int], list[int], list[MergeStep]]:
        get = self.encoder.get
        bounds = list(range(len(data) + 1))
        initial = [self.encoder[data[i : i + 1]] for i in range(len(data))]
        steps: list[MergeStep] = []
        while len(bounds) > 2:
            best, best_i = NO_RANK, -1
            for i in range(len(bounds) - 2):
                r = get(data[bounds[i] : bounds[i + 2]], NO_RANK)
                if r < best:
                    best, best_i = r, i
            if best_i < 0:
                break
            a, m, b = bounds[best_i], bounds[best_i + 1], bounds[best_i + 2]
            steps.append(MergeStep(best_i, self.encoder[data[a:m]], self.encoder[data[m:b]],
                                   best, best, a, b))
            del bounds[best_i + 1]
        final = [self.encoder[data[a:b]] for a, b in itertools.pairwise(bounds)]
        return initial, final, steps

    def pair_merge(self, left_id: int, right_id: int) -> MergeRule | None:
        table = self.token_bytes
        left, right = table[left_id], table[right_id]
        rank = None if left is None or right is None else self.encoder.get(left + right)
        return None if rank is None else MergeRule(rank, left_id, right_id, rank)

    after_merges = Message("tiktoken looks the whole piece up in its ranks before merging and "
                    "finds it as one token")
    # tiktoken returns a piece that is itself a token without merging (the merges mostly
    # reach the same token; a playback says which happened).
    looks_up_whole_piece = True

    def built_by(self, token_id: int) -> MergeRule | None:
        """The last merge when BPE runs on the token's own bytes (derived on demand)."""
        if token_id not in self._built:
            data = self.token_bytes[token_id] if 0 <= token_id < self.vocab_size else None
            found = None
            if data is not None and len(data) > 1:
                _, final, steps = self._trace(data)
                if final == [token_id] and steps:
                    last = steps[-1]
                    found = last.rule
            self._built[token_id] = found
        return self._built[token_id]
