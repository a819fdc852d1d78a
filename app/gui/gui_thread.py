"""The interpreter set up for a GUI thread that must keep running beside busy jobs.

Jobs (encoding, laying out) run in threads, but Python runs one thread at a time: the GUI
thread needs the interpreter lock for every slot and paint, many times per turn of the event
loop, and by default a busy job gives the lock up only every 5 ms when asked — a turn that
takes the lock fifteen times waits 75 ms. A 0.5 ms switch interval makes each wait short. And
a regex match is one C call that never gives the lock up (a megabyte's findall: 0.2 s; a
pattern that backtracks: its whole time budget), so match calls release it while they match.
Together they took the 1 MB paste's longest stall from 54–85 ms to 35–55 ms
(benchmarks/bench_gui.py).
"""

from __future__ import annotations

import sys

from bpelens.core import share_the_interpreter

SWITCH_INTERVAL = 0.0005  # seconds (Python's default: 0.005)


def keep_gui_thread_responsive() -> None:
    sys.setswitchinterval(SWITCH_INTERVAL)
    share_the_interpreter()
