"""`bpelens sample`: the sampled segmentations of one word (Unigram sampling, BPE-dropout)."""

from __future__ import annotations

import argparse
import json
import sys

from bpelens.core import (
    ConfigError,
    dropout_samples,
    sample_segmentations,
    samples_unigram,
    segmentation_distribution,
)

from .cli_i18n import translate
from .tokenizer_argument import open_cli_tokenizer


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    if samples_unigram(tokenizer):
        exact = segmentation_distribution(tokenizer, args.word, alpha=args.alpha,
                                          nbest=args.nbest)
        drawn = sample_segmentations(tokenizer, args.word, alpha=args.alpha, nbest=args.nbest,
                                     samples=args.samples, seed=args.seed)
        out = exact.to_json() | {"samples": args.samples, "seed": args.seed}
        for entry in out["listed"]:  # type: ignore[union-attr]
            entry["drawn"] = drawn.get(tuple(entry["ids"]), 0)
        out["drawn_elsewhere"] = args.samples - sum(
            e["drawn"] for e in out["listed"])  # type: ignore[union-attr]
    else:
        if not 0 <= args.dropout <= 1:
            raise ConfigError(translate("Cli", "--dropout {value}: expected a probability from 0 "
                                        "to 1").format(value=args.dropout))
        drawn_bpe = dropout_samples(tokenizer, args.word, args.dropout, args.samples,
                                    seed=args.seed)
        out = {"text": args.word, "dropout": drawn_bpe.p, "samples": drawn_bpe.samples,
               "seed": drawn_bpe.seed, "plain": list(drawn_bpe.plain),
               "segmentations": [{"ids": list(ids), "drawn": count}
                                 for ids, count in drawn_bpe.segmentations]}
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
