"""What a reader sees of the window's words, measured: every visible text-bearing thing (a
label, a button, a combo box, a line edit, a group box's title, a tab, a header section) as a
rectangle in the window, clipped to what its parents show; which of them overlap; and which
do not show their whole text.

The rule for a word cut short ("clipped"):
- a label that wraps must be as tall as its text needs at its width;
- an ElidedLabel is cut on purpose, with its whole text in its tooltip — allowed in a small
  window, never where it has room for its whole text (``elided_ok=False``: a full-HD window);
- any other label, button, combo box (its current text), tab and header section must be as
  wide (and a label as tall) as its whole text needs, and so must a table's column that is
  sized to its contents or stretched to the table's width (unless its cells wrap). Text in
  a scrolled area may be scrolled out of sight: that is scrolling, not clipping (the widget
  itself is measured).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionGroupBox,
    QTabBar,
    QTableView,
    QWidget,
)

from bpelens.app.gui.elided_label import ElidedLabel


@dataclass(frozen=True)
class Item:
    widget: QWidget
    what: str  # "label 'Corpus'", "tab 'Audit'", ...
    rect: QRect  # in window coordinates, clipped by every parent


def _describe(widget: QWidget, text: str) -> str:
    name = type(widget).__name__
    return f"{name} {text[:60]!r}"


def visible_rect(widget: QWidget, rect: QRect, window: QWidget) -> QRect:
    """``rect`` (in ``widget``'s coordinates) in the window's, cut to what every parent
    shows (a scroll area's viewport, a splitter's pane)."""
    out = QRect(widget.mapTo(window, rect.topLeft()), rect.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        shown = QRect(parent.mapTo(window, QPoint(0, 0)), parent.size())
        out = out.intersected(shown)
        parent = parent.parentWidget()
    return out


def _group_title(box: QGroupBox) -> QRect:
    option = QStyleOptionGroupBox()
    box.initStyleOption(option)
    return box.style().subControlRect(QStyle.ComplexControl.CC_GroupBox, option,
                                      QStyle.SubControl.SC_GroupBoxLabel, box)


def _has_words(widget: QWidget) -> bool:
    """A label with text (not a picture) or a button with text."""
    if isinstance(widget, QLabel):
        return bool(widget.text().strip()) and widget.pixmap().isNull()
    return isinstance(widget, QAbstractButton) and bool(widget.text().strip())


def text_items(window: QWidget) -> list[Item]:
    items: list[Item] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not window:
            continue
        rect = None
        what = ""
        if _has_words(widget):
            rect, what = widget.rect(), _describe(widget, widget.text())
        elif isinstance(widget, QComboBox | QLineEdit):
            text = widget.currentText() if isinstance(widget, QComboBox) else widget.text()
            rect, what = widget.rect(), _describe(widget, text)
        elif isinstance(widget, QGroupBox) and widget.title():
            rect, what = _group_title(widget), f"group title {widget.title()!r}"
        elif isinstance(widget, QTabBar):
            for i in range(widget.count()):
                if widget.isTabVisible(i):
                    shown = visible_rect(widget, widget.tabRect(i), window)
                    if not shown.isEmpty():
                        items.append(Item(widget, f"tab {widget.tabText(i)!r}", shown))
            continue
        elif isinstance(widget, QHeaderView) and widget.orientation().name == "Horizontal":
            viewport = widget.viewport()
            for i in range(widget.count()):
                if widget.isSectionHidden(i):
                    continue
                section = QRect(widget.sectionViewportPosition(i), 0, widget.sectionSize(i),
                                viewport.height())
                shown = visible_rect(viewport, section, window)
                if not shown.isEmpty():
                    items.append(Item(widget, f"header {_header_text(widget, i)!r}", shown))
            continue
        if rect is None:
            continue
        shown = visible_rect(widget, rect, window)
        if not shown.isEmpty():
            items.append(Item(widget, what, shown))
    return items


def _header_text(header: QHeaderView, section: int) -> str:
    model = header.model()
    value = model.headerData(section, header.orientation()) if model is not None else None
    return "" if value is None else str(value)


def _related(a: QWidget, b: QWidget) -> bool:
    # A spin box and its line edit, a combo box and its editor: one thing, not two.
    return a is b or a.isAncestorOf(b) or b.isAncestorOf(a)


def overlaps(window: QWidget) -> list[str]:
    items = text_items(window)
    found = []
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a.rect.intersects(b.rect) and (
                    not _related(a.widget, b.widget) or isinstance(a.widget, QGroupBox)
                    or isinstance(b.widget, QGroupBox)) and a.widget is not b.widget:
                found.append(f"{a.what} {a.rect.getRect()} overlaps {b.what} "
                             f"{b.rect.getRect()}")
    return found


def clipped(window: QWidget, *, elided_ok: bool) -> list[str]:
    """Words not shown whole, by the rule above."""
    found = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not window:
            continue
        if isinstance(widget, QLabel) and widget.text().strip() and widget.pixmap().isNull():
            problem = _label_problem(widget, elided_ok=elided_ok)
        elif isinstance(widget, QAbstractButton) and widget.text().strip():
            need = _button_need(widget)
            problem = f"{widget.width()} < {need} wide" if widget.width() + 1 < need else ""
        elif isinstance(widget, QComboBox) and widget.currentText():
            problem = _combo_problem(widget)
        elif isinstance(widget, QTabBar):
            problem = "; ".join(
                f"tab {widget.tabText(i)!r} {widget.tabRect(i).width()} < "
                f"{widget.tabSizeHint(i).width()} wide" for i in range(widget.count())
                if widget.isTabVisible(i)
                and widget.tabRect(i).width() + 1 < widget.tabSizeHint(i).width())
            last = max((widget.tabRect(i).right() for i in range(widget.count())), default=0)
            if last > widget.width():
                problem += f"; tabs run {last - widget.width()} px past the bar"
        elif isinstance(widget, QHeaderView) and widget.orientation().name == "Horizontal":
            problem = _header_problem(widget)
        elif isinstance(widget, QTableView):
            problem = _cells_problem(widget)
        else:
            continue
        if problem:
            text = (widget.currentText() if isinstance(widget, QComboBox) else widget.text()
                    if hasattr(widget, "text") and callable(widget.text) else "")
            found.append(f"{_describe(widget, text)}: {problem}")
    return found


def _label_problem(label: QLabel, *, elided_ok: bool) -> str:
    if isinstance(label, ElidedLabel):
        if not label.is_elided():
            return ""
        if not elided_ok:
            return f"elided to {label.shown_text()!r} at {label.width()} px"
        return "" if label.text() in label.toolTip() else "elided without its text in a tooltip"
    if label.wordWrap():
        need = label.heightForWidth(label.width())
        return f"{label.height()} < {need} tall" if label.height() + 1 < need else ""
    hint = label.sizeHint()
    if label.width() + 1 < hint.width():
        return f"{label.width()} < {hint.width()} wide"
    if label.height() + 1 < hint.height():
        return f"{label.height()} < {hint.height()} tall"
    return ""


def _button_need(button: QAbstractButton) -> int:
    """The width a button's text and icon need (a push button's size hint is at least 80
    pixels whatever its text: a narrow "▶" button is not cut)."""
    if not isinstance(button, QPushButton):
        return button.sizeHint().width()
    style = button.style()
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    icon = button.iconSize().width() + 4 if not button.icon().isNull() else 0
    return (button.fontMetrics().horizontalAdvance(text) + icon
            + 2 * style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button)
            + 2 * style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, button))


def _combo_problem(combo: QComboBox) -> str:
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                         QStyle.SubControl.SC_ComboBoxEditField, combo)
    icon = combo.iconSize().width() + 4 if not combo.itemIcon(combo.currentIndex()).isNull() \
        else 0
    need = combo.fontMetrics().horizontalAdvance(combo.currentText()) + icon
    return f"its text needs {need} px, the box shows {field.width()}" \
        if field.width() < need else ""


def _cells_problem(table: QTableView) -> str:
    """A column sized to its contents must hold them (the table scrolls sideways instead);
    so must a column stretched to the table's width, unless its words wrap onto taller rows.
    (A column the user sizes may cut its cells: that is the user's choice.)"""
    header = table.horizontalHeader()
    cut = []
    last = max((i for i in range(header.count()) if not header.isSectionHidden(i)),
               key=header.visualIndex, default=-1)
    for i in range(header.count()):
        mode = header.sectionResizeMode(i)
        stretched = mode == QHeaderView.ResizeMode.Stretch or (
            i == last and header.stretchLastSection())
        if header.isSectionHidden(i) or table.isColumnHidden(i):
            continue
        if stretched and table.wordWrap() and table.verticalHeader().sectionResizeMode(
                0) == QHeaderView.ResizeMode.ResizeToContents:
            continue  # its words wrap and the rows grow to hold them
        if mode != QHeaderView.ResizeMode.ResizeToContents and not stretched:
            continue  # the user sizes it
        need = table.sizeHintForColumn(i)
        if header.sectionSize(i) + 1 < need:
            cut.append(f"column {_header_text(header, i)!r} {header.sectionSize(i)} < {need}")
    return "; ".join(cut)


def _header_problem(header: QHeaderView) -> str:
    style = header.style()
    margin = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    mark = style.pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None, header) \
        if header.isSortIndicatorShown() else 0
    metrics = header.fontMetrics()
    cut = []
    for i in range(header.count()):
        if header.isSectionHidden(i):
            continue
        text = _header_text(header, i)
        if not text:
            continue
        need = max(metrics.horizontalAdvance(line) for line in text.split("\n")) + 2 * margin
        if header.sortIndicatorSection() == i:
            need += mark
        if header.sectionSize(i) + 1 < need:
            cut.append(f"{text!r} {header.sectionSize(i)} < {need}")
    return "; ".join(cut)
