"""What an encode call returns: ids, tokens with spans, pieces, traces — plain frozen data."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..models.merges import PieceTrace
from ..pipeline.added_tokens import SpecialMatch
from ..text.aligned import span_through
from ..text.units import Span

PIECE_TEXT = "text"
PIECE_SPECIAL = "special"


@dataclass(frozen=True, slots=True)
class Piece:
    """A pre-token piece (or a recognised special token) of the model text.

    ``model_input`` is exactly what the model was given for it (GPT-2's byte spelling when a
    byte-level step hands that on, ``▁`` for spaces…), so the piece can be encoded or traced
    alone: ``tokenizer.model.trace_piece(piece.model_input)``. Empty for an added token."""

    index: int
    text: str
    span: Span
    special_id: int | None = None
    model_input: str = ""

    @property
    def kind(self) -> str:
        return PIECE_SPECIAL if self.special_id is not None else PIECE_TEXT


@dataclass(frozen=True, slots=True)
class Token:
    """One output token. ``span`` is over the model text (see :class:`Encoding`)."""

    index: int
    id: int
    bytes: bytes
    label: str
    span: Span
    piece_index: int
    kind: str

    @property
    def partial(self) -> bool:
        """True when the token starts or ends inside a character."""
        return self.span.partial

    @property
    def text(self) -> str | None:
        """The token's text when its bytes are whole UTF-8 characters, else None."""
        try:
            return self.bytes.decode("utf-8")
        except UnicodeDecodeError:
            return None


@dataclass(frozen=True, slots=True)
class Encoding:
    """The full result of encoding one text.

    ``model_text`` is the text the model saw: the input with lone surrogates replaced by
    U+FFFD and normalized. Token and piece spans are over ``model_text``; ``source_span``
    maps a character span of it back to the input. With no normalizer and no surrogates
    the two texts are the same.

    The stages, each as plain data with offsets: ``segments`` (the special-token split, over
    the input), ``model_text`` (after the normalizer), ``pieces`` (the pre-tokenizer's
    pieces and the recognised specials, over the model text), ``tokens`` (the model's output).
    """

    text: str
    model_text: str
    ids: tuple[int, ...]
    tokens: tuple[Token, ...]
    pieces: tuple[Piece, ...]
    specials_found: tuple[SpecialMatch, ...]
    specials_recognised: tuple[SpecialMatch, ...]
    replaced_surrogates: tuple[int, ...] = ()
    normalized: bool = False
    segments: tuple[Piece, ...] = ()
    decoded: str = ""
    traces: tuple[PieceTrace, ...] | None = None
    _sources: tuple[tuple[int, int], ...] | None = field(default=None, repr=False)

    @property
    def round_trip(self) -> bool:
        """decode(encode(text)) == text, exactly."""
        return self.decoded == self.text

    @property
    def round_trip_model_text(self) -> bool:
        """decode(encode(text)) == the normalized text the model saw."""
        return self.decoded == self.model_text

    @property
    def byte_count(self) -> int:
        return len(self.model_text.encode("utf-8"))

    @property
    def specials_as_text(self) -> tuple[SpecialMatch, ...]:
        """Special strings present in the input but encoded as plain text."""
        seen = {(m.start, m.end) for m in self.specials_recognised}
        return tuple(m for m in self.specials_found if (m.start, m.end) not in seen)

    def source_span(self, char_start: int, char_end: int) -> tuple[int, int]:
        """Input character span for a character span of ``model_text``."""
        if self._sources is None:
            return char_start, char_end
        return span_through(self._sources, char_start, char_end)
