"""Languages and tokenizers compared on a parallel corpus.

Counting is the slow part (every sentence of every language through every tokenizer) and is
done once per tokenizer (:func:`iter_tokenizer_counts`); the report — rows with ratios to a
reference language, the Gini coefficient and Lorenz curve per tokenizer — is computed from the
counts in microseconds (:func:`compare_counts`), so choosing another reference or fewer
languages never encodes anything again. :func:`iter_comparison` does both, yielding progress
and each tokenizer's counts as it finishes.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

import numpy as np

from bpelens.core.messages import Message

from ..corpora.parallel_corpus import ParallelCorpus
from ..errors import BpeLensError, CorpusError
from ..pipeline.added_tokens import SpecialMode
from ..pipeline.tokenizer import Tokenizer
from .inequality import gini, lorenz
from .language_counts import (
    LanguageCounts,
    TokenFlags,
    counts_of,
    iter_language_counts,
    sentence_batches,
)
from .metrics import ComparisonRow, comparison_row, sentence_ratios
from .parallel_counts import TokenizerPool, recipe_of, worth_parallel

# A tokenizer, or a function that opens it when its turn comes.
TokenizerSource = Tokenizer | Callable[[], Tokenizer]


@dataclass(frozen=True, slots=True, eq=False)
class TokenizerCounts:
    """One tokenizer's counts for each language, all on the same corpus rows."""

    name: str
    languages: Mapping[str, LanguageCounts]
    rows: tuple[int, ...]  # the corpus rows (sentence indices) counted
    special: SpecialMode
    add_special_tokens: bool
    processes: int = 1  # the processes that encoded the sentences


@dataclass(frozen=True, slots=True)
class ComparisonStep:
    """Progress of a comparison: the share done, what is being done, and — once a tokenizer
    is done — its counts; the last step carries the whole comparison."""

    fraction: float
    message: str
    finished: TokenizerCounts | None = None
    comparison: Comparison | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Comparison:
    corpus: str  # the corpus's name
    reference: str
    languages: tuple[str, ...]
    language_names: Mapping[str, str]
    tokenizers: tuple[str, ...]
    sentences: int  # sentences per language (the rows every chosen language has)
    rows: tuple[ComparisonRow, ...]  # tokenizer by tokenizer, each language in order
    gini: Mapping[str, float]
    # tokenizer → (language, share of languages, share of tokens), fewest tokens first; the
    # curve starts at (0, 0), a point with language "".
    lorenz: Mapping[str, tuple[tuple[str, float, float], ...]]
    totals: Mapping[str, int]  # tokenizer → tokens over all chosen languages
    counts: Mapping[str, TokenizerCounts] = field(repr=False)
    corpus_rows: tuple[int, ...] = field(repr=False, default=())  # the corpus rows compared
    special: SpecialMode = "none"
    add_special_tokens: bool = False

    def row(self, tokenizer: str, language: str) -> ComparisonRow:
        for row in self.rows:
            if row.tokenizer == tokenizer and row.language == language:
                return row
        raise KeyError((tokenizer, language))

    def sentence_tokens(self, tokenizer: str, language: str):
        """Tokens per compared sentence (an int64 array, aligned with ``corpus_rows``)."""
        return self.counts[tokenizer].languages[language].sentence_tokens

    def sentence_ratios(self, tokenizer: str, language: str):
        """t_ℓ,i / t_ref,i per compared sentence (NaN where the reference has no token)."""
        languages = self.counts[tokenizer].languages
        return sentence_ratios(languages[language], languages[self.reference])

    def compression(self, tokenizer: str) -> float | None:
        """Sentences per token over every chosen language (seed 000 §6: larger is better)."""
        total = self.totals[tokenizer]
        return self.sentences * len(self.languages) / total if total else None


def chosen_languages(corpus: ParallelCorpus, languages: Sequence[str] | None,
                     reference: str | None) -> tuple[list[str], str]:
    """The corpus's codes for the languages asked for (all by default) and the reference
    (English when the corpus has it, else the first language asked for): the reference is
    always compared too, added when not asked for."""
    picked = corpus.check_languages(languages) if languages else list(corpus.languages)
    if not picked:
        raise CorpusError("choose at least one language")
    if reference is None:
        ref = corpus.english() or picked[0]
    else:
        ref = corpus.check_languages([reference], what="reference language")[0]
    if ref not in picked:
        picked.insert(0, ref)
    return picked, ref


def iter_tokenizer_counts(name: str, tokenizer: Tokenizer, corpus: ParallelCorpus,
                          languages: Sequence[str], *, rows: Sequence[int] | None = None,
                          special: SpecialMode = "none", add_special_tokens: bool = False,
                          jobs: int = 1) -> Generator[float, None, TokenizerCounts]:
    """Count ``languages`` (on ``rows``: by default those all of them share); yields the
    fraction done between batches of sentences, returns the counts. ``jobs``: processes to
    encode in (parallel_counts.py; the same counts)."""
    rows = tuple(corpus.shared_rows(languages) if rows is None else rows)
    if not rows:
        raise CorpusError(Message("{name}: {languages} share no sentence", name=corpus.name,
                                  languages=', '.join(languages)))
    texts = {language: corpus.sentences(language, rows) for language in languages}
    sizes = {language: sum(map(len, t)) or 1 for language, t in texts.items()}
    total = sum(sizes.values())
    flags = TokenFlags(tokenizer)
    # (asked only when the corpus is large enough: recipe_of encodes a probe text)
    recipe = recipe_of(tokenizer) if worth_parallel(jobs, total) else None
    if recipe is not None:
        counted = yield from _counted_in_workers(tokenizer, recipe, jobs, texts, special,
                                                 add_special_tokens, flags)
        if counted is not None:
            return TokenizerCounts(name=name, languages=counted, rows=rows, special=special,
                                   add_special_tokens=add_special_tokens, processes=jobs)
    tokenizer.expect_text(total)
    done = 0
    counted: dict[str, LanguageCounts] = {}
    for language in languages:
        steps = iter_language_counts(tokenizer, texts[language], language=language,
                                     special=special, add_special_tokens=add_special_tokens,
                                     token_flags=flags)
        while True:
            try:
                fraction = next(steps)
            except StopIteration as finished:
                counted[language] = finished.value
                break
            yield (done + fraction * sizes[language]) / total
        done += sizes[language]
    return TokenizerCounts(name=name, languages=counted, rows=rows, special=special,
                           add_special_tokens=add_special_tokens)


def _counted_in_workers(tokenizer: Tokenizer, recipe, jobs: int,
                        texts: dict[str, list[str]], special: SpecialMode,
                        add_special_tokens: bool, flags: TokenFlags
                        ) -> Generator[float, None, dict[str, LanguageCounts] | None]:
    """Every language's batches counted by worker processes; None when the workers could
    not start (the caller counts here instead)."""
    batches = [(language, batch) for language, sentences in texts.items()
               for batch in sentence_batches(sentences)]
    total = sum(len(t) for _, batch in batches for t in batch) or 1
    pool = TokenizerPool(recipe, jobs, total)
    try:
        steps = pool.count([batch for _, batch in batches], special, add_special_tokens)
        done_chars = 0
        while True:
            try:
                done = next(steps)
            except StopIteration as finished:
                results = finished.value
                break
            done_chars += sum(map(len, batches[done - 1][1]))
            yield min(done_chars / total, 1.0)
    except BrokenProcessPool:
        return None
    except BpeLensError:
        return None  # counted here, the error names its sentence
    finally:
        pool.close()
    counted: dict[str, LanguageCounts] = {}
    for language, sentences in texts.items():
        mine = [r for (lang, _), r in zip(batches, results, strict=True) if lang == language]
        per_sentence = np.concatenate([r.lengths for r in mine]) if mine else np.zeros(
            0, dtype=np.int64)
        top = max((int(r.used[-1]) + 1 for r in mine if len(r.used)), default=0)
        uses = np.zeros(top, dtype=np.int64)
        for r in mine:
            np.add.at(uses, r.used, r.counts)
        counted[language] = counts_of(tokenizer, sentences, language, per_sentence, uses,
                                      flags)
    return counted


def compare_counts(corpus: ParallelCorpus, counts: Sequence[TokenizerCounts], *,
                   reference: str, languages: Sequence[str]) -> Comparison:
    """The report: rows, Gini and Lorenz curves, from counts already made (all on the same
    rows, each holding ``languages``)."""
    if not counts:
        raise CorpusError("choose at least one tokenizer")
    rows_used = counts[0].rows
    out: list[ComparisonRow] = []
    ginis: dict[str, float] = {}
    curves: dict[str, tuple[tuple[str, float, float], ...]] = {}
    totals: dict[str, int] = {}
    for tokenizer in counts:
        if tokenizer.rows != rows_used:
            raise ValueError("tokenizers counted on different sentences")
        ref = tokenizer.languages[reference]
        out += [comparison_row(tokenizer.name, tokenizer.languages[language], ref)
                for language in languages]
        per_language = [tokenizer.languages[language].tokens for language in languages]
        ginis[tokenizer.name] = gini(per_language)
        order = sorted(range(len(languages)), key=lambda i: (per_language[i], i))
        points = lorenz(per_language)
        curves[tokenizer.name] = (("", 0.0, 0.0), *(
            (languages[i], x, y) for i, (x, y) in zip(order, points[1:], strict=True)))
        totals[tokenizer.name] = sum(per_language)
    return Comparison(
        corpus=corpus.name, reference=reference, languages=tuple(languages),
        language_names={language: corpus.language_name(language) for language in languages},
        tokenizers=tuple(c.name for c in counts), sentences=len(rows_used), rows=tuple(out),
        gini=ginis, lorenz=curves, totals=totals, counts={c.name: c for c in counts},
        corpus_rows=rows_used, special=counts[0].special,
        add_special_tokens=counts[0].add_special_tokens)


def iter_comparison(corpus: ParallelCorpus, tokenizers: Sequence[tuple[str, TokenizerSource]],
                    *, languages: Sequence[str] | None = None, reference: str | None = None,
                    special: SpecialMode = "none", add_special_tokens: bool = False,
                    jobs: int = 1) -> Iterator[ComparisonStep]:
    """Count every tokenizer (named as the caller names it) on the chosen languages, one after
    the other; yields progress often (a caller may stop between steps), each tokenizer's
    counts as it finishes, and last the comparison.

    A tokenizer may be given as a function that opens it: it is then opened just before it
    is counted and let go after, so one large vocabulary at a time is in memory."""
    if not tokenizers:
        raise CorpusError("choose at least one tokenizer")
    names = [name for name, _ in tokenizers]
    if len(set(names)) != len(names):
        raise CorpusError("two tokenizers have the same name; name each once")
    picked, ref = chosen_languages(corpus, languages, reference)
    rows = corpus.shared_rows(picked)
    finished: list[TokenizerCounts] = []
    count = len(tokenizers)
    for index, (name, source) in enumerate(tokenizers):
        message = Message("{name}: {languages} languages × {sentences:,} sentences",
                          name=name, languages=len(picked), sentences=len(rows))
        yield ComparisonStep(index / count, message)
        tokenizer = source if isinstance(source, Tokenizer) else source()
        steps = iter_tokenizer_counts(name, tokenizer, corpus, picked, rows=rows,
                                      special=special, add_special_tokens=add_special_tokens,
                                      jobs=jobs)
        del tokenizer  # the generator holds it while it counts, and no longer
        while True:
            try:
                fraction = next(steps)
            except StopIteration as done:
                finished.append(done.value)
                break
            yield ComparisonStep((index + fraction) / count, message)
        yield ComparisonStep((index + 1) / count, Message("{name}: done", name=name),
                             finished=finished[-1])
    yield ComparisonStep(1.0, "done", comparison=compare_counts(
        corpus, finished, reference=ref, languages=picked))


def compare(corpus: ParallelCorpus, tokenizers: Sequence[tuple[str, TokenizerSource]],
            **options) -> Comparison:
    """:func:`iter_comparison`, run to its end."""
    for step in iter_comparison(corpus, tokenizers, **options):
        if step.comparison is not None:
            return step.comparison
    raise AssertionError("iter_comparison ended without a comparison")
