"""Hugging Face normalizers that BPE Lens's own pipeline does not need: Strip, Replace,
Prepend — each keeping track of which input characters every output character came from."""

from __future__ import annotations

from typing import Any

import regex

from ...text.regex_dialects import literal_or_onig
from .base import NormalizedText, Normalizer

_WHITESPACE = regex.compile(r"\s")


class StripNormalizer(Normalizer):
    """Remove leading and/or trailing whitespace."""

    kind = "Strip"

    def __init__(self, *, left: bool = True, right: bool = True) -> None:
        self.left = left
        self.right = right

    def _bounds(self, text: str) -> tuple[int, int]:
        start, end = 0, len(text)
        if self.left:
            while start < end and _WHITESPACE.match(text[start]):
                start += 1
        if self.right:
            while end > start and _WHITESPACE.match(text[end - 1]):
                end -= 1
        return start, end

    def normalize_str(self, text: str) -> str:
        start, end = self._bounds(text)
        return text[start:end]

    def normalize(self, text: str) -> NormalizedText:
        start, end = self._bounds(text)
        if (start, end) == (0, len(text)):
            return NormalizedText(text)
        return NormalizedText(text[start:end], tuple((i, i + 1) for i in range(start, end)))

    def to_config(self) -> dict[str, Any]:
        return {"type": "Strip", "strip_left": self.left, "strip_right": self.right}


class ReplaceNormalizer(Normalizer):
    """Replace every match of a literal string or an (Oniguruma) regex with ``content``."""

    kind = "Replace"

    def __init__(self, pattern: str, content: str, *, is_regex: bool) -> None:
        self.pattern = pattern
        self.content = content
        self.is_regex = is_regex
        self._regex = literal_or_onig(pattern, is_regex=is_regex, what="normalizer Replace")

    def normalize_str(self, text: str) -> str:
        if not self.is_regex:
            return text.replace(self.pattern, self.content) if self.pattern else text
        return self._regex.sub(lambda _: self.content, text)

    def normalize(self, text: str) -> NormalizedText:
        out: list[str] = []
        sources: list[tuple[int, int]] = []
        pos = 0
        changed = False
        for m in self._regex.finditer(text):
            start, end = m.span()
            if start == end:
                continue
            out.append(text[pos:start])
            sources.extend((i, i + 1) for i in range(pos, start))
            out.append(self.content)
            sources.extend([(start, end)] * len(self.content))
            pos = end
            changed = True
        if not changed:
            return NormalizedText(text)
        out.append(text[pos:])
        sources.extend((i, i + 1) for i in range(pos, len(text)))
        return NormalizedText("".join(out), tuple(sources))

    def to_config(self) -> dict[str, Any]:
        key = "Regex" if self.is_regex else "String"
        return {"type": "Replace", "pattern": {key: self.pattern}, "content": self.content}


class PrependNormalizer(Normalizer):
    """Put ``prepend`` before a non-empty text (SentencePiece's leading ``▁``)."""

    kind = "Prepend"

    def __init__(self, prepend: str) -> None:
        self.prepend = prepend

    def normalize_str(self, text: str) -> str:
        return self.prepend + text if text else text

    def normalize(self, text: str) -> NormalizedText:
        if not text or not self.prepend:
            return NormalizedText(text)
        sources = ((0, 0),) * len(self.prepend) + tuple((i, i + 1) for i in range(len(text)))
        return NormalizedText(self.prepend + text, sources)

    def to_config(self) -> dict[str, Any]:
        return {"type": "Prepend", "prepend": self.prepend}
