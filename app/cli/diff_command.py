"""`bpelens diff -t A -t B [TEXT]`: two tokenizers compared."""

from __future__ import annotations

import argparse
import json

from bpelens.core import diff_tokenizers

from .cli_i18n import translate
from .errors import CliError
from .tokenizer_argument import check_named_tokenizer, open_named_tokenizer


def run(args: argparse.Namespace) -> int:
    if len(args.tokenizer) != 2:
        raise CliError(translate("Cli", "-t: give exactly two tokenizers to compare, not "
                                 "{count}").format(count=len(args.tokenizer)))
    for spec in args.tokenizer:
        check_named_tokenizer(spec)
    left, right = (open_named_tokenizer(spec) for spec in args.tokenizer)
    result = diff_tokenizers(left, right, args.text, names=tuple(args.tokenizer))
    print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0
