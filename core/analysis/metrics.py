"""The comparison's metrics: one row per tokenizer × language, computed from the counts and a
reference language, and the table of what each metric means (the CLI, the exports and the
window's columns and plots all read it).

Two ratios to the reference, as the literature uses them:

* ``ratio`` — corpus level, T_ℓ / T_ref: all of language ℓ's tokens over all of the
  reference's on the same sentences (seed 000 §5.1; Petrov et al. 2023, "tokenization
  premium");
* ``mean_sentence_ratio`` — the mean over sentences i of t_ℓ,i / t_ref,i (TokSuite), over the
  sentences whose reference has at least one token. Long sentences weigh more in the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from .language_counts import LanguageCounts

MetricKind = Literal["count", "ratio", "rate", "share"]


@dataclass(frozen=True, slots=True)
class Metric:
    key: str  # the row's field, the CSV/JSON column
    label: str  # a column title
    description: str
    kind: MetricKind  # count: whole numbers; ratio, rate: decimals; share: 0–1


METRICS: tuple[Metric, ...] = (
    Metric("sentences", "sentences", "sentences compared (those every chosen language has)",
           "count"),
    Metric("chars", "characters", "Unicode code points of the sentences", "count"),
    Metric("bytes", "bytes", "UTF-8 bytes of the sentences", "count"),
    Metric("tokens", "tokens", "tokens of the sentences, each encoded on its own", "count"),
    Metric("tokens_per_sentence", "tokens / sentence", "tokens ÷ sentences", "rate"),
    Metric("ratio", "ratio to ref.",
           "corpus-level ratio T_ℓ / T_ref: this language's tokens over the reference "
           "language's, on the same sentences (Petrov et al.)", "ratio"),
    Metric("mean_sentence_ratio", "mean sentence ratio",
           "mean over sentences of t_ℓ,i / t_ref,i (TokSuite); sentences whose reference has "
           "no token are left out", "ratio"),
    Metric("bytes_per_token", "bytes / token", "UTF-8 bytes ÷ tokens: how much text a token "
           "carries", "rate"),
    Metric("chars_per_token", "chars / token", "characters ÷ tokens", "rate"),
    Metric("fallback_share", "byte-fallback / unknown",
           "share of tokens that are byte-fallback (<0xNN>) or unknown tokens", "share"),
    Metric("partial_share", "inside a character",
           "share of tokens that start or end inside a character (part of its UTF-8 bytes)",
           "share"),
    Metric("distinct_tokens", "distinct tokens", "different token ids used", "count"),
)
METRIC_KEYS = tuple(metric.key for metric in METRICS)
METRIC_BY_KEY = {metric.key: metric for metric in METRICS}


@dataclass(frozen=True, slots=True)
class ComparisonRow:
    """One tokenizer on one language. Ratios and rates are None where they divide by zero."""

    tokenizer: str
    language: str
    sentences: int
    chars: int
    bytes: int
    tokens: int
    tokens_per_sentence: float | None
    ratio: float | None
    mean_sentence_ratio: float | None
    bytes_per_token: float | None
    chars_per_token: float | None
    fallback_share: float | None
    partial_share: float | None
    distinct_tokens: int

    def value(self, key: str) -> float | int | None:
        return getattr(self, key)


def comparison_row(tokenizer: str, counts: LanguageCounts,
                   reference: LanguageCounts) -> ComparisonRow:
    tokens = counts.tokens
    return ComparisonRow(
        tokenizer=tokenizer, language=counts.language, sentences=counts.sentences,
        chars=counts.chars, bytes=counts.bytes, tokens=tokens,
        tokens_per_sentence=_divide(tokens, counts.sentences),
        ratio=_divide(tokens, reference.tokens),
        mean_sentence_ratio=mean_sentence_ratio(counts, reference),
        bytes_per_token=_divide(counts.bytes, tokens),
        chars_per_token=_divide(counts.chars, tokens),
        fallback_share=_divide(counts.fallback_tokens, tokens),
        partial_share=_divide(counts.partial_tokens, tokens),
        distinct_tokens=counts.distinct_tokens,
    )


def sentence_ratios(counts: LanguageCounts, reference: LanguageCounts) -> np.ndarray:
    """t_ℓ,i / t_ref,i per sentence (NaN where the reference sentence has no token)."""
    if counts.sentences != reference.sentences:
        raise ValueError("the languages were counted on different sentences")
    ours = counts.sentence_tokens.astype(np.float64)
    theirs = reference.sentence_tokens.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(theirs > 0, ours / np.where(theirs > 0, theirs, 1), np.nan)


def mean_sentence_ratio(counts: LanguageCounts, reference: LanguageCounts) -> float | None:
    ratios = sentence_ratios(counts, reference)
    kept = ratios[~np.isnan(ratios)]
    return float(kept.mean()) if len(kept) else None


def _divide(a: int, b: int) -> float | None:
    return a / b if b else None
