"""The audit page: every token classified, a filterable list of 200,000 rows, and for one
token its derivation and what stands in its way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    AUDIT_CLASSES,
    BpeLensError,
    Tokenizer,
    iter_audit,
    token_facts,
    visible,
)

from .common import cut_line, label_of, muted, tree_lines

if TYPE_CHECKING:
    from bpelens.core import Audit


ALL_CLASSES = "all classes"
NEVER_MADE = "made by no merge"
ORPHAN = "orphan (no merge makes it)"


def run_audit(tokenizer: Tokenizer, job) -> Audit:
    """The audit off the GUI thread, with progress and cancellation between batches."""
    for done, total, result in iter_audit(tokenizer):
        job.check()
        job.progress(done / total if total else None, f"Auditing: {done:,} of {total:,} tokens…")
        if result is not None:
            return result
    raise RuntimeError("the audit ended without a result")


class AuditModel(QAbstractTableModel):
    """The audit's tokens as rows, filtered by class and text in Python (a list of 200,000
    rows filters in a fraction of a second; Qt's proxies would ask every cell)."""

    HEADERS = ("id", "class", "token", "its text", "its text encodes to")

    def __init__(self) -> None:
        super().__init__()
        self.tokens: tuple = ()
        self.shown: list[int] = []
        self.tokenizer: Tokenizer | None = None
        self.searchable: list[str] = []

    def set_audit(self, tokenizer: Tokenizer, audit: Audit) -> None:
        self.beginResetModel()
        self.tokenizer, self.tokens = tokenizer, audit.tokens
        self.searchable = [f"{t.id} {t.label} {t.text or ''}".lower() for t in audit.tokens]
        self.shown = list(range(len(self.tokens)))
        self.endResetModel()

    def set_filter(self, cls: str, text: str, among: frozenset[int] | None = None) -> None:
        """Rows of class ``cls`` ("" for all) holding ``text``; ``among``: only these ids."""
        self.beginResetModel()
        text = text.lower()
        tokens, searchable = self.tokens, self.searchable
        self.shown = [i for i in range(len(tokens))
                      if (not cls or tokens[i].cls == cls) and (not text or text in searchable[i])
                      and (among is None or tokens[i].id in among)]
        self.endResetModel()

    def token_at(self, row: int):
        return self.tokens[self.shown[row]]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.shown)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        token = self.token_at(index.row())
        column = index.column()
        if column == 0:
            return token.id
        if column == 1:
            return token.cls
        if column == 2:
            return token.label
        if column == 3:
            # Spaces and line breaks shown, so " the" and "the" differ at a glance.
            return "" if token.text is None else visible(token.text)
        if token.whole_piece_only:
            return "itself, only as a whole piece"
        if token.cls == "unreachable" and self.tokenizer is not None:
            return cut_line(self.tokenizer, token.encodes_to)
        return ""


class AuditPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.audit: Audit | None = None
        self.tokenizer: Tokenizer | None = None
        self.run_button = QPushButton("Audit the vocabulary")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.status = muted("Classify every token: does its own text encode to exactly it?")
        self.class_box = QComboBox()
        self.class_box.addItem(ALL_CLASSES, "")
        for cls in AUDIT_CLASSES:
            self.class_box.addItem(cls, cls)
        # Not classes but findings about the merges, listed by the token they concern.
        self.class_box.addItem(NEVER_MADE, NEVER_MADE)
        self.class_box.addItem(ORPHAN, ORPHAN)
        self.merge_findings: dict[str, frozenset[int]] = {}
        self.unused_by_token: dict[int, list] = {}
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter by text")
        self.model = AuditModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setPlaceholderText("Choose a token for its derivation and, if it is "
                                        "unreachable, the merge that gets there first.")
        top = QHBoxLayout()
        top.addWidget(self.run_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.status, 1)
        filters = QHBoxLayout()
        filters.addWidget(QLabel("Show"))
        filters.addWidget(self.class_box)
        filters.addWidget(self.filter, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setSizes([700, 400])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(split, 1)
        self.class_box.currentIndexChanged.connect(self._apply_filter)
        self.filter.textChanged.connect(self._apply_filter)
        self.table.selectionModel().currentRowChanged.connect(self._show_details)

    def show_audit(self, tokenizer: Tokenizer, audit: Audit) -> None:
        self.tokenizer, self.audit = tokenizer, audit
        counts = ", ".join(f"{cls} {n:,}" for cls, n in audit.counts.items())
        whole = sum(t.whole_piece_only for t in audit.tokens)
        extra = f"; reachable only as a whole piece: {whole:,}" if whole else ""
        merges = audit.merges
        self.unused_by_token = {}
        if merges is not None:
            for unused in merges.never_applied:
                self.unused_by_token.setdefault(unused.rule.new_id, []).append(unused)
            never_made = frozenset(m.rule.new_id for m in merges.never_applied
                                   if m.reason == "never_made")
            self.merge_findings = {NEVER_MADE: never_made, ORPHAN: frozenset(merges.orphans)}
            reasons = merges.reasons()
            extra += (f"\n{merges.checked:,} {'merges' if merges.listed else 'merged tokens'}: "
                      f"{len(merges.never_applied):,} never apply ({reasons['never_made']:,} "
                      f"make a token no merge makes, {reasons['another_merge']:,} a token "
                      f"another merge makes); {len(merges.orphans):,} orphan tokens")
        else:
            self.merge_findings = {NEVER_MADE: frozenset(), ORPHAN: frozenset()}
        self.status.setText(f"{audit.vocab_size:,} ids: {counts}{extra}")
        self.model.set_audit(tokenizer, audit)
        self._apply_filter()
        self.table.setColumnWidth(0, 80)
        self.table.setColumnWidth(1, 110)
        self.table.setColumnWidth(2, 180)
        self.table.setColumnWidth(3, 160)

    def _apply_filter(self) -> None:
        choice = self.class_box.currentData()
        if choice in (NEVER_MADE, ORPHAN):
            self.model.set_filter("", self.filter.text(), self.merge_findings.get(choice))
        else:
            self.model.set_filter(choice, self.filter.text())

    def shown_ids(self) -> list[int]:
        return [self.model.token_at(r).id for r in range(self.model.rowCount())]

    def _show_details(self, current, _previous) -> None:
        if self.audit is None or self.tokenizer is None or not current.isValid():
            return
        token = self.model.token_at(current.row())
        tid = token.id
        tokenizer = self.tokenizer
        lines = [f"id {tid}: {token.label!r} — {token.cls}"]
        if token.text is not None:
            lines.append(f"its own text: {token.text!r}")
        if token.cls == "unreachable":
            lines.append("encodes to: " + " | ".join(
                f"{label_of(tokenizer, i)} ({i})" for i in token.encodes_to))
            if token.blocked_by is not None:
                rule = token.blocked_by
                lines.append(f"merge {rule.rank} ({label_of(tokenizer, rule.left_id)} + "
                             f"{label_of(tokenizer, rule.right_id)} → "
                             f"{label_of(tokenizer, rule.new_id)}) gets there first")
            elif len(token.encodes_to) > 1:
                lines.append("the pipeline cuts its text into several pieces before any merge")
        if token.whole_piece_only:
            lines.append("reachable only when its text is a whole piece: the merges alone "
                         "build something else, so inside a longer piece it never appears")
        if token.orphan:
            lines.append("orphan: no merge makes it")
        for unused in self.unused_by_token.get(tid, ()):
            rule = unused.rule
            why = ("another merge makes the token" if unused.reason == "another_merge" else
                   "the merges make " + " | ".join(label_of(tokenizer, i) for i in unused.builds))
            lines.append(f"merge {rule.rank} ({label_of(tokenizer, rule.left_id)} + "
                         f"{label_of(tokenizer, rule.right_id)}) never applies: {why}")
        try:
            facts = token_facts(tokenizer, tid)
            lines.append(f"kind {facts.kind}, rank {facts.rank}")
            lines.append("derivation:")
            lines.extend(tree_lines(tokenizer, facts.tree, 1))
        except BpeLensError as exc:
            lines.append(str(exc))
        self.details.setPlainText("\n".join(lines))
