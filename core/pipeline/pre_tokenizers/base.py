"""Pre-tokenizers: cut text into pieces that merges never cross.

Every pre-tokenizer returns character spans ``(start, end)`` over the text it was given, in
order and without overlap; text outside every span (whitespace dropped by ``whitespace``) is
simply not encoded. The regex presets are the exact patterns of the tokenizers they name,
compiled with the ``regex`` module (``\\p{L}``, possessive quantifiers, scoped flags).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

import regex

from bpelens.core.messages import Message

from ...errors import ConfigError
from ...fast.short_steps import lines_of
from ...text.aligned import compose_sources, span_through
from ...text.bounded_regex import BoundedPattern, interpreter_shared, runs_in_linear_time
from ...text.regex_dialects import Dialect, compile_dialect, translate
from ..capabilities import Can, Declares
from ..component_table import ComponentTable

Spans = list[tuple[int, int]]

# Original GPT-2 (encoder.py) — also what HF's ByteLevel pre-tokenizer uses.
GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
# tiktoken's spelling of the GPT-2 pattern (r50k_base, p50k_base, p50k_edit).
R50K_PATTERN = (
    r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)"""
    r"""|\s"""
)
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
# Qwen2, Qwen2.5 and Qwen3 (tokenizer.json Split pattern): single digits.
QWEN2_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
# Llama 3 (tokenizer.json Split pattern): digits in groups of up to three.
LLAMA3_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}"""
    r"""| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)

REGEX_PRESETS: dict[str, str] = {
    "gpt2": GPT2_PATTERN,
    "r50k_base": R50K_PATTERN,
    "p50k_base": R50K_PATTERN,
    "cl100k_base": CL100K_PATTERN,
    "o200k_base": O200K_PATTERN,
    "qwen2": QWEN2_PATTERN,
    "llama3": LLAMA3_PATTERN,
}
_KNOWN_PATTERNS = frozenset([*REGEX_PRESETS.values(), GPT2_PATTERN])
PRESET_ALIASES = {"qwen3": "qwen2", "qwen2.5": "qwen2", "gpt-2": "gpt2", "llama-3": "llama3"}


def translate_pattern(pattern: str) -> str:
    """A tiktoken-style pattern rewritten for Python (``$`` becomes ``\\Z``)."""
    return translate(pattern, "tiktoken")


def known_pattern(pattern: str) -> bool:
    """A preset's pattern (or one with no repetition): runs in linear time, needs no clock."""
    return pattern in _KNOWN_PATTERNS or runs_in_linear_time(pattern)


@cache
def _preset_regexes() -> frozenset[str]:
    return frozenset(translate(p, "tiktoken") for p in REGEX_PRESETS.values())


def reads_as_preset(pattern: str, dialect: Dialect) -> bool:
    """Whether ``pattern``, read as ``dialect`` reads it, compiles to exactly a preset's regex
    (Oniguruma reads the GPT-2, o200k, Llama 3 and Qwen2 patterns as tiktoken does): then its
    pieces are the preset's, newline cuts included (``newline_chunks``)."""
    return translate(pattern, dialect) in _preset_regexes()


def compile_pattern(pattern: str) -> regex.Pattern[str] | BoundedPattern:
    """Compile a pattern as tiktoken's engine reads it (bounded in time unless known)."""
    return compile_dialect(pattern, "tiktoken", trusted=known_pattern(pattern),
                           what="pre-tokenizer")


@dataclass(frozen=True, slots=True)
class PieceText:
    """A piece of a pre-tokenizer's input: its span there and the text the model sees.

    ``text`` differs from ``input[start:end]`` when the pre-tokenizer rewrites it (Metaspace
    turns spaces into ``▁`` and may prepend one); then ``sources[i]`` is the input span of
    ``text[i]`` (empty for an inserted character).
    """

    start: int
    end: int
    text: str
    sources: tuple[tuple[int, int], ...] | None = None
    # The text is spelled one character per byte (GPT-2's alphabet): a byte-level
    # pre-tokenizer followed by other steps hands them this spelling, as HF does.
    mapped: bool = False


class PreTokenizer(Declares):
    """Base: the whole text is one piece."""

    kind = "none"
    # What the fast paths may assume (pipeline/capabilities.py): a subclass declares its own.
    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT
    # ``split_str`` hands every piece back as it came (a sequence skips the step);
    passes_through = False
    # this step rewrites text into GPT-2's one-character-per-byte alphabet (HF ByteLevel) …
    byte_level = False
    # … and its pieces reach the next step or the model spelled that way.
    spells_bytes = False

    def flat_steps(self) -> tuple[PreTokenizer, ...]:
        """The steps this pre-tokenizer runs, sequences opened."""
        return (self,)

    def with_spelled_output(self) -> PreTokenizer:
        """This step, handing on its pieces spelled one character per byte (for a step that
        rewrites into that alphabet; any other is unchanged)."""
        return self

    def split(self, text: str) -> Spans:
        return [(0, len(text))] if text else []

    def split_str(self, text: str) -> list[str]:
        """The pieces as strings (the fast path used while encoding)."""
        return [text] if text else []

    def pieces(self, text: str, *, at_input_start: bool = True) -> list[PieceText]:
        """The pieces with their spans, and rewritten text where the pre-tokenizer rewrites.

        ``at_input_start`` says whether ``text`` begins the whole input (HF Metaspace's
        ``first`` scheme prepends only there)."""
        return [PieceText(s, e, text[s:e]) for s, e in self.split(text)]

    @property
    def split_fast(self) -> Callable[[str], list[str]]:
        """A callable equal to :meth:`split_str`, as cheap as possible to call in a map()."""
        return self.split_str

    def to_config(self) -> dict[str, Any]:
        """This pre-tokenizer as a config: BPE Lens's own for its own classes (through
        ``PRE_TOKENIZERS``), Hugging Face's for those read from tokenizer.json."""
        return PRE_TOKENIZERS.write(self)


def newline_chunks(text: str) -> list[str]:
    """``text`` cut after each newline that follows a non-space and precedes a letter: no
    piece of a regex preset crosses such a newline, so the chunks can be encoded apart."""
    lines = lines_of(text)
    out: list[str] = []
    start = end = 0
    for line, following in pairwise(lines):
        end += len(line) + 1
        if line and following and following[0].isalpha() and not line[-1].isspace():
            out.append(text[start:end])
            start = end
    if start < len(text):
        out.append(text[start:])
    return out


class RegexPreTokenizer(PreTokenizer):
    """Pieces are the regex matches; any text between matches becomes a piece of its own, so
    nothing is silently dropped by a pattern that does not cover everything."""

    kind = "regex"

    def __init__(self, pattern: str, *, preset: str | None = None) -> None:
        self.pattern = pattern
        self.preset = preset
        self._regex = compile_pattern(pattern)
        # The presets match every character, and none of their pieces runs from a newline
        # that follows a non-space into a letter: text can be cut there and encoded in parts.
        self._preset_pieces = pattern in REGEX_PRESETS.values()

    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        cut = Can.CUT_AT_NEWLINES if self._preset_pieces else Can.NOTHING
        return Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT | cut

    def split(self, text: str) -> Spans:
        spans: Spans = []
        pos = 0
        for m in self._regex.finditer(text):
            start, end = m.span()
            if start == end:
                continue
            if start > pos:
                spans.append((pos, start))
            spans.append((start, end))
            pos = end
        if pos < len(text):
            spans.append((pos, len(text)))
        return spans

    def split_str(self, text: str) -> list[str]:
        parts = self._regex.findall(text)
        if sum(map(len, parts)) == len(text):
            return parts
        return [text[s:e] for s, e in self.split(text)]

    @property
    def split_fast(self) -> Callable[[str], list[str]]:
        # Every preset matches every character, so its findall alone is the split.
        return self._findall if self._preset_pieces else self.split_str

    def _findall(self, text: str) -> list[str]:
        # (a megabyte's findall holds the interpreter lock 0.2 s unless shared: a GUI asks)
        return self._regex.findall(text, concurrent=interpreter_shared())


class WhitespacePreTokenizer(PreTokenizer):
    """Split on runs of whitespace and drop them (like ``str.split()``, HF WhitespaceSplit)."""

    kind = "whitespace"
    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT
    _regex = regex.compile(r"\S+")

    def split(self, text: str) -> Spans:
        return [m.span() for m in self._regex.finditer(text)]

    def split_str(self, text: str) -> list[str]:
        return self._regex.findall(text)


# HF's Digits asks Rust's char::is_numeric, whose tables (Unicode 17 in tokenizers 0.23)
# know numbers that the pinned regex release (Unicode 15.1) does not yet: Tolong Siki digits
# and three Kirat Rai ones.
NUMERIC_SINCE_UNICODE_16 = "\\U00011de0-\\U00011de9\\U00016ff4-\\U00016ff6"


class DigitsPreTokenizer(PreTokenizer):
    """Each number character (Unicode N*) becomes its own piece (``individual``), or each run
    of them does; the text between stays whole (HF Digits)."""

    kind = "digits"
    capabilities = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT

    def __init__(self, *, individual: bool = True) -> None:
        self.individual = individual
        number = f"[\\p{{N}}{NUMERIC_SINCE_UNICODE_16}]"
        self._regex = regex.compile(number if individual else number + "+")

    def split(self, text: str) -> Spans:
        spans: Spans = []
        pos = 0
        for m in self._regex.finditer(text):
            if m.start() > pos:
                spans.append((pos, m.start()))
            spans.append(m.span())
            pos = m.end()
        if pos < len(text):
            spans.append((pos, len(text)))
        return spans

    def split_str(self, text: str) -> list[str]:
        return [text[s:e] for s, e in self.split(text)]


class PreTokenizerSequence(PreTokenizer):
    """Each step splits every piece the previous step produced."""

    kind = "sequence"

    def __init__(self, steps: Sequence[PreTokenizer]) -> None:
        flat = [inner for step in steps for inner in step.flat_steps()]
        # HF's ByteLevel always rewrites the text, and the steps after it see the rewritten
        # text (falcon's Digits splits ¾, the spelling of byte 0xBE, out of a Bengali vowel
        # sign); a second ByteLevel rewrites the rewritten text again. When the only one is
        # the last step, the real text is kept and the model reads its bytes: the same ids,
        # cheaper. So the steps spell bytes exactly when some ByteLevel is not last.
        levels = [i for i, step in enumerate(flat) if step.byte_level]
        self.spells_bytes = bool(levels) and (len(levels) > 1 or levels[-1] != len(flat) - 1)
        if self.spells_bytes:
            flat = [step.with_spelled_output() if step.byte_level else step for step in flat]
        self.steps = flat
        declared = Can.SPLIT_ANYWHERE_ALIKE | Can.PIECES_ARE_TEXT
        for step in flat:
            declared &= step.capabilities
        # Steps that hand pieces back unchanged cut nowhere; each other step splits every
        # piece of the one before, so if they all cut at a newline, the sequence does
        # (llama3's and qwen's Split then ByteLevel without its regex).
        cutting = [step for step in flat if not step.passes_through]
        if cutting and all(Can.CUT_AT_NEWLINES in s.capabilities for s in cutting):
            declared |= Can.CUT_AT_NEWLINES
        self._declared = declared

    @property
    def capabilities(self) -> Can:  # type: ignore[override]
        return self._declared

    def flat_steps(self) -> tuple[PreTokenizer, ...]:
        return tuple(self.steps)

    def split(self, text: str) -> Spans:
        spans: Spans = [(0, len(text))] if text else []
        for step in self.steps:
            spans = [(s + a, s + b) for s, e in spans for a, b in step.split(text[s:e])]
        return spans

    def split_str(self, text: str) -> list[str]:
        # Steps that hand every piece back unchanged (qwen's ByteLevel after its Split) cost
        # a list pass each over ~10⁵ pieces per MB; skip them.
        steps = [s for s in self.steps if not s.passes_through]
        if not steps:
            return [text] if text else []
        pieces = steps[0].split_str(text)
        for step in steps[1:]:
            pieces = [p for piece in pieces for p in step.split_str(piece)]
        return pieces

    def pieces(self, text: str, *, at_input_start: bool = True) -> list[PieceText]:
        current = [PieceText(0, len(text), text)] if text else []
        for step in self.steps:
            current = [
                compose(outer, inner)
                for outer in current
                for inner in step.pieces(outer.text,
                                         at_input_start=at_input_start and outer.start == 0)
            ]
        return current

    def to_config(self) -> dict[str, Any]:
        # Its steps may come from another file (HF's Split, ByteLevel): each says its own.
        return {"type": "sequence", "pretokenizers": [s.to_config() for s in self.steps]}


def compose(outer: PieceText, inner: PieceText) -> PieceText:
    """``inner`` is a piece of ``outer.text``; express it over ``outer``'s input."""
    mapped = outer.mapped or inner.mapped
    if outer.sources is None:
        shift = outer.start
        sources = None if inner.sources is None else tuple(
            (a + shift, b + shift) for a, b in inner.sources)
        return PieceText(inner.start + shift, inner.end + shift, inner.text, sources, mapped)
    inner_sources = inner.sources or tuple((i, i + 1) for i in range(inner.start, inner.end))
    sources = compose_sources(outer.sources, inner_sources, empty_at=outer.end)
    start, end = span_through(outer.sources, inner.start, inner.end, empty_at=outer.end)
    return PieceText(start, end, inner.text, sources, mapped)


def preset_names() -> list[str]:
    return sorted(REGEX_PRESETS)


def _digits(config: dict[str, Any]) -> PreTokenizer:
    individual = config.get("individual", True)
    if not isinstance(individual, bool):
        raise ConfigError(Message("a digits pre-tokenizer's \"individual\" must be true or false, "
                                  "not {individual!r}", individual=individual))
    return DigitsPreTokenizer(individual=individual)


def _regex(config: dict[str, Any]) -> PreTokenizer:
    if "preset" in config:
        name = config["preset"]
        if not isinstance(name, str) or name.lower() not in (*REGEX_PRESETS, *PRESET_ALIASES):
            raise ConfigError(Message("unknown pre-tokenizer preset {name!r}; choose one of "
                                      "{regex_presets}", name=name,
                                      regex_presets=', '.join(REGEX_PRESETS)))
        return make_pretokenizer(name)
    pattern = config.get("pattern")
    if not isinstance(pattern, str) or not pattern:
        raise ConfigError("a regex pre-tokenizer needs a 'preset' or a non-empty 'pattern'")
    return RegexPreTokenizer(pattern)


# The pre-tokenizers of BPE Lens's own files, by the names they are read and written as.
PRE_TOKENIZERS: ComponentTable[PreTokenizer] = ComponentTable("pre-tokenizer")
PRE_TOKENIZERS.register("none", PreTokenizer, lambda _config: PreTokenizer())
PRE_TOKENIZERS.register("whitespace", WhitespacePreTokenizer,
                        lambda _config: WhitespacePreTokenizer())
PRE_TOKENIZERS.register("digits", DigitsPreTokenizer, _digits,
                        lambda p: {"individual": p.individual})
PRE_TOKENIZERS.register("regex", RegexPreTokenizer, _regex,
                        lambda p: {"pattern": p.pattern} if p.preset is None
                        else {"preset": p.preset})
PRE_TOKENIZERS.register("sequence", PreTokenizerSequence, lambda config: PreTokenizerSequence(
                        PRE_TOKENIZERS.steps(config, "pretokenizers", make_pretokenizer)),
                        lambda p: {"pretokenizers": [PRE_TOKENIZERS.write(s) for s in p.steps]})


def make_pretokenizer(config: str | dict[str, Any] | None) -> PreTokenizer:
    """From a preset or kind name (``"gpt2"``, ``"whitespace"``, ``"none"``) or a config dict."""
    if config is None:
        return PreTokenizer()
    if isinstance(config, str):
        name = PRESET_ALIASES.get(config.lower(), config.lower())
        if name in REGEX_PRESETS:
            return RegexPreTokenizer(REGEX_PRESETS[name], preset=name)
        config = {"type": name}
    if not isinstance(config, dict) or not isinstance(config.get("type"), str):
        raise ConfigError(
            Message("a pre-tokenizer must be a name or an object with a \"type\" string, not "
                    "{config!r}", config=config)
        )
    if config["type"].lower() not in PRE_TOKENIZERS.names:
        raise ConfigError(
            Message("unknown pre-tokenizer {config!r}; choose a preset ({preset_names}) or one of "
                    "{names}", config=config['type'], preset_names=', '.join(preset_names()),
                    names=', '.join(PRE_TOKENIZERS.names)))
    return PRE_TOKENIZERS.read(config)
