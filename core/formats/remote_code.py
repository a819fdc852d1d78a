"""A rank file whose model ships its tokenizer as Python code ("remote code": Kimi K2's
``tiktoken.model`` beside ``tokenization_kimi.py``). ``tokenizer_config.json``'s ``auto_map``
names the module and class; the class's ``pat_str`` and ``num_reserved_special_tokens`` are
read from the module's source as literals — the file is parsed, never run — and the special
tokens are laid out as such classes do: ids from the end of the ranks on, each named by
``added_tokens_decoder`` or ``<|reserved_token_{id}|>``."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bpelens.core.messages import Message

from ..errors import TokenizerFileError
from ..models.base import MAX_TOKEN_ID
from .file_io import parse_json_file, read_utf8

CONFIG = "tokenizer_config.json"
MOST_RESERVED = 1 << 20  # a class reserving more special ids than this is not believed


class UnreadableModule(Exception):
    """The folder names a tokenizer module whose pattern cannot be read without running it
    (or that is not there): the rank file opens the other ways, with this said in a note."""

    def __init__(self, message: Message) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class RemoteCodeTokenizer:
    pattern: str
    special_tokens: dict[str, int]
    module: Path  # the file the pattern was read from
    class_name: str


def remote_code_beside(rank_file: Path, base_tokens: int) -> RemoteCodeTokenizer | None:
    """The pattern and special tokens of the model folder around ``rank_file`` (with
    ``base_tokens`` ranks), if its config names a tokenizer class in a file beside it."""
    folder = rank_file.parent
    config_path = folder / CONFIG
    if not config_path.is_file():
        return None
    config = parse_json_file(config_path)
    if not isinstance(config, dict):
        return None
    target = _auto_tokenizer(config)
    if target is None:
        return None
    module_name, class_name = target
    module = folder / f"{module_name}.py"
    if not module.is_file():
        raise UnreadableModule(Message(
            "{config}'s auto_map names {module}.{cls}, but {file} is not beside it",
            config=CONFIG, module=module_name, cls=class_name, file=module.name))
    values = _class_literals(module, class_name, ("pat_str", "num_reserved_special_tokens"))
    pattern = values.get("pat_str")
    if not isinstance(pattern, str) or not pattern:
        raise UnreadableModule(Message(
            "{file}: {cls} has no pat_str written as text (BPE Lens reads the file, never "
            "runs it)", file=module.name, cls=class_name))
    reserved = values.get("num_reserved_special_tokens", 0)
    if not isinstance(reserved, int) or not 0 <= reserved <= MOST_RESERVED:
        raise TokenizerFileError(str(module), Message(
            "{cls}.num_reserved_special_tokens must be a whole number from 0 to {most:,}",
            cls=class_name, most=MOST_RESERVED))
    named = _added_tokens(config_path, config.get("added_tokens_decoder"))
    specials: dict[str, int] = {}
    for tid in range(base_tokens, base_tokens + reserved):
        specials.setdefault(named.get(tid, f"<|reserved_token_{tid}|>"), tid)
    for tid, content in named.items():  # named ones outside the reserved block too
        if tid >= base_tokens:
            specials.setdefault(content, tid)
    return RemoteCodeTokenizer(pattern, specials, module, class_name)


def _auto_tokenizer(config: dict[str, Any]) -> tuple[str, str] | None:
    auto_map = config.get("auto_map")
    entry = auto_map.get("AutoTokenizer") if isinstance(auto_map, dict) else None
    names = entry if isinstance(entry, list) else [entry]
    for name in names:
        # "module.Class"; a hub reference ("owner/repo--module.Class") is not beside the file.
        if isinstance(name, str) and "--" not in name and name.count(".") == 1:
            module, cls = name.split(".")
            if module.isidentifier() and cls.isidentifier():
                return module, cls
    return None


def _added_tokens(path: Path, value: Any) -> dict[int, str]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TokenizerFileError(str(path), "added_tokens_decoder must be an object of "
                                 "{\"id\": {\"content\": …}}")
    out: dict[int, str] = {}
    for key, entry in value.items():
        if not (isinstance(key, str) and key.isascii() and key.isdigit()
                and int(key) <= MAX_TOKEN_ID
                and isinstance(entry, dict) and isinstance(entry.get("content"), str)
                and entry["content"]):
            raise TokenizerFileError(str(path), Message(
                "added_tokens_decoder[{key!r}] must be an id and {{\"content\": text}}",
                key=str(key)[:40]))
        out[int(key)] = entry["content"]
    return out


def _class_literals(module: Path, class_name: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The values assigned to ``names`` in class ``class_name`` of ``module`` (at the top
    level of the module when the class does not assign them), where they are literals."""
    try:
        tree = ast.parse(read_utf8(module), filename=str(module))
    except (TokenizerFileError, SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise UnreadableModule(Message("{file} is not Python that parses ({reason})",
                                       file=module.name, reason=str(exc)[:120])) from None
    scopes = [node.body for node in tree.body
              if isinstance(node, ast.ClassDef) and node.name == class_name]
    if not scopes:
        raise UnreadableModule(Message("{file} has no class {cls} (auto_map names it)",
                                       file=module.name, cls=class_name))
    found: dict[str, Any] = {}
    # The class's own assignment wins over the module's; within one, the last (as Python).
    for body in (tree.body, *scopes):
        for statement in body:
            target, value = _assignment(statement)
            if target in names:
                try:
                    found[target] = _literal(value)
                except ValueError:
                    raise UnreadableModule(Message(
                        "{file}: {cls}.{name} is computed, not written out (BPE Lens reads "
                        "the file, never runs it)", file=module.name, cls=class_name,
                        name=target)) from None
    return found


def _assignment(statement: ast.stmt) -> tuple[str | None, ast.expr | None]:
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
            statement.targets[0], ast.Name):
        return statement.targets[0].id, statement.value
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) and (
            statement.value is not None):
        return statement.target.id, statement.value
    return None, None


def _literal(node: ast.expr | None) -> Any:
    """Text and numbers written out, joined with ``+`` or ``"sep".join([...])``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str | int) and not isinstance(
            node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        value = _literal(node.operand)
        if isinstance(value, int):
            return -value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left), _literal(node.right)
        if isinstance(left, str) and isinstance(right, str):
            return left + right
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "join" and len(node.args) == 1 and not node.keywords
            and isinstance(node.args[0], ast.List | ast.Tuple)):
        separator = _literal(node.func.value)
        parts = [_literal(item) for item in node.args[0].elts]
        if isinstance(separator, str) and all(isinstance(p, str) for p in parts):
            return separator.join(parts)
    raise ValueError("not a literal")
