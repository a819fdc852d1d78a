"""Subword regularization on a Unigram model (Kudo 2018; seed 000 §8.3), as sentencepiece's
``encode(..., enable_sampling=True, alpha=α, nbest_size=n)`` does it: a segmentation of a
piece is drawn with probability proportional to exp(α · its score), the score being the sum of
its pieces' log probabilities, among every segmentation of the lattice (``nbest_size`` < 0:
forward-filtering backward-sampling) or among the n best (n > 1); n of 0 or 1, or α = 0, is
the ordinary Viterbi segmentation.

:func:`segmentation_distribution` gives the exact distribution (each segmentation's
probability, the most probable first), :func:`sample_segmentations` draws from it as
sentencepiece does, with a seed. The lattice is the model's own: its pieces and scores, an
unknown node for a character no piece starts with (min score − 10), user-defined pieces with
their bonus.
"""

from __future__ import annotations

import heapq
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.sentencepiece.unigram import SentencePieceUnigram
from ..models.unigram import UnigramModel
from ..pipeline.tokenizer import Tokenizer

MAX_LISTED = 1000  # segmentations listed with their probability (the rest summed)
MAX_NBEST = 512  # sentencepiece refuses a larger nbest_size
MAX_SAMPLES = 1_000_000

Node = tuple[int, int, int, float]  # id, start, end (characters), score


@dataclass(frozen=True, slots=True)
class SampledSegmentation:
    ids: tuple[int, ...]
    pieces: tuple[str, ...]
    score: float  # the sum of the pieces' scores
    probability: float


@dataclass(frozen=True)
class SegmentationDistribution:
    """The segmentations of ``text``'s one model input ``piece``, most probable first (at
    most :data:`MAX_LISTED`; ``rest`` is the probability of those not listed), and how
    many there are in all."""

    text: str
    piece: str
    alpha: float
    nbest: int
    segmentations: tuple[SampledSegmentation, ...]
    total: int
    rest: float

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "piece": self.piece, "alpha": self.alpha,
                "nbest_size": self.nbest, "segmentations": self.total,
                "rest": self.rest,
                "listed": [{"ids": list(s.ids), "pieces": list(s.pieces),
                            "score": s.score, "probability": s.probability}
                           for s in self.segmentations]}


def _lattice(model: UnigramModel | SentencePieceUnigram, piece: str
             ) -> tuple[list[list[Node]], int]:
    """Nodes by start position, unknown nodes added where no piece of one character starts."""
    by_start: list[list[Node]] = [[] for _ in range(len(piece))]
    for node in model.lattice(piece):
        by_start[node[1]].append(node)
    if isinstance(model, SentencePieceUnigram):
        unk_id, unk_score = model.vocab.unk_id, model.unk_score
    else:
        unk_id, unk_score = model.unk_id, model._unk_score
    for s, starting in enumerate(by_start):
        if not any(e == s + 1 for _, _, e, _ in starting):
            if unk_id is None or unk_score is None:
                raise ConfigError(Message("{piece!r}: character {index} is in no piece and the "
                                          "model has no unknown token", piece=piece, index=s))
            starting.append((unk_id, s, s + 1, float(unk_score)))
    return by_start, len(piece)


def samples_unigram(tokenizer: Tokenizer) -> bool:
    """Whether the tokenizer's model is a Unigram model (subword sampling applies)."""
    return isinstance(tokenizer.model, UnigramModel | SentencePieceUnigram)


def _check(tokenizer: Tokenizer, text: str, alpha: float, nbest: int) -> str:
    model = tokenizer.model
    if not samples_unigram(tokenizer):
        raise ConfigError(Message("subword sampling needs a Unigram model; {describe} is not "
                                  "one (BPE-dropout samples a BPE)", describe=model.describe()))
    if not (isinstance(alpha, int | float) and math.isfinite(alpha) and alpha >= 0):
        raise ConfigError(Message("alpha {alpha!r}: expected a number of 0 or more",
                                  alpha=alpha))
    if not isinstance(nbest, int) or isinstance(nbest, bool) or nbest > MAX_NBEST:
        raise ConfigError(Message("nbest_size {nbest!r}: expected a whole number up to {limit} "
                                  "(−1: every segmentation)", nbest=nbest, limit=MAX_NBEST))
    pieces = tokenizer.model_inputs(text, special="none")
    if len(pieces) != 1:
        raise ConfigError(Message("{text!r} is {count} pieces for this tokenizer; sampling "
                                  "shows one piece's segmentations: give one word",
                                  text=text, count=len(pieces)))
    return pieces[0]


def _best_paths(by_start: list[list[Node]], size: int, limit: int
                ) -> tuple[list[tuple[float, tuple[Node, ...]]], int]:
    """The ``limit`` best paths by score (best first) and the number of paths in all."""
    # Best score from each position to the end, and the number of paths from it.
    rest = [-math.inf] * (size + 1)
    count = [0] * (size + 1)
    rest[size], count[size] = 0.0, 1
    for s in range(size - 1, -1, -1):
        for node in by_start[s]:
            e = node[2]
            if count[e]:
                rest[s] = max(rest[s], node[3] + rest[e])
                count[s] += count[e]
    # Best first: a partial path's priority is its score plus the best completion.
    heap: list[tuple[float, int, float, int, tuple[Node, ...]]] = [(-rest[0], 0, 0.0, 0, ())]
    order = 1
    out: list[tuple[float, tuple[Node, ...]]] = []
    while heap and len(out) < limit:
        _, _, so_far, position, path = heapq.heappop(heap)
        if position == size:
            out.append((so_far, path))
            continue
        for node in by_start[position]:
            e = node[2]
            if count[e]:
                score = so_far + node[3]
                heapq.heappush(heap, (-(score + rest[e]), order, score, e, (*path, node)))
                order += 1
    return out, count[0]


def _log_partition(by_start: list[list[Node]], size: int, alpha: float) -> float:
    """log Σ over every path of exp(α · score): the forward algorithm."""
    forward = [-math.inf] * (size + 1)
    forward[0] = 0.0
    for s in range(size):
        if forward[s] == -math.inf:
            continue
        for node in by_start[s]:
            e = node[2]
            forward[e] = _log_add(forward[e], forward[s] + alpha * node[3])
    return forward[size]


def _log_add(a: float, b: float) -> float:
    if a < b:
        a, b = b, a
    if b == -math.inf:
        return a
    return a + math.log1p(math.exp(b - a))


def segmentation_distribution(tokenizer: Tokenizer, text: str, *, alpha: float,
                              nbest: int = -1) -> SegmentationDistribution:
    """The exact distribution of the sampled segmentations of ``text`` (one word)."""
    piece = _check(tokenizer, text, alpha, nbest)
    by_start, size = _lattice(tokenizer.model, piece)  # type: ignore[arg-type]
    # As sentencepiece: an n-best of 0 or 1 is Viterbi; alpha 0 draws every segmentation
    # (or each of the n best) equally often.
    viterbi = nbest in (0, 1)
    limit = 1 if viterbi else nbest if nbest > 0 else MAX_LISTED
    best, total = _best_paths(by_start, size, max(1, min(limit, MAX_LISTED)))
    if viterbi:
        weights = [1.0]
        best = best[:1]
        rest = 0.0
    elif nbest > 0:
        top = max(score for score, _ in best)
        weights = [math.exp(alpha * (score - top)) for score, _ in best]
        norm = sum(weights)
        weights = [w / norm for w in weights]
        rest = 0.0
    else:
        log_z = _log_partition(by_start, size, alpha)
        weights = [math.exp(alpha * score - log_z) for score, _ in best]
        rest = max(0.0, 1.0 - sum(weights))
    model = tokenizer.model
    segmentations = tuple(
        SampledSegmentation(_ids(model, piece, path),  # type: ignore[arg-type]
                            tuple(piece[n[1]:n[2]] for n in path), score, w)
        for (score, path), w in zip(best, weights, strict=True))
    # Paths that finish alike (unknown characters fused) are one segmentation.
    merged: dict[tuple[int, ...], SampledSegmentation] = {}
    for segmentation in segmentations:
        seen = merged.get(segmentation.ids)
        merged[segmentation.ids] = segmentation if seen is None else SampledSegmentation(
            seen.ids, seen.pieces, seen.score, seen.probability + segmentation.probability)
    segmentations = tuple(sorted(merged.values(), key=lambda s: -s.probability))
    listed_total = 1 if viterbi else min(total, nbest) if nbest > 0 else total
    return SegmentationDistribution(text, piece, float(alpha), nbest, segmentations,
                                    listed_total, rest)


def sample_segmentations(tokenizer: Tokenizer, text: str, *, alpha: float, nbest: int = -1,
                         samples: int = 1000, seed: int = 0) -> Counter[tuple[int, ...]]:
    """``samples`` draws, as sentencepiece draws them (backward sampling through the
    forward sums; or among the n best), counted by segmentation."""
    piece = _check(tokenizer, text, alpha, nbest)
    if not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise ConfigError(Message("samples {samples!r}: expected 1 to {limit:,}",
                                  samples=samples, limit=MAX_SAMPLES))
    rng = random.Random(seed)
    by_start, size = _lattice(tokenizer.model, piece)  # type: ignore[arg-type]
    out: Counter[tuple[int, ...]] = Counter()
    model = tokenizer.model
    if nbest in (0, 1):
        (_, path), = _best_paths(by_start, size, 1)[0][:1]
        out[_ids(model, piece, path)] = samples
        return out
    if nbest > 0:
        best, _ = _best_paths(by_start, size, nbest)
        top = max(score for score, _ in best)
        weights = [math.exp(alpha * (score - top)) for score, _ in best]
        for index in rng.choices(range(len(best)), weights=weights, k=samples):
            out[_ids(model, piece, best[index][1])] += 1
        return out
    by_end: list[list[Node]] = [[] for _ in range(size + 1)]
    for starting in by_start:
        for node in starting:
            by_end[node[2]].append(node)
    forward = [-math.inf] * (size + 1)
    forward[0] = 0.0
    for s in range(size):
        for node in by_start[s]:
            forward[node[2]] = _log_add(forward[node[2]], forward[s] + alpha * node[3])
    choices: list[tuple[Sequence[Node], list[float]]] = []
    for e in range(size + 1):
        nodes = [n for n in by_end[e] if forward[n[1]] > -math.inf]
        choices.append((nodes, [math.exp(forward[n[1]] + alpha * n[3] - forward[e])
                                for n in nodes] if nodes else []))
    for _ in range(samples):
        path: list[Node] = []
        e = size
        while e > 0:
            nodes, weights = choices[e]
            node = rng.choices(nodes, weights=weights)[0]
            path.append(node)
            e = node[1]
        out[_ids(model, piece, tuple(reversed(path)))] += 1
    return out


def _ids(model: UnigramModel | SentencePieceUnigram, piece: str, path: Sequence[Node]
         ) -> tuple[int, ...]:
    """The ids a path gives, as the model's encoder finishes its best path: a run of unknown
    characters fused into one unknown id, or spelt in byte tokens with byte fallback."""
    if isinstance(model, SentencePieceUnigram):
        return tuple(model.vocab.finish_ids((piece[s:e], tid) for tid, s, e, _ in path))
    return tuple(tid for tid, _, _ in model.finish_path(piece, [(t, s, e) for t, s, e, _ in
                                                                 path]))
