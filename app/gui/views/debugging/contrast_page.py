"""Other ways to cut the same text: greedy longest match, BPE-dropout, a Unigram lattice and
the Unigram model's sampled segmentations (subword regularization)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    BpeLensError,
    Tokenizer,
    dropout_samples,
    greedy_longest_match,
    isolated,
    sample_segmentations,
    segmentation_distribution,
    unigram_lattice,
)

from ...i18n import translate
from ...zoom import zoom_tree
from .common import label_of
from .lattice_canvas import LatticeCanvas


class ContrastPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None  # set by the view: the work runs off the GUI thread
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
        self.alpha = QDoubleSpinBox()
        self.alpha.setRange(0, 100)
        self.alpha.setDecimals(3)
        self.alpha.setSingleStep(0.05)
        self.alpha.setValue(0.1)
        self.alpha.setToolTip(self.tr("Unigram sampling: a segmentation is drawn with "
                                      "probability ∝ exp(alpha · its score); 0 draws them all "
                                      "equally often"))
        self.nbest = QSpinBox()
        self.nbest.setRange(-1, 512)  # sentencepiece's limit
        self.nbest.setValue(-1)
        self.nbest.setToolTip(self.tr("Unigram sampling among the n best segmentations; −1: "
                                      "among all of them; 0 or 1: the best one "
                                      "(sentencepiece's nbest_size)"))
        self.run_button = QPushButton(self.tr("Cut it"))
        self.output = QPlainTextEdit()
        self.output.setReadOnly(True)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Text")))
        row.addWidget(self.text, 1)
        row.addWidget(QLabel(self.tr("dropout p")))
        row.addWidget(self.p)
        row.addWidget(QLabel(self.tr("samples")))
        row.addWidget(self.samples)
        row.addWidget(QLabel(self.tr("seed")))
        row.addWidget(self.seed)
        row.addWidget(self.run_button)
        sampling = QHBoxLayout()
        sampling.addWidget(QLabel(self.tr("Unigram sampling: alpha")))
        sampling.addWidget(self.alpha)
        sampling.addWidget(QLabel(self.tr("n-best")))
        sampling.addWidget(self.nbest)
        sampling.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(sampling)
        self.lattice = LatticeCanvas()
        self.lattice_area = QScrollArea()
        self.lattice_area.setWidgetResizable(True)
        self.lattice_area.setWidget(self.lattice)
        self.lattice_area.setVisible(False)  # until a Unigram tokenizer gives a lattice
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.output)
        split.addWidget(self.lattice_area)
        split.setStretchFactor(1, 3)
        layout.addWidget(split, 1)
        self.run_button.clicked.connect(self.run)
        self.text.returnPressed.connect(self.run)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and canvas at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def run(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        args = (tokenizer, self.text.text(), self.p.value(), self.samples.value(),
                self.seed.value(), self.alpha.value(), self.nbest.value())
        if self.runner is None:
            self.show_result(contrast_report(*args))
        else:  # many samples or a long text's lattice take a while
            self.output.setPlainText(self.tr("Cutting…"))
            self.runner.submit(lambda job: contrast_report(*args))

    def show_result(self, result: tuple[Tokenizer, list[str], list | None]) -> None:
        tokenizer, lines, pieces = result
        if pieces is None:  # not a Unigram tokenizer: no lattice to draw
            self.lattice.clear()
            self.lattice_area.setVisible(False)
        else:
            self.lattice.set_lattice(tokenizer, pieces)
            self.lattice_area.setVisible(True)
        self.output.setPlainText("\n".join(lines))


def contrast_report(tokenizer: Tokenizer, text: str, p: float, samples: int, seed: int,
                    alpha: float = 0.1, nbest: int = -1
                    ) -> tuple[Tokenizer, list[str], list | None]:
    """The lines the page shows and the Unigram lattice (None for other models)."""

    def cut(ids) -> str:
        return " | ".join(isolated(label_of(tokenizer, i)) for i in ids)

    # Worked out off the GUI thread: translate() is safe there.
    try:
        # The two names padded to one width, in whichever language, so the cuts line up.
        names = (translate("ContrastPage", "the tokenizer:"),
                 translate("ContrastPage", "greedy longest match:"))
        width = max(map(len, names)) + 4
        lines = [names[0].ljust(width) + cut(tokenizer.encode_ids(text, special="none")),
                 names[1].ljust(width) + cut(greedy_longest_match(tokenizer, text))
                 + translate("ContrastPage", "   (WordPiece's rule, on this vocabulary)")]
    except BpeLensError as exc:
        return tokenizer, [translate("ContrastPage", "This tokenizer cannot encode the text: "
                                     "{error}").format(error=exc)], None
    try:
        drawn = dropout_samples(tokenizer, text, p, samples, seed=seed)
        lines.append(translate("ContrastPage", "BPE-dropout p={p:g}, {samples:,} samples, seed "
                               "{seed}: {distinct} distinct").format(
            p=drawn.p, samples=drawn.samples, seed=drawn.seed,
            distinct=len(drawn.segmentations)))
        for ids, count in drawn.segmentations[:30]:
            lines.append(f"  {count / drawn.samples:7.2%}  {cut(ids)}")
    except BpeLensError as exc:
        lines.append(translate("ContrastPage", "BPE-dropout: {error}").format(error=exc))
    try:
        pieces = unigram_lattice(tokenizer, text)
    except BpeLensError:
        return tokenizer, lines, None
    lines.extend(sampling_lines(tokenizer, text, alpha, nbest, samples, seed, cut))
    for piece in pieces:
        lines.append(translate("ContrastPage", "Unigram lattice of {text}: {n} candidates")
                     .format(text=repr(piece.text), n=len(piece.nodes)))
        for node in piece.nodes:
            mark = "★" if node.on_best_path else " "
            lines.append(f"  {mark} [{node.start}:{node.end}] "
                         f"{label_of(tokenizer, node.id)}  {node.score:.3f}")
    return tokenizer, lines, pieces


def sampling_lines(tokenizer: Tokenizer, text: str, alpha: float, nbest: int, samples: int,
                   seed: int, cut) -> list[str]:
    """The Unigram model's sampled segmentations: each one's exact probability, and how often
    it came in ``samples`` draws with ``seed`` (drawn as sentencepiece draws)."""
    try:
        exact = segmentation_distribution(tokenizer, text, alpha=alpha, nbest=nbest)
        drawn = sample_segmentations(tokenizer, text, alpha=alpha, nbest=nbest,
                                     samples=samples, seed=seed)
    except BpeLensError as exc:
        return [translate("ContrastPage", "Unigram sampling: {error}").format(error=exc)]
    lines = [translate("ContrastPage", "Unigram sampling alpha={alpha:g}, n-best {nbest}: "
                       "{total:,} segmentations; probability, then the share of {samples:,} "
                       "draws (seed {seed})").format(alpha=exact.alpha, nbest=exact.nbest,
                                                     total=exact.total, samples=samples,
                                                     seed=seed)]
    for segmentation in exact.segmentations[:30]:
        share = drawn.get(segmentation.ids, 0) / samples
        lines.append(f"  {segmentation.probability:7.2%}  {share:7.2%}  "
                     f"{cut(segmentation.ids)}")
    if len(exact.segmentations) > 30 or exact.rest > 0:
        listed = sum(s.probability for s in exact.segmentations[:30])
        lines.append(translate("ContrastPage", "  {rest:7.2%}  the other segmentations").format(
            rest=max(0.0, 1 - listed)))
    return lines
