"""One sentence under several tokenizers, every token placed on the sentence's own UTF-8 byte
axis, so that where two tokenizers cut differently shows.

Each tokenizer's tokens come from its token table (the same walk as every other view). Their
spans are over the text the model saw; a tokenizer that normalizes or rewrites the text
(``▁`` for spaces, NFKC) has each token placed on the input characters it came from, so all
rows share one axis. A token ending inside a character (byte-level BPE splitting 猫) keeps its
byte position wherever the model saw the characters it covers unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer
from ..results.token_table import TokenTable, token_table
from ..text.units import char_byte_starts, clean_surrogates


@dataclass(frozen=True, slots=True)
class PlacedToken:
    token_id: int
    byte_start: int  # on the input sentence's bytes
    byte_end: int
    kind: str
    partial: bool  # starts or ends inside a character


@dataclass(frozen=True, slots=True)
class Segmentation:
    """One tokenizer's tokens of the sentence, in order."""

    tokenizer: str
    tokens: tuple[PlacedToken, ...]

    @property
    def cuts(self) -> frozenset[int]:
        """Byte offsets inside the sentence where one token ends and the next starts."""
        return frozenset(t.byte_end for t in self.tokens[:-1] if t.byte_end > 0)


@dataclass(frozen=True, slots=True)
class SideBySide:
    text: str
    char_bytes: tuple[int, ...]  # byte offset of each character, then the total
    rows: tuple[Segmentation, ...]

    @property
    def byte_count(self) -> int:
        return self.char_bytes[-1]

    def differing_cuts(self) -> tuple[int, ...]:
        """Offsets where some tokenizers cut and others do not, in order."""
        cuts = [row.cuts for row in self.rows]
        if len(cuts) < 2:
            return ()
        every = frozenset.intersection(*cuts)
        return tuple(sorted(frozenset.union(*cuts) - every))

    def cuts_only_here(self, row: int) -> frozenset[int]:
        """Cuts of row ``row`` that not every other row makes."""
        others = [r.cuts for i, r in enumerate(self.rows) if i != row]
        if not others:
            return frozenset()
        return self.rows[row].cuts - frozenset.intersection(*others)


def side_by_side(text: str, tokenizers: Sequence[tuple[str, Tokenizer]], *,
                 special: SpecialMode = "none") -> SideBySide:
    """``text`` under each tokenizer (named as the caller names it)."""
    return aligned_rows(text, [segment(name, tokenizer, text, special=special)
                               for name, tokenizer in tokenizers])


def segment(name: str, tokenizer: Tokenizer, text: str, *,
            special: SpecialMode = "none") -> Segmentation:
    """One tokenizer's row: its tokens of ``text`` on the text's bytes."""
    clean, _ = clean_surrogates(text)
    starts = tuple(char_byte_starts(clean))
    return Segmentation(name, _placed(token_table(tokenizer, clean, special=special), starts))


def aligned_rows(text: str, rows: Sequence[Segmentation]) -> SideBySide:
    """Rows made one by one (:func:`segment`) put side by side."""
    clean, _ = clean_surrogates(text)
    return SideBySide(text=clean, char_bytes=tuple(char_byte_starts(clean)), rows=tuple(rows))


def _placed(table: TokenTable, starts: tuple[int, ...]) -> tuple[PlacedToken, ...]:
    same_text = table.sources is None and table.model_text == table.text
    model, text = table.model_text, table.text
    last = len(starts) - 1
    out: list[PlacedToken] = []
    for i in range(len(table)):
        if same_text:
            b0, b1 = table.byte_starts[i], table.byte_ends[i]
        else:
            m0, m1 = table.char_starts[i], table.char_ends[i]
            c0, c1 = table.source_span(m0, m1)
            c0, c1 = min(c0, last), min(c1, last)
            if m1 - m0 == c1 - c0 and model[m0:m1] == text[c0:c1]:
                # The model saw these characters as they are: bytes keep their place (a
                # token ending inside a character too), whatever was normalized elsewhere.
                base = starts[c0] - table.char_bytes[m0]
                b0, b1 = table.byte_starts[i] + base, table.byte_ends[i] + base
            else:
                b0, b1 = starts[c0], starts[c1]
        out.append(PlacedToken(table.ids[i], b0, b1, table.kind(i), bool(table.partial[i])))
    return tuple(out)
