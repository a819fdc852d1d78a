"""Debugging kit for the tokenizer in the main view: which tokens can ever come out (the
audit, with a filterable list and, for each token, what its text gives instead and the merge
that gets there first), a vocabulary lookup, two tokenizers compared, what the vocabulary
costs in parameters and memory, and other ways to cut a text (greedy longest match as
WordPiece, BPE-dropout samples, a Unigram tokenizer's lattice). Work that can take a while
runs off the GUI thread."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import (
    Tokenizer,
    diff_tokenizers,
    side_by_side,
)

from ...tokenizer_extension import run_extension
from ..i18n import translate
from ..kit_pages import SELF_WIRED
from ..settings import runs_folder
from ..tokenizer_files import load_choice
from ..zoom import zoom_tree
from .debugging.audit_page import AuditPage, run_audit
from .debugging.conflicts_page import ConflictsPage
from .debugging.contrast_page import ContrastPage
from .debugging.cost_page import CostPage
from .debugging.diff_page import DiffPage
from .debugging.extend_page import ExtendPage
from .debugging.lookup_page import LookupPage

if TYPE_CHECKING:
    from ..session import Session
    from . import Pane


class DebugView(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.zoom = 1.0
        self.session: Session | None = None
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.audit_page = AuditPage()
        self.lookup_page = LookupPage()
        self.cost_page = CostPage()
        self.contrast_page = ContrastPage()
        self.diff_page = DiffPage()
        self.conflicts_page = ConflictsPage()
        self.extend_page = ExtendPage()
        # The extended tokenizer, in the main view or the comparison tab (the window wires).
        self.open_requested = self.extend_page.open_requested
        self.compare_requested = self.extend_page.compare_requested
        self.pages = QTabWidget()
        self.pages.addTab(self.audit_page, self.tr("Audit"))
        self.pages.addTab(self.lookup_page, self.tr("Look up"))
        self.pages.addTab(self.diff_page, self.tr("Diff"))
        self.pages.addTab(self.conflicts_page, self.tr("Merge conflicts"))
        self.pages.addTab(self.extend_page, self.tr("Extend"))
        self.pages.addTab(self.contrast_page, self.tr("Other algorithms"))
        # In a scroll area: its form is the tallest page, and the tab must not make the
        # window's text box smaller than the other tabs do.
        cost_scroll = QScrollArea()
        cost_scroll.setWidgetResizable(True)
        cost_scroll.setWidget(self.cost_page)
        self.pages.addTab(cost_scroll, self.tr("Cost"))
        # The pages by the names `--page` gives (kit_pages.KIT_PAGES), in tab order.
        self.page_widgets: dict[str, QWidget] = {
            "audit": self.audit_page, "lookup": self.lookup_page, "diff": self.diff_page,
            "conflicts": self.conflicts_page, "extend": self.extend_page,
            "algorithms": self.contrast_page, "cost": cost_scroll}
        self.wired_pages = []
        for name, module, cls in SELF_WIRED:
            page = getattr(importlib.import_module(f"{__package__}.debugging.{module}"), cls)()
            self.wired_pages.append(page)
            self.page_widgets[name] = page
            # In a scroll area, as the cost page: a page with a table and a plot must not
            # make the window taller than the other tabs do (the layers view would lose
            # lines on a small screen).
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(page)
            self.pages.addTab(scroll, page.title())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.pages)

    def show_page(self, key: str) -> None:
        """Bring a page to the front by its `--page` name (audit, lookup … residue)."""
        widget = self.page_widgets[key]
        for index in range(self.pages.count()):
            tab = self.pages.widget(index)
            if tab is widget or (isinstance(tab, QScrollArea) and tab.widget() is widget):
                self.pages.setCurrentIndex(index)
                return

    def current_page(self) -> QWidget:
        """The page in front, as ``page_widgets`` holds it (not its scroll area)."""
        tab = self.pages.currentWidget()
        inner = tab.widget() if isinstance(tab, QScrollArea) else None
        return next((w for w in self.page_widgets.values() if w is tab or w is inner), tab)

    def set_zoom(self, zoom: float) -> None:
        """Its fonts, tables and every page at ``zoom`` (presentation mode, Ctrl + / Ctrl −)."""
        self.zoom = zoom
        zoom_tree(self, zoom)

    def attach(self, session: Session, pane: Pane) -> None:
        self.session = session
        self.runner = session.runner("audit")
        self.runner.done.connect(self._on_audit)
        self.runner.failed.connect(
            lambda exc: self.audit_page.status.setText(
                self.tr("Could not audit: {error}").format(error=exc)))
        self.runner.progressed.connect(
            lambda _fraction, message: self.audit_page.status.setText(message))
        self.runner.busy_changed.connect(self._on_busy)
        self.audit_page.run_button.clicked.connect(self.run_audit)
        self.audit_page.cancel_button.clicked.connect(self.runner.cancel)
        self.differ = session.runner("diff")
        self.differ.done.connect(lambda outcome: self.diff_page.show_diff(*outcome))
        self.differ.failed.connect(
            lambda exc: self.diff_page.status.setText(
                self.tr("Could not compare: {error}").format(error=exc)))
        self.differ.progressed.connect(lambda _f, message: self.diff_page.status.setText(message))
        self.diff_page.run_button.clicked.connect(self.run_diff)
        self._attach_extend(session)
        lookup = self.lookup_page
        lookup.runner = session.runner("lookup")
        lookup.runner.done.connect(lookup.show_found)
        lookup.runner.failed.connect(lookup.show_problem)
        lookup.use_runner = session.runner("lookup-uses")
        lookup.use_runner.done.connect(lookup.show_uses)
        lookup.use_runner.failed.connect(
            lambda exc: lookup.details.appendPlainText(
                self.tr("Could not search the texts: {error}").format(error=exc)))
        conflicts = self.conflicts_page
        conflicts.runner = session.runner("conflicts")
        conflicts.runner.done.connect(conflicts.show_outcome)
        conflicts.runner.failed.connect(conflicts.show_failure)
        contrast = self.contrast_page
        contrast.runner = session.runner("contrast")
        contrast.runner.done.connect(contrast.show_result)
        contrast.runner.failed.connect(
            lambda exc: contrast.output.setPlainText(
                self.tr("Could not cut the text: {error}").format(error=exc)))
        for page in self.wired_pages:
            page.attach(session)
        session.loaded.connect(self._on_loaded)
        if session.tokenizer is not None:
            self._on_loaded(session.choice, session.tokenizer, False)

    def _attach_extend(self, session: Session) -> None:
        page = self.extend_page
        runner = session.runner("extend")
        self.extender = runner
        runner.done.connect(page.show_outcome)
        runner.failed.connect(lambda exc: page.show_failure(
            self.tr("Could not extend: {error}").format(error=exc)))
        runner.progressed.connect(lambda _fraction, message: page.status.setText(message))
        runner.busy_changed.connect(page.set_busy)
        page.cancel_button.clicked.connect(runner.cancel)
        folder = runs_folder(session.settings)

        def submit(plan) -> None:
            tokenizer = self.tokenizer
            if tokenizer is not None:
                page.clear_failure()
                runner.submit(lambda job: run_extension(plan, tokenizer, folder, job))

        page.run_requested.connect(submit)

    def shows(self, encoded) -> bool:
        return True  # it shows the tokenizer, not the text in the box

    def _on_loaded(self, choice, tokenizer: Tokenizer, fallback: bool) -> None:
        self.tokenizer = tokenizer
        for page in (self.lookup_page, self.contrast_page, self.conflicts_page):
            page.tokenizer = tokenizer
        self.cost_page.set_vocab(tokenizer.vocab_size)
        for page in self.wired_pages:
            page.set_tokenizer(tokenizer)
        self.extend_page.set_tokenizer(tokenizer)
        self.audit_page.status.setText(self.tr("{n:,} ids; press Audit.").format(
            n=tokenizer.vocab_size))

    def run_audit(self) -> None:
        tokenizer = self.tokenizer
        if self.runner is None or tokenizer is None:
            return
        self.runner.submit(lambda job: (tokenizer, run_audit(tokenizer, job)))

    def set_corpus_source(self, corpus_of_comparison) -> None:
        """Where the lookup finds the comparison tab's corpus (a callable, None if none)."""
        self.lookup_page.corpus_of_comparison = corpus_of_comparison

    def set_choices(self, choices: list) -> None:
        self.diff_page.set_choices(choices)

    def run_diff(self) -> None:
        left = self.tokenizer
        choice = self.diff_page.other_box.currentData()
        if left is None or choice is None:
            return
        text = self.diff_page.text.text() or None
        left_name = (self.session.choice.label or self.session.choice.key
                     if self.session is not None and self.session.choice is not None
                     else self.tr("this tokenizer"))
        right_name = choice.label or choice.key

        def work(job):
            # Off the GUI thread: translate(), which is safe there, not self.tr.
            job.progress(None, translate("DebugView", "Opening {name}…").format(name=right_name))
            right = load_choice(choice)
            job.check()
            job.progress(None, translate("DebugView", "Comparing…"))
            result = diff_tokenizers(left, right, text, names=(left_name, right_name))
            # The chips in the mode the reasons read the text in.
            aligned = (side_by_side(text, [(left_name, left), (right_name, right)],
                                    special="all") if text else None)
            return left, right, result, aligned

        self.differ.submit(work)

    def _on_audit(self, outcome) -> None:
        tokenizer, audit = outcome
        if tokenizer is self.tokenizer:
            self.audit_page.show_audit(tokenizer, audit)

    def _on_busy(self, busy: bool) -> None:
        self.audit_page.cancel_button.setVisible(busy)
        self.audit_page.run_button.setEnabled(not busy)
