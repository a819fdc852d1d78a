"""Standard input as batches of lines: every complete line already there, up to a cap.

Lines read from a file then come many at a time (the engine merges what they have in common
at once), while a caller that writes one line and waits for its answer gets it at once.
"""

from __future__ import annotations

import select
from collections.abc import Iterator
from typing import BinaryIO

# Bytes read before a batch is handed on: ~4,000 sentences, well past what the vectorized
# merge needs, and small enough that memory and the delay of the first answer stay small.
MAX_BATCH = 1 << 20
# How long to wait for more input before answering what is there: a pipe holds only 64 KB,
# and its writer refills it within microseconds; a caller waiting for its answer hardly
# notices this delay.
PATIENCE = 0.005


def line_batches(stream: BinaryIO) -> Iterator[list[bytes]]:
    """Lists of lines (without their ``\\n``), in order; the last line may lack its ``\\n``."""
    pending = b""
    while True:
        data = stream.read1(MAX_BATCH)  # type: ignore[attr-defined]
        ended = not data
        parts, size = [pending, data], len(data)
        while not ended and size < MAX_BATCH and _ready(stream, PATIENCE):
            more = stream.read1(MAX_BATCH - size)  # type: ignore[attr-defined]
            ended = not more
            parts.append(more)
            size += len(more)
        lines = b"".join(parts).split(b"\n")
        pending = lines.pop()
        if ended and pending:
            lines.append(pending)
        if lines:
            yield lines
        if ended:
            return


def _ready(stream: BinaryIO, wait: float) -> bool:
    """Whether there is input to read within ``wait`` seconds (at once for a file; False
    where select cannot tell, as for pipes on Windows: then each read is a batch)."""
    try:
        return bool(select.select([stream], [], [], wait)[0])
    except (OSError, ValueError, TypeError):
        return False
