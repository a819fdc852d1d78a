"""The churn and residue pages of the debugging kit, driven through their widgets on the
window's demo tokenizer and the bundled demo corpus: the tables show what measure_churn and
find_residues give for the same settings, a churn cell lists its worst lines, cancelling stops
the runner and shows nothing, errors and a Unigram model's refusal are one line."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from bpelens.app.gui.views.debugging.churn_page import ChurnPage, cell_text
from bpelens.app.gui.views.debugging.common import text_of
from bpelens.app.gui.views.debugging.residue_page import ResiduePage
from bpelens.app.parallel_corpora import demo_corpus
from bpelens.core import (
    PERTURBATIONS,
    ConfigError,
    find_residues,
    isolated,
    measure_churn,
    open_tokenizer,
    visible,
)

from conftest import SHARED_DATA, needs_shared_data
from test_gui_main_window import window_factory

UNIGRAM = SHARED_DATA / "tokenizers" / "sentencepiece" / "kyoto_ja_unigram_8000.model"


@pytest.fixture
def kit_page(qtbot, tmp_path):
    """A page as the kit wires it: attached to a real window's session, given its
    tokenizer, shown."""
    window = window_factory(qtbot, tmp_path)()

    def make(cls):
        page = cls()
        qtbot.addWidget(page)
        page.attach(window.session)
        page.set_tokenizer(window.session.tokenizer)
        page.resize(1100, 760)
        page.show()
        return page, window.session.tokenizer

    make.window = window
    return make


def click_cell(table, row: int, column: int) -> None:
    rect = table.visualRect(table.model().index(row, column))
    QTest.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def cut(tokenizer, ids) -> str:
    return " | ".join(isolated(text_of(tokenizer, i)) for i in ids)


def test_churn_shows_the_cores_numbers_and_a_cells_worst_lines(kit_page, qtbot):
    page, tokenizer = kit_page(ChurnPage)
    kinds = ("typo", "nfd", "homoglyphs", "ocr")
    for kind, box in page.kind_boxes.items():
        box.setChecked(kind in kinds)
    page.rate.setValue(0.25)
    page.seed.setValue(7)
    page.lines.setValue(12)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.report is not None)

    corpus = demo_corpus()
    rows = corpus.shared_rows(corpus.languages)[:12]
    lines = {code: corpus.sentences(code, rows) for code in corpus.languages}
    expected = measure_churn(tokenizer, lines, kinds=kinds, seed=7, rate=0.25, keep=10)
    table = page.table
    assert table.rowCount() == len(corpus.languages) + 1  # and "all languages"
    assert table.columnCount() == len(kinds)
    groups = [g.kinds for g in expected.languages] + [expected.totals]
    for row, churns in enumerate(groups):
        for column, churn in enumerate(churns):
            item = table.item(row, column)
            assert item.text() == (f"{churn.changed_share:.1%} · "
                                   f"{churn.distance_per_100_tokens:.1f}")
            assert item.text() == cell_text(churn)
            assert (f"{churn.tokens_changed:,} of {churn.tokens_before:,} tokens changed"
                    in item.toolTip())
    assert "12 lines" not in page.status.text()  # 12 per language: 144 in all
    assert f"{12 * len(corpus.languages):,} lines in 12 languages" in page.status.text()

    # The cell with the most edits: its worst lines, original and perturbed, both cuts.
    row, column = max(((r, c) for r in range(len(corpus.languages)) for c in range(len(kinds))),
                      key=lambda rc: groups[rc[0]][rc[1]].edit_distance)
    churn = groups[row][column]
    assert churn.examples
    click_cell(table, row, column)
    assert table.currentRow() == row and table.currentColumn() == column
    shown = page.examples.toPlainText()
    for example in churn.examples:
        assert visible(example.original) in shown
        assert visible(example.perturbed) in shown
        assert cut(tokenizer, example.original_ids) in shown
        assert cut(tokenizer, example.perturbed_ids) in shown
        assert f"line {example.line + 1}: edit distance {example.distance}" in shown
    # Another language's cell shows its own lines.
    other = (row + 1) % len(corpus.languages)
    click_cell(table, other, column)
    assert page.examples.toPlainText() != shown

    # A cell where nothing changed is the table's own background, in the theme of the moment.
    calm = next(table.item(r, c) for r in range(len(groups)) for c in range(len(kinds))
                if groups[r][c].tokens_changed == 0)
    window = kit_page.window
    window.set_theme("dark", remember=False)
    try:
        assert calm.background().color().lightness() < 100
        assert calm.foreground().color().lightness() > 150  # light words on it
    finally:
        window.set_theme("light", remember=False)
    assert calm.background().color().lightness() > 200


def test_churn_cancelled_stops_its_runner_and_shows_nothing(kit_page, qtbot, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("".join(f"日本語の文 {i}: the quick brown fox jumps over the lazy dog.\n"
                           for i in range(30_000)), encoding="utf-8")
    page, _ = kit_page(ChurnPage)
    page.corpus_box.add_source(str(big), text=True)
    page.lines.setValue(0)  # all
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.cancel_button.isVisible() and "%" in page.status.text())
    assert page.runner.running
    QTest.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
    # The job stops at its next check and its thread reports back: nothing is shown.
    qtbot.waitUntil(lambda: page.runner.finished_jobs == 1 and not page.runner.running)
    assert page.report is None
    assert page.table.rowCount() == 0
    assert page.status.text() == "Cancelled: nothing measured."
    assert page.run_button.isEnabled() and not page.cancel_button.isVisible()


def test_churn_errors_are_one_line_and_a_text_file_is_one_row(kit_page, qtbot, tmp_path):
    page, tokenizer = kit_page(ChurnPage)
    for box in page.kind_boxes.values():
        box.setChecked(False)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    assert page.status.text() == "Choose at least one perturbation."
    assert not page.runner.busy

    page.kind_boxes["typo"].setChecked(True)
    bad = tmp_path / "broken.tsv"
    bad.write_bytes(b"\xff\xfe not a corpus")
    page.corpus_box.add_source(str(bad))
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.status.text().startswith("Could not measure: "))
    assert "\n" not in page.status.text() and "Traceback" not in page.status.text()
    assert "broken.tsv" in page.status.text()
    assert page.report is None

    text = tmp_path / "lines.txt"
    text.write_text("Hello there, friend.\n\nAnother line of text.\n", encoding="utf-8")
    page.corpus_box.add_source(str(text), text=True)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.report is not None)
    expected = measure_churn(tokenizer, ["Hello there, friend.", "Another line of text."],
                             kinds=["typo"], keep=10)
    assert page.table.rowCount() == 1
    assert page.table.verticalHeaderItem(0).text() == "lines.txt"
    assert page.table.item(0, 0).text() == cell_text(expected.totals[0])


def test_residues_show_the_cores_rows_and_totals_and_sort(kit_page, qtbot):
    page, tokenizer = kit_page(ResiduePage)
    page.min_formed.setValue(2)
    page.max_final_share.setValue(0.2)
    QTest.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.report is not None)

    corpus = demo_corpus()
    lines = [t for code in corpus.languages for t in corpus.texts[code] if t is not None]
    expected = find_residues(tokenizer, lines, min_formed=2, max_final_share=0.2)
    assert expected.residues  # the demo has some at these settings
    table = page.table
    shown = {(int(table.item(r, 0).text()), table.item(r, 1).text(),
              *(int(table.item(r, c).text().replace(",", "")) for c in (2, 3, 4)),
              table.item(r, 5).text()) for r in range(table.rowCount())}
    assert shown == {(r.id, isolated(text_of(tokenizer, r.id)), r.formed, r.absorbed, r.final,
                      f"{r.ratio:.3f}") for r in expected.residues}
    assert table.rowCount() == len(expected.residues)
    totals = page.totals.text()
    assert (f"frees {len(expected.residues):,} of {expected.vocab_size:,} vocabulary entries "
            f"({expected.vocabulary_share:.2%})") in totals
    assert (f"from {expected.tokens_before:,} to {expected.tokens_after:,} tokens "
            f"({expected.change_percent:+.2f}%)") in totals
    assert f"{len(expected.residues):,} of them residues" in page.status.text()
    # Most formed first, as the core lists them; a click on "final" sorts by it, as numbers.
    formed = [int(table.item(r, 2).text().replace(",", "")) for r in range(table.rowCount())]
    assert formed == sorted(formed, reverse=True)
    header = table.horizontalHeader()
    x = header.sectionViewportPosition(4) + header.sectionSize(4) // 2
    QTest.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(x, header.height() // 2))
    finals = [int(table.item(r, 4).text().replace(",", "")) for r in range(table.rowCount())]
    assert finals in (sorted(finals), sorted(finals, reverse=True))
    assert header.sortIndicatorSection() == 4


@needs_shared_data
def test_a_unigram_model_gets_a_one_line_refusal(kit_page, qtbot):
    if not UNIGRAM.exists():
        pytest.skip(f"{UNIGRAM} is absent")
    page, bpe = kit_page(ResiduePage)
    unigram = open_tokenizer(UNIGRAM)
    with pytest.raises(ConfigError) as refused:
        find_residues(unigram, ["日本語の文です。"])
    page.set_tokenizer(unigram)
    assert page.status.text() == f"No residues to find: {refused.value}"
    assert "\n" not in page.status.text()
    assert not page.run_button.isEnabled()
    page.run()  # (as a shortcut would) does nothing
    assert not page.runner.busy and page.report is None
    page.set_tokenizer(bpe)  # a BPE tokenizer again: no refusal
    assert page.run_button.isEnabled() and not page.status.text().startswith("No residues")


def test_both_pages_fit_a_small_window(kit_page):
    for cls in (ChurnPage, ResiduePage):
        page, _ = kit_page(cls)
        assert page.minimumSizeHint().width() <= 680, cls.__name__
        assert page.title()
    churn, _ = kit_page(ChurnPage)
    assert list(churn.kind_boxes) == list(PERTURBATIONS)
