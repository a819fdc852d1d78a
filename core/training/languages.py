"""Training text by language: each language's training lines, its dev lines, its weight.

A line is one text with its line ending kept, as :func:`~.corpus.read_lines` reads files and as
Hugging Face reads the files it trains on. A parallel corpus can be split into training, dev
and evaluation sentences by position (the first ``train``, the next ``dev``, the rest), so the
same corpus and sizes always give the same split.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from bpelens.core.messages import Message

from ..corpora.parallel_corpus import ParallelCorpus
from ..errors import TrainingError
from .corpus import read_lines


@dataclass(frozen=True)
class LanguageCorpus:
    """One language's training lines, dev lines (may be empty) and evaluation lines (never
    trained on), and the exact weight of each of its training lines."""

    name: str
    train: Sequence[str]
    dev: Sequence[str] = ()
    weight: Fraction = Fraction(1)
    evaluation: Sequence[str] = field(default=(), repr=False)

    @property
    def train_bytes(self) -> int:
        """B_ℓ: the UTF-8 bytes of the training lines."""
        return sum(len(line.encode("utf-8", "surrogatepass")) for line in self.train)


def read_language_file(name: str, path: str | Path, *, option: str = "--corpus") -> list[str]:
    """A file's lines for language ``name``; errors name the option, language and file."""
    try:
        return [line for line, _ in read_lines(path)]
    except TrainingError as exc:
        # read_lines names the file first, so the option reads "--corpus ja=FILE: problem".
        raise TrainingError(Message("{option} {name}={problem}", option=option, name=name,
                                    problem=exc.message)) from None


@dataclass(frozen=True)
class SplitSizes:
    """Sentences per language for training and dev; the rest are kept for evaluation."""

    train: int
    dev: int = 0

    def check(self, available: int) -> None:
        if self.train < 1 or self.dev < 0:
            raise TrainingError(
                Message("expected a training size of 1 or more and a dev size of 0 or more, not "
                        "{train}/{dev}", train=self.train, dev=self.dev))
        if self.train + self.dev > available:
            raise TrainingError(
                Message("{train} training + {dev} dev sentences need {total}, but the corpus has "
                        "{available} per language", train=self.train, dev=self.dev,
                        total=self.train + self.dev, available=available))


def split_parallel(
    corpus: ParallelCorpus, sizes: SplitSizes, languages: Sequence[str] | None = None,
) -> list[LanguageCorpus]:
    """Each language's sentences (shared ids in corpus order): the first ``sizes.train`` for
    training, the next ``sizes.dev`` for dev, the rest for evaluation. Each sentence is one
    line ending in ``\\n``, as it would be read from a file."""
    chosen = corpus.check_languages(list(languages) if languages is not None
                                    else list(corpus.languages))
    ids = corpus.shared_rows(chosen)
    sizes.check(len(ids))
    result = []
    for name in chosen:
        lines = [text + "\n" for text in corpus.sentences(name, ids)]
        end = sizes.train + sizes.dev
        result.append(LanguageCorpus(
            name, lines[: sizes.train], lines[sizes.train : end], evaluation=lines[end:]))
    return result
