"""`bpelens encode`: one JSON object, or one per line with --jsonl."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from bpelens.core import BpeLensError, Tokenizer, open_tokenizer

from .json_output import encoding_dict
from .line_batches import line_batches
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
    """Streaming: the lines already waiting on standard input are read as a batch (lines
    never seen are merged together), and their answers written and flushed before reading
    on, so a caller can talk to one process line by line; one process serves the whole
    batch."""
    failed = 0
    out = sys.stdout
    number = 0
    for batch in _input_batches():
        texts: list[tuple[int, str | Exception]] = []
        for raw in batch:
            number += 1
            if not raw.strip():
                continue
            try:
                text = json.loads(raw)
                if not isinstance(text, str):
                    raise ValueError(f"expected a JSON string, got {type(text).__name__}")
                texts.append((number, text))
            except ValueError as exc:  # bad JSON or bad UTF-8
                texts.append((number, exc))
        if not args.trace:
            tokenizer.cache_texts([t for _, t in texts if isinstance(t, str)],
                                  special=args.special)
        for line_number, text in texts:
            try:
                if isinstance(text, Exception):
                    raise text
                out.write(_encode_line(tokenizer, text, args))
            except (ValueError, BpeLensError) as exc:
                failed += 1
                message = f"line {line_number}: {exc}"
                print(f"bpelens: error: {message}", file=sys.stderr)
                out.write(json.dumps({"error": message}, ensure_ascii=False))
            out.write("\n")
        out.flush()
    return 2 if failed else 0


def _encode_line(tokenizer: Tokenizer, text: str, args: argparse.Namespace) -> str:
    if args.trace:
        return json.dumps(encoding_dict(tokenizer, tokenizer.encode(
            text, special=args.special, trace=True, add_special_tokens=args.add_special_tokens)),
            ensure_ascii=False)
    ids = tokenizer.encode_ids(text, special=args.special,
                               add_special_tokens=args.add_special_tokens)
    return '{"ids":' + json.dumps(ids) + "}"


def _input_batches() -> Iterator[list[bytes]]:
    binary = getattr(sys.stdin, "buffer", None)
    if binary is not None and hasattr(binary, "read1"):
        return line_batches(binary)
    # A text stream put in place of stdin (embedding): one line at a time.
    return ([line.rstrip("\n").encode("utf-8")] for line in sys.stdin)
