"""The right-click menu of a token, in every view that draws tokens."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMenu, QWidget

from ..i18n import translate


def token_menu(parent: QWidget, index: int, where: QPoint, derive: Callable[[int], None],
               *, base: QMenu | None = None) -> None:
    """Show the menu for token ``index`` at ``where`` (a global position); ``base`` is the
    widget's own menu, to extend."""
    menu = base or QMenu(parent)
    if base is not None:
        menu.addSeparator()
    action = menu.addAction(translate("TokenMenu", "How is this token built? (merge tree)"))
    action.triggered.connect(lambda: derive(index))
    menu.exec(where)
    menu.deleteLater()
