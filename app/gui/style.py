"""The window's colours and text styles, in one place (themes, next issues, start here)."""

from __future__ import annotations

# A stylesheet's colour stays when the theme changes (palette() in a stylesheet is read once):
# secondary text is a grey that reads on the light and on the dark page (4.3:1 and 3.8:1),
# titles take the palette's own text colour.
MUTED = "color: #7a7a7a"  # secondary facts: what the tokenizer is, hints
PANE_TITLE = "font-weight: bold"
WARNING = "color: #c0540a; font-weight: bold"  # the special-token note when it matters
ERROR_COLOR = "#b00020"
ERROR_TEXT = f"color: {ERROR_COLOR}"  # a bad id list under the ids box
BANNER = ("background: #fde7e9; color: #8a1020; padding: 6px; "
          "border: 1px solid #f3b6bd; border-radius: 4px")
EDITOR_FONT = ("Noto Sans", 13)
IDS_FONT = ("DejaVu Sans Mono", 10)
