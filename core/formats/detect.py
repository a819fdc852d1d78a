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
from typing import Any

from bpelens.core.messages import Message

from ..errors import TokenizerFileError
from ..pipeline.tokenizer import Tokenizer
from .file_io import parse_json_file
from .gpt2_files import PAIRS, load_gpt2_files

FORMATS = "tokenizer.json, *.tiktoken, vocab.json + merges.txt, encoder.json + vocab.bpe, " \
          "a SentencePiece .model, or a BPE Lens tokenizer (.json)"


def open_tokenizer(
    path: str | Path, *, encoding: str | None = None, pattern: str | None = None
) -> Tokenizer:
    """Load the tokenizer at ``path`` (file or folder), whatever its format."""
    path = Path(path).expanduser()
    if not path.exists():
        raise TokenizerFileError(str(path), "no such file or folder")
    if path.is_dir():
        return open_tokenizer(find_in_folder(path), encoding=encoding, pattern=pattern)
    name = path.name
    if name.endswith(".model"):
        from .sentencepiece_file import load_sentencepiece

        return load_sentencepiece(path)
    if name.endswith(".tiktoken") or encoding is not None or pattern is not None:
        from .tiktoken_file import load_tiktoken

        return load_tiktoken(path, encoding=encoding, pattern=pattern)
    for vocab_name, merges_name in PAIRS:
        if name in (vocab_name, merges_name):
            vocab = path.with_name(vocab_name)
            merges = path.with_name(merges_name)
            missing = merges if name == vocab_name else vocab
            if not missing.is_file():
                raise TokenizerFileError(str(path), Message("{name} is not beside it",
                                                            name=missing.name))
            return load_gpt2_files(vocab, merges)
    head = _head(path)
    if head.lstrip().startswith(b"{"):
        is_ours = b'"bpelens-tokenizer"' in head
        if not is_ours and (b'"model"' in head or b'"added_tokens"' in head):
            # tokenizer.json goes through the loader with the disk cache.
            from .hf_json import load_hf_tokenizer

            try:
                tokenizer = load_hf_tokenizer(path)
                tokenizer.name = _display_name(path)
                return tokenizer
            except TokenizerFileError as exc:
                if "no \"model\" object" not in exc.message:
                    raise
        return _open_json(path)
    if _looks_like_ranks(head):
        from .tiktoken_file import load_tiktoken

        return load_tiktoken(path)
    raise TokenizerFileError(str(path), Message("not a tokenizer file BPE Lens reads ({formats})",
                                                formats=FORMATS))


def _head(path: Path, size: int = 4096) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(size)
    except OSError as exc:
        raise TokenizerFileError(str(path), Message("cannot read ({strerror})",
                                                    strerror=exc.strerror)) from None


def _looks_like_ranks(head: bytes) -> bool:
    lines = [line for line in head.split(b"\n")[:-1] if line.strip()][:8]
    return bool(lines) and all(
        len(line.split()) == 2 and line.split()[1].isdigit() for line in lines
    )


def _open_json(path: Path) -> Tokenizer:
    data: Any = parse_json_file(path)
    if isinstance(data, dict) and data.get("format") == "bpelens-tokenizer":
        from .own_format import tokenizer_from_dict

        tokenizer = tokenizer_from_dict(data, path=str(path))
        tokenizer.name = tokenizer.name or path.stem
        return tokenizer
    if isinstance(data, dict) and isinstance(data.get("model"), dict):
        from .hf_json import tokenizer_from_hf

        tokenizer = tokenizer_from_hf(data, path=str(path))
        tokenizer.name = _display_name(path)
        return tokenizer
    if isinstance(data, dict) and data and all(isinstance(v, int) for v in data.values()):
        for _, merges_name in PAIRS:
            merges = path.with_name(merges_name)
            if merges.is_file():
                return load_gpt2_files(path, merges, vocab_data=data)
        raise TokenizerFileError(
            str(path), "a vocabulary without merges: put merges.txt (or vocab.bpe) beside it"
        )
    raise TokenizerFileError(str(path), Message("this JSON is not a tokenizer BPE Lens reads "
                                                "({formats})", formats=FORMATS))


def _display_name(path: Path) -> str:
    name = path.name.removesuffix(".json").removesuffix(".tokenizer")
    if name == "tokenizer":
        parent = path.parent
        if parent.parent.name == "snapshots":  # HF cache: models--org--name/snapshots/<rev>
            return parent.parent.parent.name.removeprefix("models--").replace("--", "/")
        return parent.name or name
    return name


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
_MODEL_FOLDER_FILES = ("tokenizer.json", *(v for v, _ in PAIRS), "tokenizer.model")


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
    name = entry.name
    if entry.is_dir():
        return name.startswith("models--") and (entry / "snapshots").is_dir()
    if name.endswith((".tiktoken", ".model", "tokenizer.json")):
        return True
    if not name.endswith(".json"):
        return False
    head = _head(entry, 4096)
    # tokenizer_config.json has "added_tokens_decoder", never "added_tokens" with its quote
    return b'"bpelens-tokenizer"' in head or (
        b'"added_tokens"' in head and (b'"model"' in head or b'"version"' in head))
