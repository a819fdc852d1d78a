"""What the comparison tab is about, apart from any widget: the parallel corpus, the tokenizers
and languages chosen, the reference, the special-token setting — and the work that changes
them (reading a corpus, counting), each on a runner of its own.

Counting is kept per tokenizer × language (× the sentences compared and the settings), so
choosing another reference or fewer languages reports at once from what is counted, adding a
language counts only that one, and a cancelled run keeps every tokenizer it finished. Each
tokenizer's counts are handed to the GUI as it finishes: the table and plots grow while the
rest is counted. A tokenizer is used by one thread at a time (a lock each): the sentence view
encodes with the same objects the counting does.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from bpelens.core import (
    BpeLensError,
    Comparison,
    LanguageCounts,
    ParallelCorpus,
    SideBySide,
    SpecialMode,
    Tokenizer,
    TokenizerCounts,
    aligned_rows,
    compare_counts,
    default_jobs,
    iter_tokenizer_counts,
    segment,
)

from ..parallel_corpora import DEMO_CORPUS, open_corpus
from .i18n import translate
from .tokenizer_files import load_choice
from .tokenizer_picker import Choice
from .worker import Job, Runner

MAX_TOKENIZERS = 8
# Changes in quick succession (ticking several boxes) start one run.
RUN_AFTER_MS = 250


@dataclass(frozen=True, slots=True)
class CountedPart:
    """What a run hands over as each tokenizer finishes."""

    choice: Choice
    tokenizer: Tokenizer
    counts: dict[str, LanguageCounts]
    key: tuple  # (rows, special, add_special_tokens) they were counted with


@dataclass(frozen=True, slots=True)
class FailedPart:
    """A tokenizer that could not be opened or counted (the others go on)."""

    choice: Choice
    message: str


@dataclass(frozen=True, slots=True)
class SentenceView:
    """One sentence of one language under every compared tokenizer."""

    language: str
    index: int  # position among the compared sentences
    corpus_row: int
    aligned: SideBySide
    tokenizers: tuple[Tokenizer, ...]  # the rows' tokenizers, for chip labels
    reference_text: str | None  # the same sentence in the reference language


class ComparisonSession(QObject):
    """``corpus_changed(corpus)``, ``comparison_changed(comparison or None)``,
    ``problem(message)`` / ``problem_solved()``, ``sentence_ready(SentenceView)``,
    ``choices_changed()`` (tokenizers, languages, reference or settings)."""

    corpus_changed = Signal(object)
    comparison_changed = Signal(object)
    problem = Signal(str)
    problem_solved = Signal()
    sentence_ready = Signal(object)
    choices_changed = Signal()

    def __init__(self, make_runner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.reader: Runner = make_runner("corpus")
        self.counter: Runner = make_runner("compare")
        self.sentencer: Runner = make_runner("sentence")
        self.reader.done.connect(self._on_corpus_read)
        self.reader.failed.connect(lambda exc: self.problem.emit(str(exc)))
        self.counter.partial.connect(self._on_counted)
        self.counter.failed.connect(self._on_count_failed)
        self.sentencer.done.connect(self.sentence_ready.emit)
        self.sentencer.failed.connect(lambda exc: self.problem.emit(str(exc)))
        self.corpus: ParallelCorpus | None = None
        self.corpus_spec: str | None = None
        self.tokenizers: list[Choice] = []
        self.languages: list[str] = []
        self.reference: str | None = None
        self.special: SpecialMode = "none"
        self.add_special_tokens = False
        # Worker processes for a large corpus: 0 is one per core, 1 counts in this process
        # (the counts are the same either way, so changing it recounts nothing).
        self.jobs = 0
        self.comparison: Comparison | None = None
        self.loaded: dict[Choice, Tokenizer] = {}
        # Tokenizers that failed, and why: not tried again until chosen again.
        self.failed: dict[Choice, str] = {}
        self._locks: dict[Choice, threading.Lock] = {}
        self._counts: dict[tuple, LanguageCounts] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(RUN_AFTER_MS)
        self._timer.timeout.connect(self.run)

    # -- choices -------------------------------------------------------------------------------
    def open_corpus(self, spec: str) -> None:
        """Read a corpus (``demo`` or a path) off the GUI thread; the current one stays until
        the new one is whole."""
        if spec != DEMO_CORPUS:
            spec = str(Path(spec).expanduser().absolute())
        self.reader.submit(lambda job: (spec, open_corpus(spec)), abandon_running=True)

    def _on_corpus_read(self, result: tuple[str, ParallelCorpus]) -> None:
        spec, corpus = result
        self.corpus, self.corpus_spec = corpus, spec
        self._counts.clear()
        self.failed.clear()
        self.languages = list(corpus.languages)
        self.reference = corpus.default_reference()
        self.problem_solved.emit()
        self.corpus_changed.emit(corpus)
        self.choices_changed.emit()
        self.comparison = None
        self.comparison_changed.emit(None)
        self.schedule()

    def set_tokenizers(self, choices: Sequence[Choice]) -> None:
        choices = list(dict.fromkeys(choices))
        if len(choices) > MAX_TOKENIZERS:
            self.problem.emit(self.tr("Compare up to {n} tokenizers at once; the first {n} are "
                                      "kept").format(n=MAX_TOKENIZERS))
            choices = choices[:MAX_TOKENIZERS]
        if choices != self.tokenizers:
            for choice in set(self.failed) - set(choices):
                del self.failed[choice]  # ticked again later: tried again
            self.tokenizers = choices
            self._changed()

    def set_languages(self, languages: Sequence[str]) -> None:
        languages = [lang for lang in dict.fromkeys(languages)
                     if self.corpus is not None and lang in self.corpus.languages]
        if languages != self.languages:
            self.languages = languages
            if self.reference not in languages and languages:
                self.reference = (self.corpus.default_reference()
                                  if self.corpus.default_reference() in languages
                                  else languages[0])
            self._changed()

    def set_reference(self, language: str) -> None:
        if language != self.reference and language in self.languages:
            self.reference = language
            self.choices_changed.emit()
            self._report()  # nothing to count: the ratios come from the counts

    def set_jobs(self, jobs: int) -> None:
        """How many processes count the next large corpus (0: one per core); a run going on
        keeps its own."""
        self.jobs = max(0, int(jobs))

    def set_special(self, special: SpecialMode, add_special_tokens: bool) -> None:
        if (special, add_special_tokens) != (self.special, self.add_special_tokens):
            self.special, self.add_special_tokens = special, add_special_tokens
            self._changed()

    def _changed(self) -> None:
        self.choices_changed.emit()
        self._report()
        self.schedule()

    def names(self) -> dict[Choice, str]:
        """The name each chosen tokenizer has in tables and plots (labels made unique)."""
        out: dict[Choice, str] = {}
        used: set[str] = set()
        for choice in self.tokenizers:
            name = choice.label or choice.key
            if name in used:
                n = 2
                while f"{name} ({n})" in used:
                    n += 1
                name = f"{name} ({n})"
            used.add(name)
            out[choice] = name
        return out

    # -- counting ------------------------------------------------------------------------------
    def schedule(self) -> None:
        """Count what is missing shortly (several changes in a row start one run)."""
        self._timer.start()

    def _rows(self) -> tuple[int, ...]:
        assert self.corpus is not None
        return tuple(self.corpus.shared_rows(self.languages))

    def _setting(self) -> tuple:
        return (self._rows(), self.special, self.add_special_tokens)

    def missing(self) -> dict[Choice, list[str]]:
        """Chosen tokenizer → the chosen languages it has not been counted on yet."""
        if self.corpus is None or not self.languages:
            return {}
        setting = self._setting()
        out = {}
        for choice in self.tokenizers:
            if choice in self.failed:
                continue
            todo = [lang for lang in self.languages
                    if (choice, lang, *setting) not in self._counts]
            if todo:
                out[choice] = todo
        return out

    def run(self) -> None:
        """Count every chosen tokenizer on the chosen languages it lacks, off the GUI thread
        (a run still going is told to stop: what it finished is kept)."""
        self._timer.stop()
        corpus, missing = self.corpus, self.missing()
        if corpus is None or not missing:
            self.counter.cancel()
            self._report()
            return
        rows, special, add = self._setting()
        jobs = self.jobs or default_jobs()
        loaded = dict(self.loaded)
        locks = {choice: self._lock(choice) for choice in missing}
        names = self.names()

        def work(job: Job) -> None:
            total = sum(len(todo) for todo in missing.values())
            done = 0
            for choice, todo in missing.items():
                name = names[choice]
                job.check()
                try:
                    tokenizer = loaded.get(choice)
                    if tokenizer is None:
                        job.progress(done / total, translate(
                            "ComparisonSession", "Loading {name}…").format(name=name))
                        tokenizer = load_choice(choice)
                    counts = count(job, choice, name, tokenizer, todo, done, total)
                except BpeLensError as exc:
                    # One bad file or text costs that tokenizer only: the others go on.
                    job.hand_over(FailedPart(choice, f"{name}: {exc}"))
                else:
                    job.hand_over(CountedPart(choice, tokenizer, dict(counts.languages),
                                              (rows, special, add)))
                done += len(todo)

        def count(job: Job, choice: Choice, name: str, tokenizer: Tokenizer,
                  todo: list[str], done: int, total: int) -> TokenizerCounts:
            # Every core: a large corpus is counted in worker processes (the same counts).
            steps = iter_tokenizer_counts(name, tokenizer, corpus, todo, rows=rows,
                                          special=special, add_special_tokens=add,
                                          jobs=jobs)
            message = translate("ComparisonSession", "Counting {name}: {languages} languages × "
                                "{sentences:,} sentences").format(name=name, languages=len(todo),
                                                                  sentences=len(rows))
            try:
                while True:
                    job.check()
                    with locks[choice]:
                        try:
                            fraction = next(steps)
                        except StopIteration as finished:
                            return finished.value
                    job.progress((done + fraction * len(todo)) / total, message)
            finally:
                steps.close()  # cancelled: its worker processes stop now, not when collected

        self.counter.submit(work)

    def _lock(self, choice: Choice) -> threading.Lock:
        return self._locks.setdefault(choice, threading.Lock())

    def _on_counted(self, part: CountedPart | FailedPart) -> None:
        if isinstance(part, FailedPart):
            self.failed[part.choice] = part.message
            self.problem.emit(part.message)
            self.choices_changed.emit()
            return
        self.loaded[part.choice] = part.tokenizer
        for language, counts in part.counts.items():
            self._counts[(part.choice, language, *part.key)] = counts
        self._report()

    def _on_count_failed(self, exc: BaseException) -> None:
        self.problem.emit(str(exc))
        self._report()

    def cancel(self) -> None:
        """Stop counting; every tokenizer finished so far stays in the report."""
        self._timer.stop()
        self.counter.cancel()
        self._report()

    @property
    def busy(self) -> bool:
        return self.counter.busy or self._timer.isActive()

    # -- the report ----------------------------------------------------------------------------
    def _report(self) -> None:
        """The comparison of the chosen tokenizers fully counted on the chosen languages (the
        others join it as they finish)."""
        comparison = None
        corpus = self.corpus
        if corpus is not None and self.languages and self.reference in self.languages:
            setting = self._setting()
            names = self.names()
            ready = []
            for choice in self.tokenizers:
                keys = [(choice, lang, *setting) for lang in self.languages]
                if all(k in self._counts for k in keys):
                    ready.append(TokenizerCounts(
                        name=names[choice],
                        languages={lang: self._counts[k]
                                   for lang, k in zip(self.languages, keys, strict=True)},
                        rows=setting[0], special=self.special,
                        add_special_tokens=self.add_special_tokens))
            if ready:
                comparison = compare_counts(corpus, ready, reference=self.reference,
                                            languages=self.languages)
        self.comparison = comparison
        self.comparison_changed.emit(comparison)

    def ready_tokenizers(self) -> list[tuple[str, Tokenizer, threading.Lock]]:
        """The chosen tokenizers in the report, with their names and locks."""
        if self.comparison is None:
            return []
        names = self.names()
        return [(names[c], self.loaded[c], self._lock(c)) for c in self.tokenizers
                if names[c] in self.comparison.tokenizers and c in self.loaded]

    # -- one sentence --------------------------------------------------------------------------
    def show_sentence(self, language: str, index: int) -> None:
        """Sentence ``index`` (among those compared) of ``language`` under every tokenizer of
        the report, encoded off the GUI thread."""
        comparison, corpus = self.comparison, self.corpus
        if comparison is None or corpus is None or language not in comparison.languages:
            return
        rows = comparison.corpus_rows
        index = max(0, min(index, len(rows) - 1))
        row = rows[index]
        text = corpus.texts[language][row] or ""
        reference = corpus.texts[comparison.reference][row]
        special = comparison.special
        tokenizers = self.ready_tokenizers()

        def work(job: Job) -> SentenceView:
            rows = []
            for name, tokenizer, lock in tokenizers:
                job.check()
                with lock:
                    rows.append(segment(name, tokenizer, text, special=special))
            return SentenceView(language, index, row, aligned_rows(text, rows),
                                tuple(tokenizer for _, tokenizer, _ in tokenizers),
                                reference if language != comparison.reference else None)

        self.sentencer.submit(work)
