"""Open any tokenizer BPE Lens reads, from a file or a folder, recognising its format.

* ``*.tiktoken`` rank files (the encoding recognised by name or hash, or named);
* Hugging Face ``tokenizer.json``;
* ``vocab.json`` + ``merges.txt`` and ``encoder.json`` + ``vocab.bpe`` (either file given);
* SentencePiece ``*.model`` files (``tokenizer.model``);
* BPE Lens's own files;
* a folder holding any of these — a model folder, or a Hugging Face cache entry
  (``models--org--name``, whose newest snapshot is used).
"""

from __future__ import annotations

from pathlib import Path

from bpelens.core.messages import Message

from ..errors import TokenizerFileError
from ..pipeline.tokenizer import Tokenizer
from .file_io import read_head
from .gpt2_files import PAIRS
from .registry import FORMATS, FileFormat, recognise

# The options a format may take, as the interfaces spell them in messages.
_OPTION_NAMES = {"encoding": "encoding=NAME", "pattern": "pattern=REGEX"}


def open_tokenizer(
    path: str | Path, *, encoding: str | None = None, pattern: str | None = None
) -> Tokenizer:
    """Load the tokenizer at ``path`` (file or folder), whatever its format: the content
    says which (a rank file named ``tokenizer.model`` is a rank file)."""
    path = Path(path).expanduser()
    if not path.exists():
        raise TokenizerFileError(str(path), "no such file or folder")
    if path.is_dir():
        return open_tokenizer(find_in_folder(path), encoding=encoding, pattern=pattern)
    if not path.is_file():
        raise TokenizerFileError(str(path), "not a regular file (a pipe or a device would be "
                                 "read without end); give a tokenizer file")
    file_format = file_format_of(path)
    options = {k: v for k, v in (("encoding", encoding), ("pattern", pattern)) if v is not None}
    for option in options:
        if option not in file_format.options:
            raise TokenizerFileError(
                str(path), Message("{option} is for tiktoken rank files; this file is "
                                   "{label}, which does not take it", option=_OPTION_NAMES[option],
                                   label=file_format.label),
                fixes={"cli": {"encoding=NAME": "--encoding", "pattern=REGEX": "--pattern"}})
    return file_format.load(path, **options)


def file_format_of(path: Path) -> FileFormat:
    """The format of a tokenizer file, or a one-line error listing those BPE Lens reads."""
    found = recognise(path, read_head(path))
    if found is None:
        raise TokenizerFileError(str(path), Message(
            "not a tokenizer file BPE Lens reads ({formats})", formats=FORMATS))
    return found


class SeveralTokenizersError(TokenizerFileError):
    """A folder holds several tokenizers and nothing says which one is meant; ``candidates``
    are their paths (what ``open_tokenizer`` takes), in order."""

    def __init__(self, folder: Path, candidates: list[Path]) -> None:
        shown = [p.name for p in candidates[:_LISTED]]
        more = len(candidates) - len(shown)
        names: str = ", ".join(shown)
        if more:
            names = Message("{names} and {more} more", names=names, more=more)
        # The command line's fix replaces the window's advice (see BpeLensError.fixes).
        advice = Message("open one of them")
        super().__init__(
            str(folder), Message("holds {count} tokenizers; {advice}: {names}",
                                 count=len(candidates), advice=advice, names=names),
            fixes={"cli": {advice: Message("give one of them to -t (-t {folder}/NAME)",
                                           folder=str(folder))}},
        )
        self.candidates = candidates


# Names a folder's listing shows before "and N more" (the message stays one readable line).
_LISTED = 12
# The files of one model folder, best first: together they are one tokenizer in several
# formats (a Hugging Face repository ships tokenizer.json beside vocab.json + merges.txt).
_MODEL_FOLDER_FILES = ("tokenizer.json", *(v for v, _ in PAIRS), "tokenizer.model",
                       "tekken.json", "tiktoken.model")


def find_in_folder(folder: Path) -> Path:
    """The tokenizer a folder holds: a model folder's (``tokenizer.json`` first), a Hugging
    Face cache entry's newest snapshot, or the one tokenizer file in it. A folder of several
    raises :class:`SeveralTokenizersError` listing them."""
    snapshots = folder / "snapshots"
    if folder.name.startswith("models--") and snapshots.is_dir():
        candidates = sorted((p for p in snapshots.iterdir() if p.is_dir()),
                            key=lambda p: p.stat().st_mtime, reverse=True)
        for snapshot in candidates:
            try:
                return find_in_folder(snapshot)
            except SeveralTokenizersError:
                raise
            except TokenizerFileError:
                continue
        raise TokenizerFileError(str(folder), "no snapshot in this cache entry holds a tokenizer")
    for name in _MODEL_FOLDER_FILES:
        if (folder / name).is_file():
            return folder / name
    found = tokenizers_in_folder(folder)
    if len(found) == 1:
        return found[0]
    if found:
        raise SeveralTokenizersError(folder, found)
    raise TokenizerFileError(str(folder), Message("no tokenizer in this folder ({formats})",
                                                  formats=FORMATS))


def tokenizers_in_folder(folder: Path) -> list[Path]:
    """Every tokenizer a folder holds directly, by name and first bytes (sorted): rank files,
    SentencePiece models, tokenizer JSON files (Hugging Face's or BPE Lens's) and Hugging
    Face cache entries (a hub folder). Files are not parsed."""
    try:
        entries = sorted(folder.iterdir())
    except OSError as exc:
        raise TokenizerFileError(str(folder), Message("cannot list this folder ({strerror})",
                                                      strerror=exc.strerror)) from None
    found = []
    for entry in entries:
        try:
            if _holds_a_tokenizer(entry):
                found.append(entry)
        except (OSError, TokenizerFileError):
            continue  # unreadable entries are not listed
    return found


def _holds_a_tokenizer(entry: Path) -> bool:
    if entry.is_dir():
        return entry.name.startswith("models--") and (entry / "snapshots").is_dir()
    head = read_head(entry, 4096)
    found = recognise(entry, head)
    if found is None:
        return False
    if found.name == "json":
        # tokenizer_config.json has "added_tokens_decoder", never "added_tokens" with its
        # quote; other JSON (configs, corpora) is not listed.
        return b'"bpelens-tokenizer"' in head or (
            b'"added_tokens"' in head and (b'"model"' in head or b'"version"' in head))
    if found.name == "gpt2":
        return entry.name in ("merges.txt", "vocab.bpe")  # the pair once, by its merges
    return True
