"""Typed fields of a JSON document, read as strictly as the library that wrote it.

Hugging Face reads ``tokenizer.json`` with serde: a boolean must be ``true`` or ``false`` (the
string ``"false"`` is an error, not true), an id must be a whole number in range (``1.7``,
``"5"``, ``true`` and ``-1`` are errors), a character is a string of exactly one character,
a field without a default must be there, and ``null`` stands for "absent" only where the
field is optional. :class:`Fields` reads an object that way; every error names the field by
its path in the document (``pre_tokenizer.pretokenizers[1].add_prefix_space``) and says what
would be valid.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError


class Unsupported(ConfigError):
    """A component the file's library has and BPE Lens does not implement: once its fields
    fit, the search for a match ends with its name."""


# serde's integer types.
U32 = 1 << 32
USIZE = 1 << 64


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()



# What a field must be, as the messages say it (made once: the readers run for every field).
TRUE_OR_FALSE = Message("true or false")
TRUE_FALSE_OR_NULL = Message("true, false or null")
A_NUMBER = Message("a number")
A_NUMBER_OR_NULL = Message("a number or null")
A_STRING = Message("a string")
ONE_CHARACTER = Message("a one-character string")
A_LIST = Message("a list")
AN_OBJECT = Message("an object")

def describe(value: Any) -> str:
    """A JSON value as an error message shows it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return Message("the integer {value}", value=value)
    if isinstance(value, float):
        return Message("the number {value!r}", value=value)
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "…"
        return Message("the string {shown!r}", shown=shown)
    if isinstance(value, list):
        return Message("a list of {count}", count=len(value))
    if isinstance(value, dict):
        return AN_OBJECT
    return type(value).__name__


def has_lone_surrogate(text: str) -> bool:
    """A string no UTF-8 file can hold (a ``\\ud800`` escape with no partner)."""
    return not text.isascii() and any("\ud800" <= c <= "\udfff" for c in text)


class Fields:
    """One JSON object of a document, at ``where`` (its path, for messages)."""

    __slots__ = ("data", "where")

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise ConfigError(Message("{where} must be an object, not {data}", where=where,
                                      data=describe(data)))
        self.data: dict[str, Any] = data
        self.where = where

    def path(self, key: str | int) -> str:
        return f"{self.where}[{key}]" if isinstance(key, int) else f"{self.where}.{key}"

    def has(self, key: str) -> bool:
        return key in self.data

    def _value(self, key: str, default: Any, what: str) -> Any:
        if key in self.data:
            return self.data[key]
        if default is REQUIRED:
            raise ConfigError(Message("{key} is missing ({what})", key=self.path(key), what=what))
        return default

    def _bad(self, key: str, value: Any, what: str) -> ConfigError:
        return ConfigError(Message("{key} must be {what}, not {value}", key=self.path(key),
                                   what=what, value=describe(value)))

    def boolean(self, key: str, default: Any = REQUIRED) -> bool:
        value = self._value(key, default, TRUE_OR_FALSE)
        if not isinstance(value, bool):
            raise self._bad(key, value, TRUE_OR_FALSE)
        return value

    def optional_boolean(self, key: str) -> bool | None:
        """serde's ``Option<bool>``: absent and null are None."""
        value = self.data.get(key)
        if value is not None and not isinstance(value, bool):
            raise self._bad(key, value, TRUE_FALSE_OR_NULL)
        return value

    def integer(self, key: str, default: Any = REQUIRED, *, limit: int = U32) -> int:
        """A whole number ``0 <= n < limit`` (serde's u32 by default, ``USIZE`` for usize)."""
        value = self._value(key, default, _whole(limit))
        return check_integer(value, self.path(key), limit=limit)

    def optional_integer(self, key: str, *, limit: int = U32) -> int | None:
        value = self.data.get(key)
        return None if value is None else check_integer(value, self.path(key), limit=limit)

    def number(self, key: str, default: Any = REQUIRED) -> float:
        value = self._value(key, default, A_NUMBER)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(key, value, A_NUMBER)
        return float(value)

    def optional_number(self, key: str) -> float | None:
        value = self.data.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._bad(key, value, A_NUMBER_OR_NULL)
        return float(value)

    def string(self, key: str, default: Any = REQUIRED) -> str:
        value = self._value(key, default, A_STRING)
        return check_string(value, self.path(key))

    def optional_string(self, key: str) -> str | None:
        value = self.data.get(key)
        return None if value is None else check_string(value, self.path(key))

    def char(self, key: str, default: Any = REQUIRED) -> str:
        value = self._value(key, default, ONE_CHARACTER)
        if not isinstance(value, str) or len(value) != 1 or has_lone_surrogate(value):
            raise self._bad(key, value, ONE_CHARACTER)
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: Any = REQUIRED) -> str:
        what = Message("one of {choices}", choices=", ".join(f'"{c}"' for c in choices))
        value = self._value(key, default, what)
        if not isinstance(value, str) or value not in choices:
            raise self._bad(key, value, what)
        return value

    def array(self, key: str, default: Any = REQUIRED) -> list[Any]:
        value = self._value(key, default, A_LIST)
        if not isinstance(value, list):
            raise self._bad(key, value, A_LIST)
        return value

    def obj(self, key: str, default: Any = REQUIRED) -> Fields:
        value = self._value(key, default, AN_OBJECT)
        return Fields(value, self.path(key))

    def mapping(self, key: str) -> dict[str, Any]:
        value = self._value(key, REQUIRED, AN_OBJECT)
        if not isinstance(value, dict):
            raise self._bad(key, value, AN_OBJECT)
        return value


def check_integer(value: Any, where: str, *, limit: int = U32) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < limit:
        raise ConfigError(Message("{where} must be {limit}, not {value}", where=where,
                                  limit=_whole(limit), value=describe(value)))
    return value


@cache
def _whole(limit: int) -> str:
    if limit >= USIZE:
        return Message("a whole number ≥ 0")
    return Message("a whole number from 0 to {largest:,}", largest=limit - 1)


def check_string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(Message("{where} must be a string, not {value}", where=where,
                                  value=describe(value)))
    if has_lone_surrogate(value):
        raise ConfigError(Message("{where} holds a lone surrogate ({value!r}), which no UTF-8 text "
                                  "can hold", where=where, value=value))
    return value
