"""`bpelens decode`: ids (arguments or standard input) → text, as JSON."""

from __future__ import annotations

import argparse
import json
import re
from bisect import bisect_right

from bpelens.core import Tokenizer, localize

from .cli_i18n import translate
from .errors import CliError
from .text_input import read_file_bytes, stdin_binary
from .tokenizer_argument import open_cli_tokenizer

# Between ids: spaces or commas, and the brackets of a pasted JSON list.
_SEPARATORS = re.compile(r"[\s,\[\]]+")
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")
# Longer than this, a number is out of range whatever the tokenizer (and int() of a
# 5,000-digit string is itself an error).
_MAX_DIGITS = 18


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    words = _id_words(args.ids, args.file)
    ids = parse_ids(words, tokenizer)
    data = tokenizer.decode_bytes(ids)
    text = tokenizer.decode(ids, errors=args.errors)
    try:
        data.decode("utf-8")
        valid = True
    except UnicodeDecodeError:
        valid = False
    print(json.dumps({
        "text": text,
        "bytes": data.hex(),
        "valid_utf8": valid,
        "tokens": [tokenizer.token_label(i) for i in ids],
    }, ensure_ascii=False))
    return 0


def _id_words(arguments: list[str], file: str | None = None) -> list[str]:
    if arguments and file is not None:
        raise CliError(translate("Cli", "give the ids either as arguments or with --file, not "
                                 "both"))
    if arguments:
        return [w for a in arguments for w in _SEPARATORS.split(a) if w]
    if file is not None and file != "-":
        raw = read_file_bytes(file, "--file").decode("utf-8", "replace")
    else:
        raw = stdin_binary(translate("Cli", "the ids")).read().decode("utf-8", "replace")
    try:
        value = json.loads(raw)
    except ValueError:
        value = None
    if isinstance(value, dict) and "ids" in value:  # what `encode` printed
        value = value["ids"]
    if isinstance(value, list):
        return [v if isinstance(v, str) else json.dumps(v) for v in value]
    words = [w for w in _SEPARATORS.split(raw) if w]
    if not words:
        raise CliError(translate("Cli", "no ids: give them as arguments (bpelens decode -t "
                                 "TOKENIZER 13 11), with --file or on standard input"))
    return words


def parse_ids(words: list[str], tokenizer: Tokenizer) -> list[int]:
    """Each word an id the tokenizer has; the first that is not is named, with the ids it
    has said as the engine says them (the gaps too: o200k's 0–199997, 199999 and 200018)."""
    ranges = tokenizer.id_ranges()
    starts = [start for start, _ in ranges]

    def has(value: int) -> bool:
        index = bisect_right(starts, value) - 1
        return index >= 0 and value <= ranges[index][1]

    ids = []
    for position, word in enumerate(words):
        if not _WHOLE_NUMBER.fullmatch(word):
            shown = word if len(word) <= 40 else word[:40] + "…"
            raise CliError(translate("Cli", "{word} (position {position}) is not a token id (a "
                                     "whole number): {ids}").format(
                                         word=repr(shown), position=position,
                                         ids=localize(tokenizer.describe_ids())))
        value = int(word) if len(word) <= _MAX_DIGITS else None
        if value is None or not has(value):
            shown = word if len(word) <= 40 else word[:40] + "…"
            raise CliError(translate("Cli", "id {id} at position {position} is not in this "
                                     "tokenizer: {ids}").format(
                                         id=shown, position=position,
                                         ids=localize(tokenizer.describe_ids())))
        ids.append(value)
    return ids
