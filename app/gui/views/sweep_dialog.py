"""The studio's vocabulary-size sweep: the runs chosen, cut at the sizes typed, measured on the
corpus's evaluation sentences off the GUI thread (progress, Cancel), drawn as the trade-off
curve and per-language measures (:mod:`.sweep_plots`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import BpeLensError, ConfigError, Sweep, parse_sizes

from .. import style
from .sweep_plots import SweepPlots

DEFAULT_SIZES = "300:8256:x2"


def offered_sizes(largest: int) -> list[int]:
    """Doubling sizes ending at ``largest``: ``largest``, half of it, … down to an eighth of
    it (or 260 for a small vocabulary), ascending."""
    sizes = [largest]
    while len(sizes) < 6 and sizes[-1] // 2 >= max(260, largest // 32):
        sizes.append(sizes[-1] // 2)
    return sorted(sizes)


class SweepDialog(QDialog):
    """``start(names, work)``: ``work(sizes, job)`` gives the sweeps, run by ``runner``."""

    def __init__(self, runner: Any, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Vocabulary-size sweep"))
        self.runner = runner
        self.work: Callable[[list[int], Any], list[Sweep]] | None = None
        self.sweeps: list[Sweep] = []
        self.sizes = QLineEdit(DEFAULT_SIZES)
        self.edited = False
        self.sizes.textEdited.connect(lambda _text: setattr(self, "edited", True))
        self.sizes.setToolTip(self.tr("FROM:TO:xFACTOR, FROM:TO:+STEP or sizes separated by "
                                      "commas"))
        self.sweep_button = QPushButton(self.tr("Sweep"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setVisible(False)
        self.export_button = QPushButton(self.tr("Export plots…"))
        self.progress = QProgressBar()
        self.progress.setVisible(False)
        self.status = QLabel(" ")
        self.status.setWordWrap(True)
        style.set_tone(self.status, "muted")
        self.plots = SweepPlots()
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Sizes")))
        row.addWidget(self.sizes, 1)
        row.addWidget(self.sweep_button)
        row.addWidget(self.cancel_button)
        row.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.plots, 1)
        self.sweep_button.clicked.connect(self.sweep)
        self.sizes.returnPressed.connect(self.sweep)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button.clicked.connect(self.plots.ask_export)
        self.plots.exported.connect(lambda path: self.status.setText(
            self.tr("Saved {path}").format(path=path)))
        runner.done.connect(self._on_done)
        runner.failed.connect(self._on_failed)
        runner.progressed.connect(self._on_progress)
        runner.busy_changed.connect(self._on_busy)
        self.resize(1100, 620)

    def start(self, names: list[str], work: Callable[[list[int], Any], list[Sweep]],
              largest: int | None = None) -> None:
        """Sweep at once; ``largest``: the largest run's vocabulary size, which the sizes
        offered end at (doubling up to it from an eighth of it or 300)."""
        self.work = work
        if largest is not None and not self.edited:
            self.sizes.setText(",".join(map(str, offered_sizes(largest))))
        self.status.setText(self.tr("Runs: {names}").format(names=", ".join(names)))
        self.sweep()

    def sweep(self) -> None:
        if self.work is None:
            return
        try:
            sizes = parse_sizes(self.sizes.text(), where=self.tr("Sizes"))
        except ConfigError as exc:
            self.status.setText(str(exc))
            return
        work = self.work
        self.runner.submit(lambda job: work(sizes, job))

    def cancel(self) -> None:
        self.runner.cancel()
        self.status.setText(self.tr("Sweep cancelled; the last curves stay."))

    def _on_done(self, sweeps: list[Sweep]) -> None:
        self.sweeps = sweeps
        self.plots.set_sweeps(sweeps)
        if sweeps:
            first = sweeps[0]
            self.status.setText(self.tr("{runs} runs × {sizes} sizes on {sentences:,} evaluation "
                                        "sentences in {languages} languages (reference "
                                        "{reference})").format(
                runs=len(sweeps), sizes=len(first.points), sentences=first.sentences,
                languages=len(first.languages), reference=first.reference))

    def _on_failed(self, exc: BaseException) -> None:
        message = str(exc) if isinstance(exc, BpeLensError | OSError) else repr(exc)
        self.status.setText(self.tr("Could not sweep: {error}").format(error=message))

    def _on_progress(self, fraction, message: str) -> None:
        self.status.setText(message)
        if fraction is None:
            self.progress.setRange(0, 0)
        else:
            self.progress.setRange(0, 1000)
            self.progress.setValue(round(1000 * fraction))

    def _on_busy(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.sweep_button.setEnabled(not busy)
        self.setCursor(Qt.CursorShape.BusyCursor if busy else Qt.CursorShape.ArrowCursor)
