"""`bpelens inspect`: the layers and the merge steps, readable in a terminal."""

from __future__ import annotations

import argparse
import json

from bpelens.core import BPEModel, Encoding, Tokenizer, codepoints, hex_bytes, token_text, visible

from .json_output import encoding_dict, warnings_of
from .text_input import text_argument
from .tokenizer_argument import open_cli_tokenizer


def describe(tokenizer: Tokenizer) -> str:
    pre = tokenizer.pretokenizer.to_config()
    pre_name = pre.get("preset") or pre.get("type")
    norm = tokenizer.normalizer.to_config().get("type")
    return (f"{tokenizer.name or '(unnamed)'}: {tokenizer.model.describe()}; "
            f"{tokenizer.vocab_size} ids with specials; pre-tokenizer {pre_name}; "
            f"normalizer {norm}")


def render(tokenizer: Tokenizer, encoding: Encoding) -> str:
    text = encoding.model_text
    n_bytes = encoding.byte_count
    n_tokens = len(encoding.ids)
    ratio = f"{n_bytes / n_tokens:.2f}" if n_tokens else "–"
    lines = [
        f"tokenizer  {describe(tokenizer)}",
        f"text       {visible(encoding.text)!s}",
    ]
    if encoding.normalized:
        lines.append(f"normalized {visible(text)}")
    lines.append(
        f"           {len(text)} characters, {n_bytes} bytes, {n_tokens} tokens, "
        f"{ratio} bytes/token, round trip {'✓' if encoding.round_trip else '✗'}"
    )
    for warning in warnings_of(encoding):
        lines.append(f"warning    {warning}")

    lines.append(f"\ncodepoints ({len(text)})")
    for cp in codepoints(text):
        lines.append(f"  {cp.index:>4}  {visible(cp.char):<3} {cp.label:<8} "
                     f"bytes {cp.byte_start}–{cp.byte_end}  {hex_bytes(cp.utf8)}")
    lines.append(f"\npieces ({len(encoding.pieces)})")
    for piece in encoding.pieces:
        tag = "  special" if piece.special_id is not None else ""
        lines.append(f"  {piece.index:>4}  [{visible(piece.text)}]  "
                     f"bytes {piece.span.byte_start}–{piece.span.byte_end}{tag}")
    lines.append(f"\ntokens ({n_tokens})")
    for tok in encoding.tokens:
        note = ""
        if tok.partial:
            where = []
            if tok.span.starts_inside:
                where.append("starts")
            if tok.span.ends_inside:
                where.append("ends")
            chars = text[tok.span.char_start : tok.span.char_end]
            note = f"  {' and '.join(where)} inside {visible(chars)}"
        label = token_text(tok.bytes) if tok.kind != "special" else tok.label
        lines.append(f"  {tok.index:>4}  id {tok.id:<7} {label:<12} "
                     f"bytes {tok.span.byte_start}–{tok.span.byte_end}  "
                     f"{hex_bytes(tok.bytes)}{note}")

    if encoding.traces:
        lines.append("\nmerges")
        for trace in encoding.traces:
            piece = encoding.pieces[trace.piece_index]
            lines.append(f"  piece {trace.piece_index} [{visible(piece.text)}]  "
                         f"{len(trace.steps)} steps")
            names = [_name(tokenizer, t) for t in trace.initial_ids]
            lines.append(f"    start  {' '.join(names)}")
            for number, (step, state) in enumerate(
                zip(trace.steps, list(trace.states())[1:], strict=True), start=1
            ):
                shown = [_name(tokenizer, t) for t in state]
                shown[step.position] = f"[{shown[step.position]}]"
                lines.append(
                    f"    {number:>5}  rank {step.rank:<6} {_name(tokenizer, step.left_id)} + "
                    f"{_name(tokenizer, step.right_id)} → {_name(tokenizer, step.new_id)} "
                    f"(id {step.new_id})   {' '.join(shown)}"
                )
    lines.append(f"\nids {list(encoding.ids)}")
    return "\n".join(lines)


def _name(tokenizer: Tokenizer, token_id: int) -> str:
    """A token in a merge step: its visible text (hex when not whole characters), with the
    end-of-word marker of a model that has one."""
    if tokenizer.token_kind(token_id) in ("special", "added", "byte_fallback", "end_of_word"):
        return tokenizer.token_label(token_id)
    label = token_text(tokenizer.token_bytes(token_id))
    model = tokenizer.model
    # Only BPE Lens's own character-level models mark word ends; models read from files
    # (tiktoken, tokenizer.json) spell every token with its bytes alone.
    if isinstance(model, BPEModel) and model.ends_word(token_id):
        label += model.end_of_word or ""
    return label


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    encoding = tokenizer.encode(text_argument(args.text, args.file), special=args.special,
                                trace=True)
    if args.json:
        print(json.dumps(encoding_dict(tokenizer, encoding), ensure_ascii=False))
    else:
        print(render(tokenizer, encoding))
    return 0
