"""`bpelens inspect`: the layers and the merge steps, readable in a terminal."""

from __future__ import annotations

import argparse
import json

from bpelens.core import (
    BPEModel,
    Encoding,
    Tokenizer,
    codepoints,
    hex_bytes,
    isolated,
    localize,
    token_text,
    visible,
)

from .cli_i18n import ljust, translate
from .json_output import encoding_dict, warnings_of
from .text_input import NotUtf8, input_text
from .tokenizer_argument import open_cli_tokenizer


def describe(tokenizer: Tokenizer) -> str:
    pre = tokenizer.pretokenizer.to_config()
    pre_name = pre.get("preset") or pre.get("type")
    norm = tokenizer.normalizer.to_config().get("type")
    return translate("CliInspect", "{name}: {model}; {ids} ids with specials; pre-tokenizer "
                     "{pretokenizer}; normalizer {normalizer}").format(
                         name=tokenizer.name or translate("CliInspect", "(unnamed)"),
                         model=localize(tokenizer.model.describe()), ids=tokenizer.vocab_size,
                         pretokenizer=pre_name, normalizer=norm)


def render(tokenizer: Tokenizer, encoding: Encoding, not_utf8: NotUtf8 | None = None) -> str:
    text = encoding.model_text
    n_bytes = encoding.byte_count
    n_tokens = len(encoding.ids)
    ratio = f"{n_bytes / n_tokens:.2f}" if n_tokens else "–"
    # The labels' own spaces line the values up; a translation aligns its own labels.
    lines = [
        translate("CliInspect", "tokenizer  {description}").format(
            description=describe(tokenizer)),
        translate("CliInspect", "text       {text}").format(text=visible(encoding.text)),
    ]
    if encoding.normalized:
        lines.append(translate("CliInspect", "normalized {text}").format(text=visible(text)))
    lines.append(translate(
        "CliInspect", "           {characters} characters, {bytes} bytes, {tokens} tokens, "
        "{ratio} bytes/token, round trip {round_trip}").format(
            characters=len(text), bytes=n_bytes, tokens=n_tokens, ratio=ratio,
            round_trip="✓" if encoding.round_trip else "✗"))
    for warning in warnings_of(encoding, translate, not_utf8):
        lines.append(translate("CliInspect", "warning    {warning}").format(warning=warning))

    lines.append("\n" + translate("CliInspect", "codepoints ({count})").format(count=len(text)))
    for cp in codepoints(text):
        lines.append(f"  {cp.index:>4}  {ljust(visible(cp.char), 3)} {ljust(cp.label, 8)} "
                     + translate("CliInspect", "bytes {start}–{end}").format(
                         start=cp.byte_start, end=cp.byte_end) + f"  {hex_bytes(cp.utf8)}")
    lines.append("\n" + translate("CliInspect", "pieces ({count})").format(
        count=len(encoding.pieces)))
    for piece in encoding.pieces:
        tag = "  " + translate("CliInspect", "special") if piece.special_id is not None else ""
        lines.append(f"  {piece.index:>4}  [{visible(piece.text)}]  "
                     + translate("CliInspect", "bytes {start}–{end}").format(
                         start=piece.span.byte_start, end=piece.span.byte_end) + tag)
    lines.append("\n" + translate("CliInspect", "tokens ({count})").format(count=n_tokens))
    for tok in encoding.tokens:
        note = ""
        if tok.partial:
            chars = visible(text[tok.span.char_start : tok.span.char_end])
            if tok.span.starts_inside and tok.span.ends_inside:
                note = translate("CliInspect", "  starts and ends inside {chars}")
            elif tok.span.starts_inside:
                note = translate("CliInspect", "  starts inside {chars}")
            else:
                note = translate("CliInspect", "  ends inside {chars}")
            note = note.format(chars=chars)
        label = token_text(tok.bytes) if tok.kind != "special" else tok.label
        lines.append(f"  {tok.index:>4}  id {tok.id:<7} {ljust(label, 12)} "
                     + translate("CliInspect", "bytes {start}–{end}").format(
                         start=tok.span.byte_start, end=tok.span.byte_end)
                     + f"  {hex_bytes(tok.bytes)}{note}")

    if encoding.traces:
        lines.append("\n" + translate("CliInspect", "merges"))
        for trace in encoding.traces:
            piece = encoding.pieces[trace.piece_index]
            lines.append(translate("CliInspect", "  piece {index} [{text}]  {steps} steps")
                         .format(index=trace.piece_index, text=visible(piece.text),
                                 steps=len(trace.steps)))
            names = [_name(tokenizer, t) for t in trace.initial_ids]
            lines.append(translate("CliInspect", "    start  {tokens}").format(
                tokens=" ".join(names)))
            for number, (step, state) in enumerate(
                zip(trace.steps, list(trace.states())[1:], strict=True), start=1
            ):
                shown = [_name(tokenizer, t) for t in state]
                shown[step.position] = f"[{shown[step.position]}]"
                lines.append(f"    {number:>5}  " + translate(
                    "CliInspect", "rank {rank:<6} {left} + {right} → {new} (id {id})   "
                    "{tokens}").format(rank=step.rank,
                                       left=isolated(_name(tokenizer, step.left_id)),
                                       right=isolated(_name(tokenizer, step.right_id)),
                                       new=isolated(_name(tokenizer, step.new_id)), id=step.new_id,
                                       tokens=" ".join(shown)))
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
    given = input_text(args.text, args.file)
    encoding = tokenizer.encode(given.text, special=args.special, trace=True)
    if args.json:
        print(json.dumps(encoding_dict(tokenizer, encoding, given.not_utf8), ensure_ascii=False))
    else:
        print(render(tokenizer, encoding, given.not_utf8))
    return 0
