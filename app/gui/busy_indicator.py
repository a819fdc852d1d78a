"""The status bar's "working" corner: what runs (loading a tokenizer, encoding), a busy bar and
Cancel. Work that ends within :data:`SHOWN_AFTER_MS` shows nothing (no flicker on every
keystroke); a load, which the user asked for, shows at once."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from .worker import Runner

SHOWN_AFTER_MS = 300


class BusyIndicator(QWidget):
    """``cancelled(runner)`` when Cancel is pressed, for the first busy runner watched."""

    cancelled = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.label = QLabel()
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(160)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.progress)
        layout.addWidget(self.cancel_button)
        self.progress.hide()
        self.cancel_button.hide()
        self._watched: list[tuple[Runner, Callable[[], str], bool]] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(SHOWN_AFTER_MS)
        self._timer.timeout.connect(self.refresh)
        self.cancel_button.clicked.connect(self._on_cancel)

    def watch(self, runner: Runner, describe: Callable[[], str], *,
              at_once: bool = False) -> None:
        """Show ``describe()`` while ``runner`` is busy (``at_once``: without the delay)."""
        self._watched.append((runner, describe, at_once))
        runner.busy_changed.connect(lambda busy: self._on_busy(busy, at_once))
        runner.progressed.connect(lambda _fraction, _message: self.refresh())

    def note(self, text: str) -> None:
        """A word about work outside the runners ("Pasting…"), until refreshed."""
        self.label.setText(text)

    def _busy(self) -> tuple[Runner, Callable[[], str]] | None:
        for runner, describe, _ in self._watched:
            if runner.busy:
                return runner, describe
        return None

    def _on_busy(self, busy: bool, at_once: bool) -> None:
        if busy and at_once:
            self.refresh()
        elif busy:
            if not self._timer.isActive() and not self.progress.isVisible():
                self._timer.start()
        elif self._busy() is None:
            self._timer.stop()
            self.refresh()

    def refresh(self) -> None:
        busy = self._busy()
        if busy is None:
            self.label.clear()
            self.progress.hide()
            self.cancel_button.hide()
            return
        self.label.setText(busy[1]())
        self.progress.show()
        self.cancel_button.show()

    def _on_cancel(self) -> None:
        busy = self._busy()
        if busy is not None:
            self.cancelled.emit(busy[0])
