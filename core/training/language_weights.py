"""Weighting languages exactly (seed 000 §4): pair counts become C(a,b) = Σ_ℓ w_ℓ C_ℓ(a,b).

Three ways to choose the weights, all giving Fractions, so the counts stay exact:

* a weight per language, given directly;
* target byte proportions p_ℓ: each training line of language ℓ weighs 100000·p_ℓ / B_ℓ, B_ℓ
  its training bytes, so language ℓ holds the share p_ℓ of the weighted bytes (the seed's
  §4.2 experiment);
* temperature sampling, XLM's ``lg_sampling_factor`` α: q_ℓ ∝ (n_ℓ / Σn)^α with n_ℓ = B_ℓ,
  then used as byte proportions. The power is irrational in general, so each q_ℓ is rounded
  to 12 decimals once, and everything after that is exact.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from bpelens.core.messages import Message, joined

from ..errors import TrainingError
from .corpus import parse_weight

SHARE_SCALE = 100_000  # the seed's weight numerator: 100000·p_ℓ / B_ℓ


def normalized_shares(shares: Mapping[str, object], *, where: str = "--byte-shares"
                      ) -> dict[str, Fraction]:
    """Positive shares in any unit (0.8, 80, "4/5") scaled exactly to sum to 1."""
    parsed = {name: parse_weight(value, where=f"{where} {name}") for name, value in shares.items()}
    total = sum(parsed.values())
    return {name: value / total for name, value in parsed.items()}


def weights_for_shares(byte_totals: Mapping[str, int], shares: Mapping[str, Fraction], *,
                       where: str = "--byte-shares") -> dict[str, Fraction]:
    """The per-line weight 100000·p_ℓ / B_ℓ of each language; every language needs a share
    and some training bytes."""
    missing = [name for name in byte_totals if name not in shares]
    extra = [name for name in shares if name not in byte_totals]
    if missing or extra:
        parts = []
        if missing:
            parts.append(Message("no share for {names}", names=", ".join(missing)))
        if extra:
            parts.append(Message("{names} has no training text", names=", ".join(extra)))
        raise TrainingError(Message("{where}: {parts} (give LANG=P for each training language: "
                                    "{byte_totals})", where=where, parts=joined(parts, '; '),
                                    byte_totals=', '.join(byte_totals)))
    weights = {}
    for name, total in byte_totals.items():
        if total == 0:
            raise TrainingError(Message("{where}: {name} has no training bytes to weight",
                                        where=where, name=name))
        weights[name] = Fraction(SHARE_SCALE) * shares[name] / total
    return weights


def temperature_shares(byte_totals: Mapping[str, int], alpha: float) -> dict[str, Fraction]:
    """q_ℓ ∝ (B_ℓ / ΣB)^α, each rounded to 12 decimals, then normalized exactly."""
    if not (isinstance(alpha, int | float) and 0 < alpha <= 10) or isinstance(alpha, bool):
        raise TrainingError(Message("--temperature {alpha!r}: give a number above 0 and at most 10 "
                                    "(1 keeps the data's proportions, 0.3 flattens them as XLM-R)",
                                    alpha=alpha))
    total = sum(byte_totals.values())
    if total == 0:
        raise TrainingError("--temperature: the training text is empty")
    raw = {name: round(Fraction((b / total) ** alpha), 12) if b else Fraction(0)
           for name, b in byte_totals.items()}
    if any(value == 0 for name, value in raw.items() if byte_totals[name]):
        raise TrainingError("--temperature: a language's share rounds to 0; use a smaller α")
    norm = sum(raw.values())
    return {name: value / norm for name, value in raw.items()}


def byte_shares(byte_totals: Mapping[str, int], weights: Mapping[str, Fraction]
                ) -> dict[str, Fraction]:
    """Each language's share of the weighted training bytes, w_ℓ B_ℓ / Σ w B (what the
    weights amount to, shown before training)."""
    weighted = {name: weights.get(name, Fraction(1)) * b for name, b in byte_totals.items()}
    total = sum(weighted.values())
    if total == 0:
        return {name: Fraction(0) for name in byte_totals}
    return {name: value / total for name, value in weighted.items()}


def parse_language_values(specs: Sequence[str], option: str) -> dict[str, str]:
    """``LANG=VALUE`` items, each language once."""
    values: dict[str, str] = {}
    for spec in specs:
        name, sep, value = spec.partition("=")
        if not sep or not name or not value:
            raise TrainingError(Message("{option} {spec!r}: expected LANG=VALUE, e.g. {option} "
                                        "ja=0.2", option=option, spec=spec))
        if name in values:
            raise TrainingError(Message("{option}: {name} is given twice", option=option,
                                        name=name))
        values[name] = value
    return values
