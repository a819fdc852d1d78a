"""Plots for slides. A plot is exported by drawing it again, offscreen, at the size of the
slide — a fresh instance of the same plot class with the same data and options, laid out at
that logical size with its fonts, lines and key sized for it (:func:`canvas_zoom`) — then
painted at the scale asked (a 1920×1080 plot at 2× is a 3840×2160 PNG) or as SVG. It is never
a screenshot of the widget on screen scaled up: the window and the export share one drawing
(the plot class's own ``draw``), not its pixels.

A plot class that exports offers (:class:`ExportablePlot`): ``export_copy()`` (a new
instance showing the same thing), ``drawing()`` (the widget whose area is the picture),
``plot_widgets()`` (the pyqtgraph plots in it), ``set_export_mode(True)`` (hide the controls
and readouts around the picture), ``set_zoom(zoom)``, ``set_pixel_ratio(ratio)`` (lines and
pixel-sized marks for a PNG at 2×) and ``key_text_rects()``."""

from __future__ import annotations

import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pyqtgraph as pg
from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QBuffer,
    QByteArray,
    QIODevice,
    QPoint,
    QRect,
    QRectF,
    QSize,
    Qt,
    qInstallMessageHandler,
)
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QWidget,
)

from bpelens.core import ConfigError, write_atomic

from ..i18n import translate
from .plot_theme import export_palette, plot_ink

PRESETS: tuple[tuple[int, int], ...] = ((1920, 1080), (1280, 720), (1080, 1080))
SCALES: tuple[int, ...] = (1, 2, 3)
# The canvas the on-screen sizes are made for: a larger one zooms fonts and lines with it
# (by the square root of the area ratio: 1920×1080 → 2×, 1080×1080 → 1.5×).
REFERENCE_CANVAS = (960, 540)
MAX_SIDE = 8000  # logical pixels
FORMATS = ("png", "svg")


class ExportablePlot(Protocol):
    zoom: float

    def export_copy(self) -> QWidget: ...

    def drawing(self) -> QWidget: ...

    def plot_widgets(self) -> list[pg.PlotWidget]: ...

    def set_export_mode(self, on: bool) -> None: ...

    def set_zoom(self, zoom: float) -> None: ...

    def set_pixel_ratio(self, ratio: float) -> None: ...

    def key_text_rects(self) -> list[QRectF]: ...


@dataclass(frozen=True)
class ExportedPlot:
    path: Path
    width: int  # pixels (PNG) or the SVG's size
    height: int
    key_text: tuple[QRectF, ...]  # the key's words, in the picture's pixels


def canvas_zoom(width: int, height: int) -> float:
    """How much larger than on screen a plot's text and lines are drawn on this canvas."""
    ratio = math.sqrt(width * height / (REFERENCE_CANVAS[0] * REFERENCE_CANVAS[1]))
    return min(4.0, max(1.0, ratio))


def ensure_widget_app() -> QApplication:
    """The running application, or a new widget application without a window (pyqtgraph
    draws with widgets): offscreen when there is no display (the command line, CI)."""
    app = QApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        os.environ.setdefault("QT_LOGGING_RULES", "qt.text.font.db=false")
        app = QApplication([])
        _quiet_offscreen_notes()
    if not isinstance(app, QApplication):
        raise RuntimeError("plots need a QApplication, not a QGuiApplication")
    return app


# What the offscreen platform says of every window laid out without a screen: not a problem
# of the plot, only noise on a script's stderr.
_OFFSCREEN_NOTES = ("does not support propagateSizeHints", "does not support raise")


def _quiet_offscreen_notes() -> None:
    def handler(kind, context, message: str) -> None:
        if not any(note in message for note in _OFFSCREEN_NOTES):
            sys.stderr.write(message + "\n")

    qInstallMessageHandler(handler)


def check_size(width: int, height: int, scale: float) -> None:
    if not (16 <= width <= MAX_SIDE and 16 <= height <= MAX_SIDE):
        raise ConfigError(translate("PlotExport", "{width}×{height}: a plot is 16 to {most} "
                                    "pixels a side").format(width=width, height=height,
                                                            most=MAX_SIDE))
    if not 0.25 <= scale <= 8:
        raise ConfigError(translate("PlotExport", "scale {scale:g}: choose from 0.25 to 8 (1, "
                                    "2, 3 for slides)").format(scale=scale))


def export_plot(source: ExportablePlot, path: Path, *, size: tuple[int, int] | None = None,
                scale: float = 1, theme: str | None = None,
                zoom: float | None = None) -> ExportedPlot:
    """``source`` drawn offscreen at ``size`` (logical pixels; None: as on screen, at the
    zoom on screen) into ``path`` (.png, ``scale`` pixels per logical pixel, or .svg), in
    ``theme`` (light, dark, contrast; None: the source's own palette); written whole or not
    at all."""
    path = Path(path)
    kind = path.suffix.lower().lstrip(".")
    if kind not in FORMATS:
        raise ConfigError(translate("PlotExport", "{name}: save a plot as .png or .svg").format(
            name=path.name))
    on_screen = size is None
    if size is None:
        shown = source.drawing().size()
        size = (max(16, shown.width()), max(16, shown.height()))
    width, height = size
    check_size(width, height, scale)
    copy = source.export_copy()
    try:
        copy.setPalette(export_palette(theme, QApplication.palette()) if theme
                        else source.palette())
        copy.set_export_mode(True)
        # pyqtgraph's lines are cosmetic (widths in device pixels): a PNG at 2× widens them.
        copy.set_pixel_ratio(scale if kind == "png" else 1.0)
        copy.set_zoom(zoom if zoom is not None else source.zoom if on_screen
                      else canvas_zoom(width, height))
        lay_out(copy, width, height)
        if kind == "svg":
            data = _svg(copy, width, height, scale)
        else:
            data = _png(copy, width, height, scale)
        keys = tuple(QRectF(r.x() * scale, r.y() * scale, r.width() * scale,
                            r.height() * scale) for r in copy.key_text_rects())
    finally:
        copy.close()
        copy.deleteLater()
    write_atomic(path, data)
    return ExportedPlot(path, round(width * scale), round(height * scale), keys)


def _layout_state(copy: ExportablePlot) -> tuple:
    state = []
    for plot in copy.plot_widgets():
        item = plot.getPlotItem()
        state.append(tuple(item.geometry().getRect()))
        for side in ("left", "bottom", "right"):
            axis = item.getAxis(side)
            state.append((axis.width(), axis.height()))
        state.append(tuple(item.vb.sceneBoundingRect().getRect()))
    return tuple(state)


def lay_out(copy: ExportablePlot, width: int, height: int) -> None:
    """``copy``'s drawing laid out at width × height, without appearing on screen. The axes
    measure their labels as they paint: the drawing is painted aside until nothing moves."""
    copy.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    copy.resize(width, height)
    copy.show()
    scratch = QImage(8, 8, QImage.Format.Format_ARGB32)
    for _ in range(8):
        QApplication.processEvents()
        drawing = copy.drawing().size()
        if (drawing.width(), drawing.height()) != (width, height):
            # Margins or a hidden row left: the window grows by what the drawing lacks.
            copy.resize(copy.width() + width - drawing.width(),
                        copy.height() + height - drawing.height())
            continue
        before = _layout_state(copy)
        painter = QPainter(scratch)
        _paint(copy, painter, width, height)
        painter.end()
        QApplication.processEvents()
        if _layout_state(copy) == before:
            return


def _paint(copy: ExportablePlot, painter: QPainter, width: int, height: int) -> None:
    drawing = copy.drawing()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.fillRect(QRectF(0, 0, width, height), plot_ink(drawing).page)
    for plot in copy.plot_widgets():
        if not plot.isVisible():
            continue
        origin = plot.mapTo(drawing, QPoint(0, 0))
        target = QRectF(origin.x(), origin.y(), plot.width(), plot.height())
        source = plot.mapToScene(plot.viewport().rect()).boundingRect()
        plot.scene().render(painter, target, source, Qt.AspectRatioMode.IgnoreAspectRatio)


def _png(copy: ExportablePlot, width: int, height: int, scale: float) -> bytes:
    image = QImage(round(width * scale), round(height * scale), QImage.Format.Format_ARGB32)
    image.fill(QColor(plot_ink(copy.drawing()).page))
    painter = QPainter(image)
    painter.scale(scale, scale)
    _paint(copy, painter, width, height)
    painter.end()
    # Slide software places a picture by its resolution: a 2× picture keeps its logical
    # size. Set after painting: pyqtgraph replays recorded pictures (QPicture), which scale
    # themselves to a device of another resolution — on top of the painter's scale.
    dots = round(96 * scale / 0.0254)
    image.setDotsPerMeterX(dots)
    image.setDotsPerMeterY(dots)
    data = QByteArray()  # named: the buffer writes into it
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data)


def _svg(copy: ExportablePlot, width: int, height: int, scale: float) -> bytes:
    from PySide6.QtSvg import QSvgGenerator

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = QSvgGenerator()
    generator.setOutputDevice(buffer)
    generator.setSize(QSize(round(width * scale), round(height * scale)))
    generator.setViewBox(QRect(0, 0, width, height))
    generator.setResolution(96)  # its width and height in mm: the logical size at 96 dpi
    generator.setTitle(translate("PlotExport", "BPE Lens plot"))
    painter = QPainter(generator)
    _paint(copy, painter, width, height)
    painter.end()
    buffer.close()
    return bytes(data)


# -- asking ----------------------------------------------------------------------------------

ON_SCREEN = "screen"


@dataclass(frozen=True)
class ExportChoice:
    size: tuple[int, int] | None  # None: as on screen
    scale: int
    kind: str  # png or svg


class PlotExportDialog(QDialog):
    """The picture's size (a slide's or the plot's on screen), scale and format."""

    def __init__(self, parent: QWidget | None, on_screen: QSize) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export plot"))
        self.on_screen = on_screen
        self.size_box = QComboBox()
        for width, height in PRESETS:
            self.size_box.addItem(self.tr("{width} × {height}").format(width=width,
                                                                      height=height),
                                  (width, height))
        self.size_box.addItem(self.tr("{width} × {height} (as on screen)").format(
            width=on_screen.width(), height=on_screen.height()), ON_SCREEN)
        self.scale_box = QComboBox()
        for scale in SCALES:
            self.scale_box.addItem(self.tr("{scale}×").format(scale=scale), scale)
        self.scale_box.setCurrentIndex(SCALES.index(2))
        self.format_box = QComboBox()
        self.format_box.addItem(self.tr("PNG image"), "png")
        self.format_box.addItem(self.tr("SVG vector image"), "svg")
        self.result = QLabel()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Size"), self.size_box)
        form.addRow(self.tr("Scale"), self.scale_box)
        form.addRow(self.tr("Format"), self.format_box)
        form.addRow(self.result)
        form.addRow(buttons)
        for box in (self.size_box, self.scale_box, self.format_box):
            box.currentIndexChanged.connect(self._show_result)
        self._show_result()

    def choice(self) -> ExportChoice:
        size = self.size_box.currentData()
        return ExportChoice(None if size == ON_SCREEN else tuple(size),
                            int(self.scale_box.currentData()), self.format_box.currentData())

    def _show_result(self) -> None:
        choice = self.choice()
        width, height = choice.size or (self.on_screen.width(), self.on_screen.height())
        if choice.kind == "svg":
            self.result.setText(self.tr("An SVG of {width} × {height}, text and lines as "
                                        "vectors").format(width=width * choice.scale,
                                                          height=height * choice.scale))
        else:
            self.result.setText(self.tr("A PNG of {width} × {height} pixels").format(
                width=width * choice.scale, height=height * choice.scale))


FILTERS = {"png": QT_TRANSLATE_NOOP("PlotExport", "PNG image (*.png)"),
           "svg": QT_TRANSLATE_NOOP("PlotExport", "SVG vector image (*.svg)")}


def ask_export_target(parent: QWidget, source: ExportablePlot,
                      default_name: str) -> tuple[Path, ExportChoice] | None:
    """Size, scale and format, then where: None if either is cancelled."""
    dialog = PlotExportDialog(parent, source.drawing().size())
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    choice = dialog.choice()
    name, _ = QFileDialog.getSaveFileName(
        parent, translate("PlotExport", "Export the plot"),
        str(Path(default_name).with_suffix("." + choice.kind)),
        translate("PlotExport", FILTERS[choice.kind]))
    if not name:
        return None
    path = Path(name)
    if path.suffix.lower() not in (".png", ".svg"):
        path = path.with_suffix("." + choice.kind)
    return path, choice
