"""Where a model keeps its chat templates, as ``transformers`` looks for them: the
``chat_template`` of ``tokenizer_config.json`` (one template, or a list of named ones),
``chat_template.jinja`` (the default, preferred to the config's) and
``additional_chat_templates/NAME.jinja``; a GGUF file keeps them in its header. Also the
special tokens a template refers to (``bos_token``, ``eos_token`` …)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import TokenizerFileError
from ..formats.file_io import parse_json_file, read_utf8

CONFIG = "tokenizer_config.json"
SPECIAL_NAMES = ("bos_token", "eos_token", "unk_token", "pad_token", "sep_token", "cls_token",
                 "mask_token")


@dataclass(frozen=True)
class ChatTemplates:
    templates: dict[str, str] = field(default_factory=dict)  # "default" and named ones
    special_tokens: dict[str, str] = field(default_factory=dict)  # bos_token → "<s>"
    source: str = ""  # where they were read


def templates_in_folder(folder: Path) -> ChatTemplates:
    """The chat templates of the model folder ``folder`` (none when it has none)."""
    templates: dict[str, str] = {}
    specials: dict[str, str] = {}
    config_path = folder / CONFIG
    if config_path.is_file():
        config = parse_json_file(config_path)
        if not isinstance(config, dict):
            raise TokenizerFileError(str(config_path), "must be a JSON object")
        templates.update(_config_templates(config_path, config.get("chat_template")))
        for name in SPECIAL_NAMES:
            value = config.get(name)
            if isinstance(value, dict):
                value = value.get("content")
            if isinstance(value, str):
                specials[name] = value
    default = folder / "chat_template.jinja"
    if default.is_file():
        templates["default"] = read_utf8(default)
    extra = folder / "additional_chat_templates"
    if extra.is_dir():
        for path in sorted(extra.glob("*.jinja")):
            templates[path.stem] = read_utf8(path)
    return ChatTemplates(templates, specials, str(folder))


def _config_templates(path: Path, value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if isinstance(value, str):
        return {"default": value}
    if isinstance(value, list):
        out = {}
        for index, entry in enumerate(value):
            if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
                    and isinstance(entry.get("template"), str)):
                raise TokenizerFileError(str(path), Message(
                    "chat_template[{index}] must be {{\"name\": …, \"template\": …}}",
                    index=index))
            out[entry["name"]] = entry["template"]
        return out
    raise TokenizerFileError(str(path), "chat_template must be a template (text) or a list "
                             "of {\"name\", \"template\"}")


def chat_templates_of(tokenizer: Any) -> ChatTemplates:
    """The templates that came with ``tokenizer``: in its file (GGUF), else beside it."""
    if tokenizer.chat_templates:
        source = tokenizer.source.path if tokenizer.source else ""
        return ChatTemplates(dict(tokenizer.chat_templates), dict(tokenizer.chat_tokens),
                             source)
    path = Path(tokenizer.source.path) if tokenizer.source and tokenizer.source.path else None
    if path is None:
        return ChatTemplates()
    folder = path if path.is_dir() else path.parent
    return templates_in_folder(folder) if folder.is_dir() else ChatTemplates()
