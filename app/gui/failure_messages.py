"""What the banner says when a tokenizer does not open or a text does not encode: the engine's
message (which names the file and the field), with what the window did about it."""

from __future__ import annotations

from bpelens.core import BpeLensError

from .i18n import translate
from .tokenizer_picker import Choice


def _reason(exc: BaseException) -> str:
    if isinstance(exc, BpeLensError):
        return exc.for_interface("gui")  # a fix the window asks for is said as such
    if isinstance(exc, OSError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"  # a bug, still said in one line


def load_failed(choice: Choice | None, exc: BaseException, *, fallback: str | None = None
                ) -> str:
    """``Cannot open <file>: <why>`` (``fallback``: the demo shown instead)."""
    message = _reason(exc)
    # The engine's messages start with the file's path; others get the name in front.
    if choice is not None and not message.startswith(choice.key):
        message = f"{choice.label or choice.key}: {message}"
    if fallback:
        return translate("FailureMessages", "Cannot open {message}. Showing the bundled demo "
                         "{fallback} instead.").format(message=message, fallback=fallback)
    return translate("FailureMessages", "Cannot open {message}").format(message=message)


def encode_failed(tokenizer_label: str | None, exc: BaseException) -> str:
    if tokenizer_label:
        return translate("FailureMessages", "Cannot encode this text with {tokenizer}: "
                         "{reason}").format(tokenizer=tokenizer_label, reason=_reason(exc))
    return translate("FailureMessages", "Cannot encode this text with this tokenizer: "
                     "{reason}").format(reason=_reason(exc))
