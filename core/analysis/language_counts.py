"""What one tokenizer makes of one language's sentences: tokens per sentence and the totals
every comparison metric is computed from.

Each sentence is encoded on its own, with the tokenizer's whole pipeline (ids identical to the
official libraries'), through the fast id path in batches. The other counts come from the ids:
a token starts or ends inside a character when its bytes are not UTF-8 on their own (what
``TokenTable.partial`` says token by token); byte-fallback and unknown tokens are those the
model gives that kind (BERT's ``[UNK]`` is an added token too). Each distinct id is looked at once.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from bpelens.core.messages import Message

from ..errors import BpeLensError, EncodeError
from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer

Progress = Callable[[float], None]
# Sentences are encoded in batches of about this many characters: progress is reported (and a
# request to stop heard) between them, every few tens of milliseconds.
BATCH_CHARS = 1 << 17
FALLBACK_KINDS = frozenset({"byte_fallback", "unknown"})


@dataclass(frozen=True, slots=True, eq=False)
class LanguageCounts:
    """One tokenizer on one language's sentences (``sentence_tokens[i]``: sentence *i*)."""

    language: str
    sentences: int
    chars: int  # code points
    bytes: int  # UTF-8 bytes of the sentences as given
    tokens: int
    partial_tokens: int  # tokens that start or end inside a character
    fallback_tokens: int  # byte-fallback and unknown tokens
    distinct_tokens: int  # different ids used
    sentence_tokens: np.ndarray  # int64, one count per sentence (read-only)


def count_language(tokenizer: Tokenizer, texts: Sequence[str], *, language: str,
                   special: SpecialMode = "none", add_special_tokens: bool = False,
                   progress: Progress | None = None) -> LanguageCounts:
    """Encode each of ``texts`` on its own and count. ``progress(fraction)`` is called between
    batches and may raise to stop."""
    steps = iter_language_counts(tokenizer, texts, language=language, special=special,
                                 add_special_tokens=add_special_tokens)
    while True:
        try:
            fraction = next(steps)
        except StopIteration as done:
            return done.value
        if progress is not None:
            progress(fraction)


def iter_language_counts(tokenizer: Tokenizer, texts: Sequence[str], *, language: str,
                         special: SpecialMode = "none", add_special_tokens: bool = False,
                         token_flags: TokenFlags | None = None,
                         ) -> Generator[float, None, LanguageCounts]:
    """:func:`count_language` as a generator: yields the fraction done after each batch (a
    caller may stop between them) and returns the counts. ``token_flags``: what is known of
    the tokenizer's ids already (counting several languages looks at each id once)."""
    encoded: list[list[int]] = []
    done = 0
    total_chars = sum(map(len, texts)) or 1
    for batch in sentence_batches(texts):
        try:
            encoded.extend(tokenizer.encode_batch_ids(batch, special=special,
                                                      add_special_tokens=add_special_tokens))
        except BpeLensError as exc:
            raise _which_sentence(tokenizer, batch, len(encoded), language, special,
                                  exc) from None
        done += sum(map(len, batch))
        yield done / total_chars
    per_sentence = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded))
    token_count = int(per_sentence.sum())
    ids = np.fromiter(chain.from_iterable(encoded), dtype=np.int64, count=token_count)
    uses = np.bincount(ids) if token_count else np.zeros(0, dtype=np.int64)
    return counts_of(tokenizer, texts, language, per_sentence, uses, token_flags)


def counts_of(tokenizer: Tokenizer, texts: Sequence[str], language: str,
              per_sentence: np.ndarray, uses: np.ndarray, token_flags: TokenFlags | None
              ) -> LanguageCounts:
    """The counts from the tokens of each sentence and the uses of each id (however the
    sentences were encoded: here, or in worker processes)."""
    token_count = int(per_sentence.sum())
    distinct = np.flatnonzero(uses)
    flags = (token_flags or TokenFlags(tokenizer)).of(distinct)
    fallback = int(uses[distinct[(flags & FALLBACK) != 0]].sum())
    partial = int(uses[distinct[(flags & PARTIAL) != 0]].sum())
    per_sentence.flags.writeable = False
    return LanguageCounts(
        language=language, sentences=len(texts), chars=sum(map(len, texts)),
        bytes=sum(len(t.encode("utf-8", "replace")) for t in texts),
        tokens=token_count, partial_tokens=partial, fallback_tokens=fallback,
        distinct_tokens=len(distinct), sentence_tokens=per_sentence)


def _which_sentence(tokenizer: Tokenizer, batch: list[str], before: int, language: str,
                    special: SpecialMode, exc: BpeLensError) -> EncodeError:
    """The error again, naming the sentence (its number from 1) that raised it."""
    for offset, text in enumerate(batch):
        try:
            tokenizer.encode_ids(text, special=special)
        except BpeLensError as found:
            return EncodeError(Message("{language}, sentence {before}: {found}", language=language,
                                       before=before + offset + 1, found=found))
    return EncodeError(Message("{language}: {exc}", language=language, exc=exc))


def sentence_batches(texts: Sequence[str]):
    batch: list[str] = []
    size = 0
    for text in texts:
        batch.append(text)
        size += len(text)
        if size >= BATCH_CHARS:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


FALLBACK, PARTIAL, KNOWN = 1, 2, 4


class TokenFlags:
    """Per id of one tokenizer, looked at once and kept: a byte-fallback or unknown token,
    and a token whose bytes are not UTF-8 on their own."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.flags = np.zeros(tokenizer.vocab_size, dtype=np.uint8)

    def of(self, ids: np.ndarray) -> np.ndarray:
        flags = self.flags
        if len(ids) and int(ids[-1]) >= len(flags):
            flags = self.flags = np.concatenate(
                (flags, np.zeros(int(ids[-1]) + 1 - len(flags), dtype=np.uint8)))
        found = flags[ids]
        for tid in ids[(found & KNOWN) == 0].tolist():
            flags[tid] = KNOWN | (FALLBACK if self._fallback(tid) else 0) | (
                PARTIAL if _splits_a_character(self.tokenizer, tid) else 0)
        return flags[ids]

    def _fallback(self, token_id: int) -> bool:
        """By the kind the *model* gives the id: BERT's [UNK] and Llama's <unk> are added
        tokens too, but an id the model produced for a character it lacks is unknown."""
        tokenizer = self.tokenizer
        if tokenizer.model.has_id(token_id):
            return tokenizer.kinds.of_model(token_id) in FALLBACK_KINDS
        return tokenizer.token_kind(token_id) in FALLBACK_KINDS


def _splits_a_character(tokenizer: Tokenizer, token_id: int) -> bool:
    """Whether the token's bytes are not UTF-8 on their own. In text that is (every sentence
    is), that is exactly a token starting or ending inside a character: one that starts on a
    character's first byte and ends on a last byte holds whole characters."""
    data = tokenizer.token_bytes(token_id)
    if data.isascii():
        return False
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False
