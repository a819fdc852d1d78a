"""Merge playback responsiveness on o200k_base (run by hand; needs ../shared/data):

  * a step (→) and a scrub jump (the slider to a random step) in whole-text order, with 10k
    characters of multilingual text (NTREX-128): the time from the input until the canvas and
    the table have repainted (target ≤ 30 ms each, median and 95th percentile reported);
  * the same in piece order (one piece, every state so far drawn);
  * building the playback (tracing every piece, off the GUI thread) next to the plain
    encode of the same text and to tiktoken's encode, all measured in this run.

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_playback.py [--chars 10000] [--steps 100]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("BPELENS_CONFIG_DIR", tempfile.mkdtemp(prefix="bpelens-bench-"))

from PySide6.QtWidgets import QApplication

from bpelens.core import EncodingPlayback, open_tokenizer

from bench_encoding import O200K
from bench_gui import open_window, wait
from shared_data import SHARED_DATA, require_shared_data


def mixed_text(chars: int) -> str:
    """``chars`` characters of NTREX-128: a few sentences of each language in turn (its
    first file alone would be one script)."""
    lines = []
    files = sorted((SHARED_DATA / "parallel" / "ntrex128").glob("*.txt"))
    per_file = [p.read_text(encoding="utf-8").replace("\r", "").splitlines() for p in files]
    row = 0
    while sum(map(len, lines)) < chars and row < 2000:
        for sentences in per_file:
            if row < len(sentences):
                lines.append(sentences[row] + "\n")
        row += 3
    return "".join(lines)[:chars]


def timed_repaint(app: QApplication, view, action) -> float:
    """Milliseconds from ``action()`` to the playback's widgets painted (synchronously)."""
    start = time.perf_counter()
    action()
    view.canvas.repaint()
    view.table.viewport().repaint()
    view.info.repaint()
    elapsed = (time.perf_counter() - start) * 1000
    app.processEvents()
    return elapsed


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"  {name:<34} median {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   "
          f"max {times[-1]:6.1f} ms   (target ≤ 30 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=10_000)
    parser.add_argument("--steps", type=int, default=100)
    args = parser.parse_args()
    require_shared_data()
    text = mixed_text(args.chars)

    tokenizer = open_tokenizer(O200K)
    tokenizer.encode_ids(text)
    start = time.perf_counter()
    tokenizer.encode(text)
    plain = time.perf_counter() - start
    start = time.perf_counter()
    playback = EncodingPlayback(tokenizer, tokenizer.encode(text, trace=True))
    playback.prepare()
    traced = time.perf_counter() - start
    try:
        import tiktoken

        reference = tiktoken.get_encoding("o200k_base")
        start = time.perf_counter()
        reference.encode(text, allowed_special="all")
        ref_time = time.perf_counter() - start
    except Exception:  # no network for the file: leave the ratio out
        ref_time = None
    print(f"o200k_base, {len(text):,} characters: {len(playback.pieces):,} pieces, "
          f"{len(playback.text_steps):,} whole-text steps, "
          f"{sum(len(p.steps) for p in playback.pieces):,} merges")
    print(f"  build playback (trace + candidates, off the GUI thread)  {traced * 1000:7.0f} ms; "
          f"plain encode {plain * 1000:.0f} ms (×{traced / plain:.1f})"
          + (f"; tiktoken {ref_time * 1000:.1f} ms" if ref_time else ""))

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = open_window(app, text, (1920, 1080))
    window.show_view("playback")
    view = window.views["playback"]
    wait(app, lambda: view.playback is not None)
    start = time.perf_counter()
    wait(app, lambda: view.warmed)
    print(f"  labels measured in idle slices after the build: "
          f"{(time.perf_counter() - start) * 1000:.0f} ms")
    view.set_order("text")
    count = view.controls.count
    rng = random.Random(7)

    steps = [timed_repaint(app, view, view.controls.forward) for _ in range(args.steps)]
    jumps = [timed_repaint(app, view, lambda: view.controls.slider.setValue(
        rng.randrange(count + 1))) for _ in range(args.steps)]
    print("whole-text order:")
    report("step →", steps)
    report("scrub jump", jumps)

    view.set_order("piece")
    longest = max(range(len(view.playback.pieces)),
                  key=lambda s: len(view.playback.pieces[s].steps))
    view.set_slot(longest)
    count = view.controls.count
    steps = []
    for _ in range(args.steps):
        if view.position >= count:
            view.controls.to_start()
        steps.append(timed_repaint(app, view, view.controls.forward))
    jumps = [timed_repaint(app, view, lambda: view.controls.slider.setValue(
        rng.randrange(count + 1))) for _ in range(args.steps)]
    print(f"piece order (the longest piece, {count} steps):")
    report("step →", steps)
    report("scrub jump", jumps)
    window.close()


if __name__ == "__main__":
    main()
