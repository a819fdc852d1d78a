"""Normalizers: text → text, each able to say which input characters every output character
came from, so the views can map tokens of normalized text back to what the user typed."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any

from bpelens.core.messages import Message

from ...errors import ConfigError
from ...text.aligned import NormalizedText, compose_sources
from ...text.unicode_compat import normalize_as_unicode_9
from ..capabilities import Can, Declares
from ..component_table import ComponentTable


def _identity(text: str) -> NormalizedText:
    return NormalizedText(text)


def _chunked(
    text: str, fn: Callable[[str], str], chunks: list[tuple[int, int]]
) -> NormalizedText | None:
    """Normalize chunk by chunk; None when that disagrees with normalizing the whole text."""
    out: list[str] = []
    sources: list[tuple[int, int]] = []
    for start, end in chunks:
        piece = text[start:end]
        norm = fn(piece)
        out.append(norm)
        if len(norm) == end - start and all(len(fn(c)) == 1 for c in piece):
            sources.extend((i, i + 1) for i in range(start, end))
        else:
            sources.extend([(start, end)] * len(norm))
    result = "".join(out)
    if result != fn(text):
        return None
    return NormalizedText(result, tuple(sources))


def _clusters(text: str) -> list[tuple[int, int]]:
    """Spans of a starter followed by its combining marks."""
    spans: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(text)):
        if unicodedata.combining(text[i]) == 0:
            spans.append((start, i))
            start = i
    if text:
        spans.append((start, len(text)))
    return spans


def _words(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    start = 0
    for i in range(1, len(text)):
        if text[i].isspace() != text[i - 1].isspace():
            spans.append((start, i))
            start = i
    if text:
        spans.append((start, len(text)))
    return spans


def _align(text: str, fn: Callable[[str], str]) -> NormalizedText:
    whole = fn(text)
    if whole == text:
        return NormalizedText(text)
    for chunks in (_clusters(text), _words(text)):
        aligned = _chunked(text, fn, chunks)
        if aligned is not None:
            return aligned
    # Composition across the whole text (never seen in practice): one coarse span.
    return NormalizedText(whole, tuple([(0, len(text))] * len(whole)))


class Normalizer(Declares):
    """One normalization step. ``normalize_str`` is the fast path; ``normalize`` aligns.
    This base class itself changes nothing ("none")."""

    kind = "none"
    capabilities = Can.KEEP_TEXT | Can.NORMALIZE_LINES_APART

    @property
    def is_identity(self) -> bool:
        """Changes no text at all (as declared)."""
        return Can.KEEP_TEXT in self.capabilities

    def normalize_str(self, text: str) -> str:
        return text

    def normalize(self, text: str) -> NormalizedText:
        return _identity(text)

    def to_config(self) -> dict[str, Any]:
        """This normalizer as a config: BPE Lens's own for its own classes (through
        ``NORMALIZERS``), Hugging Face's for those read from tokenizer.json."""
        return NORMALIZERS.write(self)


class UnicodeForm(Normalizer):
    """NFC, NFD, NFKC or NFKD — with Unicode 9.0's data, as Hugging Face computes them, so
    that results do not depend on the Python version and match exported tokenizer.json
    files (see :mod:`unicode_compat`)."""

    # "\n" has no decomposition, combining class 0 (marks are never reordered across it)
    # and composes with nothing: each side of a newline is normalized on its own
    # (tests/test_table_splice.py checks every code point).
    capabilities = Can.NORMALIZE_LINES_APART

    def __init__(self, form: str) -> None:
        self.form = form.upper()
        self.kind = form.lower()

    def normalize_str(self, text: str) -> str:
        if text.isascii():
            return text
        return normalize_as_unicode_9(self.form, text)

    def normalize(self, text: str) -> NormalizedText:
        out = self.normalize_str(text)
        if out == text:
            return NormalizedText(text)
        return _align(text, self.normalize_str)


class Lowercase(Normalizer):
    """Character by character (no final-sigma context) with Rust's case data, as HF's
    Lowercase does."""

    kind = "lowercase"

    def normalize_str(self, text: str) -> str:
        if text.isascii():
            return text.lower()
        # Imported here: HF's Unicode tables take ~20 ms to load, which every command would
        # pay at start (this module is always loaded), and only non-ASCII lowercasing uses them.
        from ...text.hf_unicode import lowercase_str

        return lowercase_str(text)

    def normalize(self, text: str) -> NormalizedText:
        out = self.normalize_str(text)
        if out == text:
            return NormalizedText(text)
        from ...text.hf_unicode import lowercase_str

        sources: list[tuple[int, int]] = []
        for i, c in enumerate(text):
            sources.extend([(i, i + 1)] * len(lowercase_str(c)))
        return NormalizedText(out, tuple(sources))


class NormalizerSequence(Normalizer):
    kind = "sequence"

    def __init__(self, steps: Sequence[Normalizer]) -> None:
        self.steps = list(steps)

    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        """What every step declares (an empty sequence changes nothing)."""
        declared = Can.KEEP_TEXT | Can.NORMALIZE_LINES_APART
        for step in self.steps:
            declared &= step.capabilities
        return declared

    def normalize_str(self, text: str) -> str:
        for step in self.steps:
            text = step.normalize_str(text)
        return text

    def normalize(self, text: str) -> NormalizedText:
        current = NormalizedText(text)
        for step in self.steps:
            nxt = step.normalize(current.text)
            if nxt.sources is None:
                continue
            if current.sources is None:
                current = nxt
            else:
                current = NormalizedText(nxt.text,
                                         compose_sources(current.sources, nxt.sources))
        return current

    def to_config(self) -> dict[str, Any]:
        # Its steps may come from another file (llama's Prepend, Replace): each says its own.
        return {"type": "sequence", "normalizers": [s.to_config() for s in self.steps]}


# The normalizers of BPE Lens's own files, by the names they are read and written as.
NORMALIZERS: ComponentTable[Normalizer] = ComponentTable("normalizer")
NORMALIZERS.register("none", Normalizer, lambda _config: Normalizer())
for _form in ("nfc", "nfkc", "nfd", "nfkd"):
    # One class for four names: the form is the name it is written as.
    NORMALIZERS.register(_form, UnicodeForm, lambda config: UnicodeForm(config["type"]),
                         lambda n: {"type": n.kind})
NORMALIZERS.register("lowercase", Lowercase, lambda _config: Lowercase())
NORMALIZERS.register("sequence", NormalizerSequence, lambda config: NormalizerSequence(
                         NORMALIZERS.steps(config, "normalizers", make_normalizer)),
                     lambda n: {"normalizers": [NORMALIZERS.write(s) for s in n.steps]})


def make_normalizer(config: str | dict[str, Any] | None) -> Normalizer:
    """From a name (``"nfc"``), a config dict, or None (no normalization)."""
    if config is None:
        return Normalizer()
    if isinstance(config, str):
        config = {"type": config}
    if not isinstance(config, dict) or not isinstance(config.get("type"), str):
        raise ConfigError(Message("a normalizer must be a name or an object with a \"type\" "
                                  "string, not {config!r}", config=config))
    return NORMALIZERS.read(config)
