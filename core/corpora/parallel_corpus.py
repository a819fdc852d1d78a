"""A parallel corpus: the same sentences in several languages, aligned by sentence id.

Every reader (``tsv_corpus``, ``jsonl_corpus``, ``line_files``) returns one whole
:class:`ParallelCorpus` or raises :class:`~bpelens.core.errors.CorpusError`: nothing is ever
half-loaded. Sentences a language lacks (JSONL rows are matched by id) are ``None``; a
comparison of some languages uses the ids all of them have (:meth:`ParallelCorpus.shared_rows`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from bpelens.core.messages import Message

from ..errors import CorpusError
from .language_names import is_english, language_name


@dataclass(frozen=True, slots=True, eq=False)
class ParallelCorpus:
    name: str  # what to call it: the file or folder name
    source: str  # where it was read from (a path, or "bundled")
    languages: tuple[str, ...]  # language codes, in the corpus's order
    ids: tuple[str, ...]  # sentence ids, in order (line numbers for line-aligned files)
    # language → its sentence for each id, aligned with ``ids`` (None: the language lacks it)
    texts: Mapping[str, tuple[str | None, ...]]
    # language → a name the corpus gives it (NTREX's LANGUAGES.tsv); others use the code table
    names: Mapping[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # what reading noticed: files skipped, ids some languages lack

    def __post_init__(self) -> None:
        for language in self.languages:
            if len(self.texts[language]) != len(self.ids):
                raise ValueError(f"{language}: {len(self.texts[language])} sentences for "
                                 f"{len(self.ids)} ids")

    def __len__(self) -> int:
        """How many sentence ids the corpus has (some languages may lack some)."""
        return len(self.ids)

    def language_name(self, code: str) -> str:
        return self.names.get(code) or language_name(code)

    def label(self, code: str) -> str:
        """``Japanese (jpn)``; the code alone when no name is known."""
        name = self.language_name(code)
        return code if name == code else f"{name} ({code})"

    def english(self) -> str | None:
        """The code of the corpus's English, if it has English."""
        for code in self.languages:
            if is_english(code, self.names.get(code, "")):
                return code
        return None

    def default_reference(self) -> str:
        """English when the corpus has it (the usual reference), else its first language."""
        return self.english() or self.languages[0]

    def find_language(self, wanted: str) -> str | None:
        """The language a user means by ``wanted``: its code (any case) or its name."""
        lowered = wanted.strip().lower()
        for code in self.languages:
            if code.lower() == lowered:
                return code
        for code in self.languages:
            if self.language_name(code).lower() == lowered:
                return code
        return None

    def missing(self, language: str) -> int:
        """How many of the corpus's ids ``language`` lacks."""
        return sum(text is None for text in self.texts[language])

    def shared_rows(self, languages: Sequence[str]) -> tuple[int, ...]:
        """Indices of the ids every one of ``languages`` has, in order."""
        columns = [self.texts[language] for language in languages]
        if all(None not in column for column in columns):
            return tuple(range(len(self.ids)))
        return tuple(i for i in range(len(self.ids))
                     if all(column[i] is not None for column in columns))

    def sentences(self, language: str, rows: Sequence[int] | None = None) -> list[str]:
        """``language``'s sentences at ``rows`` (all of them by default; rows it lacks are an
        error: choose them with :meth:`shared_rows`)."""
        column = self.texts[language]
        picked = column if rows is None else [column[i] for i in rows]
        if None in picked:
            raise CorpusError(Message("{name}: {language} lacks some of the sentences asked for",
                                      name=self.name, language=language))
        return list(picked)  # type: ignore[arg-type]

    def check_languages(self, wanted: Sequence[str], *, what: str = "language") -> list[str]:
        """The corpus's codes for ``wanted`` (codes or names); an unknown one is an error
        listing the corpus's languages."""
        out: list[str] = []
        for item in wanted:
            code = self.find_language(item)
            if code is None:
                raise CorpusError(Message("{what} {item!r} is not in {name} (its languages: "
                                          "{languages})", what=what, item=item, name=self.name,
                                          languages=', '.join(self.languages)))
            if code not in out:
                out.append(code)
        return out
