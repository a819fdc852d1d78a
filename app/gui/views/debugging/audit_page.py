"""The audit page: every token classified, a filterable list of 200,000 rows, and for one
token its derivation and what stands in its way."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, Qt
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
    isolated,
    iter_audit,
    token_facts,
    visible,
)

from ...i18n import translate
from ...zoom import zoom_tree
from .common import class_name, cut_line, label_of, muted, tree_lines

if TYPE_CHECKING:
    from bpelens.core import Audit


# The class box's entries beyond the classes: the English text is the entry's data (tests and
# callers choose by it), its translation what the box shows.
ALL_CLASSES = QT_TRANSLATE_NOOP("AuditPage", "all classes")
NEVER_MADE = QT_TRANSLATE_NOOP("AuditPage", "made by no merge")
ORPHAN = QT_TRANSLATE_NOOP("AuditPage", "orphan (no merge makes it)")


def run_audit(tokenizer: Tokenizer, job, jobs: int = 1) -> Audit:
    """The audit off the GUI thread, with progress and cancellation between batches;
    ``jobs`` processes encode a large vocabulary's texts (stopping stops them)."""
    for done, total, result in iter_audit(tokenizer, jobs=jobs):
        job.check()
        job.progress(done / total if total else None,
                     translate("AuditPage", "Auditing: {done:,} of {total:,} tokens…").format(
                         done=done, total=total))
        if result is not None:
            result.tokens  # noqa: B018 - every row's audit made here, off the GUI thread
            return result
    raise RuntimeError(translate("AuditPage", "the audit ended without a result"))


class AuditModel(QAbstractTableModel):
    """The audit's tokens as rows, filtered by class and text in Python (a list of 200,000
    rows filters in a fraction of a second; Qt's proxies would ask every cell)."""

    HEADERS = (QT_TRANSLATE_NOOP("AuditModel", "id"), QT_TRANSLATE_NOOP("AuditModel", "class"),
               QT_TRANSLATE_NOOP("AuditModel", "token"),
               QT_TRANSLATE_NOOP("AuditModel", "its text"),
               QT_TRANSLATE_NOOP("AuditModel", "its text encodes to"))

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
            return self.tr(self.HEADERS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        token = self.token_at(index.row())
        column = index.column()
        if column == 0:
            return token.id
        if column == 1:
            return class_name(token.cls)
        if column == 2:
            return token.label
        if column == 3:
            # Spaces and line breaks shown, so " the" and "the" differ at a glance.
            return "" if token.text is None else visible(token.text)
        if token.whole_piece_only:
            return self.tr("itself, only as a whole piece")
        if token.witness is not None and self.tokenizer is not None:
            # Where it comes out, the token in brackets (its own text when it comes out
            # there, after a prefix the model adds: SentencePiece's ▁ | [の]).
            pieces = witness_line(self.tokenizer, token.witness)
            if token.witness.text == token.text:
                return pieces
            return self.tr("in {witness}: {pieces}").format(
                witness=isolated(visible(token.witness.text)), pieces=pieces)
        if token.cls == "unreachable" and self.tokenizer is not None:
            return cut_line(self.tokenizer, token.encodes_to)
        return ""


def witness_line(tokenizer: Tokenizer, witness) -> str:
    """The witness's tokens, the token itself in brackets."""
    return " | ".join(
        f"[{isolated(label_of(tokenizer, i))}]" if at == witness.index
        else isolated(label_of(tokenizer, i)) for at, i in enumerate(witness.ids))


class AuditPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.audit: Audit | None = None
        self.tokenizer: Tokenizer | None = None
        self.run_button = QPushButton(self.tr("Audit the vocabulary"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = muted(self.tr("Classify every token: does its own text encode to exactly "
                                    "it?"))
        self.class_box = QComboBox()
        self.class_box.addItem(self.tr(ALL_CLASSES), "")
        for cls in AUDIT_CLASSES:
            self.class_box.addItem(class_name(cls), cls)
        # Not classes but findings about the merges, listed by the token they concern.
        self.class_box.addItem(self.tr(NEVER_MADE), NEVER_MADE)
        self.class_box.addItem(self.tr(ORPHAN), ORPHAN)
        self.merge_findings: dict[str, frozenset[int]] = {}
        self.unused_by_token: dict[int, list] = {}
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("filter by text"))
        self.model = AuditModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setPlaceholderText(self.tr("Choose a token for its derivation and, if it "
                                                "is unreachable, the merge that gets there "
                                                "first."))
        top = QHBoxLayout()
        top.addWidget(self.run_button)
        top.addWidget(self.cancel_button)
        top.addWidget(self.status, 1)
        filters = QHBoxLayout()
        filters.addWidget(QLabel(self.tr("Show")))
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

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def show_audit(self, tokenizer: Tokenizer, audit: Audit) -> None:
        self.tokenizer, self.audit = tokenizer, audit
        counts = self.tr(", ").join(f"{class_name(cls)} {n:,}" for cls, n in audit.counts.items())
        extra = ""
        merges = audit.merges
        self.unused_by_token = {}
        if merges is not None:
            for unused in merges.never_applied:
                self.unused_by_token.setdefault(unused.rule.new_id, []).append(unused)
            never_made = frozenset(m.rule.new_id for m in merges.never_applied
                                   if m.reason == "never_made")
            self.merge_findings = {NEVER_MADE: never_made, ORPHAN: frozenset(merges.orphans)}
            reasons = merges.reasons()
            checked = (self.tr("{n:,} merges") if merges.listed
                       else self.tr("{n:,} merged tokens")).format(n=merges.checked)
            extra += "\n" + self.tr(
                "{checked}: {never:,} never apply ({never_made:,} make a token no merge makes, "
                "{another:,} a token another merge makes); {orphans:,} orphan tokens").format(
                checked=checked, never=len(merges.never_applied),
                never_made=reasons["never_made"], another=reasons["another_merge"],
                orphans=len(merges.orphans))
        else:
            self.merge_findings = {NEVER_MADE: frozenset(), ORPHAN: frozenset()}
        self.status.setText(self.tr("{n:,} ids: {counts}").format(n=audit.vocab_size,
                                                                  counts=counts) + extra)
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
        lines = [self.tr("id {id}: {label} — {cls}").format(id=tid, label=repr(token.label),
                                                            cls=class_name(token.cls))]
        if token.text is not None:
            lines.append(self.tr("its own text: {text}").format(text=repr(token.text)))
        if token.cls in ("unreachable", "in_context"):
            lines.append(self.tr("encodes to: {pieces}").format(pieces=" | ".join(
                f"{isolated(label_of(tokenizer, i))} ({i})" for i in token.encodes_to)))
            if token.witness is not None:
                lines.append(self.tr("but in {witness} it comes out: {pieces}").format(
                    witness=isolated(repr(token.witness.text)), pieces=witness_line(
                        tokenizer, token.witness)))
            elif token.contexts_tried:
                lines.append(self.tr("no text tried contains it ({n:,} tried: its text "
                                     "inside the tokens that hold it, after and before the "
                                     "shortest tokens)").format(n=token.contexts_tried))
            if token.blocked_by is not None:
                rule = token.blocked_by
                lines.append(self.tr("merge {rank} ({left} + {right} → {new}) gets there first")
                             .format(rank=rule.rank,
                                     left=isolated(label_of(tokenizer, rule.left_id)),
                                     right=isolated(label_of(tokenizer, rule.right_id)),
                                     new=isolated(label_of(tokenizer, rule.new_id))))
            elif len(token.encodes_to) > 1:
                lines.append(self.tr("the pipeline cuts its text into several pieces before any "
                                     "merge"))
        if token.whole_piece_only:
            lines.append(self.tr("reachable only when its text is a whole piece: the merges "
                                 "alone build something else, so inside a longer piece it "
                                 "never appears"))
        if token.orphan:
            lines.append(self.tr("orphan: no merge makes it"))
        for unused in self.unused_by_token.get(tid, ()):
            rule = unused.rule
            why = (self.tr("another merge makes the token") if unused.reason == "another_merge"
                   else self.tr("the merges make {pieces}").format(pieces=" | ".join(
                       isolated(label_of(tokenizer, i)) for i in unused.builds)))
            lines.append(self.tr("merge {rank} ({left} + {right}) never applies: {why}").format(
                rank=rule.rank, left=isolated(label_of(tokenizer, rule.left_id)),
                right=isolated(label_of(tokenizer, rule.right_id)), why=why))
        try:
            facts = token_facts(tokenizer, tid)
            lines.append(self.tr("kind {kind}, rank {rank}").format(kind=facts.kind,
                                                                    rank=facts.rank))
            lines.append(self.tr("derivation:"))
            lines.extend(tree_lines(tokenizer, facts.tree, 1))
        except BpeLensError as exc:
            lines.append(str(exc))
        self.details.setPlainText("\n".join(lines))
