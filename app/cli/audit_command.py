"""`bpelens audit`: every vocabulary token classified by whether the tokenizer can produce it."""

from __future__ import annotations

import argparse
import json
import sys
import time

from bpelens.core import isolated, iter_audit

from .cli_i18n import QT_TRANSLATE_NOOP, ljust, translate
from .jobs_option import jobs_of
from .tokenizer_argument import open_cli_tokenizer


def run(args: argparse.Namespace) -> int:
    jobs = jobs_of(args)  # (a bad value refused before the tokenizer is opened)
    tokenizer = open_cli_tokenizer(args)
    show = not args.quiet
    # A line every 0.5 s of work, however busy the machine; of waiting too, when processes
    # do the work.
    clock = time.process_time if jobs == 1 else time.monotonic
    last = clock()
    result = None
    for done, total, result in iter_audit(tokenizer, context=args.context, jobs=jobs):
        now = clock()
        if show and result is None and now - last > 0.5:
            last = now
            print(translate("CliAudit", "auditing: {done:,} of {total:,} tokens").format(
                done=done, total=total), file=sys.stderr, flush=True)
    if result is None:  # iter_audit always ends with one
        raise RuntimeError("the audit ended without a result")  # a bug, reported as one
    if args.format == "json":
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    counts = result.counts
    print(translate("CliAudit", "{name}: {ids:,} ids").format(
        name=tokenizer.name or translate("CliAudit", "tokenizer"), ids=result.vocab_size))
    for cls, n in counts.items():
        print(f"  {ljust(class_name(cls), 18)}{n:>9,}")
    merges = result.merges
    if merges is not None:
        reasons = merges.reasons()
        what = translate("CliAudit", "merges") if merges.listed else translate(
            "CliAudit", "merged tokens (merges implied by the ranks)")
        print(translate("CliAudit", "  {what} checked: {checked:,}; never applied: "
                        "{never_applied:,} (their token made by another merge {another:,}, "
                        "never made {never_made:,}); orphan tokens no merge makes: "
                        "{orphans:,}").format(
                            what=what, checked=merges.checked,
                            never_applied=len(merges.never_applied),
                            another=reasons["another_merge"], never_made=reasons["never_made"],
                            orphans=len(merges.orphans)))
    label = lambda tid: tokenizer.token_label(tid, printable=True)  # noqa: E731
    in_context = result.of_class("in_context")
    for token in in_context[:LISTED_IN_CONTEXT]:
        witness = token.witness
        print(translate("CliAudit", "  in context {id}: {text} → {ids}; in {witness} → "
                        "{witness_ids}").format(
                            id=token.id, text=isolated(repr(token.text)),
                            ids=list(token.encodes_to), witness=isolated(repr(witness.text)),
                            witness_ids=list(witness.ids)))
    if len(in_context) > LISTED_IN_CONTEXT:
        print(translate("CliAudit", "  … and {count:,} more in context (--format json lists "
                        "them all)").format(count=len(in_context) - LISTED_IN_CONTEXT))
    for token in result.of_class("unreachable"):
        blocked = ""
        if token.blocked_by is not None:
            rule = token.blocked_by
            blocked = translate("CliAudit", "; merge {rank} ({left} + {right}) gets there "
                                "first").format(rank=rule.rank, left=isolated(label(rule.left_id)),
                                                right=isolated(label(rule.right_id)))
        print(translate("CliAudit", "  unreachable {id}: {text} → {ids}{blocked}").format(
            id=token.id, text=isolated(repr(token.text)), ids=list(token.encodes_to),
            blocked=blocked))
    if merges is not None:
        for unused in merges.never_applied:
            if unused.reason == "never_made":
                rule = unused.rule
                print(translate("CliAudit", "  never applied: merge {rank} ({left} + {right} "
                                "→ {new}); the merges make {builds}").format(
                                    rank=rule.rank, left=isolated(label(rule.left_id)),
                                    right=isolated(label(rule.right_id)),
                                    new=isolated(label(rule.new_id)),
                                    builds=" | ".join(isolated(label(b)) for b in unused.builds)))
        for tid in merges.orphans:
            print(translate("CliAudit", "  orphan {id}: {token}").format(id=tid,
                                                                         token=label(tid)))
    return 0


# Tokens in context the table lists (a SentencePiece model has thousands).
LISTED_IN_CONTEXT = 20

# The audit's classes as the table names them (the JSON keeps the keys).
CLASS_NAMES = {
    "reachable": QT_TRANSLATE_NOOP("CliAudit", "reachable"),
    "whole_piece_only": QT_TRANSLATE_NOOP("CliAudit", "whole piece only"),
    "in_context": QT_TRANSLATE_NOOP("CliAudit", "in context"),
    "unreachable": QT_TRANSLATE_NOOP("CliAudit", "unreachable"),
    "undecodable": QT_TRANSLATE_NOOP("CliAudit", "undecodable"),
    "special": QT_TRANSLATE_NOOP("CliAudit", "special"),
    "byte_fallback": QT_TRANSLATE_NOOP("CliAudit", "byte_fallback"),
}


def class_name(cls: str) -> str:
    return translate("CliAudit", CLASS_NAMES[cls]) if cls in CLASS_NAMES else cls
