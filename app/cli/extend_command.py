"""`bpelens extend`: continued BPE training on top of a tokenizer.json."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bpelens.core import (
    ConfigError,
    extend_tokenizer,
    open_tokenizer,
    read_lines,
    tokens_before_after,
)

from ..parallel_corpora import open_corpus
from .cli_i18n import translate
from .output_path import check_output_path


def run(args: argparse.Namespace) -> int:
    path = Path(args.tokenizer)
    if not path.is_file():
        raise ConfigError(translate("Cli", "-t {path}: no such file (give a BPE "
                                    "tokenizer.json)").format(path=path))
    check_output_path(args.output)  # before learning, not after it
    for corpus in args.corpus:
        if not Path(corpus).is_file():
            raise ConfigError(translate("Cli", "--corpus {path}: no such file").format(
                path=corpus))
    if args.languages and not args.compare:
        raise ConfigError(translate("Cli", "--languages chooses from the --compare corpus; "
                                    "give --compare too"))
    # Read before learning: a bad corpus or language is refused before any work.
    parallel = open_corpus(args.compare) if args.compare else None
    languages = None
    if parallel is not None and args.languages:
        languages = [code.strip() for code in args.languages.split(",") if code.strip()]
        unknown = [code for code in languages if code not in parallel.languages]
        if unknown:
            raise ConfigError(translate("Cli", "--languages {unknown}: not in {corpus} (it "
                                        "has {languages})").format(
                                            unknown=",".join(unknown), corpus=parallel.name,
                                            languages=", ".join(parallel.languages)))

    def lines():
        for corpus in args.corpus:
            for line, _ in read_lines(corpus):
                yield line

    base = open_tokenizer(path)
    extension = extend_tokenizer(base, lines(), args.add, min_frequency=args.min_frequency)
    extension.write(args.output)
    extended = open_tokenizer(args.output)
    # The merges as the window writes them (て + い), not in the byte-level vocabulary's
    # spelling (ãģ¦ + ãģĦ).
    summary = {"output": str(args.output), "merges_added": len(extension.merges),
               "stop_reason": extension.stop_reason, "new_tokens": extension.new_tokens,
               "first": [[a, b] for a, b, _ in extension.readable(extended, 10)]}
    if parallel is not None:
        changes = tokens_before_after(base, extended, parallel, languages)
        summary["corpus"] = parallel.name
        summary["languages"] = [change.to_json() for change in changes]
    print(json.dumps(summary, ensure_ascii=False))
    return 0

