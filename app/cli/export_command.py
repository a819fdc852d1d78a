"""`bpelens export`: a BPE tokenizer as tokenizer.json or a .tiktoken file."""

from __future__ import annotations

import argparse
import json

from bpelens.core import save_hf_json, save_tiktoken

from .tokenizer_argument import open_cli_tokenizer


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    written = [str(args.output)]
    if args.format == "tokenizer.json":
        save_hf_json(tokenizer, args.output)
    else:
        written.append(str(save_tiktoken(tokenizer, args.output)))
    print(json.dumps({"format": args.format, "written": written}, ensure_ascii=False))
    return 0
