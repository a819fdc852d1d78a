"""The layers view as a picture: every band of the text, drawn with the window's own shapes
(:mod:`.layers_layout`) — characters with their code points, UTF-8 bytes, pre-token pieces,
tokens with their ids — wrapped at the picture's width."""

from __future__ import annotations

from bpelens.core import ConfigError, SpecialMode, Tokenizer, token_table

from .chips import title_text, token_text
from .layers_layout import LayersGeometry, LayersLook, band_shapes, compute_bands
from .palette import Palette
from .picture import Picture
from .token_colors import token_colors

MAX_CHARS = 5_000  # a picture for a slide; longer texts are refused with the reason
MARGIN = 16.0
TITLE = 34.0


def check_length(text: str) -> None:
    if len(text) > MAX_CHARS:
        raise ConfigError(f"the text has {len(text):,} characters; a picture takes at most "
                          f"{MAX_CHARS:,}")


def layers_picture(tokenizer: Tokenizer, text: str, palette: Palette, *, width: float = 1200,
                   special: SpecialMode = "all", title: str | None = None,
                   show_ids: bool = True, row_names: tuple[str, ...] | None = None) -> Picture:
    check_length(text)
    table = token_table(tokenizer, text, special=special)
    colors = token_colors(table)
    geometry = LayersGeometry(palette.font_scale)
    bands = compute_bands(table.model_text, table.char_bytes,
                          geometry.capacity(width - 2 * MARGIN))
    widest = max((e - s for s, e in bands), default=0) * geometry.cell
    band_height = geometry.band_height(show_ids)
    picture = Picture(
        width=max(width if len(bands) > 1 else 0, 2 * MARGIN + geometry.label_width + widest + 8,
                  320),
        height=TITLE + len(bands) * band_height + MARGIN, background=palette.page,
        title=title or f"{tokenizer.name or 'tokenizer'}: {len(table.ids):,} tokens")
    picture.shapes.append(title_text(
        palette, MARGIN, 22, f"{picture.title} · {len(table.model_text):,} characters · "
        f"{table.byte_count:,} bytes"))

    def label(index: int) -> str:
        return token_text(tokenizer, table.ids[index], special=bool(table.from_special[index]),
                          partial=bool(table.partial[index]))

    look = LayersLook(palette, colors, label, show_ids=show_ids,
                      **({"row_names": row_names} if row_names is not None else {}))
    for number, band in enumerate(bands):
        picture.shapes.extend(band_shapes(table, band, TITLE + number * band_height, geometry,
                                          look, left=MARGIN))
    return picture
