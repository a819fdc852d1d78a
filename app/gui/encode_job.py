"""Encoding for the views, off the GUI thread: the core's token table and everything else that
grows with the text (bands of the layers view, token colours, the shaped view's text and its
UTF-16 map), so the GUI thread only has to show it."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count

from bpelens.core import (
    EditWindow,
    SpecialMode,
    Tokenizer,
    TokenTable,
    token_table,
    token_table_after_edit,
)

from ..pictures.layers_layout import Bands, compute_bands
from ..pictures.token_colors import token_colors, token_colors_after_edit
from .bands import bands_after_edit
from .i18n import translate
from .utf16 import Utf16Map
from .worker import Job


@dataclass(frozen=True, slots=True, eq=False)
class EncodedText:
    """One encoding of the text in the box, ready for the views."""

    tokenizer: Tokenizer
    special: SpecialMode
    revision: int  # of the editor's text it encodes
    table: TokenTable
    colors: bytearray  # colour number of each token (token_colors)
    bands: Bands
    capacity: int  # bytes per band the bands were cut for
    shaped_text: str  # the model text as the shaped view shows it (a CR as ␍; maybe cut)
    shaped_cut: str  # why shaped_text stops before the end of the model text ("" if it does not)
    utf16: Utf16Map  # of shaped_text
    # When made from an earlier encoding by re-encoding only what an edit changed: that
    # encoding's serial, and what changed — a view showing it changes only that much.
    edited: int | None = None
    edit: EditWindow | None = None
    serial: int = field(default_factory=lambda: next(_serials))

    def edit_of(self, serial: int | None) -> EditWindow | None:
        """What changed since the encoding ``serial`` (None: not known, show it all)."""
        return self.edit if serial is not None and serial == self.edited else None


_serials = count(1)


# The shaped view wraps its lines; Qt's wrapping costs time quadratic in a paragraph's length
# (a line of 100,000 characters takes 1.4 s), so it shows the text up to the first line longer
# than this, cut there (positions stay exact; the layers view shows everything).
SHAPED_LINE_CHARS = 10_000


def shaped_text(model_text: str) -> tuple[str, str]:
    """The text the shaped view shows, and why it stops early ("" when it shows it all)."""
    # A carriage return would end a line and vanish; shown as ␍ positions stay exact.
    shown = model_text.replace("\r", "\u240d")
    start, n = 0, len(shown)
    while start < n:
        end = shown.find("\n", start)
        end = n if end < 0 else end
        if end - start > SHAPED_LINE_CHARS:
            cut = start + SHAPED_LINE_CHARS
            line = shown.count("\n", 0, start) + 1
            return shown[:cut], translate(
                "EncodeJob", "up to character {cut:,}: line {line:,} has {length:,} (the "
                "layers view shows all)").format(cut=cut, line=line, length=end - start)
        start = end + 1
    return shown, ""


def encode_for_views(tokenizer: Tokenizer, text: str, *, special: SpecialMode, capacity: int,
                     revision: int, job: Job, previous: EncodedText | None = None
                     ) -> EncodedText:
    """The views' encoding of ``text``. With ``previous`` (the encoding shown, of an earlier
    version of the text), only what the edit changed is encoded again when the engine can
    prove that exact, and everything else that grows with the text is moved, not remade."""
    encoding = translate("EncodeJob", "Encoding {n:,} characters…").format(n=len(text))
    job.progress(None, encoding)

    def progress(fraction: float) -> None:
        job.check()  # stops the encoding itself, between two slices of the text
        job.progress(fraction, encoding)

    if previous is not None and previous.tokenizer is tokenizer and previous.special == special:
        edit = token_table_after_edit(tokenizer, previous.table, text, special=special,
                                      progress=progress)
        if edit.window is not None:
            job.check()
            return _spliced(previous, edit.table, edit.window, revision, capacity)
        table = edit.table
    else:
        table = token_table(tokenizer, text, special=special, progress=progress)
    job.check()
    job.progress(None, translate("EncodeJob", "Laying out {n:,} tokens…").format(n=len(table)))
    bands = compute_bands(table.model_text, table.char_bytes, capacity)
    job.check()
    colors = token_colors(table)
    job.check()
    shown, cut = shaped_text(table.model_text)
    return EncodedText(tokenizer=tokenizer, special=special, revision=revision, table=table,
                       colors=colors, bands=bands, capacity=capacity, shaped_text=shown,
                       shaped_cut=cut, utf16=Utf16Map(shown))


def _spliced(previous: EncodedText, table: TokenTable, window: EditWindow, revision: int,
             capacity: int) -> EncodedText:
    """``previous`` after the edit the engine re-encoded in ``window`` (whose ends are line
    starts or the text's ends): bands (unless the width changed), colours and the shaped text
    moved outside it."""
    start, old_end, new_end = window.char_start, window.old_char_end, window.new_char_end
    if capacity == previous.capacity:
        bands = bands_after_edit(previous.bands, table.model_text, table.char_bytes,
                                 capacity, char_start=start, new_char_end=new_end,
                                 byte_start=window.byte_start,
                                 old_byte_end=window.old_byte_end)
    else:
        bands = compute_bands(table.model_text, table.char_bytes, capacity)
    colors = token_colors_after_edit(table, previous.colors, window.token_start,
                                     window.old_token_end, window.new_token_end)
    middle, cut = shaped_text(table.model_text[start:new_end])
    if previous.shaped_cut or cut:  # a line too long to show: where the text stops moves
        shown, cut = shaped_text(table.model_text)
        utf16 = Utf16Map(shown)
    else:
        old = previous.shaped_text
        shown = old[:start] + middle + old[old_end:]
        utf16 = previous.utf16.spliced(start, old_end, middle)
    return EncodedText(tokenizer=previous.tokenizer, special=previous.special,
                       revision=revision, table=table, colors=colors, bands=bands,
                       capacity=capacity, shaped_text=shown, shaped_cut=cut,
                       utf16=utf16, edited=previous.serial, edit=window)


def bands_for(table: TokenTable, capacity: int, job: Job) -> tuple[TokenTable, Bands, int]:
    """The bands of a table at another width (the view was resized)."""
    return table, compute_bands(table.model_text, table.char_bytes, capacity), capacity
