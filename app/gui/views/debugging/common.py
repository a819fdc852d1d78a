"""What the debugging kit's pages share: a token's label, a muted note, a derivation as
indented lines."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QLabel,
)

from bpelens.core import (
    Tokenizer,
)

from ... import style


def label_of(tokenizer: Tokenizer, tid: int) -> str:
    return tokenizer.token_label(tid, printable=True)


def muted(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(style.MUTED)
    label.setWordWrap(True)
    return label


def tree_lines(tokenizer: Tokenizer, node, depth: int) -> list[str]:
    pad = "  " * depth
    label = label_of(tokenizer, node.id)
    if node.rule is None:
        return [f"{pad}{label}" + (" (no merge builds it)" if node.unbuilt else "")]
    out = [f"{pad}{label} ← merge {node.rule.rank}"]
    out.extend(tree_lines(tokenizer, node.left, depth + 1))
    out.extend(tree_lines(tokenizer, node.right, depth + 1))
    return out
