"""The window's colours and text styles, in one place (themes, next issues, start here)."""

from __future__ import annotations

MUTED = "color: #555"  # secondary facts: what the tokenizer is, hints
PANE_TITLE = "color: #444; font-weight: bold"
WARNING = "color: #9a3b00; font-weight: bold"  # the special-token note when it matters
ERROR_COLOR = "#b00020"
ERROR_TEXT = f"color: {ERROR_COLOR}"  # a bad id list under the ids box
BANNER = ("background: #fde7e9; color: #8a1020; padding: 6px; "
          "border: 1px solid #f3b6bd; border-radius: 4px")
EDITOR_FONT = ("Noto Sans", 13)
IDS_FONT = ("DejaVu Sans Mono", 10)
