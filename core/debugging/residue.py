"""Residue tokens (LiteToken, Sun et al. 2026): tokens that merging passes through on the way
to longer tokens but that the output rarely contains.

Counted from the exact merge trace of every piece the model is given on a corpus, each
distinct piece traced once and weighted by how often it occurs. Per token:

* ``formed``: how often it came to stand in a piece other than as a starting symbol — a
  merge made it, or (tiktoken, Hugging Face's ``ignore_merges``) the whole piece was looked
  up as this token, in which case no merge runs at all, as in the encoder;
* ``absorbed``: how often a later merge took it as its left or right part;
* ``final``: how often it is in the output (equal to the real encoding's count).

``residue_ratio = absorbed / (absorbed + final)`` and ``final_share = 1 - residue_ratio``
(LiteToken's final/intermediate ratio). A residue is a token formed at least ``min_formed``
times whose final share is below ``max_final_share``.

The removal effect follows LiteToken's scheme: residues leave the vocabulary, their merges
stay as internal steps, so the merges run as before and each final occurrence of a removed
token is written as the two parts the merge that made it there joined (recursively while a
part is removed too). That merge is read off the piece's own trace: Llama 3 lists several
pairs that make the same token (``e + nt`` and ``en + t``), and the first listed is not always
the one that applies. A piece looked up whole as a removed token is merged instead, as the
encoder would once the token is gone. Where the model changes the merged ids afterwards
(SentencePiece's unused pieces and unknown characters), a removed token opens by the merge
that builds it from its own symbols.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.base import TokenModel
from ..models.merges import MergeStep
from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer

DEFAULT_MIN_FORMED = 20
DEFAULT_MAX_FINAL_SHARE = 0.05
_PROGRESS_EVERY = 2048
_TRACING = 0.9  # the share of the progress bar tracing every piece takes; the rest: removal

# A node of a piece's merge tree: (id, left, right); a starting symbol has no parts.
_Node = tuple[int, "_Node | None", "_Node | None"]
_Trace = tuple[list[int], list[int], list[MergeStep]]


@dataclass(frozen=True, slots=True)
class ResidueRow:
    """One token's counts on the corpus (see the module's docstring)."""

    id: int
    text: str
    formed: int
    absorbed: int
    final: int

    @property
    def ratio(self) -> float:
        """``absorbed / (absorbed + final)``: 1 for a token that never ends in the output
        (also one formed and then split back, as SentencePiece does to unused pieces)."""
        seen = self.absorbed + self.final
        return self.absorbed / seen if seen else float(self.formed > 0)

    @property
    def final_share(self) -> float:
        seen = self.absorbed + self.final
        return self.final / seen if seen else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "formed": self.formed,
                "absorbed": self.absorbed, "final": self.final,
                "ratio": round(self.ratio, 6)}


@dataclass(frozen=True)
class ResidueReport:
    """Every token the traces met (``tokens``, by id), the residues (most formed first) and
    what removing them does to the corpus's token count."""

    model: str
    min_formed: int
    max_final_share: float
    lines: int
    pieces: int  # pieces the model was given, counted with repeats
    distinct_pieces: int
    vocab_size: int
    looked_up: int  # pieces given as one token by a whole-piece lookup, no merge run
    tokens: tuple[ResidueRow, ...]
    residues: tuple[ResidueRow, ...]
    tokens_before: int  # the model's tokens (added and special tokens left out)
    tokens_after: int

    @property
    def candidates(self) -> int:
        """Tokens formed at least ``min_formed`` times (those a residue is chosen among)."""
        return sum(1 for row in self.tokens if row.formed >= self.min_formed)

    @property
    def vocabulary_share(self) -> float:
        return len(self.residues) / self.vocab_size if self.vocab_size else 0.0

    @property
    def change_percent(self) -> float:
        if not self.tokens_before:
            return 0.0
        return 100 * (self.tokens_after - self.tokens_before) / self.tokens_before

    def row(self, token_id: int) -> ResidueRow | None:
        """The counts of one token, or None when the traces never met it."""
        at = bisect_left(self.tokens, token_id, key=lambda row: row.id)
        found = self.tokens[at] if at < len(self.tokens) else None
        return found if found is not None and found.id == token_id else None

    def to_json(self, top: int | None = 50) -> dict[str, Any]:
        """Totals, the removal effect and the first ``top`` residues (all with None)."""
        rows = self.tokens
        return {
            "model": self.model, "lines": self.lines, "pieces": self.pieces,
            "distinct_pieces": self.distinct_pieces, "vocab_size": self.vocab_size,
            "min_formed": self.min_formed, "max_final_share": self.max_final_share,
            "totals": {"tokens_met": len(rows),
                       "formed": sum(r.formed for r in rows),
                       "absorbed": sum(r.absorbed for r in rows),
                       "final": sum(r.final for r in rows),
                       "looked_up_whole": self.looked_up,
                       "candidates": self.candidates, "residues": len(self.residues)},
            "removal": {"vocabulary_freed": len(self.residues),
                        "vocabulary_share": round(self.vocabulary_share, 6),
                        "tokens_before": self.tokens_before,
                        "tokens_after": self.tokens_after,
                        "change_percent": round(self.change_percent, 4)},
            "residues": [r.to_json() for r in
                         (self.residues if top is None else self.residues[:top])],
        }


def find_residues(
    tokenizer: Tokenizer, lines: Iterable[str] | str, *,
    min_formed: int = DEFAULT_MIN_FORMED,
    max_final_share: float = DEFAULT_MAX_FINAL_SHARE,
    special: SpecialMode = "all",
    progress: Callable[[float], None] | None = None,
) -> ResidueReport:
    """Residue tokens of ``tokenizer``'s BPE on ``lines`` (each encoded on its own; a str is
    split at its newlines) and what removing them changes.

    ``min_formed`` (≥ 1, default 20): how often a token must be formed to be judged, so
    that a share is not read off a handful of occurrences; ``max_final_share`` (above 0, at
    most 1, default 0.05): a token formed that often is a residue when less than this share
    of its occurrences (absorbed + final) end in the output — fewer than 1 in 20.
    ``special``: as ``encode`` reads special-token strings in the text (their tokens are not
    the model's and are not counted). ``progress(fraction)``, 0 to 1, may raise to stop.
    ConfigError for a model without merges (Unigram, WordPiece), Picky BPE, or a bad
    option."""
    model = tokenizer.model
    _check_model(model)
    _check_options(min_formed, max_final_share)
    pieces: Counter[str] = Counter()
    line_count = 0
    for line in lines.split("\n") if isinstance(lines, str) else lines:
        line_count += 1
        pieces.update(tokenizer.model_inputs(line, special=special))
    counts = _trace_all(model, pieces, _scaled(progress, 0.0, _TRACING))
    rows = tuple(ResidueRow(tid, tokenizer.token_label(tid), counts.formed[tid],
                            counts.absorbed[tid], counts.final[tid])
                 for tid in sorted(counts.formed.keys() | counts.absorbed.keys()
                                   | counts.final.keys()))
    residues = tuple(sorted(
        (r for r in rows if r.formed >= min_formed and r.final_share < max_final_share),
        key=lambda r: (-r.formed, r.id)))
    removed = frozenset(r.id for r in residues)
    before = sum(counts.final.values())
    after = before + _removal_change(model, counts.affected(removed), removed,
                                     _scaled(progress, _TRACING, 1.0))
    return ResidueReport(model.describe(), min_formed, max_final_share, line_count,
                         sum(pieces.values()), len(pieces), tokenizer.vocab_size,
                         counts.looked_up, rows, residues, before, after)


def _check_model(model: TokenModel) -> None:
    if model.replays_history:
        raise ConfigError(Message("residue tokens need merges applied by rank; {model} "
                                  "replays merges and removals (Picky BPE), which this does "
                                  "not follow", model=model.describe()))
    if type(model).trace_piece is TokenModel.trace_piece:
        raise ConfigError(Message("residue tokens need BPE merges; this model has none ({model})",
                                  model=model.describe()))


def _check_options(min_formed: int, max_final_share: float) -> None:
    if isinstance(min_formed, bool) or not isinstance(min_formed, int) or min_formed < 1:
        raise ConfigError(Message("min_formed {value!r}: expected a whole number, 1 or more",
                                  value=min_formed))
    if isinstance(max_final_share, bool) or not isinstance(max_final_share, int | float) \
            or not 0 < max_final_share <= 1:
        raise ConfigError(Message("max_final_share {value!r}: expected a share above 0 and "
                                  "at most 1", value=max_final_share))


def _looks_up_whole(model: TokenModel) -> bool:
    return model.looks_up_whole_piece or bool(getattr(model, "ignore_merges", False))


def _is_lookup(lookup: bool, trace: _Trace) -> bool:
    """Whether the encoder gave this piece whole by a lookup: then no merge ran (tiktoken's
    trace still lists the merges that would have built it)."""
    initial, final, _ = trace
    return lookup and len(final) == 1 and len(initial) > 1


class _Counts:
    def __init__(self) -> None:
        self.formed: Counter[int] = Counter()
        self.absorbed: Counter[int] = Counter()
        self.final: Counter[int] = Counter()
        self.looked_up = 0
        # Each distinct piece's count and output, to find the pieces a removal changes.
        self.outputs: list[tuple[str, int, tuple[int, ...]]] = []

    def affected(self, removed: frozenset[int]) -> list[tuple[str, int]]:
        if not removed:
            return []
        return [(piece, count) for piece, count, final in self.outputs
                if not removed.isdisjoint(final)]


def _trace_all(model: TokenModel, pieces: Counter[str],
               progress: Callable[[float], None] | None) -> _Counts:
    counts = _Counts()
    lookup = _looks_up_whole(model)
    formed, absorbed, final = counts.formed, counts.absorbed, counts.final
    total = len(pieces)
    for index, (piece, count) in enumerate(pieces.items()):
        trace = _trace(model, piece)
        out = trace[1]
        if _is_lookup(lookup, trace):
            formed[out[0]] += count
            counts.looked_up += count
        else:
            for step in trace[2]:
                formed[step.new_id] += count
                absorbed[step.left_id] += count
                absorbed[step.right_id] += count
        for tid in out:
            final[tid] += count
        counts.outputs.append((piece, count, tuple(out)))
        if progress is not None and index % _PROGRESS_EVERY == _PROGRESS_EVERY - 1:
            progress((index + 1) / total)
    if progress is not None:
        progress(1.0)
    return counts


def _trace(model: TokenModel, piece: str) -> _Trace:
    traced = model.trace_piece(piece)
    if traced is None:  # a model that merges only for some pieces would land here
        raise ConfigError(Message("residue tokens need BPE merges; this model has none ({model})",
                                  model=model.describe()))
    return traced


def _removal_change(model: TokenModel, affected: list[tuple[str, int]],
                    removed: frozenset[int], progress: Callable[[float], None] | None) -> int:
    """How many tokens more the pieces whose output holds a removed token give."""
    lookup = _looks_up_whole(model)
    change = 0
    for index, (piece, count) in enumerate(affected):
        if progress is not None and index % _PROGRESS_EVERY == _PROGRESS_EVERY - 1:
            progress(index / len(affected))
        trace = _trace(model, piece)
        before = len(trace[1])
        if _is_lookup(lookup, trace):
            # The token is gone, so the lookup misses and the merges run.
            merged = model.trace_merges(piece)
            trace = merged if merged is not None else trace
        change += (_expanded_length(model, trace, removed) - before) * count
    if progress is not None:
        progress(1.0)
    return change


def _scaled(progress: Callable[[float], None] | None, start: float, end: float
            ) -> Callable[[float], None] | None:
    if progress is None:
        return None
    return lambda fraction: progress(start + (end - start) * fraction)


def _expanded_length(model: TokenModel, trace: _Trace, removed: frozenset[int]) -> int:
    initial, final, steps = trace
    nodes: list[_Node] = [(tid, None, None) for tid in initial]
    for step in steps:
        at = step.position
        nodes[at : at + 2] = [(step.new_id, nodes[at], nodes[at + 1])]
    if [node[0] for node in nodes] == final:
        return sum(_parts(node, removed) for node in nodes)
    # The model changed the merged ids afterwards (SentencePiece splits unused pieces back,
    # turns unknown characters into bytes): a removed id there splits by its own merge.
    return sum(_parts(_by_rule(model, tid, removed), removed) for tid in final)


def _parts(node: _Node, removed: frozenset[int]) -> int:
    """How many tokens ``node`` is written as, opening removed tokens into their parts."""
    count = 0
    stack = [node]
    while stack:
        tid, left, right = stack.pop()
        if tid in removed and left is not None and right is not None:
            stack += (left, right)
        else:
            count += 1
    return count


def _by_rule(model: TokenModel, token_id: int, removed: frozenset[int]) -> _Node:
    """The token as a tree of the merges that build it (as far as removed tokens go)."""
    rule = model.built_by(token_id) if token_id in removed else None
    if rule is None:
        return (token_id, None, None)
    return (token_id, _by_rule(model, rule.left_id, removed),
            _by_rule(model, rule.right_id, removed))
