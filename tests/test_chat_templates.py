"""Chat templates: rendered text and ids equal ``transformers``' ``apply_chat_template`` (run
in the reference venv, as transformers needs a newer ``regex`` than BPE Lens pins) on the
real template of a GGUF and on generated conversations and templates; where each message's
tokens are; the templates found beside a tokenizer; and templates that raise, loop or reach
outside the sandbox stopped with a one-line message."""

from __future__ import annotations

import json
import os
import random
import subprocess
from pathlib import Path

import pytest

from bpelens.core import (
    ChatTemplateError,
    chat_templates_of,
    encode_chat,
    open_tokenizer,
    render_chat,
)

from cli_helpers import bpelens
from conftest import HANG_SECONDS, SHARED_DATA, needs_shared_data

REPO = Path(__file__).resolve().parent.parent
QWEN_JSON = SHARED_DATA / "tokenizers" / "hf" / "qwen3.tokenizer.json"
QWEN_GGUF = SHARED_DATA / "tokenizers" / "gguf" / "ggml-vocab-qwen2.gguf"


def reference_python() -> str:
    """The reference venv's interpreter (.ci/run makes it; BPELENS_REFERENCE_PYTHON names
    another)."""
    named = os.environ.get("BPELENS_REFERENCE_PYTHON")
    path = Path(named) if named else REPO / ".venv-reference" / "bin" / "python"
    assert path.exists(), (f"{path} is missing: .ci/run makes it (python3 -m venv "
                           ".venv-reference && .venv-reference/bin/pip install transformers)")
    return str(path)


def transformers_answers(requests: list[dict]) -> list[dict]:
    done = subprocess.run(
        [reference_python(), str(REPO / "tests" / "transformers_reference_worker.py")],
        input="".join(json.dumps(r, ensure_ascii=False) + "\n" for r in requests),
        capture_output=True, text=True, encoding="utf-8", timeout=HANG_SECONDS)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


TEMPLATES = {
    "plain": "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}<|im_end|>\n"
             "{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}",
    "blocks": "{%- for message in messages %}\n  {%- if message.role == 'system' %}\n"
              "<|im_start|>system\n{{ message.content | trim }}<|im_end|>\n  {%- else %}\n"
              "<|im_start|>{{ message.role }}\n{{ message.content }}<|im_end|>\n"
              "  {%- endif %}\n{%- endfor %}\n"
              "{%- if add_generation_prompt %}<|im_start|>assistant\n{% endif %}\n",
    "tools": "{% if tools %}<|im_start|>system\n{% for t in tools %}{{ t | tojson }}\n"
             "{% endfor %}<|im_end|>\n{% endif %}{% for m in messages %}"
             "{% if loop.index0 > 4 %}{% break %}{% endif %}<|im_start|>{{ m.role }}\n"
             "{% if m.tool_calls %}{% for c in m.tool_calls %}<tool_call>"
             "{{ c.function | tojson(indent=1) }}</tool_call>{% endfor %}"
             "{% else %}{{ m.content }}{% endif %}<|im_end|>\n{% endfor %}",
}
WORDS = ["Hello", "こんにちは", "नमस्ते", "مرحبا", "🙂👍🏽", "  two  spaces ", "line\nbreak",
         "<|im_end|>", "naïve café", "x" * 30, "{{ not a template }}", "\"quoted\""]


def conversations(count: int, seed: int) -> list[list[dict]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        roles = (["system"] if rng.random() < 0.5 else []) + [
            rng.choice(["user", "assistant"]) for _ in range(rng.randint(1, 5))]
        out.append([{"role": role, "content": " ".join(rng.choice(WORDS) for _ in range(
            rng.randint(1, 4)))} for role in roles])
    return out


@needs_shared_data
def test_rendered_text_and_ids_equal_transformers():
    qwen = open_tokenizer(QWEN_JSON)
    gguf_template = open_tokenizer(QWEN_GGUF).chat_templates["default"]
    templates = {**TEMPLATES, "qwen2.gguf": gguf_template}
    tools = [{"type": "function", "function": {"name": "get_weather", "parameters": {
        "city": {"type": "string", "description": "都市"}}}}]
    cases = []
    for name, template in templates.items():
        for index, messages in enumerate(conversations(12, seed=len(name))):
            if name == "tools" and index % 3 == 0:
                messages = [*messages, {"role": "assistant", "content": None, "tool_calls": [
                    {"type": "function", "function": {"name": "get_weather",
                                                      "arguments": {"city": "東京"}}}]}]
            cases.append((name, template, messages, index % 2 == 0,
                          tools if name == "tools" else None))
    answers = transformers_answers([
        {"tokenizer_file": str(QWEN_JSON), "special_tokens": {}, "template": template,
         "messages": messages, "add_generation_prompt": prompt, "tools": tools}
        for _, template, messages, prompt, tools in cases])
    assert len(answers) == len(cases) > 40
    for (name, template, messages, prompt, tools), answer in zip(cases, answers, strict=True):
        assert "error" not in answer, (name, answer)
        ours = encode_chat(qwen, template, messages, add_generation_prompt=prompt, tools=tools)
        assert ours.text == answer["text"], (name, messages)
        assert list(ours.ids) == answer["ids"], (name, messages)


@needs_shared_data
def test_where_each_message_goes():
    qwen = open_tokenizer(QWEN_GGUF)
    messages = [{"role": "system", "content": "Be brief."},
                {"role": "user", "content": "こんにちは"}]
    result = encode_chat(qwen, qwen.chat_templates["default"], messages,
                         add_generation_prompt=True)
    system, user = result.messages
    assert result.text[system.char_start:system.char_end] == "Be brief."
    assert result.text[user.char_start:user.char_end] == "こんにちは"
    assert user.tokens == len(qwen.encode_ids("こんにちは"))
    assert result.overhead == len(result.ids) - system.tokens - user.tokens > 0
    assert [t for _, _, t, _ in result.specials].count("<|im_start|>") == 3
    assert result.per_role() == {"system": system.tokens, "user": user.tokens}


def test_templates_beside_a_tokenizer(tmp_path):
    (tmp_path / "tokenizer_config.json").write_text(json.dumps({
        "chat_template": [{"name": "default", "template": "{{ bos_token }}A"},
                          {"name": "tool_use", "template": "B"}],
        "bos_token": {"content": "<s>"}}), encoding="utf-8")
    (tmp_path / "additional_chat_templates").mkdir()
    (tmp_path / "additional_chat_templates" / "rag.jinja").write_text("C", encoding="utf-8")
    from bpelens.app.demo_data import load_demo
    from bpelens.core import Origin

    tokenizer = load_demo("demo-english-char")
    tokenizer.source = Origin("tokenizer.json", str(tmp_path / "tokenizer.json"))
    found = chat_templates_of(tokenizer)
    assert found.templates == {"default": "{{ bos_token }}A", "tool_use": "B", "rag": "C"}
    assert render_chat(found.templates["default"], [], special_tokens=found.special_tokens) == \
        "<s>A"
    (tmp_path / "chat_template.jinja").write_text("D\n", encoding="utf-8")
    assert chat_templates_of(tokenizer).templates["default"] == "D\n"


@pytest.mark.parametrize(("template", "words", "seconds"), [
    ("{{ raise_exception('no system role') }}", "the template raised: no system role",
     HANG_SECONDS),
    ("{% for m in messages %}", "does not compile", HANG_SECONDS),
    ("{{ messages.__class__.__mro__ }}", "failed", HANG_SECONDS),
    ("{{ messages.append(1) }}", "failed", HANG_SECONDS),
    # 10¹⁰ steps: stopped at its limit (a short one here; the limit is what is tested)
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
     "was stopped", 2),
])
def test_a_bad_template_is_one_line(template, words, seconds):
    with pytest.raises(ChatTemplateError) as raised:
        render_chat(template, [{"role": "user", "content": "hi"}], seconds=seconds)
    assert words in str(raised.value) and "\n" not in str(raised.value)


@needs_shared_data
def test_bpelens_chat(tmp_path):
    conversation = tmp_path / "conv.json"
    conversation.write_text(json.dumps([{"role": "user", "content": "Hi"}]), encoding="utf-8")
    done = bpelens("chat", "-t", str(QWEN_GGUF), "--messages", str(conversation),
                   "--add-generation-prompt")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["text"].endswith("<|im_start|>assistant\n") and answer["overhead"] > 0
    table = bpelens("chat", "-t", str(QWEN_GGUF), "--messages", str(conversation), "--format",
                    "table")
    assert "user" in table.stdout and "template" in table.stdout
    bad = bpelens("chat", "-t", "demo-english-char", "--messages", str(conversation))
    assert bad.returncode == 2 and "no chat template" in bad.stderr
    assert "--template chatml" in bad.stderr  # and says what to do
    # A model without a template, through the generic ChatML one: its markers are the demo's
    # special tokens, and the ids are the rendered text's.
    generic = bpelens("chat", "-t", "demo-multilingual-byte", "--messages", str(conversation),
                      "--template", "chatml", "--add-generation-prompt")
    assert generic.returncode == 0, generic.stderr
    answer = json.loads(generic.stdout)
    assert answer["text"] == "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n"
    from bpelens.app.demo_data import load_demo

    demo = load_demo("demo-multilingual-byte")
    assert answer["ids"] == list(demo.encode(answer["text"]).ids)
    assert [s["token"] for s in answer["specials"]] == ["<|im_start|>", "<|im_end|>",
                                                        "<|im_start|>"]
    unknown = bpelens("chat", "-t", str(QWEN_GGUF), "--messages", str(conversation),
                      "--template", "llama9")
    assert unknown.returncode == 2 and "not one of this model's templates (default) nor a " \
        "generic one (chatml)" in unknown.stderr

