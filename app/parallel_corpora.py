"""The parallel corpora the comparison offers: the bundled demo (by the name ``demo``) or a
user's corpus from a path (a folder or archive of line-aligned files, a TSV, a JSONL)."""

from __future__ import annotations

from pathlib import Path

from bpelens.core import CorpusError, ParallelCorpus, open_parallel_corpus, parse_tsv_corpus
from bpelens.resources import PARALLEL_DEMO, resource

DEMO_CORPUS = "demo"
DEMO_LABEL = "Bundled demo: 20 sentences in 12 languages"
DEMO_NAME = "demo (12 languages)"  # the corpus's name (translated where the window shows it)


def demo_corpus() -> ParallelCorpus:
    data = resource(PARALLEL_DEMO).read_bytes()
    return parse_tsv_corpus(data, "bundled demo corpus", name=DEMO_NAME)


def open_corpus(spec: str) -> ParallelCorpus:
    """``demo`` (when no file of that name is there) or a path."""
    if not spec.strip():
        raise CorpusError("the corpus path is empty; give a file or folder, or demo")
    path = Path(spec).expanduser()
    if spec == DEMO_CORPUS and not _exists(path):
        return demo_corpus()
    return open_parallel_corpus(path)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False
