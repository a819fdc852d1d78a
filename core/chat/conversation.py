"""A conversation through a model's chat template and tokenizer: the rendered text with each
special token marked, the ids (as ``apply_chat_template(tokenize=True)``: the rendered text
encoded with special tokens recognised and none added), and where they go — tokens per
message and per role, and the template's own overhead (every token outside the messages'
contents)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..pipeline.tokenizer import Tokenizer
from .render import render_chat

ROLES = ("system", "user", "assistant", "tool")


@dataclass(frozen=True)
class MessageTokens:
    index: int
    role: str
    char_start: int  # the content in the rendered text; -1 when the template left it out
    char_end: int
    tokens: int  # tokens inside the content


@dataclass(frozen=True)
class ChatEncoding:
    template_name: str
    text: str
    ids: tuple[int, ...]
    messages: tuple[MessageTokens, ...]
    specials: tuple[tuple[int, int, str, int], ...]  # char start, end, token, id
    # Each token's characters in ``text`` (the tokens of one character share its span).
    spans: tuple[tuple[int, int], ...] = ()

    @property
    def overhead(self) -> int:
        """Tokens the template adds: every token outside the messages' contents."""
        return len(self.ids) - sum(m.tokens for m in self.messages)

    def per_role(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for message in self.messages:
            out[message.role] = out.get(message.role, 0) + message.tokens
        return out

    def to_json(self) -> dict[str, Any]:
        return {"template": self.template_name, "text": self.text, "ids": list(self.ids),
                "tokens": len(self.ids), "overhead": self.overhead,
                "per_role": self.per_role(),
                "messages": [{"index": m.index, "role": m.role, "char_start": m.char_start,
                              "char_end": m.char_end, "tokens": m.tokens}
                             for m in self.messages],
                "specials": [{"char_start": a, "char_end": b, "token": t, "id": i}
                             for a, b, t, i in self.specials],
                "token_spans": [list(span) for span in self.spans]}


def check_messages(messages: Any) -> list[dict[str, Any]]:
    """A conversation as templates take it: a list of {"role", "content", …} objects."""
    if not isinstance(messages, list):
        raise ConfigError("messages must be a list of {\"role\": …, \"content\": …} objects")
    for index, message in enumerate(messages):
        if not isinstance(message, dict) or not isinstance(message.get("role"), str):
            raise ConfigError(Message("messages[{index}] must be an object with a \"role\"",
                                      index=index))
        content = message.get("content")
        if content is not None and not isinstance(content, str | list):
            raise ConfigError(Message("messages[{index}].content must be text, a list of parts "
                                      "or null", index=index))
    return messages


def split_conversation(data: Any) -> tuple[list[dict[str, Any]], list[Any] | None]:
    """(messages, tools) of a conversation as saved: a list of messages, or an object with
    "messages" (and "tools")."""
    if isinstance(data, dict):
        tools = data.get("tools")
        if tools is not None and not isinstance(tools, list):
            raise ConfigError("tools must be a list of tool definitions")
        return check_messages(data.get("messages")), tools
    return check_messages(data), None


def encode_chat(tokenizer: Tokenizer, template: str, messages: list[dict[str, Any]], *,
                template_name: str = "default", add_generation_prompt: bool = False,
                tools: list[Any] | None = None, special_tokens: dict[str, str] | None = None
                ) -> ChatEncoding:
    messages = check_messages(messages)
    text = render_chat(template, messages, add_generation_prompt=add_generation_prompt,
                       tools=tools, special_tokens=special_tokens)
    encoding = tokenizer.encode(text, special="all", add_special_tokens=False)
    spans = [encoding.source_span(t.span.char_start, t.span.char_end) for t in encoding.tokens]
    placed: list[MessageTokens] = []
    at = 0
    for index, message in enumerate(messages):
        content = message.get("content")
        start = text.find(content, at) if isinstance(content, str) and content else -1
        if start < 0:
            placed.append(MessageTokens(index, message["role"], -1, -1, 0))
            continue
        end = start + len(content)
        at = end
        inside = sum(1 for a, b in spans if a >= start and b <= end and b > a)
        placed.append(MessageTokens(index, message["role"], start, end, inside))
    specials = tuple((*encoding.source_span(p.span.char_start, p.span.char_end), p.text,
                      p.special_id) for p in encoding.pieces if p.special_id is not None)
    return ChatEncoding(template_name, text, encoding.ids, tuple(placed), specials,
                        tuple(spans))
