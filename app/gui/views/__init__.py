"""The views of a session, one module each. A view is a widget with ``attach(session, pane)``
(connect to the session's signals; the pane can carry a note after the view's title) and
``shows(encoded)`` (whether it displays that encoding in full). The window places the views of
:data:`VIEWS` in order — adding a view is a new module and one line below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .. import style
from ..i18n import translate
from .chat_view import ChatView
from .compare_view import CompareView
from .debug_view import DebugView
from .ids_panel import IdsPanel
from .layers_view import LayersView
from .playback_view import PlaybackView
from .shaped_view import ShapedView
from .studio_view import StudioView
from .training_view import TrainingView

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
    area: Literal["beside_text", "below", "tab"]  # right of the editor, under both, or a
    # tab of the tabs under both (placed where the first tab view is listed)
    size: int  # initial height (below, tabs) or width (beside the text), in pixels
    stretch: int = 0
    tab: str = ""  # the tab's label
    # Whether the tab shows the text in the box (then the text panes stay above it); a tab of
    # its own data (a corpus, the tokenizer) gets the whole page, the text folded away.
    shows_text: bool = True

    # The title and tab stay English here (a spec is data); the window shows these.
    def shown_title(self) -> str:
        return translate("Views", self.title) if self.title else ""

    def shown_tab(self) -> str:
        return translate("Views", self.tab) if self.tab else ""


# In the order the views attach: each gets a new encoding one turn of the event loop after the
# one before (the first at once), so no single turn stalls on a big text.
VIEWS: tuple[ViewSpec, ...] = (
    ViewSpec("layers", QT_TRANSLATE_NOOP("Views", "Layers: characters · bytes · pieces · tokens"),
             LayersView, "tab", 470, stretch=1, tab=QT_TRANSLATE_NOOP("Views", "Layers")),
    ViewSpec("shaped", QT_TRANSLATE_NOOP("Views", "As the tokenizer cuts it"), ShapedView,
             "beside_text", 640),
    ViewSpec("playback", QT_TRANSLATE_NOOP("Views", "Merge playback: every merge of this text, "
                                                    "step by step"),
             PlaybackView, "tab", 470, stretch=1,
             tab=QT_TRANSLATE_NOOP("Views", "Merge playback")),
    ViewSpec("training", QT_TRANSLATE_NOOP("Views", "Training playback: train on a corpus, then "
                                                    "step through its merges"),
             TrainingView, "tab", 470, stretch=1,
             tab=QT_TRANSLATE_NOOP("Views", "Training playback"), shows_text=False),
    ViewSpec("compare", "", CompareView, "tab", 470, stretch=1,
             tab=QT_TRANSLATE_NOOP("Views", "Compare languages"), shows_text=False),
    ViewSpec("studio", "", StudioView, "tab", 470, stretch=1,
             tab=QT_TRANSLATE_NOOP("Views", "Training studio"), shows_text=False),
    ViewSpec("debug", "", DebugView, "tab", 470, stretch=1,
             tab=QT_TRANSLATE_NOOP("Views", "Debugging kit"), shows_text=False),
    ViewSpec("chat", "", ChatView, "tab", 470, stretch=1,
             tab=QT_TRANSLATE_NOOP("Views", "Chat"), shows_text=False),
    ViewSpec("ids", "", IdsPanel, "below", 110),
)
