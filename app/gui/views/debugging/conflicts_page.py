"""Merges added to the tokenizer in the main view, and the added tokens they leave
unreachable, with fixes."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    BpeLensError,
    ConfigError,
    Tokenizer,
    add_merges,
    apply_fixes,
    extended_format,
    find_conflicts,
    isolated,
    printable_to_bytes,
    save_extended,
    visible,
)

from ... import style
from ...i18n import translate
from ...zoom import zoom_tree
from .common import text_of


class ConflictsPage(QWidget):
    """Merges added to the tokenizer in the main view (BPE trained in BPE Lens, or a Hugging
    Face vocabulary + merges BPE), the added tokens that can no longer come out, the fixes,
    applied and saved (as the format it came in)."""

    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.extended: Tokenizer | None = None
        self.conflicts: list = []
        self.runner = None  # set by the view: the check runs off the GUI thread
        self.rules = QPlainTextEdit()
        self.rules.setPlaceholderText(self.tr("One merge per line: LEFT + RIGHT, each a token's "
                                              "text (␣ for a space) or its byte-level spelling "
                                              "(Ġkitten), e.g.\nb + c\na + bc"))
        self.check_button = QPushButton(self.tr("Add and check"))
        self.fix_button = QPushButton(self.tr("Apply the fixes and save…"))
        self.fix_button.setEnabled(False)
        self.problem = QLabel()
        style.set_tone(self.problem, "error")
        self.problem.setWordWrap(True)
        self.report = QPlainTextEdit()
        self.report.setReadOnly(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.fix_button)
        buttons.addStretch(1)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.rules, 1)
        left_layout.addLayout(buttons)
        left_layout.addWidget(self.problem)
        split = QSplitter()
        split.addWidget(left)
        split.addWidget(self.report)
        split.setSizes([360, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        self.check_button.clicked.connect(self.check)
        self.fix_button.clicked.connect(self.ask_save_fixed)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def parsed_rules(self) -> list[tuple[int, str, str]]:
        """(line number, left, right) as typed, ␣ a space; a one-line error names a bad
        line."""
        rules = []
        for number, line in enumerate(self.rules.toPlainText().splitlines(), start=1):
            if not line.strip():
                continue
            left, sep, right = line.partition(" + ")
            if not sep or not left or not right:
                raise ConfigError(self.tr("line {number}: expected LEFT + RIGHT, not {line}")
                                  .format(number=number, line=repr(line)))
            rules.append((number, left.replace("␣", " "), right.replace("␣", " ")))
        if not rules:
            raise ConfigError(self.tr("no merge given: one per line, LEFT + RIGHT"))
        return rules

    def check(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        try:
            rules = self.parsed_rules()
        except BpeLensError as exc:
            self.problem.setText(str(exc))
            self.fix_button.setEnabled(False)
            return
        self.problem.clear()
        self.fix_button.setEnabled(False)
        if self.runner is None:
            self.show_outcome(check_merges(tokenizer, rules))
            return
        # Each fix is checked on a rebuilt copy: ~0.6 s for Llama 3's vocabulary.
        self.report.setPlainText(self.tr("Adding the merges and checking every added token…"))
        self.runner.submit(lambda job: check_merges(tokenizer, rules))

    def show_failure(self, exc: BaseException) -> None:
        self.problem.setText(str(exc))
        self.report.clear()

    def show_outcome(self, outcome: tuple[Tokenizer, tuple[int, ...], list]) -> None:
        extended, made, conflicts = outcome
        self.extended, self.conflicts = extended, conflicts
        self.report.setPlainText("\n".join(conflict_report(extended, made, conflicts)))
        self.fix_button.setEnabled(True)
        self.fix_button.setText(self.tr("Apply the fixes and save…") if any(
            c.fix for c in conflicts) else self.tr("Save the extended tokenizer…"))

    def fixed_tokenizer(self) -> Tokenizer | None:
        if self.extended is None:
            return None
        return apply_fixes(self.extended, self.conflicts) if self.conflicts else self.extended

    def ask_save_fixed(self) -> None:
        fixed = self.fixed_tokenizer()
        if fixed is None:
            return
        hf = extended_format(fixed) == "tokenizer.json"
        name, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save the tokenizer"), "tokenizer.json" if hf else "fixed.json",
            self.tr("Hugging Face tokenizer.json (*.json)") if hf
            else self.tr("BPE Lens tokenizer (*.json)"))
        if not name:
            return
        try:
            save_extended(fixed, name)
        except (BpeLensError, OSError) as exc:
            self.problem.setText(self.tr("Could not save {name}: {error}").format(name=name,
                                                                              error=exc))
            return
        self.report.appendPlainText("\n" + self.tr("Saved to {name}.").format(name=name))


def check_merges(tokenizer: Tokenizer, rules: list[tuple[int, str, str]]
                 ) -> tuple[Tokenizer, tuple[int, ...], list]:
    known = {tokenizer.token_bytes(tid) for start, end in tokenizer.id_ranges()
             for tid in range(start, end + 1)}
    as_bytes = []
    for number, left, right in rules:
        pair = []
        for typed in (left, right):
            data = token_bytes_of(typed, known)
            if data not in known:
                raise ConfigError(translate(
                    "ConflictsPage", "line {number}: {token} is not a token of this tokenizer "
                    "(nor made by a merge on a line above)").format(number=number,
                                                                    token=repr(typed)))
            pair.append(data)
        known.add(pair[0] + pair[1])  # a later line may join it
        as_bytes.append((pair[0], pair[1]))
    extended, made = add_merges(tokenizer, as_bytes)
    return extended, made, find_conflicts(extended, made)


def conflict_report(extended: Tokenizer, made: tuple[int, ...], conflicts: list) -> list[str]:
    label = lambda tid: text_of(extended, tid)  # noqa: E731
    lines = [translate("ConflictsPage", "{n} merges added, making {tokens}.").format(
        n=len(made), tokens=", ".join(label(t) for t in made))]
    if not conflicts:
        lines.append(translate("ConflictsPage",
                               "Every added token comes out when its own text is encoded."))
    for conflict in conflicts:
        lines.append("")
        lines.append(translate(
            "ConflictsPage", "{token} (id {id}) never comes out: its text {text} encodes to "
            "{pieces}").format(token=label(conflict.token_id), id=conflict.token_id,
                               text=repr(conflict.text),
                               pieces=" | ".join(isolated(label(t))
                                                 for t in conflict.stops_at)))
        if conflict.blocked_by is not None:
            rule = conflict.blocked_by
            lines.append("  " + translate(
                "ConflictsPage", "merge {rank} ({left} + {right}) applies first and blocks the "
                "way").format(rank=rule.rank, left=isolated(label(rule.left_id)),
                              right=isolated(label(rule.right_id))))
        if not conflict.fix:
            lines.append("  " + translate(
                "ConflictsPage", "no merge can fix it: what its text encodes to does not join "
                "into its bytes (a prefix, a part of a character or an unknown piece)"))
            continue
        fix = ", ".join(f"{visible(a.decode('utf-8', 'replace'))} + "
                        f"{visible(b.decode('utf-8', 'replace'))}" for a, b in conflict.fix)
        verdict = (translate("ConflictsPage", "checked: it then comes out") if conflict.fixed
                   else translate("ConflictsPage", "not enough alone"))
        lines.append("  " + translate("ConflictsPage", "fix: add {fix} — {verdict}").format(
            fix=fix, verdict=verdict))
    return lines


def token_bytes_of(typed: str, known: set[bytes]) -> bytes:
    """A token typed as its text ("␣kitten") or as a byte-level vocabulary spells it
    ("Ġkitten"): the text when a token has those bytes, else the spelling's bytes."""
    plain = typed.encode("utf-8")
    if plain in known:
        return plain
    try:
        spelled = printable_to_bytes(typed)
    except (KeyError, ValueError):
        return plain
    return spelled if spelled in known else plain
