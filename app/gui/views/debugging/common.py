"""What the debugging kit's pages share: a token's label, a muted note, a derivation as
indented lines."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QLabel,
)

from bpelens.core import (
    Tokenizer,
    visible,
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


def audit_line(tokenizer: Tokenizer, token) -> str:
    """A token's class in the audit, in words."""
    line = f"audit: {token.cls}"
    if token.cls == "unreachable":
        line += " — its text encodes to " + " | ".join(label_of(tokenizer, i)
                                                       for i in token.encodes_to)
        if token.blocked_by is not None:
            rule = token.blocked_by
            line += (f"; merge {rule.rank} ({label_of(tokenizer, rule.left_id)} + "
                     f"{label_of(tokenizer, rule.right_id)}) gets there first")
    elif token.whole_piece_only:
        line += ", but only as a whole piece (the merges alone make something else)"
    return line


def text_of(tokenizer: Tokenizer, tid: int) -> str:
    """A token as text with nothing invisible (a space as ·, a line break as ↵), a part of a
    character by its bytes' label."""
    try:
        return visible(tokenizer.token_bytes(tid).decode("utf-8"))
    except UnicodeDecodeError:
        return label_of(tokenizer, tid)


def cut_line(tokenizer: Tokenizer, ids) -> str:
    return " | ".join(text_of(tokenizer, tid) for tid in ids)
