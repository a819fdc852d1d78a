"""What every model offers the pipeline: encode one piece, say what each token covers, and
explain itself (merge steps, how a token was built)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from typing import Literal, NamedTuple

from .merge_trace import MergeStep

Level = Literal["byte", "char"]


class BuiltFrom(NamedTuple):
    """How a token is made: ``left`` + ``right`` by the merge of this rank."""

    left_id: int
    right_id: int
    rank: int


class TokenModel(ABC):
    """A model: a vocabulary and a way to turn one pre-token piece into ids.

    ``token_bytes[id]`` is what the token stands for in the text (its bytes, without markers
    such as ``##`` or ``</w>``); ids the model does not have hold ``None``.
    """

    level: Level = "byte"

    @property
    @abstractmethod
    def token_bytes(self) -> list[bytes | None]: ...

    @property
    def vocab_size(self) -> int:
        """One past the largest id."""
        return len(self.token_bytes)

    def has_id(self, token_id: int) -> bool:
        return 0 <= token_id < len(self.token_bytes) and self.token_bytes[token_id] is not None

    @abstractmethod
    def encode_piece(self, piece: str) -> list[int]:
        """Ids for one piece (the fast path; the result may be shared: do not modify it)."""

    def encode_piece_spans(self, piece: str) -> tuple[list[int], list[int]]:
        """Ids and how many bytes of the piece each one covers."""
        ids = self.encode_piece(piece)
        table = self.token_bytes
        return ids, [len(table[i] or b"") for i in ids]

    def trace_piece(self, piece: str) -> tuple[list[int], list[int], list[MergeStep]] | None:
        """(initial ids, final ids, merge steps), or None for a model that does not merge."""
        return None

    def built_by(self, token_id: int) -> BuiltFrom | None:
        """The pair a merge builds this token from, or None (a base token, or no merges)."""
        return None

    def kind(self, token_id: int) -> str:
        return "merged"

    def token_label(self, token_id: int, *, printable: bool = False) -> str:
        """How the token is written for people (its vocabulary string when it has one)."""
        data = self.token_bytes[token_id] or b""
        if printable:
            from .byte_level import bytes_to_printable

            return bytes_to_printable(data)
        return data.decode("utf-8", "backslashreplace")

    def id_to_token(self, token_id: int) -> str | None:
        """The token as its file spells it, or None."""
        return self.token_label(token_id) if self.has_id(token_id) else None

    def encode_pieces(self, pieces: list[str]) -> list[list[int]]:
        """Many pieces at once (a long text never seen); models may do it faster together."""
        return list(map(self.encode_piece, pieces))

    def decode_table(self) -> list[bytes | None] | None:
        """Bytes per id such that decoding is joining them (None at ids not in the model), or
        None when decoding is more than a join (an end-of-word marker, say)."""
        return self.token_bytes

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The tokens' bytes joined (ids must be valid)."""
        table = self.token_bytes
        return b"".join([table[i] or b"" for i in ids])

    @property
    def merge_count(self) -> int:
        return 0

    def describe(self) -> str:
        return f"{type(self).__name__}, {self.vocab_size} ids"
