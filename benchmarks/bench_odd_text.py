"""Large and odd texts through `bpelens encode`, next to the reference library, in one run.

Each case encodes a generated text file with the installed `bpelens` command (the full JSON
answer, written to /dev/null, and `--ids-only`) and with the reference library (tiktoken for
rank files, Hugging Face `tokenizers` for tokenizer.json), each in its own process, and
reports wall time, peak memory (maximum resident set, from /usr/bin/time) and the ratio of
the times. The machines are shared and noisy: compare ratios measured in the same run.

usage: python benchmarks/bench_odd_text.py [--bpelens PATH] [--timeout S] [--only NAME ...]
  --bpelens  the `bpelens` command to measure (default: the one beside this Python), e.g.
             the command of an older checkout installed elsewhere, for before/after figures
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from shared_data import SHARED_DATA as SHARED

TOKENIZERS = SHARED / "tokenizers"
FILES = {
    "o200k": TOKENIZERS / "tiktoken" / "o200k_base.tiktoken",
    "qwen3": TOKENIZERS / "hf" / "qwen3.tokenizer.json",
    "bert": TOKENIZERS / "hf" / "bert-base-uncased-minilm.tokenizer.json",
    "llama-spm": TOKENIZERS / "hf" / "llama-spm.tokenizer.json",
}
MB = 1 << 20


def texts(folder: Path) -> dict[str, Path]:
    """The inputs, written once: 10 MB of one letter, 10 MB of ordinary words, 1 MB of
    random Unicode, and <|endoftext|> 100,000 times."""
    rng = random.Random(0)
    words = (SHARED / "parallel" / "ntrex128" / "newstest2019-src.eng.txt").read_text(
        encoding="utf-8").replace("\r", "")
    out = {
        "one letter 10 MB": "a" * (10 * MB),
        "words 10 MB": (words * (10 * MB // len(words) + 1))[: 10 * MB],
        "random Unicode 1 MB": "".join(
            chr(rng.choice((rng.randrange(0x20, 0xD800), rng.randrange(0xE000, 0x10FFFF))))
            for _ in range(MB // 3)),
        "<|endoftext|> x 100k": "<|endoftext|>" * 100_000,
    }
    paths = {}
    for name, text in out.items():
        path = folder / (name.replace(" ", "_").replace("|", "").replace("<", "")
                         .replace(">", "") + ".txt")
        path.write_text(text, encoding="utf-8")
        paths[name] = path
    return paths


CASES = [  # text, tokenizer, special handling
    ("one letter 10 MB", "o200k", "all"),
    ("one letter 10 MB", "qwen3", "all"),
    ("one letter 10 MB", "bert", "all"),
    ("words 10 MB", "o200k", "all"),
    ("words 10 MB", "qwen3", "all"),
    ("random Unicode 1 MB", "o200k", "all"),
    ("random Unicode 1 MB", "llama-spm", "all"),
    ("<|endoftext|> x 100k", "o200k", "none"),
]

REFERENCE = r"""
import sys, json
path, tokenizer, special = sys.argv[1:4]
text = open(path, encoding="utf-8").read()
if tokenizer.endswith(".tiktoken"):
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe
    spec = json.load(open(sys.argv[4]))["encodings"]["o200k_base"]
    enc = tiktoken.Encoding("o200k_base", pat_str=spec["pat_str"],
                            mergeable_ranks=load_tiktoken_bpe(tokenizer),
                            special_tokens=spec["special_tokens"])
    ids = enc.encode(text, allowed_special="all") if special == "all" else \
        enc.encode_ordinary(text)
else:
    from tokenizers import Tokenizer
    tok = Tokenizer.from_file(tokenizer)
    tok.no_padding(); tok.no_truncation()
    ids = tok.encode(text, add_special_tokens=False).ids
print(len(ids))
"""


def measure(command: list[str], timeout: float, stdin: str | None = None
            ) -> tuple[float | None, int | None, str]:
    """(seconds, peak MB, note) of one process (``stdin``: a file to read from)."""
    with tempfile.NamedTemporaryFile(suffix=".time") as report:
        started = time.perf_counter()
        source = open(stdin, "rb") if stdin else subprocess.DEVNULL  # noqa: SIM115
        try:
            done = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report.name, *command],
                                  stdin=source, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None, f"> {timeout:.0f} s"
        finally:
            if stdin:
                source.close()
        seconds = time.perf_counter() - started
        lines = Path(report.name).read_text().split()
        peak = int(lines[-1]) // 1024 if lines and lines[-1].isdigit() else None
        note = "" if done.returncode == 0 else f"exit {done.returncode}: " + \
            done.stderr.decode(errors="replace").strip()[-120:]
        return seconds, peak, note


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bpelens", default=str(Path(sys.executable).with_name("bpelens")))
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--no-reference", action="store_true")
    args = parser.parse_args()
    env = {**os.environ, "BPELENS_CACHE_DIR": tempfile.mkdtemp(prefix="bench-cache-")}
    os.environ.update(env)
    encodings = TOKENIZERS / "tiktoken" / "encodings.json"
    with tempfile.TemporaryDirectory() as tmp:
        paths = texts(Path(tmp))
        rows = []
        for text_name, tok, special in CASES:
            label = f"{text_name}, {tok}"
            if args.only and not any(o in label for o in args.only):
                continue
            path, tokenizer = str(paths[text_name]), str(FILES[tok])
            # Warm the disk cache of parsed files first (a second open is what users see).
            subprocess.run([args.bpelens, "encode", "-t", tokenizer, "x"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # The text on standard input: older versions of the command read it there too.
            base = [args.bpelens, "encode", "-t", tokenizer, "--special", special]
            full = measure(base, args.timeout, stdin=path)
            ids_only = measure([*base, "--ids-only"], args.timeout, stdin=path)
            ref = (None, None, "") if args.no_reference else measure(
                [sys.executable, "-c", REFERENCE, path, tokenizer, special, str(encodings)],
                args.timeout)
            rows.append((label, full, ids_only, ref))
            print(json.dumps({"case": label, "encode": full, "ids_only": ids_only,
                              "reference": ref}), flush=True)
    print()
    print(f"{'case':38s} {'encode (JSON)':>22s} {'--ids-only':>22s} {'reference':>18s}")
    for label, full, ids_only, ref in rows:
        def cell(m, ref=ref):
            seconds, peak, note = m
            if seconds is None or note:
                return note[:22]
            ratio = f" {seconds / ref[0]:.1f}x" if ref[0] else ""
            return f"{seconds:6.2f} s {peak:5d} MB{ratio}"
        ref_cell = f"{ref[0]:6.2f} s {ref[1]:5d} MB" if ref[0] else ref[2][:18]
        print(f"{label:38s} {cell(full):>22s} {cell(ids_only):>22s} {ref_cell:>18s}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
