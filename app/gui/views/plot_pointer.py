"""The pointer's every move over a plot, in scene coordinates, for the readouts that name what
is under it. pyqtgraph's ``scene().sigMouseMoved`` drops a move that comes within 10 ms of
the one before (its ``mouseRateLimit``), so when the pointer stops right after a quick move
the readout would keep naming the point before; the readouts are cheap, so they take them all."""

from __future__ import annotations

from collections.abc import Callable

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QPointF


class _PointerFilter(QObject):
    def __init__(self, plot: pg.GraphicsView, moved: Callable[[QPointF], None]) -> None:
        super().__init__(plot)
        self._plot = plot
        self._moved = moved

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.MouseMove:
            self._moved(self._plot.mapToScene(event.position().toPoint()))
        return False  # the plot still gets it: dragging, pyqtgraph's own hover


def follow_pointer(plot: pg.GraphicsView, moved: Callable[[QPointF], None]) -> None:
    """Call ``moved`` with the scene position of every pointer move over ``plot``."""
    plot.viewport().setMouseTracking(True)
    plot.viewport().installEventFilter(_PointerFilter(plot, moved))
