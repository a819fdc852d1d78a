"""How unequal a tokenizer is across languages: the Gini coefficient of the per-language token
totals on a parallel set, and the Lorenz curve it summarises.

    G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄)

0 when every language needs the same number of tokens for the same content; it grows towards
(n − 1) / n as one language takes all of them. Computed exactly on the integer totals
(Fractions), then given as a float.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

GINI_FORMULA = "G = Σᵢ Σⱼ |xᵢ − xⱼ| / (2 n² x̄), x = per-language token totals"


def gini(totals: Sequence[int]) -> float:
    """The Gini coefficient of ``totals`` (0 for fewer than two values or all zero)."""
    n = len(totals)
    total = sum(totals)
    if n < 2 or total == 0:
        return 0.0
    # Σᵢ Σⱼ |xᵢ − xⱼ| from the sorted values: each xₖ (k from 0) is larger than k values and
    # smaller than n − 1 − k, so it adds xₖ (2k − n + 1) to the double sum's half.
    ordered = sorted(totals)
    half = sum(x * (2 * k - n + 1) for k, x in enumerate(ordered))
    # 2 n² x̄ = 2 n Σx; the double sum is twice ``half``.
    return float(Fraction(2 * half, 2 * n * total))


def lorenz(totals: Sequence[int]) -> tuple[tuple[float, float], ...]:
    """The Lorenz curve: (share of languages, share of tokens) from (0, 0) to (1, 1), the
    languages taken from the fewest tokens to the most."""
    n = len(totals)
    total = sum(totals)
    points = [(0.0, 0.0)]
    running = 0
    for k, x in enumerate(sorted(totals), start=1):
        running += x
        points.append((k / n, running / total if total else k / n))
    return tuple(points)
