"""A parallel corpus as line-aligned files, one per language, in a folder or a ``.tar.gz`` /
``.tar.xz`` archive (read in memory, never extracted): line *i* of every file is sentence *i*.

The language comes from the file name: FLORES's ``eng_Latn.devtest``, NTREX's
``newstest2019-ref.jpn.txt`` and ``newstest2019-src.eng.txt``, plain ``ja.txt``, Europarl's
``europarl-v7.fr-en.fr``. A ``LANGUAGES.tsv`` beside them (NTREX's: ``code name`` per line)
names the languages. Files that are plainly not sentences (README, LICENSE, ``*.md``,
``*.tsv``, archives) are skipped and listed in the corpus's notes.
"""

from __future__ import annotations

import os
import re
import tarfile
from collections import Counter
from pathlib import Path, PurePosixPath

from bpelens.core.messages import Message, joined

from ..errors import CorpusError
from .corpus_text import (
    MAX_FILE_BYTES,
    MAX_TOTAL_BYTES,
    check_size,
    decode_text,
    read_corpus_file,
    split_lines,
)
from .language_names import language_name
from .parallel_corpus import ParallelCorpus

ARCHIVE_SUFFIXES = (".tar.gz", ".tgz", ".tar.xz", ".txz", ".tar.bz2", ".tar")
TEXT_SUFFIXES = frozenset({"txt", "text"})
SPLITS = frozenset({"dev", "devtest", "test", "train", "valid", "validation", "val"})
NAMES_FILE = "languages.tsv"
# Never sentences, whatever else the name says.
_NOT_SENTENCES = frozenset({
    "md", "rst", "tsv", "csv", "json", "jsonl", "py", "sh", "gz", "xz", "bz2", "zip", "tar",
    "tgz", "txz", "pdf", "html", "htm", "xml", "yaml", "yml", "cfg", "ini", "toml", "parquet",
    "arrow", "sgm", "log", "pkl", "bin", "model", "npy", "lock", "js", "ts", "ipynb", "doc",
    "docx", "tiktoken", "spm", "vocab",
})
_NOT_SENTENCE_NAMES = ("readme", "license", "licence", "copying", "notice", "citation",
                       "document_ids", "languages", "changelog", "makefile")
_CODE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*")
MAX_FILES = 5000


ALL_FILES = Message("the files of a corpus together")

def language_of_file(name: str) -> str | None:
    """The language a file name says, or None when the file is not one of sentences."""
    if name.startswith(".") or name.lower().startswith(_NOT_SENTENCE_NAMES):
        return None
    parts = name.split(".")
    text_file = len(parts) > 1 and parts[-1].lower() in TEXT_SUFFIXES
    if text_file:
        parts.pop()
    if len(parts) > 1 and parts[-1].lower() in SPLITS:
        parts.pop()
    candidate = parts[-1].strip()
    if not candidate or candidate.lower() in _NOT_SENTENCES or candidate.lower() in SPLITS:
        return None
    if text_file or _CODE.fullmatch(candidate):
        return candidate
    return None


def is_archive(path: Path) -> bool:
    return path.name.lower().endswith(ARCHIVE_SUFFIXES)


def read_line_folder(path: Path) -> ParallelCorpus:
    files: list[tuple[str, str, Path]] = []  # (shown name, language, path)
    names_file: Path | None = None
    skipped: list[str] = []
    seen = 0
    for folder, subfolders, filenames in os.walk(path, onerror=_walk_error(path)):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
        for filename in sorted(filenames):
            seen += 1
            if seen > MAX_FILES:
                raise CorpusError(Message("{path}: more than {max_files:,} files; open the folder "
                                          "that holds the corpus's files", path=path,
                                          max_files=MAX_FILES))
            full = Path(folder) / filename
            shown = str(full.relative_to(path))
            if filename.lower() == NAMES_FILE:
                names_file = full
                continue
            language = language_of_file(filename)
            if language is None or not full.is_file():
                if not filename.startswith("."):
                    skipped.append(shown)
                continue
            files.append((shown, language, full))
    total = 0
    loaded: list[tuple[str, str, bytes]] = []
    for shown, language, full in files:
        data = read_corpus_file(full)
        total += len(data)
        check_size(str(path), total, MAX_TOTAL_BYTES, what=ALL_FILES)
        loaded.append((shown, language, data))
    names = _names(read_corpus_file(names_file), str(names_file)) if names_file else {}
    return _assemble(loaded, names, skipped, where=str(path), name=path.name)


def _walk_error(path: Path):
    def fail(exc: OSError) -> None:
        raise CorpusError(Message("{path}: cannot read the folder ({value})", path=path,
                                  value=exc.strerror or exc))

    return fail


def read_line_archive(path: Path) -> ParallelCorpus:
    check_size(str(path), _file_size(path), MAX_TOTAL_BYTES, what=Message("a corpus archive"))
    loaded: list[tuple[str, str, bytes]] = []
    names: dict[str, str] = {}
    skipped: list[str] = []
    total = 0
    try:
        with tarfile.open(path, "r:*") as archive:
            for count, member in enumerate(archive, start=1):
                if count > MAX_FILES:
                    raise CorpusError(Message("{path}: more than {max_files:,} members", path=path,
                                              max_files=MAX_FILES))
                if not member.isfile():
                    continue
                filename = PurePosixPath(member.name).name
                shown = f"{path.name}:{member.name}"
                is_names = filename.lower() == NAMES_FILE
                language = None if is_names else language_of_file(filename)
                if language is None and not is_names:
                    if not filename.startswith("."):
                        skipped.append(member.name)
                    continue
                # Sizes come from the member's header, before anything is decompressed.
                check_size(shown, member.size, MAX_FILE_BYTES)
                total += member.size
                check_size(str(path), total, MAX_TOTAL_BYTES,
                           what=ALL_FILES)
                handle = archive.extractfile(member)
                data = handle.read(member.size + 1) if handle is not None else b""
                if is_names:
                    names = _names(data, shown)
                else:
                    loaded.append((member.name, language, data))  # type: ignore[arg-type]
    except (tarfile.TarError, EOFError, OSError) as exc:
        # tarfile's message lists every compression it tried, a line each: the first says it.
        reason = (str(exc).splitlines() or [type(exc).__name__])[0].rstrip(":")
        raise CorpusError(Message("{path}: not a readable tar archive ({reason}); archives are "
                                  ".tar.gz, .tar.xz (or .tar.bz2, .tar)", path=path,
                                  reason=reason)) from None
    name = path.name
    for suffix in ARCHIVE_SUFFIXES:
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return _assemble(loaded, names, skipped, where=str(path), name=name)


def _file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError as exc:
        raise CorpusError(Message("{path}: cannot read it ({value})", path=path,
                                  value=exc.strerror or exc)) from None


def _names(data: bytes, where: str) -> dict[str, str]:
    """``code name`` (a tab or a space between) per line."""
    names: dict[str, str] = {}
    for line in split_lines(decode_text(data, where)):
        parts = line.strip().split("\t", 1) if "\t" in line else line.strip().split(" ", 1)
        if len(parts) == 2 and parts[0].strip() and parts[1].strip():
            names[parts[0].strip()] = parts[1].strip()
    return names


def _assemble(files: list[tuple[str, str, bytes]], names: dict[str, str], skipped: list[str],
              *, where: str, name: str) -> ParallelCorpus:
    if not files:
        raise CorpusError(Message("{where}: no files of sentences (line-aligned files named by "
                                  "language, such as eng_Latn.devtest, newstest2019-ref.jpn.txt or "
                                  "ja.txt)", where=where))
    by_language: dict[str, str] = {}
    columns: dict[str, tuple[str, ...]] = {}
    keyed = _unique_keys(files, names, where)
    # In the order of the languages' codes (file names would put NTREX's src.eng last).
    for key, shown, language, data in sorted(keyed, key=lambda f: (f[0].lower(), f[1])):
        by_language[key] = shown
        columns[key] = tuple(split_lines(decode_text(data, f"{where}: {shown}",
                                                     language=language)))
    _check_aligned(columns, by_language, where)
    count = len(next(iter(columns.values())))
    if count == 0:
        raise CorpusError(Message("{where}: the files are empty", where=where))
    notes = ()
    if skipped:
        shown_skipped = ", ".join(skipped[:6]) + (" …" if len(skipped) > 6 else "")
        notes = (Message("skipped 1 file that is not sentences: {shown}", shown=shown_skipped)
                 if len(skipped) == 1 else
                 Message("skipped {count} files that are not sentences: {shown}",
                         count=len(skipped), shown=shown_skipped),)
    languages = tuple(columns)
    return ParallelCorpus(name=name, source=where, languages=languages,
                          ids=tuple(str(i) for i in range(1, count + 1)), texts=columns,
                          names={k: v for k, v in names.items() if k in columns}, notes=notes)


def _prefix(shown: str) -> str:
    """The file name without its language, split and ``.txt``: ``newstest2019-ref``."""
    parts = PurePosixPath(shown).name.split(".")
    if len(parts) > 1 and parts[-1].lower() in TEXT_SUFFIXES:
        parts.pop()
    if len(parts) > 1 and parts[-1].lower() in SPLITS:
        parts.pop()
    return ".".join(parts[:-1])


def _unique_keys(files: list[tuple[str, str, bytes]], names: dict[str, str],
                 where: str) -> list[tuple[str, str, str, bytes]]:
    """(key, shown name, language, data) per file. Two files of one language (NTREX-128 has
    a second Spanish reference, newstest2019-ref-2.spa.txt) keep the code for the file named
    like most files, and ``spa:newstest2019-ref-2`` for the other; a folder in which most
    languages come twice holds several splits, and is refused."""
    groups: dict[str, list[tuple[str, bytes]]] = {}
    for shown, language, data in files:
        groups.setdefault(language, []).append((shown, data))
    twice = [language for language, group in groups.items() if len(group) > 1]
    if twice and len(twice) * 2 > len(groups):
        language = twice[0]
        shown = " and ".join(s for s, _ in groups[language][:2])
        raise CorpusError(Message("{where}: most languages come in several files ({language}: "
                                  "{shown}): it holds several splits or sets; open the folder of "
                                  "one of them", where=where, language=language, shown=shown))
    usual = Counter(_prefix(shown) for shown, _, _ in files).most_common(1)[0][0]
    keyed: list[tuple[str, str, str, bytes]] = []
    for language, group in groups.items():
        group = sorted(group, key=lambda g: (_prefix(g[0]) != usual, g[0]))
        for position, (shown, data) in enumerate(group):
            key = language if position == 0 else f"{language}:{_prefix(shown) or shown}"
            if key != language:
                names[key] = f"{names.get(language) or language_name(language)} " \
                             f"({_prefix(shown) or shown})"
            keyed.append((key, shown, language, data))
    return keyed


def _check_aligned(columns: dict[str, tuple[str, ...]], files: dict[str, str],
                   where: str) -> None:
    counts = Counter(len(lines) for lines in columns.values())
    if len(counts) == 1:
        return
    usual, agreeing = counts.most_common(1)[0]
    odd = [(language, len(lines)) for language, lines in columns.items()
           if len(lines) != usual]
    if agreeing == 1:  # no majority: name everyone
        listed = "; ".join(f"{files[lang]} ({lang}) has {len(lines):,}"
                           for lang, lines in columns.items())
        raise CorpusError(Message("{where}: the files are not line-aligned: {listed} lines",
                                  where=where, listed=listed))
    shown = joined([Message("{file} ({language}) has {lines:,} lines", file=files[lang],
                            language=lang, lines=n) for lang, n in odd[:4]], "; ")
    more = Message(" (and {count} more)", count=len(odd) - 4) if len(odd) > 4 else ""
    raise CorpusError(Message("{where}: the files are not line-aligned: {shown}{more}, where "
                              "{agreeing} other files have {usual:,}; line i of every file must be "
                              "the same sentence", where=where, shown=shown, more=more,
                              agreeing=agreeing, usual=usual))
