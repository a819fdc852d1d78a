"""What every plot panel that exports does the same way (:mod:`.plot_export` draws the
picture): ask where, write it, say how it went; the geometry tests and the export read (the
data area, the key's text); the export mode that lets the plots shrink to the slide.

A panel mixes :class:`PlotExports` in before ``QWidget``, sets ``EXPORT_STEM`` (the file name
offered) and ``PLOT_MIN_HEIGHT``, and answers :meth:`export_problem` / :meth:`export_saved`
if it says so elsewhere than in its ``readout`` label."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pyqtgraph as pg
from PySide6.QtCore import QRectF

from bpelens.core import BpeLensError

from ..i18n import translate
from .plot_export import ask_export_target, export_plot

PLOT_MIN_WIDTH = 240


class PlotExports:
    """Export plumbing for a plot panel (a QWidget with ``plot_widgets()``, ``drawing()``
    and ``export_copy()``: see :class:`.plot_export.ExportablePlot`)."""

    EXPORT_STEM: ClassVar[str] = "plots"
    PLOT_MIN_HEIGHT: ClassVar[int] = 110

    def plot_widgets(self) -> list[pg.PlotWidget]:
        raise NotImplementedError

    def data_rect(self, plot: pg.PlotWidget) -> QRectF:
        """``plot``'s data area in its widget's coordinates."""
        scene = plot.getPlotItem().vb.sceneBoundingRect()
        return plot.mapFromScene(scene).boundingRect().toRectF()

    def set_export_mode(self, on: bool) -> None:
        """Drawn for a slide: the plots may shrink to any size."""
        for plot in self.plot_widgets():
            if on:
                plot.setMinimumSize(0, 0)
            else:
                plot.setMinimumSize(PLOT_MIN_WIDTH, self.PLOT_MIN_HEIGHT)

    def text_rects_in(self, item: Any, rects: list[QRectF], plot: pg.PlotWidget
                      ) -> list[QRectF]:
        """``rects`` in ``item``'s coordinates (a key drawn inside ``plot``), in the
        drawing's."""
        drawing = self.drawing()  # type: ignore[attr-defined]
        out = []
        for rect in rects:
            scene = item.mapToScene(rect).boundingRect()
            origin = plot.mapTo(drawing, plot.mapFromScene(scene.topLeft()))
            out.append(QRectF(origin.x(), origin.y(), scene.width(), scene.height()))
        return out

    def ask_export(self) -> None:
        target = ask_export_target(self, self, self.EXPORT_STEM)  # type: ignore[arg-type]
        if target is None:
            return
        path, choice = target
        self.export_to(path, size=choice.size, scale=choice.scale)

    def export_to(self, path: Path, *, size: tuple[int, int] | None = None,
                  scale: float = 1) -> None:
        """Written, or :meth:`export_problem` says why not."""
        try:
            export_plot(self, path, size=size, scale=scale)  # type: ignore[arg-type]
        except (BpeLensError, OSError, ValueError) as exc:
            self.export_problem(translate("PlotExports", "Could not export to {path}: {error}")
                                .format(path=path, error=exc))
            return
        self.export_saved(path)

    def export_problem(self, message: str) -> None:
        self.readout.setText(message)  # type: ignore[attr-defined]

    def export_saved(self, path: Path) -> None:
        readout = getattr(self, "readout", None)
        if readout is not None:
            readout.setText(translate("PlotExports", "Saved {path}").format(path=path))
        exported = getattr(self, "exported", None)
        if exported is not None:
            exported.emit(str(path))
