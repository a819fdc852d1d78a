"""Pausing Python's cyclic garbage collector around bulk work.

Training and encoding a long text allocate millions of small lists and strings that form no
cycles; with the collector on, each allocation burst rescans the whole (large) heap — a fifth
of a training run, half of encoding 12 MB never seen. It is paused only while work runs.

Pausing alone only defers the first scan: the next allocation after the pause still traverses
every container made meanwhile (a tenth of a second after encoding 12 MB), and they then count
towards the next full collection. ``gc_paused(promote=True)`` moves them straight to the
oldest generation instead (``gc.freeze()`` then ``gc.unfreeze()``: two list splices, no scan).
The collector stays exact: the objects are still scanned by every full collection, and any
cycle among them is freed by the next one instead of a young-generation pass. It is skipped
when something else has frozen objects, which ``unfreeze`` would release.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused(*, promote: bool = False) -> Iterator[None]:
    """Collector off while the block runs; ``promote``: what it made skips the young
    generations (for blocks that make many containers and no cyclic garbage)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if promote and gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()
