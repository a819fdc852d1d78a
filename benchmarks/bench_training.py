"""Training speed of BPE Lens against HF tokenizers' BpeTrainer, both single-threaded, on the
same ≈10 MB of multilingual text; and whether the learned merges are identical.

    python benchmarks/bench_training.py [--vocab 8000 32000] [--repeat 3] [--mb 10]

Configured like HF: GPT-2 regex (HF's ByteLevel pre-tokenizer, no prefix space), HF's base-id
order, min_frequency 0, each line pre-tokenized on its own. Reports the best of --repeat runs
of each, alternating, and the ratio ours / HF (target ≤ 1.3).
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"  # before tokenizers starts its thread pool
os.environ["TOKENIZERS_PARALLELISM"] = "false"
# As the bpelens command sets it (app/entry.py): no idle OpenBLAS threads in the process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import time

from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from bpelens.core import TrainingConfig, bytes_to_printable, train

from shared_data import multilingual_lines, require_shared_data


def train_hf(lines: list[str], vocab: int) -> tuple[float, list[tuple[str, str]]]:
    start = time.perf_counter()
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    trainer = trainers.BpeTrainer(
        vocab_size=vocab, min_frequency=0, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(lines, trainer)
    elapsed = time.perf_counter() - start
    merges = json.loads(tok.to_str())["model"]["merges"]
    return elapsed, [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in merges]


def train_ours(lines: list[str], vocab: int) -> tuple[float, list[tuple[str, str]]]:
    start = time.perf_counter()
    result = train(lines, TrainingConfig(
        vocab_size=vocab, level="byte", byte_order="hf", pretokenizer="gpt2", min_frequency=0,
    ))
    elapsed = time.perf_counter() - start
    table = result.tokenizer.model.token_bytes
    return elapsed, [
        (bytes_to_printable(table[m.left_id]), bytes_to_printable(table[m.right_id]))
        for m in result.merges
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vocab", type=int, nargs="+", default=[8000, 32000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--mb", type=float, default=10.0)
    args = parser.parse_args()
    require_shared_data()
    lines = multilingual_lines(int(args.mb * 1_000_000))
    size = sum(len(line.encode("utf-8")) for line in lines)
    print(f"corpus: {size / 1e6:.2f} MB, {len(lines)} lines")
    for vocab in args.vocab:
        hf_times, our_times = [], []
        hf_merges = our_merges = []
        for _ in range(args.repeat):
            t, hf_merges = train_hf(lines, vocab)
            hf_times.append(t)
            t, our_merges = train_ours(lines, vocab)
            our_times.append(t)
        same = hf_merges == our_merges
        first_diff = next(
            (i for i, (x, y) in enumerate(zip(hf_merges, our_merges, strict=False)) if x != y), None
        )
        print(
            f"vocab {vocab}: HF {min(hf_times):.2f} s, BPE Lens {min(our_times):.2f} s, "
            f"ratio {min(our_times) / min(hf_times):.2f} (target ≤ 1.3); "
            f"merges {len(our_merges)} vs {len(hf_merges)}, "
            + ("identical" if same else f"FIRST DIFFERENCE at rank {first_diff}")
        )


if __name__ == "__main__":
    main()
