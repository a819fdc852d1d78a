"""File → Export picture → Playback animation: what the animation shows (the order the
playback plays on screen, its piece) and how it plays for a slide (width, scale, speed, how long
the first and last frames stay, GIF, APNG or numbered frames)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from ..pictures.animation import FPS, FPS_RANGE, HOLD_FIRST, HOLD_LAST, HOLD_RANGE, Timing
from ..pictures.qt_paint import SCALES

KINDS = ("gif", "apng", "frames")
WIDTHS = (480, 3840)


@dataclass(frozen=True)
class AnimationChoice:
    order: str  # "piece" or "text"
    piece: int  # 1 is the first (piece order)
    width: int  # the picture's width, before the scale
    scale: int
    timing: Timing
    kind: str  # gif, apng or frames


class AnimationDialog(QDialog):
    def __init__(self, parent: QWidget | None, *, order: str, piece: int, pieces: int,
                 width: int = 1200) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Export the playback"))
        self.order = QComboBox()
        self.order.addItem(self.tr("One piece at a time"), "piece")
        self.order.addItem(self.tr("Whole text: each rank everywhere at once"), "text")
        self.order.setCurrentIndex(self.order.findData(order))
        self.piece = QSpinBox()
        self.piece.setRange(1, max(1, pieces))
        self.piece.setValue(max(1, min(piece, pieces)))
        self.width_box = QSpinBox()
        self.width_box.setRange(*WIDTHS)
        self.width_box.setSingleStep(40)
        self.width_box.setSuffix(self.tr(" px"))
        self.width_box.setValue(width)
        self.scale = QComboBox()
        for scale in SCALES:
            self.scale.addItem(f"{scale}×", scale)
        self.scale.setCurrentIndex(self.scale.findData(2))
        self.fps = QDoubleSpinBox()
        self.fps.setRange(*FPS_RANGE)
        self.fps.setDecimals(1)
        self.fps.setSingleStep(0.5)
        self.fps.setSuffix(self.tr(" steps/s"))
        self.fps.setValue(FPS)
        self.hold_first, self.hold_last = QDoubleSpinBox(), QDoubleSpinBox()
        for box, value in ((self.hold_first, HOLD_FIRST), (self.hold_last, HOLD_LAST)):
            box.setRange(*HOLD_RANGE)
            box.setDecimals(1)
            box.setSingleStep(0.5)
            box.setSuffix(self.tr(" s"))
            box.setValue(value)
        self.kind = QComboBox()
        self.kind.addItem(self.tr("Animated GIF"), "gif")
        self.kind.addItem(self.tr("Animated PNG (APNG)"), "apng")
        self.kind.addItem(self.tr("Numbered PNG frames in a folder"), "frames")
        self.size_note = QLabel()
        form = QFormLayout(self)
        form.addRow(self.tr("Play"), self.order)
        form.addRow(self.tr("Piece"), self.piece)
        form.addRow(self.tr("Width"), self.width_box)
        form.addRow(self.tr("Scale"), self.scale)
        form.addRow("", self.size_note)
        form.addRow(self.tr("Speed"), self.fps)
        form.addRow(self.tr("First frame stays"), self.hold_first)
        form.addRow(self.tr("Last frame stays"), self.hold_last)
        form.addRow(self.tr("Format"), self.kind)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        self.order.currentIndexChanged.connect(self._update)
        self.width_box.valueChanged.connect(self._update)
        self.scale.currentIndexChanged.connect(self._update)
        self._update()

    def _update(self) -> None:
        self.piece.setEnabled(self.order.currentData() == "piece")
        self.size_note.setText(self.tr("frames {width} px wide").format(
            width=self.width_box.value() * self.scale.currentData()))

    def choice(self) -> AnimationChoice:
        return AnimationChoice(self.order.currentData(), self.piece.value(),
                               self.width_box.value(), self.scale.currentData(),
                               Timing(self.fps.value(), self.hold_first.value(),
                                      self.hold_last.value()), self.kind.currentData())


def ask_animation(parent: QWidget | None, *, order: str, piece: int, pieces: int
                  ) -> AnimationChoice | None:
    """The user's choice, or None if cancelled."""
    dialog = AnimationDialog(parent, order=order, piece=piece, pieces=pieces)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.choice()
