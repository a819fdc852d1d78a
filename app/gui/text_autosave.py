"""Keeping the editor's text on disk while the user works, so a crash never loses it.

A pause in typing saves the text on a thread of its own (a save never waits behind an encode,
a load or anything else). Closing the window saves at once, on the GUI thread. Writes happen
one at a time and in order: an older text is never written over a newer one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from bpelens.core import BpeLensError

from .i18n import translate
from .settings import write_text
from .worker import Job, Runner

SAVE_DELAY_MS = 800


class TextAutosave(QObject):
    """``failed(message)`` when a save did not happen; ``saved()`` after each one."""

    failed = Signal(str)
    saved = Signal()

    def __init__(self, path: Path, text: Callable[[], str], parent: QObject | None = None,
                 *, delay_ms: int = SAVE_DELAY_MS) -> None:
        super().__init__(parent)
        self.path = path
        self._text = text
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.save_soon)
        self._runner = Runner("save", self)
        self._runner.failed.connect(lambda exc: self.failed.emit(self._reason(exc)))
        self._runner.done.connect(lambda _: self.saved.emit())
        self._write_lock = threading.Lock()
        self._revision = 0  # of the last text handed to a writer
        self._written = 0  # of the last text written

    @property
    def busy(self) -> bool:
        return self._timer.isActive() or self._runner.busy

    def changed(self) -> None:
        """The text changed: save it after a pause."""
        self._timer.start()

    def save_soon(self) -> None:
        self._timer.stop()
        self._revision += 1
        revision, text = self._revision, self._text()
        self._runner.submit(lambda job: self._write(revision, text, job))

    def save_now(self) -> str | None:
        """Save at once (closing); returns what went wrong, if anything. Waits only for a
        write already under way, never for other work."""
        self._timer.stop()
        self._runner.shutdown()
        self._revision += 1
        try:
            self._write(self._revision, self._text(), None)
        except (OSError, BpeLensError) as exc:
            return self._reason(exc)
        return None

    def _write(self, revision: int, text: str, job: Job | None) -> None:
        with self._write_lock:
            if revision <= self._written:
                return  # a newer text is already on disk
            write_text(self.path, text)
            self._written = revision

    def _reason(self, exc: BaseException) -> str:
        if isinstance(exc, OSError):
            return translate("TextAutosave", "Cannot save the text for next time: {path}: "
                             "{reason}").format(path=self.path, reason=exc.strerror or exc)
        return translate("TextAutosave", "Cannot save the text for next time: {reason}").format(
            reason=exc)
