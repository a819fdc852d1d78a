"""`bpelens` for an editable install: its folder is the checkout, so `bpelens.core` is core/.

Only `pip install -e .` puts this on sys.path (pyproject.toml, dev-mode-dirs); a regular
install carries the real package, in which bpelens is a namespace over core/, app/ and
resources/.
"""

from pathlib import Path

__path__ = [str(Path(__file__).resolve().parents[3])]
