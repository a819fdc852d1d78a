import subprocess
import sys
from pathlib import Path

import bpelens.core


def test_importing_core_loads_no_qt():
    code = (
        "import sys, bpelens.core, bpelens.core.training.trainer, bpelens.core.formats.own_format;"
        "print([m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'pyqtgraph')])"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.strip() == "[]", run.stderr


def test_no_core_module_mentions_qt():
    folder = Path(bpelens.core.__file__).parent
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in ("PySide6", "pyqtgraph", "shiboken6"):
            assert f"import {name}" not in text and f"from {name}" not in text, path
