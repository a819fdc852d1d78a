"""Merges that never apply, and tokens no merge builds ("orphans").

A merge can only ever form its token where the token's own starting symbols are (its bytes or
characters): inside a longer piece the merges within that span run in the same order as on the
token alone, and a merge that takes a symbol across the span's edge leaves no way to form it.
So a merge applies in some text exactly when the merges alone, run on its result's own
symbols, end with it:

* listed merges (Hugging Face files, BPE Lens): a merge whose result the merges rebuild from
  its symbols with another last step (a pair listed twice, or another pair making the same
  string), or do not rebuild at all (seed 000 §7.1: a + bc never applies, since a + b comes
  first), never applies;
* merges implied by the vocabulary (tiktoken ranks, SentencePiece scores): a merged token the
  merges do not rebuild from its bytes is made by no merge — only a whole-piece lookup can
  give it, or nothing can.

An orphan is a token of more than one symbol that no merge makes: no listed merge has it as
its result, or no two tokens join into it. Pre-tokenization is left out on purpose: it decides
which pieces the merges see, not what the merges can build (the audit's classes say whether a
token's text comes out whole).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..models.base import TokenModel
from ..models.merges import MergeRule


@dataclass(frozen=True, slots=True)
class UnusedMerge:
    """A merge that never applies, and what the merges alone make of its result's symbols."""

    rule: MergeRule
    builds: tuple[int, ...]

    @property
    def reason(self) -> str:
        """``another_merge``: its token is made, by another merge; ``never_made``: the merges
        never make its token."""
        return "another_merge" if self.builds == (self.rule.new_id,) else "never_made"

    def to_json(self) -> dict[str, Any]:
        rule = self.rule
        return {"rank": rule.rank, "left": rule.left_id, "right": rule.right_id,
                "new": rule.new_id, "reason": self.reason, "merges_build": list(self.builds)}


@dataclass(frozen=True)
class MergeAudit:
    listed: bool  # the model lists its merges (else they are implied by the vocabulary)
    checked: int  # merges (listed) or merged tokens (implied) looked at
    never_applied: tuple[UnusedMerge, ...]
    orphans: tuple[int, ...]
    # Tokens the merges alone give from their own symbols (a base token is its own symbol).
    built: frozenset[int]

    def reasons(self) -> dict[str, int]:
        counts = Counter(m.reason for m in self.never_applied)
        return {"another_merge": counts["another_merge"], "never_made": counts["never_made"]}

    def to_json(self) -> dict[str, Any]:
        return {"listed": self.listed, "checked": self.checked,
                "never_applied_by_reason": self.reasons(),
                "never_applied": [m.to_json() for m in self.never_applied],
                "orphans": list(self.orphans)}


def merge_audit(model: TokenModel, ids: Sequence[int], skip: Collection[int]
                ) -> MergeAudit | None:
    """The merges of ``model`` that never apply and its orphans among ``ids`` (``skip``:
    special, added and byte-fallback tokens); None for a model that does not merge."""
    rules = model.merge_list()
    if rules is not None:
        return _listed(model, rules, ids, skip)
    if type(model).merges_alone is TokenModel.merges_alone:
        return None  # a model that does not merge (Unigram, WordPiece)
    table = model.token_bytes
    candidates, built = [], set()
    for tid in ids:
        if tid not in skip and table[tid]:  # the empty token (Whisper's) has no symbols
            kind = model.kind(tid)
            if kind == "merged":
                candidates.append(tid)
            elif kind in _PLAIN:
                built.add(tid)
    alone = model.merges_alone(candidates)
    never, orphans = [], []
    for tid, got in zip(candidates, alone, strict=True):
        if got == [tid]:
            built.add(tid)
            continue
        pairs = model.joins(tid)
        rule = model.pair_merge(*pairs[0]) if pairs else None
        if rule is None:
            orphans.append(tid)
        else:
            never.append(UnusedMerge(rule, tuple(got or ())))
    return MergeAudit(False, len(candidates), tuple(never), tuple(orphans), frozenset(built))


def _listed(model: TokenModel, rules: Sequence[MergeRule], ids: Sequence[int],
            skip: Collection[int]) -> MergeAudit:
    # A token skipped (a removed one of Picky BPE is "unused") has no merge to audit.
    results = [t for t in dict.fromkeys(rule.new_id for rule in rules) if t not in skip]
    made = set(results)
    alone = dict(zip(results, model.merges_alone(results), strict=True))
    built = {tid for tid, got in alone.items() if got == [tid]}
    orphans = []
    for tid in ids:
        if tid in made or tid in skip:
            continue
        own = model.own_symbols(tid)
        if own == [tid]:
            built.add(tid)
        elif (own is None or len(own) > 1) and model.kind(tid) in _PLAIN:
            orphans.append(tid)
    rules = [rule for rule in rules if rule.new_id in made]
    if model.replays_history:
        # Merges replayed with removals between them: a rule applies when replaying its
        # token's own symbols applies its rank (a pair can apply again after a removal).
        ranks = dict(zip(results, model.applied_ranks(results), strict=True))  # type: ignore[attr-defined]
        never = tuple(UnusedMerge(rule, tuple(alone[rule.new_id] or ()))
                      for rule in rules if rule.rank not in (ranks[rule.new_id] or ()))
        return MergeAudit(True, len(rules), never, tuple(orphans), frozenset(built))
    last = _last_merges(model, rules, built)
    never = tuple(UnusedMerge(rule, tuple(alone[rule.new_id] or ()))
                  for rule in rules
                  if rule.new_id not in built or last.get(rule.new_id, rule.rank) != rule.rank)
    return MergeAudit(True, len(rules), never, tuple(orphans), frozenset(built))


def _last_merges(model: TokenModel, rules: Sequence[MergeRule], built: set[int]
                 ) -> dict[int, int]:
    """For a token several merges make: the rank of the one the merges take last on its own
    symbols. Its two parts form inside the token's span as they would alone, so they are
    tokens the merges rebuild too; when only one pair of such parts makes the token, that
    pair's rank (the one the model keeps for a pair listed twice) is the answer, and only
    the rest are merged again step by step."""
    makers: dict[int, set[tuple[int, int]]] = {}
    counts = Counter(rule.new_id for rule in rules)
    for rule in rules:
        if counts[rule.new_id] > 1 and rule.new_id in built:
            pairs = makers.setdefault(rule.new_id, set())
            if rule.left_id in built and rule.right_id in built:
                pairs.add((rule.left_id, rule.right_id))
    last: dict[int, int] = {}
    traced = []
    for tid, pairs in makers.items():
        rule = model.pair_merge(*next(iter(pairs))) if len(pairs) == 1 else None
        if rule is not None:
            last[tid] = rule.rank
        else:
            traced.append(tid)
    symbols = [model.own_symbols(tid) or [tid] for tid in traced]
    for tid, rank in zip(traced, model.last_merge_ranks(symbols), strict=True):
        if rank is not None:
            last[tid] = rank
    return last


_PLAIN = frozenset({"byte", "char", "merged"})
