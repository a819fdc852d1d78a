"""The File menu's pictures: the text's layers, its shaped form, the playback frame on screen
(drawn whole by app/pictures, as `bpelens render` draws them), the playback as an animation,
and any tab as it is shown (its widget rendered: PNG, or SVG through Qt's SVG painter).

A picture's format and scale come from the save dialog's filter: PNG 1×, 2×, 3× or SVG."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QBuffer, QByteArray, QIODevice, QPoint, QRectF, QSize
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QFileDialog, QWidget

from bpelens.core import ConfigError, write_atomic

from ..pictures.layers_layout import ROW_NAMES
from ..pictures.layers_picture import layers_picture
from ..pictures.palette import LIGHT, Palette
from ..pictures.picture import Picture
from ..pictures.playback_picture import Order, playback_picture
from ..pictures.qt_paint import to_image, write_picture
from ..pictures.shaped_picture import shaped_picture
from .animation_dialog import ask_animation
from .i18n import translate
from .ui_theme import palette_for

if TYPE_CHECKING:
    from .session import Session

# The save dialog's filters (English: the keys; the dialog shows their translations) and the
# format and scale each one means.
FILTERS = {QT_TRANSLATE_NOOP("PictureExport", "PNG, 1× (*.png)"): ("png", 1),
           QT_TRANSLATE_NOOP("PictureExport", "PNG, 2× for slides (*.png)"): ("png", 2),
           QT_TRANSLATE_NOOP("PictureExport", "PNG, 3× (*.png)"): ("png", 3),
           QT_TRANSLATE_NOOP("PictureExport", "SVG, vector (*.svg)"): ("svg", 1)}
DEFAULT_FILTER = "PNG, 2× for slides (*.png)"
ANIMATION_FILTERS = (QT_TRANSLATE_NOOP("PictureExport", "Animated GIF (*.gif)"),
                     QT_TRANSLATE_NOOP("PictureExport", "Animated PNG (*.apng)"),
                     QT_TRANSLATE_NOOP("PictureExport", "Numbered PNG frames (folder) (*)"))
FRAMES_FILTER = ANIMATION_FILTERS[2]
# What each picture is called in the messages about it.
PICTURE_NAMES = {"layers": QT_TRANSLATE_NOOP("PictureExport", "layers"),
                 "shaped": QT_TRANSLATE_NOOP("PictureExport", "shaped"),
                 "playback": QT_TRANSLATE_NOOP("PictureExport", "playback")}
CLIPBOARD_SCALE = 2


def picture_name(what: str) -> str:
    return translate("PictureExport", PICTURE_NAMES.get(what, what))


def chosen_filter(chosen: str, filters) -> str | None:
    """The English filter the dialog's (maybe translated) ``chosen`` one stands for."""
    return next((f for f in filters if chosen in (f, translate("PictureExport", f))), None)


def picture_of(session: Session, what: str, *, step: int | None = None,
               palette: Palette = LIGHT, width: float = 1200, order: Order = "text",
               piece: int | None = None) -> Picture:
    """``what``: layers, shaped or playback (the frame after ``step`` steps of the ``order``
    the playback plays, of its ``piece`` in piece order)."""
    tokenizer, encoded = session.tokenizer, session.encoded
    if tokenizer is None or encoded is None:
        raise ConfigError(translate("PictureExport", "there is no text encoded yet to draw"))
    text = encoded.table.text
    if what == "layers":
        return layers_picture(tokenizer, text, palette, width=width, special=encoded.special,
                              row_names=tuple(translate("LayersView", n) for n in ROW_NAMES))
    if what == "shaped":
        return shaped_picture(tokenizer, text, palette, width=width, special=encoded.special)
    return playback_picture(tokenizer, text, palette, step=step, width=width, order=order,
                            piece=piece, special=encoded.special)


def ask_target(parent: QWidget, default_name: str) -> tuple[Path, float] | None:
    """Where to write, and at what scale (from the filter chosen); None if cancelled."""
    name, chosen = QFileDialog.getSaveFileName(
        parent, translate("PictureExport", "Export picture"), default_name,
        ";;".join(translate("PictureExport", f) for f in FILTERS),
        translate("PictureExport", DEFAULT_FILTER))
    if not name:
        return None
    kind, scale = FILTERS.get(chosen_filter(chosen, FILTERS) or "", ("png", 1))
    path = Path(name)
    if path.suffix.lower() not in (".png", ".svg"):
        path = path.with_suffix(f".{kind}")
    return path, scale


def save_picture(picture: Picture, path: Path, scale: float) -> Path:
    return write_picture(picture, path, scale=scale)


def copy_picture(picture: Picture) -> QImage:
    image = to_image(picture, CLIPBOARD_SCALE)
    QGuiApplication.clipboard().setImage(image)
    return image


def widget_image(widget: QWidget, scale: float = 1) -> QImage:
    """A widget as it is shown, rendered at ``scale``."""
    size = widget.size()
    image = QImage(QSize(round(size.width() * scale), round(size.height() * scale)),
                   QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(scale)
    image.fill(widget.palette().window().color())
    painter = QPainter(image)
    widget.render(painter, QPoint())
    painter.end()
    return image


def save_widget(widget: QWidget, path: Path, scale: float) -> Path:
    """PNG at ``scale``, or SVG: the widget painted through Qt's SVG painter (its chips and
    text as vector shapes; plots as the lines they draw)."""
    if path.suffix.lower() == ".svg":
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(widget.size())
        generator.setViewBox(QRectF(0, 0, widget.width(), widget.height()))
        generator.setTitle(widget.window().windowTitle())
        painter = QPainter(generator)
        widget.render(painter, QPoint())
        painter.end()
        buffer.close()
        write_atomic(path, bytes(data.data()))
        return path
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    widget_image(widget, scale).save(buffer, "PNG")
    buffer.close()
    write_atomic(path, bytes(data.data()))
    return path


class PictureExporter:
    """What the File menu's picture items do, off the GUI thread (an animation of a long
    playback draws hundreds of frames), with the window's status bar for the outcome."""

    def __init__(self, window: QWidget, session: Session, show_message) -> None:
        self.window = window
        self.session = session
        self.show_message = show_message  # (text) → the status bar
        self.runner = session.runner("pictures")
        self.runner.done.connect(lambda message: self.show_message(message))
        self.runner.failed.connect(lambda exc: self.show_message(
            translate("PictureExport", "Could not export: {error}").format(error=exc)))
        self.runner.progressed.connect(lambda _f, message: self.show_message(message))

    def palette(self) -> Palette:
        """The window's palette of the moment: a picture looks like the window."""
        return palette_for(self.window)

    def export(self, what: str, step: int | None = None, *, order: Order = "text",
               piece: int | None = None) -> None:
        """``what``: layers, shaped or playback (its frame after ``step`` steps of ``order``,
        of ``piece`` in piece order)."""
        target = ask_target(self.window, f"{what}.png")
        if target is None:
            return
        path, scale = target
        session, palette = self.session, self.palette()

        def work(job) -> str:
            job.progress(None, translate("PictureExport", "Drawing the {what} picture…").format(
                what=picture_name(what)))
            save_picture(picture_of(session, what, step=step, palette=palette, order=order,
                                    piece=piece), path, scale)
            return translate("PictureExport", "Saved {path}").format(path=path)

        self.runner.submit(work)

    def copy(self, what: str, step: int | None = None) -> None:
        try:
            image = copy_picture(picture_of(self.session, what, step=step,
                                            palette=self.palette()))
        except ConfigError as exc:
            self.show_message(str(exc))
            return
        self.show_message(translate("PictureExport", "Copied a {width} × {height} picture of "
                                    "the {what}").format(width=image.width(),
                                                         height=image.height(),
                                                         what=picture_name(what)))

    def export_widget(self, widget: QWidget, name: str) -> None:
        target = ask_target(self.window, f"{name}.png")
        if target is not None:
            path, scale = target
            save_widget(widget, path, scale)
            self.show_message(translate("PictureExport", "Saved {path}").format(path=path))

    def export_animation(self, *, order: Order = "text", piece: int = 1,
                         pieces: int = 1) -> None:
        """Ask what to animate and how (the dialog starts from the playback on screen:
        ``order``, its ``piece`` of ``pieces``), then where, and write it off the GUI
        thread."""
        tokenizer, encoded = self.session.tokenizer, self.session.encoded
        if tokenizer is None or encoded is None:
            return
        choice = ask_animation(self.window, order=order, piece=piece, pieces=pieces)
        if choice is None:
            return
        filters = {"gif": ANIMATION_FILTERS[0], "apng": ANIMATION_FILTERS[1],
                   "frames": FRAMES_FILTER}
        default = {"gif": "playback.gif", "apng": "playback.apng", "frames": "playback-frames"}
        name, _ = QFileDialog.getSaveFileName(
            self.window, translate("PictureExport", "Export the playback"),
            default[choice.kind], translate("PictureExport", filters[choice.kind]))
        if not name:
            return
        text, special, palette = encoded.table.text, encoded.special, self.palette()

        def work(job) -> str:
            from ..pictures.animation import playback_frames, write_animation, write_frames

            job.progress(None, translate("PictureExport", "Drawing every step of the playback…"))
            frames = playback_frames(tokenizer, text, palette, width=choice.width,
                                     order=choice.order,  # type: ignore[arg-type]
                                     piece=choice.piece if choice.order == "piece" else None,
                                     special=special, check=job.check)
            job.progress(None, translate("PictureExport", "Writing {n} frames…").format(
                n=len(frames)))
            if choice.kind == "frames":
                write_frames(frames, name, scale=choice.scale)
                return translate("PictureExport", "Saved {n} frames in {name}").format(
                    n=len(frames), name=name)
            target = Path(name)
            if target.suffix.lower() not in (".gif", ".apng", ".png"):
                target = target.with_suffix(f".{choice.kind}")
            write_animation(frames, target, scale=choice.scale, timing=choice.timing)
            return translate("PictureExport", "Saved {name} ({n} frames)").format(
                name=target, n=len(frames))

        self.runner.submit(work)
