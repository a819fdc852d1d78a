"""A conversation to edit: one card per message (its role and its text), or the whole of it as
JSON — tool calls, multimodal parts, a "tools" list — in the same shape `bpelens chat
--messages` reads. Either form is the conversation; switching writes one into the other, and
JSON that does not parse keeps its tab, saying where."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSignalBlocker, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import BpeLensError, json_reason, split_conversation

from .. import style
from ..i18n import translate
from .debugging.common import muted

ROLES = ("system", "user", "assistant", "tool")


class ConversationError(ValueError):
    """The JSON tab holds no conversation (its one-line reason)."""


def conversation_json(messages: list[dict[str, Any]], tools: list[Any] | None) -> str:
    data: Any = messages if tools is None else {"messages": messages, "tools": tools}
    return json.dumps(data, ensure_ascii=False, indent=2)


def parse_conversation(text: str) -> tuple[list[dict[str, Any]], list[Any] | None]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConversationError(translate("ChatMessages", "line {line}, column {column}: "
                                          "{reason}").format(
            line=exc.lineno, column=exc.colno, reason=json_reason(exc))) from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as exc:  # "\ud800" spelled in JSON: half of a pair, not text
        code = f"U+{ord(exc.object[exc.start]):04X}"
        raise ConversationError(translate("ChatMessages", "a lone surrogate ({code}) is not "
                                          "text").format(code=code)) from None
    try:
        return split_conversation(data)
    except BpeLensError as exc:
        raise ConversationError(str(exc)) from None


class MessageCard(QFrame):
    """One message: its role (one of the usual four, or any other typed in), its text, and
    what else it carries (tool calls…) kept as it was and named under it."""

    changed = Signal()
    remove_requested = Signal(object)

    def __init__(self, message: dict[str, Any]) -> None:
        super().__init__()
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.extra = {k: v for k, v in message.items() if k not in ("role", "content")}
        content = message.get("content")
        # Text the card cannot edit (a list of parts) is kept whole: the JSON tab edits it.
        self.fixed_content = content if isinstance(content, list) else None
        self.none_content = content is None
        self.had_content = "content" in message  # a message without the key keeps none
        self.role = QComboBox()
        self.role.setEditable(True)
        self.role.addItems(ROLES)
        self.role.setCurrentText(str(message.get("role", "user")))
        self.text = QPlainTextEdit()
        self.text.setTabChangesFocus(True)
        self.text.setPlaceholderText(self.tr("The message's text"))
        self._fit_text()
        self.text.installEventFilter(self)
        if self.fixed_content is not None:
            self.text.setPlainText(json.dumps(self.fixed_content, ensure_ascii=False))
            self.text.setReadOnly(True)
        elif isinstance(content, str):
            self.text.setPlainText(content)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setToolTip(self.tr("Remove this message"))
        head = QHBoxLayout()
        head.addWidget(self.role, 1)
        head.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(head)
        layout.addWidget(self.text)
        kept = [*self.extra] + (["content"] if self.fixed_content is not None else [])
        if kept:
            layout.addWidget(muted(self.tr("Also: {keys} (edit them as JSON)").format(
                keys=", ".join(kept))))
        self.role.currentTextChanged.connect(self.changed)
        self.text.textChanged.connect(self.changed)
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))

    def _fit_text(self) -> None:
        # Four lines of its font, whatever the zoom (presentation mode makes it larger).
        self.text.setFixedHeight(self.text.fontMetrics().lineSpacing() * 4 + 12)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.text and event.type() == QEvent.Type.FontChange:
            self._fit_text()
        return False

    def message(self) -> dict[str, Any]:
        text = self.text.toPlainText()
        if self.fixed_content is not None:
            content: Any = self.fixed_content
        else:
            content = None if self.none_content and not text else text
        message = {"role": self.role.currentText().strip() or "user", "content": content,
                   **self.extra}
        if not self.had_content and content is None:
            del message["content"]  # templates test "content is defined"
        return message


class MessagesEditor(QWidget):
    """The conversation, as cards or as JSON; ``changed`` on every edit."""

    changed = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.tools: list[Any] | None = None
        self.cards: list[MessageCard] = []
        self.card_box = QWidget()
        self.card_layout = QVBoxLayout(self.card_box)
        self.card_layout.setContentsMargins(0, 0, 0, 0)
        self.card_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.card_box)
        self.add_button = QPushButton(self.tr("Add a message"))
        cards_page = QWidget()
        cards_layout = QVBoxLayout(cards_page)
        cards_layout.setContentsMargins(0, 0, 0, 0)
        cards_layout.addWidget(scroll, 1)
        cards_layout.addWidget(self.add_button)
        self.json_text = QPlainTextEdit()
        self.json_problem = muted()
        style.set_tone(self.json_problem, "error")
        self.json_problem.hide()
        json_page = QWidget()
        json_layout = QVBoxLayout(json_page)
        json_layout.setContentsMargins(0, 0, 0, 0)
        json_layout.addWidget(self.json_text, 1)
        json_layout.addWidget(self.json_problem)
        self.forms = QTabWidget()
        self.forms.addTab(cards_page, self.tr("Messages"))
        self.forms.addTab(json_page, self.tr("JSON"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.forms)
        self.add_button.clicked.connect(self.add_message)
        self.json_text.textChanged.connect(self.changed)
        self.forms.currentChanged.connect(self._on_form_changed)

    # -- the conversation ---------------------------------------------------------------------
    @property
    def as_json(self) -> bool:
        return self.forms.currentIndex() == 1

    def conversation(self) -> tuple[list[dict[str, Any]], list[Any] | None]:
        """(messages, tools) as the user has them (a :class:`ConversationError` when the JSON
        tab holds none)."""
        if self.as_json:
            return parse_conversation(self.json_text.toPlainText())
        return [card.message() for card in self.cards], self.tools

    def set_conversation(self, messages: list[dict[str, Any]], tools: list[Any] | None) -> None:
        self.tools = tools
        for card in self.cards:
            card.setParent(None)  # gone from the list now, not at the next turn of the loop
            card.deleteLater()
        self.cards = []
        for message in messages:
            self._add_card(message)
        with QSignalBlocker(self.json_text):
            self.json_text.setPlainText(conversation_json(messages, tools))
        self.json_problem.hide()
        self.changed.emit()

    def add_message(self) -> None:
        roles = [card.role.currentText() for card in self.cards]
        role = "assistant" if roles and roles[-1] == "user" else "user"
        card = self._add_card({"role": role, "content": ""})
        card.text.setFocus()
        self.changed.emit()

    # -- cards ----------------------------------------------------------------------------------
    def _add_card(self, message: dict[str, Any]) -> MessageCard:
        card = MessageCard(message)
        card.changed.connect(self.changed)
        card.remove_requested.connect(self._remove)
        self.cards.append(card)
        self.card_layout.insertWidget(self.card_layout.count() - 1, card)
        return card

    def _remove(self, card: MessageCard) -> None:
        self.cards.remove(card)
        card.setParent(None)
        card.deleteLater()
        self.changed.emit()

    def _on_form_changed(self, index: int) -> None:
        if index == 1:  # the cards, written out
            with QSignalBlocker(self.json_text):
                self.json_text.setPlainText(conversation_json(
                    [card.message() for card in self.cards], self.tools))
            self.json_problem.hide()
            return
        try:
            messages, tools = parse_conversation(self.json_text.toPlainText())
        except ConversationError as exc:
            # The JSON stays in front, as typed, with what is wrong in it.
            self.json_problem.setText(self.tr("Not a conversation: {reason}").format(
                reason=exc))
            self.json_problem.show()
            with QSignalBlocker(self.forms):
                self.forms.setCurrentIndex(1)
            return
        with QSignalBlocker(self):
            self.set_conversation(messages, tools)
