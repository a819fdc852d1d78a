"""Data shipped with BPE Lens, written by the project: demo corpus, samples, demo tokenizers."""

from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

DEMO_TOKENIZERS = {
    "demo-multilingual-byte": "tokenizers/demo-multilingual-byte.json",
    "demo-english-char": "tokenizers/demo-english-char.json",
}
PARALLEL_DEMO = "corpus/parallel_demo.tsv"
WELCOME_SAMPLE = "samples/welcome.txt"


def resource(relative: str) -> Traversable:
    """A bundled file, e.g. ``resource("samples/welcome.txt").read_text("utf-8")``."""
    return files(__name__).joinpath(relative)
