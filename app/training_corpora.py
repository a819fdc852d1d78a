"""The corpora training playback offers: the seeds' toy corpora, the bundled demo corpus, or
a text file. Each comes with the settings that make its walk-through (seed 000 §1.1: four
merges, ids 10–13; seed 001: an end-of-word marker and first-occurrence ties)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpelens.core import ConfigError, TrainingConfig, read_corpus

from .demo_data import parallel_demo
from .gui.i18n import translate

# Candidate pairs kept per merge for the table (the chosen one first).
TRACE_TOP = 8
SEED_WORDS = (("low", 5), ("lower", 2), ("newest", 6), ("widest", 3))
FILE_MERGES = 1000
# A text file larger than this is refused before it is read (training playback is for
# watching merges; `bpelens train` takes any size).
MAX_FILE_BYTES = 64 << 20


@dataclass(frozen=True)
class TrainingCorpus:
    key: str
    label: str
    texts: tuple[Any, ...]  # texts, or (text, weight) pairs
    config: TrainingConfig


def _seed_config(**kw: Any) -> TrainingConfig:
    return TrainingConfig(**{"level": "char", "pretokenizer": "whitespace", **kw})


def preset_corpora() -> list[TrainingCorpus]:
    demo = [s + "\n" for sentences in parallel_demo().values() for s in sentences]
    return [
        TrainingCorpus("seed-000", translate("TrainingCorpora", "Seed 000 §1.1: low×5 lower×2 "
                                             "newest×6 widest×3 (4 merges)"),
                       SEED_WORDS, _seed_config(vocab_size=14)),
        TrainingCorpus("seed-001", translate("TrainingCorpora", "Seed 001: the same words, "
                                             "end-of-word marker </w>, first-occurrence ties"),
                       SEED_WORDS, _seed_config(vocab_size=19, end_of_word="</w>",
                                                tie_break="first_occurrence")),
        TrainingCorpus("demo", translate("TrainingCorpora", "The bundled demo corpus (every "
                                         "language), bytes, 500 merges"),
                       tuple(demo), TrainingConfig(vocab_size=256 + 500, level="byte",
                                                   pretokenizer="o200k_base")),
    ]


def file_corpus(path: Path, merges: int = FILE_MERGES) -> TrainingCorpus:
    """A text file as a corpus (UTF-8, one text per line), byte level with GPT-2's splits."""
    if not path.is_file():
        raise ConfigError(translate("TrainingCorpora", "{path}: no such file").format(
            path=path))
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ConfigError(translate("TrainingCorpora", "{path}: {size:.0f} MB is more than the "
                                    "{limit} MB training playback reads; use `bpelens train "
                                    "--trace-top K` and open the result").format(
                                        path=path, size=size / 2**20,
                                        limit=MAX_FILE_BYTES >> 20))
    texts = tuple(read_corpus([path]))
    return TrainingCorpus(f"file:{path}", path.name, texts, file_config(merges))


def file_config(merges: int = FILE_MERGES) -> TrainingConfig:
    """How a text file is trained: byte level, GPT-2's splits, ``merges`` merges."""
    return TrainingConfig(vocab_size=256 + merges, level="byte", pretokenizer="gpt2")
