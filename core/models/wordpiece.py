"""WordPiece (BERT's model) exactly as Hugging Face ``tokenizers`` runs it.

Within one word, take the longest vocabulary entry that starts the word, then repeatedly the
longest ``##``-prefixed entry that continues it. If some position has no match at all, the
whole word becomes the unknown token (HF does not keep the part it could match), and so does a
word longer than ``max_input_chars_per_word`` characters, even one that is itself in the
vocabulary. Lengths are counted in characters, as HF counts them.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any

from bpelens.core.messages import Message

from ..errors import EncodeError
from .base import TokenKind, TokenModel

DEFAULT_PREFIX = "##"
DEFAULT_UNK = "[UNK]"
DEFAULT_MAX_CHARS = 100


class WordPieceModel(TokenModel):
    """A WordPiece vocabulary: greedy longest match first, word by word."""

    merge_method = ("WordPiece does not merge: it takes the longest vocabulary entry that "
                    "starts the word, then the longest ##-entry that continues it, until the "
                    "word is covered (a word with no match at some point becomes [UNK] whole)")

    level = "char"

    def __init__(
        self,
        vocab: Mapping[str, int],
        *,
        unk_token: str = DEFAULT_UNK,
        continuing_subword_prefix: str = DEFAULT_PREFIX,
        max_input_chars_per_word: int = DEFAULT_MAX_CHARS,
    ) -> None:
        self.vocab: dict[str, int] = dict(vocab)
        self.unk_token = unk_token
        self.prefix = continuing_subword_prefix
        self.max_input_chars_per_word = max_input_chars_per_word
        self.unk_id: int | None = self.vocab.get(unk_token)

        # Continuation entries by the text they stand for ("##ing" → "ing"): looking up the
        # bare slice saves building prefix + slice for every candidate length. "##" alone
        # continues nothing (HF never looks up an empty continuation), so it is left out.
        # With an empty prefix every entry continues a word, as in HF.
        n = len(self.prefix)
        self._continuations: dict[str, int] = {
            token[n:]: tid for token, tid in self.vocab.items()
            if len(token) > n and token.startswith(self.prefix)
        }
        # No entry is longer than these, so longer candidates need no lookup.
        self._longest_word = max(map(len, self.vocab), default=0)
        self._longest_continuation = max(map(len, self._continuations), default=0)

        # The spelling of each id; on duplicate ids the first entry in the file wins.
        self._labels: dict[int, str] = {}
        for token, tid in self.vocab.items():
            self._labels.setdefault(tid, token)

    @property
    def entry_count(self) -> int:
        return len(self.vocab)

    def to_hf(self) -> dict[str, Any]:
        """The tokenizer.json ``"model"`` object (vocabulary in id order)."""
        return {
            "type": "WordPiece",
            "unk_token": self.unk_token,
            "continuing_subword_prefix": self.prefix,
            "max_input_chars_per_word": self.max_input_chars_per_word,
            "vocab": dict(sorted(self.vocab.items(), key=lambda kv: kv[1])),
        }

    # -- vocabulary ------------------------------------------------------------------------
    def _is_continuation(self, token: str) -> bool:
        n = len(self.prefix)
        return bool(n) and len(token) > n and token.startswith(self.prefix)

    @cached_property
    def token_bytes(self) -> list[bytes | None]:  # type: ignore[override]
        table: list[bytes | None] = [None] * (max(self._labels, default=-1) + 1)
        n = len(self.prefix)
        for tid, token in self._labels.items():
            text = token[n:] if self._is_continuation(token) else token
            table[tid] = text.encode("utf-8")
        return table

    def token_to_id(self, token: str) -> int | None:
        return self.vocab.get(token)

    def id_to_token(self, token_id: int) -> str | None:
        return self._labels.get(token_id)

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        # The vocabulary spelling ("##ing") is already how people read WordPiece tokens.
        return self._labels.get(token_id, "")

    def kind(self, token_id: int) -> TokenKind:
        if token_id == self.unk_id:
            return "unknown"
        label = self._labels.get(token_id)
        return "continuation" if label is not None and self._is_continuation(label) else "word"

    def describe(self) -> str:
        continuing = Message("{count} continuing with {prefix!r}",
                             count=len(self._continuations), prefix=self.prefix
                             ) if self.prefix else Message("no continuation prefix")
        return Message("WordPiece, {tokens} tokens ({continuing}), unknown {unknown!r}, words "
                       "over {longest} characters are unknown", tokens=len(self.vocab),
                       continuing=continuing, unknown=self.unk_token,
                       longest=self.max_input_chars_per_word)

    # -- encoding --------------------------------------------------------------------------
    def _unknown(self) -> int:
        if self.unk_id is None:
            raise EncodeError(
                Message("this WordPiece vocabulary has no unknown token {unk_token!r}, and a word "
                        "needs it (it cannot be matched, or is too long)",
                        unk_token=self.unk_token)
            )
        return self.unk_id

    def _match(self, piece: str) -> tuple[list[int], list[int]] | None:
        """Ids and the character offset where each ends; None when a position cannot match."""
        vocab_get = self.vocab.get
        cont_get = self._continuations.get
        n = len(piece)
        ids: list[int] = []
        ends: list[int] = []
        start = 0
        end = min(n, self._longest_word)
        while True:
            # Longest first: shrink one character at a time, as HF does.
            get = cont_get if start else vocab_get
            while end > start:
                tid = get(piece[start:end])
                if tid is not None:
                    break
                end -= 1
            else:
                return None
            ids.append(tid)
            ends.append(end)
            if end == n:
                return ids, ends
            start = end
            end = min(n, start + self._longest_continuation)

    def encode_piece(self, piece: str) -> list[int]:
        if not piece:
            # HF's loop never runs for an empty word, even if "" is in the vocabulary.
            return []
        if len(piece) > self.max_input_chars_per_word:
            return [self._unknown()]
        whole = self.vocab.get(piece)
        if whole is not None:
            return [whole]
        matched = self._match(piece)
        return [self._unknown()] if matched is None else matched[0]

    def encode_piece_spans(self, piece: str) -> tuple[list[int], list[int]]:
        """Ids and the UTF-8 bytes of the piece each covers (an unknown covers the word).

        This, not ``token_bytes``, says what a token covers here: a ``##`` entry matched at
        the start of a word covers its prefix too.
        """
        ids = self.encode_piece(piece)
        if len(ids) <= 1:
            return ids, [len(piece.encode("utf-8"))] if ids else []
        _, ends = self._match(piece) or ([], [])
        starts = [0, *ends[:-1]]
        if piece.isascii():
            return ids, [e - s for s, e in zip(starts, ends, strict=True)]
        return ids, [len(piece[s:e].encode("utf-8")) for s, e in zip(starts, ends, strict=True)]
