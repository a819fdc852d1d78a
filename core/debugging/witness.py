"""A witness for a token its own text does not give: some text whose encoding contains it.

The audit encodes each token's text alone. On SentencePiece models that is misleading: the
text ``の`` alone becomes ``▁ | の`` (the dummy prefix is a token of its own), so ``の`` looks
unreachable although every sentence with ``の`` after another character uses it. Other models
have the same blind spot wherever a token only forms next to something (a pre-tokenizer
pattern that splits differently at the end of the text, a normalizer, a Unigram lattice whose
best path depends on the whole word).

The search tries, for each token, texts built around its own text, cheapest first:

1. its text alone (the token may be there, after a prefix the model adds);
2. its text inside the vocabulary's tokens that contain it, cut one character wider on
   either side (the contexts the training data put it in);
3. its text after and before the vocabulary's shortest tokens (a left neighbour that is a
   token of its own keeps the token's first symbol from merging leftwards: SentencePiece
   BPE's ``c`` only comes out in ``ad | c``).

Every candidate is encoded with the whole pipeline (special tokens off), so a witness is
proof; a token without one is unreachable *in the texts tried*, which the result says.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from ..pipeline.tokenizer import Tokenizer
from .following_text import FollowingText, text_token_ids

# Vocabulary tokens containing the text that lend it context, and the most used characters.
MAX_HOSTS = 24
NEIGHBOURS = 48
BATCH = 4096


@dataclass(frozen=True, slots=True)
class Witness:
    """``text`` encodes to ``ids``, and ``ids[index]`` is the token."""

    text: str
    ids: tuple[int, ...]
    index: int


class WitnessSearch:
    """The vocabulary's texts, indexed once for every token searched."""

    def __init__(self, tokenizer: Tokenizer, texts: dict[int, str]) -> None:
        self.tokenizer = tokenizer
        # Separated by a character no token text holds, so a find never spans two tokens.
        self._ids = list(texts)
        self._starts: list[int] = []
        parts: list[str] = []
        at = 0
        for tid in self._ids:
            self._starts.append(at)
            parts.append(texts[tid])
            at += len(texts[tid]) + 1
        self._joined = "\x00".join(parts)
        self._texts = texts
        self.neighbours = _neighbours(texts)

    def candidates(self, *texts: str) -> Iterator[str]:
        """Texts to try for a token whose own text is ``texts[0]`` (and that reads as the
        others inside a text), cheapest first, no repeats."""
        seen: set[str] = set()
        ordered = list(dict.fromkeys(texts))
        # Each text alone first, then each in its contexts, the one read inside a text first
        # (WordPiece's ##t has no context but t's).
        for candidate in (*ordered, *(c for text in ordered[1:] + ordered[:1]
                                      for c in self._ordered(text))):
            if candidate and candidate not in seen:
                seen.add(candidate)
                yield candidate

    def _ordered(self, text: str) -> Iterator[str]:
        yield text
        if text:
            for host, at in self._hosts(text):
                end = at + len(text)
                yield host[max(at - 1, 0):end]
                yield host[at:end + 1]
                yield host[max(at - 1, 0):end + 1]
                yield host[:end]
                yield host[at:]
        for neighbour in self.neighbours:
            yield neighbour + text
            yield text + neighbour

    def _hosts(self, text: str) -> Iterator[tuple[str, int]]:
        """Vocabulary texts longer than ``text`` that contain it, and where."""
        from bisect import bisect_right

        found = 0
        pos = self._joined.find(text)
        while pos >= 0 and found < MAX_HOSTS:
            index = bisect_right(self._starts, pos) - 1
            host = self._texts[self._ids[index]]
            if len(host) > len(text):
                found += 1
                yield host, pos - self._starts[index]
            pos = self._joined.find(text, pos + 1)

    def search(self, wanted: dict[int, str], *, limit: int = 160
               ) -> Iterator[tuple[Counter[int], dict[int, Witness]]]:
        """Witnesses for the tokens of ``wanted`` (id → its own text), at most ``limit``
        candidates each. Yields ``(tries, found)`` after each batch of encodings: the texts
        tried per token so far, and the witnesses found (stop iterating to cancel)."""
        found: dict[int, Witness] = {}
        pending = {}
        for tid, text in wanted.items():
            inside = self._texts.get(tid, text)
            pending[tid] = self.candidates(text, inside)
        tries: Counter[int] = Counter()
        for _round in range(limit):
            batch: list[tuple[int, str]] = []
            for tid, source in list(pending.items()):
                candidate = next(source, None)
                if candidate is None:
                    del pending[tid]
                else:
                    batch.append((tid, candidate))
            if not batch:
                break
            for start in range(0, len(batch), BATCH):
                part = batch[start:start + BATCH]
                encoded = self.tokenizer.encode_batch_ids([text for _, text in part],
                                                          special="none")
                for (tid, text), ids in zip(part, encoded, strict=True):
                    if tid in found:
                        continue
                    index = _index(ids, tid)
                    if index is not None:
                        found[tid] = Witness(text, tuple(ids), index)
                        pending.pop(tid, None)
                tries.update(tid for tid, _ in part)
                yield tries, found
        yield tries, found


_SEARCHES: WeakKeyDictionary[Tokenizer, WitnessSearch] = WeakKeyDictionary()


def search_of(tokenizer: Tokenizer) -> WitnessSearch:
    """The search over the tokenizer's whole vocabulary (built once: one token's audit in the
    lookup page needs it too)."""
    search = _SEARCHES.get(tokenizer)
    if search is None:
        ids = list(text_token_ids(tokenizer))
        search = _SEARCHES[tokenizer] = WitnessSearch(tokenizer, host_texts(tokenizer, ids))
    return search


def host_texts(tokenizer: Tokenizer, ids: Iterable[int]) -> dict[int, str]:
    """The tokens' texts as they stand inside a text (following_text.py: SentencePiece's
    ``▁の`` as `` の``, WordPiece's ``##ing`` as ``ing``)."""
    following = FollowingText(tokenizer)
    return {tid: following(tid) for tid in ids}


def _neighbours(texts: dict[int, str]) -> list[str]:
    """Texts to put next to a token's text: the characters the vocabulary uses most, then its
    two- and three-character tokens in id order (BPE's earliest merges first)."""
    counted = Counter(ch for text in texts.values() for ch in text if not ch.isspace())
    out = [ch for ch, _ in counted.most_common(NEIGHBOURS // 3)]
    for length in (2, 3):
        out += [text for _, text in sorted(texts.items())
                if len(text) == length and not text.isspace()][:NEIGHBOURS // 3]
    return list(dict.fromkeys(out))


def _index(ids: Sequence[int], tid: int) -> int | None:
    try:
        return ids.index(tid)  # type: ignore[attr-defined]
    except ValueError:
        return None
