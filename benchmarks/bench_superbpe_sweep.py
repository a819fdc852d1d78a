"""SuperBPE training and the vocabulary-size sweep on NTREX-128, timed.

    python benchmarks/bench_superbpe_sweep.py [--merges 8000] [--transition-share 0.75]
    python benchmarks/bench_superbpe_sweep.py --jobs 0 [--tokenizer o200k_base.tiktoken]
        [--all-sentences] [--repeat 3]

SuperBPE: the 26 languages' 1,500 training lines each (one text per line, as bench_parity),
GPT-2 regex in stage 1, HF's byte order, min_frequency 2, 256 + --merges tokens, stage 2 from
256 + share × merges. Reported beside classic BPE on the same lines and settings, measured in
the same run: seconds, peak resident memory (Linux; the high-water mark reset before each
run), tokens of the 26 × 297 evaluation sentences, the share of the vocabulary that holds
several words, and bytes per token. Stage 2 keeps one entry per distinct stage-2 piece (the
pieces are nearly whole lines), so its memory grows with the corpus, not faster: the peak per
training megabyte is printed.

Sweep: the classic tokenizer cut at --sizes on the evaluation sentences, read off one merge
trace per piece (``vocab_sweep``), against encoding every sentence with the tokenizer cut at
each size (``encode_batch_ids`` of a rebuilt BPE), the two giving the same totals (checked).

Processes (``--jobs N``, 0: one per core): the sweep alone, in one process and in N worker
processes, alternating, --repeat times each (median and range, the ratio of medians), the
sweeps checked equal. Of the classic tokenizer trained here (it has no file: it travels to
the workers as its JSON), or of ``--tokenizer FILE`` (nothing is trained then); on the
evaluation sentences, or with ``--all-sentences`` on all 1,997 of each language. The
threshold below which a sweep stays in one process is lifted, so the numbers say what the
workers cost and give on this machine.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import time
from statistics import median

from bench_parity import peak_mb, read_languages, reset_peak, trim_heap

from bpelens.core import (
    BPEModel,
    SuperBPEConfig,
    Tokenizer,
    TrainingConfig,
    default_jobs,
    is_superword,
    open_tokenizer,
    parse_sizes,
    train,
    train_superbpe,
    vocab_sweep,
)
from bpelens.core.analysis import vocab_sweep as vocab_sweep_module

from shared_data import require_shared_data


def measure(label: str, run) -> tuple[Tokenizer, float, float]:
    trim_heap()
    reset_peak()
    started = time.perf_counter()
    result = run()
    seconds = time.perf_counter() - started
    return result.tokenizer, seconds, peak_mb()


def cut(tokenizer: Tokenizer, merges: int) -> Tokenizer:
    model = tokenizer.model
    rebuilt = BPEModel(level="byte", byte_order=model.byte_order)
    for rule in model.rules[:merges]:
        rebuilt.merge_pair(rule.left_id, rule.right_id)
    return Tokenizer(rebuilt, pretokenizer=tokenizer.pretokenizer.to_config())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--merges", type=int, default=8000)
    parser.add_argument("--transition-share", type=float, default=0.75)
    parser.add_argument("--sizes", default="1000,2000,4000,8256")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="time the sweep in one process against N processes (0: one per "
                             "core)")
    parser.add_argument("--tokenizer", default=None, metavar="FILE",
                        help="with --jobs: sweep this tokenizer file, train nothing")
    parser.add_argument("--all-sentences", action="store_true",
                        help="with --jobs: every sentence of each language, not only the "
                             "evaluation ones")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    require_shared_data()
    languages = read_languages()
    lines = [line for x in languages for line in x.train]
    evaluation = {x.code: x.evaluation for x in languages}
    if args.jobs is not None and args.tokenizer is not None:
        texts = ({x.code: [*x.train, *x.dev, *x.evaluation] for x in languages}
                 if args.all_sentences else evaluation)
        return time_processes(open_tokenizer(args.tokenizer), texts, parse_sizes(args.sizes),
                              args.jobs or default_jobs(), args.repeat)
    megabytes = sum(len(line.encode()) for line in lines) / 1e6
    vocab = 256 + args.merges
    transition = 256 + int(args.merges * args.transition_share)
    config = TrainingConfig(vocab_size=vocab, byte_order="hf", min_frequency=2)
    print(f"NTREX-128 training lines: {len(lines):,} ({megabytes:.2f} MB); vocab {vocab:,}; "
          f"SuperBPE transition {transition:,}", flush=True)
    train(lines[:50], TrainingConfig(vocab_size=300))  # warm-up: imports, regex compiled
    rows = []
    for label, run in (("classic", lambda: train(lines, config)),
                       ("SuperBPE", lambda: train_superbpe(lines, config,
                                                          SuperBPEConfig(transition)))):
        tokenizer, seconds, peak = measure(label, run)
        model = tokenizer.model
        superwords = sum(1 for i in range(model.vocab_size) if is_superword(model.token_bytes[i]))
        tokens = sum(len(ids) for texts in evaluation.values()
                     for ids in tokenizer.encode_batch_ids(texts, special="none"))
        size = sum(len(t.encode()) for texts in evaluation.values() for t in texts)
        rows.append((label, seconds, peak, tokens, size / tokens, superwords, model.vocab_size))
        print(f"  {label:9} {seconds:6.1f} s  peak RSS {peak:,.0f} MB "
              f"({peak / megabytes:,.0f} MB per training MB)  evaluation {tokens:,} tokens, "
              f"{size / tokens:.2f} bytes/token  superword tokens {superwords:,} of "
              f"{model.vocab_size:,}", flush=True)
        if label == "classic":
            classic = tokenizer
    print("\n| trainer | seconds | peak RSS MB | eval tokens | bytes/token | superwords |\n"
          "|---|---:|---:|---:|---:|---:|")
    for label, seconds, peak, tokens, bpt, superwords, size in rows:
        print(f"| {label} | {seconds:.1f} | {peak:,.0f} | {tokens:,} | {bpt:.2f} | "
              f"{superwords:,} / {size:,} |")

    sizes = parse_sizes(args.sizes)
    started = time.perf_counter()
    sweep = vocab_sweep(classic, evaluation, sizes, reference="eng")
    swept = time.perf_counter() - started
    started = time.perf_counter()
    totals = []
    for point in sweep.points:
        cut_tokenizer = cut(classic, point.merges or 0)
        totals.append(sum(len(ids) for texts in evaluation.values()
                          for ids in cut_tokenizer.encode_batch_ids(texts, special="none")))
    encoded = time.perf_counter() - started
    same = totals == [p.tokens for p in sweep.points]
    print(f"\nsweep of classic at {len(sizes)} sizes on 26 × 297 sentences: {swept:.1f} s; "
          f"encoding with a cut tokenizer per size: {encoded:.1f} s (ratio {swept / encoded:.2f});"
          f" totals equal: {same}")
    if args.jobs is not None:
        texts = ({x.code: [*x.train, *x.dev, *x.evaluation] for x in languages}
                 if args.all_sentences else evaluation)
        if time_processes(classic, texts, sizes, args.jobs or default_jobs(), args.repeat):
            return 1
    return 0 if same else 1


def time_processes(tokenizer: Tokenizer, texts: dict[str, list[str]], sizes: list[int],
                   jobs: int, repeat: int) -> int:
    """The sweep in one process and in ``jobs`` processes, alternating; 1 if they differ."""
    vocab_sweep_module.MIN_PARALLEL_SWEEP_CHARS = 0  # (measured whatever the corpus's size)
    chars = sum(len(t) for lines in texts.values() for t in lines)
    print(f"\nsweep of {tokenizer.name or 'the classic run'} at {len(sizes)} sizes, "
          f"{len(texts)} languages, {chars / 1e6:.2f} M characters: 1 process against {jobs} "
          f"(alternating, {repeat} runs each; {default_jobs()} cores here)", flush=True)
    times: dict[int, list[float]] = {1: [], jobs: []}
    results = {}
    for _ in range(repeat):
        for n in (1, jobs):
            started = time.perf_counter()
            results[n] = vocab_sweep(tokenizer, texts, sizes, reference="eng", jobs=n)
            times[n].append(time.perf_counter() - started)
            print(f"  jobs {n}: {times[n][-1]:.2f} s", flush=True)
    same = results[1] == results[jobs]
    one, many = median(times[1]), median(times[jobs])
    print(f"| processes | median s | range s |\n|---:|---:|---:|\n"
          f"| 1 | {one:.2f} | {min(times[1]):.2f}–{max(times[1]):.2f} |\n"
          f"| {jobs} | {many:.2f} | {min(times[jobs]):.2f}–{max(times[jobs]):.2f} |\n"
          f"{jobs} processes / 1: {many / one:.2f}; sweeps identical: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
