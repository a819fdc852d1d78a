"""Conformance report: how many inputs BPE Lens was compared on against tiktoken, HF
tokenizers and sentencepiece, per tokenizer file in ../shared/data, and how many gave other
ids or another decoded text. Every mismatch is a bug; the report says where to look.

    python benchmarks/conformance.py [--random 20000] [--seed 0] [--json report.json]
                                     [--family tiktoken|tokenizers|sentencepiece ...]

Inputs: every NTREX-128 sentence (51,948 lines, 128 languages), the 26 NTREX files whole,
and --random generated texts (fragments chosen to stress pre-tokenizers: whitespace runs,
digits, combining marks, emoji sequences, special-token strings, contractions, scripts),
each in both special-token modes; the sentences and the generated texts once more as one batch
(``encode_batch_ids`` on a fresh tokenizer: the lines merged together). SentencePiece
``.model`` files recognise no special token in text: both modes must give the library's
``encode`` ids, the second with ``add_special_tokens`` against ``encode(add_bos=True)``.
"""

from __future__ import annotations

import os

os.environ["TOKENIZERS_PARALLELISM"] = "false"

import argparse
import json
import random
import sys
import time
from functools import cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bpelens.core import open_tokenizer

from fidelity_helpers import (
    EMOJI,
    HF_DIR,
    HF_FILES,
    SPECIAL_STRINGS,
    TIKTOKEN_DIR,
    TIKTOKEN_FILES,
    WHITESPACE,
    hf_reference,
    ntrex_lines,
    ours_hf,
    ours_tiktoken,
    tiktoken_reference,
)
from shared_data import SHARED_DATA, require_shared_data

SP_DIR = SHARED_DATA / "tokenizers" / "sentencepiece"
SP_FILES = ["ai21-j2-tokenizer", "botchan_en_bpe_1000", "botchan_en_unigram_1000",
            "kyoto_ja_unigram_8000"]

WORDS = ["'s", "'LL", " DON'T", "Hello", " world", "日本語", "مرحبا", "नमस्ते", "ñandú", "Ⅻ",
         "ﬁ", "①", "e\u0301", "é", "<unk>", "12345", " 3.14", "x\u0301\u0302", "ᄀ\u1161"]


def random_text(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 10)):
        kind = rng.randrange(6)
        if kind == 0:
            parts.append("".join(chr(rng.choice([rng.randint(32, 0x2FFF),
                                                 rng.randint(0, 0x10FFFF)]))
                                 for _ in range(rng.randint(1, 8))))
        elif kind == 1:
            parts.append(rng.choice(WHITESPACE))
        elif kind == 2:
            parts.append(rng.choice(EMOJI))
        elif kind == 3:
            parts.append(rng.choice(SPECIAL_STRINGS))
        elif kind == 4:
            parts.append(str(rng.randint(0, 10**9)))
        else:
            parts.append(rng.choice(WORDS))
    return "".join(parts).encode("utf-8", "replace").decode("utf-8")  # no lone surrogates


def whole_files() -> list[str]:
    return [p.read_text(encoding="utf-8")
            for p in sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt"))]


class Tally:
    def __init__(self) -> None:
        self.inputs = 0
        self.ids = 0
        self.decodes = 0
        self.first: str | None = None

    def check(self, text: str, same_ids: bool, same_decode: bool) -> None:
        self.inputs += 1
        self.ids += not same_ids
        self.decodes += not same_decode
        if self.first is None and not (same_ids and same_decode):
            self.first = text


def check_tiktoken(name: str, texts: list[str], tally: Tally, batch: bool) -> None:
    ref, ours = tiktoken_reference(name), ours_tiktoken(name)
    for special in ("none", "all"):
        if batch:  # all the texts at once, by a tokenizer that has seen none of them
            fresh = open_tokenizer(TIKTOKEN_DIR / TIKTOKEN_FILES[name], encoding=name)
            got_all = fresh.encode_batch_ids(texts, special=special)
        for n, text in enumerate(texts):
            want = (ref.encode_ordinary(text) if special == "none"
                    else ref.encode(text, allowed_special="all"))
            got = got_all[n] if batch else ours.encode_ids(text, special=special)
            tally.check(text, got == want, ours.decode_bytes(want) == ref.decode_bytes(want))


def check_hf(name: str, texts: list[str], tally: Tally, batch: bool) -> None:
    ref, ours = hf_reference(name), ours_hf(name)
    for plain in (False, True):
        ref.encode_special_tokens = plain
        special = "none" if plain else "all"
        if batch:  # all the texts at once, by a tokenizer that has seen none of them
            fresh = open_tokenizer(HF_DIR / f"{name}.tokenizer.json")
            got_all = fresh.encode_batch_ids(texts, special=special, add_special_tokens=True)
        for n, text in enumerate(texts):
            want = ref.encode(text, add_special_tokens=True).ids
            got = (got_all[n] if batch
                   else ours.encode_ids(text, special=special, add_special_tokens=True))
            same_decode = ours.decode(want, errors="replace") == ref.decode(
                want, skip_special_tokens=False)
            tally.check(text, got == want, same_decode)
    ref.encode_special_tokens = False


@cache
def sp_reference(name: str):
    import sentencepiece as spm

    return spm.SentencePieceProcessor(model_file=str(SP_DIR / f"{name}.model"))


@cache
def ours_sp(name: str):
    return open_tokenizer(SP_DIR / f"{name}.model")


def check_sp(name: str, texts: list[str], tally: Tally, batch: bool) -> None:
    ref, ours = sp_reference(name), ours_sp(name)
    for special, add_bos in (("none", False), ("all", True)):
        if batch:  # all the texts at once, by a tokenizer that has seen none of them
            fresh = open_tokenizer(SP_DIR / f"{name}.model")
            got_all = fresh.encode_batch_ids(texts, special=special, add_special_tokens=add_bos)
        for n, text in enumerate(texts):
            want = ref.encode(text, add_bos=add_bos)
            got = (got_all[n] if batch
                   else ours.encode_ids(text, special=special, add_special_tokens=add_bos))
            tally.check(text, got == want,
                        ours.decode(want, errors="replace") == ref.decode(want))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--random", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--family", action="append",
                        choices=["tiktoken", "tokenizers", "sentencepiece"],
                        help="check only these libraries' files (repeatable; default: all)")
    args = parser.parse_args()
    require_shared_data()
    rng = random.Random(args.seed)
    generated = [random_text(rng) for _ in range(args.random)]
    sentences = ntrex_lines()
    # (texts, whether they go in as one batch)
    sources = {"NTREX sentences": (sentences, False), "NTREX files": (whole_files(), False),
               "generated": (generated, False), "NTREX sentences, batch": (sentences, True),
               "generated, batch": (generated, True)}
    report = []
    print(f"{'tokenizer':<28}{'inputs':>26}{'checked':>10}{'id diff':>9}{'decode diff':>13}")
    for family, names, check in (("tiktoken", list(TIKTOKEN_FILES), check_tiktoken),
                                 ("tokenizers", HF_FILES, check_hf),
                                 ("sentencepiece", SP_FILES, check_sp)):
        if args.family and family not in args.family:
            continue
        for name in names:
            for source, (texts, batch) in sources.items():
                tally = Tally()
                start = time.perf_counter()
                check(name, texts, tally, batch)
                report.append({"reference": family, "tokenizer": name, "inputs": source,
                               "checked": tally.inputs, "id_mismatches": tally.ids,
                               "decode_mismatches": tally.decodes, "first": tally.first,
                               "seconds": round(time.perf_counter() - start, 1)})
                print(f"{name:<28}{source:>26}{tally.inputs:>10}{tally.ids:>9}"
                      f"{tally.decodes:>13}" + (f"   first: {tally.first[:40]!r}"
                                                 if tally.first else ""))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    sys.exit(1 if any(r["id_mismatches"] or r["decode_mismatches"] for r in report) else 0)


if __name__ == "__main__":
    main()
