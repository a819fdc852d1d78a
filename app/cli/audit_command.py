"""`bpelens audit`: every vocabulary token classified by whether the tokenizer can produce it."""

from __future__ import annotations

import argparse
import json
import sys
import time

from bpelens.core import iter_audit

from .tokenizer_argument import open_cli_tokenizer


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    show = not args.quiet
    last = time.perf_counter()
    result = None
    for done, total, result in iter_audit(tokenizer):
        now = time.perf_counter()
        if show and result is None and now - last > 0.5:
            last = now
            print(f"auditing: {done:,} of {total:,} tokens", file=sys.stderr, flush=True)
    if result is None:  # iter_audit always ends with one
        raise RuntimeError("the audit ended without a result")
    if args.format == "json":
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    counts = result.counts
    print(f"{tokenizer.name or 'tokenizer'}: {result.vocab_size:,} ids")
    for cls, n in counts.items():
        print(f"  {cls:<14}{n:>9,}")
    whole = sum(t.whole_piece_only for t in result.tokens)
    if whole:
        print(f"  reachable only as a whole piece (never inside a longer one): {whole:,}")
    merges = result.merges
    if merges is not None:
        reasons = merges.reasons()
        what = "merges" if merges.listed else "merged tokens (merges implied by the ranks)"
        print(f"  {what} checked: {merges.checked:,}; never applied: "
              f"{len(merges.never_applied):,} (their token made by another merge "
              f"{reasons['another_merge']:,}, never made {reasons['never_made']:,}); "
              f"orphan tokens no merge makes: {len(merges.orphans):,}")
    label = lambda tid: tokenizer.token_label(tid, printable=True)  # noqa: E731
    for token in result.of_class("unreachable"):
        blocked = ""
        if token.blocked_by is not None:
            rule = token.blocked_by
            blocked = (f"; merge {rule.rank} ({label(rule.left_id)} + {label(rule.right_id)}) "
                       f"gets there first")
        print(f"  unreachable {token.id}: {token.text!r} → {list(token.encodes_to)}{blocked}")
    if merges is not None:
        for unused in merges.never_applied:
            if unused.reason == "never_made":
                rule = unused.rule
                print(f"  never applied: merge {rule.rank} ({label(rule.left_id)} + "
                      f"{label(rule.right_id)} → {label(rule.new_id)}); the merges make "
                      f"{' | '.join(map(label, unused.builds))}")
        for tid in merges.orphans:
            print(f"  orphan {tid}: {label(tid)}")
    return 0
