"""Special and added tokens: strings that become one id without going through the model.

Recognising them in user text is a choice with consequences (seed 002: a user who types
``<|im_end|>`` ends the turn), so every encode call says which *special* ones it recognises:
``"all"``, ``"none"`` (plain text, as tiktoken's ``encode_ordinary`` or HF's
``encode_special_tokens``) or a given set. Added tokens that are not special are always
recognised, as in Hugging Face.

Matching follows HF's AddedVocabulary: at each position the longest token wins, leftmost
first; a token that is skipped (not recognised, or ``single_word`` not standing alone) still
consumes its match. ``lstrip``/``rstrip`` make a match swallow the whitespace beside it.
Tokens with ``normalized=False`` are matched in the text as typed, the others in the
normalized text (against their own normalized form).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

import regex

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.base import MAX_TOKEN_ID

SpecialMode: TypeAlias = Literal["all", "none"] | Collection[str]
_WORD = regex.compile(r"\w")
_SPACE = regex.compile(r"\s")


@dataclass(frozen=True, slots=True)
class AddedToken:
    content: str
    id: int
    special: bool = True
    single_word: bool = False
    lstrip: bool = False
    rstrip: bool = False
    normalized: bool = False


@dataclass(frozen=True, slots=True)
class SpecialMatch:
    start: int
    end: int
    token: str
    id: int


class AddedVocabulary:
    """Added tokens and how to find them in text."""

    def __init__(
        self,
        tokens: Iterable[AddedToken] = (),
        *,
        normalize: Callable[[str], str] | None = None,
    ) -> None:
        self.tokens = list(tokens)
        for token in self.tokens:
            if not token.content:
                raise ConfigError("an added token must not be the empty string")
            if type(token.id) is not int or not 0 <= token.id <= MAX_TOKEN_ID:
                raise ConfigError(Message("added token {content!r} needs a whole-number id from 0 "
                                          "to {max_token_id:,}, not {id!r}", content=token.content,
                                          max_token_id=MAX_TOKEN_ID, id=token.id))
        self.ids: dict[str, int] = {t.content: t.id for t in self.tokens}
        self.by_id: dict[int, str] = {t.id: t.content for t in self.tokens}
        self._by_content = {t.content: t for t in self.tokens}
        self.special_ids = frozenset(t.id for t in self.tokens if t.special)
        # Asked once per text encoded (a batch of 128k texts asks 128k times).
        self._specials = frozenset(t.content for t in self.tokens if t.special)
        self.top_id = max(self.by_id, default=-1)
        # How HF spells an added token when decoding: a normalized token by its normalized
        # form (llama's <s> decodes as "▁<s>").
        self.spellings: dict[int, str] = {
            t.id: (normalize(t.content) if t.normalized and normalize else t.content)
            for t in self.tokens
        }
        # Per group (raw, normalized): its strings → tokens, whether all are special, and its
        # pattern, compiled on first use (256 added tokens: 20-40 ms), whole, then assigned.
        self._groups: dict[bool, tuple[dict[str, AddedToken], bool]] = {}
        self._patterns: dict[bool, regex.Pattern[str]] = {}
        for normalized in (False, True):
            group = {
                (normalize(t.content) if normalized and normalize else t.content): t
                for t in self.tokens if t.normalized == normalized
            }
            group = {k: v for k, v in group.items() if k}
            self._groups[normalized] = (group, all(t.special for t in group.values()))

    def __len__(self) -> int:
        return len(self.tokens)

    def __contains__(self, text: object) -> bool:
        return text in self.ids

    @property
    def has_normalized(self) -> bool:
        return bool(self._groups[True][0])

    def is_special(self, token_id: int) -> bool:
        return token_id in self.special_ids

    def selected(self, mode: SpecialMode) -> frozenset[str]:
        """The special tokens a mode recognises (non-special added tokens always are)."""
        specials = self._specials
        if mode == "all":
            return specials
        if mode == "none":
            return frozenset()
        if isinstance(mode, str):
            raise ConfigError(
                Message("special-token mode must be 'all', 'none' or a collection of tokens, not "
                        "{mode!r}", mode=mode)
            )
        chosen = frozenset(mode)
        unknown = sorted(chosen - specials)
        if unknown:
            raise ConfigError(
                Message("not special tokens of this tokenizer: {repr}",
                        repr=', '.join(map(repr, unknown)))
            )
        return chosen

    def find(
        self, text: str, mode: SpecialMode = "all", *, normalized: bool = False
    ) -> list[SpecialMatch]:
        """Recognised tokens of one group (raw or normalized), with lstrip/rstrip applied."""
        group, all_special = self._groups[normalized]
        if not group:
            return []
        recognised = self.selected(mode)
        if all_special and not recognised:
            return []  # nothing of the group can be recognised (special="none")
        pattern = self._patterns.get(normalized)
        if pattern is None:
            ordered = sorted(group, key=lambda s: (-len(s), s))
            pattern = regex.compile("|".join(map(regex.escape, ordered)))
            self._patterns = {**self._patterns, normalized: pattern}
        out: list[SpecialMatch] = []
        consumed = 0
        for m in pattern.finditer(text):
            token = group[m.group()]
            if token.special and token.content not in recognised:
                continue
            start, end = m.span()
            if token.single_word and not (
                (start == 0 or not _WORD.match(text[start - 1]))
                and (end == len(text) or not _WORD.match(text[end]))
            ):
                continue
            if start < consumed:  # inside whitespace an earlier rstrip swallowed
                continue
            if token.lstrip:
                while start > consumed and _SPACE.match(text[start - 1]):
                    start -= 1
            if token.rstrip:
                while end < len(text) and _SPACE.match(text[end]):
                    end += 1
            out.append(SpecialMatch(start, end, token.content, token.id))
            consumed = end
        return out

    def find_all_strings(self, text: str) -> list[SpecialMatch]:
        """Every special token string in the text as typed, recognised or not (for warnings)."""
        specials = [t.content for t in self.tokens if t.special]
        if not specials:
            return []
        ordered = sorted(specials, key=lambda s: -len(s))
        pattern = regex.compile("|".join(map(regex.escape, ordered)))
        return [SpecialMatch(m.start(), m.end(), m.group(), self.ids[m.group()])
                for m in pattern.finditer(text)]

    def split(
        self, text: str, mode: SpecialMode = "all", *, normalized: bool = False
    ) -> list[tuple[int, int, int | None]]:
        """``(start, end, id)`` segments covering the text; id is None for ordinary text."""
        segments: list[tuple[int, int, int | None]] = []
        pos = 0
        for m in self.find(text, mode, normalized=normalized):
            if m.start > pos:
                segments.append((pos, m.start, None))
            segments.append((m.start, m.end, m.id))
            pos = m.end
        if pos < len(text):
            segments.append((pos, len(text), None))
        return segments


def SpecialTokens(tokens: Mapping[str, int] | None = None) -> AddedVocabulary:
    """Special tokens matched in the text as typed (tiktoken's kind, and BPE Lens's own)."""
    return AddedVocabulary(AddedToken(text, tid) for text, tid in (tokens or {}).items())
