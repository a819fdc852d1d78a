"""Numbers in ``tokenizer.json`` read the way Hugging Face's ``tokenizers`` reads them.

``tokenizers`` parses its files with ``serde_json`` without the ``float_roundtrip`` feature,
whose float parsing is not correctly rounded: it gathers up to 19 or 20 significant digits
into a 64-bit integer (dropping the rest, unrounded), converts that to a double and then
multiplies or divides it by a correctly rounded power of ten — two roundings, so the result
can be one unit in the last place away from the decimal written in the file. Python's
``float()`` rounds correctly. For most numbers the two agree; for a Unigram model's scores
they disagree often enough (25,530 of Pegasus's 96,103) that segmentations which tie in
exact arithmetic stop tying in Hugging Face, and a tokenizer reading the scores correctly
picks the other one. So scores are read here as ``serde_json`` reads them.

Written from the algorithm's description (serde-rs/json ``src/de.rs``, the
non-``float_roundtrip`` path); checked against ``tokenizers`` on every score of a real
Unigram file and on generated numbers (tests/test_hf_floats.py).
"""

from __future__ import annotations

import re

_U64 = (1 << 64) - 1
_POWERS = [float(f"1e{i}") for i in range(309)]
_NUMBER = re.compile(r"(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?)([0-9]+))?")
_I32 = (1 << 31) - 1


def _grows(value: int, digit: int, limit: int) -> bool:
    """``value * 10 + digit`` would pass ``limit``."""
    return value >= limit // 10 and (value > limit // 10 or digit > limit % 10)


def json_float(text: str) -> float:
    """:func:`serde_float` of a number ``json.loads`` found (valid JSON, so unchecked here:
    its ``parse_float``, called for each of a vocabulary's 96k-262k scores). Most numbers
    have no exponent and at most 19 digits, which fit serde's 64-bit integer whole: serde
    then divides that integer, as a double, by a power of ten."""
    if len(text) <= 20 and "e" not in text and "E" not in text:
        whole, _, fraction = text.partition(".")
        value = int(whole + fraction) / _POWERS[len(fraction)]  # the int made a double first
        return value if value or text[0] != "-" else -0.0
    return serde_float(text)


def serde_float(text: str) -> float:
    """The double ``serde_json`` (without ``float_roundtrip``) reads from a JSON number."""
    match = _NUMBER.fullmatch(text)
    if match is None:
        raise ValueError(f"not a JSON number: {text!r}")
    negative, whole, fraction, exp_sign, exp_digits = match.groups()
    significand = 0
    exponent = 0
    for char in whole:
        digit = ord(char) - 48
        if _grows(significand, digit, _U64):
            exponent += 1  # digits past 64 bits only count
        else:
            significand = significand * 10 + digit
    if fraction:
        for char in fraction:
            digit = ord(char) - 48
            if exponent > 0 or _grows(significand, digit, _U64):
                break  # this digit and every one after it are dropped
            significand = significand * 10 + digit
            exponent -= 1
    if exp_digits is not None:
        value = 0
        for char in exp_digits:
            digit = ord(char) - 48
            if _grows(value, digit, _I32):
                if significand != 0 and exp_sign != "-":
                    raise ValueError(f"number out of range: {text!r}")
                return -0.0 if negative else 0.0
            value = value * 10 + digit
        exponent = max(-(1 << 31), min(_I32, exponent + (-value if exp_sign == "-" else value)))
    return _from_parts(bool(negative), significand, exponent)


def _from_parts(negative: bool, significand: int, exponent: int) -> float:
    result = float(significand)
    while True:
        if abs(exponent) <= 308:
            result = result * _POWERS[exponent] if exponent >= 0 else (
                result / _POWERS[-exponent])
            if result == float("inf"):
                raise ValueError("number out of range")
            break
        if result == 0.0:
            break
        if exponent >= 0:
            raise ValueError("number out of range")
        result /= 1e308
        exponent += 308
    return -result if negative else result
