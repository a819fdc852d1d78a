"""The Unigram lattice drawn as chips (app/gui/views/debugging/lattice_canvas.py): every
candidate gets a chip under its own characters, chips on a row never overlap, the best path is
exactly the highlighted chips and tiles the piece, wide characters keep to their columns, a
long text's lattice is capped and says so, and hovering a chip names it.

A small Unigram vocabulary is built here (no Unigram demo tokenizer is bundled), so these
tests always run; one more reads the real Japanese SentencePiece model in ../shared/data."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from PySide6.QtCore import QEvent, QRectF
from PySide6.QtGui import QColor, QHelpEvent, QImage
from PySide6.QtWidgets import QApplication, QScrollArea, QToolTip

from bpelens.app.gui.views.debugging.lattice_canvas import (
    CELL_FILLS,
    CHIP_INSET,
    WARNING_COLOR,
    LatticeCanvas,
    PlacedChip,
)
from bpelens.core import PieceLattice, Tokenizer, open_tokenizer, unigram_lattice
from bpelens.core.models.unigram import UnigramModel

from conftest import SHARED_DATA, needs_shared_data

PIECES = ["un", "believ", "able", "unbeliev", "believable", "be", "lie", "liev", "ab", "le",
          "token", "ization", "iz", "ation", "tok", "en", "to", "ken", "at", "ion", "za",
          "東京", "東京都", "京都", "都", "東", "京", "に", "住", "住んで", "んで", "ん", "で",
          "😀👍", "😀", "👍", "ｗｗ", "ｗ"]


def tokenizer() -> Tokenizer:
    """Every letter of the texts below, then longer pieces; scores fall with the rank, so
    the best path is not simply the longest pieces."""
    letters = sorted({ch for piece in PIECES for ch in piece} - set("東京都に住んで😀👍ｗ"))
    vocab = [("<unk>", 0.0)] + [(p, -2.0 - 0.15 * i) for i, p in enumerate([*letters, *PIECES])]
    return Tokenizer(UnigramModel(vocab, unk_id=0), pretokenizer="whitespace")


def show(qtbot, tok: Tokenizer, text: str, width: int = 1600, **kwargs
         ) -> tuple[LatticeCanvas, list[PieceLattice]]:
    canvas = LatticeCanvas(**kwargs)
    qtbot.addWidget(canvas)
    canvas.resize(width, 400)
    pieces = unigram_lattice(tok, text)
    canvas.set_lattice(tok, pieces)
    return canvas, pieces


def overlap(a: QRectF, b: QRectF) -> bool:
    return a.left() < b.right() and b.left() < a.right() and a.top() < b.bottom() \
        and b.top() < a.bottom()


def check_no_overlaps(placed: list[PlacedChip]) -> None:
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            assert not overlap(a.rect, b.rect), (a.chip, b.chip)


def test_every_node_has_a_chip_over_its_own_columns_and_rows_never_overlap(qtbot):
    canvas, pieces = show(qtbot, tokenizer(), "unbelievable tokenization")
    assert canvas.note == ""
    for index, piece in enumerate(pieces):
        drawn = [(node, rect) for node, rect in canvas.chip_rects()
                 if any(node is n for n in piece.nodes)]
        assert sorted(id(n) for n, _ in drawn) == sorted(id(n) for n in piece.nodes)
        assert len(piece.nodes) > len(piece.best_path)  # there are candidates to show
        for node, rect in drawn:
            left = canvas.column_rect(index, node.start).left()
            right = canvas.column_rect(index, node.end).left()  # column e's left = [s, e)'s end
            assert rect.left() == pytest.approx(left + CHIP_INSET)
            assert rect.right() == pytest.approx(right - CHIP_INSET)
            assert rect.top() > canvas.column_rect(index, node.start).bottom()
    check_no_overlaps(canvas.placed())
    assert canvas.minimumHeight() >= max(p.rect.bottom() for p in canvas.placed())


def test_the_highlighted_chips_are_the_best_path_and_tile_the_piece(qtbot):
    canvas, pieces = show(qtbot, tokenizer(), "unbelievable tokenization 東京都に住んでいる")
    assert canvas.best_path_ids() == [piece.best_path for piece in pieces]
    for index, piece in enumerate(pieces):
        best = sorted((p for p in canvas.placed() if p.chip.best and p.chip.piece == index),
                      key=lambda p: p.rect.left())
        on_path = [n for n in piece.nodes if n.on_best_path]
        lattice_chips = [p.chip.node for p in best if p.chip.node is not None]
        assert sorted(map(id, lattice_chips)) == sorted(map(id, on_path))
        assert best[0].chip.start == 0 and best[-1].chip.end == len(piece.text)
        for left, right in pairwise(best):
            assert left.chip.end == right.chip.start
            assert left.rect.right() < right.rect.left()
        # One row, the first under the characters: the path reads straight across.
        assert len({p.rect.top() for p in best}) == 1
        others = [p for p in canvas.placed() if not p.chip.best and p.chip.piece == index]
        assert all(p.rect.top() > best[0].rect.bottom() for p in others)
    # "いる" is in no piece of the vocabulary: the best path crosses it with the unknown token,
    # drawn as one chip with no lattice node.
    unknown = [p.chip for p in canvas.placed() if p.chip.node is None]
    assert [(c.start, c.end, c.ids) for c in unknown] == [(7, 9, (0, 0))]


def test_wide_characters_keep_to_their_columns(qtbot):
    tok = tokenizer()
    text = "東京都に住んで😀👍ｗｗ"
    canvas, pieces = show(qtbot, tok, text)
    assert canvas.piece_texts() == [text]
    glyphs = [rect for piece, _, rect in sorted(canvas.glyph_rects(), key=lambda g: g[1])
              if piece == 0]
    assert len(glyphs) == len(text)
    for column, rect in enumerate(glyphs):
        cell = canvas.column_rect(0, column)
        assert cell.left() <= rect.left() and rect.right() <= cell.right(), text[column]
    for left, right in pairwise(glyphs):
        assert left.right() <= right.left()
    # And in the pixels: no glyph's ink crosses into the next cell where the best path does
    # not cut (a cut is drawn as a blue line there).
    image = canvas.grab().toImage()
    ratio = image.devicePixelRatio()
    cuts = {sum(len(tok.token_label(i)) for i in pieces[0].best_path[:k])
            for k in range(len(pieces[0].best_path) + 1)}
    inner = [c for c in range(1, len(text)) if c not in cuts]
    assert inner, "the text must have characters inside one best-path token"
    fills = [QColor(c) for c in CELL_FILLS]
    for column in inner:
        cell = canvas.column_rect(0, column)
        for y in range(int(cell.top()) + 2, int(cell.bottom()) - 2):
            for x in (int(cell.left()) - 1, int(cell.left())):
                color = image.pixelColor(int(x * ratio), int(y * ratio))
                assert min(distance(color, f) for f in fills) < 40, (text[column], x, y)


def distance(a: QColor, b: QColor) -> int:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue())


def test_a_long_text_is_capped_and_the_canvas_says_so(qtbot):
    tok = tokenizer()
    text = "unbelievable tokenization " * 400
    canvas, pieces = show(qtbot, tok, text, width=1200)
    total = sum(len(p.nodes) for p in pieces)
    assert total > 10_000
    nodes = [node for node, _ in canvas.chip_rects()]
    assert len(nodes) == canvas.drawn_nodes <= 2_000
    assert canvas.total_nodes == total
    assert "2,000" in canvas.note and f"{total:,}" in canvas.note
    # Whole pieces only, and each still tiled by its best path.
    drawn = canvas.piece_texts()
    assert 0 < len(drawn) < len(pieces)
    assert canvas.best_path_ids() == [p.best_path for p in pieces[:len(drawn)]]
    assert has_color(canvas.grab().toImage(), QColor(WARNING_COLOR), 80)
    # One piece longer than the cap: cut at a best-path cut, the note says where.
    canvas.max_nodes = 300
    long_piece = unigram_lattice(tok, "unbelievable" * 200)
    canvas.set_lattice(tok, long_piece)
    assert canvas.drawn_nodes <= 300
    shown = canvas.piece_texts()[0]
    assert 0 < len(shown) < len(long_piece[0].text)
    assert f"up to its character {len(shown):,}" in canvas.note
    best = sorted((p.chip for p in canvas.placed() if p.chip.best), key=lambda c: c.start)
    assert best[0].start == 0 and best[-1].end == len(shown)
    assert all(a.end == b.start for a, b in pairwise(best))


def has_color(image: QImage, color: QColor, rows: int) -> bool:
    ratio = image.devicePixelRatio()
    return any(distance(image.pixelColor(x, y), color) < 60
               for y in range(int(rows * ratio)) for x in range(0, image.width(), 2))


def test_a_piece_wider_than_the_canvas_wraps_at_best_path_cuts(qtbot):
    tok = tokenizer()
    text = "unbelievabletokenization" * 3
    canvas, pieces = show(qtbot, tok, text, width=500)
    piece = pieces[0]
    placed = canvas.placed()
    assert len({round(p.rect.top()) for p in placed if p.chip.best}) > 1  # several lines
    assert max(p.rect.right() for p in placed) <= canvas.width()
    for node in piece.nodes:
        parts = sorted((p for p in placed if p.chip.node is node), key=lambda p: p.rect.top())
        assert parts
        if node.on_best_path:
            assert len(parts) == 1 and not parts[0].open_left and not parts[0].open_right
        # A chip cut by a wrap is drawn on each line, open on the cut side.
        assert not parts[0].open_left and not parts[-1].open_right
        assert all(p.open_right for p in parts[:-1]) and all(p.open_left for p in parts[1:])
    check_no_overlaps(placed)
    assert canvas.best_path_ids() == [piece.best_path]


def test_the_tooltip_names_the_chip(qtbot):
    canvas, _ = show(qtbot, tokenizer(), "unbelievable")
    canvas.show()
    qtbot.waitExposed(canvas)
    for placed in canvas.placed():
        node = placed.chip.node
        assert node is not None
        text = canvas.tooltip_at(placed.rect.center())
        assert text is not None
        assert f"id {node.id}" in text and f"{node.score:.4f}" in text
        assert ("on the best path" in text) == node.on_best_path
    assert canvas.tooltip_at(QRectF(canvas.rect()).bottomRight()) is None
    # Through Qt's own tooltip event.
    target = next(p for p in canvas.placed() if not p.chip.best)
    pos = target.rect.center().toPoint()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, canvas.mapToGlobal(pos))
    QApplication.sendEvent(canvas, event)
    assert f"id {target.chip.node.id}" in QToolTip.text()  # type: ignore[union-attr]
    QToolTip.hideText()


def test_clear_shows_a_message_and_no_chips(qtbot):
    canvas, _ = show(qtbot, tokenizer(), "unbelievable")
    assert canvas.placed()
    canvas.clear("Not a Unigram tokenizer")
    assert canvas.placed() == [] and canvas.best_path_ids() == []
    assert canvas.message == "Not a Unigram tokenizer"
    canvas.grab()  # paints without a lattice


def test_in_a_scroll_area_it_scrolls_down_not_sideways(qtbot):
    area = QScrollArea()
    area.setWidgetResizable(True)
    canvas = LatticeCanvas()
    area.setWidget(canvas)
    qtbot.addWidget(area)
    area.resize(700, 400)
    area.show()
    qtbot.waitExposed(area)
    tok = tokenizer()
    canvas.set_lattice(tok, unigram_lattice(tok, "unbelievable tokenization " * 10))
    qtbot.waitUntil(lambda: canvas.height() >= canvas.minimumHeight())
    assert canvas.width() <= area.viewport().width()
    assert area.verticalScrollBar().maximum() > 0
    assert max(p.rect.bottom() for p in canvas.placed()) <= canvas.height()
    assert math.isclose(canvas.minimumHeight(), canvas.sizeHint().height())


@needs_shared_data
def test_a_japanese_sentence_on_the_real_kyoto_model(qtbot):
    path = SHARED_DATA / "tokenizers" / "sentencepiece" / "kyoto_ja_unigram_8000.model"
    tok = open_tokenizer(path)
    canvas, pieces = show(qtbot, tok, "東京都に住んでいます。吾輩は猫である。", width=600)
    assert canvas.best_path_ids() == [p.best_path for p in pieces]
    assert [i for p in pieces for i in p.best_path] == tok.encode_ids(
        "東京都に住んでいます。吾輩は猫である。", special="none")
    check_no_overlaps(canvas.placed())
    nodes = {id(n) for p in pieces for n in p.nodes}
    assert {id(n) for n, _ in canvas.chip_rects()} == nodes
