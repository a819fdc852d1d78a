"""Templates BPE Lens offers when a tokenizer came without one, written for this project.
ChatML is the common shape (``<|im_start|>role`` … ``<|im_end|>``): a tokenizer that has those
special tokens shows what a ChatML model would see, one that lacks them shows their cost as
plain text."""

from __future__ import annotations

# Text parts of a multimodal content list are joined; tool calls are written one JSON object a
# line, inside the assistant's turn.
CHATML = (
    "{%- for message in messages -%}"
    "{{ '<|im_start|>' + message['role'] + '\\n' }}"
    "{%- if message['content'] is string -%}{{ message['content'] }}"
    "{%- elif message['content'] is iterable -%}"
    "{%- for part in message['content'] -%}"
    "{%- if part['type'] == 'text' -%}{{ part['text'] }}{%- endif -%}"
    "{%- endfor -%}"
    "{%- endif -%}"
    "{%- for call in message.get('tool_calls') or [] -%}"
    "{{ ('\\n' if message['content'] or not loop.first else '') + (call | tojson) }}"
    "{%- endfor -%}"
    "{{ '<|im_end|>\\n' }}"
    "{%- endfor -%}"
    "{%- if add_generation_prompt -%}{{ '<|im_start|>assistant\\n' }}{%- endif -%}"
)

GENERIC_TEMPLATES: dict[str, str] = {"chatml": CHATML}
