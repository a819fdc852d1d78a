"""Importing the engine first keeps numpy's OpenBLAS from starting its thread pool (BPE Lens
never calls BLAS; idle pool threads spin and make every malloc take a lock)."""

import os
import subprocess
import sys

import pytest

CODE = (
    "import os, bpelens.core, numpy\n"
    "print(os.environ.get('OPENBLAS_NUM_THREADS'), len(os.listdir('/proc/self/task')))\n"
)


def run(env_value: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if env_value is not None:
        env["OPENBLAS_NUM_THREADS"] = env_value
    out = subprocess.run([sys.executable, "-c", CODE], env=env, capture_output=True, text=True,
                         check=True)
    return out.stdout.split()


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_numpy_after_the_engine_runs_one_thread():
    assert run(None) == ["1", "1"]


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_a_users_own_choice_is_kept():
    setting, _ = run("2")
    assert setting == "2"
