"""Opening a parallel corpus from a path, recognised by what it is: a folder or a tar archive
of line-aligned files, a ``.tsv``, or a ``.jsonl`` file."""

from __future__ import annotations

from pathlib import Path

from bpelens.core.messages import Message

from ..errors import CorpusError
from .jsonl_corpus import read_jsonl_corpus
from .line_files import is_archive, read_line_archive, read_line_folder
from .parallel_corpus import ParallelCorpus
from .tsv_corpus import read_tsv_corpus

FORMATS = ("a folder or .tar.gz/.tar.xz archive of line-aligned files named by language "
           "(eng_Latn.devtest, newstest2019-ref.jpn.txt, ja.txt), a .tsv with a header naming "
           "the languages, or a .jsonl of {\"lang\", \"id\", \"text\"} objects")


def open_parallel_corpus(path: str | Path) -> ParallelCorpus:
    """The parallel corpus at ``path``, whole, or :class:`CorpusError` naming what is wrong
    (the file, the line, the language)."""
    path = Path(path).expanduser()
    try:
        exists, folder = path.exists(), path.is_dir()
    except (OSError, ValueError) as exc:
        raise CorpusError(Message("{path}: cannot read it ({exc})", path=path, exc=exc)) from None
    if not exists:
        raise CorpusError(Message("{path}: no such file or folder", path=path))
    if folder:
        return read_line_folder(path)
    name = path.name.lower()
    if is_archive(path):
        return read_line_archive(path)
    if name.endswith((".tsv", ".tab")):
        return read_tsv_corpus(path)
    if name.endswith((".jsonl", ".ndjson")):
        return read_jsonl_corpus(path)
    raise CorpusError(Message("{path}: not a parallel corpus BPE Lens reads; give {formats}",
                              path=path, formats=FORMATS))
