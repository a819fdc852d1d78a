"""What a text box cannot hold, and what the window says when it changes a text to fit.

A text box holds lines, not line-ending characters: a carriage return would be dropped
silently, so it becomes a newline. It cannot hold a lone surrogate either (Qt drops it without
a word; ``--text`` gets them from bytes of the command line that are not UTF-8): each becomes
U+FFFD, one character for one, as the command line encodes it.
"""

from __future__ import annotations

from bpelens.core import clean_surrogates, find_lone_surrogates

from .i18n import translate

SHOWN_OFFSETS = 5


def box_safe(text: str) -> tuple[str, list[str]]:
    """The text a text box can hold, and one message per change made to get it."""
    notes: list[str] = []
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        notes.append(translate("TextChecks", "The text's carriage returns (\\r) were turned "
                               "into newlines: the text box holds lines only. To tokenize "
                               "\\r\\n exactly, use `bpelens encode`."))
    lone = find_lone_surrogates(text)
    if lone:
        codes = sorted({f"U+{ord(text[i]):04X}" for i in lone})
        text, offsets = clean_surrogates(text)
        shown = ", ".join(map(str, offsets[:SHOWN_OFFSETS])) + (
            ", …" if len(offsets) > SHOWN_OFFSETS else "")
        if len(offsets) > 1:
            note = translate("TextChecks", "The text had {n} lone surrogates ({codes}, from "
                             "bytes that were not UTF-8; UTF-8 cannot encode them): replaced "
                             "by U+FFFD at characters {offsets}, as `bpelens encode` does.")
        else:
            note = translate("TextChecks", "The text had {n} lone surrogate ({codes}, from "
                             "bytes that were not UTF-8; UTF-8 cannot encode it): replaced by "
                             "U+FFFD at character {offsets}, as `bpelens encode` does.")
        notes.append(note.format(n=len(offsets), codes=", ".join(codes[:SHOWN_OFFSETS]),
                                 offsets=shown))
    return text, notes
