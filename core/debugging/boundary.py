"""The end of a prompt: which tokens the model's next token can re-tokenize, and how to heal.

A model is trained on canonical encodings. A prompt that ends with ``http:`` is encoded
``http | :``, but in the training text the model saw ``http | ://`` — after ``:`` alone, the
token ``://`` never followed, so the model is pushed away from writing a URL. The same happens
with a prompt that ends in a space (the space belongs to the next word's token). Token healing
backs off the last tokens and makes the model's first token start with their text.

This module measures, for a prompt:

* **continuations**: per number of trailing tokens k, the vocabulary tokens whose text starts
  with those k tokens' text and goes further (what healing lets the first token be);
* **back-off**: for every token of the vocabulary as the next token, how many of the prompt's
  last tokens encoding prompt + that token changes — exact, by encoding each one (their
  maximum is how many tokens healing must remove so that no next token disagrees with the
  prompt's ids);
* for a continuation text: the canonical encoding of prompt + continuation against the
  prompt's ids followed by the continuation's, and the first id where they part.

Only the prompt's last tokens are encoded again with each candidate (a window, widened while
a candidate changes all of it), so a long prompt costs what a short one does.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..pipeline.tokenizer import Tokenizer
from .following_text import FollowingText, text_token_ids

WINDOW = 8  # prompt tokens encoded again with each candidate (widened when needed)
MAX_WINDOW = 512
MAX_TAIL = 4  # trailing tokens whose continuations are listed
BATCH = 8192


@dataclass(frozen=True, slots=True)
class Tail:
    """The last ``k`` tokens of the prompt and the vocabulary tokens that continue their text."""

    k: int
    ids: tuple[int, ...]
    text: str
    continuations: int  # tokens whose text starts with ``text`` and is longer
    examples: tuple[int, ...]  # some of them, shortest first

    def to_json(self) -> dict[str, Any]:
        return {"k": self.k, "ids": list(self.ids), "text": self.text,
                "continuations": self.continuations, "examples": list(self.examples)}


@dataclass(frozen=True, slots=True)
class Retokenized:
    """A next token that changes the prompt's last ``changed`` tokens: prompt + its text
    encodes to ``ids`` from the first changed position on."""

    token: int
    changed: int
    ids: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"token": self.token, "changed": self.changed, "ids": list(self.ids)}


@dataclass(frozen=True, slots=True)
class Continued:
    """Prompt + a continuation: the canonical ids against the prompt's ids + the
    continuation's own, and the first position where they differ (None: they agree)."""

    text: str
    canonical: tuple[int, ...]
    concatenated: tuple[int, ...]
    first_difference: int | None

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "canonical": list(self.canonical),
                "concatenated": list(self.concatenated),
                "first_difference": self.first_difference}


@dataclass(frozen=True)
class PromptBoundary:
    prompt: str
    ids: tuple[int, ...]
    tails: tuple[Tail, ...]
    back_off: int  # trailing tokens some next token re-tokenizes (what healing removes)
    healing_prefix: str  # the prompt's text of those tokens: the first new token starts so
    changed_by: dict[int, int]  # k → how many next tokens change exactly k prompt tokens
    examples: tuple[Retokenized, ...]  # the next tokens that change the most, a few per k
    tried: int  # next tokens tried (the vocabulary's tokens with a text of their own)
    continued: Continued | None = None
    # Every next token that changes the prompt's ids → how many of its last tokens.
    changes: dict[int, int] = field(default_factory=dict, repr=False)

    @property
    def healed_ids(self) -> tuple[int, ...]:
        """The prompt's ids with the back-off removed."""
        return self.ids[:len(self.ids) - self.back_off]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "prompt": self.prompt, "ids": list(self.ids), "back_off": self.back_off,
            "healed_ids": list(self.healed_ids), "healing_prefix": self.healing_prefix,
            "tried": self.tried,
            "changed_by": {str(k): n for k, n in sorted(self.changed_by.items())},
            "tails": [t.to_json() for t in self.tails],
            "examples": [e.to_json() for e in self.examples]}
        if self.continued is not None:
            data["continuation"] = self.continued.to_json()
        return data


class _Vocabulary:
    """The tokens that have a text of their own, by text and sorted by bytes."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        # A next token's text is its text after another token (following_text.py).
        following = FollowingText(tokenizer)
        self.texts: dict[int, str] = {}
        by_bytes: list[tuple[bytes, int]] = []
        for tid in text_token_ids(tokenizer):
            data = tokenizer.token_bytes(tid)
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue  # half a character: no text to append
            text = following(tid)
            if text:
                self.texts[tid] = text
            by_bytes.append((data, tid))
        by_bytes.sort()
        self.sorted_bytes = [b for b, _ in by_bytes]
        self.sorted_ids = [t for _, t in by_bytes]

    def extending(self, prefix: bytes) -> list[int]:
        """Tokens whose bytes start with ``prefix`` and are longer, shortest first."""
        out = []
        at = bisect_left(self.sorted_bytes, prefix)
        while at < len(self.sorted_bytes) and self.sorted_bytes[at].startswith(prefix):
            if len(self.sorted_bytes[at]) > len(prefix):
                out.append(self.sorted_ids[at])
            at += 1
        return out


# Built once per tokenizer (a second of work for 200k tokens; the window asks again per edit).
_VOCABULARIES: WeakKeyDictionary[Tokenizer, _Vocabulary] = WeakKeyDictionary()


def prompt_boundary(tokenizer: Tokenizer, prompt: str, *, continuation: str | None = None,
                    examples: int = 12, progress: Callable[[float], None] | None = None
                    ) -> PromptBoundary:
    """What the end of ``prompt`` does to the next token (see the module's doc).
    ``progress(fraction)`` is called between batches and may raise to stop."""
    if not prompt:
        raise ConfigError(Message("the prompt is empty: give the text the model continues"))
    if examples < 0:
        raise ConfigError(Message("examples {value}: expected 0 or more", value=examples))
    encoding = tokenizer.encode(prompt, special="all")
    ids = tuple(encoding.ids)
    # Where each token starts in the prompt: the windows are the prompt's own text (decoding
    # would lose what a normalizer or an unknown token changed, or a trailing space).
    starts = [encoding.source_span(t.span.char_start, t.span.char_end)[0]
              for t in encoding.tokens]
    vocabulary = _VOCABULARIES.get(tokenizer)
    if vocabulary is None:
        vocabulary = _VOCABULARIES[tokenizer] = _Vocabulary(tokenizer)
    tails = tuple(_tail(tokenizer, vocabulary, ids, k, examples)
                  for k in range(1, min(MAX_TAIL, len(ids)) + 1))
    changed, found = _retokenized(tokenizer, prompt, ids, starts, vocabulary.texts, progress)
    counted = Counter(changed.values())
    counted.pop(0, None)
    # Most tokens changed first; among them, those that make one token of the end (":" + "//"
    # → "://"), words before single characters, the earliest ids (the commonest, in BPE)
    # first.
    texts = vocabulary.texts
    worst = sorted(found, key=lambda r: (-r.changed, len(r.ids), len(texts[r.token]) < 2,
                                         r.token))
    per_k: Counter[int] = Counter()
    shown = []
    for item in worst:
        if per_k[item.changed] < max(1, examples // 3):
            per_k[item.changed] += 1
            shown.append(item)
    continued = None
    if continuation is not None:
        continued = _continued(tokenizer, prompt, ids, continuation)
    back_off = max(counted, default=0)
    prefix = prompt[starts[len(ids) - back_off]:] if back_off else ""
    return PromptBoundary(prompt, ids, tails, back_off, prefix, dict(counted),
                          tuple(shown[:examples]), len(vocabulary.texts), continued,
                          {tid: n for tid, n in changed.items() if n})


def _tail(tokenizer: Tokenizer, vocabulary: _Vocabulary, ids: tuple[int, ...], k: int,
          examples: int) -> Tail:
    tail = ids[-k:]
    data = tokenizer.decode_bytes(tail)
    longer = vocabulary.extending(data)
    longer.sort(key=lambda tid: (len(tokenizer.token_bytes(tid)), tid))
    return Tail(k, tail, data.decode("utf-8", "replace"), len(longer),
                tuple(longer[:examples]))


def _retokenized(tokenizer: Tokenizer, prompt: str, ids: tuple[int, ...], starts: list[int],
                 texts: dict[int, str], progress: Callable[[float], None] | None
                 ) -> tuple[dict[int, int], list[Retokenized]]:
    """For each next token, how many of the prompt's last tokens prompt + its text changes."""
    changed: dict[int, int] = {}
    found: list[Retokenized] = []
    pending = list(texts)
    window = WINDOW
    done = 0
    total = len(pending)
    while pending:
        start = _window_start(tokenizer, prompt, ids, starts, window)
        head = prompt[starts[start]:] if start else prompt
        kept = ids[start:]
        widen = []
        for first in range(0, len(pending), BATCH):
            batch = pending[first:first + BATCH]
            encoded = tokenizer.encode_batch_ids([head + texts[t] for t in batch],
                                                 special="all")
            for tid, got in zip(batch, encoded, strict=True):
                common = _common_prefix(kept, got)
                if common == 0 and start > 0:
                    widen.append(tid)  # the change may reach further back
                    continue
                n = len(kept) - common
                changed[tid] = n
                if n:
                    found.append(Retokenized(tid, n, tuple(got[common:])))
            done += len(batch)
            if progress is not None:
                progress(min(done / total, 1.0))
        pending = widen
        done -= len(widen)
        window *= 4
        if window > MAX_WINDOW:
            for tid in pending:  # changes reach past any window: counted as the whole window
                changed[tid] = len(ids) - start
            break
    return changed, found


def _window_start(tokenizer: Tokenizer, prompt: str, ids: tuple[int, ...], starts: list[int],
                  window: int) -> int:
    """Where the window of the last ``window`` tokens starts, moved back until encoding its
    text alone gives its ids (a window that starts inside a word would encode otherwise);
    each step back doubles, so a prompt that never splits costs a few encodings."""
    start = max(0, len(ids) - window)
    step = window
    while start > 0:
        text = prompt[starts[start]:]
        if tuple(tokenizer.encode_ids(text, special="all")) == ids[start:]:
            return start
        start = max(0, start - step)
        step *= 2
    return 0


def _common_prefix(a: tuple[int, ...], b: list[int]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _continued(tokenizer: Tokenizer, prompt: str, ids: tuple[int, ...], text: str) -> Continued:
    canonical = tuple(tokenizer.encode_ids(prompt + text, special="all"))
    concatenated = ids + tuple(tokenizer.encode_ids(text, special="all"))
    common = _common_prefix(canonical, list(concatenated))
    same = canonical == concatenated
    return Continued(text, canonical, concatenated, None if same else common)
