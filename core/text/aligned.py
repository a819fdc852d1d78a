"""Text that remembers where each character came from: the one rule every stage uses.

A stage that rewrites text (a normalizer, a pre-tokenizer that writes ``▁``, GPT-2's byte
spelling) keeps, for each output character ``i``, the input characters it came from,
``sources[i] = (start, end)``. A span of output characters then comes from
:func:`span_through`; stages compose by looking their sources up in the previous stage's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Sources = Sequence[tuple[int, int]]


def span_through(sources: Sources, start: int, end: int, *, empty_at: int = 0
                 ) -> tuple[int, int]:
    """The input span output characters ``start:end`` come from. An empty span (an inserted
    character, a cut between two) anchors where output character ``start`` comes from — past
    the last one, at its end; in an empty text, at ``empty_at``."""
    if start < end:
        return sources[start][0], sources[end - 1][1]
    if start < len(sources):
        anchor = sources[start][0]
    else:
        anchor = sources[-1][1] if len(sources) else empty_at
    return anchor, anchor


def compose_sources(outer: Sources, inner: Sources, *, empty_at: int = 0
                    ) -> tuple[tuple[int, int], ...]:
    """Sources of a text made in two steps: ``inner`` over the first step's output, whose
    own sources are ``outer``."""
    return tuple(span_through(outer, a, b, empty_at=empty_at) for a, b in inner)


@dataclass(frozen=True, slots=True)
class NormalizedText:
    """Output text; ``sources[i]`` is the (start, end) input character span of output char i.

    ``sources`` is None when the output is the input unchanged.
    """

    text: str
    sources: tuple[tuple[int, int], ...] | None = None

    @property
    def changed(self) -> bool:
        return self.sources is not None

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """Input character span covering output characters ``start:end``."""
        if self.sources is None:
            return start, end
        return span_through(self.sources, start, end)


class ColumnSources:
    """``sources`` kept as two columns (starts, ends), read as pairs."""

    __slots__ = ("ends", "starts")

    def __init__(self, starts: Sequence[int], ends: Sequence[int]) -> None:
        self.starts, self.ends = starts, ends

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, i: int) -> tuple[int, int]:
        return self.starts[i], self.ends[i]
