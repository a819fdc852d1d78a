"""The command line in Japanese: ``--lang`` anywhere, ``BPELENS_LANG``, the locale; help, tables,
progress and the CLI's own errors translated from the shipped catalogue without Qt; JSON the
same bytes in every language; English unchanged by default."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bpelens.app.cli import cli_i18n
from bpelens.app.entry import wants_cli

from cli_helpers import _env, assert_clean_outcome, bpelens, bpelens_bytes
from conftest import HANG_SECONDS

DEMO = "demo-multilingual-byte"
CHAR_DEMO = "demo-english-char"
JAPANESE_LOCALE = {"LANG": "ja_JP.UTF-8"}


def japanese(context: str, text: str) -> str:
    found = cli_i18n.read_catalogue("ja")[(context, text, "")]
    assert found != text
    return found


@pytest.mark.parametrize("args", [("--lang", "ja", "encode", "--help"),
                                  ("encode", "--help", "--lang", "ja"),
                                  ("encode", "--lang=ja", "--help")])
def test_the_help_is_japanese_with_the_option_before_or_after_the_command(args):
    run = bpelens(*args)
    assert run.returncode == 0, run.stderr
    assert japanese("CliHelp", "include every merge step") in run.stdout
    assert japanese("CliArgparse", "show this help message and exit") in run.stdout
    assert "include every merge step" not in run.stdout


def test_the_help_is_english_by_default():
    run = bpelens("encode", "--help")
    assert run.returncode == 0
    assert "include every merge step" in run.stdout and "usage: bpelens encode" in run.stdout


def test_the_audit_table_follows_a_japanese_locale():
    run = bpelens("audit", "-t", DEMO, "--format", "table", "--quiet", env=JAPANESE_LOCALE)
    assert run.returncode == 0, run.stderr
    assert japanese("CliAudit", "reachable") in run.stdout
    assert japanese("CliAudit", "{name}: {ids:,} ids").format(name=DEMO, ids=1024) in run.stdout
    assert "reachable" not in run.stdout
    english = bpelens("audit", "-t", DEMO, "--format", "table", "--quiet")
    assert english.stdout.splitlines()[1].split() == ["reachable", "736"]


def test_bpelens_lang_outranks_the_locale_and_the_option_outranks_both():
    args = ("decode", "-t", CHAR_DEMO, "abc")
    assert "error:" in bpelens(*args, env={"LANG": "ja_JP.UTF-8", "BPELENS_LANG": "en"}).stderr
    assert "エラー" in bpelens(*args, env={"BPELENS_LANG": "ja"}).stderr
    assert "error:" in bpelens("--lang", "en", *args, env={"BPELENS_LANG": "ja"}).stderr


def test_json_is_the_same_bytes_in_every_language():
    text = "Hello 世界 <|endoftext|> \U0001F600".encode()
    for args in (("encode", "-t", DEMO), ("encode", "-t", DEMO, "--trace"),
                 ("decode", "-t", DEMO, "--errors", "replace", "1", "2", "300"),
                 ("audit", "-t", DEMO)):
        english = bpelens_bytes(*args, stdin=text)
        japanese_run = bpelens_bytes("--lang", "ja", *args, stdin=text)
        assert english.returncode == japanese_run.returncode == 0, japanese_run.stderr
        assert japanese_run.stdout == english.stdout, args


def test_a_cli_error_is_one_japanese_line_with_status_2():
    run = bpelens("--lang", "ja", "decode", "-t", CHAR_DEMO, "abc")
    assert_clean_outcome(run)
    assert run.returncode == 2
    expected = japanese("Cli", "{word} (position {position}) is not a token id (a whole "
                        "number): {ids}").format(word="'abc'", position=0, ids=japanese(
                            "Engine", "its ids are {shown}").format(shown="0–416"))
    prefix = japanese("Cli", "bpelens: error: {message}").format(message="")
    assert run.stderr.strip() == prefix + expected
    assert run.stderr.startswith("bpelens: ")  # the program's name stays


def test_a_usage_error_is_one_japanese_line_with_status_2():
    run = bpelens("encode", "-t", CHAR_DEMO, "--special", "maybe", "x", env=JAPANESE_LOCALE)
    assert_clean_outcome(run)
    assert run.returncode == 2
    assert "bpelens encode: " in run.stderr and "maybe" in run.stderr
    assert "invalid choice" not in run.stderr and "error" not in run.stderr


def test_english_errors_are_unchanged_by_default():
    run = bpelens("decode", "-t", CHAR_DEMO, "abc")
    assert run.returncode == 2
    assert run.stderr.strip() == ("bpelens: error: 'abc' (position 0) is not a token id (a "
                                  "whole number): its ids are 0–416")


def test_a_bad_language_is_refused_in_one_line():
    for args in (("--lang", "klingon", "encode", "x"), ("encode", "x", "--lang")):
        run = bpelens(*args)
        assert_clean_outcome(run)
        assert run.returncode == 2 and "--lang" in run.stderr


def test_the_japanese_cli_loads_no_qt_and_english_reads_no_catalogue():
    script = (
        "import sys\n"
        "from bpelens.app.cli import run\n"
        "lang = sys.argv[1]\n"
        "status = run(['--lang', lang, 'inspect', '-t', 'demo-english-char', 'hi'])\n"
        "assert status == 0\n"
        "qt = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')]\n"
        "print(qt, 'xml.etree.ElementTree' in sys.modules, file=sys.stderr)\n")
    for lang, catalogue_read in (("ja", True), ("en", False)):
        run = subprocess.run([sys.executable, "-c", script, lang], capture_output=True,
                             text=True, encoding="utf-8", env=_env(), timeout=HANG_SECONDS)
        assert run.returncode == 0, run.stderr
        assert run.stderr.strip() == f"[] {catalogue_read}"


def test_the_language_option_is_taken_out_wherever_it_stands():
    split = cli_i18n.split_language_option
    assert split(["--lang", "ja", "encode", "x"]) == ("ja", ["encode", "x"])
    assert split(["encode", "x", "--lang=en"]) == ("en", ["encode", "x"])
    assert split(["encode", "--", "--lang", "ja"]) == (None, ["encode", "--", "--lang", "ja"])
    with pytest.raises(cli_i18n.LanguageOptionError):
        split(["encode", "--lang", "fr"])
    assert wants_cli(["--lang", "ja", "encode"]) and wants_cli(["encode", "--lang", "ja"])
    assert not wants_cli(["--lang", "ja"]) and not wants_cli(["--lang", "ja", "--tokenizer", "x"])


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "en_US.UTF-8", "LC_ALL": "ja_JP.UTF-8"}, "ja"),
    ({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}, "en"),  # C: the user asked for no translation
    ({"LANG": "en_US.UTF-8", "LANGUAGE": "ja:en"}, "ja"),
    ({"LANG": "C.UTF-8", "LANGUAGE": "ja"}, "en"),  # gettext ignores LANGUAGE under C
    ({"LC_MESSAGES": "ja_JP", "LANG": "en_US"}, "ja"),
    ({"LANG": "ja_JP.UTF-8", "BPELENS_LANG": "en"}, "en"),
    ({"BPELENS_LANG": "ja"}, "ja"),
    ({"BPELENS_LANG": "klingon", "LANG": "ja_JP"}, "ja"),  # an unknown value is ignored
])
def test_the_language_from_the_environment(environ, expected):
    assert cli_i18n.environment_language(environ) == expected


def test_every_cli_translation_is_read_from_the_shipped_catalogue():
    catalogue = cli_i18n.read_catalogue("ja")
    assert len(catalogue) > 200
    assert {context for context, _, _ in catalogue} <= {
        "Cli", "CliHelp", "CliAudit", "CliCompare", "CliInspect", "CliTrain", "CliArgparse",
        "CliWarning", "Metric", "Engine", "CliGui", "CliDiff", "CliChat"}


def test_progress_lines_on_stderr_are_japanese(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("low lower newest widest\n" * 20, encoding="utf-8")
    run = bpelens("--lang", "ja", "train", "--corpus", str(corpus), "--vocab-size", "270",
                  "-o", str(tmp_path / "out.json"))
    assert run.returncode == 0, run.stderr
    assert run.stderr.startswith(japanese("CliTrain", "done: {merges} merges").split("{")[0])
    english = bpelens("train", "--corpus", str(corpus), "--vocab-size", "270",
                      "-o", str(tmp_path / "out2.json"))
    assert english.stderr.startswith("done: ")


def test_the_comparison_table_is_japanese_and_lines_up():
    run = bpelens("--lang", "ja", "compare", "--corpus", "demo", "-t", DEMO, "--format",
                  "table", "--quiet")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith(japanese("CliCompare", "tokenizer"))
    assert japanese("Metric", "tokens") in lines[0]  # the window's names of the metrics
    # Every row as wide as the rule under the headings, counting a wide character as two.
    rule = len(lines[1])
    assert all(cli_i18n.display_width(line) == rule for line in lines[2:14])
    assert any(line.startswith("  " + DEMO + ": ") for line in lines)


def test_inspect_warns_in_japanese_and_the_json_keeps_english():
    text = "a <|endoftext|> b"
    run = bpelens("--lang", "ja", "inspect", "-t", DEMO, "--special", "none", text)
    assert run.returncode == 0, run.stderr
    assert japanese("CliWarning", "special-token strings encoded as plain text: {matches}"
                    ).split(":")[0] in run.stdout
    data = bpelens("--lang", "ja", "encode", "-t", DEMO, "--special", "none", text).stdout
    assert "special-token strings encoded as plain text: <|endoftext|> at character 2" in data


def test_the_windows_own_options_are_explained_and_refused_in_japanese():
    # Refused before any window or Qt is made, so no display is needed.
    run = bpelens("--lang", "ja", "--view", "layers", "--step", "3")
    assert run.returncode == 2
    assert japanese("CliGui", "--step goes with --view playback or --view training") in (
        run.stderr)
    assert japanese("CliArgparse", "usage: ").strip() in run.stderr
    english = bpelens("--view", "layers", "--step", "3")
    assert "--step goes with --view playback or --view training" in english.stderr
