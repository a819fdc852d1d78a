"""The status bar's words: the encoding's counts, and the special-token warning."""

from __future__ import annotations

from dataclasses import dataclass

from bpelens.core import TokenTable


def stats_line(table: TokenTable) -> str:
    n = len(table)
    ratio = f"{table.byte_count / n:.2f}" if n else "–"
    return (f"{n:,} tokens · {len(table.text):,} characters · {table.byte_count:,} bytes · "
            f"{ratio} bytes/token · round trip {'✓' if table.round_trip else '✗'}")


@dataclass(frozen=True, slots=True)
class SpecialsNote:
    text: str  # empty: nothing to say
    warning: bool  # special-token strings in the text are read as control tokens
    switch: str  # the one-click switch's label ("" for none)


SHOWN_NAMES = 3


def _names(matches) -> str:
    names = sorted({m.token for m in matches})
    shown = ", ".join(names[:SHOWN_NAMES])
    return shown + (f" and {len(names) - SHOWN_NAMES} more" if len(names) > SHOWN_NAMES else "")


def specials_note(table: TokenTable) -> SpecialsNote:
    recognised, plain = table.specials_recognised, table.specials_as_text
    if recognised:
        names = _names(recognised)
        many = len(recognised) > 1
        return SpecialsNote(
            f"⚠ {len(recognised)} special-token string{'s' if many else ''} read as control "
            f"token{'s' if many else ''}: {names}", True, "Treat as plain text")
    if plain:
        names = _names(plain)
        return SpecialsNote(f"special-token strings kept as plain text: {names}", False,
                            "Recognise special tokens")
    return SpecialsNote("", False, "")
