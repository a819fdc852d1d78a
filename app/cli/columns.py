"""Text tables for the terminal, padded by terminal columns (core's display_width: a wide
character takes two, a combining mark none) so that Japanese, Chinese and accented text line
up with ASCII."""

from __future__ import annotations

from collections.abc import Sequence

from bpelens.core import display_width, ljust, rjust


def table(rows: Sequence[Sequence[str]], *, right: Sequence[int] = (), rule: bool = True
          ) -> list[str]:
    """``rows`` (the first the heading) as lines: columns two spaces apart, those in
    ``right`` aligned right, a rule of dashes under the heading when ``rule``."""
    count = max((len(row) for row in rows), default=0)
    cells = [[*row, *[""] * (count - len(row))] for row in rows]
    widths = [max(display_width(row[i]) for row in cells) for i in range(count)]
    lines = []
    for number, row in enumerate(cells):
        lines.append("  ".join((rjust if i in right else ljust)(cell, width)
                               for i, (cell, width) in enumerate(zip(row, widths, strict=True)))
                     .rstrip())
        if number == 0 and rule:
            lines.append("  ".join("-" * width for width in widths))
    return lines
