"""`bpelens extend`: continued BPE training on top of a tokenizer.json."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bpelens.core import ConfigError, extend_tokenizer_json, read_lines


def run(args: argparse.Namespace) -> int:
    path = Path(args.tokenizer)
    if not path.is_file():
        raise ConfigError(f"-t {path}: no such file (give a BPE tokenizer.json)")
    for corpus in args.corpus:
        if not Path(corpus).is_file():
            raise ConfigError(f"--corpus {corpus}: no such file")

    def lines():
        for corpus in args.corpus:
            for line, _ in read_lines(corpus):
                yield line

    extension = extend_tokenizer_json(path, lines(), args.add,
                                      min_frequency=args.min_frequency)
    extension.write(args.output)
    print(json.dumps({"output": str(args.output), "merges_added": len(extension.merges),
                      "stop_reason": extension.stop_reason, "new_tokens": extension.new_tokens,
                      "first": [[a, b] for a, b, _, _ in extension.merges[:10]]},
                     ensure_ascii=False))
    return 0
