"""Exceptions the engine raises for bad input; every message names what is wrong and where."""

from __future__ import annotations


class BpeLensError(Exception):
    """Base class: a problem with the user's input, file or settings (never a bug).

    When the fix is an option, the message spells it as Python does (``errors='replace'``)
    and ``fixes`` says how other interfaces spell it: ``{"cli": {"errors='replace'":
    "--errors replace"}}``; :meth:`for_interface` gives the message in that spelling."""

    def __init__(self, *args: object, fixes: dict[str, dict[str, str]] | None = None) -> None:
        super().__init__(*args)
        self.fixes = fixes or {}

    def for_interface(self, interface: str) -> str:
        """The message with its fixes spelled for ``interface`` (``"cli"``)."""
        text = str(self)
        for python, other in self.fixes.get(interface, {}).items():
            text = text.replace(python, other)
        return text


class TokenizerFileError(BpeLensError):
    """A tokenizer file cannot be read: names the file and, when known, the field or line."""

    def __init__(self, path: str, problem: str, *, field: str | None = None,
                 fixes: dict[str, dict[str, str]] | None = None) -> None:
        where = f"{path}" + (f", field {field}" if field else "")
        super().__init__(f"{where}: {problem}", fixes=fixes)
        self.path = path
        self.field = field
        self.problem = problem


class ConfigError(BpeLensError):
    """An option has a value the engine does not know; the message lists the valid ones."""


class EncodeError(BpeLensError):
    """Text cannot be encoded (for example a character outside a character-level vocabulary)."""


class DecodeError(BpeLensError):
    """Ids cannot be decoded: an unknown id, or bytes that are not UTF-8 in strict mode."""


class TrainingError(BpeLensError):
    """Training cannot start or continue with the given corpus and settings."""


class CorpusError(BpeLensError):
    """A parallel corpus cannot be read: names the file, the line and the language."""
