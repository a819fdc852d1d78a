"""`bpelens compare` end to end on NTREX-128 — 26 languages × 1,997 sentences (≈12 MB) × five
tokenizers — against the same per-language token totals computed with tiktoken and HF
tokenizers in one Python process, in the same run.

    python benchmarks/bench_compare.py [--repeat 3] [--bpelens PATH] [--jobs 1,0]

Two processes, each run --repeat times, alternating (and alternating which goes first, so
drift in the machine hits both alike), each with its wall time and peak memory (maximum
resident set of that child, from os.wait4):

  * bpelens: `bpelens compare --corpus <ntrex folder> -t … (×5) --format json --quiet
    --jobs J`, for each J of --jobs (default 1 and 0: one process, then one per core);
  * reference: one Python process (this file, --reference-worker) that loads the five
    tokenizers, reads the 26 files (CRLF stripped), encodes every sentence on its own and sums
    per language — tiktoken's encode_ordinary, single thread, on Encodings built from the
    .tiktoken files and encodings.json; HF tokenizers' from_file, add_special_tokens=False,
    RAYON_NUM_THREADS=1 (one thread), both encode_batch and a per-sentence loop, each on a
    freshly loaded tokenizer (HF's word cache would favour the second), which goes first
    alternating from run to run. The reference time is
    the process's wall time minus the slower HF variant's load and encode: a process that
    took the faster path only.

  * reference with threads (``--threads``, default: one per core): the libraries' batch APIs
    on every core — tiktoken's encode_ordinary_batch(num_threads=N), HF's encode_batch with
    RAYON_NUM_THREADS=N — what a user of the libraries gets at best.

Reports best and median of each side, the ratio bpelens / reference (target ≤ 1.5×) and checks
that the totals are identical per tokenizer × language (sentences, UTF-8 bytes and tokens): a
mismatch is printed loudly and the exit status is 1. `--bpelens PATH` measures another
installed `bpelens` (an older checkout's, for before/after figures). The disk cache of parsed
files is a fresh folder, filled first by an untimed `bpelens encode --ids-only` of one NTREX
file per tokenizer (what a user's second run finds); run N of each side is then warm alike.
"""

from __future__ import annotations

import os

# One thread, before tokenizers starts its pool (the threaded reference's process is given
# more through its environment).
os.environ.setdefault("RAYON_NUM_THREADS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
# As the bpelens command sets it (app/entry.py): no idle OpenBLAS threads in the process.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from shared_data import SHARED_DATA, require_shared_data

NTREX = SHARED_DATA / "parallel" / "ntrex128"
TOKENIZERS = SHARED_DATA / "tokenizers"
ENCODINGS = TOKENIZERS / "tiktoken" / "encodings.json"
TOKENIZER_FILES = (
    TOKENIZERS / "tiktoken" / "o200k_base.tiktoken",
    TOKENIZERS / "tiktoken" / "cl100k_base.tiktoken",
    TOKENIZERS / "hf" / "qwen3.tokenizer.json",
    TOKENIZERS / "hf" / "llama3.tokenizer.json",
    TOKENIZERS / "hf" / "gpt2.tokenizer.json",
)
TARGET = 1.5


def ntrex_files() -> list[Path]:
    """The 26 plain files of sentences (newstest2019-ref.jpn.txt, newstest2019-src.eng.txt)."""
    return sorted(NTREX.glob("newstest2019-*.txt"))


def language_of(path: Path) -> str:
    """``newstest2019-ref.zho-CN.txt`` → ``zho-CN``."""
    return path.name.split(".")[-2]


# ---- the reference process ------------------------------------------------------------------

def reference_worker(tokenizer_paths: list[str], hf_first: str = "batch",
                     threads: int = 1) -> None:
    """Load, read, encode, sum; print the totals and where the time went as JSON.
    ``hf_first``: the HF variant run first (the runs alternate it); ``threads`` > 1: the
    batch APIs only, on that many threads."""
    started = time.perf_counter()
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe
    from tokenizers import Tokenizer

    imported = time.perf_counter()
    corpus: dict[str, list[str]] = {}
    for path in ntrex_files():
        text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the newline ending the last line starts no sentence
        corpus[language_of(path)] = lines
    read = time.perf_counter()
    encodings = json.loads(ENCODINGS.read_text(encoding="utf-8"))["encodings"]
    totals: dict[str, dict[str, int]] = {}
    timing: dict[str, dict[str, float]] = {}

    for spec in tokenizer_paths:
        path = Path(spec)
        if path.name.endswith(".tiktoken"):
            t0 = time.perf_counter()
            name = path.name.removesuffix(".tiktoken")
            definition = encodings[name]
            encoding = tiktoken.Encoding(
                name, pat_str=definition["pat_str"],
                mergeable_ranks=load_tiktoken_bpe(str(path), definition["ranks_sha256"]),
                special_tokens=definition["special_tokens"])
            t1 = time.perf_counter()
            if threads > 1:
                totals[spec] = {language: sum(map(len, encoding.encode_ordinary_batch(
                    sentences, num_threads=threads))) for language, sentences in corpus.items()}
            else:
                encode = encoding.encode_ordinary
                totals[spec] = {language: sum(len(encode(s)) for s in sentences)
                                for language, sentences in corpus.items()}
            t2 = time.perf_counter()
            timing[spec] = {"load": t1 - t0, "encode": t2 - t1}
            continue
        runs = {}
        variants = (("batch",) if threads > 1
                    else (hf_first, "loop" if hf_first == "batch" else "batch"))
        for variant in variants:
            t0 = time.perf_counter()
            hf = Tokenizer.from_file(str(path))
            hf.no_padding()
            hf.no_truncation()
            t1 = time.perf_counter()
            if variant == "batch":
                counted = {language: sum(map(len, hf.encode_batch(sentences,
                                                                  add_special_tokens=False)))
                           for language, sentences in corpus.items()}
            else:
                encode = hf.encode
                counted = {language: sum(len(encode(s, add_special_tokens=False))
                                         for s in sentences)
                           for language, sentences in corpus.items()}
            t2 = time.perf_counter()
            runs[variant] = (t1 - t0, t2 - t1, counted)
        if threads > 1:
            totals[spec] = runs["batch"][2]
            timing[spec] = {"load": runs["batch"][0], "encode": runs["batch"][1]}
            continue
        if runs["batch"][2] != runs["loop"][2]:
            sys.exit(f"{spec}: encode_batch and the per-sentence loop disagree")
        faster = min(runs, key=lambda v: runs[v][0] + runs[v][1])
        slower = "loop" if faster == "batch" else "batch"
        totals[spec] = runs[faster][2]
        timing[spec] = {"load": runs[faster][0], "encode": runs[faster][1],
                        "variant": faster, "batch": runs["batch"][1], "loop": runs["loop"][1],
                        "excluded": runs[slower][0] + runs[slower][1]}
    finished = time.perf_counter()
    json.dump({
        "totals": totals,
        "sentences": {language: len(s) for language, s in corpus.items()},
        "bytes": {language: sum(len(x.encode("utf-8")) for x in s)
                  for language, s in corpus.items()},
        "timing": timing,
        "phases": {"imports": imported - started, "read": read - imported,
                   "tokenizers": finished - read},
    }, sys.stdout)


# ---- measuring ------------------------------------------------------------------------------

@dataclass
class Run:
    seconds: float
    peak_mb: float
    stdout: bytes
    stderr: str
    status: int


def run_measured(command: list[str], env: dict[str, str]) -> Run:
    """One process: wall time, and its own peak resident memory (wait4's rusage of that child
    alone, where getrusage(RUSAGE_CHILDREN) would give the largest of all so far)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                   env=env)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(seconds, usage.ru_maxrss / 1024, out.read(),
                   err.read().decode("utf-8", "replace"), process.returncode)


def check_totals(answer: dict, reference: dict, specs: list[str]) -> list[str]:
    """Every difference between the command's JSON and the reference's totals."""
    problems = []
    languages = set(reference["totals"][specs[0]])
    if set(answer["languages"]) != languages:
        problems.append(f"languages: bpelens {sorted(answer['languages'])}, reference "
                        f"{sorted(languages)}")
    if answer["tokenizers"] != specs:
        problems.append(f"tokenizers named {answer['tokenizers']}, given {specs}")
    seen = set()
    for row in answer["rows"]:
        spec, language = row["tokenizer"], row["language"]
        seen.add((spec, language))
        if spec not in reference["totals"] or language not in languages:
            problems.append(f"unexpected row {spec} × {language}")
            continue
        want = {"sentences": reference["sentences"][language],
                "bytes": reference["bytes"][language],
                "tokens": reference["totals"][spec][language]}
        for key, value in want.items():
            if row[key] != value:
                problems.append(f"{Path(spec).name} × {language}: {key} {row[key]:,} "
                                f"(bpelens) ≠ {value:,} (reference)")
    missing = {(s, lang) for s in specs for lang in languages} - seen
    problems += [f"no row for {Path(s).name} × {lang}" for s, lang in sorted(missing)]
    return problems


def warm_cache(bpelens: str, specs: list[str], env: dict[str, str]) -> None:
    """Parse each tokenizer once into the (fresh) disk cache, with a bulk encode of one file,
    as a user's earlier run would have; errors show up in the timed runs."""
    sample = NTREX / "newstest2019-src.eng.txt"
    for spec in specs:
        with sample.open("rb") as stdin:
            subprocess.run([bpelens, "encode", "-t", spec, "--ids-only"], stdin=stdin,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)


def stats(values: list[float]) -> tuple[float, float]:
    return min(values), median(values)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each side (default 3)")
    parser.add_argument("--bpelens", default=str(Path(sys.executable).with_name("bpelens")),
                        help="the bpelens command to measure (default: the one beside this "
                        "Python)")
    parser.add_argument("--reference-worker", nargs="+", metavar="TOKENIZER",
                        help=argparse.SUPPRESS)
    parser.add_argument("--hf-first", choices=("batch", "loop"), default="batch",
                        help=argparse.SUPPRESS)
    parser.add_argument("--threads", type=int, default=0,
                        help="threads of the libraries' batch APIs in the threaded reference "
                        "(default 0: one per core; -1: no threaded reference)")
    parser.add_argument("--jobs", default="1,0",
                        help="bpelens compare --jobs values to measure, with commas (default "
                        "1,0: one process, then one per core)")
    args = parser.parse_args()
    jobs = [int(j) for j in args.jobs.split(",")]
    threads = args.threads or len(os.sched_getaffinity(0))
    if args.reference_worker:
        reference_worker(args.reference_worker, args.hf_first, threads=args.threads or 1)
        return 0
    require_shared_data()
    specs = [str(path) for path in TOKENIZER_FILES]
    files = ntrex_files()
    size = sum(path.stat().st_size for path in files)
    print(f"NTREX-128: {len(files)} files, {size / 1e6:.1f} MB (CRLF included); "
          f"{len(specs)} tokenizers; bpelens: {args.bpelens}; {args.repeat} runs of each side, "
          "alternating", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-compare-cache-") as cache:
        env = {**os.environ, "BPELENS_CACHE_DIR": cache}
        warm_cache(args.bpelens, specs, env)
        ours_command = [args.bpelens, "compare", "--corpus", str(NTREX),
                        *(x for spec in specs for x in ("-t", spec)), "--format", "json",
                        "--quiet"]
        ours_by_jobs: dict[int, list[Run]] = {j: [] for j in jobs}
        ref_command = [sys.executable, str(Path(__file__).resolve()), "--reference-worker",
                       *specs]
        ours: list[Run] = []
        refs: list[tuple[Run, float]] = []  # the run, its time on the faster HF path
        threaded: list[Run] = []
        threaded_env = {**env, "RAYON_NUM_THREADS": str(threads),
                        "TOKENIZERS_PARALLELISM": "true"}
        problems: list[str] = []
        for index in range(args.repeat):
            sides = ("ours", "ref") if index % 2 == 0 else ("ref", "ours")
            for side in sides:
                if side == "ours":
                    for j in jobs:
                        run = run_measured([*ours_command, "--jobs", str(j)], env)
                        if run.status != 0:
                            print(f"bpelens compare FAILED (exit {run.status}): "
                                  f"{run.stderr.strip()[-500:]}")
                            return 1
                        ours_by_jobs[j].append(run)
                        if j != jobs[-1]:
                            print(f"  run {index + 1} bpelens -j{j}{run.seconds:7.2f} s "
                                  f"{run.peak_mb:7.0f} MB", flush=True)
                    ours.append(run)
                else:
                    first = "batch" if index % 2 == 0 else "loop"
                    run = run_measured([*ref_command, "--hf-first", first], env)
                    if run.status != 0:
                        print(f"reference FAILED (exit {run.status}): "
                              f"{run.stderr.strip()[-500:]}")
                        return 1
                    data = json.loads(run.stdout)
                    excluded = sum(t.get("excluded", 0.0) for t in data["timing"].values())
                    refs.append((run, run.seconds - excluded))
                print(f"  run {index + 1} {'bpelens  ' if side == 'ours' else 'reference'}"
                      f" {run.seconds:7.2f} s {run.peak_mb:7.0f} MB", flush=True)
            if args.threads >= 0:
                run = run_measured([*ref_command, "--threads", str(threads)], threaded_env)
                if run.status != 0:
                    print(f"threaded reference FAILED (exit {run.status}): "
                          f"{run.stderr.strip()[-500:]}")
                    return 1
                threaded.append(run)
                print(f"  run {index + 1} reference, {threads} threads {run.seconds:7.2f} s "
                      f"{run.peak_mb:7.0f} MB", flush=True)
                if json.loads(run.stdout)["totals"] != json.loads(refs[-1][0].stdout)["totals"]:
                    problems.append(f"run {index + 1}: the batch APIs on {threads} threads "
                                    "counted other totals than one thread")
            reference = json.loads(refs[-1][0].stdout)
            for j in jobs:
                answer = json.loads(ours_by_jobs[j][-1].stdout)
                problems += [f"run {index + 1}, --jobs {j}: {p}"
                             for p in check_totals(answer, reference, specs)]
    report(ours, refs, specs, problems)
    if len(jobs) > 1:
        print()
        best_ref = stats([t for _, t in refs])[0]
        best_threads = stats([r.seconds for r in threaded])[0] if threaded else None
        if best_threads is not None:
            mid_threads = stats([r.seconds for r in threaded])[1]
            print(f"reference, batch APIs on {threads} threads: best {best_threads:.2f} s, "
                  f"median {mid_threads:.2f} s")
        for j in jobs:
            best, mid = stats([r.seconds for r in ours_by_jobs[j]])
            against = (f", {best / best_threads:.2f}× the libraries on {threads} threads"
                       if best_threads is not None else "")
            print(f"bpelens compare --jobs {j} ({'one per core' if j == 0 else 'processes'}): "
                  f"best {best:.2f} s, median {mid:.2f} s, {best / best_ref:.2f}× the "
                  f"reference (one thread){against}")
    return 1 if problems else 0


def report(ours: list[Run], refs: list[tuple[Run, float]], specs: list[str],
           problems: list[str]) -> None:
    answer = json.loads(ours[-1].stdout)
    reference = json.loads(refs[-1][0].stdout)
    best_ours, mid_ours = stats([r.seconds for r in ours])
    best_ref, mid_ref = stats([t for _, t in refs])
    best_raw, mid_raw = stats([r.seconds for r, _ in refs])
    languages, sentences = len(answer["languages"]), answer["sentences"]
    print()
    print(f"{languages} languages × {sentences:,} sentences × {len(specs)} tokenizers")
    print(f"{'':34} {'best':>8} {'median':>8} {'peak RSS':>9}")
    print(f"{'bpelens compare (process)':34} {best_ours:7.2f}s {mid_ours:7.2f}s "
          f"{max(r.peak_mb for r in ours):7.0f} MB")
    print(f"{'reference, faster HF path':34} {best_ref:7.2f}s {mid_ref:7.2f}s "
          f"{max(r.peak_mb for r, _ in refs):7.0f} MB")
    print(f"{'  (process as run, both HF paths)':34} {best_raw:7.2f}s {mid_raw:7.2f}s")
    verdict = "ok" if best_ours / best_ref <= TARGET else "OVER TARGET"
    print(f"{'ratio bpelens / reference':34} {best_ours / best_ref:7.2f}× "
          f"{mid_ours / mid_ref:7.2f}×   (target ≤ {TARGET}×: {verdict})")
    phases = reference["phases"]
    print(f"reference process, last run: imports {phases['imports']:.2f} s, reading "
          f"{phases['read']:.2f} s, tokenizers {phases['tokenizers']:.2f} s")
    print()
    print("per tokenizer: bpelens's tokens and Gini; the reference's times in its last run")
    print(f"{'tokenizer':24} {'tokens':>11} {'Gini':>7} {'ref load':>9} {'ref encode':>11}"
          f"  {'HF batch / loop':>16}  totals")
    rows_by = {}
    for row in answer["rows"]:
        rows_by.setdefault(row["tokenizer"], []).append(row)
    for spec in specs:
        timing = reference["timing"][spec]
        tokens = sum(r["tokens"] for r in rows_by.get(spec, []))
        hf = (f"{timing['batch']:6.2f} / {timing['loop']:5.2f}s" if "variant" in timing
              else "tiktoken loop")
        bad = [p for p in problems if Path(spec).name in p]
        print(f"{Path(spec).name:24} {tokens:11,} {answer['gini'][spec]:7.4f} "
              f"{timing['load']:8.2f}s {timing['encode']:10.2f}s  {hf:>16}  "
              + ("identical" if not bad else f"{len(bad)} MISMATCHES"))
    if problems:
        print()
        print("!" * 78)
        print(f"MISMATCH: {len(problems)} difference(s) between bpelens and the reference:")
        for problem in problems[:40]:
            print(f"  {problem}")
        print("!" * 78)
    else:
        print(f"totals identical: {len(specs)} tokenizers × {languages} languages "
              "(sentences, bytes, tokens), every run")


if __name__ == "__main__":
    sys.exit(main())
