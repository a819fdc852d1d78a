"""`bpelens sweep`: BPE tokenizers cut at many vocabulary sizes, measured per language."""

from __future__ import annotations

import argparse
import json
import sys

from bpelens.core import chosen_languages, parse_sizes, vocab_sweep

from ..parallel_corpora import open_corpus
from .cli_i18n import translate
from .compare_command import _languages
from .jobs_option import jobs_of
from .tokenizer_argument import check_named_tokenizer, open_named_tokenizer


def run(args: argparse.Namespace) -> int:
    jobs = jobs_of(args)  # (a bad value refused before the corpus is read)
    sizes = parse_sizes(args.sizes)
    corpus = open_corpus(args.corpus)
    chosen, reference = chosen_languages(corpus, _languages(args.languages), args.reference)
    for spec in args.tokenizer:
        check_named_tokenizer(spec)
    rows = corpus.shared_rows(chosen)
    texts = {language: corpus.sentences(language, rows) for language in chosen}
    sweeps = []
    for spec in args.tokenizer:
        tokenizer = open_named_tokenizer(spec)
        sweeps.append(vocab_sweep(tokenizer, texts, sizes, reference=reference, name=spec,
                                  jobs=jobs))
        if not args.quiet:
            print(translate("Cli", "bpelens: {tokenizer}: swept {sizes} sizes").format(
                tokenizer=spec, sizes=len(sizes)), file=sys.stderr, flush=True)
    print(json.dumps({"corpus": corpus.name, "sizes": sizes,
                      "sweeps": [s.to_json() for s in sweeps]}, ensure_ascii=False))
    return 0
