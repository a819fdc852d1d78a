"""What a token is made of in words, as SuperBPE counts them (a word: the bytes between
spaces). Kept apart from the trainer so that playback and the CLI ask without numpy."""

from __future__ import annotations


def is_superword(data: bytes) -> bool:
    """Whether a token's bytes cross a word boundary: a space after something that is not a
    space (``" of the"``, ``"the "``; not ``" the"`` nor ``"   "``)."""
    return b" " in data.lstrip(b" ")


def word_count(data: bytes) -> int:
    """Words as the authors count them: the non-empty parts between spaces."""
    return sum(1 for part in data.split(b" ") if part)
