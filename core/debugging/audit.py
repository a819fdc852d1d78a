"""Which vocabulary tokens a tokenizer can ever produce (glitch tokens, tokens added that never
come out): every id classified by encoding its own text.

* ``special``: an added or special token (or SentencePiece's unknown and unused pieces, or a
  token Picky BPE removed);
* ``byte_fallback``: a ``<0xNN>`` token;
* ``undecodable``: its bytes are not valid UTF-8 on their own (half a character);
* ``reachable``: its own text — the token decoded alone, exactly as the tokenizer decodes —
  encoded with the whole pipeline (special tokens off, nothing added by post-processors) is
  exactly this one token;
* ``whole_piece_only``: reachable, but the merges alone do not build it (only a whole-piece
  lookup such as tiktoken's or HF's ``ignore_merges`` gives it), so inside a longer piece it
  never appears;
* ``in_context``: its own text encodes to other tokens, but some text's encoding contains it:
  the ``witness`` (SentencePiece's ``の``, which alone is ``▁ | の``, after any character);
* ``unreachable``: its own text encodes to other tokens and no text tried contains it
  (``contexts_tried`` says how many; see witness.py for which).

For a BPE model, finer detail: for a token whose own text does not give it and is one
piece, the first merge applied to its symbols that is not part of its own derivation — the
lower-rank merge that gets there first (``blocked_by``). And the merges themselves
(``merge_audit``): those that never apply, and the tokens no merge makes (``orphan``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Literal

from ..analysis.parallel_counts import (
    MIN_PARALLEL_AUDIT,
    TokenizerPool,
    encode_alone,
    recipe_of,
)
from ..errors import BpeLensError
from ..fast.declared import decoding_joins_bytes
from ..models.merges import MergeRule
from ..pipeline.tokenizer import Tokenizer
from ..playback.derivation import derivation
from .merge_audit import MergeAudit, merge_audit
from .witness import Witness, search_of

AuditClass = Literal["reachable", "whole_piece_only", "in_context", "unreachable",
                     "undecodable", "special", "byte_fallback"]
AUDIT_CLASSES: tuple[AuditClass, ...] = (
    "reachable", "whole_piece_only", "in_context", "unreachable", "undecodable", "special",
    "byte_fallback")
# Classes whose own text does not encode to the token (what encodes_to and blocked_by tell).
NOT_ITSELF = ("in_context", "unreachable")
_SPECIAL_KINDS = frozenset({"special", "added", "unknown", "unused"})
BATCH = 4096  # texts encoded per batch (and between two progress reports)


@dataclass(frozen=True, slots=True)
class TokenAudit:
    id: int
    cls: AuditClass
    label: str
    text: str | None = None  # its own text, when decodable
    encodes_to: tuple[int, ...] = ()  # in_context, unreachable: what its text encodes to
    blocked_by: MergeRule | None = None
    orphan: bool = False  # more than one symbol, and no merge makes it
    witness: Witness | None = None  # in_context: a text whose encoding contains it
    contexts_tried: int = 0  # unreachable: texts tried without finding it

    @property
    def whole_piece_only(self) -> bool:
        return self.cls == "whole_piece_only"

    @property
    def reached(self) -> bool:
        """Whether some text's encoding has it (alone, as a whole piece or in context)."""
        return self.cls in ("reachable", "whole_piece_only", "in_context")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "class": self.cls, "token": self.label}
        if self.text is not None:
            data["text"] = self.text
        if self.cls in NOT_ITSELF:
            data["encodes_to"] = list(self.encodes_to)
            if self.blocked_by is not None:
                rule = self.blocked_by
                data["blocked_by"] = {"rank": rule.rank, "left": rule.left_id,
                                      "right": rule.right_id, "new": rule.new_id}
        if self.witness is not None:
            data["witness"] = {"text": self.witness.text, "ids": list(self.witness.ids),
                               "index": self.witness.index}
        if self.cls == "unreachable" and self.contexts_tried:
            data["contexts_tried"] = self.contexts_tried
        if self.orphan:
            data["orphan"] = True
        return data


@dataclass(frozen=True)
class Audit:
    vocab_size: int
    tokens: tuple[TokenAudit, ...]
    counts: dict[str, int] = field(default_factory=dict)
    merges: MergeAudit | None = None  # None: the model does not merge

    def of_class(self, cls: str) -> list[TokenAudit]:
        return [t for t in self.tokens if t.cls == cls]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"vocab_size": self.vocab_size, "counts": dict(self.counts)}
        if self.merges is not None:
            data["merges"] = self.merges.to_json()
        data["tokens"] = [t.to_json() for t in self.tokens]
        return data


def _present_ids(tokenizer: Tokenizer) -> Iterator[int]:
    for start, end in tokenizer.id_ranges():
        yield from range(start, end + 1)


def iter_audit(tokenizer: Tokenizer, *, context: bool = True, jobs: int = 1
               ) -> Iterator[tuple[int, int, Audit | None]]:
    """Audit ``tokenizer``, yielding ``(done, total, None)`` between batches and
    ``(total, total, audit)`` at the end (stop iterating to cancel). ``context``: look for a
    witness for each token its own text does not give (else they are all ``unreachable``).
    ``jobs`` > 1: the tokens' texts are encoded by that many worker processes (a large
    vocabulary of a tokenizer opened from a file; the same result)."""
    ids = list(_present_ids(tokenizer))
    recipe = recipe_of(tokenizer) if jobs > 1 and len(ids) >= MIN_PARALLEL_AUDIT else None
    # Started first: the workers open the tokenizer while this process reads every token
    # (no more of them than batches of texts to encode).
    jobs = min(jobs, -(-len(ids) // BATCH))
    pool = (TokenizerPool(recipe, jobs, start_now=True) if recipe is not None and jobs > 1
            else None)
    try:
        yield from _audited(tokenizer, ids, context, pool)
    finally:
        if pool is not None:
            pool.close()


def _audited(tokenizer: Tokenizer, ids: list[int], context: bool, pool: TokenizerPool | None
             ) -> Iterator[tuple[int, int, Audit | None]]:
    total = len(ids)
    specials = tokenizer.specials.by_id
    model = tokenizer.model
    fixed: dict[int, AuditClass] = {}
    texts: list[tuple[int, str]] = []
    labels: dict[int, str] = {}
    inside: dict[int, str] = {}  # tokens that only stand inside a word (no </w>)
    encoded: dict[int, list[int]] = {}
    # A token's text is its bytes read as UTF-8 where decoding says no more (else decoded).
    joins = decoding_joins_bytes(tokenizer.decoder, model)
    for tid in ids:
        labels[tid] = tokenizer.token_label(tid, printable=True)
        cls, text = _class_and_text(tokenizer, tid, specials)
        if cls is not None:
            fixed[tid] = cls
        elif model.inside_word_only(tid):
            inside[tid], encoded[tid] = _inside_word(tokenizer, tid)
        else:
            texts.append((tid, text if joins else tokenizer.decode([tid], errors="replace")))
    yield len(fixed) + len(inside), total, None
    batches = [texts[start : start + BATCH] for start in range(0, len(texts), BATCH)]
    skip = {tid for tid, cls in fixed.items() if cls != "undecodable"}
    counted = None
    merges: MergeAudit | None = None
    merged = False  # (None is an answer: the model does not merge)
    if pool is not None:
        tasks = [([tid for tid, _ in batch], [text for _, text in batch]) for batch in batches]
        steps = pool.run(encode_alone, tasks, ahead=len(tasks))  # every batch sent now
        merges, merged = merge_audit(model, ids, skip), True  # while the workers encode
        counted = yield from _gathered(steps, batches, len(fixed) + len(encoded), total)
    if counted is not None:
        encoded.update(counted)
    else:
        for batch in batches:
            got = tokenizer.encode_batch_ids([text for _, text in batch], special="none")
            encoded.update(zip((tid for tid, _ in batch), got, strict=True))
            yield len(fixed) + len(encoded), total, None  # (inside-word ones included)
    own_text = {**dict(texts), **inside}
    # Inside-word tokens have no text of their own to put in context (it would end a word).
    missing = {tid: own_text[tid] for tid, got in encoded.items()
               if got != [tid] and tid not in inside}
    witnesses: dict[int, Witness] = {}
    tries: Counter[int] = Counter()
    if context and missing:
        for counted, found in search_of(tokenizer).search(missing):
            tries, witnesses = counted, found
            yield total - len(missing) + len(witnesses), total, None
    if not merged:
        merges = merge_audit(model, ids, skip)
    whole_only = _looks_up_whole(tokenizer) and merges is not None
    orphans = set(merges.orphans) if merges is not None else set()
    trace = getattr(model, "trace_piece", None)
    tokens = []
    for tid in ids:
        label = labels[tid]
        cls = fixed.get(tid)
        if cls is not None:
            tokens.append(TokenAudit(tid, cls, label, orphan=tid in orphans))
            continue
        text, got = own_text[tid], encoded[tid]
        if got == [tid]:
            whole = whole_only and tid not in merges.built  # type: ignore[union-attr]
            tokens.append(TokenAudit(tid, "whole_piece_only" if whole else "reachable",
                                     label, text, orphan=tid in orphans))
            continue
        # (inside a word the trace of its text alone, ending in </w>, is not its story)
        blocked = (_blocking_merge(tokenizer, tid, text)
                   if trace is not None and tid not in inside else None)
        witness = witnesses.get(tid)
        tokens.append(TokenAudit(
            tid, "in_context" if witness is not None else "unreachable", label, text,
            tuple(got), blocked_by=blocked, orphan=tid in orphans, witness=witness,
            contexts_tried=0 if witness is not None else tries[tid]))
    counts = Counter(t.cls for t in tokens)
    yield total, total, Audit(tokenizer.vocab_size, tuple(tokens),
                              {cls: counts.get(cls, 0) for cls in AUDIT_CLASSES}, merges)


def _gathered(steps, batches: list[list[tuple[int, str]]], before: int, total: int
              ) -> Iterator[tuple[int, int, None]]:
    """Each text's ids from the workers (``steps``: the pool's run of the batches), by token
    (a text that gives back its token travels back as None); None when the workers could not
    run (the caller encodes here)."""
    try:
        while True:
            try:
                done = next(steps)
            except StopIteration as finished:
                found = finished.value
                break
            yield before + sum(map(len, batches[:done])), total, None
    except (BrokenProcessPool, BpeLensError):
        return None
    encoded: dict[int, list[int]] = {}
    for batch, got in zip(batches, found, strict=True):
        for (tid, _), ids in zip(batch, got, strict=True):
            encoded[tid] = [tid] if ids is None else list(ids)
    return encoded


def _class_and_text(tokenizer: Tokenizer, tid: int, specials: Collection[int]
                    ) -> tuple[AuditClass | None, str]:
    """special, byte_fallback or undecodable — or None: the class needs its text encoded;
    and its bytes read as UTF-8 (for those)."""
    kind = "added" if tid in specials else tokenizer.model.kind(tid)
    if kind in _SPECIAL_KINDS:
        return "special", ""
    if kind == "byte_fallback":
        return "byte_fallback", ""
    try:
        return None, tokenizer.token_bytes(tid).decode("utf-8")
    except UnicodeDecodeError:
        return "undecodable", ""


def _class_without_encoding(tokenizer: Tokenizer, tid: int, specials: Collection[int]
                            ) -> AuditClass | None:
    """special, byte_fallback or undecodable, or None: the class needs its text encoded."""
    return _class_and_text(tokenizer, tid, specials)[0]


def _inside_word(tokenizer: Tokenizer, tid: int) -> tuple[str, list[int]]:
    """A token that only stands inside a word (no </w>): its text, and what the merges make
    of it inside a longer word (its text alone is a whole word, so it would end in </w>).
    The normalizer runs first: CLIP's lowercase never lets an "A" inside a word."""
    data = tokenizer.token_bytes(tid)
    text = data.decode("utf-8", "replace")
    normalized = tokenizer.normalizer.normalize_str(text).encode("utf-8")
    return text, tokenizer.model.encode_inside_word(normalized) or []


def audit_token(tokenizer: Tokenizer, tid: int) -> TokenAudit:
    """One token's audit, as :func:`audit` gives it, without auditing the rest (``orphan``
    needs every merge: it is left False here)."""
    label = tokenizer.token_label(tid, printable=True)
    cls = _class_without_encoding(tokenizer, tid, tokenizer.specials.by_id)
    if cls is not None:
        return TokenAudit(tid, cls, label)
    if tokenizer.model.inside_word_only(tid):
        text, got = _inside_word(tokenizer, tid)
        return (TokenAudit(tid, "reachable", label, text) if got == [tid]
                else TokenAudit(tid, "unreachable", label, text, tuple(got)))
    text = tokenizer.decode([tid], errors="replace")
    got = tokenizer.encode_ids(text, special="none")
    if got == [tid]:
        whole_only = (_looks_up_whole(tokenizer)
                      and tokenizer.model.merges_alone([tid])[0] != [tid])
        return TokenAudit(tid, "whole_piece_only" if whole_only else "reachable", label, text)
    blocked = (_blocking_merge(tokenizer, tid, text)
               if getattr(tokenizer.model, "trace_piece", None) is not None else None)
    witness = None
    tries: Counter[int] = Counter()
    for counted, found in search_of(tokenizer).search({tid: text}):
        tries, witness = counted, found.get(tid)
    return TokenAudit(tid, "in_context" if witness else "unreachable", label, text,
                      tuple(got), blocked_by=blocked, witness=witness,
                      contexts_tried=0 if witness else tries[tid])


def _looks_up_whole(tokenizer: Tokenizer) -> bool:
    """Whether the model returns a piece that is a token whole before merging (tiktoken,
    HF's ignore_merges), on text no normalizer changes (else the token's own symbols are not
    what the model sees)."""
    model = tokenizer.model
    whole = model.looks_up_whole_piece or getattr(model, "ignore_merges", False)
    return bool(whole) and getattr(tokenizer.normalizer, "kind", "none") == "none"


def audit(tokenizer: Tokenizer, *, context: bool = True, jobs: int = 1) -> Audit:
    for _, _, result in iter_audit(tokenizer, context=context, jobs=jobs):
        if result is not None:
            return result
    raise AssertionError("iter_audit always ends with a result")


def _single_piece(tokenizer: Tokenizer, text: str) -> str | None:
    """The model's input for ``text`` when the pipeline makes it one piece, else None."""
    pieces = tokenizer.encode(text, special="none").pieces
    if len(pieces) != 1 or pieces[0].special_id is not None:
        return None
    return pieces[0].model_input


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
