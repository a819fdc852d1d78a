"""`bpelens canon`: whether ids are what encoding their own text gives, span by span."""

from __future__ import annotations

import argparse
import json
import sys
import time

from bpelens.core import ConfigError, check_canonical, check_jsonl

from .cli_i18n import translate
from .tokenizer_argument import open_cli_tokenizer


def _ids(words: list[str]) -> list[int]:
    out = []
    for word in " ".join(words).replace(",", " ").replace("[", " ").replace("]", " ").split():
        try:
            out.append(int(word))
        except ValueError:
            raise ConfigError(translate("Cli", "{word!r} is not a token id (a whole number)")
                              .format(word=word)) from None
    return out


def run(args: argparse.Namespace) -> int:
    if bool(args.ids) == bool(args.jsonl):
        raise ConfigError(translate("Cli", "give token ids or --jsonl FILE (one of the two)"))
    if args.examples < 0:
        raise ConfigError(translate("Cli", "--examples {value}: expected 0 or more").format(
            value=args.examples))
    tokenizer = open_cli_tokenizer(args)
    if args.jsonl:
        started = time.perf_counter()
        out = check_jsonl(tokenizer, args.jsonl, keep=args.examples).to_json()
        out["seconds"] = round(time.perf_counter() - started, 3)
    else:
        out = check_canonical(tokenizer, _ids(args.ids)).to_json()
    json.dump(out, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
