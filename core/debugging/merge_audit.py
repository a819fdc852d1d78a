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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from operator import attrgetter
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


def merge_audit(model: TokenModel, ids: Sequence[int], skip: Collection[int],
                kinds: Mapping[int, str] | None = None) -> MergeAudit | None:
    """The merges of ``model`` that never apply and its orphans among ``ids`` (``skip``:
    special, added and byte-fallback tokens); None for a model that does not merge.
    ``kinds``: ``model.kind`` of the ids not skipped, when the caller has asked already."""
    rules = model.merge_list()
    if rules is not None:
        return _listed(model, rules, ids, skip)
    if type(model).merges_alone is TokenModel.merges_alone:
        return None  # a model that does not merge (Unigram, WordPiece)
    table = model.token_bytes
    # (the empty token, Whisper's, has no symbols)
    kept = [tid for tid in ids if tid not in skip and table[tid]]
    kinds_kept = list(map(model.kind if kinds is None else kinds.__getitem__, kept))
    candidates = [tid for tid, kind in zip(kept, kinds_kept, strict=True) if kind == "merged"]
    built = {tid for tid, kind in zip(kept, kinds_kept, strict=True)
             if kind in _PLAIN and kind != "merged"}
    # (tiktoken ranks: checked once per file with the same vectorized merge, kept on disk)
    if model.merges_rebuild_every_token():
        built.update(candidates)
        return MergeAudit(False, len(candidates), (), (), frozenset(built))
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
    kept = [rule for rule in rules if rule.new_id in made]
    builds: dict[int, tuple[int, ...]] = {}

    def unused(rule: MergeRule) -> UnusedMerge:
        got = builds.get(rule.new_id)
        if got is None:
            got = builds[rule.new_id] = tuple(alone[rule.new_id] or ())
        return UnusedMerge(rule, got)

    if model.replays_history:
        # Merges replayed with removals between them: a rule applies when replaying its
        # token's own symbols applies its rank (a pair can apply again after a removal).
        ranks = dict(zip(results, model.applied_ranks(results), strict=True))  # type: ignore[attr-defined]
        never = tuple(unused(rule) for rule in kept
                      if rule.rank not in (ranks[rule.new_id] or ()))
        return MergeAudit(True, len(kept), never, tuple(orphans), frozenset(built))
    never = tuple(map(unused, _never_applied(model, rules, kept, built)))
    return MergeAudit(True, len(kept), never, tuple(orphans), frozenset(built))


def _never_applied(model: TokenModel, rules: Sequence[MergeRule], kept: Sequence[MergeRule],
                   built: set[int]) -> list[MergeRule]:
    """The rules of ``kept`` that never apply: their token is not rebuilt from its own
    symbols, or it is, by another merge (the one the merges take last there)."""
    import numpy as np

    if not kept:
        return []
    news, lefts, rights, ranks = _rule_arrays(kept)
    size = int(max(news.max(), lefts.max(), rights.max())) + 1
    made = np.zeros(size, dtype=bool)
    rebuilt = np.fromiter(built, dtype=np.int64, count=len(built))
    made[rebuilt[rebuilt < size]] = True
    last = _last_merges(model, rules, (news, lefts, rights, ranks), made)
    applied = made[news] & ((last[news] < 0) | (last[news] == ranks))
    return list(compress(kept, (~applied).tolist()))


def _rule_arrays(rules: Sequence[MergeRule]) -> tuple[Any, Any, Any, Any]:
    """new, left, right ids and rank of each rule, as int64 arrays."""
    import numpy as np

    n = len(rules)
    return tuple(np.fromiter(map(attrgetter(name), rules), dtype=np.int64, count=n)
                 for name in ("new_id", "left_id", "right_id", "rank"))  # type: ignore[return-value]


def _last_merges(model: TokenModel, rules: Sequence[MergeRule], kept: tuple[Any, Any, Any, Any],
                 built: Any) -> Any:
    """For a token several of the ``kept`` rules make (``news, lefts, rights, ranks``
    arrays) and the merges rebuild (``built``, a mask by id): the rank of the merge they take
    last on its own symbols; -1 elsewhere (an array by id). Its two parts form inside the
    token's span as they would alone, so they are tokens the merges rebuild too; when only
    one pair of such parts makes the token, that pair's rank (the one the model keeps for a
    pair listed twice) is the answer, and only the rest are merged again step by step."""
    import numpy as np

    news, lefts, rights, _ = kept
    size = built.size
    last = np.full(size, -1, dtype=np.int64)
    makes = np.bincount(news, minlength=size)
    several = (makes[news] > 1) & built[news]
    if not several.any():
        return last
    pairs = _PairRanks(model, kept if len(rules) == len(news) else _rule_arrays(rules))
    both = several & built[lefts] & built[rights]
    # Each token's distinct pairs of rebuilt parts.
    keys = pairs.key(lefts[both], rights[both])
    owners = news[both]
    order = np.lexsort((keys, owners))
    owners, keys = owners[order], keys[order]
    first = np.ones(owners.size, dtype=bool)
    first[1:] = (owners[1:] != owners[:-1]) | (keys[1:] != keys[:-1])
    owners, keys = owners[first], keys[first]
    distinct = np.bincount(owners, minlength=size)
    one = distinct[owners] == 1
    last[owners[one]] = pairs.ranks_of(keys[one])
    tokens = np.unique(news[several])
    traced = tokens[distinct[tokens] != 1].tolist()
    symbols = [model.own_symbols(tid) or [tid] for tid in traced]
    for tid, rank in zip(traced, pairs.last_merge_ranks(symbols), strict=True):
        if rank is not None:
            last[tid] = rank
    return last


NO_RANK = 1 << 62  # (rank_merge's: above any rank)


class _PairRanks:
    """The model's merges as sorted arrays: pair key → rank (a pair listed twice: the rank
    the model keeps, which ``pair_merge`` says), and rank → new id; what merging symbols by
    rank, many lists at a time, reads."""

    def __init__(self, model: TokenModel, rules: tuple[Any, Any, Any, Any]) -> None:
        """``rules``: every merge of the model, as :func:`_rule_arrays` gives them."""
        import numpy as np

        news, lefts, rights, ranks_by_rule = rules
        # (symbols of any id are looked up: the key leaves room for the largest)
        top = max(model.vocab_size, *(int(a.max(initial=0)) + 1 for a in (news, lefts, rights)))
        self.shift = max(1, top.bit_length())
        self.pad = top  # no merge's part
        keys = self.key(lefts, rights)
        order = np.argsort(keys, kind="stable")
        keys, ranks = keys[order], ranks_by_rule[order]
        first = np.ones(keys.size, dtype=bool)
        first[1:] = keys[1:] != keys[:-1]
        twice = np.unique(keys[~first]).tolist()
        keys, ranks = keys[first], ranks[first]
        mask = (1 << self.shift) - 1
        for key in twice:
            # A pair listed twice: the model says which of its ranks merges it.
            rule = model.pair_merge(key >> self.shift, key & mask)
            ranks[np.searchsorted(keys, key)] = NO_RANK if rule is None else rule.rank
        self.keys, self.ranks = keys, ranks
        self.new_of_rank = np.full(int(ranks_by_rule.max()) + 1, -1, dtype=np.int64)
        self.new_of_rank[ranks_by_rule] = news

    def key(self, lefts: Any, rights: Any) -> Any:
        return lefts << self.shift | rights

    def ranks_of(self, keys: Any) -> Any:
        """Each pair key's rank, NO_RANK for a pair that is no merge."""
        import numpy as np

        if not self.keys.size:
            return np.full(keys.shape, NO_RANK, dtype=np.int64)
        at = np.minimum(np.searchsorted(self.keys, keys), self.keys.size - 1)
        return np.where(self.keys[at] == keys, self.ranks[at], NO_RANK)

    def last_merge_ranks(self, symbol_lists: Sequence[list[int]]) -> list[int | None]:
        """The rank of the merge that leaves each list of symbols one token (None: they never
        become one): the lowest-ranked pair merged first, the leftmost of equals, as the
        model merges — lists of about one length together, one merge of each per round."""
        import numpy as np

        out: list[int | None] = [None] * len(symbol_lists)
        lengths = np.fromiter(map(len, symbol_lists), dtype=np.int64, count=len(symbol_lists))
        # Lists up to twice as long as the shortest of their group, padded with an id no
        # pair has (its pairs never merge, and stay at the end).
        bucket = np.zeros(lengths.size, dtype=np.int64)
        bucket[lengths > 1] = np.log2(lengths[lengths > 1] - 1).astype(np.int64) + 1
        for group in np.unique(bucket[lengths > 1]).tolist():
            where = np.flatnonzero(bucket == group)
            sizes = lengths[where]
            width = int(sizes.max())
            ids = np.full((where.size, width), self.pad, dtype=np.int64)
            flat = np.fromiter(chain.from_iterable(map(symbol_lists.__getitem__,
                                                       where.tolist())),
                               dtype=np.int64, count=int(sizes.sum()))
            ids[np.arange(width) < sizes[:, None]] = flat
            pair_ranks = self.ranks_of(self.key(ids[:, :-1], ids[:, 1:]))
            while where.size:
                best = pair_ranks.min(axis=1)
                merging = best < NO_RANK
                if not merging.all():  # stuck before one symbol is left: never one token
                    ids, pair_ranks, best, where, sizes = (
                        ids[merging], pair_ranks[merging], best[merging], where[merging],
                        sizes[merging])
                    if not where.size:
                        break
                at = pair_ranks.argmin(axis=1)  # the leftmost of the lowest rank
                rows = np.arange(where.size)
                ids[rows, at] = self.new_of_rank[best]
                keep = np.ones(ids.shape, dtype=bool)
                keep[rows, at + 1] = False
                ids = ids[keep].reshape(where.size, width - 1)
                sizes = sizes - 1
                done = sizes == 1
                if done.any():
                    for index, rank in zip(where[done].tolist(), best[done].tolist(),
                                           strict=True):
                        out[index] = rank
                    going = ~done
                    ids, pair_ranks, where, sizes, at, rows = (
                        ids[going], pair_ranks[going], where[going], sizes[going], at[going],
                        np.arange(int(going.sum())))
                width -= 1
                if not where.size or width < 2:
                    break
                # The merged pair's column goes; only the pairs beside the new symbol change.
                keep = np.ones(pair_ranks.shape, dtype=bool)
                keep[rows, at] = False
                pair_ranks = pair_ranks[keep].reshape(where.size, width - 1)
                for side in (at - 1, at):
                    inside = (side >= 0) & (side < width - 1)
                    r, c = rows[inside], side[inside]
                    pair_ranks[r, c] = self.ranks_of(self.key(ids[r, c], ids[r, c + 1]))
        return out


_PLAIN = frozenset({"byte", "char", "merged"})
