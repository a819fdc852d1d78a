"""Messages that remember how they were made, so an interface can say them in its language.

The engine speaks English. A :class:`Message` is that English text (it *is* a ``str``, so
every caller that joins, compares or prints it keeps working) plus the template and values
it was formatted from. An interface that speaks another language registers a translator of
templates with :func:`set_translator`; :func:`localize` then formats the translated template
with the same values (values that are messages themselves are localized too). The engine
never knows which languages exist: the catalogue lives with the interface.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

# Takes an English template, gives the template in the interface's language (or the same
# template when it has no translation).
Translator = Callable[[str], str]

_translator: Translator | None = None


class Message(str):
    """English text formatted from ``template`` (``str.format`` syntax) and ``values``."""

    __slots__ = ("template", "values")
    template: str
    values: Mapping[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Message:
        if values:
            # An engine error among the values is said in English here, as the rest is.
            english = {name: value.message if _is_engine_error(value) else value
                       for name, value in values.items()}
            text = template.format(**english)
        else:
            text = template.replace("{{", "{").replace("}}", "}")
        made = super().__new__(cls, text)
        made.template = template
        made.values = values
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        # Messages cross process boundaries inside exceptions (training workers).
        return (_rebuild, (self.template, dict(self.values)))


def _rebuild(template: str, values: dict[str, Any]) -> Message:
    return Message(template, **values)


def _is_engine_error(value: object) -> bool:
    # errors.py imports this module, so its classes are known by what they can do.
    return isinstance(value, Exception) and hasattr(value, "localized")


def joined(items: Sequence[str], separator: str = ", ") -> Message:
    """``items`` joined by ``separator`` so that each item that is a message is still said in
    the interface's language (a plain ``join`` would give one English string)."""
    names = [f"item{index}" for index in range(len(items))]
    template = template_of(separator).join("{" + name + "}" for name in names)
    return Message(template, **dict(zip(names, items, strict=True)))


def set_translator(translator: Translator | None) -> None:
    """Say the engine's messages with ``translator`` from now on (None: English again)."""
    global _translator
    _translator = translator


def template_of(text: str) -> str:
    """The catalogue key of ``text``: a message's template, or a plain text with its braces
    escaped the way a template would hold them."""
    if isinstance(text, Message):
        return text.template
    return text.replace("{", "{{").replace("}", "}}")


def as_message(text: str) -> Message:
    """``text`` as a message: itself, or a plain text of the engine's as the message whose
    template it is (so it is translated where it ends up inside another message)."""
    return text if isinstance(text, Message) else Message(template_of(text))


def localize(text: object) -> str:
    """``text`` in the registered translator's language: a :class:`Message` is re-formatted
    from its translated template, an engine error from its message, anything else is
    ``str()``. English when no translator is registered or the translation does not fit."""
    if _is_engine_error(text):
        return text.localized()  # type: ignore[attr-defined]
    if not isinstance(text, str):
        return str(text)
    translator = _translator
    if translator is None:
        return str.__str__(text)
    if not isinstance(text, Message):
        translated = translator(template_of(text))
        if translated == template_of(text):
            return str.__str__(text)
        return translated.replace("{{", "{").replace("}}", "}")
    translated = translator(text.template)
    # Only values that are the engine's own words are translated: a plain string value is
    # the user's (a path, a token) and is shown as it is.
    values = {name: localize(value) if isinstance(value, Message) or _is_engine_error(value)
              else value
              for name, value in text.values.items()}
    try:
        return translated.format(**values)
    except (KeyError, IndexError, ValueError):
        # A translation whose placeholders do not match the English ones (a test keeps the
        # catalogue from shipping one) must not hide the message.
        return text.template.format(**values)
