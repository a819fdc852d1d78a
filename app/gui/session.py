"""What the window is about, apart from any widget: the tokenizer, the special-token mode, the
latest encoding of the text, the selected token, the view options — and the work that changes
them (loading, encoding, decoding), each on a :class:`~.worker.Runner` of its own.

Views observe a session; they never call each other. Everything a view shows comes from an
:class:`~.encode_job.EncodedText` the session publishes. Signals are named for what happened.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, Signal

from bpelens.core import (
    SpecialMode,
    TokenInfo,
    Tokenizer,
    TokenTable,
    UnknownRankFileError,
    edits_splice,
    localize,
    piece_not_one_token,
    token_info,
)
from bpelens.resources import DEMO_TOKENIZERS

from .encode_job import EncodedText, encode_for_views
from .failure_messages import encode_failed, load_failed
from .settings import (
    ViewOptions,
    current_tokenizer,
    remember_current_tokenizer,
    remember_tokenizer,
)
from .text_slices import next_turn
from .tokenizer_files import DEFAULT_DEMO, demo_choice, file_label, load_choice
from .tokenizer_picker import Choice
from .worker import Runner

EncodingObserver = Callable[[EncodedText | None], None]


class Session(QObject):
    """``loaded(choice, tokenizer, fallback)``: a tokenizer is in use (``fallback``: the demo
    instead of one that failed); ``load_abandoned(choice)``: a load failed or was cancelled and
    ``choice`` is still in use; ``problem(message, kind)`` / ``problem_solved(kind)``: what the
    banner says; ``selected(index)``, ``options_changed(options)``, ``decoded(count, text)``,
    ``decode_failed(message)``, ``encode_cancelled()``, ``cursor_moved(utf16_position)``,
    ``derivation_wanted(token_id, why)``, ``encoding_changed(encoded)`` (at once,
    for a line of counts). Encodings reach the views through observers added with
    :meth:`watch_encoding`, one observer per turn of the event loop (a big text never makes
    one long stall), ``None`` when there is nothing to show."""

    loaded = Signal(object, object, bool)
    load_abandoned = Signal(object)
    # A rank file nothing names the encoding of: the window asks for one, or a pattern.
    rank_settings_needed = Signal(object)
    problem = Signal(str, str)
    problem_solved = Signal(str)
    selected = Signal(int)
    options_changed = Signal(object)
    decoded = Signal(int, str)
    decode_failed = Signal(str)
    encode_cancelled = Signal()
    encoding_changed = Signal(object)  # the new encoding (or None), before any observer
    cursor_moved = Signal(int)  # the editor's cursor, in UTF-16 units of its text
    derivation_wanted = Signal(int, str)  # a token id to show the merge tree of, and why its
    # piece is not one token ("" when it is, or unknown)

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.tokenizer: Tokenizer | None = None
        self.choice: Choice | None = None
        self.special_mode: SpecialMode = "all"
        self.encoded: EncodedText | None = None
        self.selection: int | None = None
        self.options = ViewOptions.load(settings)
        self.loading: tuple[Choice, bool] | None = None  # what loads, and as a fallback?
        self._submitted_with: tuple[Tokenizer, str] | None = None
        self._observers: list[EncodingObserver] = []
        self.runners: list[Runner] = []
        self.encoder = self.runner("encode")
        self.encoder.done.connect(self._on_encoded)
        self.encoder.failed.connect(self._on_encode_failed)
        self.loader = self.runner("load")
        self.loader.done.connect(self._on_loaded)
        self.loader.failed.connect(self._on_load_failed)
        self.decoder = self.runner("decode")
        self.decoder.done.connect(lambda result: self.decoded.emit(*result))
        self.decoder.failed.connect(lambda exc: self.decode_failed.emit(str(exc)))

    def runner(self, kind: str) -> Runner:
        """A runner for one kind of work (a view's too), shut down with the session."""
        runner = Runner(kind, self)
        self.runners.append(runner)
        return runner

    @property
    def table(self) -> TokenTable | None:
        return self.encoded.table if self.encoded is not None else None

    # -- tokenizers --------------------------------------------------------------------------
    def choose(self, choice: Choice, *, fallback: bool = False) -> None:
        """Load a tokenizer off the GUI thread; the current one stays until it is ready. A
        load still running is abandoned (the user wants this one)."""
        self.loading = (choice, fallback)
        self.loader.submit(lambda job: (choice, load_choice(choice)), abandon_running=True)

    def saved_choice(self) -> Choice | None:
        """The tokenizer of the last session, if it is still there."""
        saved = current_tokenizer(self.settings)
        if saved is None:
            return None
        kind, key, encoding, pattern = saved
        if kind == "demo" and key in DEMO_TOKENIZERS:
            return demo_choice(key)
        if kind == "path" and Path(key).exists():
            return Choice("path", key, encoding, label=file_label(Path(key)), pattern=pattern)
        return None

    def _on_loaded(self, result: tuple[Choice, Tokenizer]) -> None:
        choice, tokenizer = result
        fallback = self.loading is not None and self.loading == (choice, True)
        self.choice, self.tokenizer = choice, tokenizer
        if not fallback:  # a fallback keeps the message saying why it was needed
            self.problem_solved.emit("load")
        self.problem_solved.emit("encode")
        if choice.kind == "path":
            remember_tokenizer(self.settings, choice.key)
        remember_current_tokenizer(self.settings, choice.kind, choice.key, choice.encoding,
                                   choice.pattern)
        self.loaded.emit(choice, tokenizer, fallback)
        if tokenizer.load_notes and not fallback:
            notes = " ".join(map(localize, tokenizer.load_notes))
            self.problem.emit(f"{choice.label}: {notes}", "load")

    def _on_load_failed(self, exc: BaseException) -> None:
        choice = self.loading[0] if self.loading else None
        if self.tokenizer is None and choice != demo_choice():
            # Nothing is loaded yet (a bad --tokenizer, a saved file gone bad): the window
            # must still work, on the bundled demo, and say why.
            self.problem.emit(load_failed(choice, exc, fallback=DEFAULT_DEMO), "load")
            self.choose(demo_choice(), fallback=True)
            if isinstance(exc, UnknownRankFileError) and choice is not None:
                self.rank_settings_needed.emit(choice)
            return
        self.problem.emit(load_failed(choice, exc), "load")
        if self.choice is not None:
            self.load_abandoned.emit(self.choice)
        if isinstance(exc, UnknownRankFileError) and choice is not None:
            self.rank_settings_needed.emit(choice)

    # -- encoding ----------------------------------------------------------------------------
    def watch_encoding(self, observer: EncodingObserver) -> None:
        """``observer(encoded)`` for every encoding shown, after the observers added before."""
        self._observers.append(observer)

    def encode(self, text: str, *, revision: int, capacity: int) -> None:
        """Encode ``text`` (the editor's ``revision``) for the views, off the GUI thread."""
        tokenizer, mode = self.tokenizer, self.special_mode
        if tokenizer is None:
            return
        # Another tokenizer or mode: whatever runs is of no use; do not wait for it.
        switched = self._submitted_with != (tokenizer, mode)
        self._submitted_with = (tokenizer, mode)
        # The encoding shown, to re-encode only what the edit changed (the job checks that it
        # is of this tokenizer, mode and width).
        previous = self.encoded
        self.encoder.submit(lambda job: encode_for_views(
            tokenizer, text, special=mode, capacity=capacity, revision=revision, job=job,
            previous=previous), abandon_running=switched)

    def edits_in_place(self) -> bool:
        """Whether encoding an edit of the text shown re-encodes only around the edit (the
        engine proves it exact for this tokenizer and encoding): then even a long text can be
        encoded on every keystroke."""
        encoded, tokenizer = self.encoded, self.tokenizer
        return (encoded is not None and tokenizer is not None
                and encoded.tokenizer is tokenizer and encoded.special == self.special_mode
                and edits_splice(tokenizer, encoded.table))

    def set_special_mode(self, mode: SpecialMode) -> None:
        self.special_mode = mode

    def settled(self, revision: int) -> bool:
        """The latest encoding is of the editor's ``revision`` and nothing is on its way."""
        return (self.encoded is not None and not self.encoder.busy
                and self.encoded.revision == revision)

    def _on_encoded(self, encoded: EncodedText) -> None:
        if encoded.tokenizer is not self.tokenizer or encoded.special != self.special_mode:
            return  # encoded by the tokenizer before the one now chosen
        self.problem_solved.emit("encode")
        self.encoded = encoded
        self.selection = None
        self._publish(encoded)

    def _publish(self, encoded: EncodedText | None) -> None:
        self.encoding_changed.emit(encoded)
        self._deliver(encoded, list(self._observers), 0)

    def _deliver(self, encoded: EncodedText | None, observers: list[EncodingObserver],
                 i: int) -> None:
        # A method, not a closure calling itself: that would be a reference cycle, and every
        # encoding — megabytes of columns for a long text — would live until the next
        # collection, each keystroke's new columns on fresh pages.
        if self.encoded is not encoded or i >= len(observers):
            return  # a newer encoding is on its way to everyone
        observers[i](encoded)
        if encoded is None:
            self._deliver(encoded, observers, i + 1)  # clearing is cheap: all at once
        else:
            next_turn(self, partial(self._deliver, encoded, observers, i + 1))

    def _on_encode_failed(self, exc: BaseException) -> None:
        # The file, when it is one: that is what to fix.
        name = (self.choice.label if self.choice is not None and self.choice.kind == "path"
                else self.tokenizer.name if self.tokenizer is not None else None)
        self.problem.emit(encode_failed(name, exc), "encode")
        # Nothing stale stays on screen: the views would show another text's tokens.
        self.encoded = None
        self.selection = None
        self._publish(None)

    # -- work in progress ----------------------------------------------------------------------
    def cancel(self, runner: Runner) -> None:
        """Cancel a load (the current tokenizer stays), or the encode (the views keep the
        last encoding)."""
        runner.cancel()
        if runner is self.loader:
            if self.choice is not None:
                self.load_abandoned.emit(self.choice)
            if self.tokenizer is None:
                self.choose(demo_choice(), fallback=True)
        elif runner is self.encoder:
            self.encode_cancelled.emit()

    def shutdown(self) -> None:
        for runner in self.runners:
            runner.shutdown()

    # -- selection, inspection, decoding -----------------------------------------------------
    def select(self, index: int) -> None:
        table = self.table
        if table is None or not 0 <= index < len(table) or index == self.selection:
            return
        self.selection = index
        self.selected.emit(index)

    def token_info(self, index: int) -> TokenInfo:
        if self.tokenizer is None or self.table is None:
            raise LookupError("no encoding shown")
        return token_info(self.tokenizer, self.table, index)

    def show_derivation(self, token_id: int, why: str = "") -> None:
        self.derivation_wanted.emit(token_id, why)

    def show_derivation_of(self, index: int) -> None:
        """How token ``index`` of the table is built, and why its piece is not one token."""
        table, tokenizer = self.table, self.tokenizer
        if table is None or tokenizer is None or not 0 <= index < len(table):
            return
        why = piece_not_one_token(tokenizer, table, index)
        self.derivation_wanted.emit(table.ids[index],
                                    localize(why.sentence(tokenizer)) if why else "")

    def decode(self, ids: list[int]) -> None:
        tokenizer = self.tokenizer
        if tokenizer is not None:
            self.decoder.submit(lambda job: (len(ids), tokenizer.decode(ids, errors="replace")))

    # -- view options ------------------------------------------------------------------------
    def set_options(self, options: ViewOptions) -> None:
        if options != self.options:
            self.options = options
            options.save(self.settings)
            self.options_changed.emit(options)
