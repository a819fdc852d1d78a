"""The main window: the text, how the chosen tokenizer cuts it (layers and shaped views), the
ids, and what to watch out for (special tokens read as control tokens, round trip).

The window only renders core results (a :class:`TokenTable`); encoding and loading run on the
thread pool, newest request wins, and only this thread touches widgets.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QFont, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bpelens.app.demo_data import load_demo, welcome_text
from bpelens.core import BpeLensError, Tokenizer, open_tokenizer
from bpelens.core.token_info import token_info
from bpelens.core.token_table import TokenTable, token_table
from bpelens.core.tokenizer_sources import find_local_tokenizers
from bpelens.resources import DEMO_TOKENIZERS

from .ids_panel import IdsPanel, format_ids
from .layers_view import LayersView, compute_bands
from .settings import (
    app_settings,
    load_saved_text,
    recent_tokenizers,
    remember_tokenizer,
    save_text,
)
from .shaped_view import ShapedView
from .tokenizer_picker import Choice, TokenizerPicker
from .worker import LatestOnly

# Below this many characters a keystroke re-encodes at once; above, after a pause in typing.
IMMEDIATE_LIMIT = 20_000
DEBOUNCE_MS = 150
SAVE_DELAY_MS = 800
DEFAULT_DEMO = "demo-multilingual-byte"
TOKENIZER_SUFFIXES = (".json", ".tiktoken", ".bpe", ".model")
TOKENIZER_NAMES = ("merges.txt", "vocab.bpe", "encoder.json")


def looks_like_tokenizer(path: Path) -> bool:
    return path.is_dir() or path.suffix in TOKENIZER_SUFFIXES or path.name in TOKENIZER_NAMES


def load_choice(choice: Choice) -> Tokenizer:
    if choice.kind == "demo":
        return load_demo(choice.key)
    return open_tokenizer(choice.key, encoding=choice.encoding)


def editor_safe(text: str) -> str:
    """A text box holds lines, not line-ending characters: a carriage return would be dropped
    silently, so it becomes a newline here and the window says so."""
    return text.replace("\r\n", "\n").replace("\r", "\n")


class InputEditor(QPlainTextEdit):
    """The text box; a dropped file is handed to the window instead of pasted as a URL."""

    files_dropped = Signal(list)

    def text(self) -> str:
        """The text exactly as typed. (``toPlainText`` turns no-break spaces into spaces and
        U+2028 into a newline — another text, other tokens.)"""
        return self.document().toRawText().replace("\u2029", "\n")

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return source.hasUrls() or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        paths = [u.toLocalFile() for u in source.urls() if u.isLocalFile()]
        if paths:
            self.files_dropped.emit(paths)
            return
        super().insertFromMimeData(source)


class MainWindow(QMainWindow):
    def __init__(self, *, tokenizer_path: str | None = None, text: str | None = None,
                 encoding: str | None = None, settings: QSettings | None = None,
                 discover: bool = True) -> None:
        super().__init__()
        self.setWindowTitle("BPE Lens")
        self.resize(1280, 860)
        self.setAcceptDrops(True)
        self.settings = settings or app_settings()
        self.tokenizer: Tokenizer | None = None
        self.choice: Choice | None = None
        self.table: TokenTable | None = None
        self.special_mode = "all"
        self.selected: int | None = None
        self._build_widgets()
        self._build_actions()
        self._build_status()

        self.encoder = LatestOnly(self)
        self.encoder.done.connect(self._on_encoded)
        self.encoder.error.connect(self._on_encode_failed)
        self.loader = LatestOnly(self)
        self.loader.done.connect(self._on_loaded)
        self.loader.error.connect(self._on_load_failed)
        self.loader.busy_changed.connect(self._show_loading)
        self.saver = LatestOnly(self)
        self.saver.error.connect(lambda exc: self.show_error(
            f"Cannot save the text for next time: {getattr(exc, 'strerror', None) or exc}"))
        self.finder = LatestOnly(self)
        self.finder.done.connect(lambda found: self.picker.set_sources(found=found))

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.encode_now)
        self._save_timer = QTimer(self)
        self._save_timer.setSingleShot(True)
        self._save_timer.setInterval(SAVE_DELAY_MS)
        self._save_timer.timeout.connect(lambda: self.save_text())

        self.picker.set_sources(demos=list(DEMO_TOKENIZERS),
                                recent=recent_tokenizers(self.settings))
        saved = load_saved_text(self.settings)
        initial = text if text is not None else (saved if saved is not None else welcome_text())
        self.editor.setPlainText(self._checked_line_endings(initial))
        self.editor.textChanged.connect(self._on_text_changed)
        self.picker.currentIndexChanged.connect(self._on_picker_changed)

        if tokenizer_path:
            self.open_path(tokenizer_path, encoding=encoding)
        else:
            self.choose(self._saved_choice() or Choice("demo", DEFAULT_DEMO, label=DEFAULT_DEMO))
        if discover:
            self.finder.submit(find_local_tokenizers)

    # -- building ----------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.picker = TokenizerPicker()
        self.open_button = QPushButton("Open…")
        self.open_button.setToolTip("Open a tokenizer file (tokenizer.json, *.tiktoken, "
                                    "vocab.json + merges.txt, a BPE Lens .json)")
        self.about_tokenizer = QLabel()
        self.about_tokenizer.setStyleSheet("color: #555")
        top = QHBoxLayout()
        top.addWidget(QLabel("Tokenizer"))
        top.addWidget(self.picker)
        top.addWidget(self.open_button)
        top.addWidget(self.about_tokenizer, 1)

        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("background: #fde7e9; color: #8a1020; padding: 6px; "
                                  "border: 1px solid #f3b6bd; border-radius: 4px")
        self.banner_close = QToolButton()
        self.banner_close.setText("✕")
        self.banner_row = QWidget()
        banner_layout = QHBoxLayout(self.banner_row)
        banner_layout.setContentsMargins(0, 0, 0, 0)
        banner_layout.addWidget(self.banner, 1)
        banner_layout.addWidget(self.banner_close)
        self.banner_row.hide()
        self.banner_close.clicked.connect(self.banner_row.hide)

        self.editor = InputEditor()
        self.editor.setFont(QFont("Noto Sans", 13))
        self.editor.setPlaceholderText("Type or paste text, or drop a text file here")
        self.shaped = ShapedView()
        self.layers = LayersView()
        self.ids_panel = IdsPanel()

        top_split = QSplitter(Qt.Orientation.Horizontal)
        top_split.addWidget(_titled("Your text", self.editor))
        top_split.addWidget(_titled("As the tokenizer cuts it", self.shaped))
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(top_split)
        self.splitter.addWidget(_titled("Layers: characters · bytes · pieces · tokens",
                                        self.layers))
        self.splitter.addWidget(self.ids_panel)
        self.splitter.setSizes([230, 470, 110])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(self.banner_row)
        layout.addWidget(self.splitter, 1)
        self.setCentralWidget(central)

        self.editor.files_dropped.connect(self.open_dropped)
        self.open_button.clicked.connect(self.ask_open_tokenizer)
        self.layers.token_clicked.connect(self.select_token)
        self.shaped.token_clicked.connect(self.select_token)
        self.ids_panel.ids_entered.connect(self.decode_ids)
        self.ids_panel.box.cursorPositionChanged.connect(self._on_ids_cursor)
        self.layers.info = self._hover_lines

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
        self.specials_note = QLabel()
        self.special_switch = QPushButton()
        self.special_switch.hide()
        self.special_switch.clicked.connect(self.special_action.trigger)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.hide()
        self.cancel_button.clicked.connect(self._cancel_loading)
        bar = self.statusBar()
        bar.addWidget(self.stats, 1)
        bar.addWidget(self.specials_note)
        bar.addWidget(self.special_switch)
        bar.addPermanentWidget(self.progress)
        bar.addPermanentWidget(self.cancel_button)

    # -- tokenizers --------------------------------------------------------------------------
    def choose(self, choice: Choice) -> None:
        """Load a tokenizer off the GUI thread; the current one stays until it is ready."""
        self._loading_choice = choice
        self.loader.submit(lambda: (choice, load_choice(choice)))

    def open_path(self, path: str, *, encoding: str | None = None) -> None:
        self.choose(Choice("path", str(Path(path).expanduser()), encoding,
                           label=_label(Path(path))))

    def ask_open_tokenizer(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open tokenizer", "", "Tokenizers (*.json *.tiktoken *.bpe *.txt);;All (*)")
        if path:
            self.open_path(path)

    def ask_open_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, "Open tokenizer folder")
        if path:
            self.open_path(path)

    def ask_open_text(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open text", "", "Text (*.txt *.md);;All (*)")
        if path:
            self.open_text(path)

    def _on_loaded(self, result: tuple[Choice, Tokenizer]) -> None:
        choice, tokenizer = result
        self.choice = choice
        self.tokenizer = tokenizer
        self.banner_row.hide()
        if choice.kind == "path":
            self.picker.set_sources(recent=remember_tokenizer(self.settings, choice.key))
            if not self.picker.select_choice(choice):
                self.picker.add_opened(choice)
        else:
            self.picker.blockSignals(True)
            self.picker.select_choice(choice)
            self.picker.blockSignals(False)
        self.settings.setValue("tokenizers/current", [choice.kind, choice.key,
                                                      choice.encoding or ""])
        self.about_tokenizer.setText(f"{tokenizer.name or choice.label} — "
                                     f"{tokenizer.model.describe()}")
        self.layers.set_options(spell=self._spelling() if self.spelling_action.isChecked()
                                else None)
        self.encode_now()

    def _on_load_failed(self, exc: BaseException) -> None:
        choice = getattr(self, "_loading_choice", None)
        where = choice.label or choice.key if choice else "tokenizer"
        message = str(exc) if isinstance(exc, BpeLensError | OSError) else (
            f"{type(exc).__name__}: {exc}")
        self.show_error(f"Cannot open {where}: {message}")
        if self.choice is not None:  # the picker goes back to what is still loaded
            self.picker.blockSignals(True)
            self.picker.select_choice(self.choice)
            self.picker.blockSignals(False)

    def _show_loading(self, busy: bool) -> None:
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        if busy:
            choice = getattr(self, "_loading_choice", None)
            self.statusBar().showMessage(f"Loading {choice.label if choice else ''}…")
        else:
            self.statusBar().clearMessage()

    def _cancel_loading(self) -> None:
        self.loader.cancel()
        self._show_loading(False)
        if self.choice is not None:
            self.picker.blockSignals(True)
            self.picker.select_choice(self.choice)
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
            return Choice("demo", key, label=key)
        if kind == "path" and Path(key).exists():
            return Choice("path", key, encoding or None, label=_label(Path(key)))
        return None

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        for path in recent_tokenizers(self.settings):
            self.recent_menu.addAction(path, lambda p=path: self.open_path(p))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    # -- text --------------------------------------------------------------------------------
    def open_text(self, path: str) -> bool:
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            self.show_error(f"Cannot read {path}: {exc.strerror}")
            return False
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            self.show_error(f"{Path(path).name} is not UTF-8 text (byte {exc.start} is "
                            f"0x{data[exc.start]:02X}); the text was left as it is")
            return False
        self.replace_text(text)
        return True

    def open_dropped(self, paths: list[str]) -> None:
        for raw in paths[:1]:
            path = Path(raw)
            if looks_like_tokenizer(path):
                self.open_path(str(path))
            else:
                self.open_text(str(path))

    def _checked_line_endings(self, text: str) -> str:
        safe = editor_safe(text)
        if safe != text:
            self.show_error("The text's carriage returns (\\r) were turned into newlines: the "
                            "text box holds lines only. To tokenize \\r\\n exactly, use "
                            "`bpelens encode`.")
        return safe

    def replace_text(self, text: str) -> None:
        """Put new text in the editor as one undoable edit (Ctrl+Z brings the old back)."""
        text = self._checked_line_endings(text)
        cursor = self.editor.textCursor()
        cursor.beginEditBlock()
        cursor.select(cursor.SelectionType.Document)
        cursor.insertText(text)
        cursor.endEditBlock()

    def save_text(self, *, wait: bool = False) -> None:
        """Keep the text for next time, on a worker (file writes wait for the interpreter
        lock while an encode runs); on closing, at once."""
        settings, text = self.settings, self.editor.text()
        if wait:
            try:
                save_text(settings, text)
            except OSError as exc:
                self.show_error(f"Cannot save the text for next time: {exc.strerror}")
            return
        self.saver.submit(lambda: save_text(settings, text))

    def _on_text_changed(self) -> None:
        self._save_timer.start()
        if self.editor.document().characterCount() <= IMMEDIATE_LIMIT:
            self.encode_now()
        else:
            self._debounce.start()

    # -- encoding ----------------------------------------------------------------------------
    def encode_now(self) -> None:
        self._debounce.stop()
        tokenizer = self.tokenizer
        if tokenizer is None:
            return
        text = self.editor.text()
        mode = self.special_mode
        capacity = self.layers.capacity()

        def work() -> tuple[Tokenizer, TokenTable, list[tuple[int, int]], int, str]:
            # Everything that grows with the text is prepared here, off the GUI thread.
            table = token_table(tokenizer, text, special=mode)
            bands = compute_bands(table.model_text, table.char_bytes, capacity)
            return tokenizer, table, bands, capacity, format_ids(table.ids)

        self.encoder.submit(work)

    def _on_encoded(self, result: tuple[Tokenizer, TokenTable, list, int, str]) -> None:
        tokenizer, table, bands, capacity, ids_text = result
        if tokenizer is not self.tokenizer:
            return  # encoded by the tokenizer before the one now chosen
        self.table = table
        self.selected = None
        self._show_stats(table)
        self.layers.set_table(table, bands=bands if capacity == self.layers.capacity() else None)
        # Each view takes its own turn of the event loop, one after the other: no single long
        # stall on a big text.
        def show_ids() -> None:
            if self.table is table:
                self.ids_panel.set_ids(table.ids, text=ids_text)

        def show_shaped() -> None:
            if self.table is table:
                self.shaped.set_table(table)
                QTimer.singleShot(0, show_ids)

        QTimer.singleShot(0, show_shaped)

    def settled(self) -> bool:
        """Every view shows the latest encoding of the text in the box."""
        table = self.table
        return (table is not None and not self.encoder.busy and not self._debounce.isActive()
                and table.text == self.editor.text() and self.shaped.table is table
                and self.ids_panel.ids == table.ids and self.ids_panel.filled)

    def _on_encode_failed(self, exc: BaseException) -> None:
        self.show_error(f"Cannot encode this text: {exc}")

    def _show_stats(self, table: TokenTable) -> None:
        n = len(table)
        ratio = f"{table.byte_count / n:.2f}" if n else "–"
        self.stats.setText(
            f"{n:,} tokens · {len(table.text):,} characters · {table.byte_count:,} bytes · "
            f"{ratio} bytes/token · round trip {'✓' if table.round_trip else '✗'}")
        recognised, plain = table.specials_recognised, table.specials_as_text
        if recognised:
            names = ", ".join(sorted({m.token for m in recognised}))
            self.specials_note.setText(
                f"⚠ {len(recognised)} special-token string{'s' if len(recognised) > 1 else ''} "
                f"read as control token{'s' if len(recognised) > 1 else ''}: {names}")
            self.specials_note.setStyleSheet("color: #9a3b00; font-weight: bold")
            self.special_switch.setText("Treat as plain text")
            self.special_switch.show()
        elif plain:
            names = ", ".join(sorted({m.token for m in plain}))
            self.specials_note.setText(f"special-token strings kept as plain text: {names}")
            self.specials_note.setStyleSheet("color: #555")
            self.special_switch.setText("Recognise special tokens")
            self.special_switch.show()
        else:
            self.specials_note.clear()
            self.special_switch.hide()

    def _on_special_toggled(self) -> None:
        self.special_mode = "all" if self.special_action.isChecked() else "none"
        self.encode_now()

    # -- selection and inspection -----------------------------------------------------------
    def select_token(self, index: int) -> None:
        if self.table is None or not 0 <= index < len(self.table):
            return
        self.selected = index
        self.layers.select(index)
        self.shaped.select(index)
        self.ids_panel.select(index)
        info = self.token_info(index)
        self.statusBar().showMessage(" · ".join(info.lines()[:3]), 8000)

    def token_info(self, index: int):
        assert self.tokenizer is not None and self.table is not None
        return token_info(self.tokenizer, self.table, index)

    def _hover_lines(self, index: int) -> list[str]:
        return self.token_info(index).lines()

    def _on_ids_cursor(self) -> None:
        if self.ids_panel._programmatic or self.table is None:
            return
        index = self.ids_panel.selected_index()
        if index is not None and index != self.selected:
            self.selected = index
            self.layers.select(index)
            self.shaped.select(index)

    def decode_ids(self, ids: list[int]) -> None:
        if self.tokenizer is None:
            return
        try:
            text = self.tokenizer.decode(ids, errors="replace")
        except BpeLensError as exc:
            self.ids_panel.show_error(str(exc))
            return
        self.replace_text(text)
        self.statusBar().showMessage(f"Decoded {len(ids)} ids into the text (Ctrl+Z in the "
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
    def show_error(self, message: str) -> None:
        self.banner.setText(message)
        self.banner_row.show()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.open_dropped(paths)
            event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_text(wait=True)
        super().closeEvent(event)


def _titled(title: str, widget: QWidget) -> QWidget:
    box = QWidget()
    layout = QVBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    label = QLabel(title)
    label.setStyleSheet("color: #444; font-weight: bold")
    layout.addWidget(label)
    layout.addWidget(widget, 1)
    return box


def _label(path: Path) -> str:
    if path.name in ("tokenizer.json", "vocab.json", "merges.txt"):
        return f"{path.parent.name}/{path.name}"
    return path.name


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
