"""Parity-aware BPE training on NTREX-128 against HF tokenizers 0.23.3's ParityBpeTrainer (and
classic BPE against its BpeTrainer), both single-threaded, in the same run: time, whether the
learned merges are identical, and the token totals and Gini coefficient they give on held-out
sentences.

    python benchmarks/bench_parity.py [--merges 8000] [--repeat 1]
                                      [--only classic,base,window,hybrid] [--only train]

Data: the 26 NTREX-128 files in ../shared/data/parallel/ntrex128 (English source and 25
references; CR stripped, 1,997 lines each, each keeping its "\\n"). Per language the first
1,500 lines train, the next 200 are the dev set (which parity-aware BPE consults to choose a
language each merge) and the last 297 are the evaluation set, never trained on.

Each trainer learns --merges merges, GPT-2 regex (HF's ByteLevel pre-tokenizer, no prefix
space), HF's base-id order, min_frequency 0:

  * classic: our `train_languages(…, parity=None)` against HF's `BpeTrainer` on every
    language's training lines concatenated (vocab 256 + merges);
  * train (only with --only): the same, ours through `train()` on the concatenated lines
    (the same merges, without the per-language bookkeeping of train_languages);
  * base: parity-aware BPE, each merge the language with the most dev-set tokens;
  * window: the same through a moving window (W 100, α 2);
  * hybrid: base, the first merges/2 merges chosen on the summed counts (global_merges).

HF's side is `ParityBpeTrainer(num_merges=…, variant=…, …).train_from_iterator(tok, [train
iterators], dev_iterators=[dev iterators])` on a `Tokenizer(models.BPE())`. Both sides are
warmed up first on a few lines, untimed. Each trainer reports the best of --repeat runs of
each side (alternating, and alternating which goes first), the ratio ours / HF (targets:
parity-aware ≤ 1.5×, classic ≤ 1.3×), whether the merge lists are identical (as printable
pairs), the peak resident memory of the process during each side's training (Linux: freed
heap is handed back with glibc's malloc_trim and the high-water mark reset before each run;
the peak still includes what the process holds at the start of the run, printed beside it:
libraries, data and what earlier runs left, ≈ 60–400 MB), and, with each side's trained
tokenizer, the total tokens of the 26 × 297 evaluation sentences (each encoded on its own)
and the Gini coefficient of the 26 per-language totals. Identical merges give identical
totals. Exit status 1 if any merge list differs.

Earlier figures, from another (busy) machine, HF's side: BpeTrainer 18.9 s, Gini 0.157 /
462,169 tokens; base 37.2 s, 0.062 / 669,232; window 74.9 s, 0.095 / 493,931; hybrid 73.8 s,
0.122 / 507,702. Those totals are of the evaluation sentences without their "\n"; here each
keeps it, one token more per sentence (26 × 297 = 7,722 more), which also moves the Gini a
little. The whole benchmark takes a few minutes with --repeat 1 (≈ 1.5 min on 2 cores).
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"  # before tokenizers starts its thread pool
os.environ["TOKENIZERS_PARALLELISM"] = "false"
# As the bpelens command sets it (app/entry.py): no idle OpenBLAS threads in the process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import ctypes
import ctypes.util
import gc
import json
import re
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tokenizers import Tokenizer as HFTokenizer
from tokenizers import models, pre_tokenizers, trainers

from bpelens.core import (
    LanguageCorpus,
    ParityConfig,
    TrainingConfig,
    bytes_to_printable,
    gini,
    train,
    train_languages,
)

from shared_data import SHARED_DATA, require_shared_data

NTREX = SHARED_DATA / "parallel" / "ntrex128"
LINES = 1_997
TRAIN, DEV = 1_500, 200  # the rest (297) is the evaluation set
WINDOW, ALPHA = 100, 2.0
TRAINERS = ("classic", "base", "window", "hybrid")  # the default --only
EXTRA = ("train",)
TARGETS = {"classic": 1.3, "train": 1.3, "base": 1.5, "window": 1.5, "hybrid": 1.5}

Merges = list[tuple[str, str]]


@dataclass
class Language:
    code: str
    train: list[str]
    dev: list[str]
    evaluation: list[str]


@dataclass
class Side:
    """One side's best time, peak memory and its last run's merges and evaluation totals."""
    times: list[float]
    peaks_mb: list[float]
    merges: Merges
    totals: list[int]


def read_languages() -> list[Language]:
    """English first, then the 25 references in the order of their codes."""
    paths = [NTREX / "newstest2019-src.eng.txt", *sorted(NTREX.glob("newstest2019-ref.*.txt"))]
    languages = []
    for path in paths:
        lines = path.read_text(encoding="utf-8").replace("\r", "").splitlines(keepends=True)
        if len(lines) != LINES:
            sys.exit(f"{path.name}: {len(lines)} lines, expected {LINES}")
        languages.append(Language(path.name.split(".")[-2], lines[:TRAIN],
                                  lines[TRAIN:TRAIN + DEV], lines[TRAIN + DEV:]))
    if len(languages) != 26:
        sys.exit(f"{len(languages)} NTREX-128 files in {NTREX}, expected 26")
    return languages


# ---- peak memory ------------------------------------------------------------------------------

def _libc():
    name = ctypes.util.find_library("c")
    try:
        return ctypes.CDLL(name) if name else None
    except OSError:
        return None


LIBC = _libc()


def trim_heap() -> None:
    """Give freed heap back to the system (glibc), so that an earlier run's leftovers do not
    sit under the next run's peak."""
    gc.collect()
    if LIBC is not None and hasattr(LIBC, "malloc_trim"):
        LIBC.malloc_trim(0)


def reset_peak() -> bool:
    """Reset the process's peak resident set to its current size (Linux ≥ 4.0), so that the
    next reading is this run's; False where that is not possible."""
    try:
        with open("/proc/self/clear_refs", "w") as handle:
            handle.write("5")
        return True
    except OSError:
        return False


def resident_mb(field: str = "VmRSS") -> float | None:
    """A field of /proc/self/status in MB (None where there is none)."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return None
    found = re.search(rf"^{field}:\s+(\d+) kB", status, re.MULTILINE)
    return int(found.group(1)) / 1024 if found else None


def peak_mb() -> float:
    """The process's peak resident set (VmHWM) in MB; else getrusage's maxrss (since start)."""
    found = resident_mb("VmHWM")
    if found is not None:
        return found
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


# ---- the two sides ---------------------------------------------------------------------------

def parity_settings(trainer: str, merges: int) -> dict | None:
    if trainer in ("classic", "train"):
        return None
    return {"variant": "base" if trainer == "hybrid" else trainer,
            "global_merges": merges // 2 if trainer == "hybrid" else 0}


def train_ours(languages: list[Language], trainer: str, merges: int):
    settings = parity_settings(trainer, merges)
    corpora = [LanguageCorpus(lang.code, lang.train, lang.dev) for lang in languages]
    config = TrainingConfig(vocab_size=256 + merges, level="byte", byte_order="hf",
                            pretokenizer="gpt2", min_frequency=0)
    parity = (None if settings is None
              else ParityConfig(window_size=WINDOW, alpha=ALPHA, **settings))
    start = time.perf_counter()
    if trainer == "train":
        result = train([line for lang in languages for line in lang.train], config)
    else:
        result = train_languages(corpora, config, parity)
    elapsed = time.perf_counter() - start
    table = result.tokenizer.model.token_bytes
    pairs = [(bytes_to_printable(table[m.left_id]), bytes_to_printable(table[m.right_id]))
             for m in result.merges]
    return elapsed, pairs, result.tokenizer


def train_hf(languages: list[Language], trainer: str, merges: int):
    settings = parity_settings(trainer, merges)
    start = time.perf_counter()
    tok = HFTokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    if settings is None:
        bpe = trainers.BpeTrainer(
            vocab_size=256 + merges, min_frequency=0, show_progress=False,
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        )
        tok.train_from_iterator([line for lang in languages for line in lang.train], bpe)
    else:
        parity = trainers.ParityBpeTrainer(
            num_merges=merges, min_frequency=0, window_size=WINDOW, alpha=ALPHA,
            show_progress=False, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
            **settings,
        )
        parity.train_from_iterator(tok, [iter(lang.train) for lang in languages],
                                   dev_iterators=[iter(lang.dev) for lang in languages])
    elapsed = time.perf_counter() - start
    found = json.loads(tok.to_str())["model"]["merges"]
    pairs = [tuple(m) if isinstance(m, list) else tuple(m.split(" ")) for m in found]
    return elapsed, pairs, tok


def totals_ours(tokenizer, languages: list[Language]) -> list[int]:
    return [sum(map(len, tokenizer.encode_batch_ids(lang.evaluation)))
            for lang in languages]


def totals_hf(tok: HFTokenizer, languages: list[Language]) -> list[int]:
    return [sum(len(e.ids) for e in tok.encode_batch(lang.evaluation, add_special_tokens=False))
            for lang in languages]


def run_trainer(languages: list[Language], trainer: str, merges: int, repeat: int,
                can_reset: bool) -> tuple[Side, Side]:
    sides: dict[str, Side] = {name: Side([], [], [], []) for name in ("ours", "hf")}
    functions: dict[str, tuple[Callable, Callable]] = {
        "ours": (train_ours, totals_ours), "hf": (train_hf, totals_hf)}
    for index in range(repeat):
        order = ("ours", "hf") if index % 2 == 0 else ("hf", "ours")
        for name in order:
            side = sides[name]
            train_side, count = functions[name]
            trim_heap()
            start_mb = resident_mb() or 0.0
            if can_reset:
                reset_peak()
            seconds, pairs, tokenizer = train_side(languages, trainer, merges)
            side.peaks_mb.append(peak_mb())
            side.times.append(seconds)
            if side.merges and pairs != side.merges:
                print(f"  {name}: run {index + 1}'s merges differ from run {index}'s")
            side.merges = pairs
            if index == repeat - 1:
                side.totals = count(tokenizer, languages)
            del tokenizer
            print(f"  {trainer:7} run {index + 1} {name:4} {seconds:7.2f} s  "
                  f"{len(pairs):,} merges  peak RSS {side.peaks_mb[-1]:,.0f} MB (from "
                  f"{start_mb:,.0f} MB)", flush=True)
    return sides["ours"], sides["hf"]


def first_difference(ours: Merges, hf: Merges) -> int | None:
    for index, (x, y) in enumerate(zip(ours, hf, strict=False)):
        if x != y:
            return index
    return None if len(ours) == len(hf) else min(len(ours), len(hf))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--merges", type=int, default=8000)
    parser.add_argument("--repeat", type=int, default=1, help="best of N, alternating")
    parser.add_argument("--only", default=",".join(TRAINERS),
                        help="comma-separated, from " + ",".join(TRAINERS + EXTRA)
                        + " (default: all but train)")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in TRAINERS + EXTRA]
    if unknown or not chosen:
        parser.error(f"--only: unknown trainer(s) {unknown}; choose from "
                     f"{', '.join(TRAINERS + EXTRA)}")
    require_shared_data()
    languages = read_languages()
    size = sum(len(line.encode("utf-8")) for lang in languages for line in lang.train)
    # Untimed: imports done lazily, regexes compiled, first-call costs of both sides paid
    # before the first timed run (else whichever trainer runs first pays them).
    tiny = [Language(lang.code, lang.train[:20], lang.dev[:5], []) for lang in languages]
    for trainer in ("classic", "train", "window"):
        train_ours(tiny, trainer, 20)
        train_hf(tiny, trainer, 20)
    can_reset = reset_peak()
    print(f"NTREX-128: {len(languages)} languages × {TRAIN:,} training / {DEV} dev / "
          f"{LINES - TRAIN - DEV} evaluation lines; training text {size / 1e6:.2f} MB; "
          f"{args.merges:,} merges; best of {args.repeat}; peak RSS "
          + ("per run" if can_reset else "since the process started (no reset here)")
          + f"; resident before training {resident_mb() or 0:,.0f} MB",
          flush=True)

    rows = []
    differ = False
    for trainer in chosen:
        ours, hf = run_trainer(languages, trainer, args.merges, args.repeat, can_reset)
        diff = first_difference(ours.merges, hf.merges)
        if diff is not None:
            differ = True
            print(f"  {trainer}: MERGES DIFFER — ours {len(ours.merges):,}, HF "
                  f"{len(hf.merges):,}; first difference at rank {diff}:")
            for rank in range(max(0, diff - 3), diff + 2):
                mine = ours.merges[rank] if rank < len(ours.merges) else None
                theirs = hf.merges[rank] if rank < len(hf.merges) else None
                print(f"    {rank:6}  ours {mine!r:40} HF {theirs!r}")
        best_ours, best_hf = min(ours.times), min(hf.times)
        ratio = best_ours / best_hf
        target = TARGETS[trainer]
        totals = (sum(ours.totals), sum(hf.totals))
        ginis = (gini(ours.totals), gini(hf.totals))
        if ours.totals != hf.totals:
            changed = [lang.code for lang, a, b in zip(languages, ours.totals, hf.totals,
                                                       strict=True) if a != b]
            print(f"  {trainer}: evaluation totals differ in {len(changed)} language(s): "
                  f"{', '.join(changed[:10])}")
        print(f"  {trainer}: ours {best_ours:.2f} s, HF {best_hf:.2f} s, ratio {ratio:.2f}× "
              f"(target ≤ {target}×: {'ok' if ratio <= target else 'OVER TARGET'}); merges "
              + ("identical" if diff is None else "DIFFERENT")
              + f"; eval tokens {totals[0]:,} / {totals[1]:,}; Gini {ginis[0]:.3f} / "
              f"{ginis[1]:.3f}", flush=True)
        rows.append((trainer, best_ours, best_hf, ratio, target, diff is None, totals, ginis,
                     max(ours.peaks_mb), max(hf.peaks_mb)))

    print()
    print("| trainer | ours s | HF s | ratio | merges identical | eval tokens (ours/HF) "
          "| Gini (ours/HF) | peak RSS MB (ours/HF) |")
    print("|---|---:|---:|---:|---|---:|---:|---:|")
    for trainer, o, h, ratio, target, same, totals, ginis, peak_o, peak_h in rows:
        name = {"classic": "classic (BpeTrainer)",
                "train": "classic, ours via train()"}.get(trainer, f"PA-BPE {trainer}")
        flag = "" if ratio <= target else " ⚠"
        print(f"| {name} | {o:.2f} | {h:.2f} | {ratio:.2f}× (≤ {target}){flag} | "
              f"{'yes' if same else 'NO'} | {totals[0]:,} / {totals[1]:,} | "
              f"{ginis[0]:.3f} / {ginis[1]:.3f} | {peak_o:,.0f} / {peak_h:,.0f} |")
    if differ:
        print("\nMERGES DIFFER for at least one trainer (see above)")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
