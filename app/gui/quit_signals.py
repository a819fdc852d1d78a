"""Ctrl+C in the terminal, or SIGTERM (a logout, ``kill``), closes the window the way its
close button does: the text is saved, running work is abandoned, the process ends. A second
Ctrl+C does what Ctrl+C does by default.

Python runs a signal handler only between bytecodes of the main thread, and the Qt event loop
is C++: a handler alone would wait for the next Python slot. So the signal's number is also
written to a socket that Qt watches, which wakes the event loop at once.
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier

SIGNALS = (signal.SIGINT, signal.SIGTERM)


class QuitOnSignals(QObject):
    """While alive, SIGINT and SIGTERM call ``close()`` on the GUI thread."""

    def __init__(self, close: Callable[[], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._close = close
        self._reader, self._writer = socket.socketpair()
        self._reader.setblocking(False)
        self._writer.setblocking(False)
        self._previous_fd = signal.set_wakeup_fd(self._writer.fileno())
        self._previous = {sig: signal.signal(sig, self._on_signal) for sig in SIGNALS}
        self._notifier = QSocketNotifier(self._reader.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._drain)
        self._closing = False

    def _on_signal(self, signum: int, frame: object) -> None:
        if self._closing:  # a second Ctrl+C: the default action, at once
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        self._closing = True
        self._close()

    def _drain(self) -> None:
        try:
            while self._reader.recv(64):
                pass
        except BlockingIOError:
            pass

    def restore(self) -> None:
        """Give the signals back to whoever had them."""
        self._notifier.setEnabled(False)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        signal.set_wakeup_fd(self._previous_fd)
        self._reader.close()
        self._writer.close()
