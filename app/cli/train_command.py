"""`bpelens train`."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from bpelens.core import (
    ConfigError,
    TrainingConfig,
    TrainingError,
    iter_training,
    parse_weight,
    read_lines,
    save_tokenizer,
)
from bpelens.core.corpus import WeightedText


def corpus_spec(spec: str) -> tuple[Path, Fraction]:
    """``FILE`` or ``FILE@WEIGHT`` (an existing file named with @ wins)."""
    if "@" in spec and not Path(spec).exists():
        name, _, weight = spec.rpartition("@")
        return Path(name), parse_weight(weight, where=f"--corpus {spec}")
    return Path(spec), Fraction(1)


def run(args: argparse.Namespace) -> int:
    sources = [corpus_spec(spec) for spec in args.corpus]
    for path, _ in sources:
        if not path.is_file():
            raise ConfigError(f"--corpus {path}: no such file")
    try:
        min_frequency = Fraction(args.min_frequency)
    except (ValueError, ZeroDivisionError):
        raise ConfigError(f"--min-frequency {args.min_frequency!r} is not a number") from None
    config = TrainingConfig(
        vocab_size=args.vocab_size,
        level=args.level,
        byte_order=args.byte_order,
        normalizer=args.normalizer,
        pretokenizer=args.pretokenizer,
        min_frequency=min_frequency,
        tie_break=args.tie_break.replace("-", "_"),
        end_of_word=args.end_of_word,
        byte_fallback=args.byte_fallback,
        special_tokens=tuple(args.special),
    )

    def corpus() -> Iterator[WeightedText]:
        for path, weight in sources:
            yield from read_lines(path, weight=weight)

    started = time.perf_counter()
    result = None
    show = not args.quiet
    interactive = sys.stderr.isatty()
    last_report = started  # short runs print only the final line
    for progress in iter_training(corpus(), config):
        if progress.result is not None:
            result = progress.result
        now = time.perf_counter()
        if show and (now - last_report > 0.5 or progress.phase == "done"):
            last_report = now
            line = f"{progress.phase}: {progress.done}/{progress.total} merges"
            if progress.phase == "counting":
                line = "counting pieces…"
            print(("\r" + line) if interactive else line, end="" if interactive else "\n",
                  file=sys.stderr, flush=True)
    if show and interactive:
        print(file=sys.stderr)
    if result is None:
        raise TrainingError("training stopped without a result")
    tokenizer = result.tokenizer
    tokenizer.name = args.name or Path(args.output).stem
    save_tokenizer(tokenizer, args.output)
    summary = {
        "output": str(args.output),
        "vocab_size": tokenizer.vocab_size,
        "merges": len(result.merges),
        "stop_reason": result.stop_reason,
        "distinct_pieces": result.distinct_pieces,
        "seconds": round(time.perf_counter() - started, 3),
    }
    print(json.dumps(summary, ensure_ascii=False))
    return 0
