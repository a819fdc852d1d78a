"""`bpelens inspect`: the layers and the merge steps, readable in a terminal."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from itertools import chain

from bpelens.core import (
    BPEModel,
    Encoding,
    PieceTrace,
    Tokenizer,
    hex_bytes,
    isolated,
    iter_codepoints,
    localize,
    piece_traces,
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
    return "\n".join(render_lines(tokenizer, encoding, not_utf8))


def render_lines(tokenizer: Tokenizer, encoding: Encoding, not_utf8: NotUtf8 | None = None,
                 traces: Iterable[PieceTrace] | None = None) -> Iterator[str]:
    """The report line by line, for a text of any length: the codepoint layer and the merge
    traces are made as they are written (``traces``: the encoding's own when None)."""
    text = encoding.model_text
    n_bytes = encoding.byte_count
    n_tokens = len(encoding.ids)
    ratio = f"{n_bytes / n_tokens:.2f}" if n_tokens else "–"
    # The labels' own spaces line the values up; a translation aligns its own labels.
    yield translate("CliInspect", "tokenizer  {description}").format(
        description=describe(tokenizer))
    yield translate("CliInspect", "text       {text}").format(text=visible(encoding.text))
    if encoding.normalized:
        yield (translate("CliInspect", "normalized {text}").format(text=visible(text)))
    yield (translate(
        "CliInspect", "           {characters} characters, {bytes} bytes, {tokens} tokens, "
        "{ratio} bytes/token, round trip {round_trip}").format(
            characters=len(text), bytes=n_bytes, tokens=n_tokens, ratio=ratio,
            round_trip="✓" if encoding.round_trip else "✗"))
    for warning in warnings_of(encoding, translate, not_utf8):
        yield (translate("CliInspect", "warning    {warning}").format(warning=warning))

    yield ("\n" + translate("CliInspect", "codepoints ({count})").format(count=len(text)))
    for cp in iter_codepoints(text):
        yield (f"  {cp.index:>4}  {ljust(visible(cp.char), 3)} {ljust(cp.label, 8)} "
                     + translate("CliInspect", "bytes {start}–{end}").format(
                         start=cp.byte_start, end=cp.byte_end) + f"  {hex_bytes(cp.utf8)}")
    yield ("\n" + translate("CliInspect", "pieces ({count})").format(
        count=len(encoding.pieces)))
    for piece in encoding.pieces:
        tag = "  " + translate("CliInspect", "special") if piece.special_id is not None else ""
        yield (f"  {piece.index:>4}  [{visible(piece.text)}]  "
                     + translate("CliInspect", "bytes {start}–{end}").format(
                         start=piece.span.byte_start, end=piece.span.byte_end) + tag)
    yield ("\n" + translate("CliInspect", "tokens ({count})").format(count=n_tokens))
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
        yield (f"  {tok.index:>4}  id {tok.id:<7} {ljust(label, 12)} "
                     + translate("CliInspect", "bytes {start}–{end}").format(
                         start=tok.span.byte_start, end=tok.span.byte_end)
                     + f"  {hex_bytes(tok.bytes)}{note}")

    traced = iter(encoding.traces or () if traces is None else traces)
    first = next(traced, None)
    if first is not None:
        yield ("\n" + translate("CliInspect", "merges"))
        for trace in chain([first], traced):
            piece = encoding.pieces[trace.piece_index]
            yield (translate("CliInspect", "  piece {index} [{text}]  {steps} steps")
                         .format(index=trace.piece_index, text=visible(piece.text),
                                 steps=len(trace.steps)))
            names = [_name(tokenizer, t) for t in trace.initial_ids]
            yield (translate("CliInspect", "    start  {tokens}").format(
                tokens=" ".join(names)))
            for number, (step, state) in enumerate(
                zip(trace.steps, list(trace.states())[1:], strict=True), start=1
            ):
                shown = [_name(tokenizer, t) for t in state]
                shown[step.position] = f"[{shown[step.position]}]"
                yield (f"    {number:>5}  " + translate(
                    "CliInspect", "rank {rank:<6} {left} + {right} → {new} (id {id})   "
                    "{tokens}").format(rank=step.rank,
                                       left=isolated(_name(tokenizer, step.left_id)),
                                       right=isolated(_name(tokenizer, step.right_id)),
                                       new=isolated(_name(tokenizer, step.new_id)), id=step.new_id,
                                       tokens=" ".join(shown)))
    yield (f"\nids {list(encoding.ids)}")


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
    if args.json:
        encoding = tokenizer.encode(given.text, special=args.special, trace=True)
        print(json.dumps(encoding_dict(tokenizer, encoding, given.not_utf8), ensure_ascii=False))
        return 0
    # Written as it is made, like encode: the merge traces of a long text one piece at a
    # time, never all held (a megabyte's were gigabytes).
    encoding = tokenizer.encode(given.text, special=args.special)
    out = sys.stdout
    for number, line in enumerate(render_lines(tokenizer, encoding, given.not_utf8,
                                               piece_traces(tokenizer, encoding))):
        out.write(line + "\n")
        if not number % 4096:
            out.flush()
    return 0
