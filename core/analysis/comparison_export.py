"""A comparison as the CLI prints it and the window exports it: JSON (the keys ``bpelens
compare`` promises, then more), CSV (one row per tokenizer × language), and a plain-text
table for a terminal."""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Sequence
from pathlib import PurePath
from typing import Any

from ..text.display import display_width
from .comparison import Comparison
from .inequality import GINI_FORMULA
from .metrics import METRIC_BY_KEY, METRICS, ComparisonRow

ROW_KEYS = ("tokenizer", "language", "sentences", "chars", "bytes", "tokens", "ratio",
            "mean_sentence_ratio", "bytes_per_token")
MORE_ROW_KEYS = ("language_name", "tokens_per_sentence", "chars_per_token", "fallback_share",
                 "partial_share", "distinct_tokens")
CSV_COLUMNS = ("tokenizer", "language", "language_name", *(m.key for m in METRICS))


def comparison_json(comparison: Comparison) -> dict[str, Any]:
    """``{"reference", "languages", "tokenizers", "sentences", "rows": [...], "gini": {...}}``
    and, after those, the corpus, the settings, totals, compression and Lorenz curves."""
    return {
        "reference": comparison.reference,
        "languages": list(comparison.languages),
        "tokenizers": list(comparison.tokenizers),
        "sentences": comparison.sentences,
        "rows": [_row_json(comparison, row) for row in comparison.rows],
        "gini": {name: _number(g) for name, g in comparison.gini.items()},
        "corpus": comparison.corpus,
        "language_names": dict(comparison.language_names),
        "special": comparison.special,
        "add_special_tokens": comparison.add_special_tokens,
        "totals": dict(comparison.totals),
        "compression": {name: _number(comparison.compression(name))
                        for name in comparison.tokenizers},
        "lorenz": {name: [{"language": language, "languages": _number(x), "tokens": _number(y)}
                          for language, x, y in curve]
                   for name, curve in comparison.lorenz.items()},
        "gini_formula": GINI_FORMULA,
    }


def _row_json(comparison: Comparison, row: ComparisonRow) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in ROW_KEYS:
        out[key] = _number(getattr(row, key))
    out["language_name"] = comparison.language_names.get(row.language, row.language)
    for key in MORE_ROW_KEYS[1:]:
        out[key] = _number(getattr(row, key))
    return out


def _number(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def comparison_csv(comparison: Comparison) -> str:
    """One header line, then a line per tokenizer × language (decimals to 6 places)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for row in comparison.rows:
        writer.writerow([row.tokenizer, row.language,
                         comparison.language_names.get(row.language, row.language),
                         *(_csv_value(row.value(m.key)) for m in METRICS)])
    return out.getvalue()


def _csv_value(value: float | int | None) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6f}".rstrip("0").rstrip(".") if math.isfinite(value) else ""
    return str(value)


TABLE_KEYS = ("sentences", "tokens", "ratio", "mean_sentence_ratio", "tokens_per_sentence",
              "bytes_per_token", "chars_per_token", "fallback_share", "partial_share",
              "distinct_tokens")


def comparison_table(comparison: Comparison, *, words: Callable[[str], str] | None = None,
                     width: Callable[[str], int] = display_width) -> str:
    """Columns aligned for a terminal, then each tokenizer's Gini coefficient and total.

    ``words`` puts the table's words in another language (the engine has no translations of
    its own: the command line passes them): it is given each English text, the headings and
    the lines under the table with their ``{fields}``. ``width`` measures a cell in terminal
    columns, for alphabets whose characters take two."""
    say = words or (lambda text: text)
    header = [say("tokenizer"), say("language"), *(say(METRIC_BY_KEY[k].label)
                                                   for k in TABLE_KEYS)]
    lines = [header]
    shown = shown_names(comparison.tokenizers)
    for row in comparison.rows:
        lines.append([shown[row.tokenizer], row.language,
                      *(format_value(k, row.value(k)) for k in TABLE_KEYS)])
    widths = [max(width(line[i]) for line in lines) for i in range(len(header))]
    text = []
    for n, line in enumerate(lines):
        cells = []
        for i, (cell, w) in enumerate(zip(line, widths, strict=True)):
            padding = " " * (w - width(cell))
            cells.append(cell + padding if i < 2 else padding + cell)
        text.append("  ".join(cells).rstrip())
        if n == 0:
            text.append("  ".join("-" * w for w in widths))
    text.append("")
    text.append(say("reference: {reference}; {sentences:,} sentences per language; corpus "
                    "{corpus}").format(reference=comparison.reference,
                                       sentences=comparison.sentences, corpus=comparison.corpus))
    text.append(say("Gini across languages of the token totals ({formula}):").format(
        formula=say(GINI_FORMULA)))
    for name in comparison.tokenizers:
        text.append(say("  {tokenizer}: Gini {gini:.4f}, {tokens:,} tokens").format(
            tokenizer=shown[name], gini=comparison.gini[name], tokens=comparison.totals[name]))
    return "\n".join(text) + "\n"


def shown_names(names: Sequence[str]) -> dict[str, str]:
    """Each name shortened (:func:`short_name`), unless two would then look alike."""
    short = {name: short_name(name) for name in names}
    clashing = {s for s in short.values() if list(short.values()).count(s) > 1}
    return {name: name if s in clashing else s for name, s in short.items()}


def short_name(name: str) -> str:
    """A tokenizer named by a path, by its file (and folder when the file says little)."""
    if "/" not in name and "\\" not in name:
        return name
    path = PurePath(name)
    if path.name in ("tokenizer.json", "vocab.json", "merges.txt", "tokenizer.model"):
        return f"{path.parent.name}/{path.name}"
    return path.name


def format_value(key: str, value: float | int | None) -> str:
    """A metric's value as the table and the window show it."""
    if value is None:
        return "–"
    kind = METRIC_BY_KEY[key].kind
    if kind == "count":
        return f"{value:,}"
    if kind == "share":
        return f"{value * 100:.2f}%"
    if kind == "ratio":
        return f"{value:.3f}"
    return f"{value:.2f}"
