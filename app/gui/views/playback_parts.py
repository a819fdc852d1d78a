"""Widgets both playbacks build the same way: buttons that never take the keyboard (the arrow
keys and space belong to the playback), the step's info line, titles, read-only tables, and
boxes stacking a title over its widget."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from .. import style
from ..ui_theme import palette_for


def quiet_button(text: str, tip: str = "") -> QPushButton:
    """A button that leaves the focus where it is (→ ← space keep stepping)."""
    button = QPushButton(text)
    if tip:
        button.setToolTip(tip)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return button


def info_label(text: str = "") -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    font = label.font()
    font.setPixelSize(14)  # a font, not a style sheet: it grows with the view's zoom
    label.setFont(font)
    return label


def title_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(style.PANE_TITLE)
    label.setWordWrap(True)
    return label


def read_only_table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    # Short columns as wide as their contents, the last takes the rest and wraps its words
    # (a note like "tied: the tie rule passed it over" is read, not cut to "tied: the…").
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setStretchLastSection(True)
    table.setWordWrap(True)
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    return table


def fill_table(table: QTableWidget, rows: list[tuple[list[str], str]]) -> None:
    """Write every row of a read-only table: (cells, background) each, the background a light
    mark of the palette's in every theme (its words then take the palette's ink for marks).
    The columns and rows are fitted to their contents once, at the end: fitted on every cell
    written, a step of the playback spent 100 ms measuring its table."""
    ink = QColor(palette_for(table).plain_ink)
    headers = (table.horizontalHeader(), table.verticalHeader())
    for header in headers:
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.setRowCount(len(rows))
    for row, (cells, background) in enumerate(rows):
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            if background:
                item.setBackground(QColor(background))
                item.setForeground(ink)
            table.setItem(row, col, item)
    for header in headers:
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)


def stacked(*widgets: QWidget, grow: int = -1) -> QWidget:
    """The widgets one above the other, no margins; the one at index ``grow`` takes the
    height left."""
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, widget in enumerate(widgets):
        layout.addWidget(widget, 1 if i == grow % len(widgets) else 0)
    return box


def view_layout(view: QWidget) -> QVBoxLayout:
    """The outer layout of a playback view. A small window squeezes the view rather than
    growing to its parts' minimum sizes (the window's minimum stays what the other views
    need)."""
    layout = QVBoxLayout(view)
    layout.setContentsMargins(4, 4, 4, 4)
    layout.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)
    view.setMinimumSize(240, 120)
    return layout
