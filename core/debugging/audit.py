"""Which vocabulary tokens a tokenizer can ever produce (glitch tokens, tokens added that never
come out): every id classified by encoding its own text.

* ``special``: an added or special token (or SentencePiece's unknown and unused pieces);
* ``byte_fallback``: a ``<0xNN>`` token;
* ``undecodable``: its bytes are not valid UTF-8 on their own (half a character);
* ``reachable``: its own text — the token decoded alone, exactly as the tokenizer decodes —
  encoded with the whole pipeline (special tokens off, nothing added by post-processors) is
  exactly this one token;
* ``unreachable``: that text encodes to other tokens.

For a BPE model, finer detail: a reachable token the merges alone do not build (only a
whole-piece lookup such as tiktoken's or HF's ``ignore_merges`` gives it, so inside a longer
piece it never appears: ``whole_piece_only``), and for an unreachable token whose text is one
piece, the first merge applied to its symbols that is not part of its own derivation — the
lower-rank merge that gets there first (``blocked_by``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Literal

from ..models.merges import MergeRule
from ..pipeline.tokenizer import Tokenizer
from ..playback.derivation import derivation

AuditClass = Literal["reachable", "unreachable", "undecodable", "special", "byte_fallback"]
AUDIT_CLASSES: tuple[AuditClass, ...] = (
    "reachable", "unreachable", "undecodable", "special", "byte_fallback")
_SPECIAL_KINDS = frozenset({"special", "added", "unknown", "unused"})
BATCH = 4096  # texts encoded per batch (and between two progress reports)


@dataclass(frozen=True, slots=True)
class TokenAudit:
    id: int
    cls: AuditClass
    label: str
    text: str | None = None  # its own text, when decodable
    encodes_to: tuple[int, ...] = ()  # unreachable: what its text encodes to
    whole_piece_only: bool = False
    blocked_by: MergeRule | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "class": self.cls, "token": self.label}
        if self.text is not None:
            data["text"] = self.text
        if self.cls == "unreachable":
            data["encodes_to"] = list(self.encodes_to)
            if self.blocked_by is not None:
                rule = self.blocked_by
                data["blocked_by"] = {"rank": rule.rank, "left": rule.left_id,
                                      "right": rule.right_id, "new": rule.new_id}
        if self.whole_piece_only:
            data["whole_piece_only"] = True
        return data


@dataclass(frozen=True)
class Audit:
    vocab_size: int
    tokens: tuple[TokenAudit, ...]
    counts: dict[str, int] = field(default_factory=dict)

    def of_class(self, cls: str) -> list[TokenAudit]:
        return [t for t in self.tokens if t.cls == cls]

    def to_json(self) -> dict[str, Any]:
        return {"vocab_size": self.vocab_size, "counts": dict(self.counts),
                "whole_piece_only": sum(t.whole_piece_only for t in self.tokens),
                "tokens": [t.to_json() for t in self.tokens]}


def _present_ids(tokenizer: Tokenizer) -> Iterator[int]:
    for start, end in tokenizer.id_ranges():
        yield from range(start, end + 1)


def iter_audit(tokenizer: Tokenizer) -> Iterator[tuple[int, int, Audit | None]]:
    """Audit ``tokenizer``, yielding ``(done, total, None)`` between batches and
    ``(total, total, audit)`` at the end (stop iterating to cancel)."""
    ids = list(_present_ids(tokenizer))
    total = len(ids)
    specials = tokenizer.specials.by_id
    model = tokenizer.model
    results: dict[int, TokenAudit] = {}
    texts: list[tuple[int, str]] = []
    labels: dict[int, str] = {}
    for tid in ids:
        label = labels[tid] = tokenizer.token_label(tid, printable=True)
        kind = "added" if tid in specials else model.kind(tid)
        if kind in _SPECIAL_KINDS:
            results[tid] = TokenAudit(tid, "special", label)
        elif kind == "byte_fallback":
            results[tid] = TokenAudit(tid, "byte_fallback", label)
        else:
            try:
                tokenizer.token_bytes(tid).decode("utf-8")
            except UnicodeDecodeError:
                results[tid] = TokenAudit(tid, "undecodable", label)
                continue
            texts.append((tid, tokenizer.decode([tid], errors="replace")))
    yield len(results), total, None
    trace = getattr(model, "trace_piece", None)
    for start in range(0, len(texts), BATCH):
        batch = texts[start : start + BATCH]
        encoded = tokenizer.encode_batch_ids([text for _, text in batch], special="none")
        for (tid, text), got in zip(batch, encoded, strict=True):
            label = labels[tid]
            if got == [tid]:
                results[tid] = TokenAudit(tid, "reachable", label, text,
                                          whole_piece_only=_merges_miss(tokenizer, tid, text))
            else:
                blocked = _blocking_merge(tokenizer, tid, text) if trace is not None else None
                results[tid] = TokenAudit(tid, "unreachable", label, text, tuple(got),
                                          blocked_by=blocked)
        yield len(results), total, None
    tokens = tuple(results[tid] for tid in ids)
    counts = Counter(t.cls for t in tokens)
    yield total, total, Audit(tokenizer.vocab_size, tokens,
                              {cls: counts.get(cls, 0) for cls in AUDIT_CLASSES})


def audit(tokenizer: Tokenizer) -> Audit:
    for _, _, result in iter_audit(tokenizer):
        if result is not None:
            return result
    raise AssertionError("iter_audit always ends with a result")


def _single_piece(tokenizer: Tokenizer, text: str) -> str | None:
    """The model's input for ``text`` when the pipeline makes it one piece, else None."""
    pieces = tokenizer.encode(text, special="none").pieces
    if len(pieces) != 1 or pieces[0].special_id is not None:
        return None
    return pieces[0].model_input


def _merges_miss(tokenizer: Tokenizer, tid: int, text: str) -> bool:
    """Whether the merges alone, without the model's whole-piece lookup, build something
    else from the token's own text (a reachable token is one piece: the text, normalized)."""
    merged_only = getattr(tokenizer.model, "merged_only", None)
    if merged_only is None or getattr(tokenizer.normalizer, "kind", "none") != "none":
        return False
    if len(text.encode("utf-8")) <= 2 and tokenizer.model.looks_up_whole_piece:
        return False  # two bytes and a rank of their own: the one merge there is makes it
    merged = merged_only(text)
    return merged is not None and merged != [tid]


def _blocking_merge(tokenizer: Tokenizer, tid: int, text: str) -> MergeRule | None:
    """The first merge applied to the token's own symbols that its derivation does not use."""
    piece = _single_piece(tokenizer, text)
    if piece is None:
        return None
    traced = tokenizer.model.trace_piece(piece)
    if traced is None:
        return None
    table = tokenizer.model.token_bytes
    if b"".join(table[i] or b"" for i in traced[0]) != tokenizer.token_bytes(tid):
        # Normalization or a prefix made the piece other symbols than the token's own: no
        # merge of its own symbols is what stands in the way.
        return None
    tree = derivation(tokenizer, tid)
    used = {(node.rule.left_id, node.rule.right_id) for node in tree.nodes()
            if node.rule is not None}
    for step in traced[2]:
        if (step.left_id, step.right_id) not in used:
            return MergeRule(step.rank, step.left_id, step.right_id, step.new_id)
    return None
