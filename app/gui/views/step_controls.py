"""The transport bar both playbacks share: to start, back, play/pause, forward, to end, a
speed, a scrubber over all steps and where we are; the same from the keyboard (→ ← space
Home End) anywhere in the view that owns it."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QSlider, QWidget

from .playback_parts import quiet_button

SPEEDS = ((QT_TRANSLATE_NOOP("StepControls", "½ step/s"), 2000),
          (QT_TRANSLATE_NOOP("StepControls", "1 step/s"), 1000),
          (QT_TRANSLATE_NOOP("StepControls", "2 steps/s"), 500),
          (QT_TRANSLATE_NOOP("StepControls", "4 steps/s"), 250),
          (QT_TRANSLATE_NOOP("StepControls", "10 steps/s"), 100),
          (QT_TRANSLATE_NOOP("StepControls", "30 steps/s"), 33))
DEFAULT_SPEED = 2


class StepControls(QWidget):
    """``moved(position)`` whenever the position changes (0 = before the first step)."""

    moved = Signal(int)

    def __init__(self, owner: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.count = 0
        self.position = 0
        self.start_button = self._button("⏮", self.tr("To the start (Home)"), self.to_start)
        self.back_button = self._button("◀", self.tr("One step back (←)"), self.back)
        self.play_button = self._button("▶", self.tr("Play / pause (space)"), self.toggle_play)
        self.forward_button = self._button("▶|", self.tr("One step forward (→)"), self.forward)
        self.end_button = self._button("⏭", self.tr("To the end (End)"), self.to_end)
        self.speed = QComboBox()
        self.speed.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for label, ms in SPEEDS:
            self.speed.addItem(self.tr(label), ms)
        self.speed.setCurrentIndex(DEFAULT_SPEED)
        self.speed.setToolTip(self.tr("Playing speed"))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.slider.setToolTip(self.tr("Scrub through all steps"))
        self.slider.valueChanged.connect(self.go)
        self.where = QLabel(self.tr("step {position} of {count}").format(position=0, count=0))
        self.where.setMinimumWidth(120)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.start_button, self.back_button, self.play_button, self.forward_button,
                  self.end_button, self.speed):
            layout.addWidget(w)
        layout.addWidget(self.slider, 1)
        layout.addWidget(self.where)
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.speed.currentIndexChanged.connect(self._speed_changed)
        for key, slot in ((Qt.Key.Key_Right, self.forward), (Qt.Key.Key_Left, self.back),
                          (Qt.Key.Key_Space, self.toggle_play), (Qt.Key.Key_Home, self.to_start),
                          (Qt.Key.Key_End, self.to_end)):
            shortcut = QShortcut(QKeySequence(key), owner)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def _button(self, text: str, tip: str, slot) -> QPushButton:
        button = quiet_button(text, tip)
        button.setFixedWidth(40)
        button.clicked.connect(slot)
        return button

    # -- position ------------------------------------------------------------------------------
    def set_count(self, count: int, position: int = 0) -> None:
        """Steps to play through, and where to stand (clamped)."""
        self.count = count
        self.slider.blockSignals(True)
        self.slider.setRange(0, count)
        self.slider.blockSignals(False)
        self.go(position, force=True)

    def go(self, position: int, *, force: bool = False) -> None:
        position = max(0, min(self.count, position))
        if position == self.position and not force:
            return
        self.position = position
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self.where.setText(self.tr("step {position} of {count}").format(position=position,
                                                                        count=self.count))
        if position >= self.count:
            self.pause()
        self.moved.emit(position)

    def forward(self) -> None:
        self.go(self.position + 1)

    def back(self) -> None:
        self.go(self.position - 1)

    def to_start(self) -> None:
        self.go(0)

    def to_end(self) -> None:
        self.go(self.count)

    # -- playing -------------------------------------------------------------------------------
    @property
    def playing(self) -> bool:
        return self.timer.isActive()

    def toggle_play(self) -> None:
        if self.playing:
            self.pause()
            return
        if self.position >= self.count:
            self.go(0)  # played to the end: play again from the start
        self.timer.start(self.speed.currentData())
        self.play_button.setText("⏸")

    def pause(self) -> None:
        self.timer.stop()
        self.play_button.setText("▶")

    def _tick(self) -> None:
        self.forward()

    def _speed_changed(self) -> None:
        if self.playing:
            self.timer.start(self.speed.currentData())
