"""`bpelens decode`."""

from __future__ import annotations

import argparse
import json

from bpelens.core import open_tokenizer


def run(args: argparse.Namespace) -> int:
    tokenizer = open_tokenizer(args.tokenizer, encoding=args.encoding)
    data = tokenizer.decode_bytes(args.ids)
    text = tokenizer.decode(args.ids, errors=args.errors)
    try:
        data.decode("utf-8")
        valid = True
    except UnicodeDecodeError:
        valid = False
    print(json.dumps({
        "text": text,
        "bytes": data.hex(),
        "valid_utf8": valid,
        "tokens": [tokenizer.token_label(i) for i in args.ids],
    }, ensure_ascii=False))
    return 0
