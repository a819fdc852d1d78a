"""Compiling a pattern the way the library that wrote it reads it.

Patterns in tiktoken encodings are run by Rust's fancy-regex; patterns in ``tokenizer.json``
files by Oniguruma (Ruby syntax). Python's ``regex`` module agrees with both on Unicode
classes (its version is pinned for that) but not on a few rules, which are rewritten here:

* ``$``: end of text in fancy-regex; end of *any line* in Oniguruma. Python's ``$`` also
  matches before a final newline, so it becomes ``\\Z`` or ``(?=\\n|\\Z)``.
* ``X{m,n}+``: possessive in fancy-regex and Python, but in Oniguruma a greedy repetition of
  ``X{m,n}`` — HF reads ``\\p{N}{1,3}+`` as "any run of digits".
* ``\\w``: Oniguruma's word characters are Alphabetic, marks, decimal digits and connector
  punctuation — plus, for a bare ``\\w`` but not inside brackets, six Latin-1 digits and
  fractions (² ³ ¹ ¼ ½ ¾). Python's also include the joiners U+200C/U+200D.
* ``\\h`` (hex digit), ``\\z`` and ``\\Z``, ``^`` (start of any line) in Oniguruma.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Literal

import regex

from bpelens.core.messages import Message

from ..errors import ConfigError
from .bounded_regex import BoundedPattern, check_pattern

Dialect = Literal["python", "tiktoken", "onig"]
_ONIG_CLASS_WORD = r"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}"
_ONIG_WORD_ITEMS = _ONIG_CLASS_WORD + r"\xb2\xb3\xb9\xbc-\xbe"


def translate(pattern: str, dialect: Dialect) -> str:
    """Rewrite ``pattern`` (written for ``dialect``) for Python's ``regex`` module."""
    if dialect == "python":
        return pattern
    onig = dialect == "onig"
    out: list[str] = []
    group_starts: list[int] = []
    atom_start = 0
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\" and i + 1 < n:
            nxt = pattern[i + 1]
            atom_start = len(out)
            if nxt in "pP" and i + 2 < n and pattern[i + 2] == "{":
                end = pattern.index("}", i)
                out.append(pattern[i : end + 1])
                i = end + 1
                continue
            if onig and nxt == "w":
                out.append(f"[{_ONIG_WORD_ITEMS}]")
            elif onig and nxt == "W":
                out.append(f"[^{_ONIG_WORD_ITEMS}]")
            elif onig and nxt == "h":
                out.append("[0-9a-fA-F]")
            elif onig and nxt == "H":
                out.append("[^0-9a-fA-F]")
            elif onig and nxt == "z":
                out.append(r"\Z")
            elif onig and nxt == "Z":
                out.append(r"(?=\n?\Z)")
            else:
                out.append(pattern[i : i + 2])
            i += 2
            continue
        if ch == "[":
            end = _class_end(pattern, i)
            atom_start = len(out)
            text = pattern[i:end]
            out.append(_intersection(text, onig) if _top_level_and(text)
                       else _translate_class(text, onig))
            i = end
            continue
        if ch == "(":
            group_starts.append(len(out))
            out.append(ch)
            i += 1
            continue
        if ch == ")":
            atom_start = group_starts.pop() if group_starts else 0
            out.append(ch)
            i += 1
            continue
        if ch == "{" and onig:
            close = pattern.find("}", i)
            body = pattern[i + 1 : close] if close > 0 else ""
            if close > 0 and body and all(c.isdigit() or c == "," for c in body):
                quantifier = pattern[i : close + 1]
                if close + 1 < n and pattern[close + 1] == "+":
                    # Oniguruma: (X{m,n})+, a greedy repeat of the bounded repeat.
                    atom = "".join(out[atom_start:])
                    del out[atom_start:]
                    out.append(f"(?:{atom}{quantifier})+")
                    i = close + 2
                    continue
                out.append(quantifier)
                i = close + 1
                continue
        if ch == "$":
            out.append(r"(?=\n|\Z)" if onig else r"\Z")
            i += 1
            continue
        if ch == "^" and onig:
            out.append(r"(?:(?<=\n)|\A)")
            i += 1
            continue
        if ch not in "*+?|":
            atom_start = len(out)
        out.append(ch)
        i += 1
    return "".join(out)


def _class_end(pattern: str, start: int) -> int:
    """Index just past the character class opening at ``start``."""
    i = start + 1
    if i < len(pattern) and pattern[i] == "^":
        i += 1
    if i < len(pattern) and pattern[i] == "]":
        i += 1
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":  # a nested class (set syntax) or POSIX class
            i = _class_end(pattern, i)
            continue
        if c == "]":
            return i + 1
        i += 1
    raise ConfigError(Message("pattern does not compile: unterminated character class in {pattern}",
                              pattern=_shown(pattern)))


def _top_level_and(text: str) -> list[int]:
    """Where ``&&`` (class intersection, in fancy-regex and Oniguruma) stands in the class
    ``text`` outside its nested classes."""
    places: list[int] = []
    i = 2 if text.startswith("[^") else 1
    while i < len(text) - 1:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            i = _class_end(text, i)
            continue
        if text.startswith("&&", i):
            places.append(i)
            i += 2
            continue
        i += 1
    return places


def _intersection(text: str, onig: bool) -> str:
    """``[A&&B]`` as Python's ``regex`` reads it without VERSION1 (where ``&&`` is two
    ampersands, silently): one character that each side matches, the sides but the last as
    lookaheads — ``(?:(?=[A])[B])``; ``[^A&&B]`` is one character that is not that."""
    negated = text.startswith("[^")
    start = 2 if negated else 1
    cuts = [start - 2, *_top_level_and(text), len(text) - 1]
    sides = [_operand(text[a + 2 : b], text, onig) for a, b in pairwise(cuts)]
    one = "".join(f"(?={side})" for side in sides[:-1]) + sides[-1]
    return f"(?:(?!{one})(?s:.))" if negated else f"(?:{one})"


def _operand(part: str, whole_class: str, onig: bool) -> str:
    """One side of ``&&`` as a pattern for one character: its nested classes and its plain
    items (a union, as in the class it stands in), each translated."""
    if not part:
        raise ConfigError(Message("pattern does not compile: a side of && is empty in "
                                  "{pattern}", pattern=_shown(whole_class)))
    dialect: Dialect = "onig" if onig else "tiktoken"
    nested: list[str] = []
    plain: list[str] = []
    i = 0
    while i < len(part):
        c = part[i]
        if c == "\\":
            plain.append(part[i : i + 2])
            i += 2
        elif c == "[" and not part.startswith("[:", i):
            end = _class_end(part, i)
            nested.append(translate(part[i:end], dialect))
            i = end
        elif c == "[":  # a POSIX class ([:alpha:]) is an item of the class it stands in
            end = part.index(":]", i) + 2 if ":]" in part[i:] else i + 1
            plain.append(part[i:end])
            i = end
        else:
            # A ^ after && is a character, not a negation.
            plain.append("\\^" if c == "^" and not plain and not nested else c)
            i += 1
    items = nested + ([_translate_class("[" + "".join(plain) + "]", onig)] if plain else [])
    return items[0] if len(items) == 1 else "(?:" + "|".join(items) + ")"


def _translate_class(text: str, onig: bool) -> str:
    if not onig:
        return text
    if "\\W" in text or "\\H" in text:
        raise ConfigError(
            Message("the Oniguruma class {text!r} (\\W or \\H inside brackets) is not supported",
                    text=text)
        )
    return text.replace("\\w", _ONIG_CLASS_WORD).replace("\\h", "0-9a-fA-F")


@cache
def compile_dialect(pattern: str, dialect: Dialect = "tiktoken", *, trusted: bool = False,
                    what: str = "") -> regex.Pattern[str] | BoundedPattern:
    """Compile ``pattern`` as ``dialect`` reads it, after checking it for absurd sizes.
    Unless ``trusted`` (known to run in linear time), every match is bounded in time
    (``what`` names it in that error: "pre-tokenizer Split")."""
    check_pattern(pattern)
    try:
        compiled = regex.compile(translate(pattern, dialect))
    except (regex.error, IndexError, ValueError, OverflowError) as exc:
        raise ConfigError(Message("pattern does not compile: {exc} in {pattern}", exc=exc,
                                  pattern=_shown(pattern))) from None
    except (RecursionError, MemoryError):
        raise ConfigError(Message("pattern is too complex to compile: {pattern}",
                                  pattern=_shown(pattern))) from None
    return compiled if trusted else BoundedPattern(compiled, pattern, what)


def _shown(pattern: str) -> str:
    return repr(pattern) if len(pattern) <= 80 else repr(pattern[:77]) + "…"


def onig_pattern(pattern: str) -> str:
    """A tiktoken-style pattern rewritten so that Oniguruma (HF) reads it the same way.

    ``X{m,n}+`` is possessive for tiktoken but a repetition for Oniguruma, so it becomes the
    atomic group ``(?>X{m,n})``; ``$`` (end of text) becomes ``\\z``."""
    out: list[str] = []
    group_starts: list[int] = []
    atom_start = 0
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            atom_start = len(out)
            if pattern[i + 1] in "pP" and i + 2 < len(pattern) and pattern[i + 2] == "{":
                end = pattern.index("}", i)
                out.append(pattern[i : end + 1])
                i = end + 1
            else:
                out.append(pattern[i : i + 2])
                i += 2
            continue
        if ch == "[":
            end = _class_end(pattern, i)
            atom_start = len(out)
            out.append(pattern[i:end])
            i = end
            continue
        if ch == "(":
            group_starts.append(len(out))
        elif ch == ")":
            atom_start = group_starts.pop() if group_starts else 0
            out.append(ch)
            i += 1
            continue
        elif ch == "{":
            close = pattern.find("}", i)
            if close > 0 and close + 1 < len(pattern) and pattern[close + 1] == "+":
                atom = "".join(out[atom_start:])
                del out[atom_start:]
                out.append(f"(?>{atom}{pattern[i : close + 1]})")
                i = close + 2
                continue
        elif ch == "$":
            out.append(r"\z")
            i += 1
            continue
        if ch not in "*+?|{":
            atom_start = len(out)
        out.append(ch)
        i += 1
    return "".join(out)


def literal_or_onig(pattern: str, *, is_regex: bool, what: str = ""
                    ) -> regex.Pattern[str] | BoundedPattern:
    """HF's Replace pattern: a literal string (matched in linear time), or an Oniguruma
    regex (bounded)."""
    if is_regex:
        return compile_dialect(pattern, "onig", what=what)
    return compile_dialect(regex.escape(pattern), "onig", trusted=True)
