"""The Compare tab's process setting, driven through its spin box: the number chosen is the
number of worker processes that count the corpus (the same counts as each sentence encoded
on its own), 1 counts in the window's process, and the choice survives a restart."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from test_gui_compare import open_compare, settled

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.settings import corpus_jobs
from bpelens.app.gui.tokenizer_files import path_choice
from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import default_jobs
from bpelens.core.analysis import comparison, parallel_counts
from bpelens.resources import DEMO_TOKENIZERS, resource

from test_gui_main_window import window_factory

DEMO = "demo-multilingual-byte"


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


@pytest.fixture
def workers_asked(monkeypatch) -> list[tuple[int, bool]]:
    """Each counting in workers: the processes asked for and whether they counted (or the
    counting fell back to this process). The demo corpus is far below what pays for starting
    workers, so they start for any corpus here."""
    monkeypatch.setattr(parallel_counts, "MIN_PARALLEL_CHARS", 0)
    asked: list[tuple[int, bool]] = []
    original = comparison._counted_in_workers

    def counted_in_workers(tokenizer, recipe, jobs, *rest):
        counted = yield from original(tokenizer, recipe, jobs, *rest)
        asked.append((jobs, counted is not None))
        return counted

    monkeypatch.setattr(comparison, "_counted_in_workers", counted_in_workers)
    return asked


def type_jobs(view, value: int) -> None:
    """Select the box's text and type a number, as a user would."""
    box = view.jobs_box
    box.setFocus()
    box.selectAll()
    QTest.keyClicks(box, str(value))
    QTest.keyClick(box, Qt.Key.Key_Return)


def test_the_processes_chosen_count_the_corpus_and_are_remembered(make_window, qtbot,
                                                                  workers_asked):
    window = make_window()
    view = open_compare(window, qtbot)
    assert view.jobs_box.value() == 0
    assert view.jobs_box.text().startswith("auto")
    # Not the number of cores, so that the box, not the default, decides.
    jobs = default_jobs() + 1
    type_jobs(view, jobs)
    assert view.jobs_box.value() == jobs
    assert corpus_jobs(window.session.settings) == jobs

    # A tokenizer opened from its file: the workers can open it again.
    choice = path_choice(str(resource(DEMO_TOKENIZERS[DEMO])))
    view.set_tokenizers([choice])
    qtbot.waitUntil(lambda: settled(view))
    assert workers_asked == [(jobs, True)]
    result = view.compare.comparison
    name = result.tokenizers[0]
    tokenizer = load_demo(DEMO)
    for language in result.languages:
        alone = [len(tokenizer.encode_ids(s, special="none"))
                 for s in demo_corpus().sentences(language)]
        assert result.row(name, language).tokens == sum(alone), language
        assert list(result.sentence_tokens(name, language)) == alone, language

    # One process: no workers asked for.
    type_jobs(view, 1)
    view.compare.set_special("all", False)
    qtbot.waitUntil(lambda: settled(view) and view.compare.comparison.special == "all")
    assert workers_asked == [(jobs, True)]

    window.close()
    again = make_window()
    assert again.compare_view.jobs_box.value() == 1


def test_a_hand_edited_setting_falls_back_to_one_per_core(make_window, qtbot):
    window = make_window()
    window.session.settings.setValue("compare/jobs", "many")
    window.close()
    again = make_window()
    assert again.compare_view.jobs_box.value() == 0
