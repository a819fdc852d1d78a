"""Picky BPE (Chizhov et al., EMNLP 2024): BPE whose training also removes tokens.

Training (:mod:`bpelens.core.training.picky`) merges as BPE does, and after each merge may
remove one of the two tokens it joined, when nearly all its occurrences went into the new
token: every occurrence left is split back into the token's parts. A token removed can come
back when a later merge makes it again (with its old id).

Encoding replays that history on each piece, as the authors' encoder does: from the piece's
base symbols, the next event that applies — the earliest merge of a pair the piece holds, or
removal of a token it holds, after the last one applied — until none does. (A rank order
alone cannot say this: a removal undoes merges made before it.)

Ids are the ids training gave; a removed token keeps its id as an unused entry (its kind is
"unused": encoding never produces it, but playback and decoding can name it), where the
authors' files renumber the tokens left.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from .base import BYTE_FALLBACK, BYTE_LEVEL, CHARACTER_LEVEL, TokenKind, TokenModel, listed
from .bpe import BPEModel, UnknownCharacterError
from .merges import MergeRule, MergeStep

# (merges made before it, token id, the ids it was split into)
Removal = tuple[int, int, tuple[int, ...]]

_CACHE_LIMIT = 1 << 16


class PickyBPEModel(TokenModel):
    """A BPE model's merges (``base``, every token ever made, in training's order) and the
    removals between them; ``threshold`` is the IoS threshold τ it was trained with."""

    after_merges = Message("Picky BPE then removed a token of this piece, splitting it back "
                           "into its parts; what follows is not shown step by step")
    # Its merges are a history to replay, not ranks to apply: a cut by rank, BPE-dropout
    # and the like do not apply to it.
    replays_history = True

    def __init__(self, base: BPEModel, removals: Iterable[Removal],
                 threshold: float | None = None) -> None:
        self.base = base
        self.level = base.level
        self.threshold = threshold
        self.removals: tuple[Removal, ...] = tuple(
            (after, token, tuple(parts)) for after, token, parts in removals)
        rules = base.rules
        self._shift = max(1, (base.vocab_size - 1).bit_length())
        # One timeline: ("m", rank) and ("s", token, parts), and where each can apply.
        events: list[tuple[Any, ...]] = []
        merge_at: dict[int, list[int]] = {}
        split_at: dict[int, list[int]] = {}
        present = [True] * base.base_size + [False] * (base.vocab_size - base.base_size)
        rank_before: dict[int, int] = {}  # a removal's event → the rank of the merge before
        pending = list(self.removals)
        pending.reverse()
        for rank, rule in enumerate(rules):
            merge_at.setdefault(rule.left_id << self._shift | rule.right_id, []).append(
                len(events))
            events.append(("m", rank))
            present[rule.new_id] = True
            while pending and pending[-1][0] == rank + 1:
                after, token, parts = pending.pop()
                self._check_removal(len(self.removals) - len(pending) - 1, token, parts,
                                    present)
                present[token] = False
                split_at.setdefault(token, []).append(len(events))
                rank_before[len(events)] = rank
                events.append(("s", token, parts))
        if pending:
            after = pending[-1][0]
            raise ConfigError(Message(
                "removal {index}: it comes after {after} merges, but there are {merges} and "
                "removals must be in order", index=len(self.removals) - len(pending),
                after=after, merges=len(rules)))
        self._events = events
        self._rank_before = rank_before
        self._merge_at = merge_at
        self._split_at = split_at
        self._present = present
        self._cache: dict[str, list[int]] = {}

    def _check_removal(self, index: int, token: int, parts: tuple[int, ...],
                       present: list[bool]) -> None:
        base = self.base
        if not base.base_size <= token < base.vocab_size or not present[token]:
            raise ConfigError(Message(
                "removal {index}: token {token} is not a merged token present at that point",
                index=index, token=token))
        if len(parts) < 2 or not all(0 <= p < base.vocab_size and present[p] for p in parts):
            raise ConfigError(Message(
                "removal {index}: token {token} must split into two or more tokens present at "
                "that point", index=index, token=token))
        table = base.token_bytes
        if b"".join(table[p] for p in parts) != table[token] or any(
                base.ends_word(p) for p in parts[:-1]) or base.ends_word(parts[-1]) != \
                base.ends_word(token):
            raise ConfigError(Message(
                "removal {index}: the parts of token {token} do not spell it", index=index,
                token=token))

    # -- vocabulary -------------------------------------------------------------------------
    @property
    def token_bytes(self) -> list[bytes]:  # type: ignore[override]
        return self.base.token_bytes

    @property
    def rules(self) -> list[MergeRule]:
        return self.base.rules

    @property
    def base_size(self) -> int:
        return self.base.base_size

    @property
    def merge_count(self) -> int:
        return len(self.base.rules)

    @property
    def entry_count(self) -> int:
        return sum(self._present)

    def removed(self, token_id: int) -> bool:
        """Whether training removed this token and did not bring it back."""
        return 0 <= token_id < len(self._present) and not self._present[token_id]

    def kind(self, token_id: int) -> TokenKind:
        # A removed token keeps its id and bytes (playback and decoding name it), like an
        # unused SentencePiece piece: listed, never produced.
        return "unused" if self.removed(token_id) else self.base.kind(token_id)

    def ends_word(self, token_id: int) -> bool:
        return self.base.ends_word(token_id)

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        return self.base.token_label(token_id, printable=printable)

    def built_by(self, token_id: int) -> MergeRule | None:
        return self.base.built_by(token_id)

    def merge_list(self) -> list[MergeRule]:
        return list(self.base.rules)

    def own_symbols(self, token_id: int) -> list[int] | None:
        return self.base.own_symbols(token_id)

    def merges_alone(self, token_ids: Sequence[int]) -> list[list[int] | None]:
        """What replaying the history makes of each token's own symbols (a removed token
        never comes back whole this way unless a later merge made it again)."""
        out: list[list[int] | None] = []
        for token in token_ids:
            symbols = self.base.own_symbols(token)
            out.append(None if symbols is None else self._replay(symbols, None)[0])
        return out

    def describe(self) -> str:
        base = self.base
        kind = BYTE_LEVEL if self.level == "byte" else CHARACTER_LEVEL
        extras = [e for e, on in ((Message("end-of-word {marker}", marker=base.end_of_word),
                                   base.end_of_word), (BYTE_FALLBACK, base.byte_fallback)) if on]
        if self.threshold is not None:
            extras.append(f"τ = {self.threshold:g}")
        return Message("{kind} Picky BPE{extras}, {tokens} tokens, {merges} merges, {removed} "
                       "removals", kind=kind, extras=listed(extras), tokens=self.entry_count,
                       merges=len(self.rules), removed=len(self.removals))

    # -- encoding ---------------------------------------------------------------------------
    def encode_piece(self, piece: str) -> list[int]:
        cached = self._cache.get(piece)
        if cached is None:
            cached = self._replay(self.base.initial_ids(piece), None)[0]
            if len(self._cache) >= _CACHE_LIMIT:
                self._cache.clear()
            self._cache[piece] = cached
        return cached

    def inside_word_only(self, token_id: int) -> bool:
        return self.base.inside_word_only(token_id)

    def encode_inside_word(self, data: bytes) -> list[int] | None:
        try:
            ids = self.base.initial_ids(data.decode("utf-8"))
        except (UnicodeDecodeError, UnknownCharacterError):
            return None
        if self.base.end_of_word_id is not None:
            ids.pop()
        return self._replay(ids, None)[0]

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]]:
        """The merges of a piece step by step, up to the first removal that splits one of
        its tokens (a step cannot show a split; the final ids then differ from the last
        step's, and :attr:`after_merges` says why)."""
        initial = self.base.initial_ids(piece)
        steps: list[MergeStep] = []
        final, _ = self._replay(list(initial), steps)
        return initial, final, steps

    def pair_merge(self, left_id: int, right_id: int) -> MergeRule | None:
        """The first merge of this pair: what merge playback lists as a candidate. A pair
        merged again after a removal (or formed again by a restored token) replays at a
        later rank, which the piece's own trace shows."""
        return self.base.pair_merge(left_id, right_id)

    def history(self, piece: str) -> tuple[list[int], list[tuple[int, tuple[int, ...]]]]:
        """A piece's base ids and each change training made to it, in order: (rank, ids
        after). A merge's rank is its own; a removal's is the rank of the merge it followed,
        so that the changes at or below rank r are what r + 1 merges made of the piece."""
        initial = self.base.initial_ids(piece)
        changes: list[tuple[int, tuple[int, ...]]] = []
        self._replay(list(initial), None, changes)
        return initial, changes

    def applied_ranks(self, token_ids: Sequence[int]) -> list[set[int] | None]:
        """The ranks of the merges that replaying each token's own symbols applies (a pair
        merged, split back by a removal and merged again applies at two ranks); None for a
        token with no symbols of its own."""
        out: list[set[int] | None] = []
        for token in token_ids:
            symbols = self.base.own_symbols(token)
            ranks: set[int] = set()
            if symbols is not None:
                self._replay(symbols, None, ranks=ranks)
            out.append(None if symbols is None else ranks)
        return out

    def _replay(self, ids: list[int], steps: list[MergeStep] | None,
                changes: list[tuple[int, tuple[int, ...]]] | None = None,
                ranks: set[int] | None = None) -> tuple[list[int], bool]:
        """The events that apply to ``ids``, in order; whether a removal applied."""
        events, merge_at, split_at = self._events, self._merge_at, self._split_at
        shift = self._shift
        rules = self.base.rules
        lengths = self.base._byte_lengths() if steps is not None else None
        pointer = -1
        split = False
        while len(ids) > 1 or (ids and split_at):
            best = -1
            for i in range(len(ids) - 1):
                times = merge_at.get(ids[i] << shift | ids[i + 1])
                if times is not None:
                    j = bisect_right(times, pointer)
                    if j < len(times) and (best < 0 or times[j] < best):
                        best = times[j]
            if split_at:
                for token in set(ids):
                    times = split_at.get(token)
                    if times is not None:
                        j = bisect_right(times, pointer)
                        if j < len(times) and (best < 0 or times[j] < best):
                            best = times[j]
            if best < 0:
                break
            pointer = best
            event = events[best]
            if event[0] == "m":
                rule = rules[event[1]]
                ids = _merge(ids, rule, None if split else steps, lengths)
                rank = event[1]
                if ranks is not None:
                    ranks.add(rank)
            else:
                split = True
                token, parts = event[1], event[2]
                out: list[int] = []
                for t in ids:
                    if t == token:
                        out.extend(parts)
                    else:
                        out.append(t)
                ids = out
                rank = self._rank_before[best]
            if changes is not None:
                changes.append((rank, tuple(ids)))
        return ids, split

    # -- decoding ---------------------------------------------------------------------------
    def decode_table(self) -> list[bytes | None] | None:
        return self.base.decode_table()

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        return self.base.decode_bytes(ids)


def _merge(ids: Sequence[int], rule: MergeRule, steps: list[MergeStep] | None,
           lengths: list[int] | None) -> list[int]:
    """``rule`` applied left to right without overlap, each application a step."""
    left, right, new = rule.left_id, rule.right_id, rule.new_id
    out: list[int] = []
    at = 0  # bytes before the next symbol
    i = 0
    n = len(ids)
    while i < n:
        if i + 1 < n and ids[i] == left and ids[i + 1] == right:
            if steps is not None and lengths is not None:
                steps.append(MergeStep(len(out), left, right, rule.rank, new, at,
                                       at + lengths[new]))
                at += lengths[new]
            out.append(new)
            i += 2
        else:
            if lengths is not None:
                at += lengths[ids[i]]
            out.append(ids[i])
            i += 1
    return out
