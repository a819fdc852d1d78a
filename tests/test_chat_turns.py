"""Turns that re-tokenize: each step against transformers' apply_chat_template of the same
prefixes (run in the reference venv), and the two ways a conversation stops growing by
appending — a template that renders earlier turns otherwise, a seam whose tokens merge."""

from __future__ import annotations

import json

from test_chat_templates import QWEN_GGUF, QWEN_JSON, conversations, transformers_answers

from bpelens.core import check_turns, open_tokenizer

from cli_helpers import bpelens
from conftest import needs_shared_data

# Like Qwen3's: an earlier assistant turn loses its reasoning once a user turn follows.
DROPS_REASONING = (
    "{% for m in messages %}<|im_start|>{{ m.role }}\n"
    "{% if m.role == 'assistant' and not loop.last %}{{ m.content.split('</think>')[-1] | trim }}"
    "{% else %}{{ m.content }}{% endif %}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}")
# No separator between turns: the end of one and the start of the next can merge.
SEAMLESS = "{% for m in messages %}{{ m.content }}{% endfor %}"


def _extends(a: list[int], b: list[int]) -> bool:
    return b[:len(a)] == a


@needs_shared_data
def test_each_step_as_transformers_renders_and_encodes_it():
    qwen = open_tokenizer(QWEN_JSON)
    gguf_template = open_tokenizer(QWEN_GGUF).chat_templates["default"]
    cases = []
    for template in (gguf_template, DROPS_REASONING, SEAMLESS):
        for messages in conversations(6, seed=7):
            if sum(m["role"] == "assistant" for m in messages):
                for m in messages:
                    if m["role"] == "assistant":
                        m["content"] = "<think>\nplan\n</think>\n\n" + m["content"]
            cases.append((template, messages))
    requests, where = [], []
    for case, (template, messages) in enumerate(cases):
        for count in range(1, len(messages) + 1):
            for prompt in (False, True):
                where.append((case, count, prompt))
                requests.append({"tokenizer_file": str(QWEN_JSON), "special_tokens": {},
                                 "template": template, "messages": messages[:count],
                                 "add_generation_prompt": prompt, "tools": None})
    answers = dict(zip(where, transformers_answers(requests), strict=True))
    failures = 0
    for case, (template, messages) in enumerate(cases):
        result = check_turns(qwen, template, messages)
        expected = []
        for longer in range(2, len(messages) + 1):
            full = answers[(case, longer, False)]
            pairs = [(answers[(case, longer - 1, True)], "generation")] if messages[
                longer - 1]["role"] == "assistant" else []
            pairs.append((answers[(case, longer - 1, False)], "turn"))
            for short, kind in pairs:
                expected.append((kind, longer - 1, longer,
                                 full["text"].startswith(short["text"]),
                                 _extends(short["ids"], full["ids"]),
                                 len(short["ids"]), len(full["ids"])))
        got = [(s.kind, s.shorter, s.longer, s.text_extends, s.ids_extend, s.shorter_tokens,
                s.longer_tokens) for s in result.steps]
        assert got == expected, messages
        failures += sum(not s.ok for s in result.steps)
    assert failures > 0  # the reasoning-dropping and seamless templates do fail somewhere


def test_a_template_that_drops_reasoning_breaks_the_text():
    tokenizer = _demo()
    messages = [{"role": "user", "content": "2+2?"},
                {"role": "assistant", "content": "<think>add</think> 4"},
                {"role": "user", "content": "and 3+3?"}]
    result = check_turns(tokenizer, DROPS_REASONING, messages)
    first = result.first_failure
    assert (first.kind, first.shorter, first.longer) == ("turn", 2, 3)
    assert not first.text_extends and first.char_difference is not None
    assert "<think>" in first.before and "<think>" not in first.after
    # The step before it (the generation prompt and the answer) is fine.
    assert all(s.ok for s in result.steps[:2])


def test_a_seam_that_merges_breaks_the_ids():
    tokenizer = _demo()
    messages = [{"role": "user", "content": "Hello "}, {"role": "assistant", "content": "world"}]
    result = check_turns(tokenizer, SEAMLESS, messages)
    step = result.steps[-1]
    assert step.text_extends and not step.ids_extend
    expected = tokenizer.encode_ids("Hello ")
    assert step.token_difference == len(expected) - 1  # the space joins "world"
    assert step.shorter_ids[0] == expected[-1]


def test_cli_turns(tmp_path):
    conversation = tmp_path / "c.json"
    conversation.write_text(json.dumps([
        {"role": "user", "content": "Hello "}, {"role": "assistant", "content": "world"}]),
        encoding="utf-8")
    run = bpelens("chat", "-t", "demo-multilingual-byte", "--template", "chatml",
                  "--messages", str(conversation), "--turns")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["extends"] is True and [s["kind"] for s in data["steps"]] == [
        "generation", "turn"]
    run = bpelens("chat", "-t", "demo-multilingual-byte", "--template", "chatml",
                  "--messages", str(conversation), "--turns", "--format", "table")
    assert run.returncode == 0 and "1 → 2" in run.stdout


def _demo():
    from bpelens.app.demo_data import load_demo

    return load_demo("demo-multilingual-byte")
