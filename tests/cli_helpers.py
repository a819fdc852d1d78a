"""Running the real `bpelens` command in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import HANG_SECONDS

SEED_CORPUS = (
    "low low low low low\nlower lower\nnewest newest newest newest newest newest\n"
    "widest widest widest\n"
)
COMMAND = [sys.executable, "-m", "bpelens.app"]


# The variables that choose the command line's language: the tests expect English unless
# they ask for another, even on a machine set up in Japanese.
LANGUAGE_VARIABLES = ("BPELENS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("BPELENS_TRACEBACK", None)
    for name in LANGUAGE_VARIABLES:
        env.pop(name, None)
    env["LANG"] = "C.UTF-8"
    return env | (extra or {})


def bpelens(*args: str, stdin: str | None = None, cwd: Path | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``env``: variables set on top of the tests' usual environment."""
    return subprocess.run(
        [*COMMAND, *args],
        input=stdin, capture_output=True, text=True, encoding="utf-8", env=_env(env), cwd=cwd,
        timeout=HANG_SECONDS,
    )


def bpelens_bytes(*args: str, stdin: bytes | None = None, cwd: Path | None = None,
                  env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes]:
    """The same with bytes in and out (stdin that is not UTF-8, exact output bytes)."""
    return subprocess.run([*COMMAND, *args], input=stdin, capture_output=True, env=_env(env),
                          cwd=cwd, timeout=HANG_SECONDS)


def bpelens_in_shell(redirect: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``bpelens ARGS REDIRECT`` run by /bin/sh, for redirections only a shell spells:
    ``<&-`` (stdin closed), ``>&-`` (stdout closed), ``>/dev/full``."""
    script = f'exec "$@" {redirect}'
    return subprocess.run(["/bin/sh", "-c", script, "sh", *COMMAND, *args],
                          capture_output=True, text=True, encoding="utf-8", env=_env(),
                          timeout=HANG_SECONDS, stdin=subprocess.DEVNULL)


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
