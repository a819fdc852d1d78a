"""A token table from the fast object's record of a text (``FastEncoder.record``): the
columns made from the lengths it records, when the tokens' bytes joined are exactly the
text's (checked on every call, not assumed). ``results/token_table.py`` asks here first."""

from __future__ import annotations

from ..models.bpe import UnknownCharacterError
from ..pipeline.added_tokens import SpecialMatch, SpecialMode
from ..pipeline.tokenizer import Tokenizer
from ..results.token_table import TokenTable, _bounds, _char_bounds_in_bytes, _part
from ..text.units import align_columns, char_byte_offsets, clean_surrogates
from .encoder import Progress


def fast_table(tokenizer: Tokenizer, text: str, special: SpecialMode,
                progress: Progress | None = None) -> TokenTable | None:
    """The table of ``text`` from the fast object's record, or None where the record does
    not give every token's span (then the walk makes it)."""
    clean, replaced = clean_surrogates(text)
    try:
        record = tokenizer.fast.record(clean, special, tokenizer.vocab_size,
                                       _part(progress, 0.0, 0.85))
    except UnknownCharacterError:
        return None  # the walk says where the character is
    if record is None:
        return None
    if progress is not None:
        progress(0.85)
    ids = record.ids
    char_bytes = char_byte_offsets(clean)
    starts, ends = _bounds(record.token_lengths)
    piece_starts, piece_ends = _char_bounds_in_bytes(record.piece_lengths, char_bytes)
    special_starts = {piece_starts[i] for i, sid in enumerate(record.piece_special)
                      if sid is not None}
    char_starts, char_ends, partial = align_columns(starts, ends, char_bytes)
    found = tuple(tokenizer.specials.find_all_strings(clean)) if len(tokenizer.specials) else ()
    recognised = tuple(SpecialMatch(s, e, clean[s:e], sid) for s, e, sid in record.segments
                       if sid is not None)
    if progress is not None:
        progress(0.95)
    return TokenTable(
        text=text, model_text=clean, ids=ids, byte_starts=starts, byte_ends=ends,
        char_starts=char_starts, char_ends=char_ends, partial=partial,
        from_special=bytes(b in special_starts for b in starts) if special_starts
        else bytes(len(ids)),
        piece_byte_starts=piece_starts, piece_byte_ends=piece_ends,
        piece_special=record.piece_special, char_bytes=char_bytes, specials_found=found,
        specials_recognised=recognised,
        # Without a decoder, decoding joins the tokens' bytes: just checked to spell ``clean``.
        decoded=clean if tokenizer.decoder is None else tokenizer.decode(ids, errors="replace"),
        replaced_surrogates=tuple(replaced), kinds=tokenizer.kinds, fast=True,
    )
