"""The main window: the text, how the chosen tokenizer cuts it (layers and shaped views), the
ids, and what to watch out for (special tokens read as control tokens, round trip).

The window lays out the views and wires them to the work: encoding, loading, saving, decoding
and discovery each run on threads of their own (:mod:`.worker`), newest request wins, and only
this thread touches widgets. What the views show comes whole from the encode job
(:class:`~.encode_job.EncodedText`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QFont, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from bpelens.app.demo_data import welcome_text
from bpelens.core import TokenInfo, Tokenizer, TokenTable, find_local_tokenizers, token_info
from bpelens.resources import DEMO_TOKENIZERS

from .banner import Banner
from .busy_indicator import BusyIndicator
from .encode_job import EncodedText, bands_for, encode_for_views
from .failure_messages import encode_failed, load_failed
from .ids_panel import IdsPanel
from .input_editor import InputEditor
from .layers_view import LayersView
from .settings import (
    app_settings,
    load_saved_text,
    recent_tokenizers,
    remember_tokenizer,
    text_path,
)
from .shaped_view import ShapedView
from .status_text import specials_note, stats_line
from .text_autosave import TextAutosave
from .text_checks import box_safe
from .text_slices import next_turn
from .tokenizer_files import (
    DEFAULT_DEMO,
    TEXT_FILTER,
    TOKENIZER_FILTER,
    demo_choice,
    file_label,
    load_choice,
    looks_like_tokenizer,
    path_choice,
    read_text_file,
)
from .tokenizer_picker import Choice, TokenizerPicker
from .window_state import restore_window_state, save_window_state
from .worker import Runner

# Below this many characters a keystroke re-encodes at once; above, after a pause in typing.
IMMEDIATE_LIMIT = 20_000
DEBOUNCE_MS = 150


class MainWindow(QMainWindow):
    def __init__(self, *, tokenizer_path: str | None = None, text: str | None = None,
                 encoding: str | None = None, settings: QSettings | None = None,
                 discover: bool = True) -> None:
        super().__init__()
        self.setWindowTitle("BPE Lens")
        self.setAcceptDrops(True)
        self.settings = settings or app_settings()
        self.tokenizer: Tokenizer | None = None
        self.choice: Choice | None = None
        self.encoded: EncodedText | None = None
        self.special_mode = "all"
        self.selected: int | None = None
        self._loading: tuple[Choice, bool] | None = None  # what loads, and as a fallback?
        self._submitted_with: tuple[Tokenizer, str] | None = None
        self._build_widgets()
        self._build_actions()
        self._build_status()
        self._build_work()
        restore_window_state(self.settings, self, self._splitters())

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
            self.choose(self._saved_choice() or demo_choice())
        if discover:
            self.finder.submit(lambda job: find_local_tokenizers())

    @property
    def table(self) -> TokenTable | None:
        return self.encoded.table if self.encoded is not None else None

    # -- building ----------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.picker = TokenizerPicker()
        self.open_button = QPushButton("Open…")
        self.open_button.setToolTip("Open a tokenizer file (tokenizer.json, *.tiktoken, "
                                    "vocab.json + merges.txt, a SentencePiece .model, a BPE "
                                    "Lens .json)")
        self.about_tokenizer = QLabel()
        self.about_tokenizer.setStyleSheet("color: #555")
        self.about_tokenizer.setTextFormat(Qt.TextFormat.PlainText)
        self.about_tokenizer.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        top = QHBoxLayout()
        top.addWidget(QLabel("Tokenizer"))
        top.addWidget(self.picker)
        top.addWidget(self.open_button)
        top.addWidget(self.about_tokenizer, 1)

        self.banner = Banner()
        self.editor = InputEditor()
        self.editor.setFont(QFont("Noto Sans", 13))
        self.editor.setPlaceholderText("Type or paste text, or drop a text file here")
        self.shaped = ShapedView()
        self.layers = LayersView()
        self.ids_panel = IdsPanel()

        self.top_splitter = QSplitter(Qt.Orientation.Horizontal)
        self.top_splitter.addWidget(_titled("Your text", self.editor))
        shaped_pane = _titled("As the tokenizer cuts it", self.shaped)
        self.shaped_title = shaped_pane.findChild(QLabel)
        self.shaped.cut_changed.connect(lambda why: self.shaped_title.setText(
            "As the tokenizer cuts it" + (f" — {why}" if why else "")))
        self.top_splitter.addWidget(shaped_pane)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.top_splitter)
        self.splitter.addWidget(_titled("Layers: characters · bytes · pieces · tokens",
                                        self.layers))
        self.splitter.addWidget(self.ids_panel)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([230, 470, 110])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.editor.files_dropped.connect(self.open_dropped)
        self.open_button.clicked.connect(self.ask_open_tokenizer)
        self.layers.token_clicked.connect(self.select_token)
        self.layers.layout_requested.connect(self._on_layout_requested)
        self.shaped.token_clicked.connect(self.select_token)
        self.ids_panel.ids_entered.connect(self.decode_ids)
        self.ids_panel.index_clicked.connect(self._on_id_clicked)
        self.layers.info = self._hover_lines

    def _splitters(self) -> dict[str, QSplitter]:
        return {"main": self.splitter, "top": self.top_splitter}

    def _build_actions(self) -> None:
        menu = self.menuBar().addMenu("&File")
        self.open_action = _action(self, "Open tokenizer file…", QKeySequence.StandardKey.Open,
                                   self.ask_open_tokenizer)
        self.open_folder_action = _action(self, "Open tokenizer folder…", None,
                                          self.ask_open_folder)
        self.open_text_action = _action(self, "Open text file…", "Ctrl+Shift+O",
                                        self.ask_open_text)
        menu.addActions([self.open_action, self.open_folder_action, self.open_text_action])
        self.recent_menu = menu.addMenu("Recent tokenizers")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        menu.addSeparator()
        menu.addAction(_action(self, "Quit", QKeySequence.StandardKey.Quit, self.close))

        view = self.menuBar().addMenu("&View")
        self.ids_action = _toggle(self, "Ids under chips", self._bool("view/ids", True),
                                  self._apply_view)
        self.alternate_action = _toggle(self, "Alternating colours",
                                        self._bool("view/alternating", False), self._apply_view)
        self.spelling_action = _toggle(self, "Vocabulary spelling (Ġ, ▁, ##)",
                                       self._bool("view/spelling", False), self._apply_view)
        self.special_action = _toggle(self, "Recognise special tokens", True,
                                      self._on_special_toggled)
        self.special_action.setShortcut("Ctrl+T")
        view.addActions([self.ids_action, self.alternate_action, self.spelling_action])
        view.addSeparator()
        view.addAction(self.special_action)
        self._apply_view()

    def _build_status(self) -> None:
        self.stats = QLabel()
        # The counts must not make the whole window wider: they are cut, the tooltip has them
        # all. (The special-token note names three tokens at most.)
        self.stats.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.specials_note = QLabel()
        self.specials_note.setTextFormat(Qt.TextFormat.PlainText)
        self.special_switch = QPushButton()
        self.special_switch.hide()
        self.special_switch.clicked.connect(self.special_action.trigger)
        self.busy = BusyIndicator()
        bar = self.statusBar()
        bar.addWidget(self.stats, 1)  # a passing message (a clicked token's facts) covers it
        # The special-token warning stays in sight whatever message passes.
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
        self.encoder = Runner("encode", self)
        self.encoder.done.connect(self._on_encoded)
        self.encoder.failed.connect(self._on_encode_failed)
        self.loader = Runner("load", self)
        self.loader.done.connect(self._on_loaded)
        self.loader.failed.connect(self._on_load_failed)
        self.decoder = Runner("decode", self)
        self.decoder.done.connect(self._on_decoded)
        self.decoder.failed.connect(lambda exc: self.ids_panel.show_error(str(exc)))
        self.reader = Runner("read", self)
        self.reader.done.connect(self.replace_text)
        self.reader.failed.connect(lambda exc: self.show_error(str(exc)))
        self.layouter = Runner("layout", self)
        self.layouter.done.connect(lambda result: self.layers.set_bands(*result))
        self.finder = Runner("discover", self)
        self.finder.done.connect(lambda found: self.picker.set_sources(found=found))
        self.runners = (self.encoder, self.loader, self.decoder, self.reader, self.layouter,
                        self.finder)
        self.autosave = TextAutosave(text_path(self.settings), self.editor.text, self)
        self.autosave.failed.connect(lambda message: self.show_error(message, "save"))
        self.autosave.saved.connect(lambda: self.banner.clear("save"))

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.encode_now)
        # A load is the user's request: said at once. An encode only when it takes a while.
        self.busy.watch(self.loader, lambda: f"Loading {self._loading[0].label}…"
                        if self._loading else "Loading…", at_once=True)
        self.busy.watch(self.encoder, lambda: f"Encoding {len(self.editor.text()):,} "
                        "characters…")
        self.busy.cancelled.connect(self._cancel_work)

    # -- tokenizers --------------------------------------------------------------------------
    def choose(self, choice: Choice, *, fallback: bool = False) -> None:
        """Load a tokenizer off the GUI thread; the current one stays until it is ready. A
        load still running is abandoned (the user wants this one)."""
        self._loading = (choice, fallback)
        self.loader.submit(lambda job: (choice, load_choice(choice)), abandon_running=True)

    def open_path(self, path: str, *, encoding: str | None = None) -> None:
        self.choose(path_choice(path, encoding=encoding))

    def ask_open_tokenizer(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open tokenizer", "", TOKENIZER_FILTER)
        if path:
            self.open_path(path)

    def ask_open_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Open tokenizer folder")
        if path:
            self.open_path(path)

    def ask_open_text(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open text", "", TEXT_FILTER)
        if path:
            self.open_text(path)

    def _on_loaded(self, result: tuple[Choice, Tokenizer]) -> None:
        choice, tokenizer = result
        fallback = self._loading is not None and self._loading == (choice, True)
        self.choice = choice
        self.tokenizer = tokenizer
        if not fallback:  # a fallback keeps the message saying why it was needed
            self.banner.clear("load")
        self.banner.clear("encode")
        if choice.kind == "path":
            self.picker.set_sources(recent=remember_tokenizer(self.settings, choice.key))
            if not self.picker.select_choice(choice):
                self.picker.add_opened(choice)
        else:
            self._show_choice(choice)
        self.settings.setValue("tokenizers/current", [choice.kind, choice.key,
                                                      choice.encoding or ""])
        self.about_tokenizer.setText(f"{tokenizer.name or choice.label} — "
                                     f"{tokenizer.model.describe()}")
        self.about_tokenizer.setToolTip(f"{self.about_tokenizer.text()}\n{choice.key}")
        self.layers.set_options(spell=self._spelling() if self.spelling_action.isChecked()
                                else None)
        if tokenizer.load_notes and not fallback:
            self.show_error(f"{choice.label}: " + " ".join(tokenizer.load_notes), "load")
        self.encode_now()

    def _on_load_failed(self, exc: BaseException) -> None:
        choice = self._loading[0] if self._loading else None
        if self.tokenizer is None and choice != demo_choice():
            # Nothing is loaded yet (a bad --tokenizer, a saved file gone bad): the window
            # must still work, on the bundled demo, and say why.
            self.show_error(load_failed(choice, exc, fallback=DEFAULT_DEMO), "load")
            self.choose(demo_choice(), fallback=True)
            return
        self.show_error(load_failed(choice, exc), "load")
        if self.choice is not None:  # the picker goes back to what is still loaded
            self._show_choice(self.choice)

    def _show_choice(self, choice: Choice) -> None:
        self.picker.blockSignals(True)
        self.picker.select_choice(choice)
        self.picker.blockSignals(False)

    def _on_picker_changed(self) -> None:
        choice = self.picker.current_choice()
        if choice is not None and choice != self.choice:
            self.choose(choice)

    def _saved_choice(self) -> Choice | None:
        saved = self.settings.value("tokenizers/current")
        if not isinstance(saved, list) or len(saved) != 3:
            return None
        kind, key, encoding = (str(v) for v in saved)
        if kind == "demo" and key in DEMO_TOKENIZERS:
            return demo_choice(key)
        if kind == "path" and Path(key).exists():
            return Choice("path", key, encoding or None, label=file_label(Path(key)))
        return None

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in recent_tokenizers(self.settings):
            self.recent_menu.addAction(path, lambda p=path: self.open_path(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none yet)").setEnabled(False)

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

    def replace_text(self, text: str) -> None:
        """Put new text in the editor as one undoable edit (Ctrl+Z brings the old back); the
        box checks it (carriage returns, lone surrogates) and says what it changed."""
        self.editor.replace_text(text)

    def _on_text_changed(self) -> None:
        if self.editor.filling:
            return  # the rest of a long text is still going in
        self.autosave.changed()
        if self.editor.document().characterCount() <= IMMEDIATE_LIMIT:
            self.encode_now()
        else:
            self._debounce.start()

    def _on_editor_filling(self, filling: bool) -> None:
        if filling:
            self.busy.note("Pasting…")
            return
        self.busy.refresh()
        self._on_text_changed()

    # -- encoding ----------------------------------------------------------------------------
    def encode_now(self) -> None:
        self._debounce.stop()
        tokenizer = self.tokenizer
        if tokenizer is None or self.editor.filling:
            return
        text, revision = self.editor.text(), self.editor.revision
        mode = self.special_mode
        capacity = self.layers.capacity()
        # Another tokenizer or mode: whatever runs is of no use; do not wait for it.
        switched = self._submitted_with != (tokenizer, mode)
        self._submitted_with = (tokenizer, mode)
        self.encoder.submit(lambda job: encode_for_views(
            tokenizer, text, special=mode, capacity=capacity, revision=revision, job=job),
            abandon_running=switched)

    def _on_encoded(self, encoded: EncodedText) -> None:
        if encoded.tokenizer is not self.tokenizer or encoded.special != self.special_mode:
            return  # encoded by the tokenizer before the one now chosen
        self.banner.clear("encode")
        self.encoded = encoded
        self.selected = None
        table = encoded.table
        self._show_stats(table)
        self.layers.set_table(table, colors=encoded.colors, bands=encoded.bands,
                              capacity=encoded.capacity)

        # Each view takes its own turn of the event loop, one after the other: no single long
        # stall on a big text.
        def show_ids() -> None:
            if self.encoded is encoded:
                self.ids_panel.set_ids(table.ids)

        def show_shaped() -> None:
            if self.encoded is encoded:
                self.shaped.set_table(table, colors=encoded.colors, shown=encoded.shaped_text,
                                      cut=encoded.shaped_cut, utf16=encoded.utf16)
                next_turn(self, show_ids)

        next_turn(self, show_shaped)

    def settled(self) -> bool:
        """Every view shows the latest encoding of the text in the box."""
        encoded = self.encoded
        if encoded is None or self.encoder.busy or self._debounce.isActive() or (
                self.editor.filling):
            return False
        table = encoded.table
        return (encoded.revision == self.editor.revision and table.text == self.editor.text()
                and self.shaped.table is table and self.shaped.filled
                and self.ids_panel.ids is table.ids and self.ids_panel.filled)

    def _on_encode_failed(self, exc: BaseException) -> None:
        # The file, when it is one: that is what to fix.
        name = (self.choice.label if self.choice is not None and self.choice.kind == "path"
                else self.tokenizer.name if self.tokenizer is not None else None)
        self.show_error(encode_failed(name, exc), "encode")
        # Nothing stale stays on screen: the views would show another text's tokens.
        self.encoded = None
        self.selected = None
        self.layers.set_table(None)
        self.shaped.set_table(None)
        self.ids_panel.set_ids([])
        self.stats.setText("not encoded (see the message above)")
        self.specials_note.clear()
        self.special_switch.hide()

    def _on_layout_requested(self, capacity: int) -> None:
        table = self.layers.table
        if table is not None:
            self.layouter.submit(lambda job: bands_for(table, capacity, job))

    def _show_stats(self, table: TokenTable) -> None:
        self.stats.setText(stats_line(table))
        self.stats.setToolTip(self.stats.text())
        note = specials_note(table)
        self.specials_note.setText(note.text)
        self.specials_note.setToolTip(note.text)
        self.specials_note.setStyleSheet("color: #9a3b00; font-weight: bold" if note.warning
                                         else "color: #555")
        self.special_switch.setText(note.switch)
        self.special_switch.setVisible(bool(note.switch))

    def _on_special_toggled(self) -> None:
        self.special_mode = "all" if self.special_action.isChecked() else "none"
        self.encode_now()

    # -- work in progress ----------------------------------------------------------------------
    def _cancel_work(self, runner: Runner) -> None:
        """Cancel a load (the current tokenizer stays), or the encode (the views keep the
        last encoding)."""
        runner.cancel()
        if runner is self.loader:
            if self.choice is not None:
                self._show_choice(self.choice)
            if self.tokenizer is None:
                self.choose(demo_choice(), fallback=True)
        else:
            self.statusBar().showMessage("Encoding cancelled: the views show the last "
                                         "encoding; edit the text to encode it again", 8000)

    # -- selection and inspection -----------------------------------------------------------
    def select_token(self, index: int) -> None:
        if self.table is None or not 0 <= index < len(self.table):
            return
        self.selected = index
        self.layers.select(index)
        self.shaped.select(index)
        self.ids_panel.highlight(index)
        info = self.token_info(index)
        self.statusBar().showMessage(" · ".join(info.lines()[:3]), 8000)

    def token_info(self, index: int) -> TokenInfo:
        if self.tokenizer is None or self.table is None:
            raise LookupError("no encoding shown")
        return token_info(self.tokenizer, self.table, index)

    def _hover_lines(self, index: int) -> list[str]:
        return self.token_info(index).lines()

    def _on_id_clicked(self, index: int) -> None:
        if self.table is not None and index != self.selected:
            self.selected = index
            self.layers.select(index)
            self.shaped.select(index)
            self.ids_panel.highlight(index)

    def decode_ids(self, ids: list[int]) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        self.decoder.submit(lambda job: (len(ids), tokenizer.decode(ids, errors="replace")))

    def _on_decoded(self, result: tuple[int, str]) -> None:
        count, text = result
        self.replace_text(text)
        self.ids_panel.decoded()
        self.statusBar().showMessage(f"Decoded {count:,} ids into the text (Ctrl+Z in the "
                                     "text box brings the previous text back)", 8000)

    # -- view options ------------------------------------------------------------------------
    def _apply_view(self) -> None:
        self.settings.setValue("view/ids", self.ids_action.isChecked())
        self.settings.setValue("view/alternating", self.alternate_action.isChecked())
        self.settings.setValue("view/spelling", self.spelling_action.isChecked())
        self.layers.set_options(
            show_ids=self.ids_action.isChecked(),
            alternating=self.alternate_action.isChecked(),
            spell=self._spelling() if self.spelling_action.isChecked() else None)
        self.shaped.set_alternating(self.alternate_action.isChecked())

    def _spelling(self):
        tokenizer = self.tokenizer
        return None if tokenizer is None else tokenizer.id_to_token

    def _bool(self, key: str, default: bool) -> bool:
        value = self.settings.value(key, default)
        return value if isinstance(value, bool) else str(value).lower() == "true"

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
        self.settings.sync()
        super().closeEvent(event)


def _titled(title: str, widget: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    label = QLabel(title)
    label.setWordWrap(True)
    label.setStyleSheet("color: #444; font-weight: bold")
    layout.addWidget(label)
    layout.addWidget(widget, 1)
    return box


def _action(parent: QWidget, text: str, shortcut, slot) -> QAction:
    action = QAction(text, parent)
    if shortcut is not None:
        action.setShortcut(shortcut)
    action.triggered.connect(slot)
    return action


def _toggle(parent: QWidget, text: str, checked: bool, slot) -> QAction:
    action = QAction(text, parent)
    action.setCheckable(True)
    action.setChecked(checked)
    action.toggled.connect(lambda _: slot())
    return action
