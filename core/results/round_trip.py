"""Why decode(encode(text)) is not the text: the first character where they part, and its
cause in a few words — the normalizer changed it, an unknown token stands for it, bytes that
are not UTF-8 came back as U+FFFD, a lone surrogate was replaced, or the decoder gives back
something else. The status bar says the short form ("round trip ✗: NFKC changes “①” to
“1” at character 5")."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from ..messages import Message
from ..pipeline.normalizers.base import Normalizer, NormalizerSequence
from ..pipeline.tokenizer import Tokenizer
from ..text.display import visible
from .token_table import TokenTable

REPLACEMENT = "\ufffd"


@dataclass(frozen=True, slots=True)
class RoundTripDifference:
    """``cause``: ``normalizer`` (``step`` names it: nfkc, lowercase…), ``unknown`` (an
    unknown token, ``token`` its label), ``invalid_utf8`` (bytes that are not UTF-8 decoded
    to U+FFFD), ``surrogate`` (a lone surrogate of the input replaced by U+FFFD) or
    ``decoder`` (the decoder gives back something else). ``char``: the first input character
    that does not come back (0-based); ``before``: the input there, ``after``: what comes
    back (the normalizer's output for ``normalizer``)."""

    cause: str
    char: int
    before: str
    after: str
    token: str = ""
    step: str = ""

    def sentence(self) -> Message:
        """The short form, for a status bar."""
        before, after = visible(self.before), visible(self.after)
        if self.cause == "normalizer":
            return Message("{step} changes “{before}” to “{after}” at character {char}",
                           step=self.step, before=before, after=after, char=self.char)
        if self.cause == "unknown":
            return Message("an unknown token {token} at character {char}", token=self.token,
                           char=self.char)
        if self.cause == "invalid_utf8":
            return Message("bytes not valid UTF-8 decode to U+FFFD at character {char}",
                           char=self.char)
        if self.cause == "surrogate":
            return Message("a lone surrogate is replaced by U+FFFD at character {char}",
                           char=self.char)
        if not after:
            return Message("decoding drops “{before}” at character {char}", before=before,
                           char=self.char)
        return Message("decoding gives “{after}” for “{before}” at character {char}",
                       before=before, after=after, char=self.char)


def _common_prefix(a: str, b: str) -> int:
    """The length of the longest common prefix, by halving (slices compare in C: a long
    text costs milliseconds, not a Python loop over every character)."""
    low, high = 0, min(len(a), len(b))
    while low < high:
        middle = (low + high + 1) // 2
        if a[low:middle] == b[low:middle]:
            low = middle
        else:
            high = middle - 1
    return low


def _step_name(normalizer: Normalizer, before: str) -> str:
    """The normalizer step that changes ``before`` (a sequence's first that does)."""
    steps = normalizer.steps if isinstance(normalizer, NormalizerSequence) else [normalizer]
    for step in steps:
        inner = _step_name(step, before) if isinstance(step, NormalizerSequence) else ""
        if inner:
            return inner
        if before and step.normalize_str(before) != before:
            kind = step.kind
            if kind in ("nfc", "nfd", "nfkc", "nfkd"):
                return kind.upper()
            return Message("the {kind} normalizer", kind=kind)
    return Message("the normalizer")


def round_trip_difference(tokenizer: Tokenizer, table: TokenTable
                          ) -> RoundTripDifference | None:
    """Why ``table.decoded`` is not ``table.text`` (None when it is)."""
    text, model, decoded = table.text, table.model_text, table.decoded
    if decoded == text:
        return None
    parted = _common_prefix(text, decoded)  # the first input character that does not return
    if table.replaced_surrogates and min(table.replaced_surrogates) <= parted:
        char = min(table.replaced_surrogates)
        return RoundTripDifference("surrogate", char, text[char:char + 1], REPLACEMENT)
    changed = _common_prefix(text, model)
    if model != text and changed <= parted:
        # The input characters the first changed model character comes from, and every
        # model character that comes from them.
        start, end = (table.source_span(changed, changed + 1) if changed < len(model)
                      else (changed, len(text)))
        start = min(start, changed)
        end = max(end, start + 1) if start < len(text) else start
        before = text[start:end]
        out_end = changed
        while out_end < len(model) and table.source_span(out_end, out_end + 1)[0] < end:
            out_end += 1
        after = model[changed:out_end]
        return RoundTripDifference("normalizer", start, before, after,
                                   step=_step_name(tokenizer.normalizer, before or after))
    # The decoder's side: where decode parts from the text the model saw.
    at = _common_prefix(model, decoded)
    char = table.source_span(at, at + 1)[0] if at < len(model) else len(text)
    # The token holding character ``at``: the last that starts at or before it.
    index = bisect_right(table.char_starts, at) - 1
    if index < 0 or not at < table.char_ends[index]:
        index = None
    before = model[at:at + 1]
    after = decoded[at:at + 1]
    if index is not None and table.kind(index) == "unknown":
        return RoundTripDifference("unknown", char, before, after,
                                   token=tokenizer.token_label(table.ids[index]))
    if after == REPLACEMENT:
        return RoundTripDifference("invalid_utf8", char, before, after)
    # Show what decode gives for the rest of the differing stretch (a few characters).
    tail = _common_prefix(model[at:][::-1], decoded[at:][::-1])
    before = model[at:max(at + 1, len(model) - tail)][:12]
    after = decoded[at:max(at, len(decoded) - tail)][:12]
    return RoundTripDifference("decoder", char, before, after)
