"""Opening big tokenizer files, BPE Lens against the reference library, each load in a fresh
process and timed after the imports: SentencePiece ``.model`` files against
``sentencepiece.SentencePieceProcessor``, ``tokenizer.json`` files against
``tokenizers.Tokenizer.from_file`` (and, with ``--gguf``, GGUF vocabularies against
``tokenizers`` opening the same model's tokenizer.json).

    python benchmarks/bench_load.py [--runs 5] [--only ai21,qwen3,…] [--gguf]

A load is "open the file and encode one short line": what a load must build before the first
ids (a table built lazily on the first encode counts) is in it, for both sides. BPE Lens is
timed twice per run: cold (an empty BPELENS_CACHE_DIR, so nothing of the file is cached) and
cached (a second open with the directory the first one filled). The three processes of a run
are interleaved, so the machine's load moves all of them alike; the script reports the median
and range of each and the ratios ours / library of the medians (targets, issue 30: cold ≤ 1.2×,
cached ≤ 0.3×). The line's ids are checked against the library's in every process.
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"
os.environ["TOKENIZERS_PARALLELISM"] = "false"
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import NamedTuple

from shared_data import SHARED_DATA, require_shared_data

TOKENIZERS = SHARED_DATA / "tokenizers"
LINE = "Tokenizers split text into pieces: 東京の天気は晴れ, नमस्ते, مرحبا, Ünïcödé 👋"


class Case(NamedTuple):
    name: str
    path: Path
    kind: str  # "sentencepiece", "hf" or "gguf"
    reference: Path  # what the library opens (the same file, or a GGUF's tokenizer.json)


def cases() -> list[Case]:
    sp, hf = TOKENIZERS / "sentencepiece", TOKENIZERS / "hf"
    out = [Case(p.stem, p, "sentencepiece", p) for p in (
        sp / "ai21-j2-tokenizer.model", sp / "kyoto_ja_unigram_8000.model",
        sp / "botchan_en_unigram_1000.model", sp / "botchan_en_bpe_1000.model")]
    out += [Case(name, hf / f"{name}.tokenizer.json", "hf", hf / f"{name}.tokenizer.json")
            for name in ("qwen3", "llama3", "pegasus-unigram", "llama-spm")]
    return out


def gguf_cases() -> list[Case]:
    pairs = {"llama-spm": "llama-spm", "llama-bpe": "llama3", "qwen2": "qwen3",
             "gpt-2": "gpt2", "falcon": "falcon"}
    return [Case(f"gguf {name}", TOKENIZERS / "gguf" / f"ggml-vocab-{name}.gguf", "gguf",
                 TOKENIZERS / "hf" / f"{hf}.tokenizer.json") for name, hf in pairs.items()]


# Each child imports what its load needs, then times the load and the first encode.
_OURS = """
import json, sys, time
from bpelens.core import open_tokenizer
import bpelens.core.formats.sentencepiece_file, bpelens.core.formats.hf_json
import bpelens.core.formats.gguf_reading
import bpelens.core.models.sentencepiece.unigram, bpelens.core.models.sentencepiece.bpe
import google.protobuf.descriptor_pool, google.protobuf.message_factory
path, line = sys.argv[1], sys.argv[2]
start = time.perf_counter()
tokenizer = open_tokenizer(path)
opened = time.perf_counter()
ids = tokenizer.encode_ids(line, special="none")
done = time.perf_counter()
print(json.dumps({"open": opened - start, "total": done - start, "ids": ids}))
"""
_SENTENCEPIECE = """
import json, sys, time
import sentencepiece
path, line = sys.argv[1], sys.argv[2]
start = time.perf_counter()
processor = sentencepiece.SentencePieceProcessor(model_file=path)
opened = time.perf_counter()
ids = processor.encode(line)
done = time.perf_counter()
print(json.dumps({"open": opened - start, "total": done - start, "ids": ids}))
"""
_TOKENIZERS = """
import json, sys, time
import tokenizers
path, line = sys.argv[1], sys.argv[2]
start = time.perf_counter()
tokenizer = tokenizers.Tokenizer.from_file(path)
opened = time.perf_counter()
ids = tokenizer.encode(line, add_special_tokens=False).ids
done = time.perf_counter()
print(json.dumps({"open": opened - start, "total": done - start, "ids": ids}))
"""


def child(code: str, path: Path, env: dict[str, str]) -> dict:
    out = subprocess.run([sys.executable, "-c", code, str(path), LINE], env=env,
                         capture_output=True, text=True, check=False)
    if out.returncode:
        sys.exit(f"{path.name}: the child process failed:\n{out.stderr.strip()}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):6.3f} s [{min(times):.3f}–{max(times):.3f}]"


def measure(case: Case, runs: int, base_env: dict[str, str]) -> None:
    reference = _SENTENCEPIECE if case.kind == "sentencepiece" else _TOKENIZERS
    lib: list[float] = []
    cold: list[float] = []
    cached: list[float] = []
    opened = {"lib": [], "cold": [], "cached": []}
    with tempfile.TemporaryDirectory() as warm_dir:
        warm_env = {**base_env, "BPELENS_CACHE_DIR": warm_dir}
        child(_OURS, case.path, warm_env)  # fills the cache, as the first open on a machine
        for _ in range(runs):
            ref = child(reference, case.reference, base_env)
            with tempfile.TemporaryDirectory() as empty:
                first = child(_OURS, case.path, {**base_env, "BPELENS_CACHE_DIR": empty})
            again = child(_OURS, case.path, warm_env)
            for result in (first, again):
                if result["ids"] != ref["ids"] and case.kind != "gguf":
                    sys.exit(f"{case.name}: ids differ from the library's: {result['ids']} "
                             f"against {ref['ids']}")
            lib.append(ref["total"])
            cold.append(first["total"])
            cached.append(again["total"])
            opened["lib"].append(ref["open"])
            opened["cold"].append(first["open"])
            opened["cached"].append(again["open"])
    lib_median = statistics.median(lib)
    print(f"{case.name:<28} library {spread(lib)}   ours cold {spread(cold)}   "
          f"cached {spread(cached)}   ratio cold {statistics.median(cold) / lib_median:5.2f}×"
          f"  cached {statistics.median(cached) / lib_median:5.2f}×")
    print(f"{'':<28} (open alone: library {statistics.median(opened['lib']):.3f} s, ours cold "
          f"{statistics.median(opened['cold']):.3f} s, cached "
          f"{statistics.median(opened['cached']):.3f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated names (file stems)")
    parser.add_argument("--gguf", action="store_true", help="GGUF vocabularies too")
    args = parser.parse_args()
    require_shared_data()
    chosen = cases() + (gguf_cases() if args.gguf else [])
    if args.only:
        wanted = args.only.split(",")
        chosen = [c for c in chosen if any(w in c.name for w in wanted)]
    # PYTHONPATH given to this script stays (to measure another checkout of bpelens).
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (
        str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH"))))}
    env.pop("BPELENS_CACHE", None)
    print(f"load = open + encode one line, after imports; {args.runs} runs, interleaved; "
          "median [min–max]")
    for case in chosen:
        measure(case, args.runs, env)


if __name__ == "__main__":
    main()
