"""A parallel corpus as TSV: a header naming the languages (and optionally an ``id`` column),
then one aligned sentence per row. Fields are not quoted: a sentence holds no tab or newline.

    id	en	ja
    1	The weather is nice today.	今日は天気がいいです。
"""

from __future__ import annotations

from pathlib import Path

from bpelens.core.messages import Message

from ..errors import CorpusError
from .corpus_text import decode_text, read_corpus_file, split_lines
from .parallel_corpus import ParallelCorpus

ID_COLUMN = "id"


def read_tsv_corpus(path: Path, *, name: str | None = None) -> ParallelCorpus:
    return parse_tsv_corpus(read_corpus_file(path), str(path), name=name or path.name)


def parse_tsv_corpus(data: bytes, where: str, *, name: str) -> ParallelCorpus:
    lines = split_lines(decode_text(data, where))
    while lines and not lines[-1].strip():
        lines.pop()  # blank lines at the end are no rows
    if not lines:
        raise CorpusError(Message("{where}: empty; a TSV corpus starts with a header naming its "
                                  "languages (id<TAB>en<TAB>ja …)", where=where))
    header = [field.strip() for field in lines[0].split("\t")]
    id_column = _id_column(header, where)
    languages = [field for i, field in enumerate(header) if i != id_column]
    _check_header(header, languages, where)
    columns: list[list[str]] = [[] for _ in header]
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if len(fields) != len(header):
            shown = ", ".join(header[:6]) + (" …" if len(header) > 6 else "")
            if len(fields) == 1:
                raise CorpusError(Message("{where}, line {number}: 1 field where the header names "
                                          "{header_count} ({shown}); each row needs one "
                                          "tab-separated field per column", where=where,
                                          number=number, header_count=len(header), shown=shown))
            raise CorpusError(Message("{where}, line {number}: {fields_count} fields where the "
                                      "header names {header_count} ({shown}); each row needs one "
                                      "tab-separated field per column", where=where,
                                      number=number, fields_count=len(fields),
                                      header_count=len(header), shown=shown))
        for column, value in zip(columns, fields, strict=True):
            column.append(value)
    if len(lines) == 1:
        raise CorpusError(Message("{where}: a header but no sentences", where=where))
    if id_column is None:
        ids = tuple(str(i) for i in range(1, len(lines)))
    else:
        ids = tuple(value.strip() for value in columns[id_column])
        _check_ids(ids, where)
    texts = {language: tuple(columns[header.index(language)]) for language in languages}
    return ParallelCorpus(name=name, source=where, languages=tuple(languages), ids=ids,
                          texts=texts)


def _id_column(header: list[str], where: str) -> int | None:
    found = [i for i, field in enumerate(header) if field.lower() == ID_COLUMN]
    if len(found) > 1:
        raise CorpusError(Message("{where}, line 1: {found_count} id columns; the header may name "
                                  "one", where=where, found_count=len(found)))
    return found[0] if found else None


def _check_header(header: list[str], languages: list[str], where: str) -> None:
    for position, field in enumerate(header, start=1):
        if not field:
            raise CorpusError(Message("{where}, line 1: column {position} has no name; the header "
                                      "names each column's language (or id)", where=where,
                                      position=position))
    seen: set[str] = set()
    for language in languages:
        if language in seen:
            raise CorpusError(Message("{where}, line 1: the language {language!r} names "
                                      "two columns",
                                      where=where, language=language))
        seen.add(language)
    if not languages:
        raise CorpusError(Message("{where}, line 1: the header names no language, only an "
                                  "id column",
                                  where=where))


def _check_ids(ids: tuple[str, ...], where: str) -> None:
    seen: dict[str, int] = {}
    for row, value in enumerate(ids, start=2):
        if not value:
            raise CorpusError(Message("{where}, line {row}: the id is empty", where=where, row=row))
        if value in seen:
            raise CorpusError(Message("{where}, line {row}: id {value!r} is used again (first on "
                                      "line {seen}); each row needs an id of its own", where=where,
                                      row=row, value=value, seen=seen[value]))
        seen[value] = row
