"""What the GUI shows about one token when hovered: id, bytes, text, kind, how it was built."""

from __future__ import annotations

from dataclasses import dataclass

from ..models.base import TokenKind
from ..pipeline.tokenizer import Tokenizer
from ..text.display import hex_bytes, visible
from .token_table import TokenTable


@dataclass(frozen=True, slots=True)
class TokenInfo:
    index: int
    id: int
    kind: TokenKind
    data: bytes  # what this occurrence covers in the model text
    text: str | None  # its characters, whitespace made visible; None inside a character
    spelling: str | None  # as the tokenizer's vocabulary writes it (Ġhello, ▁the, ##ing)
    partial: bool
    byte_start: int
    byte_end: int
    char_start: int
    char_end: int
    rank: int | None  # of the merge that builds the token (tiktoken: the token's rank)
    left: str | None  # the pair it is merged from, as spellings
    right: str | None
    left_id: int | None
    right_id: int | None

    @property
    def hex(self) -> str:
        return hex_bytes(self.data)

    def lines(self) -> list[str]:
        """The hover text, one fact per line."""
        out = [f"id {self.id} · {self.kind}"]
        if self.text is not None:
            out.append(f"text “{self.text}”")
        out.append(f"bytes {self.hex or '(none)'}" + (" — ends inside a character"
                                                       if self.partial else ""))
        if self.spelling is not None and self.spelling != self.text:
            out.append(f"vocabulary “{self.spelling}”")
        if self.rank is not None:
            out.append(f"merge rank {self.rank}")
        if self.left is not None:
            out.append(f"merged from “{self.left}” ({self.left_id}) + “{self.right}” "
                       f"({self.right_id})")
        out.append(f"bytes {self.byte_start}–{self.byte_end}, "
                   f"characters {self.char_start}–{self.char_end}")
        return out


def token_info(tokenizer: Tokenizer, table: TokenTable, index: int) -> TokenInfo:
    token_id = table.ids[index]
    data = table.token_bytes(index)
    try:
        text: str | None = None if table.partial[index] else visible(data.decode("utf-8"))
    except UnicodeDecodeError:
        text = None
    kind = table.kind(index)
    built = rank = None
    if kind not in ("special", "added"):
        built = tokenizer.model.built_by(token_id)
        rank = tokenizer.model.merge_rank(token_id)
    label = _spelling(tokenizer)
    return TokenInfo(
        index=index, id=token_id, kind=kind, data=data, text=text,
        spelling=label(token_id), partial=bool(table.partial[index]),
        byte_start=table.byte_starts[index], byte_end=table.byte_ends[index],
        char_start=table.char_starts[index], char_end=table.char_ends[index], rank=rank,
        left=label(built.left_id) if built else None,
        right=label(built.right_id) if built else None,
        left_id=built.left_id if built else None, right_id=built.right_id if built else None,
    )


def _spelling(tokenizer: Tokenizer):
    def label(token_id: int) -> str | None:
        spelled = tokenizer.id_to_token(token_id)
        return None if spelled is None else visible(spelled)

    return label
