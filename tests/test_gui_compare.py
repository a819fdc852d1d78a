"""The comparison tab, driven through its real widgets: the bundled demo corpus counted as the
tab first shows, the table sorted and re-referenced, plots hovered and clicked (the mouse on
the plot's own viewport), the sentences side by side, exports read back, a user's corpus and
a bad one, six tokenizers at once, progress, partial results and a cancel that stops the
worker. Counts are checked against the tokenizers encoding each sentence on their own."""

from __future__ import annotations

import csv
import json
import math
import random
import threading
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from test_gui_plots import answer_export_dialog

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.launch import parse_gui_args, start_in_view
from bpelens.app.gui.settings import recent_corpora
from bpelens.app.gui.tokenizer_files import demo_choice, path_choice
from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import TrainingConfig, save_tokenizer, train

from conftest import HANG_SECONDS
from test_gui_main_window import window_factory

DEMOS = ("demo-multilingual-byte", "demo-english-char")


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def settled(view) -> bool:
    compare = view.compare
    return (compare.comparison is not None and not compare.busy and not compare.missing()
            and len(compare.comparison.tokenizers) == len(compare.tokenizers))


def open_compare(window, qtbot):
    window.show_view("compare")
    view = window.compare_view
    qtbot.waitUntil(lambda: settled(view))
    return view


def sentence_tokens(name: str, language: str) -> list[int]:
    """Each demo sentence encoded on its own: the independent count."""
    tokenizer = load_demo(name)
    return [len(tokenizer.encode_ids(s, special="none"))
            for s in demo_corpus().sentences(language)]


def shown_rows(view) -> list[dict[str, str]]:
    """The table as the user reads it: header → cell text, row by row."""
    model = view.table.view.model()
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in
               range(model.columnCount())]
    return [{h: model.index(r, c).data() for c, h in enumerate(headers)}
            for r in range(model.rowCount())]


def number(text: str) -> float:
    return float(text.replace(",", "").rstrip("%"))


def test_the_tab_counts_the_bundled_demo_at_once_and_the_table_shows_it(make_window, qtbot):
    window = make_window()
    view = open_compare(window, qtbot)
    corpus = demo_corpus()
    assert view.compare.corpus.languages == corpus.languages
    assert [c.key for c in view.compare.tokenizers] == list(DEMOS)
    rows = shown_rows(view)
    assert len(rows) == len(DEMOS) * len(corpus.languages)
    for name in DEMOS:
        reference = sum(sentence_tokens(name, "en"))
        for language in corpus.languages:
            row = next(r for r in rows if r["tokenizer"] == name
                       and r["language"].endswith(f"({language})"))
            tokens = sum(sentence_tokens(name, language))
            assert number(row["tokens"]) == tokens
            assert number(row["ratio to ref."]) == pytest.approx(tokens / reference, abs=5e-4)
            chars = sum(map(len, corpus.sentences(language)))
            assert number(row["chars / token"]) == pytest.approx(chars / tokens, abs=5e-3)
    assert "Gini" in view.table.summary.text()


def test_sorting_a_column_and_choosing_another_reference(make_window, qtbot):
    window = make_window()
    view = open_compare(window, qtbot)
    header = view.table.view.horizontalHeader()
    column = [header.model().headerData(c, Qt.Orientation.Horizontal)
              for c in range(header.count())].index("tokens")
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(column) + 5, 5))
    tokens = [number(r["tokens"]) for r in shown_rows(view)]
    assert tokens == sorted(tokens) or tokens == sorted(tokens, reverse=True)
    assert tokens != [number(r["tokens"]) for r in
                      sorted(shown_rows(view), key=lambda r: r["language"])]
    # Japanese as the reference: nothing is counted again, every ratio is over ja's tokens.
    counted = view.compare.counter.finished_jobs
    view.set_reference("ja")
    assert view.compare.comparison.reference == "ja"
    assert view.compare.counter.finished_jobs == counted and not view.compare.busy
    for name in DEMOS:
        ja = sum(sentence_tokens(name, "ja"))
        for row in (r for r in shown_rows(view) if r["tokenizer"] == name):
            assert number(row["ratio to ref."]) == pytest.approx(
                number(row["tokens"]) / ja, abs=5e-4)


def test_fewer_languages_report_without_counting_and_the_reference_follows(make_window, qtbot):
    window = make_window()
    view = open_compare(window, qtbot)
    items = {view.language_list.item(i).data(Qt.ItemDataRole.UserRole):
             view.language_list.item(i) for i in range(view.language_list.count())}
    counted = view.compare.counter.finished_jobs
    for language, item in items.items():
        if language not in ("ja", "hi", "en"):
            item.setCheckState(Qt.CheckState.Unchecked)
    qtbot.waitUntil(lambda: settled(view))
    assert set(view.compare.comparison.languages) == {"en", "ja", "hi"}
    assert len(shown_rows(view)) == 2 * 3
    assert view.compare.counter.finished_jobs == counted  # already counted: only reported
    items["en"].setCheckState(Qt.CheckState.Unchecked)  # the reference goes: another one comes
    qtbot.waitUntil(lambda: settled(view))
    assert view.compare.comparison.reference in ("ja", "hi")
    assert [view.reference_box.itemData(i) for i in range(view.reference_box.count())] == [
        "ja", "hi"]


def test_bars_hover_says_the_exact_value_and_a_click_opens_the_sentences(make_window, qtbot):
    window = make_window()
    view = open_compare(window, qtbot)
    bars = view.bars
    on_screen(qtbot, view, "bars", bars)
    bars.set_metric("tokens")
    qtbot.waitUntil(lambda: bool(bars.values))
    name, language = DEMOS[1], "hi"
    point = bars.widget_point(*_xy(bars.bar_center(name, language)))
    QTest.mouseMove(bars.plot.viewport(), point.toPoint())
    qtbot.waitUntil(lambda: "Hindi (hi)" in bars.readout.text())
    expected = sum(sentence_tokens(name, language))
    assert f"tokens {expected:,}" in bars.readout.text()
    assert name in bars.readout.text()
    QTest.mouseClick(bars.plot.viewport(), Qt.MouseButton.LeftButton, pos=point.toPoint())
    qtbot.waitUntil(lambda: view.pages.currentWidget() is view.sentences)
    assert view.sentences.language == language
    # log scale keeps hovering exact
    on_screen(qtbot, view, "bars", bars)
    bars.log_box.setChecked(True)
    point = bars.widget_point(*_xy(bars.bar_center(DEMOS[0], "ja")))
    QTest.mouseMove(bars.plot.viewport(), point.toPoint())
    qtbot.waitUntil(lambda: "Japanese (ja)" in bars.readout.text())
    assert f"tokens {sum(sentence_tokens(DEMOS[0], 'ja')):,}" in bars.readout.text()


def _xy(point) -> tuple[float, float]:
    return point.x(), point.y()


def on_screen(qtbot, view, page: str, plot) -> None:
    """Show a plot's page and wait until it is laid out (a page never shown has no size)."""
    view.show_page(page)
    item = plot.plot.getPlotItem()
    qtbot.waitUntil(lambda: plot.plot.isVisible() and plot.plot.viewport().width() > 200
                    and abs(item.sceneBoundingRect().width() - plot.plot.viewport().width()) < 2
                    and plot.comparison is view.compare.comparison)
    # the view box settles its range after the items arrive: wait until it stops moving
    seen: list = []

    def still() -> bool:
        seen.append(item.vb.viewRect())
        return len(seen) > 2 and seen[-1] == seen[-2] == seen[-3]

    qtbot.waitUntil(still)


def test_heatmap_cells_and_lorenz_points(make_window, qtbot):
    window = make_window()
    view = open_compare(window, qtbot)
    heatmap = view.heatmap
    on_screen(qtbot, view, "heatmap", heatmap)
    comparison = view.compare.comparison
    # the languages from the cheapest to the costliest, on average over the tokenizers
    assert heatmap.languages[0] == comparison.reference
    means = [sum(math.log(comparison.row(t, lang).ratio) for t in DEMOS)
             for lang in heatmap.languages[1:]]
    assert means == sorted(means)
    point = heatmap.widget_point(*_xy(heatmap.cell_center(DEMOS[1], "ja")))
    QTest.mouseMove(heatmap.plot.viewport(), point.toPoint())
    qtbot.waitUntil(lambda: "Japanese (ja)" in heatmap.readout.text())
    ratio = sum(sentence_tokens(DEMOS[1], "ja")) / sum(sentence_tokens(DEMOS[1], "en"))
    assert f"ratio {ratio:.3f}" in heatmap.readout.text()
    QTest.mouseClick(heatmap.plot.viewport(), Qt.MouseButton.LeftButton, pos=point.toPoint())
    qtbot.waitUntil(lambda: view.sentences.language == "ja")

    lorenz = view.lorenz
    on_screen(qtbot, view, "lorenz", lorenz)
    curve = comparison.lorenz[DEMOS[0]]
    language = curve[-1][0]  # the language with the most tokens
    point = lorenz.widget_point(*_xy(lorenz.point_of(DEMOS[0], language)))
    QTest.mouseMove(lorenz.plot.viewport(), point.toPoint())
    qtbot.waitUntil(lambda: "100% of the languages" in lorenz.readout.text())
    totals = [sum(sentence_tokens(DEMOS[0], lang)) for lang in comparison.languages]
    assert language == comparison.languages[totals.index(max(totals))]
    legend = lorenz.key.names()
    assert any(f"Gini {comparison.gini[DEMOS[0]]:.3f}" in text for text in legend)


def test_sentences_side_by_side(make_window, qtbot):
    window = make_window()
    view = open_compare(window, qtbot)
    sentences = view.sentences
    view.open_sentences(DEMOS[0], "ja")
    qtbot.waitUntil(lambda: sentences.shown is not None and sentences.shown.language == "ja")
    corpus = demo_corpus()
    text = corpus.sentences("ja")[0]
    assert sentences.text.text() == text
    assert sentences.reference.text().endswith(corpus.sentences("en")[0])
    aligned = sentences.shown.aligned
    assert [row.tokenizer for row in aligned.rows] == list(DEMOS)
    for row, name in zip(aligned.rows, DEMOS, strict=True):
        assert [t.token_id for t in row.tokens] == load_demo(name).encode_ids(
            text, special="none")
        chips = [c for c in sentences.canvas.chips if c.row == aligned.rows.index(row)]
        assert {c.index for c in chips} == set(range(len(row.tokens)))
    cuts = [row.cuts for row in aligned.rows]
    assert len(sentences.canvas.cut_marks) == len(cuts[0] ^ cuts[1]) > 0
    # the list holds every sentence with each tokenizer's count; ▶ moves on
    model = sentences.list.model()
    listed = [int(model.index(r, 1).data()) for r in range(model.rowCount())]
    assert listed == sentence_tokens(DEMOS[0], "ja")  # in sentence order
    # sorting by a tokenizer's column puts the costliest first; a click opens that sentence
    header = sentences.list.horizontalHeader()
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(2) + 5, 5))
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(2) + 5, 5))
    costs = [int(model.index(r, 2).data()) for r in range(model.rowCount())]
    assert costs == sorted(sentence_tokens(DEMOS[1], "ja"), reverse=True)
    top = int(model.index(0, 0).data()) - 1
    QTest.mouseClick(sentences.list.viewport(), Qt.MouseButton.LeftButton,
                     pos=sentences.list.visualRect(model.index(0, 0)).center())
    qtbot.waitUntil(lambda: sentences.shown.index == top)
    assert sentences.text.text() == corpus.sentences("ja")[top]
    assert len(sentences.shown.aligned.rows[1].tokens) == max(sentence_tokens(DEMOS[1], "ja"))
    view.sentences.open("ja", 0)
    qtbot.waitUntil(lambda: sentences.shown.index == 0)
    QTest.mouseClick(sentences.next_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: sentences.shown.index == 1)
    assert sentences.text.text() == corpus.sentences("ja")[1]
    assert sentences.number.value() == 2
    # hovering a chip names its token
    chip = sentences.canvas.chips[0]
    QTest.mouseMove(sentences.canvas, chip.rect.center().toPoint())
    qtbot.waitUntil(lambda: "id " in sentences.hover.text())
    assert f"id {aligned.rows[0].tokens[0].token_id}" in sentences.hover.text() or (
        sentences.shown.aligned.rows[0].tokens[0].token_id != aligned.rows[0].tokens[0].token_id)


def test_exports_read_back(make_window, qtbot, tmp_path):
    window = make_window()
    view = open_compare(window, qtbot)
    comparison = view.compare.comparison
    view.export_table(tmp_path / "table.csv")
    rows = list(csv.DictReader((tmp_path / "table.csv").open(encoding="utf-8")))
    assert len(rows) == len(comparison.rows)
    assert {(r["tokenizer"], r["language"]) for r in rows} == {
        (name, lang) for name in DEMOS for lang in comparison.languages}
    assert int(next(r for r in rows if r["tokenizer"] == DEMOS[0] and r["language"] == "ja")[
        "tokens"]) == sum(sentence_tokens(DEMOS[0], "ja"))
    view.export_table(tmp_path / "table.json")
    data = json.loads((tmp_path / "table.json").read_text("utf-8"))
    assert list(data)[:6] == ["reference", "languages", "tokenizers", "sentences", "rows",
                              "gini"]
    for page, plot in (("bars", view.bars), ("heatmap", view.heatmap), ("lorenz", view.lorenz)):
        view.show_page(page)
        plot.export_image(tmp_path / f"{page}.png")
        image = QImage(str(tmp_path / f"{page}.png"))
        assert not image.isNull() and image.width() >= 2 * plot.plot.width() - 4
        plot.export_image(tmp_path / f"{page}.svg")
        root = ET.parse(tmp_path / f"{page}.svg").getroot()
        assert root.tag.endswith("svg")
        texts = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
        assert "ja" in texts or page == "lorenz"


def test_a_user_corpus_and_a_bad_one(make_window, qtbot, tmp_path):
    window = make_window()
    view = open_compare(window, qtbot)
    good = tmp_path / "mine.tsv"
    good.write_text("id\teng\tjpn\n1\tA cat.\t猫です。\n2\tTwo dogs.\t犬が二匹。\n",
                    encoding="utf-8")
    view.open_corpus(str(good))
    qtbot.waitUntil(lambda: view.compare.corpus.name == "mine.tsv" and settled(view))
    assert view.compare.comparison.reference == "eng"
    assert view.compare.comparison.sentences == 2
    # remembered, and offered again in the corpus list
    assert recent_corpora(window.settings) == [str(good)]
    assert view.corpus_box.findData(str(good)) > 0
    bad = tmp_path / "bad.tsv"
    bad.write_text("eng\tjpn\nA cat.\t猫\nonly one field\n", encoding="utf-8")
    view.open_corpus(str(bad))
    qtbot.waitUntil(lambda: view.problem.isVisible())
    assert "bad.tsv" in view.problem.text() and "line 3" in view.problem.text()
    assert view.compare.corpus.name == "mine.tsv"  # nothing half-loaded: the good one stays
    assert view.compare.comparison is not None


def small_tokenizer(tmp_path, n: int, texts: list[str]) -> str:
    result = train(texts, TrainingConfig(vocab_size=260 + 10 * n, level="byte",
                                         pretokenizer="gpt2"))
    path = tmp_path / f"trained-{n}.json"
    save_tokenizer(result.tokenizer, path)
    return str(path)


def test_six_tokenizers_at_once(make_window, qtbot, tmp_path):
    window = make_window()
    view = open_compare(window, qtbot)
    texts = [s + "\n" for lang in ("en", "ja", "ar") for s in demo_corpus().sentences(lang)]
    paths = [small_tokenizer(tmp_path, n, texts) for n in range(4)]
    choices = [demo_choice(d) for d in DEMOS] + [path_choice(p) for p in paths]
    view.set_tokenizers(choices)
    qtbot.waitUntil(lambda: settled(view))
    comparison = view.compare.comparison
    assert len(comparison.tokenizers) == 6
    assert len(shown_rows(view)) == 6 * len(comparison.languages)
    view.show_page("bars")
    assert len(view.bars.key.names()) == 6
    view.open_sentences(comparison.tokenizers[0], "ar")
    qtbot.waitUntil(lambda: view.sentences.shown is not None
                    and len(view.sentences.shown.aligned.rows) == 6)


def big_corpus(tmp_path, lines: int) -> str:
    """Lines of words drawn (seeded) from the demo's sentences: new text in every line, so
    counting takes seconds."""
    corpus = demo_corpus()
    rng = random.Random(7)
    path = tmp_path / "big.tsv"
    languages = ("en", "ja", "hi")
    words = {lang: " ".join(corpus.sentences(lang)).split() if lang != "ja"
             else list("".join(corpus.sentences(lang))) for lang in languages}
    with path.open("w", encoding="utf-8") as out:
        out.write("\t".join(languages) + "\n")
        for _ in range(lines):
            out.write("\t".join(" ".join(rng.choice(words[lang]) for _ in range(12))
                                for lang in languages) + "\n")
    return str(path)


def test_progress_partial_results_and_a_cancel_that_stops_the_worker(make_window, qtbot,
                                                                      tmp_path, monkeypatch):
    window = make_window()
    view = open_compare(window, qtbot)
    # The second tokenizer's counting waits until the test lets it go: "shown while the second
    # is still being counted" then holds however busy the machine is.
    from bpelens.app.gui import compare_session

    counting = compare_session.iter_tokenizer_counts
    second = threading.Event()

    def held(name, *args, **kwargs):
        if name == DEMOS[1]:
            second.wait(HANG_SECONDS)
        return (yield from counting(name, *args, **kwargs))

    monkeypatch.setattr(compare_session, "iter_tokenizer_counts", held)
    view.open_corpus(big_corpus(tmp_path, 60_000))
    seen: list[float] = []
    view.compare.counter.progressed.connect(lambda f, _m: seen.append(f))
    qtbot.waitUntil(lambda: view.compare.corpus.name == "big.tsv")
    qtbot.waitUntil(lambda: view.progress.isVisible() and view.cancel_button.isVisible())
    # the first tokenizer's results are shown while the second is still being counted
    qtbot.waitUntil(lambda: view.compare.comparison is not None)
    assert view.compare.busy
    assert view.compare.comparison.tokenizers == (DEMOS[0],)
    assert len(shown_rows(view)) == 3
    assert seen == sorted(seen) and len(seen) > 3
    QTest.mouseClick(view.cancel_button, Qt.MouseButton.LeftButton)
    assert not view.compare.busy
    # the worker really stops (at its next batch), and its thread is free again
    second.set()
    qtbot.waitUntil(lambda: not view.compare.counter.running)
    assert view.compare.comparison.tokenizers == (DEMOS[0],)
    assert "Cancelled" in view.status.text()
    assert not view.progress.isVisible()


def test_launching_straight_into_a_comparison(qtbot, tmp_path):
    from bpelens.app.gui.main_window import MainWindow

    from test_gui_main_window import settings_in

    corpus = tmp_path / "pair.tsv"
    corpus.write_text("en\tja\nA cat.\t猫です。\n", encoding="utf-8")
    args = parse_gui_args(["--view", "compare", "--corpus", str(corpus), "--compare",
                           DEMOS[1], "--show", "lorenz"])
    window = MainWindow(settings=settings_in(tmp_path), discover=False)
    qtbot.addWidget(window)
    start_in_view(window, args)
    window.show()
    view = window.compare_view
    qtbot.waitUntil(lambda: settled(view))
    assert view.compare.corpus.name == "pair.tsv"
    assert view.compare.comparison.tokenizers == (DEMOS[1],)
    assert view.pages.currentWidget() is view.lorenz


def test_a_bad_tokenizer_file_costs_only_itself(make_window, qtbot, tmp_path):
    window = make_window()
    view = open_compare(window, qtbot)
    bad = tmp_path / "broken.tokenizer.json"
    bad.write_text('{"model": {"type": "BPE", "vocab": [1, 2]}}', encoding="utf-8")
    view.set_tokenizers([demo_choice(DEMOS[0]), path_choice(str(bad)), demo_choice(DEMOS[1])])
    qtbot.waitUntil(lambda: view.problem.isVisible() and not view.compare.busy)
    assert "broken.tokenizer.json" in view.problem.text()
    # the others are compared, and the bad one is marked in the list, not tried again
    assert view.compare.comparison.tokenizers == DEMOS
    item = next(view.tokenizer_list.item(i) for i in range(view.tokenizer_list.count())
                if view.tokenizer_list.item(i).data(Qt.ItemDataRole.UserRole).key == str(bad))
    assert "broken.tokenizer.json" in item.toolTip().splitlines()[-1]
    assert view.compare.missing() == {}


def test_export_buttons_take_the_suffix_of_the_filter_chosen(make_window, qtbot, tmp_path,
                                                             monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    window = make_window()
    view = open_compare(window, qtbot)
    answers = iter([(str(tmp_path / "plot"), "SVG vector image (*.svg)"),
                    (str(tmp_path / "slide"), "PNG image (*.png)"),
                    (str(tmp_path / "table"), "JSON (*.json)"),
                    (str(tmp_path / "named.csv"), "JSON (*.json)")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: next(answers))
    view.show_page("bars")
    # the plot's dialog asks size, scale and format; the name takes that format's suffix
    answer_export_dialog(qtbot, 3, 1, "svg")  # as on screen
    QTest.mouseClick(view.export_plot_button, Qt.MouseButton.LeftButton)
    root = ET.parse(tmp_path / "plot.svg").getroot()
    assert root.get("viewBox") == f"0 0 {view.bars.plot.width()} {view.bars.plot.height()}"
    view.show_page("lorenz")
    answered = answer_export_dialog(qtbot, 0, 2, "png")  # a 1920×1080 slide at 2×
    QTest.mouseClick(view.export_plot_button, Qt.MouseButton.LeftButton)
    assert answered == ["A PNG of 3840 × 2160 pixels"]
    image = QImage(str(tmp_path / "slide.png"))
    assert (image.width(), image.height()) == (3840, 2160)
    assert view.status.text() == f"Saved {tmp_path / 'slide.png'}"
    QTest.mouseClick(view.export_table_button, Qt.MouseButton.LeftButton)
    assert json.loads((tmp_path / "table.json").read_text("utf-8"))["reference"] == "en"
    QTest.mouseClick(view.export_table_button, Qt.MouseButton.LeftButton)  # its own suffix
    assert (tmp_path / "named.csv").read_text("utf-8").startswith("tokenizer,language")
    assert view.status.text() == f"Saved {tmp_path / 'named.csv'}"
