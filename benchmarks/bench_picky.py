"""Picky BPE against classic BPE on tinyshakespeare: training time, held-out length, and the
learned tokens that encoding never uses.

    python benchmarks/bench_picky.py [--train-lines 30000] [--vocab 2256] [--runs 3]

Both train on the first --train-lines lines (GPT-2 regex, byte level) to the same vocabulary
size, then encode the rest. Reported per trainer: the median training time of --runs runs
(with the range), merges and removals, the held-out text's length in tokens, and how many
learned (non-byte) tokens present in the vocabulary never appear when encoding the training
text and the held-out text. The README's Picky BPE table is this script's output.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bpelens.core import TrainingConfig, train, train_picky

from shared_data import SHAKESPEARE, require_shared_data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--train-lines", type=int, default=30000)
    parser.add_argument("--vocab", type=int, default=2256)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    require_shared_data()
    lines = SHAKESPEARE.read_text(encoding="utf-8").splitlines(keepends=True)
    training, held_out = lines[:args.train_lines], "".join(lines[args.train_lines:])
    config = TrainingConfig(vocab_size=args.vocab)
    train(training[:50], TrainingConfig(vocab_size=300))  # warm-up: imports, regex compiled
    runs = [("classic", lambda: train(training, config))] + [
        (f"Picky, τ = {tau}", lambda tau=tau: train_picky(training, config, tau))
        for tau in (0.9, 0.7, 0.5)]
    print(f"tinyshakespeare: {len(training):,} lines to train on, {len(held_out):,} characters "
          f"held out; vocabulary {args.vocab:,}\n")
    print("| trainer | held-out tokens | merges | removals | learned tokens unused: training "
          "text | held out | training s (median, range) |\n|---|---:|---:|---:|---:|---:|---:|")
    for label, run in runs:
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            result = run()
            times.append(time.perf_counter() - started)
        tokenizer = result.tokenizer
        model = tokenizer.model
        removals = len(getattr(model, "removals", ()))
        removed = getattr(model, "removed", lambda _token: False)
        learned = [t for t in range(256, model.vocab_size) if not removed(t)]
        held = tokenizer.encode_batch_ids([held_out], special="none")[0]
        seen = set(held)
        own = set(tokenizer.encode_batch_ids(["".join(training)], special="none")[0])
        print(f"| {label} | {len(held):,} | {len(model.rules):,} | "
              f"{removals if removals else '–'} | {sum(t not in own for t in learned)} | "
              f"{sum(t not in seen for t in learned)} | {statistics.median(times):.2f} "
              f"({min(times):.2f}–{max(times):.2f}) |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
