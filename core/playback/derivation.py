"""How a token is built: the binary tree of merges down to bytes or characters, and, for a
piece that ends as several tokens, why it is not one.

A tree follows ``model.built_by`` (the first rule that makes the token; tiktoken and
SentencePiece files hold no pairs, so their models derive it on demand from the token's own
bytes and cache it). A token that no merge builds although it is longer than one symbol (a
rank file may hold bytes its own merges never form) is a leaf that says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bpelens.core.messages import Message

from ..models.merges import MergeRule
from ..pipeline.tokenizer import Tokenizer
from ..results.token_table import TokenTable
from ..text.display import isolated
from .encoding_playback import PiecePlayback, Stop

# Far deeper than any real tree (o200k's deepest is a few dozen levels); a file whose rules
# loop would otherwise recurse without end.
MAX_DEPTH = 256


@dataclass(frozen=True, slots=True)
class DerivationNode:
    """A token and, unless it is a leaf, the rule and the two tokens it is merged from."""

    id: int
    label: str
    rule: MergeRule | None
    left: DerivationNode | None = None
    right: DerivationNode | None = None
    # A leaf longer than a base symbol that no merge builds (or the depth limit cut it).
    unbuilt: bool = False

    @property
    def is_leaf(self) -> bool:
        return self.left is None

    def leaves(self) -> Iterator[DerivationNode]:
        if self.left is None or self.right is None:
            yield self
            return
        yield from self.left.leaves()
        yield from self.right.leaves()

    def nodes(self) -> Iterator[DerivationNode]:
        """Every node, parents before children, left before right."""
        yield self
        if self.left is not None and self.right is not None:
            yield from self.left.nodes()
            yield from self.right.nodes()

    @property
    def depth(self) -> int:
        if self.left is None or self.right is None:
            return 0
        return 1 + max(self.left.depth, self.right.depth)


def derivation(tokenizer: Tokenizer, token_id: int) -> DerivationNode:
    """The merge tree of ``token_id`` (an added token or a base symbol is a single leaf)."""
    model = tokenizer.model
    label = tokenizer.token_label

    def build(tid: int, depth: int) -> DerivationNode:
        rule = None if tid in tokenizer.specials.by_id else model.built_by(tid)
        if rule is None or depth >= MAX_DEPTH:
            data = tokenizer.token_bytes(tid) if model.has_id(tid) else b""
            base = model.kind(tid) in ("byte", "char", "byte_fallback", "end_of_word")
            unbuilt = depth >= MAX_DEPTH or (
                not base and tid not in tokenizer.specials.by_id and len(data) > 1)
            return DerivationNode(tid, label(tid), None, unbuilt=unbuilt)
        return DerivationNode(tid, label(tid), rule, build(rule.left_id, depth + 1),
                              build(rule.right_id, depth + 1))

    return build(token_id, 0)


@dataclass(frozen=True, slots=True)
class WhyNotOne:
    """Why a piece ends as several tokens: where merging stopped and which pairs are missing."""

    piece: str
    final_ids: tuple[int, ...]
    stops: tuple[Stop, ...]
    last_rule: MergeRule | None  # the last merge that did apply (None: none did)
    finish: str  # what the model did after the merges, when that changed the tokens

    def sentence(self, tokenizer: Tokenizer, label: Callable[[int], str] | None = None
                 ) -> str:
        """One line for people (tokens written by ``label``, by default the tokenizer's)."""
        if len(self.final_ids) <= 1:
            return Message("the piece is one token")
        label = label or tokenizer.token_label
        # Each token isolated: an Arabic pair would otherwise reverse around its comma.
        missing: str = ", ".join(f"({isolated(label(s.left_id))}, {isolated(label(s.right_id))})"
                                 for s in self.stops) or Message("the tokens left")
        rule = self.last_rule
        last = Message("the last merge was ({left}, {right}) at rank {rank}",
                       left=isolated(label(rule.left_id)), right=isolated(label(rule.right_id)),
                       rank=rule.rank) if rule else Message("no merge applied")
        if self.finish:
            return Message("{count} tokens: merging stopped because no merge joins {missing} "
                           "({last}); then {finish}", count=len(self.final_ids),
                           missing=missing, last=last, finish=self.finish)
        return Message("{count} tokens: merging stopped because no merge joins {missing} "
                       "({last})", count=len(self.final_ids), missing=missing, last=last)


def why_not_one(piece: PiecePlayback) -> WhyNotOne:
    last = piece.steps[-1].rule if piece.steps else None
    return WhyNotOne(piece.text, piece.final_ids, piece.stops(), last, piece.finish)


def piece_not_one_token(tokenizer: Tokenizer, table: TokenTable, index: int
                        ) -> WhyNotOne | None:
    """Why the piece holding token ``index`` of a token table ends as several tokens (None
    when it is one token, an added token, or the model does not merge). Only that piece is
    traced, so it costs what one piece costs."""
    if table.from_special[index] or not tokenizer.model.merge_count:
        return None
    byte_start = table.byte_starts[index]
    pieces = table.pieces_in_bytes(byte_start, max(byte_start + 1, table.byte_ends[index]))
    if not pieces:
        return None
    first = pieces[0]
    data = table.model_text.encode("utf-8")[table.piece_byte_starts[first]:
                                          table.piece_byte_ends[first]]
    text = data.decode("utf-8", "replace")
    encoding = tokenizer.encode(text, special="none", trace=True)
    if not encoding.traces or len(encoding.traces) != 1:
        return None  # the piece alone does not cut the same way: no honest answer here
    from .encoding_playback import EncodingPlayback

    piece = EncodingPlayback(tokenizer, encoding).pieces[0]
    return why_not_one(piece) if len(piece.final_ids) > 1 else None
