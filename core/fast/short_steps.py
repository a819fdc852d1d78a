"""Whole-column work (millions of tokens, tens of millions of characters) done in steps.

One C call over a whole column (``list(map(...))``, ``b"".join``, ``array('q', range(n))``,
``np.fromiter``, ``.tobytes()``) holds the interpreter lock until it returns: on a 10 MB text
that was up to a second in which the window, waiting for the lock, could not repaint. Python
hands the lock over between two bytecodes (every 5 ms when another thread asks), so a loop of
calls over ``STEP`` items each lets it through within a few milliseconds. The results are the
same objects the single calls give.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import repeat
from typing import Any

STEP = 1 << 14  # items per call: well under a millisecond each — the interpreter lock is
# held through each call (a GUI thread waits that long); 1 << 16 left 50 ms stalls in a paste


def mapped(function: Callable[[Any], Any], items: Sequence[Any]) -> list[Any]:
    """``list(map(function, items))``."""
    if len(items) <= STEP:
        return list(map(function, items))
    out: list[Any] = []
    for i in range(0, len(items), STEP):
        out.extend(map(function, items[i : i + STEP]))
    return out


def joined(parts: Sequence[bytes]) -> bytes:
    """``b"".join(parts)``; a ``TypeError`` when one is not bytes, as from ``join``."""
    if len(parts) <= STEP:
        return b"".join(parts)
    # The last join copies each byte once more: a memcpy, not a walk over objects.
    return b"".join([b"".join(parts[i : i + STEP]) for i in range(0, len(parts), STEP)])


def joins_to(parts: Sequence[bytes | None], data: bytes) -> bool:
    """Whether the parts are all bytes and ``b"".join(parts) == data``, without the join."""
    view = memoryview(data)
    at = 0
    for i in range(0, len(parts), STEP):
        try:
            chunk = b"".join(parts[i : i + STEP])  # type: ignore[arg-type]
        except TypeError:
            return False  # a None: an id without bytes of its own
        if view[at : at + len(chunk)] != chunk:
            return False
        at += len(chunk)
    return at == len(data)


def counting(n: int, start: int = 0) -> array:
    """``array('q', range(start, start + n))``."""
    if n <= STEP:
        return array("q", range(start, start + n))
    import numpy as np

    out = array("q")
    for i in range(start, start + n, STEP * 4):
        out.frombytes(np.arange(i, min(start + n, i + STEP * 4), dtype=np.int64).tobytes())
    return out


def column(values: Any) -> array:
    """A numpy integer array as ``array('q')``."""
    import numpy as np

    values = np.asarray(values, dtype=np.int64)
    out = array("q")
    for i in range(0, values.size, STEP * 4):
        out.frombytes(values[i : i + STEP * 4].tobytes())
    return out


def int64s(values: Sequence[int]) -> Any:
    """A list of ints as a numpy ``int64`` array (``np.fromiter``)."""
    import numpy as np

    if len(values) <= STEP:
        return np.fromiter(values, dtype=np.int64, count=len(values))
    out = np.empty(len(values), dtype=np.int64)
    for i in range(0, len(values), STEP):
        part = values[i : i + STEP]
        out[i : i + len(part)] = np.fromiter(part, dtype=np.int64, count=len(part))
    return out


def mapped_array(function: Callable[..., Any], items: Sequence[Any], dtype: Any,
                 *more: Any) -> Any:
    """``np.fromiter(map(function, items, *more), dtype, count=len(items))``; ``more``: values
    passed as each call's further arguments (``dict.get``'s default)."""
    import numpy as np

    def calls(part: Sequence[Any]) -> Any:
        return map(function, part, *map(repeat, more)) if more else map(function, part)

    if len(items) <= STEP:
        return np.fromiter(calls(items), dtype=dtype, count=len(items))
    out = np.empty(len(items), dtype=dtype)
    for i in range(0, len(items), STEP):
        part = items[i : i + STEP]
        out[i : i + len(part)] = np.fromiter(calls(part), dtype=dtype, count=len(part))
    return out


CHARS = 1 << 20  # characters (or bytes) of text per call: a few milliseconds each


def decoded(data: bytes, errors: str = "strict") -> str:
    """``data.decode("utf-8", errors)``."""
    if len(data) <= CHARS:
        return data.decode("utf-8", errors)
    import codecs

    decoder = codecs.getincrementaldecoder("utf-8")(errors)
    view = memoryview(data)
    parts = [decoder.decode(view[i : i + CHARS]) for i in range(0, len(data), CHARS)]
    parts.append(decoder.decode(b"", final=True))
    return "".join(parts)


def text_slices(text: str) -> list[str]:
    """``text`` in consecutive slices of ``CHARS`` characters (one when it is short)."""
    if len(text) <= CHARS:
        return [text]
    return [text[i : i + CHARS] for i in range(0, len(text), CHARS)]


def lines_of(text: str) -> list[str]:
    """``text.split("\\n")``."""
    if len(text) <= CHARS:
        return text.split("\n")
    out: list[str] = []
    open_line: list[str] = []  # the line the previous slices ended in, in parts
    for part in text_slices(text):
        lines = part.split("\n")
        if len(lines) == 1:
            open_line.append(part)
            continue
        open_line.append(lines[0])
        out.append("".join(open_line))
        out.extend(lines[1:-1])
        open_line = [lines[-1]]
    out.append("".join(open_line))
    return out


def encoded(text: str) -> bytes:
    """``text.encode("utf-8")`` (the text must be encodable)."""
    return joined([part.encode("utf-8") for part in text_slices(text)])
