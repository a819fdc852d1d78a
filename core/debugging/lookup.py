"""The vocabulary as a place to look things up: a token by id, by its text (exact or a part of
it), by a regular expression over the tokens' texts (user patterns run with a time limit), or by
its bytes in hex; and what is known of one token — its bytes, kind, rank, the merges that
build it, and the texts of a corpus that use it."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import regex

from bpelens.core.messages import Message

from ..errors import ConfigError, DecodeError
from ..pipeline.tokenizer import Tokenizer
from ..playback.derivation import DerivationNode, derivation
from ..text.bounded_regex import check_pattern
from .audit import TokenAudit, audit_token

LookupMode = Literal["auto", "id", "text", "contains", "regex", "hex"]
LOOKUP_MODES: tuple[LookupMode, ...] = ("auto", "id", "text", "contains", "regex", "hex")
# A regex search of the whole vocabulary stops after this much CPU time of its thread: a
# plain pattern over o200k's 200,000 tokens takes 1.1–1.4 s, one that backtracks never ends.
# CPU time, not wall time: on a busy machine the same search would run out of a wall-clock
# limit and be refused ("simplify it") for no fault of the pattern.
REGEX_SECONDS = 10.0


def token_text(tokenizer: Tokenizer, tid: int) -> str:
    """A token's text as decoding it alone gives (half a character shows as U+FFFD)."""
    return tokenizer.decode([tid], errors="replace")


def _ids(tokenizer: Tokenizer) -> list[int]:
    return [tid for start, end in tokenizer.id_ranges() for tid in range(start, end + 1)]


def find_tokens(tokenizer: Tokenizer, query: str, mode: LookupMode = "auto", *,
                limit: int = 500) -> list[int]:
    """Ids matching ``query``, in id order, at most ``limit``. ``auto``: a whole number is an
    id, ``0x…`` or ``<0x..>`` is bytes, ``/…/`` a regex, anything else the text exactly, then
    tokens containing it."""
    if mode not in LOOKUP_MODES:
        raise ConfigError(Message("unknown lookup {mode!r}; choose one of {lookup_modes}",
                                  mode=mode, lookup_modes=', '.join(LOOKUP_MODES)))
    if mode == "auto":
        stripped = query.strip()
        if stripped.isdigit():
            mode, query = "id", stripped
        elif stripped.lower().startswith("0x"):
            mode, query = "hex", stripped[2:]
        elif len(stripped) > 2 and stripped.startswith("/") and stripped.endswith("/"):
            mode, query = "regex", stripped[1:-1]
        else:
            exact = find_tokens(tokenizer, query, "text", limit=limit)
            return exact or find_tokens(tokenizer, query, "contains", limit=limit)
    if mode == "id":
        try:
            tid = int(query)
        except ValueError:
            raise ConfigError(Message("{query!r} is not a token id (a whole number)",
                                      query=query)) from None
        try:
            tokenizer.token_bytes(tid)
        except DecodeError as exc:  # it says which ids exist
            raise ConfigError(exc.message) from None
        return [tid]
    if mode == "hex":
        try:
            wanted = bytes.fromhex(query.replace(" ", "").replace("<0x", "").replace(">", ""))
        except ValueError:
            raise ConfigError(Message("{query!r} is not hex bytes (e.g. e3 81 82 or 0xe38182)",
                                      query=query)) \
                from None
        return [tid for tid in _ids(tokenizer) if tokenizer.token_bytes(tid) == wanted][:limit]
    if mode == "regex":
        check_pattern(query)
        try:
            pattern = regex.compile(query)
        except regex.error as exc:
            raise ConfigError(Message("/{query}/ is not a valid regular expression: {exc}",
                                      query=query, exc=exc)) from None
        deadline = time.thread_time() + REGEX_SECONDS
        found = []
        for tid in _ids(tokenizer):
            left = deadline - time.thread_time()
            if left <= 0:
                raise ConfigError(Message("/{query}/ took longer than {regex_seconds:.0f} s over "
                                          "the vocabulary; simplify it", query=query,
                                          regex_seconds=REGEX_SECONDS))
            try:
                if pattern.search(token_text(tokenizer, tid), timeout=left):
                    found.append(tid)
            except TimeoutError:
                raise ConfigError(Message("/{query}/ took longer than {regex_seconds:.0f} s over "
                                          "the vocabulary; simplify it", query=query,
                                          regex_seconds=REGEX_SECONDS)) from None
            if len(found) >= limit:
                break
        return found
    texts = ((tid, token_text(tokenizer, tid)) for tid in _ids(tokenizer))
    if mode == "text":
        return [tid for tid, text in texts if text == query][:limit]
    return [tid for tid, text in texts if query in text][:limit]


@dataclass(frozen=True)
class TokenFacts:
    id: int
    label: str
    text: str
    data: bytes
    kind: str
    rank: int | None
    tree: DerivationNode
    used_in: tuple[int, ...]  # indexes of the corpus texts whose encoding holds the token
    audit: TokenAudit  # its class in the audit (``orphan`` is known only to a whole audit)


USE_BATCH = 2000  # texts encoded between two checks of ``texts_using``


def texts_using(tokenizer: Tokenizer, tid: int, texts: Sequence[str], *,
                check: Callable[[int, int], None] | None = None) -> tuple[int, ...]:
    """Indexes of the ``texts`` whose encoding (special tokens off) holds ``tid``;
    ``check(done, total)`` between batches may raise to stop."""
    found: list[int] = []
    for start in range(0, len(texts), USE_BATCH):
        if check is not None:
            check(start, len(texts))
        batch = tokenizer.encode_batch_ids(list(texts[start : start + USE_BATCH]),
                                           special="none")
        found.extend(start + i for i, ids in enumerate(batch) if tid in ids)
    return tuple(found)


def token_facts(tokenizer: Tokenizer, tid: int, corpus: Sequence[str] = ()) -> TokenFacts:
    """What is known of token ``tid``; ``corpus``: texts to search for it (each encoded)."""
    data = tokenizer.token_bytes(tid)
    used = texts_using(tokenizer, tid, corpus) if corpus else ()
    model = tokenizer.model
    rank = None if tid in tokenizer.specials.by_id else model.merge_rank(tid)
    return TokenFacts(tid, tokenizer.token_label(tid, printable=True), token_text(tokenizer, tid),
                      data, tokenizer.token_kind(tid), rank, derivation(tokenizer, tid), used,
                      audit_token(tokenizer, tid))
