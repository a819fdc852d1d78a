"""What the debugging kit's pages share: a token's label, a muted note, a derivation as
indented lines."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import (
    QLabel,
)

from bpelens.core import (
    Tokenizer,
    isolated,
    visible,
)

from ....pictures.chip_rows import chip_label
from ... import style
from ...i18n import translate


def label_of(tokenizer: Tokenizer, tid: int) -> str:
    """A token as the rest of the window writes it (the chips' text form: ``·Py``, not
    ``ĠPy``; a part of a character as ``<E3>``)."""
    return chip_label(tokenizer, tid)


def muted(text: str = "") -> QLabel:
    label = QLabel(text)
    style.set_tone(label, "muted")
    label.setWordWrap(True)
    return label


# The audit's classes (core's AUDIT_CLASSES) in words the user reads; the data stays the key.
AUDIT_CLASS_NAMES = {
    "reachable": QT_TRANSLATE_NOOP("AuditClass", "reachable"),
    "whole_piece_only": QT_TRANSLATE_NOOP("AuditClass", "whole piece only"),
    "in_context": QT_TRANSLATE_NOOP("AuditClass", "in context"),
    "unreachable": QT_TRANSLATE_NOOP("AuditClass", "unreachable"),
    "undecodable": QT_TRANSLATE_NOOP("AuditClass", "undecodable"),
    "special": QT_TRANSLATE_NOOP("AuditClass", "special"),
    "byte_fallback": QT_TRANSLATE_NOOP("AuditClass", "byte_fallback"),
}


def class_name(cls: str) -> str:
    """An audit class as shown (a class the table above lacks shows as its key)."""
    return translate("AuditClass", AUDIT_CLASS_NAMES.get(cls, cls))


def tree_lines(tokenizer: Tokenizer, node, depth: int) -> list[str]:
    pad = "  " * depth
    label = label_of(tokenizer, node.id)
    if node.rule is None:
        return [f"{pad}{label}" + (translate(
            "DebugCommon", " (no merge builds it)") if node.unbuilt else "")]
    out = [pad + translate("DebugCommon", "{label} ← merge {rank}").format(
        label=label, rank=node.rule.rank)]
    out.extend(tree_lines(tokenizer, node.left, depth + 1))
    out.extend(tree_lines(tokenizer, node.right, depth + 1))
    return out


def audit_line(tokenizer: Tokenizer, token) -> str:
    """A token's class in the audit, in words."""
    line = translate("DebugCommon", "audit: {cls}").format(
        cls=class_name(token.cls))
    if token.cls in ("unreachable", "in_context"):
        line += translate("DebugCommon", " — its text encodes to {pieces}").format(
            pieces=" | ".join(isolated(label_of(tokenizer, i)) for i in token.encodes_to))
        if token.blocked_by is not None:
            rule = token.blocked_by
            line += translate(
                "DebugCommon", "; merge {rank} ({left} + {right}) gets there first").format(
                rank=rule.rank, left=isolated(label_of(tokenizer, rule.left_id)),
                right=isolated(label_of(tokenizer, rule.right_id)))
        if token.witness is not None:
            line += translate("DebugCommon", "; it comes out in {witness}").format(
                witness=isolated(repr(token.witness.text)))
    elif token.whole_piece_only:
        line += translate(
            "DebugCommon", " (the merges alone make something else, so never inside a longer "
            "piece)")
    return line


def text_of(tokenizer: Tokenizer, tid: int) -> str:
    """A token as text with nothing invisible (a space as ·, a line break as ↵), a part of a
    character by its bytes' label."""
    try:
        return visible(tokenizer.token_bytes(tid).decode("utf-8"))
    except UnicodeDecodeError:
        return label_of(tokenizer, tid)


def cut_line(tokenizer: Tokenizer, ids) -> str:
    # Each token isolated: Arabic tokens side by side would otherwise run right to left
    # across the bars, in the wrong order.
    return " | ".join(isolated(text_of(tokenizer, tid)) for tid in ids)


def one_line(exc: BaseException) -> str:
    """An error as one line of the status (never a traceback)."""
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


def attach_runner(page, session, kind: str, done, failure: str):
    """A self-wired page's worker (kit_pages.py): its result to ``done``, progress messages
    and a failure (``failure`` with ``{error}``, as one line) in ``page.status``, busy to
    ``page._on_busy``, ``page.cancel_button`` to ``page.cancel`` (or the runner's own
    cancel)."""
    runner = session.runner(kind)
    runner.done.connect(done)
    runner.failed.connect(lambda exc: page.status.setText(failure.format(error=one_line(exc))))
    runner.progressed.connect(lambda _fraction, message: page.status.setText(message))
    runner.busy_changed.connect(page._on_busy)
    page.cancel_button.clicked.connect(getattr(page, "cancel", runner.cancel))
    return runner
