"""The window's language: English (the source text) or Japanese, from ``--lang``, else the
choice saved in the settings (View → Language), else the system's languages.

Widgets translate their own words with Qt (``self.tr`` in a QObject, elsewhere
:func:`translate`, ``QCoreApplication.translate``'s typed twin; labels kept in constants are
marked with ``QT_TRANSLATE_NOOP`` and translated where shown). Making a widget installs
nothing: :func:`install_language` loads ``resources/i18n/bpelens_<lang>.qm`` and Qt's own
translation of its standard dialogs and buttons. Widgets read their text when they are made,
so a language is installed before the window is built (a choice in the menu takes effect at
the next start).

``python -m bpelens.app.gui.i18n --update`` brings the catalogue ``bpelens_ja.ts`` up to date
with the sources (new strings come in unfinished, for a translator to fill) and compiles
``bpelens_ja.qm`` from it; ``--release`` only compiles. The command line's strings (app/cli,
contexts ``Cli…``) are extracted into the same catalogue.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import PySide6
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from bpelens.core import set_translator
from bpelens.resources import resource

SUPPORTED = ("en", "ja")
SOURCE_LANGUAGE = "en"  # the language the sources are written in: no translator needed
LANGUAGE_KEY = "ui/language"
SYSTEM = "system"  # the saved value (or its absence) that follows the system's languages
# Each language in its own name, as a language menu lists them.
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}
CATALOGUE_FOLDER = "i18n"
ENGINE_CONTEXT = "Engine"  # the engine's words (bpelens.app.engine_words)

# The sources whose strings the catalogues hold, relative to the app's gui/ folder. A module
# is listed once its every user-visible string is wrapped (tests/test_i18n.py holds it to it).
TRANSLATED_SOURCES = (
    "views/debugging",
    "views/debug_view.py",
    "views/chat_view.py",
    "views/chat_messages.py",
    "views/studio_view.py",
    "views/studio_plots.py",
    "views/training_plots.py",
    "views/plot_export.py",
    "views/plot_exports.py",
    "views/compare_view.py",
    "views/compare_table.py",
    "views/compare_plots.py",
    "views/sentence_comparison.py",
    "views/corpus_choice.py",
    "views/training_view.py",
    "views/trainer_choice.py",
    "views/sweep_plots.py",
    "views/sweep_dialog.py",
    "main_window.py",
    "banner.py",
    "busy_indicator.py",
    "input_editor.py",
    "tokenizer_picker.py",
    "tokenizer_files.py",
    "status_text.py",
    "picture_export.py",
    "animation_dialog.py",
    "rank_file_dialog.py",
    "presentation.py",
    "session_io.py",
    "compare_session.py",
    "views/__init__.py",
    "views/chip_canvas.py",
    "views/derivation_view.py",
    "views/ids_panel.py",
    "views/layers_view.py",
    "views/playback_parts.py",
    "views/playback_view.py",
    "views/sentence_canvas.py",
    "views/shaped_view.py",
    "views/step_controls.py",
    "views/token_menu.py",
    "encode_job.py",
    "text_checks.py",
    "text_autosave.py",
    "failure_messages.py",
    "language_labels.py",
    # The engine's words, marked from core's source by bpelens.app.engine_words.
    "engine_marks.py",
    # The app's modules the window alone uses (the command line never imports them).
    "../tokenizer_extension.py",
    "../training_corpora.py",
    "../training_studio.py",
)

GUI_FOLDER = Path(__file__).resolve().parent
# The command line's words share the catalogue (read back without Qt by app/cli/cli_i18n.py):
# every module of app/cli, relative to the app's folder.
CLI_SOURCES = ("cli", "gui/launch.py")
APP_FOLDER = GUI_FOLDER.parent

# The translators installed now. Qt does not own an installed translator: this list keeps
# them alive, and dropping one from it (remove_language) frees it.
_installed: list[QTranslator] = []


def translate(context: str, text: str, disambiguation: str | None = None) -> str:
    """``QCoreApplication.translate`` for code outside a QObject (lupdate reads ``translate(
    "Context", "text")`` calls too). Safe from worker threads: the progress messages of work
    done off the GUI thread are translated there."""
    return QCoreApplication.translate(context, text, disambiguation)


def catalogue_name(lang: str, suffix: str) -> str:
    return f"{CATALOGUE_FOLDER}/bpelens_{lang}.{suffix}"


def qm_file(lang: str) -> Path | None:
    """The compiled translation of ``lang`` as a file (None when it is not shipped)."""
    found = resource(catalogue_name(lang, "qm"))
    # The resources are plain files in a wheel and in a checkout; a zipped install would
    # need extracting first, which BPE Lens is never installed as.
    return Path(str(found)) if found.is_file() else None


def system_language(locale: QLocale | None = None) -> str:
    """The first of the system's preferred languages that BPE Lens speaks, else English."""
    locale = locale if locale is not None else QLocale.system()
    for name in locale.uiLanguages():
        code = name.replace("_", "-").split("-")[0].lower()
        if code in SUPPORTED:
            return code
    return SOURCE_LANGUAGE


def saved_language(settings: QSettings | None) -> str | None:
    """The language chosen in the menu, None when the system's is followed."""
    if settings is None:
        return None
    value = str(settings.value(LANGUAGE_KEY, SYSTEM) or SYSTEM)
    return value if value in SUPPORTED else None


def save_language(settings: QSettings, lang: str | None) -> None:
    """Remember ``lang`` for the next start; None (or ``"system"``) follows the system."""
    if lang is None or lang == SYSTEM:
        settings.remove(LANGUAGE_KEY)
        return
    if lang not in SUPPORTED:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(SUPPORTED)}")
    settings.setValue(LANGUAGE_KEY, lang)


def chosen_language(lang: str | None, settings: QSettings | None,
                    locale: QLocale | None = None) -> str:
    """``lang`` (``--lang``) if given, else the saved choice, else the system's language."""
    if lang is not None and lang != SYSTEM:
        if lang not in SUPPORTED:
            raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(SUPPORTED)}")
        return lang
    return saved_language(settings) or system_language(locale)


def install_language(app: QCoreApplication, lang: str | None = None,
                     settings: QSettings | None = None) -> str:
    """Install the translators for ``lang`` (or the saved or system language, see
    :func:`chosen_language`) on ``app``, replacing any installed before; the language in
    use, which is English when the chosen one's translation cannot be read. Call it before
    the window is made."""
    chosen = chosen_language(lang, settings)
    remove_language(app)
    if chosen == SOURCE_LANGUAGE:
        return chosen
    path = qm_file(chosen)
    own = QTranslator()
    if path is None or not own.load(str(path)):
        return SOURCE_LANGUAGE
    app.installTranslator(own)
    _installed.append(own)
    # The engine's messages (errors, explanations) through the same catalogue.
    set_translator(engine_translator)
    # Qt's own words (dialog buttons, a file dialog's labels) in the same language; a Qt
    # without them still shows BPE Lens's own words translated.
    qt = QTranslator()
    if qt.load(f"qtbase_{chosen}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    return chosen


def remove_language(app: QCoreApplication) -> None:
    """Back to the source language: every translator :func:`install_language` installed."""
    while _installed:
        app.removeTranslator(_installed.pop())
    set_translator(None)


def engine_translator(template: str) -> str:
    """An engine message's template in the installed language (context ``Engine``)."""
    return QCoreApplication.translate(ENGINE_CONTEXT, template)


# -- keeping the catalogues up to date ---------------------------------------------------------
def qt_tool(name: str) -> Path:
    """lupdate or lrelease as PySide6 ships them (the pyside6-* scripts only call these)."""
    folder = Path(PySide6.__file__).resolve().parent
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"{name} is not in {folder}: PySide6 ships it with its tools")


def translated_sources() -> list[Path]:
    """The window's translated modules and the command line's."""
    files: list[Path] = []
    entries = [(GUI_FOLDER / e).resolve() for e in TRANSLATED_SOURCES] + [
        APP_FOLDER / e for e in CLI_SOURCES]
    for path in entries:
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


def extract(ts: Path, lang: str, *, keep_translations: bool = True) -> None:
    """Run lupdate over the translated sources into ``ts``. Without line numbers, so the
    catalogue changes only when a string does; strings no longer in the sources are
    dropped."""
    if not keep_translations and ts.exists():
        ts.unlink()
    subprocess.run([str(qt_tool("lupdate")), "-silent", "-locations", "none", "-no-obsolete",
                    "-source-language", SOURCE_LANGUAGE, "-target-language", lang,
                    *map(str, translated_sources()), "-ts", str(ts)],
                   check=True, capture_output=True, text=True)


def release(ts: Path, qm: Path) -> None:
    subprocess.run([str(qt_tool("lrelease")), "-silent", "-nounfinished", str(ts), "-qm",
                    str(qm)], check=True, capture_output=True, text=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bpelens.app.gui.i18n",
                                     description="Update and compile the translations.")
    parser.add_argument("--update", action="store_true",
                        help="add the sources' new strings to the .ts files (unfinished) "
                        "and drop vanished ones, then compile")
    parser.add_argument("--release", action="store_true", help="compile the .ts files to .qm")
    args = parser.parse_args(argv)
    if not (args.update or args.release):
        parser.error("say --update or --release")
    folder = Path(str(resource(CATALOGUE_FOLDER)))
    for lang in SUPPORTED:
        if lang == SOURCE_LANGUAGE:
            continue
        ts, qm = folder / f"bpelens_{lang}.ts", folder / f"bpelens_{lang}.qm"
        if args.update:
            from bpelens.app.engine_words import write_marks

            print(f"engine_marks.py: {write_marks()} templates of the engine")
            extract(ts, lang)
        release(ts, qm)
        print(f"{qm.name}: compiled from {ts.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
