"""Core results as JSON-ready dicts (the CLI's output format)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bpelens.core import Encoding, PieceTrace, SpecialMatch, Tokenizer, stops_in

from .text_input import NotUtf8


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
            # Why merging stopped: the adjacent pairs left that no merge joins.
            "stopped_at": [[tokenizer.token_label(s.left_id), tokenizer.token_label(s.right_id)]
                           for s in stops_in(tokenizer.model, trace.merged_ids)],
        })
        if trace.finish:
            out[-1]["finish"] = trace.finish
    return out


class HasWarnings(Protocol):
    """What the warnings are made of (an :class:`Encoding` or a ``TokenTable``)."""

    @property
    def replaced_surrogates(self) -> tuple[int, ...]: ...
    @property
    def specials_as_text(self) -> tuple[SpecialMatch, ...]: ...
    @property
    def specials_recognised(self) -> tuple[SpecialMatch, ...]: ...


def _english(context: str, text: str) -> str:
    return text


def not_utf8_warning(note: NotUtf8, translate: Callable[[str, str], str] = _english) -> str:
    """``3 bytes of standard input are not UTF-8 (the first at byte 5); each is read as
    U+FFFD``."""
    source = (translate("CliWarning", "standard input") if note.source == "stdin" else
              translate("CliWarning", "the text argument"))
    return (translate("CliWarning", "{count} bytes of {source} are not UTF-8 (the first at "
                      "byte {offset}); each is read as U+FFFD") if note.count != 1 else
            translate("CliWarning", "{count} byte of {source} is not UTF-8 (at byte {offset}); "
                      "it is read as U+FFFD")).format(count=note.count, source=source,
                                                      offset=note.offset)


def warnings_of(result: HasWarnings,
                translate: Callable[[str, str], str] = _english,
                not_utf8: NotUtf8 | None = None) -> list[str]:
    """The warnings, in English as the JSON writes them; ``translate`` (cli_i18n's) puts them
    in the terminal's language for ``inspect``. ``not_utf8``: the input's lone surrogates
    were bytes that are not UTF-8 (said as such, not as surrogates)."""
    warnings = []
    if result.replaced_surrogates and not_utf8 is not None:
        warnings.append(not_utf8_warning(not_utf8, translate))
    elif result.replaced_surrogates:
        warnings.append(translate(
            "CliWarning", "{count} lone surrogate(s) replaced by U+FFFD at character(s) "
            "{positions}").format(count=len(result.replaced_surrogates),
                                  positions=list(result.replaced_surrogates)))
    at = translate("CliWarning", "{token} at character {start}")
    as_text = result.specials_as_text
    if as_text:
        warnings.append(
            translate("CliWarning", "special-token strings encoded as plain text: {matches}")
            .format(matches=", ".join(at.format(token=m.token, start=m.start)
                                      for m in as_text)))
    if result.specials_recognised:
        warnings.append(
            translate("CliWarning", "special-token strings in the text were read as control "
                      "tokens: {matches}").format(
                          matches=", ".join(at.format(token=m.token, start=m.start)
                                            for m in result.specials_recognised)))
    return warnings


def model_text_differs(text: str, model_text: str, replaced: tuple[int, ...]) -> bool:
    """Whether the model saw another text than the input (lone surrogates aside, which the
    warnings report): only then is ``normalized_text`` worth printing. (``Encoding.normalized``
    may be set by a stage that rewrote nothing, as Falcon's ByteLevel step.)"""
    if not replaced:
        return model_text != text
    if len(model_text) != len(text):
        return True
    chars = list(text)
    for i in replaced:  # each lone surrogate became one U+FFFD
        chars[i] = "\ufffd"
    return "".join(chars) != model_text


def encoding_dict(tokenizer: Tokenizer, encoding: Encoding, not_utf8: NotUtf8 | None = None
                  ) -> dict[str, Any]:
    """The CLI's answer for one text (``json_stream`` writes the same, column by column)."""
    data: dict[str, Any] = {"ids": list(encoding.ids), "tokens": token_dicts(encoding)}
    if model_text_differs(encoding.text, encoding.model_text, encoding.replaced_surrogates):
        data["normalized_text"] = encoding.model_text
    warnings = warnings_of(encoding, not_utf8=not_utf8)
    if warnings:
        data["warnings"] = warnings
    if encoding.traces is not None:
        data["trace"] = trace_dicts(tokenizer, encoding.traces, encoding)
    return data
