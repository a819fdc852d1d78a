"""The Chat tab: a conversation through the chat template of the tokenizer in the main view
(the model's own: its GGUF header, tokenizer_config.json, chat_template.jinja,
additional_chat_templates/ — or a generic ChatML one when it came with none), rendered in the
sandbox and tokenized off the GUI thread. It shows the rendered text token by token with the
special tokens marked and the template's own text set apart, the tokens of each message and
each role, and the template's overhead. The conversation, the template picked and its edits
are kept between runs; the rendered text can go to the main view's box."""

from __future__ import annotations

from bisect import bisect_left
from pathlib import Path
from typing import TYPE_CHECKING, Any

import regex
from PySide6.QtCore import QEvent, QMimeData, QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QTextCharFormat, QTextCursor, QTextOption
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    GENERIC_TEMPLATES,
    BpeLensError,
    ChatEncoding,
    Tokenizer,
    TurnsCheck,
    chat_templates_of,
    check_turns,
    encode_chat,
    visible,
    write_atomic,
)

from .. import style
from ..fitting_combo import FittingComboBox
from ..ui_theme import palette_for
from ..zoom import zoom_tree
from .chat_messages import ConversationError, MessagesEditor, conversation_json, parse_conversation
from .debugging.common import muted

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane

CONVERSATION_KEY = "chat/conversation"
TEMPLATE_KEY = "chat/template"
EDITED_KEY = "chat/edited_template"
PROMPT_KEY = "chat/generation_prompt"
EDITED = "\x00edited"  # the combo's key of the user's own edit of a template
GENERIC_PREFIX = "\x00generic:"
RENDER_DELAY_MS = 250  # typing renders once the keys pause, not at every key
MOST_COLOURED = 20_000  # tokens coloured one by one; a longer text is shown plain
# token_colors' alternating pair and its special-token colour (palette.text_fill numbers).
ALTERNATE = (14, 15)
WORD_JOINER = "\u2060"
SPECIAL_FILL = 8

SAMPLE = [
    {"role": "system", "content": "You are a concise assistant. Answer in the user's language."},
    {"role": "user", "content": "東京で一番古いお寺はどこですか？"},
    {"role": "assistant", "content": "浅草の浅草寺です。7世紀に建てられたと伝えられています。"},
    {"role": "user", "content": "How many tokens did that answer cost in each language?"},
]


def utf16_length(text: str) -> int:
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


class RenderedText(QTextEdit):
    """The rendered text as shown; copied, it is the text the template made."""

    def createMimeDataFromSelection(self) -> QMimeData:
        data = QMimeData()
        text = self.textCursor().selection().toPlainText()
        data.setText(text.replace(WORD_JOINER, "").replace("↵\n", "\n"))
        return data


class ChatView(QWidget):
    text_requested = Signal(str)  # the rendered text, for the main view's box

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zoom = 1.0
        self.session: Session | None = None
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.templates: dict[str, str] = {}  # the model's own, by name
        self.special_tokens: dict[str, str] = {}
        self.source = ""
        self.unread = ""  # why the model's templates could not be read, if they could not
        self.edited_template = ""
        self.result: ChatEncoding | None = None
        self.rendered_for = 0  # the runner generation whose result is on screen

        self.template_box = FittingComboBox(minimum_length=14)
        self.edit_template = QCheckBox(self.tr("Edit the template"))
        self.generation_prompt = QCheckBox(self.tr("Add the generation prompt"))
        self.generation_prompt.setToolTip(self.tr(
            "End with the start of the assistant's turn, as when the model is asked to answer"))
        self.open_button = QPushButton(self.tr("Open…"))
        self.open_button.setToolTip(self.tr("Open a conversation (JSON, as bpelens chat "
                                            "--messages reads)"))
        self.save_button = QPushButton(self.tr("Save…"))
        self.save_button.setToolTip(self.tr("Save the conversation as JSON"))
        self.to_main_button = QPushButton(self.tr("Show in the main view"))
        self.to_main_button.setToolTip(self.tr(
            "Put the rendered text in the text box, to see its layers and merges"))
        self.note = muted()
        self.messages = MessagesEditor()
        self.template_text = QPlainTextEdit()
        self.template_text.setPlaceholderText(self.tr("A Jinja2 chat template"))
        self.template_text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.template_text.hide()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        style.set_tone(self.problem, "error")
        self.problem.hide()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        # Whether appending each turn's ids gives the whole conversation's (chat/turns.py).
        self.turns = QLabel()
        self.turns.setWordWrap(True)
        self.turns_check: TurnsCheck | None = None
        self.legend = muted(self.tr("Each token has its own background; special tokens are "
                                    "bold on purple; the template's own text is in italics."))
        self.positions: list[int] = []
        self._shown_length = 0
        self.rendered = RenderedText()
        self.rendered.setReadOnly(True)
        self.rendered.setFont(QFont(*style.EDITOR_FONT))
        # Lines break between words only: "<|im_end|>" is never cut in two.
        self.rendered.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(
            [self.tr("#"), self.tr("role"), self.tr("tokens"), self.tr("text")])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)

        # Three short rows, not one long one: the tab must not make the window wider than
        # the other tabs do (a small screen).
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Template")))
        row.addWidget(self.template_box)
        row.addWidget(self.edit_template)
        row.addWidget(self.generation_prompt)
        row.addStretch(1)
        edits = QSplitter(Qt.Orientation.Vertical)
        edits.addWidget(self.messages)
        edits.addWidget(self.template_text)
        left_box = QWidget()
        left = QVBoxLayout(left_box)
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(edits, 1)
        files = QHBoxLayout()
        files.addWidget(self.open_button)
        files.addWidget(self.save_button)
        files.addStretch(1)
        left.addLayout(files)
        right_box = QWidget()
        right = QVBoxLayout(right_box)
        right.setContentsMargins(0, 0, 0, 0)
        right.addWidget(self.problem)
        right.addWidget(self.summary)
        right.addWidget(self.turns)
        right.addWidget(self.legend)
        results = QSplitter(Qt.Orientation.Vertical)
        results.addWidget(self.rendered)
        results.addWidget(self.table)
        results.setSizes([280, 200])
        right.addWidget(results, 1)
        onward = QHBoxLayout()
        onward.addStretch(1)
        onward.addWidget(self.to_main_button)
        right.addLayout(onward)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.addWidget(left_box)
        self.split.addWidget(right_box)
        self.split.setSizes([420, 640])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(row)
        layout.addWidget(self.note)
        layout.addWidget(self.split, 1)

        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(RENDER_DELAY_MS)
        self.timer.timeout.connect(self.render)
        self.messages.changed.connect(self.timer.start)
        self.template_text.textChanged.connect(self._on_template_edited)
        self.template_box.currentIndexChanged.connect(self._on_template_picked)
        self.edit_template.toggled.connect(self.template_text.setVisible)
        self.generation_prompt.toggled.connect(self.timer.start)
        self.open_button.clicked.connect(self.open_conversation)
        self.save_button.clicked.connect(self.save_conversation)
        self.to_main_button.clicked.connect(
            lambda: self.result is not None and self.text_requested.emit(self.result.text))
        self.table.itemSelectionChanged.connect(self._show_selected_message)

    # -- the session ---------------------------------------------------------------------------
    def attach(self, session: Session, pane: Pane) -> None:
        self.session = session
        self.runner = session.runner("chat")
        self.runner.done.connect(self._show)
        self.runner.failed.connect(self._show_failure)
        settings = session.settings
        self.edited_template = str(settings.value(EDITED_KEY, "") or "")
        with QSignalBlocker(self.generation_prompt):
            self.generation_prompt.setChecked(
                str(settings.value(PROMPT_KEY, "false")).lower() == "true")
        saved = settings.value(CONVERSATION_KEY)
        try:
            messages, tools = parse_conversation(saved) if isinstance(saved, str) else (
                SAMPLE, None)
        except ConversationError:
            messages, tools = SAMPLE, None
        with QSignalBlocker(self.messages):
            self.messages.set_conversation(messages, tools)
        session.loaded.connect(self._on_loaded)
        if session.tokenizer is not None:
            self._on_loaded(session.choice, session.tokenizer, False)

    def shows(self, encoded) -> bool:
        return True  # it shows its own conversation, not the text in the box

    def set_zoom(self, zoom: float) -> None:
        """Its fonts and tables at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def _on_loaded(self, choice, tokenizer: Tokenizer, fallback: bool) -> None:
        self.tokenizer = tokenizer
        self.unread = ""
        try:
            found = chat_templates_of(tokenizer)
        except BpeLensError as exc:  # a bad tokenizer_config.json beside it: said, not fatal
            found = None
            self.unread = self.tr("Its chat templates could not be read: {error}.").format(
                error=exc)
        self.templates = dict(found.templates) if found is not None else {}
        self.special_tokens = dict(found.special_tokens) if found is not None else {}
        self.source = found.source if found is not None else ""
        wanted = str(self.session.settings.value(TEMPLATE_KEY, "") or "") if self.session else ""
        with QSignalBlocker(self.template_box):
            self.template_box.clear()
            for name in self.templates:
                self.template_box.addItem(name, name)
            for name in GENERIC_TEMPLATES:
                self.template_box.addItem(self.tr("{name} (generic)").format(name=name),
                                          GENERIC_PREFIX + name)
            if self.edited_template:
                self.template_box.addItem(self.tr("edited"), EDITED)
            index = self.template_box.findData(wanted)
            if index < 0 or (wanted.startswith(GENERIC_PREFIX) and self.templates):
                index = 0  # a model's own template before the generic one it did not need
            self.template_box.setCurrentIndex(index)
        self._on_template_picked()

    # -- the template ---------------------------------------------------------------------------
    def current_key(self) -> str:
        return str(self.template_box.currentData() or "")

    def current_template(self) -> str:
        key = self.current_key()
        if key == EDITED:
            return self.edited_template
        if key.startswith(GENERIC_PREFIX):
            return GENERIC_TEMPLATES[key.removeprefix(GENERIC_PREFIX)]
        return self.templates.get(key, "")

    def _on_template_picked(self, *_: Any) -> None:
        with QSignalBlocker(self.template_text):
            self.template_text.setPlainText(self.current_template())
        key = self.current_key()
        if self.session is not None and key:
            self.session.settings.setValue(TEMPLATE_KEY, key)
        self.note.setText(" ".join(filter(None, (self.unread, self._template_note(key)))))
        self.render()

    def _template_note(self, key: str) -> str:
        if key == EDITED:
            return self.tr("Your edit of a template (kept until you edit another).")
        if key.startswith(GENERIC_PREFIX):
            if self.templates:
                return self.tr("A generic template, not this model's own.")
            return self.tr("This tokenizer came with no chat template (none in its file, no "
                           "tokenizer_config.json or chat_template.jinja beside it): the "
                           "generic ChatML template shows what one costs.")
        return self.tr("The model's template “{name}”, from {source}").format(
            name=key, source=self.source)

    def _on_template_edited(self) -> None:
        self.edited_template = self.template_text.toPlainText()
        if self.session is not None:
            self.session.settings.setValue(EDITED_KEY, self.edited_template)
            self.session.settings.setValue(TEMPLATE_KEY, EDITED)  # picked, for next time
        index = self.template_box.findData(EDITED)
        with QSignalBlocker(self.template_box):
            if index < 0:
                self.template_box.addItem(self.tr("edited"), EDITED)
                index = self.template_box.count() - 1
            self.template_box.setCurrentIndex(index)
        self.note.setText(" ".join(filter(None, (self.unread, self._template_note(EDITED)))))
        self.timer.start()

    # -- rendering -----------------------------------------------------------------------------
    def render(self) -> None:
        """Render and tokenize the conversation now, off the GUI thread."""
        self.timer.stop()
        tokenizer, template = self.tokenizer, self.current_template()
        if self.runner is None or tokenizer is None:
            return
        try:
            messages, tools = self.messages.conversation()
        except ConversationError as exc:
            self._show_problem(self.tr("Not a conversation: {reason}").format(reason=exc))
            return
        if self.session is not None:
            self.session.settings.setValue(CONVERSATION_KEY, conversation_json(messages, tools))
            self.session.settings.setValue(PROMPT_KEY, self.generation_prompt.isChecked())
        prompt = self.generation_prompt.isChecked()
        specials = dict(self.special_tokens)
        name = self.template_box.currentText()

        def work(job):
            result = encode_chat(tokenizer, template, messages, template_name=name,
                                 add_generation_prompt=prompt, tools=tools,
                                 special_tokens=specials)
            job.check()
            return tokenizer, result, check_turns(tokenizer, template, messages, tools=tools,
                                                  special_tokens=specials)

        self.runner.submit(work)

    def _show_failure(self, exc: Exception) -> None:
        self._show_problem(str(exc) if isinstance(exc, BpeLensError) else self.tr(
            "Could not render: {error}").format(error=exc))

    def _show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()

    def _show(self, outcome) -> None:
        tokenizer, result, turns = outcome
        if tokenizer is not self.tokenizer:
            return
        self.result = result
        self.turns_check = turns
        self._show_turns(turns)
        self.rendered_for = self.runner.generation if self.runner is not None else 0
        self.problem.hide()
        self.summary.setText(self._summary(result))
        self._fill_text(result)
        self._fill_table(result)

    def _show_turns(self, turns: TurnsCheck) -> None:
        first = turns.first_failure
        if not turns.steps:
            self.turns.clear()
            return
        if first is None:
            self.turns.setText(self.tr("Appending turn by turn gives these ids: each of the "
                                       "{n} steps extends the one before, text and ids.")
                               .format(n=len(turns.steps)))
            style.set_tone(self.turns, "muted")
            self.turns.setToolTip("")
            return
        step = (self.tr("messages 1–{a} + the generation prompt → 1–{b}") if
                first.kind == "generation" else self.tr("messages 1–{a} → 1–{b}")).format(
                    a=first.shorter, b=first.longer)
        why = (self.tr("the text differs from character {at}").format(at=first.char_difference)
               if not first.text_extends else
               self.tr("the text extends, but the tokens at the seam change from token {at}")
               .format(at=first.token_difference))
        self.turns.setText(self.tr("Appending turn by turn gives other ids: {failures} of {n} "
                                   "steps break, first {step}: {why}.").format(
            failures=sum(not s.ok for s in turns.steps), n=len(turns.steps), step=step,
            why=why))
        style.set_tone(self.turns, "warning")
        self.turns.setToolTip(self.tr("before: {before}\nafter: {after}").format(
            before=visible(first.before), after=visible(first.after)))

    def _summary(self, result: ChatEncoding) -> str:
        total = len(result.ids)
        share = 100 * result.overhead / total if total else 0.0
        roles = " · ".join(f"{role} {count:,}" for role, count in result.per_role().items())
        line = self.tr("{total:,} tokens: the template adds {overhead:,} ({share:.0f} %); "
                       "the messages: {roles}").format(
            total=total, overhead=result.overhead, share=share, roles=roles or "—")
        if not result.specials and self.current_key().startswith(GENERIC_PREFIX):
            line += " " + self.tr("(its markers are not special tokens of this tokenizer, so "
                                  "they are cut as text)")
        return line

    def _fill_text(self, result: ChatEncoding) -> None:
        colors = palette_for(self)
        ink = QColor(colors.shaped_ink)
        text = result.text
        specials = {(a, b) for a, b, _token, _id in result.specials}
        inside = [(m.char_start, m.char_end) for m in result.messages if m.char_start >= 0]
        self.rendered.clear()
        cursor = QTextCursor(self.rendered.document())
        cursor.beginEditBlock()
        plain = QTextCharFormat()
        plain.setForeground(ink)

        positions: list[int] = []  # each character's place in the box (UTF-16 units)

        def put(segment: str, fmt: QTextCharFormat, whole: bool = False) -> None:
            # A line break shows as ↵ before the break: "\n" tokens are seen, not guessed.
            # A special token is held together by word joiners (a line may not break at
            # its "|"); copying takes them and the ↵ out again.
            shown = []
            for index, char in enumerate(segment):
                positions.append(self._shown_length)
                part = "↵\n" if char == "\n" else char
                if whole and index < len(segment) - 1:
                    part += WORD_JOINER
                shown.append(part)
                self._shown_length += utf16_length(part)
            cursor.insertText("".join(shown), fmt)

        self._shown_length = 0

        if len(result.spans) > MOST_COLOURED:
            put(text, plain)
        else:
            # A format may change only between grapheme clusters: Qt shapes each format's
            # range apart, so a token boundary inside नमस्ते or 👍🏽 would cut the cluster (a
            # vowel sign on a dotted circle). Such a cluster takes its first token's colour.
            ends = [m.end() for m in regex.finditer(r"\X", text)]
            at = 0
            for number, (start, end) in enumerate(result.spans):
                end = ends[bisect_left(ends, end)] if end < len(text) else end
                if end <= at:
                    continue  # a further token of a character (or cluster) already shown
                start = max(start, at)
                if start > at:
                    put(text[at:start], plain)
                fmt = QTextCharFormat()
                fmt.setForeground(ink)
                if (start, end) in specials:
                    fmt.setBackground(QColor(colors.text_fill(SPECIAL_FILL)))
                    fmt.setFontWeight(QFont.Weight.Bold)
                    put(text[start:end], fmt, whole=True)
                    at = end
                    continue
                fmt.setBackground(QColor(colors.text_fill(ALTERNATE[number % 2])))
                fmt.setFontItalic(not any(a <= start and end <= b for a, b in inside))
                put(text[start:end], fmt)
                at = end
            if at < len(text):
                put(text[at:], plain)
        cursor.endEditBlock()
        positions.append(self._shown_length)
        self.positions = positions

    def _fill_table(self, result: ChatEncoding) -> None:
        rows = [(str(m.index + 1), m.role, m.tokens,
                 result.text[m.char_start:m.char_end] if m.char_start >= 0
                 else self.tr("(not in the rendered text)")) for m in result.messages]
        rows.append(("", self.tr("template"), result.overhead,
                     self.tr("special tokens and the text the template adds")))
        rows.append(("", self.tr("in all"), len(result.ids), ""))
        self.table.setRowCount(len(rows))
        for row, (number, role, tokens, text) in enumerate(rows):
            cells = (number, role, f"{tokens:,}", " ".join(text.split())[:200])
            for column, value in enumerate(cells):
                item = QTableWidgetItem(value)
                if column == 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        for column in range(3):  # the text takes the rest
            self.table.resizeColumnToContents(column)

    def _show_selected_message(self) -> None:
        """A message picked in the table is selected in the rendered text."""
        rows = {index.row() for index in self.table.selectedIndexes()}
        result = self.result
        if result is None or len(rows) != 1:
            return
        row = rows.pop()
        if row >= len(result.messages) or result.messages[row].char_start < 0:
            return
        message = result.messages[row]
        if message.char_end >= len(self.positions):
            return  # a text too long to colour is not mapped
        start, end = self.positions[message.char_start], self.positions[message.char_end]
        cursor = self.rendered.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        self.rendered.setTextCursor(cursor)
        self.rendered.ensureCursorVisible()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.result is not None:
            self._fill_text(self.result)  # the theme changed: its colours too

    # -- files ---------------------------------------------------------------------------------
    def open_conversation(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open a conversation"), "",
                                              self.tr("JSON (*.json);;All files (*)"))
        if path:
            self.load_conversation(Path(path))

    def load_conversation(self, path: Path) -> bool:
        """The conversation saved in ``path``; a file that holds none is said, one line."""
        try:
            text = path.read_text(encoding="utf-8")
            messages, tools = parse_conversation(text)
        except (OSError, UnicodeDecodeError, ConversationError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self._show_problem(self.tr("{path}: not a conversation ({reason})").format(
                path=path, reason=reason))
            return False
        self.messages.set_conversation(messages, tools)
        return True

    def save_conversation(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save the conversation"),
                                              "conversation.json", self.tr("JSON (*.json)"))
        if path:
            self.write_conversation(Path(path))

    def write_conversation(self, path: Path) -> bool:
        try:
            messages, tools = self.messages.conversation()
            write_atomic(path, (conversation_json(messages, tools) + "\n").encode("utf-8"))
        except (OSError, ConversationError, UnicodeError) as exc:
            reason = getattr(exc, "strerror", None) or str(exc)
            self._show_problem(self.tr("{path}: could not save ({reason})").format(
                path=path, reason=reason))
            return False
        return True

