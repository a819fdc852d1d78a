"""The research question of issue 28: on NTREX-128's 26 languages, is there a setting that
keeps at least 80 % of parity-aware BPE (base)'s Gini reduction over classic BPE while staying
within 2 % of classic BPE's total tokens at the same vocabulary size?

    python benchmarks/bench_tradeoff.py [--merges 8000] [--sizes 1000:8256:x2]

Data and settings as bench_parity.py (1,500 training, 200 dev, 297 evaluation lines per
language; GPT-2 regex, HF's byte order, min_frequency 0). Every setting learns --merges merges
and is measured on the 26 × 297 evaluation sentences: total tokens, the Gini coefficient of
the 26 per-language totals, and against classic and base:

    kept     = (G_classic − G) / (G_classic − G_base)   share of base's Gini reduction kept
    overhead = T / T_classic − 1                           extra tokens over classic

Settings: classic; base; window (W, α) over a grid; hybrid (the first g merges on the summed
counts, then base or window) over a grid of g. Then the vocabulary-size sweep of classic,
base and the best settings (each cut at --sizes, read off one trace per piece), which gives
the trade-off curve Gini against total tokens at every size. Prints a table and the answer;
``--json FILE`` writes everything.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import json
import time
from pathlib import Path

from bench_parity import read_languages

from bpelens.core import (
    LanguageCorpus,
    ParityConfig,
    TrainingConfig,
    gini,
    parse_sizes,
    train_languages,
    vocab_sweep,
)

from shared_data import require_shared_data

KEEP, OVERHEAD = 0.80, 0.02


def settings(merges: int) -> list[tuple[str, ParityConfig | None]]:
    grid: list[tuple[str, ParityConfig | None]] = [("classic", None),
                                                   ("base", ParityConfig(variant="base"))]
    for window in (20, 100, 500):
        for alpha in (1.5, 2.0, 4.0):
            grid.append((f"window W={window} α={alpha:g}",
                         ParityConfig(variant="window", window_size=window, alpha=alpha)))
    for share in (0.25, 0.5, 0.75, 0.9):
        g = int(merges * share)
        grid.append((f"hybrid base g={g}", ParityConfig(variant="base", global_merges=g)))
        grid.append((f"hybrid window g={g}", ParityConfig(variant="window", global_merges=g,
                                                         window_size=100, alpha=2.0)))
    return grid


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--merges", type=int, default=8000)
    parser.add_argument("--sizes", default="1000:8256:x2")
    parser.add_argument("--only", default="", help="comma-separated setting names (default: all)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    require_shared_data()
    languages = read_languages()
    corpora = [LanguageCorpus(x.code, x.train, x.dev) for x in languages]
    evaluation = {x.code: x.evaluation for x in languages}
    config = TrainingConfig(vocab_size=256 + args.merges, byte_order="hf", min_frequency=0)
    wanted = {s.strip() for s in args.only.split(",") if s.strip()}
    rows: list[dict] = []
    tokenizers = {}
    print(f"NTREX-128: 26 languages; {args.merges:,} merges; evaluation 26 × 297 sentences",
          flush=True)
    for name, parity in settings(args.merges):
        if wanted and name not in wanted and name not in ("classic", "base"):
            continue
        started = time.perf_counter()
        tokenizer = train_languages(corpora, config, parity).tokenizer
        seconds = time.perf_counter() - started
        totals = [sum(map(len, tokenizer.encode_batch_ids(evaluation[x.code])))
                  for x in languages]
        rows.append({"setting": name, "tokens": sum(totals), "gini": gini(totals),
                     "seconds": round(seconds, 1)})
        tokenizers[name] = tokenizer
        print(f"  {name:24} {sum(totals):>9,} tokens  Gini {gini(totals):.4f}  "
              f"({seconds:.1f} s)", flush=True)
    classic = next(r for r in rows if r["setting"] == "classic")
    base = next(r for r in rows if r["setting"] == "base")
    reduction = classic["gini"] - base["gini"]
    for row in rows:
        row["kept"] = (classic["gini"] - row["gini"]) / reduction if reduction else 0.0
        row["overhead"] = row["tokens"] / classic["tokens"] - 1
        row["meets"] = row["kept"] >= KEEP and row["overhead"] <= OVERHEAD
    print("\n| setting | tokens | Gini | kept of base's reduction | tokens over classic | "
          "both goals |\n|---|---:|---:|---:|---:|---|")
    for row in rows:
        print(f"| {row['setting']} | {row['tokens']:,} | {row['gini']:.4f} | "
              f"{row['kept']:.0%} | {row['overhead']:+.2%} | "
              f"{'yes' if row['meets'] else 'no'} |")
    met = [r for r in rows if r["meets"] and r["setting"] not in ("classic",)]
    print("\nanswer:", "settings meeting both goals: " + ", ".join(r["setting"] for r in met)
          if met else "no setting meets both goals")
    # The sweep: the trade-off curve of classic, base and the settings closest to the goal.
    sizes = parse_sizes(args.sizes)
    best = sorted((r for r in rows if r["setting"] not in ("classic", "base")),
                  key=lambda r: (not r["meets"], -r["kept"] if r["overhead"] <= OVERHEAD
                                 else r["overhead"]))[:3]
    curves = {}
    for name in ["classic", "base", *(r["setting"] for r in best)]:
        started = time.perf_counter()
        sweep = vocab_sweep(tokenizers[name], evaluation, sizes, reference="eng", name=name)
        seconds = time.perf_counter() - started
        curves[name] = sweep.to_json() | {"seconds": round(seconds, 1)}
        points = "  ".join(f"{p.size}: {p.tokens:,}/{p.gini:.3f}" for p in sweep.points)
        print(f"sweep {name:24} ({seconds:.1f} s)  size: tokens/Gini  {points}", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "sweeps": curves}, ensure_ascii=False,
                                        indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
