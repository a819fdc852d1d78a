"""``-t TOKENIZER``: a file or folder (any format ``open_tokenizer`` reads), or a bundled demo
by name (``-t demo-english-char``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from bpelens.core import Tokenizer, localize, open_tokenizer
from bpelens.resources import DEMO_TOKENIZERS

from .cli_i18n import translate
from .errors import CliError, closest, say


def open_cli_tokenizer(args: argparse.Namespace) -> Tokenizer:
    """The tokenizer ``-t`` names; what loading noticed (ids a file declares otherwise than
    its library gives them, say) is a note on stderr."""
    tokenizer = _open(args)
    for note in tokenizer.load_notes:
        say(translate("Cli", "bpelens: note: {note}").format(note=localize(note)))
    return tokenizer


def _open(args: argparse.Namespace) -> Tokenizer:
    return open_spec(args.tokenizer, getattr(args, "encoding", None),
                     getattr(args, "pattern", None))


def _split_encoding(spec: str) -> tuple[str, str | None]:
    if "@" in spec and not _exists(Path(spec).expanduser()):
        head, _, tail = spec.rpartition("@")
        if head and tail:
            return head, tail
    return spec, None


def check_named_tokenizer(spec: str) -> None:
    """What can be known of a ``-t`` without reading it: the file or folder is there, or it
    is a bundled demo's name (reading it may still find it bad)."""
    path_spec, _ = _split_encoding(spec)
    if _exists(Path(path_spec).expanduser()) or path_spec in DEMO_TOKENIZERS:
        return
    if _looks_like_demo(path_spec):
        raise CliError(_no_demo(spec, path_spec))
    raise CliError(translate("Cli", "-t {spec}: no such file or folder").format(spec=spec))


def _no_demo(spec: str, name: str) -> str:
    guess = closest(name, DEMO_TOKENIZERS)
    hint = translate("Cli", "did you mean {guess}? ").format(guess=guess) if guess else ""
    return translate("Cli", "-t {spec}: no such file or folder, nor a bundled demo ({hint}demos: "
                     "{demos})").format(spec=spec, hint=hint, demos=", ".join(DEMO_TOKENIZERS))


def open_named_tokenizer(spec: str) -> Tokenizer:
    """One of several ``-t`` (``bpelens compare``): a file or folder, a bundled demo, or
    ``FILE@ENCODING`` for a .tiktoken file whose encoding its name and hash do not say
    (``o200k_base.tiktoken@o200k_harmony``). Notes go to stderr."""
    spec, encoding = _split_encoding(spec)
    tokenizer = open_spec(spec, encoding, None)
    for note in tokenizer.load_notes:
        say(translate("Cli", "bpelens: note: {note}").format(note=f"-t {spec}: {localize(note)}"))
    return tokenizer


def open_spec(spec: str, encoding: str | None, pattern: str | None) -> Tokenizer:
    path = Path(spec).expanduser()
    # A file of that name wins: a demo name is only a name when nothing is there.
    if not _exists(path):
        if spec in DEMO_TOKENIZERS:
            if encoding is not None or pattern is not None:
                raise CliError(translate("Cli", "-t {spec} is a bundled demo tokenizer: "
                                         "--encoding and --pattern are for .tiktoken rank "
                                         "files").format(spec=spec))
            from bpelens.app.demo_data import load_demo

            return load_demo(spec)
        if _looks_like_demo(spec):
            raise CliError(_no_demo(spec, spec))
    return open_tokenizer(path, encoding=encoding, pattern=pattern)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL byte
        return False


def _looks_like_demo(spec: str) -> bool:
    name = Path(spec).name.lower()
    return "demo" in name or closest(name, DEMO_TOKENIZERS) is not None
