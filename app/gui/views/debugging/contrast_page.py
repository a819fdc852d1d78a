"""Other ways to cut the same text: greedy longest match, BPE-dropout, a Unigram lattice."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    BpeLensError,
    Tokenizer,
    dropout_samples,
    greedy_longest_match,
    unigram_lattice,
)

from .common import label_of


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
            return " | ".join(label_of(tokenizer, i) for i in ids)

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
                                 f"{label_of(tokenizer, node.id)}  {node.score:.3f}")
        except BpeLensError:
            pass  # not a Unigram tokenizer: nothing to show
        self.output.setPlainText("\n".join(lines))
