"""Languages and corpora named in the window's language: the engine names a language in
English ("Japanese", from its code table or the corpus's own list); the window shows that name
translated when the catalogue has it ("日本語 (ja)"), the code kept in parentheses. The names
listed here are those of the bundled demo corpus; a name the catalogue lacks stays English."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ..parallel_corpora import DEMO_NAME
from .i18n import translate

CONTEXT = "Language"
# The bundled demo corpus's languages, marked for lupdate (tests/test_i18n.py checks that
# every language of the demo corpus is here).
DEMO_LANGUAGES = (
    QT_TRANSLATE_NOOP("Language", "English"), QT_TRANSLATE_NOOP("Language", "Japanese"),
    QT_TRANSLATE_NOOP("Language", "Chinese"), QT_TRANSLATE_NOOP("Language", "Korean"),
    QT_TRANSLATE_NOOP("Language", "Arabic"), QT_TRANSLATE_NOOP("Language", "Hindi"),
    QT_TRANSLATE_NOOP("Language", "Russian"), QT_TRANSLATE_NOOP("Language", "Spanish"),
    QT_TRANSLATE_NOOP("Language", "French"), QT_TRANSLATE_NOOP("Language", "German"),
    QT_TRANSLATE_NOOP("Language", "Portuguese"), QT_TRANSLATE_NOOP("Language", "Vietnamese"),
)
QT_TRANSLATE_NOOP("CorpusChoice", "demo (12 languages)")  # parallel_corpora.DEMO_NAME


def language_name(name: str) -> str:
    """An English language name in the window's language (itself when not translated)."""
    return translate(CONTEXT, name) if name else name


def language_label(name: str, code: str) -> str:
    """``日本語 (ja)``: the name translated, the code in parentheses; the code alone when
    no name is known (the name is the code)."""
    if not name or name == code:
        return code
    return translate("Language", "{name} ({code})").format(name=language_name(name), code=code)


def corpus_label(name: str) -> str:
    """A corpus's name as shown: the bundled demo's in the window's language."""
    return translate("CorpusChoice", DEMO_NAME) if name == DEMO_NAME else name
