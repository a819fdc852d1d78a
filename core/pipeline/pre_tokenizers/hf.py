"""Hugging Face pre-tokenizers, as ``tokenizer.json`` describes them, with HF's semantics.

Splitting follows HF's ``NormalizedString::split``: a pattern yields matches and the gaps
between them, then a *behaviour* decides what becomes a piece:

* ``Removed``: gaps only;   ``Isolated``: matches and gaps, each its own piece;
* ``MergedWithPrevious`` / ``MergedWithNext``: a match joins the gap before / after it;
* ``Contiguous``: consecutive matches join into one piece.

A character predicate (punctuation, digits) makes every matching character a match of its
own. Empty pieces are dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import regex

from bpelens.core.messages import Message

from ...errors import ConfigError
from ...text.bounded_regex import BoundedPattern, interpreter_shared
from ...text.byte_level import bytes_to_unicode
from ...text.regex_dialects import compile_dialect
from ..capabilities import Can
from .base import GPT2_PATTERN, PieceText, PreTokenizer, Spans, known_pattern, reads_as_preset


def to_printable(text: str) -> str:
    """``" hé"`` → ``"ĠhÃ©"``: GPT-2's one-character-per-byte spelling."""
    return text.encode("utf-8").decode("latin-1").translate(_PRINTABLE)


_PRINTABLE = {b: ch for b, ch in enumerate(bytes_to_unicode())}

BEHAVIORS = ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous")
Matches = list[tuple[int, int, bool]]


def regex_matches(rx: regex.Pattern[str] | BoundedPattern, text: str, *,
                  invert: bool = False) -> Matches:
    """Matches and the gaps between them, in order (HF ``find_matches`` for a regex)."""
    if not text:
        return [(0, 0, invert)]
    out: Matches = []
    pos = 0
    for m in rx.finditer(text):
        start, end = m.span()
        if pos != start:
            out.append((pos, start, invert))
        out.append((start, end, not invert))
        pos = end
    if pos != len(text):
        out.append((pos, len(text), invert))
    return out


def char_matches(single_char: regex.Pattern[str], text: str) -> Matches:
    """Every character matching ``single_char`` is a match; runs of others are gaps."""
    out: Matches = []
    pos = 0
    for m in single_char.finditer(text):
        start = m.start()
        if pos != start:
            out.append((pos, start, False))
        out.append((start, start + 1, True))
        pos = start + 1
    if pos != len(text):
        out.append((pos, len(text), False))
    return out


def apply_behavior(matches: Matches, behavior: str) -> Spans:
    spans: list[list[int]] = []
    if behavior == "Isolated":
        spans = [[s, e] for s, e, _ in matches]
    elif behavior == "Removed":
        spans = [[s, e] for s, e, is_match in matches if not is_match]
    elif behavior == "Contiguous":
        previous = False
        for s, e, is_match in matches:
            if is_match == previous and spans:
                spans[-1][1] = e
            else:
                spans.append([s, e])
            previous = is_match
    elif behavior == "MergedWithPrevious":
        previous = False
        for s, e, is_match in matches:
            if is_match and not previous and spans:
                spans[-1][1] = e
            else:
                spans.append([s, e])
            previous = is_match
    elif behavior == "MergedWithNext":
        previous = False
        for s, e, is_match in reversed(matches):
            if is_match and not previous and spans:
                spans[-1][0] = s
            else:
                spans.append([s, e])
            previous = is_match
        spans.reverse()
    else:
        raise ConfigError(
            Message("unknown split behavior {behavior!r}; choose one of {behaviors}",
                    behavior=behavior, behaviors=', '.join(BEHAVIORS))
        )
    return [(s, e) for s, e in spans if e > s]


class SplitPreTokenizer(PreTokenizer):
    """HF ``Split``: a literal string or an (Oniguruma) regex, a behaviour, maybe inverted."""

    kind = "Split"

    def __init__(self, pattern: str, *, is_regex: bool, behavior: str, invert: bool) -> None:
        self.pattern = pattern
        self.is_regex = is_regex
        self.behavior = behavior
        self.invert = invert
        if is_regex:
            self._regex = compile_dialect(pattern, "onig", trusted=known_pattern(pattern),
                                          what="pre_tokenizer Split")
        else:
            self._regex = compile_dialect(regex.escape(pattern), "onig", trusted=True)
        # A preset's regex, each match and gap a piece: the preset's pieces.
        self._preset_pieces = (is_regex and behavior == "Isolated" and not invert
                               and reads_as_preset(pattern, "onig"))

    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        cut = Can.CUT_AT_NEWLINES if self._preset_pieces else Can.NOTHING
        return Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT | cut

    def split(self, text: str) -> Spans:
        return apply_behavior(regex_matches(self._regex, text, invert=self.invert), self.behavior)

    def split_str(self, text: str) -> list[str]:
        if self.behavior == "Isolated" and not self.invert:
            parts = self._regex.findall(text, concurrent=interpreter_shared())
            if sum(map(len, parts)) == len(text) and all(parts):
                return parts
        return [text[s:e] for s, e in self.split(text)]

    def to_config(self) -> dict[str, Any]:
        key = "Regex" if self.is_regex else "String"
        return {"type": "Split", "pattern": {key: self.pattern}, "behavior": self.behavior,
                "invert": self.invert}


class CharClassPreTokenizer(PreTokenizer):
    """A split on a character predicate (HF Punctuation, CharDelimiterSplit)."""

    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT

    def __init__(self, kind: str, single_char: str, behavior: str,
                 config: dict[str, Any]) -> None:
        self.kind = kind
        self.behavior = behavior
        self._regex = regex.compile(single_char)
        self._config = config

    def split(self, text: str) -> Spans:
        return apply_behavior(char_matches(self._regex, text), self.behavior)

    def split_str(self, text: str) -> list[str]:
        return [text[s:e] for s, e in self.split(text)]

    def to_config(self) -> dict[str, Any]:
        return dict(self._config)


def punctuation(behavior: str = "Isolated") -> CharClassPreTokenizer:
    # HF: ASCII punctuation (which includes symbols such as $ + < = > ^ ` | ~) or P* — of the
    # old Unicode tables HF's crate carries, not today's (U+2E56 ⹖ and U+061D ؝ are not
    # punctuation to it): the same predicate as BertPreTokenizer's.
    # Imported here: HF's Unicode tables take ~20 ms to load, and loading a tiktoken file
    # or GPT-2's files (which import this module) never needs them.
    from ...text.hf_unicode import PUNCTUATION

    return CharClassPreTokenizer(
        "Punctuation", f"[{PUNCTUATION.class_body()}]", behavior,
        {"type": "Punctuation", "behavior": behavior},
    )


class ByteLevelPreTokenizer(PreTokenizer):
    """HF ``ByteLevel``: optionally a leading space, optionally the GPT-2 split.

    HF then spells each byte with a printable character (Ġ for space); BPE Lens keeps the
    real text, and the byte-level model works on its bytes directly — the same ids. Only when
    other steps follow (see :class:`PreTokenizerSequence`) are pieces spelled
    (``spells_bytes``), as HF hands them on.
    """

    kind = "ByteLevel"
    byte_level = True

    def __init__(self, *, add_prefix_space: bool = True, use_regex: bool = True,
                 trim_offsets: bool = True, spells_bytes: bool = False) -> None:
        self.add_prefix_space = add_prefix_space
        self.use_regex = use_regex
        self.trim_offsets = trim_offsets
        self.spells_bytes = spells_bytes
        self._regex = compile_dialect(GPT2_PATTERN, "onig", trusted=True)

    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        # A space added in front of each part, or pieces respelled one character per byte,
        # are not the text's own substrings; the GPT-2 preset's pieces of the text itself
        # cut at newlines (a space added in front would be added to each part cut apart).
        if self.add_prefix_space or self.spells_bytes:
            return Can.SPLIT_ANYWHERE_ALIKE
        cut = (Can.CUT_AT_NEWLINES if self.use_regex and reads_as_preset(GPT2_PATTERN, "onig")
               else Can.NOTHING)
        return Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT | cut

    def with_spelled_output(self) -> ByteLevelPreTokenizer:
        return ByteLevelPreTokenizer(add_prefix_space=self.add_prefix_space,
                                     use_regex=self.use_regex, trim_offsets=self.trim_offsets,
                                     spells_bytes=True)

    def _split_spans(self, text: str) -> Spans:
        if not self.use_regex:
            return [(0, len(text))] if text else []
        return apply_behavior(regex_matches(self._regex, text), "Isolated")

    def split(self, text: str) -> Spans:
        if self.add_prefix_space and text and not text.startswith(" "):
            # The inserted space belongs to no input character; spans cannot show it.
            return [(max(0, s - 1), max(0, e - 1)) for s, e in self._split_spans(" " + text)
                    if e > 1]
        return self._split_spans(text)

    @property
    def passes_through(self) -> bool:
        """True when split_str returns every piece as it came."""
        return not (self.use_regex or self.add_prefix_space or self.spells_bytes)

    def split_str(self, text: str) -> list[str]:
        if self.add_prefix_space and text and not text.startswith(" "):
            text = " " + text
        pieces = (self._regex.findall(text, concurrent=interpreter_shared()) if self.use_regex
                  else [text] if text else [])
        if self.spells_bytes:
            return [to_printable(p) for p in pieces]
        return pieces

    def pieces(self, text: str, *, at_input_start: bool = True) -> list[PieceText]:
        spaced = text
        sources: tuple[tuple[int, int], ...] | None = None
        if self.add_prefix_space and text and not text.startswith(" "):
            spaced = " " + text
            sources = ((0, 0), *((i, i + 1) for i in range(len(text))))
        out = []
        for s, e in self._split_spans(spaced):
            part = spaced[s:e]
            part_sources = sources[s:e] if sources else tuple((i, i + 1) for i in range(s, e))
            if self.spells_bytes:
                # One character per byte; each byte points at the character it belongs to.
                per_byte = tuple(src for ch, src in zip(part, part_sources, strict=True)
                                 for _ in range(len(ch.encode("utf-8"))))
                out.append(PieceText(part_sources[0][0], part_sources[-1][1],
                                     to_printable(part), per_byte, mapped=True))
            elif sources is None:
                out.append(PieceText(s, e, part))
            else:
                out.append(PieceText(part_sources[0][0], part_sources[-1][1], part,
                                     part_sources))
        return out

    def to_config(self) -> dict[str, Any]:
        return {"type": "ByteLevel", "add_prefix_space": self.add_prefix_space,
                "trim_offsets": self.trim_offsets, "use_regex": self.use_regex}


class MetaspacePreTokenizer(PreTokenizer):
    """HF ``Metaspace``: spaces become ``▁``, a ``▁`` may be prepended, then split before each.

    ``prepend_scheme``: ``always`` (every piece not already starting with ``▁``), ``first``
    (only a piece at the very start of the input), ``never``.
    """

    kind = "Metaspace"

    def __init__(self, *, replacement: str = "▁", prepend_scheme: str = "always",
                 split: bool = True) -> None:
        if len(replacement) != 1:
            raise ConfigError(Message("Metaspace replacement must be one character, not "
                                      "{replacement!r}", replacement=replacement))
        if prepend_scheme not in ("always", "first", "never"):
            raise ConfigError(Message("unknown Metaspace prepend_scheme {prepend_scheme!r}; choose "
                                      "always, first or never", prepend_scheme=prepend_scheme))
        self.replacement = replacement
        self.prepend_scheme = prepend_scheme
        self.split_on_replacement = split
        self._single = regex.compile(regex.escape(replacement))

    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        # Spaces become ▁ (pieces are not the text's own); "first" prepends at the input's
        # start only.
        return Can.NOTHING if self.prepend_scheme == "first" else Can.SPLIT_ANYWHERE_ALIKE

    def pieces(self, text: str, *, at_input_start: bool = True) -> list[PieceText]:
        if not text:
            return []
        rewritten = text.replace(" ", self.replacement)
        sources: tuple[tuple[int, int], ...] | None = None
        prepend = not rewritten.startswith(self.replacement) and (
            self.prepend_scheme == "always"
            or (self.prepend_scheme == "first" and at_input_start))
        if prepend:
            rewritten = self.replacement + rewritten
            sources = ((0, 0), *((i, i + 1) for i in range(len(text))))
        elif rewritten != text:
            sources = tuple((i, i + 1) for i in range(len(text)))
        spans = (apply_behavior(char_matches(self._single, rewritten), "MergedWithNext")
                 if self.split_on_replacement else [(0, len(rewritten))])
        out = []
        for s, e in spans:
            if sources is None:
                out.append(PieceText(s, e, rewritten[s:e]))
            else:
                part = sources[s:e]
                out.append(PieceText(part[0][0], part[-1][1], rewritten[s:e], part))
        return out

    def split(self, text: str) -> Spans:
        return [(p.start, p.end) for p in self.pieces(text)]

    def split_str(self, text: str) -> list[str]:
        return [p.text for p in self.pieces(text)]

    def to_config(self) -> dict[str, Any]:
        return {"type": "Metaspace", "replacement": self.replacement,
                "prepend_scheme": self.prepend_scheme, "split": self.split_on_replacement}


class HFWhitespacePreTokenizer(PreTokenizer):
    """HF ``Whitespace``: runs of word characters, and runs of other non-space characters.

    HF runs this one with Rust's regex crate, whose ``\\w`` is Python's, not Oniguruma's."""

    kind = "Whitespace"
    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT

    def __init__(self) -> None:
        self._regex = regex.compile(r"\w+|[^\w\s]+")

    def split(self, text: str) -> Spans:
        return [m.span() for m in self._regex.finditer(text)]

    def split_str(self, text: str) -> list[str]:
        return self._regex.findall(text)

    def to_config(self) -> dict[str, Any]:
        return {"type": "Whitespace"}


PreTokenizerBuilder = Callable[[dict[str, Any]], PreTokenizer]
