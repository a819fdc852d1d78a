"""A parallel corpus as JSON lines: ``{"lang": "ja", "id": "17", "text": "…"}`` per line.

Rows sharing an ``id`` are translations of each other. A language may lack some ids: reading
says which, and a comparison uses the ids all its languages share. Ids keep the order they
first appear in; languages too. Other keys are ignored; blank lines are skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

from bpelens.core.messages import Message

from ..errors import CorpusError
from ..formats.file_io import json_reason
from .corpus_text import decode_text, read_corpus_file, split_lines
from .parallel_corpus import ParallelCorpus

SHAPE = 'each line must be a JSON object such as {"lang": "ja", "id": "1", "text": "…"}'


def read_jsonl_corpus(path: Path, *, name: str | None = None) -> ParallelCorpus:
    return parse_jsonl_corpus(read_corpus_file(path), str(path), name=name or path.name)


def parse_jsonl_corpus(data: bytes, where: str, *, name: str) -> ParallelCorpus:
    lines = split_lines(decode_text(data, where))
    ids: dict[str, int] = {}  # id → its row
    by_language: dict[str, dict[int, tuple[str, int]]] = {}  # lang → row → (text, line)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        language, sentence_id, text = _parse_line(line, f"{where}, line {number}")
        row = ids.setdefault(sentence_id, len(ids))
        rows = by_language.setdefault(language, {})
        if row in rows:
            raise CorpusError(Message("{where}, line {number}: {language} has id {sentence_id!r} "
                                      "already (line {rows}); each language may have each id once",
                                      where=where, number=number, language=language,
                                      sentence_id=sentence_id, rows=rows[row][1]))
        rows[row] = (text, number)
    if not ids:
        raise CorpusError(Message("{where}: no sentences; {shape}", where=where, shape=SHAPE))
    order = tuple(ids)
    texts = {language: tuple(rows[i][0] if i in rows else None for i in range(len(order)))
             for language, rows in by_language.items()}
    notes = tuple(_missing_note(language, column, order) for language, column in texts.items()
                  if None in column)
    return ParallelCorpus(name=name, source=where, languages=tuple(by_language), ids=order,
                          texts=texts, notes=notes)


def _parse_line(line: str, where: str) -> tuple[str, str, str]:
    try:
        value = json.loads(line, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise CorpusError(Message("{where}: not JSON ({msg} at column {colno}); {shape}",
                                  where=where, msg=json_reason(exc), colno=exc.colno,
                                  shape=SHAPE)
                          ) from None
    except ValueError as exc:
        raise CorpusError(Message("{where}: {exc}; {shape}", where=where, exc=exc,
                                  shape=SHAPE)) from None
    if not isinstance(value, dict):
        raise CorpusError(Message("{where}: a JSON {name}, not an object; {shape}", where=where,
                                  name=type(value).__name__, shape=SHAPE))
    missing = [key for key in ("lang", "id", "text") if key not in value]
    if missing:
        raise CorpusError(Message("{where}: no {items}; {shape}", where=where,
                                  items=', '.join(repr(k) for k in missing), shape=SHAPE))
    language, sentence_id, text = value["lang"], value["id"], value["text"]
    if not isinstance(language, str) or not language.strip():
        raise CorpusError(Message("{where}: \"lang\" must be a language code such as \"ja\", not "
                                  "{language}", where=where,
                                  language=json.dumps(language, ensure_ascii=False)))
    if isinstance(sentence_id, bool) or not isinstance(sentence_id, str | int):
        raise CorpusError(Message("{where}: \"id\" must be a string or a whole number, not "
                                  "{sentence_id}", where=where,
                                  sentence_id=json.dumps(sentence_id, ensure_ascii=False)))
    if not isinstance(text, str):
        raise CorpusError(Message("{where}: \"text\" must be a string, not {text}", where=where,
                                  text=json.dumps(text, ensure_ascii=False)))
    if "\\u" in line:  # only an escape can make a lone surrogate
        for key, value in (("lang", language), ("id", sentence_id), ("text", text)):
            try:
                str(value).encode("utf-8")
            except UnicodeEncodeError:
                raise CorpusError(Message("{where}: \"{key}\" holds a lone surrogate (an unpaired "
                                          "\\ud800-\\udfff escape), which no UTF-8 text can hold",
                                          where=where, key=key)
                                  ) from None
    return language.strip(), str(sentence_id).strip(), text


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not JSON")


def _missing_note(language: str, column: tuple[str | None, ...], ids: tuple[str, ...]) -> str:
    lacking = [ids[i] for i, text in enumerate(column) if text is None]
    shown = ", ".join(lacking[:5]) + (" …" if len(lacking) > 5 else "")
    return Message("{language} lacks {lacking:,} of {ids:,} ids ({shown}); comparisons with it "
                   "use the ids every chosen language has", language=language,
                   lacking=len(lacking), ids=len(ids), shown=shown)
