"""Two tokenizers compared: their vocabularies (by each token's bytes), their ids (the longest
run of ids from 0 that stand for the same bytes: Llama 3's first 100,256 are cl100k_base's),
their merges (in rank order, by the bytes each makes: the longest shared prefix and the first
rank that differs), and how each cuts the same text, boundaries aligned on its bytes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..analysis.side_by_side import segment
from ..errors import DecodeError
from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer
from ..text.display import hex_text
from .runtime_diff import RuntimeDiff, runtime_diff

EXAMPLES = 20  # tokens listed per side in the JSON (all are counted)


def _vocabulary(tokenizer: Tokenizer) -> dict[bytes, int]:
    """Each token's bytes → its id (added tokens by their text; the first id on a repeat)."""
    out: dict[bytes, int] = {}
    for start, end in tokenizer.id_ranges():
        for tid in range(start, end + 1):
            out.setdefault(tokenizer.token_bytes(tid), tid)
    return out


def merge_sequence(tokenizer: Tokenizer) -> list[bytes]:
    """The bytes each merge makes, in rank order (a rank file: its multi-byte tokens)."""
    model = tokenizer.model
    ranked = []
    table = model.token_bytes
    for tid in range(model.vocab_size):
        rank = model.merge_rank(tid)
        if rank is not None:
            ranked.append((rank, tid))
    ranked.sort()
    return [table[tid] or b"" for _, tid in ranked]


@dataclass(frozen=True)
class TokenizerDiff:
    left_name: str
    right_name: str
    shared_same_id: int
    same_bytes_other_id: tuple[tuple[bytes, int, int], ...]
    only_left: tuple[tuple[int, bytes], ...]
    only_right: tuple[tuple[int, bytes], ...]
    same_id_prefix: int  # ids 0 … n-1 stand for the same bytes in both
    left_merges: int
    right_merges: int
    shared_merge_prefix: int
    first_merge_difference: tuple[bytes | None, bytes | None] | None
    segmentation: SegmentationDiff | None = None
    # Where the two give other ids on the text, and which stage of their pipelines says why.
    runtime: RuntimeDiff | None = None

    def to_json(self) -> dict[str, Any]:
        # A token as the window writes it (bytes that are not a whole character as <E0>),
        # and its bytes themselves: real data, never a Python repr ("\\xe0") that JSON would
        # escape a second time.
        def token(data: bytes) -> dict[str, str]:
            return {"token": hex_text(data), "bytes_hex": data.hex()}

        def side(data: bytes | None) -> str | None:
            return None if data is None else hex_text(data)

        def side_hex(data: bytes | None) -> str | None:
            return None if data is None else data.hex()

        data: dict[str, Any] = {
            "left": self.left_name, "right": self.right_name,
            "vocabulary": {
                "shared_same_id": self.shared_same_id,
                "same_bytes_other_id": len(self.same_bytes_other_id),
                "only_left": len(self.only_left), "only_right": len(self.only_right),
                "examples_same_bytes_other_id": [
                    {**token(b), "left_id": a, "right_id": c}
                    for b, a, c in self.same_bytes_other_id[:EXAMPLES]],
                "examples_only_left": [{"id": i, **token(b)}
                                       for i, b in self.only_left[:EXAMPLES]],
                "examples_only_right": [{"id": i, **token(b)}
                                        for i, b in self.only_right[:EXAMPLES]],
            },
            "same_id_prefix": self.same_id_prefix,
            "merges": {"left": self.left_merges, "right": self.right_merges,
                       "shared_prefix": self.shared_merge_prefix,
                       "first_difference": None if self.first_merge_difference is None else {
                           "rank": self.shared_merge_prefix,
                           "left": side(self.first_merge_difference[0]),
                           "right": side(self.first_merge_difference[1]),
                           "left_bytes_hex": side_hex(self.first_merge_difference[0]),
                           "right_bytes_hex": side_hex(self.first_merge_difference[1])}},
        }
        if self.segmentation is not None:
            data["segmentation"] = self.segmentation.to_json()
        if self.runtime is not None:
            data["runtime"] = self.runtime.to_json()
        return data


@dataclass(frozen=True)
class SegmentationDiff:
    text: str
    left_ids: tuple[int, ...]
    right_ids: tuple[int, ...]
    left_cuts: tuple[int, ...]  # byte offsets where a token ends (the last is the length)
    right_cuts: tuple[int, ...]

    @property
    def only_left_cuts(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.left_cuts) - set(self.right_cuts)))

    @property
    def only_right_cuts(self) -> tuple[int, ...]:
        return tuple(sorted(set(self.right_cuts) - set(self.left_cuts)))

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "left_ids": list(self.left_ids),
                "right_ids": list(self.right_ids), "left_cuts": list(self.left_cuts),
                "right_cuts": list(self.right_cuts),
                "only_left_cuts": list(self.only_left_cuts),
                "only_right_cuts": list(self.only_right_cuts)}


def segmentation_diff(left: Tokenizer, right: Tokenizer, text: str, *,
                      special: SpecialMode = "all") -> SegmentationDiff:
    """Both tokenizers' cuts of ``text`` on its bytes: where each token really ends in the
    text (text a pipeline drops, such as whitespace a pre-tokenizer splits off, is covered by
    no token, so lengths summed would shift every later cut)."""
    a = segment("left", left, text, special=special).tokens
    b = segment("right", right, text, special=special).tokens
    return SegmentationDiff(text, tuple(t.token_id for t in a), tuple(t.token_id for t in b),
                            tuple(t.byte_end for t in a), tuple(t.byte_end for t in b))


def diff_tokenizers(left: Tokenizer, right: Tokenizer, text: str | None = None, *,
                    names: tuple[str, str] = ("left", "right"),
                    special: SpecialMode = "all") -> TokenizerDiff:
    """Two tokenizers' vocabularies and merges, and with ``text`` their cuts and where their
    ids part and why — all read with special tokens in the same ``special`` mode."""
    lv, rv = _vocabulary(left), _vocabulary(right)
    same_id: list[tuple[bytes, int, int]] = []
    other: list[tuple[bytes, int, int]] = []
    for data, lid in lv.items():
        rid = rv.get(data)
        if rid is None:
            continue
        (same_id if rid == lid else other).append((data, lid, rid))
    only_left = tuple(sorted((i, b) for b, i in lv.items() if b not in rv))
    only_right = tuple(sorted((i, b) for b, i in rv.items() if b not in lv))
    prefix = 0
    limit = min(left.vocab_size, right.vocab_size)
    while prefix < limit:
        try:
            if left.token_bytes(prefix) != right.token_bytes(prefix):
                break
        except DecodeError:  # an id one side lacks ends the run
            break
        prefix += 1
    lm, rm = merge_sequence(left), merge_sequence(right)
    shared = 0
    while shared < min(len(lm), len(rm)) and lm[shared] == rm[shared]:
        shared += 1
    first = None
    if shared < max(len(lm), len(rm)):
        first = (lm[shared] if shared < len(lm) else None,
                 rm[shared] if shared < len(rm) else None)
    return TokenizerDiff(
        names[0], names[1], len(same_id), tuple(sorted(other, key=lambda x: x[1])),
        only_left, only_right, prefix, len(lm), len(rm), shared, first,
        segmentation_diff(left, right, text, special=special) if text is not None else None,
        runtime_diff(left, right, text, special=special) if text is not None else None)
