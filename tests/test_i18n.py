"""The window's words in Japanese: every string the translated modules wrap has a finished
translation in resources/i18n/bpelens_ja.ts (format fields kept), the committed .qm is
compiled from that .ts, no user-visible literal in those modules is left unwrapped, and a real
widget shows Japanese with the translator installed and English without it."""

from __future__ import annotations

import ast
import string
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, QSettings, Qt

from bpelens.app.gui import i18n
from bpelens.resources import resource

TS = Path(str(resource(i18n.catalogue_name("ja", "ts"))))
QM = Path(str(resource(i18n.catalogue_name("ja", "qm"))))

Key = tuple[str, str, str]  # context, source, disambiguation


def messages(ts: Path) -> dict[Key, ET.Element]:
    """Each message of a .ts file by (context, source, comment)."""
    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            key = (name, message.findtext("source") or "", message.findtext("comment") or "")
            out[key] = message
    return out


def extracted(tmp_path: Path) -> dict[Key, ET.Element]:
    ts = tmp_path / "extracted.ts"
    i18n.extract(ts, "ja", keep_translations=False)
    return messages(ts)


def fields(text: str) -> list[tuple[str, str]]:
    """The str.format fields of ``text`` (name and spec), in order."""
    return sorted((name, spec or "") for _, name, spec, _ in string.Formatter().parse(text)
                  if name is not None)


def japanese(context: str, source: str) -> str:
    message = messages(TS)[(context, source, "")]
    return message.findtext("translation") or ""


# -- the catalogue -----------------------------------------------------------------------------
def test_the_sources_have_strings_to_translate(tmp_path: Path):
    found = extracted(tmp_path)
    assert len(found) > 300  # lupdate really reads the modules (a wrong list reads nothing)
    assert ("AuditPage", "Audit the vocabulary", "") in found
    assert ("ContrastPage", "BPE-dropout: {error}", "") in found  # translate() outside a class
    # The command line's words (app/cli) share the catalogue.
    assert ("Cli", "bpelens: error: {message}", "") in found
    assert ("CliHelp", "include every merge step", "") in found
    assert ("CliAudit", "unreachable", "") in found  # QT_TRANSLATE_NOOP of the Qt-free module


def test_every_wrapped_string_has_a_finished_japanese_translation(tmp_path: Path):
    committed = messages(TS)
    missing, unfinished, broken = [], [], []
    for key in extracted(tmp_path):
        message = committed.get(key)
        if message is None:
            missing.append(key)
            continue
        translation = message.find("translation")
        text = translation.text if translation is not None else None
        if not text or translation.get("type") in ("unfinished", "vanished", "obsolete"):
            unfinished.append(key)
        elif fields(text) != fields(key[1]):
            broken.append((key, text))
    hint = "run python -m bpelens.app.gui.i18n --update and translate in " + str(TS)
    assert missing == [], f"not in the catalogue ({hint}): {missing}"
    assert unfinished == [], f"not translated ({hint}): {unfinished}"
    assert broken == [], f"format fields differ from the source: {broken}"


def test_the_catalogue_holds_nothing_the_sources_lost(tmp_path: Path):
    stale = set(messages(TS)) - set(extracted(tmp_path))
    assert stale == set(), "run python -m bpelens.app.gui.i18n --update to drop them"


def test_the_committed_qm_is_compiled_from_the_ts(tmp_path: Path):
    fresh = tmp_path / "fresh.qm"
    i18n.release(TS, fresh)
    assert fresh.read_bytes() == QM.read_bytes(), "run python -m bpelens.app.gui.i18n --release"


def test_the_words_shown_from_other_modules_are_in_the_catalogue():
    """Labels the views show from the engine and the app (metrics, audit classes, weight
    modes, the demo corpus) are translated by lookup: each needs its entry."""
    from bpelens.app.gui.views.debugging.common import AUDIT_CLASS_NAMES
    from bpelens.app.gui.views.debugging.lookup_page import MODE_NAMES
    from bpelens.app.parallel_corpora import DEMO_LABEL
    from bpelens.app.training_studio import WEIGHT_MODES
    from bpelens.core import AUDIT_CLASSES, GINI_FORMULA, LOOKUP_MODES, METRICS

    assert set(AUDIT_CLASSES) <= set(AUDIT_CLASS_NAMES)
    assert set(LOOKUP_MODES) <= set(MODE_NAMES)
    committed = messages(TS)
    wanted = [("Metric", text) for m in METRICS for text in (m.label, m.description)]
    wanted += [("Metric", GINI_FORMULA), ("CorpusChoice", DEMO_LABEL)]
    wanted += [("StudioView", label) for label in WEIGHT_MODES.values()]
    assert [w for w in wanted if (*w, "") not in committed] == []


# -- nothing left unwrapped --------------------------------------------------------------------
# Calls whose arguments at these positions (or keywords) are shown to the user.
SHOWN_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "setText": (0,), "setToolTip": (0,), "setPlaceholderText": (0,), "setWindowTitle": (0,),
    "setStatusTip": (0,), "setWhatsThis": (0,), "setSpecialValueText": (0,), "setPrefix": (0,),
    "setSuffix": (0,), "setPlainText": (0,), "appendPlainText": (0,), "setTitle": (0,),
    "showMessage": (0,), "setFormat": (0,), "addItem": (0,), "insertItem": (1,),
    "setItemText": (1,), "addTab": (1,), "insertTab": (2,), "setTabText": (1,),
    "setTabToolTip": (1,), "setHorizontalHeaderLabels": (0,), "setVerticalHeaderLabels": (0,),
    "setHeaderLabels": (0,), "setLabel": (1,), "addRow": (0,), "addAction": (0,),
    "addMenu": (0,), "progress": (1,), "getOpenFileName": (1, 3), "getOpenFileNames": (1, 3),
    "getSaveFileName": (1, 3), "getExistingDirectory": (1,), "information": (1, 2),
    "warning": (1, 2), "critical": (1, 2), "question": (1, 2), "showText": (1,),
    "QLabel": (0,), "QPushButton": (0,), "QCheckBox": (0,), "QRadioButton": (0,),
    "QToolButton": (0,), "QAction": (0,), "QGroupBox": (0,), "QMenu": (0,),
    "QListWidgetItem": (0,), "QTableWidgetItem": (0,), "QStandardItem": (0,),
    "QTreeWidgetItem": (0,), "ConfigError": (0,), "BpeLensError": (0,),
    "addButton": (0,),
    # The views' own helpers that make labels and buttons.
    "muted": (0,), "title_label": (0,), "info_label": (0,), "quiet_button": (0, 1),
    "read_only_table": (0,), "_spin": (4,),
    # The window's: menu items, panes, the status bar's notes and the banner's messages.
    "_action": (1,), "_toggle": (1,), "_button": (0, 1), "Pane": (0,), "ViewSpec": (1,),
    "set_note": (0,), "note": (0,), "show_error": (0,), "show_message": (0,),
    "SpecialsNote": (0, 2), "TextFileError": (0,),
}
# In the command line's modules also: errors, stderr lines, printed tables, argparse's groups
# (a call marked KEPT_ENGLISH writes JSON, whose words stay English).
CLI_SHOWN_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "CliError": (0,), "TrainingError": (0,), "fail": (0,), "say": (0,), "print": (0,),
    "line": (0,), "add_argument_group": (0, 1), "stdin_binary": (0,),
    # Only their keywords (help=, description=, epilog=, title=) are words.
    "add_argument": (), "add_parser": (), "add_subparsers": (), "OneLineParser": (),
}
KEPT_ENGLISH = "# JSON: English"
SHOWN_KEYWORDS = {"text", "tip", "title", "caption", "filter", "name", "message", "tab",
                  "help", "description", "epilog"}
WRAPPERS = {"tr", "translate"}


def linguistic(text: str) -> bool:
    """Words (two letters in a row), not symbols, numbers or a lone α: "…", "×", "◀", "%"."""
    return any(a.isalpha() and b.isalpha() for a, b in pairwise(text))


def unwrapped(node: ast.expr) -> bool:
    """Whether ``node`` builds words for the screen without tr/translate."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and linguistic(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(unwrapped(part) for part in node.values if isinstance(part, ast.Constant))
    if isinstance(node, ast.BinOp):
        return unwrapped(node.left) or unwrapped(node.right)
    if isinstance(node, ast.IfExp):
        return unwrapped(node.body) or unwrapped(node.orelse)
    if isinstance(node, ast.List | ast.Tuple):
        return any(unwrapped(element) for element in node.elts)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "format":
        return unwrapped(node.func.value)  # "… {x}".format(x) is as bare as an f-string
    return False


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def shown_path(path: Path) -> Path:
    for folder in (i18n.GUI_FOLDER, i18n.APP_FOLDER):
        if path.is_relative_to(folder):
            return path.relative_to(folder)
    return path


def problems_in(path: Path) -> list[str]:
    out = []
    source = path.read_text("utf-8")
    lines = source.splitlines()
    shown_arguments = SHOWN_ARGUMENTS | (CLI_SHOWN_ARGUMENTS if path.parent.name == "cli"
                                         else {})
    tree = ast.parse(source)
    for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
        name = called_name(call)
        if KEPT_ENGLISH in lines[call.lineno - 1]:
            continue
        where = f"{shown_path(path)}:{call.lineno}"
        if name in WRAPPERS:
            # lupdate reads only literal text: an f-string or a concatenation is never found.
            text = call.args[0] if name == "tr" and call.args else \
                call.args[1] if len(call.args) > 1 else None
            if isinstance(text, ast.JoinedStr | ast.BinOp) or (
                    isinstance(text, ast.Call) and called_name(text) == "format"):
                out.append(f"{where}: {name}() of a built string; format after translating")
            continue
        shown = [call.args[i] for i in shown_arguments.get(name, ()) if i < len(call.args)]
        if name in shown_arguments:
            shown += [k.value for k in call.keywords if k.arg in SHOWN_KEYWORDS]
        for argument in shown:
            if unwrapped(argument):
                out.append(f"{where}: {name}({ast.unparse(argument)[:70]}) is not translated")
    return out


def test_no_user_visible_literal_is_left_unwrapped():
    sources = i18n.translated_sources()
    assert len(sources) >= 15
    assert any(path.parent.name == "cli" for path in sources)  # the command line is held too
    problems = [p for path in sources for p in problems_in(path)]
    assert problems == [], "\n".join(problems)


def test_the_guard_finds_a_bare_label(tmp_path: Path, monkeypatch):
    """The check above is no blind spot: planted bare words are each found."""
    planted = tmp_path / "planted.py"
    planted.write_text(
        "class W(QWidget):\n"
        "    def __init__(self, n):\n"
        "        self.a = QPushButton('Press me')\n"
        "        self.b.setToolTip(f'{n} tokens')\n"
        "        self.c.setText('ok' if n else 'not yet')\n"
        "        self.d.addItem('Bundled demo', 'demo')\n"
        "        self.e.setText(self.tr(f'{n} tokens'))\n"
        "        self.f.setText(self.tr('{n} tokens').format(n=n))\n"  # fine
        "        self.g.setText('…')\n"  # fine: no words
        "        self.h.addItem(label, 'demo')\n",  # fine: data is no label
        encoding="utf-8")
    monkeypatch.setattr(i18n, "GUI_FOLDER", tmp_path)
    found = problems_in(planted)
    assert [line.split(":")[1] for line in found] == ["3", "4", "5", "6", "7"], found


def test_the_guard_finds_bare_words_of_the_command_line(tmp_path: Path):
    folder = tmp_path / "cli"
    folder.mkdir()
    planted = folder / "planted_command.py"
    planted.write_text(
        "def run(p, n):\n"
        "    p.add_argument('--x', help='a bare help')\n"
        "    raise CliError(f'{n} is not a number')\n"
        "    print(f'{n} tokens')\n"
        "    p.add_argument('--y', help=translate('CliHelp', 'wrapped'))\n"  # fine
        "    print(json.dumps({'ids': n}))\n"  # fine: JSON
        "    return BpeLensError(f'line {n} is blank')  # JSON: English\n",  # fine: marked
        encoding="utf-8")
    found = problems_in(planted)
    assert [line.split(":")[1] for line in found] == ["2", "3", "4"], found


# -- the language installed --------------------------------------------------------------------
@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "bpelens.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def japanese_app(qapp):
    used = i18n.install_language(qapp, "ja")
    yield used
    i18n.remove_language(qapp)


def test_the_language_comes_from_the_option_then_the_saved_choice_then_the_system(settings):
    japan, c_locale = QLocale(QLocale.Language.Japanese, QLocale.Country.Japan), QLocale.c()
    assert i18n.chosen_language(None, settings, c_locale) == "en"
    assert i18n.chosen_language(None, settings, japan) == "ja"
    assert i18n.chosen_language(None, None, japan) == "ja"
    i18n.save_language(settings, "en")
    assert i18n.chosen_language(None, settings, japan) == "en"  # the menu's choice wins
    assert i18n.chosen_language("ja", settings, c_locale) == "ja"  # and --lang over it
    i18n.save_language(settings, None)
    assert settings.value(i18n.LANGUAGE_KEY) is None
    assert i18n.chosen_language(None, settings, japan) == "ja"
    settings.setValue(i18n.LANGUAGE_KEY, "klingon")  # a hand-edited file: ignored
    assert i18n.chosen_language(None, settings, c_locale) == "en"
    with pytest.raises(ValueError, match="klingon"):
        i18n.chosen_language("klingon", settings)
    with pytest.raises(ValueError, match="klingon"):
        i18n.save_language(settings, "klingon")


def test_building_a_widget_installs_no_language(qapp):
    from bpelens.app.gui.views.debug_view import DebugView

    DebugView()
    assert QCoreApplication.translate("AuditPage", "Audit the vocabulary") == \
        "Audit the vocabulary"


def test_the_debugging_kit_speaks_japanese_with_the_translator(japanese_app, qtbot):
    from bpelens.app.gui.views.debug_view import DebugView

    assert japanese_app == "ja"
    view = DebugView()
    qtbot.addWidget(view)
    audit = view.audit_page
    assert audit.run_button.text() == japanese("AuditPage", "Audit the vocabulary")
    assert audit.run_button.text() != "Audit the vocabulary"
    assert view.pages.tabText(0) == japanese("DebugView", "Audit")
    assert audit.model.headerData(1, Qt.Orientation.Horizontal) == japanese("AuditModel",
                                                                            "class")
    # The entries' data stay the keys callers choose by.
    assert audit.class_box.findData("made by no merge") > 0
    assert audit.class_box.itemText(audit.class_box.findData("special")) == japanese(
        "AuditClass", "special")
    # Text made outside a widget, as the worker threads make it.
    assert i18n.translate("ConflictsPage", "not enough alone") == japanese(
        "ConflictsPage", "not enough alone")


def test_the_studio_and_the_comparison_speak_japanese(japanese_app, qtbot):
    from bpelens.app.gui.views.compare_view import CompareView
    from bpelens.app.gui.views.studio_view import StudioView

    studio = StudioView()
    qtbot.addWidget(studio)
    assert studio.train_button.text() == japanese("StudioView", "Train")
    assert studio.weight_mode.itemText(0) == japanese("StudioView",
                                                      "Equal (every line weighs 1)")
    compare = CompareView()
    qtbot.addWidget(compare)
    assert compare.pages.tabText(0) == japanese("CompareView", "Table")
    tokens = next(i for i in range(compare.table.model.columnCount())
                  if compare.table.model.horizontalHeaderItem(i).text() == japanese("Metric",
                                                                                   "tokens"))
    assert tokens >= 2


def test_english_is_the_source_text_and_uninstalls_japanese(qapp, qtbot):
    from bpelens.app.gui.views.debugging.audit_page import AuditPage

    assert i18n.install_language(qapp, "ja") == "ja"
    assert i18n.install_language(qapp, "en") == "en"  # replaces the Japanese translator
    page = AuditPage()
    qtbot.addWidget(page)
    assert page.run_button.text() == "Audit the vocabulary"
    assert page.class_box.itemText(0) == "all classes"


def test_the_translation_ships_as_a_resource():
    # resources/ goes into the wheel whole (pyproject's only-include): the .qm rides along.
    assert i18n.qm_file("ja") == QM and QM.stat().st_size > 10_000
    assert i18n.qm_file("en") is None  # English needs no translation

