"""Vectorized merge by rank (core/fast/bulk_bpe.py): every piece exactly as ``merge_by_rank``."""

from __future__ import annotations

import base64
from contextlib import contextmanager
from functools import lru_cache
from unittest import mock

import numpy as np
import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bpelens.core.fast import bulk_bpe
from bpelens.core.fast.bulk_bpe import PairTable, merge_many
from bpelens.core.models.rank_merge import merge_by_rank
from bpelens.core.pipeline.pre_tokenizers.base import O200K_PATTERN

from conftest import SHARED_DATA, needs_shared_data


def reference(pieces, ranks, new_ids, shift):
    return [merge_by_rank(list(p), ranks, new_ids, shift) for p in pieces]


@contextmanager
def tuned(tail_rows: int, block_cells: int, join_room: float = 0.9, pack_busy: float = 0.3):
    """Force the numpy path down to the last row (tail 0), and a small matrix; ``join_room``
    0: pieces join at every packing; ``pack_busy`` 1: pack after every round."""
    with (
        mock.patch.object(bulk_bpe, "_TAIL_ROWS", tail_rows),
        mock.patch.object(bulk_bpe, "_BLOCK_CELLS", block_cells),
        mock.patch.object(bulk_bpe, "_JOIN_ROOM", join_room),
        mock.patch.object(bulk_bpe, "_PACK_BUSY", pack_busy),
    ):
        yield


# -- hand-made cases -------------------------------------------------------------------------


def test_priority_not_left_to_right():
    # a=0 b=1 c=2 d=3; rules b+c (rank 0 -> 4), a+b (rank 1 -> 5), c+d (rank 2 -> 6).
    shift = 4
    ranks = {1 << shift | 2: 0, 0 << shift | 1: 1, 2 << shift | 3: 2}
    new_ids = [4, 5, 6]
    pieces = [[0, 1, 2, 3], [0, 1], [], [3], [0, 1, 2, 3] * 5]
    with tuned(0, 16):
        assert merge_many(pieces, ranks, new_ids, shift) == reference(pieces, ranks, new_ids, shift)
    assert merge_many(pieces, ranks, new_ids, shift)[0] == [0, 4, 3]


def test_new_pair_ranked_like_a_waiting_pair():
    # After 0+1 -> 4, the new pair 4+2 ties rank 1 with the waiting 2+3 and is left of it, so
    # it goes first: [5, 3], not [4, 5]. (Nothing ranked 1 may merge in the first round.)
    shift = 4
    ranks = {0 << shift | 1: 0, 4 << shift | 2: 1, 2 << shift | 3: 1}
    new_ids = [4, 5]
    pieces = [[0, 1, 2, 3]] * 3 + [[0, 1, 2, 3, 0, 1, 2, 3]]
    with tuned(0, 1 << 17):
        assert merge_many(pieces, ranks, new_ids, shift) == [[5, 3]] * 3 + [[5, 3, 5, 3]]


def test_pair_ranked_at_the_bound_waits():
    # 2+3 (rank 3) makes 6, and 6+2 also ranks 3: after the first 2+3, the new 6+2 is left of
    # the second 2+3 and takes its 2. Both 2+3 in one round would give [5, 6, 6].
    shift = 4
    ranks = {0 << shift | 1: 0, 2 << shift | 3: 3, 6 << shift | 2: 3, 5 << shift | 0: 10}
    new_ids = [5, 0, 0, 6, 0, 0, 0, 0, 0, 0, 7]
    pieces = [[0, 1, 2, 3, 2, 3]] * 3
    with tuned(0, 1 << 17):
        assert merge_many(pieces, ranks, new_ids, shift) == [[5, 6, 3]] * 3


def test_runs_of_one_symbol():
    shift = 3
    ranks = {0 << shift | 0: 0, 1 << shift | 1: 1, 2 << shift | 2: 2, 1 << shift | 0: 3}
    new_ids = [1, 2, 3, 4]  # a+a=aa, aa+aa=aaaa, ...; aa+a=x
    pieces = [[0] * n for n in range(0, 70)]
    for tail, cells in ((0, 1 << 17), (0, 40), (8, 1 << 17)):
        with tuned(tail, cells):
            assert merge_many(pieces, ranks, new_ids, shift) == reference(
                pieces, ranks, new_ids, shift
            )


def test_table_reused_and_empty_inputs():
    ranks = {1 << 5 | 2: 0}
    table = PairTable(ranks, [7], 5)
    assert table.merge_many([]) == []
    assert table.merge_many([[1, 2], [2, 1], [1, 2, 1, 2]]) == [[7], [2, 1], [7, 7]]
    assert table.merge_many([[1, 2, 2]]) == [[7, 2]]
    assert PairTable({}, [], 5).merge_many([[1, 2, 3], []]) == [[1, 2, 3], []]
    assert table.lookup([1 << 5 | 2, 2 << 5 | 1, -5]).tolist() == [0, table.inf, table.inf]


def test_ids_beyond_int64_keys_fall_back():
    shift = 8
    huge = 1 << 60  # huge << shift does not fit in int64: merged by merge_by_rank
    ranks = {1 << shift | 2: 0, huge << shift | 1: 1}
    new_ids = [3, 4]
    pieces = [[1, 2, 1, 2], [huge, 1, 2], [-1, 1, 2], [1 << 70, 1, 2]]
    assert merge_many(pieces, ranks, new_ids, shift) == reference(pieces, ranks, new_ids, shift)
    # A produced id that cannot be shifted: the whole table works in Python.
    table = PairTable({1 << shift | 2: 0}, [huge], shift)
    assert table.python_only
    assert table.merge_many([[1, 2, 1]]) == [[huge, 1]]


def test_ids_wider_than_shift_still_exact():
    # Ids past 2**shift make keys overlap; merging stays exactly merge_by_rank's (no bounds).
    shift = 2
    ranks = {5 << shift | 6: 0, 1 << shift | 2: 1, 7 << shift | 9: 2}
    new_ids = [9, 7, 11]
    pieces = [[5, 6, 1, 2, 5, 6, 9, 1, 2], [1, 2] * 9]
    with tuned(0, 64):
        assert merge_many(pieces, ranks, new_ids, shift) == reference(pieces, ranks, new_ids, shift)


def test_rank_beyond_int32():
    # A rank past int32 can never be applied (new_ids would need 2**32 entries), but it can be
    # present until a lower merge takes one of its symbols.
    shift = 4
    ranks = {1 << shift | 2: 7, 2 << shift | 3: 5_000_000_000}
    new_ids = [0] * 7 + [5]
    table = PairTable(ranks, new_ids, shift)
    assert table.rank_dtype == "int64"
    pieces = [[1, 2, 3], [1, 2, 3, 1, 2, 3], [3, 1, 2, 3, 3]]
    with tuned(0, 64):
        assert table.merge_many(pieces) == reference(pieces, ranks, new_ids, shift)
    with pytest.raises(IndexError):
        merge_by_rank([2, 3], ranks, new_ids, shift)
    with pytest.raises(IndexError), tuned(0, 64):
        table.merge_many([[2, 3]])


def test_single_ids_out_of_range_are_kept():
    # A one-id piece has nothing to merge, whatever its id (-1 is not a hole here).
    shift = 4
    ranks = {1 << shift | 2: 0}
    table = PairTable(ranks, [3], shift)
    pieces = [[-1], [1 << 62], [1, 2], [-1, 1, 2], []]
    assert table.merge_many(pieces) == [[-1], [1 << 62], [3], [-1, 3], []]
    flat = np.array([-1, 1 << 62, 1, 2, -1, 1, 2], dtype=np.int64)
    lens = np.array([1, 1, 2, 3, 0])
    assert table.merge_flat(flat, lens) == [[-1], [1 << 62], [3], [-1, 3], []]


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.uint64, np.int64])
def test_flat_input_of_any_integer_type(dtype):
    shift = 4
    ranks = {1 << shift | 2: 0, 3 << shift | 3: 1}
    table = PairTable(ranks, [3, 4], shift)
    flat = np.array([1, 2, 1, 2, 2, 3, 1, 2, 1], dtype=dtype)
    lens = np.array([2, 3, 2, 2])
    expected = reference([[1, 2], [1, 2, 2], [3, 1], [2, 1]], ranks, [3, 4], shift)
    assert table.merge_flat(flat, lens) == expected


def test_keys_too_wide_to_pack_with_their_rank():
    # Keys of 2 x 30 bits leave no room for the rank in one int64: two arrays are probed.
    shift = 30
    big = (1 << 29) + 5
    ranks = {big << shift | 7: 0, 7 << shift | big: 1, 9 << shift | 9: 2}
    new_ids = [9, big, 11] + [0] * 1021  # ranks up to 2**10: 59 + 11 bits
    table = PairTable(ranks, new_ids, shift)
    pieces = [[big, 7, big, 7], [7, big, 7], [big, 7, 7, big] * 3]
    with tuned(0, 64):
        assert table.merge_many(pieces) == reference(pieces, ranks, new_ids, shift)
    assert table._packed is None


@pytest.mark.parametrize("height", [1, 3, 40])
@pytest.mark.parametrize("stop", [7, 1 << 40, (1 << 62) - 1])
def test_row_minima_first_lowest_of_each_column(height, stop):
    rng = np.random.default_rng(height)
    dtype = np.int32 if stop < 1 << 31 else np.int64
    ranks = rng.integers(0, min(stop, 5) + 1, size=(height, 50)).astype(dtype)
    ranks[:, 0] = stop
    best, first = bulk_bpe._row_minima(ranks, stop)
    assert best.tolist() == ranks.min(axis=0).tolist()
    assert first.tolist() == ranks.argmin(axis=0).tolist()


def test_gc_paused_promotes_without_freezing():
    import gc

    from bpelens.core.fast.gc_pause import gc_paused

    # (A GUI test in this process turns the automatic collector off: app/gui/gui_gc.py.)
    was_enabled = gc.isenabled()
    gc.enable()
    try:
        _check_gc_paused_promotes(gc, gc_paused)
    finally:
        if not was_enabled:
            gc.disable()


def _check_gc_paused_promotes(gc, gc_paused) -> None:
    gc.collect()
    with gc_paused(promote=True):
        made = [[i] for i in range(10_000)]
        assert not gc.isenabled()
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert gc.get_count()[0] < 1000  # no young-generation scan of them waiting
    assert gc.is_tracked(made[0])
    # Objects frozen by someone else stay frozen (no promotion then).
    made = []
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused(promote=True):
            made.extend([i] for i in range(100))
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


# -- random tables and pieces ----------------------------------------------------------------


@st.composite
def tables(draw):
    n_ids = draw(st.integers(1, 8))  # ids in the pieces: offset .. offset + n_ids - 1
    extra = draw(st.integers(0, 5))  # ids only merges make
    # Ids past 255 skip the dense table of small pairs; shift 2 or 3: ids overlap in keys.
    offset, shift = draw(st.sampled_from([(0, 2), (0, 4), (0, 5), (0, 7), (1000, 3), (1000, 11)]))
    n_ranks = draw(st.integers(0, 14))
    symbol = st.integers(offset, offset + n_ids + extra)
    # Produced ids: often ids that already exist, sometimes new ones.
    new_ids = draw(st.lists(symbol, min_size=n_ranks, max_size=n_ranks))
    ranks = {}
    if n_ranks:
        # Several pairs may share a rank (ties between different pairs).
        rank = st.integers(0, n_ranks - 1)
        for (a, b), r in draw(st.lists(st.tuples(st.tuples(symbol, symbol), rank), max_size=30)):
            ranks[a << shift | b] = r
    return range(offset, offset + n_ids), ranks, new_ids, shift


@st.composite
def pieces_for(draw, ids: range):
    symbol = st.sampled_from(ids)
    short = st.lists(symbol, max_size=12)
    run = st.builds(lambda a, n: [a] * n, symbol, st.integers(0, 40))
    repeated = st.builds(
        lambda p, n: p * n, st.lists(symbol, min_size=1, max_size=4), st.integers(1, 30)
    )
    long = st.lists(symbol, min_size=100, max_size=300)
    piece = st.one_of(short, short, run, repeated, long)
    return draw(st.lists(piece, max_size=25))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_merge_many_equals_merge_by_rank(data):
    ids, ranks, new_ids, shift = data.draw(tables())
    pieces = data.draw(pieces_for(ids))
    expected = reference(pieces, ranks, new_ids, shift)
    tail, cells = data.draw(st.sampled_from([(0, 1 << 17), (0, 64), (1, 200), (8, 1 << 17)]))
    join_room, pack_busy = data.draw(st.sampled_from([(0.9, 0.3), (0.0, 0.3), (0.5, 1.0)]))
    with tuned(tail, cells, join_room, pack_busy):
        assert merge_many(pieces, ranks, new_ids, shift) == expected
        flat = np.array([i for p in pieces for i in p] or [], dtype=object)
        if all(-(1 << 63) <= i < 1 << 63 for i in flat.tolist()):
            table = PairTable(ranks, new_ids, shift)
            lens = np.array([len(p) for p in pieces], dtype=np.int64)
            assert table.merge_flat(flat.astype(np.int64), lens) == expected
            pool, starts, counts = table.merge_flat_arrays(flat.astype(np.int64), lens)
            assert [pool[a : a + n].tolist() for a, n in zip(starts, counts, strict=True)] == (
                expected
            )
    assert [list(p) for p in pieces] == pieces  # inputs untouched


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_table_from_key_and_rank_arrays_merges_the_same(data):
    import numpy as np

    ids, ranks, new_ids, shift = data.draw(tables())
    pieces = data.draw(pieces_for(ids))
    keys = np.fromiter(ranks.keys(), dtype=object, count=len(ranks))
    if any(not 0 <= k < 1 << 63 for k in keys.tolist()):
        return  # keys past int64 can only be given as a dict
    table = PairTable.from_arrays(keys.astype(np.int64), np.array(list(ranks.values()),
                                  dtype=np.int64), new_ids, shift)
    table.forget_rules()  # rebuilt from the hash table when the Python finish needs them
    with tuned(1, 200):
        assert table.merge_many(pieces) == reference(pieces, ranks, new_ids, shift)
    assert dict(table.ranks) == {k: v for k, v in ranks.items() if k >= 0}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_table_restored_from_its_state_merges_the_same(data):
    import marshal

    ids, ranks, new_ids, shift = data.draw(tables())
    pieces = data.draw(pieces_for(ids))
    state = marshal.loads(marshal.dumps(PairTable(ranks, new_ids, shift).to_state()))
    restored = PairTable.from_state(state, new_ids)
    with tuned(1, 200):  # numpy rounds and the Python finish (which needs the rules dict)
        assert restored.merge_many(pieces) == reference(pieces, ranks, new_ids, shift)


# -- one long piece in rounds (merge_long) -----------------------------------------------------


@st.composite
def long_pieces_for(draw, ids: range):
    symbol = st.sampled_from(ids)
    run = st.builds(lambda a, n: [a] * n, symbol, st.integers(2, 400))
    repeated = st.builds(lambda p, n: p * n, st.lists(symbol, min_size=1, max_size=5),
                         st.integers(1, 120))
    mixed = st.lists(symbol, min_size=2, max_size=600)
    parts = draw(st.lists(st.one_of(run, repeated, mixed), min_size=1, max_size=4))
    return [i for part in parts for i in part]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_merge_long_equals_merge_by_rank(data):
    ids, ranks, new_ids, shift = data.draw(tables())
    piece = data.draw(long_pieces_for(ids))
    table = PairTable(ranks, new_ids, shift)
    if not table.can_merge_long:
        return
    expected = merge_by_rank(list(piece), ranks, new_ids, shift)
    slow = data.draw(st.sampled_from([10**9, 1]))  # never hand over to Python, or at once
    with mock.patch.object(bulk_bpe, "_LONG_SLOW_ROUNDS", slow):
        assert table.merge_long(np.array(piece, dtype=np.int64)) == expected


def test_merge_long_on_a_run_of_one_letter_takes_few_rounds():
    # a=0, rules a+a -> 1 (rank 0), 1+1 -> 2 (rank 1), 2+0 -> 3 (rank 2)
    shift = 3
    ranks = {0 << shift | 0: 0, 1 << shift | 1: 1, 2 << shift | 0: 2}
    table = PairTable(ranks, [1, 2, 3], shift)
    calls = []
    real = table._round
    table._round = lambda *a: calls.append(1) or real(*a)  # type: ignore[method-assign]
    piece = [0] * 10_001
    assert table.merge_long(np.array(piece)) == merge_by_rank(piece, ranks, [1, 2, 3], shift)
    assert len(calls) <= 4


# -- tiktoken o200k on real text --------------------------------------------------------------

TIKTOKEN_FILE = SHARED_DATA / "tokenizers" / "tiktoken" / "o200k_base.tiktoken"
NTREX = SHARED_DATA / "parallel" / "ntrex128"


@lru_cache(maxsize=1)
def o200k():
    """tiktoken's ranks, and the join table: every split of a token into two tokens."""
    encoder: dict[bytes, int] = {}
    for line in TIKTOKEN_FILE.read_bytes().splitlines():
        if line:
            token, rank = line.split()
            encoder[base64.b64decode(token)] = int(rank)
    shift = max(encoder.values()).bit_length()
    ranks: dict[int, int] = {}
    for token, rank in encoder.items():
        for k in range(1, len(token)):
            left, right = encoder.get(token[:k]), encoder.get(token[k:])
            if left is not None and right is not None:
                ranks[left << shift | right] = rank
    new_ids = list(range(max(encoder.values()) + 1))
    return encoder, ranks, new_ids, shift


def ntrex_pieces(lang: str, limit: int) -> list[str]:
    text = (NTREX / f"newstest2019-ref.{lang}.txt").read_text(encoding="utf-8")
    seen: dict[str, None] = {}
    for piece in regex.findall(O200K_PATTERN, text.replace("\r", "")):
        seen.setdefault(piece)
        if len(seen) >= limit:
            break
    return list(seen)


@needs_shared_data
@pytest.mark.parametrize("lang", ["khm", "hin"])
def test_o200k_join_table_matches_merge_by_rank_and_tiktoken(lang):
    tiktoken = pytest.importorskip("tiktoken")
    encoder, ranks, new_ids, shift = o200k()
    byte_id = [encoder[bytes([b])] for b in range(256)]
    texts = ntrex_pieces(lang, 3000)
    pieces = [[byte_id[b] for b in t.encode("utf-8")] for t in texts]
    assert sum(map(len, pieces)) > 30_000
    table = PairTable(ranks, new_ids, shift)
    assert table.identity and table.has_bounds
    merged = table.merge_many(pieces)
    assert merged == reference(pieces, ranks, new_ids, shift)
    enc = tiktoken.Encoding(
        f"o200k_local_{lang}", pat_str=O200K_PATTERN, mergeable_ranks=encoder, special_tokens={}
    )
    checked = 0
    for text, ids in zip(texts, merged, strict=True):
        if text.encode("utf-8") in encoder:
            continue  # tiktoken looks a whole token up without merging
        assert enc.encode_ordinary(text) == ids, text
        checked += 1
    assert checked > 500


@needs_shared_data
def test_tokenizer_bulk_encode_with_some_pieces_cached_before():
    """The bulk path of ``FastEncoder._encode_distinct``: pieces cached before and new ones
    together, through the model's arrays and through plain ``encode_pieces`` (any model)."""
    from bpelens.core import TokenModel, open_tokenizer

    texts = [(NTREX / f"newstest2019-ref.{lang}.txt").read_text(encoding="utf-8")[:60_000]
             for lang in ("deu", "hin", "zho-CN")]
    text = "\n".join(texts).replace("\r", "")
    tokenizer = open_tokenizer(TIKTOKEN_FILE)
    model = tokenizer.model
    expected = [i for piece in tokenizer.fast.split(text) for i in model.encode_piece(piece)]
    tokenizer.encode_ids(texts[0][:30_000])  # some pieces (and chunks) cached first
    assert tokenizer.encode_ids(text) == expected
    fresh = open_tokenizer(TIKTOKEN_FILE)
    fresh.encode_ids(texts[1][:25_000])
    fresh.model.pair_table()  # encode_pieces then merges a thousand pieces or more together

    # What every model has (arrays from encode_pieces, one piece at a time), instead of
    # tiktoken's own arrays and bulk merge.
    generic = TokenModel.encode_pieces_arrays.__get__(fresh.model)
    one_by_one = TokenModel.encode_pieces.__get__(fresh.model)
    with mock.patch.object(fresh.model, "encode_pieces_arrays", generic), \
            mock.patch.object(fresh.model, "encode_pieces", one_by_one):
        assert fresh.encode_ids(text) == expected
    sample = ["ab", " hello", "", "日本語"] * 3
    assert [a.tolist() for a in generic(sample)] == [
        a.tolist() for a in model.encode_pieces_arrays(sample)]
    pool, starts, lens = model.encode_pieces_arrays(["ab", " hello", "ab"] * 10_000)
    assert [pool[a : a + n].tolist() for a, n in zip(starts[:3], lens[:3], strict=True)] == [
        model.encode_piece(p) for p in ["ab", " hello", "ab"]
    ]


@needs_shared_data
@pytest.mark.parametrize("name", ["llama-spm", "qwen3"])
def test_long_piece_spans_equal_the_traced_ones(name):
    from bpelens.core import open_tokenizer
    from bpelens.core.models import rank_merge

    model = open_tokenizer(SHARED_DATA / "tokenizers" / "hf" / f"{name}.tokenizer.json").model
    text = (SHARED_DATA / "parallel" / "ntrex128" / "newstest2019-ref.hin.txt").read_text(
        encoding="utf-8")[:3000].replace("\n", " ") + "日本語🙂\u0f00" * 40
    piece = text.replace(" ", "▁") if name == "llama-spm" else text
    fast = model.encode_piece_spans(piece)
    assert len(piece.encode()) > rank_merge.VECTOR_PIECE  # the vectorized path
    with mock.patch("bpelens.core.models.vocab_bpe.LONG_PIECE", 10**9):  # trace every step
        traced = model.encode_piece_spans(piece)
    assert fast == traced
    assert fast[0] == model.encode_piece(piece)
    assert sum(fast[1]) == len(piece.encode())
