"""Special (added) tokens: strings that become one id without going through BPE.

Recognising them in user text is a choice with consequences (seed 002: a user who types
``<|im_end|>`` ends the turn), so every encode call says which ones it recognises:
``"all"``, ``"none"`` (plain text, as tiktoken's ``encode_ordinary``) or a given set.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

import regex

from .errors import ConfigError

SpecialMode: TypeAlias = Literal["all", "none"] | Collection[str]


@dataclass(frozen=True, slots=True)
class SpecialMatch:
    start: int
    end: int
    token: str
    id: int


class SpecialTokens:
    """A set of special strings with their ids; matching prefers the longest at a position."""

    def __init__(self, tokens: Mapping[str, int] | None = None) -> None:
        self.ids: dict[str, int] = dict(tokens or {})
        for text, tid in self.ids.items():
            if not text:
                raise ConfigError("a special token must not be the empty string")
            if not isinstance(tid, int) or tid < 0:
                raise ConfigError(f"special token {text!r} needs a non-negative integer id")
        self.by_id: dict[int, str] = {tid: text for text, tid in self.ids.items()}
        self._regex_cache: dict[frozenset[str], regex.Pattern[str] | None] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, text: object) -> bool:
        return text in self.ids

    def selected(self, mode: SpecialMode) -> frozenset[str]:
        if mode == "all":
            return frozenset(self.ids)
        if mode == "none":
            return frozenset()
        if isinstance(mode, str):
            raise ConfigError(
                f"special-token mode must be 'all', 'none' or a collection of tokens, not {mode!r}"
            )
        chosen = frozenset(mode)
        unknown = sorted(chosen - self.ids.keys())
        if unknown:
            raise ConfigError(
                f"not special tokens of this tokenizer: {', '.join(map(repr, unknown))}"
            )
        return chosen

    def _pattern(self, chosen: frozenset[str]) -> regex.Pattern[str] | None:
        if chosen not in self._regex_cache:
            if not chosen:
                self._regex_cache[chosen] = None
            else:
                ordered = sorted(chosen, key=lambda s: (-len(s), s))
                self._regex_cache[chosen] = regex.compile("|".join(map(regex.escape, ordered)))
        return self._regex_cache[chosen]

    def find(self, text: str, mode: SpecialMode = "all") -> list[SpecialMatch]:
        """Non-overlapping occurrences, left to right, of the recognised special strings."""
        pattern = self._pattern(self.selected(mode))
        if pattern is None:
            return []
        return [
            SpecialMatch(m.start(), m.end(), m.group(), self.ids[m.group()])
            for m in pattern.finditer(text)
        ]

    def find_all_strings(self, text: str) -> list[SpecialMatch]:
        """Every special string present, whether or not it will be recognised (for warnings)."""
        return self.find(text, "all")

    def split(self, text: str, mode: SpecialMode = "all") -> list[tuple[int, int, int | None]]:
        """``(start, end, id)`` segments covering the text; id is None for ordinary text."""
        segments: list[tuple[int, int, int | None]] = []
        pos = 0
        for m in self.find(text, mode):
            if m.start > pos:
                segments.append((pos, m.start, None))
            segments.append((m.start, m.end, m.id))
            pos = m.end
        if pos < len(text):
            segments.append((pos, len(text), None))
        return segments
