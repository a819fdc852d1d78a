"""The token table of an edited text, re-encoding only around the edit — exactly.

The main window re-encodes on every keystroke; for a megabyte of text, encoding it whole takes
far longer than a frame. :func:`token_table_after_edit` encodes a window around the changed
characters and splices the old table's columns around it, when it can prove that this is what
``token_table`` of the whole new text gives; otherwise it calls ``token_table``. Either way the
table equals ``token_table(tokenizer, text, special=special)``, column for column.

Why a splice can be exact. Call a position ``c`` of a text a *hard cut* when ``text[c-2]`` is
not a space (``str.isspace``), ``text[c-1]`` is ``"\\n"`` and ``text[c]`` is a letter
(``str.isalpha``). Encoding a text that cuts at ``c`` gives the encoding of ``text[:c]``
followed by that of ``text[c:]`` (offsets shifted) when the tokenizer passes
:func:`_tokenizer_splices` and no added-token match covers one of those three characters:

* Added tokens are found by a left-to-right scan for literal strings; none contains ``"\\n"``,
  so no match holds ``text[c-1]`` and the scan of ``text[c:]`` starts afresh at ``c``. The
  filters (``single_word`` looks at the characters beside a match) see a newline or the text's
  edge at ``c-1`` and ``c`` either way. Only ``lstrip`` could reach across (a match starting
  at ``c`` swallows the newline before it), and such a match covers ``text[c]``.
* So the three characters lie inside one text segment. The normalizer changes no segment (the
  fast path checks that) and works on each side of a newline apart (:func:`_local_at_newlines`);
  the pre-tokenizer never makes a piece across such a newline (``Can.CUT_AT_NEWLINES``, tested in
  ``tests/test_newline_chunks.py``); the model encodes each piece alone.

The old table is the encoding of its text, which cuts at ``L`` (the last hard cut before the
edit) and ``R`` (the first after it): its tokens before ``L`` are those of ``text[:L]``, those
from ``R`` those of ``text[R:]``. The new text has the same three characters at ``L`` and at
``R'`` (``R`` moved by the change in length), so it is the old head, the window ``new[L:R']``
and the old tail, each encoded apart — once no match covers the cuts' characters there: the
old table's matches (and so the tail's) keep off both cuts, checked as the cuts are chosen;
the window's own must keep off its first character and its last two, checked once it is
encoded. The new text is then one the fast path takes whole (each part is), so the splice is
``token_table``'s own answer; the columns are joined as buffers (numpy adds the shifts).
"""

from __future__ import annotations

import weakref
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter

import regex

from ..pipeline.added_tokens import SpecialMatch, SpecialMode
from ..pipeline.capabilities import Can
from ..pipeline.normalizers.base import Normalizer
from ..pipeline.tokenizer import Tokenizer
from ..results.token_table import TokenTable, _monotone, _part, token_table
from ..text.affixes import common_affixes
from ..text.byte_level import unicode_to_bytes
from .declared import decoding_joins_bytes
from .encoder import Progress
from .fast_table import fast_table

# A window longer than this share of the new text: encoding the whole text costs little more,
# and the cut search stays bounded.
WHOLE_SHARE = 0.5
# Newlines that look like cuts to the regex below but fail Python's tests or touch an added
# token, looked at per side before giving up (a text of such lines must not make a long loop).
CUT_TRIES = 64

# Candidates for a hard cut: the regex finds them in C. Every hard cut matches (\s is never
# wider than str.isspace and \p{L} never narrower than str.isalpha: tests/test_newline_chunks),
# and each candidate is then checked with Python's own tests, which define the cut.
_CUT_AFTER = regex.compile(r"\S\n\p{L}")
_CUT_BEFORE = regex.compile(r"(?r)\S\n\p{L}")
_START = attrgetter("start")
_END = attrgetter("end")


@dataclass(frozen=True, slots=True)
class EditWindow:
    """What was re-encoded, so that callers can splice their own per-token, per-piece and
    per-character data the same way: everything before the starts is the old table's,
    unchanged; everything from the old ends is the old table's, moved to the new ends."""

    char_start: int  # L: the same in the old and the new model text
    old_char_end: int  # R in the old model text
    new_char_end: int  # R' in the new one (R' - R = len(new) - len(old))
    byte_start: int
    old_byte_end: int
    new_byte_end: int
    token_start: int  # the first token re-encoded (the same index in old and new)
    old_token_end: int
    new_token_end: int
    piece_start: int
    old_piece_end: int
    new_piece_end: int


@dataclass(frozen=True, slots=True)
class TableEdit:
    table: TokenTable  # always exactly token_table(tokenizer, text, special=special)
    window: EditWindow | None  # None: encoded whole (no splice was provably exact)


def token_table_after_edit(tokenizer: Tokenizer, old: TokenTable, text: str, *,
                           special: SpecialMode = "all",
                           progress: Progress | None = None) -> TableEdit:
    """The token table of ``text``, re-encoding only a window around what changed since
    ``old`` when that is provably exact (else the whole text).

    ``old`` must be ``token_table(tokenizer, old.text, special=special)`` (or a table this
    function returned for them): the same tokenizer, unchanged since, and the same special
    mode — the caller guarantees it; a table of another tokenizer is noticed and encoded whole,
    another mode is not. ``progress(fraction)`` as for ``token_table``; it may raise to stop."""
    progress = _monotone(progress)
    if old.model_text == text and _old_table_fits(tokenizer, old):
        n = len(text)
        end = old.byte_count
        return TableEdit(old, EditWindow(n, n, n, end, end, end, len(old), len(old), len(old),
                                         len(old.piece_byte_starts),
                                         len(old.piece_byte_starts),
                                         len(old.piece_byte_starts)))
    share = 0.0
    if _tokenizer_splices(tokenizer) and _old_table_fits(tokenizer, old):
        window = _window(old, text)
        if window is not None:
            start, old_end, new_end = window
            # (nothing to encode at all when the edit left no text: "0" → "")
            share = (new_end - start) / max(1, new_end - start + len(text))
            edit = _splice(tokenizer, old, text, special, start, old_end, new_end,
                           _part(progress, 0.0, share))
            if edit is not None:
                if progress is not None:
                    progress(1.0)
                return edit
    table = token_table(tokenizer, text, special=special, progress=_part(progress, share, 1.0))
    if progress is not None:
        progress(1.0)
    return TableEdit(table, None)


def edits_splice(tokenizer: Tokenizer, table: TokenTable) -> bool:
    """Whether :func:`token_table_after_edit` can re-encode an edit of ``table``'s text
    around the edit only (it still encodes whole where no cut is near). Cheap: the GUI asks on
    every keystroke whether a long text may be encoded at once."""
    return _tokenizer_splices(tokenizer) and _old_table_fits(tokenizer, table)


# A tokenizer's answer, kept: the GUI asks on every keystroke, and with thousands of added
# tokens working it out takes milliseconds (a tokenizer is not changed once loaded).
_SPLICES: weakref.WeakKeyDictionary[Tokenizer, bool] = weakref.WeakKeyDictionary()


def _tokenizer_splices(tokenizer: Tokenizer) -> bool:
    """The tokenizer's side of the proof (module docstring): pieces cut at hard newlines,
    a normalizer that is the identity or works apart on each side of a newline, no added token
    that could hold a newline, and decoding a fast table's ids gives its text."""
    known = _SPLICES.get(tokenizer)
    if known is None:
        known = _SPLICES[tokenizer] = _works_out_splices(tokenizer)
    return known


def _works_out_splices(tokenizer: Tokenizer) -> bool:
    fast = tokenizer.fast
    if not fast.chunked:
        return False
    if not (fast.normalize_identity or _local_at_newlines(tokenizer.normalizer)):
        return False
    if any("\n" in token.content for token in tokenizer.specials.tokens):
        return False
    return _decoding_spells_the_bytes(tokenizer)


def _local_at_newlines(normalizer: Normalizer) -> bool:
    """Normalizing ``x + "\\n" + y`` gives ``N(x) + "\\n" + N(y)``, and ``N`` makes a newline
    of nothing else (so a text ``N`` leaves alone is left alone on each side of any of its
    newlines), as the normalizer declares (``Can.NORMALIZE_LINES_APART``)."""
    return Can.NORMALIZE_LINES_APART in normalizer.capabilities


def _decoding_spells_the_bytes(tokenizer: Tokenizer) -> bool:
    """Whether decoding the ids of any fast table gives its text, so a spliced table's
    ``decoded`` is its text without decoding: with no decoder, decoding joins the ids' bytes
    (a fast table's join to its text, checked by the fast path). HF's ByteLevel decoder reads
    each token's spelling back to bytes by the rule a byte-level BPE model made its
    bytes with, so only added tokens can differ: the decoder reads a spelling such as "é",
    one character of the byte alphabet, as one byte, where the table has its UTF-8."""
    if tokenizer.decoder is None:
        return True
    if not decoding_joins_bytes(tokenizer.decoder, tokenizer.model):
        return False
    inverse = unicode_to_bytes()
    specials = tokenizer.specials
    for tid, spelling in specials.spellings.items():
        try:
            read = bytes(map(inverse.__getitem__, spelling))
        except KeyError:  # not in the byte alphabet: the decoder takes it as its UTF-8
            read = spelling.encode("utf-8")
        if read != specials.by_id[tid].encode("utf-8"):
            return False
    return True


def _old_table_fits(tokenizer: Tokenizer, old: TokenTable) -> bool:
    """The old table's side: made by the fast path of this tokenizer (its kinds object is the
    tokenizer's own), of a text with no lone surrogate (so text and model text are one, and
    each character's offsets are its own), columns in the shapes the fast path makes."""
    if not old.fast or old.kinds is not tokenizer.kinds or old.sources is not None:
        return False
    if old.replaced_surrogates or old.text != old.model_text:
        return False
    if old.decoded != old.model_text or len(old.char_bytes) != len(old.model_text) + 1:
        return False
    return _columns_are_arrays(old)


_OFFSETS = ("byte_starts", "byte_ends", "char_starts", "char_ends", "piece_byte_starts",
            "piece_byte_ends", "char_bytes")


def _columns_are_arrays(table: TokenTable) -> bool:
    """The offset columns are ``array('q')`` (as the fast path makes them): spliced as
    buffers."""
    return all(isinstance(c, array) and c.typecode == "q"
               for c in map(table.__getattribute__, _OFFSETS))


def _window(old: TokenTable, new: str) -> tuple[int, int, int] | None:
    """``(L, R, R')``: the last hard cut before the edit and the first after it (in the old
    text; R' in the new), each with its three characters unchanged and outside the old
    table's added-token matches; None when none is near enough (``WHOLE_SHARE``) or too many
    candidates failed."""
    text = old.model_text
    n, m = len(text), len(new)
    prefix, suffix = common_affixes(text, new)
    longest = int(WHOLE_SHARE * m)
    matches = old.specials_recognised
    start = _cut_before(text, prefix, max(0, prefix - longest), matches)
    if start is None:
        return None
    end = _cut_after(text, n - suffix, min(n, n - suffix + longest), matches)
    if end is None:
        return None
    new_end = end + m - n
    if new_end - start > longest:
        return None
    return start, end, new_end


def _is_cut(text: str, cut: int, matches: Sequence[SpecialMatch]) -> bool:
    """``cut`` (where the regex found ``\\S\\n\\p{L}`` just before) is a hard cut by Python's
    tests, and no added-token match covers any of its three characters."""
    if text[cut - 2].isspace() or not text[cut].isalpha():
        return False
    # Matches are in order and do not overlap: the first ending after cut - 2 is the only one
    # that can cover cut - 2 … cut.
    first = bisect_right(matches, cut - 2, key=_END)
    return first == len(matches) or matches[first].start > cut


def _cut_before(text: str, end: int, lowest: int, matches: Sequence[SpecialMatch]
                ) -> int | None:
    """The last hard cut whose three characters lie in ``text[lowest:end]``; 0 when there is
    none and ``lowest`` is 0 (the text's start is a cut); None when there is none near enough
    or ``CUT_TRIES`` candidates failed."""
    for _ in range(CUT_TRIES):
        found = _CUT_BEFORE.search(text, lowest, end)
        if found is None:
            return 0 if lowest == 0 else None
        cut = found.start() + 2
        if _is_cut(text, cut, matches):
            return cut
        end = found.end() - 1  # the next candidate may share two characters with this one
    return None


def _cut_after(text: str, start: int, highest: int, matches: Sequence[SpecialMatch]
               ) -> int | None:
    """The first hard cut whose three characters lie in ``text[start:highest]``; the text's
    length when there is none and ``highest`` is it; None as for :func:`_cut_before`."""
    for _ in range(CUT_TRIES):
        found = _CUT_AFTER.search(text, start, highest)
        if found is None:
            return len(text) if highest == len(text) else None
        cut = found.start() + 2
        if _is_cut(text, cut, matches):
            return cut
        start = found.start() + 1
    return None


def _splice(tokenizer: Tokenizer, old: TokenTable, text: str, special: SpecialMode,
            start: int, old_end: int, new_end: int,
            progress: Progress | None) -> TableEdit | None:
    """The new table: the old one's columns before ``start`` and from ``old_end``, the window
    ``text[start:new_end]`` encoded now between them; None if the window is not exact."""
    fragment = text[start:new_end]
    part = fast_table(tokenizer, fragment, special, progress)
    if part is None or part.replaced_surrogates or not _columns_are_arrays(part):
        return None  # the fast path does not apply to this window, or a lone surrogate
    recognised = part.specials_recognised
    if start > 0 and recognised and recognised[0].start == 0:
        return None  # a match at the window's start might swallow the newline before it
    if new_end < len(text) and recognised and recognised[-1].end > len(fragment) - 2:
        return None  # … or cover the characters of the cut after it
    byte_start = old.char_bytes[start]
    old_byte_end = old.char_bytes[old_end]
    new_byte_end = byte_start + part.byte_count
    byte_shift = new_byte_end - old_byte_end
    char_shift = new_end - old_end
    # A cut is a token and piece boundary of the old table; one that is not means the table
    # is not its text's (the caller's promise broken): encode whole rather than splice.
    t0 = _boundary(old.byte_starts, old.byte_ends, byte_start)
    t1 = _boundary(old.byte_starts, old.byte_ends, old_byte_end)
    p0 = _boundary(old.piece_byte_starts, old.piece_byte_ends, byte_start)
    p1 = _boundary(old.piece_byte_starts, old.piece_byte_ends, old_byte_end)
    if t0 is None or t1 is None or p0 is None or p1 is None:
        return None

    def tokens_of(column: str, shift: int, tail_shift: int) -> array:
        return _joined(getattr(old, column), t0, t1, getattr(part, column), shift, tail_shift)

    def pieces_of(column: str) -> array:
        return _joined(getattr(old, column), p0, p1, getattr(part, column), byte_start,
                       byte_shift)

    table = TokenTable(
        text=text, model_text=text,
        ids=_joined_list(old.ids, t0, t1, part.ids),
        byte_starts=tokens_of("byte_starts", byte_start, byte_shift),
        byte_ends=tokens_of("byte_ends", byte_start, byte_shift),
        char_starts=tokens_of("char_starts", start, char_shift),
        char_ends=tokens_of("char_ends", start, char_shift),
        partial=old.partial[:t0] + part.partial + old.partial[t1:],
        from_special=old.from_special[:t0] + part.from_special + old.from_special[t1:],
        piece_byte_starts=pieces_of("piece_byte_starts"),
        piece_byte_ends=pieces_of("piece_byte_ends"),
        piece_special=_joined_list(old.piece_special, p0, p1, part.piece_special),
        char_bytes=_joined(old.char_bytes, start, old_end, part.char_bytes[:-1], byte_start,
                           byte_shift),
        specials_found=_joined_matches(old.specials_found, start, old_end,
                                       part.specials_found, char_shift),
        specials_recognised=_joined_matches(old.specials_recognised, start, old_end,
                                            recognised, char_shift),
        # Decoding these ids gives their bytes' text (_decoding_spells_the_bytes): the text.
        decoded=text, kinds=tokenizer.kinds, fast=True,
    )
    window = EditWindow(start, old_end, new_end, byte_start, old_byte_end, new_byte_end,
                        t0, t1, t0 + len(part), p0, p1, p0 + len(part.piece_byte_starts))
    return TableEdit(table, window)


def _boundary(starts: Sequence[int], ends: Sequence[int], offset: int) -> int | None:
    """The index of the first span starting at ``offset`` when the spans before it end there
    (spans are in order, none empty), else None."""
    index = bisect_left(starts, offset)
    if index < len(starts) and starts[index] != offset:
        return None
    if index > 0 and ends[index - 1] != offset:
        return None
    return index


def _joined(old: array, head: int, tail: int, middle: array, middle_shift: int,
            tail_shift: int) -> array:
    """``old[:head]``, then ``middle`` plus ``middle_shift``, then ``old[tail:]`` plus
    ``tail_shift`` (all ``array('q')``), as whole buffers: a million offsets in a millisecond
    or two, mostly the kernel handing over the new column's pages."""
    import numpy as np

    if not tail_shift and len(middle) == tail - head:
        # One copy of the whole column, the window's slice replaced, the short window shifted
        # in place. (Resizing the copy instead could move megabytes again.)
        out = old[:]
        out[head:tail] = middle
        if middle_shift:
            np.frombuffer(out, dtype=np.int64)[head : head + len(middle)] += middle_shift
        return out
    # A new column of its final size, each old offset (plus the shift) written straight into
    # it by numpy: one pass, where a copy and then an addition over the tail would be two.
    tail_at = head + len(middle)
    out = array("q", [0]) * (tail_at + len(old) - tail)
    view = np.frombuffer(out, dtype=np.int64)
    source = np.frombuffer(old, dtype=np.int64)
    view[:head] = source[:head]
    np.add(np.frombuffer(middle, dtype=np.int64), middle_shift, out=view[head:tail_at])
    np.add(source[tail:], tail_shift, out=view[tail_at:])
    del view, source  # both arrays free to grow again
    return out


def _joined_list(old: list, head: int, tail: int, middle: list) -> list:
    out = old.copy()
    out[head:tail] = middle
    return out


def _joined_matches(old: tuple[SpecialMatch, ...], start: int, old_end: int,
                    middle: tuple[SpecialMatch, ...], shift: int) -> tuple[SpecialMatch, ...]:
    """The old matches ending by ``start``, the window's moved to it, the old ones from
    ``old_end`` moved by ``shift`` (no match crosses a cut: see the module docstring)."""
    if not old and not middle:
        return ()
    head = bisect_right(old, start, key=_END)
    tail = bisect_left(old, old_end, key=_START)
    return (*old[:head], *_moved(middle, start), *_moved(old[tail:], shift))


def _moved(matches: Sequence[SpecialMatch], shift: int) -> list[SpecialMatch]:
    if not shift:
        return list(matches)
    return [SpecialMatch(m.start + shift, m.end + shift, m.token, m.id) for m in matches]
