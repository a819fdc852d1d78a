"""Merge playback and training playback, driven through the real widgets of the window: the
seeds' walk-throughs step by step, forward and back, from the keyboard and the buttons; real
tokenizers (Qwen3's `like` and `Pyxis`, an o200k derivation tree); training playback of seed
000's table and seed 001's walk-through."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bpelens.core import BPEModel, Tokenizer, save_tokenizer, visible

from conftest import SHARED_DATA, needs_shared_data
from test_gui_main_window import window_factory

SEED_RULES = [(1, 7, 10), (10, 8, 11), (3, 5, 12), (12, 9, 13)]  # es, est, lo, low


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def saved(tmp_path, name: str, tokenizer: Tokenizer) -> str:
    path = tmp_path / f"{name}.json"
    save_tokenizer(tokenizer, path)
    return str(path)


def seed_file(tmp_path) -> str:
    model = BPEModel(level="char", alphabet="deilnorstw", merges=SEED_RULES)
    return saved(tmp_path, "seed", Tokenizer(model, pretokenizer="whitespace"))


def open_playback(window, qtbot):
    window.show_view("playback")
    view = window.views["playback"]
    qtbot.waitUntil(lambda: view.playback is not None and window.settled())
    return view


def rows(view) -> list[list[str]]:
    return [[chip.label for chip in group] for group in view.canvas.groups]


def marked(view, mark: str) -> list[str]:
    return [c.label for g in view.canvas.groups for c in g if c.mark == mark]


def test_seed_000_lowest_step_by_step_forward_and_back(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    view = open_playback(window, qtbot)
    assert view.controls.count == 4 and view.position == 0
    assert rows(view) == [list("lowest")]
    expected = [["l", "o", "w", "es", "t"], ["l", "o", "w", "est"], ["lo", "w", "est"],
                ["low", "est"]]
    made = ["es", "est", "lo", "low"]
    for k in range(4):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        assert view.position == k + 1
        assert rows(view)[-1] == expected[k]  # the newest state on the last row
        assert len(rows(view)) == k + 2  # every state so far, one row each
        assert marked(view, "merged")[-1] == made[k]  # just merged, in orange
        assert f"rank {k}" in view.info.text()
    assert "Done: 2 tokens" in view.info.text() and "(low, est)" in view.info.text()
    assert view.table_title.text().startswith("Where merging stopped")
    assert [c.token_id for c in view.canvas.groups[-1]] == [13, 11]
    qtbot.keyClick(view, Qt.Key.Key_Right)  # past the end: stays
    assert view.position == 4
    for k in (3, 2, 1, 0):
        qtbot.keyClick(view, Qt.Key.Key_Left)
        assert view.position == k
        assert rows(view)[-1] == ([list("lowest"), *expected])[k]
    # before the first step both e+s (rank 0) and l+o (rank 2) are present; e+s goes first
    assert [view.table.item(r, 0).text() for r in range(view.table.rowCount())] == ["0", "2"]
    assert [c.label for c in view.canvas.groups[-1] if c.next_pair] == ["e", "s"]
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert view.position == 4
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.position == 0
    view.controls.end_button.click()
    assert view.position == 4
    view.controls.start_button.click()
    view.controls.forward_button.click()
    assert view.position == 1
    view.controls.slider.setValue(3)  # the scrubber
    assert view.position == 3 and rows(view)[-1] == ["lo", "w", "est"]


def test_play_runs_to_the_end_and_space_pauses(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    view = open_playback(window, qtbot)
    view.controls.speed.setCurrentIndex(view.controls.speed.count() - 1)  # the fastest
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert view.controls.playing
    qtbot.waitUntil(lambda: view.position == 4 and not view.controls.playing)
    qtbot.keyClick(view, Qt.Key.Key_Space)  # at the end: plays again from the start
    assert view.controls.playing
    qtbot.keyClick(view, Qt.Key.Key_Space)
    assert not view.controls.playing
    paused_at = view.position
    QApplication.processEvents()  # what was on its way arrives; a step of a timer left
    assert view.position == paused_at and not view.controls.timer.isActive()  # running, too


def test_the_place_is_kept_across_views(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    view = open_playback(window, qtbot)
    view.controls.go(2)
    window.show_view("layers")
    window.show_view("training")
    window.show_view("playback")
    assert view.position == 2 and rows(view)[-1] == ["l", "o", "w", "est"]


def test_abcd_lowest_rank_first(make_window, qtbot, tmp_path):
    model = BPEModel(level="char", alphabet="abcd", merges=[(1, 2, 4), (0, 1, 5), (2, 3, 6)])
    window = make_window(tokenizer_path=saved(tmp_path, "abcd", Tokenizer(model)), text="abcd")
    view = open_playback(window, qtbot)
    assert [view.table.item(r, 1).text() for r in range(3)] == ["b + c", "a + b", "c + d"]
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert rows(view)[-1] == ["a", "bc", "d"] and view.controls.count == 1
    assert marked(view, "stopped") == ["a", "d"]  # bc is orange: just merged
    assert [view.table.item(r, 1).text() for r in range(2)] == ["a + bc", "bc + d"]


def test_a_rule_present_twice_is_one_row_with_its_count(make_window, qtbot, tmp_path):
    model = BPEModel(level="char", alphabet="a", merges=[(0, 0, 1)])
    window = make_window(tokenizer_path=saved(tmp_path, "aa", Tokenizer(model)), text="aaaa")
    view = open_playback(window, qtbot)
    assert view.table.rowCount() == 1
    assert [view.table.item(0, c).text() for c in (1, 2, 4)] == ["a + a", "aa", "3"]
    assert [c.next_pair for c in view.canvas.groups[-1]] == [True, True, False, False]


def test_whole_text_order_applies_a_rank_everywhere(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest newest lower")
    view = open_playback(window, qtbot)
    view.order_box.setCurrentIndex(view.order_box.findData("text"))
    assert view.controls.count == 4 and view.position == 0
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert marked(view, "merged") == ["es", "es"]  # in lowest and newest at once
    assert "applied 2× in 2 pieces" in view.info.text()
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert rows(view) == [["low", "est"], ["n", "e", "w", "est"], ["low", "e", "r"]]


@needs_shared_data
def test_the_vocabulary_spelling_option_relabels_every_chip(make_window, qtbot):
    window = make_window(tokenizer_path=str(SHARED_DATA / "tokenizers" / "hf" /
                                            "qwen3.tokenizer.json"),
                         text="lowest newest lower widest")  # byte level: Ġ when spelled
    view = open_playback(window, qtbot)
    view.order_box.setCurrentIndex(view.order_box.findData("text"))
    qtbot.keyClick(view, Qt.Key.Key_Right)
    window.spelling_action.setChecked(True)  # View → vocabulary spelling
    qtbot.keyClick(view, Qt.Key.Key_Right)  # one step on: untouched pieces relabelled too
    spelled = window.tokenizer.id_to_token
    labels = [[c.label for c in g] for g in view.canvas.groups]
    assert labels == [[visible(spelled(c.token_id)) for c in g] for g in view.canvas.groups]
    assert any(label.startswith("Ġ") for row in labels for label in row)


def test_a_chip_opens_its_derivation_tree(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    view = open_playback(window, qtbot)
    qtbot.keyClick(view, Qt.Key.Key_End)
    rect = view.canvas.chip_rect(len(view.canvas.groups) - 1, 0)  # "low"
    qtbot.mouseDClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    dialog = window.derivation
    qtbot.waitUntil(dialog.isVisible)
    assert [p.node.label for p in dialog.tree_view.placed] == ["l", "o", "lo", "w", "low"]
    assert "2 merges from 3 symbols" in dialog.heading.text()
    assert "no merge joins (low, est)" in dialog.why.text()


def test_the_layers_view_menu_asks_for_a_derivation(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    with qtbot.waitSignal(window.session.derivation_wanted) as got:
        window.layers.derivation_requested.emit(1)  # what its right-click menu emits
    assert got.args[0] == 11 and "no merge joins (low, est)" in got.args[1]
    assert window.derivation.isVisible()
    assert window.derivation.tree.label == "est"


@needs_shared_data
def test_wordpiece_says_what_it_does_instead(make_window, qtbot):
    path = SHARED_DATA / "tokenizers" / "hf" / "bert-base-uncased-minilm.tokenizer.json"
    window = make_window(tokenizer_path=str(path), text="unaffable")
    view = open_playback(window, qtbot)
    assert "longest" in view.info.text() and view.controls.count == 0


# -- real tokenizers ---------------------------------------------------------------------


@needs_shared_data
def test_qwen3_like_and_hello_pyxis(make_window, qtbot):
    window = make_window(tokenizer_path=str(SHARED_DATA / "tokenizers" / "hf" /
                                            "qwen3.tokenizer.json"), text="like")
    view = open_playback(window, qtbot)
    view.controls.to_end()
    infos = []
    for k in (1, 2, 3):
        view.controls.go(k)
        infos.append(view.info.text())
    assert "(k, e) → ke — rank 184" in infos[0]
    assert "(l, i) → li — rank 486" in infos[1]
    assert "(li, ke) → like — rank 4547" in infos[2]
    window.editor.setPlainText("Hello, Pyxis!")
    qtbot.waitUntil(lambda: window.settled() and view.playback is not None
                    and view.playback.encoding.text == "Hello, Pyxis!")
    window.session.select(2)  # the token ĠPy: its piece plays
    assert view.piece().text == " Pyxis"
    view.controls.to_end()
    assert view.table_title.text().startswith("Where merging stopped")
    assert view.table.item(0, 1).text() == "·Py + xis" and view.table.item(0, 2).text() == (
        "not a merge")


@needs_shared_data
def test_o200k_derivation_tree_in_the_dialog(make_window, qtbot):
    from fidelity_helpers import tiktoken_reference

    word = " understanding"
    window = make_window(tokenizer_path=str(SHARED_DATA / "tokenizers" / "tiktoken" /
                                            "o200k_base.tiktoken"), text=word)
    view = open_playback(window, qtbot)
    view.controls.to_end()
    rect = view.canvas.chip_rect(len(view.canvas.groups) - 1, 0)
    qtbot.mouseDClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    dialog = window.derivation
    qtbot.waitUntil(dialog.isVisible)
    ranks = tiktoken_reference("o200k_base")._mergeable_ranks
    placed = dialog.tree_view.placed
    root = placed[-1].node
    assert root.id == ranks[word.encode()] and root.rule.rank == ranks[word.encode()]
    assert "tiktoken looks a piece up whole" in view.info.text()  # it is one token
    leaves = [p.node for p in placed if p.children is None]
    assert b"".join(window.tokenizer.token_bytes(n.id) for n in leaves) == word.encode()
    assert all(ranks[window.tokenizer.token_bytes(n.id)] == n.id for n in leaves)


# -- training playback -------------------------------------------------------------------


def open_training(window, qtbot, key: str):
    window.show_view("training")
    view = window.views["training"]
    view.corpus_box.setCurrentIndex(view.corpus_box.findData(key))
    view.train_button.click()
    qtbot.waitUntil(lambda: view.playback is not None and not view.runner.busy)
    return view


def pair_rows(view) -> list[tuple[str, str, str]]:
    return [tuple(view.pairs.item(r, c).text() for c in range(3))
            for r in range(view.pairs.rowCount())]


def test_training_playback_seed_000_table(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    view = open_training(window, qtbot, "seed-000")
    assert view.controls.count == 4
    seen = []
    for _k in range(1, 5):
        qtbot.keyClick(view, Qt.Key.Key_Right)
        seen.append(view.info.text())
    assert [s.split("(rank ")[1].split(")")[0] for s in seen] == ["0", "1", "2", "3"]
    assert [s.split(" — ")[1].split(",")[0] for s in seen] == [
        "new id 10", "new id 11", "new id 12", "new id 13"]
    assert [s.split("seen ")[1].split(" ")[0] for s in seen] == ["9", "9", "7", "7"]
    assert [view.vocab.item(i).text() for i in range(view.vocab.count())] == [
        "13  low", "12  lo", "11  est", "10  es"]
    assert view.plots.count_curve.getData()[1].tolist() == [9, 9, 7, 7]
    assert view.plots.length_curve.getData()[1].tolist() == [79, 70, 61, 54, 47]
    assert view.plots.count_cursor.value() == 4
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert pair_rows(view)[0] == ("e + s", "9", "merged next")
    assert pair_rows(view)[1] == ("s + t", "9", "tied: the tie rule passed it over")
    words = {"".join(c.label for c in g): (g[0].caption, [c.label for c in g])
             for g in view.words.groups}
    assert words == {"newest": ("×6", list("newest")), "low": ("×5", list("low")),
                     "widest": ("×3", list("widest")), "lower": ("×2", list("lower"))}


def test_training_playback_seed_001_walk_through(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    view = open_training(window, qtbot, "seed-001")
    assert view.controls.count == 8
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert [view.vocab.item(i).text().split("  ")[1] for i in range(8)][::-1] == [
        "es", "est", "est</w>", "lo", "low", "ne", "new", "newest</w>"]
    words = {"".join(c.label for c in g): [c.label for c in g] for g in view.words.groups}
    assert words["newest</w>"] == ["newest</w>"]
    assert words["low</w>"] == ["low", "</w>"]
    qtbot.keyClick(view, Qt.Key.Key_Home)
    # first-occurrence ties: e+s and s+t both occur 9 times; e+s is seen first
    assert pair_rows(view)[:2] == [("e + s", "9", "merged next"),
                                   ("s + t", "9", "tied: the tie rule passed it over")]
    assert "seen first" in view.pairs_title.text()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert pair_rows(view)[0][0] == "est + </w>"
    made = {"".join(c.label for c in g): [c.label for c in g if c.mark == "merged"]
            for g in view.words.groups}
    assert made == {"newest</w>": ["est"], "widest</w>": ["est"], "low</w>": [],
                    "lower</w>": []}


def test_the_piece_under_the_editor_cursor_plays(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest newest")
    view = open_playback(window, qtbot)
    assert view.piece().text == "lowest"
    cursor = window.editor.textCursor()
    cursor.setPosition(len("lowest ne"))
    window.editor.setTextCursor(cursor)
    assert view.piece().text == "newest" and view.position == 0


def test_a_file_trained_with_trace_top_plays_back(make_window, qtbot, tmp_path):
    from bpelens.core import TrainingConfig, train

    from test_training import SEED_000

    result = train(SEED_000, TrainingConfig(vocab_size=14, level="char",
                                            pretokenizer="whitespace"), trace_top=3)
    path = tmp_path / "traced.json"
    save_tokenizer(result.tokenizer, path)
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    window.show_view("training")
    view = window.views["training"]
    view.train(path)
    qtbot.waitUntil(lambda: view.playback is not None and not view.runner.busy)
    assert view.controls.count == 4
    assert pair_rows(view) == [("e + s", "9", "merged next"),
                               ("s + t", "9", "tied: the tie rule passed it over"),
                               ("w + e", "8", "")]  # lower×2 + newest×6


def test_a_file_without_a_trace_says_so(make_window, qtbot, tmp_path):
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    window.show_view("training")
    view = window.views["training"]
    view.train(tmp_path / "seed.json")  # saved without training
    qtbot.waitUntil(lambda: not view.runner.busy and "Could not" in view.status.text())
    assert "no training record" in view.status.text() and "--trace-top" in view.status.text()


@needs_shared_data
def test_the_derivation_dialog_says_the_count_once_and_captions_id_and_rank(make_window, qtbot):
    window = make_window(tokenizer_path=str(SHARED_DATA / "tokenizers" / "hf" /
                                            "qwen3.tokenizer.json"), text="Hello, Pyxis!")
    view = open_playback(window, qtbot)
    window.session.select(2)  # ĠPy: its piece " Pyxis" ends as several tokens
    view.controls.to_end()
    count = len(view.piece().final_ids)
    assert count > 1
    rect = view.canvas.chip_rect(len(view.canvas.groups) - 1, 0)
    qtbot.mouseDClick(view.canvas, Qt.MouseButton.LeftButton, pos=rect.center().toPoint())
    dialog = window.derivation
    qtbot.waitUntil(dialog.isVisible)
    why = dialog.why.text()
    assert f"ends as {count} tokens: merging stopped" in why
    assert why.count(f"{count} tokens") == 1, why
    captions = {p.node.id: dialog.tree_view.caption(p.node) for p in dialog.tree_view.placed}
    for p in dialog.tree_view.placed:
        node = p.node
        expected = (f"id {node.id} · rank {node.rule.rank}" if node.rule is not None
                    else f"id {node.id}")
        assert captions[node.id] == expected
    assert any(p.node.rule is not None for p in dialog.tree_view.placed)


def test_superbpe_plays_back_with_its_stage_switch(make_window, qtbot, tmp_path):
    """The trainer box offers SuperBPE with boxes made from its options; the playback shows
    where stage 2 begins, on both plots and in the step's text, and marks superword merges
    where the trainer's own record puts them."""
    corpus = tmp_path / "phrases.txt"
    corpus.write_text("the cat sat on the mat\nof the cat: yes\nin the end of the day\n" * 40,
                      encoding="utf-8")
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    window.show_view("training")
    view = window.views["training"]
    choice = view.trainer_choice
    choice.box.setCurrentIndex(choice.box.findData("superbpe"))
    transition = choice.fields[("superbpe", "transition")][1]
    view.corpus_box.setCurrentIndex(view.corpus_box.findData("demo"))  # 500 merges
    assert transition.isVisibleTo(view) and transition.value() == 256 + 500 * 3 // 4
    transition.setValue(290)
    choice.fields[("superbpe", "max_words")][1].setValue(3)
    view.train(corpus)
    qtbot.waitUntil(lambda: view.playback is not None and not view.runner.busy)
    playback = view.playback
    record = playback.record
    assert record.config["trainer"] == "superbpe"
    assert record.config["trainer_options"] == {"transition": 290, "max_words": 3,
                                                "stage2_mb": 100.0}
    switch = playback.stage_switch
    # Stage 1 ends at the transition, or earlier when the words have no pair left to merge.
    assert switch == record.config["superbpe"]["stage_switch"]
    assert switch == 290 - 256 or (switch < 290 - 256 and record.config["superbpe"][
        "stage1_stop_reason"] in ("min_frequency", "no_pairs"))
    plots = view.plots
    assert all(line.isVisible() and line.value() == switch + 0.5 for line in plots.stage_lines)
    model = playback.tokenizer.model
    made = [model.token_bytes[m.new_id] for m in playback.merges]
    expected = [i + 1 for i, data in enumerate(made) if i >= switch and b" " in data.lstrip(b" ")]
    assert expected and plots.superword_steps == expected
    assert all(len([w for w in data.split(b" ") if w]) <= 3 for data in made[switch:])
    view.controls.go(expected[0])
    assert "stage 2" in view.info.text() and "several words" in view.info.text()
    assert "(superword)" in view.vocab.item(0).text()
    view.controls.go(switch)
    assert "stage 1" in view.info.text()
    # Back to classic: the next playback has no stage line.
    choice.box.setCurrentIndex(choice.box.findData("classic"))
    assert not transition.isVisibleTo(view)
    view.train(corpus)
    qtbot.waitUntil(lambda: view.playback is not playback and not view.runner.busy)
    assert view.playback.stage_switch is None
    assert not any(line.isVisible() for line in plots.stage_lines)


def test_picky_bpe_plays_back_its_removals(make_window, qtbot, tmp_path):
    """Picky BPE from the trainer box: a step that removed tokens says which and into what
    they were split; the words show the split; the vocabulary no longer lists them."""
    corpus = tmp_path / "words.txt"
    corpus.write_text("lower lowest newer newest wider widest\n" * 40, encoding="utf-8")
    window = make_window(tokenizer_path=seed_file(tmp_path), text="lowest")
    window.show_view("training")
    view = window.views["training"]
    choice = view.trainer_choice
    choice.box.setCurrentIndex(choice.box.findData("picky"))
    threshold = choice.fields[("picky", "ios_threshold")][1]
    assert threshold.isVisibleTo(view) and threshold.value() == 0.9
    threshold.setValue(0.6)
    view.corpus_box.setCurrentIndex(view.corpus_box.findData("demo"))
    view.train(corpus)
    qtbot.waitUntil(lambda: view.playback is not None and not view.runner.busy)
    playback = view.playback
    assert playback.record.config["trainer_options"] == {"ios_threshold": 0.6}
    model = playback.tokenizer.model
    after, token, parts = model.removals[0]
    assert view.plots.removal_steps == sorted({a for a, _, _ in model.removals})
    xs, ys = view.plots.removal_marks.getData()
    assert list(xs) == view.plots.removal_steps
    assert set(ys) == {min(playback.corpus_lengths())}  # a rug along the bottom
    view.controls.go(after)
    text = view.info.text()
    label = model.token_label(token)
    assert "removed" in text and label.strip() in text
    assert all(model.token_label(p).strip() in text for p in parts)
    listed = [view.vocab.item(i).text() for i in range(view.vocab.count())]
    assert not any(item.startswith(f"{token} ") for item in listed)
    view.controls.go(after - 1)
    listed = [view.vocab.item(i).text() for i in range(view.vocab.count())]
    assert any(item.startswith(f"{token} ") for item in listed)
    # A token split down to many parts is said short.
    label = lambda t: model.token_label(t)  # noqa: E731
    assert view._parts_text(tuple(range(97, 107)), label) == "a + b + c + … + j, 10 parts"
    assert view._parts_text((97, 98), label) == "a + b"
    # The words follow the removals: at the end each is what the model encodes it to.
    view.controls.go(playback.steps)
    for word in playback.words_at(playback.steps):
        assert list(word.ids) == model.encode_piece(word.text)


def test_the_trainer_options_wrap_instead_of_widening_the_window(make_window, qtbot):
    """SuperBPE's three option boxes in one line are wider than a narrow window: the line
    wraps (each label beside its box) and the view still fits 700 pixels."""
    window = make_window()
    window.show_view("training")
    view = window.views["training"]
    choice = view.trainer_choice
    choice.box.setCurrentIndex(choice.box.findData("superbpe"))
    assert view.minimumSizeHint().width() <= 700
    window.resize(700, 800)
    qtbot.waitUntil(lambda: window.width() <= 720)
    pairs = [choice.pairs[("superbpe", name)] for name in
             ("transition", "max_words", "stage2_mb")]
    qtbot.waitUntil(lambda: all(p.isVisible() for p in pairs))
    tops = {p.geometry().top() for p in pairs}
    assert len(tops) >= 2  # wrapped
    for pair in pairs:  # inside the widget, none over another
        assert choice.rect().contains(pair.geometry())
    rects = [p.geometry() for p in pairs]
    assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    window.resize(1600, 800)
    qtbot.waitUntil(lambda: len({p.geometry().top() for p in pairs}) == 1)
