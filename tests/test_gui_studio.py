"""The training studio, driven through its real widgets: a run on the bundled demo corpus with
progress, live dev-set rows equal to the saved record, the run listed and saved; a parity-aware
run identical to the core's; a cancel that really stops the worker and frees the training
state; weights shown as exact byte shares before training; a run opened in the main view, in
the comparison (its counts equal to encoding each sentence), in playback, and exported."""

from __future__ import annotations

import gc
import random
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from bpelens.app.parallel_corpora import demo_corpus
from bpelens.app.training_studio import StudioRun, files_spec
from bpelens.core import (
    ParityConfig,
    SplitSizes,
    load_tokenizer,
    open_tokenizer,
    split_parallel,
    train_languages,
    weights_for_shares,
)
from bpelens.core.training.pair_index import PairIndex

from test_gui_main_window import window_factory


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def open_studio(window, qtbot):
    window.show_view("studio")
    view = window.studio_view
    qtbot.waitUntil(lambda: view.corpus is not None and view.languages.rowCount() > 0)
    return view


def train_and_wait(view, qtbot):
    runs = len(view.runs)
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(view.runs) == runs + 1 and not view.runner.busy)
    return view.runs[0]


def choose(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


def test_a_classic_run_on_the_demo_shows_progress_live_rows_and_is_saved(make_window, qtbot,
                                                                          tmp_path):
    window = make_window()
    view = open_studio(window, qtbot)
    assert view.corpus.languages == demo_corpus().languages
    view.vocab_size.setValue(256 + 300)
    seen = []
    view.runner.progressed.connect(lambda fraction, message: seen.append(message))
    run = train_and_wait(view, qtbot)
    assert any(message.startswith("Merge ") for message in seen)
    assert run.path.parent == tmp_path / "bpelens-runs" and run.path.is_file()
    tokenizer = load_tokenizer(run.path)
    record = tokenizer.training
    assert record.languages == demo_corpus().languages
    # The rows plotted while it trained are the record's rows, one per merge and the start.
    view.plots.flush()
    assert [tuple(r) for r in view.plots.rows.tolist()] == list(record.dev_tokens)
    assert len(record.dev_tokens) == len(tokenizer.model.rules) + 1
    # The same plan trained by the core gives the same merges.
    languages = split_parallel(demo_corpus(), SplitSizes(view.train_size.value(),
                                                         view.dev_size.value()))
    expected = train_languages(languages, view.plan().config, None)
    assert [(r.left_id, r.right_id) for r in tokenizer.model.rules] == [
        (r.left_id, r.right_id) for r in expected.tokenizer.model.rules]
    assert view.run_list.count() >= 1 and "classic BPE" in view.run_list.item(0).text()
    assert "Saved as" in view.status.text()


def test_a_parity_aware_window_run_equals_the_core_and_says_who_chose(make_window, qtbot):
    window = make_window()
    view = open_studio(window, qtbot)
    choose(view.algorithm, "window")
    view.window_size.setValue(20)
    view.global_merges.setValue(30)
    view.vocab_size.setValue(256 + 200)
    view.min_frequency.setValue(0)
    assert not view.tie_rule.isEnabled()  # parity-aware BPE has its reference's tie rule
    run = train_and_wait(view, qtbot)
    record = load_tokenizer(run.path).training
    assert record.parity["variant"] == "window" and record.parity["window_size"] == 20
    assert record.chosen[:30] == (-1,) * 30 and set(record.chosen[30:]) <= set(
        range(len(record.languages)))
    languages = split_parallel(demo_corpus(), SplitSizes(view.train_size.value(),
                                                         view.dev_size.value()))
    expected = train_languages(languages, view.plan().config,
                               ParityConfig("window", global_merges=30, window_size=20))
    assert record.chosen == expected.record.chosen
    assert record.dev_tokens == expected.record.dev_tokens


def big_corpus(path: Path, languages: int = 3, lines: int = 3000) -> Path:
    """A parallel TSV large enough that parity-aware training runs for seconds."""
    rng = random.Random(7)
    alphabets = ["abcdefghijklmnopqrstuvwxyz", "あいうえおかきくけこさしすせそたちつてと",
                 "абвгдеёжзийклмнопрстуфхцчшщ"]
    header = "\t".join(f"l{i}" for i in range(languages))
    rows = [header]
    for _ in range(lines):
        rows.append("\t".join(
            " ".join("".join(rng.choice(alphabets[i % 3]) for _ in range(rng.randint(2, 9)))
                     for _ in range(rng.randint(5, 14))) for i in range(languages)))
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def live_indexes() -> int:
    gc.collect()
    return sum(isinstance(o, PairIndex) for o in gc.get_objects())


def test_cancel_stops_the_worker_saves_nothing_and_frees_the_training_state(
        make_window, qtbot, tmp_path):
    corpus = big_corpus(tmp_path / "big.tsv")
    window = make_window()
    view = open_studio(window, qtbot)
    view.open_corpus(str(corpus))
    qtbot.waitUntil(lambda: view.corpus_spec == str(corpus))
    view.train_size.setValue(2500)
    view.dev_size.setValue(300)
    choose(view.algorithm, "base")
    view.vocab_size.setValue(256 + 20_000)
    view.min_frequency.setValue(0)
    assert live_indexes() == 0
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.cancel_button.isVisible() and len(view.plots._pending)
                    + len(view.plots.rows) > 5)
    assert live_indexes() > 0  # the training state exists while it runs
    QTest.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert not view.runner.busy
    view.plots.flush()
    rows = len(view.plots.rows)
    # the worker stops (at its next merge), and nothing it sent after the click is shown
    qtbot.waitUntil(lambda: not view.runner.running)
    QApplication.processEvents()  # all it sent has arrived
    view.plots.flush()
    assert len(view.plots.rows) == rows
    assert not view.cancel_button.isVisible() and view.train_button.isEnabled()
    assert view.runs == [] and not list((tmp_path / "bpelens-runs").glob("*.json"))
    assert "Cancelled" in view.status.text()
    qtbot.waitUntil(lambda: live_indexes() == 0)


def test_byte_shares_are_shown_exactly_before_training_and_bad_ones_are_refused(
        make_window, qtbot):
    window = make_window()
    view = open_studio(window, qtbot)
    view.set_languages(["en", "ja"])
    choose(view.weight_mode, "byte_shares")
    assert not view.languages.isColumnHidden(2)
    rows = {view.languages.item(r, 0).text(): r for r in range(view.languages.rowCount())}
    view.languages.item(rows["en"], 2).setText("80")
    view.languages.item(rows["ja"], 2).setText("20")
    assert view.languages.item(rows["en"], 4).text() == "80.0%"
    assert view.languages.item(rows["ja"], 4).text() == "20.0%"
    assert view.languages.item(rows["ko"], 4).text() == ""  # not ticked
    view.vocab_size.setValue(256 + 100)
    run = train_and_wait(view, qtbot)
    # The run learned exactly what the core learns with weights 100000·p/B.
    languages = split_parallel(demo_corpus(), SplitSizes(view.train_size.value(),
                                                         view.dev_size.value()), ["en", "ja"])
    totals = {x.name: x.train_bytes for x in languages}
    weights = weights_for_shares(totals, {"en": Fraction(4, 5), "ja": Fraction(1, 5)})
    expected = train_languages([replace(x, weight=weights[x.name]) for x in languages],
                               view.plan().config, None)
    assert load_tokenizer(run.path).training.merge_counts == expected.record.merge_counts
    assert any(isinstance(c, Fraction) and c.denominator > 1
               for c in expected.record.merge_counts)  # the weights are not whole numbers
    view.languages.item(rows["ja"], 2).setText("zero")
    assert "byte share of ja" in view.shares_note.text()
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    assert view.problem.isVisible() and "ja" in view.problem.text()
    assert len(view.runs) == 1


def test_a_run_opens_in_the_main_view_the_comparison_and_playback(make_window, qtbot):
    window = make_window()
    view = open_studio(window, qtbot)
    view.vocab_size.setValue(256 + 150)
    run = train_and_wait(view, qtbot)

    QTest.mouseClick(view.open_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.choice is not None and window.choice.key == str(run.path)
                    and window.settled())
    assert window.tokenizer.vocab_size == load_tokenizer(run.path).vocab_size

    window.show_view("studio")
    QTest.mouseClick(view.compare_button, Qt.MouseButton.LeftButton)
    compare = window.compare_view
    assert window.tabs.currentWidget().view is compare
    qtbot.waitUntil(lambda: compare.compare.comparison is not None and not compare.compare.busy
                    and str(run.path) in [c.key for c in compare.compare.tokenizers]
                    and not compare.compare.missing())
    comparison = compare.compare.comparison
    name = next(t for t in comparison.tokenizers if Path(run.path).stem in t)
    tokenizer = load_tokenizer(run.path)
    for language in ("en", "ja", "hi"):
        expected = sum(len(tokenizer.encode_ids(s, special="none"))
                       for s in demo_corpus().sentences(language))
        assert comparison.row(name, language).tokens == expected

    window.show_view("studio")
    QTest.mouseClick(view.playback_button, Qt.MouseButton.LeftButton)
    training = window.views["training"]
    qtbot.waitUntil(lambda: training.playback is not None
                    and training.playback.steps == len(tokenizer.model.rules))
    training.controls.set_count(training.playback.steps, 1)
    assert "chosen by the summed counts" in training.info.text()
    assert training.words.groups  # the corpus's most frequent words, as chips
    assert training.corpus_box.currentText() == run.path.name


def test_exports_and_earlier_runs_in_a_new_window(make_window, qtbot, tmp_path):
    window = make_window()
    view = open_studio(window, qtbot)
    view.vocab_size.setValue(256 + 120)
    run = train_and_wait(view, qtbot)
    for kind, name in (("hf", "out.json"), ("tiktoken", "out")):
        target = tmp_path / name
        view.export_run(run, kind, target)
        written = target if target.suffix else target.with_suffix(".tiktoken")
        qtbot.waitUntil(written.is_file)
        exported = open_tokenizer(str(written))
        text = "The same sentence, 同じ文。"
        assert exported.encode_ids(text) == load_tokenizer(run.path).encode_ids(text)
    window.close()
    second = make_window()
    studio = open_studio(second, qtbot)
    qtbot.waitUntil(lambda: any(r.path == run.path for r in studio.runs))
    studio.run_list.setCurrentRow([r.path for r in studio.runs].index(run.path))
    assert studio.open_button.isEnabled()
    assert [tuple(r) for r in studio.plots.rows.tolist()] == list(
        load_tokenizer(run.path).training.dev_tokens)


def test_text_files_one_per_language_are_split_by_position(make_window, qtbot, tmp_path):
    """Files that are not aligned (different lengths) train too; the language comes from
    the file name."""
    ja = tmp_path / "ja.txt"
    ja.write_text("".join(f"猫が{i}匹います。\n" for i in range(30)), encoding="utf-8")
    en = tmp_path / "newstest2019-src.eng.txt"
    en.write_text("".join(f"There are {i} cats here.\n" for i in range(45)), encoding="utf-8")
    window = make_window()
    view = open_studio(window, qtbot)
    view.open_corpus(files_spec([str(ja), str(en)]))
    qtbot.waitUntil(lambda: view.corpus_spec is not None
                    and view.corpus_spec.startswith("files:"))
    assert view.ticked_languages() == ["ja", "eng"]
    assert "30 sentences" in view.corpus_info.text()  # what every language can give
    view.train_size.setValue(20)
    view.dev_size.setValue(5)
    choose(view.algorithm, "base")
    view.vocab_size.setValue(256 + 60)
    run = train_and_wait(view, qtbot)
    record = load_tokenizer(run.path).training
    assert record.languages == ("ja", "eng")
    # The dev rows start from the dev lines' bytes: lines 20-24 of each file.
    dev_ja = sum(len(f"猫が{i}匹います。\n".encode()) for i in range(20, 25))
    dev_en = sum(len(f"There are {i} cats here.\n".encode()) for i in range(20, 25))
    assert record.dev_tokens[0] == (dev_ja, dev_en)
    # Ten ja and 20 eng lines were kept for evaluation, counted after training.
    tokenizer = load_tokenizer(run.path)
    assert run.evaluation["ja"] == sum(len(tokenizer.encode_ids(f"猫が{i}匹います。\n"))
                                       for i in range(25, 30))
    assert run.evaluation["eng"] == sum(len(tokenizer.encode_ids(
        f"There are {i} cats here.\n")) for i in range(25, 45))
    view.open_corpus(files_spec([str(ja), str(en), str(tmp_path / "missing.txt")]))
    qtbot.waitUntil(view.problem.isVisible)
    assert "missing.txt: no such file" in view.problem.text()


def test_the_sweep_of_two_runs_draws_their_trade_off_curves(make_window, qtbot):
    """Two runs selected, swept in the dialog: the curves drawn are the core's sweep of the
    saved tokenizers on the split's evaluation sentences, a point per size."""
    from bpelens.core import vocab_sweep

    window = make_window()
    view = open_studio(window, qtbot)
    view.vocab_size.setValue(256 + 120)
    classic = train_and_wait(view, qtbot)
    choose(view.algorithm, "base")
    parity = train_and_wait(view, qtbot)
    view.run_list.clearSelection()
    for row in (0, 1):
        view.run_list.item(row).setSelected(True)
    assert {r.path for r in view.selected_runs()} == {classic.path, parity.path}
    QTest.mouseClick(view.sweep_button, Qt.MouseButton.LeftButton)
    dialog = view.sweep_dialog
    # It sweeps at once, at sizes doubling up to the larger run's vocabulary, and says them.
    qtbot.waitUntil(lambda: len(dialog.sweeps) == 2 and not dialog.runner.busy)
    largest = max(load_tokenizer(r.path).vocab_size for r in (classic, parity))
    assert [p.size for p in dialog.sweeps[0].points][-1] == largest
    assert dialog.sizes.text().split(",")[-1] == str(largest)
    dialog.sizes.clear()
    qtbot.keyClicks(dialog.sizes, "260:376:+58")
    QTest.mouseClick(dialog.sweep_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.runner.busy
                    and [p.size for p in dialog.sweeps[0].points] == [260, 318, 376])
    plots = dialog.plots
    assert len(plots.curves) == 2
    languages = split_parallel(demo_corpus(), SplitSizes(view.train_size.value(),
                                                         view.dev_size.value()))
    texts = {x.name: list(x.evaluation) for x in languages}
    for sweep, curve in zip(dialog.sweeps, plots.curves, strict=True):
        tokenizer = load_tokenizer(next(r.path for r in view.runs if r.name.endswith(sweep.name)))
        expected = vocab_sweep(tokenizer, texts, [260, 318, 376], reference=sweep.reference)
        assert sweep.points == expected.points
        xs, ys = curve.getData()
        assert list(xs) == [p.tokens for p in expected.points]
        assert list(ys) == pytest.approx([p.gini for p in expected.points])
    # A measure per language for one run: a curve per language.
    plots.measure_box.setCurrentIndex(plots.measure_box.findData("bytes_per_token"))
    assert len(plots.language_curves) == len(dialog.sweeps[0].languages)
    dialog.sizes.clear()
    qtbot.keyClicks(dialog.sizes, "nonsense")
    QTest.mouseClick(dialog.sweep_button, Qt.MouseButton.LeftButton)
    assert "Sizes 'nonsense'" in dialog.status.text()
    assert len(plots.curves) == 2  # the last curves stay


def test_the_sweep_dialog_follows_presentation_zoom(make_window, qtbot):
    """A sweep dialog opened while the studio is zoomed starts at that zoom, and follows a
    later zoom: its plots' text grows with the view's."""
    window = make_window()
    view = open_studio(window, qtbot)
    view.vocab_size.setValue(256 + 60)
    train_and_wait(view, qtbot)
    view.set_zoom(1.5)
    QTest.mouseClick(view.sweep_button, Qt.MouseButton.LeftButton)
    dialog = view.sweep_dialog
    qtbot.waitUntil(lambda: len(dialog.sweeps) == 1 and not dialog.runner.busy)
    assert dialog.plots.zoom == 1.5
    view.set_zoom(2.0)
    assert dialog.plots.zoom == 2.0
    view.set_zoom(1.0)
    assert dialog.plots.zoom == 1.0


def test_superbpe_runs_one_per_transition_and_are_selected_together(make_window, qtbot):
    """The studio's trainer box trains SuperBPE on the weighted languages, one run per
    transition asked for; each run has its dev curve (read off the result: the tokenizer cut
    at each merge), its superword count and bytes per token; the series ends selected."""
    window = make_window()
    view = open_studio(window, qtbot)
    choice = view.trainer_choice
    assert not view.sweep_values.isVisibleTo(view)  # classic BPE has no option to vary
    choose(choice.box, "superbpe")
    assert view.sweep_values.isVisibleTo(view) and view.sweep_option.currentData() == \
        "transition"
    view.vocab_size.setValue(256 + 120)
    view.sweep_values.setText("316:376:+30")
    runs = len(view.runs)
    seen = []
    view.runner.progressed.connect(lambda fraction, message: seen.append(message))
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(view.runs) == runs + 3 and not view.runner.busy, timeout=60000)
    done = view.runs[:3][::-1]
    assert [run.report["stage_switch"] <= t - 256 for run, t in zip(
        done, (316, 346, 376), strict=True)] == [True] * 3
    selected = {view.runs[i.row()].path for i in view.run_list.selectedIndexes()}
    assert selected == {run.path for run in done}
    languages = split_parallel(demo_corpus(), SplitSizes(view.train_size.value(),
                                                         view.dev_size.value()))
    for run, transition in zip(done, (316, 346, 376), strict=True):
        tokenizer = load_tokenizer(run.path)
        record = tokenizer.training
        assert record.config["trainer"] == "superbpe"
        assert record.config["trainer_options"]["transition"] == transition
        assert record.languages == tuple(x.name for x in languages)
        # The dev curve's last row is the run's own dev-set length.
        assert record.dev_tokens[-1] == tuple(
            sum(len(ids) for ids in tokenizer.encode_batch_ids(list(x.dev), special="none"))
            for x in languages)
        assert len(record.dev_tokens) == len(tokenizer.model.rules) + 1
        assert run.bytes_per_token is not None and run.bytes_per_token > 1
        assert "stage-2 tokens hold several words" in view.run_summary(run)
    assert "3 runs" in view.status.text() and "Sweep sizes" in view.status.text()
    assert "Run 2 of 3: Counting the pieces of every language's lines…" in seen
    assert not any("languages…" in message for message in seen)


def test_a_picky_run_in_the_studio_and_bad_values_refused(make_window, qtbot):
    window = make_window()
    view = open_studio(window, qtbot)
    choose(view.trainer_choice.box, "picky")
    view.vocab_size.setValue(256 + 100)
    view.sweep_values.setText("0.5, 2")
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    assert view.problem.isVisibleTo(view) and "2" in view.problem.text()
    assert not view.runner.busy
    view.sweep_values.setText("")
    view.trainer_choice.fields[("picky", "ios_threshold")][1].setValue(0.6)
    run = train_and_wait(view, qtbot)
    tokenizer = load_tokenizer(run.path)
    assert tokenizer.training.config["trainer_options"] == {"ios_threshold": 0.6}
    assert run.report["removals"] == len(tokenizer.model.removals) > 0
    assert "removals" in view.run_summary(run)
    # Parity-aware BPE is a trainer of its own: the trainer box goes back to classic.
    choose(view.algorithm, "base")
    assert not view.trainer_choice.isEnabled()
    assert view.trainer_choice.trainer.name == "classic" and view.plan().trainer == "classic"


def test_cancel_in_a_series_keeps_the_runs_done_and_says_so(make_window, qtbot):
    window = make_window()
    view = open_studio(window, qtbot)
    choose(view.trainer_choice.box, "picky")
    view.vocab_size.setValue(256 + 300)
    view.sweep_values.setText("0.5, 0.7, 0.9")
    runs = len(view.runs)
    # Cancelled as the first run of the series is handed over: the next has begun.
    view.runner.partial.connect(lambda item: view.cancel() if isinstance(item, StudioRun)
                                else None)
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(view.runs) == runs + 1 and not view.runner.busy,
                    timeout=60000)
    assert view.runs[0].path.is_file()
    assert "the run done before it is saved" in view.status.text()
    assert [i.row() for i in view.run_list.selectedIndexes()] == [0]
    assert view.series == []


def test_a_character_level_run_of_one_corpus_refuses_dev_characters_it_cannot_learn(
        make_window, qtbot):
    window = make_window()
    view = open_studio(window, qtbot)
    choose(view.level, "char")
    choose(view.trainer_choice.box, "picky")
    view.vocab_size.setValue(600)
    seen = []
    view.runner.progressed.connect(lambda fraction, message: seen.append(message))
    runs = len(view.runs)
    QTest.mouseClick(view.train_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not view.runner.busy and view.problem.isVisibleTo(view),
                    timeout=60000)
    assert "which no training line does" in view.problem.text()
    assert len(view.runs) == runs
    assert not any("languages…" in message for message in seen)
