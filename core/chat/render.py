"""A chat template rendered as ``transformers``' ``apply_chat_template`` renders it: Jinja2's
immutable sandbox (a template can read what it is given and nothing else, and change
nothing), ``trim_blocks`` and ``lstrip_blocks``, the loop controls, and the helpers
templates use (``tojson`` as transformers defines it, ``raise_exception``,
``strftime_now``). A template is untrusted: it runs in a thread of its own and is stopped
after a time limit, and its output is limited in size."""

from __future__ import annotations

import ctypes
import json
import threading
from datetime import datetime
from typing import Any

from bpelens.core.messages import Message

from ..errors import BpeLensError

RENDER_SECONDS = 10.0
MAX_OUTPUT = 16 << 20  # characters


class ChatTemplateError(BpeLensError):
    """A template that does not compile, raises, loops or writes without end."""


class _Stopped(BaseException):
    """Raised inside a template's thread when its time is up."""


def _environment():
    from jinja2.ext import loopcontrols
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    def raise_exception(message: str) -> None:
        raise ChatTemplateError(Message("the template raised: {message}", message=message))

    def tojson(value: Any, ensure_ascii: bool = False, indent: int | None = None,
               separators: tuple[str, str] | None = None, sort_keys: bool = False) -> str:
        # transformers' own: no HTML escaping, keys in their order, non-ASCII kept
        return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent,
                          separators=separators, sort_keys=sort_keys)

    def strftime_now(format: str) -> str:
        return datetime.now().strftime(format)

    environment = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True,
                                                extensions=[loopcontrols])
    environment.filters["tojson"] = tojson
    environment.globals["raise_exception"] = raise_exception
    environment.globals["strftime_now"] = strftime_now
    return environment


def render_chat(template: str, messages: list[dict[str, Any]], *,
                add_generation_prompt: bool = False, tools: list[Any] | None = None,
                documents: list[Any] | None = None, special_tokens: dict[str, str] | None = None,
                seconds: float = RENDER_SECONDS, **extra: Any) -> str:
    """The text ``template`` makes of the conversation (a :class:`ChatTemplateError` saying
    what went wrong otherwise)."""
    from jinja2 import TemplateError

    environment = _environment()
    try:
        compiled = environment.from_string(template)
    except TemplateError as exc:
        raise ChatTemplateError(Message("the template does not compile: {reason}",
                                        reason=_line(exc))) from None
    context = {"messages": messages, "add_generation_prompt": add_generation_prompt,
               **(special_tokens or {}), **extra}
    if tools is not None:
        context["tools"] = tools
    if documents is not None:
        context["documents"] = documents
    outcome: dict[str, Any] = {}

    def run() -> None:
        parts: list[str] = []
        size = 0
        try:
            for part in compiled.generate(**context):
                size += len(part)
                if size > MAX_OUTPUT:
                    raise ChatTemplateError(Message(
                        "the template wrote more than {most:,} characters", most=MAX_OUTPUT))
                parts.append(part)
            outcome["text"] = "".join(parts)
        except _Stopped:
            outcome["stopped"] = True
        except ChatTemplateError as exc:
            outcome["error"] = exc
        except Exception as exc:  # the template's own error: said, never a traceback
            outcome["error"] = ChatTemplateError(Message(
                "the template failed: {reason}", reason=_line(exc)))

    thread = threading.Thread(target=run, name="chat-template", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        # Stop it between two bytecodes (a template is Python code once compiled).
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident),
                                                   ctypes.py_object(_Stopped))
        thread.join(seconds)
        raise ChatTemplateError(Message("the template ran for more than {seconds:g} s and "
                                        "was stopped (a loop without end?)", seconds=seconds))
    if "error" in outcome:
        raise outcome["error"]
    if "text" not in outcome:
        raise ChatTemplateError(Message("the template was stopped"))
    return outcome["text"]


def _line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    where = f" (line {exc.lineno})" if getattr(exc, "lineno", None) else ""
    return (text[0] if text else type(exc).__name__)[:200] + where
