"""The status bar's words: the encoding's counts, the special-token warning, and a token's facts
as its hover text and the status bar show them."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP

from bpelens.core import (
    TokenInfo,
    Tokenizer,
    TokenTable,
    isolated,
    localize,
    round_trip_difference,
    visible,
)

from .i18n import translate

# The engine's token kinds (core.models.base.TokenKind) as the window names them.
KIND_NAMES = {
    "special": QT_TRANSLATE_NOOP("TokenKind", "special"),
    "added": QT_TRANSLATE_NOOP("TokenKind", "added"),
    "byte": QT_TRANSLATE_NOOP("TokenKind", "byte"),
    "char": QT_TRANSLATE_NOOP("TokenKind", "char"),
    "merged": QT_TRANSLATE_NOOP("TokenKind", "merged"),
    "end_of_word": QT_TRANSLATE_NOOP("TokenKind", "end_of_word"),
    "byte_fallback": QT_TRANSLATE_NOOP("TokenKind", "byte_fallback"),
    "unknown": QT_TRANSLATE_NOOP("TokenKind", "unknown"),
    "unused": QT_TRANSLATE_NOOP("TokenKind", "unused"),
    "piece": QT_TRANSLATE_NOOP("TokenKind", "piece"),
    "word": QT_TRANSLATE_NOOP("TokenKind", "word"),
    "continuation": QT_TRANSLATE_NOOP("TokenKind", "continuation"),
}


def kind_name(kind: str) -> str:
    """A token kind in the window's language (an unknown kind as the engine says it)."""
    return translate("TokenKind", KIND_NAMES.get(kind, kind))


def token_lines(info: TokenInfo) -> list[str]:
    """:meth:`TokenInfo.lines` in the window's language: the engine's own lines stay English
    (the CLI prints them), so the window words them again, one fact per line."""
    out = [translate("TokenInfo", "id {id} · {kind}").format(id=info.id,
                                                             kind=kind_name(info.kind))]
    if info.text is not None:
        out.append(translate("TokenInfo", "text “{text}”").format(text=info.text))
    hex_text = info.hex or translate("TokenInfo", "(none)")
    out.append((translate("TokenInfo", "bytes {hex} — ends inside a character") if info.partial
                else translate("TokenInfo", "bytes {hex}")).format(hex=hex_text))
    if info.spelling is not None and info.spelling != info.text:
        out.append(translate("TokenInfo", "vocabulary “{spelling}”").format(
            spelling=info.spelling))
    if info.rank is not None:
        out.append(translate("TokenInfo", "merge rank {rank}").format(rank=info.rank))
    if info.left is not None:
        out.append(translate("TokenInfo", "merged from “{left}” ({left_id}) + “{right}” "
                             "({right_id})").format(left=isolated(info.left), left_id=info.left_id,
                                                    right=isolated(info.right),
                                                    right_id=info.right_id))
    out.append(translate("TokenInfo", "bytes {byte_start}–{byte_end}, characters "
                         "{char_start}–{char_end}").format(
        byte_start=info.byte_start, byte_end=info.byte_end, char_start=info.char_start,
        char_end=info.char_end))
    return out


def stats_line(table: TokenTable, tokenizer: Tokenizer | None = None) -> str:
    """The status bar's counts; a failed round trip says why (with the tokenizer)."""
    n = len(table)
    ratio = f"{table.byte_count / n:.2f}" if n else "–"
    check = "✓" if table.round_trip else "✗"
    why = round_trip_difference(tokenizer, table) if tokenizer is not None else None
    if why is not None:
        check = translate("StatusText", "✗: {why}").format(why=localize(why.sentence()))
    return translate("StatusText", "{tokens:,} tokens · {characters:,} characters · {bytes:,} "
                     "bytes · {ratio} bytes/token · round trip {check}").format(
        tokens=n, characters=len(table.text), bytes=table.byte_count, ratio=ratio,
        check=check)


def round_trip_tooltip(table: TokenTable, tokenizer: Tokenizer) -> str:
    """More on a failed round trip than the status bar has room for ("" when it holds)."""
    why = round_trip_difference(tokenizer, table)
    if why is None:
        return ""
    start = max(0, why.char - 8)
    return translate("StatusText", "decode(encode(text)) is not the text: {why}.\n"
                     "the text from character {start}: “{text}”\n"
                     "decoded from there: “{decoded}”").format(
        why=localize(why.sentence()), start=start,
        text=visible(table.text[start:why.char + 24]),
        decoded=visible(table.decoded[start:why.char + 24]))


@dataclass(frozen=True, slots=True)
class SpecialsNote:
    text: str  # empty: nothing to say
    warning: bool  # special-token strings in the text are read as control tokens
    switch: str  # the one-click switch's label ("" for none)


SHOWN_NAMES = 3


def _names(matches) -> str:
    names = sorted({m.token for m in matches})
    shown = ", ".join(names[:SHOWN_NAMES])
    if len(names) <= SHOWN_NAMES:
        return shown
    return translate("StatusText", "{names} and {n} more").format(
        names=shown, n=len(names) - SHOWN_NAMES)


def specials_note(table: TokenTable) -> SpecialsNote:
    # Only special tokens: a user-defined (non-special) added token is matched in any mode,
    # so "Treat as plain text" could not change it and it is no warning.
    special_ids = {m.id for m in table.specials_found}
    recognised = tuple(m for m in table.specials_recognised if m.id in special_ids)
    plain = table.specials_as_text
    if recognised:
        names = _names(recognised)
        text = (translate("StatusText", "⚠ {n} special-token strings read as control tokens: "
                          "{names}") if len(recognised) > 1 else
                translate("StatusText", "⚠ {n} special-token string read as control token: "
                          "{names}"))
        return SpecialsNote(text.format(n=len(recognised), names=names), True,
                            translate("StatusText", "Treat as plain text"))
    if plain:
        names = _names(plain)
        return SpecialsNote(translate("StatusText", "special-token strings kept as plain text: "
                                      "{names}").format(names=names), False,
                            translate("StatusText", "Recognise special tokens"))
    return SpecialsNote("", False, "")
