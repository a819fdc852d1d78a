"""The zoom, pixel ratio and theme every plot widget of the window draws with, kept in one
place so presentation mode, an export at 2× and a theme switch restyle each plot the same
way."""

from __future__ import annotations

from PySide6.QtCore import QEvent

from .plot_theme import PlotInk, plot_ink


class PlotLook:
    """Mix in before ``QWidget``; call :meth:`_init_look` in ``__init__`` and define
    ``_restyle``. A plot whose drawn data depends on the look too overrides :meth:`_relook`."""

    zoom: float
    pixel_ratio: float  # device pixels per logical pixel of the picture (exports)
    ink: PlotInk

    def _init_look(self) -> None:
        self.zoom = 1.0
        self.pixel_ratio = 1.0
        self.ink = plot_ink(self)  # type: ignore[arg-type]

    def _restyle(self) -> None:
        raise NotImplementedError

    def _relook(self) -> None:
        self._restyle()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)  # type: ignore[misc]
        if event.type() == QEvent.Type.PaletteChange:
            self.ink = plot_ink(self)  # type: ignore[arg-type]
            self._relook()

    def set_zoom(self, zoom: float) -> None:
        """Text and lines ``zoom`` times their size at 1 (presentation mode, exports)."""
        zoom = max(0.5, min(4.0, float(zoom)))
        if zoom != self.zoom:
            self.zoom = zoom
            self._relook()

    def set_pixel_ratio(self, ratio: float) -> None:
        """Lines and pixel-sized marks drawn for a picture of ``ratio`` device pixels per
        logical pixel (a PNG at 2×)."""
        if ratio != self.pixel_ratio:
            self.pixel_ratio = ratio
            self._relook()
