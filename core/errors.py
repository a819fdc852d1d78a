"""Exceptions the engine raises for bad input; every message names what is wrong and where."""

from __future__ import annotations

from bpelens.core.messages import Message, as_message, localize


class BpeLensError(Exception):
    """Base class: a problem with the user's input, file or settings (never a bug).

    When the fix is an option, the message spells it as Python does (``errors='replace'``)
    and ``fixes`` says how other interfaces spell it: ``{"cli": {"errors='replace'":
    "--errors replace"}}``; :meth:`for_interface` gives the message in that spelling."""

    def __init__(self, *args: object, fixes: dict[str, dict[str, str]] | None = None) -> None:
        super().__init__(*args)
        self.fixes = fixes or {}

    @property
    def message(self) -> Message:
        """The message as raised, in English, with its template and values (an error raised
        with a plain text is the message whose template that text is). Use it, not ``str()``,
        to wrap one error's words in another's or to test them: ``str()`` says them in the
        interface's language."""
        words = self.args[0] if len(self.args) == 1 and isinstance(self.args[0], str) else (
            super().__str__())
        return as_message(words)

    def localized(self) -> str:
        """The message in the language of the translator registered with
        :func:`bpelens.core.messages.set_translator` (English when there is none)."""
        return localize(self.message)

    def __str__(self) -> str:
        return self.localized()

    def for_interface(self, interface: str) -> str:
        """The message with its fixes spelled for ``interface`` (``"cli"``), in the language
        of the registered translator (a fix written as a :class:`Message` is translated the
        same way as the words it replaces)."""
        text = str(self)
        for python, other in self.fixes.get(interface, {}).items():
            text = text.replace(localize(python), localize(other))
        return text


class TokenizerFileError(BpeLensError):
    """A tokenizer file cannot be read: names the file and, when known, the field or line."""

    def __init__(self, path: str, problem: str, *, field: str | None = None,
                 fixes: dict[str, dict[str, str]] | None = None) -> None:
        where = Message("{path}, field {field}", path=path, field=field) if field else path
        super().__init__(Message("{where}: {problem}", where=where,
                                 problem=as_message(problem)),
                         fixes=fixes)
        self.path = path
        self.field = field
        self.problem = problem


class UnknownRankFileError(TokenizerFileError):
    """A rank file whose encoding nothing says (name, hash, sidecar): it needs an encoding
    or a pattern (an interface can ask for them)."""


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
