"""BPE-dropout (Provilkov et al. 2020) as Hugging Face's ``BPE(dropout=p)`` does it: each
piece's merges come off a queue lowest rank first (leftmost on ties), and each one popped is
skipped with probability p; skipped ones go back on the queue after the next merge made. With
dropout the whole-piece lookup (tiktoken's, HF's ``ignore_merges``) is not used, as in HF;
p = 0 is the ordinary encoding. Samples of a text, drawn with a seed, grouped by segmentation.
"""

from __future__ import annotations

import heapq
import random
from collections import Counter
from dataclasses import dataclass

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..pipeline.tokenizer import Tokenizer

MAX_SAMPLES = 100_000


@dataclass(frozen=True)
class DropoutSamples:
    """The distinct segmentations of ``text`` among ``samples`` draws, most frequent first
    (ties in the order first drawn), each with how often it came, and the ordinary ids."""

    text: str
    p: float
    samples: int
    seed: int
    segmentations: tuple[tuple[tuple[int, ...], int], ...]
    plain: tuple[int, ...]


def merge_with_dropout(model, ids: list[int], p: float, rng: random.Random) -> list[int]:
    """One piece's base ids merged as HF's ``Word::merge_all`` with dropout ``p``."""
    symbols = list(ids)
    nxt = list(range(1, len(symbols) + 1))
    prv = list(range(-1, len(symbols) - 1))
    alive = [True] * len(symbols)
    pair = model.pair_merge
    queue: list[tuple[int, int, int]] = []  # (rank, position, new id)
    for i in range(len(symbols) - 1):
        rule = pair(symbols[i], symbols[i + 1])
        if rule is not None:
            queue.append((rule.rank, i, rule.new_id))
    heapq.heapify(queue)
    skipped: list[tuple[int, int, int]] = []
    while queue:
        top = heapq.heappop(queue)
        if p > 0 and rng.random() < p:
            skipped.append(top)
            continue
        for entry in skipped:
            heapq.heappush(queue, entry)
        skipped.clear()
        _, i, new = top
        if not alive[i] or nxt[i] >= len(symbols):
            continue
        j = nxt[i]
        rule = pair(symbols[i], symbols[j])
        if rule is None or rule.new_id != new:
            continue  # the entry went stale: a neighbour merged first
        symbols[i] = new
        alive[j] = False
        nxt[i] = nxt[j]
        if nxt[j] < len(symbols):
            prv[nxt[j]] = i
        if prv[i] >= 0:
            left = pair(symbols[prv[i]], new)
            if left is not None:
                heapq.heappush(queue, (left.rank, prv[i], left.new_id))
        if nxt[i] < len(symbols):
            right = pair(new, symbols[nxt[i]])
            if right is not None:
                heapq.heappush(queue, (right.rank, i, right.new_id))
    return [s for s, keep in zip(symbols, alive, strict=True) if keep]


def dropout_samples(tokenizer: Tokenizer, text: str, p: float, samples: int, *,
                    seed: int = 0) -> DropoutSamples:
    """``samples`` segmentations of ``text`` with dropout ``p`` (0 ≤ p ≤ 1)."""
    if not (isinstance(p, int | float) and 0 <= p <= 1):
        raise ConfigError(Message("dropout {p!r}: expected a probability from 0 to 1", p=p))
    if not (isinstance(samples, int) and 1 <= samples <= MAX_SAMPLES):
        raise ConfigError(Message("samples {samples!r}: expected 1 to {max_samples:,}",
                                  samples=samples, max_samples=MAX_SAMPLES))
    model = tokenizer.model
    if model.trace_piece("a") is None:
        raise ConfigError(Message("BPE-dropout needs a BPE model; this one is {describe}",
                                  describe=model.describe()))
    if model.replays_history:
        raise ConfigError(Message("BPE-dropout drops merges applied by rank; {describe} replays "
                                  "merges and removals, which dropout does not define",
                                  describe=model.describe()))
    encoding = tokenizer.encode(text, special="none")
    parts: list[tuple[int, ...] | list[int]] = []
    for piece in encoding.pieces:
        if piece.special_id is not None:
            parts.append((piece.special_id,))
        else:
            traced = model.trace_piece(piece.model_input)
            parts.append(list(traced[0]) if traced is not None else [])
    plain = tuple(tokenizer.encode_ids(text, special="none"))
    if p == 0:  # HF's ordinary path, whole-piece lookup included
        return DropoutSamples(text, 0.0, samples, seed, ((plain, samples),), plain)
    rng = random.Random(seed)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(samples):
        ids: list[int] = []
        for part in parts:
            if isinstance(part, tuple):
                ids.extend(part)
            else:
                ids.extend(merge_with_dropout(model, part, p, rng))
        seen[tuple(ids)] += 1
    ordered = sorted(seen.items(), key=lambda item: -item[1])  # stable: first drawn first
    return DropoutSamples(text, float(p), samples, seed, tuple(ordered), plain)
