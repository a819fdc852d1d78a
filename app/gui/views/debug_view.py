"""Debugging kit for the tokenizer in the main view: which tokens can ever come out (the
audit, with a filterable list and, for each token, what its text gives instead and the merge
that gets there first), a vocabulary lookup, two tokenizers compared, what the vocabulary
costs in parameters and memory, and other ways to cut a text (greedy longest match as
WordPiece, BPE-dropout samples, a Unigram tokenizer's lattice). Work that can take a while
runs off the GUI thread."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    AUDIT_CLASSES,
    BYTES_PER_PARAMETER,
    LOOKUP_MODES,
    BpeLensError,
    ConfigError,
    Tokenizer,
    add_merges,
    apply_fixes,
    diff_tokenizers,
    dropout_samples,
    embedding_cost,
    find_conflicts,
    find_tokens,
    greedy_longest_match,
    iter_audit,
    megabytes,
    save_tokenizer,
    token_facts,
    unigram_lattice,
)

from .. import style
from ..tokenizer_files import load_choice

if TYPE_CHECKING:
    from bpelens.core import Audit

    from ..session import Session
    from . import Pane

ALL_CLASSES = "all classes"


def _label(tokenizer: Tokenizer, tid: int) -> str:
    return tokenizer.token_label(tid, printable=True)


def _muted(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(style.MUTED)
    label.setWordWrap(True)
    return label


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

    HEADERS = ("id", "class", "token", "its text encodes to")

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

    def set_filter(self, cls: str, text: str) -> None:
        self.beginResetModel()
        text = text.lower()
        tokens, searchable = self.tokens, self.searchable
        self.shown = [i for i in range(len(tokens))
                      if (not cls or tokens[i].cls == cls) and (not text or text in searchable[i])]
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
        if token.whole_piece_only:
            return "itself, only as a whole piece"
        if token.cls == "unreachable" and self.tokenizer is not None:
            return " | ".join(_label(self.tokenizer, i) for i in token.encodes_to)
        return ""


class AuditPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.audit: Audit | None = None
        self.tokenizer: Tokenizer | None = None
        self.run_button = QPushButton("Audit the vocabulary")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.status = _muted("Classify every token: does its own text encode to exactly it?")
        self.class_box = QComboBox()
        self.class_box.addItem(ALL_CLASSES, "")
        for cls in AUDIT_CLASSES:
            self.class_box.addItem(cls, cls)
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
        self.status.setText(f"{audit.vocab_size:,} ids: {counts}{extra}")
        self.model.set_audit(tokenizer, audit)
        self._apply_filter()
        self.table.setColumnWidth(0, 80)
        self.table.setColumnWidth(1, 110)
        self.table.setColumnWidth(2, 220)

    def _apply_filter(self) -> None:
        self.model.set_filter(self.class_box.currentData(), self.filter.text())

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
                f"{_label(tokenizer, i)} ({i})" for i in token.encodes_to))
            if token.blocked_by is not None:
                rule = token.blocked_by
                lines.append(f"merge {rule.rank} ({_label(tokenizer, rule.left_id)} + "
                             f"{_label(tokenizer, rule.right_id)} → "
                             f"{_label(tokenizer, rule.new_id)}) gets there first")
            elif len(token.encodes_to) > 1:
                lines.append("the pipeline cuts its text into several pieces before any merge")
        if token.whole_piece_only:
            lines.append("reachable only when its text is a whole piece: the merges alone "
                         "build something else, so inside a longer piece it never appears")
        try:
            facts = token_facts(tokenizer, tid)
            lines.append(f"kind {facts.kind}, rank {facts.rank}")
            lines.append("derivation:")
            lines.extend(_tree_lines(tokenizer, facts.tree, 1))
        except BpeLensError as exc:
            lines.append(str(exc))
        self.details.setPlainText("\n".join(lines))


def _tree_lines(tokenizer: Tokenizer, node, depth: int) -> list[str]:
    pad = "  " * depth
    label = _label(tokenizer, node.id)
    if node.rule is None:
        return [f"{pad}{label}" + (" (no merge builds it)" if node.unbuilt else "")]
    out = [f"{pad}{label} ← merge {node.rule.rank}"]
    out.extend(_tree_lines(tokenizer, node.left, depth + 1))
    out.extend(_tree_lines(tokenizer, node.right, depth + 1))
    return out


class LookupPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.query = QLineEdit()
        self.query.setPlaceholderText("an id, a text, /regex/, or 0x hex bytes")
        self.mode = QComboBox()
        for mode in LOOKUP_MODES:
            self.mode.addItem(mode, mode)
        self.corpus = QPlainTextEdit()
        self.corpus.setPlaceholderText("Texts to search for the token (one per line)")
        self.corpus.setMaximumHeight(90)
        self.results = QTableWidget(0, 3)
        self.results.setHorizontalHeaderLabels(["id", "token", "text"])
        self.results.verticalHeader().hide()
        self.results.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.results.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.problem = QLabel()
        self.problem.setStyleSheet(style.ERROR_TEXT)
        row = QHBoxLayout()
        row.addWidget(self.query, 1)
        row.addWidget(self.mode)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.results)
        split.addWidget(self.details)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.problem)
        layout.addWidget(self.corpus)
        layout.addWidget(split, 1)
        self.query.returnPressed.connect(self.search)
        self.results.currentCellChanged.connect(lambda r, *_: self._show(r))

    def search(self) -> None:
        if self.tokenizer is None:
            return
        try:
            found = find_tokens(self.tokenizer, self.query.text(), self.mode.currentData())
        except BpeLensError as exc:
            self.problem.setText(str(exc))
            return
        self.problem.clear()
        self.results.setRowCount(len(found))
        for row, tid in enumerate(found):
            for col, text in enumerate((str(tid), _label(self.tokenizer, tid),
                                        self.tokenizer.decode([tid], errors="replace"))):
                self.results.setItem(row, col, QTableWidgetItem(text))
        if found:
            self.results.setCurrentCell(0, 0)

    def _show(self, row: int) -> None:
        if self.tokenizer is None or row < 0 or self.results.item(row, 0) is None:
            return
        tid = int(self.results.item(row, 0).text())
        texts = [t for t in self.corpus.toPlainText().splitlines() if t]
        facts = token_facts(self.tokenizer, tid, texts)
        lines = [f"id {tid}: {facts.label!r} — text {facts.text!r}",
                 f"bytes {facts.data.hex(' ')}, kind {facts.kind}, rank {facts.rank}",
                 "derivation:", *_tree_lines(self.tokenizer, facts.tree, 1)]
        if texts:
            used = [texts[i] for i in facts.used_in]
            lines.append(f"used in {len(used)} of {len(texts)} texts:")
            lines.extend(f"  {t}" for t in used[:50])
        self.details.setPlainText("\n".join(lines))


class CostPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.vocab = QSpinBox()
        self.vocab.setRange(1, 10_000_000)
        self.vocab.setGroupSeparatorShown(True)
        self.d_model = QSpinBox()
        self.d_model.setRange(1, 1_000_000)
        self.d_model.setValue(4096)
        self.d_model.setGroupSeparatorShown(True)
        self.pad_to = QSpinBox()
        self.pad_to.setRange(1, 1_000_000)
        self.pad_to.setValue(1)
        self.rows = QSpinBox()
        self.rows.setRange(0, 10_000_000)
        self.rows.setSpecialValueText("padded")
        self.rows.setGroupSeparatorShown(True)
        self.untied = QCheckBox("untied output layer (a second V × d matrix)")
        self.result = QTableWidget(len(BYTES_PER_PARAMETER), 2)
        self.result.setHorizontalHeaderLabels(["stored as", "size"])
        self.result.verticalHeader().hide()
        self.result.horizontalHeader().setStretchLastSection(True)
        self.summary = _muted()
        self.problem = QLabel()
        self.problem.setStyleSheet(style.ERROR_TEXT)
        form = QFormLayout()
        form.addRow("Vocabulary (tokens)", self.vocab)
        form.addRow("Hidden size d", self.d_model)
        form.addRow("Pad rows to a multiple of", self.pad_to)
        form.addRow("Or exactly this many rows", self.rows)
        form.addRow(self.untied)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.summary)
        layout.addWidget(self.result, 1)
        for box in (self.vocab, self.d_model, self.pad_to, self.rows):
            box.valueChanged.connect(self.recompute)
        self.untied.toggled.connect(self.recompute)

    def set_vocab(self, size: int) -> None:
        self.vocab.setValue(size)
        self.recompute()

    def recompute(self) -> None:
        try:
            cost = embedding_cost(self.vocab.value(), self.d_model.value(),
                                  tied=not self.untied.isChecked(), pad_to=self.pad_to.value(),
                                  rows=self.rows.value() or None)
        except BpeLensError as exc:
            self.problem.setText(str(exc))
            return
        self.problem.clear()
        self.summary.setText(
            f"{cost.rows:,} rows × {cost.d_model:,} = {cost.parameters_per_matrix:,} parameters "
            f"per matrix; {cost.matrices} matri{'x' if cost.matrices == 1 else 'ces'}: "
            f"{cost.parameters:,} parameters")
        for row, dtype in enumerate(BYTES_PER_PARAMETER):
            self.result.setItem(row, 0, QTableWidgetItem(dtype))
            size = megabytes(cost.bytes(dtype))
            self.result.setItem(row, 1, QTableWidgetItem(f"{float(size):,.1f} MB "
                                                         f"({float(size) / 1000:,.2f} GB)"))


class ContrastPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.text = QLineEdit("unbelievable tokenization")
        self.p = QDoubleSpinBox()
        self.p.setRange(0, 1)
        self.p.setSingleStep(0.05)
        self.p.setValue(0.1)
        self.samples = QSpinBox()
        self.samples.setRange(1, 100_000)
        self.samples.setValue(1000)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.run_button = QPushButton("Cut it")
        self.output = QPlainTextEdit()
        self.output.setReadOnly(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Text"))
        row.addWidget(self.text, 1)
        row.addWidget(QLabel("dropout p"))
        row.addWidget(self.p)
        row.addWidget(QLabel("samples"))
        row.addWidget(self.samples)
        row.addWidget(QLabel("seed"))
        row.addWidget(self.seed)
        row.addWidget(self.run_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.output, 1)
        self.run_button.clicked.connect(self.run)
        self.text.returnPressed.connect(self.run)

    def run(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        text = self.text.text()

        def cut(ids) -> str:
            return " | ".join(_label(tokenizer, i) for i in ids)

        lines = [f"the tokenizer:           {cut(tokenizer.encode_ids(text, special='none'))}",
                 f"greedy longest match:    {cut(greedy_longest_match(tokenizer, text))}"
                 "   (WordPiece's rule, on this vocabulary)"]
        try:
            samples = dropout_samples(tokenizer, text, self.p.value(), self.samples.value(),
                                      seed=self.seed.value())
            lines.append(f"BPE-dropout p={samples.p:g}, {samples.samples:,} samples, seed "
                         f"{samples.seed}: {len(samples.segmentations)} distinct")
            for ids, count in samples.segmentations[:30]:
                lines.append(f"  {count / samples.samples:7.2%}  {cut(ids)}")
        except BpeLensError as exc:
            lines.append(f"BPE-dropout: {exc}")
        try:
            for piece in unigram_lattice(tokenizer, text):
                lines.append(f"Unigram lattice of {piece.text!r}: {len(piece.nodes)} candidates")
                for node in piece.nodes:
                    mark = "★" if node.on_best_path else " "
                    lines.append(f"  {mark} [{node.start}:{node.end}] "
                                 f"{_label(tokenizer, node.id)}  {node.score:.3f}")
        except BpeLensError:
            pass  # not a Unigram tokenizer: nothing to show
        self.output.setPlainText("\n".join(lines))


class DiffPage(QWidget):
    """The tokenizer in the main view against another one the picker offers (or a file)."""

    def __init__(self) -> None:
        super().__init__()
        self.choices: list = []
        self.other_box = QComboBox()
        self.other_box.setMinimumContentsLength(24)
        self.text = QLineEdit("Hello 世界, tokenizers differ: naïve café 🙂 1234567")
        self.run_button = QPushButton("Compare")
        self.status = _muted("Compare the tokenizer in the main view with another one.")
        self.output = QPlainTextEdit()
        self.output.setReadOnly(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Against"))
        row.addWidget(self.other_box, 1)
        row.addWidget(self.run_button)
        text_row = QHBoxLayout()
        text_row.addWidget(QLabel("Text"))
        text_row.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(text_row)
        layout.addWidget(self.status)
        layout.addWidget(self.output, 1)

    def set_choices(self, choices: list) -> None:
        current = self.other_box.currentData()
        self.choices = list(choices)
        self.other_box.clear()
        for choice in self.choices:
            self.other_box.addItem(choice.label or choice.key, choice)
        if current is not None and current in self.choices:
            self.other_box.setCurrentIndex(self.choices.index(current))

    def show_diff(self, left: Tokenizer, right: Tokenizer, result) -> None:
        data = result.to_json()
        vocabulary = data["vocabulary"]
        merges = data["merges"]
        lines = [
            f"left: {result.left_name}   right: {result.right_name}",
            f"vocabulary: {vocabulary['shared_same_id']:,} tokens shared with the same id, "
            f"{vocabulary['same_bytes_other_id']:,} with another id, "
            f"{vocabulary['only_left']:,} only left, {vocabulary['only_right']:,} only right",
            f"ids 0–{result.same_id_prefix - 1:,} mean the same bytes in both"
            if result.same_id_prefix else "id 0 already differs",
            f"merges: {merges['left']:,} left, {merges['right']:,} right; the first "
            f"{merges['shared_prefix']:,} are the same",
        ]
        if merges["first_difference"] is not None:
            first = merges["first_difference"]
            lines.append(f"  first difference at rank {first['rank']:,}: left makes "
                         f"{first['left']!r}, right makes {first['right']!r}")
        for title, key in (("only left", "examples_only_left"),
                           ("only right", "examples_only_right")):
            shown = ", ".join(repr(x["token"]) for x in vocabulary[key][:12])
            if shown:
                lines.append(f"{title}, e.g.: {shown}")
        seg = result.segmentation
        if seg is not None:
            lines.append("")
            lines.append(f"the text: {seg.text!r}")
            lines.append("left:  " + _cut_line(left, seg.left_ids))
            lines.append("right: " + _cut_line(right, seg.right_ids))
            only_left, only_right = seg.only_left_cuts, seg.only_right_cuts
            lines.append(f"cuts only left at bytes {list(only_left)}; only right at "
                         f"{list(only_right)}" if only_left or only_right
                         else "both cut the text at the same bytes")
        self.output.setPlainText("\n".join(lines))
        self.status.setText("Compared.")


def _cut_line(tokenizer: Tokenizer, ids) -> str:
    """The tokens as text (a space shown as ·), a part of a character by its bytes' label."""
    parts = []
    for tid in ids:
        try:
            parts.append(tokenizer.token_bytes(tid).decode("utf-8").replace(" ", "·"))
        except UnicodeDecodeError:
            parts.append(_label(tokenizer, tid))
    return " | ".join(parts)


class ConflictsPage(QWidget):
    """Merges added to the tokenizer in the main view (a BPE Lens BPE tokenizer), the added
    tokens that can no longer come out, the fixes, applied and saved."""

    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.extended: Tokenizer | None = None
        self.conflicts: list = []
        self.rules = QPlainTextEdit()
        self.rules.setPlaceholderText("One merge per line: LEFT + RIGHT, each a token's text "
                                      "(␣ for a space), e.g.\nb + c\na + bc")
        self.rules.setMaximumHeight(110)
        self.check_button = QPushButton("Add and check")
        self.fix_button = QPushButton("Apply the fixes and save…")
        self.fix_button.setEnabled(False)
        self.problem = QLabel()
        self.problem.setStyleSheet(style.ERROR_TEXT)
        self.problem.setWordWrap(True)
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.fix_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rules)
        layout.addLayout(buttons)
        layout.addWidget(self.problem)
        layout.addWidget(self.report, 1)
        self.check_button.clicked.connect(self.check)
        self.fix_button.clicked.connect(self.ask_save_fixed)

    def parsed_rules(self) -> list[tuple[bytes, bytes]]:
        rules = []
        for number, line in enumerate(self.rules.toPlainText().splitlines(), start=1):
            if not line.strip():
                continue
            left, sep, right = line.partition(" + ")
            if not sep or not left or not right:
                raise ConfigError(f"line {number}: expected LEFT + RIGHT, not {line!r}")
            rules.append((left.replace("␣", " ").encode("utf-8"),
                          right.replace("␣", " ").encode("utf-8")))
        if not rules:
            raise ConfigError("no merge given: one per line, LEFT + RIGHT")
        return rules

    def check(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        try:
            extended, made = add_merges(tokenizer, self.parsed_rules())
            conflicts = find_conflicts(extended, made)
        except BpeLensError as exc:
            self.problem.setText(str(exc))
            self.fix_button.setEnabled(False)
            return
        self.problem.clear()
        self.extended, self.conflicts = extended, conflicts
        label = lambda tid: _label(extended, tid)  # noqa: E731
        lines = [f"{len(made)} merges added, making {', '.join(label(t) for t in made)}."]
        if not conflicts:
            lines.append("Every added token comes out when its own text is encoded.")
        for conflict in conflicts:
            lines.append("")
            lines.append(f"{label(conflict.token_id)} (id {conflict.token_id}) never comes out: "
                         f"its text {conflict.text!r} encodes to "
                         f"{' | '.join(label(t) for t in conflict.stops_at)}")
            if conflict.blocked_by is not None:
                rule = conflict.blocked_by
                lines.append(f"  merge {rule.rank} ({label(rule.left_id)} + "
                             f"{label(rule.right_id)}) applies first and blocks the way")
            fix = ", ".join(f"{a.decode('utf-8', 'replace')} + {b.decode('utf-8', 'replace')}"
                            for a, b in conflict.fix)
            verdict = "checked: it then comes out" if conflict.fixed else "not enough alone"
            lines.append(f"  fix: add {fix} — {verdict}")
        self.report.setPlainText("\n".join(lines))
        self.fix_button.setEnabled(bool(conflicts))

    def fixed_tokenizer(self) -> Tokenizer | None:
        if self.extended is None or not self.conflicts:
            return None
        return apply_fixes(self.extended, self.conflicts)

    def ask_save_fixed(self) -> None:
        fixed = self.fixed_tokenizer()
        if fixed is None:
            return
        name, _ = QFileDialog.getSaveFileName(self, "Save the fixed tokenizer", "fixed.json",
                                              "BPE Lens tokenizer (*.json)")
        if name:
            save_tokenizer(fixed, name)
            self.report.appendPlainText(f"\nSaved to {name}.")


class DebugView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session: Session | None = None
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.audit_page = AuditPage()
        self.lookup_page = LookupPage()
        self.cost_page = CostPage()
        self.contrast_page = ContrastPage()
        self.diff_page = DiffPage()
        self.conflicts_page = ConflictsPage()
        self.pages = QTabWidget()
        self.pages.addTab(self.audit_page, "Audit")
        self.pages.addTab(self.lookup_page, "Look up")
        self.pages.addTab(self.diff_page, "Diff")
        self.pages.addTab(self.conflicts_page, "Merge conflicts")
        self.pages.addTab(self.contrast_page, "Other algorithms")
        # In a scroll area: its form is the tallest page, and the tab must not make the
        # window's text box smaller than the other tabs do.
        cost_scroll = QScrollArea()
        cost_scroll.setWidgetResizable(True)
        cost_scroll.setWidget(self.cost_page)
        self.pages.addTab(cost_scroll, "Cost")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.pages)

    def attach(self, session: Session, pane: Pane) -> None:
        self.session = session
        self.runner = session.runner("audit")
        self.runner.done.connect(self._on_audit)
        self.runner.failed.connect(
            lambda exc: self.audit_page.status.setText(f"Could not audit: {exc}"))
        self.runner.progressed.connect(
            lambda _fraction, message: self.audit_page.status.setText(message))
        self.runner.busy_changed.connect(self._on_busy)
        self.audit_page.run_button.clicked.connect(self.run_audit)
        self.audit_page.cancel_button.clicked.connect(self.runner.cancel)
        self.differ = session.runner("diff")
        self.differ.done.connect(lambda outcome: self.diff_page.show_diff(*outcome))
        self.differ.failed.connect(
            lambda exc: self.diff_page.status.setText(f"Could not compare: {exc}"))
        self.differ.progressed.connect(lambda _f, message: self.diff_page.status.setText(message))
        self.diff_page.run_button.clicked.connect(self.run_diff)
        session.loaded.connect(self._on_loaded)
        if session.tokenizer is not None:
            self._on_loaded(session.choice, session.tokenizer, False)

    def shows(self, encoded) -> bool:
        return True  # it shows the tokenizer, not the text in the box

    def _on_loaded(self, choice, tokenizer: Tokenizer, fallback: bool) -> None:
        self.tokenizer = tokenizer
        for page in (self.lookup_page, self.contrast_page, self.conflicts_page):
            page.tokenizer = tokenizer
        self.cost_page.set_vocab(tokenizer.vocab_size)
        self.audit_page.status.setText(f"{tokenizer.vocab_size:,} ids; press Audit.")

    def run_audit(self) -> None:
        tokenizer = self.tokenizer
        if self.runner is None or tokenizer is None:
            return
        self.runner.submit(lambda job: (tokenizer, run_audit(tokenizer, job)))

    def set_choices(self, choices: list) -> None:
        self.diff_page.set_choices(choices)

    def run_diff(self) -> None:
        left = self.tokenizer
        choice = self.diff_page.other_box.currentData()
        if left is None or choice is None:
            return
        text = self.diff_page.text.text() or None
        left_name = (self.session.choice.label or self.session.choice.key
                     if self.session is not None and self.session.choice is not None
                     else "this tokenizer")
        right_name = choice.label or choice.key

        def work(job):
            job.progress(None, f"Opening {right_name}…")
            right = load_choice(choice)
            job.check()
            job.progress(None, "Comparing…")
            return left, right, diff_tokenizers(left, right, text, names=(left_name, right_name))

        self.differ.submit(work)

    def _on_audit(self, outcome) -> None:
        tokenizer, audit = outcome
        if tokenizer is self.tokenizer:
            self.audit_page.show_audit(tokenizer, audit)

    def _on_busy(self, busy: bool) -> None:
        self.audit_page.cancel_button.setVisible(busy)
        self.audit_page.run_button.setEnabled(not busy)
