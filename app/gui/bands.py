"""The layers view's bands after an edit: the bands outside the edited lines are moved, only
those lines are cut again (:func:`~bpelens.app.pictures.layers_layout.compute_bands` cuts a
whole text; a long one off the GUI thread)."""

from __future__ import annotations

from bisect import bisect_left

from ..pictures.layers_layout import Bands, compute_bands
from .offsets import shifted


def bands_after_edit(old: Bands, text: str, char_bytes: list[int], capacity: int, *,
                     char_start: int, new_char_end: int, byte_start: int, old_byte_end: int
                     ) -> Bands:
    """The bands of ``text`` (the edited one), from the ``old`` bands of the text before the
    edit, when characters from ``char_start`` (byte ``byte_start``) were re-encoded up to
    ``new_char_end`` (``old_byte_end`` in the old text) and both ends are line starts or the
    text's ends: the bands outside are moved, only the edited lines are cut again."""
    new_byte_end = char_bytes[new_char_end]
    first = bisect_left(old.starts, byte_start)
    last = bisect_left(old.starts, old_byte_end) if old_byte_end < old.ends[-1] else len(old)
    starts, ends = old.starts[:first], old.ends[:first]
    if new_char_end > char_start:
        middle = compute_bands(text[char_start:new_char_end],
                               [b - byte_start for b in char_bytes[char_start:new_char_end + 1]],
                               capacity)
        starts += shifted(middle.starts, byte_start)
        ends += shifted(middle.ends, byte_start)
    delta = new_byte_end - old_byte_end
    starts += shifted(old.starts[last:], delta)
    ends += shifted(old.ends[last:], delta)
    if not starts:
        starts.append(0)
        ends.append(0)
    return Bands(starts, ends)

