"""The tokenizer in the main view against another one."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
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
    visible,
)

from ..sentence_canvas import SentenceCanvas
from .common import cut_line, muted


class DiffPage(QWidget):
    """The tokenizer in the main view against another one the picker offers (or a file)."""

    def __init__(self) -> None:
        super().__init__()
        self.choices: list = []
        self.other_box = QComboBox()
        self.other_box.setMinimumContentsLength(24)
        self.text = QLineEdit("Hello 世界, tokenizers differ: naïve café 🙂 1234567")
        self.run_button = QPushButton("Compare")
        self.status = muted("Compare the tokenizer in the main view with another one.")
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
            shown = "  ".join(visible(x["token"]) for x in vocabulary[key][:12])
            if shown:
                lines.append(f"{title}, e.g.: {shown}")
        seg = result.segmentation
        if seg is not None:
            lines.append("")
            lines.append(f"the text: {seg.text!r}")
            lines.append("left:  " + cut_line(left, seg.left_ids))
            lines.append("right: " + cut_line(right, seg.right_ids))
            only_left, only_right = seg.only_left_cuts, seg.only_right_cuts
            lines.append(f"cuts only left at bytes {list(only_left)}; only right at "
                         f"{list(only_right)}" if only_left or only_right
                         else "both cut the text at the same bytes")
        self.output.setPlainText("\n".join(lines))
        self.status.setText("Compared.")

