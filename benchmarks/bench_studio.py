"""The training studio on real data: a parity-aware run on the 26 NTREX-128 languages (1,500
training + 200 dev sentences each, 8,000 merges) trained in the window with its live plots,
next to the same run without a window, in the same process; how long Cancel takes to stop the
worker at several moments of a run (the target is 100 ms); and the GUI thread's longest stall
while it trains (ticks of a 10 ms timer).

    QT_QPA_PLATFORM=offscreen python benchmarks/bench_studio.py [--variant window]
        [--merges 8000] [--cancel-at 0.3 1 3 6]

Cancel is timed twice: until the worker's next check finds it (training stops there: no
further merge) and until the run has returned, its training state freed.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

import bpelens.app.gui.views.studio_view as studio_view
from bpelens.app.gui.main_window import MainWindow
from bpelens.app.training_studio import StudioPlan, run_plan
from bpelens.core import ParityConfig, SplitSizes, TrainingConfig, open_parallel_corpus

from shared_data import SHARED_DATA, require_shared_data


class NoJob:
    def check(self) -> None: ...

    def progress(self, fraction, message) -> None: ...

    def hand_over(self, part) -> None: ...


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="window", choices=("base", "window"))
    parser.add_argument("--merges", type=int, default=8000)
    parser.add_argument("--cancel-at", type=float, nargs="*", default=[0.3, 1.0, 3.0, 6.0],
                        help="seconds after Train at which to press Cancel")
    args = parser.parse_args()
    require_shared_data()
    ntrex = SHARED_DATA / "parallel" / "ntrex128"
    corpus = open_parallel_corpus(ntrex)
    app = QApplication(sys.argv[:1])
    folder = Path(tempfile.mkdtemp(prefix="bpelens-studio-"))
    settings = QSettings(str(folder / "bpelens.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, discover=False)
    window.resize(1280, 800)
    window.show()
    window.show_view("studio")
    view = window.studio_view

    def wait(condition, seconds: float = 600) -> None:
        deadline = time.perf_counter() + seconds
        while not condition():
            app.processEvents()
            time.sleep(0.002)
            if time.perf_counter() > deadline:
                raise SystemExit("timed out")

    view.open_corpus(str(ntrex))
    wait(lambda: view.corpus_spec == str(ntrex) and view.languages.rowCount() == 26)
    view.algorithm.setCurrentIndex(view.algorithm.findData(args.variant))
    view.vocab_size.setValue(256 + args.merges)
    view.train_size.setValue(1500)
    view.dev_size.setValue(200)
    view.min_frequency.setValue(0)

    # When the worker's run really ends (returns, fails or is cancelled): the runner itself
    # turns idle as soon as Cancel is pressed, before the thread has stopped.
    ended: list[float] = []
    real_run = studio_view.run_plan

    seen: list[float] = []

    class Watched:
        """The worker's job, noting when a check finds the cancel (training stops there;
        freeing its state comes after)."""

        def __init__(self, job) -> None:
            self.job = job

        def check(self) -> None:
            try:
                self.job.check()
            except Exception:
                seen.append(time.perf_counter())
                raise

        def __getattr__(self, name):
            return getattr(self.job, name)

    def timed_run(plan, folder, job, **k):
        try:
            return real_run(plan, folder, Watched(job), **k)
        finally:
            ended.append(time.perf_counter())

    studio_view.run_plan = timed_run

    ticks: list[tuple[float, str]] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append((time.perf_counter(), view.status.text())))

    # 1. A whole run in the window, with its plots, and the GUI thread's stalls meanwhile.
    runs = len(view.runs)
    timer.start()
    started = time.perf_counter()
    view.train()
    wait(lambda: len(view.runs) > runs and not view.runner.busy)
    in_window = time.perf_counter() - started
    timer.stop()
    gaps = sorted((b[0] - a[0], a[1]) for a, b in pairwise(ticks))
    run = view.runs[0]

    # 2. The same plan without a window.
    plan = StudioPlan(str(ntrex), tuple(corpus.languages), SplitSizes(1500, 200),
                      TrainingConfig(vocab_size=256 + args.merges, byte_order="hf",
                                     min_frequency=0), ParityConfig(variant=args.variant))
    started = time.perf_counter()
    alone = run_plan(plan, folder / "alone", NoJob(), corpus=corpus)
    standalone = time.perf_counter() - started
    same = alone.dev_tokens == run.dev_tokens and alone.chosen == run.chosen

    # 3. Cancel at several moments.
    latencies = []
    for at in args.cancel_at:
        view.train()
        pressed = time.perf_counter() + at
        wait(lambda pressed=pressed: time.perf_counter() >= pressed)
        phase = view.status.text().split(":")[0].split(" ")[0]
        count = len(ended)
        t = time.perf_counter()
        view.cancel()
        wait(lambda count=count: len(ended) > count, 30)
        latencies.append((at, phase, seen[-1] - t, ended[-1] - t))

    print(f"PA-BPE {args.variant}, 26 languages, {args.merges} merges")
    print(f"  in the window: {in_window:.1f} s (train + save + evaluation), without: "
          f"{standalone:.1f} s — ratio {in_window / standalone:.2f}; "
          f"same rows and choices: {same}")
    print(f"  GUI thread while training: longest stall {gaps[-1][0] * 1000:.0f} ms (after "
          f"{gaps[-1][1][:60]!r}), p99 {gaps[int(len(gaps) * 0.99)][0] * 1000:.0f} ms over "
          f"{len(gaps)} ticks")
    for at, phase, stopped, freed in latencies:
        print(f"  cancel {at:.1f} s in ({phase}…): training stopped in {stopped * 1000:.0f} ms, "
              f"its memory freed by {freed * 1000:.0f} ms")
    worst = max(stopped for _, _, stopped, _ in latencies)
    print(f"  worst stop: {worst * 1000:.0f} ms (target 100 ms); worst until freed: "
          f"{max(freed for *_, freed in latencies) * 1000:.0f} ms")
    window.close()
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
