"""The walk's first steps, shared by every way of encoding: added tokens matched in the text
as typed, each text between them normalized, added tokens matched in the normalized text."""

from __future__ import annotations

from collections.abc import Iterator

from .added_tokens import AddedVocabulary, SpecialMode
from .normalizers.base import Normalizer

Segment = tuple[int, int, int | None]  # (start, end, added token id or None)


def raw_segments(specials: AddedVocabulary, text: str, special: SpecialMode) -> list[Segment]:
    """``text`` cut at the added tokens matched as typed (``normalized=False``)."""
    if not len(specials):
        specials.selected(special)  # still validate the mode
        return [(0, len(text), None)] if text else []
    return specials.split(text, special)


def normalized_segments(specials: AddedVocabulary, text: str, special: SpecialMode
                        ) -> list[Segment]:
    """Normalized ``text`` cut at the added tokens matched there (``normalized=True``)."""
    if not specials.has_normalized:
        return [(0, len(text), None)] if text else []
    return specials.split(text, special, normalized=True)


def model_parts(specials: AddedVocabulary, normalizer: Normalizer, text: str,
                special: SpecialMode, *, normalize: bool = True
                ) -> Iterator[tuple[str, int | None, bool]]:
    """What the model is given, in order: ``(part, None, at_input_start)`` for normalized
    text between added tokens, ``("", id, False)`` for an added token."""
    for start, end, sid in raw_segments(specials, text, special):
        if sid is not None:
            yield "", sid, False
            continue
        segment = text if (start, end) == (0, len(text)) else text[start:end]
        if normalize:
            segment = normalizer.normalize_str(segment)
        for s, e, nid in normalized_segments(specials, segment, special):
            if nid is not None:
                yield "", nid, False
            else:
                part = segment if (s, e) == (0, len(segment)) else segment[s:e]
                yield part, None, start == 0 and s == 0
