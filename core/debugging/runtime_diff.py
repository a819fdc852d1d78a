"""Where two runtimes of one model's tokenizer give different ids on a text, and why.

The same model reaches users as a GGUF (llama.cpp, Ollama), a ``tokenizer.json`` (Hugging
Face), a rank file (tiktoken): each runtime has its own pipeline, and their ids part where
one of its stages differs. Each place the ids differ is one :class:`RuntimeDifference`: the
characters it covers, both sides' ids there, and the first stage that explains it, found by
comparing the two pipelines stage by stage on that stretch of text:

1. the special tokens recognised in it (a control token recognised on one side only, a
   user-defined token that is plain text on the other);
2. the normalizer (``NFC`` on one side, nothing on the other);
3. the pre-tokenizer's pieces (different regexes: where each side cuts);
4. the model on the same pieces (``ignore_merges`` taking a whole piece that the other side
   merges pair by pair; otherwise different vocabularies or merges);

and, with special tokens added, what each side puts around the ids (a BOS on one side only).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpelens.core.messages import Message

from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer
from ..results.encoding import Encoding

STAGES = ("special tokens", "added around", "normalizer", "pre-tokenizer", "model")


@dataclass(frozen=True)
class RuntimeDifference:
    stage: str  # one of STAGES
    char_start: int
    char_end: int
    left_ids: tuple[int, ...]
    right_ids: tuple[int, ...]
    reason: Message

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "char_start": self.char_start, "char_end": self.char_end,
                "left_ids": list(self.left_ids), "right_ids": list(self.right_ids),
                "reason": str(self.reason)}


@dataclass(frozen=True)
class RuntimeDiff:
    text: str
    left_ids: tuple[int, ...]
    right_ids: tuple[int, ...]
    differences: tuple[RuntimeDifference, ...]

    @property
    def same(self) -> bool:
        return self.left_ids == self.right_ids

    def to_json(self) -> dict[str, Any]:
        return {"same_ids": self.same, "differences": [d.to_json() for d in self.differences]}


def runtime_diff(left: Tokenizer, right: Tokenizer, text: str, *, special: SpecialMode = "all",
                 add_special_tokens: bool = False) -> RuntimeDiff:
    """Both tokenizers on ``text``, and each place their ids part with its reason."""
    a = left.encode(text, special=special, add_special_tokens=add_special_tokens)
    b = right.encode(text, special=special, add_special_tokens=add_special_tokens)
    differences: list[RuntimeDifference] = []
    if add_special_tokens:
        differences += _added_around(left, right, text)
    for start, end in _regions(a, b):
        differences.append(_explain(left, right, a, b, text, start, end))
    return RuntimeDiff(text, a.ids, b.ids, tuple(differences))


def _source(encoding: Encoding, start: int, end: int) -> tuple[int, int]:
    """A span of the model's text (normalized) as a span of the input."""
    return encoding.source_span(start, end)


def _spans(encoding: Encoding) -> list[tuple[int, int, int]]:
    """(char start, char end, id) in the input of the tokens that cover text (added BOS/EOS
    cover none)."""
    return [(*_source(encoding, t.span.char_start, t.span.char_end), t.id)
            for t in encoding.tokens if t.span.char_end > t.span.char_start]


def _regions(a: Encoding, b: Encoding) -> list[tuple[int, int]]:
    """Stretches of text between boundaries both sides share where the ids differ."""
    left, right = _spans(a), _spans(b)
    ends = {e for _, e, _ in left} & {e for _, e, _ in right}
    regions: list[tuple[int, int]] = []
    start = 0
    for end in sorted(ends):
        ids_a = [i for s, e, i in left if s >= start and e <= end]
        ids_b = [i for s, e, i in right if s >= start and e <= end]
        if ids_a != ids_b:
            regions.append((start, end))
        start = end
    return regions


def _ids(encoding: Encoding, start: int, end: int) -> tuple[int, ...]:
    return tuple(i for s, e, i in _spans(encoding) if s >= start and e <= end)


def _explain(left: Tokenizer, right: Tokenizer, a: Encoding, b: Encoding, text: str,
             start: int, end: int) -> RuntimeDifference:
    def found(stage: str, reason: Message) -> RuntimeDifference:
        return RuntimeDifference(stage, start, end, _ids(a, start, end), _ids(b, start, end),
                                 reason)

    specials_a = _specials_in(a, start, end)
    specials_b = _specials_in(b, start, end)
    if specials_a != specials_b:
        token = sorted(set(specials_a) ^ set(specials_b))[0]
        side, other, tokenizer = ("left", "right", right) if token in specials_a else (
            "right", "left", left)
        return found("special tokens", Message(
            "{token!r} is one token on the {side} and text on the {other} ({why})",
            token=token, side=side, other=other, why=_why_not_special(tokenizer, token)))
    # A character beside the stretch may be what normalizing joins it with (e + U+0301).
    window = text[max(0, start - 1):end + 1]
    normal_a = left.normalizer.normalize_str(window)
    normal_b = right.normalizer.normalize_str(window)
    if normal_a != normal_b:
        names = {"piece": ascii(window), "left_name": _normalizer_name(left),
                 "right_name": _normalizer_name(right)}
        if window in (normal_a, normal_b):
            changed, side = (normal_b, "right") if normal_a == window else (normal_a, "left")
            return found("normalizer", Message(
                "the normalizers differ: only the {side} changes {piece} (to {changed}; left: "
                "{left_name}, right: {right_name})", side=side, changed=ascii(changed), **names))
        return found("normalizer", Message(
            "the normalizers differ: the left makes {piece} {left_text} ({left_name}), the "
            "right {right_text} ({right_name})", left_text=ascii(normal_a),
            right_text=ascii(normal_b), **names))
    cuts_a = _piece_cuts(a, start, end)
    cuts_b = _piece_cuts(b, start, end)
    if cuts_a != cuts_b:
        return found("pre-tokenizer", Message(
            "the pre-tokenizers cut it differently: the left into {left_pieces}, the right into "
            "{right_pieces}", left_pieces=_shown(text, cuts_a, start),
            right_pieces=_shown(text, cuts_b, start)))
    whole_a, whole_b = _whole_first(left), _whole_first(right)
    if whole_a != whole_b:
        side = "left" if whole_a else "right"
        return found("model", Message(
            "ignore_merges: the {side} takes a piece that is a token whole; the other merges it "
            "pair by pair and ends elsewhere", side=side))
    return found("model", Message("the same pieces merge differently: the vocabularies or "
                                  "merges differ"))


def _specials_in(encoding: Encoding, start: int, end: int) -> list[str]:
    return [p.text for p in encoding.pieces if p.special_id is not None
            and start <= _source(encoding, p.span.char_start, p.span.char_end)[0] < end]


def _why_not_special(tokenizer: Tokenizer, token: str) -> Message:
    added = next((t for t in tokenizer.specials.tokens if t.content == token), None)
    if added is None:
        return Message("not an added token there")
    if added.special:
        return Message("a special token there, recognised only with special tokens on")
    return Message("an added token there that did not match here")


def _normalizer_name(tokenizer: Tokenizer) -> str:
    config = tokenizer.normalizer.to_config()
    return str(config.get("type") or config.get("name") or "none") if config else "none"


def _piece_cuts(encoding: Encoding, start: int, end: int) -> tuple[int, ...]:
    ends = (_source(encoding, p.span.char_start, p.span.char_end)[1] for p in encoding.pieces)
    return tuple(sorted({e for e in ends if start < e <= end}))


def _shown(text: str, cuts: tuple[int, ...], start: int) -> str:
    parts, at = [], start
    for cut in cuts:
        parts.append(repr(text[at:cut]))
        at = cut
    return " | ".join(parts)


def _whole_first(tokenizer: Tokenizer) -> bool:
    """The model looks a whole piece up before merging (tiktoken always does)."""
    from ..models.tiktoken_ranks import TiktokenModel

    model = tokenizer.model
    return bool(getattr(model, "ignore_merges", isinstance(model, TiktokenModel)))


def _added_around(left: Tokenizer, right: Tokenizer, text: str) -> list[RuntimeDifference]:
    def around(tokenizer: Tokenizer) -> tuple[list[int], list[int]]:
        processor = tokenizer.post_processor
        return processor.added() if processor is not None else ([], [])

    (before_a, after_a), (before_b, after_b) = around(left), around(right)
    out = []
    if before_a != before_b:
        out.append(RuntimeDifference("added around", 0, 0, tuple(before_a), tuple(before_b),
                                     Message("with special tokens added, the left puts {left} "
                                             "first, the right {right}",
                                             left=before_a or "nothing",
                                             right=before_b or "nothing")))
    if after_a != after_b:
        out.append(RuntimeDifference("added around", len(text), len(text), tuple(after_a),
                                     tuple(after_b),
                                     Message("with special tokens added, the left puts {left} "
                                             "last, the right {right}",
                                             left=after_a or "nothing",
                                             right=after_b or "nothing")))
    return out
