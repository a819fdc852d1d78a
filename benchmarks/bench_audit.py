"""The reachability audit of real vocabularies: our time next to the same classification done
with the official library in the same run (decode each id, encode its text again), and
whether the classes agree. Targets: a 200k vocabulary (o200k) in ≤ 5 s; the audit without
the context search (the same check as the library's) ≤ 2× the library's.

    python benchmarks/bench_audit.py [--only o200k_base,cl100k_base,qwen3,llama3] [--repeat 3]
                                     [--jobs 2]

``--jobs N`` adds a column: the audit without context with N worker processes.

Our time is the audit and reading what ``bpelens audit`` prints (the counts, the merges, the
tokens in context and unreachable); the audit makes the other tokens' records (labels, texts:
the GUI's rows, the JSON output) only when asked, which the last column times on its own.

Each run opens the tokenizer afresh (its caches empty); ours and the library's runs alternate;
the table gives medians and, in brackets, the range.
"""

from __future__ import annotations

import os

os.environ["RAYON_NUM_THREADS"] = "1"  # before tokenizers starts its thread pool
os.environ["TOKENIZERS_PARALLELISM"] = "false"
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import statistics
import sys
import time
from pathlib import Path

from bpelens.core import audit, open_tokenizer

from shared_data import SHARED_DATA, require_shared_data

TOKENIZERS = SHARED_DATA / "tokenizers"
FILES = {
    "o200k_base": TOKENIZERS / "tiktoken" / "o200k_base.tiktoken",
    "cl100k_base": TOKENIZERS / "tiktoken" / "cl100k_base.tiktoken",
    "qwen3": TOKENIZERS / "hf" / "qwen3.tokenizer.json",
    "llama3": TOKENIZERS / "hf" / "llama3.tokenizer.json",
}


def reference_reachable(name: str) -> tuple[float, set[int]]:
    """The ids whose decoded text the official library encodes back to exactly that id."""
    start = time.perf_counter()
    reachable: set[int] = set()
    if name in ("o200k_base", "cl100k_base"):
        encoding = _tiktoken(name)
        specials = {encoding.encode_single_token(s) for s in encoding.special_tokens_set}
        for tid in range(encoding.n_vocab):
            try:
                data = encoding.decode_single_token_bytes(tid)
                text = data.decode("utf-8")
            except (KeyError, UnicodeDecodeError):
                continue
            if tid not in specials and encoding.encode_ordinary(text) == [tid]:
                reachable.add(tid)
    else:
        from tokenizers import Tokenizer

        from bpelens.core.text.byte_level import unicode_to_bytes

        tok = Tokenizer.from_file(str(FILES[name]))
        tok.encode_special_tokens = True  # special-token strings stay text, as ours
        table = unicode_to_bytes()
        ids = []
        for token, tid in tok.get_vocab(with_added_tokens=False).items():
            try:  # byte-level: the vocabulary string maps back to the token's bytes
                bytes(table[c] for c in token).decode("utf-8")
            except UnicodeDecodeError:
                continue
            ids.append(tid)
        texts = [tok.decode([i], skip_special_tokens=False) for i in ids]
        encoded = tok.encode_batch(texts, add_special_tokens=False)
        reachable = {tid for tid, enc in zip(ids, encoded, strict=True) if enc.ids == [tid]}
    return time.perf_counter() - start, reachable


def _printed(result) -> None:
    """What ``bpelens audit`` reads of the result for its table."""
    _ = result.counts, result.merges and result.merges.reasons()
    result.of_class("in_context")
    result.of_class("unreachable")


def _tiktoken(name: str):
    """tiktoken's own encoding, its file read from ../shared (as the tests build it)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from fidelity_helpers import tiktoken_reference

    return tiktoken_reference(name)


def _spread(times: list[float]) -> str:
    return f"{statistics.median(times):.2f} [{min(times):.2f}–{max(times):.2f}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=",".join(FILES))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=0,
                        help="also time the audit without context with this many processes")
    args = parser.parse_args()
    require_shared_data()
    agree = True
    extra = f" ours, no context, {args.jobs} processes s |" if args.jobs > 1 else ""
    print("| vocabulary | ids | ours, no context s |" + extra + " ours, full s | library s | "
          "no context / library | reachable (ours / ref) | agree | every token's record s |")
    print("|---|---:|---:|" + ("---:|" if extra else "") + "---:|---:|---:|---:|---|---:|")
    for name in args.only.split(","):
        plain: list[float] = []
        parallel: list[float] = []
        full: list[float] = []
        ref: list[float] = []
        records: list[float] = []
        runs = [(False, 1, plain), (True, 1, full)]
        if args.jobs > 1:
            runs.insert(1, (False, args.jobs, parallel))
        for _ in range(args.repeat):
            for context, jobs, times in runs:
                tokenizer = open_tokenizer(FILES[name])
                start = time.perf_counter()
                result = audit(tokenizer, context=context, jobs=jobs)
                _printed(result)
                times.append(time.perf_counter() - start)
                if not context and jobs == 1:
                    start = time.perf_counter()
                    _ = result.tokens
                    records.append(time.perf_counter() - start)
                if jobs > 1:
                    assert result.tokens == audit(tokenizer, context=False).tokens, name
            seconds, reachable = reference_reachable(name)
            ref.append(seconds)
        # alone: the text encodes to the token, whole-piece lookups included
        mine = {t.id for t in result.tokens if t.cls in ("reachable", "whole_piece_only")}
        same = mine == reachable
        agree &= same
        ratio = statistics.median(plain) / statistics.median(ref)
        cell = f" {_spread(parallel)} |" if args.jobs > 1 else ""
        print(f"| {name} | {result.vocab_size:,} | {_spread(plain)} |{cell} {_spread(full)} | "
              f"{_spread(ref)} | {ratio:.1f}× | {len(mine):,} / {len(reachable):,} | "
              f"{'yes' if same else 'NO'} | {_spread(records)} |", flush=True)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
