"""Training speed of BPE Lens against HF tokenizers' BpeTrainer, both single-threaded, on the
same ≈10 MB of multilingual text; and whether the learned merges are identical.

    python benchmarks/bench_training.py [--vocab 8000 32000] [--repeat 3] [--mb 10]
    python benchmarks/bench_training.py --trace-top 10 --vocab 2256 --mb 1
    python benchmarks/bench_training.py --jobs 0 --vocab 8000 [--mb 10]

Configured like HF: GPT-2 regex (HF's ByteLevel pre-tokenizer, no prefix space), HF's base-id
order, min_frequency 0, each line pre-tokenized on its own. Reports the best of --repeat runs
of each, alternating, and the ratio ours / HF (target ≤ 1.3). With ``--trace-top K`` it
times BPE Lens alone, without and with the playback trace (alternating), and reports the
ratio traced / plain (target ≤ 1.10) and whether the merges are the same. With ``--jobs N``
(0: one per core) it times BPE Lens alone with its corpus counted in one process and in N
worker processes (``counting_jobs``), alternating: the counting alone (``count_pieces``) and
the whole training, medians and ranges, and whether the counts and merges are the same
(workers from the first MB on, whatever the corpus's size).
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
from statistics import median

from tokenizers import Tokenizer, models, pre_tokenizers, trainers

from bpelens.core import TrainingConfig, bytes_to_printable, default_jobs, train
from bpelens.core.training import trainer as trainer_module
from bpelens.core.training.trainer import count_pieces, counting_jobs

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


def train_ours(
    lines: list[str], vocab: int, trace_top: int = 0
) -> tuple[float, list[tuple[str, str]]]:
    start = time.perf_counter()
    result = train(lines, TrainingConfig(
        vocab_size=vocab, level="byte", byte_order="hf", pretokenizer="gpt2", min_frequency=0,
    ), trace_top=trace_top)
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
    parser.add_argument("--trace-top", type=int, default=0, metavar="K",
                        help="time training without and with trace_top=K instead of HF")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="time counting in one process against N processes (0: one per "
                             "core) instead of HF")
    args = parser.parse_args()
    require_shared_data()
    lines = multilingual_lines(int(args.mb * 1_000_000))
    size = sum(len(line.encode("utf-8")) for line in lines)
    print(f"corpus: {size / 1e6:.2f} MB, {len(lines)} lines")
    if args.jobs is not None:
        for vocab in args.vocab:
            compare_processes(lines, vocab, args.jobs or default_jobs(), args.repeat)
        return
    if args.trace_top:
        for vocab in args.vocab:
            compare_trace(lines, vocab, args.trace_top, args.repeat)
        return
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


def compare_trace(lines: list[str], vocab: int, k: int, repeat: int) -> None:
    """Plain and traced training, alternating (so drift in the machine hits both alike)."""
    plain_times, traced_times = [], []
    plain = traced = []
    for _ in range(repeat):
        t, plain = train_ours(lines, vocab)
        plain_times.append(t)
        t, traced = train_ours(lines, vocab, trace_top=k)
        traced_times.append(t)
    best, middle = (min(plain_times), min(traced_times)), (median(plain_times),
                                                         median(traced_times))
    print(
        f"vocab {vocab}, {len(plain)} merges: best plain {best[0]:.3f} s, trace_top={k} "
        f"{best[1]:.3f} s, ratio {best[1] / best[0]:.3f} (target ≤ 1.10); median "
        f"{middle[0]:.3f} s, {middle[1]:.3f} s, ratio {middle[1] / middle[0]:.3f}; merges "
        + ("identical" if plain == traced else "DIFFERENT")
    )


# The threshold as the engine sets it (each measurement lowers it).
THRESHOLD = trainer_module.MIN_PARALLEL_COUNT_CHARS


def compare_processes(lines: list[str], vocab: int, jobs: int, repeat: int) -> None:
    """Counting, then training, with 1 and ``jobs`` counting processes, alternating."""
    config = TrainingConfig(vocab_size=vocab, level="byte", byte_order="hf",
                            pretokenizer="gpt2", min_frequency=0)
    chars = sum(map(len, lines))
    # Measured whatever the corpus's size: workers from the first MB on (the real threshold
    # is said beside).
    threshold = THRESHOLD
    trainer_module.MIN_PARALLEL_COUNT_CHARS = trainer_module.CHUNK_CHARS
    print(f"vocab {vocab}: {chars / 1e6:.2f} M characters, counted by 1 process against "
          f"{jobs} (alternating, {repeat} runs each; {default_jobs()} cores here; without this "
          f"benchmark, workers only count corpora of {threshold / 1e6:.1f} M characters or "
          f"more)", flush=True)
    counting: dict[int, list[float]] = {1: [], jobs: []}
    training: dict[int, list[float]] = {1: [], jobs: []}
    counts, merges = {}, {}
    for _ in range(repeat):
        for n in (1, jobs):
            with counting_jobs(n):
                started = time.perf_counter()
                counts[n] = count_pieces(lines, config)
                counting[n].append(time.perf_counter() - started)
                seconds, merges[n] = train_ours(lines, vocab)
            training[n].append(seconds)
            print(f"  jobs {n}: counting {counting[n][-1]:.2f} s, training {seconds:.2f} s",
                  flush=True)

    def cell(times: list[float]) -> str:
        return f"{median(times):.2f} ({min(times):.2f}–{max(times):.2f})"

    print(f"| processes | counting s, median (range) | training s, median (range) |\n"
          f"|---:|---:|---:|\n| 1 | {cell(counting[1])} | {cell(training[1])} |\n"
          f"| {jobs} | {cell(counting[jobs])} | {cell(training[jobs])} |\n"
          f"{jobs} / 1: counting {median(counting[jobs]) / median(counting[1]):.2f}, training "
          f"{median(training[jobs]) / median(training[1]):.2f}; counts "
          + ("identical (order too)" if list(counts[1][0].items()) == list(counts[jobs][0].items())
             else "DIFFERENT")
          + ", merges " + ("identical" if merges[1] == merges[jobs] else "DIFFERENT"))


if __name__ == "__main__":
    main()
