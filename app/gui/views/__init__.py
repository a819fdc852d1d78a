"""The views of a session, one module each. A view is a widget with ``attach(session, pane)``
(connect to the session's signals; the pane can carry a note after the view's title) and
``shows(encoded)`` (whether it displays that encoding in full). The window places the views of
:data:`VIEWS` in order — adding a view is a new module and one line below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .. import style
from .ids_panel import IdsPanel
from .layers_view import LayersView
from .shaped_view import ShapedView

if TYPE_CHECKING:
    from ..encode_job import EncodedText
    from ..session import Session


class Pane(QWidget):
    """A view under its title; ``set_note`` adds a few words after the title."""

    def __init__(self, title: str, view: QWidget) -> None:
        super().__init__()
        self.title = title
        self.view = view
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(title)
        self.label.setWordWrap(True)
        self.label.setStyleSheet(style.PANE_TITLE)
        self.label.setVisible(bool(title))
        layout.addWidget(self.label)
        layout.addWidget(view, 1)

    def set_note(self, note: str) -> None:
        self.label.setText(self.title + (f" — {note}" if note else ""))


class SessionView(Protocol):
    def attach(self, session: Session, pane: Pane) -> None: ...

    def shows(self, encoded: EncodedText) -> bool: ...


@dataclass(frozen=True, slots=True)
class ViewSpec:
    key: str  # the window's name for it: window.views[key]
    title: str
    make: Callable[[], QWidget]
    area: Literal["beside_text", "below"]  # right of the editor, or under both
    size: int  # initial height (below) or width (beside the text), in pixels
    stretch: int = 0


# In the order the views attach: each gets a new encoding one turn of the event loop after the
# one before (the first at once), so no single turn stalls on a big text.
VIEWS: tuple[ViewSpec, ...] = (
    ViewSpec("layers", "Layers: characters · bytes · pieces · tokens", LayersView, "below",
             470, stretch=1),
    ViewSpec("shaped", "As the tokenizer cuts it", ShapedView, "beside_text", 640),
    ViewSpec("ids", "", IdsPanel, "below", 110),
)
