"""`bpelens diff -t A -t B [TEXT]`: two tokenizers compared, as JSON or as a table."""

from __future__ import annotations

import argparse
import json

from bpelens.core import Tokenizer, diff_tokenizers, hex_text, isolated

from .cli_i18n import translate
from .columns import table
from .errors import CliError
from .tokenizer_argument import check_named_tokenizer, open_named_tokenizer

EXAMPLES = 8  # tokens shown per side in the table


def run(args: argparse.Namespace) -> int:
    if len(args.tokenizer) != 2:
        raise CliError(translate("Cli", "-t: give exactly two tokenizers to compare, not "
                                 "{count}").format(count=len(args.tokenizer)))
    for spec in args.tokenizer:
        check_named_tokenizer(spec)
    left, right = (open_named_tokenizer(spec) for spec in args.tokenizer)
    result = diff_tokenizers(left, right, args.text, names=tuple(args.tokenizer))
    if args.format == "table":
        print(diff_table(result, left, right))
    else:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    return 0


def diff_table(result, left: Tokenizer, right: Tokenizer) -> str:
    """The comparison as a terminal table: a row per fact, a column per tokenizer."""
    data = result.to_json()
    vocabulary, merges = data["vocabulary"], data["merges"]
    same, other = vocabulary["shared_same_id"], vocabulary["same_bytes_other_id"]
    prefix = result.same_id_prefix
    ids = f"0–{prefix - 1:,}" if prefix else translate("CliDiff", "none")
    rows = [
        ["", result.left_name, result.right_name],
        [translate("CliDiff", "tokens"), f"{same + other + vocabulary['only_left']:,}",
         f"{same + other + vocabulary['only_right']:,}"],
        [translate("CliDiff", "  shared, same id"), f"{same:,}", f"{same:,}"],
        [translate("CliDiff", "  shared, another id"), f"{other:,}", f"{other:,}"],
        [translate("CliDiff", "  only in this one"), f"{vocabulary['only_left']:,}",
         f"{vocabulary['only_right']:,}"],
        [translate("CliDiff", "ids with the same bytes in both"), ids, ids],
        [translate("CliDiff", "merges"), f"{merges['left']:,}", f"{merges['right']:,}"],
        [translate("CliDiff", "  the same from the first"), f"{merges['shared_prefix']:,}",
         f"{merges['shared_prefix']:,}"],
    ]
    first = merges["first_difference"]
    if first is not None:
        rows.append([translate("CliDiff", "  first that differs (rank {rank:,})").format(
            rank=first["rank"]), _token(first["left"]), _token(first["right"])])
    segmentation = result.segmentation
    if segmentation is not None:
        rows.append([translate("CliDiff", "tokens of the text"),
                     f"{len(segmentation.left_ids):,}", f"{len(segmentation.right_ids):,}"])
        rows.append([translate("CliDiff", "  cuts only this one makes (bytes)"),
                     _offsets(segmentation.only_left_cuts),
                     _offsets(segmentation.only_right_cuts)])
    lines = table(rows, right=(1, 2))
    for title, key in ((translate("CliDiff", "only left, e.g.:"), "examples_only_left"),
                       (translate("CliDiff", "only right, e.g.:"), "examples_only_right")):
        shown = "  ".join(_token(x["token"]) for x in vocabulary[key][:EXAMPLES])
        if shown:
            lines.append(f"{title} {shown}")
    if segmentation is not None:
        for title, ids, tokenizer in ((translate("CliDiff", "left cuts:"),
                                       segmentation.left_ids, left),
                                      (translate("CliDiff", "right cuts:"),
                                       segmentation.right_ids, right)):
            lines.append(f"{title} " + " | ".join(
                _token(hex_text(tokenizer.token_bytes(i))) for i in ids))
    runtime = result.runtime
    if runtime is not None:
        if runtime.same:
            lines.append(translate("CliDiff", "the same ids on the text"))
        for difference in runtime.differences:
            lines.append(translate("CliDiff", "ids differ at characters {start}–{end} "
                                   "({stage}): {reason}").format(
                start=difference.char_start, end=difference.char_end, stage=difference.stage,
                reason=difference.reason))
    return "\n".join(lines)


def _token(text: str | None) -> str:
    """A token as the table writes it: — for none, ∅ for a token of no text (an end-of-word
    marker)."""
    if text is None:
        return "—"
    return isolated(text) if text else "∅"


def _offsets(offsets: tuple[int, ...]) -> str:
    shown = ", ".join(map(str, offsets[:12]))
    return (shown + (" …" if len(offsets) > 12 else "")) or "—"
