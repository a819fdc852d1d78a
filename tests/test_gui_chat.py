"""The Chat tab, driven through its widgets: a conversation typed into its cards (non-ASCII
included) goes through the template off the GUI thread; what it shows is checked against the
tokenizer itself (the ids decode to the rendered text, each message's count is its text
encoded alone, every marker is a special token); the model's own template comes first (a
GGUF's, read here with ggml's reader); a template that raises, JSON that does not parse and a
file that is not a conversation are one line each, and the conversation survives a restart."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from bpelens.app.demo_data import load_demo
from bpelens.app.gui.views.chat_view import EDITED, GENERIC_PREFIX, SAMPLE
from bpelens.core import save_hf_json

from conftest import SHARED_DATA, needs_shared_data
from test_gui_main_window import DEMO, type_text, window_factory

QWEN_GGUF = SHARED_DATA / "tokenizers" / "gguf" / "ggml-vocab-qwen2.gguf"


@pytest.fixture
def make_window(qtbot, tmp_path):
    return window_factory(qtbot, tmp_path)


def open_chat(window, qtbot):
    window.show_view("chat")
    chat = window.views["chat"]
    qtbot.waitUntil(lambda: chat.result is not None and not chat.runner.busy)
    return chat


def settled_result(chat, qtbot):
    """The result of the latest request (typing starts a timer, then a job)."""
    qtbot.waitUntil(lambda: not chat.timer.isActive() and not chat.runner.busy
                    and chat.result is not None and chat.rendered_for == chat.runner.generation)
    return chat.result


def test_the_sample_goes_through_the_generic_chatml_template(make_window, qtbot):
    window = make_window()
    chat = open_chat(window, qtbot)
    tokenizer = load_demo(DEMO)
    assert chat.current_key() == GENERIC_PREFIX + "chatml"  # the demo has no template
    assert "no chat template" in chat.note.text()
    result = chat.result
    assert tokenizer.decode(list(result.ids)) == result.text
    assert [m.role for m in result.messages] == [m["role"] for m in SAMPLE]
    for message, sample in zip(result.messages, SAMPLE, strict=True):
        assert result.text[message.char_start:message.char_end] == sample["content"]
        assert message.tokens == len(tokenizer.encode(sample["content"]).ids)
    # Every marker is one special token: <|im_start|> and <|im_end|> per message.
    assert [token for _a, _b, token, _id in result.specials] == \
        ["<|im_start|>", "<|im_end|>"] * len(SAMPLE)
    assert result.overhead == len(result.ids) - sum(m.tokens for m in result.messages)
    assert f"{len(result.ids):,} tokens" in chat.summary.text()
    assert f"adds {result.overhead:,}" in chat.summary.text()
    table = chat.table
    assert table.rowCount() == len(SAMPLE) + 2
    assert [table.item(r, 2).text() for r in range(len(SAMPLE))] == \
        [f"{m.tokens:,}" for m in result.messages]
    assert table.item(len(SAMPLE) + 1, 2).text() == f"{len(result.ids):,}"


def test_typing_in_a_card_renders_again_and_the_conversation_outlives_the_window(
        make_window, qtbot, tmp_path):
    window = make_window()
    chat = open_chat(window, qtbot)
    before = chat.result
    QTest.mouseClick(chat.messages.add_button, Qt.MouseButton.LeftButton)
    card = chat.messages.cards[-1]
    assert card.role.currentText() == "assistant"  # the turn after a user's
    typed = "はい 🙂 مرحبا"
    card.text.setFocus()
    type_text(card.text, typed)
    result = settled_result(chat, qtbot)
    assert result is not before
    assert result.messages[-1].role == "assistant"
    last = result.messages[-1]
    assert result.text[last.char_start:last.char_end] == typed
    assert last.tokens == len(load_demo(DEMO).encode(typed).ids)
    window.close()

    again = window_factory(qtbot, tmp_path)()
    chat = open_chat(again, qtbot)
    assert [card.text.toPlainText() for card in chat.messages.cards][-1] == typed
    assert len(chat.messages.cards) == len(SAMPLE) + 1


def test_a_message_picked_in_the_table_is_selected_and_copies_as_rendered(make_window, qtbot):
    window = make_window()
    chat = open_chat(window, qtbot)
    chat.messages.set_conversation(
        [{"role": "user", "content": "😀 first, with an emoji"},
         {"role": "assistant", "content": "second\non two lines"}], None)
    result = settled_result(chat, qtbot)
    chat.table.selectRow(1)
    selected = chat.rendered.textCursor().selectedText()
    # Qt writes a line break in a selection as U+2029; the box shows ↵ before it.
    assert selected.replace("\u2029", "\n").replace("↵\n", "\n") == "second\non two lines"
    chat.rendered.selectAll()
    assert chat.rendered.createMimeDataFromSelection().text() == result.text


def test_show_in_the_main_view_puts_the_rendered_text_in_the_box(make_window, qtbot):
    window = make_window()
    chat = open_chat(window, qtbot)
    QTest.mouseClick(chat.to_main_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.editor.toPlainText() == chat.result.text)
    assert window.tab_keys[window.tabs.currentIndex()] == "layers"
    qtbot.waitUntil(lambda: window.table is not None and window.table.text == chat.result.text)
    assert list(window.table.ids) == list(chat.result.ids)  # the main view agrees, id for id


def test_a_template_that_raises_is_one_line_and_the_tab_keeps_working(make_window, qtbot):
    window = make_window()
    chat = open_chat(window, qtbot)
    chat.edit_template.setChecked(True)
    assert chat.template_text.isVisible()
    chat.template_text.setPlainText("{{ raise_exception('no system messages here') }}")
    qtbot.waitUntil(lambda: chat.problem.isVisible())
    assert chat.current_key() == EDITED
    assert "no system messages here" in chat.problem.text()
    assert "\n" not in chat.problem.text()
    chat.template_text.setPlainText("{% for m in messages %}[{{ m.role }}] {{ m.content }}\n"
                                    "{% endfor %}")
    result = settled_result(chat, qtbot)
    assert not chat.problem.isVisible()
    assert result.text.startswith("[system] You are a concise assistant.")
    assert result.specials == ()


def test_json_that_is_no_conversation_keeps_its_tab_and_says_where(make_window, qtbot):
    window = make_window()
    chat = open_chat(window, qtbot)
    editor = chat.messages
    editor.forms.setCurrentIndex(1)
    data = json.loads(editor.json_text.toPlainText())
    assert data == SAMPLE  # the cards, written out
    editor.json_text.setPlainText('[{"role": "user", "content": "hi"},]')
    qtbot.waitUntil(lambda: chat.problem.isVisible())
    assert "line 1" in chat.problem.text()
    editor.forms.setCurrentIndex(0)
    assert editor.forms.currentIndex() == 1  # stays, as typed
    assert editor.json_text.toPlainText() == '[{"role": "user", "content": "hi"},]'
    assert "line 1" in editor.json_problem.text()
    calls = [{"type": "function", "function": {"name": "weather", "arguments": {"city": "Kyoto"}}}]
    editor.json_text.setPlainText(json.dumps({
        "messages": [{"role": "user", "content": "天気は？"},
                     {"role": "assistant", "content": None, "tool_calls": calls}],
        "tools": [{"type": "function", "function": {"name": "weather"}}]}))
    editor.forms.setCurrentIndex(0)
    assert editor.forms.currentIndex() == 0
    assert [card.role.currentText() for card in editor.cards] == ["user", "assistant"]
    assert "tool_calls" in editor.cards[1].findChildren(type(chat.note))[-1].text()
    messages, tools = editor.conversation()
    assert messages[1] == {"role": "assistant", "content": None, "tool_calls": calls}
    assert tools == [{"type": "function", "function": {"name": "weather"}}]
    result = settled_result(chat, qtbot)
    assert '"name": "weather"' in result.text  # the generic template writes the call


def test_conversations_save_and_open_and_a_bad_file_is_one_line(make_window, qtbot, tmp_path):
    window = make_window()
    chat = open_chat(window, qtbot)
    path = tmp_path / "conv.json"
    assert chat.write_conversation(path)
    assert json.loads(path.read_text(encoding="utf-8")) == SAMPLE
    bad = tmp_path / "bad.json"
    bad.write_text('{"messages": [{"content": "no role"}]}', encoding="utf-8")
    assert not chat.load_conversation(bad)
    assert str(bad) in chat.problem.text() and "messages[0]" in chat.problem.text()
    assert len(chat.messages.cards) == len(SAMPLE)  # what was there stays
    other = tmp_path / "other.json"
    other.write_text(json.dumps([{"role": "user", "content": "short"}]), encoding="utf-8")
    assert chat.load_conversation(other)
    result = settled_result(chat, qtbot)
    assert [m.role for m in result.messages] == ["user"]


def test_a_model_folder_with_a_broken_config_is_said_and_the_generic_template_stays(
        make_window, qtbot, tmp_path):
    folder = tmp_path / "model"
    folder.mkdir()
    save_hf_json(load_demo(DEMO), folder / "tokenizer.json")
    (folder / "tokenizer_config.json").write_text('{"chat_template": 3}', encoding="utf-8")
    window = make_window()
    window.open_path(str(folder / "tokenizer.json"))
    qtbot.waitUntil(lambda: window.tokenizer is not None
                    and window.tokenizer.source is not None
                    and str(folder) in str(window.tokenizer.source.path))
    chat = open_chat(window, qtbot)
    qtbot.waitUntil(lambda: "could not be read" in chat.note.text())
    assert "tokenizer_config.json" in chat.note.text()
    assert chat.current_key() == GENERIC_PREFIX + "chatml"


@needs_shared_data
def test_a_ggufs_own_template_comes_first_and_its_markers_are_special(make_window, qtbot):
    import gguf

    field = gguf.GGUFReader(str(QWEN_GGUF)).fields["tokenizer.chat_template"]
    expected = bytes(field.parts[field.data[0]]).decode("utf-8")
    window = make_window()
    window.open_path(str(QWEN_GGUF))
    qtbot.waitUntil(lambda: window.tokenizer is not None
                    and window.tokenizer.source is not None
                    and window.tokenizer.source.path.endswith("qwen2.gguf"))
    chat = open_chat(window, qtbot)
    qtbot.waitUntil(lambda: chat.current_key() == "default")
    assert chat.current_template() == expected
    chat.edit_template.setChecked(True)
    assert chat.template_text.toPlainText() == expected
    assert "qwen2.gguf" in chat.note.text()
    result = settled_result(chat, qtbot)
    assert result.specials and {t for _a, _b, t, _i in result.specials} <= {
        "<|im_start|>", "<|im_end|>", "<|endoftext|>"}
    assert window.tokenizer.decode(list(result.ids)) == result.text
    # The generic template is offered after it.
    assert chat.template_box.itemData(1) == GENERIC_PREFIX + "chatml"



def test_a_lone_surrogate_is_refused_and_the_edited_template_outlives_the_window(
        make_window, qtbot, tmp_path):
    window = make_window()
    chat = open_chat(window, qtbot)
    editor = chat.messages
    editor.forms.setCurrentIndex(1)
    editor.json_text.setPlainText('[{"role": "user", "content": "a \\ud800 b"}, '
                                  '{"role": "assistant"}]')
    qtbot.waitUntil(lambda: chat.problem.isVisible())
    assert "lone surrogate (U+D800)" in chat.problem.text()
    assert not chat.write_conversation(tmp_path / "conv.json")
    assert "could not save" in chat.problem.text()
    editor.json_text.setPlainText('[{"role": "user", "content": "hi"}, {"role": "assistant"}]')
    editor.forms.setCurrentIndex(0)
    # A message without "content" stays without it (templates test `is defined`).
    assert editor.conversation()[0] == [{"role": "user", "content": "hi"},
                                        {"role": "assistant"}]
    chat.template_text.setPlainText("{% for m in messages %}{{ m.role }};{% endfor %}")
    result = settled_result(chat, qtbot)
    assert result.text == "user;assistant;"
    window.close()

    again = window_factory(qtbot, tmp_path)()
    chat = open_chat(again, qtbot)
    assert chat.current_key() == EDITED
    assert chat.result.text == "user;assistant;"


def test_colours_change_only_between_grapheme_clusters(make_window, qtbot):
    # Qt shapes each format's range apart: a token boundary inside नमस्ते or 👍🏽 must not
    # start a new format, or the vowel sign lands on a dotted circle.
    import regex

    window = make_window()
    chat = open_chat(window, qtbot)
    chat.messages.set_conversation([{"role": "user", "content": "नमस्ते 👍🏽 👨‍👩‍👧 مرحبا"}], None)
    result = settled_result(chat, qtbot)
    inside = {chat.positions[i] for m in regex.finditer(r"\X", result.text)
              for i in range(m.start() + 1, m.end())}
    starts = set()
    block = chat.rendered.document().begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            starts.add(it.fragment().position())
            it += 1
        block = block.next()
    assert len(starts) > 5  # the tokens are coloured apart…
    assert not starts & inside  # …but never inside a cluster


def test_appending_turns_is_checked_with_every_render(make_window, qtbot):
    """The turns line says whether appending turn by turn gives the conversation's ids, as
    check_turns (tested against transformers) finds: fine with ChatML, broken by a template
    that drops an earlier answer's reasoning."""
    from bpelens.core import check_turns

    window = make_window()
    chat = open_chat(window, qtbot)
    assert chat.turns_check is not None and chat.turns_check.first_failure is None
    assert "extends the one before" in chat.turns.text()
    messages = [{"role": "user", "content": "2+2?"},
                {"role": "assistant", "content": "<think>add</think> 4"},
                {"role": "user", "content": "and 3+3?"}]
    chat.messages.set_conversation(messages, None)
    chat.edit_template.setChecked(True)
    template = ("{% for m in messages %}{{ m.role }}: {% if m.role == 'assistant' and not "
                "loop.last %}{{ m.content.split('</think>')[-1] }}{% else %}{{ m.content }}"
                "{% endif %}\n{% endfor %}")
    chat.template_text.setPlainText(template)
    settled_result(chat, qtbot)
    expected = check_turns(load_demo(DEMO), template, messages)
    first = expected.first_failure
    assert (first.shorter, first.longer, first.text_extends) == (2, 3, False)
    assert chat.turns_check == expected
    assert "messages 1–2 → 1–3" in chat.turns.text()
    assert f"differs from character {first.char_difference}" in chat.turns.text()
    assert "<think>" in chat.turns.toolTip()
