"""What a view looks like once it has finished painting — not after some time.

The layers view draws new bands for PAINT_BUDGET of GUI-thread time per paint and leaves the
rest blank for the next paints; on a busy machine one paint may draw a single band. A test that
grabbed the viewport once would see blank bands there (an "id missing" under load)."""

from __future__ import annotations

from PySide6.QtGui import QImage


def whole_layers(qtbot, layers) -> QImage:
    """The layers view's viewport, grabbed once a paint has drawn every band it shows. Each
    grab is a paint that draws at least one more band (kept), so this ends."""
    shot: list[QImage] = []

    def drawn_whole() -> bool:
        shot[:] = [layers.viewport().grab().toImage()]
        return layers.drawn_whole

    qtbot.waitUntil(drawn_whole)
    return shot[0]
