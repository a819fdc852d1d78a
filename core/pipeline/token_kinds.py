"""Which kind each token id is — special, added, byte, merged, unknown … — for one tokenizer.

Encodings, walks and token tables name their tokens' kinds from here. Each id's kind is looked
up once and kept: a table of the whole vocabulary would cost up to 0.8 s to build (qwen3's
151,643 tokens), and a text uses a few thousand ids.
"""

from __future__ import annotations

from collections.abc import Callable

from ..models.base import TokenKind, TokenModel
from .added_tokens import AddedVocabulary


class _Kept(dict[int, TokenKind]):
    __slots__ = ("_look_up",)

    def __init__(self, look_up: Callable[[int], TokenKind]) -> None:
        super().__init__()
        self._look_up = look_up

    def __missing__(self, token_id: int) -> TokenKind:
        kind = self[token_id] = self._look_up(token_id)
        return kind


class TokenKinds:
    """The kinds of one tokenizer's ids (its model and added vocabulary never change)."""

    __slots__ = ("_added", "_model")

    def __init__(self, model: TokenModel, added: AddedVocabulary) -> None:
        self._added: dict[int, TokenKind] = {
            tid: "special" if added.is_special(tid) else "added" for tid in added.by_id}
        self._model = _Kept(model.kind)

    def of_model(self, token_id: int) -> TokenKind:
        """The kind the model gives ``token_id`` (a token the model produced)."""
        return self._model[token_id]

    def of_added(self, token_id: int) -> TokenKind:
        """The kind of ``token_id`` matched as an added token (or added by a post-processor:
        then the model's kind, when it is not in the added vocabulary)."""
        kind = self._added.get(token_id)
        return kind if kind is not None else self._model[token_id]

    def of(self, token_id: int, *, added: bool) -> TokenKind:
        return self.of_added(token_id) if added else self._model[token_id]
