"""Perturbation churn: how much a tokenization changes when its text is lightly damaged.

Each perturbation is a deterministic function of the text, its kind and a seed (the random
choices are drawn from a generator seeded with all three, so equal lines are perturbed
equally wherever they stand). Rate-based kinds change ``rate`` of their eligible positions,
rounded, and at least one when there is any:

- ``typo``: in ``rate`` of the words (runs of two or more letters, a letter carrying the
  combining marks after it), swap two adjacent different letters, drop one or double one;
- ``strip_diacritics``: NFD, every nonspacing mark (Mn) dropped, NFC again. In Devanagari,
  Thai or Hebrew this drops vowel signs and points as well: they are Mn too;
- ``add_diacritics``: ``rate`` of the ASCII vowels get an acute, grave, circumflex or
  diaeresis, composed with NFC (``e`` → ``é``);
- ``nfd``: the text decomposed (NFD);
- ``nfc``: the decomposed text (NFD) composed again (NFC). Its *original* is the NFD form:
  a corpus is usually NFC already, so this measures the way back from decomposed text;
- ``homoglyphs``: ``rate`` of the Latin letters that have a Cyrillic or Greek look-alike
  become it (``a`` → U+0430);
- ``zero_width``: in ``rate`` of the words, U+200B, U+200C or U+200D between two letters;
- ``full_width``: ``rate`` of the runs of printable ASCII (U+0021–U+007E, no space) become
  full-width forms (U+FF01–U+FF5E), as an input method types them;
- ``ocr``: ``rate`` of the places an OCR confusion fits (:data:`OCR_CONFUSIONS`, longest
  first, left to right) get it: ``rn`` → ``m``, ``l`` → ``1``, ``O`` → ``0`` …

A line whose perturbed text equals its original is *unchanged* (``perturbed_lines`` counts
the others). For each kind, summed over lines (definitions in :class:`KindChurn`):
tokens before and after; tokens changed, ``len(a) - LCS(a, b)`` for original ids ``a`` and
perturbed ids ``b`` (the original tokens that do not survive, in order); and the token edit
distance, Levenshtein over the id sequences with unit costs. Both come from bit-parallel
algorithms (Hyyrö's LCS, Myers/Hyyrö's Levenshtein) on what remains once the common prefix
and suffix are cut off.
"""

from __future__ import annotations

import hashlib
import heapq
import math
import random
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bpelens.core.messages import Message

from ..errors import ConfigError
from ..pipeline.tokenizer import SpecialMode, Tokenizer

PERTURBATIONS: tuple[str, ...] = ("typo", "strip_diacritics", "add_diacritics", "nfd", "nfc",
                                  "homoglyphs", "zero_width", "full_width", "ocr")
RATE_BASED = frozenset({"typo", "add_diacritics", "homoglyphs", "zero_width", "full_width",
                        "ocr"})
DEFAULT_RATE = 0.1
DEFAULT_KEEP = 10
ZERO_WIDTH = ("\u200b", "\u200c", "\u200d")
VOWELS = "aeiouAEIOU"
# Every vowel of VOWELS composes with each of these into one precomposed letter.
VOWEL_MARKS = ("\u0301", "\u0300", "\u0302", "\u0308")
HOMOGLYPHS: Mapping[str, str] = {
    "a": "\u0430", "c": "\u0441", "d": "\u0501", "e": "\u0435", "h": "\u04bb", "i": "\u0456",
    "j": "\u0458", "o": "\u043e", "p": "\u0440", "q": "\u051b", "s": "\u0455", "v": "\u03bd",
    "w": "\u051d", "x": "\u0445", "y": "\u0443", "A": "\u0410", "B": "\u0412", "C": "\u0421",
    "E": "\u0415", "H": "\u041d", "I": "\u0406", "J": "\u0408", "K": "\u041a", "M": "\u041c",
    "N": "\u039d", "O": "\u041e", "P": "\u0420", "S": "\u0405", "T": "\u0422", "X": "\u0425",
    "Y": "\u04ae", "Z": "\u0396",
}
# Tried in this order at each place, so the two-letter confusions win over one-letter ones.
OCR_CONFUSIONS: tuple[tuple[str, str], ...] = (
    ("rn", "m"), ("cl", "d"), ("vv", "w"), ("m", "rn"), ("d", "cl"), ("w", "vv"), ("l", "1"),
    ("1", "l"), ("I", "l"), ("O", "0"), ("0", "O"), ("S", "5"), ("5", "S"), ("B", "8"),
)
# A regular expression's alternatives are tried in order at each place, as the list says.
_OCR_PLACES = re.compile("|".join(re.escape(source) for source, _ in OCR_CONFUSIONS))
_OCR_TARGETS = dict(OCR_CONFUSIONS)
_FULL_WIDTH = {code: code + 0xFEE0 for code in range(0x21, 0x7F)}
_CHUNK = 512  # lines encoded together (and between two progress reports)
_Edit = tuple[int, int, str]  # text[start:end] becomes the string


# -- perturbations ----------------------------------------------------------------------------

def perturb(text: str, kind: str, seed: int = 0, rate: float = DEFAULT_RATE) -> str:
    """``text`` perturbed by ``kind`` (one of :data:`PERTURBATIONS`), the same for the same
    text, kind, seed and rate. ``rate`` is the share of eligible places changed (rate-based
    kinds only)."""
    _check_kind(kind)
    _check_rate(rate)
    if kind == "nfd":
        return unicodedata.normalize("NFD", text)
    if kind == "nfc":
        return unicodedata.normalize("NFC", text)
    if kind == "strip_diacritics":
        bare = "".join(c for c in unicodedata.normalize("NFD", text)
                       if unicodedata.category(c) != "Mn")
        return unicodedata.normalize("NFC", bare)
    rng = random.Random(_seed_of(text, kind, seed))
    return _apply(text, _EDITORS[kind](text, rng, rate))


def original_of(text: str, kind: str) -> str:
    """What ``kind``'s perturbation is measured against: the text itself, or its NFD form
    for ``nfc``."""
    _check_kind(kind)
    return unicodedata.normalize("NFD", text) if kind == "nfc" else text


def _check_kind(kind: str) -> None:
    if kind not in PERTURBATIONS:
        raise ConfigError(Message("unknown perturbation {kind!r}; valid kinds: {kinds}",
                                  kind=kind, kinds=", ".join(PERTURBATIONS)))


def _check_rate(rate: float) -> None:
    if not (isinstance(rate, int | float) and 0 <= rate <= 1):
        raise ConfigError(Message("rate {rate!r}: expected a share from 0 to 1", rate=rate))


def _seed_of(text: str, kind: str, seed: int) -> int:
    key = f"{seed}\0{kind}\0{text}".encode("utf-8", "surrogatepass")
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big")


def _chosen(count: int, rate: float, rng: random.Random) -> list[int]:
    """Which of ``count`` eligible places change, in order: ``rate`` of them rounded, at
    least one when there are any and the rate is not 0."""
    if count == 0 or rate == 0:
        return []
    take = min(count, max(1, math.floor(rate * count + 0.5)))
    return sorted(rng.sample(range(count), take))


def _apply(text: str, edits: list[_Edit]) -> str:
    """``text`` with non-overlapping edits, given in order, made."""
    parts, at = [], 0
    for start, end, replacement in edits:
        parts += [text[at:start], replacement]
        at = end
    parts.append(text[at:])
    return "".join(parts)


def _words(text: str) -> list[list[tuple[int, int]]]:
    """Each word's letters as character spans: a word is a run of letters, each letter with
    the combining marks that follow it."""
    words: list[list[tuple[int, int]]] = []
    current: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        if unicodedata.category(text[i])[0] == "L":
            j = i + 1
            while j < n and unicodedata.category(text[j])[0] == "M":
                j += 1
            current.append((i, j))
            i = j
            continue
        if current:
            words.append(current)
            current = []
        i += 1
    if current:
        words.append(current)
    return words


def _typo_edits(text: str, rng: random.Random, rate: float) -> list[_Edit]:
    words = [w for w in _words(text) if len(w) >= 2]
    return [_typo(text, words[w], rng) for w in _chosen(len(words), rate, rng)]


def _typo(text: str, letters: list[tuple[int, int]], rng: random.Random) -> _Edit:
    spelled = [text[a:b] for a, b in letters]
    start, end = letters[0][0], letters[-1][1]
    action = rng.choice(("swap", "drop", "double"))
    swaps = [i for i in range(len(spelled) - 1) if spelled[i] != spelled[i + 1]]
    if action == "swap" and not swaps:
        action = "double"  # "aa": swapping its letters would change nothing
    if action == "swap":
        i = rng.choice(swaps)
        spelled[i], spelled[i + 1] = spelled[i + 1], spelled[i]
    elif action == "drop":
        del spelled[rng.randrange(len(spelled))]
    else:
        i = rng.randrange(len(spelled))
        spelled.insert(i, spelled[i])
    return start, end, "".join(spelled)


def _add_diacritics_edits(text: str, rng: random.Random, rate: float) -> list[_Edit]:
    places = [i for i, c in enumerate(text) if c in VOWELS and not (
        i + 1 < len(text) and unicodedata.category(text[i + 1])[0] == "M")]
    return [(places[p], places[p] + 1,
             unicodedata.normalize("NFC", text[places[p]] + rng.choice(VOWEL_MARKS)))
            for p in _chosen(len(places), rate, rng)]


def _homoglyph_edits(text: str, rng: random.Random, rate: float) -> list[_Edit]:
    places = [i for i, c in enumerate(text) if c in HOMOGLYPHS]
    return [(places[p], places[p] + 1, HOMOGLYPHS[text[places[p]]])
            for p in _chosen(len(places), rate, rng)]


def _zero_width_edits(text: str, rng: random.Random, rate: float) -> list[_Edit]:
    words = [w for w in _words(text) if len(w) >= 2]
    edits = []
    for w in _chosen(len(words), rate, rng):
        at = words[w][rng.randrange(1, len(words[w]))][0]
        edits.append((at, at, rng.choice(ZERO_WIDTH)))
    return edits


def _full_width_edits(text: str, rng: random.Random, rate: float) -> list[_Edit]:
    runs: list[tuple[int, int]] = []
    i, n = 0, len(text)
    while i < n:
        if "\x21" <= text[i] <= "\x7e":
            j = i + 1
            while j < n and "\x21" <= text[j] <= "\x7e":
                j += 1
            runs.append((i, j))
            i = j
        else:
            i += 1
    return [(runs[r][0], runs[r][1], text[runs[r][0]:runs[r][1]].translate(_FULL_WIDTH))
            for r in _chosen(len(runs), rate, rng)]


def _ocr_edits(text: str, rng: random.Random, rate: float) -> list[_Edit]:
    places = [m.span() for m in _OCR_PLACES.finditer(text)]
    return [(*places[p], _OCR_TARGETS[text[slice(*places[p])]])
            for p in _chosen(len(places), rate, rng)]


_EDITORS: Mapping[str, Callable[[str, random.Random, float], list[_Edit]]] = {
    "typo": _typo_edits, "add_diacritics": _add_diacritics_edits,
    "homoglyphs": _homoglyph_edits, "zero_width": _zero_width_edits,
    "full_width": _full_width_edits, "ocr": _ocr_edits,
}


# -- distances --------------------------------------------------------------------------------

def _trimmed(a: Sequence[int], b: Sequence[int]) -> tuple[int, Sequence[int], Sequence[int]]:
    """How many ids the two share at their start and end, and what lies between."""
    n = min(len(a), len(b))
    head = 0
    while head < n and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < n - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    return head + tail, a[head:len(a) - tail], b[head:len(b) - tail]


def _positions(pattern: Sequence[int]) -> dict[int, int]:
    """Each id's positions in ``pattern`` as the bits of one integer."""
    bits: dict[int, int] = {}
    for i, value in enumerate(pattern):
        bits[value] = bits.get(value, 0) | (1 << i)
    return bits


def lcs_length(a: Sequence[int], b: Sequence[int]) -> int:
    """The longest common subsequence's length (Hyyrö's bit-parallel form: a zero bit of
    ``v`` per pattern position matched)."""
    shared, a, b = _trimmed(a, b)
    if not a or not b:
        return shared
    bits = _positions(a)
    full = (1 << len(a)) - 1
    v = full
    for value in b:
        u = v & bits.get(value, 0)
        v = ((v + u) | (v - u)) & full
    return shared + len(a) - v.bit_count()


def edit_distance(a: Sequence[int], b: Sequence[int]) -> int:
    """Levenshtein distance (unit insert, delete, substitute) between two id sequences,
    Myers' bit-vector algorithm in Hyyrö's form, one column of the table per id of ``b``.
    Bits above the pattern are never read: each operation carries only upwards."""
    _, a, b = _trimmed(a, b)
    if not a or not b:
        return len(a) + len(b)
    bits = _positions(a)
    top = 1 << (len(a) - 1)
    vp, vn, score = (1 << len(a)) - 1, 0, len(a)
    for value in b:
        x = bits.get(value, 0)
        d0 = (((x & vp) + vp) ^ vp) | x | vn
        hp = vn | ~(d0 | vp)
        hn = d0 & vp
        if hp & top:
            score += 1
        elif hn & top:
            score -= 1
        hp = (hp << 1) | 1
        hn <<= 1
        vp = hn | ~(d0 | hp)
        vn = hp & d0
    return score


# -- the report -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChurnExample:
    """One line a perturbation changed: its index among the lines given (0-based), both
    texts, both id sequences with each token's text, and the distances."""

    language: str | None
    line: int
    original: str
    perturbed: str
    original_ids: tuple[int, ...]
    perturbed_ids: tuple[int, ...]
    original_tokens: tuple[str, ...]
    perturbed_tokens: tuple[str, ...]
    distance: int
    tokens_changed: int

    def to_json(self) -> dict[str, Any]:
        return {"language": self.language, "line": self.line, "original": self.original,
                "perturbed": self.perturbed, "distance": self.distance,
                "tokens_changed": self.tokens_changed,
                "original_ids": list(self.original_ids),
                "perturbed_ids": list(self.perturbed_ids),
                "original_tokens": list(self.original_tokens),
                "perturbed_tokens": list(self.perturbed_tokens)}


@dataclass(frozen=True, slots=True)
class KindChurn:
    """One perturbation on some lines, summed over all of them.

    ``perturbed_lines``: lines whose text it changed; ``churned_lines``: lines whose ids
    changed. ``tokens_changed``: Σ len(a) − LCS(a, b), a the original ids and b the
    perturbed ones; ``changed_share`` = tokens_changed / tokens_before. ``edit_distance``:
    Σ Levenshtein(a, b); per line (every line, or only perturbed ones) and per 100 original
    tokens. ``examples``: the largest distances, ties to the earlier line."""

    kind: str
    lines: int
    perturbed_lines: int
    churned_lines: int
    tokens_before: int
    tokens_after: int
    tokens_changed: int
    edit_distance: int
    examples: tuple[ChurnExample, ...] = ()

    @property
    def applies_share(self) -> float:
        return self.perturbed_lines / self.lines if self.lines else 0.0

    @property
    def changed_share(self) -> float:
        return self.tokens_changed / self.tokens_before if self.tokens_before else 0.0

    @property
    def distance_per_line(self) -> float:
        return self.edit_distance / self.lines if self.lines else 0.0

    @property
    def distance_per_perturbed_line(self) -> float:
        return self.edit_distance / self.perturbed_lines if self.perturbed_lines else 0.0

    @property
    def distance_per_100_tokens(self) -> float:
        return 100 * self.edit_distance / self.tokens_before if self.tokens_before else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "lines": self.lines, "perturbed_lines": self.perturbed_lines,
                "applies_share": self.applies_share, "churned_lines": self.churned_lines,
                "tokens_before": self.tokens_before, "tokens_after": self.tokens_after,
                "tokens_changed": self.tokens_changed, "changed_share": self.changed_share,
                "edit_distance": self.edit_distance,
                "distance_per_line": self.distance_per_line,
                "distance_per_perturbed_line": self.distance_per_perturbed_line,
                "distance_per_100_tokens": self.distance_per_100_tokens,
                "examples": [e.to_json() for e in self.examples]}


@dataclass(frozen=True, slots=True)
class LanguageChurn:
    """Every kind measured on one language's lines (``language`` None: lines given plain)."""

    language: str | None
    lines: int
    kinds: tuple[KindChurn, ...]

    def kind(self, kind: str) -> KindChurn:
        return next(k for k in self.kinds if k.kind == kind)

    def to_json(self) -> dict[str, Any]:
        return {"language": self.language, "lines": self.lines,
                "kinds": {k.kind: k.to_json() for k in self.kinds}}


@dataclass(frozen=True)
class ChurnReport:
    """Churn per language and kind, and per kind over every language (``totals``)."""

    tokenizer: str
    kinds: tuple[str, ...]
    seed: int
    rate: float
    special: str
    languages: tuple[LanguageChurn, ...]
    totals: tuple[KindChurn, ...]

    def language(self, language: str | None) -> LanguageChurn:
        return next(g for g in self.languages if g.language == language)

    def total(self, kind: str) -> KindChurn:
        return next(k for k in self.totals if k.kind == kind)

    def to_json(self) -> dict[str, Any]:
        return {"tokenizer": self.tokenizer, "kinds": list(self.kinds), "seed": self.seed,
                "rate": self.rate, "special": self.special,
                "definitions": DEFINITIONS,
                "languages": [g.to_json() for g in self.languages],
                "totals": {k.kind: k.to_json() for k in self.totals}}


DEFINITIONS = {
    "tokens_changed": "sum over lines of len(a) - LCS(a, b), a the original ids, b the "
                      "perturbed ids",
    "changed_share": "tokens_changed / tokens_before",
    "edit_distance": "sum over lines of the Levenshtein distance between a and b (unit "
                     "costs)",
    "distance_per_100_tokens": "100 * edit_distance / tokens_before",
    "nfc": "measured from the NFD form of each line to its NFC form",
}


class _Tally:
    """One kind's sums on one language while lines come in."""

    def __init__(self, kind: str, keep: int) -> None:
        self.kind, self.keep = kind, keep
        self.lines = self.perturbed = self.churned = 0
        self.before = self.after = self.changed = self.distance = 0
        # The worst lines: (distance, -line, line, original, perturbed, a, b, changed)
        self.worst: list[tuple[Any, ...]] = []

    def add(self, line: int, original: str, perturbed: str, a: list[int], b: list[int]
            ) -> None:
        self.lines += 1
        self.before += len(a)
        self.after += len(b)
        if original == perturbed:
            return
        self.perturbed += 1
        if a == b:
            return
        self.churned += 1
        changed = len(a) - lcs_length(a, b)
        distance = edit_distance(a, b)
        self.changed += changed
        self.distance += distance
        if self.keep:
            entry = (distance, -line, line, original, perturbed, a, b, changed)
            if len(self.worst) < self.keep:
                heapq.heappush(self.worst, entry)
            elif entry[:2] > self.worst[0][:2]:
                heapq.heapreplace(self.worst, entry)

    def result(self, label: Callable[[int], str], language: str | None) -> KindChurn:
        ordered = sorted(self.worst, key=lambda e: (-e[0], e[2]))
        return KindChurn(self.kind, self.lines, self.perturbed, self.churned, self.before,
                         self.after, self.changed, self.distance,
                         tuple(_example(label, language, e) for e in ordered))


def _example(label: Callable[[int], str], language: str | None, entry: tuple[Any, ...]
             ) -> ChurnExample:
    distance, _, line, original, perturbed, a, b, changed = entry
    return ChurnExample(language, line, original, perturbed, tuple(a), tuple(b),
                        tuple(label(i) for i in a), tuple(label(i) for i in b), distance,
                        changed)


def measure_churn(tokenizer: Tokenizer, lines: Iterable[str] | Mapping[str, Iterable[str]],
                  *, kinds: Sequence[str] = PERTURBATIONS, seed: int = 0,
                  rate: float = DEFAULT_RATE, language: str | None = None,
                  keep: int = DEFAULT_KEEP, special: SpecialMode = "none",
                  progress: Callable[[float], None] | None = None) -> ChurnReport:
    """Churn of each of ``kinds`` on ``lines``: lines of text (all of ``language``), or a
    mapping language → lines. Lines are encoded in batches, ``special`` saying whether
    special-token strings in them are control tokens; ``progress(fraction)`` is called
    between batches and may raise to stop. ``keep``: examples kept per kind and language."""
    kinds = _checked_kinds(kinds)
    _check_rate(rate)
    if type(keep) is not int or keep < 0:
        raise ConfigError(Message("keep {keep!r}: expected a whole number, 0 or more",
                                  keep=keep))
    groups = _groups(lines, language)
    total = sum(len(texts) for _, texts in groups) or 1
    done = 0
    results = []
    label = cache(tokenizer.token_label)  # examples share most of their tokens
    for code, texts in groups:
        tallies = [_Tally(kind, keep) for kind in kinds]
        for first in range(0, len(texts), _CHUNK):
            _measure_chunk(tokenizer, texts, first, tallies, seed, rate, special)
            done += min(_CHUNK, len(texts) - first)
            if progress is not None:
                progress(done / total)
        results.append(LanguageChurn(code, len(texts), tuple(
            t.result(label, code) for t in tallies)))
    totals = tuple(_summed(kind, [g.kinds[i] for g in results], keep)
                   for i, kind in enumerate(kinds))
    return ChurnReport(tokenizer.name, kinds, seed, rate, special, tuple(results), totals)


def _checked_kinds(kinds: Sequence[str]) -> tuple[str, ...]:
    if isinstance(kinds, str):
        kinds = [kinds]
    out = tuple(dict.fromkeys(kinds))
    if not out:
        raise ConfigError(Message("no perturbation chosen; valid kinds: {kinds}",
                                  kinds=", ".join(PERTURBATIONS)))
    for kind in out:
        _check_kind(kind)
    return out


def _groups(lines: Iterable[str] | Mapping[str, Iterable[str]], language: str | None
            ) -> list[tuple[str | None, list[str]]]:
    if isinstance(lines, str):
        raise ConfigError(Message("lines: expected lines of text (a list of strings) or a "
                                  "mapping language → lines, not one string"))
    if isinstance(lines, Mapping):
        groups = [(str(code), _texts(texts, str(code))) for code, texts in lines.items()]
    else:
        groups = [(language, _texts(lines, language))]
    return groups


def _texts(lines: Iterable[str], language: str | None) -> list[str]:
    if isinstance(lines, str):
        raise ConfigError(Message("lines of {language}: expected a list of strings, not one "
                                  "string", language=language))
    texts = list(lines)
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            where = f"{language}, " if language is not None else ""
            raise ConfigError(Message("{where}line {index}: expected text, not {type}",
                                      where=where, index=index, type=type(text).__name__))
    return texts


def _measure_chunk(tokenizer: Tokenizer, texts: list[str], first: int,
                   tallies: list[_Tally], seed: int, rate: float, special: SpecialMode
                   ) -> None:
    chunk = texts[first:first + _CHUNK]
    pairs = [[(original_of(text, t.kind), perturb(text, t.kind, seed, rate)) for text in chunk]
             for t in tallies]
    # Most kinds share their originals, and many perturbed lines are unchanged: every
    # distinct text is encoded once.
    distinct = list(dict.fromkeys(s for kind_pairs in pairs for pair in kind_pairs
                                  for s in pair))
    ids = dict(zip(distinct, tokenizer.encode_batch_ids(distinct, special=special),
                   strict=True))
    for tally, kind_pairs in zip(tallies, pairs, strict=True):
        for offset, (original, perturbed) in enumerate(kind_pairs):
            tally.add(first + offset, original, perturbed, ids[original], ids[perturbed])


def _summed(kind: str, parts: list[KindChurn], keep: int) -> KindChurn:
    """One kind over every language: sums, and the largest distances of all."""
    examples = sorted((e for p in parts for e in p.examples), key=lambda e: -e.distance)
    return KindChurn(kind, *(sum(getattr(p, name) for p in parts) for name in (
        "lines", "perturbed_lines", "churned_lines", "tokens_before", "tokens_after",
        "tokens_changed", "edit_distance")), tuple(examples[:keep]))
