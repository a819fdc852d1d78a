"""`bpelens boundary -t T PROMPT`: what the end of a prompt does to the next token (which
tokens continue its last ones, how many tokens healing backs off, prompt + a continuation)."""

from __future__ import annotations

import argparse
import json
import sys

from bpelens.core import prompt_boundary

from .cli_i18n import translate
from .text_input import text_argument
from .tokenizer_argument import open_cli_tokenizer


def add_parser(sub, shared) -> None:
    p = sub.add_parser(
        "boundary", help=translate("CliHelp", "the end of a prompt: tokens that continue it, "
                                              "how many to back off (token healing)"),
        description=translate("CliHelp", "For the end of a prompt: the vocabulary tokens whose "
                                         "text continues its last tokens (\":\" → \"://\"), how "
                                         "many of its last tokens some next token re-tokenizes "
                                         "(every token of the vocabulary tried: what token "
                                         "healing must back off), and, with --continuation, the "
                                         "canonical ids of prompt + continuation against the "
                                         "prompt's ids followed by the continuation's."))
    shared.tokenizer(p)
    shared.text(p)
    p.add_argument("--continuation", metavar="TEXT", help=translate(
        "CliHelp", "a text the model would write next: prompt + it, encoded whole, against "
                   "the two encoded apart"))
    p.add_argument("--examples", type=int, default=12, metavar="N", help=translate(
        "CliHelp", "continuations and re-tokenizing next tokens to list (default 12)"))
    p.set_defaults(handler="boundary_command")


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    prompt = text_argument(args.text, args.file)
    result = prompt_boundary(tokenizer, prompt, continuation=args.continuation,
                             examples=args.examples)
    json.dump(result.to_json(), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0
