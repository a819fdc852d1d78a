"""Re-encoding a long text after a one-character edit: ``token_table_after_edit`` (a window
around the edit, spliced into the old table) against ``token_table`` of the whole new text,
in the same run, caches warm (the text was encoded before, as in the window while typing).

    python benchmarks/bench_splice.py [--chars 1000000] [--repeat 20] [--tokenizer o200k]

For an edit at the end, in the middle and at the start of ≈1,000,000 characters of NTREX-128
text (many scripts, lines as in the files): the best time of each of the two, their ratio, and
how much the splice re-encoded. Each spliced table is checked column for column against the
whole encoding before it is timed. Target: keystroke → repaint ≤ 33 ms at 1M characters, of
which this is the encoding's share.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import dataclasses
import gc

from bench_encoding import O200K, QWEN3, best, ntrex_text
from shared_data import SHARED_DATA, require_shared_data

TOKENIZERS = {"o200k": O200K, "qwen3": QWEN3,
              "cl100k": SHARED_DATA / "tokenizers" / "tiktoken" / "cl100k_base.tiktoken",
              "llama3": SHARED_DATA / "tokenizers" / "hf" / "llama3.tokenizer.json"}


def same_tables(a: object, b: object) -> bool:
    return all(getattr(a, f.name) == getattr(b, f.name)
               for f in dataclasses.fields(a)  # type: ignore[arg-type]
               if f.name not in ("encoding", "kinds"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chars", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--tokenizer", choices=sorted(TOKENIZERS), default="o200k")
    args = parser.parse_args()
    require_shared_data()

    from bpelens.core import open_tokenizer, token_table, token_table_after_edit

    tokenizer = open_tokenizer(TOKENIZERS[args.tokenizer])
    text = ntrex_text(args.chars * 4 / 1e6)[: args.chars]
    # Qwen's NFC: the fast path (and so the splice) needs text that normalizing leaves alone.
    text = tokenizer.normalizer.normalize_str(text)
    old = token_table(tokenizer, text)
    token_table(tokenizer, text)  # every line and piece cached
    print(f"{args.tokenizer}: {len(text):,} characters, {len(old):,} tokens, "
          f"fast path {old.fast}")
    middle = text.index("\n", len(text) // 2) - 5
    edits = {"end": text + "x", "middle": text[:middle] + "x" + text[middle:],
             "start": "Q" + text}
    gc.collect()
    for where, new in edits.items():
        edit = token_table_after_edit(tokenizer, old, new)
        whole_table = token_table(tokenizer, new)
        if not same_tables(edit.table, whole_table):
            raise SystemExit(f"edit at the {where}: the spliced table differs")
        window = edit.window
        spliced = best(args.repeat, lambda n=new: token_table_after_edit(tokenizer, old, n))
        whole = best(args.repeat, lambda n=new: token_table(tokenizer, n))
        size = "encoded whole" if window is None else (
            f"window {window.new_char_end - window.char_start:,} chars, "
            f"{window.new_token_end - window.token_start:,} tokens")
        print(f"one-character edit at the {where:<7} splice {spliced * 1e3:8.2f} ms   "
              f"whole {whole * 1e3:8.2f} ms   {whole / spliced:6.1f}× faster   ({size})")


if __name__ == "__main__":
    main()
