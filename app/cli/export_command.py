"""`bpelens export`: a tokenizer trained in BPE Lens as tokenizer.json or a .tiktoken file."""

from __future__ import annotations

import argparse
import json

from bpelens.core import open_tokenizer
from bpelens.core.formats.export import save_hf_json, save_tiktoken


def run(args: argparse.Namespace) -> int:
    tokenizer = open_tokenizer(args.tokenizer, encoding=args.encoding)
    written = [str(args.output)]
    if args.format == "tokenizer.json":
        save_hf_json(tokenizer, args.output)
    else:
        written.append(str(save_tiktoken(tokenizer, args.output)))
    print(json.dumps({"format": args.format, "written": written}, ensure_ascii=False))
    return 0
