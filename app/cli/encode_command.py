"""`bpelens encode`: one JSON object, or one per line with --jsonl."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from bpelens.core import BpeLensError, Tokenizer

from .cli_i18n import translate
from .errors import CliError, say
from .json_output import encoding_dict, not_utf8_warning
from .json_stream import write_ids_json, write_table_json
from .line_batches import line_batches
from .text_input import check_readable_file, input_text, stdin_binary
from .tokenizer_argument import open_cli_tokenizer

LINE_RULE = 'each line must be a JSON string, such as "some text" ("" for an empty text)'


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    if args.jsonl:
        if args.text is not None:
            raise CliError(translate("Cli", "--jsonl reads its lines from standard input or "
                                     "--file, not from TEXT"))
        return _run_jsonl(tokenizer, args)
    given = input_text(args.text, args.file)
    text = given.text
    out = sys.stdout
    if args.ids_only:
        # No JSON warnings to carry it: what was not UTF-8 is said on stderr.
        if given.not_utf8 is not None:
            say(translate("Cli", "bpelens: warning: {warning}").format(
                warning=not_utf8_warning(given.not_utf8, translate)))
        write_ids_json(out, tokenizer.encode_ids(text, special=args.special,
                                                 add_special_tokens=args.add_special_tokens))
    elif args.trace or args.add_special_tokens:
        # Traces (and the post-processor's tokens) come only with the full result.
        encoding = tokenizer.encode(text, special=args.special, trace=args.trace,
                                    add_special_tokens=args.add_special_tokens)
        out.write(json.dumps(encoding_dict(tokenizer, encoding, given.not_utf8),
                             ensure_ascii=False) + "\n")
    else:
        from bpelens.core import token_table

        write_table_json(out, token_table(tokenizer, text, special=args.special),
                         given.not_utf8)
    return 0


def _run_jsonl(tokenizer: Tokenizer, args: argparse.Namespace) -> int:
    """Streaming: the lines already waiting on the input are read as a batch (lines never
    seen are merged together), and their answers written and flushed before reading on, so
    a caller can talk to one process line by line; one process serves the whole batch.
    Every input line gets exactly one output line, in order."""
    failed: list[int] = []
    out = sys.stdout
    number = 0
    for batch in _input_batches(args.file):
        texts: list[tuple[int, str | BpeLensError]] = []
        for raw in batch:
            number += 1
            texts.append((number, _parse_line(raw, number)))
        if not args.trace:
            tokenizer.cache_texts([t for _, t in texts if isinstance(t, str)],
                                  special=args.special)
        for line_number, text in texts:
            try:
                if isinstance(text, BpeLensError):
                    raise text
                out.write(_encode_line(tokenizer, text, args))
            except BpeLensError as exc:
                failed.append(line_number)
                out.write(json.dumps({"error": exc.for_interface("cli")}, ensure_ascii=False))
            out.write("\n")
        out.flush()
    if failed:
        shown = ", ".join(map(str, failed[:10])) + (" …" if len(failed) > 10 else "")
        say(translate("Cli", "bpelens: error: {message}").format(message=translate(
            "Cli", "{failed} of {total} lines could not be encoded (line {lines}); their "
            "output lines are error objects").format(failed=len(failed), total=number,
                                                     lines=shown)))
        return 2
    return 0


def _parse_line(raw: bytes, number: int) -> str | BpeLensError:
    """The text of a --jsonl line, or the error its output line reports (in the JSON, so in
    English whatever the language)."""
    where = f"line {number}"
    if not raw.strip():
        return BpeLensError(f"{where} is blank; {LINE_RULE}")  # JSON: English
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return BpeLensError(  # JSON: English
            f"{where}: not UTF-8 at byte {exc.start} of the line; {LINE_RULE}")
    try:
        value = json.loads(line)
    except ValueError as exc:
        reason = getattr(exc, "msg", str(exc))
        column = getattr(exc, "colno", None)
        at = f" at column {column}" if column else ""
        return BpeLensError(f"{where}: not JSON ({reason}{at}); {LINE_RULE}")  # JSON: English
    if not isinstance(value, str):
        return BpeLensError(  # JSON: English
            f"{where}: a JSON {_json_type(value)}, not a string; {LINE_RULE}")
    return value


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    return "array" if isinstance(value, list) else "object"


def _encode_line(tokenizer: Tokenizer, text: str, args: argparse.Namespace) -> str:
    if args.trace:
        return json.dumps(encoding_dict(tokenizer, tokenizer.encode(
            text, special=args.special, trace=True, add_special_tokens=args.add_special_tokens)),
            ensure_ascii=False)
    ids = tokenizer.encode_ids(text, special=args.special,
                               add_special_tokens=args.add_special_tokens)
    return json.dumps({"ids": ids})


def _input_batches(file: str | None) -> Iterator[list[bytes]]:
    if file is not None and file != "-":
        path = Path(file).expanduser()
        check_readable_file(path, f"--file {file}")
        return _file_batches(path)
    stream = stdin_binary(translate("Cli", "the lines"))
    if hasattr(stream, "read1"):
        return line_batches(stream)  # type: ignore[arg-type]
    # A text stream put in place of stdin (embedding): one line at a time.
    return ([line.rstrip("\n").encode("utf-8", "surrogateescape")]
            for line in sys.stdin)  # type: ignore[union-attr]


def _file_batches(path: Path) -> Iterator[list[bytes]]:
    try:
        handle: BinaryIO = path.open("rb")
    except OSError as exc:
        raise CliError(translate("Cli", "--file {path}: cannot read it ({reason})").format(
            path=path, reason=exc.strerror or exc)) from None
    with handle:
        yield from line_batches(handle)
