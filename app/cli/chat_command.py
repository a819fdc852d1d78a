"""`bpelens chat -t TOKENIZER --messages conv.json`: a conversation through the model's chat
template and tokenizer, as JSON or as a table."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bpelens.core import (
    GENERIC_TEMPLATES,
    chat_templates_of,
    check_turns,
    encode_chat,
    split_conversation,
)

from .cli_i18n import translate
from .columns import table
from .errors import CliError
from .tokenizer_argument import open_cli_tokenizer


def run(args: argparse.Namespace) -> int:
    tokenizer = open_cli_tokenizer(args)
    found = chat_templates_of(tokenizer)
    # The model's own template of that name first; BPE Lens's generic ones (chatml) after.
    template = found.templates.get(args.template, GENERIC_TEMPLATES.get(args.template))
    if not found.templates and template is None:
        raise CliError(translate("Cli", "-t: {name} has no chat template (none in the file, "
                                 "no tokenizer_config.json or chat_template.jinja beside "
                                 "it); --template chatml uses a generic ChatML one").format(
            name=tokenizer.name or args.tokenizer))
    if template is None:
        raise CliError(translate("Cli", "--template: {name!r} is not one of this model's "
                                 "templates ({names}) nor a generic one ({generic})").format(
            name=args.template, names=", ".join(found.templates),
            generic=", ".join(GENERIC_TEMPLATES)))
    messages, tools = split_conversation(_conversation(Path(args.messages).expanduser()))
    if args.turns:
        return _turns(tokenizer, template, messages, tools, found.special_tokens, args.format)
    result = encode_chat(tokenizer, template, messages, template_name=args.template,
                         add_generation_prompt=args.add_generation_prompt, tools=tools,
                         special_tokens=found.special_tokens)
    if args.format == "json":
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    rows = [["#", translate("CliChat", "role"), translate("CliChat", "tokens"),
             translate("CliChat", "characters")]]
    for message in result.messages:
        rows.append([str(message.index), message.role, f"{message.tokens:,}",
                     "—" if message.char_start < 0 else
                     f"{message.char_start}–{message.char_end}"])
    rows.append(["", translate("CliChat", "template"), f"{result.overhead:,}", ""])
    rows.append(["", translate("CliChat", "in all"), f"{len(result.ids):,}", ""])
    print("\n".join(table(rows, right=(2,))))
    return 0


def _turns(tokenizer, template: str, messages, tools, special_tokens, form: str) -> int:
    result = check_turns(tokenizer, template, messages, tools=tools,
                         special_tokens=special_tokens)
    if form == "json":
        print(json.dumps(result.to_json(), ensure_ascii=False))
        return 0
    rows = [[translate("CliChat", "step"), translate("CliChat", "role"),
             translate("CliChat", "tokens"), translate("CliChat", "extends")]]
    for step in result.steps:
        what = (translate("CliChat", "{a} → {b} messages") if step.kind == "turn" else
                translate("CliChat", "{a} + generation prompt → {b}")).format(
                    a=step.shorter, b=step.longer)
        verdict = (translate("CliChat", "yes") if step.ok else
                   translate("CliChat", "ids differ at token {i}").format(i=step.token_difference)
                   if step.text_extends else
                   translate("CliChat", "text differs at character {i}").format(
                       i=step.char_difference))
        rows.append([what, step.role, f"{step.shorter_tokens:,} → {step.longer_tokens:,}",
                     verdict])
    print("\n".join(table(rows, right=(2,))))
    first = result.first_failure
    if first is not None:
        print(translate("CliChat", "first: {before!r}\n   vs: {after!r}").format(
            before=first.before, after=first.after))
    return 0


def _conversation(path: Path) -> object:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(translate("Cli", "--messages {path}: cannot read it ({reason})").format(
            path=path, reason=getattr(exc, "strerror", None) or exc)) from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise CliError(translate("Cli", "--messages {path}: not JSON (line {line}: {reason})")
                       .format(path=path, line=getattr(exc, "lineno", "?"),
                               reason=getattr(exc, "msg", exc))) from None
