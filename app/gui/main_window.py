"""A first window: pick a tokenizer, type text, see the tokens and ids.

The full layers view comes with the main-window issue; this window already renders only
core results (an :class:`Encoding`), never computing anything itself.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bpelens.app.demo_data import load_demo, welcome_text
from bpelens.core import BpeLensError, Encoding, Tokenizer, load_tokenizer
from bpelens.core.display import hex_bytes, visible
from bpelens.resources import DEMO_TOKENIZERS

from .token_colors import FALLBACK_COLOR, SPECIAL_COLOR, token_color

DEBOUNCE_MS = 120


def tokens_html(encoding: Encoding) -> str:
    """The model text once, each token's characters on the token's colour.

    A token that starts or ends inside a character shows its hex bytes instead, so no half
    character is ever drawn as U+FFFD.
    """
    parts: list[str] = []
    text = encoding.model_text
    shown_until = 0
    for tok in encoding.tokens:
        span = tok.span
        if tok.kind == "special":
            color = SPECIAL_COLOR
        elif tok.kind == "byte_fallback":
            color = FALLBACK_COLOR
        else:
            color = token_color(tok.id)
        if tok.partial or tok.kind == "byte_fallback":
            label = "‹" + hex_bytes(tok.bytes) + "›"
        else:
            label = visible(text[max(span.char_start, shown_until) : span.char_end])
        shown_until = max(shown_until, span.char_end)
        fg = "#ffffff" if color in (SPECIAL_COLOR, FALLBACK_COLOR) else "#000000"
        parts.append(
            f'<span title="id {tok.id}" style="background:{color};color:{fg}">'
            f"{html.escape(label)}</span>"
        )
        if text[span.char_end - 1 : span.char_end] == "\n" and not tok.partial:
            parts.append("<br>")
    return "<div style='font-size:15pt;line-height:160%'>" + "\u200b".join(parts) + "</div>"


class MainWindow(QMainWindow):
    def __init__(self, *, tokenizer_path: str | None = None, text: str | None = None) -> None:
        super().__init__()
        self.setWindowTitle("BPE Lens")
        self.resize(1100, 720)
        self.tokenizer: Tokenizer | None = None

        self.picker = QComboBox()
        for name in DEMO_TOKENIZERS:
            self.picker.addItem(name, name)
        self.open_button = QPushButton("Open tokenizer…")
        top = QHBoxLayout()
        top.addWidget(QLabel("Tokenizer:"))
        top.addWidget(self.picker, 1)
        top.addWidget(self.open_button)

        self.editor = QPlainTextEdit()
        self.editor.setFont(QFont("Noto Sans", 13))
        self.tokens_view = QTextBrowser()
        self.ids_view = QPlainTextEdit()
        self.ids_view.setReadOnly(True)
        self.ids_view.setFont(QFont("DejaVu Sans Mono", 11))
        splitter = QSplitter()
        splitter.setOrientation(splitter.orientation().Vertical)
        for widget in (self.editor, self.tokens_view, self.ids_view):
            splitter.addWidget(widget)
        splitter.setSizes([220, 360, 120])

        central = QWidget()
        layout = QVBoxLayout(central)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self.setCentralWidget(central)
        self.status = QLabel()
        self.statusBar().addWidget(self.status, 1)

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.refresh)
        self.editor.textChanged.connect(self._debounce.start)
        self.picker.currentIndexChanged.connect(self._on_picker_changed)
        self.open_button.clicked.connect(self._on_open_clicked)

        self.editor.setPlainText(text if text is not None else welcome_text())
        if tokenizer_path:
            self.open_tokenizer(tokenizer_path)
        else:
            self._on_picker_changed()

    # -- tokenizers -------------------------------------------------------------------------
    def open_tokenizer(self, path: str) -> bool:
        try:
            tokenizer = load_tokenizer(path)
        except BpeLensError as exc:
            QMessageBox.warning(self, "Cannot open tokenizer", str(exc))
            return False
        self.picker.blockSignals(True)
        self.picker.addItem(tokenizer.name or path, path)
        self.picker.setCurrentIndex(self.picker.count() - 1)
        self.picker.blockSignals(False)
        self.set_tokenizer(tokenizer)
        return True

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.refresh()

    def _on_picker_changed(self) -> None:
        key = self.picker.currentData()
        if key in DEMO_TOKENIZERS:
            self.set_tokenizer(load_demo(key))
        elif key:
            try:
                self.set_tokenizer(load_tokenizer(key))
            except BpeLensError as exc:
                QMessageBox.warning(self, "Cannot open tokenizer", str(exc))

    def _on_open_clicked(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open tokenizer", "", "JSON (*.json)")
        if path:
            self.open_tokenizer(path)

    # -- rendering --------------------------------------------------------------------------
    def refresh(self) -> None:
        if self.tokenizer is None:
            return
        text = self.editor.toPlainText()
        try:
            encoding = self.tokenizer.encode(text)
        except BpeLensError as exc:
            self.status.setText(f"⚠ {exc}")
            return
        self.encoding = encoding
        self.tokens_view.setHtml(tokens_html(encoding))
        self.ids_view.setPlainText(", ".join(map(str, encoding.ids)))
        n_tokens = len(encoding.ids)
        n_bytes = encoding.byte_count
        ratio = f"{n_bytes / n_tokens:.2f}" if n_tokens else "–"
        self.status.setText(
            f"{n_tokens} tokens · {len(text)} characters · {n_bytes} bytes · "
            f"{ratio} bytes/token · round trip {'✓' if encoding.round_trip else '✗'}"
        )
