"""SentencePiece's normalizer, as the ``sentencepiece`` library runs it (``src/normalizer.cc``):
the text of a ``.model`` file's ``normalizer_spec`` turned into what the model is given.

Going left to right, each step takes the longest user-defined symbol that starts there (kept
as typed), else the longest key of the precompiled character map (replaced by its value),
else one character (kept). Then, with the spec's switches:

* ``remove_extra_whitespaces``: leading spaces are dropped, a step's leading spaces are
  dropped when the text so far ends with a space, and trailing space symbols are dropped;
* ``add_dummy_prefix``: one space symbol goes first (last with the trainer's
  ``treat_whitespace_as_suffix``), after the leading spaces are gone;
* ``escape_whitespaces``: every space becomes ``▁`` (U+2581).

This differs from Hugging Face's ``Precompiled`` (``precompiled_normalizer.py``), which looks
up whole grapheme clusters and takes the *shortest* key: here the longest key wins and no
clusters are involved. The map is read as SentencePiece reads it: a little-endian uint32
trie size, that many bytes of darts-clone double-array units, then the replacement pool.
"""

from __future__ import annotations

import functools
import re
import struct
from collections.abc import Iterable, Iterator
from operator import itemgetter
from typing import Any

import regex

from bpelens.core.messages import Message

from ...errors import ConfigError
from ...fast import disk_cache
from ...text.darts_summary import MapSummary, summarize
from ...text.darts_trie import IS_VALUE, trie_keys, value_offset
from ...text.units import char_class
from .base import NormalizedText, Normalizer

SPACE_SYMBOL = "\u2581"
# No rule of a real map is longer than a few characters; past this the trie must loop.
_MAX_KEY_BYTES = 1024
_SPACE_RUNS = re.compile(" {2,}")
_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")

Unit = tuple[str, int, int, bool]  # (output, input start, input end, kept as typed)


def read_charsmap(blob: bytes) -> dict[str, str]:
    """Every key of a precompiled character map → its replacement; ConfigError if broken.

    The keys are those darts-clone's ``commonPrefixSearch`` finds (a NUL byte is a label
    like any other, as SentencePiece passes the length)."""
    trie_size = _trie_size(blob)
    units = struct.unpack_from(f"<{trie_size // 4}I", blob, 4)
    pool = blob[4 + trie_size:]

    found = trie_keys(units, nul_is_label=True, max_key_bytes=_MAX_KEY_BYTES)
    rules = _rules_at_once(units, pool, found)
    if rules is not None:
        return rules
    # Something is wrong: the keys one by one, so that the first problem is the one named.
    # Many keys share a replacement: each is read from the pool once.
    replacements: dict[int, str] = {}
    keys: dict[str, str] = {}
    for key, at in found:
        offset = value_offset(units, at, key)
        value = replacements.get(offset)
        if value is None:
            value = replacements[offset] = _replacement(pool, offset, key)
        keys[_text(key, "a key")] = value
    return keys


def _trie_size(blob: bytes) -> int:
    """The byte size of the map's trie (at least one unit); ConfigError if it cannot be."""
    if len(blob) <= 4:
        raise ConfigError(Message("precompiled_charsmap has {blob_count} bytes; it needs a 4-byte "
                                  "trie size and a trie", blob_count=len(blob)))
    (trie_size,) = struct.unpack_from("<I", blob, 0)
    # (The library refuses a size of the whole blob or more, then reads past its buffer for
    # a size of its last 3 bytes: refused here too.)
    if trie_size > len(blob) - 4:
        raise ConfigError(Message("precompiled_charsmap says its trie has {trie_size} bytes, more "
                                  "than the {blob_count} bytes that follow the size",
                                  trie_size=trie_size, blob_count=len(blob) - 4))
    if trie_size // 4 == 0:
        raise ConfigError("precompiled_charsmap has an empty trie (no root unit)")
    return trie_size


def _rules_at_once(units: tuple[int, ...], pool: bytes,
                   found: list[tuple[bytes, int]]) -> dict[str, str] | None:
    """The rules of a sound map, with whole-list operations (224k keys: a tenth of the time
    of a loop); None when any key or replacement is wrong."""
    if not found:
        return {}
    keys = list(map(itemgetter(0), found))
    ats = list(map(itemgetter(1), found))
    if max(ats) >= len(units):
        return None
    offsets = list(map((IS_VALUE - 1).__and__, map(units.__getitem__, ats)))
    # Many keys share a replacement: each is read from the pool once (the first key with it
    # would be named in an error, as in the loop).
    replacements: dict[int, str] = {}
    for offset in set(offsets):
        end = pool.find(b"\0", offset)
        if offset >= len(pool) or end < 0:
            return None
        try:
            replacements[offset] = pool[offset:end].decode("utf-8")
        except UnicodeDecodeError:
            return None
    try:
        texts = list(map(bytes.decode, keys))
    except UnicodeDecodeError:
        return None
    return dict(zip(texts, map(replacements.__getitem__, offsets), strict=True))


def _text(data: bytes, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ConfigError(Message("precompiled_charsmap: {what} ({data!r}) is not whole UTF-8 "
                                  "characters", what=what, data=data[:16])) from None


def _replacement(pool: bytes, offset: int, key: bytes) -> str:
    if offset >= len(pool):
        raise ConfigError(Message("precompiled_charsmap: key {key!r} points at byte {offset} of a "
                                  "{pool_count}-byte replacement pool", key=key, offset=offset,
                                  pool_count=len(pool)))
    end = pool.find(b"\0", offset)
    if end < 0:
        raise ConfigError(Message("precompiled_charsmap: the replacement of key {key!r} has no "
                                  "terminating NUL byte", key=key))
    return _text(pool[offset:end], f"the replacement of key {key!r}")


class _LongestMatch:
    """The longest of a set of strings starting at a position (walking the prefixes)."""

    def __init__(self, values: dict[str, str]) -> None:
        prefix: dict[str, str | None] = {}
        for key in values:
            for end in range(len(key) - 1, 0, -1):
                if key[:end] in prefix:
                    break
                prefix[key[:end]] = None
        prefix.update(values)
        self._prefix = prefix
        self.starts = frozenset(key[0] for key in values)

    def at(self, text: str, start: int) -> tuple[int, str] | None:
        """(end, value) of the longest key at ``start``, or None."""
        get = self._prefix.get
        found = None
        end = start + 1
        size = len(text)
        while end <= size:
            piece = text[start:end]
            if piece not in self._prefix:
                break
            value = get(piece)
            if value is not None:
                found = (end, value)
            end += 1
        return found


class _Trigger:
    """Some characters found in a text (the stdlib ``re`` scans a class of BMP characters
    fast, one with astral characters slowly: two versions)."""

    def __init__(self, chars: set[str]) -> None:
        # Each compiled on first use (a few milliseconds for 5,000 characters).
        self._chars = chars
        self._bmp: tuple[re.Pattern[str] | None] | None = None
        self._full: tuple[re.Pattern[str] | None] | None = None

    def pick(self, text: str) -> re.Pattern[str] | None:
        if _ASTRAL.search(text):
            full = self._full
            if full is None:
                chars = self._chars
                full = self._full = (re.compile(char_class(map(ord, chars))) if chars
                                     else None,)
            return full[0]
        bmp = self._bmp
        if bmp is None:
            codes = [ord(c) for c in self._chars if c <= "\uffff"]
            bmp = self._bmp = (re.compile(char_class(codes)) if codes else None,)
        return bmp[0]

    def search(self, text: str) -> bool:
        pattern = self.pick(text)
        return pattern is not None and pattern.search(text) is not None


def _starts_pattern(alone: set[str], firsts: Iterable[str],
                    seconds: Iterable[str]) -> regex.Pattern[str] | None:
    """Where a step may begin: at a character of ``alone``, or where a rule of two or more
    characters may match (``firsts``: the first characters of those rules, followed by one of
    their second characters, ``seconds``: the first characters include common letters, the
    second ones are combining marks and jamo)."""
    firsts = set(firsts)
    options = []
    if alone:
        options.append(char_class(map(ord, alone)))
    if firsts:
        options.append(char_class(map(ord, firsts)) + f"(?={char_class(map(ord, seconds))})")
    return regex.compile("|".join(options)) if options else None


class _Charsmap:
    """A map's rules as the normalizer uses them: the one-character rules and what is known
    of the longer ones (their first and second characters) at once; the longer rules
    themselves (220,000 in nmt_nfkc: Hangul jamo and combining marks) only when a text holds
    one of those second characters, which most texts never do."""

    def __init__(self, singles: dict[str, str], firsts: str, seconds: str, count: int,
                 double_space: bool, *, rules: dict[str, str] | None = None,
                 blob: bytes = b"") -> None:
        self.singles = singles
        self.firsts = firsts  # of the rules of two characters or more
        self.seconds = seconds
        self.count = count
        self.double_space = double_space  # some replacement holds two spaces in a row
        self._rules = rules
        self._blob = blob

    @classmethod
    def of_rules(cls, rules: dict[str, str], blob: bytes = b"") -> _Charsmap:
        longer = [k for k in rules if len(k) > 1]
        return cls({k: v for k, v in rules.items() if len(k) == 1},
                   "".join({k[0]: None for k in longer}), "".join({k[1]: None for k in longer}),
                   len(rules), any("  " in v for v in rules.values()), rules=rules, blob=blob)

    @classmethod
    def of_summary(cls, summary: MapSummary, blob: bytes) -> _Charsmap:
        firsts = "".join(sorted({pair[0] for pair in summary.pairs}))
        seconds = "".join(sorted({pair[1] for pair in summary.pairs}))
        return cls(summary.singles, firsts, seconds, summary.count, summary.double_space,
                   blob=blob)

    @property
    def rules(self) -> dict[str, str]:
        if self._rules is None:
            self._rules = _rules(self._blob)
        return self._rules

    def state(self) -> dict[str, Any]:
        return {"singles": self.singles, "firsts": self.firsts, "seconds": self.seconds,
                "count": self.count, "double_space": self.double_space}

    @classmethod
    def from_state(cls, state: Any, blob: bytes) -> _Charsmap | None:
        """None unless ``state`` is what :meth:`state` gave (read back from the disk cache)."""
        try:
            singles, firsts, seconds = state["singles"], state["firsts"], state["seconds"]
            count, double_space = state["count"], state["double_space"]
        except (KeyError, TypeError):
            return None
        if not (isinstance(singles, dict) and isinstance(firsts, str)
                and isinstance(seconds, str) and type(count) is int
                and isinstance(double_space, bool) and len(firsts) <= count
                and all(map(str.__instancecheck__, singles))
                and all(map(str.__instancecheck__, singles.values()))):
            return None
        return cls(singles, firsts, seconds, count, double_space, blob=blob)


@functools.lru_cache(maxsize=4)
def _built(blob: bytes, name: str, add_dummy_prefix: bool, remove_extra_whitespaces: bool,
           escape_whitespaces: bool, treat_whitespace_as_suffix: bool,
           user_defined: tuple[str, ...]) -> SentencePieceNormalizer:
    # A normalizer never changes once built: the same spec (a model opened again, in the
    # GUI or the tests) shares one instead of reading the map again.
    return SentencePieceNormalizer(
        charsmap=_charsmap(blob) if blob else _Charsmap.of_rules({}), name=name,
        add_dummy_prefix=add_dummy_prefix, remove_extra_whitespaces=remove_extra_whitespaces,
        escape_whitespaces=escape_whitespaces,
        treat_whitespace_as_suffix=treat_whitespace_as_suffix, user_defined=user_defined)


_CACHE_KIND = "sentencepiece-charsmap"
_CORE_KIND = "sentencepiece-charsmap-core"


def _charsmap(blob: bytes) -> _Charsmap:
    """The map, from the disk cache when it holds this very map (keyed by its content:
    models built with the same normalization share it)."""
    digest = disk_cache.content_digest(blob)
    charsmap = _Charsmap.from_state(disk_cache.load(_CORE_KIND, digest), blob)
    if charsmap is None:
        summary = summarize(blob, _trie_size(blob), nul_is_label=True,
                            max_key_bytes=_MAX_KEY_BYTES)
        if summary is None:  # an odd map: its rules, which name what is wrong
            charsmap = _Charsmap.of_rules(_rules(blob, digest), blob)
        else:  # the rules of two characters or more are read when a text needs them
            charsmap = _Charsmap.of_summary(summary, blob)
        disk_cache.store(_CORE_KIND, digest, charsmap.state())
    return charsmap


def _rules(blob: bytes, digest: str | None = None) -> dict[str, str]:
    """The map's rules, from the disk cache when it holds them: walking the trie takes
    half a second, reading the rules back a tenth of that."""
    digest = digest or disk_cache.content_digest(blob)
    cached = disk_cache.load(_CACHE_KIND, digest)
    if isinstance(cached, dict) and all(map(str.__instancecheck__, cached)) and all(
            map(str.__instancecheck__, cached.values())):
        return cached
    rules = read_charsmap(blob)
    disk_cache.store(_CACHE_KIND, digest, rules)
    return rules


class SentencePieceNormalizer(Normalizer):
    """One ``NormalizerSpec`` (and the trainer's ``treat_whitespace_as_suffix``), with the
    model's user-defined symbols kept as typed."""

    kind = "sentencepiece"

    def __init__(
        self,
        *,
        rules: dict[str, str] | None = None,
        name: str = "",
        add_dummy_prefix: bool = True,
        remove_extra_whitespaces: bool = True,
        escape_whitespaces: bool = True,
        treat_whitespace_as_suffix: bool = False,
        user_defined: Iterable[str] = (),
        charsmap: _Charsmap | None = None,
    ) -> None:
        self.name = name
        if charsmap is None:
            charsmap = _Charsmap.of_rules(dict(rules or {}))
        self._charsmap = charsmap
        self.add_dummy_prefix = add_dummy_prefix
        self.remove_extra_whitespaces = remove_extra_whitespaces
        self.escape_whitespaces = escape_whitespaces
        self.treat_whitespace_as_suffix = treat_whitespace_as_suffix
        self.user_defined = tuple(dict.fromkeys(s for s in user_defined if s))
        self.space = SPACE_SYMBOL if escape_whitespaces else " "

        self._key_match: _LongestMatch | None = None  # every rule: built when first needed
        self._singles = charsmap.singles
        self._single_keys = _LongestMatch(self._singles)
        self._symbols = _LongestMatch({s: s for s in self.user_defined})
        # Steps longer than one character begin at these; everything else is one character,
        # replaced by a one-character rule (a translate table) or kept.
        # A one-character symbol that no rule starts steps exactly as the character would:
        # only the others need finding on the fast path.
        firsts = {*self._singles, *charsmap.firsts}
        symbols = {s[0] for s in self.user_defined if len(s) > 1 or s in firsts}
        # Both patterns (10-30 ms of regex compiling each for a big map) are compiled on
        # first use, whole, then assigned: many texts never need them.
        self._long_starts_of = (symbols, charsmap.firsts, charsmap.seconds)
        self._long_starts_built: tuple[regex.Pattern[str] | None] | None = None
        # Text holding none of these has no step longer than one character: no rule of
        # two characters or more can match in it.
        self._long_trigger = _Trigger(symbols | set(charsmap.seconds))
        self._rule_trigger = _Trigger(set(charsmap.seconds))
        self._single_trigger = _Trigger(set(self._singles))
        # Where a step of its own begins, for the step-by-step path (spaces included).
        self._step_starts_of = ({*self._singles, *self._symbols.starts, " "},
                                charsmap.firsts, charsmap.seconds)
        self._step_starts_built: tuple[regex.Pattern[str] | None] | None = None
        # A step holding two spaces in a row keeps them (only a step's *leading* spaces go),
        # which collapsing space runs over the whole text would not: those models always
        # take the step-by-step path.
        self._collapse_ok = not (charsmap.double_space
                                 or any("  " in v for v in self.user_defined))

    @property
    def _long_starts(self) -> regex.Pattern[str] | None:
        built = self._long_starts_built
        if built is None:
            built = self._long_starts_built = (_starts_pattern(*self._long_starts_of),)
        return built[0]

    @property
    def _step_starts(self) -> regex.Pattern[str] | None:
        built = self._step_starts_built
        if built is None:
            built = self._step_starts_built = (_starts_pattern(*self._step_starts_of),)
        return built[0]

    @property
    def rules(self) -> dict[str, str]:
        """Every rule of the map: key → replacement."""
        return self._charsmap.rules

    @property
    def _keys(self) -> _LongestMatch:
        if self._key_match is None:
            self._key_match = _LongestMatch(self.rules)
        return self._key_match

    def _keys_for(self, text: str) -> _LongestMatch:
        """The rules a step of ``text`` may take: the one-character ones, unless the text
        holds a character that a longer rule continues with (only then are they read)."""
        return self._keys if self._rule_trigger.search(text) else self._single_keys

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_spec(cls, spec: Any, *, treat_whitespace_as_suffix: bool = False,
                  user_defined: Iterable[str] = ()) -> SentencePieceNormalizer:
        """From a ``NormalizerSpec`` message (see ``formats/sentencepiece_schema.py``)."""
        name = bytes(spec.name).decode("utf-8", "replace")
        return cls.from_fields(bytes(spec.precompiled_charsmap), name,
                               bool(spec.add_dummy_prefix), bool(spec.remove_extra_whitespaces),
                               bool(spec.escape_whitespaces),
                               treat_whitespace_as_suffix=treat_whitespace_as_suffix,
                               user_defined=user_defined)

    @classmethod
    def from_fields(cls, charsmap: bytes, name: str, add_dummy_prefix: bool,
                    remove_extra_whitespaces: bool, escape_whitespaces: bool, *,
                    treat_whitespace_as_suffix: bool = False,
                    user_defined: Iterable[str] = ()) -> SentencePieceNormalizer:
        """From a ``NormalizerSpec``'s fields (the map as the file holds it)."""
        return _built(charsmap, name, add_dummy_prefix, remove_extra_whitespaces,
                      escape_whitespaces, treat_whitespace_as_suffix, tuple(user_defined))

    def to_config(self) -> dict[str, Any]:
        return {"type": self.kind, "name": self.name, "rules": self._charsmap.count,
                "add_dummy_prefix": self.add_dummy_prefix,
                "remove_extra_whitespaces": self.remove_extra_whitespaces,
                "escape_whitespaces": self.escape_whitespaces,
                "treat_whitespace_as_suffix": self.treat_whitespace_as_suffix}

    def describe(self) -> str:
        switches = [name for name, on in (
            ("dummy prefix", self.add_dummy_prefix and not self.treat_whitespace_as_suffix),
            ("dummy suffix", self.add_dummy_prefix and self.treat_whitespace_as_suffix),
            ("extra whitespace removed", self.remove_extra_whitespaces),
            ("spaces as ▁", self.escape_whitespaces)) if on]
        count = self._charsmap.count
        rules = f"{self.name or 'unnamed'} map, {count} rules" if count else "no character map"
        return f"SentencePiece normalizer ({rules}; {', '.join(switches) or 'no switches'})"

    # -- the steps --------------------------------------------------------------------------
    def _steps(self, text: str) -> Iterator[Unit]:
        """Every step: a user-defined symbol, a rule, a space, or a run of characters that no
        rule or symbol starts (kept as typed)."""
        pos = 0
        starts = self._step_starts
        symbols, keys = self._symbols, self._keys_for(text)
        if starts is not None:
            for match in starts.finditer(text):
                i = match.start()
                if i < pos:
                    continue  # inside the step before
                if i > pos:
                    yield text[pos:i], pos, i, True
                found = symbols.at(text, i)
                if found is not None:
                    yield text[i:found[0]], i, found[0], True
                    pos = found[0]
                    continue
                found = keys.at(text, i)
                if found is not None:
                    yield found[1], i, found[0], False
                    pos = found[0]
                else:
                    yield text[i], i, i + 1, True
                    pos = i + 1
        if pos < len(text):
            yield text[pos:], pos, len(text), True

    def _translate(self, text: str) -> str:
        """One-character rules applied (a dict given to str.translate costs an exception per
        character it lacks: a substitution over the characters found costs far less)."""
        pattern = self._single_trigger.pick(text)
        if pattern is None or pattern.search(text) is None:
            return text
        singles = self._singles
        return pattern.sub(lambda m: singles[m.group()], text)

    def _replaced(self, text: str) -> str:
        """Every step's output joined (no whitespace handling)."""
        starts = self._long_starts
        if starts is None or not self._long_trigger.search(text):
            return self._translate(text)
        out: list[str] = []
        pos = 0
        symbols, keys = self._symbols, self._keys_for(text)
        for match in starts.finditer(text):
            i = match.start()
            if i < pos:
                continue
            found = symbols.at(text, i)
            if found is not None:
                out.append(self._translate(text[pos:i]))
                out.append(text[i:found[0]])
                pos = found[0]
                continue
            found = keys.at(text, i)
            if found is not None and found[0] > i + 1:
                out.append(self._translate(text[pos:i]))
                out.append(found[1])
                pos = found[0]
        out.append(self._translate(text[pos:]))
        return "".join(out)

    # -- Normalizer -------------------------------------------------------------------------
    def normalize_str(self, text: str) -> str:
        if not text:
            return ""
        if not self._collapse_ok:
            return self.normalize(text).text
        body = self._replaced(text)
        if self.remove_extra_whitespaces:
            body = _SPACE_RUNS.sub(" ", body).lstrip(" ")
            if not body:
                return self.normalize(text).text  # all spaces or dropped: the exact path
        space = self.space
        if self.escape_whitespaces:
            body = body.replace(" ", SPACE_SYMBOL)
        if self.add_dummy_prefix and not self.treat_whitespace_as_suffix:
            body = space + body
        if self.remove_extra_whitespaces:
            body = body.rstrip(space)
        if self.add_dummy_prefix and self.treat_whitespace_as_suffix:
            body += space
        return body

    def normalize(self, text: str) -> NormalizedText:
        """The step-by-step path, as ``Normalizer::Normalize`` goes, with each output
        character's input span (an inserted space symbol: an empty span)."""
        if not text:
            return NormalizedText(text)
        remove = self.remove_extra_whitespaces
        steps = list(self._steps(text))
        first = 0
        if remove:
            while first < len(steps) and steps[first][0] == " ":
                first += 1
            if first == len(steps):
                return NormalizedText("", ())
        out: list[str] = []
        sources: list[tuple[int, int]] = []
        space = self.space
        escape = self.escape_whitespaces
        at = steps[first][1]
        if self.add_dummy_prefix and not self.treat_whitespace_as_suffix:
            out.append(space)
            sources.append((at, at))
        prev_space = remove
        for output, start, end, kept in steps[first:]:
            if prev_space:
                output = output.lstrip(" ")
            if output:
                out.append(output.replace(" ", SPACE_SYMBOL) if escape else output)
                if kept and end - start == len(output):
                    sources.extend((i, i + 1) for i in range(start, end))
                else:
                    sources.extend([(start, end)] * len(output))
                prev_space = output.endswith(" ")
            if not remove:
                prev_space = False
        normalized = "".join(out)
        end_at = len(text)
        if remove:
            kept_chars = len(normalized.rstrip(space))
            if kept_chars < len(normalized):
                end_at = sources[kept_chars][0]
                normalized = normalized[:kept_chars]
                del sources[kept_chars:]
        if self.add_dummy_prefix and self.treat_whitespace_as_suffix:
            normalized += space
            sources.append((end_at, end_at))
        if normalized == text:
            return NormalizedText(text)
        return NormalizedText(normalized, tuple(sources))
