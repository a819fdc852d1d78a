"""SentencePiece encoding: BPE Lens against the ``sentencepiece`` library on the four real
models in ../shared/data, in the same run, on NTREX-128 sentences (the way a comparison
counts a corpus: sentence by sentence).

    python benchmarks/bench_sentencepiece.py [--repeat 5] [--lines 400] [--languages eng,jpn,…]

For each model: the ids are checked equal sentence by sentence first; then ``--repeat`` runs
alternate ours (a tokenizer opened afresh each run, so its caches are empty: text never
seen) with the library's (``encode`` per sentence, one thread). Reported: medians, [ranges]
and ours / library time (the issue's target: ≤ 2×). The tokenizer's opening is not timed
(``bench_load.py`` measures loading). What opening leaves lazy for a long text — a Unigram
model's table of pieces by prefix, built on first need — is built before the clock starts, as
a comparison's workers do when told how much text comes (``Tokenizer.expect_text``).
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import statistics
import sys
import time

from shared_data import SHARED_DATA, require_shared_data

MODELS = SHARED_DATA / "tokenizers" / "sentencepiece"
NAMES = ("botchan_en_bpe_1000.model", "botchan_en_unigram_1000.model",
         "kyoto_ja_unigram_8000.model", "ai21-j2-tokenizer.model")
LANGUAGES = "eng,deu,rus,jpn,zho-CN,hin,arb,kor"


def sentences(languages: list[str], lines: int) -> list[str]:
    folder = SHARED_DATA / "parallel" / "ntrex128"
    out: list[str] = []
    for language in languages:
        path = next(folder.glob(f"*{language}*.txt"), None)
        if path is None:
            sys.exit(f"no NTREX file for {language} in {folder}")
        out += path.read_text(encoding="utf-8").replace("\r", "").splitlines()[:lines]
    return out


def spread(times: list[float]) -> str:
    return f"{statistics.median(times):7.3f} [{min(times):.3f}–{max(times):.3f}]"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--lines", type=int, default=400, help="sentences per language")
    parser.add_argument("--languages", default=LANGUAGES)
    parser.add_argument("--only", default=",".join(NAMES))
    parser.add_argument("--floor", action="store_true",
                        help="also time ours with every sentence already in its caches: what "
                        "a call costs around the model (normalizer, pieces, lookups), the floor "
                        "no faster model can go below")
    args = parser.parse_args()
    require_shared_data()
    import sentencepiece as spm

    from bpelens.core import open_tokenizer

    texts = sentences(args.languages.split(","), args.lines)
    chars = sum(map(len, texts))
    print(f"{len(texts):,} sentences, {chars:,} characters ({args.languages})")
    print("| model | ours s | library s | ours / library |")
    print("|---|---:|---:|---:|")
    for name in args.only.split(","):
        path = MODELS / name
        library = spm.SentencePieceProcessor(model_file=str(path), num_threads=1)
        want = [library.encode(t) for t in texts]
        ours_check = open_tokenizer(path)
        got = [ours_check.encode_ids(t, special="none") for t in texts]
        differ = sum(a != b for a, b in zip(got, want, strict=True))
        if differ:
            print(f"| {name} | {differ} sentences differ from the library | | |")
            return 1
        ours: list[float] = []
        ref: list[float] = []
        for _ in range(args.repeat):
            tokenizer = open_tokenizer(path)
            tokenizer.expect_text(1 << 30)  # (what opening leaves lazy: not the text)
            start = time.perf_counter()
            for text in texts:
                tokenizer.encode_ids(text, special="none")
            ours.append(time.perf_counter() - start)
            start = time.perf_counter()
            for text in texts:
                library.encode(text)
            ref.append(time.perf_counter() - start)
        ratio = statistics.median(ours) / statistics.median(ref)
        print(f"| {name} | {spread(ours)} | {spread(ref)} | {ratio:.1f}× |", flush=True)
        if args.floor:
            floor: list[float] = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                for text in texts:
                    tokenizer.encode_ids(text, special="none")  # every sentence seen: cached
                floor.append(time.perf_counter() - start)
            print(f"| {name}, every sentence cached | {spread(floor)} | {spread(ref)} | "
                  f"{statistics.median(floor) / statistics.median(ref):.1f}× |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
