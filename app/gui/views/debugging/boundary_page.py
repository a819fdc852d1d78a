"""The end of a prompt: which tokens continue its last ones, how many tokens some next token
re-tokenizes (what token healing backs off), and prompt + a continuation encoded whole
against the two encoded apart."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bpelens.core import PromptBoundary, Tokenizer, isolated, prompt_boundary, visible

from ...i18n import translate
from .common import attach_runner, cut_line, muted, text_of

SAMPLE_PROMPT = "The link is http:"


class BoundaryPage(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.tokenizer: Tokenizer | None = None
        self.runner = None
        self.result: PromptBoundary | None = None
        self.prompt = QPlainTextEdit(SAMPLE_PROMPT)
        self.prompt.setMaximumHeight(80)
        self.continuation = QLineEdit("//example.com")
        self.continuation.setPlaceholderText(self.tr("what the model would write next "
                                                     "(optional)"))
        self.run_button = QPushButton(self.tr("Check the end"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.status = muted(self.tr("Every token of the vocabulary is tried as the next "
                                    "token: how many of the prompt's last tokens does it "
                                    "change?"))
        self.output = QTextBrowser()
        form = QFormLayout()
        form.addRow(self.tr("Prompt"), self.prompt)
        form.addRow(self.tr("Continuation"), self.continuation)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.status, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.output, 1)
        self.run_button.clicked.connect(self.run)

    def title(self) -> str:
        return self.tr("Prompt end")

    def attach(self, session) -> None:
        self.runner = attach_runner(self, session, "boundary", self.show_result,
                                    self.tr("Could not check: {error}"))

    def set_tokenizer(self, tokenizer: Tokenizer) -> None:
        self.tokenizer = tokenizer
        self.result = None
        self.output.clear()

    def _on_busy(self, busy: bool) -> None:
        self.cancel_button.setVisible(busy)
        self.run_button.setEnabled(not busy)

    def run(self) -> None:
        tokenizer = self.tokenizer
        if tokenizer is None or self.runner is None:
            return
        prompt = self.prompt.toPlainText()
        continuation = self.continuation.text() or None

        def work(job):
            def progress(fraction: float) -> None:
                job.check()
                job.progress(fraction, translate(
                    "BoundaryPage", "trying every token as the next one: {percent:.0%}")
                    .format(percent=fraction))

            return tokenizer, prompt_boundary(tokenizer, prompt, continuation=continuation,
                                              progress=progress)

        self.runner.submit(work)

    def show_result(self, outcome) -> None:
        tokenizer, result = outcome
        if tokenizer is not self.tokenizer:
            self.status.clear()  # the progress of a run for another tokenizer
            return
        self.result = result
        self.status.setText(self.tr(
            "{tried:,} next tokens tried; back off {n} token(s) to heal").format(
            tried=result.tried, n=result.back_off))
        self.output.setHtml(boundary_html(tokenizer, result))


def _p(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def boundary_html(tokenizer: Tokenizer, result: PromptBoundary) -> str:
    # (translate() with its context written out each time: the catalogue's extractor reads
    # the calls, not an alias)
    out = [_p(translate("BoundaryPage", "The prompt's last tokens: {tokens}").format(
        tokens=cut_line(tokenizer, result.ids[-6:])))]
    if result.back_off:
        out.append(_bold(translate(
            "BoundaryPage", "Token healing: remove the last {n} token(s) ({removed}) and let "
            "the first generated token start with {prefix}.").format(
                n=result.back_off, removed=cut_line(tokenizer, result.ids[-result.back_off:]),
                prefix=isolated(repr(result.healing_prefix)))))
        counts = ", ".join(translate("BoundaryPage", "{count:,} change {k}").format(
            count=n, k=k) for k, n in sorted(result.changed_by.items()))
        out.append(_p(translate(
            "BoundaryPage", "Next tokens that change the prompt's last tokens: {counts}").format(
                counts=counts)))
    else:
        out.append(_bold(translate(
            "BoundaryPage", "No next token changes the prompt's ids: its end is a stable "
            "boundary.")))
    for tail in result.tails:
        if not tail.continuations:
            continue
        examples = " ".join(isolated(visible(text_of(tokenizer, i))) for i in tail.examples)
        out.append(_p(translate(
            "BoundaryPage", "{count:,} tokens continue {text} (its last {k} token(s)): "
            "{examples}").format(count=tail.continuations, text=isolated(repr(tail.text)),
                                 k=tail.k, examples=examples)))
    for item in result.examples:
        out.append(_p(translate(
            "BoundaryPage", "next {token}: the last {k} token(s) become {ids}").format(
                token=isolated(repr(tokenizer.decode([item.token], errors="replace"))),
                k=item.changed, ids=cut_line(tokenizer, item.ids))))
    continued = result.continued
    if continued is not None and continued.first_difference is None:
        out.append(_p(translate(
            "BoundaryPage", "Prompt + {text}: encoding the whole gives the prompt's ids "
            "followed by the continuation's.").format(text=isolated(repr(continued.text)))))
    elif continued is not None:
        at = continued.first_difference
        out.append(_bold(translate(
            "BoundaryPage", "Prompt + {text}: from token {at} on, encoding the whole gives "
            "{canonical}, not {apart}.").format(
                text=isolated(repr(continued.text)), at=at,
                canonical=cut_line(tokenizer, continued.canonical[at:at + 6]),
                apart=cut_line(tokenizer, continued.concatenated[at:at + 6]))))
    return "".join(out)


def _bold(text: str) -> str:
    return f"<p><b>{html.escape(text)}</b></p>"
