"""A token's text where it follows another token.

Decoded alone, a token can read otherwise than inside a text: SentencePiece's ``▁の`` loses its
space (the start of a text drops it), WordPiece's ``##ing`` keeps its ``##`` and its ``the``
gains no word break. Decoded after an anchor token, with the anchor's own text taken off, each
reads as it stands in a text: `` の``, ``ing``, `` the``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..pipeline.tokenizer import Tokenizer

# Kinds of token that stand for no text of their own (markers, unknowns, single bytes).
NOT_TEXT = frozenset({"special", "added", "unknown", "unused", "byte_fallback"})
# Texts tried as the anchor, in order: the first that encodes to known tokens.
ANCHORS = ("a", "0", ".", "x", "の")


class FollowingText:
    def __init__(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.anchor: list[int] = []
        kind = tokenizer.model.kind
        for text in ANCHORS:
            ids = tokenizer.encode_ids(text, special="none")
            if ids and all(kind(i) != "unknown" for i in ids):
                self.anchor = ids
                break
        self.anchor_text = tokenizer.decode(self.anchor, errors="replace")

    def __call__(self, tid: int) -> str:
        decode = self.tokenizer.decode
        if self.anchor:
            text = decode([*self.anchor, tid], errors="replace")
            if text.startswith(self.anchor_text):
                return text[len(self.anchor_text):]
        return decode([tid], errors="replace")


def text_token_ids(tokenizer: Tokenizer) -> Iterator[int]:
    """The ids of the tokens that stand for text (not added, special, unknown or a byte)."""
    specials = tokenizer.specials.by_id
    kind = tokenizer.model.kind
    for start, end in tokenizer.id_ranges():
        for tid in range(start, end + 1):
            if tid not in specials and kind(tid) not in NOT_TEXT:
                yield tid
