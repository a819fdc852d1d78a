"""Merge conflicts when extending a BPE tokenizer (seed 000 §7.1): merges appended for new
tokens can be shadowed by earlier ones, so the new tokens never come out.

The seed's example: the base has a+b→ab; adding b+c→bc and a+bc→abc does not make ``abc``
reachable — its text starts a b c, the rank-0 merge a+b applies first, and ab | c has no rule.
Each added token is checked by encoding its own text; an unreachable one is reported with
where encoding stops, the earlier merge that got there first, and a fix: merges appended that
join what encoding stops at, left to right, into the token (ab+c→abc here), checked by
encoding again with the fix applied.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import ConfigError
from ..formats.own_format import tokenizer_from_dict, tokenizer_to_dict
from ..models.bpe import BPEModel
from ..models.merges import MergeRule
from ..pipeline.tokenizer import Tokenizer
from .audit import _blocking_merge


@dataclass(frozen=True)
class Conflict:
    """An added token that encoding its own text does not give."""

    token_id: int
    text: str
    stops_at: tuple[int, ...]  # what the text encodes to instead
    blocked_by: MergeRule | None  # the earlier merge that gets there first
    fix: tuple[tuple[bytes, bytes], ...]  # merges to append (by the tokens' bytes)
    fixed: bool  # whether the fix, applied, makes the token reachable


def _copy(tokenizer: Tokenizer) -> Tokenizer:
    if not isinstance(tokenizer.model, BPEModel):
        raise ConfigError("merges can be added to a BPE tokenizer trained or saved by BPE Lens "
                          f"(this one is {tokenizer.model.describe()})")
    return tokenizer_from_dict(tokenizer_to_dict(tokenizer))


def _id_of(model: BPEModel, data: bytes) -> int:
    tid = model.id_of_bytes(data)
    if tid is None:
        raise ConfigError(f"{data!r} is not a token of this tokenizer")
    return tid


def add_merges(tokenizer: Tokenizer, merges: Sequence[tuple[bytes, bytes]]
               ) -> tuple[Tokenizer, tuple[int, ...]]:
    """A copy with ``merges`` (pairs of token bytes) appended after the existing ones; and
    the ids the merges make (new or existing tokens), in order."""
    extended = _copy(tokenizer)
    model = extended.model
    assert isinstance(model, BPEModel)
    made = []
    for left, right in merges:
        made.append(model.merge_pair(_id_of(model, left), _id_of(model, right)).new_id)
    # The training record describes the merges learned, not these: it is left behind.
    extended.training = None
    # Read back whole, so every cache starts from the extended merges.
    return tokenizer_from_dict(tokenizer_to_dict(extended)), tuple(made)


def _fix_for(model: BPEModel, stops_at: Sequence[int]) -> tuple[tuple[bytes, bytes], ...]:
    """Merges joining ``stops_at`` left to right: t1+t2, (t1t2)+t3, …"""
    table = model.token_bytes
    fix = []
    acc = table[stops_at[0]]
    for tid in stops_at[1:]:
        fix.append((acc, table[tid]))
        acc += table[tid]
    return tuple(fix)


def find_conflicts(tokenizer: Tokenizer, token_ids: Sequence[int]) -> list[Conflict]:
    """The tokens among ``token_ids`` that their own text does not encode to, each with a
    fix checked on a copy."""
    conflicts = []
    model = tokenizer.model
    for tid in token_ids:
        text = tokenizer.decode([tid], errors="replace")
        got = tokenizer.encode_ids(text, special="none")
        if got == [tid]:
            continue
        blocked = _blocking_merge(tokenizer, tid, text)
        fix: tuple[tuple[bytes, bytes], ...] = ()
        fixed = False
        if isinstance(model, BPEModel) and len(got) > 1:
            fix = _fix_for(model, got)
            repaired, _ = add_merges(tokenizer, fix)
            fixed = repaired.encode_ids(text, special="none") == [tid]
        conflicts.append(Conflict(tid, text, tuple(got), blocked, fix, fixed))
    return conflicts


def apply_fixes(tokenizer: Tokenizer, conflicts: Sequence[Conflict]) -> Tokenizer:
    """A copy with every conflict's fix appended (a merge already added once is not
    repeated)."""
    merges = list(dict.fromkeys(m for conflict in conflicts for m in conflict.fix))
    return add_merges(tokenizer, merges)[0]
