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
``tokenizers`` loads with the same ids. A BPE trained in BPE Lens is extended as the
tokenizer.json it exports to.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..corpora.parallel_corpus import ParallelCorpus
from ..errors import ConfigError, TrainingError
from ..formats.detect import open_tokenizer
from ..formats.export import keep_added_ids, to_hf_json
from ..formats.hf_json import tokenizer_from_hf
from ..models.bpe import BPEModel
from ..models.vocab_bpe import VocabBPEModel
from ..pipeline.tokenizer import Tokenizer
from ..text.display import hex_text
from ..training.merge_loop import MergeLoop
from ..training.pair_index import PairIndex

MAX_NEW = 1_000_000
REPORT_LINES = 2000  # corpus lines read between two progress reports
REPORT_MERGES = 100


@dataclass(frozen=True)
class Extension:
    """The extended ``tokenizer.json`` (as data) and the merges added: (left, right, new id,
    count), the strings as the vocabulary spells them."""

    data: dict[str, Any]
    merges: tuple[tuple[str, str, int, int], ...]
    stop_reason: str
    new_tokens: int = 0  # merges whose result was not in the vocabulary yet

    def readable(self, extended: Tokenizer, limit: int | None = None
                 ) -> tuple[tuple[str, str, int], ...]:
        """The merges as people read tokens everywhere in BPE Lens: (left, right, times),
        text with whitespace made visible and a part of a character as hex (``て`` + ``い``,
        ``<E3><81>`` — not the byte-level vocabulary's ``ãģ¦``). ``extended``: the
        tokenizer the extension writes (opened from it); ``limit``: the first so many."""
        vocab = self.data["model"]["vocab"]

        def shown(spelling: str) -> str:
            return hex_text(extended.token_bytes(vocab[spelling]))

        return tuple((shown(left), shown(right), count)
                     for left, right, _, count in self.merges[:limit])

    def write(self, path: str | Path) -> None:
        from ..formats.file_io import write_atomic

        write_atomic(Path(path), json.dumps(self.data, ensure_ascii=False).encode("utf-8"))


def extend_tokenizer_json(path: str | Path, lines: Iterable[str], add: int, *,
                          min_frequency: int = 2) -> Extension:
    """Learn up to ``add`` merges from ``lines`` on top of the ``tokenizer.json`` at ``path``."""
    _check_add(add)
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(Message("{path}: cannot read a tokenizer.json ({exc})", path=path,
                                  exc=exc)) from None
    model_data = data.get("model") if isinstance(data, dict) else None
    if not isinstance(model_data, dict) or model_data.get("type") != "BPE":
        raise ConfigError(Message("{path}: continued training needs a BPE tokenizer.json (model "
                                  "type BPE)", path=path))
    return extend_tokenizer(open_tokenizer(path), lines, add, min_frequency=min_frequency)


def _extendable(tokenizer: Tokenizer) -> Tokenizer:
    """The tokenizer as the vocabulary BPE continued training works on (BPE trained in BPE
    Lens goes through its tokenizer.json); ConfigError saying why when there is none."""
    model = tokenizer.model
    if isinstance(model, BPEModel):
        tokenizer = tokenizer_from_hf(to_hf_json(tokenizer), path=tokenizer.name or "")
        model = tokenizer.model
    if not isinstance(model, VocabBPEModel):
        raise ConfigError(Message("continued training needs a BPE tokenizer.json or BPE trained in "
                                  "BPE Lens (this one is {describe})", describe=model.describe()))
    if model.prefix or model.suffix:
        raise ConfigError("continued training joins the vocabulary's strings, which a "
                          "continuing_subword_prefix or end_of_word_suffix makes ambiguous: "
                          "give a BPE without them")
    return tokenizer


def extend_refusal(tokenizer: Tokenizer) -> str | None:
    """Why ``tokenizer`` cannot be extended (a rank file, a Unigram model, an end-of-word
    marker…), said before any corpus is read; None when it can be."""
    try:
        _extendable(tokenizer)
    except ConfigError as exc:
        return exc.message
    return None


def _check_add(add: int) -> None:
    if not isinstance(add, int) or not 1 <= add <= MAX_NEW:
        raise ConfigError(Message("--add {add!r}: expected a number of merges from 1 to "
                                  "{max_new:,}",
                                  add=add, max_new=MAX_NEW))


class _VocabularyLoop(MergeLoop):
    """Merges on top of a vocabulary: a merged token is spelled as its two parts' strings
    joined, and takes that string's id if the vocabulary has it, else the next free one."""

    def __init__(self, index: PairIndex, threshold: int, add: int, model: VocabBPEModel,
                 vocab: dict[str, int], next_id: int, keep_added: Callable[[], None]) -> None:
        super().__init__(index, threshold, add)
        self.model, self.vocab, self.next_id = model, vocab, next_id
        self.made: dict[int, str] = {}  # the new tokens' spellings (the model knows the old)
        self.keep_added = keep_added

    def spell(self, token: int) -> str:
        text = self.made.get(token) or self.model.id_to_token(token)
        if text is None:
            raise TrainingError(Message("token {left} has no spelling in the vocabulary",
                                        left=token))
        return text

    def make(self, left: int, right: int) -> int:
        joined = self.spell(left) + self.spell(right)
        new = self.vocab.get(joined)
        if new is None:
            if not self.made:
                self.keep_added()  # before the first new id takes a number
            new = self.next_id
            self.next_id += 1
            self.vocab[joined] = new
            self.made[new] = joined
        return new


def extend_tokenizer(tokenizer: Tokenizer, lines: Iterable[str], add: int, *,
                     min_frequency: int = 2,
                     report: Callable[[str, float | None], None] | None = None) -> Extension:
    """Learn up to ``add`` merges from ``lines`` on top of ``tokenizer`` (a Hugging Face
    vocabulary + merges BPE, or BPE trained in BPE Lens, which is written as tokenizer.json
    first). ``report(message, fraction)`` is called now and then (it may raise to cancel)."""
    _check_add(add)
    tokenizer = _extendable(tokenizer)
    model = tokenizer.model
    assert isinstance(model, VocabBPEModel)
    data = to_hf_json(tokenizer)
    model_data = data["model"]
    vocab: dict[str, int] = model_data["vocab"]
    taken = set(vocab.values()) | set(tokenizer.specials.ids.values())
    next_id = max(taken, default=-1) + 1

    pieces: Counter[str] = Counter()
    for number, line in enumerate(lines, start=1):
        for piece in tokenizer.encode(line, special="none").pieces:
            if piece.special_id is None and piece.model_input:
                pieces[piece.model_input] += 1
        if report is not None and number % REPORT_LINES == 0:
            report(Message("Reading the corpus: {number:,} lines", number=number), None)
    if not pieces:
        raise TrainingError("the corpus has no text to learn from")
    words = ["".join(map(chr, model.encode_piece(p))) for p in pieces]
    base_size = next_id  # every existing token is a starting symbol
    index = PairIndex(words, list(pieces.values()), max(1, (next_id + add).bit_length()),
                      base_size)
    loop = _VocabularyLoop(index, max(1, math.ceil(min_frequency)), add, model, vocab, next_id,
                           lambda: keep_added_ids(vocab, tokenizer))
    while True:
        if report is not None:
            done = len(loop.merges)
            report(Message("Learning merges: {done:,} of {add:,}", done=done, add=add),
                   done / add)
        if loop.run(math.inf, at_most=REPORT_MERGES) is not None:
            break
    stop = loop.stop
    added = [(loop.spell(m.left), loop.spell(m.right), m.new, m.count) for m in loop.merges]
    merges = model_data.setdefault("merges", [])
    as_lists = bool(merges) and isinstance(merges[0], list)
    for left_text, right_text, _, _ in added:
        merges.append([left_text, right_text] if as_lists or " " in left_text + right_text
                      else f"{left_text} {right_text}")
    if added and not as_lists and any(isinstance(m, list) for m in merges):
        model_data["merges"] = [m if isinstance(m, list) else m.split(" ") for m in merges]
    return Extension(data, tuple(added), stop or "merges", len(loop.made))


@dataclass(frozen=True, slots=True)
class LanguageChange:
    """One language's tokens on the same sentences before and after an extension."""

    language: str
    name: str
    sentences: int
    before: int
    after: int

    @property
    def change(self) -> float:
        """after / before − 1 (−0.25: a quarter fewer tokens)."""
        return self.after / self.before - 1 if self.before else 0.0

    def to_json(self) -> dict[str, object]:
        return {"language": self.language, "name": self.name, "sentences": self.sentences,
                "before": self.before, "after": self.after, "change": round(self.change, 6)}


def tokens_before_after(before: Tokenizer, after: Tokenizer, corpus: ParallelCorpus,
                        languages: Sequence[str] | None = None) -> list[LanguageChange]:
    """Tokens per language of ``corpus`` (the sentences all ``languages`` share) with the
    tokenizer before and after an extension (special tokens off, nothing added)."""
    chosen = list(languages) if languages else list(corpus.languages)
    rows = corpus.shared_rows(chosen)
    out = []
    for language in chosen:
        texts = corpus.sentences(language, rows)
        counts = [sum(map(len, tok.encode_batch_ids(texts, special="none")))
                  for tok in (before, after)]
        out.append(LanguageChange(language, corpus.language_name(language), len(rows),
                                  counts[0], counts[1]))
    return out
