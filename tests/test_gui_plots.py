"""The plots read at a glance: whole-number ticks on merges and counts, tick labels that never
overlap, titles inside the widget, data areas of 180 px or more in the studio and the training
playback at the size a 1280×800 window gives them, keys beside the data (naming every
tokenizer), a colour bar on the heatmap that spans the data, 26 languages each with its own
colour and dash and named at their curves' ends, hovering naming the nearest curve, text on
every plot's page at 4.5:1 (7:1 in high contrast), ``set_zoom`` sizing text and lines, and
exports drawn again at the size and scale asked (PNG pixels, SVG size, a key readable on a
slide) — from the compare view's dialog, the studio's and the playback's buttons, and
`bpelens render --view compare`."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET
from itertools import combinations

import numpy as np
import pytest
from PySide6.QtCore import QPointF, QRectF, QTimer
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.ui_theme import theme_palette
from bpelens.app.gui.views.compare_plots import BarsPlot, LorenzPlot, RatioHeatmap
from bpelens.app.gui.views.plot_export import PlotExportDialog
from bpelens.app.gui.views.plot_parts import ReadableAxis
from bpelens.app.gui.views.plot_theme import DASHES
from bpelens.app.gui.views.studio_plots import StudioPlots
from bpelens.app.gui.views.training_plots import TrainingPlots
from bpelens.app.parallel_corpora import demo_corpus
from bpelens.app.pictures.palette import PALETTES, contrast
from bpelens.core import TrainingConfig, iter_comparison, short_name, train

from cli_helpers import bpelens

DEMOS = ("demo-multilingual-byte", "demo-english-char")
LANGUAGES_26 = ["en", "ja", "zh", "ko", "ar", "hi", "ru", "es", "fr", "de", "pt", "vi", "th",
                "tr", "pl", "uk", "fa", "he", "id", "sw", "bn", "ta", "te", "mr", "ur", "nl"]
THEMES = ("light", "dark", "contrast")


# -- fixtures ---------------------------------------------------------------------------------

def compared(tokenizers):
    result = None
    for step in iter_comparison(demo_corpus(), tokenizers):
        if step.comparison is not None:
            result = step.comparison
    return result


@pytest.fixture(scope="module")
def two():
    return compared([(name, load_demo(name)) for name in DEMOS])


@pytest.fixture(scope="module")
def four():
    """Four tokenizers, two of them trained here with long path-like names."""
    texts = [s + "\n" for lang in ("en", "ja", "ar") for s in demo_corpus().sentences(lang)]
    trained = [(f"/tmp/runs/trained-byte-{260 + 20 * n}.json", train(texts, TrainingConfig(
        vocab_size=260 + 20 * n, level="byte", pretokenizer="gpt2")).tokenizer)
        for n in range(2)]
    return compared([(name, load_demo(name)) for name in DEMOS] + trained)


def studio_rows(languages, merges=400, seed=3):
    """Per-language dev totals that fall merge by merge (seeded), as a training reports."""
    rng = np.random.default_rng(seed)
    start = rng.integers(800, 3000, len(languages))
    floor = rng.uniform(0.3, 0.7, len(languages))
    return tuple(tuple(int(s * (f + (1 - f) * math.exp(-m / 80))) for s, f in zip(
        start, floor, strict=True)) for m in range(merges + 1))


def shown(qtbot, widget, width, height):
    """``widget`` on screen at width × height, laid out and painted."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    settle(qtbot, widget)
    return widget


def settle(qtbot, widget):
    """Painted until nothing moves: the axes size themselves as they paint their labels."""
    seen = []

    def still() -> bool:
        widget.grab()
        QApplication.processEvents()
        seen.append(_geometry(widget))
        return len(seen) > 2 and seen[-1] == seen[-2] == seen[-3]

    qtbot.waitUntil(still)


def _geometry(widget):
    out = []
    for plot in widget.plot_widgets():
        item = plot.getPlotItem()
        out.append(tuple(item.vb.sceneBoundingRect().getRect()))
        out += [tuple(item.getAxis(side).geometry().getRect()) for side in ("left", "bottom")]
    return tuple(out)


def axes(widget) -> list[ReadableAxis]:
    found = []
    for plot in widget.plot_widgets():
        for side in ("left", "bottom"):
            axis = plot.getPlotItem().getAxis(side)
            assert isinstance(axis, ReadableAxis)
            found.append(axis)
    return found


def scene_rect(item, rect: QRectF) -> QRectF:
    return item.mapRectToScene(rect)


def text_rects_overlap(rects: list[QRectF]) -> list[tuple[QRectF, QRectF]]:
    return [(a, b) for a, b in combinations(rects, 2) if a.intersects(b)]


# -- axes -------------------------------------------------------------------------------------

@pytest.mark.parametrize("zoom", [1.0, 2.0])
@pytest.mark.parametrize("low, high", [(0, 3), (0, 7.5), (2, 5), (0, 40), (0, 2000),
                                       (1, 2.6), (1.1, 1.7)])
def test_merge_and_count_axes_tick_whole_numbers_at_every_zoom(qtbot, zoom, low, high):
    plots = shown(qtbot, TrainingPlots(), 900, 320)
    plots.set_data([5, 4, 3], [20, 17, 15, 14])
    plots.set_zoom(zoom)
    for plot in plots.plot_widgets():
        plot.getViewBox().disableAutoRange()
        plot.setXRange(low, high, padding=0)
        plot.setYRange(low, high, padding=0)
    settle(qtbot, plots)
    for axis in axes(plots):
        assert axis.integer
        for _spacing, values in axis.tickValues(low, high, 250):
            assert all(float(v).is_integer() for v in values), (low, high, values)
        # what is written: whole numbers (none when no whole number is in view), none twice
        words = [text for _, text in axis.drawn_text]
        assert all(word.replace(",", "").lstrip("-").isdigit() for word in words), words
        assert words or math.floor(high) < math.ceil(low)
        assert len(set(words)) == len(words)


def test_before_training_the_axes_read_an_empty_range_without_si_scaling(qtbot):
    training = shown(qtbot, TrainingPlots(), 900, 320)
    studio = shown(qtbot, StudioPlots(), 900, 360)
    for widget in (training, studio):
        for plot in widget.plot_widgets():
            (x_low, x_high), (y_low, y_high) = plot.getViewBox().viewRange()
            assert x_low >= -1 and x_high > x_low and y_low >= 0 and y_high > y_low
        for axis in axes(widget):
            assert axis.autoSIPrefixScale == 1.0
            assert "(x" not in axis.label.toPlainText()
            assert all(float(text.replace(",", "")) >= 0 for _, text in axis.drawn_text)


@pytest.mark.parametrize("height, zoom", [(150, 1.0), (150, 1.5), (230, 1.0), (230, 2.0),
                                          (400, 1.5), (400, 2.5), (600, 3.0)])
def test_tick_labels_never_overlap_and_titles_stay_inside(qtbot, four, height, zoom):
    """Short plots, large zooms, a key of five entries: tick labels are thinned, not drawn
    over each other; axis titles lie inside the widget, never cut by its edge."""
    bars = shown(qtbot, BarsPlot(), 760, height + 60)
    bars.set_metric("tokens")
    bars.show_comparison(four)
    studio = shown(qtbot, StudioPlots(), 700, height + 30)
    studio.start(LANGUAGES_26, 400)
    studio.add(studio_rows(LANGUAGES_26))
    studio.flush()
    training = shown(qtbot, TrainingPlots(), 700, height)
    training.set_data([900 - 3 * m for m in range(300)], [9000 - 7 * m for m in range(301)])
    for widget in (bars, studio, training):
        widget.set_zoom(zoom)
        settle(qtbot, widget)
        for axis in axes(widget):
            rects = [rect for rect, _ in axis.drawn_text]
            assert not text_rects_overlap(rects), (type(widget).__name__, axis.orientation)
            if axis.label.isVisible():
                plot = next(p for p in widget.plot_widgets() if axis.scene() is p.scene())
                whole = plot.mapToScene(plot.viewport().rect()).boundingRect()
                assert whole.contains(axis.title_rect()), axis.labelText


def test_many_languages_on_a_narrow_bars_axis_are_thinned(qtbot, two):
    bars = shown(qtbot, BarsPlot(), 300, 300)
    bars.show_comparison(two)
    settle(qtbot, bars)
    axis = bars.plot.getAxis("bottom")
    rects = [rect for rect, _ in axis.drawn_text]
    assert rects and not text_rects_overlap(rects)


# -- room -------------------------------------------------------------------------------------

def test_the_studio_and_training_plots_get_180_px_of_data_at_1280x800(qtbot):
    """The views at the size a 1280×800 window gives a tab (1260×560): each plot's data
    area is at least 180 px tall (it was ~30)."""
    from bpelens.app.gui.views.studio_view import StudioView
    from bpelens.app.gui.views.training_view import TrainingView

    for view in (TrainingView(), StudioView()):
        qtbot.addWidget(view)
        view.resize(1260, 560)
        view.show()
        qtbot.waitExposed(view)
        qtbot.waitUntil(lambda view=view: view.plots is not None)
        settle(qtbot, view.plots)
        for plot in view.plots.plot_widgets():
            assert view.plots.data_rect(plot).height() >= 180, type(view).__name__


# -- keys -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [LorenzPlot, BarsPlot])
def test_the_key_sits_beside_the_data_and_names_every_tokenizer(qtbot, four, kind):
    plot = shown(qtbot, kind(), 1000, 330)  # the compare tab's page at 1280×800
    plot.show_comparison(four)
    settle(qtbot, plot)
    key = plot.key
    data = plot.plot.getPlotItem().vb.sceneBoundingRect()
    whole = plot.plot.mapToScene(plot.plot.viewport().rect()).boundingRect()
    box = key.sceneBoundingRect()
    assert not box.intersects(data)
    assert whole.contains(box)  # not clipped by the widget
    names = [short_name(name) for name in four.tokenizers]
    assert len(key.names()) >= len(names)
    for name in names:
        assert any(entry.startswith(name) for entry in key.names()), name
    assert key.shown_names() == key.names()  # none shortened


# -- heatmap ----------------------------------------------------------------------------------

def test_the_heatmap_has_a_colour_bar_spanning_the_ratios(qtbot, four):
    heatmap = shown(qtbot, RatioHeatmap(), 1000, 330)
    heatmap.show_comparison(four)
    settle(qtbot, heatmap)
    ratios = [row.ratio for row in four.rows if row.ratio]
    low, high = heatmap.color_bar.levels()
    assert low == pytest.approx(min(0.0, math.log2(min(ratios))))
    assert high == pytest.approx(math.log2(max(ratios)))
    assert heatmap.color_bar.isVisible()
    data = heatmap.plot.getPlotItem().vb.sceneBoundingRect()
    bar = heatmap.color_bar.sceneBoundingRect()
    assert bar.left() >= data.right() and not bar.intersects(data)
    # its ticks are ratios (1× is the reference), its title says so
    words = [text for _, text in heatmap.color_bar.axis.drawn_text]
    assert "1×" in words and all(w.endswith("×") for w in words)
    assert four.reference in heatmap.color_bar.axis.labelText
    # the tokenizers' names and the languages stay off the cells
    for side in ("left", "bottom"):
        axis = heatmap.plot.getAxis(side)
        assert axis.drawn_text
        for rect, _ in axis.drawn_text:
            assert not axis.mapRectToScene(rect).intersects(data.adjusted(1, 1, -1, -1))
    # the values written in the cells fit them
    labels = next(item for item in heatmap.plot.getPlotItem().items
                  if type(item).__name__ == "CellLabels")
    assert labels.drawn
    for text, cell in labels.drawn:
        assert cell.contains(text)


# -- many series ------------------------------------------------------------------------------

@pytest.mark.parametrize("theme", THEMES)
def test_26_languages_each_have_their_own_colour_and_dash_and_a_name_at_the_end(qtbot,
                                                                              theme):
    studio = StudioPlots()
    studio.setPalette(theme_palette(theme, QApplication.style().standardPalette()))
    shown(qtbot, studio, 860, 420)
    studio.start(LANGUAGES_26, 400)
    studio.add(studio_rows(LANGUAGES_26))
    studio.flush()
    settle(qtbot, studio)
    looks = {(curve.opts["pen"].color().name(), curve.opts["pen"].style())
             for curve in studio.curves}
    assert len(looks) == 26
    named = studio.end_labels.text_rects()
    assert sorted(name for name, _ in named) == sorted(LANGUAGES_26)
    rects = [studio.end_labels.mapRectToScene(rect) for _, rect in named]
    assert not text_rects_overlap(rects)
    data = studio.tokens.getPlotItem().vb.sceneBoundingRect()
    whole = studio.tokens.mapToScene(studio.tokens.viewport().rect()).boundingRect()
    for rect in rects:
        assert not rect.intersects(data) and whole.contains(rect)


def test_the_series_styles_never_repeat_within_32():
    from bpelens.app.gui.views.plot_theme import PlotInk

    for theme in THEMES:
        ink = PlotInk(theme, PALETTES[theme], QColor("#ffffff"), QColor("#000000"),
                      QColor("#555555"),
                      QColor("#777777"), 0.2)
        styles = {(ink.series(i).color.name(), ink.series(i).dash)
                  for i in range(len(PALETTES[theme].series) * len(DASHES))}
        assert len(styles) == len(PALETTES[theme].series) * len(DASHES)


def test_a_run_that_stops_early_ends_its_curves_next_to_their_names(qtbot):
    studio = shown(qtbot, StudioPlots(), 860, 420)
    studio.start(LANGUAGES_26[:6], 2000)  # asked for 2000 merges, learned 400
    studio.add(studio_rows(LANGUAGES_26[:6]))
    studio.finish()
    settle(qtbot, studio)
    (low, high), _ = studio.tokens.getViewBox().viewRange()
    assert low <= 0 and 400 <= high <= 420
    assert studio.end_labels.labels


def studio_of_26(qtbot):
    """The studio at 860 × 420 after 400 merges of 26 languages, laid out; and its rows."""
    studio = shown(qtbot, StudioPlots(), 860, 420)
    rows = studio_rows(LANGUAGES_26)
    studio.start(LANGUAGES_26, 400)
    studio.add(rows)
    studio.flush()
    settle(qtbot, studio)
    return studio, rows


def test_hovering_names_the_nearest_curve(qtbot):
    studio, rows = studio_of_26(qtbot)
    box = studio.tokens.getPlotItem().vb
    for language in ("hi", "en"):
        index = LANGUAGES_26.index(language)
        merge = 200
        scene = box.mapViewToScene(QPointF(merge, rows[merge][index]))
        QTest.mouseMove(studio.tokens.viewport(), studio.tokens.mapFromScene(scene))
        expected = f"{language}: {rows[merge][index]:,} dev tokens"
        qtbot.waitUntil(lambda expected=expected: studio.readout.text().startswith(expected))
        assert studio.end_labels.emphasis == language


def test_the_readout_names_where_the_pointer_stopped_after_two_quick_moves(qtbot):
    # pyqtgraph's scene drops a move within 10 ms of the one before: back-to-back moves here.
    studio, rows = studio_of_26(qtbot)
    box = studio.tokens.getPlotItem().vb
    for merge, language in ((100, "en"), (300, "id")):
        scene = box.mapViewToScene(QPointF(merge, rows[merge][LANGUAGES_26.index(language)]))
        QTest.mouseMove(studio.tokens.viewport(), studio.tokens.mapFromScene(scene))
    expected = f"id: {rows[300][LANGUAGES_26.index('id')]:,} dev tokens after 300 merges"
    qtbot.waitUntil(lambda: studio.readout.text().startswith(expected))


# -- themes -----------------------------------------------------------------------------------

def text_pairs(widget) -> list[tuple[str, str, str]]:
    """(what, text colour, page colour) of every text the plots draw."""
    pairs = []
    for plot in widget.plot_widgets():
        page = plot.backgroundBrush().color().name()
        item = plot.getPlotItem()
        for side in ("left", "bottom"):
            axis = item.getAxis(side)
            pairs.append((f"{side} ticks", axis.textPen().color().name(), page))
            pairs.append((f"{side} title", axis.label.defaultTextColor().name(), page))
        if item.titleLabel.isVisible():
            pairs.append(("title", QColor(item.titleLabel.opts["color"]).name(), page))
    if hasattr(widget, "key") and widget.key.entries:
        pairs.append(("key", widget.key.text_color.name(), widget.key.page.name()))
        pairs.append(("key page", widget.key.page.name(), page))  # the same page
    if isinstance(widget, RatioHeatmap):
        bar = widget.color_bar.axis
        pairs.append(("colour bar", bar.textPen().color().name(), page))
        pairs.append(("colour bar title", bar.label.defaultTextColor().name(), page))
    if isinstance(widget, StudioPlots):
        pairs += [(f"end {label.name}", label.color.name(), widget.end_labels.page.name())
                  for label in widget.end_labels.labels]
    return pairs


@pytest.mark.parametrize("theme", THEMES)
def test_plot_text_reads_on_its_page_in_every_theme(qtbot, two, theme):
    palette = theme_palette(theme, QApplication.style().standardPalette())
    target = PALETTES[theme].text_target
    widgets = [BarsPlot(), RatioHeatmap(), LorenzPlot(), StudioPlots(), TrainingPlots()]
    for widget in widgets:
        widget.setPalette(palette)
        shown(qtbot, widget, 800, 360)
    for widget in widgets[:3]:
        widget.show_comparison(two)
    widgets[3].start(LANGUAGES_26, 400)
    widgets[3].add(studio_rows(LANGUAGES_26))
    widgets[3].flush()
    widgets[4].set_data([9, 7, 5], [30, 25, 21, 18])
    page = palette.color(palette.ColorRole.Base).name()
    for widget in widgets:
        pairs = text_pairs(widget)
        assert len(pairs) >= 6
        for what, ink, ground in pairs:
            if what == "key page":
                assert ink == ground == page
                continue
            assert ground == page, (type(widget).__name__, what)
            assert contrast(ink, ground) >= target, (type(widget).__name__, what, ink, ground)


def test_a_theme_change_reaches_a_plot_on_screen(qtbot, two):
    lorenz = shown(qtbot, LorenzPlot(), 800, 360)
    lorenz.show_comparison(two)
    assert lorenz.plot.backgroundBrush().color().lightness() > 200
    lorenz.setPalette(theme_palette("dark", QApplication.style().standardPalette()))
    qtbot.waitUntil(lambda: lorenz.plot.backgroundBrush().color().lightness() < 60)
    assert lorenz.key.text_color.lightness() > 200
    assert lorenz.key.names()  # drawn again, key and all


# -- zoom -------------------------------------------------------------------------------------

def test_set_zoom_scales_text_and_lines_of_every_plot(qtbot, two):
    widgets = [BarsPlot(), RatioHeatmap(), LorenzPlot(), StudioPlots(), TrainingPlots()]
    for widget in widgets:
        shown(qtbot, widget, 800, 360)
    for widget in widgets[:3]:
        widget.show_comparison(two)
    widgets[3].start(LANGUAGES_26[:4], 400)
    widgets[3].add(studio_rows(LANGUAGES_26[:4]))
    widgets[3].flush()
    widgets[4].set_data([9, 7, 5], [30, 25, 21, 18])

    def sizes(widget):
        out = []
        for plot in widget.plot_widgets():
            item = plot.getPlotItem()
            for side in ("left", "bottom"):
                axis = item.getAxis(side)
                out += [axis.style["tickFont"].pixelSize(), axis.label.font().pixelSize(),
                        axis.pen().widthF()]
            out += [curve.opts["pen"].widthF() for curve in item.listDataItems()
                    if curve.opts["pen"] is not None]
            if item.titleLabel.isVisible():
                out.append(item.titleLabel.item.font().pixelSize())
        if hasattr(widget, "key"):
            out.append(widget.key.font.pixelSize())
        return out

    for widget in widgets:
        before = sizes(widget)
        widget.set_zoom(2.0)
        after = sizes(widget)
        assert len(after) == len(before) >= 7
        for one, two_ in zip(before, after, strict=True):
            assert two_ == pytest.approx(2 * one, abs=1.01), type(widget).__name__
        widget.set_zoom(1.0)
        assert sizes(widget) == before


# -- exports ----------------------------------------------------------------------------------

def ink_rows(image: QImage, rect: QRectF, page: QColor) -> list[int]:
    """The rows of ``rect`` in ``image`` with pixels far from the page's colour."""
    rows = []
    for y in range(max(0, int(rect.top())), min(image.height(), int(rect.bottom()) + 1)):
        for x in range(max(0, int(rect.left())), min(image.width(), int(rect.right()) + 1)):
            pixel = image.pixelColor(x, y)
            if abs(pixel.lightness() - page.lightness()) > 100:
                rows.append(y)
                break
    return rows


def test_a_png_export_has_the_size_asked_and_a_key_readable_on_a_slide(qtbot, four, tmp_path):
    lorenz = shown(qtbot, LorenzPlot(), 1000, 330)
    lorenz.show_comparison(four)
    done = lorenz.export_image(tmp_path / "lorenz.png", size=(1920, 1080), scale=2)
    image = QImage(str(tmp_path / "lorenz.png"))
    assert (image.width(), image.height()) == (done.width, done.height) == (3840, 2160)
    assert len(done.key_text) == len(four.tokenizers) + 1
    for rect in done.key_text:
        rows = ink_rows(image, rect, QColor("#ffffff"))
        assert rows, rect
        # a name's letters at least 1.5 % of the picture's height (a 9 pt legend on a
        # 2024×330 strip scaled onto a slide was well under 1 %)
        assert max(rows) - min(rows) + 1 >= 0.015 * image.height()
    # the screen's plot is untouched: its own size and zoom
    assert lorenz.zoom == 1.0 and lorenz.plot.width() <= 1000


def test_exports_at_screen_size_and_as_svg(qtbot, two, tmp_path):
    bars = shown(qtbot, BarsPlot(), 900, 330)
    bars.show_comparison(two)
    done = bars.export_image(tmp_path / "bars.png")  # as on screen, at 2×
    image = QImage(str(tmp_path / "bars.png"))
    assert (image.width(), image.height()) == (2 * bars.plot.width(), 2 * bars.plot.height())
    bars.export_image(tmp_path / "bars.svg", size=(1280, 720), scale=2)
    root = ET.parse(tmp_path / "bars.svg").getroot()
    assert root.get("viewBox") == "0 0 1280 720"
    texts = " ".join("".join(t.itertext()) for t in root.iter() if t.tag.endswith("text"))
    for name in DEMOS:
        assert name in texts
    assert done.width == 2 * bars.plot.width()


def answer_export_dialog(qtbot, size_index: int, scale: int, kind: str):
    """Fill in the export dialog when it opens (modal: answered from the event loop)."""
    answered = []

    def answer():
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, PlotExportDialog):
            QTimer.singleShot(10, answer)
            return
        dialog.size_box.setCurrentIndex(size_index)
        dialog.scale_box.setCurrentIndex(dialog.scale_box.findData(scale))
        dialog.format_box.setCurrentIndex(dialog.format_box.findData(kind))
        answered.append(dialog.result.text())
        dialog.accept()

    QTimer.singleShot(0, answer)
    return answered


def test_the_studio_and_playback_plots_export_through_the_dialog(qtbot, tmp_path,
                                                                 monkeypatch):
    studio = shown(qtbot, StudioPlots(), 860, 420)
    studio.start(LANGUAGES_26, 400)
    studio.add(studio_rows(LANGUAGES_26))
    studio.flush()
    training = shown(qtbot, TrainingPlots(), 800, 300)
    training.set_data([9, 7, 5], [30, 25, 21, 18])
    names = iter([(str(tmp_path / "studio"), ""), (str(tmp_path / "training"), "")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: next(names))
    answered = answer_export_dialog(qtbot, 1, 2, "png")  # 1280×720 at 2×
    studio.export_button.click()
    assert answered == ["A PNG of 2560 × 1440 pixels"]
    image = QImage(str(tmp_path / "studio.png"))
    assert (image.width(), image.height()) == (2560, 1440)
    assert studio.readout.text() == f"Saved {tmp_path / 'studio.png'}"
    saved = []
    training.exported.connect(saved.append)
    answer_export_dialog(qtbot, 0, 1, "svg")  # 1920×1080 as SVG
    training.export_button.click()
    root = ET.parse(tmp_path / "training.svg").getroot()
    assert root.get("viewBox") == "0 0 1920 1080"
    assert saved == [str(tmp_path / "training.svg")]


# -- the command line -------------------------------------------------------------------------

def test_render_compare_writes_the_plot_at_the_size_asked(tmp_path):
    out = tmp_path / "bars.png"
    done = bpelens("render", "--view", "compare", "-t", DEMOS[0], "-t", DEMOS[1], "--metric",
                   "tokens", "--size", "800x450", "--scale", "2", "-o", str(out))
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary | {"output": str(out), "view": "compare", "plot": "bars",
                      "metric": "tokens", "width": 1600, "height": 900,
                      "tokenizers": list(DEMOS), "reference": "en"} == summary
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1600, 900)
    out = tmp_path / "lorenz.svg"
    done = bpelens("render", "--view", "compare", "-t", DEMOS[0], "-t", DEMOS[1], "--plot",
                   "lorenz", "--theme", "dark", "-o", str(out))
    assert done.returncode == 0, done.stderr
    root = ET.parse(out).getroot()
    assert root.get("viewBox") == "0 0 1920 1080"
    texts = " ".join("".join(t.itertext()) for t in root.iter() if t.tag.endswith("text"))
    assert all(name in texts for name in DEMOS) and "Gini" in texts


@pytest.mark.parametrize("args, words", [
    (("--plot", "lorenz", "--metric", "tokens"), "--metric tokens"),
    (("--plot", "heatmap", "--metric", "tokens"), "ratio, mean_sentence_ratio"),
    (("--metric", "speed"), "--metric speed"),
    (("--size", "10x10"), "--size 10x10"),
    (("--size", "wide"), "--size wide"),
    (("--text", "hello"), "--text"),
    (("--encoding", "o200k_base"), "FILE@ENCODING"),
    (("--corpus", "no/such/corpus.tsv"), "no/such/corpus.tsv"),
])
def test_render_compare_refuses_bad_options_in_one_line(tmp_path, args, words):
    done = bpelens("render", "--view", "compare", "-t", DEMOS[0], *args, "-o",
                   str(tmp_path / "x.png"))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert words in lines[-1] and "Traceback" not in done.stderr
    assert not (tmp_path / "x.png").exists()


def test_render_of_a_text_still_needs_its_text(tmp_path):
    done = bpelens("render", "-t", DEMOS[0], "-o", str(tmp_path / "x.svg"))
    assert done.returncode == 2 and "--text" in done.stderr
