"""The demo tokenizers shipped in resources/, and how they are rebuilt from the demo corpus.

    python -m bpelens.app.demo_data      # rewrites resources/tokenizers/*.json

A test retrains them and checks the shipped files still match, so they never drift.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from bpelens.resources import DEMO_TOKENIZERS, WELCOME_SAMPLE, resource

if TYPE_CHECKING:
    from bpelens.core import Tokenizer, TrainingConfig

CHAT_SPECIALS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")


def parallel_demo() -> dict[str, list[str]]:
    """Language code → its 20 sentences, line-aligned across languages."""
    from .parallel_corpora import demo_corpus

    corpus = demo_corpus()
    return {language: corpus.sentences(language) for language in corpus.languages}


def demo_configs() -> dict[str, tuple[TrainingConfig, list[str]]]:
    from bpelens.core import TrainingConfig

    corpus = parallel_demo()
    every_language = [s + "\n" for sentences in corpus.values() for s in sentences]
    return {
        "demo-multilingual-byte": (
            TrainingConfig(vocab_size=1024, level="byte", pretokenizer="o200k_base",
                           special_tokens=CHAT_SPECIALS),
            every_language,
        ),
        "demo-english-char": (
            TrainingConfig(vocab_size=420, level="char", pretokenizer="whitespace",
                           end_of_word="</w>", byte_fallback=True),
            [s + "\n" for s in corpus["en"]],
        ),
    }


def build(name: str) -> Tokenizer:
    from bpelens.core import train

    config, texts = demo_configs()[name]
    tokenizer = train(texts, config).tokenizer
    tokenizer.name = name
    return tokenizer


def demo_names() -> tuple[str, ...]:
    return tuple(DEMO_TOKENIZERS)


def load_demo(name: str) -> Tokenizer:
    """A bundled demo tokenizer by name (an unknown name: ConfigError listing the demos)."""
    import json

    from bpelens.core import ConfigError, tokenizer_from_dict

    if name not in DEMO_TOKENIZERS:
        raise ConfigError(f"{name!r} is not a bundled demo tokenizer (demos: "
                          f"{', '.join(DEMO_TOKENIZERS)})")
    data = json.loads(resource(DEMO_TOKENIZERS[name]).read_text(encoding="utf-8"))
    return tokenizer_from_dict(data, path=DEMO_TOKENIZERS[name])


def welcome_text() -> str:
    return resource(WELCOME_SAMPLE).read_text(encoding="utf-8")


def main() -> int:
    import json

    from bpelens.core import tokenizer_to_dict

    root = Path(__file__).resolve().parent.parent / "resources"
    for name, relative in DEMO_TOKENIZERS.items():
        out = root / relative
        out.write_text(
            json.dumps(tokenizer_to_dict(build(name)), ensure_ascii=False, separators=(",", ":"))
            + "\n",
            encoding="utf-8",
        )
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
