"""The command line's words in English (the source text) or Japanese, without Qt.

The CLI must start fast and never load Qt, yet shares the window's catalogue
``resources/i18n/bpelens_ja.ts``: its strings are written as ``translate("Cli…", "text")``
calls, which lupdate extracts like the window's (``python -m bpelens.app.gui.i18n --update``
reads ``app/cli`` too), and the translations are read back from the .ts with ``xml.etree``
the first time a Japanese string is asked for (only the ``Cli…`` contexts are kept, and the
window's names of the metrics).

The language: ``--lang ja|en`` anywhere on the command line, else ``BPELENS_LANG``, else the
locale's environment variables, else English.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Mapping, Sequence

# Every table of the command line pads by terminal columns with these, re-exported here
# (one definition, in core beside the other display helpers; the comparison table uses it).
from bpelens.core import display_width, ljust, rjust  # noqa: F401

SUPPORTED = ("en", "ja")
SOURCE_LANGUAGE = "en"
CONTEXT_PREFIX = "Cli"
# The window's contexts whose words the command line shows too (the metrics' names).
# and the engine's messages (bpelens.app.engine_words).
ENGINE_CONTEXT = "Engine"
SHARED_CONTEXTS = frozenset({"Metric", ENGINE_CONTEXT})
LANG_OPTION = "--lang"

_language = SOURCE_LANGUAGE
_GETTEXT = argparse._  # type: ignore[attr-defined]  # argparse's own, restored for English
_catalogues: dict[str, dict[tuple[str, str, str], str]] = {}


def translate(context: str, text: str, disambiguation: str | None = None) -> str:
    """``text`` in the chosen language (itself when English or not translated)."""
    if _language == SOURCE_LANGUAGE:
        return text
    return _catalogue(_language).get((context, text, disambiguation or ""), text)


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate reads
    """Marks ``text`` for the catalogue where it is defined; :func:`translate` shows it."""
    return text


# argparse's own words, which it marks for gettext: usage, its section titles, -h's help and
# the usage errors a user meets. Python 3.11's texts; a Python whose differ shows them in English.
ARGPARSE_WORDS = (
    QT_TRANSLATE_NOOP("CliArgparse", "usage: "),
    QT_TRANSLATE_NOOP("CliArgparse", "positional arguments"),
    QT_TRANSLATE_NOOP("CliArgparse", "options"),
    QT_TRANSLATE_NOOP("CliArgparse", "show this help message and exit"),
    QT_TRANSLATE_NOOP("CliArgparse", "argument %(argument_name)s: %(message)s"),
    QT_TRANSLATE_NOOP("CliArgparse", "unrecognized arguments: %s"),
    QT_TRANSLATE_NOOP("CliArgparse", "not allowed with argument %s"),
    QT_TRANSLATE_NOOP("CliArgparse", "the following arguments are required: %s"),
    QT_TRANSLATE_NOOP("CliArgparse", "one of the arguments %s is required"),
    QT_TRANSLATE_NOOP("CliArgparse", "expected one argument"),
    QT_TRANSLATE_NOOP("CliArgparse", "expected at most one argument"),
    QT_TRANSLATE_NOOP("CliArgparse", "expected at least one argument"),
    QT_TRANSLATE_NOOP("CliArgparse", "ambiguous option: %(option)s could match %(matches)s"),
    QT_TRANSLATE_NOOP("CliArgparse", "invalid %(type)s value: %(value)r"),
    QT_TRANSLATE_NOOP("CliArgparse", "invalid choice: %(value)r (choose from %(choices)s)"),
    QT_TRANSLATE_NOOP("CliArgparse", "%(prog)s: error: %(message)s\n"),
)


def argparse_words(text: str) -> str:
    """argparse's gettext, in the chosen language."""
    return translate("CliArgparse", text)


def language() -> str:
    return _language


def set_language(lang: str) -> None:
    global _language
    if lang not in SUPPORTED:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(SUPPORTED)}")
    _language = lang
    # argparse looks its words up through the module's gettext alias at each use: pointing it
    # here is how argparse is translated (its own catalogue would need gettext's .mo files).
    argparse._ = argparse_words if lang != SOURCE_LANGUAGE else _GETTEXT  # type: ignore[attr-defined]
    # The engine's errors, said through the same catalogue.
    from bpelens.core import set_translator

    set_translator(engine_words if lang != SOURCE_LANGUAGE else None)


def engine_words(template: str) -> str:
    """An engine message's template in the chosen language."""
    return translate(ENGINE_CONTEXT, template)


class LanguageOptionError(ValueError):
    """``--lang`` without a value or with one BPE Lens does not speak."""


def split_language_option(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` taken out of ``argv`` wherever it stands (before or after
    the subcommand), and the rest; after ``--`` everything is an operand."""
    chosen, rest = None, []
    words = list(argv)
    i = 0
    while i < len(words):
        word = words[i]
        if word == "--":
            rest.extend(words[i:])
            break
        if word == LANG_OPTION or word.startswith(LANG_OPTION + "="):
            if word == LANG_OPTION:
                if i + 1 >= len(words):
                    raise LanguageOptionError(translate(
                        "Cli", "--lang: give a language ({choices})").format(
                            choices=", ".join(SUPPORTED)))
                value = words[i + 1]
                i += 2
            else:
                value = word.split("=", 1)[1]
                i += 1
            if value not in SUPPORTED:
                raise LanguageOptionError(translate(
                    "Cli", "--lang {value}: choose one of {choices}").format(
                        value=value, choices=", ".join(SUPPORTED)))
            chosen = value
            continue
        rest.append(word)
        i += 1
    return chosen, rest


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """``BPELENS_LANG`` when it names a supported language, else the locale as gettext reads
    it (``LANGUAGE`` unless the locale is C/POSIX, then ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``), else English."""
    env = os.environ if environ is None else environ
    own = env.get("BPELENS_LANG", "").strip().lower()
    if own in SUPPORTED:
        return own
    locale = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)),
                  "")
    candidates = [locale]
    # gettext's rule: LANGUAGE (a list) outranks the locale, except when the locale is C.
    if locale.split(".")[0] not in ("C", "POSIX"):
        candidates = env.get("LANGUAGE", "").split(":")[:1] + candidates
    for value in candidates:
        code = value.replace("-", "_").split("_")[0].split(".")[0].lower()
        if code in SUPPORTED:
            return code
    return SOURCE_LANGUAGE


def _catalogue(lang: str) -> dict[tuple[str, str, str], str]:
    found = _catalogues.get(lang)
    if found is None:
        found = _catalogues[lang] = read_catalogue(lang)
    return found


def read_catalogue(lang: str) -> dict[tuple[str, str, str], str]:
    """The finished translations of the CLI's contexts in the shipped ``bpelens_<lang>.ts``
    (empty when it is missing or unreadable: the words then stay English)."""
    import xml.etree.ElementTree as ET

    from bpelens.resources import resource

    path = resource(f"i18n/bpelens_{lang}.ts")
    out: dict[tuple[str, str, str], str] = {}
    try:
        with path.open("rb") as handle:
            root = ET.parse(handle).getroot()
    except (OSError, ET.ParseError):
        return out
    for context in root.iter("context"):
        name = context.findtext("name") or ""
        if not name.startswith(CONTEXT_PREFIX) and name not in SHARED_CONTEXTS:
            continue
        for message in context.iter("message"):
            translation = message.find("translation")
            if translation is None or not translation.text or translation.get("type") in (
                    "unfinished", "vanished", "obsolete"):
                continue
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            out[key] = translation.text
    return out

