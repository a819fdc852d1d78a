"""Exceptions the engine raises for bad input; every message names what is wrong and where."""

from __future__ import annotations


class BpeLensError(Exception):
    """Base class: a problem with the user's input, file or settings (never a bug)."""


class TokenizerFileError(BpeLensError):
    """A tokenizer file cannot be read: names the file and, when known, the field or line."""

    def __init__(self, path: str, problem: str, *, field: str | None = None) -> None:
        where = f"{path}" + (f", field {field}" if field else "")
        super().__init__(f"{where}: {problem}")
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
