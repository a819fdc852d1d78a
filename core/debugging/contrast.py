"""Other ways to cut the same text, for contrast with BPE's rank order (seed 000 §2):

* greedy longest match over the tokenizer's own vocabulary, as WordPiece does: at each place
  the longest token that fits (``abcd`` → ab | cd where BPE with b+c ranked first gives
  a | bc | d);
* Unigram's lattice: every vocabulary piece that matches, with its score, and the best path
  through them (a Unigram tokenizer's own choice).
"""

from __future__ import annotations

from dataclasses import dataclass

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..models.sentencepiece.unigram import SentencePieceUnigram
from ..models.unigram import UnigramModel
from ..pipeline.tokenizer import Tokenizer


def greedy_longest_match(tokenizer: Tokenizer, text: str) -> list[int]:
    """Each piece of ``text`` cut left to right into the longest tokens of the vocabulary
    (by their bytes); a byte no token starts with is left as the model encodes it alone."""
    by_bytes: dict[bytes, int] = {}
    longest = 1
    for start, end in tokenizer.id_ranges():
        for tid in range(start, end + 1):
            if tid in tokenizer.specials.by_id:
                continue
            data = tokenizer.token_bytes(tid)
            if data and data not in by_bytes:
                by_bytes[data] = tid
                longest = max(longest, len(data))
    out: list[int] = []
    for piece in tokenizer.encode(text, special="none").pieces:
        if piece.special_id is not None:
            out.append(piece.special_id)
            continue
        data = piece.text.encode("utf-8")
        pos = 0
        while pos < len(data):
            for size in range(min(longest, len(data) - pos), 0, -1):
                tid = by_bytes.get(data[pos : pos + size])
                if tid is not None:
                    out.append(tid)
                    pos += size
                    break
            else:
                out.extend(tokenizer.encode_ids(data[pos : pos + 1].decode("utf-8", "replace"),
                                                special="none"))
                pos += 1
    return out


@dataclass(frozen=True)
class LatticeNode:
    id: int
    start: int  # character offsets inside the piece
    end: int
    score: float
    on_best_path: bool


@dataclass(frozen=True)
class PieceLattice:
    text: str
    nodes: tuple[LatticeNode, ...]
    best_path: tuple[int, ...]


def unigram_lattice(tokenizer: Tokenizer, text: str) -> list[PieceLattice]:
    """For a Unigram tokenizer, each piece's lattice with the best path marked."""
    model = tokenizer.model
    if not isinstance(model, UnigramModel | SentencePieceUnigram):
        raise ConfigError(Message("a Unigram lattice needs a Unigram tokenizer; this one is "
                                  "{describe}", describe=model.describe()))
    out = []
    for piece in tokenizer.encode(text, special="none").pieces:
        if piece.special_id is not None:
            continue
        source = piece.model_input
        path = _path(model, source)
        chosen = {(tid, s, e) for tid, s, e in path}
        nodes = tuple(LatticeNode(tid, s, e, score, (tid, s, e) in chosen)
                      for tid, s, e, score in model.lattice(source))
        out.append(PieceLattice(source, nodes, tuple(tid for tid, _, _ in path)))
    return out


def _path(model: UnigramModel | SentencePieceUnigram, text: str) -> list[tuple[int, int, int]]:
    """(id, start, end) of the best path, whichever Unigram model."""
    if isinstance(model, UnigramModel):
        return model.best_path(text)
    ids, starts = model.best_path(text)
    ends = [*starts[1:], len(text)]
    return list(zip(ids, starts, ends, strict=True))
