"""Core results as JSON-ready dicts (the CLI's output format)."""

from __future__ import annotations

from typing import Any

from bpelens.core import Encoding, PieceTrace, Tokenizer


def token_dicts(encoding: Encoding) -> list[dict[str, Any]]:
    return [
        {
            "id": t.id,
            "bytes": t.bytes.hex(),
            "text": t.bytes.decode("utf-8", "backslashreplace"),
            "byte_start": t.span.byte_start,
            "byte_end": t.span.byte_end,
            "char_start": t.span.char_start,
            "char_end": t.span.char_end,
            "partial": t.partial,
            "kind": t.kind,
        }
        for t in encoding.tokens
    ]


def trace_dicts(tokenizer: Tokenizer, traces: tuple[PieceTrace, ...], encoding: Encoding
                ) -> list[dict[str, Any]]:
    out = []
    for trace in traces:
        piece = encoding.pieces[trace.piece_index]
        out.append({
            "piece": trace.piece_index,
            "text": piece.text,
            "byte_start": piece.span.byte_start,
            "initial_ids": list(trace.initial_ids),
            "final_ids": list(trace.final_ids),
            "steps": [
                {
                    "position": s.position,
                    "pair": [s.left_id, s.right_id],
                    "pair_text": [tokenizer.token_label(s.left_id),
                                  tokenizer.token_label(s.right_id)],
                    "rank": s.rank,
                    "new_id": s.new_id,
                    "new_text": tokenizer.token_label(s.new_id),
                    "byte_start": piece.span.byte_start + s.byte_start,
                    "byte_end": piece.span.byte_start + s.byte_end,
                }
                for s in trace.steps
            ],
        })
    return out


def encoding_dict(tokenizer: Tokenizer, encoding: Encoding) -> dict[str, Any]:
    data: dict[str, Any] = {"ids": list(encoding.ids), "tokens": token_dicts(encoding)}
    if encoding.normalized:
        data["normalized_text"] = encoding.model_text
    warnings = []
    if encoding.replaced_surrogates:
        warnings.append(
            f"{len(encoding.replaced_surrogates)} lone surrogate(s) replaced by U+FFFD at "
            f"character(s) {list(encoding.replaced_surrogates)}"
        )
    as_text = encoding.specials_as_text
    if as_text:
        warnings.append(
            "special-token strings encoded as plain text: "
            + ", ".join(f"{m.token} at character {m.start}" for m in as_text)
        )
    if encoding.specials_recognised:
        warnings.append(
            "special-token strings in the text were read as control tokens: "
            + ", ".join(f"{m.token} at character {m.start}" for m in encoding.specials_recognised)
        )
    if warnings:
        data["warnings"] = warnings
    if encoding.traces is not None:
        data["trace"] = trace_dicts(tokenizer, encoding.traces, encoding)
    return data
