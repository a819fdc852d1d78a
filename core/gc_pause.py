"""Pausing Python's cyclic garbage collector around bulk work.

Training and encoding a long text allocate millions of small lists and strings that form no
cycles; with the collector on, each allocation burst rescans the whole (large) heap — a fifth
of a training run, half of encoding 12 MB never seen. It is paused only while work runs.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
