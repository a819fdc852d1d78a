"""The main window: lays out the editor and the views of :data:`~.views.VIEWS`, builds the
menus and the status bar, and wires them to the :class:`~.session.Session` — which holds the
tokenizer, the encoding and the selection and runs the work off the GUI thread. No decisions
about tokenizers or encodings are made here; only this thread touches widgets.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QFont,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bpelens.app.demo_data import welcome_text
from bpelens.app.session_file import read_session, save_session
from bpelens.core import (
    BpeLensError,
    TokenInfo,
    Tokenizer,
    TokenTable,
    find_local_tokenizers,
    localize,
)
from bpelens.resources import DEMO_TOKENIZERS

from . import style
from .banner import Banner
from .busy_indicator import BusyIndicator
from .elided_label import ElidedLabel
from .encode_job import EncodedText
from .gui_gc import collect_on_gui_thread
from .gui_thread import keep_gui_thread_responsive
from .i18n import LANGUAGE_NAMES, SUPPORTED, saved_language
from .input_editor import InputEditor
from .language_switch import switch_language
from .picture_export import PictureExporter
from .presentation import DEFAULT_ZOOM, Presentation
from .rank_file_dialog import RankFileDialog
from .session import Session
from .session_io import (
    apply_session,
    ask_open_session,
    ask_save_session,
    collect_session,
)
from .settings import app_settings, load_saved_text, recent_tokenizers, text_path
from .status_bar import StatusBar
from .status_text import round_trip_tooltip, specials_note, stats_line, token_lines
from .text_autosave import TextAutosave
from .text_checks import box_safe
from .tokenizer_files import (
    demo_choice,
    looks_like_tokenizer,
    path_choice,
    read_text_file,
    text_filter,
    tokenizer_filter,
)
from .tokenizer_picker import Choice, TokenizerPicker
from .ui_theme import save_theme, saved_theme, theme_keeper
from .views import VIEWS, Pane
from .views.compare_view import CompareView
from .views.derivation_view import DerivationDialog
from .views.ids_panel import IdsPanel
from .views.layers_view import LayersView
from .views.shaped_view import ShapedView
from .views.studio_view import StudioView
from .window_state import bring_inside, restore_window_state, save_window_state
from .worker import Runner
from .zoom import VIEW_ZOOMS, call_set_zoom, next_zoom, zoom_tree

# Below this many characters a keystroke re-encodes at once; above, after a pause in typing
# (unless the engine re-encodes only around the edit: then at once at any length).
IMMEDIATE_LIMIT = 20_000
DEBOUNCE_MS = 150
# Pixels of text box the first time the user shows the text on a tab of its own data.
ROOMY_TEXT_BOX = 130
# The two kinds of tab (ViewSpec.shows_text): each keeps its own splitter sizes.
TEXT, ANALYSIS = "text", "analysis"
TEXT_ON_ANALYSIS_KEY = "window/analysis_text"
# The text panes and the ids under them zoom together, by this name; the tabs by their keys.
TEXT_ZOOM = "text"
TEXT_PANE = "editor"  # the "Your text" pane's key among the panes a zoom sizes
ZOOM_PREFIX = "zoom/"
# Views whose own set_zoom sizes what they paint (their fonts are their own): the window
# sizes nothing inside them but the widgets around a playback's chip canvas.
PAINTED_VIEWS = ("layers", "shaped", "playback")


class MainWindow(QMainWindow):
    def __init__(self, *, tokenizer_path: str | None = None, text: str | None = None,
                 encoding: str | None = None, settings: QSettings | None = None,
                 discover: bool = True) -> None:
        super().__init__()
        collect_on_gui_thread()
        keep_gui_thread_responsive()
        self.setWindowTitle(self.tr("BPE Lens"))
        self.setAcceptDrops(True)
        self.settings = settings or app_settings()
        self.session = Session(self.settings, self)
        self.themes = theme_keeper(QApplication.instance())
        self.themes.apply(saved_theme(self.settings))
        # A session's prepared texts (slides); the one in the box is prepared_index.
        self.prepared_texts: list[str] = [""]
        self.prepared_index = 0
        self._shown_once = False
        self._build_widgets()
        self._build_actions()
        self._build_status()
        self._build_work()
        self._wire_session()
        self._restore_group_sizes()
        restore_window_state(self.settings, self, self._splitters())
        self.show_text_area()
        for key, zoom in self.view_zooms.items():  # the views' own zooms, from last time
            if zoom != 1.0:
                for pane_key in self._zoom_keys(key):
                    self._zoom_pane(pane_key, zoom)

        self.picker.choices_changed.connect(self.compare_view.set_choices)
        self.picker.choices_changed.connect(self.views["debug"].set_choices)
        self.studio_view.open_requested.connect(self.open_path)
        self.studio_view.compare_requested.connect(self.compare_runs)
        self.studio_view.playback_requested.connect(self.play_back_run)
        self.views["debug"].open_requested.connect(self.open_path)
        self.views["debug"].compare_requested.connect(self.compare_runs)
        self.views["debug"].set_corpus_source(self.compare_view.current_corpus)
        self.views["chat"].text_requested.connect(self.show_chat_text)
        self.picker.set_sources(demos=list(DEMO_TOKENIZERS),
                                recent=recent_tokenizers(self.settings))
        saved = load_saved_text(self.settings)
        initial = text if text is not None else (saved if saved is not None else welcome_text())
        self.editor.set_text(self._checked(initial))
        self.editor.text_noted.connect(self._on_text_noted)
        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.filling_changed.connect(self._on_editor_filling)
        self.picker.currentIndexChanged.connect(self._on_picker_changed)

        if tokenizer_path:
            self.open_path(tokenizer_path, encoding=encoding)
        else:
            self.session.choose(self.session.saved_choice() or demo_choice())
        self.discover = discover
        if discover:
            self.finder.submit(lambda job: find_local_tokenizers())

    # -- what the session holds, for the window's users (tests, benchmarks) ------------------
    @property
    def tokenizer(self) -> Tokenizer | None:
        return self.session.tokenizer

    @property
    def choice(self) -> Choice | None:
        return self.session.choice

    @property
    def encoded(self) -> EncodedText | None:
        return self.session.encoded

    @property
    def table(self) -> TokenTable | None:
        return self.session.table

    @property
    def selected(self) -> int | None:
        return self.session.selection

    @property
    def special_mode(self) -> str:
        return self.session.special_mode

    @property
    def layers(self) -> LayersView:
        return self.views["layers"]  # type: ignore[return-value]

    @property
    def shaped(self) -> ShapedView:
        return self.views["shaped"]  # type: ignore[return-value]

    @property
    def compare_view(self) -> CompareView:
        return self.views["compare"]  # type: ignore[return-value]

    @property
    def studio_view(self) -> StudioView:
        return self.views["studio"]  # type: ignore[return-value]

    @property
    def ids_panel(self) -> IdsPanel:
        return self.views["ids"]  # type: ignore[return-value]

    @property
    def runners(self) -> tuple[Runner, ...]:
        return (*self.session.runners, self.reader, self.finder)

    # -- building ----------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.picker = TokenizerPicker()
        self.open_button = QPushButton(self.tr("Open…"))
        self.open_button.setToolTip(self.tr("Open a tokenizer file (tokenizer.json, *.tiktoken, "
                                            "vocab.json + merges.txt, a SentencePiece .model, "
                                            "a BPE Lens .json)"))
        # Cut to the room there, the whole in its tooltip: it must not widen the window.
        self.about_tokenizer = ElidedLabel()
        style.set_tone(self.about_tokenizer, "muted")
        self.top_bar = QWidget()  # hidden in presentation mode
        top = QHBoxLayout(self.top_bar)
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(QLabel(self.tr("Tokenizer")))
        top.addWidget(self.picker)
        top.addWidget(self.open_button)
        top.addWidget(self.about_tokenizer, 1)

        self.banner = Banner()
        self.editor = InputEditor()
        self.editor.setFont(QFont(*style.EDITOR_FONT))
        self.editor.setPlaceholderText(self.tr("Type or paste text, or drop a text file here"))

        self.top_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.text_pane = Pane(self.tr("Your text"), self.editor)
        self.top_splitter.addWidget(self.text_pane)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.top_splitter)
        self.views: dict[str, QWidget] = {}
        self.panes: dict[str, Pane] = {}
        top_sizes, sizes = [640], [230]
        self.tabs = QTabWidget()
        self.tab_keys: list[str] = []
        for spec in VIEWS:
            view = spec.make()
            pane = Pane(spec.shown_title(), view)
            self.views[spec.key], self.panes[spec.key] = view, pane
            beside = spec.area == "beside_text"
            splitter = self.top_splitter if beside else self.splitter
            if spec.area == "tab":
                self.tabs.addTab(pane, spec.shown_tab())
                self.tab_keys.append(spec.key)
                if self.tabs.count() == 1:
                    self.splitter.addWidget(self.tabs)
                    self.splitter.setStretchFactor(self.splitter.count() - 1, spec.stretch)
                    sizes.append(spec.size)
            else:
                splitter.addWidget(pane)
                splitter.setStretchFactor(splitter.count() - 1, spec.stretch)
                (top_sizes if beside else sizes).append(spec.size)
            view.attach(self.session, pane)  # type: ignore[attr-defined]
        self.top_splitter.setSizes(top_sizes)
        self.splitter.setSizes(sizes)
        self.text_tabs = {spec.key for spec in VIEWS if spec.area == "tab" and spec.shows_text}
        self.below_panes = [self.panes[spec.key] for spec in VIEWS if spec.area == "below"]
        # The main splitter's sizes on each kind of tab, while the text shows there.
        self.group = TEXT
        self.group_sizes: dict[str, list[int] | None] = {TEXT: None, ANALYSIS: None}
        self.text_on_analysis = _flag(self.settings.value(TEXT_ON_ANALYSIS_KEY, False))
        self.text_button = QToolButton()
        self.text_button.setAutoRaise(True)
        self.text_button.clicked.connect(lambda: self.show_text_on_analysis(
            not self.text_on_analysis))
        self.tabs.setCornerWidget(self.text_button, Qt.Corner.TopRightCorner)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        self.splitter.splitterMoved.connect(lambda *_: self._remember_sizes())
        self._areas = {spec.key: spec.area for spec in VIEWS}
        self.view_zooms = {key: zoom for key in (TEXT_ZOOM, *self.tab_keys)
                           if (zoom := _zoom(self.settings.value(f"{ZOOM_PREFIX}{key}")))
                           is not None}

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addWidget(self.top_bar)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.derivation = DerivationDialog(self)
        self.session.derivation_wanted.connect(self.show_derivation)
        self.editor.files_dropped.connect(self.open_dropped)
        self.open_button.clicked.connect(self.ask_open_tokenizer)

    def _on_cursor_moved(self) -> None:
        self.session.cursor_moved.emit(self.editor.textCursor().position())

    def show_view(self, key: str) -> None:
        """Bring a tabbed view to the front (``--view``)."""
        self.tabs.setCurrentIndex(self.tab_keys.index(key))
        self.views[key].setFocus()  # so → ← space Home End step it at once

    # -- the text panes on each kind of tab ---------------------------------------------------
    def _on_tab_changed(self, index: int) -> None:
        group = TEXT if self.tab_keys[index] in self.text_tabs else ANALYSIS
        if group != self.group:
            self._remember_sizes()
            self.group = group
            self.show_text_area()

    def text_area_shown(self) -> bool:
        """Whether the text panes (and the ids under the tabs) show with the tab in front."""
        return self.group == TEXT or self.text_on_analysis

    def show_text_on_analysis(self, shown: bool) -> None:
        """The text panes over the tabs of their own data (a corpus, the tokenizer) too, or
        folded away (the button in the tab bar's corner brings them back); remembered."""
        if shown == self.text_on_analysis:
            return
        self._remember_sizes()
        self.text_on_analysis = shown
        self.settings.setValue(TEXT_ON_ANALYSIS_KEY, shown)
        self.show_text_area()

    def show_text_area(self) -> None:
        """Show or fold the text panes for the tab in front, with the sizes this kind of tab
        had: switching between tabs of one kind never moves the splitter."""
        shown = self.text_area_shown()
        presenting = getattr(self, "presentation", None) is not None \
            and self.presentation.active
        self.top_splitter.setVisible(shown)
        for pane in self.below_panes:
            # The ids are for the screen, not the audience.
            pane.setVisible(shown and not (presenting and pane is self.panes.get("ids")))
        if shown:
            sizes = self.group_sizes[self.group]
            if sizes is None and self.group == ANALYSIS:
                sizes = self._roomy_sizes()
            if sizes is not None and len(sizes) == self.splitter.count():
                self.splitter.setSizes(sizes)
        analysis = self.group == ANALYSIS
        self.text_button.setVisible(analysis)
        self.text_button.setText(self.tr("Hide your text ▴") if shown
                                 else self.tr("Show your text ▾"))
        self.text_button.setToolTip(
            self.tr("Fold the text panes away on this kind of tab: the page is the tab's")
            if shown else self.tr("Show the text panes over this kind of tab too"))
        if hasattr(self, "text_action"):
            self.text_action.setChecked(self.text_on_analysis)

    def take_layout_from(self, other: MainWindow) -> None:
        """The splitters of another window of this session (a language switch builds a new
        one before the old one closes and saves them)."""
        other._remember_sizes()
        self.group_sizes = {group: list(sizes) if sizes is not None else None
                            for group, sizes in other.group_sizes.items()}
        self.top_splitter.setSizes(other.top_splitter.sizes())
        self.text_on_analysis = other.text_on_analysis
        self.show_text_area()

    def _roomy_sizes(self) -> list[int]:
        """The first time the text shows over a tab of its own data: a short text box."""
        sizes = list(self.group_sizes[TEXT] or self.splitter.sizes())
        if sizes[0] > ROOMY_TEXT_BOX:
            sizes[1] += sizes[0] - ROOMY_TEXT_BOX
            sizes[0] = ROOMY_TEXT_BOX
        return sizes

    def _remember_sizes(self) -> None:
        # (Presentation mode hides the ids: its sizes are not the user's.)
        presenting = getattr(self, "presentation", None) is not None \
            and self.presentation.active
        if self.text_area_shown() and not self.top_splitter.isHidden() and not presenting:
            self.group_sizes[self.group] = self.splitter.sizes()

    # -- zoom (the design: zoom.py) ------------------------------------------------------------
    def zoom_target(self) -> str:
        """What Ctrl + / Ctrl − zoom outside presentation mode: the text panes (and the ids)
        when the keyboard is in them, else the tab in front."""
        focus = QApplication.focusWidget()
        if focus is not None and any(area is focus or area.isAncestorOf(focus)
                                     for area in (self.top_splitter, *self.below_panes)):
            return TEXT_ZOOM
        return self.tab_keys[self.tabs.currentIndex()]

    def view_zoom(self, key: str) -> float:
        """The zoom a view (or TEXT_ZOOM) has outside presentation mode (remembered)."""
        return self.view_zooms.get(key, 1.0)

    def zoom_by(self, steps: int) -> None:
        if self.presentation.active:
            self.presentation.zoom_by(steps)
        else:
            key = self.zoom_target()
            self.set_view_zoom(key, next_zoom(self.view_zoom(key), steps))

    def reset_zoom(self) -> None:
        if self.presentation.active:
            self.presentation.set_zoom(DEFAULT_ZOOM)
        else:
            self.set_view_zoom(self.zoom_target(), 1.0)

    def set_view_zoom(self, key: str, zoom: float) -> None:
        self.view_zooms[key] = zoom
        self.settings.setValue(f"{ZOOM_PREFIX}{key}", zoom)
        if not self.presentation.active:
            for pane_key in self._zoom_keys(key):
                self._zoom_pane(pane_key, zoom)
            self.statusBar().showMessage(self.tr("Zoom {percent}%").format(
                percent=round(zoom * 100)), 3000)

    def apply_zooms(self) -> None:
        """Every size as the mode says: in presentation mode one zoom for everything, else
        each view its own and the rest (the tab bar, the banner) 1."""
        presenting = self.presentation.active
        everything = self.presentation.zoom if presenting else 1.0
        zoom_tree(self.centralWidget(), everything,
                  skip=(self.text_pane, *self.panes.values()))
        for key in (TEXT_PANE, *self.panes):
            group = TEXT_ZOOM if key in self._zoom_keys(TEXT_ZOOM) else key
            self._zoom_pane(key, everything if presenting else self.view_zoom(group))

    def _zoom_keys(self, key: str) -> tuple[str, ...]:
        """The panes a zoom key sizes."""
        if key == TEXT_ZOOM:
            return (TEXT_PANE, *(k for k, spec_area in self._areas.items()
                                 if spec_area != "tab"))
        return (key,)

    def _zoom_pane(self, key: str, zoom: float) -> None:
        pane = self.text_pane if key == TEXT_PANE else self.panes[key]
        view = pane.view
        zoom_tree(pane.label, zoom)
        if key in PAINTED_VIEWS:
            view.set_zoom(zoom)  # type: ignore[attr-defined]
            canvas = getattr(view, "canvas", None)
            if key == "playback":
                zoom_tree(view, zoom, skip=(canvas,) if canvas is not None else ())
        elif not call_set_zoom(view, zoom):
            zoom_tree(view, zoom)

    def show_derivation(self, token_id: int, why: str) -> None:
        tokenizer = self.session.tokenizer
        if tokenizer is not None:
            self.derivation.show_token(tokenizer, token_id, why)

    @property
    def shaped_title(self) -> QLabel:
        return self.panes["shaped"].label

    def _splitters(self) -> dict[str, QSplitter]:
        # The main splitter's sizes are kept per kind of tab (its state would hold which
        # panes the tab in front had folded away).
        return {"top": self.top_splitter}

    def _restore_group_sizes(self) -> None:
        for group in (TEXT, ANALYSIS):
            sizes = _sizes(self.settings.value(f"window/sizes/{group}"))
            if sizes is not None and len(sizes) == self.splitter.count():
                self.group_sizes[group] = sizes
        if self.group_sizes[TEXT] is not None:
            self.splitter.setSizes(self.group_sizes[TEXT])

    def _save_group_sizes(self) -> None:
        self._remember_sizes()
        for group, sizes in self.group_sizes.items():
            if sizes is not None:
                self.settings.setValue(f"window/sizes/{group}", sizes)

    def _build_actions(self) -> None:
        menu = self.menuBar().addMenu(self.tr("&File"))
        self.open_action = _action(self, self.tr("Open tokenizer file…"),
                                   QKeySequence.StandardKey.Open, self.ask_open_tokenizer)
        self.open_folder_action = _action(self, self.tr("Open tokenizer folder…"), None,
                                          self.ask_open_folder)
        self.open_text_action = _action(self, self.tr("Open text file…"), "Ctrl+Shift+O",
                                        self.ask_open_text)
        self.open_corpus_action = _action(self, self.tr("Compare languages on a corpus…"),
                                          "Ctrl+L", self.ask_open_corpus)
        menu.addActions([self.open_action, self.open_folder_action, self.open_text_action,
                         self.open_corpus_action])
        self.recent_menu = menu.addMenu(self.tr("Recent tokenizers"))
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        menu.addSeparator()
        self.save_session_action = _action(self, self.tr("Save session…"),
                                           QKeySequence.StandardKey.Save, self.ask_save_session)
        self.open_session_action = _action(self, self.tr("Open session…"), "Ctrl+Shift+S",
                                           self.ask_open_session)
        self.keep_text_action = _action(self,
                                        self.tr("Keep this text in the session (a new slide)"),
                                        "Ctrl+Shift+K", self.keep_text)
        self.next_text_action = _action(self, self.tr("Next prepared text"), "Ctrl+PgDown",
                                        lambda: self.show_prepared_text(+1))
        self.previous_text_action = _action(self, self.tr("Previous prepared text"),
                                            "Ctrl+PgUp", lambda: self.show_prepared_text(-1))
        menu.addActions([self.save_session_action, self.open_session_action,
                         self.keep_text_action, self.next_text_action,
                         self.previous_text_action])
        menu.addSeparator()
        self._build_picture_menu(menu.addMenu(self.tr("Export picture")))
        menu.addSeparator()
        menu.addAction(_action(self, self.tr("Quit"), QKeySequence.StandardKey.Quit, self.close))

        view = self.menuBar().addMenu(self.tr("&View"))
        options = self.session.options
        self.ids_action = _toggle(self, self.tr("Ids under chips"), options.ids,
                                  self._on_options)
        self.alternate_action = _toggle(self, self.tr("Alternating colours"),
                                        options.alternating, self._on_options)
        self.spelling_action = _toggle(self, self.tr("Vocabulary spelling (Ġ, ▁, ##)"),
                                       options.spelling, self._on_options)
        self.special_action = _toggle(self, self.tr("Recognise special tokens"), True,
                                      self._on_special_toggled)
        self.special_action.setShortcut("Ctrl+T")
        self.theme_menu = view.addMenu(self.tr("Theme"))
        self.theme_actions = {}
        group = QActionGroup(self)
        # The keys name the themes in the settings and to callers; only the titles translate.
        for name, title in (("system", self.tr("Follow the system")), ("light", self.tr("Light")),
                            ("dark", self.tr("Dark")), ("contrast", self.tr("High contrast"))):
            action = QAction(title, self, checkable=True)
            action.triggered.connect(lambda _=False, name=name: self.set_theme(name))
            group.addAction(action)
            self.theme_menu.addAction(action)
            self.theme_actions[name] = action
        self.theme_actions[self.themes.name].setChecked(True)
        self.language_menu = view.addMenu(self.tr("Language"))
        self.language_actions = {}
        languages = QActionGroup(self)
        current = saved_language(self.settings)  # None: follow the system
        # Each language keeps its own name, so a reader of either finds theirs.
        for lang, title in ((None, self.tr("Follow the system")),
                            *((code, LANGUAGE_NAMES[code]) for code in SUPPORTED)):
            action = QAction(title, self, checkable=True)
            action.setChecked(lang == current)
            action.triggered.connect(lambda _=False, lang=lang: self.set_language(lang))
            languages.addAction(action)
            self.language_menu.addAction(action)
            self.language_actions[lang] = action
        self.presentation = Presentation(self)
        self.present_action = _action(self, self.tr("Present (full screen, large, keyboard)"),
                                      "F5", self.presentation.toggle)
        view.addAction(self.present_action)
        zoom_menu = view.addMenu(self.tr("Zoom"))
        self.zoom_in_action = _action(self, self.tr("Zoom in"), QKeySequence.StandardKey.ZoomIn,
                                      lambda: self.zoom_by(+1))
        self.zoom_in_action.setShortcuts([QKeySequence.StandardKey.ZoomIn,
                                          QKeySequence("Ctrl+=")])
        self.zoom_out_action = _action(self, self.tr("Zoom out"),
                                       QKeySequence.StandardKey.ZoomOut,
                                       lambda: self.zoom_by(-1))
        self.zoom_reset_action = _action(self, self.tr("Actual size"), "Ctrl+0",
                                         self.reset_zoom)
        for action in (self.zoom_in_action, self.zoom_out_action, self.zoom_reset_action):
            action.setToolTip(self.tr("The view you are on: the text panes when the keyboard "
                                      "is in them, else the tab in front; in presentation "
                                      "mode, everything"))
        zoom_menu.addActions([self.zoom_in_action, self.zoom_out_action,
                              self.zoom_reset_action])
        self.text_action = _toggle(self, self.tr("Your text over every tab"),
                                   self.text_on_analysis,
                                   lambda: self.show_text_on_analysis(
                                       self.text_action.isChecked()))
        view.addAction(self.text_action)
        view.addSeparator()
        view.addActions([self.ids_action, self.alternate_action, self.spelling_action])
        view.addSeparator()
        view.addAction(self.special_action)

    def _build_picture_menu(self, menu) -> None:
        pictures = self.pictures = PictureExporter(
            self, self.session, lambda text: self.statusBar().showMessage(text, 8000))
        playback = self.views["playback"]
        self.export_layers_action = _action(self, self.tr("Layers of the text…"), "Ctrl+E",
                                            lambda: pictures.export("layers"))
        self.copy_layers_action = _action(self, self.tr("Copy the layers picture"),
                                          "Ctrl+Shift+C", lambda: pictures.copy("layers"))
        menu.addActions([
            self.export_layers_action,
            _action(self, self.tr("Shaped text…"), None, lambda: pictures.export("shaped")),
            _action(self, self.tr("Playback frame on screen…"), None,
                    lambda: pictures.export("playback", **playback.shown_frame())),
            _action(self, self.tr("Playback animation (GIF, APNG, frames)…"), None,
                    lambda: pictures.export_animation(**playback.animation_defaults())),
            _action(self, self.tr("This tab as shown…"), None,
                    lambda: pictures.export_widget(self.tabs.currentWidget(),
                                                   self.tab_keys[self.tabs.currentIndex()])),
        ])
        menu.addSeparator()
        menu.addAction(self.copy_layers_action)

    def set_theme(self, name: str, *, remember: bool = True) -> None:
        """light, dark, contrast, or system (follow it)."""
        self.themes.apply(name)
        self.theme_actions[name].setChecked(True)
        if remember:
            save_theme(self.settings, name)

    def set_language(self, lang: str | None) -> None:
        """Remembered, and shown at once in a window built again with this one's session."""
        switch_language(self, lang)

    # -- sessions ------------------------------------------------------------------------------
    def ask_save_session(self) -> None:
        path = ask_save_session(self)
        if path is not None:
            self.save_session(path)

    def save_session(self, path: Path) -> Path:
        saved = save_session(collect_session(self), path)
        self.statusBar().showMessage(self.tr("Saved the session to {path}").format(path=saved),
                                     8000)
        return saved

    def ask_open_session(self) -> None:
        path = ask_open_session(self)
        if path is not None:
            self.open_session(path)

    def open_session(self, path: str | Path) -> bool:
        try:
            saved = read_session(path)
        except BpeLensError as exc:
            self.show_error(str(exc), "error")
            return False
        for note in apply_session(self, saved, Path(path)):
            self.show_error(note)
        self.statusBar().showMessage(
            self.tr("Opened the session {name}").format(name=Path(path).name), 8000)
        return True

    def keep_text(self) -> None:
        """The text in the box stays as it is; a new, empty prepared text follows it."""
        self.prepared_texts[self.prepared_index] = self.editor.toPlainText()
        self.prepared_texts.insert(self.prepared_index + 1, "")
        self.show_prepared_text(+1)

    def show_prepared_text(self, step: int) -> None:
        if len(self.prepared_texts) < 2:
            return
        self.prepared_texts[self.prepared_index] = self.editor.toPlainText()
        self.prepared_index = (self.prepared_index + step) % len(self.prepared_texts)
        self.editor.set_text(self.prepared_texts[self.prepared_index])
        self.statusBar().showMessage(self.tr("Text {n} of {count}").format(
            n=self.prepared_index + 1, count=len(self.prepared_texts)), 4000)

    def _build_status(self) -> None:
        # The counts must not make the whole window wider: in a narrow window they are cut,
        # the tooltip has them all. (The special-token note names three tokens at most.)
        self.stats = ElidedLabel()
        self.specials_note = ElidedLabel()
        self.special_switch = QPushButton()
        self.special_switch.hide()
        self.special_switch.clicked.connect(self.special_action.trigger)
        self.busy = BusyIndicator()
        bar = StatusBar()
        self.setStatusBar(bar)
        # The counts, then passing messages (a clicked token's facts) beside them, never over
        # them; the special-token warning stays in sight whatever message passes.
        bar.add_counts(self.stats)
        self.status_message = bar.message
        bar.addPermanentWidget(self.specials_note)
        bar.addPermanentWidget(self.special_switch)
        bar.addPermanentWidget(self.busy)

    @property
    def progress(self) -> QProgressBar:
        return self.busy.progress

    @property
    def cancel_button(self) -> QPushButton:
        return self.busy.cancel_button

    @property
    def busy_label(self) -> QLabel:
        return self.busy.label

    def _build_work(self) -> None:
        self.reader = Runner("read", self)
        self.reader.done.connect(self.replace_text)
        self.reader.failed.connect(lambda exc: self.show_error(str(exc)))
        self.finder = Runner("discover", self)
        self.finder.done.connect(lambda found: self.picker.set_sources(found=found))
        self.autosave = TextAutosave(text_path(self.settings), self.editor.text, self)
        self.autosave.failed.connect(lambda message: self.show_error(message, "save"))
        self.autosave.saved.connect(lambda: self.banner.clear("save"))

        self._change_size = 0  # UTF-16 units changed since the last encode
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.encode_now)
        # A load is the user's request: said at once. An encode only when it takes a while.
        session = self.session
        self.busy.watch(session.loader, lambda: self.tr("Loading {name}…").format(
                        name=session.loading[0].label) if session.loading
                        else self.tr("Loading…"), at_once=True)
        self.busy.watch(session.encoder, lambda: self.tr("Encoding {n:,} characters…").format(
                        n=len(self.editor.text())))
        self.busy.cancelled.connect(session.cancel)

    def _wire_session(self) -> None:
        session = self.session
        session.loaded.connect(self._on_loaded)
        session.load_abandoned.connect(self._show_choice)
        session.rank_settings_needed.connect(self.ask_rank_settings)
        session.problem.connect(self.show_error)
        session.problem_solved.connect(self.banner.clear)
        session.encoding_changed.connect(self._show_stats)
        session.selected.connect(self._on_selected)
        self.editor.cursorPositionChanged.connect(self._on_cursor_moved)
        session.decoded.connect(self._on_decoded)
        session.encode_cancelled.connect(lambda: self.statusBar().showMessage(
            self.tr("Encoding cancelled: the views show the last encoding; edit the text to "
                    "encode it again"), 8000))

    # -- tokenizers --------------------------------------------------------------------------
    def choose(self, choice: Choice, *, fallback: bool = False) -> None:
        self.session.choose(choice, fallback=fallback)

    def ask_rank_settings(self, choice: Choice) -> None:
        """A rank file nothing names the encoding of: ask for it (or a pattern) and open it
        again with the answer."""
        dialog = RankFileDialog(choice, self)
        self.rank_dialog = dialog  # for tests
        dialog.accepted.connect(lambda: self.session.choose(dialog.chosen()))
        dialog.open()

    def open_path(self, path: str, *, encoding: str | None = None) -> None:
        self.session.choose(path_choice(path, encoding=encoding))

    def ask_open_tokenizer(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open tokenizer"), "",
                                              tokenizer_filter())
        if path:
            self.open_path(path)

    def compare_runs(self, paths: list[str], corpus: str) -> None:
        """Studio runs side by side on their corpus, with the main view's tokenizer."""
        self.show_view("compare")
        current = [self.session.choice] if self.session.choice is not None else []
        self.compare_view.compare_on(corpus, [*map(path_choice, paths), *current])

    def play_back_run(self, path: str) -> None:
        self.show_view("training")
        self.views["training"].open_file(Path(path))

    def ask_open_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, self.tr("Open tokenizer folder"))
        if path:
            self.open_path(path)

    def ask_open_corpus(self) -> None:
        """The comparison tab, asking for a parallel corpus file (the tab's own list offers
        folders, recent corpora and the bundled demo)."""
        self.show_view("compare")
        self.compare_view.ask_open_corpus_file()

    def ask_open_text(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open text"), "", text_filter())
        if path:
            self.open_text(path)

    def _on_loaded(self, choice: Choice, tokenizer: Tokenizer, fallback: bool) -> None:
        if choice.kind == "path":
            self.picker.set_sources(recent=recent_tokenizers(self.settings))
            if not self.picker.select_choice(choice):
                self.picker.add_opened(choice)
        else:
            self._show_choice(choice)
        self.about_tokenizer.setText(f"{tokenizer.name or choice.label} — "
                                     f"{localize(tokenizer.model.describe())}")
        self.about_tokenizer.setToolTip(f"{self.about_tokenizer.text()}\n{choice.key}")
        self.encode_now()

    def _show_choice(self, choice: Choice) -> None:
        self.picker.blockSignals(True)
        self.picker.select_choice(choice)
        self.picker.blockSignals(False)

    def _on_picker_changed(self) -> None:
        choice = self.picker.current_choice()
        if choice is not None and choice != self.session.choice:
            self.session.choose(choice)

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in recent_tokenizers(self.settings):
            self.recent_menu.addAction(path, lambda p=path: self.open_path(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction(self.tr("(none yet)")).setEnabled(False)

    # -- text --------------------------------------------------------------------------------
    def open_text(self, path: str) -> None:
        """Read a text file (off the GUI thread) into the box; a file that is not UTF-8
        leaves the text as it is."""
        self.reader.submit(lambda job: read_text_file(path))

    def open_dropped(self, paths: list[str]) -> None:
        for raw in paths[:1]:
            path = Path(raw)
            if looks_like_tokenizer(path):
                self.open_path(str(path))
            else:
                self.open_text(str(path))

    def _checked(self, text: str) -> str:
        """The text as the box can hold it; what had to change is said in the banner."""
        safe, notes = box_safe(text)
        self._on_text_noted(notes)
        return safe

    def _on_text_noted(self, notes: list[str]) -> None:
        for note in notes:
            self.show_error(note, "text")

    def show_chat_text(self, text: str) -> None:
        """The Chat tab's rendered conversation in the box, seen in the layers."""
        self.replace_text(text)
        self.show_view("layers")

    def replace_text(self, text: str) -> None:
        """Put new text in the editor as one undoable edit (Ctrl+Z brings the old back); the
        box checks it (carriage returns, lone surrogates) and says what it changed."""
        self.editor.replace_text(text)

    def _on_text_changed(self) -> None:
        if self.editor.filling:
            return  # the rest of a long text is still going in
        self.autosave.changed()
        # An edit re-encoded around itself is quick at any length; a paste of a long text
        # is not, and more may follow.
        if self.editor.document().characterCount() <= IMMEDIATE_LIMIT or (
                self._changed_since_encode() <= IMMEDIATE_LIMIT
                and self.session.edits_in_place()):
            self.encode_now()
        else:
            self._debounce.start()

    def _on_editor_filling(self, filling: bool) -> None:
        if filling:
            self.busy.note(self.tr("Pasting…"))
            return
        self.busy.refresh()
        self._on_text_changed()

    # -- encoding ----------------------------------------------------------------------------
    def _changed_since_encode(self) -> int:
        self._change_size += self.editor.take_change_size()
        return self._change_size

    def encode_now(self) -> None:
        self._debounce.stop()
        if self.editor.filling:
            return
        self._change_size = 0
        self.editor.take_change_size()
        self.session.encode(self.editor.text(), revision=self.editor.revision,
                            capacity=self.layers.capacity())

    def settled(self) -> bool:
        """Every view shows the latest encoding of the text in the box."""
        encoded = self.session.encoded
        if encoded is None or self._debounce.isActive() or self.editor.filling or (
                not self.session.settled(self.editor.revision)):
            return False
        return encoded.table.text == self.editor.text() and all(
            view.shows(encoded) for view in self.views.values())  # type: ignore[attr-defined]

    def _show_stats(self, encoded: EncodedText | None) -> None:
        if encoded is None:
            self.stats.setText(self.tr("not encoded (see the message above)"))
            self.specials_note.clear()
            self.special_switch.hide()
            return
        table = encoded.table
        self.stats.setText(stats_line(table, encoded.tokenizer))
        more = round_trip_tooltip(table, encoded.tokenizer)
        self.stats.setToolTip(self.stats.text() + ("\n\n" + more if more else ""))
        note = specials_note(table)
        self.specials_note.setText(note.text)
        self.specials_note.setToolTip(note.text)
        style.set_tone(self.specials_note, "warning" if note.warning else "muted")
        self.special_switch.setText(note.switch)
        self.special_switch.setVisible(bool(note.switch))

    def _on_special_toggled(self) -> None:
        self.session.set_special_mode("all" if self.special_action.isChecked() else "none")
        self.encode_now()

    # -- selection and inspection -----------------------------------------------------------
    def select_token(self, index: int) -> None:
        self.session.select(index)

    def token_info(self, index: int) -> TokenInfo:
        return self.session.token_info(index)

    def _on_selected(self, index: int) -> None:
        info = self.session.token_info(index)
        self.statusBar().showMessage(" · ".join(token_lines(info)[:3]), 8000)

    def decode_ids(self, ids: list[int]) -> None:
        self.session.decode(ids)

    def _on_decoded(self, count: int, text: str) -> None:
        self.replace_text(text)
        self.statusBar().showMessage(
            self.tr("Decoded {n:,} ids into the text (Ctrl+Z in the text box brings the "
                    "previous text back)").format(n=count), 8000)

    # -- view options ------------------------------------------------------------------------
    def _on_options(self) -> None:
        self.session.set_options(self.session.options.with_(
            ids=self.ids_action.isChecked(), alternating=self.alternate_action.isChecked(),
            spelling=self.spelling_action.isChecked()))

    # -- errors, drops, closing ----------------------------------------------------------------
    def show_error(self, message: str, kind: str = "note") -> None:
        self.banner.show_message(message, kind)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_dropped(paths)
            event.acceptProposedAction()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            # Once the window manager has framed it: the whole frame inside the screen.
            QTimer.singleShot(0, lambda: bring_inside(self))

    def closeEvent(self, event: QCloseEvent) -> None:
        """Save the text (at once, waiting for nothing but a save already writing), remember
        the window, and abandon all running work: closing never waits for an encode."""
        for runner in self.runners:
            runner.shutdown()
        self._debounce.stop()
        self.editor.finish()
        problem = self.autosave.save_now()
        if problem:
            self.show_error(problem, "save")
            print(f"bpelens: {problem}", file=sys.stderr)
        save_window_state(self.settings, self, self._splitters())
        self._save_group_sizes()
        self.settings.sync()
        super().closeEvent(event)


def _action(parent: QWidget, text: str, shortcut, slot) -> QAction:
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(slot)
    return action


def _zoom(value: object) -> float | None:
    """A saved zoom, if it is one of the steps' range."""
    try:
        zoom = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return zoom if VIEW_ZOOMS[0] <= zoom <= VIEW_ZOOMS[-1] else None


def _sizes(value: object) -> list[int] | None:
    """Splitter sizes as QSettings gives a list of ints back (strings from a file), or None."""
    if not isinstance(value, list | tuple):
        return None
    try:
        sizes = [int(x) for x in value]
    except (TypeError, ValueError):
        return None
    return sizes if sizes and all(x >= 0 for x in sizes) else None


def _flag(value: object) -> bool:
    """A boolean setting as QSettings gives it back (a bool, or "true"/"false" from a file)."""
    return value is True or str(value).lower() in ("true", "1")


def _toggle(parent: QWidget, text: str, checked: bool, slot) -> QAction:
    action = QAction(text, parent)
    action.setCheckable(True)
    action.setChecked(checked)
    action.toggled.connect(lambda _: slot())
    return action
