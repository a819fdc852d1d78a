"""Reading training text: files line by line, each line with its weight.

Lines are split at \\n only and keep it; each line is pre-tokenized on its own, as Hugging
Face's trainer does with files, so the same files give the same pieces in both.
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path

from bpelens.core.messages import Message

from ..errors import TrainingError

Weight = int | Fraction
WeightedText = tuple[str, Weight]


def parse_weight(value: object, *, where: str = "weight") -> Fraction:
    """An exact, positive weight from an int, a Fraction, a string (``"3/2"``, ``"0.1"``) or a
    float (read through its shortest decimal spelling, so 0.1 is exactly 1/10)."""
    if type(value) is Fraction and value > 0:
        return value
    try:
        if isinstance(value, bool):
            raise TypeError
        if isinstance(value, float):
            weight = Fraction(repr(value))
        elif isinstance(value, int | Fraction | str):
            weight = Fraction(value)
        else:
            raise TypeError
    except (TypeError, ValueError, ZeroDivisionError):
        raise TrainingError(
            Message("{where}: {value!r} is not a number (use e.g. 2, 0.5 or '1/3')", where=where,
                    value=value)
        ) from None
    if weight <= 0:
        raise TrainingError(Message("{where}: {value!r} must be greater than zero", where=where,
                                    value=value))
    return weight


def read_lines(path: str | Path, *, weight: Weight = 1) -> Iterator[WeightedText]:
    """Yield ``(line, weight)`` for each line of a UTF-8 file, line endings kept.

    Invalid UTF-8 raises :class:`TrainingError` naming the file and byte offset. A leading
    byte-order mark is dropped.
    """
    path = Path(path)
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise TrainingError(Message("{path}: cannot open corpus file ({strerror})", path=path,
                                    strerror=exc.strerror)) from None
    decoder = codecs.getincrementaldecoder("utf-8")()
    offset = 0
    first = True
    pending = ""
    with handle:
        while True:
            block = handle.read(1 << 20)
            buffered = len(decoder.getstate()[0])
            try:
                text = decoder.decode(block, final=not block)
            except UnicodeDecodeError as exc:
                raise TrainingError(
                    Message("{path}: not UTF-8 at byte {offset} ({reason})", path=path,
                            offset=offset - buffered + exc.start, reason=exc.reason)
                ) from None
            if first and text.startswith("\ufeff"):
                text = text[1:]
            first = False
            offset += len(block)
            parts = (pending + text).split("\n")
            pending = parts.pop()
            for line in parts:
                yield line + "\n", weight
            if not block:
                if pending:
                    yield pending, weight
                return


def read_corpus(paths: Iterable[str | Path], *, weight: Weight = 1) -> Iterator[WeightedText]:
    for path in paths:
        yield from read_lines(path, weight=weight)
