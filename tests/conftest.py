"""Shared test helpers: where ../shared/data is, and a skip marker for when it is absent."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from pytestqt.qtbot import QtBot

# Hypothesis: "ci" (the default) is derandomized and keeps no example database, so a run
# passes or fails the same way every time and on every machine; "explore" searches much
# further with fresh random examples (by hand: pytest --hypothesis-profile=explore).
settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("explore", max_examples=2000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# No test may depend on how busy the machine is (.ci/run shares two cores with whatever else
# runs; a GUI step that takes 50 ms alone has taken seconds there). A test waits for a state,
# never for a time, and its time limits only stop a test that would otherwise hang: far above
# anything load explains, never a claim about speed (speed is measured in benchmarks/).
# Every wait of pytest-qt (waitUntil, waitSignal, …) gets GUI_WAIT_MS unless a test passes
# its own timeout; tests pass none (assertNotEmitted's wait is a wait on purpose: untouched).
GUI_WAIT_MS = 300_000
# ... and a process, a thread or a signal alarm that a test starts gets HANG_SECONDS.
HANG_SECONDS = 600
for _wait in ("waitUntil", "waitSignal", "waitSignals", "waitCallback", "waitExposed",
              "waitActive"):  # (the pep-8 aliases, wait_until…, are the same functions)
    getattr(QtBot, _wait).__kwdefaults__["timeout"] = GUI_WAIT_MS

# GUI tests run headless unless a display is there to watch them.
if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

REPO = Path(__file__).resolve().parent.parent
SHARED_DATA = Path(os.environ.get("BPELENS_SHARED_DATA", REPO.parent / "shared" / "data"))

needs_shared_data = pytest.mark.skipif(
    not SHARED_DATA.is_dir(),
    reason=f"../shared/data is not here ({SHARED_DATA}); the real-file tests need it",
)


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED_DATA.is_dir():
        pytest.skip(f"../shared/data is not here ({SHARED_DATA})")
    return SHARED_DATA

# Tests never read or fill the user's cache of parsed tokenizer files.
os.environ.setdefault("BPELENS_CACHE_DIR", tempfile.mkdtemp(prefix="bpelens-test-cache-"))
# ... nor the user's GUI settings, Hugging Face cache or tiktoken cache.
for _variable in ("BPELENS_CONFIG_DIR", "HF_HUB_CACHE", "TIKTOKEN_CACHE_DIR"):
    os.environ.setdefault(_variable, tempfile.mkdtemp(prefix=f"bpelens-test-{_variable.lower()}-"))
