"""Every language's dev set followed merge by merge: each language's dev-set token total after
every merge, the figure parity-aware BPE chooses by and the studio plots.

The dev pieces of all languages are kept once each (a piece shared by languages once, with
its count in each), as strings of token ids (``chr(id)``, as the trainer keeps them), with an
index from each token to the pieces it was ever in. A merge of (a, b) looks only at the
pieces both a and b were in (a set intersection), counts the pair in each left to right
without overlap (``str.count``, exactly the tokens the merge removes) and replaces it. Unlike
the training index it keeps no pair counts: nothing is chosen from the dev sets, so only the
pieces that change are touched.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


class DevSets:
    """``totals[ℓ]``: language ℓ's dev set in tokens; :meth:`merge` keeps it exact."""

    def __init__(self, dev_counts: Sequence[dict[str, int]], words_of: dict[str, str]) -> None:
        pieces = list(dict.fromkeys(p for counts in dev_counts for p in counts))
        row = {piece: i for i, piece in enumerate(pieces)}
        self.matrix = np.zeros((len(pieces), len(dev_counts)), dtype=np.int64)
        for language, counts in enumerate(dev_counts):
            self.matrix[[row[p] for p in counts], language] = list(counts.values())
        self.words = [words_of[p] for p in pieces]
        self.holding: dict[str, set[int]] = {}
        for w, word in enumerate(self.words):
            for token in set(word):
                self.holding.setdefault(token, set()).add(w)
        lengths = np.fromiter(map(len, self.words), dtype=np.int64, count=len(self.words))
        self.totals: list[int] = (lengths @ self.matrix).tolist() if pieces else [
            0] * len(dev_counts)

    def merge(self, pair: str, token: str) -> None:
        """Merge ``pair`` into ``token`` in every dev piece, taking from each language's total
        the tokens it removes there."""
        holding = self.holding
        left, right = holding.get(pair[0]), holding.get(pair[1])
        if not left or not right:
            return
        candidates = left & right if left is not right else left
        if not candidates:
            return
        words = self.words
        changed, removed = [], []
        for w in candidates:
            word = words[w]
            found = word.count(pair)
            if found:
                words[w] = word.replace(pair, token)
                changed.append(w)
                removed.append(found)
        if not changed:
            return
        holding.setdefault(token, set()).update(changed)
        taken = np.asarray(removed, dtype=np.int64) @ self.matrix[changed]
        totals = self.totals
        for language, tokens in enumerate(taken.tolist()):
            if tokens:
                totals[language] -= tokens
