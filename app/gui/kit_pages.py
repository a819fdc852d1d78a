"""The debugging kit's pages by the names ``--page`` takes, in tab order.

The pages live in views/debugging/. The first are built and wired by the kit itself
(debug_view.py); the pages after them wire themselves: a page is one module there and one
line in ``SELF_WIRED``. Its class is a QWidget with

* ``title()``: the tab's text (translated);
* ``attach(session)``: make its runners (``session.runner(kind)``) and connect them; work
  longer than ~50 ms runs in one, with progress and cancel;
* ``set_tokenizer(tokenizer)``: the tokenizer of the main view, each time one loads.

This module imports nothing from Qt, so the window's option parser can list the names before
Qt is loaded.
"""

from __future__ import annotations

BUILT_IN = ("audit", "lookup", "diff", "conflicts", "extend", "algorithms", "cost")
# (name for --page, module in this folder, class)
SELF_WIRED = (
    ("canon", "canon_page", "CanonPage"),
    ("boundary", "boundary_page", "BoundaryPage"),
    ("lint", "lint_page", "LintPage"),
    ("churn", "churn_page", "ChurnPage"),
    ("residue", "residue_page", "ResiduePage"),
)
KIT_PAGES = BUILT_IN + tuple(name for name, _, _ in SELF_WIRED)
