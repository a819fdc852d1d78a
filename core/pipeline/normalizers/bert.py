"""BERT's normalizers exactly as Hugging Face ``tokenizers`` (0.23) runs them: ``BertNormalizer``
and ``StripAccents``, each keeping every output character's source span (the character tables
are in ``text/hf_unicode.py``)."""

from __future__ import annotations

import re
from typing import Any

from ...text.hf_unicode import (
    CHINESE_RE,
    CLEAN_SPACE_RE,
    COMBINING_RE,
    CONTROL_RE,
    NONSPACING_RE,
    Span,
    lowercase_str,
    nfd_aligned,
    nfd_str,
)
from .base import NormalizedText, Normalizer

# -- alignment: a text and, for each of its characters, the input span it came from ----------


def _drop_aligned(text: str, spans: list[Span], regex: re.Pattern[str]) -> tuple[str, list[Span]]:
    """Remove the single characters ``regex`` matches."""
    cut = {m.start() for m in regex.finditer(text)}
    if not cut:
        return text, spans
    return regex.sub("", text), [span for i, span in enumerate(spans) if i not in cut]


def _space_out_aligned(text: str, spans: list[Span]) -> tuple[str, list[Span]]:
    """A space either side of every CJK ideograph; the spaces belong to the ideograph."""
    out: list[Span] = []
    pos = 0
    for m in CHINESE_RE.finditer(text):
        i = m.start()
        out.extend(spans[pos:i])
        out.extend([spans[i]] * 3)
        pos = i + 1
    if not pos:
        return text, spans
    out.extend(spans[pos:])
    return CHINESE_RE.sub(r" \g<0> ", text), out


def _lower_aligned(text: str, spans: list[Span]) -> tuple[str, list[Span]]:
    low = lowercase_str(text)
    if len(low) == len(text):
        # Every character lowercases to at least one, so equal lengths mean one each.
        return low, spans
    out: list[Span] = []
    for ch, span in zip(text, spans, strict=True):
        out.extend([span] * len(lowercase_str(ch)))
    return low, out


def _result(text: str, out: str, spans: list[Span]) -> NormalizedText:
    if out == text:
        return NormalizedText(text)
    return NormalizedText(out, tuple(spans))


def _identity_spans(text: str) -> list[Span]:
    return [(i, i + 1) for i in range(len(text))]


# -- normalizers ------------------------------------------------------------------------------


class BertNormalizer(Normalizer):
    """HF's BertNormalizer: clean text, space out CJK ideographs, strip accents, lowercase.

    ``strip_accents=None`` strips exactly when ``lowercase`` is on (uncased BERT strips, cased
    BERT keeps accents), as HF does.
    """

    kind = "bert"

    def __init__(
        self,
        *,
        clean_text: bool = True,
        handle_chinese_chars: bool = True,
        strip_accents: bool | None = None,
        lowercase: bool = True,
    ) -> None:
        self.clean_text = clean_text
        self.handle_chinese_chars = handle_chinese_chars
        self.strip_accents = strip_accents
        self.lowercase = lowercase

    @property
    def strips_accents(self) -> bool:
        return self.lowercase if self.strip_accents is None else self.strip_accents

    def to_config(self) -> dict[str, Any]:
        return {
            "type": "BertNormalizer",
            "clean_text": self.clean_text,
            "handle_chinese_chars": self.handle_chinese_chars,
            "strip_accents": self.strip_accents,
            "lowercase": self.lowercase,
        }

    def normalize_str(self, text: str) -> str:
        ascii_only = text.isascii()
        if self.clean_text:
            text = CONTROL_RE.sub("", text)
            text = CLEAN_SPACE_RE.sub(" ", text)
        if not ascii_only:
            # Nothing below changes ASCII text except lowercasing.
            if self.handle_chinese_chars:
                text = CHINESE_RE.sub(r" \g<0> ", text)
            if self.strips_accents:
                text = NONSPACING_RE.sub("", nfd_str(text))
        if self.lowercase:
            text = lowercase_str(text)
        return text

    def normalize(self, text: str) -> NormalizedText:
        if self.normalize_str(text) == text:
            return NormalizedText(text)
        out, spans = text, _identity_spans(text)
        if self.clean_text:
            out, spans = _drop_aligned(out, spans, CONTROL_RE)
            out = CLEAN_SPACE_RE.sub(" ", out)  # one for one
        if self.handle_chinese_chars:
            out, spans = _space_out_aligned(out, spans)
        if self.strips_accents:
            out, spans = nfd_aligned(out, spans)
            out, spans = _drop_aligned(out, spans, NONSPACING_RE)
        if self.lowercase:
            out, spans = _lower_aligned(out, spans)
        return _result(text, out, spans)


class StripAccents(Normalizer):
    """HF's StripAccents: drops every combining mark (Mn, Mc and Me of HF's tables) and
    nothing else; it does not decompose, so it is normally used after NFD or NFKD."""

    kind = "strip_accents"

    def to_config(self) -> dict[str, Any]:
        return {"type": "StripAccents"}

    def normalize_str(self, text: str) -> str:
        return text if text.isascii() else COMBINING_RE.sub("", text)

    def normalize(self, text: str) -> NormalizedText:
        if text.isascii() or not COMBINING_RE.search(text):
            return NormalizedText(text)
        out, spans = _drop_aligned(text, _identity_spans(text), COMBINING_RE)
        return _result(text, out, spans)
