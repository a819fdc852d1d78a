"""The tokenizer in the main view against another one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    Tokenizer,
    isolated,
)

from ...fitting_combo import FittingComboBox
from ...zoom import zoom_tree
from ..sentence_canvas import SentenceCanvas
from .common import cut_line, muted


def quoted(text: str | None) -> str:
    """A token (already written as the window writes tokens) in quotes; nothing as —."""
    return "—" if text is None else f"“{isolated(text)}”"


class DiffPage(QWidget):
    """The tokenizer in the main view against another one the picker offers (or a file)."""

    def __init__(self) -> None:
        super().__init__()
        self.choices: list = []
        self.other_box = FittingComboBox(minimum_length=24)
        self.text = QLineEdit("Hello 世界, tokenizers differ: naïve café 🙂 1234567")
        self.run_button = QPushButton(self.tr("Compare"))
        self.status = muted(self.tr("Compare the tokenizer in the main view with another one."))
        self.output = QPlainTextEdit()
        self.output.setReadOnly(True)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Against")))
        row.addWidget(self.other_box, 1)
        row.addWidget(self.run_button)
        text_row = QHBoxLayout()
        text_row.addWidget(QLabel(self.tr("Text")))
        text_row.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(text_row)
        layout.addWidget(self.status)
        # The text's cuts under both, on its bytes: red lines where only one cuts.
        self.canvas = SentenceCanvas()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.canvas)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(scroll)  # the cuts first: what differs is seen before it is read
        split.addWidget(self.output)
        split.setSizes([220, 200])
        layout.addWidget(split, 1)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def set_choices(self, choices: list) -> None:
        current = self.other_box.currentData()
        self.choices = list(choices)
        self.other_box.clear()
        for choice in self.choices:
            self.other_box.addItem(choice.label or choice.key, choice)
        if current is not None and current in self.choices:
            self.other_box.setCurrentIndex(self.choices.index(current))

    def show_diff(self, left: Tokenizer, right: Tokenizer, result, aligned=None) -> None:
        if aligned is None:
            self.canvas.clear()
        else:
            self.canvas.show_sentence(aligned, (left, right))
        data = result.to_json()
        vocabulary = data["vocabulary"]
        merges = data["merges"]
        lines = [
            self.tr("left: {left}   right: {right}").format(left=result.left_name,
                                                           right=result.right_name),
            self.tr("vocabulary: {same:,} tokens shared with the same id, {other:,} with "
                    "another id, {left:,} only left, {right:,} only right").format(
                same=vocabulary["shared_same_id"], other=vocabulary["same_bytes_other_id"],
                left=vocabulary["only_left"], right=vocabulary["only_right"]),
            self.tr("ids 0–{last:,} mean the same bytes in both").format(
                last=result.same_id_prefix - 1)
            if result.same_id_prefix else self.tr("id 0 already differs"),
            self.tr("merges: {left:,} left, {right:,} right; the first {shared:,} are the same")
            .format(left=merges["left"], right=merges["right"],
                    shared=merges["shared_prefix"]),
        ]
        if merges["first_difference"] is not None:
            first = merges["first_difference"]
            lines.append("  " + self.tr("first difference at rank {rank:,}: left makes {left}, "
                                        "right makes {right}").format(
                rank=first["rank"], left=quoted(first["left"]), right=quoted(first["right"])))
        for title, key in ((self.tr("only left, e.g.: {tokens}"), "examples_only_left"),
                           (self.tr("only right, e.g.: {tokens}"), "examples_only_right")):
            shown = "  ".join(isolated(x["token"]) for x in vocabulary[key][:12])
            if shown:
                lines.append(title.format(tokens=shown))
        seg = result.segmentation
        if seg is not None:
            lines.append("")
            lines.append(self.tr("the text: {text}").format(text=quoted(seg.text)))
            lines.append(self.tr("left:  {cuts}").format(cuts=cut_line(left, seg.left_ids)))
            lines.append(self.tr("right: {cuts}").format(cuts=cut_line(right, seg.right_ids)))
            only_left, only_right = seg.only_left_cuts, seg.only_right_cuts
            lines.append(self.tr("cuts only left at bytes {left}; only right at {right}").format(
                left=list(only_left), right=list(only_right)) if only_left or only_right
                else self.tr("both cut the text at the same bytes"))
        runtime = result.runtime
        if runtime is not None:
            # Where the ids part and why comes first: it is what one compares two runtimes
            # of a model for.
            said = [self.tr("the same ids") if runtime.same else self.tr(
                "the ids differ in {count} places:").format(count=len(runtime.differences))]
            said += ["  " + self.tr("characters {start}–{end}, {stage}: {reason}").format(
                start=d.char_start, end=d.char_end, stage=d.stage, reason=d.reason)
                for d in runtime.differences]
            lines[1:1] = [*said, ""]
        self.output.setPlainText("\n".join(lines))
        self.status.setText(self.tr("Compared."))

