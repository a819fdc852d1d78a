"""Pictures drawn with Qt: text measured the way it will be drawn, a picture painted on a
QImage at any scale (PNG, the clipboard), and the file written by its suffix. Needs a
QGuiApplication (:func:`ensure_app` makes an offscreen one for the command line)."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QGuiApplication, QImage, QPainter, QPen

from bpelens.core import ConfigError, write_atomic

from .picture import (
    FONT_FAMILIES,
    MONO_FAMILIES,
    Box,
    Chip,
    Line,
    Picture,
    Text,
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


def paint(picture: Picture, painter: QPainter) -> None:
    painter.fillRect(QRectF(0, 0, picture.width, picture.height), QColor(picture.background))
    for shape in picture.shapes:
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
        elif isinstance(shape, Line):
            painter.setPen(QPen(QColor(shape.color), shape.width))
            painter.drawLine(QPointF(shape.x1, shape.y1), QPointF(shape.x2, shape.y2))


def _box(painter: QPainter, box: Box) -> None:
    if box.edge is None:
        painter.setPen(Qt.PenStyle.NoPen)
    else:
        painter.setPen(QPen(QColor(box.edge), box.edge_width))
    painter.setBrush(QColor(box.fill))
    painter.drawRoundedRect(QRectF(box.x, box.y, box.w, box.h), box.radius, box.radius)


def _text(painter: QPainter, text: Text) -> None:
    painter.setFont(font(text.size, text.bold, text.mono))
    painter.setPen(QColor(text.color))
    x = text.x
    if text.anchor == "middle":
        x -= text_width(text.text, text.size, bold=text.bold, mono=text.mono) / 2
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
