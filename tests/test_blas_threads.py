"""The ``bpelens`` command keeps numpy's OpenBLAS from starting its thread pool (BPE Lens never
calls BLAS; idle pool threads spin and make every malloc take a lock). That is process policy:
the entry point sets it, a library user importing the engine keeps their own environment."""

import os
import subprocess
import sys

import pytest

THREADS = "print(os.environ.get('OPENBLAS_NUM_THREADS'), len(os.listdir('/proc/self/task')))\n"
VIA_COMMAND = (
    "import os\n"
    "from bpelens.app.entry import main\n"
    "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
    "import numpy\n" + THREADS
)
VIA_LIBRARY = "import os, bpelens.core, numpy\n" + THREADS


def run(code: str, env_value: str | None) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if env_value is not None:
        env["OPENBLAS_NUM_THREADS"] = env_value
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    return out.stdout.split()[-2:]


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_numpy_under_the_command_runs_one_thread():
    assert run(VIA_COMMAND, None) == ["1", "1"]


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads in /proc")
def test_a_users_own_choice_is_kept():
    setting, _ = run(VIA_COMMAND, "2")
    assert setting == "2"


def test_importing_the_engine_leaves_the_environment_alone():
    setting, _ = run(VIA_LIBRARY, None)
    assert setting == "None"
