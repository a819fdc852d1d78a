"""Running the real `bpelens` command in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SEED_CORPUS = (
    "low low low low low\nlower lower\nnewest newest newest newest newest newest\n"
    "widest widest widest\n"
)


def bpelens(*args: str, stdin: str | None = None, cwd: Path | None = None
            ) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("QT_QPA_PLATFORM", None)
    return subprocess.run(
        [sys.executable, "-m", "bpelens.app", *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=env, cwd=cwd,
        timeout=120,
    )
