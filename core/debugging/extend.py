"""Continued BPE training (Purason et al., arXiv 2512.03989): N new merges learned from a new
corpus on top of an existing BPE tokenizer, every existing id kept.

The corpus is cut by the tokenizer's own pipeline into pieces, and each piece starts as the
tokenizer's own segmentation of it. Pairs of adjacent tokens are counted (weighted by how
often each piece occurs) and the most frequent is merged, ties to the smallest (left id,
right id), as classic training; the merged token is spelled as the two vocabulary strings
joined, takes that string's id if the vocabulary has it already, else the next free id (after
every model and added token). New merges rank after all existing ones, so the old ones apply
first: old text that no new merge touches keeps its ids.

Written as a Hugging Face ``tokenizer.json`` (vocabulary and merges appended), which
``tokenizers`` loads with the same ids.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ConfigError, TrainingError
from ..formats.detect import open_tokenizer
from ..models.vocab_bpe import VocabBPEModel
from ..training.trainer import _PairIndex

MAX_NEW = 1_000_000


@dataclass(frozen=True)
class Extension:
    """The extended ``tokenizer.json`` (as data) and the merges added: (left, right, new id,
    count), the strings as the vocabulary spells them."""

    data: dict[str, Any]
    merges: tuple[tuple[str, str, int, int], ...]
    stop_reason: str
    new_tokens: int = 0  # merges whose result was not in the vocabulary yet

    def write(self, path: str | Path) -> None:
        from ..formats.file_io import write_atomic

        write_atomic(Path(path), json.dumps(self.data, ensure_ascii=False).encode("utf-8"))


def extend_tokenizer_json(path: str | Path, lines: Iterable[str], add: int, *,
                          min_frequency: int = 2) -> Extension:
    """Learn up to ``add`` merges from ``lines`` on top of the ``tokenizer.json`` at ``path``."""
    if not isinstance(add, int) or not 1 <= add <= MAX_NEW:
        raise ConfigError(f"--add {add!r}: expected a number of merges from 1 to {MAX_NEW:,}")
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read a tokenizer.json ({exc})") from None
    model_data = data.get("model") if isinstance(data, dict) else None
    if not isinstance(model_data, dict) or model_data.get("type") != "BPE":
        raise ConfigError(f"{path}: continued training needs a BPE tokenizer.json (model type "
                          f"BPE)")
    tokenizer = open_tokenizer(path)
    model = tokenizer.model
    if not isinstance(model, VocabBPEModel):
        raise ConfigError(f"{path}: continued training needs a BPE tokenizer.json")
    vocab: dict[str, int] = model_data["vocab"]
    taken = set(vocab.values()) | {t.get("id") for t in data.get("added_tokens", [])
                                    if isinstance(t, dict)}
    next_id = max((i for i in taken if isinstance(i, int)), default=-1) + 1

    pieces: Counter[str] = Counter()
    for line in lines:
        for piece in tokenizer.encode(line, special="none").pieces:
            if piece.special_id is None and piece.model_input:
                pieces[piece.model_input] += 1
    if not pieces:
        raise TrainingError("the corpus has no text to learn from")
    words = ["".join(map(chr, model.encode_piece(p))) for p in pieces]
    base_size = next_id  # every existing token is a starting symbol
    shift = max(1, (next_id + add).bit_length())
    index = _PairIndex(words, list(pieces.values()), shift, base_size)
    made: dict[int, str] = {}  # the new tokens' spellings (the model knows the old ones)

    def spell(tid: int) -> str | None:
        return made.get(tid) or model.id_to_token(tid)

    added: list[tuple[str, str, int, int]] = []
    threshold = max(1, math.ceil(min_frequency))
    stop = "merges"
    while len(added) < add:
        if not index.heap:
            stop = "no_pairs"
            break
        stored, pair = index.pop()
        current = index.pair_counts.get(pair, 0)
        if stored != current:
            if current > 0:
                index.push(pair, current)
            continue
        if current < threshold:
            stop = "min_frequency"
            break
        left, right = ord(pair[0]), ord(pair[1])
        left_text, right_text = spell(left), spell(right)
        if left_text is None or right_text is None:
            raise TrainingError(f"token {left if left_text is None else right} has no "
                                f"spelling in the vocabulary")
        joined = left_text + right_text
        new = vocab.get(joined)
        if new is None:
            new = next_id
            next_id += 1
            vocab[joined] = new
            made[new] = joined
        added.append((left_text, right_text, new, current))
        index.merge(pair, chr(new))
    merges = model_data.setdefault("merges", [])
    as_lists = bool(merges) and isinstance(merges[0], list)
    for left_text, right_text, _, _ in added:
        merges.append([left_text, right_text] if as_lists or " " in left_text + right_text
                      else f"{left_text} {right_text}")
    if added and not as_lists and any(isinstance(m, list) for m in merges):
        model_data["merges"] = [m if isinstance(m, list) else m.split(" ") for m in merges]
    return Extension(data, tuple(added), stop, len(made))
