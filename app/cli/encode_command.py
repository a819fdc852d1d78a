"""`bpelens encode`: one JSON object, or one per line with --jsonl."""

from __future__ import annotations

import argparse
import json
import sys

from bpelens.core import BpeLensError, Tokenizer, open_tokenizer

from .json_output import encoding_dict
from .text_input import text_argument


def run(args: argparse.Namespace) -> int:
    tokenizer = open_tokenizer(args.tokenizer, encoding=args.encoding)
    if args.jsonl:
        return _run_jsonl(tokenizer, args)
    encoding = tokenizer.encode(text_argument(args.text), special=args.special, trace=args.trace,
                                add_special_tokens=args.add_special_tokens)
    print(json.dumps(encoding_dict(tokenizer, encoding), ensure_ascii=False))
    return 0


def _run_jsonl(tokenizer: Tokenizer, args: argparse.Namespace) -> int:
    """Streaming: each output line is written (and flushed) as soon as its input line is read,
    so a caller can talk to one process line by line; one process serves the whole batch."""
    failed = 0
    out = sys.stdout
    encode_ids = tokenizer.encode_ids
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            text = json.loads(line)
            if not isinstance(text, str):
                raise ValueError(f"expected a JSON string, got {type(text).__name__}")
            if args.trace:
                data = encoding_dict(tokenizer, tokenizer.encode(
                    text, special=args.special, trace=True,
                    add_special_tokens=args.add_special_tokens))
                out.write(json.dumps(data, ensure_ascii=False))
            else:
                ids = encode_ids(text, special=args.special,
                                 add_special_tokens=args.add_special_tokens)
                out.write('{"ids":' + json.dumps(ids) + "}")
        except (ValueError, BpeLensError) as exc:
            failed += 1
            message = f"line {number}: {exc}"
            print(f"bpelens: error: {message}", file=sys.stderr)
            out.write(json.dumps({"error": message}, ensure_ascii=False))
        out.write("\n")
        out.flush()
    return 2 if failed else 0
