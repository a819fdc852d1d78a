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
COMMAND = [sys.executable, "-m", "bpelens.app"]


def _env() -> dict[str, str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("BPELENS_TRACEBACK", None)
    return env


def bpelens(*args: str, stdin: str | None = None, cwd: Path | None = None
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*COMMAND, *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=_env(), cwd=cwd,
        timeout=120,
    )


def bpelens_bytes(*args: str, stdin: bytes | None = None, cwd: Path | None = None
                  ) -> subprocess.CompletedProcess[bytes]:
    """The same with bytes in and out (stdin that is not UTF-8, exact output bytes)."""
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, env=_env(),
                          cwd=cwd, timeout=120)


def bpelens_in_shell(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``bpelens ARGS REDIRECT`` run by /bin/sh, for redirections only a shell spells:
    ``<&-`` (stdin closed), ``>&-`` (stdout closed), ``>/dev/full``."""
    script = f'exec "$@" {redirect}'
    return subprocess.run(["/bin/sh", "-c", script, "sh", *COMMAND, *args],
                          capture_output=True, text=True, encoding="utf-8", env=_env(),
                          timeout=120, stdin=subprocess.DEVNULL)


def assert_clean_outcome(run: subprocess.CompletedProcess, *, allow_refusal: bool = True
                         ) -> None:
    """No traceback; exit 0, or (when allowed) exit 2 with exactly one line on stderr."""
    err = run.stderr if isinstance(run.stderr, str) else run.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    if run.returncode == 0:
        return
    assert allow_refusal and run.returncode == 2, (run.returncode, err)
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("bpelens"), err
