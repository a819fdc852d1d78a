"""Whether ids are what encoding their own text gives (canonical), and where not.

Pipelines that decode ids and encode the text again (training, serving, RL rollouts) get
other ids whenever the first ids were not canonical: a completion sampled token by token can
split what encoding would merge, cut a character's bytes across tokens, or spell a special
token as plain text. This module says where, span by span, and why.

A span is found by aligning both sequences on the bytes they spell: where the given ids and
the canonical ids share a token boundary, what lies between two shared boundaries is compared.
When the two do not spell the same bytes (a decoder that adds or strips text, bytes that are
not UTF-8), the ids between their common start and common end are one span.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, Literal

from bpelens.core.messages import Message

from ..errors import ConfigError, DecodeError
from ..pipeline.tokenizer import Tokenizer

Reason = Literal["special_as_text", "split_character", "merge", "resegmented", "undecodable"]
REASONS: tuple[Reason, ...] = ("special_as_text", "split_character", "merge", "resegmented",
                               "undecodable")
ROW_KEYS = ("ids", "prompt_ids", "completion_ids")
_BATCH = 1024


@dataclass(frozen=True, slots=True)
class Drift:
    """One span where the ids differ from the canonical ones: ``given[start:end]`` against
    ``canonical[canonical_start:canonical_end]``, over bytes ``byte_start``–``byte_end`` of
    the decoded text (None when the two do not spell the same bytes)."""

    start: int
    end: int
    canonical_start: int
    canonical_end: int
    reason: Reason
    given: tuple[int, ...]
    canonical: tuple[int, ...]
    byte_start: int | None = None
    byte_end: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "reason": self.reason,
                "given": list(self.given), "canonical": list(self.canonical),
                "byte_start": self.byte_start, "byte_end": self.byte_end}


@dataclass(frozen=True)
class CanonicalCheck:
    """The ids, what encoding their decoded text gives, and the spans where they differ."""

    ids: tuple[int, ...]
    canonical: tuple[int, ...]
    drifts: tuple[Drift, ...]
    text: str = field(default="", repr=False)

    @property
    def is_canonical(self) -> bool:
        return not self.drifts

    def to_json(self) -> dict[str, Any]:
        return {"canonical": self.is_canonical, "ids": list(self.ids),
                "canonical_ids": list(self.canonical),
                "drifts": [d.to_json() for d in self.drifts]}


def check_canonical(tokenizer: Tokenizer, ids: Sequence[int]) -> CanonicalCheck:
    """``ids`` against ``encode(decode(ids))`` (special tokens in the text encode as special
    tokens, as Hugging Face's ``encode`` does). DecodeError for an id not in the tokenizer."""
    return check_many(tokenizer, [ids])[0]


def check_many(tokenizer: Tokenizer, rows: Sequence[Sequence[int]]) -> list[CanonicalCheck]:
    """:func:`check_canonical` of many rows, their texts encoded together."""
    texts, spelled = [], []
    for ids in rows:
        _check_ids(tokenizer, ids)
        data = tokenizer.decode_bytes(ids)
        try:
            data.decode("utf-8")
            good = True
        except UnicodeDecodeError:
            good = False
        spelled.append(good)
        texts.append(tokenizer.decode(ids, errors="replace"))
    encoded = tokenizer.encode_batch_ids(texts, special="all")
    return [_compare(tokenizer, tuple(ids), tuple(canonical), text, good)
            for ids, canonical, text, good in zip(rows, encoded, texts, spelled, strict=True)]


def _check_ids(tokenizer: Tokenizer, ids: Sequence[int]) -> None:
    for index, value in enumerate(ids):
        if type(value) is not int:
            raise ConfigError(Message("id {index} is {value!r}: expected a whole number",
                                      index=index, value=value))
        tokenizer.token_bytes(value)  # DecodeError naming the id when it is not in it


def _compare(tokenizer: Tokenizer, ids: tuple[int, ...], canonical: tuple[int, ...],
             text: str, good: bool) -> CanonicalCheck:
    if ids == canonical:
        return CanonicalCheck(ids, canonical, (), text)
    spell = tokenizer.token_bytes
    given_bytes = [spell(i) for i in ids]
    canonical_bytes = [spell(i) for i in canonical]
    if not good or b"".join(given_bytes) != b"".join(canonical_bytes):
        return CanonicalCheck(ids, canonical, (_one_span(ids, canonical, good),), text)
    data = b"".join(given_bytes)
    given_ends = list(accumulate(map(len, given_bytes)))
    canonical_ends = list(accumulate(map(len, canonical_bytes)))
    shared = sorted(set(given_ends) & set(canonical_ends))
    drifts = []
    g = c = 0
    start_byte = 0
    specials = tokenizer.specials.by_id
    for boundary in shared:
        g_end, c_end = g, c
        while g_end < len(ids) and (given_ends[g_end] <= boundary):
            g_end += 1
        while c_end < len(canonical) and canonical_ends[c_end] <= boundary:
            c_end += 1
        if ids[g:g_end] != canonical[c:c_end]:
            drifts.append(Drift(g, g_end, c, c_end, _reason(
                ids[g:g_end], canonical[c:c_end], given_ends[g:g_end - 1], data, specials),
                ids[g:g_end], canonical[c:c_end], start_byte, boundary))
        g, c, start_byte = g_end, c_end, boundary
    return CanonicalCheck(ids, canonical, tuple(drifts), text)


def _reason(given: tuple[int, ...], canonical: tuple[int, ...], inner_ends: list[int],
            data: bytes, specials: Any) -> Reason:
    if any(t in specials for t in canonical) and not any(t in specials for t in given):
        return "special_as_text"
    if any(end < len(data) and 0x80 <= data[end] < 0xC0 for end in inner_ends):
        return "split_character"
    return "merge" if len(canonical) < len(given) else "resegmented"


def _one_span(ids: tuple[int, ...], canonical: tuple[int, ...], good: bool) -> Drift:
    """The ids between the common start and the common end of both sequences."""
    head = 0
    while head < min(len(ids), len(canonical)) and ids[head] == canonical[head]:
        head += 1
    tail = 0
    while tail < min(len(ids), len(canonical)) - head and \
            ids[len(ids) - 1 - tail] == canonical[len(canonical) - 1 - tail]:
        tail += 1
    return Drift(head, len(ids) - tail, head, len(canonical) - tail,
                 "resegmented" if good else "undecodable", ids[head:len(ids) - tail],
                 canonical[head:len(canonical) - tail])


@dataclass
class CanonicalSummary:
    """What a file of rows comes to: rows, how many are not canonical, their spans by
    reason, and the first examples (their line numbers, 1-based)."""

    rows: int = 0
    tokens: int = 0
    non_canonical_rows: int = 0
    drift_tokens: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    examples: list[tuple[int, CanonicalCheck]] = field(default_factory=list)

    def add(self, line: int, check: CanonicalCheck, keep: int) -> None:
        self.rows += 1
        self.tokens += len(check.ids)
        if check.drifts:
            self.non_canonical_rows += 1
            self.drift_tokens += sum(d.end - d.start for d in check.drifts)
            self.reasons.update(d.reason for d in check.drifts)
            if len(self.examples) < keep:
                self.examples.append((line, check))

    def to_json(self) -> dict[str, Any]:
        return {"rows": self.rows, "non_canonical_rows": self.non_canonical_rows,
                "non_canonical_share": self.non_canonical_rows / self.rows if self.rows else 0,
                "tokens": self.tokens, "tokens_in_drifts": self.drift_tokens,
                "drifts_by_reason": {r: self.reasons.get(r, 0) for r in REASONS},
                "examples": [{"line": line, **check.to_json()}
                             for line, check in self.examples]}


def row_ids(row: Any, line: int, path: str) -> list[int]:
    """The ids of one JSONL row: ``{"ids": [...]}`` or ``{"prompt_ids": [...],
    "completion_ids": [...]}`` (joined: the prompt's end and the completion's start must
    also be canonical together), or a bare list."""
    if isinstance(row, list):
        return row
    if isinstance(row, dict):
        if "ids" in row and isinstance(row["ids"], list):
            return row["ids"]
        prompt, completion = row.get("prompt_ids"), row.get("completion_ids")
        if isinstance(prompt, list) and isinstance(completion, list):
            return prompt + completion
    raise ConfigError(Message("{path}, line {line}: expected {{\"ids\": [...]}}, {{\"prompt_ids\": "
                              "[...], \"completion_ids\": [...]}} or a list of ids", path=path,
                              line=line))


def check_jsonl(tokenizer: Tokenizer, path: str | Path, *, keep: int = 20,
                progress: Callable[[int], None] | None = None) -> CanonicalSummary:
    """Every row of a JSONL file, streamed in batches; errors name the file and line."""
    summary = CanonicalSummary()
    for line, check in iter_jsonl_checks(tokenizer, path, progress=progress):
        summary.add(line, check, keep)
    return summary


def iter_jsonl_checks(tokenizer: Tokenizer, path: str | Path,
                      progress: Callable[[int], None] | None = None,
                      ) -> Iterator[tuple[int, CanonicalCheck]]:
    name = str(path)
    batch: list[tuple[int, list[int]]] = []
    try:
        handle = open(path, encoding="utf-8")  # noqa: SIM115 (closed below, streamed)
    except OSError as exc:
        raise ConfigError(Message("{path}: cannot read it ({error})", path=name,
                                  error=exc.strerror or exc)) from None
    with handle:
        try:
            for line, text in enumerate(handle, start=1):
                if not text.strip():
                    continue
                try:
                    row = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise ConfigError(Message("{path}, line {line}: not JSON ({error})",
                                              path=name, line=line, error=exc.msg)) from None
                batch.append((line, row_ids(row, line, name)))
                if len(batch) >= _BATCH:
                    yield from _checked(tokenizer, batch, name)
                    if progress is not None:
                        progress(line)
                    batch = []
        except UnicodeDecodeError:
            raise ConfigError(Message("{path} is not UTF-8 text", path=name)) from None
    yield from _checked(tokenizer, batch, name)


def _checked(tokenizer: Tokenizer, batch: list[tuple[int, list[int]]], path: str
             ) -> Iterable[tuple[int, CanonicalCheck]]:
    for line, ids in batch:
        try:
            _check_ids(tokenizer, ids)
        except (ConfigError, DecodeError) as exc:
            raise ConfigError(Message("{path}, line {line}: {error}", path=path, line=line,
                                      error=exc.message)) from None
    checks = check_many(tokenizer, [ids for _, ids in batch]) if batch else []
    return zip((line for line, _ in batch), checks, strict=True)
