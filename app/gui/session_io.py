"""Sessions in the window: what is saved (the prepared texts with the box's text, the
tokenizer, the tab on screen, the playback's order and step, the comparison's corpus,
tokenizers, languages, reference and page, the View menu's toggles) and how a saved one is put
back — a tokenizer file that has moved is asked for, and everything else is restored
whatever the answer."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP
from PySide6.QtWidgets import QFileDialog

from ..session_file import CompareState, SessionFile, TokenizerRef
from .i18n import translate
from .tokenizer_files import demo_choice, path_choice, tokenizer_filter
from .tokenizer_picker import Choice

if TYPE_CHECKING:
    from .main_window import MainWindow

SESSION_FILTER = QT_TRANSLATE_NOOP("SessionIO", "BPE Lens session (*.bpelens)")


def ref_of(choice: Choice) -> TokenizerRef:
    return TokenizerRef(choice.kind, choice.key, choice.encoding)


def choice_of(ref: TokenizerRef) -> Choice:
    if ref.kind == "demo":
        return demo_choice(ref.key)
    return path_choice(ref.key, encoding=ref.encoding)


def collect_session(window: MainWindow) -> SessionFile:
    texts = list(window.prepared_texts) or [""]
    current = min(window.prepared_index, len(texts) - 1)
    texts[current] = window.editor.toPlainText()
    session = window.session
    playback = window.views["playback"]
    compare = window.compare_view
    state = None
    if compare.compare is not None and compare.compare.corpus_spec is not None:
        state = CompareState(
            str(compare.compare.corpus_spec),
            tuple(ref_of(c) for c in compare.ticked_tokenizers()),
            tuple(compare.ticked_languages()), compare.compare.reference,
            compare.current_page())
    options = {"ids": session.options.ids, "alternating": session.options.alternating,
               "spelling": session.options.spelling,
               "special": session.special_mode == "all"}
    return SessionFile(
        tuple(texts), current,
        None if session.choice is None else ref_of(session.choice),
        window.tab_keys[window.tabs.currentIndex()], playback.order, playback.position,
        state, options)


def apply_session(window: MainWindow, saved: SessionFile, source: Path) -> list[str]:
    """Put ``saved`` back in ``window``; returns notes for the user (a tokenizer not found)."""
    notes: list[str] = []
    window.prepared_texts = list(saved.texts)
    window.prepared_index = saved.current
    window.editor.set_text(saved.text)
    options = saved.options
    window.ids_action.setChecked(options.get("ids", window.ids_action.isChecked()))
    window.alternate_action.setChecked(options.get("alternating",
                                                   window.alternate_action.isChecked()))
    window.spelling_action.setChecked(options.get("spelling",
                                                  window.spelling_action.isChecked()))
    window.special_action.setChecked(options.get("special", window.special_action.isChecked()))
    if saved.tokenizer is not None:
        choice = _found(window, saved.tokenizer, source, notes)
        if choice is not None:
            window.choose(choice)
    playback = window.views["playback"]
    playback.set_order(saved.playback_order)
    playback.pending_step = saved.playback_step
    if saved.compare is not None:
        compare = window.compare_view
        choices = [c for c in (_found(window, t, source, notes)
                               for t in saved.compare.tokenizers) if c is not None]
        compare.pending_page = saved.compare.page
        compare.pending_languages = list(saved.compare.languages) or None
        compare.pending_reference = saved.compare.reference
        compare.compare_on(saved.compare.corpus, choices)
    window.show_view(saved.view)
    return notes


def _found(window: MainWindow, ref: TokenizerRef, source: Path, notes: list[str]
           ) -> Choice | None:
    """The tokenizer the session names; a path that is gone is asked for (a path relative
    to the session file is tried first)."""
    if ref.kind == "demo":
        return choice_of(ref)
    path = Path(ref.key).expanduser()
    if not path.is_absolute():
        path = source.parent / path
    if path.exists():
        return path_choice(str(path), encoding=ref.encoding)
    answer, _ = QFileDialog.getOpenFileName(
        window, translate("SessionIO", "The session's tokenizer {name} is not at {folder}: "
                          "where is it now?").format(name=path.name, folder=path.parent),
        str(source.parent), tokenizer_filter())
    if not answer:
        notes.append(translate("SessionIO", "{path} was not found; the session opened with the "
                               "tokenizer already shown").format(path=path))
        return None
    return path_choice(answer, encoding=ref.encoding)


def ask_save_session(window: MainWindow) -> Path | None:
    name, _ = QFileDialog.getSaveFileName(window, translate("SessionIO", "Save session"),
                                          "talk.bpelens", translate("SessionIO", SESSION_FILTER))
    return Path(name) if name else None


def ask_open_session(window: MainWindow) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(window, translate("SessionIO", "Open session"), "",
                                          translate("SessionIO", SESSION_FILTER))
    return Path(name) if name else None
