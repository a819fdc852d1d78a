"""Pictures drawn with Qt: text measured the way it will be drawn, a picture painted on a
QImage at any scale (PNG, the clipboard), and the file written by its suffix. Needs a
QGuiApplication (:func:`ensure_app` makes an offscreen one for the command line)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPainter,
    QPen,
    QTextLayout,
    QTextOption,
)

from bpelens.core import ConfigError, write_atomic

from .picture import (
    FONT_FAMILIES,
    HATCH_OPACITY,
    HATCH_SPACING,
    HATCH_WIDTH,
    MONO_FAMILIES,
    Box,
    Chip,
    Line,
    Picture,
    Text,
    TextRun,
    fmt,
)

MAX_PIXELS = 100_000_000  # a PNG past this (10k × 10k) is refused before it is allocated
SCALES = (1, 2, 3)


def ensure_app() -> QGuiApplication:
    """The running Qt application, or a new one without a window (offscreen when there is
    no display: the command line, CI)."""
    app = QGuiApplication.instance()
    if app is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # Font-database notes (OpenType script support) would reach a script's stderr.
        os.environ.setdefault("QT_LOGGING_RULES", "qt.text.font.db=false")
        app = QGuiApplication([])
    return app  # type: ignore[return-value]


@cache
def font(size: float, bold: bool = False, mono: bool = False) -> QFont:
    f = QFont()
    f.setFamilies(list(MONO_FAMILIES if mono else FONT_FAMILIES))
    f.setPixelSize(max(1, round(size)))
    f.setBold(bold)
    return f


@cache
def _metrics(size: float, bold: bool, mono: bool) -> QFontMetricsF:
    return QFontMetricsF(font(size, bold, mono))


def text_width(text: str, size: float, *, bold: bool = False, mono: bool = False) -> float:
    return _metrics(size, bold, mono).horizontalAdvance(text)


def line_height(size: float, *, bold: bool = False, mono: bool = False) -> float:
    return _metrics(size, bold, mono).height()


def baseline(top: float, height: float, size: float, *, bold: bool = False,
             mono: bool = False) -> float:
    """The baseline that centres a line of type ``size`` in a row from ``top``."""
    metrics = _metrics(size, bold, mono)
    return top + (height - metrics.ascent() - metrics.descent()) / 2 + metrics.ascent()


def line_layout(text: str, size: float, rtl: bool = False) -> QTextLayout:
    """``text`` laid out as one line (never wrapped) in the pictures' font at ``size`` px,
    read right to left when ``rtl``: what measures a shaped line and what draws it."""
    key = (text, size, rtl)
    found = _layouts.get(key)
    if found is None:
        if len(_layouts) > 4096:
            _layouts.clear()
        found = QTextLayout(text, font(size))
        option = QTextOption()
        option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl
                                else Qt.LayoutDirection.LeftToRight)
        option.setWrapMode(QTextOption.WrapMode.NoWrap)
        found.setTextOption(option)
        found.beginLayout()
        line = found.createLine()
        if line.isValid():
            line.setPosition(QPointF(0, 0))
        found.endLayout()
        _layouts[key] = found
    return found


_layouts: dict[tuple[str, float, bool], QTextLayout] = {}


def paint(picture: Picture, painter: QPainter) -> None:
    painter.fillRect(QRectF(0, 0, picture.width, picture.height), QColor(picture.background))
    paint_shapes(painter, picture.shapes)


def paint_shapes(painter: QPainter, shapes) -> None:
    """Draw shapes (a picture's, or a view's part of one) in order."""
    for shape in shapes:
        if isinstance(shape, Chip):
            _box(painter, shape.box)
            if shape.label is not None:
                _text(painter, shape.label)
            if shape.id_text is not None:
                _text(painter, shape.id_text)
        elif isinstance(shape, Box):
            _box(painter, shape)
        elif isinstance(shape, Text):
            _text(painter, shape)
        elif isinstance(shape, TextRun):
            painter.setPen(QColor(shape.color))
            line_layout(shape.text, shape.size, shape.rtl).draw(painter,
                                                                QPointF(shape.x, shape.top))
        elif isinstance(shape, Line):
            pen = QPen(QColor(shape.color), shape.width)
            if shape.dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(QPointF(shape.x1, shape.y1), QPointF(shape.x2, shape.y2))


def _box(painter: QPainter, box: Box) -> None:
    if box.edge is None:
        painter.setPen(Qt.PenStyle.NoPen)
    else:
        pen = QPen(QColor(box.edge), box.edge_width)
        if box.dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
    fill = QColor(box.fill)
    if box.opacity < 1:
        fill.setAlphaF(box.opacity)
    painter.setBrush(fill)
    rect = QRectF(box.x, box.y, box.w, box.h)
    if box.radius:
        painter.drawRoundedRect(rect, box.radius, box.radius)
    else:
        painter.drawRect(rect)
    if box.hatch:
        _stripes(painter, rect, box.hatch)


def _stripes(painter: QPainter, rect: QRectF, color: str) -> None:
    """Diagonal stripes over ``rect``, in ``color`` at HATCH_OPACITY (as the SVG pattern)."""
    painter.save()
    painter.setClipRect(rect, Qt.ClipOperation.IntersectClip)
    stripe = QColor(color)
    stripe.setAlphaF(HATCH_OPACITY)
    painter.setPen(QPen(stripe, HATCH_WIDTH))
    # Lines at 45°, HATCH_SPACING apart along x, over the whole height.
    step = HATCH_SPACING * 2 ** 0.5
    x = rect.left() - rect.height()
    while x < rect.right():
        painter.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
        x += step
    painter.restore()


def _text(painter: QPainter, text: Text) -> None:
    painter.setFont(font(text.size, text.bold, text.mono))
    painter.setPen(QColor(text.color))
    x = text.x
    if text.anchor != "start":
        width = text_width(text.text, text.size, bold=text.bold, mono=text.mono)
        x -= width / 2 if text.anchor == "middle" else width
    painter.drawText(QPointF(x, text.y), text.text)


def to_image(picture: Picture, scale: float = 1) -> QImage:
    width, height = round(picture.width * scale), round(picture.height * scale)
    if width * height > MAX_PIXELS:
        raise ConfigError(f"the picture would be {width:,} × {height:,} pixels; choose a "
                          f"smaller scale or a shorter text (at most {MAX_PIXELS:,} pixels)")
    image = QImage(max(1, width), max(1, height), QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    paint(picture, painter)
    painter.end()
    return image


def png_bytes(picture: Picture, scale: float = 1) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    to_image(picture, scale).save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def write_picture(picture: Picture, path: str | Path, *, scale: float = 1) -> Path:
    """``path`` ending in .svg (vector; the scale only names its size) or .png, written
    atomically."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        svg = picture.to_svg()
        if scale != 1:  # the same drawing, shown larger
            svg = svg.replace(f'width="{fmt(picture.width)}" height="{fmt(picture.height)}"',
                              f'width="{fmt(picture.width * scale)}" '
                              f'height="{fmt(picture.height * scale)}"', 1)
        write_atomic(path, svg.encode("utf-8"))
    elif suffix == ".png":
        write_atomic(path, png_bytes(picture, scale))
    else:
        raise ConfigError(f"{path}: a picture is written as .svg or .png")
    return path
