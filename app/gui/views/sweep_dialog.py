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

from bpelens.core import BpeLensError, ConfigError, Sweep, localize, parse_sizes

from .. import style
from .sweep_plots import SweepPlots

DEFAULT_SIZES = ""  # until a sweep says which sizes it used


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
        self.sizes.returnPressed.connect(lambda: setattr(self, "edited", True))
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

    def start(self, names: list[str], work: Callable[[list[int] | None, Any], list[Sweep]]
              ) -> None:
        """Sweep at once: at the sizes typed, or (until sizes are typed) at sizes the work
        chooses from the runs' vocabularies, shown in the box once done."""
        self.work = work
        self.status.setText(self.tr("Runs: {names}").format(names=", ".join(names)))
        self.sweep()

    def sweep(self) -> None:
        if self.work is None:
            return
        sizes: list[int] | None = None
        if self.edited:
            try:
                sizes = parse_sizes(self.sizes.text(), where=self.tr("Sizes"))
            except ConfigError as exc:
                self.status.setText(localize(exc.message))
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
            if not self.edited:
                self.sizes.setText(",".join(str(p.size) for p in first.points))
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
