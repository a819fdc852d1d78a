"""Every language's dev set in one index, followed merge by merge: each language's dev-set
token total after every merge, the figure parity-aware BPE chooses by and the studio plots.

One index over the dev pieces of all languages (a piece shared by several languages once,
with its count in each) does each merge's work once; an index per language did it once per
language holding the pair, and the calls alone were a third of a classic run's time.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .string_ties import LengthIndex


class DevSets:
    """``totals[ℓ]``: language ℓ's dev set in tokens; :meth:`merge` keeps it exact."""

    def __init__(self, dev_counts: Sequence[dict[str, int]], words_of: dict[str, str],
                 shift: int, base_size: int) -> None:
        pieces = list(dict.fromkeys(p for counts in dev_counts for p in counts))
        row = {piece: i for i, piece in enumerate(pieces)}
        self.matrix = np.zeros((len(pieces), len(dev_counts)), dtype=np.int64)
        for language, counts in enumerate(dev_counts):
            self.matrix[[row[p] for p in counts], language] = list(counts.values())
        words = [words_of[p] for p in pieces]
        self.index = LengthIndex(words, self.matrix.sum(axis=1).tolist(), shift, base_size)
        lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
        self.totals: list[int] = (lengths @ self.matrix).tolist() if pieces else [
            0] * len(dev_counts)

    def merge(self, pair: str, token: str) -> None:
        """Merge ``pair`` into ``token`` in every dev piece, taking from each language's total
        the tokens it removes there (``str.count``: left to right without overlap, as the
        merge itself)."""
        index = self.index
        if not index.pair_counts.get(pair):
            return  # no dev piece holds it (the count is exact)
        holders = index.holders(pair)
        words = index.words
        found = [words[w].count(pair) for w in holders]
        removed = np.asarray(found, dtype=np.int64) @ self.matrix[holders]
        totals = self.totals
        for language, tokens in enumerate(removed.tolist()):
            if tokens:
                totals[language] -= tokens
        index.merge(pair, token)
